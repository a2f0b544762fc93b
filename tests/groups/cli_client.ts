/**
 * Test files run as one group in one worker (tests/suite_groups_test.ts has the why): the jobseek
 * client commands against a server in this process.
 *
 * @module
 */
import "../cli_search_test.ts";
import "../cli_configure_test.ts";
import "../cli_key_exposure_test.ts";
import "../cli_display_test.ts";
import "../profile_interfaces_test.ts";
import "../hostile_text_test.ts";
