/**
 * Test files run as one group in one worker (tests/suite_groups_test.ts has the why): the CLI's
 * settings (`jobseek configure`, `config`) and the operator commands on an empty or damaged store.
 *
 * @module
 */
import "../cli_config_test.ts";
import "../cli_empty_store_test.ts";
import "../cli_index_status_test.ts";
