/**
 * Test files run as one group in one worker (tests/suite_groups_test.ts has the why): searches
 * and deltas over the real postings, and feeds of real files.
 *
 * @module
 */
import "../search_filters_test.ts";
import "../index_delta_test.ts";
import "../sources_test.ts";
import "../search_real_data_test.ts";
