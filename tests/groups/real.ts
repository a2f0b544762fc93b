/**
 * Test files run as one group in one worker (tests/suite_groups_test.ts has the why): the real
 * postings imported, searched and filtered (two files share one index of them,
 * tests/real_index.ts), deltas over them, and feeds of real files.
 *
 * @module
 */
import "../filter_property_test.ts";
import "../search_filters_test.ts";
import "../close_matches_test.ts";
import "../query_employment_test.ts";
import "../occupations_test.ts";
import "../ingest_real_data_test.ts";
import "../index_delta_test.ts";
import "../compaction_test.ts";
import "../sources_test.ts";
import "../search_real_data_test.ts";
import "../several_places_test.ts";
import "../it_field_test.ts";
import "../job_names_abroad_test.ts";
import "../search_language_test.ts";
import "../search_visa_test.ts";
import "../search_exclusion_test.ts";
import "../search_work_said_test.ts";
import "../search_agent_words_test.ts";
import "../search_alternatives_test.ts";
import "../search_pay_test.ts";
import "../source_pulls_test.ts";
import "../kept_files_test.ts";
