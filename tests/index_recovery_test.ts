/**
 * A server starting on a store whose current index snapshot is damaged serves the previous one
 * (and says so in its log), and one whose store holds postings the index lacks says so and
 * publishes them itself. `jobseek serve` and `jobseek ingest` run in this worker (what the server
 * does at start is the point, not its process); the ingest builds the indexes with the server's
 * own model.
 */
import { strict as assert } from "node:assert";
import { ApiKeyRegistry } from "../src/auth/api_keys.ts";
import { openStore } from "../src/store/store.ts";
import { defaultTestJobs } from "./helpers.ts";
import { runCliInWorker as runCli } from "./cli_process.ts";
import { startServerInWorker } from "./server_process.ts";

async function writeJsonl(path: string, from: number, to: number): Promise<void> {
  const jobs = (await defaultTestJobs(to)).slice(from).map(({ id: _, ...job }) => job);
  await Deno.writeTextFile(path, jobs.map((job) => JSON.stringify(job)).join("\n"));
}

Deno.test({
  name: "a damaged current snapshot: the previous one serves; unindexed postings get published",
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  const dir = await Deno.makeTempDir({ prefix: "jobseek_recovery_" });
  const kvPath = `${dir}/kv.sqlite3`;
  const env = { JOBSEEK_KV: kvPath };
  try {
    await writeJsonl(`${dir}/a.jsonl`, 0, 20);
    await writeJsonl(`${dir}/b.jsonl`, 20, 30);
    for (const file of ["a.jsonl", "b.jsonl"]) {
      const run = await runCli(["ingest", `${dir}/${file}`], env);
      assert.equal(run.code, 0, run.stderr);
    }
    const store = await openStore(kvPath);
    const [current, previous] = await store.snapshots.listSnapshotIds();
    assert.equal(await store.snapshots.currentSnapshotId(), current);
    // Postings an import wrote but never published.
    await store.postings.upsertJobs((await defaultTestJobs(35)).slice(30));
    const { key } = await new ApiKeyRegistry(store.apiKeys, []).create("reader");
    store.close();
    // Damage the current snapshot: its first chunk no longer matches the recorded hash.
    const kv = await Deno.openKv(kvPath);
    await kv.set(["index_snapshots", current, "chunk", 0], new Uint8Array([1, 2, 3]));
    kv.close();

    const server = await startServerInWorker(env);
    try {
      await server.ready();
      const find = (msg: string) => server.logs.find((l) => l.msg === msg);
      const fellBack = find(
        "serving the previous index snapshot: the current one cannot be loaded",
      );
      assert.equal(fellBack?.level, "warn");
      assert.equal(fellBack?.snapshot_id, previous);
      // The server closes the gap itself: a new snapshot with every stored posting replaces both.
      const deadline = Date.now() + 60_000;
      let health: { status: string; detail?: string; snapshot?: string } = { status: "" };
      while (Date.now() < deadline) {
        health = await (await fetch(`${server.url}/healthz`)).json();
        if (health.detail === undefined && find("published in the background")) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const gap = find("stored postings are missing from the index");
      assert.equal(gap?.level, "warn", JSON.stringify(server.logs.slice(-5)));
      assert.equal(gap?.stored, 35);
      assert.equal(gap?.action, "publishing them");
      assert.equal(health.status, "ok");
      assert.equal(health.detail, undefined, JSON.stringify(health));
      const search = await fetch(`${server.url}/v1/search?q=nurse&top_k=100`, {
        headers: { "x-api-key": key },
      });
      assert.equal(search.status, 200);
      await search.body?.cancel();
      const store = await openStore(kvPath);
      const now = await store.snapshots.currentSnapshotId();
      assert.ok(now !== current && now !== previous, "a new snapshot is current");
      assert.equal((await store.snapshots.readSnapshotMeta(now!))?.docCount, 35);
      store.close();
    } finally {
      await server.stop();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
