/**
 * A posting's fingerprint: what tells two versions of a posting apart without holding both. The
 * store writes it into the change log with each write, so an index delta can tell a logged write
 * the served index already holds from one it lacks without reading the posting back
 * (src/search/publish_delta.ts).
 *
 * @module
 */
import { sha256Hex } from "../crypto.ts";
import type { Job } from "./job.ts";

/**
 * The SHA-256 (first 128 bits, hex) of the posting's fields in key order, absent fields left out:
 * equal for two postings exactly when they hold the same fields, whatever their keys' order.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { jobFingerprint } from "./job_fingerprint.ts";
 *
 * const job = {
 *   id: "a", job_url: "https://a/1", job_title: "Nurse", company_name: "Acme", city: "Leeds",
 *   country: "GB", publish_time: "2024-01-01 00:00:00", job_tags: [], data_source: "indeed" as const,
 *   job_description: "Care for patients.",
 * };
 * const { job_title, ...rest } = job;
 * assert.equal(jobFingerprint(job), jobFingerprint({ ...rest, job_title }));
 * assert.notEqual(jobFingerprint(job), jobFingerprint({ ...job, job_title: "Nurse II" }));
 * assert.equal(jobFingerprint(job), jobFingerprint({ ...job, first_seen: undefined }));
 * ```
 */
export function jobFingerprint(job: Job): string {
  const fields = Object.entries(job).filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
  return sha256Hex(JSON.stringify(fields)).slice(0, 32);
}
