/**
 * Snapshots in KV: a server swaps in a newer index without failing a request, and keeps serving
 * the previous one when a snapshot is corrupt, half-written or of another format.
 */
import { strict as assert } from "node:assert";
import { JobseekError } from "../src/domain/errors.ts";
import { type Job, jobIdFromUrl } from "../src/domain/job.ts";
import { parseSearchQuery } from "../src/domain/search_query.ts";
import type { Embedder } from "../src/index/embedder.ts";
import { createLogger, silentLogger } from "../src/log.ts";
import { embedWithCache, publishIndex } from "../src/search/publish_index.ts";
import { createSearchService } from "../src/search/search_service.ts";
import { keys } from "../src/store/kv_keys.ts";
import { openStore } from "../src/store/store.ts";
import { createTestSearch, defaultTestJobs, testEmbedder } from "./helpers.ts";

async function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function lighthouseKeepers(count: number): Promise<Job[]> {
  return await Promise.all(Array.from({ length: count }, async (_, n) => {
    const job_url = `https://www.indeed.com/viewjob?jk=lighthouse${n}`;
    return {
      id: await jobIdFromUrl(job_url),
      job_title: "Lighthouse Keeper",
      company_name: "Coastal Trust",
      city: "Oban",
      country: "GB",
      publish_time: `2026-12-0${n + 1} 09:00:00`,
      job_url,
      job_tags: ["maritime"],
      data_source: "indeed" as const,
      // Three lighthouses, not one job posted three times (which would count once).
      job_description: `Keep light number ${n + 1} burning and log passing ships.`,
    };
  }));
}

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  return { lines, logger: createLogger({ write: (line) => lines.push(JSON.parse(line)) }) };
}

Deno.test("search service on an empty store says no index (no retry helps), then serves the first one published", async () => {
  const store = await openStore(":memory:");
  const embedder = await testEmbedder();
  const service = createSearchService({ store, embedder, logger: silentLogger, pollMs: 100 });
  try {
    await assert.rejects(
      service.search(parseSearchQuery({ q: "nurse" })),
      (e) => e instanceof JobseekError && e.code === "NOT_READY",
      "not started yet: worth a retry",
    );
    await service.start();
    assert.equal(service.isReady(), false);
    await assert.rejects(
      service.search(parseSearchQuery({ q: "nurse" })),
      (e) => e instanceof JobseekError && e.code === "NO_INDEX",
    );
    await store.postings.upsertJobs(await defaultTestJobs(20));
    const { snapshotId } = await publishIndex(store, { embedder, logger: silentLogger });
    await waitFor(() => service.snapshotId() === snapshotId, "the first snapshot");
    assert.equal(service.isReady(), true);
    assert.ok((await service.search(parseSearchQuery({ q: "teacher" }))).total >= 0);
  } finally {
    service.stop();
    await service.whenIdle();
    store.close();
  }
});

Deno.test("search service swaps in a newer snapshot without failing a request", async () => {
  const search = await createTestSearch({ jobs: await defaultTestJobs(60) });
  const { store, service, embedder } = search;
  try {
    const first = service.snapshotId();
    const before = await service.search(parseSearchQuery({ q: "lighthouse keeper" }));
    assert.equal(before.results.filter((r) => r.job_title === "Lighthouse Keeper").length, 0);

    await store.postings.upsertJobs(await lighthouseKeepers(3));
    let requests = 0;
    let swapped = false;
    const load = (async () => {
      // Requests keep coming while the new index is built, published and swapped in.
      while (!swapped) {
        const outcome = await service.search(parseSearchQuery({ q: "lighthouse keeper" }));
        assert.ok(outcome.total >= 0);
        requests++;
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    })();
    const { snapshotId } = await publishIndex(store, { embedder, logger: silentLogger });
    await waitFor(() => service.snapshotId() === snapshotId, "the new snapshot");
    swapped = true;
    await load;
    assert.notEqual(snapshotId, first);
    assert.ok(requests > 0);

    const after = await service.search(parseSearchQuery({ q: "lighthouse keeper" }));
    assert.deepEqual(
      after.results.filter((r) => r.job_title === "Lighthouse Keeper").map((r) => r.publish_time),
      ["2026-12-03 09:00:00", "2026-12-02 09:00:00", "2026-12-01 09:00:00"],
    );
  } finally {
    await search.close();
  }
});

Deno.test("search service keeps serving when a corrupt or foreign snapshot is published", async () => {
  const { lines, logger } = capturingLogger();
  const store = await openStore(":memory:");
  const embedder = await testEmbedder();
  const service = createSearchService({ store, embedder, logger, pollMs: 100 });
  try {
    await store.postings.upsertJobs(await defaultTestJobs(30));
    const good = await publishIndex(store, { embedder, logger: silentLogger });
    await service.start();
    const query = parseSearchQuery({ q: "engineer", top_k: "50" });
    const before = await service.search(query);

    const garbage = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 7919) % 251);
    const bad = await store.snapshots.publishSnapshot(garbage, {
      formatVersion: 1,
      docCount: 30,
      model: embedder.model,
    });
    await waitFor(
      () => lines.some((l) => l.snapshot_id === bad && l.level === "error"),
      "the corrupt snapshot to be rejected",
    );
    const foreign = await store.snapshots.publishSnapshot(
      (await store.snapshots.readSnapshot(good.snapshotId))!.bytes,
      {
        formatVersion: 999,
        docCount: 30,
        model: embedder.model,
      },
    );
    await waitFor(
      () => lines.some((l) => l.snapshot_id === foreign && l.level === "error"),
      "the foreign snapshot to be rejected",
    );

    assert.equal(service.snapshotId(), good.snapshotId);
    const after = await service.search(query);
    assert.deepEqual(after.results, before.results);
    assert.equal(after.total, before.total);
  } finally {
    service.stop();
    await service.whenIdle();
    store.close();
  }
});

Deno.test("a build that dies half-way leaves the previous snapshot serving", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/kv.sqlite3`;
  const store = await openStore(path);
  const raw = await Deno.openKv(path);
  const embedder = await testEmbedder();
  const { lines, logger } = capturingLogger();
  const service = createSearchService({ store, embedder, logger, pollMs: 50 });
  try {
    await store.postings.upsertJobs(await defaultTestJobs(30));
    const good = await publishIndex(store, { embedder, logger: silentLogger });
    await service.start();
    const query = parseSearchQuery({ q: "nurse", top_k: "50" });
    const before = await service.search(query);

    // Another process wrote some chunks and died before the meta and the pointer flip.
    await raw.set(keys.snapshotChunk("01DEADBUILD0000000000000000", 0), new Uint8Array(1000));
    await raw.set(keys.snapshotChunk("01DEADBUILD0000000000000000", 1), new Uint8Array(1000));
    // Another one flipped the pointer to a snapshot whose chunks are not all there.
    const bytes = (await store.snapshots.readSnapshot(good.snapshotId))!.bytes;
    const half = "01HALFWRITTEN00000000000000";
    await raw.set(keys.snapshotChunk(half, 0), bytes.slice(0, 1000));
    await raw.set(keys.snapshotMeta(half), {
      formatVersion: 1,
      chunkCount: 3,
      byteLength: bytes.byteLength,
      sha256: "0".repeat(64),
      docCount: 30,
      model: embedder.model,
      createdAt: new Date().toISOString(),
    });
    await raw.set(keys.currentSnapshot(), half);
    await waitFor(
      () => lines.some((l) => l.snapshot_id === half && l.level === "error"),
      "the half-written snapshot to be rejected",
    );

    assert.equal(service.snapshotId(), good.snapshotId);
    assert.deepEqual((await service.search(query)).results, before.results);
  } finally {
    service.stop();
    await service.whenIdle();
    raw.close();
    store.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("embedWithCache() embeds each text once and serves repeats from KV", async () => {
  const store = await openStore(":memory:");
  try {
    const real = await testEmbedder();
    let embedded = 0;
    const counting: Embedder = {
      model: real.model,
      dimensions: real.dimensions,
      embed(texts) {
        embedded += texts.length;
        return real.embed(texts);
      },
    };
    const first = await embedWithCache(store, counting, ["nurse", "chef", "welder"]);
    assert.equal(first.embedded, 3);
    const second = await embedWithCache(store, counting, ["chef", "nurse", "baker"]);
    assert.equal(second.embedded, 1);
    assert.equal(embedded, 4);
    assert.deepEqual(
      Array.from(second.vectors.get("chef")!),
      Array.from(first.vectors.get("chef")!),
    );
  } finally {
    store.close();
  }
});
