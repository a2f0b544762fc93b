/**
 * Reposts: the same job put on a board several times under different URLs (same title, company
 * and place, near-identical description). A result set shows each once; the others' URLs travel
 * with it (`also_posted_at`).
 *
 * @module
 */
import { foldText } from "../domain/fold_text.ts";
import type { Job } from "../domain/job.ts";

/**
 * Characters of the folded description two reposts must share. Copies differ in their tails
 * (tracking footers, "posted 3 days ago"), rarely in their first paragraph.
 */
const DESCRIPTION_PREFIX = 300;

/** What two copies of a job share besides their text; null when there is too little to tell. */
function jobKey(job: Job): string | null {
  const company = foldText(job.company_name);
  // Without a company, two "Nurse" postings in one city are as likely two jobs as one.
  if (company === "") return null;
  return [foldText(job.job_title), company, foldText(job.city), job.country ?? ""].join("\u0000");
}

/**
 * Shortest description start that may stand for a longer one it begins: a board that cuts a
 * description still shows its first paragraph, while "Ward 1." and "Ward 12." are two jobs.
 */
const MIN_SHARED_PREFIX = 100;

/** Whether two folded description starts are the same text, one perhaps cut shorter. */
function sameText(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= MIN_SHARED_PREFIX && long.startsWith(short);
}

/**
 * For each posting, the position of the first posting of its repost group (itself when it has no
 * copy).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const job = (url: string, company = "Acme", job_description = "Care for patients.") => ({
 *   id: url, job_url: url, job_title: "Nurse", company_name: company, city: "Leeds",
 *   country: "GB", publish_time: "2024-01-01 00:00:00", job_tags: [], data_source: "indeed" as const,
 *   job_description,
 * });
 * assert.deepEqual(
 *   Array.from(repostGroups([
 *     job("https://a/1"),
 *     job("https://a/2", "Other"),
 *     job("https://a/3"),
 *     // A short text that begins another is not taken for a cut copy of it.
 *     job("https://a/4", "Acme", "Care for patients. Ward 12."),
 *   ])),
 *   [0, 1, 0, 3],
 * );
 * ```
 */
export function repostGroups(jobs: readonly Job[]): Uint32Array {
  const groups = new Uint32Array(jobs.length);
  // Per job key, the groups met so far: their first posting and its description's start.
  const seen = new Map<string, { first: number; text: string }[]>();
  jobs.forEach((job, p) => {
    groups[p] = p;
    const key = jobKey(job);
    if (key === null) return;
    // Folding shortens a text (spaces, punctuation), never lengthens it: twice the prefix is enough.
    const text = foldText(job.job_description.slice(0, 2 * DESCRIPTION_PREFIX)).slice(
      0,
      DESCRIPTION_PREFIX,
    );
    const candidates = seen.get(key) ?? [];
    const match = candidates.find((c) => sameText(c.text, text));
    if (match) groups[p] = match.first;
    else {
      candidates.push({ first: p, text });
      seen.set(key, candidates);
    }
  });
  return groups;
}
