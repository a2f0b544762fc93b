/**
 * Test files run as one group in one worker (tests/suite_groups_test.ts has the why): several
 * jobseek serve processes on one store, floods, and OAuth against a server process. The test of
 * three servers judges "within 2 s": it runs last, when fewer groups run beside it.
 *
 * @module
 */
import "../sources_servers_test.ts";
import "../connection_flood_test.ts";
import "../oauth_issuer_test.ts";
import "../oauth_abuse_test.ts";
import "../multi_process_test.ts";
