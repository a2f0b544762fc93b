/**
 * What a search of the index is asked and what it answers: the request (the analysed query, its
 * vector, filters, place, cut, order, page) and the hits. `JobIndex` (src/index/job_index.ts)
 * answers it; how it scores and cuts is set in src/index/ranking.ts.
 *
 * @module
 */
import type { FacetName } from "../domain/facets.ts";
import type { FilterContext, FilterValues } from "../domain/filters.ts";
import type { GeoPoint } from "../domain/geo.ts";
import type { Area } from "../places/areas.ts";
import type { FacetCount, Job, MatchTier } from "../domain/job.ts";
import type { SearchQuery } from "../domain/search_query.ts";
import type { AnalyzedQuery } from "./analyze_query.ts";
import type { RankingParams } from "./ranking.ts";

/** How postings are scored; anything but `hybrid` exists to measure the parts (bench/). */
export type ScoreMode = "hybrid" | "keyword" | "vector";

/** A place found in the query text (src/index/query_place.ts), applied beside the filters. */
export interface PlaceFilter {
  /** Folded city name: every spelling of the city matches. */
  cityKey?: string;
  country?: string;
  remote?: boolean;
  /**
   * "jobs in Texas": the postings of `country` whose city lies in this region (GeoNames' admin1 of
   * the city's place there).
   */
  region?: PlaceRegion;
  /**
   * "near Manchester": the postings within a radius of the place, as the `near` filter keeps them
   * (Salford is Manchester's neighbour, not Manchester), instead of the city's own postings.
   */
  around?: PlaceAround;
  /** "remote jobs in Europe", "developer DACH": the postings of these countries (src/places/areas.ts). */
  area?: Area;
  /**
   * "nurse in Berlin or Munich", "remote or London": the postings at any of these places (each
   * read as one place is), and at what the fields above ask besides ("remote jobs in Leeds or
   * York": `remote` here, the cities there).
   */
  anyOf?: PlaceFilter[];
}

/** A region of a country the query named ("Texas", "Bavaria", "Ontario"). */
export interface PlaceRegion {
  /** GeoNames' admin1 code within the place's `country`. */
  admin1: string;
  /** Its English name. */
  name: string;
}

/** A point and a radius the query named: "near Manchester" (the `near` filter's default radius). */
export interface PlaceAround extends GeoPoint {
  radiusKm: number;
  /** The place as GeoNames names it, with its country ("Manchester, GB"). */
  label: string;
  /** GeoNames' name of the place ("Manchester") and its country ("GB"). */
  city: string;
  country: string;
}

/** Whether a place found in the query keeps only some postings (it may name none of these). */
export function placeNarrows(place: PlaceFilter | null | undefined): place is PlaceFilter {
  return place !== null && place !== undefined &&
    (place.cityKey !== undefined || place.country !== undefined || place.remote === true ||
      place.around !== undefined || place.area !== undefined ||
      (place.anyOf !== undefined && place.anyOf.length > 0));
}

/**
 * What the index offers `labelVectorsIfUsed` to judge an occupation found by meaning with: the
 * mean cosine of a vector with the titles nearest the query's own vector
 * (`AGREEMENT_TITLES` of them, src/index/job_index.ts), by what the query's words found.
 */
export type LabelAgreement = (vector: Float32Array) => number;

/**
 * The size `total` would have with `filters`, `place` and `company` (the query's own, as
 * `namedCompany`) instead of the search's own, the query scored as it is (`IndexSearch.ifEmpty`).
 */
export type TotalWith = (
  filters: FilterValues | undefined,
  place: PlaceFilter | undefined,
  company?: readonly string[],
) => number;

/** One piece of work a query names, with its vectors: the query's own, or an alternative. */
export type WorkSearch = Pick<
  IndexSearch,
  "query" | "vector" | "workVector" | "labelVectors" | "labelVectorsIfUsed"
>;

export interface IndexSearch {
  query: AnalyzedQuery;
  /** The query's embedding; unused in `keyword` mode. */
  vector?: Float32Array;
  /**
   * Embeddings of the occupation the query names, in the taxonomy's own words
   * (src/index/occupation_labels.ts). Where no posting has all the query's words (the postings
   * name the job otherwise), a title's cosine is the best of the query's and these; where some
   * posting does, they are not used. They never lower a title's cosine.
   */
  labelVectors?: Float32Array[];
  /**
   * The embedding of the work alone, where the query says when, how long or from where it is done
   * beside it (`AnalyzedQuery.workText`: "driving a van part time" → "driving a van"): used instead
   * of `vector` where no posting has all the query's words (then the qualifier names no title of
   * the work), as the labels are.
   */
  workVector?: Float32Array;
  /**
   * Each alternative the work is named as (`AnalyzedQuery.alternatives`: "nurse or midwife" →
   * "nurse", "midwife"), with its own vectors: each is scored and cut as if asked alone, and the
   * query lists what each would (src/index/job_index.ts). Searched as one text, the alternatives
   * met the titles naming both.
   */
  alternatives?: WorkSearch[];
  /**
   * Where the words are read alone and none at the place is what they ask (every posting there a
   * close match: src/search/query_reading.ts `noneThere`): those nearest the words by meaning
   * first ("weekend jobs in Leeds for a student": a children's presenter before a project
   * manager), where they had been in date order alone.
   */
  nearestFirst?: true;
  /**
   * Where `labelVectors` is absent: asked for them only where they would be used (no posting has
   * all the query's words), so that a query the titles name pays nothing for finding them
   * (the occupations nearest by meaning, src/index/occupation_labels.ts `nearest`); given how far
   * a vector agrees with the titles the query's own vector found nearest.
   */
  labelVectorsIfUsed?: (agreement: LabelAgreement) => Float32Array[] | undefined;
  filters?: FilterValues;
  /**
   * Called, only where the result set is empty, with what the set's size (`total`) would be under
   * other filters and place, the query scored as it is: counted from this search's scores, with no
   * search of its own (what emptied a set, src/search/search_hint.ts). Valid during the call only.
   */
  ifEmpty?: (totalWith: TotalWith) => void;
  /** Where `near` places lie; without it a `near` filter lets nothing through. */
  context?: FilterContext;
  place?: PlaceFilter;
  /**
   * The company names the query's words named ("jobs at Amazon", src/index/query_company.ts):
   * part of what the query asks, as its place is, and applied as it is (only its postings; a
   * `company` filter narrows further). Words that name no job then list its postings, and its
   * strong matches are cut against its best.
   */
  namedCompany?: readonly string[];
  /**
   * A place the query says is not wanted ("developer jobs not in Berlin"): its postings are left
   * out, as another company's are where the query names one (src/search/query_reading.ts).
   */
  notAt?: PlaceFilter;
  /**
   * Good pay asked for without a figure ("well paid remote jobs", src/index/query_pay.ts): in
   * relevance order the strong matches that state pay come first, the best paid first (by
   * `roughYearlyUsd`, src/domain/salary.ts). Nothing is left out.
   */
  bestPaidFirst?: boolean;
  /** Keep reposts apart (only to measure what collapsing them changes, in bench/). */
  keepReposts?: boolean;
  sort?: SearchQuery["sort"];
  /** Count the whole result set's members by these fields. */
  facets?: FacetName[];
  offset?: number;
  limit?: number;
  /**
   * The cut (`ResultCut` in src/index/ranking.ts), decided on the query alone over every posting:
   * filters and the place only remove postings from the set it makes (the place, part of the
   * query, may cut the strong tier against its own best: src/index/result_cut.ts `cutByScore`).
   * Defaults: `DEFAULT_CUT`'s minimum, no relative cut, and a floor equal to the minimum (no
   * rescue).
   */
  minScore?: number;
  relativeCut?: number;
  /** `ResultCut.weakRelativeCut`: the relative cut where the best match misses the minimum. */
  weakRelativeCut?: number;
  /** `ResultCut.rescueStrong`: whether the rescue's matches are strong (absent: they are). */
  rescueStrong?: boolean;
  /** `ResultCut.minScoreUnmatched`: the minimum where no posting holds a word of the query. */
  minScoreUnmatched?: number;
  weakFloor?: number;
  /**
   * The close matches' floor (`ResultCut.closeFloor`): postings under the cut that score at least
   * this form the close tier. Absent: no close tier (the result is the strong set alone).
   */
  closeFloor?: number;
  mode?: ScoreMode;
  ranking?: RankingParams;
  /**
   * Compute every title's exact cosine even where an index screens its rows
   * (src/index/title_vectors.ts): only to measure what the screen could miss, in bench/.
   */
  exactVectors?: boolean;
}

export interface IndexHit {
  job: Job;
  /** Rounded to 4 decimals, the value clients see and the order uses. */
  score: number;
  /** URLs of the reposts of the same job that this hit stands for in the result set. */
  alsoPostedAt?: string[];
  /** Which tier the posting is in: a strong match (the result set) or a close one below it. */
  match: MatchTier;
}

export type { MatchTier };

export interface IndexResult {
  /**
   * Size of the result set: the query's relevant postings (reposts once) that pass the filters and
   * the place, at most 1,000.
   */
  total: number;
  /** Close matches (under the cut, above the close floor) that pass the filters, at most 1,000. */
  closeTotal: number;
  /**
   * The page: of the strong set in date order; in relevance order, of the strong matches then the
   * close ones.
   */
  hits: IndexHit[];
  /**
   * In date order, when no strong match passes the filters: the page of the close matches, best
   * first (the page `hits` would be in relevance order). Absent otherwise.
   */
  closest?: IndexHit[];
  /**
   * The close matches are the nearest postings at the place the query names, none there reaching
   * the close floor (src/index/job_index.ts `NEAREST_THERE`). Absent otherwise.
   */
  nearestThere?: true;
  /**
   * A level said beside the work ("apprentice electrician") that none of the work's strong matches
   * is of: those of no level it rules out are the strong matches instead. Absent otherwise.
   */
  noneAtLevel?: true;
  /**
   * How the work is done said beside it ("data analyst hybrid") that none of the work's strong
   * matches (of the level said, where one is) is done: they stay the strong matches. Absent
   * otherwise.
   */
  noneInMode?: true;
  /**
   * A language said beside the work ("german speaking customer support") that none of the work's
   * strong matches needs as asked: they stay the strong matches. Absent otherwise.
   */
  noneInLanguage?: true;
  /**
   * A sponsored visa asked for beside the work ("software engineer visa sponsorship") that none of
   * the work's strong matches says it sponsors: they stay the strong matches. Absent otherwise.
   */
  noneSponsored?: true;
  /** With `bestPaidFirst`: no strong match listed (after the filters and the cap) states pay. */
  noPayStated?: true;
  facets?: Record<string, FacetCount[]>;
}
