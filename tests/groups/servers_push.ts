/**
 * Test files run as one group in one worker (tests/suite_groups_test.ts has the why): pushes to
 * jobseek serve processes, and kill -9 during a delta publish. The kills during a push and the
 * saved searches' deliveries are `servers_delivery`: together the four files waited on their
 * servers for 60-75 s, longer than the whole suite's goal (docs/testing.md, "Ninth pass").
 *
 * @module
 */
import "../push_postings_test.ts";
import "../delta_crash_test.ts";
