/**
 * REST over real HTTP against a served store, as an operator gets it: a `jobseek serve` process
 * (`bench/serve_random.ts` for a store of random vectors) with `processes` search processes, and
 * 1 and 16 clients (bench/load_worker.ts, in a Worker of this process) sending a fixed mix of the
 * judged and held-out queries: plain, with a country, with a city, with facets and
 * `sort=relevance`. For `bench:scale`'s `rest_*` figures.
 *
 * The server runs with the retention and purge off, as the bench's corpus spans a year; a store
 * whose lifecycle settings a server stored before keeps those (docs/operations.md, "Lifecycle"),
 * and one with a retention would drop the older postings before the measurement.
 *
 * `deno run -A bench/rest_served.ts --kv PATH [--random-vectors] [--processes N] [--seconds S]
 * [--profile FILE] [--answers FILE]`: with `--profile` (and `--processes 1`), also a CPU profile of
 * the search process's main thread under 16 clients, written to FILE and summed by function. With
 * `--answers FILE`, no load: every path of the mix asked once over HTTP, and each answer written
 * to FILE as a line (its status, the headers a client reads, its body's bytes as text) with only
 * the request's id and `search_time_ms` set to fixed values, so that two codes' files on one store
 * compare byte for byte (`cmp`): a cut of a request's cost must not change an answer.
 *
 * @module
 */
import { ApiKeyRegistry } from "../src/auth/api_keys.ts";
import { openStore } from "../src/store/store.ts";
import { denoRunArgs } from "../src/deno_child.ts";
import { HELDOUT_JUDGED_QUERIES, MODEL_JUDGED_QUERIES } from "./judged_queries.ts";
import type { LoadReport, LoadRequest } from "./load_worker.ts";
import { type CpuProfile, profileSummary } from "./cpu_profile.ts";

const CLI_MAIN = new URL("../cli/main.ts", import.meta.url);
const SERVE_RANDOM = new URL("./serve_random.ts", import.meta.url);

/** The request mix: every query four ways, so filters, facets and both orders are all measured. */
export function restBenchPaths(): string[] {
  const queries = [...MODEL_JUDGED_QUERIES, ...HELDOUT_JUDGED_QUERIES].map((q) => q.q);
  return queries.map((q, i) => {
    const params: Record<string, string> = { q, top_k: "20" };
    if (i % 4 === 1) params.country = "US";
    if (i % 4 === 2) params.city = "New York";
    if (i % 4 === 3) Object.assign(params, { facets: "country,city,remote", sort: "relevance" });
    return `/v1/search?${new URLSearchParams(params)}`;
  });
}

export interface ServedRestFigures {
  rest_search_processes: number;
  rest_rps_1: number;
  rest_p50_ms_1: number;
  rest_rps_16: number;
  rest_p50_ms_16: number;
  rest_p99_ms_16: number;
  rest_errors: number;
  /**
   * CPU ms the server's processes (the guard and every search process, all their threads) spent a
   * request under 16 clients: what bounds requests/s on a machine whose cores others share too
   * (2 cores / this = the most 16 clients can get). Null where /proc does not tell (not Linux).
   */
  rest_cpu_ms_16: number | null;
  /**
   * Of `rest_cpu_ms_16`, the CPU ms a request of the parent process alone (its every thread): with
   * several search processes, the connection guard that hands each connection to one and copies
   * its bytes (src/http/search_processes.ts); null as above, and with one search process (the
   * process is the search process then).
   */
  rest_guard_cpu_ms_16: number | null;
}

/** CPU ms (user + system, every thread) of `pid` alone, from /proc; null elsewhere. */
function processCpuMs(pid: number): number | null {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** CPU ms (user + system, every thread) of `pid` and its descendants, from /proc; null elsewhere. */
function treeCpuMs(pid: number): number | null {
  try {
    const parents = new Map<number, number>();
    const times = new Map<number, number>();
    for (const entry of Deno.readDirSync("/proc")) {
      if (!/^\d+$/.test(entry.name)) continue;
      let stat: string;
      try {
        stat = Deno.readTextFileSync(`/proc/${entry.name}/stat`);
      } catch {
        continue; // Ended meanwhile.
      }
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      parents.set(Number(entry.name), Number(fields[1]));
      times.set(Number(entry.name), (Number(fields[11]) + Number(fields[12])) * 10);
    }
    let total = 0;
    for (const [p, ms] of times) {
      for (let at = p; at > 1; at = parents.get(at) ?? 0) {
        if (at === pid) {
          total += ms;
          break;
        }
      }
    }
    return total;
  } catch {
    return null;
  }
}

/**
 * V8's sampling profiler started in the process whose inspector listens at `url` (a
 * `--inspect` process's "Debugger listening on" address); `stop` ends it and returns the profile.
 */
async function startProfiler(url: string): Promise<{ stop(): Promise<CpuProfile> }> {
  if (!url) throw new Error("Cannot profile: the server printed no inspector address");
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = () => reject(new Error(`Cannot profile: no inspector at ${url}`));
  });
  let next = 0;
  const waiting = new Map<number, (result: Record<string, unknown>) => void>();
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    waiting.get(message.id)?.(message.result ?? {});
    waiting.delete(message.id);
  };
  const call = (method: string, params: object = {}) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const id = ++next;
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  await call("Profiler.enable");
  await call("Profiler.setSamplingInterval", { interval: 200 });
  await call("Profiler.start");
  return {
    async stop() {
      const { profile } = await call("Profiler.stop");
      socket.close();
      return profile as CpuProfile;
    },
  };
}

function load(request: LoadRequest): Promise<LoadReport> {
  const worker = new Worker(new URL("./load_worker.ts", import.meta.url), { type: "module" });
  return new Promise<LoadReport>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<LoadReport>) => resolve(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      reject(new Error(`Cannot run load: ${event.message}`));
    };
    worker.postMessage(request);
  }).finally(() => worker.terminate());
}

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

/** The headers of an answer a client acts on; the date and the request's id differ every time. */
// Not content-length: `search_time_ms` has as many digits as the clock gives.
const ANSWER_HEADERS = ["content-type", "vary", "retry-after", "cache-control"];

/**
 * Every path asked once, in order, and each answer as one line: the path, the status, the
 * {@linkcode ANSWER_HEADERS} and the body's text with the request's id (a random UUID, also in the
 * `x-request-id` header, left out) and `search_time_ms` (the clock's) fixed.
 */
export async function servedAnswers(
  baseUrl: string,
  paths: string[],
  headers: Record<string, string>,
): Promise<string> {
  const lines: string[] = [];
  for (const path of paths) {
    const response = await fetch(`${baseUrl}${path}`, { headers });
    const body = (await response.text())
      .replace(/"request_id":"[0-9a-f-]{36}"/, '"request_id":"-"')
      .replace(/"search_time_ms":\d+/, '"search_time_ms":0');
    const shown = ANSWER_HEADERS.map((name) => `${name}=${response.headers.get(name)}`);
    lines.push(`${path} ${response.status} ${shown.join(" ")} ${body}`);
  }
  return lines.join("\n") + "\n";
}

/** Starts the server on `kvPath`, waits until every search process serves, measures, stops it. */
export async function measureServedRest(options: {
  kvPath: string;
  processes: number;
  random: boolean;
  /** Measured seconds per run (default 10), after 2 s unmeasured. */
  seconds?: number;
  /** The server's heap, MiB (a served 1,000,000 postings needs more than V8's default). */
  heapMib?: number;
  /**
   * Where to write a CPU profile of the search process's main thread over the measured run of 16
   * clients (V8's sampler through the inspector, every 200 µs), whose summary is printed: what a
   * request costs beyond the search (HTTP, routing, JSON). One search process only: the parent
   * with several is the connection guard, whose CPU `rest_guard_cpu_ms_16` gives.
   */
  profileTo?: string;
  /** Instead of the load, every path of the mix asked once, its answer written here. */
  answersTo?: string;
}): Promise<ServedRestFigures | null> {
  if (options.profileTo && options.processes !== 1) {
    throw new RangeError("Cannot profile: --profile needs --processes 1");
  }
  const store = await openStore(options.kvPath);
  const { key } = await new ApiKeyRegistry(store.apiKeys, []).create(
    `bench-rest-${crypto.randomUUID().slice(0, 8)}`,
    { rateLimit: 1_000_000_000 },
  );
  store.close();
  const child = new Deno.Command(Deno.execPath(), {
    args: denoRunArgs(
      options.random ? SERVE_RANDOM : CLI_MAIN,
      [
        "--allow-all",
        ...(options.heapMib ? [`--v8-flags=--max-old-space-size=${options.heapMib}`] : []),
        ...(options.profileTo ? ["--inspect=127.0.0.1:0"] : []),
      ],
      options.random ? [] : ["serve"],
    ),
    env: {
      JOBSEEK_KV: options.kvPath,
      PORT: "0",
      HOSTNAME: "127.0.0.1",
      JOBSEEK_SEARCH_PROCESSES: String(options.processes),
      JOBSEEK_SEED: "0",
      JOBSEEK_BOOTSTRAP_KEY: "0",
      // The bench's corpus spans the year: none of it may expire while it is served.
      JOBSEEK_RETENTION_DAYS: "0",
      JOBSEEK_PURGE_AFTER_DAYS: "0",
      NO_COLOR: "1",
    },
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  let port = 0;
  let inspector = "";
  let readyProcesses = 0;
  const tail: string[] = [];
  const listening = Promise.withResolvers<void>();
  const allReady = Promise.withResolvers<void>();
  // Read to the end (the request log of every search), looked into only until all are ready.
  (async () => {
    let buffered = "";
    for await (const chunk of child.stderr.pipeThrough(new TextDecoderStream())) {
      if (readyProcesses >= options.processes && port > 0) continue;
      buffered += chunk;
      const lines = buffered.split("\n");
      buffered = lines.pop()!;
      for (const line of lines) {
        tail.push(line.slice(0, 300));
        if (tail.length > 10) tail.shift();
        const debuggerAt = line.match(/^Debugger listening on (ws:\/\/\S+)/);
        if (debuggerAt) inspector = debuggerAt[1];
        if (line.includes('"msg":"listening"')) {
          port = JSON.parse(line).port;
          listening.resolve();
        }
        if (
          line.includes('"msg":"search process ready"') ||
          (options.processes === 1 && line.includes('"msg":"index snapshot loaded"'))
        ) readyProcesses++;
        if (readyProcesses >= options.processes && port > 0) allReady.resolve();
      }
    }
  })();
  const failed = child.status.then((status) => {
    throw new Error(
      `Cannot measure REST: the server exited with ${status.code}: ${tail.join("\n")}`,
    );
  });
  try {
    await Promise.race([listening.promise, failed]);
    await Promise.race([allReady.promise, failed]);
    const baseUrl = `http://127.0.0.1:${port}`;
    for (let attempt = 0;; attempt++) {
      const response = await fetch(`${baseUrl}/healthz`);
      await response.body?.cancel();
      if (response.status === 200) break;
      if (attempt > 600) throw new Error("Cannot measure REST: the server never became ready");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const paths = restBenchPaths();
    const headers = { "x-api-key": key };
    if (options.answersTo) {
      await Deno.writeTextFile(options.answersTo, await servedAnswers(baseUrl, paths, headers));
      return null;
    }
    const durationMs = (options.seconds ?? 10) * 1000;
    const run = async (concurrency: number) => {
      await load({ baseUrl, paths, headers, concurrency, durationMs: 2000 });
      return await load({ baseUrl, paths, headers, concurrency, durationMs });
    };
    const one = await run(1);
    await load({ baseUrl, paths, headers, concurrency: 16, durationMs: 2000 });
    const profiler = options.profileTo ? await startProfiler(inspector) : null;
    const cpuBefore = treeCpuMs(child.pid);
    const guardBefore = processCpuMs(child.pid);
    const sixteen = await load({ baseUrl, paths, headers, concurrency: 16, durationMs });
    const cpuAfter = treeCpuMs(child.pid);
    const guardAfter = processCpuMs(child.pid);
    if (profiler && options.profileTo) {
      const profile = await profiler.stop();
      Deno.writeTextFileSync(options.profileTo, JSON.stringify(profile));
      const lines = profileSummary(profile, "the search process's main thread, 16 clients");
      Deno.stdout.writeSync(new TextEncoder().encode(lines.join("\n") + "\n"));
    }
    const perRequest = (before: number | null, after: number | null) =>
      before === null || after === null
        ? null
        : round((after - before) / Math.max(1, sixteen.latencies.length), 2);
    const rps = (report: LoadReport) => report.latencies.length / (report.elapsedMs / 1000);
    return {
      rest_search_processes: options.processes,
      rest_rps_1: round(rps(one)),
      rest_p50_ms_1: round(percentile(one.latencies, 0.5)),
      rest_rps_16: round(rps(sixteen)),
      rest_p50_ms_16: round(percentile(sixteen.latencies, 0.5)),
      rest_p99_ms_16: round(percentile(sixteen.latencies, 0.99)),
      rest_errors: one.errors + sixteen.errors,
      rest_cpu_ms_16: perRequest(cpuBefore, cpuAfter),
      rest_guard_cpu_ms_16: options.processes > 1 ? perRequest(guardBefore, guardAfter) : null,
    };
  } finally {
    try {
      child.kill("SIGTERM");
    } catch {
      // Already ended.
    }
    await child.status;
  }
}

if (import.meta.main) {
  const flag = (name: string) => {
    const i = Deno.args.indexOf(name);
    return i >= 0 ? Deno.args[i + 1] : undefined;
  };
  const kvPath = flag("--kv");
  if (!kvPath) throw new Error("Cannot run: --kv PATH (a store bench:scale published) is needed");
  const figures = await measureServedRest({
    kvPath,
    processes: Number(flag("--processes") ?? navigator.hardwareConcurrency),
    random: Deno.args.includes("--random-vectors"),
    seconds: Number(flag("--seconds") ?? 10),
    heapMib: flag("--heap-mib") ? Number(flag("--heap-mib")) : undefined,
    profileTo: flag("--profile"),
    answersTo: flag("--answers"),
  });
  if (figures) {
    Deno.stdout.writeSync(
      new TextEncoder().encode(JSON.stringify({ ...figures, load_average: Deno.loadavg() }) + "\n"),
    );
  }
}
