/**
 * What a full publish builds from each slice of postings it reads, on this thread or on a worker
 * thread (src/index/position_text_pool.ts): the terms of their text, the folded start of each
 * description that reposts compare and each posting's fingerprint. All three read the whole
 * posting (the fingerprint hashes its every field, the description included), which only the
 * slice in hand still holds; together they were most of the reading thread's CPU at 200,000
 * postings (docs/scaling.md, session 19), so a publish on threads does them there.
 *
 * @module
 */
import type { Job } from "../domain/job.ts";
import { jobFingerprint } from "../domain/job_fingerprint.ts";
import { buildPositionText } from "./position_text.ts";
import { repostTextOf } from "./reposts.ts";
import type { PositionText } from "./term_dictionary.ts";
import { TextColumn } from "./text_column.ts";

/** A slice's texts as sent between threads: UTF-8 one after another, where each ends. */
export interface EncodedTexts {
  bytes: Uint8Array;
  ends: Uint32Array;
}

/** What {@linkcode buildSlice} makes of a slice of postings. */
export interface BuiltSlice {
  text: PositionText;
  repostTexts: EncodedTexts;
  fingerprints: EncodedTexts;
}

/** The terms, repost texts and fingerprints of a slice of postings, by position in it. */
export function buildSlice(jobs: readonly Job[]): BuiltSlice {
  return {
    text: buildPositionText(jobs),
    repostTexts: TextColumn.encode(jobs.map((job) => repostTextOf(job.job_description))),
    fingerprints: TextColumn.encode(jobs.map(jobFingerprint)),
  };
}

/** The buffers of a built slice's typed arrays (each once), to hand over rather than copy. */
export function buffersOf(slice: BuiltSlice): Transferable[] {
  const buffers = new Set<ArrayBufferLike>();
  for (const terms of Object.values(slice.text.terms)) {
    buffers.add(terms.start.buffer).add(terms.ids.buffer).add(terms.counts.buffer);
  }
  for (const lengths of Object.values(slice.text.lengths)) buffers.add(lengths.buffer);
  for (const texts of [slice.repostTexts, slice.fingerprints]) {
    buffers.add(texts.bytes.buffer).add(texts.ends.buffer);
  }
  return [...buffers] as Transferable[];
}

/** One of the slices' text columns as one (over the slices' bytes, not copied). */
export function joinedColumn(
  slices: readonly BuiltSlice[],
  column: "repostTexts" | "fingerprints",
): TextColumn {
  return TextColumn.concat(
    slices.map((s) => TextColumn.ofSection(s[column].bytes, s[column].ends)),
  );
}
