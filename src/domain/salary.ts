/**
 * Salaries compared across pay periods: a posting's pay as a yearly figure, so that a floor of
 * 60,000 a year finds the nurse paid 35 an hour (35 x 2,080 = 72,800) as well as the one paid
 * 70,000 a year.
 *
 * @module
 */

/** `base_salary`'s form (src/domain/job.ts), with its parts captured. */
const BASE_SALARY = /^(\d+\.\d+)-(\d+\.\d+) ([A-Z]{3})\/(HOUR|DAY|WEEK|MONTH|YEAR)$/;

/** Paid periods in a working year: 40 hours a week, 5 days a week, 52 weeks, 12 months. */
export const PERIODS_PER_YEAR = { HOUR: 2080, DAY: 260, WEEK: 52, MONTH: 12, YEAR: 1 } as const;

/** A salary range as a yearly figure in its own currency. */
export interface YearlySalary {
  min: number;
  max: number;
  currency: string;
}

/**
 * The yearly equivalent of a `base_salary` (`<min>-<max> <CURRENCY>/<PERIOD>`), rounded to whole
 * units; null when there is none or it does not have that form.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(yearlySalary("35.0-40.0 CAD/HOUR"), { min: 72800, max: 83200, currency: "CAD" });
 * assert.deepEqual(yearlySalary("5000.0-6000.0 EUR/MONTH"), {
 *   min: 60000,
 *   max: 72000,
 *   currency: "EUR",
 * });
 * assert.equal(yearlySalary(undefined), null);
 * ```
 */
export function yearlySalary(baseSalary: string | undefined): YearlySalary | null {
  const parts = baseSalary?.match(BASE_SALARY);
  if (!parts) return null;
  const factor = PERIODS_PER_YEAR[parts[4] as keyof typeof PERIODS_PER_YEAR];
  return {
    min: Math.round(Number(parts[1]) * factor),
    max: Math.round(Number(parts[2]) * factor),
    currency: parts[3],
  };
}
