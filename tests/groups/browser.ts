/**
 * Test files run as one group in one worker (tests/suite_groups_test.ts has the why): the web page
 * in a real Chromium against jobseek serve (run in this worker), and the web routes in-process.
 *
 * @module
 */
import "../web_browser_test.ts";
import "../web_routes_test.ts";
import "../web_saved_test.ts";
import "../web_person_test.ts";
import "../web_errors_test.ts";
import "../web_console_test.ts";
