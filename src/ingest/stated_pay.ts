/**
 * Pay a posting states only in its description ("Pay: £11.75 per hour", "Salary: £38,000 -
 * £42,000"), read at import into `base_salary` where the row has none. Precision before recall: one
 * labelled line (a pay, salary or wage label at its start, then at once a currency and one amount
 * or a range, then the period when said) is read, and nothing else: a bonus, a shift differential,
 * a percentage, a phone number or years of experience carry no label of their own followed by
 * money, and a line whose money is followed by a bonus word is not read. Where two such lines
 * disagree, none is read.
 *
 * @module
 */
import { PERIODS_PER_YEAR } from "../domain/salary.ts";

/** The periods of `base_salary`. */
type Period = "HOUR" | "DAY" | "WEEK" | "MONTH" | "YEAR";

/**
 * The label a pay line begins with: "Pay", "Salary", "Wage", "Compensation", "Pay rate",
 * "Hourly rate", "Salary range", "Base salary", ... A period word before it ("Hourly pay",
 * "Annual salary") says the period.
 */
const LABEL = new RegExp(
  String.raw`^(?:(hourly|annual|yearly|monthly|weekly|daily)\s+)?` +
    String.raw`(?:(?:base|basic|starting|gross|expected)\s+)?` +
    String.raw`(pay|salary|wages?|compensation|remuneration|rate of pay|pay rate|rate)` +
    String.raw`(?:\s+(?:range|band|rate|scale))?\s*(?:[:\-–—]\s*|\s+)`,
  "i",
);

/** Currency written before an amount: a code, a symbol, or a code and a symbol ("AUD $", "CA$"). */
const CURRENCY_BEFORE = String
  .raw`(?:(?:USD|GBP|EUR|INR|CAD|AUD|NZD|SGD|CHF)\s*|(?:US|CA|C|AU|A|NZ|S)\$|[£$€₹]|Rs\.?\s*)`;

/**
 * An amount: digits with thousands commas (also India's 2,83,772) and at most two decimals, or
 * `25.5k`. A decimal comma ("€6,00") or a point before three digits ("6.176 EUR") is no amount.
 */
const AMOUNT = String
  .raw`(\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})+,\d{3}|\d+)(\.\d{1,2})?(k)?(?![\d.,]\d)`;

/** One amount or a range, with a currency before the first amount and maybe before the second. */
const MONEY = new RegExp(
  String.raw`^(?:(from|starting (?:at|from)|up to|between|min(?:imum)?)\s+)?` +
    `(${CURRENCY_BEFORE})\\s*${AMOUNT}` +
    String.raw`(?:\s*(?:-|–|—|to|and)\s*(?:${CURRENCY_BEFORE})?\s*${AMOUNT})?`,
  "i",
);

/** The period said after the amounts ("per hour", "/hr", "p/h", "per annum", "a year", "pa"). */
const PERIOD_AFTER: [RegExp, Period][] = [
  [/^(?:per|an|a|\/|p\/?)\s*(?:hour|hr|h)\b|^hourly\b|^ph\b/i, "HOUR"],
  [/^(?:per|a|\/)\s*day\b|^daily\b/i, "DAY"],
  [/^(?:per|a|\/)\s*(?:week|wk)\b|^weekly\b|^pw\b/i, "WEEK"],
  [/^(?:per|a|\/)\s*(?:month|mth|mo)\b|^monthly\b|^pcm\b/i, "MONTH"],
  [
    /^(?:per|a|\/)\s*(?:year|yr|annum)\b|^annually\b|^(?:pa|p\.a\.?)(?![a-z])|^annual\b/i,
    "YEAR",
  ],
];

const LABEL_PERIOD: Record<string, Period> = {
  hourly: "HOUR",
  daily: "DAY",
  weekly: "WEEK",
  monthly: "MONTH",
  annual: "YEAR",
  yearly: "YEAR",
};

/**
 * Words after the money, in its clause, that make it something else than the posting's pay: a
 * bonus, an allowance, a differential, tips, a payment per piece of work ("$500 sign-on bonus",
 * "$2 per hour shift differential"; not "$85,000 plus bonus").
 */
const NOT_PAY_AFTER =
  /^(?:(?!(?:plus|and|with|on top)\b)[^.;,+(]){0,20}?\b(?:bonus|sign[- ]?on|signing|joining|referral|relocation|differential|stipend|allowance|tips?\b|commission|OTE\b|on[- ]target|per (?:visit|mile|session|case|patient|delivery|lesson|class|call|unit|job|piece|project|assignment))/i;

/** Symbols and codes to ISO codes; `$` depends on the country. */
const CURRENCY_CODES: Record<string, string> = {
  "£": "GBP",
  "€": "EUR",
  "₹": "INR",
  "RS": "INR",
  "US$": "USD",
  "CA$": "CAD",
  "C$": "CAD",
  "AU$": "AUD",
  "A$": "AUD",
  "NZ$": "NZD",
  "S$": "SGD",
};

/** The dollar of the countries whose boards write `$` alone. */
const DOLLAR_OF: Record<string, string> = {
  US: "USD",
  CA: "CAD",
  AU: "AUD",
  NZ: "NZD",
  SG: "SGD",
};

/** Currencies whose yearly pay is said without a period often enough to read it so (≥ 15,000). */
const YEARLY_WITHOUT_PERIOD = new Set(["USD", "GBP", "EUR", "CAD", "AUD", "NZD", "CHF"]);

/** What a sane amount of each period lies between, for any of the currencies above. */
const SANE: Record<Period, [number, number]> = {
  HOUR: [1, 10_000],
  DAY: [10, 100_000],
  WEEK: [50, 500_000],
  MONTH: [100, 5_000_000],
  YEAR: [1_000, 50_000_000],
};

/**
 * The most a year's pay may come to, hourly x 2,080 and so on (src/domain/salary.ts): a million in
 * the currencies of the real postings' countries, fifty million rupees.
 */
const DEFAULT_YEARLY_CEILING = 1_000_000;
const YEARLY_CEILING: Record<string, number> = { INR: 50_000_000 };

function currencyOf(written: string, country: string | undefined): string | undefined {
  const text = written.replace(/[\s.]/g, "").toUpperCase();
  if (/^[A-Z]{3}$/.test(text)) return text;
  if (text === "$") return country ? DOLLAR_OF[country] : undefined;
  return CURRENCY_CODES[text];
}

function amountOf(digits: string, decimals: string | undefined, k: string | undefined): number {
  const whole = Number(digits.replace(/,/g, "") + (decimals ?? ""));
  return k ? whole * 1000 : whole;
}

function formatAmount(n: number): string {
  return Number.isInteger(n) ? n.toFixed(1) : n.toFixed(2).replace(/0$/, "");
}

/**
 * A line as it reads without Markdown: no emphasis (`**`, `__`), no escapes (`\.`, `\-`), no
 * bullet or heading marks at its start.
 */
function plainLine(line: string): string {
  return line.replace(/\\/g, "").replace(/\*\*|__/g, "").replace(/^\s*(?:[*\-•#>]+\s*)*/, "")
    .replace(/\s+/g, " ").trim();
}

/** The `base_salary` one line states, or undefined when it states none that can be trusted. */
function payOfLine(raw: string, country: string | undefined): string | undefined {
  const line = plainLine(raw);
  const label = line.match(LABEL);
  // "Rate" alone is a label only after a period word ("Hourly rate"): "Rate: 5 stars" is not pay.
  if (!label || (label[2].toLowerCase() === "rate" && !label[1])) return undefined;
  const rest = line.slice(label[0].length);
  const money = rest.match(MONEY);
  if (!money) return undefined;
  const currency = currencyOf(money[2], country);
  if (currency === undefined) return undefined;
  let low = amountOf(money[3], money[4], money[5]);
  let high = money[6] === undefined ? low : amountOf(money[6], money[7], money[8]);
  // "£25.5k - £29.5k" and "£25 - £29.5k": a k said once is said for both.
  if (money[8] && !money[5] && low < 1000) low *= 1000;
  const after = rest.slice(money[0].length).replace(/^[\s,]*/, "");
  const periodAfter = PERIOD_AFTER.find(([pattern]) => pattern.test(after));
  let period: Period | undefined = periodAfter?.[1] ??
    (label[1] ? LABEL_PERIOD[label[1].toLowerCase()] : undefined);
  const tail = periodAfter ? after.replace(periodAfter[0], "").trimStart() : after;
  if (NOT_PAY_AFTER.test(tail) || /^%/.test(after)) return undefined;
  if (period === undefined) {
    if (!YEARLY_WITHOUT_PERIOD.has(currency) || low < 15_000) return undefined;
    period = "YEAR";
  }
  if (low > high) [low, high] = [high, low];
  const [least, most] = SANE[period];
  if (low < least || high > most) return undefined;
  // A truck driver "$500.00 – $890.00 per hour" is a slip of the board's form, not pay: a year's
  // worth over the ceiling of its currency is not read.
  if (high * PERIODS_PER_YEAR[period] > (YEARLY_CEILING[currency] ?? DEFAULT_YEARLY_CEILING)) {
    return undefined;
  }
  return `${formatAmount(low)}-${formatAmount(high)} ${currency}/${period}`;
}

/** Where the pay line may be: descriptions past this are not read further for it. */
const MAX_LINE = 300;

/**
 * The pay a description states on one labelled line, as `base_salary`
 * (`<min>-<max> <CURRENCY>/<PERIOD>`), or undefined when it states none, or states several that
 * disagree. `country` (ISO code) tells which dollar `$` is; without it `$` alone is not read.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(statedPay("Job Types: Full-time\n\nPay: £11.75 per hour\n"), "11.75-11.75 GBP/HOUR");
 * assert.equal(
 *   statedPay("**Salary Range:** $16\\.50 \\- $18 per hour", { country: "US" }),
 *   "16.5-18.0 USD/HOUR",
 * );
 * assert.equal(statedPay("Salary: £38,000 - £42,000"), "38000.0-42000.0 GBP/YEAR");
 * assert.equal(statedPay("Pay: $500 sign-on bonus", { country: "US" }), undefined);
 * assert.equal(statedPay("Call 555-0100. 5 years of experience."), undefined);
 * ```
 */
export function statedPay(
  description: string,
  options: { country?: string } = {},
): string | undefined {
  let found: string | undefined;
  for (const line of description.split("\n")) {
    if (line.length > MAX_LINE || !/\d/.test(line)) continue;
    const pay = payOfLine(line, options.country);
    if (pay === undefined) continue;
    if (found !== undefined && found !== pay) return undefined;
    found = pay;
  }
  return found;
}
