/**
 * A server started on a store whose index was built with another model (an operator changed
 * `JOBSEEK_MODEL`) serves that index, its queries embedded with that model, while it builds the
 * index of its own model in the background; `/healthz` stays 200 and says what is being built and
 * how far; once built, the new index serves. `jobseek serve` on a real store file, run in this
 * worker (no server is killed or shares the store); its build runs in a publish process of its own,
 * as a process's does, and the test checks that it did.
 */
import { strict as assert } from "node:assert";
import { loadConfig } from "../src/config.ts";
import { silentLogger } from "../src/log.ts";
import { DEFAULT_MODEL_ID, findModel, USE_LITE } from "../src/model/catalog.ts";
import { openEmbedder } from "../src/model/open_embedder.ts";
import { publishIndex } from "../src/search/publish_index.ts";
import { openStore } from "../src/store/store.ts";
import { defaultTestJobs, feederAndReaderKeys } from "./helpers.ts";
import { KEEPER_TITLE, keeperLines } from "./keepers.ts";
import { startServerInWorker } from "./server_process.ts";
import { openVectorCache } from "./vector_cache.ts";

interface Health {
  status: string;
  detail?: string;
  model?: string;
  building?: { reason: string; phase: string; done: number; total: number; started_at: string };
}

Deno.test({
  name: "a server on an index of another model serves it while it builds its own, then serves that",
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  const dir = await Deno.makeTempDir({ prefix: "jobseek_rebuild_" });
  const kvPath = `${dir}/kv.sqlite3`;
  try {
    // The store as a server of USE-lite left it: every bundled posting, indexed with USE-lite.
    const store = await openStore(kvPath);
    const { feeder, reader } = await feederAndReaderKeys(store);
    const jobs = await defaultTestJobs(100_000);
    await store.postings.upsertJobs(jobs);
    const { modelDir } = loadConfig(Deno.env.toObject());
    const useLite = await openEmbedder({ model: USE_LITE.id, modelDir }, {
      logger: silentLogger,
      useLiteWorkers: 0,
    });
    // USE-lite's vectors of the bundled titles kept between runs (tests/vector_cache.ts checks a
    // sample against USE-lite each time): embedding all 736 took this worker about 3 CPU-seconds.
    const kept = await openVectorCache(useLite, `${modelDir}/../test-vectors`);
    const { snapshotId: oldSnapshot } = await publishIndex(store, {
      embedder: kept,
      logger: silentLogger,
    });
    await kept.save();
    useLite.close();
    store.close();

    // The configured model now is the default one (all-MiniLM), whose index the store lacks.
    const model = findModel(DEFAULT_MODEL_ID).stamp;
    const server = await startServerInWorker({
      JOBSEEK_KV: kvPath,
      JOBSEEK_MODEL: DEFAULT_MODEL_ID,
      // A search every 50 ms or so while the build runs.
      JOBSEEK_RATE_LIMIT: "100000",
    });
    try {
      await server.ready(120_000);
      // Pushed while the old index serves and the new one is built: never merged into the old
      // index (its vectors are another model's), searchable once the new one serves.
      const pushed = await server.fetch("/v1/postings", {
        method: "POST",
        headers: { "content-type": "application/x-ndjson", "x-api-key": feeder },
        body: keeperLines(0, 3),
      });
      assert.equal(pushed.status, 200, await pushed.text());
      const healths: Health[] = [];
      const searches: { status: number; total: number }[] = [];
      const deadline = Date.now() + 300_000;
      // Until the new index serves: no `building` and no stand-in detail any more.
      while (Date.now() < deadline) {
        const health = await server.fetch("/healthz");
        const body = await health.json() as Health;
        assert.equal(health.status, 200, JSON.stringify(body));
        healths.push(body);
        const search = await server.fetch("/v1/search?q=registered%20nurse&top_k=5", {
          headers: { "x-api-key": reader },
        });
        const result = await search.json();
        assert.equal(search.status, 200, JSON.stringify(result));
        searches.push({ status: search.status, total: result.total });
        if (!body.building && body.detail === undefined) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const last = healths.at(-1)!;
      assert.deepEqual(last, { status: "ok", model }, "the new index serves at the end");
      let keepers = 0;
      const until = Date.now() + 120_000;
      while (keepers < 3 && Date.now() < until) {
        const found = await server.fetch("/v1/search?q=lighthouse%20keeper&top_k=10", {
          headers: { "x-api-key": reader },
        });
        const body = await found.json();
        assert.equal(found.status, 200, JSON.stringify(body));
        keepers = (body.results as { job_title: string }[])
          .filter((r) => r.job_title === KEEPER_TITLE).length;
        if (keepers < 3) {
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
      assert.equal(keepers, 3, "the postings pushed during the build are searchable");

      // While the old index served, healthz said so, and what was built and how far.
      const standIn = healths.filter((h) => h.detail !== undefined);
      assert.ok(standIn.length > 0, "the old index served first");
      assert.match(standIn[0].detail!, new RegExp(`serving index snapshot ${oldSnapshot}`));
      assert.match(standIn[0].detail!, new RegExp(USE_LITE.stamp.replace(/[.@]/g, "\\$&")));
      const building = healths.flatMap((h) => h.building ? [h.building] : []);
      assert.ok(building.length > 0, "a build was reported");
      assert.match(building[0].reason, /holds vectors of use-lite/);
      assert.ok(
        building.some((b) => b.phase === "embed" && b.total > 0 && b.done <= b.total),
        JSON.stringify(building.map(({ phase, done, total }) => ({ phase, done, total }))),
      );
      // Every search answered with results, on the old index and then on the new one.
      assert.ok(searches.every((s) => s.total > 0), JSON.stringify(searches));

      const published = server.logs.find((l) => l.msg === "index published");
      // The pushed postings are in it, or in the delta published after it.
      assert.ok(Number(published?.doc_count) >= jobs.length, JSON.stringify(published));
      const publishes = server.logs.filter((l) => l.msg === "published in the background");
      assert.equal(publishes.at(-1)?.doc_count, jobs.length + 3);
      // Built in a process of its own, whose memory the server never held.
      assert.equal(typeof published?.publish_pid, "number");
      assert.notEqual(published?.publish_pid, server.pid);
      const ended = server.logs.find((l) => l.msg === "the publish process ended");
      assert.equal(ended?.snapshot_id, published?.snapshot_id);
      const loaded = server.logs.filter((l) => l.msg === "index snapshot loaded");
      assert.equal(loaded[0]?.snapshot_id, oldSnapshot);
      assert.equal(loaded.at(-1)?.snapshot_id, published?.snapshot_id);
    } finally {
      await server.stop();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
