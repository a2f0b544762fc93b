/**
 * The keyword score: the IDF-weighted share of the query's words a posting has, a word counting
 * fully in the title or tags, at most half in the description alone, and in the company or
 * location fully only if it is used as a name there (BM25F frequencies, `DEFAULT_BM25` in
 * src/index/ranking.ts). Computed from the term frequencies Orama stores, found through its radix
 * trees or, for an index loaded from a snapshot, through the term dictionary made of them
 * (src/index/term_dictionary.ts).
 *
 * Not Orama's full-text `search()` for the words: it scores, sorts and wraps every match (per
 * posting a Map of matches per field), 20 ms for a broad query over 20,000 postings against 2 ms
 * for looking the words up in its radix trees (docs/search.md).
 *
 * Not Orama's own scores either (measured, docs/search.md): its BM25 has no upper bound and means
 * different things for different queries, and its hybrid mode min-max rescales every query's
 * scores onto [0, 1], so 1.0 is "the best of this query" however poor.
 *
 * @module
 */
import type { AnalyzedQuery } from "./analyze_query.ts";
import { type OramaDb, saveOrama, TEXT_FIELDS } from "./orama_db.ts";
import { indexStoreOf, internalIdOf, type OramaIndexStore } from "./orama_internals.ts";
import { DEFAULT_BM25, type TextField } from "./ranking.ts";
import {
  findWord,
  type PositionText,
  splitSavedOrama,
  type TermDictionary,
} from "./term_dictionary.ts";

interface TermPostings {
  /** Postings (positions in `jobs`) with the term in any field. */
  positions: Uint32Array;
  /**
   * The term's share of a full match in each: 1 = as in a title, at most 0.5 description only, 0.25
   * company or location only (for a job word).
   */
  values: Float32Array;
  /** 1 where the posting has the term in its title or tags (or, for a name, company/location). */
  inTitle: Uint8Array;
  idf: number;
}

/** Terms whose postings are kept per index; the cache is dropped whole when full. */
const TERM_CACHE_SIZE = 5000;

/** Keyword scores of `count` postings. Synchronous, so scratch buffers are shared between calls. */
export class KeywordScorer {
  /** Keyword score of every posting for the last `score` call. */
  readonly scores: Float32Array;
  readonly #count: number;
  /** Orama's instance; null for text given by position. */
  readonly #db: OramaDb | null;
  /** Orama's live index; null for text given by position. */
  readonly #store: OramaIndexStore | null;
  /** Per text field, the field's length of each posting, by Orama internal id (or by position). */
  readonly #lengths: Record<TextField, ArrayLike<number> | Record<number, number | undefined>>;
  #positionText: PositionText | null = null;
  /** The id that addresses each posting in the term dictionary and the field lengths. */
  readonly #idOfPosition: Uint32Array;
  /** Position in `jobs` of each Orama internal id. */
  readonly #positionOf: Uint32Array;
  readonly #averages: Record<TextField, number>;
  /** From a snapshot: the text fields' terms; otherwise null, and Orama's radix trees have them. */
  readonly #terms: TermDictionary | null;
  readonly #termCache = new Map<string, TermPostings>();
  /** One variant's scores. */
  readonly #variant: Float32Array;
  /** Per posting, how many of a variant's title terms it has in its title or tags. */
  readonly #titleHits: Uint8Array;

  /**
   * `source`: where the words are, an Orama instance (with a snapshot's term dictionary, if
   * loaded from one) or the text by position.
   */
  constructor(
    count: number,
    source: { db: OramaDb; terms: TermDictionary | null } | { text: PositionText },
  ) {
    this.#count = count;
    if ("text" in source) {
      this.#db = null;
      this.#store = null;
      this.#terms = source.text.terms;
      this.#lengths = source.text.lengths;
      this.#positionText = source.text;
      this.#positionOf = new Uint32Array(count + 1);
      for (let p = 0; p < count; p++) this.#positionOf[p] = p;
      this.#idOfPosition = this.#positionOf;
    } else {
      this.#db = source.db;
      this.#store = indexStoreOf(source.db, TEXT_FIELDS);
      this.#terms = source.terms;
      this.#lengths = this.#store.fieldLengths as PositionText["lengths"];
      this.#positionOf = new Uint32Array(count + 1);
      this.#idOfPosition = new Uint32Array(count);
      for (let p = 0; p < count; p++) {
        const id = internalIdOf(source.db, String(p));
        this.#positionOf[id] = p;
        this.#idOfPosition[p] = id;
      }
    }
    // The exact mean (integer sum, one division), not Orama's running mean, whose rounding
    // depends on the order postings were inserted in: an index merged from deltas must score as
    // one built at once from the same postings (src/index/index_delta.ts).
    this.#averages = Object.fromEntries(TEXT_FIELDS.map((f) => {
      let sum = 0;
      const lengths = this.#lengths[f];
      for (let p = 0; p < count; p++) sum += lengths[this.#idOfPosition[p]] ?? 0;
      return [f, Math.max(1, count === 0 ? 0 : sum / count)];
    })) as Record<TextField, number>;
    this.scores = new Float32Array(count);
    this.#variant = new Float32Array(count);
    this.#titleHits = new Uint8Array(count);
  }

  /**
   * The terms and field lengths by posting position, what a delta is merged into
   * (src/index/index_delta.ts). Made once from the term dictionary (or Orama's own index, for one
   * built rather than loaded).
   */
  positionText(): PositionText {
    if (this.#positionText) return this.#positionText;
    const n = this.#count;
    const dictionary = this.#terms ?? splitSavedOrama(saveOrama(this.#db!)).terms;
    const terms = {} as TermDictionary;
    const lengths = {} as Record<TextField, Uint32Array>;
    for (const field of TEXT_FIELDS) {
      const { words, start, ids, counts } = dictionary[field];
      const positions = new Uint32Array(ids.length);
      for (let k = 0; k < ids.length; k++) positions[k] = this.#positionOf[ids[k]];
      terms[field] = { words, start, ids: positions, counts };
      const byPosition = new Uint32Array(n);
      const source = this.#lengths[field];
      for (let p = 0; p < n; p++) byPosition[p] = source[this.#idOfPosition[p]] ?? 0;
      lengths[field] = byPosition;
    }
    return this.#positionText = { terms, lengths };
  }

  /**
   * The postings (Orama internal ids) with `term` in `field`, and how often each has it: from the
   * snapshot's term dictionary, or Orama's radix tree and `frequencies`.
   */
  #occurrences(
    field: TextField,
    term: string,
  ): { ids: ArrayLike<number>; counts: ArrayLike<number> } {
    if (this.#terms) {
      const { words, start, ids, counts } = this.#terms[field];
      const t = findWord(words, term);
      if (t < 0) return { ids: [], counts: [] };
      return {
        ids: ids.subarray(start[t], start[t + 1]),
        counts: counts.subarray(start[t], start[t + 1]),
      };
    }
    const { frequencies, fieldLengths } = this.#store!;
    const ids = this.#store!.indexes[field].node.find({ term, exact: true })[term] ?? [];
    // Orama stores occurrences / field length.
    const counts = ids.map((id) =>
      Math.round((frequencies[field][id]?.[term] ?? 0) * fieldLengths[field][id]!)
    );
    return { ids, counts };
  }

  /**
   * A term's postings from the inverted index and term frequencies: every posting with the term,
   * and what the term is worth there in the title and tags, the company and location, and the
   * description (saturated BM25F frequencies over the reference of one mention in an average
   * title). Depends on the term alone, so it is cached per index.
   */
  #postings(term: string): TermPostings {
    let postings = this.#termCache.get(term);
    if (postings) return postings;
    const { k1, fields, descriptionShare, nameShare, nameRatio } = DEFAULT_BM25;
    const reference = fields.title.weight / (k1 + fields.title.weight);
    const descriptionFull = 2 * fields.description.weight;
    const descriptionReference = descriptionFull / (k1 + descriptionFull);
    const fieldLengths = this.#lengths;
    // Per posting: weighted frequency in title + tags, company + location, description.
    const found = new Map<number, [tf: number, ntf: number, dtf: number]>();
    for (const field of TEXT_FIELDS) {
      const { ids, counts } = this.#occurrences(field, term);
      const { weight, b } = fields[field];
      const average = this.#averages[field];
      for (let k = 0; k < ids.length; k++) {
        const id = ids[k];
        const length = fieldLengths[field][id]!;
        const count = counts[k];
        const value = (weight * count) / (1 - b + (b * length) / average);
        let pair = found.get(id);
        if (!pair) found.set(id, pair = [0, 0, 0]);
        pair[field === "description" ? 2 : field === "company" || field === "location" ? 1 : 0] +=
          value;
      }
    }
    let inTitles = 0;
    let inNames = 0;
    for (const [tf, ntf] of found.values()) {
      if (tf > 0) inTitles++;
      if (ntf > 0) inNames++;
    }
    const isName = inTitles <= nameRatio * inNames;
    const saturated = (tf: number) => Math.min(1, tf / (k1 + tf) / reference);
    const positions = new Uint32Array(found.size);
    const values = new Float32Array(found.size);
    const inTitle = new Uint8Array(found.size);
    let k = 0;
    for (const [id, [tf, ntf, dtf]] of found) {
      positions[k] = this.#positionOf[id];
      const short = saturated(isName ? tf + ntf : tf);
      inTitle[k] = short > 0 ? 1 : 0;
      const long = Math.max(
        descriptionShare * Math.min(1, dtf / (k1 + dtf) / descriptionReference),
        isName ? 0 : nameShare * saturated(ntf),
      );
      // Either place suffices; both together count a little more than the better one alone.
      values[k++] = short + (1 - short) * long;
    }
    const n = this.#count;
    const idf = Math.log(1 + (n - found.size + 0.5) / (found.size + 0.5));
    postings = { positions, values, inTitle, idf };
    if (this.#termCache.size >= TERM_CACHE_SIZE) this.#termCache.clear();
    this.#termCache.set(term, postings);
    return postings;
  }

  /**
   * Keyword scores into `scores` (zeroed first), the best over the query's term variants: the
   * IDF-weighted share of the query's words a posting has. A variant with title terms (a synonym's
   * words) counts only for postings with all of them in the title or tags. Returns the postings
   * lists touched.
   */
  score(query: AnalyzedQuery): Uint32Array[] {
    const keyword = this.scores;
    const variant = this.#variant;
    const titleHits = this.#titleHits;
    keyword.fill(0);
    const touched: Uint32Array[] = [];
    query.termVariants.forEach((terms, v) => {
      const unique = [...new Set(terms)].map((t) => this.#postings(t));
      const total = unique.reduce((sum, p) => sum + p.idf, 0);
      if (total === 0) return;
      const required = [...new Set(query.titleTerms[v] ?? [])].map((t) => this.#postings(t));
      for (const { positions } of unique) for (const p of positions) variant[p] = 0;
      for (const { positions, values, idf } of unique) {
        const weight = idf / total;
        for (let k = 0; k < positions.length; k++) variant[positions[k]] += weight * values[k];
      }
      for (const { positions, inTitle } of required) {
        for (let k = 0; k < positions.length; k++) titleHits[positions[k]] += inTitle[k];
      }
      for (const { positions } of unique) {
        for (const p of positions) {
          if (variant[p] > keyword[p] && titleHits[p] === required.length) keyword[p] = variant[p];
        }
        touched.push(positions);
      }
      for (const { positions } of required) for (const p of positions) titleHits[p] = 0;
    });
    return touched;
  }
}
