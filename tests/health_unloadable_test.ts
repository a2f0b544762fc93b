/**
 * A store whose snapshots all fail to load (damaged, say) leaves the server with nothing to serve:
 * `/healthz` says so with the reason and the fix instead of `starting` forever, and turns `ok` as
 * soon as a sound snapshot is published. Real search service on a `:memory:` store, the real app.
 */
import { strict as assert } from "node:assert";
import { HealthBodySchema } from "../src/http/health_routes.ts";
import { silentLogger } from "../src/log.ts";
import { SNAPSHOT_FORMAT_VERSION } from "../src/index/snapshot.ts";
import { publishIndex } from "../src/search/publish_index.ts";
import { createSearchService } from "../src/search/search_service.ts";
import { openStore } from "../src/store/store.ts";
import { defaultTestJobs, testEmbedder } from "./helpers.ts";
import { startTestServer } from "./test_server.ts";

/** What `/healthz` answers, its body checked. */
async function healthOf(server: Awaited<ReturnType<typeof startTestServer>>) {
  const response = await server.fetchApp(new Request("http://localhost/healthz"));
  return { status: response.status, body: HealthBodySchema.parse(await response.json()) };
}

async function waitFor(condition: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

Deno.test("/healthz explains a store with no loadable snapshot, then turns ok once one is published", async () => {
  const store = await openStore(":memory:");
  const embedder = await testEmbedder();
  // Two snapshots, current and previous, whose bytes match their hashes but decode to nothing.
  const damaged: string[] = [];
  for (const text of ["JSNZ....", "JSNZ,,,,"]) {
    damaged.push(
      await store.snapshots.publishSnapshot(new TextEncoder().encode(text), {
        formatVersion: SNAPSHOT_FORMAT_VERSION,
        docCount: 20,
        model: embedder.model,
      }),
    );
  }
  const service = createSearchService({ store, embedder, logger: silentLogger, pollMs: 100 });
  const server = await startTestServer(store, service);
  const health = () => healthOf(server);
  try {
    await service.start();
    const down = await health();
    assert.equal(down.status, 503);
    assert.equal(down.body.status, "unavailable");
    assert.match(
      down.body.detail ?? "",
      new RegExp(
        `^no index snapshot can be loaded: the current snapshot ${damaged[1]} cannot be loaded ` +
          `\\(Cannot decode snapshot: .+\\) and no other snapshot can stand in; run ` +
          "`jobseek index rebuild`$",
      ),
    );
    assert.equal(down.body.model, embedder.model);

    await store.postings.upsertJobs(await defaultTestJobs(20));
    await publishIndex(store, { embedder, logger: silentLogger });
    // Until the server follows the pointer to it, the new snapshot can serve as a fall-back
    // while the pointer still names the damaged one (found while the publish ran): then 200 with
    // that said. Once followed, plain ok.
    await waitFor(async () => {
      const { status, body } = await health();
      return status === 200 && body.detail === undefined;
    }, "the new snapshot to serve as the current one");
    assert.deepEqual((await health()).body, { status: "ok", model: embedder.model });
  } finally {
    service.stop();
    await service.whenIdle();
    await server.close();
    store.close();
  }
});

Deno.test("/healthz stops naming a damaged snapshot once the one served is current", async () => {
  const store = await openStore(":memory:");
  const embedder = await testEmbedder();
  const damaged = await store.snapshots.publishSnapshot(new TextEncoder().encode("JSNZ...."), {
    formatVersion: SNAPSHOT_FORMAT_VERSION,
    docCount: 20,
    model: embedder.model,
  });
  await store.postings.upsertJobs(await defaultTestJobs(20));
  // The store is repaired while the server looks for a snapshot to stand in for the damaged one:
  // it finds the sound one just published, which the pointer names.
  let repaired: string | undefined;
  const snapshots = new Proxy(store.snapshots, {
    get(target, name) {
      if (name === "listSnapshotIds") {
        return async () => {
          repaired ??= (await publishIndex(store, { embedder, logger: silentLogger })).snapshotId;
          return await target.listSnapshotIds();
        };
      }
      const value = Reflect.get(target, name, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const service = createSearchService({
    store: { postings: store.postings, snapshots },
    embedder,
    logger: silentLogger,
    pollMs: 100,
  });
  const server = await startTestServer(store, service);
  const health = () => healthOf(server);
  try {
    await service.start();
    assert.equal(service.served()?.id, repaired);
    assert.equal(await store.snapshots.currentSnapshotId(), repaired);
    // Once the server has seen the pointer (its watch reports it at once), nothing is amiss.
    await waitFor(
      async () => (await health()).body.detail === undefined,
      `/healthz to stop naming ${damaged}`,
    );
    assert.deepEqual((await health()).body, { status: "ok", model: embedder.model });
  } finally {
    service.stop();
    await service.whenIdle();
    await server.close();
    store.close();
  }
});
