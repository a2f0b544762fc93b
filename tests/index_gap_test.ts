/**
 * The index catches up with the store by itself: postings an import wrote but never published (it
 * died, or another process wrote them) are published by the next `jobseek ingest` of the same
 * files, or by a serving process's background publisher; servers sharing a store publish one at a
 * time.
 */
import { strict as assert } from "node:assert";
import { silentLogger } from "../src/log.ts";
import { createBackgroundPublisher } from "../src/search/background_publisher.ts";
import { SnapshotFollower } from "../src/search/snapshot_follower.ts";
import { publishIndex } from "../src/search/publish_index.ts";
import { indexGap } from "../src/store/index_gap.ts";
import { openStore } from "../src/store/store.ts";
import { defaultTestJobs, infoLines, testEmbedder } from "./helpers.ts";
import { runCliInWorker as runCli } from "./cli_process.ts";

Deno.test("the background publisher closes a gap between store and index, once", async () => {
  const store = await openStore(":memory:");
  const embedder = await testEmbedder();
  const publisher = createBackgroundPublisher({
    store,
    embedder,
    logger: silentLogger,
    gapCheckMs: 0,
  });
  try {
    const jobs = await defaultTestJobs(60);
    await store.postings.upsertJobs(jobs.slice(0, 40));
    await publishIndex(store, { embedder, logger: silentLogger });
    assert.equal(await publisher.closeGap(), false, "no gap right after a publish");
    // What an import that died after writing leaves behind.
    await store.postings.upsertJobs(jobs.slice(40));
    assert.deepEqual(await indexGap(store), { stored: 60, indexed: 40, changedSince: true });
    assert.equal(await publisher.closeGap(), true);
    const current = await store.snapshots.currentSnapshotId();
    assert.equal((await store.snapshots.readSnapshotMeta(current!))?.docCount, 60);
    assert.equal(await indexGap(store), null);
    assert.equal(await publisher.closeGap(), false);
    // An update of a stored posting is a gap too, though the count does not change.
    await store.postings.upsertJobs([{ ...jobs[0], job_title: "Lighthouse Keeper" }]);
    assert.equal(await publisher.closeGap(), true);
    assert.equal(await indexGap(store), null);
  } finally {
    publisher.stop();
    store.close();
  }
});

Deno.test("a server serving the previous snapshot, the current one damaged, publishes the gap without waiting to follow it", async () => {
  const dir = await Deno.makeTempDir({ prefix: "jobseek_gap_damaged_" });
  const kvPath = `${dir}/kv.sqlite3`;
  const embedder = await testEmbedder();
  const jobs = await defaultTestJobs(40);
  const store = await openStore(kvPath);
  const follower = new SnapshotFollower({
    snapshots: store.snapshots,
    embedder: Promise.resolve(embedder),
    logger: silentLogger,
    pollMs: 50,
  });
  const { logs, logger } = infoLines();
  // Waiting to follow a pointer the server cannot load would outlast the test by far.
  const publisher = createBackgroundPublisher({
    store,
    embedder,
    logger,
    gapCheckMs: 0,
    served: () => follower.served(),
    unloadable: () => follower.unloadable(),
    followWaitMs: 3_600_000,
  });
  try {
    await store.postings.upsertJobs(jobs.slice(0, 20));
    await publishIndex(store, { embedder, logger: silentLogger });
    await store.postings.upsertJobs(jobs.slice(20, 30));
    await publishIndex(store, { embedder, logger: silentLogger });
    const damaged = await store.snapshots.currentSnapshotId();
    const kv = await Deno.openKv(kvPath);
    await kv.set(["index_snapshots", damaged!, "chunk", 0], new Uint8Array([1, 2, 3]));
    kv.close();
    await follower.start();
    assert.equal(follower.unloadable(), damaged);
    assert.notEqual(follower.served()?.id, damaged, "the previous snapshot serves");
    await store.postings.upsertJobs(jobs.slice(30));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const closed = await Promise.race([
      publisher.closeGap(),
      new Promise<"waited">((resolve) => timer = setTimeout(() => resolve("waited"), 60_000)),
    ]).finally(() => clearTimeout(timer));
    assert.equal(closed, true, "the gap is published, not waited on");
    const now = await store.snapshots.currentSnapshotId();
    assert.notEqual(now, damaged);
    assert.equal((await store.snapshots.readSnapshotMeta(now!))?.docCount, 40);
    assert.ok(logs.some((l) => l.msg === "published in the background"), JSON.stringify(logs));
  } finally {
    publisher.stop();
    follower.stop();
    await follower.whenIdle();
    store.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("publishers sharing a store take turns, and a burst of requests costs few builds", async () => {
  const dir = await Deno.makeTempDir({ prefix: "jobseek_lease_" });
  const embedder = await testEmbedder();
  const stores = [await openStore(`${dir}/kv.sqlite3`), await openStore(`${dir}/kv.sqlite3`)];
  const published: string[] = [];
  const errors: string[] = [];
  const logger = {
    ...silentLogger,
    info(msg: string, fields?: Record<string, unknown>) {
      if (msg === "index published") published.push(String(fields?.snapshot_id));
    },
    error(msg: string, fields?: Record<string, unknown>) {
      errors.push(`${msg} ${JSON.stringify(fields)}`);
    },
  };
  const publishers = stores.map((store) =>
    createBackgroundPublisher({ store, embedder, logger, gapCheckMs: 0, retryMs: 50 })
  );
  try {
    const jobs = await defaultTestJobs(50);
    await stores[0].postings.upsertJobs(jobs.slice(0, 25));
    await stores[1].postings.upsertJobs(jobs.slice(25));
    for (let i = 0; i < 5; i++) for (const publisher of publishers) publisher.request(`push ${i}`);
    await Promise.all(publishers.map((p) => p.whenIdle()));
    // Requests that came during a publish are folded into one more, and a publisher that gets the
    // lease after another's publish builds only if the index still lacks something: here the
    // first build holds all 50. None failed on a CONFLICT (a failed publish logs an error and
    // publishes nothing).
    assert.deepEqual(errors, []);
    assert.ok(published.length >= 1 && published.length <= 4, `${published.length} builds`);
    const current = await stores[0].snapshots.currentSnapshotId();
    assert.equal(current, published.at(-1));
    assert.equal((await stores[0].snapshots.readSnapshotMeta(current!))?.docCount, 50);
    assert.equal(await indexGap(stores[1]), null);
  } finally {
    for (const publisher of publishers) publisher.stop();
    for (const store of stores) store.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test({
  name: "jobseek ingest of the same file after a crash publishes what the crash left out",
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  const dir = await Deno.makeTempDir({ prefix: "jobseek_gap_cli_" });
  const env = { JOBSEEK_KV: `${dir}/kv.sqlite3` };
  try {
    const jobs = await defaultTestJobs(40);
    const file = `${dir}/jobs.jsonl`;
    await Deno.writeTextFile(
      file,
      jobs.map(({ id: _, ...job }) => JSON.stringify(job)).join("\n"),
    );
    const first = await runCli(["ingest", file, "--json"], env);
    assert.equal(first.code, 0, first.stderr);
    assert.equal(JSON.parse(first.stdout).published, true);
    // A second file's import died after writing its postings, before publishing.
    const store = await openStore(env.JOBSEEK_KV);
    const more = (await defaultTestJobs(60)).slice(40);
    await store.postings.upsertJobs(more);
    store.close();
    await Deno.writeTextFile(
      `${dir}/more.jsonl`,
      more.map(({ id: _, first_seen: __, ...job }) => JSON.stringify(job)).join("\n"),
    );
    const again = await runCli(["ingest", `${dir}/more.jsonl`, "--json"], env);
    assert.equal(again.code, 0, again.stderr);
    const report = JSON.parse(again.stdout);
    assert.equal(report.totals.unchanged, 20, "the rows were all stored already");
    assert.equal(report.published, true, "yet the index lacked them: published");
    assert.equal(report.snapshot.docCount, 60);
    const third = await runCli(["ingest", `${dir}/more.jsonl`, "--json"], env);
    assert.equal(JSON.parse(third.stdout).published, false, "no gap left: nothing to publish");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
