/**
 * Unit tests run as one group in one worker (tests/suite_groups_test.ts has the why): the
 * embedding models, publishing and the search service's parts (src/model/, src/search/), and the
 * places (src/places/).
 *
 * @module
 */
import "../../src/model/use_lite_embedder_test.ts";
import "../../src/search/profile/derive_profile_test.ts";
import "../../src/index/head_group_test.ts";
import "../../src/search/change_margin_test.ts";
import "../../src/search/publish_delta_test.ts";
import "../../src/search/publish_index_test.ts";
import "../../src/search/snapshot_check_test.ts";
import "../../src/places/geonames_test.ts";
import "../../src/places/near_test.ts";
import "../../src/places/world_places_test.ts";
