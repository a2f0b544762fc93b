/**
 * Unit tests run as one group in one worker (tests/suite_groups_test.ts has the why): the index
 * (src/index/), its kernels, snapshots and deltas.
 *
 * @module
 */
import "../../src/index/analyze_query_test.ts";
import "../../src/index/dot_kernel_test.ts";
import "../../src/index/gazetteer_test.ts";
import "../../src/index/job_index_test.ts";
import "../../src/index/occupation_labels_test.ts";
import "../../src/index/keyword_scorer_test.ts";
import "../../src/index/orama_internals_test.ts";
import "../../src/index/position_text_pool_test.ts";
import "../../src/index/position_text_test.ts";
import "../../src/index/query_employment_test.ts";
import "../../src/index/query_language_test.ts";
import "../../src/index/query_sponsorship_test.ts";
import "../../src/index/query_seniority_test.ts";
import "../../src/index/query_posted_test.ts";
import "../../src/index/query_phrasing_test.ts";
import "../../src/index/query_company_test.ts";
import "../../src/index/posting_places_test.ts";
import "../../src/index/query_place_test.ts";
import "../../src/index/query_salary_test.ts";
import "../../src/index/query_spelling_test.ts";
import "../../src/index/ranking_test.ts";
import "../../src/index/result_cut_test.ts";
import "../../src/index/role_text_test.ts";
import "../../src/index/stated_type_test.ts";
import "../../src/index/title_abbreviations_test.ts";
import "../../src/index/score_mix_test.ts";
import "../../src/index/screened_search_test.ts";
import "../../src/index/reposts_test.ts";
import "../../src/index/snapshot_test.ts";
import "../../src/index/title_vectors_test.ts";
import "../../src/index/tokenize_test.ts";
import "../../src/index/zstd_section_test.ts";
import "../../src/index/without_name_test.ts";
