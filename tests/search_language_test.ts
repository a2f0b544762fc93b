/**
 * The language the work is done in, said as people say it, on the real postings (session 40):
 * "english speaking jobs in Berlin" listed four Amazon postings that ask for German, "jobs in
 * Germany without German" listed German speakers first. A posting's languages are read at import
 * (src/ingest/posting_languages.ts), the query's at search (src/index/query_language.ts).
 *
 * @module
 */
import { strict as assert } from "node:assert";
import { realIndex } from "./real_index.ts";
import { parseSearchQuery } from "../src/domain/search_query.ts";
import type { JobResult } from "../src/domain/job.ts";
import { buildSearchPage } from "../src/mcp/tools/search_page.ts";
import { toSearchResponse } from "../src/domain/job.ts";

const search = (params: Record<string, string>) =>
  realIndex.service.search(parseSearchQuery(params));

/** Every posting of the relevance-order list, strong then close (its first 1,000 of each). */
async function listed(q: string): Promise<{ total: number; close: number; all: JobResult[] }> {
  const first = await search({ q, sort: "relevance", top_k: "100" });
  const all = [...first.results];
  const count = Math.min(first.total, 1000) + Math.min(first.close_total ?? 0, 1000);
  while (all.length < count) {
    const more = await search({ q, sort: "relevance", top_k: "100", offset: String(all.length) });
    if (more.results.length === 0) break;
    all.push(...more.results);
  }
  return { total: first.total, close: first.close_total ?? 0, all };
}

const onlyEnglish = (r: JobResult) => r.languages?.length === 1 && r.languages[0] === "en";

Deno.test("'english speaking jobs in Amsterdam': the postings there that need no other language first", async () => {
  const { total, close, all } = await listed("english speaking jobs in Amsterdam");
  const there = await search({ q: "jobs in Amsterdam" });
  // The place's postings, every one: those that fit strong, the others close.
  assert.equal(total + close, there.total);
  assert.ok(total > 0 && close > 0, `${total} strong, ${close} close`);
  const strong = all.filter((r) => r.match === "strong");
  assert.equal(strong.length, total);
  assert.ok(strong.every(onlyEnglish));
  assert.ok(all.filter((r) => r.match === "close").every((r) => !onlyEnglish(r)));
  // Said as people say it, too.
  const speakers = await listed("jobs in Amsterdam for English speakers");
  assert.deepEqual(speakers.all.map((r) => r.job_url), all.map((r) => r.job_url));
  // "only" beside the language's name is the language's, not the asking's (session 41: "english
  // only jobs in amsterdam" searched "english" and said nothing there was near it).
  for (const q of ["english only jobs in Amsterdam", "only english jobs in Amsterdam"]) {
    const only = await listed(q);
    assert.equal((await search({ q })).query_language?.needs, "only", q);
    assert.deepEqual(only.all.map((r) => r.job_url), all.map((r) => r.job_url), q);
  }
});

Deno.test("a language alone where no posting is known to fit: the place's postings, all close, and why", async () => {
  // "jobs for french speakers in london" listed nothing though London has postings (reviewer W).
  const french = await search({ q: "jobs for french speakers in London" });
  const london = await search({ q: "jobs in London" });
  assert.equal(french.total, 0);
  assert.equal(french.close_total, london.total);
  assert.equal(french.query_language?.none_in_language, true);
  assert.equal(french.closest?.length, Math.min(london.total, 10));
});

Deno.test("'jobs in Germany without German': none of the strong matches needs German", async () => {
  const out = await search({ q: "jobs in Germany without German", top_k: "100" });
  assert.deepEqual(out.query_language, {
    matched: "without German",
    needs: "not",
    language: "de",
  });
  assert.ok(out.total > 0);
  assert.ok(out.results.every((r) => r.country === "DE" && !r.languages?.includes("de")));
  // "German speaking" at the same place lists the others as strong.
  const german = await search({ q: "german speaking jobs in Germany", top_k: "100" });
  assert.ok(german.total > 0);
  assert.ok(german.results.every((r) => r.languages?.includes("de")));
});

Deno.test("a language beside the work decides the tiers of the work's postings, as said", async () => {
  const plain = await listed("sales");
  const dutch = await listed("dutch speaking sales");
  const read = (await search({ q: "dutch speaking sales" })).query_language;
  assert.equal(read?.beside_work, true);
  assert.equal(read?.language, "nl");
  // The same postings are listed (the work's), those that need Dutch the strong ones.
  assert.deepEqual(
    new Set(dutch.all.map((r) => r.job_url)),
    new Set(plain.all.map((r) => r.job_url)),
  );
  const strong = dutch.all.filter((r) => r.match === "strong");
  assert.ok(strong.length > 0 && strong.every((r) => r.languages?.includes("nl")));
  const plainStrong = new Set(plain.all.filter((r) => r.match === "strong").map((r) => r.job_url));
  assert.ok(strong.every((r) => plainStrong.has(r.job_url)));
  // Said to an agent in words.
  const params = { q: "dutch speaking sales", sort: "relevance", top_k: "3" };
  const response = toSearchResponse("00000000-0000-4000-8000-000000000000", await search(params));
  const text = buildSearchPage(parseSearchQuery(params), response, { maxChars: 20_000 }).text;
  assert.match(
    text,
    /Read "dutch speaking" as the language of the work: the postings of the work that need Dutch \(as their description says, or their title where they have none\) are the strong matches, the others close ones\./,
  );
});
