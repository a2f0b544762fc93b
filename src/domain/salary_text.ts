/**
 * A posting's pay as people read it, "£50,000 a year", said alike wherever a posting is shown: the
 * page's result list and posting page, the email digest and the Atom feed (these showed the stored
 * form, "40000.0-50000.0 GBP/YEAR", until session 42).
 *
 * @module
 */
import type { JobResult } from "./job.ts";

/**
 * "€120,000 a year" style text of the yearly figure (`salary_yearly`, the top of the range as a
 * yearly figure in the posting's own currency); "" without one.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { salaryText } from "./salary_text.ts";
 *
 * assert.equal(
 *   salaryText({ salary_yearly: 50000, base_salary: "40000.0-50000.0 GBP/YEAR" }),
 *   "£50,000 a year",
 * );
 * assert.equal(salaryText({ salary_yearly: 24440, base_salary: "11.75-11.75 GBP/HOUR" }), "£24,440 a year");
 * assert.equal(salaryText({ base_salary: undefined }), "");
 * ```
 */
export function salaryText(result: Pick<JobResult, "salary_yearly" | "base_salary">): string {
  if (result.salary_yearly === undefined) return "";
  const currency = result.base_salary?.match(/ ([A-Z]{3})\//)?.[1];
  let yearly: string;
  try {
    yearly = new Intl.NumberFormat("en", {
      style: currency ? "currency" : "decimal",
      ...(currency ? { currency } : {}),
      maximumFractionDigits: 0,
    }).format(result.salary_yearly);
  } catch {
    yearly = `${result.salary_yearly} ${currency ?? ""}`.trim();
  }
  return `${yearly} a year`;
}
