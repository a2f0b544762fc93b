/**
 * Composition root: config → KV → store → embedder → search service → transports. Only this file
 * and `cli/` create concrete dependencies; everything below takes them as parameters.
 *
 * @module
 */
import { type Config, DEFAULT_ALERTS } from "./config.ts";
import { errorFields, type Logger } from "./log.ts";
import { openStore, type Store } from "./store/store.ts";
import {
  openConfiguredEmbedder,
  type OpenedEmbedder,
  openStandInEmbedder,
} from "./model/open_embedder.ts";
import type { FetchProgress } from "./model/obtain_model.ts";
import { createSearchService, type JobSearchService } from "./search/search_service.ts";
import { loadOccupations } from "./search/occupations.ts";
import type { OccupationLabels } from "./index/occupation_labels.ts";
import {
  indexBuildReason,
  type PublishedIndex,
  publishIndex,
  type PublishIndexOptions,
} from "./search/publish_index.ts";
import { compactInChild, publishInChild } from "./search/publish_in_child.ts";
import { type Compacted, compactIndex } from "./search/compact_index.ts";
import type { JobIndex } from "./index/job_index.ts";
import { shareCores } from "./index/dot_kernel.ts";
import { importTexts } from "./ingest/import_files.ts";
import { redatedForRetention } from "./domain/lifecycle.ts";
import { reportIndexGap } from "./search/index_gap.ts";
import {
  type BackgroundPublisher,
  createBackgroundPublisher,
} from "./search/background_publisher.ts";
import { createIngestService } from "./search/ingest_service.ts";
import { cacheShippedVectors, decodeShippedVectors } from "./search/shipped_vectors.ts";
import { createSourceScheduler } from "./search/source_puller.ts";
import { ApiKeyRegistry } from "./auth/api_keys.ts";
import { RateLimiter } from "./auth/rate_limiter.ts";
import { OAuthServer } from "./auth/oauth_server.ts";
import { ExternalIssuerVerifier } from "./auth/external_issuer.ts";
import { createWebApp } from "./web/web_app.ts";
import { instrumentService, metricsLogger, ServiceMetrics } from "./web/metrics.ts";
import { serveApp, type ServedApp } from "./http/serve_app.ts";
import {
  internalSocketPath,
  type ServedSearchProcesses,
  serveSearchProcess,
  serveSearchProcesses,
  type SpawnedSearchProcess,
} from "./http/search_processes.ts";
import { type MetricsShare } from "./web/metrics.ts";
import { startOAuthSweep } from "./auth/oauth_sweep.ts";
import { correctionWith } from "./alerts/query_reading.ts";
import { SavedSearches } from "./alerts/saved_searches.ts";
import { AlertDeliverer } from "./alerts/alert_deliverer.ts";

/**
 * The seed postings (`file`, JSON Lines) with their `publish_time`s moved to end now and fit into
 * half the retention (domain/lifecycle.ts `redatedForRetention`): the file's dates are fixed, and a
 * store seeded months after them would otherwise show none. Unchanged with the retention off.
 */
export async function fixturesWithinRetention(
  file: URL,
  retentionDays: number,
  now = Date.now(),
): Promise<string> {
  const text = await Deno.readTextFile(file);
  if (retentionDays <= 0) return text;
  const rows = text.split("\n").filter((line) => line.trim() !== "").map((line) =>
    JSON.parse(line) as { publish_time: string }
  );
  const times = redatedForRetention(rows.map((row) => row.publish_time), now, retentionDays);
  return rows.map((row, i) => JSON.stringify({ ...row, publish_time: times[i] })).join("\n") +
    "\n";
}

/**
 * A server's full publish: in a child process when the store is one another process can open and
 * the model one it can open from where this server keeps it (src/search/publish_in_child.ts),
 * else here.
 */
async function publishFull(
  config: Readonly<Config>,
  store: Store,
  options: PublishIndexOptions,
): Promise<PublishedIndex> {
  const spec = (options.embedder as Partial<OpenedEmbedder>).spec;
  if (!config.publishInChild || config.kvLocation === ":memory:" || spec === undefined) {
    return await publishIndex(store, options);
  }
  const { snapshotId, docCount, peakRssMib } = await publishInChild({
    kvLocation: config.kvLocation,
    model: { id: spec.id, modelDir: config.modelDir, modelSource: config.modelSource },
    retentionDays: options.retentionDays ?? 0,
    now: (options.now ?? Date.now)(),
  }, { logger: options.logger, onProgress: options.onProgress });
  options.logger.info("the publish process ended", {
    snapshot_id: snapshotId,
    peak_rss_mib: peakRssMib,
  });
  return { snapshotId, docCount };
}

/**
 * A server's compaction: in a child process where a full publish would run in one (it reads the
 * chain of deltas from the store and merges it there), else over the index this process serves.
 */
async function compactFull(
  config: Readonly<Config>,
  store: Store,
  served: { id: string; index: JobIndex } | null,
  embedder: OpenedEmbedder,
  model: string,
  logger: Logger,
): Promise<Compacted | { full: string } | null> {
  const spec = (embedder as Partial<OpenedEmbedder>).spec;
  if (!config.publishInChild || config.kvLocation === ":memory:" || spec === undefined) {
    return await compactIndex(store, served, { model, logger });
  }
  return await compactInChild({
    kvLocation: config.kvLocation,
    model: { id: spec.id, modelDir: config.modelDir, modelSource: config.modelSource },
    retentionDays: 0,
    now: Date.now(),
    task: { compact: { embedderModel: model } },
  }, { logger });
}

/**
 * The bundled postings' vectors into the embedding cache, when they are this model's. A file that
 * cannot be read costs only the embedding it would have saved.
 */
async function cacheSeedVectors(
  store: Store,
  embedder: OpenedEmbedder,
  file: URL,
  logger: Logger,
): Promise<void> {
  try {
    const vectors = decodeShippedVectors(await Deno.readFile(file));
    const cached = await cacheShippedVectors(store, embedder, vectors);
    if (cached > 0) {
      logger.info("bundled vectors cached", { vectors: cached, model: vectors.model });
    } else {
      logger.info("the bundled vectors are another model's: embedding the bundled postings", {
        bundled: vectors.model,
        model: embedder.model,
      });
    }
  } catch (error) {
    logger.warn("cannot read the bundled vectors: embedding the bundled postings", {
      file: file.pathname,
      ...errorFields(error),
    });
  }
}

export interface Runtime {
  store: Store;
  /** The embedding model; it may still be downloading on the first start. */
  embedder: Promise<OpenedEmbedder>;
  service: JobSearchService;
  /** Publishes after pushes and closes gaps, in a server (`publishInBackground`). */
  publisher?: BackgroundPublisher;
  /** Resolves once the index is loaded (after seeding an empty store, if enabled). */
  ready: Promise<void>;
  close(): void;
}

/**
 * Opens the store and the search service. The service starts loading at once; `ready` settles when
 * it serves. An empty store is seeded with `options.seedFile`, and a store that has postings but no
 * index it can serve (an import that died before publishing, or an index of an older format or
 * model after an upgrade) gets one built.
 */
export async function openRuntime(
  givenConfig: Readonly<Config>,
  logger: Logger,
  options: {
    onModelProgress?: (progress: FetchProgress) => void;
    /**
     * Publish in the background when the store holds postings the index lacks (at start, then
     * every 30 s) and after pushes (`Runtime.publisher`); otherwise only warn about a gap.
     */
    publishInBackground?: boolean;
    /**
     * The postings (JSON Lines) an empty store is seeded with when `config.seedFixtures` is on;
     * none without. The CLI passes the bundled fixtures/jobs.jsonl (cli/bundled_postings.ts):
     * nothing under src/ reads fixtures/ (tests/architecture_test.ts).
     */
    seedFile?: URL;
    /**
     * The vectors of `seedFile`'s texts (src/search/shipped_vectors.ts), put into the embedding
     * cache with the seed so the first publish embeds none of them; a file of another model's, or
     * none, and the publish embeds them as before. The CLI passes fixtures/jobs_vectors.bin.
     */
    seedVectors?: URL;
    /** The embedder to use instead of the configured model's (benches' random vectors). */
    embedder?: Promise<OpenedEmbedder>;
    /**
     * The ESCO occupations to read queries with, instead of loading them for the configured model
     * (a test's server sharing its worker's, with `embedder`). Without it, a given `embedder`
     * reads queries without occupations.
     */
    occupations?: Promise<OccupationLabels | null>;
  } = {},
): Promise<Runtime> {
  const store = await openStore(givenConfig.kvLocation, { logger });
  // The retention and purge are the store's: this server's environment sets them only for a store
  // that has none yet (docs/operations.md, "Retention and purge").
  const { stored, keptSearchable, ...settings } = await store.lifecycle.resolve(givenConfig, {
    claim: "the first server's environment",
  });
  if (keptSearchable !== undefined) {
    // Said where an operator looks first: the postings stay, and how to age them out.
    logger.warn("the store held postings and no retention was set: retention is off, none hidden", {
      postings: keptSearchable,
      default_retention_days: givenConfig.retentionDays,
      turn_on_with: `jobseek index lifecycle --retention-days ${givenConfig.retentionDays}`,
    });
  }
  const lifecycle = { ...settings };
  // Only what the environment named is compared: a purge alone named, on a store that took no
  // retention, was told "the store's settings are used, not the environment's" (reviewer C58).
  if (
    (givenConfig.retentionFromEnv && settings.retentionDays !== givenConfig.retentionDays) ||
    (givenConfig.purgeFromEnv && settings.purgeAfterDays !== givenConfig.purgeAfterDays)
  ) {
    logger.warn("the store's retention and purge settings are used, not the environment's", {
      retention_days: settings.retentionDays,
      purge_after_days: settings.purgeAfterDays,
      set_by: stored?.setBy,
      change_with: "jobseek index lifecycle --retention-days N --purge-after-days N",
    });
  }
  const config: Readonly<Config> = { ...givenConfig, ...settings };
  // The model's calls hold the thread that makes them: a server's model has a thread of its own.
  const embedderReady = options.embedder ?? openConfiguredEmbedder(config, {
    logger,
    onProgress: options.onModelProgress,
    ownThread: true,
  });
  // The taxonomy comes after the model (one fetch at a time), for the model whose ranking uses it;
  // `ready` waits for its fetch, so that no fetch outlives a runtime that is closed, but not for a
  // first embedding of it: the labels serve meanwhile, and `close` stops the embedding first.
  const stopOccupations = new AbortController();
  const started = Promise.withResolvers<void>();
  // The embedding under way, if any: no batch of it starts once `stopOccupations` is aborted.
  let occupationsEmbedding: Promise<unknown> = Promise.resolve();
  const occupationsReady = options.occupations ??
    (options.embedder ? Promise.resolve(null) : embedderReady.then(
      async (embedder) => {
        if (embedder.spec.kind !== "onnx") return null;
        const opened = await loadOccupations(config, logger, embedder, {
          signal: stopOccupations.signal,
          embedAfter: started.promise,
        });
        if (opened) occupationsEmbedding = opened.byMeaning;
        return opened?.labels ?? null;
      },
    )).catch(() => null);
  const service = createSearchService({
    store,
    embedder: embedderReady,
    occupations: occupationsReady,
    logger,
    minScore: config.minScore,
    standInEmbedder: (stamp) => openStandInEmbedder(config, stamp, { logger, ownThread: true }),
  });
  // A server builds an index it lacks in the background (`ready` below asks it to).
  const publisher = options.publishInBackground
    ? createBackgroundPublisher({
      store,
      embedder: embedderReady,
      logger,
      gapCheckMs: config.indexCheckMs,
      leaseMs: config.publishLeaseMs,
      lifecycle,
      served: () => service.served(),
      unloadable: () => service.unloadableSnapshot(),
      publishFull: (publishOptions) => publishFull(config, store, publishOptions),
      compact: async (served, model) =>
        compactFull(config, store, served, await embedderReady, model, logger),
    })
    : undefined;
  const ready = (async () => {
    const embedder = await embedderReady;
    const reason = await indexBuildReason(store, embedder);
    if (reason !== null) {
      const seedFile = options.seedFile;
      if (config.seedFixtures && seedFile && (await store.postings.countJobs()) === 0) {
        logger.info("seeding empty store with the bundled fixtures", { file: seedFile.pathname });
        const report = await importTexts(store, [{
          name: seedFile.pathname,
          format: "jsonl",
          text: await fixturesWithinRetention(seedFile, config.retentionDays),
        }]);
        logger.info("fixtures imported", { inserted: report.totals.inserted });
        if (options.seedVectors) {
          await cacheSeedVectors(store, embedder, options.seedVectors, logger);
        }
      }
      // publishIndex logs its own figures.
      if ((await store.postings.countJobs()) > 0) {
        if (publisher) {
          // Off the serving path: what the store holds serves meanwhile if anything can (an index
          // of another model, with that model's query vectors), and /healthz shows the build.
          logger.info("building the index in the background", { reason });
          publisher.rebuild(reason);
        } else {
          logger.info("building the index", { reason });
          await publishIndex(store, { embedder, logger, retentionDays: config.retentionDays });
        }
      }
    }
    await service.start();
    if (!service.isReady() && publisher) {
      // Nothing could serve meanwhile (an older format, a store just seeded): ready once built.
      await publisher.whenIdle();
      await service.catchUp();
    }
    // The model's first run costs ~100 ms more than later ones: pay it before reporting ready.
    await embedder.embed(["warm-up"]);
    await occupationsReady;
  })();
  ready.catch((error) => logger.error("index failed to load", errorFields(error)))
    .finally(started.resolve);
  // An operator's `jobseek index lifecycle` reaches a running server at its next check.
  const lifecycleCheck = setInterval(() => {
    store.lifecycle.get().then((current) => {
      if (!current) return;
      lifecycle.retentionDays = current.retentionDays;
      lifecycle.purgeAfterDays = current.purgeAfterDays;
    }).catch((error) => logger.warn("cannot read the lifecycle settings", errorFields(error)));
  }, config.indexCheckMs);
  Deno.unrefTimer(lifecycleCheck);
  // Postings an import wrote but never published (it died, or another process wrote them), or
  // postings that expired meanwhile: a server publishes (and purges what expired long ago); a
  // stdio process says so, with the command that indexes them.
  ready.then(() =>
    publisher
      ? publisher.maintain()
      : reportIndexGap(store, logger, { retentionDays: config.retentionDays }).then(() => {})
  ).catch(
    (error) => logger.error("cannot check for a gap between store and index", errorFields(error)),
  );
  return {
    store,
    embedder: embedderReady,
    service,
    ready,
    publisher,
    close() {
      clearInterval(lifecycleCheck);
      publisher?.stop();
      service.stop();
      stopOccupations.abort();
      // Closed after the occupations' batch in flight, if any: never under a running embedding.
      occupationsEmbedding.finally(() =>
        embedderReady.then((embedder) => embedder.close(), () => {})
      );
      store.close();
    },
  };
}

export interface StartedServer {
  runtime: Runtime;
  /** The HTTP server behind its connection guard (src/http/serve_app.ts). */
  server: ServedApp;
  /** The key created for an empty key store, shown once; null when keys already existed. */
  bootstrapKey: string | null;
  close(): Promise<void>;
}

/**
 * Starts the HTTP server (REST, MCP, OAuth metadata). It listens at once and answers `/healthz`
 * with 503 until the index is loaded, so an orchestrator can tell "up" from "ready".
 */
export async function startServer(
  config: Readonly<Config>,
  logger: Logger,
  options: {
    onModelProgress?: (progress: FetchProgress) => void;
    seedFile?: URL;
    seedVectors?: URL;
    embedder?: Promise<OpenedEmbedder>;
    occupations?: Promise<OccupationLabels | null>;
  } = {},
): Promise<StartedServer> {
  // A search process among others searches on its share of the cores (before any index loads).
  shareCores(config.searchProcessShare);
  // Metrics read the server's own log lines (publishes, source runs, pushes) as they are written.
  const metrics = new ServiceMetrics();
  logger = metricsLogger(logger, metrics);
  const runtime = await openRuntime(config, logger, { ...options, publishInBackground: true });
  const apiKeys = new ApiKeyRegistry(runtime.store.apiKeys, config.staticApiKeys);
  const bootstrapKey = config.bootstrapKey ? await apiKeys.ensureBootstrapKey() : null;
  // With an external issuer, /mcp takes its JWTs and jobseek's own authorization server is off.
  const issuer = config.oauthIssuer
    ? new ExternalIssuerVerifier({
      issuer: config.oauthIssuer,
      audience: config.oauthAudience,
      logger,
    })
    : undefined;
  issuer?.discover();
  const oauth = issuer ? undefined : new OAuthServer(runtime.store, apiKeys);
  // Per server and in memory: unauthenticated callers never make it write to the store.
  const addressCounts = await openStore(":memory:", { logger });
  // Saved searches: this server delivers those due that no other is delivering (a lease each).
  const alertsConfig = config.alerts ?? DEFAULT_ALERTS;
  const savedSearches = new SavedSearches({
    store: runtime.store.savedSearches,
    config: alertsConfig,
    correctionOf: correctionWith(runtime.service),
  });
  const deliverer = new AlertDeliverer({
    store: runtime.store.savedSearches,
    // Counted in /metrics apart from the searches people and clients ask for.
    service: instrumentService(runtime.service, metrics, "alerts"),
    config: alertsConfig,
    logger,
    ownerActive: async (owner) => (await apiKeys.principalOfSubject(owner)) !== null,
    searchPage: config.web !== "off",
  });
  deliverer.start();
  const app = createWebApp({
    config,
    service: instrumentService(runtime.service, metrics),
    apiKeys,
    rateLimiter: new RateLimiter(runtime.store.rateLimits, {
      perMinute: config.rateLimitPerMinute,
    }),
    tokenVerifier: issuer ?? oauth!,
    oauth,
    addressLimiter: new RateLimiter(addressCounts.rateLimits, {
      perMinute: config.rateLimitPerMinute,
      splitAmong: config.searchProcessShare,
    }),
    logger,
    ingest: createIngestService({ store: runtime.store, publisher: runtime.publisher }),
    store: runtime.store,
    metrics,
    // Requests come once the server listens, after the scheduler below exists.
    failingSources: () => sources.failing(),
    building: () => runtime.publisher?.building() ?? null,
    alerts: { savedSearches, deliverer },
  });
  // Feeds added with `jobseek sources add`: this server pulls those due that no other is pulling.
  const sources = createSourceScheduler({
    store: runtime.store,
    publisher: runtime.publisher,
    logger,
    checkMs: config.sourceCheckMs,
    limits: config.sourcePullLimits,
  });
  const searchSocket = config.searchSocket;
  const server = searchSocket
    ? serveSearchProcess(app.fetch, internalRoutes(runtime.service, metrics), {
      path: searchSocket,
      logger,
    })
    : await serveApp(app.fetch, {
      port: config.port,
      hostname: config.hostname,
      maxConnections: config.maxConnections,
      maxPerAddress: config.maxConnectionsPerAddress,
      logger,
    });
  if (searchSocket) metrics.setPeers(() => peerShares(searchSocket));
  else metrics.setConnectionSource(() => server.connections());
  const stopSweep = oauth ? startOAuthSweep(oauth, logger) : () => {};
  return {
    runtime,
    server,
    bootstrapKey,
    async close() {
      sources.stop();
      stopSweep();
      // The connections' deadline starts now, not after an alert check in flight has ended: the
      // process must be gone within 10 s of the signal (docs/operations.md).
      await Promise.all([deliverer.stop(), server.close()]);
      addressCounts.close();
      runtime.close();
    },
  };
}

/**
 * What a search process answers on its private socket (src/http/search_processes.ts): `/ready`
 * for its parent, `/metrics.json` for the sibling that answers `/metrics` or the console.
 */
function internalRoutes(
  service: { isReady(): boolean },
  metrics: ServiceMetrics,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const path = new URL(request.url).pathname;
    if (path === "/ready") return new Response(null, { status: service.isReady() ? 200 : 503 });
    if (path === "/metrics.json") return Response.json(await metrics.share());
    return new Response(null, { status: 404 });
  };
}

/** The metrics of every other process behind the same port: the siblings' and the guard's. */
async function peerShares(ownSocket: string): Promise<MetricsShare[]> {
  const dir = ownSocket.slice(0, ownSocket.lastIndexOf("/"));
  const own = internalSocketPath(ownSocket);
  const paths: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const path = `${dir}/${entry.name}`;
    if (entry.name.endsWith(".internal.sock") && path !== own) paths.push(path);
  }
  const shares = await Promise.all(paths.map(async (path) => {
    const client = Deno.createHttpClient({ proxy: { transport: "unix", path } });
    try {
      const response = await fetch("http://search-process/metrics.json", {
        client,
        // A peer left out makes the summed counters fall (a reset to Prometheus), so a busy peer
        // gets most of a scrape's default 10 s. A full CI run saw the guard's figures missing
        // (jobseek_connections_held 0 while a request was held) with 2 s; not reproduced alone.
        signal: AbortSignal.timeout(6000),
      });
      return response.ok ? await response.json() as MetricsShare : null;
    } catch {
      // Restarting, or stopped: left out of this answer.
      return null;
    } finally {
      client.close();
    }
  }));
  return shares.filter((share) => share !== null);
}

export interface StartedSearchProcesses {
  server: ServedSearchProcesses;
  /** The key created for an empty key store, shown once; null when keys already existed. */
  bootstrapKey: string | null;
  close(): Promise<void>;
}

/**
 * `jobseek serve` with `config.searchProcesses` > 1: this process holds the public port and its
 * connection guard, and `spawn` starts each search process (a `jobseek serve` of its own on the
 * socket it is given, `config.searchSocket`). This process opens the store only to create the
 * bootstrap key, so that the key is shown once, here.
 */
export async function startSearchProcesses(
  config: Readonly<Config>,
  logger: Logger,
  spawn: (index: number, path: string) => SpawnedSearchProcess,
): Promise<StartedSearchProcesses> {
  let bootstrapKey: string | null = null;
  if (config.bootstrapKey) {
    const store = await openStore(config.kvLocation, { logger });
    try {
      bootstrapKey = await new ApiKeyRegistry(store.apiKeys, config.staticApiKeys)
        .ensureBootstrapKey();
    } finally {
      store.close();
    }
  }
  // The guard's own figures (connections held and refused), added in by the process that answers.
  const metrics = new ServiceMetrics();
  const server = await serveSearchProcesses({
    count: config.searchProcesses,
    spawn,
    port: config.port,
    hostname: config.hostname,
    maxConnections: config.maxConnections,
    maxPerAddress: config.maxConnectionsPerAddress,
    logger,
  });
  metrics.setConnectionSource(() => server.connections());
  const figures = Deno.serve({
    transport: "unix",
    path: `${server.socketDir}/guard.internal.sock`,
    onListen: () => {},
  }, async () => Response.json(await metrics.share()));
  return {
    server,
    bootstrapKey,
    async close() {
      await Promise.all([server.close(), figures.shutdown()]);
    },
  };
}
