/**
 * What the search index is made of and how it ranks: the ranking parameters, the request and
 * result shapes, and what is embedded for a posting. The index itself (Orama plus the title
 * vectors) is `JobIndex` in src/index/orama_index.ts.
 *
 * How the score is made (measured on a judged query set, see docs/search.md):
 * - keyword: the IDF-weighted share of the query's words a posting has, a word counting fully in
 *   the title or tags, at most half in the description alone, and in the company or location
 *   fully if it is a name there ("amazon", "berlin") but a quarter if it is a job word
 *   ("recruiter" in "X Recruitment");
 * - semantic: the cosine between the query and the posting's title, both embedded lower-cased,
 *   mapped linearly from [0.45, 0.9] onto [0, 1] (below 0.45 USE-lite relates anything to
 *   anything: "asdfghjkl" meets "STAFF NURSE" at 0.61 before lower-casing; unrelated job titles
 *   meet at 0.5-0.7);
 * - score = half of each. A posting with none of the query's words thus needs a cosine of at least
 *   0.765 to reach the default minimum of 0.35.
 *
 * @module
 */
import type { Job } from "../domain/job.ts";
import type { SearchQuery } from "../domain/search_query.ts";
import type { RawData } from "@orama/orama";
import type { AnalyzedQuery } from "./analyze_query.ts";

export interface RankingParams {
  /** Share of the semantic score in the final score; the rest is the keyword score. */
  vectorWeight: number;
  /**
   * The share used instead when no posting has all of the query's words (the person named the
   * occupation in other words than the titles use): the keyword side then only knows fragments
   * ("officer" of "personnel officer" in "Security Officer"), the model knows more. Between the
   * two, the share follows the best keyword score. Absent: `vectorWeight` always.
   */
  vectorWeightUnmatched?: number;
  /** Cosine at and below which the semantic score is 0. */
  cosineFloor: number;
  /** Cosine at and above which the semantic score is 1. */
  cosineCeiling: number;
}

export const DEFAULT_RANKING: RankingParams = {
  vectorWeight: 0.5,
  cosineFloor: 0.45,
  cosineCeiling: 0.9,
};

/** The least score a posting needs to be part of a result set. */
export const DEFAULT_MIN_SCORE = 0.35;

/** Everything a snapshot holds. */
export interface JobIndexData {
  model: string;
  dimensions: number;
  jobs: Job[];
  /**
   * Distinct title vectors, row after row (unit length). Postings share titles ("Software
   * Engineer" 209 times in the real data), so there are fewer rows than postings.
   */
  vectors: Float32Array;
  /** Row in `vectors` of each posting. */
  vectorOfDoc: Uint32Array;
  /**
   * Orama's index of `jobs` as its `save()` gives it; without it, `JobIndex` builds one with
   * `insertMultiple` (seconds for 20,000 postings, where loading a saved one takes 0.4 s).
   */
  orama?: RawData;
}

/** How postings are scored; anything but `hybrid` exists to measure the parts (bench/). */
export type ScoreMode = "hybrid" | "keyword" | "vector";

export type IndexFilters = Pick<SearchQuery, "city" | "country" | "since" | "until" | "source">;

/** A place found in the query text (src/index/query_place.ts), applied beside the filters. */
export interface PlaceFilter {
  /** Folded city name: every spelling of the city matches. */
  cityKey?: string;
  country?: string;
  remote?: boolean;
}

export interface IndexSearch {
  query: AnalyzedQuery;
  /** The query's embedding; unused in `keyword` mode. */
  vector?: Float32Array;
  filters?: IndexFilters;
  place?: PlaceFilter;
  /** Keep reposts apart (only to measure what collapsing them changes, in bench/). */
  keepReposts?: boolean;
  sort?: SearchQuery["sort"];
  offset?: number;
  limit?: number;
  /** The score a posting needs to be in the result set, when the best match reaches it. */
  minScore?: number;
  /**
   * The result set keeps only postings scoring at least this share of the best match's score, so
   * a query with strong matches drops the marginal ones that a date order would show first.
   * Default 0: no relative cut.
   */
  relativeCut?: number;
  /**
   * When even the best match scores below `minScore`, the set keeps the best matches (within
   * `relativeCut` of the best) if the best scores at least this: a person who named an occupation
   * in words the titles do not use still gets its nearest postings rather than nothing.
   * Unrelated queries score below it. Not applied under filters or a place (a weak best match
   * there means "none here"). Default: `minScore` (no rescue).
   */
  weakFloor?: number;
  mode?: ScoreMode;
  ranking?: RankingParams;
}

export interface IndexHit {
  job: Job;
  /** Rounded to 4 decimals, the value clients see and the order uses. */
  score: number;
  /** URLs of the reposts of the same job that this hit stands for in the result set. */
  alsoPostedAt?: string[];
}

export interface IndexResult {
  /** Size of the result set: postings passing the filters with score >= minScore, at most 1,000. */
  total: number;
  hits: IndexHit[];
}

const GENDER_MARKERS =
  /\(\s*(?:[mwfdxyi*]\s*[\/|,]\s*){1,3}[mwfdxyi*]\s*\)|\((?:all|alle) (?:genders?|geschlechter|identitäten|people)\)|\(gn\)|\b[mwfd]\/[mwfd]\/[mwfdx]\b/gi;

/**
 * The text embedded for a posting: its title, lower-cased (USE-lite's vocabulary splits ALL-CAPS
 * titles into junk pieces), without German gender markers ("(m/w/d)"), which carry no meaning.
 * Titles alone: adding the start of the description made ranking worse and embedding 5x slower.
 */
export function embeddingTextOf(job: Pick<Job, "job_title">): string {
  return job.job_title.replace(GENDER_MARKERS, " ").replace(/\s+/g, " ").trim().toLowerCase();
}

/**
 * Assembles index data from postings and one vector per posting (in the same order), keeping each
 * distinct vector once.
 */
export function assembleIndexData(
  options: {
    model: string;
    dimensions: number;
    jobs: Job[];
    vectors: Float32Array[];
  },
): JobIndexData {
  const { model, dimensions, jobs, vectors } = options;
  const rowOf = new Map<Float32Array, number>();
  const vectorOfDoc = new Uint32Array(jobs.length);
  vectors.forEach((vector, i) => {
    let row = rowOf.get(vector);
    if (row === undefined) {
      row = rowOf.size;
      rowOf.set(vector, row);
    }
    vectorOfDoc[i] = row;
  });
  const flat = new Float32Array(rowOf.size * dimensions);
  for (const [vector, row] of rowOf) flat.set(vector, row * dimensions);
  return { model, dimensions, jobs, vectors: flat, vectorOfDoc };
}
