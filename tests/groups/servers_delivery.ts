/**
 * Test files run as one group in one worker (tests/suite_groups_test.ts has the why): kill -9 of
 * jobseek serve processes during and after pushes, and the saved searches' deliveries across
 * restarts and kills. Split from `servers_push` so that their waits on servers run beside it
 * (docs/testing.md, "Ninth pass").
 *
 * @module
 */
import "../push_durability_test.ts";
import "../alerts_test.ts";
