/**
 * The server's metrics, for `/metrics` (Prometheus text format, through `prom-client`) and the
 * operator console (`/admin`): requests by route and status with a latency histogram, searches,
 * the index's size, publish and delta durations, source runs and failures, pushes, rate-limit
 * refusals, and connections held and refused.
 *
 * Most of these are read off what the server already says: the app reports each request
 * (`AppDeps.observeRequest`), the search service is wrapped ({@linkcode instrumentService}), and
 * the log lines of publishes, loads, source runs and pushes are watched ({@linkcode metricsLogger}),
 * so no layer below learns about metrics. Every figure is this server's own, since it started;
 * with several search processes (src/http/search_processes.ts) each holds its own and the one that
 * answers `/metrics` or the console adds up its peers' ({@linkcode ServiceMetrics.setPeers}).
 *
 * @module
 */
import client from "prom-client";
import type { Logger } from "../log.ts";
import type { SearchService } from "../domain/service.ts";

/** Seconds: from a cached search (~1 ms) to a CV search on a loaded machine (~10 s). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: a small delta (~0.1 s) to a whole index of a million postings (~30 min). */
const PUBLISH_BUCKETS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 180, 600, 1800];
/** Minutes of search history the console plots. */
const HISTORY_MINUTES = 24 * 60;
/** Latencies kept per minute for its percentiles: beyond, a uniform sample (reservoir). */
const SAMPLES_PER_MINUTE = 500;
/** Methods counted by name; any other is counted as `other`. */
const KNOWN_METHODS = new Set([
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "OPTIONS",
  "TRACE",
  "CONNECT",
]);
/** Publishes the console lists. */
const PUBLISHES_KEPT = 200;

export interface PublishEvent {
  /** When it was logged (ms). */
  at: number;
  /** A full publish, a delta, or a compaction merging the deltas into a new base. */
  kind: "full" | "delta" | "compaction";
  seconds: number;
  docCount?: number;
}

export interface SearchMinute {
  /** Start of the minute (ms). */
  minute: number;
  count: number;
  p50Ms: number | null;
  p95Ms: number | null;
}

/** What the connection guard holds and has turned away, read at each scrape. */
export interface ConnectionFigures {
  held: number;
  refused: number;
}

function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

/** What one process shares of its metrics with the process that answers for all of them. */
export interface MetricsShare {
  /** `registry.getMetricsAsJSON()`, for prom-client's `AggregatorRegistry.aggregate`. */
  metrics: unknown[];
  minutes: [number, { count: number; seen: number; samples: number[] }][];
  publishes: PublishEvent[];
}

/** One server's metrics and their recent history. */
export class ServiceMetrics {
  readonly registry = new client.Registry();
  readonly #requests: client.Counter<"method" | "route" | "status">;
  readonly #requestSeconds: client.Histogram<"method" | "route">;
  readonly #searches: client.Counter<"outcome" | "transport">;
  readonly #searchSeconds: client.Histogram;
  readonly #indexPostings: client.Gauge;
  readonly #publishSeconds: client.Histogram<"kind">;
  readonly #deltaLoadSeconds: client.Histogram;
  readonly #sourceRuns: client.Counter<"source" | "outcome">;
  readonly #pushes: client.Counter;
  readonly #pushedPostings: client.Counter;
  readonly #refusals: client.Counter<"route">;
  readonly #minutes = new Map<number, { count: number; seen: number; samples: number[] }>();
  readonly #publishes: PublishEvent[] = [];
  #connections: () => ConnectionFigures | null = () => null;
  #peers: (() => Promise<MetricsShare[]>) | null = null;
  readonly #now: () => number;

  constructor(options: { now?: () => number } = {}) {
    this.#now = options.now ?? Date.now;
    const registers = [this.registry];
    this.#requests = new client.Counter({
      name: "jobseek_http_requests_total",
      help: "HTTP requests answered, by method, route and status.",
      labelNames: ["method", "route", "status"],
      registers,
    });
    this.#requestSeconds = new client.Histogram({
      name: "jobseek_http_request_duration_seconds",
      help: "Time to answer an HTTP request, by method and route.",
      labelNames: ["method", "route"],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.#searches = new client.Counter({
      name: "jobseek_searches_total",
      help: "Searches run, by outcome (ok or error) and transport: http (REST, MCP and the web " +
        "page) or alerts (the saved searches' deliveries).",
      labelNames: ["outcome", "transport"],
      registers,
    });
    this.#searchSeconds = new client.Histogram({
      name: "jobseek_search_duration_seconds",
      // It said "per search" while only these are timed (reviewer, session 42): say which.
      help: "Time the search service took per search asked over HTTP (REST, MCP and the web " +
        'page: transport="http") that it answered; failed ones (outcome="error") and the saved ' +
        'searches\' deliveries (transport="alerts") are counted in jobseek_searches_total alone.',
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.#indexPostings = new client.Gauge({
      name: "jobseek_index_postings",
      help: "Postings in the index this server serves.",
      // Search processes each serve the same index: its size once, not once a process.
      aggregator: "max",
      registers,
    });
    this.#publishSeconds = new client.Histogram({
      name: "jobseek_publish_duration_seconds",
      help:
        "Time to publish an index snapshot (full), a delta, or a compaction of deltas, on this server.",
      labelNames: ["kind"],
      buckets: PUBLISH_BUCKETS,
      registers,
    });
    this.#deltaLoadSeconds = new client.Histogram({
      name: "jobseek_delta_apply_duration_seconds",
      help: "Time to read and apply a published delta to the served index.",
      buckets: PUBLISH_BUCKETS,
      registers,
    });
    this.#sourceRuns = new client.Counter({
      name: "jobseek_source_runs_total",
      help: "Scheduled source pulls run by this server, by source and outcome (ok or failed).",
      labelNames: ["source", "outcome"],
      registers,
    });
    this.#pushes = new client.Counter({
      name: "jobseek_pushes_total",
      help: "Accepted pushes of postings (POST /v1/postings).",
      registers,
    });
    this.#pushedPostings = new client.Counter({
      name: "jobseek_pushed_postings_total",
      help: "Postings received in accepted pushes.",
      registers,
    });
    this.#refusals = new client.Counter({
      name: "jobseek_rate_limit_refusals_total",
      help: "Requests refused with 429 (rate limit), by route.",
      labelNames: ["route"],
      registers,
    });
    const connections = () => this.#connections();
    new client.Gauge({
      name: "jobseek_connections_held",
      help: "Client connections open now.",
      registers,
      collect() {
        const figures = connections();
        if (figures) this.set(figures.held);
      },
    });
    new client.Counter({
      name: "jobseek_connections_refused_total",
      help: "Client connections turned away at the connection cap.",
      registers,
      collect() {
        const figures = connections();
        if (figures) this.reset(), this.inc(figures.refused);
      },
    });
  }

  /**
   * The other processes' figures, added to this one's in {@linkcode text} and the console's
   * figures: the search processes behind one port answer as one server.
   */
  setPeers(read: () => Promise<MetricsShare[]>): void {
    this.#peers = read;
  }

  /** This process's own figures, for the process that answers for all. */
  async share(): Promise<MetricsShare> {
    return {
      metrics: await this.registry.getMetricsAsJSON(),
      minutes: [...this.#minutes].map(([minute, b]) => [minute, { ...b, samples: [...b.samples] }]),
      publishes: this.publishes(),
    };
  }

  async #peerShares(): Promise<MetricsShare[]> {
    if (!this.#peers) return [];
    try {
      return await this.#peers();
    } catch {
      // A peer that cannot answer (restarting) leaves its figures out of this answer.
      return [];
    }
  }

  /**
   * The console's publishes and per-minute searches, with the peers' added: counts summed, the
   * percentiles taken over the samples of all.
   */
  async consoleFigures(): Promise<{ publishes: PublishEvent[]; searches: SearchMinute[] }> {
    const peers = await this.#peerShares();
    if (peers.length === 0) return { publishes: this.publishes(), searches: this.searchMinutes() };
    const minutes = new Map<number, { count: number; samples: number[] }>();
    for (const [minute, bucket] of [...this.#minutes, ...peers.flatMap((peer) => peer.minutes)]) {
      const merged = minutes.get(minute) ?? { count: 0, samples: [] };
      merged.count += bucket.count;
      merged.samples.push(...bucket.samples);
      minutes.set(minute, merged);
    }
    const publishes = [...this.publishes(), ...peers.flatMap((peer) => peer.publishes)]
      .sort((a, b) => a.at - b.at).slice(-PUBLISHES_KEPT);
    return { publishes, searches: minuteRows(minutes) };
  }

  /** Where connection figures come from (the served app, once it listens). */
  setConnectionSource(read: () => ConnectionFigures | null): void {
    this.#connections = read;
  }

  /**
   * Counts one answered request; `route` is the route's pattern, never the raw path, and a method
   * outside HTTP's own is `other`: a client may send any token as a method, and each would be a
   * series of its own.
   */
  observeRequest(rawMethod: string, route: string, status: number, seconds: number): void {
    const method = KNOWN_METHODS.has(rawMethod) ? rawMethod : "other";
    this.#requests.inc({ method, route, status: String(status) });
    this.#requestSeconds.observe({ method, route }, seconds);
    if (status === 429) this.#refusals.inc({ route });
  }

  /**
   * Counts one search; one a person or a client asked for (`http`) also keeps its latency, for the
   * duration histogram and the console's per-minute history. An alert's search (`alerts`: a saved
   * search's delivery, hundreds of them after a push) is counted apart and timed in neither: they
   * would stand for what people wait for.
   */
  observeSearch(seconds: number, ok: boolean, transport: SearchTransport = "http"): void {
    this.#searches.inc({ outcome: ok ? "ok" : "error", transport });
    if (!ok || transport !== "http") return;
    this.#searchSeconds.observe(seconds);
    const now = this.#now();
    const minute = now - (now % 60_000);
    let bucket = this.#minutes.get(minute);
    if (!bucket) {
      bucket = { count: 0, seen: 0, samples: [] };
      this.#minutes.set(minute, bucket);
      const oldest = minute - HISTORY_MINUTES * 60_000;
      for (const key of this.#minutes.keys()) if (key <= oldest) this.#minutes.delete(key);
    }
    bucket.count++;
    bucket.seen++;
    const ms = seconds * 1000;
    if (bucket.samples.length < SAMPLES_PER_MINUTE) bucket.samples.push(ms);
    else {
      const slot = Math.floor(Math.random() * bucket.seen);
      if (slot < SAMPLES_PER_MINUTE) bucket.samples[slot] = ms;
    }
  }

  /** Updates the metrics a log line tells of (publishes, loads, source runs, pushes). */
  observeLog(msg: string, fields: Record<string, unknown> = {}): void {
    const number = (name: string) =>
      typeof fields[name] === "number" ? fields[name] as number : undefined;
    switch (msg) {
      case "index published":
      case "index delta published":
      case "index deltas compacted": {
        const ms = number("total_ms");
        if (ms === undefined) return;
        const kind = msg === "index published"
          ? "full"
          : msg === "index delta published"
          ? "delta"
          : "compaction";
        this.#publishSeconds.observe({ kind }, ms / 1000);
        this.#publishes.push({
          at: this.#now(),
          kind,
          seconds: ms / 1000,
          docCount: number("doc_count"),
        });
        if (this.#publishes.length > PUBLISHES_KEPT) this.#publishes.shift();
        return;
      }
      case "index snapshot loaded":
      case "index delta applied": {
        const docs = number("doc_count");
        if (docs !== undefined) this.#indexPostings.set(docs);
        const ms = number("load_ms");
        if (msg === "index delta applied" && ms !== undefined) {
          this.#deltaLoadSeconds.observe(ms / 1000);
        }
        return;
      }
      // A failed pull is logged under its own message (src/search/source_puller.ts); read as a
      // "source pulled" alone, no failure was ever counted (an operator's trial, session 57).
      case "source pulled":
      case "source pull failed": {
        const source = typeof fields.source === "string" ? fields.source : "unknown";
        this.#sourceRuns.inc({ source, outcome: msg === "source pulled" ? "ok" : "failed" });
        return;
      }
      case "postings pushed": {
        this.#pushes.inc();
        const received = number("rows_read");
        if (received !== undefined) this.#pushedPostings.inc(received);
        return;
      }
    }
  }

  /** The console's search history: one row per minute of the last 24 hours that had searches. */
  searchMinutes(): SearchMinute[] {
    return minuteRows(this.#minutes);
  }

  /** Publishes this server made since it started, oldest first. */
  publishes(): PublishEvent[] {
    return [...this.#publishes];
  }

  /** The Prometheus text exposition of every metric, the peers' added (counters summed). */
  async text(): Promise<string> {
    const peers = await this.#peerShares();
    if (peers.length === 0) return this.registry.metrics();
    const all = [await this.registry.getMetricsAsJSON(), ...peers.map((peer) => peer.metrics)];
    return client.AggregatorRegistry.aggregate(all).metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

function minuteRows(
  minutes: Map<number, { count: number; samples: number[] }>,
): SearchMinute[] {
  return [...minutes].sort(([a], [b]) => a - b).map(([minute, bucket]) => {
    const sorted = [...bucket.samples].sort((a, b) => a - b);
    return {
      minute,
      count: bucket.count,
      p50Ms: percentile(sorted, 0.5),
      p95Ms: percentile(sorted, 0.95),
    };
  });
}

/** A logger that writes as `logger` does and lets `metrics` read every line. */
export function metricsLogger(logger: Logger, metrics: ServiceMetrics): Logger {
  const tee =
    (level: "debug" | "info" | "warn" | "error") =>
    (msg: string, fields?: Record<string, unknown>) => {
      logger[level](msg, fields);
      try {
        metrics.observeLog(msg, fields);
      } catch {
        // A metric must never break the work it measures.
      }
    };
  return { debug: tee("debug"), info: tee("info"), warn: tee("warn"), error: tee("error") };
}

/** Who asked for a search: a request over HTTP (REST, MCP, the page), or the alert deliverer. */
export type SearchTransport = "http" | "alerts";

/** The same service, each search counted (under `transport`) and timed. */
export function instrumentService(
  service: SearchService,
  metrics: ServiceMetrics,
  transport: SearchTransport = "http",
): SearchService {
  const wrapped: SearchService = {
    search: (query) => timed(query),
    listCities: (options) => service.listCities(options),
    isReady: () => service.isReady(),
  };
  if (service.healthDetail) wrapped.healthDetail = () => service.healthDetail!();
  if (service.getJob) wrapped.getJob = (jobUrl) => service.getJob!(jobUrl);
  if (service.info) wrapped.info = () => service.info!();
  if (service.readWords) wrapped.readWords = (query) => service.readWords!(query);
  const timed: SearchService["search"] = async (query) => {
    const started = performance.now();
    try {
      const outcome = await service.search(query);
      metrics.observeSearch((performance.now() - started) / 1000, true, transport);
      return outcome;
    } catch (error) {
      metrics.observeSearch((performance.now() - started) / 1000, false, transport);
      throw error;
    }
  };
  return wrapped;
}
