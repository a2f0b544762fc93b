/**
 * The in-memory search index: the postings, their keyword index and their title vectors, and the
 * hybrid ranking that turns both into one score in [0, 1]. Pure computation, no I/O: snapshots
 * (src/index/snapshot.ts) carry it to and from KV.
 *
 * How the score is made (measured on a judged query set, see docs/search.md):
 * - keyword: the IDF-weighted share of the query's words a posting has, a word counting fully in
 *   the title (or tags, company, location) and at most half in the description alone;
 * - semantic: the cosine between the query and the posting's title, both embedded lower-cased,
 *   mapped linearly from [0.45, 0.85] onto [0, 1] (below 0.45 USE-lite relates anything to
 *   anything: "asdfghjkl" meets "STAFF NURSE" at 0.61 before lower-casing);
 * - score = half of each. A posting with none of the query's words thus needs a cosine of at least
 *   0.73 to reach the default minimum of 0.35.
 *
 * @module
 */
import type { Job } from "../domain/job.ts";
import { RESULT_SET_MAX, type SearchQuery } from "../domain/search_query.ts";
import type { AnalyzedQuery } from "./analyze_query.ts";
import { TextIndex, type TextIndexData } from "./text_index.ts";

export interface RankingParams {
  /** Share of the semantic score in the final score; the rest is the keyword score. */
  vectorWeight: number;
  /** Cosine at and below which the semantic score is 0. */
  cosineFloor: number;
  /** Cosine at and above which the semantic score is 1. */
  cosineCeiling: number;
}

export const DEFAULT_RANKING: RankingParams = {
  vectorWeight: 0.5,
  cosineFloor: 0.45,
  cosineCeiling: 0.85,
};

/** The least score a posting needs to be part of a result set. */
export const DEFAULT_MIN_SCORE = 0.35;

/** Everything a snapshot holds. */
export interface JobIndexData {
  model: string;
  dimensions: number;
  jobs: Job[];
  text: TextIndexData;
  /**
   * Distinct title vectors, row after row (unit length). Postings share titles ("Software
   * Engineer" 209 times in the real data), so there are fewer rows than postings.
   */
  vectors: Float32Array;
  /** Row in `vectors` of each posting. */
  vectorOfDoc: Uint32Array;
}

/** How postings are scored; anything but `hybrid` exists to measure the parts (bench/). */
export type ScoreMode = "hybrid" | "keyword" | "vector";

export type IndexFilters = Pick<SearchQuery, "city" | "country" | "since" | "until" | "source">;

export interface IndexSearch {
  query: AnalyzedQuery;
  /** The query's embedding; unused in `keyword` mode. */
  vector?: Float32Array;
  filters?: IndexFilters;
  sort?: SearchQuery["sort"];
  offset?: number;
  limit?: number;
  minScore?: number;
  mode?: ScoreMode;
  ranking?: RankingParams;
}

export interface IndexHit {
  job: Job;
  /** Rounded to 4 decimals, the value clients see and the order uses. */
  score: number;
}

export interface IndexResult {
  /** Size of the result set: postings passing the filters with score >= minScore, at most 1,000. */
  total: number;
  hits: IndexHit[];
}

/** Scores are rounded to 4 decimals and handled as integers 0..10,000. */
const SCORE_STEPS = 10_000;

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

function byDateThenScore(a: IndexHit, b: IndexHit): number {
  if (a.job.publish_time !== b.job.publish_time) {
    return a.job.publish_time < b.job.publish_time ? 1 : -1;
  }
  return b.score - a.score || (a.job.id < b.job.id ? -1 : a.job.id > b.job.id ? 1 : 0);
}

function byScoreThenDate(a: IndexHit, b: IndexHit): number {
  if (a.score !== b.score) return b.score - a.score;
  if (a.job.publish_time !== b.job.publish_time) {
    return a.job.publish_time < b.job.publish_time ? 1 : -1;
  }
  return a.job.id < b.job.id ? -1 : a.job.id > b.job.id ? 1 : 0;
}

/** A loaded index. Searching is synchronous, so scratch buffers are shared between calls. */
export class JobIndex {
  readonly data: JobIndexData;
  readonly text: TextIndex;
  readonly #keyword: Float32Array;
  readonly #scratch: Float32Array;
  readonly #cosines: Float32Array;
  readonly #candidates: Uint32Array;
  readonly #candidateScores: Uint16Array;
  readonly #histogram = new Uint32Array(SCORE_STEPS + 1);

  constructor(data: JobIndexData) {
    if (data.vectorOfDoc.length !== data.jobs.length) {
      throw new RangeError("Cannot build index: one vector row per posting is required");
    }
    this.data = data;
    this.text = new TextIndex(data.text);
    this.#keyword = new Float32Array(data.jobs.length);
    this.#scratch = new Float32Array(data.jobs.length);
    this.#cosines = new Float32Array(data.vectors.length / data.dimensions);
    this.#candidates = new Uint32Array(data.jobs.length);
    this.#candidateScores = new Uint16Array(data.jobs.length);
  }

  get size(): number {
    return this.data.jobs.length;
  }

  /** Keyword scores of every posting: the best over the query's term variants. */
  #scoreKeywords(query: AnalyzedQuery): Float32Array {
    const keyword = this.#keyword;
    keyword.fill(0);
    for (const terms of query.termVariants) {
      this.text.score(terms, this.#scratch);
      for (let i = 0; i < keyword.length; i++) {
        if (this.#scratch[i] > keyword[i]) keyword[i] = this.#scratch[i];
      }
    }
    return keyword;
  }

  /** Cosine of the query with every distinct title vector (all unit length: a dot product). */
  #scoreVectors(vector: Float32Array): Float32Array {
    const { vectors, dimensions } = this.data;
    if (vector.length !== dimensions) {
      throw new RangeError(
        `Cannot search: query vector has ${vector.length} dimensions, index ${dimensions}`,
      );
    }
    const cosines = this.#cosines;
    // Four running sums: 1.4x faster than one in V8 (measured, docs/search.md).
    const unrolled = dimensions - (dimensions % 4);
    for (let row = 0, base = 0; row < cosines.length; row++, base += dimensions) {
      let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
      for (let k = 0; k < unrolled; k += 4) {
        s0 += vectors[base + k] * vector[k];
        s1 += vectors[base + k + 1] * vector[k + 1];
        s2 += vectors[base + k + 2] * vector[k + 2];
        s3 += vectors[base + k + 3] * vector[k + 3];
      }
      for (let k = unrolled; k < dimensions; k++) s0 += vectors[base + k] * vector[k];
      cosines[row] = s0 + s1 + s2 + s3;
    }
    return cosines;
  }

  /**
   * The result set: the best 1,000 of the `count` candidates by score (ties: newer first), found
   * with a histogram of the integer scores so that a broad query does not sort 20,000 postings.
   */
  #bestByScore(count: number): IndexHit[] {
    const { jobs } = this.data;
    const candidates = this.#candidates;
    const scores = this.#candidateScores;
    const hit = (k: number): IndexHit => ({
      job: jobs[candidates[k]],
      score: scores[k] / SCORE_STEPS,
    });
    const set: IndexHit[] = [];
    if (count <= RESULT_SET_MAX) {
      for (let k = 0; k < count; k++) set.push(hit(k));
      return set;
    }
    const histogram = this.#histogram;
    histogram.fill(0);
    for (let k = 0; k < count; k++) histogram[scores[k]]++;
    // Lower the bar from the top until the next score step would overfill the set.
    let bar = SCORE_STEPS;
    let above = 0;
    while (above + histogram[bar] < RESULT_SET_MAX) above += histogram[bar--];
    const tied: IndexHit[] = [];
    for (let k = 0; k < count; k++) {
      if (scores[k] > bar) set.push(hit(k));
      else if (scores[k] === bar) tied.push(hit(k));
    }
    tied.sort(byScoreThenDate);
    for (let k = 0; set.length < RESULT_SET_MAX; k++) set.push(tied[k]);
    return set;
  }

  search(request: IndexSearch): IndexResult {
    const mode = request.mode ?? "hybrid";
    const ranking = request.ranking ?? DEFAULT_RANKING;
    const minScore = request.minScore ?? DEFAULT_MIN_SCORE;
    const { jobs, vectorOfDoc } = this.data;
    const keyword = mode === "vector" ? null : this.#scoreKeywords(request.query);
    let cosines: Float32Array | null = null;
    if (mode !== "keyword") {
      if (!request.vector) throw new RangeError("Cannot search: a query vector is required");
      cosines = this.#scoreVectors(request.vector);
    }
    const { city, country, since, until, source } = request.filters ?? {};
    const { vectorWeight, cosineFloor, cosineCeiling } = ranking;
    const span = cosineCeiling - cosineFloor;

    const candidates = this.#candidates;
    const candidateScores = this.#candidateScores;
    const least = Math.max(0, Math.ceil(minScore * SCORE_STEPS - 1e-6));
    let count = 0;
    for (let i = 0; i < jobs.length; i++) {
      const job = jobs[i];
      if (city !== undefined && job.city !== city) continue;
      if (country !== undefined && job.country !== country) continue;
      if (source !== undefined && job.data_source !== source) continue;
      if (since !== undefined && job.publish_time < since) continue;
      if (until !== undefined && job.publish_time >= until) continue;
      let score: number;
      if (mode === "keyword") score = keyword![i];
      else {
        const cosine = cosines![vectorOfDoc[i]];
        if (mode === "vector") score = Math.max(0, cosine);
        else {
          const semantic = Math.min(1, Math.max(0, (cosine - cosineFloor) / span));
          score = vectorWeight * semantic + (1 - vectorWeight) * keyword![i];
        }
      }
      const steps = Math.round(Math.min(1, score) * SCORE_STEPS);
      if (steps >= least) {
        candidates[count] = i;
        candidateScores[count] = steps;
        count++;
      }
    }
    const set = this.#bestByScore(count);
    if ((request.sort ?? "date") === "date") set.sort(byDateThenScore);
    else set.sort(byScoreThenDate);
    const offset = request.offset ?? 0;
    const limit = request.limit ?? set.length;
    return { total: set.length, hits: set.slice(offset, offset + limit) };
  }
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
    text: TextIndexData;
    vectors: Float32Array[];
  },
): JobIndexData {
  const { model, dimensions, jobs, text, vectors } = options;
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
  return { model, dimensions, jobs, text, vectors: flat, vectorOfDoc };
}
