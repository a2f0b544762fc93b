/**
 * Work described with a qualifier (session 20, issue 36), on the bundled postings as a fresh
 * server serves them, with the ESCO occupations: "someone to look after elderly people at night"
 * listed three Night Auditors as its closest matches, "look after elderly people" a Senior Office
 * Manager and a Senior Account Manager. A qualifier of time or hours names no title of the work,
 * and a query describing the work does not take the occupation that manages it
 * (docs/search.md, "Described work with qualifiers (session 20)").
 */
import { strict as assert } from "node:assert";
import { parseSearchQuery } from "../src/domain/search_query.ts";
import { createTestSearch, defaultTestJobs, testOccupations } from "./helpers.ts";

Deno.test("a query describing the work with a qualifier finds the work first", async (t) => {
  const occupations = await testOccupations();
  assert.ok(occupations, "the ESCO occupations could not be obtained");
  const search = await createTestSearch({ jobs: await defaultTestJobs(10_000), occupations });
  try {
    const titles = async (q: string) =>
      (await search.service.search(parseSearchQuery({ q, sort: "relevance", top_k: "10" })))
        .results.map((r) => r.job_title);
    const care = /care|carer|health aide|support worker|nursing/i;

    await t.step("at night: care work first, no night auditor", async () => {
      const found = await titles("someone to look after elderly people at night");
      assert.ok(found.length > 0);
      assert.match(found[0], care, found.join(", "));
      assert.ok(!found.some((title) => /auditor/i.test(title)), found.join(", "));
    });
    await t.step("the elderly are not the senior: no manager among the first five", async () => {
      const found = await titles("look after elderly people");
      assert.match(found[0], care, found.join(", "));
      assert.ok(!found.slice(0, 5).some((title) => /manager/i.test(title)), found.join(", "));
    });
    await t.step("part time: the drivers", async () => {
      const found = await titles("driving a van part time");
      assert.ok(found.slice(0, 3).every((title) => /driver/i.test(title)), found.join(", "));
    });
    await t.step("a qualifier that is the role's own stays: night auditors", async () => {
      const found = await titles("night auditor jobs");
      assert.match(found[0], /night auditor/i, found.join(", "));
    });
  } finally {
    await search.close();
  }
});
