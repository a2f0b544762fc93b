/**
 * The server an operator starts (`startServer`, as `jobseek serve` calls it) on a store file: the
 * first start seeds the bundled postings, indexes them and shows a key once; a restart does none of
 * that again; an index the code can no longer serve (older format, lost pointer) is rebuilt at
 * start; seeding and the bootstrap key can be turned off.
 */
import { strict as assert } from "node:assert";
import { loadConfig } from "../src/config.ts";
import { DEFAULT_MODEL_ID, findModel } from "../src/model/catalog.ts";
import { createLogger } from "../src/log.ts";
import { BUNDLED_POSTINGS, BUNDLED_VECTORS } from "../cli/bundled_postings.ts";
import { type StartedServer, startServer } from "../src/runtime.ts";
import { keys } from "../src/store/kv_keys.ts";
import { loopTurnsWhile } from "./helpers.ts";

interface Started {
  server: StartedServer;
  logs: Record<string, unknown>[];
  get(path: string, key?: string): Promise<Response>;
}

async function start(kvPath: string, env: Record<string, string> = {}): Promise<Started> {
  const logs: Record<string, unknown>[] = [];
  const config = loadConfig({
    // The model settings of this machine (JOBSEEK_MODEL_DIR), as `jobseek serve` would read them.
    ...Deno.env.toObject(),
    PORT: "0",
    HOSTNAME: "127.0.0.1",
    JOBSEEK_KV: kvPath,
    JOBSEEK_API_KEYS: "",
    JOBSEEK_PUBLIC_URL: "",
    JOBSEEK_LOG_LEVEL: "info",
    ...env,
  });
  const logger = createLogger({ write: (line) => logs.push(JSON.parse(line)) });
  const server = await startServer(config, logger, {
    seedFile: BUNDLED_POSTINGS,
    seedVectors: BUNDLED_VECTORS,
  });
  const base = `http://127.0.0.1:${server.server.addr.port}`;
  return {
    server,
    logs,
    get: (path, key) => fetch(base + path, { headers: key ? { "x-api-key": key } : {} }),
  };
}

/** A server with seeding and the bootstrap key off, and one operator key. */
function startBare(dir: string): Promise<Started> {
  return start(`${dir}/jobseek.sqlite3`, {
    JOBSEEK_SEED: "0",
    JOBSEEK_BOOTSTRAP_KEY: "0",
    JOBSEEK_API_KEYS: "operator:operator-chosen-key-0123456789",
  });
}

async function json(response: Response): Promise<Record<string, unknown>> {
  const body = await response.json();
  return body as Record<string, unknown>;
}

const messages = (logs: Record<string, unknown>[]) => logs.map((line) => line.msg);

async function bundledPostings(): Promise<number> {
  const text = await Deno.readTextFile(BUNDLED_POSTINGS);
  return new Set(text.split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l).job_url)).size;
}

async function currentSnapshot(kvPath: string): Promise<string> {
  const kv = await Deno.openKv(kvPath);
  try {
    const current = await kv.get<string>(keys.currentSnapshot());
    assert.equal(typeof current.value, "string");
    return current.value!;
  } finally {
    kv.close();
  }
}

Deno.test("startServer on a store file, as an operator runs it", async (t) => {
  const dir = await Deno.makeTempDir();
  const kvPath = `${dir}/jobseek.sqlite3`;
  let bootstrapKey = "";
  let firstSnapshot = "";
  try {
    await t.step(
      "first start: bundled postings seeded and indexed from their shipped vectors, healthz names the model, a key shown once",
      async () => {
        const first = await start(kvPath);
        try {
          assert.match(first.server.bootstrapKey ?? "", /^\S{20,}$/);
          bootstrapKey = first.server.bootstrapKey!;
          await first.server.runtime.ready;
          const health = await first.get("/healthz");
          assert.equal(health.status, 200);
          assert.deepEqual(await json(health), {
            status: "ok",
            model: findModel(DEFAULT_MODEL_ID).stamp,
          });

          const seeded = first.logs.find((line) => line.msg === "fixtures imported");
          assert.equal(seeded?.inserted, await bundledPostings());
          const published = first.logs.find((line) => line.msg === "index published");
          assert.equal(published?.doc_count, await bundledPostings());
          // The bundled vectors are the default model's: the first publish embeds none of them.
          const cached = first.logs.find((line) => line.msg === "bundled vectors cached");
          assert.equal(cached?.vectors, published?.distinct_titles);
          assert.equal(published?.embedded, 0);

          const found = await first.get("/v1/search?q=nurse", bootstrapKey);
          assert.equal(found.status, 200);
          assert.ok(((await json(found)).total as number) > 0);
          const refused = await first.get("/v1/search?q=nurse", "not-a-key");
          assert.equal(refused.status, 403);
          await refused.body?.cancel();
          firstSnapshot = await currentSnapshot(kvPath);
        } finally {
          await first.server.close();
        }
      },
    );

    await t.step("restart: no second seed, index or key; the first key still works", async () => {
      const again = await start(kvPath);
      try {
        assert.equal(again.server.bootstrapKey, null);
        await again.server.runtime.ready;
        assert.ok(!messages(again.logs).includes("seeding empty store with the bundled fixtures"));
        assert.ok(!messages(again.logs).includes("index published"));
        assert.equal(await currentSnapshot(kvPath), firstSnapshot);
        const found = await again.get("/v1/search?q=nurse", bootstrapKey);
        assert.equal(found.status, 200);
        await found.body?.cancel();
      } finally {
        await again.server.close();
      }
    });

    await t.step("after an upgrade: an index of an older format is rebuilt at start", async () => {
      const kv = await Deno.openKv(kvPath);
      const meta = await kv.get<Record<string, unknown>>(keys.snapshotMeta(firstSnapshot));
      assert.equal(typeof meta.value?.formatVersion, "number");
      await kv.set(keys.snapshotMeta(firstSnapshot), {
        ...meta.value,
        formatVersion: (meta.value!.formatVersion as number) - 1,
      });
      kv.close();

      const upgraded = await start(kvPath);
      try {
        await upgraded.server.runtime.ready;
        assert.ok(
          !messages(upgraded.logs).includes("seeding empty store with the bundled fixtures"),
        );
        const published = upgraded.logs.find((line) => line.msg === "index published");
        assert.equal(published?.doc_count, await bundledPostings());
        assert.notEqual(await currentSnapshot(kvPath), firstSnapshot);
        const health = await upgraded.get("/healthz");
        assert.equal(health.status, 200);
        await health.body?.cancel();
      } finally {
        await upgraded.server.close();
      }
    });

    await t.step("postings whose index pointer was lost are indexed again at start", async () => {
      const kv = await Deno.openKv(kvPath);
      await kv.delete(keys.currentSnapshot());
      kv.close();
      const recovered = await start(kvPath);
      try {
        await recovered.server.runtime.ready;
        assert.ok(messages(recovered.logs).includes("index published"));
        const found = await recovered.get("/v1/search?q=nurse", bootstrapKey);
        assert.equal(found.status, 200);
        await found.body?.cancel();
      } finally {
        await recovered.server.close();
      }
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("startServer with seeding and the bootstrap key off: no key, nothing seeded or indexed, search answers 503 NO_INDEX", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const bare = await startBare(dir);
    try {
      assert.equal(bare.server.bootstrapKey, null);
      await bare.server.runtime.ready;
      assert.ok(!messages(bare.logs).includes("seeding empty store with the bundled fixtures"));
      assert.ok(!messages(bare.logs).includes("index published"));
      const health = await bare.get("/healthz");
      assert.equal(health.status, 503);
      await health.body?.cancel();
      const search = await bare.get("/v1/search?q=nurse", "operator-chosen-key-0123456789");
      assert.equal(search.status, 503);
      assert.equal((await json(search)).error_code, "NO_INDEX");
    } finally {
      await bare.server.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a server's model embeds on a thread of its own: this thread's loop turns freely meanwhile", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const bare = await startBare(dir);
    try {
      const embedder = await bare.server.runtime.embedder;
      // Eight batches of 64: on the serving thread the loop would turn about once a batch
      // (tests/model_test.ts; docs/scaling.md, "The model on its own thread").
      const texts = Array.from({ length: 512 }, (_, i) => `pastry chef ${i} early shifts`);
      const { value: vectors, turns } = await loopTurnsWhile(embedder.embed(texts));
      assert.equal(vectors.length, texts.length);
      assert.ok(turns > 64, `the serving thread's loop turned ${turns} times during eight batches`);
    } finally {
      await bare.server.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
