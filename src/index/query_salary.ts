/**
 * Pay written in a query ("£30k marketing manager", "python developer $120,000+", "cleaner £12 an
 * hour", "nurse 40k-50k"): the amount a person wants at least, as a yearly figure the
 * `salary_min` filter compares (src/domain/salary.ts). A number names no job: searched as a word it
 * matched "30k" in other jobs' descriptions, and embedded it moved the query's vector to titles
 * with figures in them ("marketing manager 30k london" listed a night security officer).
 *
 * Read only where the words are plainly pay: a currency sign or code, a "k", or a period ("an
 * hour", "per annum") beside the number, or a word for pay before a figure of a year's size
 * ("paying over 30000", "salary 45,000"). A bare number is not pay ("band 5", "class 1 driver",
 * "24/7"), nor "401k" (a pension plan).
 *
 * @module
 */
import { PERIODS_PER_YEAR } from "../domain/salary.ts";
import { ownValue } from "../domain/own_value.ts";

export interface QuerySalary {
  /** The words of the query that named the pay, as typed ("£30k", "$120,000+", "£12 an hour"). */
  matched: string;
  /** The least yearly pay they ask, as `salary_min` takes it (an hourly figure x 2,080, ...). */
  yearlyMin: number;
  /** The query without them. */
  rest: string;
  /**
   * The currency they name (ISO 4217: "£" is GBP, "€" EUR, a code itself); absent where they
   * name none or only "$", which is several.
   */
  currency?: string;
}

/** The dollars named by the country before "$" ("C$60k", "US$100k"). */
const DOLLAR_OF: Record<string, string> = {
  c: "CAD",
  ca: "CAD",
  a: "AUD",
  au: "AUD",
  nz: "NZD",
  us: "USD",
  s: "SGD",
};
const DOLLARS = Object.keys(DOLLAR_OF).sort((a, b) => b.length - a.length).join("|");

/** The currency a sign or code names; "$" names several (USD, CAD, AUD, ...), so none. */
function currencyOf(written: string | undefined): string | undefined {
  const sign = written?.trim().toLowerCase();
  if (!sign || sign === "$") return undefined;
  if (sign.endsWith("$")) return DOLLAR_OF[sign.slice(0, -1)];
  if (sign === "₹" || sign === "rs" || sign === "rs.") return "INR";
  return sign === "£" ? "GBP" : sign === "€" ? "EUR" : sign.toUpperCase();
}

/**
 * A lakh (100,000), as Indian pay is said: "10 lakh", "8 LPA" (lakhs per annum). Session 49
 * (reviewer R49): "over 10 lakh" and "jobs paying 500000 rupees" were not read as pay at all.
 */
const LAKH = /^\s?(?:lakhs?|lacs?|lpa)$/iu;
/**
 * A million said in words ("paying 1 million", "£1.5 mil"; an agent's trial, session 59): pay only
 * beside a currency, a period or a word that says pay, never "10 million users" or "raised 20
 * million" (reviewer C59). Not "mn": "saint paul 55101 mn" is Minnesota.
 */
const MILLION = /^\s?(?:millions?|mil)$/iu;
/** A company's millions: raised, its revenue, its users (reviewer C59b: "raised 20 million dollars"). */
const NOT_PAY_MILLIONS =
  /(?<![\p{L}\p{N}])(?:raised?|raising|funding|funded|series|company|companies|revenue|turnover|users|customers|valuation|valued|investment|startup)(?![\p{L}\p{N}])/iu;

const CODES = "gbp|usd|eur|cad|aud|nzd|chf|inr|sgd";
/** A currency said in words after the figure ("25 dollars an hour", "12 quid"), as its sign. */
const CURRENCY_WORDS: Record<string, string> = {
  dollar: "$",
  dollars: "$",
  bucks: "$",
  pound: "£",
  pounds: "£",
  quid: "£",
  euro: "€",
  euros: "€",
  rupee: "₹",
  rupees: "₹",
};
const WORDS_OF_CURRENCY = Object.keys(CURRENCY_WORDS).join("|");
const NUMBER = String.raw`\d{1,3}(?:[,.]\d{3})+|\d+(?:\.\d+)?`;
const PERIOD_WORDS: Record<string, keyof typeof PERIODS_PER_YEAR> = {
  "per hour": "HOUR",
  "an hour": "HOUR",
  "a hour": "HOUR",
  "/hr": "HOUR",
  "/hour": "HOUR",
  "ph": "HOUR",
  "p/h": "HOUR",
  "hourly": "HOUR",
  "per day": "DAY",
  "a day": "DAY",
  "/day": "DAY",
  "daily": "DAY",
  "per week": "WEEK",
  "a week": "WEEK",
  "/wk": "WEEK",
  "/week": "WEEK",
  "weekly": "WEEK",
  "per month": "MONTH",
  "a month": "MONTH",
  "/mo": "MONTH",
  "/month": "MONTH",
  "monthly": "MONTH",
  "per annum": "YEAR",
  "per year": "YEAR",
  "a year": "YEAR",
  "pa": "YEAR",
  "p.a.": "YEAR",
  "p.a": "YEAR",
  "/yr": "YEAR",
  "/year": "YEAR",
  "yearly": "YEAR",
  "annually": "YEAR",
};
const PERIODS = Object.keys(PERIOD_WORDS)
  .sort((a, b) => b.length - a.length)
  .map((p) => p.replace(/[./]/g, (c) => `\\${c}`))
  .join("|");

/**
 * Lead words ("that pay", "paying over"), a currency before or after, the amount with its "k" and
 * "+", an upper end of a range, a period. Whole words only: "£30k" in "£30kish" is not read.
 */
const PAY = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:(?:(?:that|which)\s+pays?|paying|pays?|salary(?:\s+of)?|earning|` +
    String
      .raw`over|above|min|minimum|at least|from|upwards of|more than|greater than|in excess of|` +
    // German and Dutch (a person's trial, session 56: "über 70000 Euro" was searched as words).
    String.raw`über|ueber|ab|mindestens|mehr als|vanaf|minimaal|meer dan|` +
    String.raw`north of|(?<between>between))\s+){0,2}` +
    String
      .raw`(?<before>(?:${DOLLARS})?\$\s?|[£€₹]\s?|(?:${CODES})\s?|rs\.?\s?)?(?<amount>${NUMBER})(?<k>k|\s?grand|\s?thousand|\s?(?:lakhs?|lacs?|lpa)|\s?(?:millions?|mil))?\+?` +
    String
      .raw`(?:\s?(?:-|–|to|(?<and>and))\s?(?<upperSign>[£$€₹])?(?:${NUMBER})(?<upperK>k|\s?grand|\s?thousand|\s?(?:lakhs?|lacs?|lpa)|\s?(?:millions?|mil))?)?` +
    String.raw`(?:\s?(?<after>${CODES}|[£€₹]|rs\.?|${WORDS_OF_CURRENCY}))?` +
    String.raw`(?:\s?(?<period>${PERIODS}))?` +
    String
      .raw`(?:\s(?:plus|or more|or above|or higher|and up|and above|and over))?(?![\p{L}\p{N}])`,
  "giu",
);

/** "Six figure jobs", "6-figure salary": a year's pay of 100,000 or more, in any currency. */
const SIX_FIGURES =
  /(?<![\p{L}\p{N}])(?:six|6)[- ]?figures?(?:\s+(?:salary|salaries|pay|income))?(?![\p{L}\p{N}])/iu;

/**
 * The pay the query names and the query without it; null where it names none.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(salaryIn("£30k marketing manager london"), {
 *   matched: "£30k", yearlyMin: 30000, rest: "marketing manager london", currency: "GBP",
 * });
 * assert.equal(salaryIn("teacher 35000 eur")?.currency, "EUR");
 * assert.deepEqual(salaryIn("developer C$60k"), {
 *   matched: "C$60k", yearlyMin: 60000, rest: "developer", currency: "CAD",
 * });
 * assert.equal(salaryIn("nurse A$100k")?.currency, "AUD");
 * assert.equal(salaryIn("lehrer 45.000€")?.currency, "EUR");
 * // The German and Dutch words for "at least" go with the pay ("über 70000 Euro").
 * assert.equal(salaryIn("entwickler über 70000 Euro")?.rest, "entwickler");
 * assert.equal(salaryIn("ontwikkelaar vanaf €70.000")?.rest, "ontwikkelaar");
 * // "$" is the dollar of several countries: no currency is read.
 * assert.equal(salaryIn("python developer $120,000+")?.currency, undefined);
 * assert.equal(salaryIn("cleaner £12 an hour")?.yearlyMin, 24960);
 * assert.equal(salaryIn("python developer $120,000+")?.yearlyMin, 120000);
 * assert.equal(salaryIn("nhs nurse band 5"), null);
 * // A bare figure is pay after a word that says so, a year's size.
 * assert.deepEqual(salaryIn("warehouse jobs paying over 30000"), {
 *   matched: "paying over 30000", yearlyMin: 30000, rest: "warehouse jobs",
 * });
 * assert.equal(salaryIn("nurse salary 45,000")?.yearlyMin, 45000);
 * assert.equal(salaryIn("jobs over 30000"), null);
 * assert.equal(salaryIn("jobs paying 25"), null);
 * assert.deepEqual(salaryIn("6 figure jobs"), { matched: "6 figure", yearlyMin: 100000, rest: "jobs" });
 * assert.equal(salaryIn("remote six-figure salary developer")?.rest, "remote developer");
 * assert.equal(salaryIn("jobs with a 401k"), null);
 * // The words that say it is pay go with it: what is left names the work, or nothing.
 * assert.equal(salaryIn("jobs that pay 50k in toronto")?.rest, "jobs in toronto");
 * assert.equal(salaryIn("developer paying over £60,000")?.matched, "paying over £60,000");
 * // A range is read from its lower end, "between ... and" too.
 * assert.deepEqual(salaryIn("jobs between 50k and 70k"), {
 *   matched: "between 50k and 70k", yearlyMin: 50000, rest: "jobs",
 * });
 * assert.equal(salaryIn("nurse 50k and 3 days in the office")?.matched, "50k");
 * assert.equal(salaryIn("jobs between 30 and 40k")?.yearlyMin, 30000);
 * assert.equal(salaryIn("warehouse 15 and 20 per hour")?.matched, "20 per hour");
 * // The currency in words, and "grand" for thousands.
 * assert.equal(salaryIn("nurse paying at least 25 dollars an hour")?.yearlyMin, 52000);
 * assert.equal(salaryIn("cleaner 12 quid an hour")?.currency, "GBP");
 * assert.equal(salaryIn("chef 30 grand")?.yearlyMin, 30000);
 * assert.equal(salaryIn("teacher 40 thousand")?.yearlyMin, 40000);
 * assert.equal(salaryIn("astronaut jobs paying 1 million")?.yearlyMin, 1_000_000);
 * assert.equal(salaryIn("ceo £1.5 mil")?.yearlyMin, 1_500_000);
 * assert.equal(salaryIn("fintech with 10 million users"), null);
 * assert.equal(salaryIn("nurse 40 euros an hour")?.currency, "EUR");
 * assert.equal(salaryIn("warehouse job able to lift 50 pounds"), null);
 * assert.equal(salaryIn("nurse 30k pounds")?.currency, "GBP");
 * assert.equal(salaryIn("jobs between 30 and 40 grand")?.yearlyMin, 30000);
 * // "More than" before, "plus" or "or more" after: the words go with the pay.
 * assert.equal(salaryIn("jobs paying more than 50k in london")?.rest, "jobs in london");
 * assert.equal(salaryIn("remote jobs paying 80k plus")?.matched, "paying 80k plus");
 * assert.equal(salaryIn("nurse 30 an hour or more")?.rest, "nurse");
 * assert.equal(salaryIn("developer 100k and up")?.rest, "developer");
 * // Rupees, and lakhs as Indian pay is said.
 * assert.deepEqual(salaryIn("jobs over 10 lakh"), {
 *   matched: "over 10 lakh", yearlyMin: 1000000, rest: "jobs", currency: "INR",
 * });
 * assert.equal(salaryIn("developer 8 LPA")?.yearlyMin, 800000);
 * assert.equal(salaryIn("jobs paying 500000 rupees")?.currency, "INR");
 * assert.equal(salaryIn("data entry ₹20,000 per month")?.yearlyMin, 240000);
 * assert.equal(salaryIn("call centre Rs 15000 a month")?.currency, "INR");
 * // Rupees under a lakh with no period are a month's pay.
 * assert.equal(salaryIn("data entry rs.20000")?.yearlyMin, 240000);
 * assert.equal(salaryIn("nurse salary 25000 rs")?.yearlyMin, 300000);
 * assert.equal(salaryIn("50 thousand rupees")?.yearlyMin, 600000);
 * ```
 */
export function salaryIn(query: string): QuerySalary | null {
  const figures = SIX_FIGURES.exec(query);
  if (figures) {
    const rest =
      (query.slice(0, figures.index) + " " + query.slice(figures.index + figures[0].length))
        .replace(/\s+/g, " ").trim();
    return { matched: figures[0].trim(), yearlyMin: 100_000, rest };
  }
  const pay = new RegExp(PAY.source, PAY.flags);
  for (let found = pay.exec(query); found !== null; found = pay.exec(query)) {
    const { amount, between, and, upperSign, upperK } = found.groups!;
    // "And" ends a range only after "between" ("between 50k and 70k"); in "50k and 3 days in the
    // office" the pay ends before it, and in "15 and 20 per hour" it is the figure after it.
    const andAt = found[0].search(/\s?\band\b/iu);
    const andEnd = andAt < 0 ? 0 : andAt + /^\s?and/iu.exec(found[0].slice(andAt))![0].length;
    const cutAtAnd = and !== undefined && between === undefined;
    const text = cutAtAnd ? found[0].slice(0, andAt) : found[0];
    const written = cutAtAnd ? undefined : found.groups!.after;
    const after = ownValue(CURRENCY_WORDS, written?.toLowerCase() ?? "") ?? written;
    const period = cutAtAnd ? undefined : found.groups!.period;
    // The range's upper end names the unit for both ("between 30 and 40k", "between 12 and £15").
    const k = found.groups!.k ?? (cutAtAnd ? undefined : upperK);
    const before = found.groups!.before ?? (cutAtAnd ? undefined : upperSign);
    // A word that says pay before a bare figure of a year's size ("warehouse jobs paying over
    // 30000"): pay, where a bare figure alone is not ("band 5", "class 1").
    const lead = found[0].slice(0, found[0].indexOf(amount));
    const saysPay = /(?<![\p{L}\p{N}])(?:pays?|paying|salary|earning)(?![\p{L}\p{N}])/iu.test(lead);
    const bareYear = saysPay && /^\d{4,7}$|^\d{1,3}(?:,\d{3})+$/.test(amount);
    if (!before && !k && !after && !period && !bareYear) {
      // Read on from the figure after "and": it may be pay of its own.
      if (cutAtAnd) pay.lastIndex = found.index + andEnd;
      continue;
    }
    const figure = Number(
      /^\d{1,3}(?:[,.]\d{3})+$/.test(amount) ? amount.replace(/[,.]/g, "") : amount,
    );
    if (k && !before && !after && figure === 401) continue;
    const lakhs = k !== undefined && LAKH.test(k);
    const stated = k ? figure * (lakhs ? 100_000 : MILLION.test(k) ? 1_000_000 : 1000) : figure;
    // "able to lift 50 pounds": a weight. A small figure in pounds said in words is pay only beside
    // a period or a word that says pay ("12 pounds an hour", "paying 12 pounds"); "30k pounds"
    // and "35,000 pounds" are pay (reviewer W, session 38).
    if (/^pounds?$/iu.test(written ?? "") && !period && !saysPay && stated < 1000) continue;
    if (k && MILLION.test(k) && !before && !after && !period && !saysPay) continue;
    if (k && MILLION.test(k) && NOT_PAY_MILLIONS.test(query)) continue;
    // A currency code is also a word ("CAD technician level 3"): beside a small bare figure it is
    // not pay; "CAD 60k", "35000 GBP" and "£12" are.
    if (!/[£$€₹]/.test(`${before ?? ""}${after ?? ""}`) && !k && !period && stated < 1000) continue;
    const currency = currencyOf(before) ?? currencyOf(after) ?? (lakhs ? "INR" : undefined);
    // No period: a small figure is an hourly rate ("cleaner £12"), a large one a year's pay; "LPA"
    // is a year's. Rupees under a lakh are a month's, as Indian pay under a lakh is said ("Rs
    // 20000", "50 thousand rupees": reviewer R49b found them read as a year's, a floor of nothing).
    const unit = period
      ? PERIOD_WORDS[period.toLowerCase()]
      : currency === "INR" && !lakhs && stated < 100_000
      ? "MONTH"
      : stated < 1000 && !lakhs
      ? "HOUR"
      : "YEAR";
    const yearlyMin = Math.round(stated * PERIODS_PER_YEAR[unit]);
    if (!Number.isFinite(yearlyMin) || yearlyMin <= 0) continue;
    const matched = text.trim();
    const rest = (query.slice(0, found.index) + " " + query.slice(found.index + text.length))
      .replace(/\s+/g, " ").trim();
    return { matched, yearlyMin, rest, ...(currency ? { currency } : {}) };
  }
  return null;
}
