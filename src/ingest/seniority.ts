/**
 * A posting's seniority in the `seniority` filter's words, from what its title says and, failing
 * that, the board's job level (LinkedIn's "Entry level", "Mid-Senior level", "Director", ...). A
 * title names the level more precisely ("Senior Engineer" with LinkedIn's "Mid-Senior level" is
 * senior). Words that look like a level but name a role are not read as one: "Account Executive"
 * and "Executive Assistant" are not executives, a "Staff Nurse" is not senior, a "Sales Associate"
 * is not junior.
 *
 * @module
 */
import type { Job, Seniority } from "../domain/job.ts";
import { TITLE_LEVELS } from "../domain/title_levels.ts";
import { ownValue } from "../domain/own_value.ts";

/** The board's job level (as stored, src/ingest/jobspy_csv.ts `formatSeniority`). */
const LEVELS: Record<string, Seniority> = {
  "internship": "intern",
  "entry level": "junior",
  "associate": "mid",
  "mid-senior level": "mid",
  "director": "executive",
  "executive": "executive",
};

/**
 * The seniority the title or job level states, or undefined.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(seniorityOf({ job_title: "Senior Data Engineer" }), "senior");
 * assert.equal(seniorityOf({ job_title: "Data Engineer", seniority_level: "Entry level" }), "junior");
 * assert.equal(seniorityOf({ job_title: "Account Executive" }), undefined);
 * assert.equal(seniorityOf({ job_title: "Staff Nurse" }), undefined);
 * assert.equal(seniorityOf({ job_title: "Head of Engineering" }), "lead");
 * assert.equal(seniorityOf({ job_title: "Werkstudent IT-Support (m/w/d)" }), "intern");
 * ```
 */
export function seniorityOf(
  job: Pick<Job, "job_title" | "seniority_level">,
): Seniority | undefined {
  for (const [level, pattern] of TITLE_LEVELS) {
    if (pattern.test(job.job_title)) return level;
  }
  return ownValue(LEVELS, (job.seniority_level ?? "").toLowerCase());
}
