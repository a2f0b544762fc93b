/**
 * `POST /v1/postings` against real `jobseek serve` processes: two servers on one store file, a
 * feeder pushing real JobSpy CSV and JSON Lines to one, postings searchable on both within
 * seconds, scopes, the import report, idempotence, bad input, and rows acknowledged before a
 * `kill -9` still there after it.
 */
import { strict as assert } from "node:assert";
import { openStore } from "../src/store/store.ts";
import { seedStoreFile } from "./helpers.ts";
import { KEEPER_TITLE, keeperLines, keeperUrl } from "./keepers.ts";
import {
  serverFleet,
  type ServerProcess,
  startServerInWorker,
  TEST_PUBLISH_LEASE_MS,
} from "./server_process.ts";

const REAL_CSV = new URL(
  "../../shared/data/jobspy/collinshack-samples/jobs_Chicago.csv",
  import.meta.url,
);

async function push(
  server: ServerProcess,
  key: string | null,
  body: BodyInit,
  contentType = "application/x-ndjson",
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}/v1/postings`, {
    method: "POST",
    headers: { "content-type": contentType, ...(key ? { "x-api-key": key } : {}) },
    body,
  });
  return { status: response.status, body: await response.json() };
}

/** How many of the query's results carry exactly the title searched for. */
async function searchTotal(server: ServerProcess, key: string, q: string): Promise<number> {
  const response = await fetch(
    `${server.url}/v1/search?q=${encodeURIComponent(q)}&top_k=100`,
    { headers: { "x-api-key": key } },
  );
  assert.equal(response.status, 200);
  const { results } = await response.json() as { results: { job_title: string }[] };
  return results.filter((r) => r.job_title === q).length;
}

Deno.test({
  name: "pushed postings are stored, reported and searchable on every server",
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  const fleet = await serverFleet("jobseek_push_");
  const { kvPath } = fleet;
  const servers: ServerProcess[] = [];
  try {
    const { feeder, reader } = await seedStoreFile(kvPath, 30);
    const env = {
      JOBSEEK_KV: kvPath,
      JOBSEEK_RATE_LIMIT: "100000",
      JOBSEEK_PUBLISH_LEASE_MS: String(TEST_PUBLISH_LEASE_MS),
    };
    // The first server finds postings and no index: it builds one, then both serve it.
    servers.push(await fleet.start(env));
    servers.push(await fleet.start(env));

    // Scopes: no key, a search-only key.
    const anonymous = await push(servers[0], null, keeperLines(0, 2));
    assert.equal(anonymous.status, 403);
    assert.equal(anonymous.body.error_code, "AUTH_INVALID_KEY");
    const searchOnly = await push(servers[0], reader, keeperLines(0, 2));
    assert.equal(searchOnly.status, 403);
    assert.equal(searchOnly.body.error_code, "AUTH_INSUFFICIENT_SCOPE");
    assert.match(String(searchOnly.body.error), /lacks the 'ingest' scope/);
    // And the other way: a feeder key does not search.
    const feederSearch = await fetch(`${servers[0].url}/v1/search?q=nurse`, {
      headers: { "x-api-key": feeder },
    });
    assert.equal(feederSearch.status, 403);
    assert.equal((await feederSearch.json()).error_code, "AUTH_INSUFFICIENT_SCOPE");
    const feederMcp = await fetch(`${servers[0].url}/mcp`, {
      method: "POST",
      headers: {
        "x-api-key": feeder,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    assert.equal(feederMcp.status, 403);
    assert.equal((await feederMcp.json()).error_code, "AUTH_INSUFFICIENT_SCOPE");
    assert.equal(await searchTotal(servers[1], reader, KEEPER_TITLE), 0);

    // JSON Lines with one bad row: the rest is imported, the bad row reported with its line.
    const body = `${keeperLines(0, 5)}\n{"job_title": "No URL"}\n`;
    const pushed = await push(servers[0], feeder, body);
    assert.equal(pushed.status, 200, JSON.stringify(pushed.body));
    const totals = pushed.body.totals as Record<string, unknown>;
    assert.equal(totals.rows_read, 6);
    assert.equal(totals.inserted, 5);
    assert.equal(totals.invalid, 1);
    assert.match(String((totals.invalid_examples as string[])[0]), /^body:6: /);
    assert.equal(pushed.body.index, "publishing");
    assert.match(String(pushed.body.request_id), /^[0-9a-f-]{36}$/);

    // Searchable on the other server within seconds.
    const started = performance.now();
    while ((await searchTotal(servers[1], reader, KEEPER_TITLE)) < 5) {
      assert.ok(performance.now() - started < 60_000, "pushed postings never became searchable");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    Deno.stderr.writeSync(
      new TextEncoder().encode(
        `push of 5 to searchable on the other server: ${
          Math.round(performance.now() - started)
        } ms\n`,
      ),
    );
    assert.equal(await searchTotal(servers[0], reader, KEEPER_TITLE), 5);

    // The same body again changes nothing and publishes nothing.
    const again = await push(servers[1], feeder, body);
    assert.equal(again.status, 200);
    assert.equal((again.body.totals as Record<string, number>).unchanged, 5);
    assert.equal((again.body.totals as Record<string, number>).inserted, 0);
    assert.equal(again.body.index, "unchanged");

    // Real JobSpy CSV.
    const csv = await Deno.readFile(REAL_CSV);
    const csvPush = await push(servers[1], feeder, csv, "text/csv; charset=utf-8");
    assert.equal(csvPush.status, 200, JSON.stringify(csvPush.body));
    assert.ok((csvPush.body.totals as Record<string, number>).inserted > 20);

    // Bad input: wrong type, empty, not UTF-8, too large.
    const wrongType = await push(servers[0], feeder, body, "application/json");
    assert.equal(wrongType.status, 415);
    assert.equal(wrongType.body.error_code, "UNSUPPORTED_MEDIA_TYPE");
    assert.match(String(wrongType.body.error), /send text\/csv .* or application\/x-ndjson/);
    const noType = await push(servers[0], feeder, body, "");
    assert.equal(noType.status, 415);
    const empty = await push(servers[0], feeder, "   \n");
    assert.equal(empty.status, 400);
    assert.equal(empty.body.error_code, "INVALID_PARAMETER");
    assert.match(String(empty.body.error), /'body': it is empty/);
    const notUtf8 = await push(servers[0], feeder, new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]));
    assert.equal(notUtf8.status, 400);
    assert.match(String(notUtf8.body.error), /not UTF-8/);
    const emptyCsv = await push(servers[0], feeder, "\n\n", "text/csv");
    assert.equal(emptyCsv.status, 400);
    const huge = await push(servers[0], feeder, new Uint8Array(32 * 1024 * 1024 + 1).fill(0x20));
    assert.equal(huge.status, 413);
    assert.equal(huge.body.error_code, "PAYLOAD_TOO_LARGE");
    assert.match(String(huge.body.error), /32 MiB/);
    const get = await fetch(`${servers[0].url}/v1/postings`, { headers: { "x-api-key": feeder } });
    assert.equal(get.status, 405);
    assert.equal(get.headers.get("allow"), "POST");
    await get.body?.cancel();

    // Acknowledged, then kill -9 at once: the rows are in the store after it.
    const last = await push(servers[0], feeder, keeperLines(100, 140));
    assert.equal(last.status, 200);
    await servers[0].stop("SIGKILL");
    await servers[1].stop("SIGKILL");
    const after = await openStore(kvPath);
    try {
      for (let k = 100; k < 140; k++) {
        const url = keeperUrl(k);
        const found = [];
        for await (const job of after.postings.listJobs()) if (job.job_url === url) found.push(job);
        assert.equal(found.length, 1, url);
      }
    } finally {
      after.close();
    }
    // A server started on the store closes the gap the killed ones left.
    servers.push(await fleet.start(env));
    const restarted = performance.now();
    while ((await searchTotal(servers[2], reader, KEEPER_TITLE)) < 45) {
      assert.ok(performance.now() - restarted < 60_000, "the gap was never closed");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await fleet.close();
  }
});

Deno.test({
  name: "pushed rows without a date get the push's date_posted, else the day they arrived",
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  const fleet = await serverFleet("jobseek_push_date_");
  const { kvPath } = fleet;
  let arrivedFrom = "";
  let arrivedBy = "";
  try {
    const { feeder } = await seedStoreFile(kvPath, 20);
    // What a push stores is the point, not the process: the server runs in this worker.
    const server = await startServerInWorker({ JOBSEEK_KV: kvPath });
    try {
      await server.ready();
      const csv = (n: number) =>
        "site,job_url,title,company,location,date_posted\n" +
        `linkedin,https://www.linkedin.com/jobs/view/8100${n},Harbour Pilot,Port,"Rotterdam, NL",\n`;
      // The day the rows arrive is the server's, read while they are pushed: between the day
      // before the first push and the day after the last (one day but across midnight UTC).
      const day = () => new Date().toISOString().slice(0, 10);
      arrivedFrom = day();
      const given = await push(server, feeder, csv(1), "text/csv");
      assert.equal(given.status, 200, JSON.stringify(given.body));
      const dated = await fetch(
        `${server.url}/v1/postings?date_posted=2026-11-01`,
        {
          method: "POST",
          headers: { "content-type": "text/csv", "x-api-key": feeder },
          body: csv(2),
        },
      );
      assert.equal(dated.status, 200);
      await dated.body?.cancel();
      const jsonl = await push(
        server,
        feeder,
        JSON.stringify({
          job_title: "Harbour Pilot",
          company_name: "Port",
          city: "Rotterdam",
          job_url: "https://www.linkedin.com/jobs/view/81003",
          data_source: "linkedin",
        }),
      );
      assert.equal((jsonl.body.totals as { inserted: number }).inserted, 1);
      arrivedBy = day();
      const bad = await fetch(`${server.url}/v1/postings?date_posted=soon`, {
        method: "POST",
        headers: { "content-type": "text/csv", "x-api-key": feeder },
        body: csv(4),
      });
      assert.equal(bad.status, 400);
      assert.match((await bad.json()).error, /Invalid parameter 'date_posted'/);
    } finally {
      await server.stop();
    }
    const after = await openStore(kvPath);
    try {
      const byUrl = new Map<string, string>();
      for await (const job of after.postings.listJobs()) byUrl.set(job.job_url, job.publish_time);
      const arrived = (url: string) => {
        const on = byUrl.get(url)?.slice(0, 10) ?? "";
        return on >= arrivedFrom && on <= arrivedBy;
      };
      assert.ok(arrived("https://www.linkedin.com/jobs/view/81001"), [...byUrl].join("; "));
      assert.equal(byUrl.get("https://www.linkedin.com/jobs/view/81002"), "2026-11-01 00:00:00");
      assert.ok(arrived("https://www.linkedin.com/jobs/view/81003"), [...byUrl].join("; "));
      assert.equal(byUrl.has("https://www.linkedin.com/jobs/view/81004"), false);
    } finally {
      after.close();
    }
  } finally {
    await fleet.close();
  }
});

Deno.test({
  name: "a server compacts its deltas in its publish process and serves the compaction",
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  const fleet = await serverFleet("jobseek_compact_");
  let server: ServerProcess | undefined;
  try {
    const { feeder, reader } = await seedStoreFile(fleet.kvPath, 30);
    // The publish process is the point, not the server's: the server runs in this worker, and its
    // compaction in a process of its own.
    server = await startServerInWorker({ JOBSEEK_KV: fleet.kvPath, JOBSEEK_RATE_LIMIT: "100000" });
    await server.ready();
    // Two pushes of twenty onto thirty: their deltas pass a quarter of the base's bytes (5 KiB each
    // against 33), so a compaction follows the second (src/search/publish_delta.ts).
    for (const [from, to] of [[0, 20], [20, 40]]) {
      const pushed = await push(server, feeder, keeperLines(from, to));
      assert.equal(pushed.status, 200, JSON.stringify(pushed.body));
      const waited = performance.now();
      while (!server.logs.some((l) => l.msg === "index delta applied" && l.doc_count === 30 + to)) {
        assert.ok(performance.now() - waited < 60_000, "the push was never published");
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const started = performance.now();
    const compactedLine = () =>
      server!.logs.find((l) => l.msg === "index deltas compacted" && l.publish_pid !== undefined);
    while (!compactedLine()) {
      assert.ok(performance.now() - started < 60_000, "no compaction in the publish process");
      const health = await server.fetch("/healthz");
      assert.equal(health.status, 200, "the server serves while the compaction runs");
      await health.body?.cancel();
      await new Promise((r) => setTimeout(r, 200));
    }
    const line = compactedLine()!;
    assert.notEqual(line.publish_pid, server.pid, "the compaction ran in another process");
    // The server takes the compaction over without reading it, and it holds every posting.
    const tookOver = "index deltas compacted: serving the same index as the new snapshot";
    while (!server.logs.some((l) => l.msg === tookOver && l.snapshot_id === line.snapshot_id)) {
      assert.ok(performance.now() - started < 60_000, "the server never took the compaction");
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(await searchTotal(server, reader, KEEPER_TITLE), 40);
    assert.ok(
      !server.logs.some((l) => l.msg === "publishing the whole index instead of a delta"),
      "no full publish",
    );
  } finally {
    await server?.stop();
    await fleet.close();
  }
});
