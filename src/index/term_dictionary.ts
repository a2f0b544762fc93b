/**
 * The text fields' terms and lengths by posting position, the form an index holds and a snapshot
 * carries as it is: per field, the sorted words and, for each, the postings with it and how often.
 * A publish counts it from the tokenizer's terms (src/index/position_text.ts); until session 19
 * Orama's radix trees and `frequencies` were read into it (the tests' reference still is,
 * src/index/testdata/orama_internals.ts). Loading Orama's own saved index took most of a cold start (`JSON.parse` making an object per posting keyed by its terms, Orama's `load()` a
 * Set and a Map per tree node; docs/search.md, "Cold start"), and an instance of 1,000,000
 * postings holds 9.5 GiB (docs/scaling.md).
 *
 * @module
 */
import type { TextField } from "./ranking.ts";

/**
 * One text field's terms, flat: `words` sorted (by UTF-16 code units), and for `words[t]` the
 * positions of the postings with it, `ids[start[t]..start[t + 1]]`, with how often each has it
 * (`counts`).
 */
export interface FieldTerms {
  words: string[];
  start: Uint32Array;
  ids: Uint32Array;
  counts: Uint16Array;
}

/** The text fields' terms. */
export type TermDictionary = Record<TextField, FieldTerms>;

/**
 * The text fields' terms and lengths by posting position: `terms[f].ids` hold positions in the
 * index's `jobs`; `lengths[f][p]` is the length in tokens of posting `p`'s field `f`.
 */
export interface PositionText {
  terms: TermDictionary;
  lengths: Record<TextField, Uint32Array>;
}

/** Index of `term` in sorted `words` (a `FieldTerms`'s), or -1. */
export function findWord(words: string[], term: string): number {
  let low = 0;
  let high = words.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const word = words[mid];
    if (word === term) return mid;
    if (word < term) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}
