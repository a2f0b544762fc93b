/**
 * Seeded fuzzing of every public surface: REST, MCP and the OAuth endpoints get random and
 * malformed requests (bounded in number and in time), and the connection guard gets random bytes.
 * Nothing may answer 5xx, log an error, or hang. A failure names its seed and request, so it
 * replays exactly: `FUZZ_SEED=<seed> deno test -A tests/fuzz_test.ts`.
 */
import { strict as assert } from "node:assert";
import { OAuthServer } from "../src/auth/oauth_server.ts";
import { serveApp } from "../src/http/serve_app.ts";
import { silentLogger } from "../src/log.ts";
import { createTestSearch, defaultTestJobs } from "./helpers.ts";
import { startTestServer } from "./test_server.ts";

const SEED = Number(Deno.env.get("FUZZ_SEED") ?? 20261122);
const REQUESTS = 1200;
const TIME_BUDGET_MS = 40_000;
const REQUEST_TIMEOUT_MS = 10_000;
const CONCURRENCY = 4;

/** mulberry32: a small seeded generator, so that a run can be replayed. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
type Random = ReturnType<typeof generator>;

const STRINGS = [
  "",
  " ",
  "nurse",
  "software engineer in Berlin",
  "a".repeat(1001),
  "x".repeat(70_000),
  "日本語の求人",
  "\u0000",
  "%00",
  "%zz",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "../../etc/passwd",
  "-1",
  "0",
  "1e309",
  "NaN",
  "null",
  "true",
  "2024-02-30",
  "2024-01-01 25:00:00",
  "US",
  "us",
  "indeed",
  "full",
  "relevance",
  "\ud800",
  "🙂".repeat(50),
  "\u202eevil",
  "http://127.0.0.1:53682/callback",
  "javascript:alert(1)",
  "jsr_" + "A".repeat(22) + "." + "B".repeat(43),
  "jsa_x",
  "S256",
  "code",
];
const PARAMS = [
  "q",
  "city",
  "country",
  "since",
  "until",
  "top_k",
  "offset",
  "detail",
  "source",
  "sort",
  "query",
  "x",
];

function randomString(r: Random): string {
  if (r.chance(0.2)) {
    return String.fromCharCode(...Array.from({ length: r.int(40) }, () => r.int(0xffff)));
  }
  return r.pick(STRINGS);
}

/** A client cannot send a URL of 70,000 characters (fetch refuses it): keep query values sane. */
function inUrl(text: string): string {
  return text.slice(0, 1500);
}

/** Header values are bytes a client can send: no control characters, no newlines. */
function inHeader(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, "?").slice(0, 500);
}

function randomValue(r: Random, depth = 0): unknown {
  switch (r.int(depth > 2 ? 4 : 7)) {
    case 0:
      return randomString(r);
    case 1:
      return r.pick([0, -1, 1, 2.5, 1e21, Number.MAX_SAFE_INTEGER, 100, 101]);
    case 2:
      return r.chance(0.5);
    case 3:
      return null;
    case 4:
      return Array.from({ length: r.int(4) }, () => randomValue(r, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: r.int(5) }, () => [
          r.chance(0.7) ? r.pick(PARAMS) : randomString(r),
          randomValue(r, depth + 1),
        ]),
      );
  }
}

function randomBody(r: Random): string {
  if (r.chance(0.15)) return randomString(r);
  if (r.chance(0.1)) return "{" + randomString(r);
  return JSON.stringify(randomValue(r)) ?? "";
}

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

function restRequest(r: Random, key: string): FuzzRequest {
  const headers: Record<string, string> = r.chance(0.9) ? { "x-api-key": key } : {};
  if (r.chance(0.5)) {
    const params = new URLSearchParams();
    for (let i = r.int(5); i > 0; i--) params.append(r.pick(PARAMS), inUrl(randomString(r)));
    return { method: r.pick(["GET", "GET", "HEAD"]), path: `/v1/search?${params}`, headers };
  }
  if (r.chance(0.5)) headers["content-type"] = r.pick(["application/json", "text/plain", "x/y"]);
  const body = r.chance(0.7)
    ? JSON.stringify(Object.fromEntries(
      Array.from({ length: r.int(6) }, () => [r.pick(PARAMS), randomValue(r)]),
    ))
    : randomBody(r);
  return { method: "POST", path: "/v1/search", headers, body };
}

function mcpMessage(r: Random, id: number): unknown {
  const method = r.pick([
    "initialize",
    "tools/list",
    "tools/call",
    "tools/call",
    "resources/list",
    "resources/read",
    "resources/templates/list",
    "ping",
    "prompts/list",
    "notifications/initialized",
    randomString(r),
  ]);
  const params = method === "tools/call"
    ? {
      name: r.pick(["search_jobs", "list_cities", randomString(r)]),
      arguments: r.chance(0.8)
        ? Object.fromEntries(
          Array.from({ length: r.int(5) }, () => [r.pick(PARAMS), randomValue(r)]),
        )
        : randomValue(r),
    }
    : method === "resources/read"
    ? { uri: r.pick(["jobseek://postings/x", randomString(r)]) }
    : method === "initialize"
    ? { protocolVersion: r.pick(["2025-06-18", "2025-03-26", randomString(r)]), capabilities: {} }
    : randomValue(r);
  const message: Record<string, unknown> = { jsonrpc: r.chance(0.95) ? "2.0" : "1.0", method };
  if (r.chance(0.9)) message.id = r.chance(0.8) ? id : randomValue(r);
  if (r.chance(0.8)) message.params = params;
  return message;
}

function mcpRequest(r: Random, key: string, id: number): FuzzRequest {
  const headers: Record<string, string> = {
    "content-type": r.chance(0.95) ? "application/json" : "text/plain",
    accept: r.chance(0.9) ? "application/json, text/event-stream" : "application/json",
  };
  if (r.chance(0.9)) headers["x-api-key"] = key;
  if (r.chance(0.2)) headers.authorization = `Bearer ${inHeader(randomString(r))}`;
  if (r.chance(0.3)) headers["mcp-protocol-version"] = r.pick(["2025-06-18", "1999-01-01", "x"]);
  const body = r.chance(0.1) ? randomBody(r) : JSON.stringify(
    r.chance(0.2)
      ? Array.from({ length: 1 + r.int(5) }, (_, i) => mcpMessage(r, id * 10 + i))
      : mcpMessage(r, id),
  );
  return {
    method: r.chance(0.95) ? "POST" : r.pick(["GET", "DELETE", "PUT"]),
    path: "/mcp",
    headers,
    body,
  };
}

function form(r: Random, names: string[]): string {
  return formFields(r, names).toString();
}

function formFields(r: Random, names: string[]): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of names) if (r.chance(0.7)) params.append(name, randomString(r));
  for (let i = r.int(3); i > 0; i--) params.append(randomString(r), randomString(r));
  return params;
}

function oauthRequest(r: Random, clientId: string): FuzzRequest {
  const formHeaders = {
    "content-type": r.chance(0.9) ? "application/x-www-form-urlencoded" : "application/json",
  };
  switch (r.int(5)) {
    case 0:
      return {
        method: "POST",
        path: "/oauth/register",
        headers: { "content-type": "application/json" },
        body: r.chance(0.6)
          ? JSON.stringify({
            redirect_uris: r.chance(0.7) ? [r.pick(STRINGS)] : randomValue(r),
            ...(r.chance(0.5) ? { client_name: randomValue(r) } : {}),
            ...(r.chance(0.3) ? { token_endpoint_auth_method: randomValue(r) } : {}),
            ...(r.chance(0.3) ? { grant_types: randomValue(r) } : {}),
          })
          : randomBody(r),
      };
    case 1: {
      const params = new URLSearchParams(formFields(r, [
        "response_type",
        "redirect_uri",
        "code_challenge",
        "code_challenge_method",
        "state",
        "resource",
        "scope",
      ]));
      for (const [name, value] of [...params]) {
        params.delete(name);
        params.append(inUrl(name), inUrl(value));
      }
      if (r.chance(0.7)) params.set("client_id", r.chance(0.8) ? clientId : inUrl(randomString(r)));
      return { method: "GET", path: `/oauth/authorize?${params}`, headers: {} };
    }
    case 2:
      return {
        method: "POST",
        path: "/oauth/authorize",
        headers: formHeaders,
        body: form(r, ["consent", "api_key", "decision"]),
      };
    case 3:
      return {
        method: "POST",
        path: "/oauth/token",
        headers: {
          ...formHeaders,
          ...(r.chance(0.2) ? { authorization: `Basic ${inHeader(randomString(r))}` } : {}),
        },
        body: form(r, [
          "grant_type",
          "code",
          "code_verifier",
          "refresh_token",
          "client_id",
          "client_secret",
          "redirect_uri",
          "resource",
          "scope",
        ]) + (r.chance(0.5) ? `&client_id=${clientId}` : ""),
      };
    default:
      return {
        method: "POST",
        path: "/oauth/revoke",
        headers: formHeaders,
        body: form(r, ["token", "client_id", "token_type_hint"]),
      };
  }
}

function otherRequest(r: Random): FuzzRequest {
  const path = r.pick([
    "/healthz",
    "/v1/openapi.json",
    "/.well-known/oauth-authorization-server",
    "/.well-known/oauth-protected-resource",
    "/.well-known/oauth-protected-resource/mcp",
    "/v1/search/",
    "/V1/SEARCH",
    "/%2e%2e/",
    "/" + encodeURIComponent(inUrl(randomString(r)).toWellFormed()),
  ]);
  return {
    method: r.pick(["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"]),
    path,
    headers: r.chance(0.3) ? { origin: r.pick(["http://evil.example", "null"]) } : {},
  };
}

Deno.test({
  name: `fuzz: REST, MCP and OAuth answer random requests without 5xx or hangs (seed ${SEED})`,
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  const search = await createTestSearch({ jobs: await defaultTestJobs(40) });
  const server = await startTestServer(search.store, search.service, {
    oauth: (apiKeys) => new OAuthServer(search.store, apiKeys),
  });
  try {
    const registered = await (await fetch(`${server.url}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ redirect_uris: ["http://127.0.0.1:53682/callback"] }),
    })).json();
    const r = generator(SEED);
    const requests: FuzzRequest[] = Array.from({ length: REQUESTS }, (_, i) => {
      const kind = r.int(10);
      if (kind < 3) return restRequest(r, server.key);
      if (kind < 6) return mcpRequest(r, server.key, i);
      if (kind < 9) return oauthRequest(r, registered.client_id);
      return otherRequest(r);
    });
    const started = performance.now();
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests.length && performance.now() - started < TIME_BUDGET_MS) {
        const index = next++;
        const request = requests[index];
        const label = `#${index} ${request.method} ${request.path.slice(0, 120)} ` +
          (request.body ?? "").slice(0, 200);
        let built: Request;
        try {
          built = new Request(server.url + request.path, {
            method: request.method,
            headers: request.headers,
            body: request.method === "GET" || request.method === "HEAD" ? undefined : request.body,
            redirect: "manual",
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          });
        } catch (error) {
          // Not a request a client can send at all: the generator's fault, not the server's.
          failures.push(`unsendable ${label}: ${(error as Error).message.slice(0, 200)}`);
          continue;
        }
        try {
          const response = await fetch(built);
          await response.arrayBuffer();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.status >= 500) failures.push(`${response.status} for ${label}`);
        } catch (error) {
          failures.push(`${(error as Error).message.slice(0, 200)} for ${label}`);
        }
      }
    }));
    const summary = JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)));
    assert.deepEqual(failures, [], `seed ${SEED}, statuses ${summary}`);
    const sent = [...statuses.values()].reduce((a, b) => a + b, 0);
    assert.ok(sent >= REQUESTS / 4, `only ${sent} requests ran in the time budget`);
    const errors = server.logs.filter((l) => l.level === "error");
    assert.deepEqual(errors, [], JSON.stringify(errors).slice(0, 2000));
    assert.equal((await fetch(`${server.url}/healthz`).then((res) => res.json())).status, "ok");
  } finally {
    await server.close();
    await search.close();
  }
});

Deno.test("fuzz: the connection guard survives random bytes and still serves", async () => {
  const app = await serveApp(() => new Response("ok"), {
    port: 0,
    hostname: "127.0.0.1",
    logger: silentLogger,
    limits: { headerTimeoutMs: 500, bodyTimeoutMs: 500, idleTimeoutMs: 500 },
  });
  try {
    const r = generator(SEED + 1);
    const prefixes = [
      "",
      "GET / HTTP/1.1\r\n",
      "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\n",
      "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n",
    ];
    await Promise.all(Array.from({ length: 60 }, async () => {
      const conn = await Deno.connect({ hostname: "127.0.0.1", port: app.addr.port });
      const bytes = Uint8Array.from({ length: r.int(3000) }, () => r.int(256));
      try {
        await conn.write(new TextEncoder().encode(r.pick(prefixes)));
        await conn.write(bytes);
        // Every connection ends by itself: answered and closed, refused, or timed out.
        const ended = await Promise.race([
          (async () => {
            const buffer = new Uint8Array(4096);
            while ((await conn.read(buffer)) !== null) { /* drain */ }
            return true;
          })().catch(() => true),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5000)),
        ]);
        assert.ok(ended, "a connection was held open");
      } finally {
        try {
          conn.close();
        } catch {
          // Closed by the server.
        }
      }
    }));
    const response = await fetch(`http://127.0.0.1:${app.addr.port}/`);
    assert.equal(await response.text(), "ok");
  } finally {
    await app.close();
  }
});
