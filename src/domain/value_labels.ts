/**
 * The words a person reads for a filter's values, which the URL, REST and MCP keep as codes
 * (`parttime`, `mid`, `onsite`): the page's facets showed the codes where a posting says
 * "Part-time" (session 42). Typed against the domain's own lists, so a value added there needs its
 * words here.
 *
 * @module
 */
import {
  countryName,
  type EmploymentType,
  type Seniority,
  type VisaSponsorship,
  type WorkMode,
} from "./job.ts";

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

const VISA_SPONSORSHIP_WORDS: Record<VisaSponsorship, string> = {
  offered: "Sponsors a visa",
  not_offered: "No visa sponsorship",
};

const WORDS: Record<string, Record<string, string>> = {
  employment_type: EMPLOYMENT_TYPE_WORDS,
  visa_sponsorship: VISA_SPONSORSHIP_WORDS,
  seniority: SENIORITY_WORDS,
  remote: WORK_MODE_WORDS,
};

/**
 * The words for `value` of the filter `name`; the value itself where it has none of its own (a
 * city, a source).
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
 * assert.equal(valueLabel("country", "GB"), "United Kingdom");
 * assert.equal(valueLabel("seniority", "constructor"), "constructor");
 * assert.equal(valueLabel("constructor", "name"), "name");
 * ```
 */
export function valueLabel(name: string, value: string): string {
  // A country by its name ("United Kingdom"), as every result line says it: the page's facets
  // showed "GB" (a user trial, session 46).
  if (name === "country") return countryName(value);
  // Own keys alone: a value or name such as "constructor" is a city's, not Object's.
  return Object.hasOwn(WORDS, name) && Object.hasOwn(WORDS[name], value)
    ? WORDS[name][value]
    : value;
}

/**
 * `values` of the filter `name` ("parttime", or "remote,hybrid" as the URL lists them) in a
 * posting's words, joined with `joiner`: "Remote or Hybrid".
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { valuesLabel } from "./value_labels.ts";
 *
 * assert.equal(valuesLabel("remote", "remote,onsite", " or "), "Remote or On-site");
 * assert.equal(valuesLabel("seniority", ["junior", "mid"], ", "), "Junior, Mid-level");
 * assert.equal(valuesLabel("city", "Washington, DC", " or "), "Washington, DC");
 * ```
 */
export function valuesLabel(
  name: string,
  values: string | readonly string[],
  joiner: string,
): string {
  // Only a list of codes is split: a place's own name may hold a comma.
  const list = typeof values !== "string"
    ? values
    : Object.hasOwn(WORDS, name)
    ? values.split(",")
    : [values];
  return list.map((value) => valueLabel(name, value)).join(joiner);
}

/**
 * The readings' sentence kinds that quote the filter's values in parentheses, with the filter and
 * how the sentence joins several values.
 */
const READ_AS: readonly (readonly [RegExp, string, string])[] = [
  [/^(Read "[^"]*" as the employment type )\(([^)]*)\)/, "employment_type", ", "],
  [/^(Read "[^"]*" as the seniority )\(([^)]*)\)/, "seniority", ", "],
  [/^(Read "[^"]*" as how the work is done )\(([^)]*)\)/, "remote", " or "],
];

/**
 * A reading's sentence (src/domain/job.ts, `query*InWords`) with the values it quotes in
 * parentheses in a posting's words: 'Read "part time" as the employment type (Part-time)'. REST and
 * MCP send the codes, which agents pass back as filters; the page, the digest and the feed are read
 * by people, who see "Part-time" on the facets and on postings (reviewer, session 43: the page said
 * "(parttime)" beside a facet's "Part-time"). Any other sentence is returned as it is.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { readingWithLabels } from "./value_labels.ts";
 *
 * assert.equal(
 *   readingWithLabels('Read "part time" as the employment type (parttime), not as the work.'),
 *   'Read "part time" as the employment type (Part-time), not as the work.',
 * );
 * assert.equal(
 *   readingWithLabels('Read "mid level" as the seniority (mid, senior) beside the work: x (mid).'),
 *   'Read "mid level" as the seniority (Mid-level, Senior) beside the work: x (mid).',
 * );
 * assert.equal(
 *   readingWithLabels('Read "office" as how the work is done (onsite or hybrid), not as the work.'),
 *   'Read "office" as how the work is done (On-site or Hybrid), not as the work.',
 * );
 * assert.equal(readingWithLabels('Searched for "(parttime)".'), 'Searched for "(parttime)".');
 * ```
 */
export function readingWithLabels(sentence: string): string {
  for (const [pattern, name, joiner] of READ_AS) {
    const found = sentence.match(pattern);
    if (found) {
      const labels = valuesLabel(name, found[2].split(joiner), joiner);
      return `${found[1]}(${labels})${sentence.slice(found[0].length)}`;
    }
  }
  return sentence;
}
