/**
 * What the search index is made of: the request and result shapes, and what is embedded for a
 * posting. The index itself (Orama plus the title vectors) is `JobIndex` in
 * src/index/orama_index.ts; how it scores and cuts is in src/index/ranking.ts.
 *
 * @module
 */
import type { Job } from "../domain/job.ts";
import type { FacetName, FilterContext, FilterValues } from "../domain/filters.ts";
import type { FacetCount } from "../domain/job.ts";
import type { SearchQuery } from "../domain/search_query.ts";
import type { RawData } from "@orama/orama";
import type { AnalyzedQuery } from "./analyze_query.ts";
import type { RankingParams } from "./ranking.ts";
import { roleTextOf } from "./role_text.ts";

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

export type IndexFilters = FilterValues;

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
  /** Where `near` places lie; without it a `near` filter lets nothing through. */
  context?: FilterContext;
  place?: PlaceFilter;
  /** Keep reposts apart (only to measure what collapsing them changes, in bench/). */
  keepReposts?: boolean;
  sort?: SearchQuery["sort"];
  /** Count the whole result set's members by these fields. */
  facets?: FacetName[];
  offset?: number;
  limit?: number;
  /**
   * The cut (`ResultCut` in src/index/ranking.ts), decided on the query alone over every posting:
   * filters and the place only remove postings from the set it makes. Defaults: `DEFAULT_CUT`'s
   * minimum, no relative cut, and a floor equal to the minimum (no rescue).
   */
  minScore?: number;
  relativeCut?: number;
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
  /**
   * Size of the result set: the query's relevant postings (reposts once) that pass the filters and
   * the place, at most 1,000.
   */
  total: number;
  hits: IndexHit[];
  facets?: Record<string, FacetCount[]>;
}

/**
 * The text embedded for a posting: the role its title names (src/index/role_text.ts), lower-cased.
 * Titles alone: adding the start of the description made ranking worse and embedding 5x slower.
 */
export function embeddingTextOf(
  job: Pick<Job, "job_title"> & Partial<Pick<Job, "city" | "company_name">>,
): string {
  return roleTextOf(job);
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
