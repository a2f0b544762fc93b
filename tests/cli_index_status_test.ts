/**
 * `jobseek index status` loads the current snapshot as a server would: a damaged one is reported
 * as such, with the reason and the fix, and the command fails; the store is the one `--kv` names.
 * The CLI in this worker on a real KV file.
 */
import { strict as assert } from "node:assert";
import { silentLogger } from "../src/log.ts";
import { JobIndex } from "../src/index/job_index.ts";
import { decodeSnapshot, SNAPSHOT_FORMAT_VERSION } from "../src/index/snapshot.ts";
import { publishDelta } from "../src/search/publish_delta.ts";
import { publishIndex } from "../src/search/publish_index.ts";
import { openStore } from "../src/store/store.ts";
import { createCliSandbox } from "./cli_process.ts";
import { defaultTestJobs, testEmbedder } from "./helpers.ts";

Deno.test("jobseek index status loads a delta with its base, as a server does: it loads, exit 0", async () => {
  await using cli = await createCliSandbox();
  const kv = `${cli.home}/srv/jobs.sqlite3`;
  const embedder = await testEmbedder();
  const store = await openStore(kv);
  let delta: string;
  try {
    const [first, ...later] = await defaultTestJobs(21);
    await store.postings.upsertJobs(later);
    const full = (await publishIndex(store, { embedder, logger: silentLogger })).snapshotId;
    const index = new JobIndex(
      await decodeSnapshot((await store.snapshots.readSnapshot(full))!.bytes),
    );
    await store.postings.upsertJobs([first]);
    const published = await publishDelta(store, { id: full, index }, {
      embedder,
      logger: silentLogger,
    });
    assert.ok(!("full" in published), "a delta was published");
    delta = published.snapshotId;
  } finally {
    store.close();
  }
  const run = await cli.run(["index", "status", "--kv", kv]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, new RegExp(`^store: ${kv}\nsnapshot ${delta}: 21 postings, `));
  assert.match(run.stdout, /\ncheck: read whole and decoded as a server loads it: it loads\n/);
});

Deno.test("jobseek index status verifies the current snapshot and fails on a damaged one", async (t) => {
  await using cli = await createCliSandbox();
  const kv = `${cli.home}/srv/jobs.sqlite3`;
  const embedder = await testEmbedder();
  const store = await openStore(kv);
  let good: string;
  try {
    await store.postings.upsertJobs(await defaultTestJobs(20));
    good = (await publishIndex(store, { embedder, logger: silentLogger })).snapshotId;
  } finally {
    store.close();
  }

  await t.step("a sound snapshot: it loads, exit 0", async () => {
    const run = await cli.run(["index", "status", "--kv", kv]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, new RegExp(`^store: ${kv}\nsnapshot ${good}: 20 postings, `));
    assert.match(run.stdout, /\ncheck: read whole and decoded as a server loads it: it loads\n/);
    // `--kv` is the store's wherever it stands, and wins over JOBSEEK_KV.
    const before = await cli.run(["index", "--kv", kv, "status"], {
      env: { JOBSEEK_KV: `${cli.home}/elsewhere.sqlite3` },
    });
    assert.equal(before.code, 0, before.stderr);
    assert.equal(before.stdout, run.stdout);
    const json = await cli.run(["index", "status", "--kv", kv, "--json"], {
      env: { JOBSEEK_KV: `${cli.home}/elsewhere.sqlite3` },
    });
    assert.equal(json.code, 0, json.stderr);
    const body = JSON.parse(json.stdout);
    assert.equal(body.snapshot_check, "ok");
    assert.equal(body.problem, undefined);
  });

  await t.step("a chunk no longer matching the recorded hash: corrupt, exit 1", async () => {
    const raw = await Deno.openKv(kv);
    const chunk = await raw.get<Uint8Array>(["index_snapshots", good, "chunk", 0]);
    await raw.set(["index_snapshots", good, "chunk", 0], chunk.value!.map((b) => b ^ 0xff));
    raw.close();
    const run = await cli.run(["index", "status", "--kv", kv]);
    assert.equal(run.code, 1);
    assert.equal(
      run.stdout,
      `store: ${kv}\nsnapshot ${good}: CORRUPT; 20 postings stored\n` +
        "lifecycle: retention off (keep all); purge off (nothing is deleted) (not stored yet: " +
        "this process's environment or the defaults; the first server stores them)\n",
    );
    assert.equal(
      run.stderr,
      `jobseek: The current index snapshot ${good} cannot be loaded: Cannot load snapshot ` +
        `${good}: it is corrupt. Servers serve the previous snapshot if it loads, else nothing. ` +
        `Fix: \`jobseek index rebuild --kv ${kv}\` builds and publishes a new one from the ` +
        "stored postings.\n",
    );
  });

  await t.step("bytes whose hash matches but that do not decode: corrupt, exit 1", async () => {
    const store = await openStore(kv);
    const garbage = await store.snapshots.publishSnapshot(new TextEncoder().encode("JSNZ...."), {
      formatVersion: SNAPSHOT_FORMAT_VERSION,
      docCount: 20,
      model: embedder.model,
    });
    store.close();
    const run = await cli.run(["index", "status", "--kv", kv, "--json"]);
    assert.equal(run.code, 1);
    const body = JSON.parse(run.stdout);
    assert.equal(body.store, kv);
    assert.equal(body.snapshot_id, garbage);
    assert.equal(body.snapshot_check, "corrupt");
    assert.match(body.problem, /^Cannot decode snapshot: /);
    assert.equal(body.fix, `jobseek index rebuild --kv ${kv}`);
    assert.match(run.stderr, new RegExp(`cannot be loaded: Cannot decode snapshot: `));
  });
});
