/**
 * The keyword side of the index: BM25F over a posting's fields, held as flat typed arrays so that a
 * snapshot loads without re-tokenising a single description (re-inserting 20,000 postings into
 * Orama took 4.4 s; see docs/search.md).
 *
 * Each (term, posting) pair stores two field-weighted, length-normalised term frequencies (one for
 * the short fields: title, tags, company, location; one for the description), which do not depend
 * on the query; a search then only adds up saturated frequencies times IDF.
 *
 * @module
 */
import { tokenize } from "./tokenize.ts";

/** A posting's text, field by field. */
export interface TextFields {
  title: string;
  tags: string;
  company: string;
  description: string;
  location: string;
}

export type TextField = keyof TextFields;

export interface Bm25Params {
  k1: number;
  /** Weight and length normalisation (b) per field. */
  fields: Record<TextField, { weight: number; b: number }>;
  /**
   * What a term found only in the description is worth, at most, next to the same term in the
   * title: descriptions mention many things a posting is not about.
   */
  descriptionShare: number;
}

/**
 * The title weighs most; company and location count so that "amazon" or "berlin" find their
 * postings. The description's length normalisation is strong so that long texts do not win by
 * sheer size.
 */
export const DEFAULT_BM25: Bm25Params = {
  k1: 1.2,
  fields: {
    title: { weight: 3, b: 0.5 },
    tags: { weight: 2, b: 0.5 },
    company: { weight: 2, b: 0.3 },
    description: { weight: 1, b: 0.9 },
    location: { weight: 2, b: 0.3 },
  },
  descriptionShare: 0.5,
};

/** The serialisable form: terms with their postings lists, ordered by term ordinal. */
export interface TextIndexData {
  docCount: number;
  k1: number;
  /** The pseudo-frequency of one occurrence in an average title: a full match of one term. */
  referenceFrequency: number;
  /** The pseudo-frequency of a full match in a description alone. */
  descriptionReference: number;
  descriptionShare: number;
  terms: string[];
  /** `offsets[t]..offsets[t + 1]` are the postings of term `t` in the arrays below. */
  offsets: Uint32Array;
  docs: Uint32Array;
  /** Pseudo-frequency in the short fields (title, tags, company, location). */
  frequencies: Float32Array;
  /** Pseudo-frequency in the description. */
  descriptionFrequencies: Float32Array;
}

const FIELDS: TextField[] = ["title", "tags", "company", "description", "location"];

/** Builds the keyword index of documents numbered by their position in `fields`. */
export function buildTextIndex(
  fields: TextFields[],
  params: Bm25Params = DEFAULT_BM25,
): TextIndexData {
  const docTerms: Map<string, number[]>[] = [];
  const lengths = FIELDS.map(() => new Float64Array(fields.length));
  const termIds = new Map<string, number>();
  const terms: string[] = [];
  fields.forEach((doc, d) => {
    const counts = new Map<string, number[]>();
    FIELDS.forEach((field, f) => {
      const tokens = tokenize(doc[field]);
      lengths[f][d] = tokens.length;
      for (const token of tokens) {
        let perField = counts.get(token);
        if (!perField) {
          perField = new Array(FIELDS.length).fill(0);
          counts.set(token, perField);
          if (!termIds.has(token)) {
            termIds.set(token, terms.length);
            terms.push(token);
          }
        }
        perField[f]++;
      }
    });
    docTerms.push(counts);
  });
  const averages = lengths.map((l) => Math.max(1, l.reduce((a, b) => a + b, 0) / (l.length || 1)));

  const df = new Uint32Array(terms.length);
  for (const counts of docTerms) for (const term of counts.keys()) df[termIds.get(term)!]++;
  const offsets = new Uint32Array(terms.length + 1);
  for (let t = 0; t < terms.length; t++) offsets[t + 1] = offsets[t] + df[t];
  const docs = new Uint32Array(offsets[terms.length]);
  const frequencies = new Float32Array(offsets[terms.length]);
  const descriptionFrequencies = new Float32Array(offsets[terms.length]);
  const cursor = offsets.slice(0, terms.length);
  docTerms.forEach((counts, d) => {
    for (const [term, perField] of counts) {
      let tf = 0;
      let descriptionTf = 0;
      FIELDS.forEach((field, f) => {
        if (perField[f] === 0) return;
        const { weight, b } = params.fields[field];
        const value = (weight * perField[f]) / (1 - b + (b * lengths[f][d]) / averages[f]);
        if (field === "description") descriptionTf += value;
        else tf += value;
      });
      const t = termIds.get(term)!;
      docs[cursor[t]] = d;
      frequencies[cursor[t]] = tf;
      descriptionFrequencies[cursor[t]] = descriptionTf;
      cursor[t]++;
    }
  });
  return {
    docCount: fields.length,
    k1: params.k1,
    referenceFrequency: params.fields.title.weight,
    // Two mentions in a description of average length count as a full description match.
    descriptionReference: 2 * params.fields.description.weight,
    descriptionShare: params.descriptionShare,
    terms,
    offsets,
    docs,
    frequencies,
    descriptionFrequencies,
  };
}

/** A loaded keyword index that scores queries. */
export class TextIndex {
  readonly data: TextIndexData;
  readonly #termIds: Map<string, number>;
  readonly #reference: number;
  readonly #descriptionReference: number;

  constructor(data: TextIndexData) {
    this.data = data;
    this.#termIds = new Map(data.terms.map((term, t) => [term, t]));
    this.#reference = data.referenceFrequency / (data.k1 + data.referenceFrequency);
    this.#descriptionReference = data.descriptionReference /
      (data.k1 + data.descriptionReference);
  }

  /** Inverse document frequency (BM25's, always positive); an unknown term is rarest of all. */
  idf(term: string): number {
    const t = this.#termIds.get(term);
    const df = t === undefined ? 0 : this.data.offsets[t + 1] - this.data.offsets[t];
    const n = this.data.docCount;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /**
   * Scores every document for the query terms into `out` (one slot per document, zeroed here):
   * the IDF-weighted share of the query's terms the document contains, each term counting fully
   * when it is as present as one mention in a title, and at most `descriptionShare` when only the
   * description has it. So a score is in [0, 1] and means the same for every query: 1 = all the
   * query's words where a title would have them, 0 = none.
   */
  score(queryTerms: string[], out: Float32Array): void {
    out.fill(0);
    const unique = [...new Set(queryTerms)];
    const idfs = unique.map((term) => this.idf(term));
    const total = idfs.reduce((a, b) => a + b, 0);
    if (total === 0) return;
    const { offsets, docs, frequencies, descriptionFrequencies, k1, descriptionShare } = this.data;
    const reference = this.#reference;
    const descriptionReference = this.#descriptionReference;
    unique.forEach((term, i) => {
      const t = this.#termIds.get(term);
      if (t === undefined) return;
      const weight = idfs[i] / total;
      for (let p = offsets[t]; p < offsets[t + 1]; p++) {
        const tf = frequencies[p];
        const short = Math.min(1, tf / (k1 + tf) / reference);
        const dtf = descriptionFrequencies[p];
        const long = descriptionShare * Math.min(1, dtf / (k1 + dtf) / descriptionReference);
        // Either place suffices; both together count a little more than the better one alone.
        out[docs[p]] += weight * (short + (1 - short) * long);
      }
    });
  }
}
