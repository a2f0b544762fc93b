/**
 * What an index is made of (and a snapshot holds): the postings, their distinct title vectors, and
 * the terms of their text; how it is assembled from postings and their vectors, and the
 * text embedded for each posting. `JobIndex` (src/index/job_index.ts) is built from it.
 *
 * @module
 */
import type { Job } from "../domain/job.ts";
import { roleTextOf } from "./role_text.ts";
import type { PositionText } from "./term_dictionary.ts";
import { TextColumn } from "./text_column.ts";
import { repostTextOf } from "./reposts.ts";
import { jobFingerprint } from "../domain/job_fingerprint.ts";
import type { Gazetteer } from "./gazetteer.ts";
import { quantiseRows } from "./title_vectors.ts";

/** Everything a snapshot holds. */
export interface JobIndexData {
  model: string;
  dimensions: number;
  jobs: Job[];
  /**
   * Distinct title vectors, row after row (unit length), as int8 with one scale per row
   * (`vectorScales`; src/index/title_vectors.ts `quantiseRows`): what the search scores and a
   * snapshot holds, a quarter of float32's memory (1.5 GB at 1,000,000 distinct titles), cosines
   * within ±0.01. Postings share titles ("Software Engineer" 209 times in the real data), so there
   * are fewer rows than postings.
   */
  vectors: Int8Array;
  /** Each row's scale (a component is its int8 value × the scale). */
  vectorScales: Float32Array;
  /** Row in `vectors` of each posting. */
  vectorOfDoc: Uint32Array;
  /**
   * A loaded snapshot's postings carry no description (`job_description` is empty: the store has
   * it); these columns keep what the index needs of it. The folded start of each description,
   * which reposts compare (src/index/reposts.ts); computed from the postings when absent.
   */
  repostTexts?: TextColumn;
  /** Each posting's fingerprint (src/domain/job_fingerprint.ts); computed when absent. */
  fingerprints?: TextColumn;
  /**
   * Made at publish so that a server starting cold does not fold every title, company and city
   * again (~35% of a cold start at 100,000 postings, profiled): the places of the postings
   * (`buildGazetteer`, src/index/query_place.ts) and the repost group of each posting
   * (`repostGroups`, src/index/reposts.ts). Computed on first need when absent.
   */
  gazetteer?: Gazetteer;
  repostGroups?: Uint32Array;
  /**
   * The text fields' terms and lengths by position; without them, `JobIndex` builds them with
   * Orama (src/index/position_text.ts).
   */
  text?: PositionText;
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
 * distinct vector once, quantised to int8 as every index holds them.
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
  const { values, scales } = quantiseRows(flat, dimensions);
  return { model, dimensions, jobs, vectors: values, vectorScales: scales, vectorOfDoc };
}

/**
 * The columns kept of the postings' descriptions: as `data` holds them (a loaded snapshot's), or
 * made from its postings (an index built in this process).
 */
export function descriptionColumnsOf(
  data: Pick<JobIndexData, "jobs" | "repostTexts" | "fingerprints">,
): { repostTexts: TextColumn; fingerprints: TextColumn } {
  return {
    repostTexts: data.repostTexts ??
      TextColumn.of(data.jobs.map((job) => repostTextOf(job.job_description))),
    fingerprints: data.fingerprints ?? TextColumn.of(data.jobs.map(jobFingerprint)),
  };
}
