import { strict as assert } from "node:assert";
import type { Job } from "../domain/job.ts";
import { applyDelta, decodeDelta } from "../index/index_delta.ts";
import { JobIndex } from "../index/job_index.ts";
import { decodeSnapshot } from "../index/snapshot.ts";
import { silentLogger } from "../log.ts";
import { createUseLiteEmbedder } from "../model/use_lite_embedder.ts";
import { keys } from "../store/kv_keys.ts";
import { type Store, storeOn } from "../store/store.ts";
import { publishDelta } from "./publish_delta.ts";
import { publishIndex } from "./publish_index.ts";
import { checkSnapshot } from "./snapshot_check.ts";
import { wardPosting } from "./testdata/ward_postings.ts";

function posting(n: number): Promise<Job> {
  return wardPosting(n, "check");
}

/** A store whose current snapshot is the second of two deltas over a full one. */
async function withDeltas(
  test: (store: Store, kv: Deno.Kv, ids: { full: string; deltas: string[] }) => Promise<void>,
): Promise<void> {
  const kv = await Deno.openKv(":memory:");
  const store = storeOn(kv, { logger: silentLogger });
  const embedder = await createUseLiteEmbedder({ workers: 0 });
  try {
    await store.postings.upsertJobs(
      await Promise.all(Array.from({ length: 20 }, (_, n) => posting(n))),
    );
    await publishIndex(store, { embedder, logger: silentLogger });
    const full = (await store.snapshots.currentSnapshotId())!;
    const deltas: string[] = [];
    let index = new JobIndex(
      await decodeSnapshot((await store.snapshots.readSnapshot(full))!.bytes),
    );
    let served = full;
    for (const n of [100, 101]) {
      await store.postings.upsertJobs([await posting(n)]);
      const delta = await publishDelta(store, { id: served, index }, {
        embedder,
        logger: silentLogger,
      });
      assert.ok(!("full" in delta), "a delta was published");
      deltas.push(delta.snapshotId);
      served = delta.snapshotId;
      // The next delta builds on what a server following the pointer serves.
      index = applyDelta(
        index,
        await decodeDelta((await store.snapshots.readSnapshot(served))!.bytes),
      );
    }
    assert.equal(await store.snapshots.currentSnapshotId(), deltas[1]);
    await test(store, kv, { full, deltas });
  } finally {
    kv.close();
  }
}

Deno.test("checkSnapshot() loads a delta as a server does: base, then its chain, and finds it sound", async () => {
  await withDeltas(async (store, _kv, { full, deltas }) => {
    assert.deepEqual(await checkSnapshot(store.snapshots, full), { check: "ok" });
    assert.deepEqual(await checkSnapshot(store.snapshots, deltas[0]), { check: "ok" });
    assert.deepEqual(await checkSnapshot(store.snapshots, deltas[1]), { check: "ok" });
  });
});

Deno.test("checkSnapshot() finds a delta corrupt when a delta of its chain or its base is damaged or gone", async () => {
  await withDeltas(async (store, kv, { full, deltas }) => {
    const chunk = (await kv.get<Uint8Array>(keys.snapshotChunk(deltas[0], 0))).value!;
    await kv.set(keys.snapshotChunk(deltas[0], 0), chunk.map((byte) => byte ^ 0xff));
    const damaged = await checkSnapshot(store.snapshots, deltas[1]);
    assert.equal(damaged.check, "corrupt");
    assert.match((damaged as { problem: string }).problem, new RegExp(deltas[0]));
    await kv.set(keys.snapshotChunk(deltas[0], 0), chunk);
    assert.deepEqual(await checkSnapshot(store.snapshots, deltas[1]), { check: "ok" });

    await kv.delete(keys.snapshotMeta(full));
    assert.deepEqual(await checkSnapshot(store.snapshots, deltas[1]), {
      check: "corrupt",
      problem: `its base snapshot ${full} is missing`,
    });
  });
});

Deno.test("checkSnapshot() leaves a snapshot of another format unread and says so", async () => {
  await withDeltas(async (store, kv, { full }) => {
    const meta = (await kv.get<Record<string, unknown>>(keys.snapshotMeta(full))).value!;
    await kv.set(keys.snapshotMeta(full), { ...meta, formatVersion: 1 });
    const check = await checkSnapshot(store.snapshots, full);
    assert.equal(check.check, "old_format");
  });
});
