/**
 * What of a posting the text index reads, and as what: its text fields, the description cut to
 * its start, a title's abbreviations written out beside it and the company's name taken out of
 * the description. The publish tokenizes these (src/index/position_text.ts) and the keyword score
 * reads their terms (src/index/keyword_scorer.ts); the tests' reference, Orama's own index of the
 * same fields (src/index/testdata/orama_db.ts), is given them too.
 *
 * @module
 */
import type { Job } from "../domain/job.ts";
import type { TextField } from "./ranking.ts";
import { IT_TERM, titleSaysIt } from "./it_field.ts";
import { writtenOutWords } from "./title_abbreviations.ts";
import { withoutName } from "./without_name.ts";

/** The text fields indexed, which the keyword score reads. */
export const TEXT_FIELDS: readonly TextField[] = [
  "title",
  "tags",
  "company",
  "location",
  "description",
];

/**
 * Characters of the description indexed. Orama, which built the index until session 19, counted a
 * token's frequency by scanning the field's tokens once per token (quadratic in the field's
 * length), so whole descriptions made a 20,000-posting index take seconds to build; the start of
 * a description says what the job is.
 */
const DESCRIPTION_CHARS = 1000;

/** What of a posting its text index reads. */
export type IndexedText = Pick<
  Job,
  "job_title" | "job_tags" | "company_name" | "city" | "job_description"
>;

/**
 * A posting's text fields as they are indexed: what src/index/position_text.ts tokenizes, and
 * what the tests' Orama reference is given.
 */
export function indexedFieldsOf(job: IndexedText): Record<TextField, string> {
  // The words a title's abbreviations stand for are read beside it ("RN" → "Registered Nurse"):
  // "nurse" finds "RN - Med/Surg", and "rn" still does (src/index/title_abbreviations.ts).
  // "IT Support": the field, which the stop word "it" leaves out of the terms (src/index/it_field.ts).
  const writtenOut = [writtenOutWords(job.job_title), titleSaysIt(job.job_title) ? IT_TERM : ""]
    .filter(Boolean).join(" ");
  return {
    title: writtenOut ? `${job.job_title} ${writtenOut}` : job.job_title,
    tags: job.job_tags.join(" "),
    company: job.company_name,
    location: job.city,
    description: withoutName(job.job_description.slice(0, DESCRIPTION_CHARS), job.company_name),
  };
}
