/**
 * Building the text side of an index: Orama tokenizes and indexes the postings a slice at a time
 * (src/index/orama_db.ts), each slice is read into terms by position (src/index/term_dictionary.ts),
 * and the slices are joined. One Orama instance of every posting held 9.5 GiB at 1,000,000 and
 * took 255 s to fill (docs/scaling.md); a slice's instance is dropped once it is read.
 *
 * @module
 */
import { buildOrama, type IndexedText, TEXT_FIELDS } from "./orama_db.ts";
import type { TextField } from "./ranking.ts";
import {
  type FieldTerms,
  type PositionText,
  positionTextOfOrama,
  type TermDictionary,
} from "./term_dictionary.ts";

/**
 * Postings per Orama instance while building. A worker's memory grows with its slice: a publish
 * of 100,000 postings on two threads peaked at 2,460-2,640 MiB RSS with 25,000 a slice, 1,880 with
 * 10,000 and 1,535 with 5,000, and took no longer (152-159, 114 and 127 s at load 9); below this,
 * joining the slices' words costs more (one more part to walk per slice, for every word).
 */
export const BUILD_SLICE = 10_000;

/** The terms and field lengths of `jobs` by position, built a slice of postings at a time. */
export function buildPositionText(
  jobs: readonly IndexedText[],
  slice = BUILD_SLICE,
): PositionText {
  const parts: PositionText[] = [];
  for (let start = 0; start < jobs.length || parts.length === 0; start += slice) {
    const part = jobs.slice(start, start + slice);
    parts.push(positionTextOfOrama(buildOrama(part), part.length));
  }
  return parts.length === 1 ? parts[0] : concatPositionText(parts);
}

/**
 * The text of several runs of postings as one, in order: the second run's positions follow the
 * first's, and so on. A word's postings stay in position order when each run's are.
 */
export function concatPositionText(parts: readonly PositionText[]): PositionText {
  const sizes = parts.map((part) => part.lengths.title.length);
  const offsets: number[] = [];
  let total = 0;
  for (const size of sizes) {
    offsets.push(total);
    total += size;
  }
  const terms = {} as TermDictionary;
  const lengths = {} as Record<TextField, Uint32Array>;
  for (const field of TEXT_FIELDS) {
    terms[field] = concatFieldTerms(parts.map((part) => part.terms[field]), offsets);
    const joined = new Uint32Array(total);
    parts.forEach((part, i) => joined.set(part.lengths[field], offsets[i]));
    lengths[field] = joined;
  }
  return { terms, lengths };
}

/** One field's terms of several runs: the sorted union of their words, postings run by run. */
function concatFieldTerms(parts: readonly FieldTerms[], offsets: readonly number[]): FieldTerms {
  // Each run's words are sorted: walk them together, taking the least word each step.
  const cursor = new Uint32Array(parts.length);
  const words: string[] = [];
  const from: number[][] = [];
  for (;;) {
    let least: string | undefined;
    for (let i = 0; i < parts.length; i++) {
      const word = parts[i].words[cursor[i]];
      if (word !== undefined && (least === undefined || word < least)) least = word;
    }
    if (least === undefined) break;
    const runs: number[] = [];
    for (let i = 0; i < parts.length; i++) {
      if (parts[i].words[cursor[i]] === least) {
        runs.push(i, cursor[i]);
        cursor[i]++;
      }
    }
    words.push(least);
    from.push(runs);
  }
  const size = parts.reduce((sum, part) => sum + part.ids.length, 0);
  const start = new Uint32Array(words.length + 1);
  const ids = new Uint32Array(size);
  const counts = new Uint16Array(size);
  let at = 0;
  for (let t = 0; t < words.length; t++) {
    const runs = from[t];
    for (let r = 0; r < runs.length; r += 2) {
      const part = parts[runs[r]];
      const offset = offsets[runs[r]];
      const word = runs[r + 1];
      for (let k = part.start[word]; k < part.start[word + 1]; k++) {
        ids[at] = part.ids[k] + offset;
        counts[at++] = part.counts[k];
      }
    }
    start[t + 1] = at;
  }
  return { words, start, ids, counts };
}
