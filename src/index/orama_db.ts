/**
 * Orama's database of the postings: which fields it indexes, with our tokenizer, and how it is
 * built and saved (never loaded: a snapshot carries our own columns, not Orama's index). Orama holds the postings' text fields only; the filters are tested on
 * the postings themselves (src/index/filter_masks.ts), the vectors stay outside it
 * (src/index/title_vectors.ts), and its structures are read through src/index/orama_internals.ts.
 *
 * @module
 */
import { writtenOutWords } from "./title_abbreviations.ts";
import {
  create,
  insertMultiple,
  type Orama,
  type RawData,
  save,
  type Tokenizer,
} from "@orama/orama";
import type { Job } from "../domain/job.ts";
import type { TextField } from "./ranking.ts";
import { tokenize } from "./tokenize.ts";
import { withoutName } from "./without_name.ts";

/** The postings' text fields as Orama indexes them (filters are tested on the postings). */
const SCHEMA = {
  title: "string",
  tags: "string",
  company: "string",
  location: "string",
  description: "string",
} as const;

export type OramaDb = Orama<typeof SCHEMA>;

/** The text fields Orama indexes and the keyword score reads. */
export const TEXT_FIELDS: readonly TextField[] = [
  "title",
  "tags",
  "company",
  "location",
  "description",
];

/**
 * Characters of the description Orama indexes. Orama counts a token's frequency by scanning the
 * field's tokens once per token (quadratic in the field's length), so whole descriptions made a
 * 20,000-posting index take seconds to build; the start of a description says what the job is.
 */
const DESCRIPTION_CHARS = 1000;

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

/** What of a posting its text index reads. */
export type IndexedText = Pick<
  Job,
  "job_title" | "job_tags" | "company_name" | "city" | "job_description"
>;

/**
 * The part of a posting the text index reads: the description only as far as it is indexed, so
 * that a slice sent to a worker thread carries no more.
 */
export function indexedTextOf(job: IndexedText): IndexedText {
  return {
    job_title: job.job_title,
    job_tags: job.job_tags,
    company_name: job.company_name,
    city: job.city,
    job_description: job.job_description.slice(0, DESCRIPTION_CHARS),
  };
}

/**
 * A posting's text fields as they are indexed: what Orama is given, and what
 * src/index/position_text.ts tokenizes when it builds the terms without Orama's trees.
 */
export function indexedFieldsOf(job: IndexedText): Record<TextField, string> {
  // The words a title's abbreviations stand for are read beside it ("RN" → "Registered Nurse"):
  // "nurse" finds "RN - Med/Surg", and "rn" still does (src/index/title_abbreviations.ts).
  const writtenOut = writtenOutWords(job.job_title);
  return {
    title: writtenOut ? `${job.job_title} ${writtenOut}` : job.job_title,
    tags: job.job_tags.join(" "),
    company: job.company_name,
    location: job.city,
    description: withoutName(job.job_description.slice(0, DESCRIPTION_CHARS), job.company_name),
  };
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
