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

/**
 * About how many US dollars one unit of each currency is worth, rounded (2025): only to order pay
 * stated in different currencies against each other ("well paid nurse jobs": a posting's pay in
 * pounds beside one in dollars), never shown or compared with a figure a person gave (`salary_min`
 * stays in the posting's own currency). Rates move by a tenth in a year; a posting paid three
 * times another in one currency stays above it in any. A currency not listed orders as no pay.
 */
const ROUGH_USD_PER_UNIT: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 1.1,
  GBP: 1.3,
  CHF: 1.15,
  CAD: 0.72,
  AUD: 0.65,
  NZD: 0.58,
  SGD: 0.75,
  HKD: 0.13,
  JPY: 0.0067,
  CNY: 0.14,
  INR: 0.012,
  SEK: 0.1,
  NOK: 0.095,
  DKK: 0.15,
  PLN: 0.26,
  CZK: 0.045,
  AED: 0.27,
  ZAR: 0.055,
  BRL: 0.18,
  MXN: 0.055,
};

/**
 * The top of a `base_salary`'s range as a yearly figure in rough US dollars
 * (`ROUGH_USD_PER_UNIT`), to order postings by what they pay across currencies; null where it
 * states no pay or pay in a currency not listed.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(roughYearlyUsd("50000.0-60000.0 USD/YEAR"), 60000);
 * assert.equal(roughYearlyUsd("20.0-25.0 GBP/HOUR"), 25 * 2080 * 1.3);
 * // Rupees a month are not dollars a year.
 * assert.ok(roughYearlyUsd("3000.0-4000.0 INR/MONTH")! < roughYearlyUsd("25000.0-28000.0 GBP/YEAR")!);
 * assert.equal(roughYearlyUsd("100.0-200.0 XYZ/DAY"), null);
 * assert.equal(roughYearlyUsd(undefined), null);
 * ```
 */
export function roughYearlyUsd(baseSalary: string | undefined): number | null {
  const pay = yearlySalary(baseSalary);
  const rate = pay ? ROUGH_USD_PER_UNIT[pay.currency] : undefined;
  return pay && rate !== undefined && Object.hasOwn(ROUGH_USD_PER_UNIT, pay.currency)
    ? pay.max * rate
    : null;
}
