/**
 * Unit tests run as one group in one worker (tests/suite_groups_test.ts has the why): the store,
 * the importer, auth, the domain and the CLI's parts (src/store/, src/ingest/, src/auth/,
 * src/domain/, src/*.ts, cli/), and the fixtures' generator.
 *
 * @module
 */
import "../../cli/commands/keys_test.ts";
import "../../cli/progress_test.ts";
import "../../cli/resolve_config_test.ts";
import "../../cli/table_test.ts";
import "../../fixtures/data_files_test.ts";
import "../../fixtures/generate_test.ts";
import "../../src/auth/api_key_scopes_test.ts";
import "../../src/auth/api_keys_test.ts";
import "../../src/auth/oauth_grants_test.ts";
import "../../src/auth/rate_limiter_test.ts";
import "../../src/config_test.ts";
import "../../src/crypto_test.ts";
import "../../src/domain/clean_text_test.ts";
import "../../src/domain/hint_words_test.ts";
import "../../src/domain/search_query_test.ts";
import "../doc_examples_test.ts";
import "../../src/ingest/country_fill_test.ts";
import "../../src/ingest/import_clean_test.ts";
import "../../src/ingest/import_files_test.ts";
import "../../src/ingest/import_row_test.ts";
import "../../src/ingest/job_tags_test.ts";
import "../../src/ingest/jobspy_csv_test.ts";
import "../../src/ingest/jsonl_test.ts";
import "../../src/ingest/literal_prefilter_test.ts";
import "../../src/ingest/location_test.ts";
import "../../src/ingest/posting_languages_test.ts";
import "../../src/ingest/visa_sponsorship_test.ts";
import "../../src/ingest/stated_pay_test.ts";
import "../../src/ingest/work_mode_test.ts";
import "../../src/store/kv_file_test.ts";
import "../../src/store/kv_test.ts";
import "../../src/store/lifecycle_test.ts";
import "../../src/store/postings_batches_test.ts";
import "../../src/store/posting_value_test.ts";
import "../../src/store/postings_store_test.ts";
import "../../src/store/publish_lease_test.ts";
import "../../src/store/snapshot_store_test.ts";
import "../../src/store/sources_store_test.ts";
import "../../src/store/split_commit_test.ts";
import "../../src/store/store_test.ts";
import "../field_caps_test.ts";
import "../lifecycle_settings_test.ts";
import "../small_items_test.ts";
import "../../src/alerts/webhook_address_test.ts";
import "../../src/alerts/alert_deliverer_test.ts";
import "../../src/alerts/atom_feed_test.ts";
import "../../src/alerts/email_digest_test.ts";
import "../../src/alerts/post_pinned_test.ts";
import "../../src/store/saved_search_store_test.ts";
