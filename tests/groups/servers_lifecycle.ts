/**
 * Test files run as one group in one worker (tests/suite_groups_test.ts has the why): jobseek
 * serve processes kept waiting on leases, retention and signals.
 *
 * @module
 */
import "../lifecycle_servers_test.ts";
import "../connection_limits_test.ts";
import "../index_recovery_test.ts";
import "../rebuild_while_serving_test.ts";
