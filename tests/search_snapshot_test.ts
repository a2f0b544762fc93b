/**
 * Snapshots in KV: a server swaps in a newer index without failing a request, and keeps serving
 * the previous one when a snapshot is corrupt, half-written or of another format.
 */
import { strict as assert } from "node:assert";
import { JobseekError } from "../src/domain/errors.ts";
import { type Job, jobIdFromUrl } from "../src/domain/job.ts";
import { parseSearchQuery } from "../src/domain/search_query.ts";
import type { Embedder } from "../src/model/embedder.ts";
import { createLogger, silentLogger } from "../src/log.ts";
import { embedWithCache, publishIndex } from "../src/search/publish_index.ts";
import { createSearchService } from "../src/search/search_service.ts";
import { decodeSnapshot, encodeSnapshot, SNAPSHOT_FORMAT_VERSION } from "../src/index/snapshot.ts";
import { keys } from "../src/store/kv_keys.ts";
import { openStore, type Store } from "../src/store/store.ts";
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

/**
 * The snapshot bytes with the first posting's vector row pointed past the last row, encoded
 * again: the header and every section are intact, so only the decoder's checks can tell.
 */
async function withBadVectorRow(bytes: Uint8Array): Promise<Uint8Array> {
  const data = await decodeSnapshot(bytes);
  data.vectorOfDoc[0] = data.vectorScales!.length + 5;
  return await encodeSnapshot(data);
}

/** The real model under another name, or cut to fewer dimensions under its own name. */
function impostor(real: Embedder, options: { model?: string; dimensions?: number }): Embedder {
  const dimensions = options.dimensions ?? real.dimensions;
  return {
    model: options.model ?? real.model,
    dimensions,
    async embed(texts) {
      return (await real.embed(texts)).map((vector) => {
        const cut = vector.slice(0, dimensions);
        const norm = Math.hypot(...cut);
        return cut.map((x) => x / norm);
      });
    },
  };
}

function errorsAbout(lines: Record<string, unknown>[], snapshotId: string): string[] {
  return lines.filter((l) => l.snapshot_id === snapshotId && l.level === "error")
    .map((l) => String(l.error));
}

Deno.test("search service on an empty store says no index (no retry helps), then serves the first one published", async () => {
  const store = await openStore(":memory:");
  const embedder = await testEmbedder();
  const service = createSearchService({ store, embedder, logger: silentLogger, pollMs: 100 });
  try {
    const notReady = (e: unknown) => e instanceof JobseekError && e.code === "NOT_READY";
    const noIndex = (e: unknown) => e instanceof JobseekError && e.code === "NO_INDEX";
    await assert.rejects(service.search(parseSearchQuery({ q: "nurse" })), notReady);
    await assert.rejects(service.listCities(), notReady, "not started yet: worth a retry");
    await service.start();
    assert.equal(service.isReady(), false);
    await assert.rejects(service.search(parseSearchQuery({ q: "nurse" })), noIndex);
    await assert.rejects(service.listCities(), noIndex);
    await store.postings.upsertJobs(await defaultTestJobs(20));
    const { snapshotId } = await publishIndex(store, { embedder, logger: silentLogger });
    await waitFor(() => service.snapshotId() === snapshotId, "the first snapshot");
    assert.equal(service.isReady(), true);
    // Of the first 20 fixture postings, one teaches.
    const found = await service.search(parseSearchQuery({ q: "teacher" }));
    assert.deepEqual(found.results.map((r) => r.job_title), ["Physics Teacher"]);
    assert.equal(found.total, 1);
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
    const answers: { keepers: number; total: number }[] = [];
    let swapped = false;
    const load = (async () => {
      // Requests keep coming while the new index is built, published and swapped in.
      while (!swapped) {
        const outcome = await service.search(parseSearchQuery({ q: "lighthouse keeper" }));
        const keepers = outcome.results.filter((r) => r.job_title === "Lighthouse Keeper").length;
        answers.push({ keepers, total: outcome.total });
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    })();
    const { snapshotId } = await publishIndex(store, { embedder, logger: silentLogger });
    await waitFor(() => service.snapshotId() === snapshotId, "the new snapshot");
    swapped = true;
    await load;
    assert.notEqual(snapshotId, first);

    const after = await service.search(parseSearchQuery({ q: "lighthouse keeper" }));
    assert.deepEqual(
      after.results.filter((r) => r.job_title === "Lighthouse Keeper").map((r) => r.publish_time),
      ["2026-12-03 09:00:00", "2026-12-02 09:00:00", "2026-12-01 09:00:00"],
    );
    // Every answer came whole from one index or the other, never a mix or a failure.
    assert.ok(answers.length > 0);
    for (const answer of answers) {
      assert.deepEqual(
        answer,
        answer.keepers === 0
          ? { keepers: 0, total: before.total }
          : { keepers: 3, total: after.total },
      );
    }
  } finally {
    await search.close();
  }
});

/**
 * A store with 30 postings and their index, and a started service serving it, logging to `lines`;
 * `run` gets them and the query's answer before anything else is published.
 */
async function servingGoodSnapshot(
  run: (context: {
    store: Store;
    embedder: Embedder;
    service: ReturnType<typeof createSearchService>;
    lines: Record<string, unknown>[];
    good: string;
    before: Awaited<ReturnType<ReturnType<typeof createSearchService>["search"]>>;
  }) => Promise<void>,
) {
  const { lines, logger } = capturingLogger();
  const store = await openStore(":memory:");
  const embedder = await testEmbedder();
  const service = createSearchService({ store, embedder, logger, pollMs: 100 });
  try {
    await store.postings.upsertJobs(await defaultTestJobs(30));
    const good = (await publishIndex(store, { embedder, logger: silentLogger })).snapshotId;
    await service.start();
    const before = await service.search(QUERY);
    await run({ store, embedder, service, lines, good, before });
    // Still the good index, answering as before.
    assert.equal(service.snapshotId(), good);
    const after = await service.search(QUERY);
    assert.deepEqual(after.results, before.results);
    assert.equal(after.total, before.total);
  } finally {
    service.stop();
    await service.whenIdle();
    store.close();
  }
}

const QUERY = parseSearchQuery({ q: "engineer", top_k: "50" });

Deno.test("search service keeps serving when a snapshot of another format version is published", async () => {
  await servingGoodSnapshot(async ({ store, embedder, lines, good }) => {
    const garbage = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 7919) % 251);
    const old = await store.snapshots.publishSnapshot(garbage, {
      formatVersion: SNAPSHOT_FORMAT_VERSION - 1,
      docCount: 30,
      model: embedder.model,
    });
    await waitFor(() => errorsAbout(lines, old).length > 0, "the old-format snapshot rejected");
    assert.match(
      errorsAbout(lines, old)[0],
      new RegExp(
        `has format version ${SNAPSHOT_FORMAT_VERSION - 1}, this server reads ` +
          `${SNAPSHOT_FORMAT_VERSION}`,
      ),
    );
    const future = await store.snapshots.publishSnapshot(
      (await store.snapshots.readSnapshot(good))!.bytes,
      { formatVersion: 999, docCount: 30, model: embedder.model },
    );
    await waitFor(() => errorsAbout(lines, future).length > 0, "the future snapshot rejected");
  });
});

Deno.test("search service decodes a current-format snapshot with corrupt bytes, rejects it and keeps serving", async () => {
  await servingGoodSnapshot(async ({ store, embedder, lines, good }) => {
    const bytes = await withBadVectorRow((await store.snapshots.readSnapshot(good))!.bytes);
    const corrupt = await store.snapshots.publishSnapshot(bytes, {
      formatVersion: SNAPSHOT_FORMAT_VERSION,
      docCount: 30,
      model: embedder.model,
    });
    await waitFor(() => errorsAbout(lines, corrupt).length > 0, "the corrupt snapshot rejected");
    assert.match(
      errorsAbout(lines, corrupt)[0],
      /^Cannot decode snapshot: posting 0 has vector row \d+, of \d+ rows$/,
    );
  });
});

Deno.test("search service refuses a snapshot built with another model and keeps serving, saying so in its health", async () => {
  await servingGoodSnapshot(async ({ store, embedder, service, lines, good }) => {
    const other = impostor(embedder, { model: "other-model@1" });
    const { snapshotId } = await publishIndex(store, { embedder: other, logger: silentLogger });
    await waitFor(() => errorsAbout(lines, snapshotId).length > 0, "the other model's snapshot");
    assert.equal(
      errorsAbout(lines, snapshotId)[0],
      `snapshot ${snapshotId} was built with model other-model@1, this server embeds queries ` +
        `with ${embedder.model}`,
    );
    assert.match(
      service.healthDetail!()!,
      new RegExp(`^serving index snapshot ${good}: the current snapshot ${snapshotId} cannot be`),
    );
  });
});

Deno.test("a late notice of the snapshot served does not clear the failure of a newer one from its health", async () => {
  const { lines, logger } = capturingLogger();
  const store = await openStore(":memory:");
  const embedder = await testEmbedder();
  // The watch as a KV watch and a poll can deliver it: every notice followed by the one before it,
  // so the served snapshot is named again after the newer one that failed.
  const watchCurrentSnapshot: Store["snapshots"]["watchCurrentSnapshot"] = (onChange, options) => {
    let before: string | null = null;
    store.snapshots.watchCurrentSnapshot((id) => {
      onChange(id);
      if (before !== null && before !== id) onChange(before);
      before = id;
    }, options);
  };
  const snapshots = new Proxy(store.snapshots, {
    get(target, name) {
      if (name === "watchCurrentSnapshot") return watchCurrentSnapshot;
      const value = Reflect.get(target, name, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const service = createSearchService({
    store: { postings: store.postings, snapshots },
    embedder,
    logger,
    pollMs: 100,
  });
  try {
    await store.postings.upsertJobs(await defaultTestJobs(30));
    const good = (await publishIndex(store, { embedder, logger: silentLogger })).snapshotId;
    await service.start();
    const other = impostor(embedder, { model: "other-model@1" });
    const { snapshotId } = await publishIndex(store, { embedder: other, logger: silentLogger });
    await waitFor(() => errorsAbout(lines, snapshotId).length > 0, "the other model's snapshot");
    await service.whenIdle();
    assert.equal(service.snapshotId(), good);
    assert.match(
      service.healthDetail!() ?? "",
      new RegExp(`^serving index snapshot ${good}: the current snapshot ${snapshotId} cannot be`),
    );
  } finally {
    service.stop();
    await service.whenIdle();
    store.close();
  }
});

Deno.test("search service refuses a snapshot of another vector width under its model's name", async () => {
  await servingGoodSnapshot(async ({ store, embedder, lines }) => {
    const narrow = impostor(embedder, { dimensions: 32 });
    const { snapshotId } = await publishIndex(store, { embedder: narrow, logger: silentLogger });
    await waitFor(() => errorsAbout(lines, snapshotId).length > 0, "the 32-d snapshot");
    assert.equal(
      errorsAbout(lines, snapshotId)[0],
      `snapshot ${snapshotId} holds 32-d vectors of ${embedder.model}, this server embeds ` +
        `queries as ${embedder.dimensions}-d vectors of ${embedder.model}`,
    );
  });
});

Deno.test("search service starting on a current snapshot of another model serves the previous one", async () => {
  const { lines, logger } = capturingLogger();
  const store = await openStore(":memory:");
  const embedder = await testEmbedder();
  const service = createSearchService({ store, embedder, logger, pollMs: 100 });
  try {
    await store.postings.upsertJobs(await defaultTestJobs(30));
    const good = await publishIndex(store, { embedder, logger: silentLogger });
    const other = impostor(embedder, { model: "other-model@1" });
    const foreign = await publishIndex(store, { embedder: other, logger: silentLogger });
    await service.start();
    assert.equal(service.snapshotId(), good.snapshotId);
    const fellBack = lines.find((l) => String(l.msg).startsWith("serving the previous index"));
    assert.deepEqual(
      [fellBack?.level, fellBack?.snapshot_id, fellBack?.current],
      ["warn", good.snapshotId, foreign.snapshotId],
    );
    assert.equal((await service.search(QUERY)).total > 0, true);
  } finally {
    service.stop();
    await service.whenIdle();
    store.close();
  }
});

/**
 * A service on a store file serving a snapshot of 30 postings, with a second handle on the file
 * (`raw`) for writes no store method makes; `run` may publish anything, and afterwards the good
 * snapshot must still serve, answering as before.
 */
async function servingOnFile(
  run: (context: {
    store: Store;
    raw: Deno.Kv;
    embedder: Embedder;
    lines: Record<string, unknown>[];
    good: string;
  }) => Promise<void>,
) {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/kv.sqlite3`;
  const store = await openStore(path);
  const raw = await Deno.openKv(path);
  const embedder = await testEmbedder();
  const { lines, logger } = capturingLogger();
  const service = createSearchService({ store, embedder, logger, pollMs: 50 });
  try {
    await store.postings.upsertJobs(await defaultTestJobs(30));
    const good = (await publishIndex(store, { embedder, logger: silentLogger })).snapshotId;
    await service.start();
    const query = parseSearchQuery({ q: "nurse", top_k: "50" });
    const before = await service.search(query);
    await run({ store, raw, embedder, lines, good });
    assert.equal(service.snapshotId(), good);
    assert.deepEqual((await service.search(query)).results, before.results);
  } finally {
    service.stop();
    await service.whenIdle();
    raw.close();
    store.close();
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("a build that dies half-way leaves the previous snapshot serving", async () => {
  await servingOnFile(async ({ store, raw, embedder, lines, good }) => {
    // Another process wrote some chunks and died before the meta and the pointer flip.
    await raw.set(keys.snapshotChunk("01DEADBUILD0000000000000000", 0), new Uint8Array(1000));
    await raw.set(keys.snapshotChunk("01DEADBUILD0000000000000000", 1), new Uint8Array(1000));
    // Another one flipped the pointer to a snapshot whose chunks are not all there.
    const bytes = (await store.snapshots.readSnapshot(good))!.bytes;
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
  });
});

Deno.test("a snapshot whose bytes fail their hash is refused even when they decode, and the previous one serves", async () => {
  await servingOnFile(async ({ store, raw, embedder, lines, good }) => {
    // Whole, decodable bytes under a record whose hash they do not have: a server decodes while
    // the hash is checked, and must still refuse them.
    const bytes = (await store.snapshots.readSnapshot(good))!.bytes;
    const tampered = "01TAMPERED0000000000000000";
    const chunk = 60 * 1024;
    let chunkCount = 0;
    for (let at = 0; at < bytes.byteLength; at += chunk) {
      await raw.set(keys.snapshotChunk(tampered, chunkCount++), bytes.slice(at, at + chunk));
    }
    await raw.set(keys.snapshotMeta(tampered), {
      formatVersion: SNAPSHOT_FORMAT_VERSION,
      chunkCount,
      byteLength: bytes.byteLength,
      sha256: "0".repeat(64),
      docCount: 30,
      model: embedder.model,
      createdAt: new Date().toISOString(),
    });
    await raw.set(keys.currentSnapshot(), tampered);
    await waitFor(() => errorsAbout(lines, tampered).length > 0, "the tampered snapshot refused");
    assert.equal(
      errorsAbout(lines, tampered)[0],
      `Cannot load snapshot ${tampered}: it is corrupt`,
    );
  });
});

/** `real`, counting the texts it is asked to embed (what the cache did not serve). */
function countingEmbedder(real: Embedder): Embedder & { textsEmbedded(): number } {
  let embedded = 0;
  return {
    model: real.model,
    dimensions: real.dimensions,
    embed(texts) {
      embedded += texts.length;
      return real.embed(texts);
    },
    textsEmbedded: () => embedded,
  };
}

Deno.test("embedWithCache() re-embeds cached vectors of another width left under its model's name", async () => {
  const store = await openStore(":memory:");
  try {
    const real = await testEmbedder();
    const counting = countingEmbedder(real);
    // Another build of the model, stamped the same, left 8-d vectors under the same keys.
    const narrow = impostor(real, { dimensions: 8 });
    await embedWithCache(store, narrow, ["nurse", "chef"]);
    const fresh = await embedWithCache(store, counting, ["nurse", "chef", "welder"]);
    assert.equal(fresh.embedded, 3);
    assert.deepEqual(
      [...fresh.vectors.values()].map((v) => v.length),
      Array(3).fill(real.dimensions),
    );
    assert.deepEqual(
      Array.from(fresh.vectors.get("nurse")!),
      Array.from((await real.embed(["nurse"]))[0]),
    );
    // The cache now holds the right vectors: nothing is embedded again.
    assert.equal((await embedWithCache(store, counting, ["chef", "nurse"])).embedded, 0);
    assert.equal(counting.textsEmbedded(), 3);
  } finally {
    store.close();
  }
});

Deno.test("publishIndex() over cached vectors of another width ranks as over an empty cache", async () => {
  const jobs = await defaultTestJobs(40);
  const clean = await createTestSearch({ jobs });
  const store = await openStore(":memory:");
  const embedder = await testEmbedder();
  const service = createSearchService({ store, embedder, logger: silentLogger, pollMs: 100 });
  try {
    await store.postings.upsertJobs(jobs);
    await publishIndex(store, {
      embedder: impostor(embedder, { dimensions: 32 }),
      logger: silentLogger,
    });
    const { snapshotId } = await publishIndex(store, { embedder, logger: silentLogger });
    await service.start();
    assert.equal(service.snapshotId(), snapshotId);
    // Scores carry the title vectors' cosines: any stale vector would change them.
    for (const q of ["teacher", "nurse", "warehouse", "software developer"]) {
      const query = parseSearchQuery({ q, sort: "relevance" });
      // The two stores stored the postings at their own times: first_seen may differ.
      const comparable = async (from: typeof service) => {
        const { search_time_ms: _, results, ...rest } = await from.search(query);
        return { ...rest, results: results.map(({ first_seen: _, ...r }) => r) };
      };
      const found = await comparable(service);
      const expected = await comparable(clean.service);
      assert.deepEqual(found, expected, q);
      assert.ok(expected.total > 0, q);
    }
  } finally {
    service.stop();
    await service.whenIdle();
    store.close();
    await clean.close();
  }
});

Deno.test("embedWithCache() embeds each text once and serves repeats from KV", async () => {
  const store = await openStore(":memory:");
  try {
    const real = await testEmbedder();
    const counting = countingEmbedder(real);
    const first = await embedWithCache(store, counting, ["nurse", "chef", "welder"]);
    assert.equal(first.embedded, 3);
    const second = await embedWithCache(store, counting, ["chef", "nurse", "baker"]);
    assert.equal(second.embedded, 1);
    assert.equal(counting.textsEmbedded(), 4);
    assert.deepEqual(
      Array.from(second.vectors.get("chef")!),
      Array.from(first.vectors.get("chef")!),
    );
  } finally {
    store.close();
  }
});

Deno.test("publishIndex() refuses vectors no server can score, before embedding a title", async () => {
  const store = await openStore(":memory:");
  try {
    await store.postings.upsertJobs(await defaultTestJobs(20));
    const counting = countingEmbedder(impostor(await testEmbedder(), { dimensions: 24 }));
    await assert.rejects(
      publishIndex(store, { embedder: counting, logger: silentLogger }),
      {
        message:
          "Cannot publish the index: 24-d vectors are not whole steps of 16 values, which the search's SIMD kernel reads",
      },
    );
    assert.equal(counting.textsEmbedded(), 0);
    assert.equal(await store.snapshots.currentSnapshotId(), null);
  } finally {
    store.close();
  }
});

Deno.test("a snapshot read on a thread offers its reader the title vectors' bytes, and decodes the same", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/kv.sqlite3`;
  const store = await openStore(path);
  try {
    const embedder = await testEmbedder();
    await store.postings.upsertJobs(await defaultTestJobs(30));
    const { snapshotId } = await publishIndex(store, { embedder, logger: silentLogger });
    const whole = await decodeSnapshot((await store.snapshots.readSnapshot(snapshotId))!.bytes);
    const reading = (await store.snapshots.openSnapshot(snapshotId, { threadFrom: 0 }))!;
    const asked: { start: number; length: number; taken: boolean }[] = [];
    const data = await decodeSnapshot(reading.bytes, {
      arrived: reading.arrived,
      redirect: async (start, target) => {
        const taken = await reading.redirect!(start, target);
        asked.push({ start, length: target.byteLength, taken });
        return taken;
      },
      vectorsAheadBytes: 0,
    });
    await reading.verified;
    // The vectors are the snapshot's last bytes. A snapshot this small is read whole in the read's
    // first batch, before its header is decoded: too late to redirect, so this thread copies them.
    const length = whole.vectors.byteLength;
    assert.deepEqual(asked, [{ start: reading.bytes.byteLength - length, length, taken: false }]);
    const comparable = (d: typeof data) => ({
      ...d,
      vectors: [...d.vectors],
      repostTexts: d.repostTexts?.all(),
      fingerprints: d.fingerprints?.all(),
    });
    assert.deepEqual(comparable(data), comparable(whole));
  } finally {
    store.close();
    await Deno.remove(dir, { recursive: true });
  }
});
