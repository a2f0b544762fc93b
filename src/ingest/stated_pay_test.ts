import { strict as assert } from "node:assert";
import fc from "fast-check";
import { yearlySalary } from "../domain/salary.ts";
import { parseJobspyCsv } from "./jobspy_csv.ts";
import { parseJobsJsonl } from "./jsonl.ts";
import { statedPay } from "./stated_pay.ts";

const HEADER = "site,job_url,title,company,location,date_posted,interval,min_amount,max_amount," +
  "currency,description";

function csvField(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** One JobSpy row through the real CSV importer; its posting. */
async function importRow(
  description: string,
  pay: { interval?: string; min?: string; max?: string; currency?: string } = {},
  location = "Leeds, ENG, GB",
) {
  const row = [
    "indeed",
    "https://uk.indeed.com/viewjob?jk=1",
    "Health Care Assistant",
    "Hbn Caring Services",
    location,
    "2024-12-19",
    pay.interval ?? "",
    pay.min ?? "",
    pay.max ?? "",
    pay.currency ?? "",
    description,
  ].map(csvField).join(",");
  const [parsed] = await parseJobspyCsv(`${HEADER}\n${row}\n`);
  assert.equal(parsed.kind, "job", JSON.stringify(parsed));
  return (parsed as Extract<typeof parsed, { kind: "job" }>).job;
}

Deno.test("statedPay() reads the pay lines of the real postings as they are written", () => {
  const cases: [string, string | undefined, string?][] = [
    ["Pay: £11.75 per hour", "11.75-11.75 GBP/HOUR"],
    ["Pay: $12.00 - $14.00 per hour", "12.0-14.0 USD/HOUR", "US"],
    ["Pay: From £12.00 per hour", "12.0-12.0 GBP/HOUR"],
    ["Pay: ₹18,000.00 - ₹27,000.00 per month", "18000.0-27000.0 INR/MONTH", "IN"],
    ["Salary: £38,000 - £42,000", "38000.0-42000.0 GBP/YEAR"],
    ["**Salary Range:** $16\\.50 per hour", "16.5-16.5 USD/HOUR", "US"],
    ["**Wage -** $20\\.00 per hour", "20.0-20.0 USD/HOUR", "US"],
    ["Pay: $30.00 – $35.00 per hour", "30.0-35.0 AUD/HOUR", "AU"],
    ["Pay: $17\\.20\\-$18\\.00 per hour", "17.2-18.0 CAD/HOUR", "CA"],
    ["Salary £25.5k - £29.5k depending on experience", "25500.0-29500.0 GBP/YEAR"],
    ["* **Salary- £12 p/h**", "12.0-12.0 GBP/HOUR"],
    ["Hourly Pay: £13-£13.92", "13.0-13.92 GBP/HOUR"],
    ["**Salary:** Up to £26,000.00 per annum", "26000.0-26000.0 GBP/YEAR"],
    ["Pay: $20 per hour, $500 sign-on bonus", "20.0-20.0 USD/HOUR", "US"],
    ["Salary: $85,000 plus bonus", "85000.0-85000.0 USD/YEAR", "US"],
    // Not the posting's pay, or not read with certainty.
    ["Pay: $500 sign-on bonus", undefined, "US"],
    ["Pay: up to 15% shift differential", undefined, "US"],
    ["Pay: $2.00 per hour shift differential", undefined, "US"],
    ["**Salary:** Up to £45,000 OTE plus benefits", undefined],
    ["Salary Packaging of up to $15,900", undefined, "AU"],
    ["**Pay:** Competitive hourly rates, plus up to $2,500 in Summer Bonuses", undefined, "US"],
    ["401k match up to $5,000 per year", undefined, "US"],
    ["Call us on 0113 496 0000 or (555) 010-0100.", undefined],
    ["Requirements: 5 years of experience, $ not negotiable", undefined, "US"],
    ["Pay: $18.00 per hour", undefined], // a dollar with no country to tell which
    ["Pay: €6,00 per hour", undefined], // a decimal comma
    ["Salary: 6.176 - 9.871 EUR", undefined], // a thousands point
    ["Pay: £12.50", undefined], // no period, too small to be a year's pay
    ["Salary: €3,500", undefined], // no period: a month's pay as often as anything
    ["Rate: $5 per hour", undefined, "US"],
    ["Pay: $500.00 – $890.00 per hour", undefined, "AU"], // a truck driver: a slip of the form
  ];
  for (const [line, expected, country] of cases) {
    assert.equal(
      statedPay(`Job Types: Full-time\n\n${line}\n\nWork Location: In person`, {
        country,
      }),
      expected,
      line,
    );
  }
});

Deno.test("statedPay() reads no pay where two lines state different ones", () => {
  assert.equal(statedPay("Pay: £12.00 per hour\nSalary: £12.00 per hour"), "12.0-12.0 GBP/HOUR");
  assert.equal(statedPay("Pay: £12.00 per hour\nPay: £14.00 per hour"), undefined);
});

/** One JSON Lines row of a cook's posting in Austin with `fields` over it, as the importer reads it. */
async function cookRow(fields: Record<string, string>) {
  const [row] = await parseJobsJsonl(JSON.stringify({
    job_title: "Cook",
    company_name: "Diner",
    city: "Austin",
    country: "US",
    publish_time: "2024-05-01",
    job_url: "https://example.com/cook",
    data_source: "indeed",
    ...fields,
  }));
  return row;
}

Deno.test("the importer gives a row without pay the pay its description states", async (t) => {
  await t.step("a JobSpy row: the salary filter's yearly figure follows", async () => {
    const job = await importRow("We care.\n\nPay: £12.20-£12.50 per hour\n\nExpected hours: 40");
    assert.equal(job.base_salary, "12.2-12.5 GBP/HOUR");
    assert.deepEqual(yearlySalary(job.base_salary), { min: 25376, max: 26000, currency: "GBP" });
  });
  await t.step("a JSON Lines row", async () => {
    const row = await cookRow({ job_description: "Cook meals.\n\nPay: $18.00 per hour" });
    assert.equal(row.kind === "job" && row.job.base_salary, "18.0-18.0 USD/HOUR");
  });
  await t.step("a row whose amounts base_salary cannot hold keeps none from the text", async () => {
    const job = await importRow("Pay: £12.00 per hour", { min: "30000" });
    assert.equal(job.base_salary, undefined);
  });
});

/** A pay line as the boards write one, from its parts. */
const PAY_LINES = fc.record({
  label: fc.constantFrom("Pay", "Salary", "Wage", "Salary Range", "Pay rate"),
  separator: fc.constantFrom(": ", " - ", ":** ", " "),
  currency: fc.constantFrom(["£", "GBP"], ["€", "EUR"], ["₹", "INR"], ["$", "USD"]),
  low: fc.integer({ min: 100, max: 9_000_000 }),
  spread: fc.integer({ min: 0, max: 500_000 }),
  range: fc.boolean(),
  cents: fc.boolean(),
  commas: fc.boolean(),
  escaped: fc.boolean(),
  dash: fc.constantFrom("-", " - ", " – ", " to "),
  period: fc.constantFrom(
    ["per hour", "HOUR"],
    ["/hr", "HOUR"],
    ["per day", "DAY"],
    ["per week", "WEEK"],
    ["per month", "MONTH"],
    ["per annum", "YEAR"],
    ["a year", "YEAR"],
  ),
});

function written(cents: number, withCents: boolean, commas: boolean): string {
  const whole = Math.floor(cents / 100);
  const digits = commas ? whole.toLocaleString("en-US") : String(whole);
  return withCents ? `${digits}.${String(cents % 100).padStart(2, "0")}` : digits;
}

function asBaseSalary(cents: number, withCents: boolean): string {
  const n = withCents ? cents / 100 : Math.floor(cents / 100);
  return Number.isInteger(n) ? n.toFixed(1) : n.toFixed(2).replace(/0$/, "");
}

Deno.test("statedPay() reads the amounts written, no other", () => {
  fc.assert(
    fc.property(PAY_LINES, (p) => {
      const [symbol, code] = p.currency;
      const [periodWords, period] = p.period as [string, string];
      const high = p.low + (p.range ? p.spread : 0);
      const amounts = [p.low, high].map((c) => `${symbol}${written(c, p.cents, p.commas)}`);
      const bold = p.separator.startsWith(":**") ? "**" : "";
      let line =
        `${bold}${p.label}${p.separator}${amounts[0]}${p.range ? p.dash + amounts[1] : ""} ` +
        periodWords;
      if (p.escaped) line = line.replaceAll(".", "\\.").replaceAll("-", "\\-");
      const read = statedPay(`About us.\n${line}\nApply now.`, { country: "US" });
      if (read === undefined) {
        // Only an amount out of the sane range of its period, or a year's worth over a million
        // (fifty million rupees), is left unread.
        const lowest = { HOUR: 1, DAY: 10, WEEK: 50, MONTH: 100, YEAR: 1000 }[period]!;
        const highest = { HOUR: 1e4, DAY: 1e5, WEEK: 5e5, MONTH: 5e6, YEAR: 5e7 }[period]!;
        const perYear = { HOUR: 2080, DAY: 260, WEEK: 52, MONTH: 12, YEAR: 1 }[period]!;
        const units = (c: number) => p.cents ? c / 100 : Math.floor(c / 100);
        const ceiling = code === "INR" ? 5e7 : 1e6;
        assert.ok(
          units(p.low) < lowest || units(high) > highest || units(high) * perYear > ceiling,
          line,
        );
        return;
      }
      assert.equal(
        read,
        `${asBaseSalary(p.low, p.cents)}-${asBaseSalary(high, p.cents)} ${code}/${period}`,
        line,
      );
    }),
    { numRuns: 500 },
  );
});

/** Lines that hold money and numbers but no pay label of the posting's own. */
const UNLABELLED = [
  "$500 sign-on bonus after 90 days",
  "Up to 15% shift differential for nights",
  "401k with a 4% match",
  "Call 0113 496 0000 to apply",
  "3+ years of experience; £25 DBS check refunded",
  "We raised $20,000,000 last year.",
  "Earn up to $2,500 in referral bonuses",
  "Benefits: £500 per year training budget",
  "Bonus: $1,000 per month",
  "Paid time off: 25 days per year",
  "Payroll experience (5 years) required, salaries processed for 300 staff",
];

Deno.test("a description without a pay label gains no pay, at import either", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(
        fc.oneof(
          fc.constantFrom(...UNLABELLED),
          fc.string({ maxLength: 60 }).filter((s) =>
            !/pay|salar|wage|compens|remuner|rate/i.test(s)
          ),
        ),
        { maxLength: 8 },
      ),
      async (lines) => {
        const description = lines.join("\n");
        assert.equal(statedPay(description, { country: "US" }), undefined, description);
        const job = await importRow(description, {}, "Austin, TX, US");
        assert.equal(job.base_salary, undefined, description);
      },
    ),
    { numRuns: 100 },
  );
});

Deno.test("a JSON Lines row with pay of its own keeps it, whatever its description says", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 200_000 }),
      fc.constantFrom("HOUR", "YEAR", "MONTH"),
      fc.constantFrom("Pay: $11.75 per hour", "Salary: $38,000 - $42,000", "Wage - $20 per hour"),
      async (amount, period, payLine) => {
        const own = `${amount}.0-${amount}.0 USD/${period}`;
        const row = await cookRow({
          base_salary: own,
          job_description: `Cook meals.\n${payLine}`,
        });
        assert.equal(row.kind === "job" && row.job.base_salary, own);
      },
    ),
    { numRuns: 60 },
  );
});

Deno.test("a row with pay of its own keeps it, whatever its description says", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 200_000 }),
      fc.integer({ min: 0, max: 50_000 }),
      fc.constantFrom("hourly", "yearly", "monthly"),
      fc.constantFrom("Pay: £11.75 per hour", "Salary: £38,000 - £42,000", "Wage - £20 per hour"),
      async (min, extra, interval, payLine) => {
        const job = await importRow(`Care for people.\n${payLine}\n`, {
          interval,
          min: String(min),
          max: String(min + extra),
          currency: "GBP",
        });
        const period = { hourly: "HOUR", yearly: "YEAR", monthly: "MONTH" }[interval];
        assert.equal(job.base_salary, `${min}.0-${min + extra}.0 GBP/${period}`);
      },
    ),
    { numRuns: 60 },
  );
});
