/**
 * The role leads, on the real postings: a posting whose title carries a tail (terms, a place, pay)
 * ranks with the postings titled exactly as the query, not below sibling roles.
 */
import { strict as assert } from "node:assert";
import { createTestSearch, realJobs } from "./helpers.ts";
import { parseSearchQuery } from "../src/domain/search_query.ts";

Deno.test("a title with a tail ranks with its role on the real postings", async () => {
  const jobs = await realJobs();
  const { service, close } = await createTestSearch({ jobs, cacheVectors: true });
  try {
    for (
      const [q, tailed] of [
        ["cleaner", "Cleaner - Permanent Full Time"],
        ["warehouse operative", "Warehouse Operative - Night Shift"],
        ["registered nurse", "Registered Nurse - Casual Pool"],
      ]
    ) {
      assert.ok(jobs.some((j) => j.job_title === tailed), `the data holds "${tailed}"`);
      const { results } = await service.search(
        parseSearchQuery({ q, sort: "relevance", top_k: "100" }),
      );
      const exact = results.filter((r) => r.job_title.toLowerCase() === q);
      const position = results.findIndex((r) => r.job_title === tailed);
      assert.ok(position >= 0, `"${tailed}" is in the set for "${q}"`);
      // As good as the exact title: ahead of every posting that is not that role.
      const others = results.slice(0, position).filter((r) =>
        !r.job_title.toLowerCase().startsWith(q)
      );
      assert.deepEqual(others.map((r) => r.job_title), [], `${q}: ${exact.length} exact titles`);
      assert.ok(results[position].score >= 0.9, `${tailed}: ${results[position].score}`);
    }
  } finally {
    await close();
  }
});
