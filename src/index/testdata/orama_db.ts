/**
 * The tests' reference for the text index: Orama's own index of the postings' text fields
 * (`indexedFieldsOf`, src/index/indexed_text.ts) with our tokenizer, built and saved, and read out
 * by src/index/testdata/orama_internals.ts. No shipped code builds one: since session 19 a publish
 * counts the terms from the tokenizer (src/index/position_text.ts), and a test holds them equal to
 * what this index holds (src/index/position_text_test.ts). bench/main.ts searches it as the
 * keyword-only baseline.
 *
 * @module
 */
import {
  create,
  insertMultiple,
  type Orama,
  type RawData,
  save,
  type Tokenizer,
} from "@orama/orama";
import { indexedFieldsOf, type IndexedText } from "../indexed_text.ts";
import { tokenize } from "../tokenize.ts";

/** The postings' text fields as Orama indexes them (filters are tested on the postings). */
const SCHEMA = {
  title: "string",
  tags: "string",
  company: "string",
  location: "string",
  description: "string",
} as const;

export type OramaDb = Orama<typeof SCHEMA>;

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
  // No sort indexes: results are ordered by JobIndex, and they doubled the index's size.
  return create({ schema: SCHEMA, sort: { enabled: false }, components: { tokenizer: TOKENIZER } });
}

function oramaDocOf(job: IndexedText, position: number) {
  return { id: String(position), ...indexedFieldsOf(job) };
}

/** Orama's index of the postings, numbered by their position in `jobs`. */
export function buildOrama(jobs: readonly IndexedText[]): OramaDb {
  const db = createDb();
  // Synchronous: every component is.
  insertMultiple(db, jobs.map((job, p) => oramaDocOf(job, p)), 2000);
  return db;
}

/** Orama's serialisable form of the index (what `save()` gives). */
export function saveOrama(db: OramaDb): RawData {
  return save(db);
}
