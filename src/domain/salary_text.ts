/**
 * A posting's pay as people read it, "£50,000 a year" or "£12.50 an hour", said alike wherever a
 * posting is shown: the page's result list and posting page, the email digest and the Atom feed
 * (these showed the stored form, "40000.0-50000.0 GBP/YEAR", until session 42).
 *
 * @module
 */
import { employmentTypesOf, type JobResult } from "./job.ts";

/** `base_salary`'s range, its currency and its period (src/domain/salary.ts's form). */
const RANGE = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?) ([A-Z]{3})\/(HOUR|DAY|WEEK|MONTH|YEAR)$/;

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
 * The pay's text: the range for the period the posting pays by ("£11–£12.50 an hour"), followed,
 * for a period shorter than a year, by the yearly figure (`salary_yearly`) that the
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
 *   "£40,000–£50,000 a year",
 * );
 * assert.equal(
 *   salaryText({ salary_yearly: 50000, base_salary: "50000.0-50000.0 GBP/YEAR" }),
 *   "£50,000 a year",
 * );
 * assert.equal(
 *   salaryText({ salary_yearly: 26000, base_salary: "11.0-12.5 GBP/HOUR" }),
 *   "£11–£12.50 an hour (up to about £26,000 a year)",
 * );
 * assert.equal(
 *   salaryText({ salary_yearly: 24440, base_salary: "11.75-11.75 GBP/HOUR" }),
 *   "£11.75 an hour (about £24,440 a year)",
 * );
 * assert.equal(
 *   salaryText({ salary_yearly: 72000, base_salary: "5000.0-6000.0 EUR/MONTH" }),
 *   "€5,000–€6,000 a month (up to about €72,000 a year)",
 * );
 * // A part-time job's year is a full-time one: said so.
 * assert.equal(
 *   salaryText({
 *     salary_yearly: 24440,
 *     base_salary: "11.75-11.75 GBP/HOUR",
 *     employment_type: "parttime",
 *   }),
 *   "£11.75 an hour (about £24,440 a year full-time)",
 * );
 * assert.equal(
 *   salaryText({
 *     salary_yearly: 14400,
 *     base_salary: "1200.0-1200.0 EUR/MONTH",
 *     employment_type: "parttime",
 *   }),
 *   "€1,200 a month (about €14,400 a year)",
 * );
 * assert.equal(salaryText({ base_salary: undefined }), "");
 * ```
 */
export function salaryText(
  result: Pick<JobResult, "salary_yearly" | "base_salary"> & { employment_type?: string },
): string {
  if (result.salary_yearly === undefined) return "";
  const range = result.base_salary?.match(RANGE);
  const currency = range?.[3];
  // An hour's or a day's pay counts a full-time year (2,080 hours, 260 days: src/domain/salary.ts):
  // of a part-time job that is no year it pays, and said plainly it read as one (a person's
  // trial, session 56). A week's or a month's pay times 52 or 12 is the year it pays (reviewer
  // C57).
  const partTime = (range?.[4] === "HOUR" || range?.[4] === "DAY") &&
    employmentTypesOf(result).includes("parttime");
  const yearly = `${money(result.salary_yearly, currency)} a year${partTime ? " full-time" : ""}`;
  if (!range) return yearly;
  const [low, high] = [Number(range[1]), Number(range[2])];
  // A range is said whole: its top alone read as what the job pays (reviewer W, session 43:
  // "77,612-94,771 USD" was "$94,771 a year").
  const span = low > 0 && low < high ? `${money(low, currency)}–` : "";
  if (range[4] === "YEAR") return span === "" ? yearly : `${span}${yearly}`;
  const period = range[4] as keyof typeof PER_PERIOD;
  return `${span}${money(high, currency)} ${PER_PERIOD[period]} (${
    span === "" ? "about" : "up to about"
  } ${yearly})`;
}
