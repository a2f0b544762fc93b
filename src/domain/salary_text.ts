/**
 * A posting's pay as people read it, "£50,000 a year" or "£12.50 an hour", said alike wherever a
 * posting is shown: the page's result list and posting page, the email digest and the Atom feed
 * (these showed the stored form, "40000.0-50000.0 GBP/YEAR", until session 42).
 *
 * @module
 */
import type { JobResult } from "./job.ts";

/** The top of `base_salary`'s range, its currency and its period (src/domain/salary.ts's form). */
const TOP_OF_RANGE = /-(\d+(?:\.\d+)?) ([A-Z]{3})\/(HOUR|DAY|WEEK|MONTH|YEAR)$/;

const PER_PERIOD = {
  HOUR: "an hour",
  DAY: "a day",
  WEEK: "a week",
  MONTH: "a month",
  YEAR: "a year",
} as const;

/** `amount` in `currency` ("£12.50", "£26,000"), pence shown only where there are some. */
function money(amount: number, currency: string | undefined): string {
  const fraction = Number.isInteger(amount) ? 0 : 2;
  try {
    return new Intl.NumberFormat("en", {
      style: currency ? "currency" : "decimal",
      ...(currency ? { currency } : {}),
      minimumFractionDigits: fraction,
      maximumFractionDigits: fraction,
    }).format(amount);
  } catch {
    return `${amount} ${currency ?? ""}`.trim();
  }
}

/**
 * The pay's text: the top of the range for the period the posting pays by ("£12.50 an hour"),
 * followed, for a period shorter than a year, by the yearly figure (`salary_yearly`) that the
 * "Yearly salary at least" filter and the best-paid order compare ("(about £26,000 a year)"); ""
 * without a yearly figure. Hourly pay said only as a year read as a salary the posting never
 * offered (reviewer, session 43: "£12.50 an hour" was "£26,000 a year" in the digest and the feed).
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
 * assert.equal(
 *   salaryText({ salary_yearly: 26000, base_salary: "11.0-12.5 GBP/HOUR" }),
 *   "£12.50 an hour (about £26,000 a year)",
 * );
 * assert.equal(
 *   salaryText({ salary_yearly: 72000, base_salary: "5000.0-6000.0 EUR/MONTH" }),
 *   "€6,000 a month (about €72,000 a year)",
 * );
 * assert.equal(salaryText({ base_salary: undefined }), "");
 * ```
 */
export function salaryText(result: Pick<JobResult, "salary_yearly" | "base_salary">): string {
  if (result.salary_yearly === undefined) return "";
  const top = result.base_salary?.match(TOP_OF_RANGE);
  const currency = top?.[2];
  const yearly = `${money(result.salary_yearly, currency)} a year`;
  if (!top || top[3] === "YEAR") return yearly;
  const period = top[3] as keyof typeof PER_PERIOD;
  return `${money(Number(top[1]), currency)} ${PER_PERIOD[period]} (about ${yearly})`;
}
