/**
 * The console's size of the served index (session 39): a delta's own few KiB read as the index's
 * size. Over a real store in memory, snapshots published as a delta chain is: a full one, then
 * deltas naming it as their base.
 *
 * @module
 */
import { strict as assert } from "node:assert";
import { ApiKeyRegistry } from "../src/auth/api_keys.ts";
import { openStore } from "../src/store/store.ts";
import { DOMParser } from "linkedom";
import { ConsolePage, indexSizeInWords } from "../src/web/admin_routes.tsx";
import { ConsoleFigures } from "../src/web/console_data.ts";
import { ServiceMetrics } from "../src/web/metrics.ts";

const META = { formatVersion: 1, docCount: 11_520, model: "test" };

/** The console's figures over a new store in memory (the caller closes the store). */
async function consoleOverEmptyStore() {
  const store = await openStore(":memory:");
  const figures = new ConsoleFigures({
    store,
    apiKeys: new ApiKeyRegistry(store.apiKeys, []),
    metrics: new ServiceMetrics(),
  });
  return { store, figures };
}

Deno.test("the console sizes a delta's index as its base and deltas, and says which stored snapshots it is", async () => {
  const { store, figures } = await consoleOverEmptyStore();
  try {
    const full = await store.snapshots.publishSnapshot(new Uint8Array(3 * 1024 * 1024), META);
    const whole = await figures.load();
    assert.equal(whole.index.bytes, 3 * 1024 * 1024);
    assert.equal(whole.index.parts, undefined);
    assert.equal(indexSizeInWords(whole.index), "3.0 MiB");

    const first = await store.snapshots.publishSnapshot(new Uint8Array(2048), {
      ...META,
      baseId: full,
    }, { replacing: full });
    const second = await store.snapshots.publishSnapshot(new Uint8Array(3072), {
      ...META,
      baseId: full,
      chain: [first],
    }, { replacing: first });
    const data = await figures.load();
    assert.equal(data.index.snapshotId, second);
    // What a server reads to load it: the base and both deltas.
    assert.equal(data.index.bytes, 3 * 1024 * 1024 + 5120);
    assert.deepEqual(data.index.parts, {
      baseId: full,
      baseBytes: 3 * 1024 * 1024,
      chain: [first],
      deltas: 2,
      deltaBytes: 5120,
    });
    assert.equal(
      indexSizeInWords(data.index),
      `3.0 MiB: the full snapshot ${full} (3.0 MiB) and 2 deltas (5.0 KiB)`,
    );
    // The page: that size, and each stored snapshot's part in the served index.
    const html = String(await ConsolePage({ data }));
    const page = new DOMParser().parseFromString(html, "text/html");
    const size = [...page.querySelectorAll("table.kv tr")]
      .find((row) => row.querySelector("th")?.textContent === "Size");
    assert.equal(size?.querySelector("td")?.textContent, indexSizeInWords(data.index));
    const kinds = Object.fromEntries(
      [...page.querySelectorAll("tr")].filter((row) => row.querySelector("code"))
        .map((row) => [row.querySelector("code")!.textContent, row.children[1].textContent]),
    );
    assert.deepEqual(kinds, {
      [full]: "full, base of the served",
      [first]: "delta, part of the served",
      [second]: "delta, served",
    });
  } finally {
    store.close();
  }
});

Deno.test("the console says work modes as postings do ('On-site'), not as the filter's codes", async () => {
  const { store, figures } = await consoleOverEmptyStore();
  try {
    const loaded = await figures.load();
    const data = {
      ...loaded,
      postings: {
        ...loaded.postings,
        byWorkMode: [
          { value: "not stated", count: 9 },
          { value: "onsite", count: 3 },
          { value: "remote", count: 2 },
        ],
      },
    };
    const page = new DOMParser().parseFromString(String(await ConsolePage({ data })), "text/html");
    const table = [...page.querySelectorAll("table")].find((t) =>
      t.querySelector("th")?.textContent === "Work mode"
    );
    assert.deepEqual(
      [...table!.querySelectorAll("tbody tr")].map((row) => row.children[0].textContent),
      ["not stated", "On-site", "Remote"],
    );
  } finally {
    store.close();
  }
});
