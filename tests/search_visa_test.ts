/**
 * A sponsored work visa asked for, on the real postings (session 50): searched as words, "software
 * engineer visa sponsorship" listed German software engineers first and the postings that deny
 * sponsorship among them, and "jobs with visa sponsorship" three close matches whose titles held
 * the word. A posting's answer is read at import (src/ingest/visa_sponsorship.ts), the query's ask
 * at search (src/index/query_sponsorship.ts).
 *
 * @module
 */
import { strict as assert } from "node:assert";
import { realIndex } from "./real_index.ts";
import { parseSearchQuery } from "../src/domain/search_query.ts";
import { type JobResult, toSearchResponse } from "../src/domain/job.ts";
import { buildSearchPage } from "../src/mcp/tools/search_page.ts";

const search = (params: Record<string, string>) =>
  realIndex.service.search(parseSearchQuery(params));

/** Every posting of the relevance-order list, strong then close (its first 1,000 of each). */
async function listed(
  q: string,
  more: Record<string, string> = {},
): Promise<{ total: number; close: number; all: JobResult[] }> {
  const first = await search({ q, sort: "relevance", top_k: "100", ...more });
  const all = [...first.results];
  const count = Math.min(first.total, 1000) + Math.min(first.close_total ?? 0, 1000);
  while (all.length < count) {
    const next = await search({
      q,
      sort: "relevance",
      top_k: "100",
      offset: String(all.length),
      ...more,
    });
    if (next.results.length === 0) break;
    all.push(...next.results);
  }
  return { total: first.total, close: first.close_total ?? 0, all };
}

const urls = (list: JobResult[]) => list.map((r) => r.job_url);

Deno.test("'software engineer visa sponsorship': the engineers that sponsor first, those that refuse gone", async () => {
  // In the US, where the lists stay under the 1,000 close matches a list holds.
  const us = { country: "US" };
  const plain = await listed("software engineer", us);
  const visa = await listed("software engineer visa sponsorship", us);
  const read = (await search({ q: "software engineer visa sponsorship" })).query_visa_sponsorship;
  assert.deepEqual(read, { matched: "visa sponsorship", beside_work: true });
  const strong = visa.all.filter((r) => r.match === "strong");
  assert.ok(strong.length > 0, "some software engineer posting says it sponsors");
  assert.ok(strong.every((r) => r.visa_sponsorship === "offered"));
  // The work's own postings, in their order, without those that say they sponsor none.
  const refused = plain.all.filter((r) => r.visa_sponsorship === "not_offered");
  assert.ok(refused.length > 0, "the real postings deny it too");
  const kept = plain.all.filter((r) => r.visa_sponsorship !== "not_offered");
  assert.deepEqual(new Set(urls(visa.all)), new Set(urls(kept)));
  assert.ok(visa.all.every((r) => r.visa_sponsorship !== "not_offered"));
  // Of the plain list's strong matches: the ask reorders the work's postings, it adds none.
  const plainStrong = new Set(urls(plain.all.filter((r) => r.match === "strong")));
  assert.ok(strong.every((r) => plainStrong.has(r.job_url)));
  // The newest-first page lists those strong matches only.
  const newest = await search({ q: "software engineer visa sponsorship", top_k: "100", ...us });
  assert.deepEqual(new Set(urls(newest.results)), new Set(urls(strong)));
});

Deno.test("'jobs with visa sponsorship' anywhere lists only the postings that say they sponsor", async () => {
  const out = await listed("jobs with visa sponsorship");
  assert.ok(out.total >= 10, `${out.total} strong`);
  assert.equal(out.close, 0);
  assert.ok(out.all.every((r) => r.visa_sponsorship === "offered" && r.match === "strong"));
  // The filter lists the same postings, said without words.
  const filtered = await listed("jobs with visa sponsorship", { visa_sponsorship: "offered" });
  assert.deepEqual(urls(filtered.all), urls(out.all));
  for (const q of ["jobs that sponsor visas", "visa sponsored jobs", "visa sponsorship jobs"]) {
    const same = await listed(q);
    assert.deepEqual(new Set(urls(same.all)), new Set(urls(out.all)), q);
  }
});

Deno.test("at a place: its sponsoring postings strong, its others close but those that refuse", async () => {
  const there = await listed("jobs in Amsterdam");
  const visa = await listed("jobs with visa sponsorship in Amsterdam");
  const response = await search({ q: "jobs with visa sponsorship in Amsterdam" });
  assert.equal(response.query_visa_sponsorship?.matched, "with visa sponsorship");
  assert.equal(response.query_visa_sponsorship?.beside_work, undefined);
  const expected = there.all.filter((r) => r.visa_sponsorship !== "not_offered");
  assert.equal(visa.total + visa.close, expected.length);
  assert.deepEqual(new Set(urls(visa.all)), new Set(urls(expected)));
  assert.ok(
    visa.all.filter((r) => r.match === "strong").every((r) => r.visa_sponsorship === "offered"),
  );
  assert.ok(
    visa.all.filter((r) => r.match === "close").every((r) => r.visa_sponsorship !== "offered"),
  );
  assert.ok(visa.total > 0);
});

Deno.test("where none of the work's strong matches sponsors, they stay strong and the answer says so", async () => {
  const plain = await search({ q: "chef", top_k: "100" });
  const visa = await search({ q: "chef visa sponsorship", top_k: "100" });
  assert.equal(visa.query_visa_sponsorship?.none_offered, true);
  const refusing = plain.results.filter((r) => r.visa_sponsorship === "not_offered").length;
  assert.equal(visa.total, plain.total - refusing);
  const params = { q: "chef visa sponsorship", sort: "relevance", top_k: "3" };
  const text = buildSearchPage(
    parseSearchQuery(params),
    toSearchResponse("00000000-0000-4000-8000-000000000000", await search(params)),
    { maxChars: 20_000 },
  ).text;
  assert.match(
    text,
    /Read "visa sponsorship" as a sponsored work visa asked for, not as the work: none of the work's strong matches says it sponsors one, so they all stay the strong matches; those that say they do not are left out\./,
  );
});

Deno.test("the filter keeps only what the postings say, and the counts say how many say each", async () => {
  const us = { country: "US" };
  const plain = await listed("software engineer", us);
  const offered = await listed("software engineer", { visa_sponsorship: "offered", ...us });
  const refused = await listed("software engineer", { visa_sponsorship: "not_offered", ...us });
  // A filter only removes postings, tiers and order kept.
  const said = (answer: string) =>
    plain.all.filter((r) => r.visa_sponsorship === answer).map((r) => [r.job_url, r.match]);
  assert.deepEqual(offered.all.map((r) => [r.job_url, r.match]), said("offered"));
  assert.deepEqual(refused.all.map((r) => [r.job_url, r.match]), said("not_offered"));
  const counted = await search({ q: "software engineer", facets: "visa_sponsorship", ...us });
  const strong = plain.all.filter((r) => r.match === "strong");
  assert.deepEqual(
    Object.fromEntries((counted.facets?.visa_sponsorship ?? []).map((f) => [f.value, f.count])),
    Object.fromEntries(
      ["not_offered", "offered"].map((
        a,
      ) => [a, strong.filter((r) => r.visa_sponsorship === a).length])
        .filter(([, n]) => (n as number) > 0),
    ),
  );
});

Deno.test("a visa turned down in the words is no ask: the words are searched as before", async () => {
  const out = await search({ q: "software engineer no visa sponsorship needed" });
  assert.equal(out.query_visa_sponsorship, undefined);
});

Deno.test("a visa of one country asks for that country's postings: 'h1b jobs', 'software engineer h1b'", async () => {
  // Reviewer R50b: "h1b jobs" listed German and Dutch postings first.
  const alone = await listed("h1b jobs");
  const anywhere = await listed("jobs with visa sponsorship");
  assert.ok(alone.total > 0);
  assert.deepEqual(
    new Set(urls(alone.all)),
    new Set(urls(anywhere.all.filter((r) => r.country === "US"))),
  );
  const read = (await search({ q: "software engineer h1b" })).query_visa_sponsorship;
  assert.deepEqual(read, {
    matched: "h1b",
    where: "the United States",
    countries: ["US"],
    beside_work: true,
  });
  const beside = await listed("software engineer h1b", { country: "US" });
  const usVisa = await listed("software engineer visa sponsorship", { country: "US" });
  assert.deepEqual(urls(beside.all), urls(usVisa.all));
  const everywhere = await listed("software engineer h1b");
  assert.ok(
    everywhere.all.every((r) => r.country === "US" && r.visa_sponsorship !== "not_offered"),
  );
  // A person who needs no sponsoring is no ask: the words are searched as they were.
  for (
    const q of [
      "software engineer, i don't need a visa sponsorship",
      "nurse no need for visa sponsorship",
    ]
  ) {
    assert.equal((await search({ q })).query_visa_sponsorship, undefined, q);
  }
});

Deno.test("a visa of another place than the one named asks for that place's postings, and the hints say true", async () => {
  // Reviewer R50c: "h1b jobs in London" said "No posting is in london" (London has postings), and
  // "hr jobs h1b" blamed the words for what the visa's place left out.
  const london = await search({ q: "h1b jobs in London", sort: "relevance", top_k: "100" });
  assert.equal(london.query_visa_sponsorship?.where, undefined);
  assert.equal(london.query_place?.city, "London");
  const there = await listed("jobs in London");
  const refusing = there.all.filter((r) => r.visa_sponsorship === "not_offered").length;
  assert.equal(london.total + (london.close_total ?? 0), there.total - refusing);
  assert.doesNotMatch(london.hint ?? "", /No posting is in/);
  const hr = await search({ q: "hr jobs h1b" });
  assert.equal(hr.total, 0, "no HR posting in the United States sponsors or is strong");
  assert.match(
    hr.hint ?? "",
    /No posting in the United States is a strong match for these words: "h1b" names a visa of the United States/,
  );
  // Alone at a place where none sponsors: the sentence says why, no hint about the word "jobs".
  const none = await search({ q: "jobs with visa sponsorship in London", sort: "relevance" });
  assert.equal(none.total, 0, "no London posting says it sponsors");
  assert.equal(none.query_visa_sponsorship?.none_offered, true);
  assert.doesNotMatch(none.hint ?? "", /strong match for "jobs"/);
});
