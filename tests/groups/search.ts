/**
 * Test files run as one group in one worker (tests/suite_groups_test.ts has the why): the search
 * service, its index and snapshots, the model and the server an operator starts.
 *
 * @module
 */
import "../runtime_test.ts";
import "../search_snapshot_test.ts";
import "../snapshot_memory_test.ts";
import "../search_service_test.ts";
import "../search_fixture_relevance_test.ts";
import "../query_spelling_test.ts";
import "../profile_search_test.ts";
import "../added_since_test.ts";
import "../alerts_tiers_test.ts";
import "../alerts_owner_test.ts";
import "../alerts_deliver_words_test.ts";
import "../alerts_confirm_test.ts";
import "../alerts_confirm_cap_test.ts";
import "../saved_search_stored_test.ts";
import "../described_work_test.ts";
import "../inherited_names_test.ts";
import "../lifecycle_test.ts";
import "../index_gap_test.ts";
import "../model_test.ts";
import "../occupation_data_test.ts";
import "../vector_cache_test.ts";
import "../bundled_vectors_test.ts";
import "../docs_filters_test.ts";
import "../architecture_test.ts";
import "../suite_groups_test.ts";
import "../mutation_lines_test.ts";
import "../readme_examples_test.ts";
import "../publish_child_test.ts";
