/**
 * Remote, hybrid or on-site, read from a posting's fields and text. JobSpy's own `is_remote` is a
 * substring test ("no remote work" counts as remote), so the text decides over it: a negated
 * remote ("not remote", "no remote work", "remote work is not possible") is on-site, and the
 * "Remote" tag or city stands only when the text does not deny it. A posting that says nothing is
 * left unknown, never guessed (the `remote` filter leaves it out).
 *
 * @module
 */
import type { Job, WorkMode } from "../domain/job.ts";
import { REMOTE_FIELDS } from "../domain/remote_words.ts";
import { REMOTE_CITY } from "./location.ts";

/** Remote work, denied: on-site. German as the real feeds write it ("kein Homeoffice"). */
const DENIED_REMOTE = new RegExp(
  [
    String
      .raw`\b(?:no|not|non|without)[- ](?:a[- ])?(?:fully[- ]|100% )?(?:remote|work[- ]from[- ]home|wfh|telecommut)`,
    String
      .raw`\bnot (?:a |an |eligible for |available for |open to |offered as )?(?:fully )?remote`,
    String
      .raw`\bremote (?:work |working )?(?:is |are )?(?:not|never) (?:possible|available|an option|offered|permitted|allowed|supported)`,
    String.raw`\b(?:cannot|can't|can not|will not|won't) be (?:done |performed |worked )?remote`,
    String.raw`\b(?:on-?site|in[- ]office|in[- ]person) only\b`,
    String.raw`\b(?:100 ?%|fully|entirely|strictly) (?:on-?site|in[- ]office|in[- ]person)\b`,
    String.raw`\bkein(?:e)? (?:home ?office|remote|mobiles? arbeiten)`,
    // Indeed's "Work Remotely" field answered no ("Work Remotely\n\n* No"), and "does not include
    // remote working" (reviewer W44: a tow truck operator and a kitchen porter were remote).
    String.raw`\bwork remotely[\s:*-]*no\b`,
    String
      .raw`\b(?:does|do|will) not (?:include|offer|allow|involve) (?:any )?(?:remote|home) work`,
  ].join("|"),
  "i",
);

/** Hybrid work, said as such ("hybrid role", "hybrid working", "Homeoffice-Möglichkeit"). */
const HYBRID = new RegExp(
  [
    String
      .raw`\bhybrid(?:e|es)?[- ](?:work|working|role|position|job|model|schedule|arrangement|set-?up|opportunity|remote|office|arbeiten|arbeitsmodell)`,
    String.raw`\b(?:work|working|role|position|schedule|job) (?:is |will be )?(?:a )?hybrid\b`,
    String.raw`\(hybrid\)|\bhybrid ?[-–|,/] ?\d|\bhybrid\s*$`,
    String.raw`\b\d(?:-\d)? days? (?:a|per) week (?:in|from) (?:the )?office`,
    String.raw`\b(?:partly|partially) remote`,
    String.raw`\bhome ?office[- ](?:möglichkeit|anteil|tage|option)`,
    String.raw`\bmobiles arbeiten\b`,
  ].join("|"),
  "i",
);

/** Remote work, said as such. */
const REMOTE = new RegExp(
  [
    String.raw`\b(?:fully|100 ?%|completely|entirely|full) remote`,
    String
      .raw`\bremote[- ](?:first|only|position|role|job|work|working|opportunity|friendly|based|eligible|possible|option)\b`,
    String.raw`\bwork(?:ing)? (?:from home|remotely)\b`,
    String.raw`\b(?:wfh|telecommute|telecommuting)\b`,
    // "Remote Sensing Analyst" opens with a field of work, not a way of working.
    String.raw`\(remote\)|^remote\b(?![- ]+(?:${REMOTE_FIELDS.join("|")})\b)|\bremote\s*$`,
    String.raw`\b(?:100 ?%|vollständig|komplett) (?:home ?office|remote)`,
  ].join("|"),
  "im",
);

/** On-site work, said as such (not "on-site gym"). */
const ONSITE = new RegExp(
  [
    String.raw`\b(?:on-?site|in-office|in-person) (?:role|position|job|work|opportunity)\b`,
    String.raw`\bwork(?:ing)? (?:on-?site|in[- ]office|in[- ]person|from (?:our|the) office)\b`,
    String.raw`\(on-?site\)`,
  ].join("|"),
  "i",
);

/**
 * The text without markdown emphasis, which the scraped descriptions keep: "This is **NOT** a
 * remote position" must read as "NOT a remote position", and a word boundary does not fall between
 * `*` and a letter. An underscore inside a word (`work_from_home`) is not emphasis and stays.
 */
function withoutEmphasis(text: string): string {
  return text.replace(/[*~`]+|(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu, "");
}

/**
 * Where the work is done, as the posting says, or undefined when it does not.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const job = (job_title: string, job_description = "", job_tags: string[] = []) => ({
 *   job_title, job_description, job_tags, city: "Berlin",
 * });
 * assert.equal(workModeOf(job("Data Engineer (Remote)")), "remote");
 * assert.equal(workModeOf(job("Remote Sensing Analyst")), undefined);
 * assert.equal(workModeOf(job("Remote Sensing Analyst (Remote)")), "remote");
 * assert.equal(workModeOf(job("Nurse", "This is not a remote position.", ["Remote"])), "onsite");
 * assert.equal(workModeOf(job("Analyst", "Hybrid working: 2 days a week in the office.")), "hybrid");
 * assert.equal(workModeOf(job("Welder", "No remote work.")), "onsite");
 * assert.equal(workModeOf(job("Kitchen Porter", "Work Remotely\n\n* No", ["Remote"])), "onsite");
 * assert.equal(workModeOf(job("Paramedic", "The role does not include remote working.")), "onsite");
 * assert.equal(workModeOf(job("Analyst", "Work Remotely:\n\n* Yes")), "remote");
 * assert.equal(workModeOf(job("Picker", "This is **NOT** a remote position.", ["Remote"])), "onsite");
 * assert.equal(workModeOf(job("Cook", "Staff meals and an on-site gym.")), undefined);
 * ```
 */
export function workModeOf(
  job: Pick<Job, "job_title" | "job_description" | "job_tags" | "city">,
): WorkMode | undefined {
  const title = withoutEmphasis(job.job_title);
  const text = withoutEmphasis(job.job_description);
  if (HYBRID.test(title)) return "hybrid";
  if (DENIED_REMOTE.test(title) || DENIED_REMOTE.test(text)) {
    return HYBRID.test(text) ? "hybrid" : "onsite";
  }
  if (REMOTE.test(title)) return "remote";
  if (HYBRID.test(text)) return "hybrid";
  const listedRemote = job.city === REMOTE_CITY ||
    job.job_tags.some((tag) => tag.toLowerCase() === "remote");
  if (listedRemote || REMOTE.test(text)) return "remote";
  if (ONSITE.test(title) || ONSITE.test(text)) return "onsite";
  return undefined;
}
