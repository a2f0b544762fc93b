import { strict as assert } from "node:assert";
import fc from "fast-check";
import { parseFeed } from "@rowanmanning/feed-parser";
import type { JobResult } from "../domain/job.ts";
import { atomFeed } from "./atom_feed.ts";

function result(title: string, company: string, url: string): JobResult {
  return {
    score: 0.8,
    job_title: title,
    company_name: company,
    city: "Leeds",
    country: "GB",
    publish_time: "2026-11-20 09:00:00",
    first_seen: "2026-11-28 10:00:00",
    job_url: url,
    job_tags: [company],
    data_source: "indeed",
  };
}

/** What a reader shows of a text: XML cannot carry control characters, bidi overrides are cut. */
function shown(text: string): string {
  return text.toWellFormed()
    .replace(
      // deno-lint-ignore no-control-regex
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F\uFFFE\uFFFF\u202A-\u202E\u2066-\u2069]/g,
      "",
    ).replace(/[\t\n\r]/g, " ");
}

Deno.test("atomFeed stays a valid feed whatever the postings hold, every entry once by id", () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.record({
          title: fc.string({ unit: "binary", minLength: 1 }),
          company: fc.string({ unit: "binary" }),
        }),
        {
          maxLength: 5,
        },
      ),
      (postings) => {
        const xml = atomFeed({
          savedSearchId: "ss_1",
          name: '<b>nurses</b> & "more"',
          selfUrl: "http://127.0.0.1:8000/v1/feeds/abc",
          entries: postings.map((p, i) => ({
            postingId: `p${i}`,
            result: result(
              p.title,
              p.company,
              i === 0 ? "javascript:alert(1)" : `https://x.test/${i}`,
            ),
          })),
          emptySince: new Date("2026-11-28T10:00:00Z"),
        });
        const feed = parseFeed(xml);
        if (postings.length === 0) {
          // An empty feed's time is the saved search's creation, not the read's: reads agree.
          assert.equal(feed.updated?.toISOString(), "2026-11-28T10:00:00.000Z");
        }
        assert.equal(feed.title, 'jobseek: <b>nurses</b> & "more"');
        assert.deepEqual(
          feed.items.map((item) => item.id),
          postings.map((_, i) => `urn:jobseek:posting:p${i}`),
        );
        for (const [i, item] of feed.items.entries()) {
          const expected = [shown(postings[i].title), shown(postings[i].company)]
            .filter((part) => part.trim() !== "").join(" at ");
          assert.equal((item.title ?? "").trim(), expected.trim());
          // A script URL never becomes a link.
          assert.ok(!item.url?.startsWith("javascript:"), item.url ?? "");
        }
      },
    ),
    { numRuns: 200 },
  );
});

Deno.test("atomFeed's subtitle says what the query was read as, hostile words as text", () => {
  fc.assert(
    fc.property(fc.string({ unit: "binary" }), fc.string({ unit: "binary" }), (q, company) => {
      const xml = atomFeed({
        savedSearchId: "ss_1",
        name: "n",
        selfUrl: "http://127.0.0.1:8000/v1/feeds/abc",
        entries: [{ postingId: "p0", result: result("Nurse", company, "https://x.test/0") }],
        emptySince: new Date("2026-11-28T10:00:00Z"),
        reading: { q, query_company: { matched: "Acme", company: [company] } },
      });
      const feed = parseFeed(xml);
      assert.equal(feed.items.length, 1);
      const said = shown(
        `Searched for "${q}". Only postings of ${company}: the query named it ("Acme").`,
      );
      assert.equal((feed.description ?? "").trim(), said.trim());
    }),
    { numRuns: 200 },
  );
});

Deno.test("atomFeed's subtitle says the way of working and the day 'this week' means, markup in the query's words as text", () => {
  fc.assert(
    fc.property(fc.string({ unit: "binary" }), fc.string({ unit: "binary" }), (mode, when) => {
      const work = `<b onclick="x()">${mode}</b>`;
      const posted = `<script>${when}</script>`;
      const xml = atomFeed({
        savedSearchId: "ss_1",
        name: "n",
        selfUrl: "http://127.0.0.1:8000/v1/feeds/abc",
        entries: [{ postingId: "p0", result: result("Nurse", "Acme", "https://x.test/0") }],
        emptySince: new Date("2026-11-28T10:00:00Z"),
        reading: {
          q: `${work} jobs ${posted}`,
          query_work_mode: { matched: work, work_mode: "onsite" },
          query_posted: { matched: posted, since: "2026-11-29" },
        },
      });
      const feed = parseFeed(xml);
      assert.equal(feed.items.length, 1);
      const said = shown(
        `Searched for "${work} jobs ${posted}". Read "${work}" as how the work is ` +
          "done (onsite), not as the work: only the postings that say on-site, or say " +
          `neither remote nor hybrid, are sent. Read "${posted}" as when the postings were ` +
          "posted, not as the work: only those posted on 2026-11-29 or later are sent.",
      );
      assert.equal((feed.description ?? "").trim(), said.trim());
    }),
    { numRuns: 200 },
  );
});

/** A saved search's feed of one posting, with the reading of its query if given. */
function feedOf(posting: JobResult, reading?: Parameters<typeof atomFeed>[0]["reading"]): string {
  return atomFeed({
    savedSearchId: "s1",
    name: "nurse",
    selfUrl: "https://jobs.example/v1/feeds/t",
    entries: [{ postingId: "p1", result: posting }],
    emptySince: new Date("2026-11-28T00:00:00Z"),
    ...(reading ? { reading } : {}),
  });
}

Deno.test("atomFeed's summary says a posting's pay as the page does ('£40,000–£50,000 a year'), not as stored", () => {
  const paid: JobResult = {
    ...result("Staff Nurse", "Acme", "https://jobs.example/1"),
    base_salary: "40000.0-50000.0 GBP/YEAR",
    salary_yearly: 50000,
    employment_type: "Full-time",
  };
  const xml = feedOf(paid);
  const feed = parseFeed(xml);
  assert.equal(
    feed.items[0].description,
    "Acme · Leeds, GB · £40,000–£50,000 a year · Full-time · published 2026-11-20 09:00:00 UTC · on indeed",
  );
  assert.doesNotMatch(xml, /GBP\/YEAR/);
});

Deno.test("atomFeed says hourly pay by the hour and the reading's values as postings do", () => {
  const hourly: JobResult = {
    ...result("Cleaner", "Acme", "https://jobs.example/2"),
    base_salary: "11.0-12.5 GBP/HOUR",
    salary_yearly: 26000,
  };
  const xml = feedOf(hourly, {
    q: "mid level onsite jobs",
    query_seniority: { matched: "mid level", seniority: ["mid"] },
    query_work_mode: { matched: "onsite", work_mode: "onsite" },
  });
  const feed = parseFeed(xml);
  assert.equal(
    feed.items[0].description,
    "Acme · Leeds, GB · £11–£12.50 an hour (up to about £26,000 a year) · published 2026-11-20 09:00:00 UTC · " +
      "on indeed",
  );
  assert.match(feed.description!, /Read "mid level" as the seniority \(Mid-level\), not as the /);
  assert.match(feed.description!, /Read "onsite" as how the work is done \(On-site\), not as the /);
  assert.doesNotMatch(feed.description!, /\((mid|onsite)\)/);
});
