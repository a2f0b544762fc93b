/**
 * The words a person reads for a filter's values, which the URL, REST and MCP keep as codes
 * (`parttime`, `mid`, `onsite`): the page's facets showed the codes where a posting says
 * "Part-time" (session 42). Typed against the domain's own lists, so a value added there needs its
 * words here.
 *
 * @module
 */
import type { EmploymentType, Seniority, WorkMode } from "./job.ts";

const EMPLOYMENT_TYPE_WORDS: Record<EmploymentType, string> = {
  // As the importer writes JobSpy's types on a posting (src/ingest/jobspy_csv.ts).
  fulltime: "Full-time",
  parttime: "Part-time",
  contract: "Contract",
  internship: "Internship",
  temporary: "Temporary",
};

const SENIORITY_WORDS: Record<Seniority, string> = {
  intern: "Intern",
  junior: "Junior",
  mid: "Mid-level",
  senior: "Senior",
  lead: "Lead",
  executive: "Executive",
};

const WORK_MODE_WORDS: Record<WorkMode, string> = {
  remote: "Remote",
  hybrid: "Hybrid",
  onsite: "On-site",
};

const WORDS: Record<string, Record<string, string>> = {
  employment_type: EMPLOYMENT_TYPE_WORDS,
  seniority: SENIORITY_WORDS,
  remote: WORK_MODE_WORDS,
};

/**
 * The words for `value` of the filter `name`; the value itself where it has none of its own (a
 * city, a country code, a source).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { valueLabel } from "./value_labels.ts";
 *
 * assert.equal(valueLabel("employment_type", "parttime"), "Part-time");
 * assert.equal(valueLabel("seniority", "mid"), "Mid-level");
 * assert.equal(valueLabel("remote", "onsite"), "On-site");
 * assert.equal(valueLabel("city", "Leeds"), "Leeds");
 * assert.equal(valueLabel("seniority", "constructor"), "constructor");
 * assert.equal(valueLabel("constructor", "name"), "name");
 * ```
 */
export function valueLabel(name: string, value: string): string {
  // Own keys alone: a value or name such as "constructor" is a city's, not Object's.
  return Object.hasOwn(WORDS, name) && Object.hasOwn(WORDS[name], value)
    ? WORDS[name][value]
    : value;
}
