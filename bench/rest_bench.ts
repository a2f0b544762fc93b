/**
 * REST throughput and latency over real HTTP: requests/s and p50/p99 at N concurrent clients
 * against `createApp` on `Deno.serve`, next to a bare `Deno.serve` handler that answers the same
 * bytes, measured in the same run. A third run puts the same app in front of an instant search, so
 * the cost of the HTTP layer (key check, KV rate counter, validation, JSON) shows apart from the
 * cost of searching.
 *
 * The clients run in a Worker (their own thread); the server runs on the calling thread.
 *
 * @module
 */
import { ApiKeyRegistry } from "../src/auth/api_keys.ts";
import { RateLimiter } from "../src/auth/rate_limiter.ts";
import { rejectAllTokens } from "../src/auth/token_verifier.ts";
import { loadConfig } from "../src/config.ts";
import type { SearchOutcome, SearchService } from "../src/domain/service.ts";
import { createApp } from "../src/http/app.ts";
import { createLogger, type Logger, silentLogger } from "../src/log.ts";
import { jobIdFromUrl } from "../src/domain/job.ts";
import { createUseLiteEmbedder } from "../src/model/use_lite_embedder.ts";
import { publishIndex } from "../src/search/publish_index.ts";
import { createSearchService } from "../src/search/search_service.ts";
import { generatePostings } from "../fixtures/generate.ts";
import { openStore, type Store } from "../src/store/store.ts";
import type { LoadReport, LoadRequest } from "./load_worker.ts";

export interface RestBenchOptions {
  /** A loaded search service, e.g. over the 20,000-posting bench index. */
  service: SearchService;
  /** Where API keys and rate counters live; a `:memory:` KV when absent. */
  store?: Store;
  /** Query texts, sent round-robin (default: a dozen everyday job searches). */
  queries?: string[];
  /** Concurrent clients (default 16). */
  concurrency?: number;
  /** Length of each measured run, ms (default 8,000). */
  durationMs?: number;
  /** Unmeasured load before each run, ms (default 1,500). */
  warmupMs?: number;
  logger?: Logger;
}

export interface LoadStats {
  requests: number;
  errors: number;
  /** Non-200 statuses seen, with counts. */
  statuses: Record<string, number>;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
}

export interface RestBenchResult {
  concurrency: number;
  durationMs: number;
  /** The REST app with the real search. */
  rest: LoadStats;
  /** The REST app in front of a search that answers instantly with a fixed outcome. */
  restInstantSearch: LoadStats;
  /** A bare Deno.serve handler answering the same bytes as a typical REST response. */
  bare: LoadStats;
  /** rest.requestsPerSecond / bare.requestsPerSecond. */
  ratioToBare: number;
  /** restInstantSearch.requestsPerSecond / bare.requestsPerSecond. */
  instantRatioToBare: number;
  /** Bytes of the typical response body used for the bare server. */
  responseBytes: number;
}

const DEFAULT_QUERIES = [
  "software engineer",
  "registered nurse",
  "truck driver",
  "warehouse associate",
  "data analyst",
  "customer service representative",
  "python backend developer remote",
  "accountant",
  "sales manager",
  "teacher",
  "electrician apprentice",
  "marketing coordinator",
];

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function round(n: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

function toStats(report: LoadReport): LoadStats {
  const sorted = report.latencies.slice().sort((a, b) => a - b);
  const sum = sorted.reduce((a, b) => a + b, 0);
  return {
    requests: sorted.length,
    errors: report.errors,
    statuses: report.statuses,
    requestsPerSecond: round(sorted.length / (report.elapsedMs / 1000), 1),
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    meanMs: round(sorted.length ? sum / sorted.length : NaN),
  };
}

async function load(request: LoadRequest): Promise<LoadReport> {
  const worker = new Worker(new URL("./load_worker.ts", import.meta.url), { type: "module" });
  try {
    return await new Promise<LoadReport>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<LoadReport>) => resolve(event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        reject(new Error(`Cannot run load: ${event.message}`));
      };
      worker.postMessage(request);
    });
  } finally {
    worker.terminate();
  }
}

async function measure(
  baseUrl: string,
  paths: string[],
  headers: Record<string, string>,
  options: { concurrency: number; durationMs: number; warmupMs: number },
): Promise<LoadStats> {
  const base = { baseUrl, paths, headers, concurrency: options.concurrency };
  if (options.warmupMs > 0) await load({ ...base, durationMs: options.warmupMs });
  const report = await load({ ...base, durationMs: options.durationMs });
  if (report.latencies.length === 0) {
    throw new Error(
      `Cannot measure ${baseUrl}: every request failed ${JSON.stringify(report.statuses)}`,
    );
  }
  return toStats(report);
}

async function startApp(service: SearchService, store: Store, logger: Logger) {
  const apiKeys = new ApiKeyRegistry(store.apiKeys, []);
  const { key } = await apiKeys.create(`bench-${crypto.randomUUID().slice(0, 8)}`, {
    rateLimit: 1_000_000_000,
  });
  const app = createApp({
    config: loadConfig({}),
    service,
    apiKeys,
    rateLimiter: new RateLimiter(store.rateLimits, { perMinute: 60 }),
    tokenVerifier: rejectAllTokens,
    logger,
  });
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.fetch);
  return { server, url: `http://127.0.0.1:${server.addr.port}`, key };
}

/**
 * Measures the REST API against `options.service` and a bare Deno.serve handler.
 *
 * @example Call from a bench script
 * ```ts ignore
 * const result = await runRestBench({ service, store, concurrency: 16, durationMs: 8000 });
 * console.log(result.rest.requestsPerSecond, result.ratioToBare);
 * ```
 */
export async function runRestBench(options: RestBenchOptions): Promise<RestBenchResult> {
  const concurrency = options.concurrency ?? 16;
  const durationMs = options.durationMs ?? 8000;
  const warmupMs = options.warmupMs ?? 1500;
  const logger = options.logger ?? silentLogger;
  const ownStore = options.store ? null : await openStore(":memory:");
  const store = options.store ?? ownStore!;
  const queries = options.queries ?? DEFAULT_QUERIES;
  const paths = queries.map((q) => `/v1/search?${new URLSearchParams({ q, top_k: "20" })}`);
  const runOptions = { concurrency, durationMs, warmupMs };

  const real = await startApp(options.service, store, logger);
  try {
    // A typical response, served as is by the bare handler and by the instant search.
    const sample = await fetch(real.url + paths[0], { headers: { "x-api-key": real.key } });
    const sampleText = await sample.text();
    if (sample.status !== 200) {
      throw new Error(`Cannot benchmark: search answered ${sample.status}`);
    }
    const sampleBody = JSON.parse(sampleText) as SearchOutcome & { request_id: string };
    const sampleBytes = new TextEncoder().encode(sampleText);

    const rest = await measure(real.url, paths, { "x-api-key": real.key }, runOptions);

    const instantService: SearchService = {
      search: () =>
        Promise.resolve({
          total: sampleBody.total,
          search_time_ms: 0,
          results: sampleBody.results,
        }),
      listCities: () => Promise.resolve([]),
      isReady: () => true,
    };
    const instant = await startApp(instantService, store, logger);
    let restInstantSearch: LoadStats;
    try {
      restInstantSearch = await measure(
        instant.url,
        paths,
        { "x-api-key": instant.key },
        runOptions,
      );
    } finally {
      await instant.server.shutdown();
    }

    const bareServer = Deno.serve(
      { port: 0, hostname: "127.0.0.1", onListen: () => {} },
      () => new Response(sampleBytes, { headers: { "content-type": "application/json" } }),
    );
    let bare: LoadStats;
    try {
      bare = await measure(`http://127.0.0.1:${bareServer.addr.port}`, paths, {}, runOptions);
    } finally {
      await bareServer.shutdown();
    }

    return {
      concurrency,
      durationMs,
      rest,
      restInstantSearch,
      bare,
      ratioToBare: round(rest.requestsPerSecond / bare.requestsPerSecond, 3),
      instantRatioToBare: round(restInstantSearch.requestsPerSecond / bare.requestsPerSecond, 3),
      responseBytes: sampleBytes.byteLength,
    };
  } finally {
    await real.server.shutdown();
    ownStore?.close();
  }
}

/**
 * Opens (or builds once) a store holding `count` generated postings and their published index,
 * and starts a search service on it. The store is a file, so later runs skip the build.
 */
export async function openBenchSearch(kvLocation: string, count: number, logger: Logger) {
  const store = await openStore(kvLocation);
  const embedder = await createUseLiteEmbedder();
  if (
    !(await store.snapshots.currentSnapshotId()) || (await store.postings.countJobs()) !== count
  ) {
    const postings = generatePostings({ count });
    const jobs = await Promise.all(
      postings.map(async ({ job }) => ({ ...job, id: await jobIdFromUrl(job.job_url) })),
    );
    const started = performance.now();
    await store.postings.upsertJobs(jobs);
    const published = await publishIndex(store, { embedder, logger });
    logger.info("bench index built", {
      ...published,
      build_ms: Math.round(performance.now() - started),
    });
  }
  const service = createSearchService({ store, embedder, logger });
  await service.start();
  return {
    store,
    service,
    async close() {
      service.stop();
      await service.whenIdle();
      store.close();
    },
  };
}

if (import.meta.main) {
  const count = Number(Deno.args[0] ?? 20_000);
  const kv = Deno.args[1] ?? `./data/bench_rest_${count}.sqlite3`;
  const logger = createLogger();
  const search = await openBenchSearch(kv, count, logger);
  try {
    const result = await runRestBench({ service: search.service, store: search.store });
    Deno.stdout.writeSync(
      new TextEncoder().encode(JSON.stringify({ postings: count, ...result }, null, 2) + "\n"),
    );
  } finally {
    await search.close();
  }
}
