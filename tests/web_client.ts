/**
 * How the web tests reach a web app in process, as a browser would: at one origin, with a session
 * cookie, redirects left unfollowed, and (for the address limits) a peer address.
 *
 * @module
 */
import { strict as assert } from "node:assert";
import { DOMParser } from "linkedom";
import { ApiKeyRegistry } from "../src/auth/api_keys.ts";
import { RateLimiter } from "../src/auth/rate_limiter.ts";
import { rejectAllTokens } from "../src/auth/token_verifier.ts";
import { loadConfig } from "../src/config.ts";
import type { SearchService } from "../src/domain/service.ts";
import { PEER_HEADER } from "../src/http/guarded_connection.ts";
import { silentLogger } from "../src/log.ts";
import { openStore, type Store } from "../src/store/store.ts";
import { instrumentService, ServiceMetrics } from "../src/web/metrics.ts";
import { SESSION_COOKIE } from "../src/web/session.ts";
import { createWebApp } from "../src/web/web_app.ts";
import type { TestSearch } from "./helpers.ts";

export const ORIGIN = "http://127.0.0.1:8000";

export type WebRequest = (
  path: string,
  init?: RequestInit & { peer?: string; cookie?: string },
) => Promise<Response>;

/** Requests to `app` as they arrive from a browser: a redirect is the answer, not followed. */
export function webRequester(
  app: { fetch(request: Request, env?: unknown): Response | Promise<Response> },
): WebRequest {
  return (path, init = {}) => {
    const headers = new Headers(init.headers);
    if (init.cookie) headers.set("cookie", init.cookie);
    if (init.peer) headers.set(PEER_HEADER, init.peer);
    const request = new Request(`${ORIGIN}${path}`, { ...init, headers, redirect: "manual" });
    // The peer header counts only on a connection the guard hands over (a unix socket's).
    return Promise.resolve(
      app.fetch(request, init.peer ? { remoteAddr: { transport: "unix", path: "" } } : undefined),
    );
  };
}

/** Signs in with `key`; returns the session cookie (`name=value`). */
export async function signIn(web: { request: WebRequest }, key: string): Promise<string> {
  const response = await web.request("/signin", {
    method: "POST",
    headers: { origin: ORIGIN },
    body: new URLSearchParams({ api_key: key, next: "/" }),
  });
  assert.equal(response.status, 303);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  assert.ok(cookie, "no session cookie");
  return cookie.split(";")[0];
}

/** The page at `path` as a browser reads it: its document, with the answer's status. */
export async function pageAt(
  web: { request: WebRequest },
  path: string,
  init?: Parameters<WebRequest>[1],
): Promise<{ status: number; page: ReturnType<DOMParser["parseFromString"]> }> {
  const response = await web.request(path, init);
  const html = await response.text();
  return {
    status: response.status,
    page: new DOMParser().parseFromString(html, "text/html"),
  };
}

/** The web app over a test search, with keys, sessions and counts in a store of its own. */
export interface TestWeb {
  request: WebRequest;
  apiKeys: ApiKeyRegistry;
  metrics: ServiceMetrics;
  /** A search key ("user") and an admin key ("admin"). */
  userKey: string;
  adminKey: string;
  /** The store of the keys and sessions (its saved searches are the keys' owners'). */
  store: Store;
  close(): void;
}

/**
 * Starts the web app over `search` in process: each test starts with keys and sessions of its own
 * (`env` as the environment, `keyOptions` for the user's key, `wrapService` around the service).
 */
export async function startTestWeb(
  search: TestSearch,
  options: {
    env?: Record<string, string>;
    keyOptions?: { rateLimit?: number };
    wrapService?: (service: SearchService) => SearchService;
  } = {},
): Promise<TestWeb> {
  const store = await openStore(":memory:");
  const config = loadConfig(options.env ?? {});
  const apiKeys = new ApiKeyRegistry(store.apiKeys, []);
  const metrics = new ServiceMetrics();
  const userKey = (await apiKeys.create("user", options.keyOptions ?? {})).key;
  const adminKey = (await apiKeys.create("admin", { scopes: ["admin", "search"] })).key;
  const service = options.wrapService ? options.wrapService(search.service) : search.service;
  const app = createWebApp({
    config,
    service: instrumentService(service, metrics),
    apiKeys,
    rateLimiter: new RateLimiter(store.rateLimits, { perMinute: config.rateLimitPerMinute }),
    tokenVerifier: rejectAllTokens,
    addressLimiter: new RateLimiter(store.rateLimits, { perMinute: config.rateLimitPerMinute }),
    logger: silentLogger,
    store: { ...search.store, webSessions: store.webSessions },
    metrics,
  });
  return {
    request: webRequester(app),
    apiKeys,
    metrics,
    userKey,
    adminKey,
    store,
    close: () => store.close(),
  };
}
