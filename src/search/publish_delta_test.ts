import { strict as assert } from "node:assert";
import type { Job } from "../domain/job.ts";
import { applyDelta, decodeDelta } from "../index/index_delta.ts";
import { JobIndex } from "../index/job_index.ts";
import { decodeSnapshot } from "../index/snapshot.ts";
import { silentLogger } from "../log.ts";
import { createUseLiteEmbedder } from "../model/use_lite_embedder.ts";
import type { Embedder } from "../model/embedder.ts";
import { keys } from "../store/kv_keys.ts";
import { type Store, storeOn } from "../store/store.ts";
import { publishDelta } from "./publish_delta.ts";
import { publishIndex } from "./publish_index.ts";
import { wardPosting } from "./testdata/ward_postings.ts";

function posting(n: number, title?: string): Promise<Job> {
  return wardPosting(n, "delta", title);
}

/** A store in memory that imported 30 postings, and the embedder a publish uses; both closed after. */
async function withImported(
  test: (opened: {
    kv: Deno.Kv;
    store: Store;
    embedder: Embedder;
    imported: Job[];
  }) => Promise<void>,
): Promise<void> {
  const kv = await Deno.openKv(":memory:");
  const store = storeOn(kv, { logger: silentLogger });
  const embedder = await createUseLiteEmbedder({ workers: 0 });
  try {
    const imported = await Promise.all(Array.from({ length: 30 }, (_, n) => posting(n)));
    await store.postings.upsertJobs(imported);
    await test({ kv, store, embedder, imported });
  } finally {
    embedder.close();
    store.close();
  }
}

async function servedIndex(store: Store): Promise<{ id: string; index: JobIndex }> {
  const id = (await store.snapshots.currentSnapshotId())!;
  const snapshot = (await store.snapshots.readSnapshot(id))!;
  return { id, index: new JobIndex(await decodeSnapshot(snapshot.bytes)).prepare() };
}

Deno.test("publishDelta() right after an import publishes what changed since the index, not the import's writes it holds", () =>
  withImported(async ({ kv, store, embedder, imported }) => {
    await publishIndex(store, { embedder, logger: silentLogger });
    const served = await servedIndex(store);
    // Within the minute the change log is re-read over: all 30 writes of the import are in it.
    // A write logged before fingerprints were (value 1) is read back and found the same.
    await kv.set(keys.jobChange(Date.now(), imported[7].id), 1);
    const updated = { ...imported[3], job_title: "Charge Nurse" };
    const pushed = [updated, await posting(100), await posting(101)];
    await store.postings.upsertJobs(pushed);

    const delta = await publishDelta(store, served, { embedder, logger: silentLogger });
    assert.ok(!("full" in delta), `a delta, not a full publish: ${JSON.stringify(delta)}`);
    assert.equal(delta.added, 3);
    assert.equal(delta.removed, 0);
    assert.equal(delta.docCount, 32);
    const applied = applyDelta(
      served.index,
      await decodeDelta((await store.snapshots.readSnapshot(delta.snapshotId))!.bytes),
    );
    const byId = new Map(applied.data.jobs.map((job) => [job.id, job]));
    assert.equal(byId.size, 32);
    assert.equal(byId.get(imported[3].id)?.job_title, "Charge Nurse");
    for (const job of pushed) assert.ok(byId.has(job.id));
    for (const job of imported.filter((_, n) => n !== 3)) {
      assert.equal(byId.get(job.id)?.job_title, job.job_title);
    }
  }));

Deno.test("the first delta after a publish made minutes after an import reads only the writes since the publish's check of the margin, and one committed after it though stamped before", () =>
  withImported(async ({ kv, store, embedder, imported }) => {
    // As if the import ended two minutes before the publish (embedding its titles, say): its
    // writes and the postings-changed time moved back.
    const moveBack = async (id: string, to: (stamp: number) => number) => {
      for await (const entry of kv.list({ prefix: keys.jobChangesPrefix() })) {
        if (entry.key[2] !== id) continue;
        await kv.delete(entry.key);
        await kv.set(keys.jobChange(to(Number(entry.key[1])), id), entry.value);
      }
    };
    for (const job of imported) await moveBack(job.id, (stamp) => stamp - 120_000);
    const changedAt = (await kv.get<number>(keys.jobsChangedAt())).value!;
    await kv.set(keys.jobsChangedAt(), changedAt - 120_000);
    const logFrom = (await kv.get<number>(keys.jobChangesFrom())).value!;
    await kv.set(keys.jobChangesFrom(), logFrom - 600_000);
    await publishIndex(store, { embedder, logger: silentLogger });
    const served = await servedIndex(store);
    const meta = (await store.snapshots.readSnapshotMeta(served.id))!;
    // The publish found the import's writes all in the snapshot: a minute before it is enough.
    const readAt = meta.changesIndexedBefore! + 60_000;
    assert.ok(readAt - meta.postingsChangedAt! > 60_000);
    // Committed after the publish, stamped 30 s before its check of the margin (a slow commit).
    const late = { ...imported[5], job_title: "Theatre Nurse" };
    await store.postings.upsertJobs([late]);
    await moveBack(late.id, () => readAt - 30_000);
    await store.postings.upsertJobs([await posting(100), await posting(101)]);

    const fields: Record<string, unknown> = {};
    const delta = await publishDelta(store, served, {
      embedder,
      logger: {
        ...silentLogger,
        info: (msg, f = {}) => msg === "index delta published" && Object.assign(fields, f),
      },
    });
    assert.ok(!("full" in delta), `a delta, not a full publish: ${JSON.stringify(delta)}`);
    // Not the import's 30 writes again: the late write and the two pushed postings.
    assert.equal(fields.changes_read, 3);
    assert.equal(delta.added, 3);
    const applied = applyDelta(
      served.index,
      await decodeDelta((await store.snapshots.readSnapshot(delta.snapshotId))!.bytes),
    );
    assert.equal(applied.data.jobs.find((job) => job.id === late.id)?.job_title, "Theatre Nurse");
    assert.equal(applied.size, 32);
  }));
