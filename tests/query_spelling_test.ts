/**
 * Misspelt words in a query (src/index/query_spelling.ts), through the search service on the
 * fixture postings: searched as the postings' word, said in the response and by MCP and the CLI.
 */
import { strict as assert } from "node:assert";
import { createTestSearch, testPosting } from "./helpers.ts";
import { toSearchResponse } from "../src/domain/job.ts";
import { parseSearchQuery } from "../src/domain/search_query.ts";
import { buildSearchPage } from "../src/mcp/tools/search_page.ts";
import { formatResults } from "../cli/commands/search.ts";

const REQUEST_ID = "00000000-0000-4000-8000-000000000000";

Deno.test("a misspelt word is searched as the postings' word, and the response says so", async (t) => {
  const search = await createTestSearch();
  try {
    const ask = (params: Record<string, string>) =>
      search.service.search(parseSearchQuery({ sort: "relevance", top_k: "20", ...params }));
    const urls = (outcome: { results: { job_url: string }[] }) =>
      outcome.results.map((job) => job.job_url);

    await t.step('"nurce" finds the nurse posting, as "nurse" does', async () => {
      const typo = await ask({ q: "nurce" });
      const right = await ask({ q: "nurse" });
      assert.deepEqual(typo.query_corrected, {
        q: "nurse",
        words: [{ from: "nurce", to: "nurse" }],
      });
      assert.equal(right.query_corrected, undefined);
      const titles = typo.results.map((job) => job.job_title);
      assert.ok(titles.includes("Charge Nurse") && titles.includes("RN - Med/Surg"), `${titles}`);
      assert.deepEqual(urls(typo), urls(right));
      assert.equal(typo.total, right.total);
    });

    await t.step("the place the query names is kept as typed, and still applied", async () => {
      const typo = await ask({ q: "Nurce jobs in Calgary" });
      assert.deepEqual(typo.query_corrected, {
        q: "nurse jobs in Calgary",
        words: [{ from: "nurce", to: "nurse" }],
      });
      assert.equal(typo.query_place?.city, "Calgary");
      assert.equal(typo.results[0]?.job_title, "Charge Nurse");
    });

    await t.step("MCP and the CLI say it", async () => {
      const query = parseSearchQuery({ q: "nurce", top_k: "5" });
      const response = toSearchResponse(REQUEST_ID, await search.service.search(query));
      const said = 'Showing results for "nurse" (you typed "nurce": no posting has that word).';
      const page = buildSearchPage(query, response, { maxChars: 20_000 });
      assert.ok(page.text.includes(said), page.text);
      assert.ok(formatResults(response, 0, 100).includes(said));
    });
  } finally {
    await search.close();
  }
});

Deno.test("a misspelt city or company, corrected to one of the postings, is read as the place or company", async () => {
  const posting = (job_title: string, city: string, company?: string) =>
    testPosting({ job_title, city, country: "GB", ...(company ? { company_name: company } : {}) });
  const search = await createTestSearch({
    jobs: [
      // A city is corrected only to a word of the titles or tags: one title names Liverpool.
      await posting("Staff Nurse - Liverpool", "Liverpool"),
      await posting("Registered Nurse", "Liverpool"),
      await posting("Registered Nurse", "Leeds"),
      await posting("Barista", "Leeds"),
      await posting("Barchester Care Assistant", "Leeds", "Barchester"),
      await posting("Care Assistant", "Leeds"),
    ],
  });
  try {
    const ask = (q: string) => search.service.search(parseSearchQuery({ q, sort: "relevance" }));
    const typo = await ask("nurse in Liverpol");
    assert.deepEqual(typo.query_corrected?.words, [{ from: "liverpol", to: "liverpool" }]);
    assert.equal(typo.query_place?.city, "Liverpool");
    const right = await ask("nurse in Liverpool");
    assert.deepEqual(typo.results.map((r) => r.job_url), right.results.map((r) => r.job_url));
    assert.deepEqual(typo.results.map((r) => r.city), ["Liverpool", "Liverpool"]);
    // A company after "at", likewise, where a title names it.
    const employer = await ask("care assistant at Barchster");
    assert.deepEqual(employer.query_company, { matched: "barchester", company: ["Barchester"] });
    assert.deepEqual(employer.results.map((r) => r.company_name), ["Barchester"]);
  } finally {
    await search.close();
  }
});
