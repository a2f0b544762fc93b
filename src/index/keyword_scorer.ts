/**
 * The keyword score: the IDF-weighted share of the query's words a posting has, a word counting
 * fully in the title or tags, at most half in the description alone, and in the company or
 * location fully only if it is used as a name there (BM25F frequencies, `DEFAULT_BM25` in
 * src/index/ranking.ts). Computed from the terms and field lengths by position
 * (src/index/term_dictionary.ts) that Orama's index of the postings was read into
 * (src/index/position_text.ts).
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
import { TEXT_FIELDS } from "./indexed_text.ts";
import { DEFAULT_BM25, type TextField } from "./ranking.ts";
import { findWord, type PositionText } from "./term_dictionary.ts";
import { TRADE_TERMS } from "./head_group.ts";

/**
 * A term's postings, perhaps with others added or worth more for this query (the postings stating
 * the query's employment type, src/index/stated_type.ts).
 */
export type TermLift = (term: string, postings: TermPostings) => TermPostings;

/** A term's postings with what the term is worth in each. */
export interface TermPostings {
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
  /** How many postings say the term in the title or tags, and in the company or location. */
  saidIn: { titles: number; names: number };
}

/**
 * Postings (over all terms) whose values are kept per index, about 9 bytes each; the cache is
 * dropped whole when full. A count of terms would not do: at 1,000,000 postings one common word
 * has hundreds of thousands.
 */
const TERM_CACHE_POSTINGS = 20_000_000;

/**
 * The best of `scores`, where only the postings of `lists` can be above 0: read from the lists
 * when they are shorter than the scores, else from the scores.
 */
function bestOf(scores: Float32Array, lists: Uint32Array[]): number {
  let best = 0;
  const entries = lists.reduce((sum, list) => sum + list.length, 0);
  if (entries < scores.length) {
    for (const list of lists) {
      for (let k = 0; k < list.length; k++) best = Math.max(best, scores[list[k]]);
    }
  } else for (let p = 0; p < scores.length; p++) best = Math.max(best, scores[p]);
  return best;
}

/**
 * The postings with all of some terms in their title or tags, in position order, and each term's
 * value there (`KeywordScorer`'s titled variants).
 */
interface TitledGroup {
  positions: Uint32Array;
  /** By term, in the order the terms were given. */
  values: Float32Array[];
}

/**
 * The words whose values by posting a search keeps for all its titled variants (4 bytes a posting
 * each): a developer query's other words are one to three, and a query of up to 1,000 characters
 * could have hundreds. A word past them fills one more buffer for each variant that reads it.
 */
const SHARED_VALUES = 3;

/** Keyword scores of `count` postings. Synchronous, so scratch buffers are shared between calls. */
export class KeywordScorer {
  /** Keyword score of every posting for the last `score` call. */
  readonly scores: Float32Array;
  /** The best of `scores`. */
  best = 0;
  readonly #count: number;
  readonly #text: PositionText;
  readonly #averages: Record<TextField, number>;
  readonly #termCache = new Map<string, TermPostings>();
  /** Postings held by the cached terms. */
  #cachedPostings = 0;
  /** One variant's scores; all zeros between variants and calls. */
  readonly #variant: Float32Array;
  /** Per posting, a term's weighted frequency in title + tags, company + location, description. */
  readonly #frequencies: [Float64Array, Float64Array, Float64Array];
  /** 1 for a posting already in the term being read. */
  readonly #seen: Uint8Array;
  /**
   * A titled variant's sums (`#sumTitled`), kept between calls and doubled when full (from one, so
   * that small indexes grow it too): made anew each variant, such buffers were half the garbage a
   * search made (issue #40, session 25).
   */
  #sums = new Float32Array(1);
  /**
   * The postings with all of some title terms in their title or tags (`#titledGroup`), by the
   * terms' postings' ids (`#ids`); dropped with the term cache. The synonyms' words make a few
   * hundred such groups at most.
   */
  readonly #groups = new Map<string, TitledGroup>();
  readonly #ids = new WeakMap<TermPostings, number>();
  #nextId = 0;
  /**
   * Values by posting of the words the titled variants of a search look up, all zeros between
   * calls: the first {@linkcode SHARED_VALUES} words' kept for the search, then one refilled for
   * each use (`#sumTitled`).
   */
  readonly #valueSlots: Float32Array[] = [];

  constructor(count: number, text: PositionText) {
    this.#count = count;
    this.#text = text;
    // The exact mean (integer sum, one division), not Orama's running mean, whose rounding
    // depends on the order postings were inserted in: an index merged from deltas must score as
    // one built at once from the same postings (src/index/index_delta.ts).
    this.#averages = Object.fromEntries(TEXT_FIELDS.map((f) => {
      let sum = 0;
      const lengths = text.lengths[f];
      for (let p = 0; p < count; p++) sum += lengths[p];
      return [f, Math.max(1, count === 0 ? 0 : sum / count)];
    })) as Record<TextField, number>;
    this.scores = new Float32Array(count);
    this.#variant = new Float32Array(count);
    this.#frequencies = [
      new Float64Array(count),
      new Float64Array(count),
      new Float64Array(count),
    ];
    this.#seen = new Uint8Array(count);
  }

  /** Every posting's keyword score 0: a search by the title vectors alone. */
  clear(): void {
    this.scores.fill(0);
    this.best = 0;
  }

  /** The terms and field lengths by posting position, what a delta is merged into. */
  positionText(): PositionText {
    return this.#text;
  }

  /** The postings whose title has `term` (a term of `tokenize`), from the inverted index. */
  titlePositions(term: string): Uint32Array {
    const { words, start, ids } = this.#text.terms.title;
    const t = findWord(words, term);
    return t < 0 ? new Uint32Array(0) : ids.subarray(start[t], start[t + 1]);
  }

  /** A term's postings with what the term is worth in each (`#postings`), as `score` reads them. */
  postingsOf(term: string): TermPostings {
    return this.#postings(term);
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
    // Per posting with the term, its weighted frequencies gathered in the shared buffers (cleared
    // again below); `found` lists those postings in the order first met.
    const frequencies = this.#frequencies;
    const seen = this.#seen;
    const found: number[] = [];
    for (const field of TEXT_FIELDS) {
      const { words, start, ids, counts } = this.#text.terms[field];
      const t = findWord(words, term);
      if (t < 0) continue;
      const { weight, b } = fields[field];
      const average = this.#averages[field];
      const fieldLengths = this.#text.lengths[field];
      const into = frequencies[
        field === "description" ? 2 : field === "company" || field === "location" ? 1 : 0
      ];
      for (let k = start[t]; k < start[t + 1]; k++) {
        const p = ids[k];
        if (seen[p] === 0) {
          seen[p] = 1;
          found.push(p);
        }
        into[p] += (weight * counts[k]) / (1 - b + (b * fieldLengths[p]) / average);
      }
    }
    const [tfs, ntfs, dtfs] = frequencies;
    let inTitles = 0;
    let inNames = 0;
    for (const p of found) {
      if (tfs[p] > 0) inTitles++;
      if (ntfs[p] > 0) inNames++;
    }
    // A trade's noun in a company's or a place's name is a surname there ("Robert Koch Institut",
    // "Baker Hughes", "Cook County"), never the name a query means by it: "Koch" in Berlin listed
    // the Robert Koch Institut's IT engineers first (session 55). A company the words name ("jobs
    // at Koch") is read apart (src/index/query_company.ts).
    const isName = inTitles <= nameRatio * inNames && !TRADE_TERMS.has(term);
    const saturated = (tf: number) => Math.min(1, tf / (k1 + tf) / reference);
    const positions = new Uint32Array(found.length);
    const values = new Float32Array(found.length);
    const inTitle = new Uint8Array(found.length);
    for (let k = 0; k < found.length; k++) {
      const p = found[k];
      const tf = tfs[p], ntf = ntfs[p], dtf = dtfs[p];
      tfs[p] = ntfs[p] = dtfs[p] = 0;
      seen[p] = 0;
      positions[k] = p;
      const short = saturated(isName ? tf + ntf : tf);
      inTitle[k] = short > 0 ? 1 : 0;
      const long = Math.max(
        descriptionShare * Math.min(1, dtf / (k1 + dtf) / descriptionReference),
        isName ? 0 : nameShare * saturated(ntf),
      );
      // Either place suffices; both together count a little more than the better one alone.
      values[k] = short + (1 - short) * long;
    }
    const n = this.#count;
    const idf = Math.log(1 + (n - found.length + 0.5) / (found.length + 0.5));
    postings = { positions, values, inTitle, idf, saidIn: { titles: inTitles, names: inNames } };
    if (this.#cachedPostings + found.length > TERM_CACHE_POSTINGS) {
      this.#termCache.clear();
      this.#groups.clear();
      this.#cachedPostings = 0;
    }
    this.#termCache.set(term, postings);
    this.#cachedPostings += found.length;
    return postings;
  }

  /**
   * Keyword scores into `scores` (zeroed first), the best over the query's term variants: the
   * IDF-weighted share of the query's words a posting has. A variant with title terms (a synonym's
   * words) counts only for postings with all of them in the title or tags. Returns the postings
   * lists touched. `lift`: what a term is worth where the posting states the employment type the
   * query reads (src/index/stated_type.ts).
   */
  score(query: AnalyzedQuery, lift?: TermLift): Uint32Array[] {
    const keyword = this.scores;
    const variant = this.#variant;
    keyword.fill(0);
    const touched: Uint32Array[] = [];
    // A term in several variants (a synonym's variants share the query's other words) is one list:
    // listed once, since every reader of `touched` (the best score, the screen's word rows, the
    // count that picks the broad path) only needs which postings have a word. At 1,000,000
    // postings a third of the entries were such repeats (docs/scaling.md, session 21).
    const listed = new Set<Uint32Array>();
    // The values by posting of the terms the titled variants look up (`#sumTitled`), each filled
    // once a search and shared by the variants; cleared after the last variant.
    const byPosting = new Map<TermPostings, Float32Array>();
    // The first variant scored is summed straight into `keyword` (all zeros until then, and the
    // best of 0 and a sum of non-negative terms is the sum, rounded to f32 alike): no second pass
    // over its lists to take the best and clear. Most queries have one variant; at 1,000,000
    // postings a broad one's lists hold hundreds of thousands of entries (docs/scaling.md,
    // session 22).
    let first = true;
    query.termVariants.forEach((terms, v) => {
      const names = [...new Set(terms)];
      const unique = names.map((t) => lift ? lift(t, this.#postings(t)) : this.#postings(t));
      const total = unique.reduce((sum, p) => sum + p.idf, 0);
      if (total === 0) return;
      const titleTerms = [...new Set(query.titleTerms[v] ?? [])];
      const direct = first;
      first = false;
      for (const { positions } of unique) {
        if (!listed.has(positions)) {
          listed.add(positions);
          touched.push(positions);
        }
      }
      if (titleTerms.length > 0) {
        this.#sumTitled(names, unique, titleTerms, total, byPosting);
        return;
      }
      // `variant` is all zeros between variants: what this one sets is cleared below.
      const into = direct ? keyword : variant;
      for (const { positions, values, idf } of unique) {
        const weight = idf / total;
        for (let k = 0; k < positions.length; k++) into[positions[k]] += weight * values[k];
      }
      if (direct) return;
      // A posting with several of the words is met once per word: the first meeting takes its
      // score and clears it, the later ones see 0. No branch on the scores and no running best
      // here: at 1,000,000 postings a broad query meets millions (13.8 against 33.6 ms a
      // search).
      for (const { positions } of unique) {
        for (let k = 0; k < positions.length; k++) {
          const p = positions[k];
          keyword[p] = Math.max(keyword[p], variant[p]);
          variant[p] = 0;
        }
      }
    });
    for (const [{ positions }, values] of byPosting) {
      for (let k = 0; k < positions.length; k++) values[positions[k]] = 0;
    }
    this.best = bestOf(keyword, touched);
    return touched;
  }

  /**
   * A variant with title terms (a synonym's words) counts only for the postings with them all in
   * the title or tags (`#titledGroup`): only those are summed, term after term in the variant's
   * order as every variant is (the same float32 roundings, so the same scores), then the best
   * taken into `scores`. A query with synonyms has up to seven variants sharing the query's other
   * words, whose lists are among the longest ("full", "stack"): summed over every entry of its
   * lists, each variant cost a pass over them all (docs/scaling.md, session 26). The other words'
   * values are looked up by posting, filled once a search for all the variants.
   */
  #sumTitled(
    names: string[],
    unique: TermPostings[],
    titleTerms: string[],
    total: number,
    byPosting: Map<TermPostings, Float32Array>,
  ): void {
    // A title term among the variant's terms brings its values from the variant's own postings
    // (perhaps lifted, src/index/stated_type.ts, which keeps every posting's `inTitle`).
    const group = this.#titledGroup(titleTerms.map((t) => {
      const i = names.indexOf(t);
      return i >= 0 ? unique[i] : this.#postings(t);
    }));
    const { positions } = group;
    const count = positions.length;
    if (count === 0) return;
    if (this.#sums.length < count) this.#sums = new Float32Array(2 ** Math.ceil(Math.log2(count)));
    const sums = this.#sums;
    sums.fill(0, 0, count);
    unique.forEach((postings, i) => {
      const weight = postings.idf / total;
      const titled = titleTerms.indexOf(names[i]);
      if (titled >= 0) {
        const values = group.values[titled];
        for (let j = 0; j < count; j++) sums[j] += weight * values[j];
        return;
      }
      const { positions: own, values: ownValues } = postings;
      let values = byPosting.get(postings);
      const shared = values !== undefined || byPosting.size < SHARED_VALUES;
      if (!values) {
        values = this.#valueSlots[Math.min(byPosting.size, SHARED_VALUES)] ??= new Float32Array(
          this.#count,
        );
        for (let k = 0; k < own.length; k++) values[own[k]] = ownValues[k];
        if (shared) byPosting.set(postings, values);
      }
      // A posting without the term adds 0: its sum is the same float32.
      for (let j = 0; j < count; j++) sums[j] += weight * values[positions[j]];
      if (!shared) { for (let k = 0; k < own.length; k++) values[own[k]] = 0; }
    });
    const keyword = this.scores;
    for (let j = 0; j < count; j++) {
      const p = positions[j];
      keyword[p] = Math.max(keyword[p], sums[j]);
    }
  }

  /**
   * The postings with every one of `lists`' terms in their title or tags, in position order, and
   * each list's values there. It depends on the lists alone, so it is kept: a synonym's variant
   * (the same title terms in every developer query) finds its postings without a pass over them.
   */
  #titledGroup(lists: TermPostings[]): TitledGroup {
    const key = lists.map((list) => {
      let id = this.#ids.get(list);
      if (id === undefined) this.#ids.set(list, id = this.#nextId++);
      return id;
    }).join(" ");
    let group = this.#groups.get(key);
    if (group) return group;
    // Each list's titled entries, ascending: its positions sorted, its values carried by posting
    // in `#variant` (all zeros between variants) meanwhile.
    const byPosting = this.#variant;
    const titled = lists.map(({ positions, values, inTitle }) => {
      let count = 0;
      for (let k = 0; k < positions.length; k++) count += inTitle[k];
      const sorted = new Uint32Array(count);
      for (let k = 0, j = 0; k < positions.length; k++) {
        if (inTitle[k] === 0) continue;
        sorted[j++] = positions[k];
        byPosting[positions[k]] = values[k];
      }
      sorted.sort();
      const sortedValues = new Float32Array(count);
      for (let j = 0; j < count; j++) sortedValues[j] = byPosting[sorted[j]];
      for (let j = 0; j < count; j++) byPosting[sorted[j]] = 0;
      return { positions: sorted, values: sortedValues };
    });
    // The positions in all of them, from the shortest.
    const shortest = titled.reduce((a, b) => b.positions.length < a.positions.length ? b : a);
    let positions = shortest.positions;
    for (const other of titled) {
      if (other === shortest) continue;
      const kept = new Uint32Array(positions.length);
      let count = 0;
      for (let j = 0, k = 0; j < positions.length; j++) {
        const p = positions[j];
        while (k < other.positions.length && other.positions[k] < p) k++;
        if (other.positions[k] === p) kept[count++] = p;
      }
      positions = kept.slice(0, count);
    }
    const values = titled.map((list) => {
      if (list.positions === positions) return list.values;
      const at = new Float32Array(positions.length);
      for (let j = 0, k = 0; j < positions.length; j++) {
        while (list.positions[k] !== positions[j]) k++;
        at[j] = list.values[k];
      }
      return at;
    });
    group = { positions, values };
    this.#groups.set(key, group);
    return group;
  }
}
