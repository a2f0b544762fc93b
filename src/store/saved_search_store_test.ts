import { strict as assert } from "node:assert";
import fc from "fast-check";
import { openStore } from "./store.ts";
import type { SavedSearchRecord } from "./saved_search_store.ts";

function record(id: string, owner: string): SavedSearchRecord {
  return {
    id,
    owner,
    name: id,
    params: { q: "nurse" },
    deliver: [],
    paused: false,
    feedToken: `t_${id}`,
    baseUrl: "http://127.0.0.1:8000",
    createdAt: 0,
    updatedAt: 0,
  };
}

Deno.test("racing adds never pass an owner's limit, and removing frees a place", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 5 }),
      fc.integer({ min: 1, max: 12 }),
      async (max, tries) => {
        const store = await openStore(":memory:");
        try {
          const results = await Promise.allSettled(
            Array.from(
              { length: tries },
              (_, i) =>
                store.savedSearches.add(record(`ss_${i}`, "key:a"), {
                  feedHash: `h${i}`,
                  unsubscribe: [],
                }, max),
            ),
          );
          const added = results.filter((r) => r.status === "fulfilled").length;
          assert.equal(added, Math.min(max, tries));
          for (const r of results) {
            if (r.status === "rejected") {
              assert.match(
                String(r.reason),
                /LIMIT_EXCEEDED|at most|the most/,
              );
            }
          }
          assert.equal((await store.savedSearches.listOwned("key:a")).length, added);
          assert.deepEqual(await store.savedSearches.listOwned("key:b"), []);
          if (added === max) {
            const [first] = await store.savedSearches.ownedIds("key:a");
            assert.equal(await store.savedSearches.remove("key:b", first, []), false, "not b's");
            assert.equal(await store.savedSearches.remove("key:a", first, []), true);
            await store.savedSearches.add(record("ss_again", "key:a"), {
              feedHash: "x",
              unsubscribe: [],
            }, max);
          }
        } finally {
          store.close();
        }
      },
    ),
    { numRuns: 25 },
  );
});

Deno.test("a delivery lease has one holder until it runs out or is given back", async () => {
  const store = await openStore(":memory:");
  try {
    const leases = store.savedSearches;
    const takers = await Promise.all(
      ["a", "b", "c"].map((owner) => leases.takeLease("ss_1", owner, 100, 1000)),
    );
    assert.equal(takers.filter(Boolean).length, 1, "exactly one of three racing servers");
    const holder = ["a", "b", "c"][takers.indexOf(true)];
    const other = holder === "a" ? "b" : "a";
    assert.equal(await leases.takeLease("ss_1", other, 100, 1050), false);
    assert.equal(await leases.takeLease("ss_1", other, 100, 1101), true, "it ran out");
    await leases.releaseLease("ss_1", holder);
    assert.equal(
      await leases.takeLease("ss_1", holder, 100, 1150),
      false,
      "only the holder gives it back",
    );
    await leases.releaseLease("ss_1", other);
    assert.equal(await leases.takeLease("ss_1", holder, 100, 1160), true);
  } finally {
    store.close();
  }
});

Deno.test("acknowledging records the postings sent and never moves the mark back", async () => {
  const store = await openStore(":memory:");
  try {
    const s = store.savedSearches;
    await s.acknowledge("ss_1", "wh_1", { postingIds: ["p1", "p2"], searchedAt: 2000, at: 2100 });
    await s.acknowledge("ss_1", "wh_1", { postingIds: ["p3"], searchedAt: 1500, at: 2200 });
    assert.equal(await s.mark("ss_1", "wh_1"), 2000);
    assert.deepEqual([...await s.sentAmong("ss_1", "wh_1", ["p1", "p3", "p4"])].sort(), [
      "p1",
      "p3",
    ]);
    assert.deepEqual([...await s.sentAmong("ss_1", "feed", ["p1"])], [], "per channel");
    assert.equal((await s.state("ss_1", "wh_1")).lastDeliveredAt, 2200);
  } finally {
    store.close();
  }
});
