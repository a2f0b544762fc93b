/**
 * `added_since`: "what appeared since my last look" is one search. The store stamps a posting's
 * `first_seen` when it first stores it and keeps it through updates; the filter narrows a result
 * set to the postings first seen at or after the time, like every other filter.
 */
import { strict as assert } from "node:assert";
import { parseSearchQuery } from "../src/domain/search_query.ts";
import { silentLogger } from "../src/log.ts";
import { publishIndex } from "../src/search/publish_index.ts";
import { createSearchService } from "../src/search/search_service.ts";
import { openStore } from "../src/store/store.ts";
import { cachingTestEmbedder, defaultTestJobs, testEmbedder } from "./helpers.ts";

const utcNow = () => new Date().toISOString().slice(0, 19).replace("T", " ");

Deno.test("added_since keeps exactly the query's postings first seen since then", async () => {
  const store = await openStore(":memory:");
  const embedder = await testEmbedder();
  const service = createSearchService({ store, embedder, logger: silentLogger });
  try {
    const jobs = await defaultTestJobs(300);
    const [earlier, later] = [jobs.slice(0, 150), jobs.slice(150)];
    await store.postings.upsertJobs(earlier);
    // first_seen has whole seconds: the second batch must land in a later second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const mark = utcNow();
    await store.postings.upsertJobs(later);
    // An update of an earlier posting keeps when it was first seen.
    const renamed = { ...earlier[0], job_title: `${earlier[0].job_title} (updated)` };
    await store.postings.upsertJobs([renamed]);
    const stored = await store.postings.getJob(renamed.id);
    assert.equal(stored?.job_title, renamed.job_title);
    assert.ok(stored!.first_seen! < mark, `${stored!.first_seen} < ${mark}`);
    for (const job of later) {
      assert.ok((await store.postings.getJob(job.id))!.first_seen! >= mark, job.id);
    }
    // The postings' vectors from the kept file (tests/vector_cache.ts); queries from the model.
    const kept = await cachingTestEmbedder();
    await publishIndex(store, { embedder: kept, logger: silentLogger });
    await kept.save();
    await service.start();

    const laterUrls = new Set(later.map((j) => j.job_url));
    let nonEmpty = 0;
    for (const q of ["nurse", "software engineer", "teacher", "sales", "driver", "manager"]) {
      const all = await service.search(parseSearchQuery({ q, top_k: "100", sort: "relevance" }));
      assert.ok(all.total <= 100, "the whole set fits one page");
      const recent = await service.search(
        parseSearchQuery({ q, top_k: "100", sort: "relevance", added_since: mark }),
      );
      // The result set: the strong matches (close ones follow them in relevance order).
      const strong = (r: { match?: string }) => r.match === "strong";
      const expected = all.results.filter((r) => strong(r) && laterUrls.has(r.job_url));
      assert.deepEqual(
        recent.results.filter(strong).map((r) => r.job_url),
        expected.map((r) => r.job_url),
        q,
      );
      assert.equal(recent.total, expected.length, q);
      assert.deepEqual(recent.applied?.filters, { added_since: mark });
      for (const r of recent.results) assert.ok(r.first_seen! >= mark, r.first_seen);
      if (expected.length > 0) nonEmpty++;
    }
    assert.ok(nonEmpty >= 3, `${nonEmpty} queries found new postings`);
  } finally {
    service.stop();
    await service.whenIdle();
    store.close();
  }
});

Deno.test("added_since is validated like since", () => {
  assert.equal(
    parseSearchQuery({ q: "nurse", added_since: "2026-11-01" }).added_since,
    "2026-11-01 00:00:00",
  );
  for (const bad of ["yesterday", "2026-02-30", "2026-11-01T10:00:00"]) {
    assert.throws(
      () => parseSearchQuery({ q: "nurse", added_since: bad }),
      (e: Error) => /Invalid parameter 'added_since'/.test(e.message),
      bad,
    );
  }
});
