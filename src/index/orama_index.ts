/**
 * The in-memory search index on Orama: Orama holds the postings' searchable and filter fields
 * (tokenised with our tokenizer), its inverted index finds the postings with each query word, its
 * per-field term frequencies give the keyword score. Our code adds the title-vector score, ranks,
 * and applies the filter table's tests (src/domain/filters.ts) to the postings themselves. Pure
 * computation, no I/O. An index loaded from a snapshot reads the words from a term dictionary made
 * of Orama's radix trees and frequencies at publish time (`splitSavedOrama`): the same lookups,
 * without the cost of loading those structures (docs/search.md, "Cold start").
 *
 * Not Orama's full-text `search()` for the words: it scores, sorts and wraps every match (per
 * posting a Map of matches per field), 20 ms for a broad query over 20,000 postings against 2 ms
 * for looking the words up in its radix trees (docs/search.md).
 *
 * Why not Orama's own scores (measured, docs/search.md): its BM25 has no upper bound and means
 * different things for different queries, and its hybrid mode min-max rescales every query's
 * scores onto [0, 1], so 1.0 is "the best of this query" however poor. The keyword score here is
 * computed from the same term frequencies Orama stores, as before: the IDF-weighted share of the
 * query's words a posting has, a word counting fully in the title or tags, at most half in the
 * description alone, and in the company or location fully only if it is used as a name there.
 * The vectors stay outside Orama: brute-force cosine over the distinct titles (6,712 for 11,517
 * postings) is 4x less work than Orama's vector search over every posting, and Orama's `save()`
 * writes each vector twice as JSON numbers.
 *
 * @module
 */
import {
  create,
  insertMultiple,
  load,
  type Orama,
  type RawData,
  save,
  type Tokenizer,
} from "@orama/orama";
import { countFacets, type FilterContext, postingTests } from "../domain/filters.ts";
import type { CityCount, Job } from "../domain/job.ts";
import { RESULT_SET_MAX } from "../domain/search_query.ts";
import type { AnalyzedQuery } from "./analyze_query.ts";
import type { IndexHit, IndexResult, IndexSearch, JobIndexData, ScoreMode } from "./job_index.ts";
import {
  type Bm25Params,
  DEFAULT_BM25,
  DEFAULT_CUT,
  DEFAULT_RANKING,
  type RankingParams,
  type TextField,
} from "./ranking.ts";
import { tokenize } from "./tokenize.ts";
import {
  buildGazetteer,
  findPlace,
  type Gazetteer,
  type QueryPlace,
  sameCity,
} from "./query_place.ts";
import { foldText } from "../domain/fold_text.ts";
import { repostGroups } from "./reposts.ts";
import { REMOTE_CITY } from "../places/remote.ts";
import {
  indexStoreOf,
  internalIdOf,
  type OramaIndexStore,
  savedOramaOf,
  type SavedRadixNode,
} from "./orama_internals.ts";

/** Without a gazetteer, no `near` place can be located: such a filter lets nothing through. */
const NO_PLACES: FilterContext = { locate: () => null };

/** The postings' text fields as Orama indexes them (filters are tested on the postings). */
const SCHEMA = {
  title: "string",
  tags: "string",
  company: "string",
  location: "string",
  description: "string",
} as const;

type OramaDb = Orama<typeof SCHEMA>;

/** The text fields the keyword score reads. */
const TEXT_FIELDS: TextField[] = ["title", "tags", "company", "location", "description"];

/**
 * Characters of the description Orama indexes. Orama counts a token's frequency by scanning the
 * field's tokens once per token (quadratic in the field's length), so whole descriptions made a
 * 20,000-posting index take seconds to build; the start of a description says what the job is.
 */
export const DESCRIPTION_CHARS = 1000;

/**
 * Orama's tokenizer, replaced by ours (stop words, Orama's English stems with our exceptions,
 * accents folded) so that postings and queries meet on the same terms. Queries arrive already
 * analysed (src/index/analyze_query.ts, which also spells out abbreviations), as terms joined by
 * spaces: Orama calls the tokenizer without a property name for the search term.
 */
const TOKENIZER: Tokenizer = {
  language: "english",
  normalizationCache: new Map(),
  tokenize(raw: string, _language?: string, property?: string): string[] {
    if (property === undefined) return raw.split(" ").filter((t) => t !== "");
    return tokenize(raw);
  },
};

function createDb(): OramaDb {
  // No sort indexes: results are ordered here, and they doubled the index's size.
  return create({ schema: SCHEMA, sort: { enabled: false }, components: { tokenizer: TOKENIZER } });
}

function oramaDocOf(job: Job, position: number, descriptionChars: number) {
  return {
    id: String(position),
    title: job.job_title,
    tags: job.job_tags.join(" "),
    company: job.company_name,
    location: job.city,
    description: withoutName(job.job_description.slice(0, descriptionChars), job.company_name),
  };
}

/**
 * The description without the company's own name: "Rowbotham Accountants is hiring a Program
 * Analyst" names the employer (which the company field holds), not the job.
 */
function withoutName(description: string, company: string): string {
  const name = company.trim();
  if (name.length < 2) return description;
  const literal = name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  // Whole words only: a company called "AB" must not cut "about".
  return description.replace(
    new RegExp(`(?<![\\p{L}\\p{N}])${literal}(?![\\p{L}\\p{N}])`, "giu"),
    " ",
  );
}

/** Orama's index of the postings, numbered by their position in `jobs`. */
export function buildOrama(jobs: Job[], descriptionChars = DESCRIPTION_CHARS): OramaDb {
  const db = createDb();
  // Synchronous: every component is.
  insertMultiple(db, jobs.map((job, p) => oramaDocOf(job, p, descriptionChars)), 2000);
  return db;
}

/** Orama's serialisable form of the index (what `save()` gives). */
export function saveOrama(db: OramaDb): RawData {
  return save(db);
}

function loadOrama(raw: RawData): OramaDb {
  const db = createDb();
  load(db, raw);
  return db;
}

function byDateThenScore(a: IndexHit, b: IndexHit): number {
  if (a.job.publish_time !== b.job.publish_time) {
    return a.job.publish_time < b.job.publish_time ? 1 : -1;
  }
  return b.score - a.score || (a.job.id < b.job.id ? -1 : a.job.id > b.job.id ? 1 : 0);
}

function byScoreThenDate(a: IndexHit, b: IndexHit): number {
  if (a.score !== b.score) return b.score - a.score;
  if (a.job.publish_time !== b.job.publish_time) {
    return a.job.publish_time < b.job.publish_time ? 1 : -1;
  }
  return a.job.id < b.job.id ? -1 : a.job.id > b.job.id ? 1 : 0;
}

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
/**
 * Bytes of filter masks kept per index (one byte per posting and filter value): 64 filter values
 * at 1,000,000 postings.
 */
const FILTER_CACHE_BYTES = 64_000_000;

/** Scores are rounded to 4 decimals and handled as integers 0..10,000. */
const SCORE_STEPS = 10_000;

/** The least whole number of score steps at or above `score` (a bar a score must reach). */
function steps(score: number): number {
  return Math.max(0, Math.ceil(score * SCORE_STEPS - 1e-6));
}

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

/**
 * The text fields' terms, replacing Orama's radix trees and `frequencies` in a snapshot: loading
 * those took most of a 20,000-posting cold start (`JSON.parse` making an object per posting keyed
 * by its terms, 0.4 s; Orama's `load()` making a Set and a Map per tree node, 0.1 s; docs/search.md).
 */
export type TermDictionary = Record<TextField, FieldTerms>;

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

function countCities(jobs: Job[]): CityCount[] {
  const counts = new Map<string, CityCount>();
  for (const { city, country } of jobs) {
    if (city === "") continue;
    const key = `${country ?? ""}\u0000${city}`;
    const found = counts.get(key);
    if (found) found.count++;
    else counts.set(key, country === undefined ? { city, count: 1 } : { city, country, count: 1 });
  }
  return [...counts.values()].sort((a, b) =>
    b.count - a.count || a.city.localeCompare(b.city) ||
    (a.country ?? "").localeCompare(b.country ?? "")
  );
}

/** Index of `term` in sorted `words`, or -1. */
function wordIndex(words: string[], term: string): number {
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

/** A loaded index. Searching is synchronous, so scratch buffers are shared between calls. */
export class JobIndex {
  readonly data: JobIndexData;
  #db: OramaDb | null;
  readonly #bm25: Bm25Params;
  /** Orama's live index; null for an index given its text by position. */
  readonly #store: OramaIndexStore | null;
  /** Per text field, the field's length of each posting, by Orama internal id (or by position). */
  readonly #lengths: Record<TextField, ArrayLike<number> | Record<number, number | undefined>>;
  #positionText: PositionText | null = null;
  /** The id that addresses each posting in the term dictionary and the field lengths. */
  readonly #idOfPosition: Uint32Array;
  /** Position in `jobs` of each Orama internal id. */
  readonly #positionOf: Uint32Array;
  /** Postings of each vector row: `docsOfRow[rowStart[r]..rowStart[r + 1]]`. */
  readonly #rowStart: Uint32Array;
  readonly #docsOfRow: Uint32Array;
  readonly #averages: Record<TextField, number>;
  /** From a snapshot: the text fields' terms; otherwise null, and Orama's radix trees have them. */
  readonly #terms: TermDictionary | null;
  readonly #termCache = new Map<string, TermPostings>();
  /** Per filter value (`postingTests` key), 1 for each posting it lets through. */
  readonly #filterCache = new Map<string, Uint8Array>();
  /** Keyword score of every posting for the running search, and one variant's scratch. */
  readonly #keyword: Float32Array;
  readonly #variant: Float32Array;
  /** Per posting, how many of a variant's title terms it has in its title or tags. */
  readonly #titleHits: Uint8Array;
  readonly #cosines: Float32Array;
  /** Posting → 1 + its slot in the candidate list of the running search (0: not a candidate). */
  readonly #slot: Uint32Array;
  readonly #candidates: Uint32Array;
  readonly #candidateScores: Uint16Array;
  readonly #histogram = new Uint32Array(SCORE_STEPS + 1);
  /** Per repost group, 1 + the candidate slot of its best copy in the running search (0: none). */
  readonly #groupBest: Uint32Array;
  /** Built on first need (or by `prepare()`): what reposts and places are made of. */
  #places: { gazetteer: Gazetteer; cityKeyOf: string[] | null; remote: Uint8Array } | null = null;
  #reposts: Uint32Array | null = null;

  constructor(
    data: JobIndexData & { terms?: TermDictionary },
    options: {
      db?: OramaDb;
      bm25?: Bm25Params;
      descriptionChars?: number;
      /** The text by position (a merged index): no Orama instance is loaded or built. */
      text?: PositionText;
    } = {},
  ) {
    const { db, bm25 = DEFAULT_BM25 } = options;
    const n = data.jobs.length;
    if (data.vectorOfDoc.length !== n) {
      throw new RangeError("Cannot build index: one vector row per posting is required");
    }
    this.data = data;
    this.#bm25 = bm25;
    if (options.text) {
      this.#db = null;
      this.#store = null;
      this.#terms = options.text.terms;
      this.#lengths = options.text.lengths;
      this.#positionText = options.text;
      this.#positionOf = new Uint32Array(n + 1);
      for (let p = 0; p < n; p++) this.#positionOf[p] = p;
      this.#idOfPosition = this.#positionOf;
    } else {
      const loaded = db ??
        (data.orama ? loadOrama(data.orama) : buildOrama(data.jobs, options.descriptionChars));
      this.#db = loaded;
      this.#store = indexStoreOf(loaded, TEXT_FIELDS);
      this.#terms = data.terms ?? null;
      this.#lengths = this.#store.fieldLengths as PositionText["lengths"];
      this.#positionOf = new Uint32Array(n + 1);
      this.#idOfPosition = new Uint32Array(n);
      for (let p = 0; p < n; p++) {
        const id = internalIdOf(loaded, String(p));
        this.#positionOf[id] = p;
        this.#idOfPosition[p] = id;
      }
    }
    const rows = data.vectors.length / data.dimensions;
    this.#rowStart = new Uint32Array(rows + 1);
    for (let p = 0; p < n; p++) this.#rowStart[data.vectorOfDoc[p] + 1]++;
    for (let r = 0; r < rows; r++) this.#rowStart[r + 1] += this.#rowStart[r];
    this.#docsOfRow = new Uint32Array(n);
    const cursor = this.#rowStart.slice(0, rows);
    for (let p = 0; p < n; p++) this.#docsOfRow[cursor[data.vectorOfDoc[p]]++] = p;
    // The exact mean (integer sum, one division), not Orama's running mean, whose rounding
    // depends on the order postings were inserted in: an index merged from deltas must score as
    // one built at once from the same postings (src/index/index_delta.ts).
    this.#averages = Object.fromEntries(TEXT_FIELDS.map((f) => {
      let sum = 0;
      const lengths = this.#lengths[f];
      for (let p = 0; p < n; p++) sum += lengths[this.#idOfPosition[p]] ?? 0;
      return [f, Math.max(1, n === 0 ? 0 : sum / n)];
    })) as Record<TextField, number>;
    this.#keyword = new Float32Array(n);
    this.#variant = new Float32Array(n);
    this.#titleHits = new Uint8Array(n);
    this.#cosines = new Float32Array(rows);
    this.#slot = new Uint32Array(n);
    this.#candidates = new Uint32Array(n);
    this.#candidateScores = new Uint16Array(n);
    this.#groupBest = new Uint32Array(n);
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
      const t = wordIndex(words, term);
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

  get size(): number {
    return this.data.jobs.length;
  }

  /** Orama's instance of this index; built on first use for an index merged from deltas. */
  get db(): OramaDb {
    return this.#db ??= buildOrama(this.data.jobs);
  }

  /**
   * This index's terms and field lengths by posting position, what a delta is merged into
   * (src/index/index_delta.ts). Made once per index from the term dictionary (or Orama's own
   * index, for one built rather than loaded).
   */
  positionText(): PositionText {
    if (this.#positionText) return this.#positionText;
    const n = this.data.jobs.length;
    const dictionary = this.#terms ?? splitSavedOrama(save(this.db)).terms;
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
   * A term's postings from Orama's inverted index and term frequencies: every posting with the
   * term, and what the term is worth there in the title and tags, the company and location, and
   * the description (saturated BM25F frequencies over the reference of one mention in an average
   * title). Depends on the term alone, so it is cached per index.
   */
  #postings(term: string): TermPostings {
    let postings = this.#termCache.get(term);
    if (postings) return postings;
    const { k1, fields, descriptionShare, nameShare, nameRatio } = this.#bm25;
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
    const n = this.data.jobs.length;
    const idf = Math.log(1 + (n - found.size + 0.5) / (found.size + 0.5));
    postings = { positions, values, inTitle, idf };
    if (this.#termCache.size >= TERM_CACHE_SIZE) this.#termCache.clear();
    this.#termCache.set(term, postings);
    return postings;
  }

  /**
   * Keyword scores into `#keyword` (zeroed first), the best over the query's term variants: the
   * IDF-weighted share of the query's words a posting has. A variant with title terms (a synonym's
   * words) counts only for postings with all of them in the title or tags. Returns the postings
   * lists touched.
   */
  #scoreKeywords(query: AnalyzedQuery): Uint32Array[] {
    const keyword = this.#keyword;
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

  /**
   * The postings that pass every filter (src/domain/filters.ts), or null without filters. Each
   * filter value's postings are kept, so a new combination of known values costs one pass over
   * the postings' masks.
   */
  #allowed(filters: IndexSearch["filters"], context: FilterContext): Uint8Array | null {
    const tests = postingTests(filters ?? {}, context);
    if (tests.length === 0) return null;
    const { jobs } = this.data;
    const masks = tests.map(({ key, test }) => {
      let mask = this.#filterCache.get(key);
      if (!mask) {
        mask = new Uint8Array(jobs.length);
        for (let p = 0; p < jobs.length; p++) mask[p] = test(jobs[p]) ? 1 : 0;
        if ((this.#filterCache.size + 1) * jobs.length > FILTER_CACHE_BYTES) {
          this.#filterCache.clear();
        }
        this.#filterCache.set(key, mask);
      }
      return mask;
    });
    if (masks.length === 1) return masks[0];
    const allowed = masks[0].slice();
    for (const mask of masks.slice(1)) {
      for (let p = 0; p < allowed.length; p++) allowed[p] &= mask[p];
    }
    return allowed;
  }

  /** Cosine of the query with every distinct title vector (all unit length: a dot product). */
  #scoreVectors(vector: Float32Array): Float32Array {
    const { vectors, dimensions } = this.data;
    if (vector.length !== dimensions) {
      throw new RangeError(
        `Cannot search: query vector has ${vector.length} dimensions, index ${dimensions}`,
      );
    }
    const cosines = this.#cosines;
    // Four running sums: 1.4x faster than one in V8 (measured, docs/search.md).
    const unrolled = dimensions - (dimensions % 4);
    for (let row = 0, base = 0; row < cosines.length; row++, base += dimensions) {
      let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
      for (let k = 0; k < unrolled; k += 4) {
        s0 += vectors[base + k] * vector[k];
        s1 += vectors[base + k + 1] * vector[k + 1];
        s2 += vectors[base + k + 2] * vector[k + 2];
        s3 += vectors[base + k + 3] * vector[k + 3];
      }
      for (let k = unrolled; k < dimensions; k++) s0 += vectors[base + k] * vector[k];
      cosines[row] = s0 + s1 + s2 + s3;
    }
    return cosines;
  }

  /**
   * The result set: the best 1,000 of the `count` candidates by score (ties: newer first), found
   * with a histogram of the integer scores so that a broad query does not sort 20,000 postings.
   */
  #bestByScore(count: number): IndexHit[] {
    const { jobs } = this.data;
    const candidates = this.#candidates;
    const scores = this.#candidateScores;
    const hit = (k: number): IndexHit => ({
      job: jobs[candidates[k]],
      score: scores[k] / SCORE_STEPS,
    });
    const set: IndexHit[] = [];
    if (count <= RESULT_SET_MAX) {
      for (let k = 0; k < count; k++) set.push(hit(k));
      return set;
    }
    const histogram = this.#histogram;
    histogram.fill(0);
    for (let k = 0; k < count; k++) histogram[scores[k]]++;
    // Lower the bar from the top until the next score step would overfill the set.
    let bar = SCORE_STEPS;
    let above = 0;
    while (above + histogram[bar] < RESULT_SET_MAX) above += histogram[bar--];
    const tied: IndexHit[] = [];
    for (let k = 0; k < count; k++) {
      if (scores[k] > bar) set.push(hit(k));
      else if (scores[k] === bar) tied.push(hit(k));
    }
    tied.sort(byScoreThenDate);
    for (let k = 0; set.length < RESULT_SET_MAX; k++) set.push(tied[k]);
    return set;
  }

  /** Builds what the first search would otherwise build (a server calls it before serving). */
  prepare(): this {
    this.#placeData();
    this.#repostGroups();
    this.#positionOfJob(this.data.jobs[0]);
    return this;
  }

  #cityCounts: CityCount[] | null = null;

  /**
   * The cities of this index's postings with their country and number of postings (reposts each
   * counted), most postings first, then by name and country; with `country`, that country's only.
   * Postings without a city are not counted. Read from the index, not the store, so that every city
   * listed is one a search on this index finds postings in, as many as listed (a search shows
   * reposts of one job as one hit, with the others' URLs).
   */
  cities(country?: string): CityCount[] {
    this.#cityCounts ??= countCities(this.data.jobs);
    return this.#cityCounts.filter((c) => country === undefined || c.country === country);
  }

  #placeData() {
    if (this.#places) return this.#places;
    this.#places = {
      gazetteer: buildGazetteer(this.data.jobs),
      // On the first query with a city: it reads GeoNames, which the index needs not to be ready.
      cityKeyOf: null,
      remote: Uint8Array.from(
        this.data.jobs,
        (job) => job.city === REMOTE_CITY || job.job_tags.includes("remote") ? 1 : 0,
      ),
    };
    return this.#places;
  }

  #repostGroups(): Uint32Array {
    return this.#reposts ??= repostGroups(this.data.jobs);
  }

  /**
   * The place the query text names: a city or country the index has postings in, or a place of
   * the world a person plainly names (src/index/query_place.ts).
   */
  placeIn(query: string): QueryPlace | null {
    return findPlace(query, this.#placeData().gazetteer);
  }

  /** The spelling the postings use for a city written with other case or accents, if any. */
  cityNamed(city: string): string | undefined {
    return this.#placeData().gazetteer.cities.get(foldText(city))?.name;
  }

  /** Postings at the place: the mask for `passes`, null when no place is asked. */
  #placeMask(place: IndexSearch["place"]): ((p: number) => boolean) | null {
    if (!place || (!place.cityKey && !place.country && !place.remote)) return null;
    const places = this.#placeData();
    const { jobs } = this.data;
    const { remote } = places;
    let cityKeyOf = places.cityKeyOf;
    if (place.cityKey !== undefined && cityKeyOf === null) {
      // Every spelling and name of one place matches as one city ("München", "Munich").
      const { keyOf } = sameCity(places.gazetteer);
      cityKeyOf = places.cityKeyOf = jobs.map((job) => {
        const key = foldText(job.city);
        return keyOf.get(key) ?? key;
      });
    }
    return (p) =>
      (place.cityKey === undefined || cityKeyOf![p] === place.cityKey) &&
      (place.country === undefined || jobs[p].country === place.country) &&
      (!place.remote || remote[p] === 1);
  }

  /**
   * One candidate per job: of the reposts of one job among the first `count` candidates, the one
   * scoring best (then newest, then lowest id) stays, compacted to the front; the others are
   * returned, to be listed as `also_posted_at` of the copy that stays. Before any filter, so that
   * a filter tests the copy that stands for the job, as the unfiltered set shows it.
   */
  #keepOneCopy(count: number): { count: number; others: { position: number; score: number }[] } {
    const groups = this.#repostGroups();
    const { jobs } = this.data;
    const candidates = this.#candidates;
    const scores = this.#candidateScores;
    const bestOf = this.#groupBest;
    const better = (k: number, than: number) => {
      if (scores[k] !== scores[than]) return scores[k] > scores[than];
      const a = jobs[candidates[k]];
      const b = jobs[candidates[than]];
      if (a.publish_time !== b.publish_time) return a.publish_time > b.publish_time;
      return a.id < b.id;
    };
    for (let k = 0; k < count; k++) {
      const group = groups[candidates[k]];
      const held = bestOf[group];
      if (held === 0 || better(k, held - 1)) bestOf[group] = k + 1;
    }
    const others: { position: number; score: number }[] = [];
    let kept = 0;
    for (let k = 0; k < count; k++) {
      const p = candidates[k];
      if (bestOf[groups[p]] === k + 1) {
        candidates[kept] = p;
        scores[kept] = scores[k];
        kept++;
      } else others.push({ position: p, score: scores[k] });
    }
    for (let k = 0; k < kept; k++) bestOf[groups[candidates[k]]] = 0;
    return { count: kept, others };
  }

  /** The other copies' URLs on the hit of their job, best copy first. */
  #listOtherCopies(set: IndexHit[], others: { position: number; score: number }[]): void {
    if (others.length === 0) return;
    const groups = this.#repostGroups();
    const { jobs } = this.data;
    const hitOfGroup = new Map<number, IndexHit>();
    for (const hit of set) hitOfGroup.set(groups[this.#positionOfJob(hit.job)], hit);
    const listed = others
      .filter(({ position }) => hitOfGroup.has(groups[position]))
      .map(({ position, score }): IndexHit => ({ job: jobs[position], score: score / SCORE_STEPS }))
      .sort(byScoreThenDate);
    for (const other of listed) {
      const hit = hitOfGroup.get(groups[this.#positionOfJob(other.job)])!;
      (hit.alsoPostedAt ??= []).push(other.job.job_url);
    }
  }

  #jobPositions: Map<Job, number> | null = null;

  #positionOfJob(job: Job | undefined): number {
    this.#jobPositions ??= new Map(this.data.jobs.map((j, p) => [j, p]));
    return job ? this.#jobPositions.get(job)! : -1;
  }

  /**
   * The result set and the requested page of it. Which postings are relevant is decided on the
   * query alone, over every posting: the score, the floor, the relative cut against the best match
   * anywhere, the rescue of weak best matches, and which copy of a reposted job stands for it.
   * Only then do the filters and the place remove postings, and the 1,000 cap applies to what
   * remains. So the set for (query, filters) is exactly the members of the query's set that pass
   * the filters (docs/search.md, "Filters only narrow").
   */
  search(request: IndexSearch): IndexResult {
    const mode = request.mode ?? "hybrid";
    // Only filler ("job", "work", "jobs in"): the query names no job, and a sentence encoder
    // relates filler to every title a little; the result set stays empty (docs/search.md).
    if (mode !== "vector" && request.query.termVariants.every((terms) => terms.length === 0)) {
      return { total: 0, hits: [] };
    }
    const ranking = request.ranking ?? DEFAULT_RANKING;
    const minScore = request.minScore ?? DEFAULT_CUT.minScore;
    const { vectorOfDoc } = this.data;
    const { cosineFloor, cosineCeiling } = ranking;
    const span = cosineCeiling - cosineFloor;
    const enough = steps(minScore);
    const least = Math.min(enough, steps(request.weakFloor ?? minScore));

    // Posting -> 1 + its candidate slot; cleared first, a failed search may leave it dirty.
    const slot = this.#slot;
    slot.fill(0);
    const candidates = this.#candidates;
    let count = 0;
    const add = (p: number) => {
      if (slot[p] === 0) {
        candidates[count++] = p;
        slot[p] = count;
      }
    };
    const keyword = this.#keyword;
    if (mode === "vector") keyword.fill(0);
    else {
      for (const positions of this.#scoreKeywords(request.query)) {
        for (const p of positions) add(p);
      }
    }
    // Postings with none of the words and no likeness score 0: candidates only if 0 is enough.
    if (least === 0) { for (let p = 0; p < this.data.jobs.length; p++) add(p); }
    let cosines: Float32Array | null = null;
    if (mode !== "keyword") {
      if (!request.vector) throw new RangeError("Cannot search: a query vector is required");
      cosines = this.#scoreVectors(request.vector);
      // Postings whose title alone can score: the postings of the rows above the floor.
      const floor = mode === "vector" ? 0 : cosineFloor;
      for (let r = 0; r < cosines.length; r++) {
        if (cosines[r] <= floor) continue;
        for (let k = this.#rowStart[r]; k < this.#rowStart[r + 1]; k++) add(this.#docsOfRow[k]);
      }
    }

    let bestKeyword = 0;
    for (let k = 0; k < count; k++) bestKeyword = Math.max(bestKeyword, keyword[candidates[k]]);
    const vectorWeight = ranking.vectorWeight +
      ((ranking.vectorWeightUnmatched ?? ranking.vectorWeight) - ranking.vectorWeight) *
        (1 - Math.min(1, bestKeyword));
    const scores = this.#candidateScores;
    let kept = 0;
    for (let k = 0; k < count; k++) {
      const p = candidates[k];
      let score: number;
      if (mode === "keyword") score = keyword[p];
      else {
        const cosine = cosines![vectorOfDoc[p]];
        if (mode === "vector") score = Math.max(0, cosine);
        else {
          const semantic = Math.min(1, Math.max(0, (cosine - cosineFloor) / span));
          score = vectorWeight * semantic + (1 - vectorWeight) * keyword[p];
        }
      }
      const scoreSteps = Math.round(Math.min(1, score) * SCORE_STEPS);
      if (scoreSteps >= least) {
        candidates[kept] = p;
        scores[kept] = scoreSteps;
        kept++;
      }
    }
    return this.#resultSet(kept, request, enough, least);
  }

  /**
   * The result set from the `kept` scored candidates (`#candidates`, `#candidateScores`, in
   * score steps at or above the floor `least`), for `search` and `searchScores` alike: the cut
   * decided on the scores alone (the minimum `enough` when the best reaches it, the relative cut
   * against the best), one copy per reposted job, then the filters and the place remove postings,
   * then the 1,000 cap, the order, the page and the facets.
   */
  #resultSet(
    kept: number,
    request: Omit<IndexSearch, "query" | "vector" | "mode" | "ranking">,
    enough: number,
    least: number,
  ): IndexResult {
    const candidates = this.#candidates;
    const scores = this.#candidateScores;
    let best = 0;
    for (let k = 0; k < kept; k++) best = Math.max(best, scores[k]);
    const bar = Math.max(
      best >= enough ? enough : least,
      steps((request.relativeCut ?? 0) * best / SCORE_STEPS),
    );
    let count = 0;
    for (let k = 0; k < kept; k++) {
      if (scores[k] >= bar) {
        candidates[count] = candidates[k];
        scores[count] = scores[k];
        count++;
      }
    }
    let others: { position: number; score: number }[] = [];
    if (!request.keepReposts) ({ count, others } = this.#keepOneCopy(count));

    const allowed = this.#allowed(request.filters, request.context ?? NO_PLACES);
    const atPlace = this.#placeMask(request.place);
    if (allowed !== null || atPlace !== null) {
      let passed = 0;
      for (let k = 0; k < count; k++) {
        const p = candidates[k];
        if ((allowed === null || allowed[p] === 1) && (atPlace === null || atPlace(p))) {
          candidates[passed] = p;
          scores[passed] = scores[k];
          passed++;
        }
      }
      count = passed;
    }
    const set = this.#bestByScore(count).sort(byScoreThenDate);
    this.#listOtherCopies(set, others);
    if ((request.sort ?? "date") === "date") set.sort(byDateThenScore);
    const offset = request.offset ?? 0;
    const limit = request.limit ?? set.length;
    const result: IndexResult = { total: set.length, hits: set.slice(offset, offset + limit) };
    if (request.facets?.length) {
      result.facets = countFacets(set.map((hit) => hit.job), request.facets);
    }
    return result;
  }

  // Scores given from outside. A profile search (src/search/profile_search.ts) scores several
  // queries, fuses them per posting, and hands the fused scores back: the set is then made by the
  // same rules as `search` makes it. Kept apart from `search` so that each can change alone; the
  // parity test (src/index/scores_search_test.ts) holds the two to the same result.

  /**
   * Every posting's score for one query, as `search` computes it before the cut (the keyword
   * share, the title cosine mapped onto [0, 1], and their mix, whose vector share follows the best
   * keyword score), unrounded, indexed like `data.jobs`; 0 for a posting with none of the words and
   * no likeness above the floor.
   */
  scoresOf(
    query: AnalyzedQuery,
    vector: Float32Array | undefined,
    options: { mode?: ScoreMode; ranking?: RankingParams } = {},
  ): Float32Array {
    const mode = options.mode ?? "hybrid";
    const ranking = options.ranking ?? DEFAULT_RANKING;
    const n = this.data.jobs.length;
    const out = new Float32Array(n);
    if (mode !== "vector" && query.termVariants.every((terms) => terms.length === 0)) return out;
    const keyword = this.#keyword;
    if (mode === "vector") keyword.fill(0);
    else this.#scoreKeywords(query);
    if (mode === "keyword") {
      out.set(keyword.subarray(0, n));
      return out;
    }
    if (!vector) throw new RangeError("Cannot score: a query vector is required");
    const cosines = this.#scoreVectors(vector);
    const { vectorOfDoc } = this.data;
    const { cosineFloor, cosineCeiling } = ranking;
    const span = cosineCeiling - cosineFloor;
    let bestKeyword = 0;
    for (let p = 0; p < n; p++) if (keyword[p] > bestKeyword) bestKeyword = keyword[p];
    const vectorWeight = ranking.vectorWeight +
      ((ranking.vectorWeightUnmatched ?? ranking.vectorWeight) - ranking.vectorWeight) *
        (1 - Math.min(1, bestKeyword));
    for (let p = 0; p < n; p++) {
      const cosine = cosines[vectorOfDoc[p]];
      if (mode === "vector") out[p] = Math.max(0, cosine);
      else {
        const semantic = Math.min(1, Math.max(0, (cosine - cosineFloor) / span));
        out[p] = vectorWeight * semantic + (1 - vectorWeight) * keyword[p];
      }
    }
    return out;
  }

  /**
   * The result set for scores given per posting (`scores[p]` in [0, 1] for `data.jobs[p]`), made
   * as `search` makes it: the cut decided on the scores alone over every posting, one copy per
   * reposted job, then the filters and the place remove postings, then the 1,000 cap, the order,
   * the page and the facets.
   */
  searchScores(
    scores: Float32Array,
    request: Omit<IndexSearch, "query" | "vector" | "mode" | "ranking">,
  ): IndexResult {
    const n = this.data.jobs.length;
    if (scores.length !== n) {
      throw new RangeError(`Cannot search: ${scores.length} scores for ${n} postings`);
    }
    const minScore = request.minScore ?? DEFAULT_CUT.minScore;
    const enough = steps(minScore);
    const least = Math.min(enough, steps(request.weakFloor ?? minScore));
    const candidates = this.#candidates;
    const stepped = this.#candidateScores;
    let kept = 0;
    for (let p = 0; p < n; p++) {
      const scoreSteps = Math.round(Math.min(1, Math.max(0, scores[p])) * SCORE_STEPS);
      // A posting scoring 0 is no match, whatever the floor.
      if (scoreSteps > 0 && scoreSteps >= least) {
        candidates[kept] = p;
        stepped[kept] = scoreSteps;
        kept++;
      }
    }
    return this.#resultSet(kept, request, enough, least);
  }
}
