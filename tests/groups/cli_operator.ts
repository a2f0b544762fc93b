/**
 * Test files run as one group in one worker (tests/suite_groups_test.ts has the why): which store
 * and model each command uses, help and completions, the operator commands, and the real process's
 * entry.
 *
 * @module
 */
import "../cli_entry_test.ts";
import "../cli_config_resolution_test.ts";
import "../cli_completions_test.ts";
import "../cli_operator_test.ts";
