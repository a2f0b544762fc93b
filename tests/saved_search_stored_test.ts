/**
 * Saved searches stored by earlier versions, read by this one: what a search now refuses must not
 * make them fail at every delivery or edit.
 *
 * @module
 */
import { strict as assert } from "node:assert";
import { AlertDeliverer } from "../src/alerts/alert_deliverer.ts";
import { SavedSearches } from "../src/alerts/saved_searches.ts";
import { DEFAULT_ALERTS } from "../src/config.ts";
import { silentLogger } from "../src/log.ts";
import { openStore } from "../src/store/store.ts";
import { createTestSearch } from "./helpers.ts";

Deno.test("a saved search stored with radius_km but no near (ignored until session 37, refused since) still lists, edits, feeds and saves beside others", async () => {
  const search = await createTestSearch();
  const store = await openStore(":memory:");
  const now = Date.now();
  const owner = "key:reader";
  const saved = new SavedSearches({ store: store.savedSearches, config: DEFAULT_ALERTS });
  const deliverer = new AlertDeliverer({
    store: store.savedSearches,
    service: search.service,
    config: DEFAULT_ALERTS,
    logger: silentLogger,
  });
  try {
    // Written as the earlier version stored it.
    await store.savedSearches.add(
      {
        id: "ss_0000000000000000000000RADIUS",
        owner,
        name: "Nurses, a radius alone",
        params: { q: "nurse", radius_km: 30 },
        deliver: [],
        paused: false,
        feedToken: "radius-feed-token-00000000000000000000000000",
        baseUrl: "http://localhost:8000",
        createdAt: now - 60_000,
        updatedAt: now - 60_000,
      },
      { feedHash: "radius-feed", unsubscribe: [] },
      50,
    );
    const [listed] = await saved.list(owner);
    assert.equal(listed.id, "ss_0000000000000000000000RADIUS");
    assert.equal("radius_km" in listed.params, false, JSON.stringify(listed.params));
    const renamed = await saved.update(owner, listed.id, { name: "Nurses" });
    assert.equal(renamed.name, "Nurses");
    // Another saved search is compared with it (one of each search a key): no refusal.
    const other = await saved.create(
      owner,
      { name: "Cleaners", q: "cleaner" },
      "http://localhost:8000",
    );
    assert.equal(other.name, "Cleaners");
    const record = await store.savedSearches.get(listed.id);
    assert.ok(record);
    assert.match(await deliverer.readFeed(record), /<feed/);
    // With near, the radius is the search's own and is kept.
    const near = await saved.create(owner, {
      name: "Near",
      q: "nurse",
      near: "Leeds",
      radius_km: 40,
    }, "http://localhost:8000");
    assert.equal(near.params.radius_km, 40);
  } finally {
    await deliverer.stop();
    store.close();
    await search.close();
  }
});
