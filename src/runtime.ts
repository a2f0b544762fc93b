/**
 * Composition root: config → KV → store → embedder → search service → transports. Only this file
 * and `cli/` create concrete dependencies; everything below takes them as parameters.
 *
 * @module
 */
import type { Config } from "./config.ts";
import { errorFields, type Logger } from "./log.ts";
import { openStore, type Store } from "./store/store.ts";
import { openConfiguredEmbedder, type OpenedEmbedder } from "./model/open_embedder.ts";
import type { FetchProgress } from "./model/obtain_model.ts";
import { createSearchService, type JobSearchService } from "./search/search_service.ts";
import { needsIndexBuild, publishIndex } from "./search/publish_index.ts";
import { importFiles } from "./ingest/import_files.ts";
import { reportIndexGap } from "./search/index_gap.ts";
import { ApiKeyRegistry } from "./auth/api_keys.ts";
import { RateLimiter } from "./auth/rate_limiter.ts";
import { OAuthServer } from "./auth/oauth_server.ts";
import { createApp } from "./http/app.ts";
import { serveApp, type ServedApp } from "./http/serve_app.ts";
import { startOAuthSweep } from "./auth/oauth_sweep.ts";

/** The embedded default data set, imported into an empty store on first start. */
export const DEFAULT_FIXTURES = new URL("../fixtures/jobs.jsonl", import.meta.url);

export interface Runtime {
  store: Store;
  /** The embedding model; it may still be downloading on the first start. */
  embedder: Promise<OpenedEmbedder>;
  service: JobSearchService;
  /** Resolves once the index is loaded (after seeding an empty store, if enabled). */
  ready: Promise<void>;
  close(): void;
}

/**
 * Opens the store and the search service. The service starts loading at once; `ready` settles when
 * it serves. An empty store is seeded with the bundled fixtures, and a store that has postings but no
 * index it can serve (an import that died before publishing, or an index of an older format or
 * model after an upgrade) gets one built.
 */
export async function openRuntime(
  config: Readonly<Config>,
  logger: Logger,
  options: { onModelProgress?: (progress: FetchProgress) => void } = {},
): Promise<Runtime> {
  const store = await openStore(config.kvLocation, { logger });
  const embedderReady = openConfiguredEmbedder(config, {
    logger,
    onProgress: options.onModelProgress,
  });
  const service = createSearchService({
    store,
    embedder: embedderReady,
    logger,
    minScore: config.minScore,
  });
  const ready = (async () => {
    const embedder = await embedderReady;
    if (await needsIndexBuild(store, embedder)) {
      if (config.seedFixtures && (await store.postings.countJobs()) === 0) {
        logger.info("seeding empty store with the bundled fixtures", {
          file: DEFAULT_FIXTURES.pathname,
        });
        const report = await importFiles(store, [DEFAULT_FIXTURES.pathname]);
        logger.info("fixtures imported", { inserted: report.totals.inserted });
      }
      // publishIndex logs its own figures.
      if ((await store.postings.countJobs()) > 0) await publishIndex(store, { embedder, logger });
    }
    await service.start();
    // The model's first run costs ~100 ms more than later ones: pay it before reporting ready.
    await embedder.embed(["warm-up"]);
  })();
  ready.catch((error) => logger.error("index failed to load", errorFields(error)));
  // Postings an import wrote but never published: say so, with the command that indexes them.
  ready.then(() => reportIndexGap(store, logger)).catch(() => {});
  return {
    store,
    embedder: embedderReady,
    service,
    ready,
    close() {
      service.stop();
      embedderReady.then((embedder) => embedder.close(), () => {});
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
  options: { onModelProgress?: (progress: FetchProgress) => void } = {},
): Promise<StartedServer> {
  const runtime = await openRuntime(config, logger, options);
  const apiKeys = new ApiKeyRegistry(runtime.store.apiKeys, config.staticApiKeys);
  const bootstrapKey = config.bootstrapKey ? await apiKeys.ensureBootstrapKey() : null;
  const oauth = new OAuthServer(runtime.store, apiKeys);
  // Per server and in memory: unauthenticated callers never make it write to the store.
  const addressCounts = await openStore(":memory:", { logger });
  const app = createApp({
    config,
    service: runtime.service,
    apiKeys,
    rateLimiter: new RateLimiter(runtime.store.rateLimits, {
      perMinute: config.rateLimitPerMinute,
    }),
    tokenVerifier: oauth,
    oauth,
    addressLimiter: new RateLimiter(addressCounts.rateLimits, {
      perMinute: config.rateLimitPerMinute,
    }),
    logger,
  });
  const server = await serveApp(app.fetch, {
    port: config.port,
    hostname: config.hostname,
    logger,
  });
  const stopSweep = startOAuthSweep(oauth, logger);
  return {
    runtime,
    server,
    bootstrapKey,
    async close() {
      stopSweep();
      await server.close();
      addressCounts.close();
      runtime.close();
    },
  };
}
