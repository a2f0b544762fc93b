/**
 * Test files run as one group in one worker (tests/suite_groups_test.ts has the why): floods of
 * connections and OAuth requests against jobseek serve processes, descriptor limits, and OAuth
 * with an external issuer. Split from `servers_shared` so that their waits on servers run beside
 * it (docs/testing.md, "Ninth pass").
 *
 * @module
 */
import "../connection_flood_test.ts";
import "../oauth_issuer_test.ts";
import "../oauth_abuse_test.ts";
