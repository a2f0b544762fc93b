/**
 * Building the text side of an index: each posting's text fields are tokenized
 * (src/index/tokenize.ts: our word split and stop words, Orama's English stemmer) and read into
 * terms by position (src/index/term_dictionary.ts), a slice of postings at a time, and the slices
 * are joined. The terms are what Orama's index of the same postings holds (its radix trees read
 * out by `positionTextOfOrama`, the reference the tests compare with): Orama's inserts built those
 * trees only for them to be read out and dropped, most of a publish's time at 1,000,000 postings
 * (docs/scaling.md, session 19).
 *
 * @module
 */
import { indexedFieldsOf, type IndexedText, TEXT_FIELDS } from "./indexed_text.ts";
import type { TextField } from "./ranking.ts";
import type { FieldTerms, PositionText, TermDictionary } from "./term_dictionary.ts";
import { tokenize } from "./tokenize.ts";

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
    parts.push(positionTextOf(part));
  }
  return concatPositionText(parts);
}

/** A growing list of u32s (a field's postings, word by word, as the postings are read). */
class U32List {
  values = new Uint32Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Uint32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }
}

/**
 * One field's terms of `texts` (posting `p`'s text `texts[p]`) and each one's length in tokens, as
 * Orama indexes a string field: the field's length is its number of tokens, a word's count in a
 * posting how often it occurs there, a word's postings in position order.
 */
function fieldTermsOfTexts(texts: readonly string[]): { terms: FieldTerms; lengths: Uint32Array } {
  const lengths = new Uint32Array(texts.length);
  const wordOf = new Map<string, number>();
  const words: string[] = [];
  // One entry per posting and distinct word in it, in posting order: its word, posting and count.
  const entryWord = new U32List();
  const entryPosting = new U32List();
  const entryCount = new U32List();
  // Per word: the last posting it was seen in and its entry there, grown with the words.
  let lastSeen = new Int32Array(1024);
  let entryAt = new Uint32Array(1024);
  for (let p = 0; p < texts.length; p++) {
    const tokens = tokenize(texts[p]);
    lengths[p] = tokens.length;
    for (const token of tokens) {
      let w = wordOf.get(token);
      if (w === undefined) {
        wordOf.set(token, w = words.length);
        words.push(token);
        if (w === lastSeen.length) {
          const seen = new Int32Array(w * 2);
          seen.set(lastSeen);
          lastSeen = seen;
          const at = new Uint32Array(w * 2);
          at.set(entryAt);
          entryAt = at;
        }
        lastSeen[w] = -1;
      }
      if (lastSeen[w] === p) {
        entryCount.values[entryAt[w]]++;
        continue;
      }
      lastSeen[w] = p;
      entryAt[w] = entryWord.length;
      entryWord.push(w);
      entryPosting.push(p);
      entryCount.push(1);
    }
  }
  for (let e = 0; e < entryCount.length; e++) {
    if (entryCount.values[e] > 0xffff) {
      throw new RangeError(
        `Cannot save index: "${words[entryWord.values[e]]}" occurs ${entryCount.values[e]} times`,
      );
    }
  }
  // Words sorted by UTF-16 code units, as a FieldTerms holds them; each one's postings counted,
  // then placed in the order read, which is position order.
  const order = words.map((_, w) => w).sort((a, b) =>
    words[a] < words[b] ? -1 : words[a] > words[b] ? 1 : 0
  );
  const rankOf = new Uint32Array(words.length);
  order.forEach((w, rank) => rankOf[w] = rank);
  const start = new Uint32Array(words.length + 1);
  for (let e = 0; e < entryWord.length; e++) start[rankOf[entryWord.values[e]] + 1]++;
  for (let t = 0; t < words.length; t++) start[t + 1] += start[t];
  const next = start.slice(0, words.length);
  const ids = new Uint32Array(entryWord.length);
  const counts = new Uint16Array(entryWord.length);
  for (let e = 0; e < entryWord.length; e++) {
    const at = next[rankOf[entryWord.values[e]]]++;
    ids[at] = entryPosting.values[e];
    counts[at] = entryCount.values[e];
  }
  return { terms: { words: order.map((w) => words[w]), start, ids, counts }, lengths };
}

/** The terms and field lengths of `jobs` by position, as Orama would index them. */
export function positionTextOf(jobs: readonly IndexedText[]): PositionText {
  const fields = jobs.map(indexedFieldsOf);
  const terms = {} as TermDictionary;
  const lengths = {} as Record<TextField, Uint32Array>;
  for (const field of TEXT_FIELDS) {
    const built = fieldTermsOfTexts(fields.map((f) => f[field]));
    terms[field] = built.terms;
    lengths[field] = built.lengths;
  }
  return { terms, lengths };
}

/**
 * The text of several runs of postings as one, in order: the second run's positions follow the
 * first's, and so on. A word's postings stay in position order when each run's are. One run is
 * returned as it is, not copied.
 */
export function concatPositionText(parts: readonly PositionText[]): PositionText {
  if (parts.length === 1) return parts[0];
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
  const size = parts.reduce((sum, part) => sum + part.ids.length, 0);
  const ids = new Uint32Array(size);
  const counts = new Uint16Array(size);
  const words: string[] = [];
  const start = new U32List();
  start.push(0);
  // Each run's words are sorted: walk them together, taking the least word each step, its
  // postings copied at once. Noting each word's runs to copy afterwards held a list a word of the
  // description (hundreds of megabytes at 1,000,000 postings, the peak of a publish; docs/
  // scaling.md, "(session 26, 2026-11-29)").
  const cursor = new Uint32Array(parts.length);
  let at = 0;
  for (;;) {
    let least: string | undefined;
    for (let i = 0; i < parts.length; i++) {
      const word = parts[i].words[cursor[i]];
      if (word !== undefined && (least === undefined || word < least)) least = word;
    }
    if (least === undefined) break;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      const word = cursor[i];
      if (part.words[word] !== least) continue;
      const offset = offsets[i];
      for (let k = part.start[word]; k < part.start[word + 1]; k++) {
        ids[at] = part.ids[k] + offset;
        counts[at++] = part.counts[k];
      }
      cursor[i]++;
    }
    words.push(least);
    start.push(at);
  }
  return { words, start: start.values.slice(0, start.length), ids, counts };
}
