/**
 * Test files run as one group in one worker (tests/suite_groups_test.ts has the why): pushes to
 * jobseek serve processes, and kill -9 during them.
 *
 * @module
 */
import "../push_postings_test.ts";
import "../delta_crash_test.ts";
import "../push_durability_test.ts";
import "../alerts_test.ts";
