/**
 * Test files run as one group in one worker (tests/suite_groups_test.ts has the why): the real
 * postings, imported and searched as properties.
 *
 * @module
 */
import "../filter_property_test.ts";
import "../ingest_real_data_test.ts";
