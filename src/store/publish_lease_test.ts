import { strict as assert } from "node:assert";
import { openStore } from "./store.ts";

Deno.test("the publish lease has one holder at a time until it runs out or is given back", async () => {
  const store = await openStore(":memory:");
  try {
    const { snapshots } = store;
    const t = 1_000_000;
    assert.equal(await snapshots.takePublishLease("a", 100, t), true);
    assert.equal(await snapshots.takePublishLease("b", 100, t + 50), false, "a holds it");
    assert.equal(await snapshots.takePublishLease("a", 100, t + 60), true, "a may renew");
    await snapshots.releasePublishLease("b");
    assert.equal(await snapshots.takePublishLease("b", 100, t + 100), false, "b cannot free it");
    assert.equal(await snapshots.takePublishLease("b", 100, t + 161), true, "a's ran out");
    await snapshots.releasePublishLease("b");
    assert.equal(await snapshots.takePublishLease("c", 100, t + 162), true, "given back");
    // Two takers racing for a free lease: exactly one gets it.
    await snapshots.releasePublishLease("c");
    const raced = await Promise.all(
      ["x", "y", "z"].map((owner) => snapshots.takePublishLease(owner, 100, t + 200)),
    );
    assert.equal(raced.filter(Boolean).length, 1, JSON.stringify(raced));
  } finally {
    store.close();
  }
});
