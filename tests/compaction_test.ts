/**
 * Compaction merges deltas into a new base without rebuilding (src/search/compact_index.ts), and a
 * push half-written when another server looks is published as a delta, never a full rebuild
 * (src/search/publish_delta.ts): over generated pushes of real JobSpy postings (adds, updates,
 * postings leaving by the retention, compactions between them), the compacted snapshot is byte
 * for byte the one a full publish of the same store writes, and searches on it, on the merged
 * index a server serves and on the full publish answer alike.
 */
import { strict as assert } from "node:assert";
import fc from "fast-check";
import {
  cachingTestEmbedder,
  indexSearcher,
  infoLines,
  realJobs,
  testEmbedder,
} from "./helpers.ts";
import type { Job } from "../src/domain/job.ts";
import { formatUtc } from "../src/domain/lifecycle.ts";
import { applyDelta, decodeDelta } from "../src/index/index_delta.ts";
import { embeddingTextOf } from "../src/index/job_index_data.ts";
import { JobIndex } from "../src/index/job_index.ts";
import { decodeSnapshot } from "../src/index/snapshot.ts";
import { silentLogger } from "../src/log.ts";
import type { Embedder } from "../src/model/embedder.ts";
import { createBackgroundPublisher } from "../src/search/background_publisher.ts";
import { compactIndex } from "../src/search/compact_index.ts";
import { compactInChild } from "../src/search/publish_in_child.ts";
import { COMPACT_AT_SHARE, publishDelta } from "../src/search/publish_delta.ts";
import { publishIndex } from "../src/search/publish_index.ts";
import { SnapshotFollower } from "../src/search/snapshot_follower.ts";
import { wardPosting } from "../src/search/testdata/ward_postings.ts";
import { keys } from "../src/store/kv_keys.ts";
import { type Store, storeOn } from "../src/store/store.ts";

const QUERIES = [
  "nurse",
  "software engineer",
  "python developer",
  "data analyst",
  "warehouse associate",
  "truck driver",
  "customer service",
  "project manager",
  "someone who fixes cars",
  "nurse jobs in Chicago",
  "developer in Toronto",
  "remote python developer",
  "asdfghjkl",
  "senior",
];

/** Wide enough for every real posting; a posting "leaves" by moving its publish time before it. */
const RETENTION_DAYS = 3650;
const LONG_AGO = "2000-01-01 00:00:00";

async function searcher() {
  const search = indexSearcher(await testEmbedder());
  return async (index: JobIndex, params: Record<string, string>) => {
    const { total, hits } = await search(index, params);
    return JSON.stringify({
      total,
      hits: hits.map((h) => [h.job, h.score, h.alsoPostedAt ?? []]),
    });
  };
}

async function currentBytes(store: Store): Promise<Uint8Array> {
  const id = (await store.snapshots.currentSnapshotId())!;
  return (await store.snapshots.readSnapshot(id))!.bytes;
}

Deno.test("a compaction of deltas writes the snapshot a full publish of the same postings writes", async () => {
  const all = await realJobs();
  const pool = all.filter((_, i) => i % 9 === 0).slice(0, 700);
  // Titles from the vectors kept between runs (tests/vector_cache.ts).
  const titles = await cachingTestEmbedder();
  const distinct = [...new Set(pool.map(embeddingTextOf))];
  for (let i = 0; i < distinct.length; i += 256) await titles.embed(distinct.slice(i, i + 256));
  await titles.save();
  const embedder: Embedder = titles;
  const search = await searcher();
  const logger = silentLogger;
  const options = { embedder, logger, retentionDays: RETENTION_DAYS };

  const op = fc.oneof(
    { weight: 3, arbitrary: fc.record({ kind: fc.constant("add" as const), k: fc.nat() }) },
    fc.record({ kind: fc.constant("update" as const), k: fc.nat(), from: fc.nat() }),
    fc.record({ kind: fc.constant("leave" as const), k: fc.nat() }),
  );
  const step = fc.oneof(
    { weight: 4, arbitrary: fc.array(op, { minLength: 1, maxLength: 40 }) },
    fc.constant("compact" as const),
  );
  const params = fc.record({
    q: fc.constantFrom(...QUERIES),
    sort: fc.constantFrom("date", "relevance"),
    country: fc.option(fc.constantFrom("US", "DE", "CA", "GB"), { freq: 3, nil: undefined }),
  });

  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 50, max: 300 }),
      fc.array(step, { minLength: 1, maxLength: 6 }),
      fc.array(params, { minLength: 5, maxLength: 5 }),
      // Merged into one delta never, at the threshold a server uses, always.
      fc.constantFrom(0, COMPACT_AT_SHARE, Infinity),
      async (baseSize, steps, searches, mergeUpToShare) => {
        const store = storeOn(await Deno.openKv(":memory:"), { logger });
        try {
          const live = new Map(pool.slice(0, baseSize).map((job) => [job.id, job]));
          await store.postings.upsertJobs([...live.values()]);
          await publishIndex(store, options);
          const id = (await store.snapshots.currentSnapshotId())!;
          let served = {
            id,
            index: new JobIndex(await decodeSnapshot(await currentBytes(store))).prepare(),
          };
          for (const s of steps) {
            if (typeof s === "string") {
              // Unserved: a process without the merged index reads the base and the chain.
              const compacted = await compactIndex(store, s === "compact" ? served : null, {
                model: embedder.model,
                logger,
                mergeUpToShare,
              });
              assert.ok(compacted === null || !("full" in compacted), JSON.stringify(compacted));
              // As a server following the pointer does: the same index, under the new id.
              if (compacted) served = { id: compacted.snapshotId, index: served.index };
              continue;
            }
            const written = new Map<string, Job>();
            for (const o of s) {
              const ids = [...live.keys()];
              if (o.kind === "add") {
                const job = pool[o.k % pool.length];
                if (!live.has(job.id)) written.set(job.id, job);
              } else if (ids.length > 0) {
                const id = ids[o.k % ids.length];
                const other = pool[(o.kind === "update" ? o.from : 0) % pool.length];
                const job = o.kind === "leave"
                  ? { ...(written.get(id) ?? live.get(id)!), publish_time: LONG_AGO }
                  : {
                    ...(written.get(id) ?? live.get(id)!),
                    job_title: other.job_title,
                    job_tags: other.job_tags,
                    job_description: other.job_description,
                  };
                written.set(id, job);
              }
            }
            await store.postings.upsertJobs([...written.values()]);
            for (const job of written.values()) {
              if (job.publish_time === LONG_AGO) live.delete(job.id);
              else live.set(job.id, job);
            }
            const delta = await publishDelta(store, served, options);
            assert.ok(!("full" in delta), JSON.stringify(delta));
            const bytes = (await store.snapshots.readSnapshot(delta.snapshotId))!.bytes;
            served = {
              id: delta.snapshotId,
              index: applyDelta(served.index, await decodeDelta(bytes)).prepare(),
            };
          }
          const compacted = await compactIndex(store, served, {
            model: embedder.model,
            logger,
            mergeUpToShare,
          });
          assert.ok(compacted === null || !("full" in compacted), JSON.stringify(compacted));
          if (compacted?.kind === "merge") {
            // Read back as a server starting cold reads it, the base and the one merged delta,
            // and written whole.
            const merged = await store.snapshots.readSnapshotMeta(compacted.snapshotId);
            assert.deepEqual(merged?.chain, []);
            const whole = await compactIndex(store, null, { model: embedder.model, logger });
            assert.ok(whole !== null && !("full" in whole), JSON.stringify(whole));
            assert.equal(whole.kind, "full");
          }
          const compactedBytes = await currentBytes(store);
          await publishIndex(store, options);
          const fullBytes = await currentBytes(store);
          assert.equal(served.index.size, live.size);
          // Byte for byte: the same postings, vector rows, terms in position order, reposts.
          assert.ok(
            compactedBytes.byteLength === fullBytes.byteLength &&
              compactedBytes.every((b, i) => b === fullBytes[i]),
            `compacted ${compactedBytes.byteLength} bytes, full publish ${fullBytes.byteLength}`,
          );
          const full = new JobIndex(await decodeSnapshot(fullBytes)).prepare();
          const reloaded = new JobIndex(await decodeSnapshot(compactedBytes)).prepare();
          for (const p of searches) {
            const query = Object.fromEntries(
              Object.entries(p).filter((e): e is [string, string] => e[1] !== undefined),
            );
            const expected = await search(full, query);
            assert.equal(await search(reloaded, query), expected, JSON.stringify(query));
            assert.equal(await search(served.index, query), expected, JSON.stringify(query));
          }
        } finally {
          store.close();
        }
      },
    ),
    { numRuns: 12 },
  );
});

/**
 * A store of `count` ward postings (`titles` distinct titles) published and served by a follower
 * polling every `pollMs`, and a logger whose info lines the test reads (the follower's too with
 * `followerLogs`). The caller stops the follower and closes the store.
 */
async function servedWards(
  options: { label: string; count: number; titles: number; pollMs: number; followerLogs?: boolean },
) {
  const embedder = await testEmbedder();
  const store = storeOn(await Deno.openKv(":memory:"), { logger: silentLogger });
  const { logs, logger } = infoLines();
  const follower = new SnapshotFollower({
    snapshots: store.snapshots,
    embedder: Promise.resolve(embedder),
    logger: options.followerLogs ? logger : silentLogger,
    pollMs: options.pollMs,
  });
  const posting = (n: number) => wardPosting(n, options.label, `Nurse ${n % options.titles}`);
  try {
    await store.postings.upsertJobs(
      await Promise.all(Array.from({ length: options.count }, (_, n) => posting(n))),
    );
    await publishIndex(store, { embedder, logger: silentLogger });
    await follower.start();
  } catch (error) {
    follower.stop();
    store.close();
    throw error;
  }
  /** The follower's index once it serves snapshot `id`. */
  const serving = async (id: string) => {
    while (follower.served()?.id !== id) await new Promise((r) => setTimeout(r, 10));
    return follower.served()!;
  };
  return { embedder, store, logs, logger, follower, posting, serving };
}

Deno.test("a push half-written when another server looks is published as a delta, not a full publish", async () => {
  // Few titles: the model embeds each once.
  const { embedder, store, logs, logger, follower, posting } = await servedWards({
    label: "halfway",
    count: 50,
    titles: 7,
    pollMs: 50,
  });
  try {
    // The other server: checks the store while this one stores a push of 800, 100 a commit.
    const other = createBackgroundPublisher({
      store,
      embedder,
      logger,
      gapCheckMs: 0,
      retryMs: 20,
      served: () => follower.served(),
    });
    const pushed = await Promise.all(Array.from({ length: 800 }, (_, n) => posting(1000 + n)));
    const push = store.postings.upsertJobs(pushed);
    while (await store.postings.countJobs() === 50) await new Promise((r) => setTimeout(r, 1));
    const stored = await store.postings.countJobs();
    assert.ok(stored < 850, `the push is half-written when the check runs (${stored})`);
    assert.equal(await other.closeGap(), true);
    await push;
    // What the push's own server then asks for, as its push completes.
    other.request("push of 800 postings");
    await other.whenIdle();
    await other.closeGap();
    other.stop();
    const published = logs.filter((l) => l.msg === "published in the background");
    assert.ok(published.length >= 1);
    // Deltas, and a compaction they may call for (800 onto 50 is past a quarter of the base).
    assert.ok(
      published.every((l) => l.delta === true || l.reason === "compaction of index deltas"),
      JSON.stringify(published),
    );
    assert.equal(logs.filter((l) => l.msg === "index published").length, 0);
    assert.equal(
      logs.filter((l) => l.msg === "publishing the whole index instead of a delta").length,
      0,
    );
    const meta = await store.snapshots.readSnapshotMeta(
      (await store.snapshots.currentSnapshotId())!,
    );
    assert.equal(meta?.docCount, 850);
    await follower.whenIdle();
    while (follower.served()?.index.size !== 850) await new Promise((r) => setTimeout(r, 20));
  } finally {
    follower.stop();
    store.close();
  }
});

Deno.test("a server serving the delta a compaction was made from serves the compaction without reading it, and the deltas after it", async () => {
  const { embedder, store, logs, logger, follower, posting, serving } = await servedWards({
    label: "compacted",
    count: 40,
    titles: 5,
    pollMs: 20,
    followerLogs: true,
  });
  try {
    await store.postings.upsertJobs([await posting(100), await posting(101)]);
    const delta = await publishDelta(store, follower.served()!, { embedder, logger: silentLogger });
    assert.ok(!("full" in delta));
    const tip = await serving(delta.snapshotId);
    const compacted = await compactIndex(store, tip, { model: embedder.model, logger });
    assert.ok(compacted !== null && !("full" in compacted));
    const after = await serving(compacted.snapshotId);
    assert.equal(after.index, tip.index, "the same index, not read again");
    assert.equal(logs.filter((l) => l.msg === "index snapshot loaded").length, 1);
    await store.postings.upsertJobs([await posting(102)]);
    const next = await publishDelta(store, after, { embedder, logger: silentLogger });
    assert.ok(!("full" in next), JSON.stringify(next));
    assert.equal((await serving(next.snapshotId)).index.size, 43);
    const applied = logs.filter((l) => l.msg === "index delta applied").at(-1);
    assert.equal(applied?.deltas_applied, 1);
    assert.equal(applied?.base_id, compacted.snapshotId);
    assert.equal(logs.filter((l) => l.msg === "index snapshot loaded").length, 1);
  } finally {
    follower.stop();
    store.close();
  }
});

Deno.test("a chain merged into one delta: served unread where its tip serves, followed where it was skipped, read as base and one delta from cold", async () => {
  const { embedder, store, logs, logger, follower, posting, serving } = await servedWards({
    label: "merged",
    count: 40,
    titles: 5,
    pollMs: 20,
    followerLogs: true,
  });
  // Servers that load only when told to (never started, they watch nothing): one skips the
  // merge, one starts after it.
  const told = () =>
    new SnapshotFollower({
      snapshots: store.snapshots,
      embedder: Promise.resolve(embedder),
      logger,
    });
  const skipping = told();
  const cold = told();
  const renamed = (n: number, title: string) => wardPosting(n, "merged", title);
  try {
    await skipping.catchUp();
    const baseId = follower.served()!.id;
    // The same postings touched by several pushes: new ones, then they and the base's again.
    const pushes = [
      [posting(100), posting(101), posting(102)],
      [renamed(100, "Midwife"), renamed(5, "Midwife")],
      [renamed(101, "Surgeon"), renamed(5, "Porter"), posting(103)],
    ];
    for (const push of pushes) {
      await store.postings.upsertJobs(await Promise.all(push));
      const delta = await publishDelta(store, follower.served()!, {
        embedder,
        logger: silentLogger,
      });
      assert.ok(!("full" in delta), JSON.stringify(delta));
      await serving(delta.snapshotId);
      await skipping.catchUp();
    }
    const tip = follower.served()!;
    const compacted = await compactIndex(store, tip, {
      model: embedder.model,
      logger,
      mergeUpToShare: Infinity,
    });
    assert.ok(compacted !== null && !("full" in compacted), JSON.stringify(compacted));
    assert.deepEqual([compacted.kind, compacted.deltas], ["merge", 3]);
    const meta = await store.snapshots.readSnapshotMeta(compacted.snapshotId);
    assert.deepEqual(
      [meta?.baseId, meta?.chain, meta?.compactedFrom, meta?.docCount],
      [baseId, [], tip.id, 44],
    );
    const merged = await serving(compacted.snapshotId);
    assert.equal(merged.index, tip.index, "the same index, not read again");
    await cold.catchUp();
    const coldApply = logs.filter((l) =>
      l.msg === "index delta applied" && l.snapshot_id === compacted.snapshotId
    );
    assert.deepEqual(coldApply.map((l) => [l.base_id, l.deltas_applied]), [[baseId, 1]]);

    await store.postings.upsertJobs([await posting(104), await renamed(102, "Porter")]);
    const next = await publishDelta(store, merged, { embedder, logger: silentLogger });
    assert.ok(!("full" in next), JSON.stringify(next));
    assert.deepEqual(
      (await store.snapshots.readSnapshotMeta(next.snapshotId))?.chain,
      [compacted.snapshotId],
    );
    await serving(next.snapshotId);
    await skipping.catchUp();
    await cold.catchUp();
    // Each of the three merged the one new delta into what it served: none read the base again.
    const applied = logs.filter((l) =>
      l.msg === "index delta applied" && l.snapshot_id === next.snapshotId
    );
    assert.deepEqual(applied.map((l) => l.deltas_applied), [1, 1, 1]);
    // The two started before the merge; the cold one's base read is its first apply's.
    assert.equal(logs.filter((l) => l.msg === "index snapshot loaded").length, 2);

    follower.stop();
    await publishIndex(store, { embedder, logger: silentLogger });
    const full = new JobIndex(await decodeSnapshot(await currentBytes(store))).prepare();
    const search = await searcher();
    for (const q of QUERIES) {
      for (const sort of ["relevance", "date"]) {
        const expected = await search(full, { q, sort });
        for (
          const [name, server] of [["following", follower], ["skipping", skipping], [
            "cold",
            cold,
          ]] as const
        ) {
          assert.equal(server.served()?.id, next.snapshotId, name);
          assert.equal(
            await search(server.served()!.index, { q, sort }),
            expected,
            `${name}: ${q}`,
          );
        }
      }
    }
  } finally {
    follower.stop();
    store.close();
  }
});

Deno.test("a posting back in the index without a write, with nothing being written, still calls for a full publish", async () => {
  const embedder = await testEmbedder();
  const kv = await Deno.openKv(":memory:");
  const store = storeOn(kv, { logger: silentLogger });
  try {
    const now = Date.now();
    const day = 86_400_000;
    const jobs = await Promise.all(Array.from({ length: 10 }, (_, n) => wardPosting(n, "back")));
    // Nine within a retention of 30 days; one 31 days old, left out of the index.
    const dated = jobs.map((job, n) => ({
      ...job,
      publish_time: formatUtc(now - (n === 0 ? 31 : 1) * day),
    }));
    await store.postings.upsertJobs(dated);
    // Its write an hour old, as if stored long before the index: out of the log's re-read margin.
    for await (const entry of kv.list({ prefix: keys.jobChangesPrefix() })) {
      if (entry.key[2] !== dated[0].id) continue;
      await kv.delete(entry.key);
      await kv.set(keys.jobChange(Number(entry.key[1]) - 3_600_000, dated[0].id), entry.value);
    }
    await publishIndex(store, {
      embedder,
      logger: silentLogger,
      retentionDays: 30,
      now: () => now,
    });
    const id = (await store.snapshots.currentSnapshotId())!;
    const served = {
      id,
      index: new JobIndex(await decodeSnapshot(await currentBytes(store))).prepare(),
    };
    assert.equal(served.index.size, 9);
    // Judged two days earlier, the old posting is within the retention again, and no write says
    // so: the change log cannot find it, the count does.
    const delta = await publishDelta(store, served, {
      embedder,
      logger: silentLogger,
      retentionDays: 30,
      now: () => now - 2 * day,
    });
    assert.deepEqual(delta, { full: "a delta would index 9 postings, the store has 10" });
  } finally {
    store.close();
  }
});

Deno.test("a chain past its threshold is compacted by the next publish, whatever it was asked for, after the postings waiting", async () => {
  const { embedder, store, logs, logger, follower, posting } = await servedWards({
    label: "folded",
    count: 20,
    titles: 5,
    pollMs: 20,
  });
  try {
    // A delta of as many postings as the base: past a quarter of its bytes. Its call for a
    // compaction went nowhere (folded into another request, say).
    await store.postings.upsertJobs(
      await Promise.all(Array.from({ length: 20 }, (_, n) => posting(100 + n))),
    );
    const delta = await publishDelta(store, follower.served()!, {
      embedder,
      logger: silentLogger,
    });
    assert.ok(!("full" in delta) && delta.compact);
    while (follower.served()?.id !== delta.snapshotId) await new Promise((r) => setTimeout(r, 10));
    const publisher = createBackgroundPublisher({
      store,
      embedder,
      logger,
      gapCheckMs: 0,
      retryMs: 20,
      served: () => follower.served(),
    });
    await store.postings.upsertJobs([await posting(200)]);
    publisher.request("push of 1 postings");
    await publisher.whenIdle();
    publisher.stop();
    const published = logs.filter((l) => l.msg === "published in the background");
    // The push first, as a delta, and the compaction due right after it: a compaction never
    // holds up postings waiting to be searchable.
    assert.deepEqual(published.map((l) => [l.reason, l.delta ?? false, l.doc_count]), [
      ["push of 1 postings", true, 41],
      ["compaction of index deltas", false, 41],
    ]);
    // Due by its bytes: written whole, and the log says so and why.
    assert.equal(published[1].kind, "full");
    assert.match(
      String(published[1].why),
      /^2 deltas of \d+ bytes against a base of \d+, past 25% of it$/,
    );
    assert.equal(logs.filter((l) => l.msg === "index published").length, 0);
  } finally {
    follower.stop();
    store.close();
  }
});

Deno.test("/healthz's build says a compaction merges its deltas into one, and why, while it runs", async () => {
  const { embedder, store, logs, logger, follower, posting, serving } = await servedWards({
    label: "healthmerge",
    // A delta's fixed bytes (~3 KB) are a quarter of a base of ~40 postings: a base big enough.
    count: 400,
    titles: 5,
    pollMs: 20,
  });
  try {
    // Two small deltas: far under a quarter of the base, so a compaction asked for merges them.
    for (const n of [100, 101]) {
      await store.postings.upsertJobs([await posting(n)]);
      const delta = await publishDelta(store, follower.served()!, {
        embedder,
        logger: silentLogger,
      });
      assert.ok(!("full" in delta), JSON.stringify(delta));
      await serving(delta.snapshotId);
    }
    let seen: ReturnType<typeof publisher.building> = null;
    const publisher = createBackgroundPublisher({
      store,
      embedder,
      logger,
      gapCheckMs: 0,
      retryMs: 20,
      served: () => follower.served(),
      compact: (served, model) => {
        // What /healthz reads while the compaction runs.
        seen = publisher.building();
        return compactIndex(store, served, { model, logger });
      },
    });
    publisher.request("compaction of index deltas");
    await publisher.whenIdle();
    publisher.stop();
    const build = seen as ReturnType<typeof publisher.building>;
    assert.equal(build?.phase, "merge");
    assert.match(
      String(build?.reason),
      /^compaction of index deltas: merging 2 deltas into one \(2 deltas of \d+ bytes against a base of \d+, within 25% of it\)$/,
    );
    const published = logs.filter((l) => l.msg === "published in the background").at(-1);
    assert.equal(published?.kind, "merge");
  } finally {
    follower.stop();
    store.close();
  }
});

Deno.test("a compaction in a child process writes what a full publish of the same store writes, its log lines the server's", async () => {
  const embedder = await testEmbedder();
  const dir = await Deno.makeTempDir({ prefix: "jobseek_compact_child_" });
  const kvLocation = `${dir}/store.kv`;
  const store = storeOn(await Deno.openKv(kvLocation), { logger: silentLogger });
  const posting = (n: number) => wardPosting(n, "child", `Nurse ${n % 5}`);
  try {
    await store.postings.upsertJobs(
      await Promise.all(Array.from({ length: 40 }, (_, n) => posting(n))),
    );
    await publishIndex(store, { embedder, logger: silentLogger });
    let served = await currentIndex(store);
    for (const n of [100, 101]) {
      await store.postings.upsertJobs([await posting(n)]);
      const delta = await publishDelta(store, served, { embedder, logger: silentLogger });
      assert.ok(!("full" in delta), JSON.stringify(delta));
      served.index.close();
      served = await currentIndex(store);
    }
    const tip = (await store.snapshots.currentSnapshotId())!;
    const logs: string[] = [];
    const compacted = await compactInChild({
      kvLocation,
      model: { id: "unused by a merge", modelDir: dir },
      retentionDays: 0,
      now: Date.now(),
      task: { compact: { embedderModel: embedder.model } },
    }, { logger: { ...silentLogger, info: (msg) => void logs.push(msg) } });
    assert.ok(compacted !== null && !("full" in compacted), JSON.stringify(compacted));
    assert.equal(compacted.deltas, 2);
    assert.ok(logs.includes("index deltas compacted"), "the child's log line reaches the server");
    const meta = await store.snapshots.readSnapshotMeta(compacted.snapshotId);
    assert.equal(meta?.compactedFrom, tip);
    assert.equal(meta?.baseId, undefined, "a new base");
    const bytes = await currentBytes(store);
    await publishIndex(store, { embedder, logger: silentLogger });
    assert.deepEqual(bytes, await currentBytes(store));
    served.index.close();
  } finally {
    store.close();
    await Deno.remove(dir, { recursive: true });
  }
});

async function currentIndex(store: Store): Promise<{ id: string; index: JobIndex }> {
  const id = (await store.snapshots.currentSnapshotId())!;
  const meta = (await store.snapshots.readSnapshotMeta(id))!;
  let index = new JobIndex(
    await decodeSnapshot((await store.snapshots.readSnapshot(meta.baseId ?? id))!.bytes),
  );
  for (const deltaId of meta.baseId ? [...(meta.chain ?? []), id] : []) {
    const next = applyDelta(
      index,
      await decodeDelta((await store.snapshots.readSnapshot(deltaId))!.bytes),
    );
    index.close();
    index = next;
  }
  return { id, index };
}
