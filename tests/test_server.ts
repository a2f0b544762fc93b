/**
 * The one way tests run the real HTTP app: `createApp` over a given store and search service, with
 * real API keys (one created for the tester), real rate limits on a frozen clock, and a logger whose
 * lines the test can read. The REST, MCP and OAuth test servers add their own helpers on top.
 *
 * Requests reach the app in-process (`fetch`, `fetchApp`: `app.fetch` with the connection info
 * `Deno.serve` would pass). A real socket (`Deno.serve` on port 0) opens only when a test reads
 * `url` or `port`, because then it means to reach the app from outside: a child process, a raw
 * socket, a client that takes a URL (docs/testing.md, "How tests reach the app").
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
import type { IngestService } from "../src/search/ingest_service.ts";

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
  /** Pushes of postings (`POST /v1/postings`); without it the route answers 404, as serving does. */
  ingest?: IngestService;
}

/**
 * The origin in-process requests carry: a loopback name (the app answers for it) on a port that
 * is on fetch's list of blocked ports, so a request that escapes to the
 * network by mistake fails at once instead of reaching another test's server.
 */
export const IN_PROCESS_ORIGIN = "http://127.0.0.1:1";

export interface TestServer {
  /**
   * The base URL of a real socket, e.g. `http://127.0.0.1:PORT`: reading it (or `port`) starts
   * `Deno.serve` on a free port. Tests that do not need a socket use `fetch` instead.
   */
  readonly url: string;
  readonly port: number;
  /** The base URL of in-process requests (`fetch` resolves paths against it). */
  origin: string;
  /**
   * fetch, in-process: the app handles the request as Deno.serve would hand it one from
   * 127.0.0.1. Takes a path (`/v1/search`), a URL or a Request; no socket is opened.
   */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
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
    ingest: options.ingest,
    addressLimiter: options.addressLimits
      ? new RateLimiter(store.rateLimits, { perMinute: 60, now: () => FROZEN_NOW })
      : undefined,
    logger,
  });
  let server: Deno.HttpServer<Deno.NetAddr> | undefined;
  const listening = () =>
    server ??= Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.fetch);
  let peerPort = 40_000;
  return {
    get url() {
      return `http://127.0.0.1:${listening().addr.port}`;
    },
    get port() {
      return listening().addr.port;
    },
    origin: IN_PROCESS_ORIGIN,
    async fetch(input, init) {
      const url = typeof input === "string" && input.startsWith("/")
        ? IN_PROCESS_ORIGIN + input
        : input;
      const request = new Request(url, init);
      // A wire request always carries Host; the MCP route's Host check reads it.
      if (!request.headers.has("host")) request.headers.set("host", new URL(request.url).host);
      // What Deno.serve passes as the handler's second argument for a TCP client on loopback:
      // the app reads the client's address there (src/http/address_limit.ts).
      const info: Deno.ServeHandlerInfo<Deno.NetAddr> = {
        remoteAddr: { transport: "tcp", hostname: "127.0.0.1", port: peerPort++ },
        completed: Promise.resolve(),
      };
      return await app.fetch(request, info);
    },
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
    close: async () => {
      await server?.shutdown();
    },
  };
}

/**
 * `server` with `extra`'s members added (or replacing its own), keeping `url` and `port` lazy: a
 * spread would read them and open the socket no test asked for.
 */
export function extendServer<S extends TestServer, E extends object>(server: S, extra: E): S & E {
  return Object.defineProperties(
    {},
    { ...Object.getOwnPropertyDescriptors(server), ...Object.getOwnPropertyDescriptors(extra) },
  ) as S & E;
}
