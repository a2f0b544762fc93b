/**
 * A seniority said alone beside a place or a company: "entry level jobs in London", "graduate jobs
 * Manchester", "senior roles in London", "no experience needed jobs in Chicago". The words then name
 * no job but a level of one; at a place a search lists every posting there, those whose seniority
 * (src/ingest/seniority.ts: the title or the board's job level) is of that level as strong matches,
 * as "part time jobs in Leeds" lists a place's postings by their employment type
 * (src/index/query_employment.ts) and "night shift jobs in Houston" by the hours
 * (src/index/query_shift.ts). Beside a job ("entry level data analyst") the words stay the query's:
 * a title that says them ranks by them.
 *
 * @module
 */
import type { Seniority } from "../domain/job.ts";
import { JOB_WORDS as REQUEST_JOB_WORDS } from "./query_phrasing.ts";
import { splitWords } from "./tokenize.ts";

/** A seniority the query names alone. */
export interface QuerySeniority {
  /** The words as typed. */
  matched: string;
  /** The `seniority` filter's levels they name. */
  levels: readonly Seniority[];
}

/**
 * How people say a level alone, and the levels each means. A first job ("entry level", "no
 * experience", "beginner") is a junior post or an internship; a graduate's is a junior post (an
 * internship is for those still studying). "Lead" and "executive" alone are left out: "team
 * leader", "executive" and "account executive" name roles as often as levels.
 */
const SAID: readonly { said: readonly string[]; levels: readonly Seniority[] }[] = [
  {
    said: [
      "entry level",
      "entrylevel",
      "entry",
      "no experience",
      "no experience needed",
      "no experience required",
      "no experience necessary",
      "with no experience",
      "without experience",
      "without any experience",
      "no prior experience",
      "no previous experience",
      "beginner",
      "beginners",
      "first job",
    ],
    levels: ["junior", "intern"],
  },
  {
    said: [
      "graduate",
      "graduates",
      "grad",
      "grads",
      "new grad",
      "new grads",
      "new graduate",
      "new graduates",
      "recent graduate",
      "recent graduates",
      "graduate scheme",
      "graduate schemes",
      "graduate programme",
      "graduate programmes",
      "graduate program",
      "graduate programs",
      "junior",
      "jr",
      "trainee",
      "trainees",
      "apprentice",
      "apprentices",
      "apprenticeship",
      "apprenticeships",
      "school leaver",
      "school leavers",
    ],
    levels: ["junior"],
  },
  { said: ["mid level", "midlevel", "intermediate"], levels: ["mid"] },
  { said: ["senior", "sr", "senior level"], levels: ["senior"] },
];

/**
 * Words for a job as such, said after the level ("entry level jobs", "senior roles", "mid level
 * work"); "level" after a level without its own ("senior level").
 */
const JOB_WORDS = new Set([...REQUEST_JOB_WORDS, "work", "level"]);

/**
 * The level `text` names, where it names nothing else (the asking words already gone: "show me
 * entry level jobs" is read as "entry level jobs"); null otherwise.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(seniorityAlone("Entry-level jobs")?.levels, ["junior", "intern"]);
 * assert.equal(seniorityAlone("graduate jobs")?.matched, "graduate jobs");
 * assert.deepEqual(seniorityAlone("no experience needed")?.levels, ["junior", "intern"]);
 * assert.deepEqual(seniorityAlone("senior roles")?.levels, ["senior"]);
 * assert.equal(seniorityAlone("senior nurse"), null);
 * assert.equal(seniorityAlone("graduate engineer"), null);
 * assert.equal(seniorityAlone("jobs"), null);
 * ```
 */
export function seniorityAlone(text: string): QuerySeniority | null {
  const words = splitWords(text);
  // The words for a job taken off one by one: "level" after a level that has its own ("entry
  // level", "mid level work") stays part of it.
  for (let end = words.length; end > 0; end--) {
    const kind = SAID.find((one) => one.said.includes(words.slice(0, end).join(" ")));
    if (kind) return { matched: text.trim(), levels: kind.levels };
    if (!JOB_WORDS.has(words[end - 1])) break;
  }
  return null;
}

/** `words` without the words for a job as such at their end ("entry level jobs": "entry level"). */
export function withoutJobWords(words: readonly string[]): string[] {
  let end = words.length;
  while (end > 0 && JOB_WORDS.has(words[end - 1])) end--;
  return words.slice(0, end);
}
