/**
 * Floods a real `jobseek serve` (a child process under `ulimit -n LIMIT`, on a throwaway store
 * with 20 postings) with connections from one client without credentials, and reports what the
 * server held, what it turned away, whether searches with a valid key were served meanwhile and
 * how long it took to serve them again afterwards. Loopback only; every phase is bounded in
 * connections and time, and closes what it opened.
 *
 * ```sh
 * deno run -A bench/connection_flood.ts [--limit 1024] [--connections 3000] [--clients 400]
 * ```
 *
 * `--limit 0` leaves the limit as this shell has it. Figures are in docs/operations.md.
 *
 * @module
 */
import { parseArgs } from "node:util";
import {
  createIndexedStore,
  flood,
  FLOOD_API_KEYS,
  FLOOD_KEY,
  processUsage,
  searchStatus,
  searchStorm,
  untilServed,
} from "../tests/connection_flood.ts";
import { startServerProcess } from "../tests/server_process.ts";

const { values } = parseArgs({
  options: {
    limit: { type: "string", default: "1024" },
    connections: { type: "string", default: "3000" },
    clients: { type: "string", default: "400" },
    "storm-ms": { type: "string", default: "5000" },
    "watch-ms": { type: "string", default: "3000" },
  },
});
const limit = Number(values.limit);
const connections = Number(values.connections);
const clients = Number(values.clients);
const stormMs = Number(values["storm-ms"]);
const watchMs = Number(values["watch-ms"]);

function report(line: string): void {
  Deno.stdout.writeSync(new TextEncoder().encode(line + "\n"));
}

const dir = await Deno.makeTempDir({ prefix: "jobseek_flood_" });
const kvPath = `${dir}/kv.sqlite3`;
await createIndexedStore(kvPath);
const server = await startServerProcess(
  { JOBSEEK_KV: kvPath, JOBSEEK_API_KEYS: FLOOD_API_KEYS, JOBSEEK_RATE_LIMIT: "100000000" },
  limit > 0 ? { descriptorLimit: limit } : {},
);
let alive = true;
let stopping = false;
server.exited.then((code) => {
  alive = false;
  if (!stopping) report(`SERVER EXITED with ${code}: ${JSON.stringify(server.logs.slice(-3))}`);
});
try {
  await server.ready();
  const listening = server.logs.find((l) => l.msg === "listening");
  report(
    `limit ${listening?.descriptor_limit}, max_connections ${listening?.max_connections}; ` +
      `idle: ${JSON.stringify(await processUsage(server.pid))}`,
  );

  for (
    const [name, data] of [
      ["bare connects", ""],
      ["half-sent requests", "POST /v1/search HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"],
    ]
  ) {
    const started = performance.now();
    const result = await flood(server.port, { count: connections, data, watchMs });
    const floodMs = performance.now() - started;
    const usage = await processUsage(server.pid);
    const during = await Promise.all(
      Array.from({ length: 5 }, () => searchStatus(server.url, FLOOD_KEY)),
    );
    result.close();
    const recoveredMs = await untilServed(server.url, FLOOD_KEY, 15_000);
    report(
      `${name}: ${connections} in ${Math.round(floodMs)} ms -> ${JSON.stringify(result.counts)}, ` +
        `slowest 503/close ${Math.round(result.slowestEndMs)} ms, other answers ` +
        `${JSON.stringify([...new Set(result.otherAnswers)])}; while held: ${
          JSON.stringify(usage)
        }, ` +
        `searches ${JSON.stringify(during)}; served again ${
          recoveredMs === null ? "NEVER (15 s)" : `${Math.round(recoveredMs)} ms`
        } after the flood closed; alive ${alive}`,
    );
  }

  const probes: (number | string)[] = [];
  let storming = true;
  const probing = (async () => {
    while (storming) {
      probes.push(await searchStatus(server.url, FLOOD_KEY));
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  const storm = await searchStorm(server.url, FLOOD_KEY, { clients, durationMs: stormMs });
  storming = false;
  await probing;
  const usage = await processUsage(server.pid);
  const recoveredMs = await untilServed(server.url, FLOOD_KEY, 15_000);
  report(
    `${clients} clients searching for ${stormMs} ms: ${storm.requests} requests, ` +
      `${JSON.stringify(storm.statuses)}; a probe every 200 ms got ${JSON.stringify(probes)}; ` +
      `after: ${JSON.stringify(usage)}; served again ${
        recoveredMs === null ? "NEVER" : `${Math.round(recoveredMs)} ms`
      } after; alive ${alive}`,
  );
  const warnings = server.logs.filter((l) => l.level === "warn" || l.level === "error");
  report(`server warnings/errors: ${JSON.stringify(warnings)}`);
} finally {
  stopping = true;
  await server.stop("SIGTERM", 15_000);
  await Deno.remove(dir, { recursive: true });
}
