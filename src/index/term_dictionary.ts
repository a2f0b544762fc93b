/**
 * The text fields' terms in the form a snapshot carries: per field, the sorted words and, for each,
 * the postings with it and how often. It replaces Orama's radix trees and `frequencies` when an
 * index is loaded: loading those took most of a 20,000-posting cold start (`JSON.parse` making an
 * object per posting keyed by its terms, 0.4 s; Orama's `load()` making a Set and a Map per tree
 * node, 0.1 s; docs/search.md, "Cold start"). The lookups stay the same.
 *
 * @module
 */
import type { RawData } from "@orama/orama";
import { TEXT_FIELDS } from "./orama_db.ts";
import { savedOramaOf, type SavedRadixNode } from "./orama_internals.ts";
import type { TextField } from "./ranking.ts";

/**
 * One text field's terms as Orama indexed them, flat: `words` sorted (by UTF-16 code units), and
 * for `words[t]` the Orama internal ids of the postings with it, `ids[start[t]..start[t + 1]]`, in
 * the order of Orama's radix tree, with how often each has it (`counts`). What a lookup of a term in
 * Orama's radix tree and its `frequencies` give, in typed arrays a snapshot carries as they are.
 */
export interface FieldTerms {
  words: string[];
  start: Uint32Array;
  ids: Uint32Array;
  counts: Uint16Array;
}

/** The text fields' terms, replacing Orama's radix trees and `frequencies` in a snapshot. */
export type TermDictionary = Record<TextField, FieldTerms>;

/**
 * The text fields' terms and lengths addressed by posting position instead of Orama's internal
 * ids: what an index merged from a base and deltas (src/index/index_delta.ts) is made of, with no
 * Orama instance behind it. `terms[f].ids` hold positions in `jobs`; `lengths[f][p]` is the
 * length in tokens of posting `p`'s field `f`.
 */
export interface PositionText {
  terms: TermDictionary;
  lengths: Record<TextField, Uint32Array>;
}

/** Orama's radix tree in its saved form as a `FieldTerms`; counts from Orama's `frequencies`. */
function fieldTermsOf(
  root: SavedRadixNode,
  frequencies: Record<number, Record<string, number> | undefined>,
  lengths: Record<number, number | undefined>,
): FieldTerms {
  const nodes: SavedRadixNode[] = [];
  const visit = (node: SavedRadixNode) => {
    if (node.e && node.d.length > 0) nodes.push(node);
    for (const [, child] of node.c) visit(child);
  };
  visit(root);
  nodes.sort((a, b) => a.w < b.w ? -1 : a.w > b.w ? 1 : 0);
  const start = new Uint32Array(nodes.length + 1);
  nodes.forEach((node, t) => start[t + 1] = start[t] + node.d.length);
  const ids = new Uint32Array(start[nodes.length]);
  const counts = new Uint16Array(ids.length);
  nodes.forEach((node, t) => {
    node.d.forEach((id, k) => {
      ids[start[t] + k] = id;
      // Orama stores occurrences / field length.
      const count = Math.round((frequencies[id]?.[node.w] ?? 0) * (lengths[id] ?? 0));
      if (count > 0xffff) {
        throw new RangeError(`Cannot save index: "${node.w}" occurs ${count} times`);
      }
      counts[start[t] + k] = count;
    });
  });
  return { words: nodes.map((node) => node.w), start, ids, counts };
}

/**
 * Splits Orama's `save()` output for a snapshot: the text fields' terms as a `TermDictionary`, and
 * the rest, which keeps the keyword score's field lengths and the id mapping, and leaves out what
 * the dictionary replaces (the text fields' radix trees, `frequencies`) and Orama's documents (its
 * copy of each posting's fields: the postings travel on their own). The Orama index loaded from
 * the rest runs no full-text search of its own; `JobIndex` uses the dictionary for the words.
 */
export function splitSavedOrama(raw: RawData): { orama: RawData; terms: TermDictionary } {
  const { index, docCount } = savedOramaOf(raw, TEXT_FIELDS);
  const { fieldLengths } = index;
  const terms = {} as TermDictionary;
  const indexes = { ...index.indexes };
  const empty: SavedRadixNode & { s: string; k: string } = {
    w: "",
    s: "",
    k: "",
    e: false,
    d: [],
    c: [],
  };
  for (const field of TEXT_FIELDS) {
    const { node } = index.indexes[field];
    terms[field] = fieldTermsOf(node, index.frequencies[field], fieldLengths[field]);
    indexes[field] = { ...index.indexes[field], node: empty };
  }
  return {
    orama: {
      ...raw,
      index: {
        ...index,
        indexes,
        frequencies: Object.fromEntries(TEXT_FIELDS.map((f) => [f, {}])),
      },
      docs: { docs: {}, count: docCount },
    },
    terms,
  };
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
