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
import { wardPosting } from "./testdata/ward_postings.ts";

function posting(n: number, title?: string): Promise<Job> {
  return wardPosting(n, "delta", title);
}

async function servedIndex(store: Store): Promise<{ id: string; index: JobIndex }> {
  const id = (await store.snapshots.currentSnapshotId())!;
  const snapshot = (await store.snapshots.readSnapshot(id))!;
  return { id, index: new JobIndex(await decodeSnapshot(snapshot.bytes)).prepare() };
}

Deno.test("publishDelta() right after an import publishes what changed since the index, not the import's writes it holds", async () => {
  const kv = await Deno.openKv(":memory:");
  const store = storeOn(kv, { logger: silentLogger });
  const embedder = await createUseLiteEmbedder({ workers: 0 });
  try {
    const imported = await Promise.all(Array.from({ length: 30 }, (_, n) => posting(n)));
    await store.postings.upsertJobs(imported);
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
  } finally {
    embedder.close();
    store.close();
  }
});
