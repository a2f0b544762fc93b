/**
 * The one way tests run the real HTTP app: `createApp` on `Deno.serve` (port 0) over a given store
 * and search service, with real API keys (one created for the tester), real rate limits on a frozen
 * clock, and a logger whose lines the test can read. The REST, MCP and OAuth test servers add their
 * own helpers on top.
 *
 * @module
 */
import { ApiKeyRegistry } from "../src/auth/api_keys.ts";
import type { OAuthServer } from "../src/auth/oauth_server.ts";
import { RateLimiter } from "../src/auth/rate_limiter.ts";
import { rejectAllTokens, type TokenVerifier } from "../src/auth/token_verifier.ts";
import { loadConfig, type StaticApiKey } from "../src/config.ts";
import { PEER_HEADER } from "../src/http/guarded_connection.ts";
import type { SearchService } from "../src/domain/service.ts";
import { createApp } from "../src/http/app.ts";
import { createLogger } from "../src/log.ts";
import type { Store } from "../src/store/store.ts";

/** A fixed instant: no counted request of a test ever ages out of the rate window. */
const FROZEN_NOW = Date.UTC(2026, 0, 1, 12, 0, 30);

export interface TestServerOptions {
  /** Environment for loadConfig (JOBSEEK_ALLOWED_HOSTS, JOBSEEK_PUBLIC_URL, ...). */
  env?: Record<string, string>;
  /** Static keys, as from JOBSEEK_API_KEYS; default: those of `env`. */
  staticKeys?: StaticApiKey[];
  /** Default requests per minute (JOBSEEK_RATE_LIMIT); generous unless a test lowers it. */
  rateLimit?: number;
  /** Default: the OAuth server when there is one, else one that rejects every token. */
  tokenVerifier?: TokenVerifier;
  /** Builds the app's OAuth authorization server; without it the `/oauth/*` routes are absent. */
  oauth?: (apiKeys: ApiKeyRegistry) => OAuthServer;
  /** Replaces the service the app sees (e.g. one that fails), given the real one. */
  wrapService?: (service: SearchService) => SearchService;
  /** Start of the tester key's name; default `tester`. */
  keyPrefix?: string;
  /** Limit `/oauth/*` per client network, as servers do (src/http/address_limit.ts). */
  addressLimits?: boolean;
}

export interface TestServer {
  /** Base URL, e.g. `http://127.0.0.1:PORT`. */
  url: string;
  port: number;
  /** A valid API key, created for this server, and its name. */
  key: string;
  keyName: string;
  apiKeys: ApiKeyRegistry;
  /** Parsed JSON log lines written so far. */
  logs: Record<string, unknown>[];
  /** Raw log lines, to check that no secret ever reaches a log. */
  rawLogs: string[];
  /**
   * Handles one request in-process, as Deno.serve would; with `peer`, as if the connection guard
   * had accepted it from that address (IPv4 or IPv6).
   */
  fetchApp(request: Request, peer?: string): Promise<Response>;
  close(): Promise<void>;
}

/** Starts the app on a free port over `store` and `service`, with one API key created. */
export async function startTestServer(
  store: Store,
  service: SearchService,
  options: TestServerOptions = {},
): Promise<TestServer> {
  const rawLogs: string[] = [];
  const logs: Record<string, unknown>[] = [];
  const logger = createLogger({
    level: "debug",
    write: (line) => {
      rawLogs.push(line);
      logs.push(JSON.parse(line));
    },
  });
  const config = loadConfig(options.env ?? {});
  const apiKeys = new ApiKeyRegistry(store.apiKeys, options.staticKeys ?? config.staticApiKeys);
  const keyName = `${options.keyPrefix ?? "tester"}-${crypto.randomUUID().slice(0, 8)}`;
  const { key } = await apiKeys.create(keyName);
  const oauth = options.oauth?.(apiKeys);
  const app = createApp({
    config,
    service: options.wrapService ? options.wrapService(service) : service,
    apiKeys,
    // A frozen clock keeps every request of a test inside the rate window: no flaky expiry.
    rateLimiter: new RateLimiter(store.rateLimits, {
      perMinute: options.rateLimit ?? 100_000,
      now: () => FROZEN_NOW,
    }),
    tokenVerifier: options.tokenVerifier ?? oauth ?? rejectAllTokens,
    oauth,
    addressLimiter: options.addressLimits
      ? new RateLimiter(store.rateLimits, { perMinute: 60, now: () => FROZEN_NOW })
      : undefined,
    logger,
  });
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.fetch);
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    port: server.addr.port,
    key,
    keyName,
    apiKeys,
    logs,
    rawLogs,
    fetchApp: async (request, peer) => {
      if (peer === undefined) return await app.fetch(request);
      // What the app sees behind the guard: a Unix-socket connection and the guard's header.
      const headers = new Headers(request.headers);
      headers.set(PEER_HEADER, peer);
      return await app.fetch(new Request(request, { headers }), {
        remoteAddr: { transport: "unix", path: "" },
      });
    },
    close: () => server.shutdown(),
  };
}
