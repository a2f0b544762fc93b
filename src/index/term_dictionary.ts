/**
 * The text fields' terms and lengths by posting position, the form an index holds and a snapshot
 * carries as it is: per field, the sorted words and, for each, the postings with it and how often.
 * Orama tokenizes and indexes the postings (src/index/orama_db.ts); its radix trees and
 * `frequencies` are read once into this form and dropped. Loading Orama's own saved index took most
 * of a cold start (`JSON.parse` making an object per posting keyed by its terms, Orama's `load()` a
 * Set and a Map per tree node; docs/search.md, "Cold start"), and an instance of 1,000,000
 * postings holds 9.5 GiB (docs/scaling.md).
 *
 * @module
 */
import { type OramaDb, saveOrama, TEXT_FIELDS } from "./orama_db.ts";
import { internalIdOf, savedOramaOf, type SavedRadixNode } from "./orama_internals.ts";
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

/** Orama's radix tree in its saved form as a `FieldTerms`; counts from Orama's `frequencies`. */
function fieldTermsOf(
  root: SavedRadixNode,
  frequencies: Record<number, Record<string, number> | undefined>,
  lengths: Record<number, number | undefined>,
  positionOf: Uint32Array,
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
    // Positions ascending within a word: merges and scans then read memory in order.
    const sorted = node.d.toSorted((a, b) => positionOf[a] - positionOf[b]);
    sorted.forEach((id, k) => {
      ids[start[t] + k] = positionOf[id];
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
 * The text of `count` postings that Orama indexed (their document ids `"0"`, `"1"`, ... their
 * positions) as terms and field lengths by position, read from Orama's `save()` output. Orama's
 * own structures are dropped after: a search reads only this.
 */
export function positionTextOfOrama(db: OramaDb, count: number): PositionText {
  const { index } = savedOramaOf(saveOrama(db), TEXT_FIELDS);
  const positionOf = new Uint32Array(count + 1);
  const idOfPosition = new Uint32Array(count);
  for (let p = 0; p < count; p++) {
    const id = internalIdOf(db, String(p));
    positionOf[id] = p;
    idOfPosition[p] = id;
  }
  const terms = {} as TermDictionary;
  const lengths = {} as Record<TextField, Uint32Array>;
  for (const field of TEXT_FIELDS) {
    const fieldLengths = index.fieldLengths[field];
    terms[field] = fieldTermsOf(
      index.indexes[field].node,
      index.frequencies[field],
      fieldLengths,
      positionOf,
    );
    const byPosition = new Uint32Array(count);
    for (let p = 0; p < count; p++) byPosition[p] = fieldLengths[idOfPosition[p]] ?? 0;
    lengths[field] = byPosition;
  }
  return { terms, lengths };
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
