/**
 * `JOBSEEK_SEARCH_PROCESSES`: real `jobseek serve` processes, each the parent of its search
 * processes (src/http/search_processes.ts), over real HTTP on 127.0.0.1. What an operator relies on:
 * the answers are those of one process, byte for byte; connections reach every search process;
 * `/metrics` counts them all; a killed search process costs no answer and comes back; a stopped
 * or killed server leaves no search process behind; a bad setting stops the start with its reason.
 *
 * @module
 */
import { strict as assert } from "node:assert";
import { ApiKeyRegistry } from "../src/auth/api_keys.ts";
import { openStore } from "../src/store/store.ts";
import { defaultTestJobs, publishTestIndex } from "./helpers.ts";
import { runCli, type ServerProcess, startServerProcess } from "./server_process.ts";

/** The fixture set's judged queries, each plain, filtered, faceted and by relevance. */
async function requestPaths(): Promise<string[]> {
  const text = await Deno.readTextFile(new URL("../bench/queries/fixture.jsonl", import.meta.url));
  const queries = text.split("\n").filter((line) => line.trim() !== "").map((line) =>
    (JSON.parse(line) as { q: string }).q
  );
  return queries.flatMap((q): Record<string, string>[] => [
    { q },
    { q, country: "US" },
    { q, city: "Toronto" },
    { q, facets: "country,city,remote", sort: "relevance", top_k: "50" },
  ]).map((params) => `/v1/search?${new URLSearchParams(params)}`);
}

/** A search's body without what differs between any two answers (its id and its time). */
function comparable(text: string): string {
  const { request_id: _id, search_time_ms: _ms, ...rest } = JSON.parse(text);
  return JSON.stringify(rest);
}

/**
 * GET on a connection of its own: connections, not requests, are what the guard hands to the
 * search processes, and fetch would otherwise keep reusing one.
 */
async function getFresh(url: string, key: string): Promise<{ status: number; text: string }> {
  const client = Deno.createHttpClient({});
  try {
    const response = await fetch(url, { client, headers: { "x-api-key": key } });
    return { status: response.status, text: await response.text() };
  } finally {
    client.close();
  }
}

interface Fixture {
  dir: string;
  kvPath: string;
  key: string;
  admin: string;
  close(): Promise<void>;
}

async function publishedStore(): Promise<Fixture> {
  const dir = await Deno.makeTempDir({ prefix: "jobseek_search_processes_" });
  const kvPath = `${dir}/kv.sqlite3`;
  const store = await openStore(kvPath);
  const apiKeys = new ApiKeyRegistry(store.apiKeys, []);
  const { key } = await apiKeys.create("reader", { rateLimit: 1_000_000 });
  const admin = (await apiKeys.create("admin", { scopes: ["admin"], rateLimit: 1_000_000 })).key;
  await store.postings.upsertJobs(await defaultTestJobs(300));
  await publishTestIndex(store);
  store.close();
  return { dir, kvPath, key, admin, close: () => Deno.remove(dir, { recursive: true }) };
}

/** The pid of search process `index`, once it is ready (other than `not`), from the parent's log. */
async function readyPid(
  server: ServerProcess,
  index: number,
  not?: number,
  timeoutMs = 60_000,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const entry = server.logs.findLast((line) =>
      line.msg === "search process ready" && line.process === index && line.pid !== not
    );
    if (entry) return entry.pid as number;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`search process ${index} not ready after ${timeoutMs} ms`);
}

/**
 * Whether `pid` still runs. A zombie counts as ended only with `zombieEnded`: a Deno process's
 * main thread shows Z while its other threads still end, and its sockets still accept meanwhile
 * (measured); an orphan's zombie may never be reaped where PID 1 does not reap.
 */
async function running(pid: number, zombieEnded: boolean): Promise<boolean> {
  try {
    const stat = await Deno.readTextFile(`/proc/${pid}/stat`);
    return !(zombieEnded && /^\d+ \(.*\) Z/.test(stat));
  } catch {
    return false;
  }
}

async function untilEnded(
  pids: number[],
  timeoutMs: number,
  zombieEnded = false,
): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  let left = pids;
  while (Date.now() < deadline) {
    left = (await Promise.all(
      left.map(async (pid) => (await running(pid, zombieEnded)) ? [pid] : []),
    )).flat();
    if (left.length === 0) return [];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return left;
}

/** Each search process's own figures, from its private socket beside the app's. */
async function searchesPerProcess(tmp: string): Promise<number[]> {
  const counts: number[] = [];
  for await (const entry of Deno.readDir(tmp)) {
    if (!entry.name.startsWith("jobseek_http_")) continue;
    for (const index of [0, 1]) {
      const path = `${tmp}/${entry.name}/search-${index}.internal.sock`;
      const client = Deno.createHttpClient({ proxy: { transport: "unix", path } });
      try {
        const share = await (await fetch("http://x/metrics.json", { client })).json() as {
          metrics: { name: string; values: { value: number; labels: Record<string, string> }[] }[];
        };
        const searches = share.metrics.find((m) => m.name === "jobseek_searches_total");
        counts[index] = searches?.values.find((v) =>
          v.labels.outcome === "ok" && v.labels.transport === "http"
        )?.value ?? 0;
      } finally {
        client.close();
      }
    }
  }
  return counts;
}

Deno.test({
  name: "two search processes answer as one: the same bodies as one process, every process used, " +
    "/metrics summed",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const fixture = await publishedStore();
    const tmp = await Deno.makeTempDir({ prefix: "jobseek_serve_" });
    const env = { JOBSEEK_KV: fixture.kvPath, JOBSEEK_RATE_LIMIT: "1000000" };
    const servers: ServerProcess[] = [];
    try {
      const [single, double] = await Promise.all([
        startServerProcess({ ...env, JOBSEEK_SEARCH_PROCESSES: "1" }),
        startServerProcess({ ...env, JOBSEEK_SEARCH_PROCESSES: "2", TMPDIR: tmp }),
      ]);
      servers.push(single, double);
      await Promise.all([single.ready(), double.ready(), readyPid(double, 0), readyPid(double, 1)]);
      const paths = await requestPaths();
      let searches = 0;
      for (const path of paths) {
        const expected = await getFresh(single.url + path, fixture.key);
        assert.equal(expected.status, 200, `${path}: ${expected.text}`);
        // Twice on connections of their own: round-robin sends them to both processes.
        for (let i = 0; i < 2; i++) {
          const got = await getFresh(double.url + path, fixture.key);
          searches++;
          assert.equal(got.status, 200, `${path}: ${got.text}`);
          assert.equal(comparable(got.text), comparable(expected.text), path);
        }
      }
      // Their lines, on the parent's stderr, say which process wrote them.
      for (const index of [0, 1]) {
        assert.ok(
          double.logs.some((line) =>
            line.msg === "index snapshot loaded" && line.search_process === index
          ),
          `no line of search process ${index}`,
        );
      }
      const perProcess = await searchesPerProcess(tmp);
      assert.equal(perProcess.length, 2);
      // Every connection went to one of the two, and each got about half.
      assert.equal(perProcess[0] + perProcess[1], searches, JSON.stringify(perProcess));
      for (const count of perProcess) assert.ok(count >= searches / 4, JSON.stringify(perProcess));
      // /metrics, from whichever process answers, counts the searches of both.
      for (let i = 0; i < 3; i++) {
        const metrics = await getFresh(`${double.url}/metrics`, fixture.admin);
        assert.equal(metrics.status, 200, metrics.text);
        assert.match(
          metrics.text,
          new RegExp(
            `^jobseek_searches_total\\{outcome="ok",transport="http"\\} ${searches}$`,
            "m",
          ),
        );
        assert.match(metrics.text, /^jobseek_index_postings 300$/m);
        // The guard's connections, held in the parent: at least the one asking.
        const held = Number(metrics.text.match(/^jobseek_connections_held (\d+)$/m)?.[1]);
        assert.ok(held >= 1, `connections held: ${held}`);
      }
      // Per-address limits are counted in memory by each process, which enforces its share: the
      // server as a whole lets one network register as often as one process would (10 a minute).
      const statuses: number[] = [];
      for (let i = 0; i < 14; i++) {
        const client = Deno.createHttpClient({});
        try {
          const response = await fetch(`${double.url}/oauth/register`, {
            client,
            method: "POST",
            headers: { "content-type": "application/json" },
            body: "{}",
          });
          await response.body?.cancel();
          statuses.push(response.status);
        } finally {
          client.close();
        }
      }
      assert.equal(statuses.filter((status) => status !== 429).length, 10, String(statuses));
      assert.deepEqual(statuses.slice(10), [429, 429, 429, 429], String(statuses));
    } finally {
      await Promise.all(servers.map((server) => server.stop("SIGKILL")));
      await Deno.remove(tmp, { recursive: true }).catch(() => {});
      await fixture.close();
    }
  },
});

Deno.test({
  name:
    "a killed search process costs no answer and comes back; a stopped server ends every one, a " +
    "killed server too",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const fixture = await publishedStore();
    const servers: ServerProcess[] = [];
    try {
      const server = await startServerProcess({
        JOBSEEK_KV: fixture.kvPath,
        JOBSEEK_SEARCH_PROCESSES: "2",
      });
      servers.push(server);
      await server.ready();
      const first = [await readyPid(server, 0), await readyPid(server, 1)];
      const search = `${server.url}/v1/search?q=nurse`;
      const before = await getFresh(search, fixture.key);
      assert.equal(before.status, 200);

      Deno.kill(first[1], "SIGKILL");
      // What the dying process had accepted is lost with it, as with any server that crashes; from
      // its end on (its parent has reaped it), and while it restarts, every answer is the one of
      // before.
      assert.deepEqual(await untilEnded([first[1]], 5000), []);
      const deadline = Date.now() + 1500;
      let answered = 0;
      while (Date.now() < deadline || answered < 20) {
        const got = await getFresh(search, fixture.key).catch((error) => {
          throw new Error(
            `answer ${answered}: ${error.message} ${
              JSON.stringify(server.logs.slice(-6).map((l) => [l.msg, l.time, l.path ?? l.error]))
            }`,
          );
        });
        assert.equal(got.status, 200, got.text);
        assert.equal(comparable(got.text), comparable(before.text));
        answered++;
      }
      const restarted = await readyPid(server, 1, first[1]);
      assert.notEqual(restarted, first[1]);
      assert.ok(
        server.logs.some((line) =>
          line.msg === "a search process ended; starting it again" && line.pid === first[1]
        ),
      );
      const healthz = await getFresh(`${server.url}/healthz`, fixture.key);
      assert.equal(healthz.status, 200);

      // SIGTERM: the server ends within its deadline (10 s) and takes its search processes along.
      const children = [first[0], restarted];
      const { code, ms } = await server.stop("SIGTERM", 20_000);
      assert.equal(code, 0);
      assert.ok(ms < 10_000, `stopped in ${ms} ms`);
      assert.deepEqual(await untilEnded(children, 5000, true), []);

      // SIGKILL, which the server cannot act on: its search processes see their stdin end.
      const killed = await startServerProcess({
        JOBSEEK_KV: fixture.kvPath,
        JOBSEEK_SEARCH_PROCESSES: "2",
      });
      servers.push(killed);
      await killed.ready();
      const orphans = [await readyPid(killed, 0), await readyPid(killed, 1)];
      await killed.stop("SIGKILL");
      assert.deepEqual(await untilEnded(orphans, 15_000, true), []);
    } finally {
      await Promise.all(servers.map((server) => server.stop("SIGKILL")));
      await fixture.close();
    }
  },
});

Deno.test("jobseek serve refuses a JOBSEEK_SEARCH_PROCESSES it cannot honour, saying why", async () => {
  const bad = await runCli(["serve", "--port", "0"], {
    JOBSEEK_KV: ":memory:",
    JOBSEEK_SEARCH_PROCESSES: "lots",
  });
  assert.notEqual(bad.code, 0);
  assert.match(bad.stderr, /JOBSEEK_SEARCH_PROCESSES must be a whole number from 1 to 64 or auto/);
  const memory = await runCli(["serve", "--port", "0"], {
    JOBSEEK_KV: ":memory:",
    JOBSEEK_SEARCH_PROCESSES: "2",
  });
  assert.notEqual(memory.code, 0);
  assert.match(memory.stderr, /an in-memory store \(:memory:\) lives in one process/);
});

Deno.test({
  name:
    "/healthz is 200 only once a search process serves; the others start after the first serves",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "jobseek_search_processes_" });
    const kvPath = `${dir}/kv.sqlite3`;
    let server: ServerProcess | undefined;
    try {
      const started = await startServerProcess({
        JOBSEEK_KV: kvPath,
        JOBSEEK_SEARCH_PROCESSES: "2",
      });
      server = started;
      // An empty store: the first search process says why it cannot serve, and is alone.
      const deadline = Date.now() + 30_000;
      let body: { status?: string; detail?: string } = {};
      while (Date.now() < deadline && body.status !== "unavailable") {
        const response: Response = await fetch(`${started.url}/healthz`);
        body = await response.json().catch(() => ({}));
        assert.equal(response.status, 503);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.equal(body.status, "unavailable");
      assert.match(body.detail ?? "", /no postings have been imported/);
      const listening = () =>
        started.logs.filter((line) => line.msg === "search process listening").length;
      assert.equal(listening(), 1);

      const store = await openStore(kvPath);
      await store.postings.upsertJobs(await defaultTestJobs(50));
      await publishTestIndex(store);
      store.close();
      await started.ready();
      await readyPid(started, 0);
      await readyPid(started, 1);
      assert.equal(listening(), 2);
    } finally {
      await server?.stop("SIGKILL");
      await Deno.remove(dir, { recursive: true });
    }
  },
});
