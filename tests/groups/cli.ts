/**
 * Test files run as one group in one worker (tests/suite_groups_test.ts has the why): the jobseek
 * client commands against a server in this process; which store and model each command uses,
 * help and completions, the operator commands, and the real process's entry; the CLI's settings
 * (`jobseek configure`, `config`) and the operator commands on an empty or damaged store. These
 * were three groups; as one they load the code, the model and the places once instead of three
 * times (docs/testing.md, "Fourth pass").
 *
 * @module
 */
import "../cli_search_test.ts";
import "../cli_configure_test.ts";
import "../cli_key_exposure_test.ts";
import "../cli_display_test.ts";
import "../profile_interfaces_test.ts";
import "../hostile_text_test.ts";
import "../cli_entry_test.ts";
import "../cli_config_resolution_test.ts";
import "../cli_completions_test.ts";
import "../cli_operator_test.ts";
import "../cli_config_test.ts";
import "../cli_empty_store_test.ts";
import "../cli_index_status_test.ts";
import "../serve_stop_signal_test.ts";
