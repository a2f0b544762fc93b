/**
 * Occupations in other words (docs/search.md, session 17): ESCO's names for an occupation read a
 * query that names it otherwise than the postings' titles do, on the real postings as served.
 */
import { strict as assert } from "node:assert";
import { realIndex } from "./real_index.ts";
import { indexSearcher, testOccupations } from "./helpers.ts";
import { parseSearchQuery } from "../src/domain/search_query.ts";

const occupations = await testOccupations();

Deno.test("the ESCO occupations are obtained and read", () => {
  assert.ok(occupations, "the ESCO occupations could not be obtained");
  // ESCO has 3,039 occupations; a few rows have no preferred label that can be read back.
  assert.ok(occupations.size > 2_900, `only ${occupations.size} occupations read`);
});

Deno.test("ESCO names the occupation of a query in other words, and no neighbouring one", () => {
  assert.ok(occupations);
  assert.deepEqual(occupations.labelsFor("mixologist"), ["cocktail bartender"]);
  assert.deepEqual(occupations.labelsFor("dispensing chemist"), ["pharmacist"]);
  // A bookkeeper is near an accountant and is not one; a word many occupations share
  // ("nurse", "assistant") names none of them.
  assert.ok(!occupations.labelsFor("bookkeeper").includes("accountant"));
  assert.deepEqual(occupations.labelsFor("nurse"), []);
  assert.deepEqual(occupations.labelsFor("assistant"), []);
  // Part of a word is not the word.
  assert.deepEqual(occupations.labelsFor("mixolog"), []);
});

Deno.test("a query naming an occupation in other words finds its postings first", async () => {
  const ranked = await realIndex.service.search(
    parseSearchQuery({ q: "mixologist", sort: "relevance", top_k: "5" }),
  );
  const titles = ranked.results.map((r) => r.job_title);
  assert.ok(
    titles.slice(0, 3).every((t) => /bar ?tender|bar staff|barback|bar team/i.test(t)),
    `mixologist found ${titles.join(" | ")}`,
  );
});

Deno.test("the occupations change nothing for a query the titles use", async () => {
  // The index searched as the service does but without the occupations (tests/helpers.ts).
  const plain = indexSearcher(realIndex.embedder);
  const index = realIndex.service.served()!.index;
  const firstTen = (hits: { job_url: string; score: number }[]) =>
    hits.slice(0, 10).map((h) => `${h.job_url} ${h.score}`);
  for (const q of ["data engineer", "registered nurse", "mixologist"]) {
    const without = await plain(index, { q, sort: "relevance" });
    const served = await realIndex.service.search(
      parseSearchQuery({ q, sort: "relevance", top_k: "10" }),
    );
    const same = firstTen(without.hits.map((h) => ({ job_url: h.job.job_url, score: h.score })))
      .join("\n") === firstTen(served.results).join("\n");
    // Titles say "Data Engineer" and "Registered Nurse": the labels are not used. No title says
    // "mixologist": they are, and the order is another.
    assert.equal(same, q !== "mixologist", q);
  }
});
