/**
 * kill -9 of a server while it publishes an index delta: the previous index keeps serving on the
 * other server, and the next start leaves no gap (every pushed posting searchable on both).
 */
import { strict as assert } from "node:assert";
import { openStore } from "../src/store/store.ts";
import { indexGap } from "../src/store/index_gap.ts";
import { defaultTestJobs, feederAndReaderKeys, publishTestIndex } from "./helpers.ts";
import { serverFleet, type ServerProcess, TEST_PUBLISH_LEASE_MS } from "./server_process.ts";

/** What each server logged of its indexes and publishes, for a failure to explain itself. */
function publishLogs(servers: ServerProcess[]): string {
  return JSON.stringify(
    servers.map((server) =>
      server.logs.filter((l) => /index|snapshot|publish|lease|error/.test(String(l.msg))).slice(-8)
    ),
  );
}

Deno.test({
  name: "kill -9 during a delta publish leaves the previous index serving and no gap after",
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  const fleet = await serverFleet("jobseek_delta_crash_");
  const { kvPath } = fleet;
  const servers: ServerProcess[] = [];
  try {
    const store = await openStore(kvPath);
    const { feeder, reader } = await feederAndReaderKeys(store);
    const all = await defaultTestJobs(400);
    await store.postings.upsertJobs(all.slice(0, 300));
    // The first index is published here with the kept vectors, not by the first server's start in
    // a process of its own: the kill is of a delta publish.
    await publishTestIndex(store);
    store.close();
    const env = {
      JOBSEEK_RATE_LIMIT: "100000",
      JOBSEEK_INDEX_CHECK_MS: "500",
      JOBSEEK_PUBLISH_LEASE_MS: String(TEST_PUBLISH_LEASE_MS),
    };
    servers.push(await fleet.start(env));
    servers.push(await fleet.start(env));
    const total = async (server: ServerProcess) => {
      const response = await fetch(`${server.url}/v1/search?q=manager&top_k=1`, {
        headers: { "x-api-key": reader },
      });
      assert.equal(response.status, 200);
      return (await response.json()).total as number;
    };
    const before = await total(servers[1]);

    // A first push publishes as a delta: the next one then runs over a delta chain.
    const push = (jobs: typeof all) =>
      fetch(`${servers[0].url}/v1/postings`, {
        method: "POST",
        headers: { "x-api-key": feeder, "content-type": "application/x-ndjson" },
        body: jobs.map(({ id: _, first_seen: __, ...job }) => JSON.stringify(job)).join("\n"),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    assert.equal((await push(all.slice(300, 310))).status, 200);
    // Either server may publish it: the other checks for a gap every 500 ms and may take the
    // publish lease first. A CI run at c810dc7 waited 60 s for server 0 alone, most likely for
    // that reason (its logs were not printed then).
    const deadline = performance.now() + 60_000;
    while (!servers.some((s) => s.logs.some((l) => l.msg === "index delta published"))) {
      assert.ok(performance.now() < deadline, `no delta was published: ${publishLogs(servers)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal((await push(all.slice(310))).status, 200);
    // The reply comes once the rows are stored and the publish is asked for: it is under way.
    await new Promise((resolve) => setTimeout(resolve, 100));
    Deno.kill(servers[0].pid, "SIGKILL");
    await servers[0].exited;
    // The other server serves all along.
    assert.ok((await total(servers[1])) >= before);

    // The next start closes whatever gap the kill left (after the dead server's lease runs out).
    servers[0] = await fleet.start(env);
    const closed = performance.now() + 90_000;
    for (;;) {
      const reopened = await openStore(kvPath);
      const gap = await indexGap(reopened);
      reopened.close();
      if (gap === null) break;
      assert.ok(performance.now() < closed, `gap left: ${JSON.stringify(gap)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // Both servers follow the pointer to an index with every posting. A compaction may follow
    // the publish that closed the gap and move the pointer on: a server may then skip the
    // intermediate index, so what counts is the index current when both have caught up.
    const until = performance.now() + 60_000;
    for (;;) {
      const reopened = await openStore(kvPath);
      const current = await reopened.snapshots.currentSnapshotId();
      const meta = await reopened.snapshots.readSnapshotMeta(current!);
      reopened.close();
      assert.equal(meta?.docCount, 400);
      const serving = servers.map((server) =>
        server.logs.filter((l) =>
          l.msg === "index snapshot loaded" || l.msg === "index delta applied" ||
          // A compaction of the index a server serves is served without a load.
          l.msg === "index deltas compacted: serving the same index as the new snapshot"
        ).at(-1)?.snapshot_id
      );
      if (serving.every((id) => id === current)) break;
      assert.ok(
        performance.now() < until,
        `the servers serve ${JSON.stringify(serving)}, the current index is ${current}: ${
          publishLogs(servers)
        }`,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await fleet.close();
  }
});
