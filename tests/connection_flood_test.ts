/**
 * One client without credentials cannot take the server down by opening connections: a real
 * `jobseek serve` under `ulimit -n 256` is flooded with bare connects, half-sent requests and
 * concurrent searches, turns away what is over its cap at once, stays up, and serves a search with
 * a valid key again as soon as the flood lets go. And when the cap is set above what the limit
 * allows, running out of descriptors is survived too. Before: 600 bare connects under
 * `ulimit -n 1024` ended the process with EMFILE.
 */
import { strict as assert } from "node:assert";
import {
  createIndexedStore,
  flood,
  FLOOD_API_KEYS,
  FLOOD_KEY,
  searchStatus,
  searchStorm,
  untilServed,
} from "./connection_flood.ts";
import { DENO_RUN } from "./cli_process.ts";
import { type ServerProcess, startServerProcess } from "./server_process.ts";

const DESCRIPTOR_LIMIT = 256;
/** What src/http/connection_cap.ts derives from 256 descriptors: (256 - 128) / 3. */
const CAP = 42;
const HALF_SENT = "POST /v1/search HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{";

/** Figures for the person reading the test output (measurements, not assertions). */
function report(line: string): void {
  Deno.stderr.writeSync(new TextEncoder().encode(line + "\n"));
}

async function withFloodedServer(
  env: Record<string, string>,
  test: (server: ServerProcess) => Promise<void>,
): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "jobseek_flood_" });
  const kvPath = `${dir}/kv.sqlite3`;
  let server: ServerProcess | undefined;
  try {
    await createIndexedStore(kvPath);
    server = await startServerProcess(
      {
        JOBSEEK_KV: kvPath,
        JOBSEEK_API_KEYS: FLOOD_API_KEYS,
        JOBSEEK_RATE_LIMIT: "100000000",
        ...env,
      },
      { descriptorLimit: DESCRIPTOR_LIMIT },
    );
    await server.ready();
    await test(server);
  } finally {
    await server?.stop("SIGKILL");
    await Deno.remove(dir, { recursive: true });
  }
}

/** Resolves false while the process runs; true once it has exited. */
function exitedYet(server: ServerProcess): Promise<boolean> {
  return Promise.race([
    server.exited.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 0)),
  ]);
}

Deno.test({
  name:
    "jobseek serve under ulimit -n 256: floods are turned away at the cap, the server stays up and serves again at once",
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  await withFloodedServer({}, async (server) => {
    const listening = server.logs.find((l) => l.msg === "listening");
    assert.equal(listening?.descriptor_limit, DESCRIPTOR_LIMIT);
    assert.equal(listening?.max_connections, CAP);

    for (const [kind, data] of [["bare connects", ""], ["half-sent requests", HALF_SENT]]) {
      // Each connection is watched 7.5 s from its connect: under the guard's 10 s header timeout,
      // so what the cap admits is still held at the end, and long enough that connections still in
      // the kernel's listen backlog are accepted and turned away on a loaded machine (at 2.5 s,
      // load 18: 570 looked held, waiting to be accepted). How fast they end is reported below.
      const result = await flood(server.port, { count: 1500, data, watchMs: 7500 });
      try {
        // What is over the cap ends within the watch (503, or closed when even answering would
        // take too many descriptors); what the cap admits is held, as before.
        assert.equal(result.counts.failed, 0, kind);
        assert.ok(result.counts.held <= CAP, `${kind}: ${JSON.stringify(result.counts)}`);
        assert.ok(
          result.counts.refused + result.counts.closed >= 1500 - CAP,
          `${kind}: ${JSON.stringify(result.counts)}`,
        );
        assert.deepEqual(result.otherAnswers, [], kind);
        // Someone with a key meanwhile gets the same prompt 503, not a hang or a dead server.
        const during = await searchStatus(server.url, FLOOD_KEY, "nurse", 5000);
        assert.ok(
          during === 503 || during === 200,
          `${kind}: a search during the flood: ${during}`,
        );
        assert.equal(await exitedYet(server), false, `${kind}: the server exited`);
      } finally {
        result.close();
      }
      const recoveredMs = await untilServed(server.url, FLOOD_KEY, 5000);
      assert.notEqual(recoveredMs, null, `${kind}: not served within 5 s of the flood's end`);
      report(
        `  ${kind}: ${JSON.stringify(result.counts)}, slowest end ${
          Math.round(result.slowestEndMs)
        } ms, served again ${Math.round(recoveredMs!)} ms after`,
      );
    }

    // 400 at once, 5 searches each: searching for 3 s instead was 7,000-20,000 of them here,
    // as many as the machine could send, and 6 CPU-seconds.
    const storm = await searchStorm(server.url, FLOOD_KEY, { clients: 400, perClient: 5 });
    report(`  400 clients, 5 searches each: ${JSON.stringify(storm.statuses)}`);
    assert.equal(storm.requests, 2000);
    // Over the cap a search is turned away (503, or its connection closed); none waits for ever
    // (each has 10 s), and the ones admitted are answered.
    assert.ok((storm.statuses["200"] ?? 0) > 0, JSON.stringify(storm.statuses));
    for (const status of Object.keys(storm.statuses)) {
      assert.ok(
        status === "200" || status === "503" || /closed|reset/i.test(status),
        `unexpected answer to a search: ${status}`,
      );
    }
    assert.equal(await exitedYet(server), false, "the server exited");
    assert.notEqual(await untilServed(server.url, FLOOD_KEY, 5000), null);
    const health = await fetch(`${server.url}/healthz`);
    assert.equal(health.status, 200);
    await health.body?.cancel();
    assert.deepEqual(server.logs.filter((l) => l.level === "error"), []);
    // One address floods: its share of the cap (16 of 42) is what turns it away first.
    assert.equal(listening?.max_per_address, 16);
    assert.ok(
      server.logs.some((l) =>
        l.msg ===
          "an address reached its share of the connections; answering its new connections 503"
      ),
    );
  });
});

Deno.test({
  name:
    "jobseek serve with JOBSEEK_MAX_CONNECTIONS above what ulimit -n 256 allows: running out of descriptors is survived",
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  await withFloodedServer({ JOBSEEK_MAX_CONNECTIONS: "1000" }, async (server) => {
    assert.ok(
      server.logs.some((l) =>
        l.msg === "JOBSEEK_MAX_CONNECTIONS is above what the descriptor limit allows"
      ),
    );
    // 3 descriptors a connection: 300 connections take more than 256, so accept, the hop to the
    // app server and the app server's own accept all fail with EMFILE at some point.
    const result = await flood(server.port, { count: 600, data: HALF_SENT, watchMs: 2500 });
    try {
      assert.equal(await exitedYet(server), false, "the server exited");
      // No bound on "held" here: while the server waits out EMFILE, connections queue in the
      // kernel's listen backlog and look held from the client, as many as scheduling lets in
      // (437 of 600 once on a loaded machine). The cap's own bound is asserted where the cap fits
      // the limit (the flood test above).
    } finally {
      result.close();
    }
    const recoveredMs = await untilServed(server.url, FLOOD_KEY, 10_000);
    assert.notEqual(recoveredMs, null, "not served within 10 s of the flood's end");
    report(`  ${JSON.stringify(result.counts)}, served again ${Math.round(recoveredMs!)} ms after`);
    assert.equal(await exitedYet(server), false, "the server exited");
    const ran = server.logs.filter((l) => l.level === "warn" || l.level === "error")
      .map((l) => String(l.msg));
    report(`  warnings: ${JSON.stringify([...new Set(ran)])}`);
    assert.ok(
      ran.some((msg) => /cannot accept|cannot reach the app server|app server stopped/.test(msg)),
      "descriptors never ran out: the test did not test anything",
    );
  });
});

for (
  const [step, warning, during] of [
    ["accept", "cannot accept a connection; retrying shortly", /^HTTP\/1\.1 200 /],
    ["connect", "cannot reach the app server; answering 503", /^HTTP\/1\.1 503 /],
    [
      "app accept",
      "the app server stopped accepting; starting a new one",
      /^HTTP\/1\.1 503 |^closed$/,
    ],
  ] as const
) {
  Deno.test(`EMFILE at the ${step}: that one connection waits or is turned away, and the next is served`, async () => {
    // Lets go of exactly the descriptors that make this step fail (tests/descriptor_exhaustion_child.ts).
    const run = () =>
      new Deno.Command("sh", {
        args: [
          "-c",
          'ulimit -n 64 && exec "$@"',
          "sh",
          Deno.execPath(),
          ...DENO_RUN,
          new URL("./descriptor_exhaustion_child.ts", import.meta.url).pathname,
          step,
        ],
        stdin: "null",
      }).output();
    let output = await run();
    let stderr = new TextDecoder().decode(output.stderr);
    // Deno itself sometimes panics when it sets something up lazily (a signal handler, the extra
    // CA certificates) in the moment the child holds every descriptor: Deno's crash, not the
    // guard's answer, so that run is made again; any other failure fails (docs/testing.md).
    for (let attempt = 1; attempt < 3 && stderr.includes("Deno has panicked"); attempt++) {
      output = await run();
      stderr = new TextDecoder().decode(output.stderr);
    }
    assert.equal(output.code, 0, stderr);
    const result = JSON.parse(new TextDecoder().decode(output.stdout));
    assert.ok(result.logs.includes(warning), JSON.stringify(result));
    assert.match(result.before, /^HTTP\/1\.1 200 /);
    assert.match(result.during, during, JSON.stringify(result));
    assert.match(result.after, /^HTTP\/1\.1 200 /, JSON.stringify(result));
  });
}
