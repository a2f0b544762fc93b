/**
 * A request whose `Host` names no host ("a b", "[::1", empty, 300 characters, a port past 65535):
 * every route of the whole app (API, MCP, OAuth, the pages, `/metrics`) answers 400 in its own
 * shape, never the 500 it was (session 36's reviewer: "a b" made the search page throw on the URL
 * Deno makes of the Host). In-process, with Deno's way of naming such a request.
 */
import { strict as assert } from "node:assert";
import fc from "fast-check";
import { AlertDeliverer } from "../src/alerts/alert_deliverer.ts";
import { SavedSearches } from "../src/alerts/saved_searches.ts";
import { ApiKeyRegistry } from "../src/auth/api_keys.ts";
import { OAuthServer } from "../src/auth/oauth_server.ts";
import { RateLimiter } from "../src/auth/rate_limiter.ts";
import { DEFAULT_ALERTS, loadConfig } from "../src/config.ts";
import type { IngestService } from "../src/search/ingest_service.ts";
import { silentLogger } from "../src/log.ts";
import { openStore } from "../src/store/store.ts";
import { instrumentService, ServiceMetrics } from "../src/web/metrics.ts";
import { createWebApp } from "../src/web/web_app.ts";
import { createTestSearch } from "./helpers.ts";

async function setUp(env: Record<string, string> = {}) {
  const search = await createTestSearch();
  const store = await openStore(":memory:");
  const apiKeys = new ApiKeyRegistry(store.apiKeys, []);
  const key = (await apiKeys.create("admin", { scopes: ["admin", "search", "ingest"] })).key;
  const oauth = new OAuthServer(store, apiKeys);
  const deliverer = new AlertDeliverer({
    store: store.savedSearches,
    service: search.service,
    config: DEFAULT_ALERTS,
    logger: silentLogger,
    ownerActive: () => Promise.resolve(true),
  });
  const metrics = new ServiceMetrics();
  const app = createWebApp({
    config: loadConfig(env),
    service: instrumentService(search.service, metrics),
    apiKeys,
    rateLimiter: new RateLimiter(store.rateLimits, { perMinute: 10_000 }),
    tokenVerifier: oauth,
    oauth,
    logger: silentLogger,
    // Every route is registered; none is reached past the Host check.
    ingest: {} as IngestService,
    store: { ...search.store, webSessions: store.webSessions },
    metrics,
    alerts: {
      savedSearches: new SavedSearches({ store: store.savedSearches, config: DEFAULT_ALERTS }),
      deliverer,
    },
  });
  return {
    app,
    key,
    close: async () => {
      await deliverer.stop();
      store.close();
      await search.close();
    },
  };
}

/**
 * The request `Deno.serve` hands the app for `Host: host`: behind the connection guard its URL is
 * `http+unix://` and the Host as sent, which the URL parser may refuse (the `Request` constructor
 * would, so the URL is set as Deno sets it, unchecked).
 */
function withHost(method: string, path: string, host: string, key: string): Request {
  const body = ["POST", "PUT", "PATCH", "DELETE"].includes(method) ? "{}" : undefined;
  const request = new Request(`http://localhost${path}`, {
    method,
    headers: {
      host,
      "x-api-key": key,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body,
  });
  // An empty Host is no authority: Deno names the request by the socket's path then.
  const authority = host === "" ? "%2Ftmp%2Fjobseek_http.sock" : host;
  Object.defineProperty(request, "url", { value: `http+unix://${authority}${path}` });
  return request;
}

const BAD_HOSTS = [
  "a b",
  "[::1",
  "",
  "a".repeat(300),
  `${"a".repeat(5000)}.example`,
  "localhost:99999",
  "localhost:8000:1",
  "user@localhost",
  "[zz::1]",
  "a%20b",
  "Ã¤.example",
  // A Host with a "/", "?" or "#" moved the path the routes read ("a/b" + "/v1/search" was read
  // "/b/v1/search"), and the API's routes refused it in a page's shape (reviewer W, session 37).
  "a/b",
  "x/mcp",
  "a?b",
  "a#b",
  "<script>alert(1)</script>",
];

/** Each (method, path) the app routes, its parameters filled in, middleware patterns left out. */
function routeTable(app: { routes: { method: string; path: string }[] }): [string, string][] {
  const seen = new Map<string, [string, string]>();
  for (const route of app.routes) {
    if (route.path === "*" || route.path === "/*") continue;
    const path = route.path.replace(/:[a-z_]+/gi, "x").replace(/\*/g, "x");
    for (const method of route.method === "ALL" ? ["GET", "POST", "DELETE"] : [route.method]) {
      seen.set(`${method} ${path}`, [method, path]);
    }
  }
  return [...seen.values()];
}

/** Checks the 400's shape for the path: JSON-RPC, OAuth's, the page, or the REST error body. */
async function checkRefusal(response: Response, path: string, where: string): Promise<void> {
  assert.equal(response.status, 400, where);
  const text = await response.text();
  const json = () => {
    assert.match(
      response.headers.get("content-type") ?? "",
      /^application\/json/,
      `${where}: ${text}`,
    );
    return JSON.parse(text);
  };
  if (path === "/mcp") {
    const body = json();
    assert.equal(body.jsonrpc, "2.0", where);
    assert.equal(body.id, null, where);
    assert.equal(body.error.code, -32000, where);
    assert.match(body.error.message, /^Bad Request: the Host header/, where);
  } else if (path.startsWith("/oauth/") || path.startsWith("/.well-known/")) {
    const body = json();
    assert.equal(body.error, "invalid_request", where);
    assert.match(body.error_description, /Host header/, where);
  } else if (
    path.startsWith("/v1/") || path === "/healthz" || path === "/metrics"
  ) {
    const body = json();
    assert.equal(body.error_code, "INVALID_HOST", where);
    assert.match(body.error, /^Bad request: the (Host header|request's address)/, where);
    assert.match(body.request_id, /^[0-9a-f-]{36}$/, where);
  } else {
    assert.match(response.headers.get("content-type") ?? "", /^text\/html/, where);
    assert.match(text, /<h1>Bad request<\/h1>/, where);
    assert.match(text, /Host header/, where);
    // The host is the caller's text: shown escaped, never as markup.
    assert.ok(!text.includes("<img src=x") && !text.includes("<script>alert"), where);
    assert.match(response.headers.get("content-security-policy") ?? "", /default-src 'none'/);
  }
}

Deno.test("a Host that names no host is a 400 on every route of the route table, in the route's own shape", async () => {
  const t = await setUp();
  try {
    const table = routeTable(t.app);
    // The table is the whole app's: the API, MCP, OAuth, the pages, the console, /metrics.
    for (
      const expected of [
        "GET /",
        "GET /v1/search",
        "POST /v1/search",
        "POST /mcp",
        "GET /metrics",
        "GET /healthz",
        "POST /oauth/token",
        "GET /saved",
        "POST /v1/saved-searches",
        "POST /v1/postings",
        "GET /admin",
      ]
    ) assert.ok(table.some(([m, p]) => `${m} ${p}` === expected), expected);
    for (const [method, path] of table) {
      for (const host of [...BAD_HOSTS, "<img src=x onerror=alert(1)>"]) {
        const response = await t.app.fetch(withHost(method, path, host, t.key));
        await checkRefusal(response, path, `${method} ${path} Host: ${host.slice(0, 40)}`);
      }
    }
    // A well-formed Host is answered as before: the search page, REST, and the health check.
    for (const host of ["localhost:8000", "127.0.0.1", "[::1]:8741", "LOCALHOST"]) {
      const rest = await t.app.fetch(withHost("GET", "/v1/search?q=nurse", host, t.key));
      assert.equal(rest.status, 200, host);
      const health = await t.app.fetch(withHost("GET", "/healthz", host, t.key));
      assert.equal(health.status, 200, host);
    }
  } finally {
    await t.close();
  }
});

Deno.test("any Host value: never a 500; a Host the URL parser refuses is a 400, a host name and port never", async () => {
  const t = await setUp();
  try {
    // Header values as Deno hands them over: Latin-1 bytes, no CR, LF or NUL, no space at the ends.
    const byte = fc.oneof(
      fc.constantFrom(..."ab1.-:[]@/?#% \\<>\"'{}|^`,;=!$&()*+~_"),
      fc.integer({ min: 0x21, max: 0xff }).map((n) => String.fromCharCode(n)),
    );
    const anyHost = fc.array(byte, { maxLength: 40 }).map((chars) => chars.join("").trim());
    const goodHost = fc.tuple(fc.domain(), fc.option(fc.integer({ min: 1, max: 65535 })))
      .map(([name, port]) => port === null ? name : `${name}:${port}`);
    const paths = fc.constantFrom("/", "/v1/search?q=nurse", "/mcp", "/saved", "/posting?url=x");
    await fc.assert(
      fc.asyncProperty(anyHost, paths, async (host, path) => {
        const method = path === "/mcp" ? "POST" : "GET";
        const response = await t.app.fetch(withHost(method, path, host, t.key));
        assert.ok(response.status < 500, `${response.status} for Host: ${host} on ${path}`);
        const parsed = URL.parse(`http://${host}/`);
        if (parsed === null || host === "" || /[\s/?#@\\]/.test(host)) {
          // The path as the app reads it from the URL Deno makes ("a/" makes it "//v1/search").
          assert.equal(response.status, 400, `Host: ${host}`);
          assert.match(
            await response.text(),
            /INVALID_HOST|Bad Request|invalid_request|Bad request/,
          );
        }
      }),
      { numRuns: 300 },
    );
    await fc.assert(
      fc.asyncProperty(goodHost, async (host) => {
        const response = await t.app.fetch(withHost("GET", "/v1/search?q=nurse", host, t.key));
        assert.equal(response.status, 200, `Host: ${host}`);
      }),
      { numRuns: 100 },
    );
  } finally {
    await t.close();
  }
});
