/**
 * What a saved search delivers is its strong set alone (issues 36 and 39): a close match, listed
 * after the strong ones in relevance order, is never "new" for an alert. In-process, on the real
 * search service over the bundled postings.
 */
import { strict as assert } from "node:assert";
import { AlertDeliverer } from "../src/alerts/alert_deliverer.ts";
import { FEED_CHANNEL, SavedSearches } from "../src/alerts/saved_searches.ts";
import { DEFAULT_ALERTS } from "../src/config.ts";
import { parseSearchQuery } from "../src/domain/search_query.ts";
import { silentLogger } from "../src/log.ts";
import { openStore } from "../src/store/store.ts";
import { createTestSearch } from "./helpers.ts";

Deno.test("a saved search delivers its strong matches only, never the close ones", async () => {
  const search = await createTestSearch();
  const store = await openStore(":memory:");
  try {
    // Saved long before the postings were first seen: every posting that matches is new.
    const savedSearches = new SavedSearches({
      store: store.savedSearches,
      config: DEFAULT_ALERTS,
      now: () => Date.parse("2000-01-01T00:00:00Z"),
    });
    const deliverer = new AlertDeliverer({
      store: store.savedSearches,
      service: search.service,
      config: DEFAULT_ALERTS,
      logger: silentLogger,
    });
    const cases: Record<string, string>[] = [
      // No strong match in Dallas, one close: an RN posting (tests/web_routes_test.ts shows it).
      { q: "nurse", city: "Dallas" },
      { q: "nurse" },
      { q: "python developer" },
    ];
    for (const params of cases) {
      const view = await savedSearches.create("owner", { name: "s", ...params }, "http://x");
      const record = await savedSearches.record("owner", view.id);
      const fresh = await deliverer.newFor(record, FEED_CHANNEL, 1000);
      const ranked = await search.service.search(
        parseSearchQuery({ ...params, sort: "relevance", top_k: "100" }),
      );
      const strong = ranked.results.filter((r) => r.match === "strong").map((r) => r.job_url);
      const close = ranked.results.filter((r) => r.match === "close").map((r) => r.job_url);
      const delivered = fresh.postings.map((p) => p.result.job_url);
      assert.ok(close.length > 0, `${JSON.stringify(params)} has close matches to leave out`);
      assert.deepEqual(delivered, strong, JSON.stringify(params));
      assert.ok(delivered.every((url) => !close.includes(url)));
    }
  } finally {
    store.close();
    await search.close();
  }
});
