/**
 * Test files run as one group in one worker (tests/suite_groups_test.ts has the why): several
 * jobseek serve processes on one store, floods, and OAuth against a server process. The task
 * names this group first (then `servers_lifecycle`, `search`, `servers_push`): its tests mostly
 * wait on servers, the longest such chain of the suite, and so run beside the CPU-bound groups
 * instead of after them (docs/testing.md, "Fourth pass").
 *
 * @module
 */
import "../sources_servers_test.ts";
import "../connection_flood_test.ts";
import "../oauth_issuer_test.ts";
import "../oauth_abuse_test.ts";
import "../multi_process_test.ts";
import "../search_processes_test.ts";
