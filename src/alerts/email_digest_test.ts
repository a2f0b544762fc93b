import { strict as assert } from "node:assert";
import fc from "fast-check";
import { DOMParser } from "linkedom";
import type { JobResult } from "../domain/job.ts";
import { xmlSafe } from "./atom_feed.ts";
import { digestMessage, plain } from "./email_digest.ts";

function result(title: string): JobResult {
  return {
    score: 0.8,
    job_title: title,
    company_name: "Acme",
    city: "Leeds",
    country: "GB",
    publish_time: "2026-11-20 09:00:00",
    first_seen: "2026-11-28 10:00:00",
    job_url: "javascript:alert(1)",
    job_tags: [],
    data_source: "indeed",
  };
}

/** A digest with the sender, recipient and links every test here shares. */
function digestOf(
  fields: Omit<Parameters<typeof digestMessage>[0], "from" | "to" | "unsubscribeUrl" | "messageId">,
) {
  return digestMessage({
    from: "alerts@jobs.test",
    to: "ada@example.test",
    unsubscribeUrl: "https://jobs.test/unsubscribe?t=1",
    messageId: "<1@jobs.test>",
    ...fields,
  });
}

Deno.test("digestMessage()'s HTML shows a hostile name and title as text, and no script link", () => {
  fc.assert(
    fc.property(fc.string({ unit: "binary" }), fc.string({ unit: "binary" }), (name, title) => {
      const { html } = digestOf({
        name,
        results: [result(title)],
        rest: 0,
      });
      const page = new DOMParser().parseFromString(html, "text/html");
      // Only the digest's own markup: whatever the text held, it added no element.
      assert.deepEqual(
        [...page.querySelectorAll("body *")].map((element) => element.tagName.toLowerCase()),
        ["p", "ol", "li", "a", "br", "p", "a"],
      );
      assert.equal(page.querySelector("li a")?.textContent, xmlSafe(title));
      assert.equal(
        page.querySelector("p")?.textContent,
        `New postings for your saved search "${xmlSafe(name)}":`,
      );
      assert.ok(!page.querySelector("li a")?.getAttribute("href")?.startsWith("javascript:"));
    }),
    { numRuns: 200 },
  );
});

Deno.test("digestMessage() writes an apostrophe as &#39;, which HTML 4 mail readers know (not &apos;)", () => {
  const { html } = digestOf({
    name: "Ada's nurses",
    results: [result("Nurse's aide")],
    rest: 0,
  });
  assert.ok(html.includes("Ada&#39;s nurses") && html.includes("Nurse&#39;s aide"), html);
  assert.ok(!html.includes("&apos;"), html);
});

Deno.test("digestMessage() says what the query was read as, hostile words as text in both parts", () => {
  fc.assert(
    fc.property(fc.string({ unit: "binary" }), fc.string({ unit: "binary" }), (q, company) => {
      // The typed query is the key holder's, a company's name is a posting's: either may be hostile.
      const reading = {
        q,
        query_corrected: { q: `${q} nurse`, words: [{ from: "nurce", to: "nurse" }] },
        query_company: { matched: "Acme", company: [company] },
      };
      const { html, text } = digestOf({
        name: "n",
        results: [result("Nurse")],
        rest: 0,
        reading,
      });
      const page = new DOMParser().parseFromString(html, "text/html");
      assert.deepEqual(
        [...page.querySelectorAll("body *")].map((element) => element.tagName.toLowerCase()),
        ["p", "p", "p", "ol", "li", "a", "br", "p", "a"],
      );
      const said = [...page.querySelectorAll("body > p")].slice(1, 3).map((p) => p.textContent);
      assert.deepEqual(said, [
        xmlSafe(`Searched as "${q} nurse" (you typed "${q}").`),
        xmlSafe(`Only postings of ${company}: the query named it ("Acme").`),
      ]);
      const lines = text.split("\n");
      assert.equal(lines[1], plain(`Searched as "${q} nurse" (you typed "${q}").`));
      // deno-lint-ignore no-control-regex
      assert.ok(!/[\u0000-\u0009\u000B-\u001F\u202A-\u202E]/.test(text));
    }),
    { numRuns: 200 },
  );
});

Deno.test("digestMessage() says the way of working and the day 'this week' means, markup in the query's words as text", () => {
  fc.assert(
    fc.property(fc.string({ unit: "binary" }), fc.string({ unit: "binary" }), (mode, when) => {
      // The words read come from the typed query: whatever they hold stays words.
      const work = `<b onclick="x()">${mode}</b>`;
      const posted = `<script>${when}</script>`;
      const { html, text } = digestOf({
        name: "n",
        results: [result("Nurse")],
        rest: 0,
        reading: {
          q: `${work} nurse jobs in Leeds ${posted}`,
          query_place: { matched: "Leeds", city: "Leeds" },
          query_work_mode: { matched: work, work_mode: "hybrid" },
          query_posted: { matched: posted, since: "2026-11-23" },
        },
      });
      const words = [
        `Searched for "${work} nurse jobs in Leeds ${posted}".`,
        'Only postings in Leeds: the query named it ("Leeds").',
        `Read "${work}" as how the work is done (hybrid), not as the work: only the postings ` +
        "there that say hybrid are sent.",
        `Read "${posted}" as when the postings were posted, not as the work: only those posted ` +
        "on 2026-11-23 or later are sent.",
      ];
      const page = new DOMParser().parseFromString(html, "text/html");
      assert.deepEqual(
        [...page.querySelectorAll("body *")].map((element) => element.tagName.toLowerCase()),
        ["p", "p", "p", "p", "p", "ol", "li", "a", "br", "p", "a"],
      );
      assert.deepEqual(
        [...page.querySelectorAll("body > p")].slice(1, 5).map((p) => p.textContent),
        words.map(xmlSafe),
      );
      assert.deepEqual(text.split("\n").slice(1, 5), words.map(plain));
    }),
    { numRuns: 200 },
  );
});

Deno.test("digestMessage() says a posting's pay as the page does ('£40,000–£50,000 a year'), not as stored", () => {
  const paid: JobResult = {
    ...result("Staff Nurse"),
    base_salary: "40000.0-50000.0 GBP/YEAR",
    salary_yearly: 50000,
  };
  const hourly: JobResult = {
    ...result("Cleaner"),
    base_salary: "11.75-11.75 GBP/HOUR",
    salary_yearly: 24440,
  };
  const { text, html } = digestOf({
    name: "nurse",
    results: [paid, hourly, result("Porter")],
    rest: 0,
  });
  assert.match(
    text,
    /^ {3}Acme \| Leeds, GB \| £40,000–£50,000 a year \| published 2026-11-20 09:00:00 UTC \| indeed$/m,
  );
  // Hourly pay by the hour, its yearly figure after it (session 43: "£24,440 a year" alone).
  assert.match(
    text,
    /^ {3}Acme \| Leeds, GB \| £11\.75 an hour \(about £24,440 a year\) \| published/m,
  );
  // A posting without pay says none.
  assert.match(text, /^ {3}Acme \| Leeds, GB \| published/m);
  assert.ok(html.includes("Acme | Leeds, GB | £40,000–£50,000 a year | published"), html);
  assert.doesNotMatch(text + html, /GBP\/YEAR|40000\.0/);
});

Deno.test("digestMessage() says the reading's filter values as postings do ('Part-time'), not as codes", () => {
  const { text, html } = digestOf({
    name: "part time cleaner",
    results: [result("Cleaner")],
    rest: 0,
    reading: {
      q: "part time cleaner",
      query_employment: { matched: "part time", employment_type: "parttime" },
    },
  });
  assert.match(
    text,
    /^Read "part time" as the employment type \(Part-time\), not as the work\.$/m,
  );
  assert.ok(html.includes("as the employment type (Part-time), not as the work."), html);
  assert.doesNotMatch(text + html, /parttime/);
});
