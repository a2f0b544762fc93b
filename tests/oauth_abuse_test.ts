/**
 * The OAuth endpoints need no credentials, so what they may cost is bounded, and no one can use
 * up what another person's sign-in needs: nothing is written before a person approves with a
 * valid key (a registration is its signed client_id, a consent page its signed form token),
 * limits count per client network (IPv4 /24, IPv6 /64), and there is no budget shared by all.
 * Revoking or replaying a refresh token ends its whole grant. The floods from many networks run
 * in-process with the client address set as the connection guard sets it; the flood of one
 * address runs against `jobseek serve` behind its connection guard, on a port (in this worker:
 * no server is killed or shares the store, so the process is not the point).
 */
import { strict as assert } from "node:assert";
import { pkceChallenge } from "../src/auth/oauth_pkce.ts";
import { OAuthServer, type OAuthServerOptions } from "../src/auth/oauth_server.ts";
import type { ClientRecord } from "../src/auth/oauth_records.ts";
import { randomSecret } from "../src/crypto.ts";
import {
  AUTHORIZE_PER_PREFIX_PER_MINUTE,
  REGISTER_PER_PREFIX_PER_MINUTE,
  TOKEN_PER_PREFIX_PER_MINUTE,
} from "../src/http/address_limit.ts";
import { openStore, type Store } from "../src/store/store.ts";
import { createTestSearch, defaultTestJobs } from "./helpers.ts";
import { startServerInWorker } from "./server_process.ts";
import { startTestServer, type TestServer } from "./test_server.ts";

const REDIRECT = "http://127.0.0.1:53682/callback";
/** Requests of the /oauth flood from one address: registrations and consent pages, half each. */
const FLOOD_REQUESTS = 3_000;
const MCP_HEADERS = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
};

/** What the helpers below need: an in-process test server, or a real server process. */
type Reachable = Pick<TestServer, "origin" | "fetch">;

function registerRequest(url: string): Request {
  return new Request(`${url}/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ redirect_uris: [REDIRECT], client_name: "flood" }),
  });
}

async function register(server: Reachable): Promise<Response> {
  return await server.fetch(registerRequest(server.origin));
}

function authorizeUrl(url: string, clientId: string, verifier: string): string {
  const params = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: pkceChallenge(verifier),
    code_challenge_method: "S256",
    state: "s",
  });
  return `${url}/oauth/authorize?${params}`;
}

function form(
  server: Reachable,
  path: string,
  fields: Record<string, string>,
): Promise<Response> {
  return server.fetch(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

/**
 * A whole sign-in over real HTTP, as an MCP client and its person do it: register, authorize with
 * PKCE, approve on the consent page with the server's API key, exchange the code; the tokens and
 * the client id. Each step must succeed.
 */
async function signIn(server: TestServer, clientId?: string) {
  let client = { client_id: clientId };
  if (!clientId) {
    const registered = await register(server);
    assert.equal(registered.status, 201, await registered.clone().text());
    client = await registered.json();
  }
  const verifier = randomSecret();
  const shown = await server.fetch(authorizeUrl(server.origin, client.client_id!, verifier));
  const page = await shown.text();
  assert.equal(shown.status, 200, page.slice(0, 500));
  const consent = page.match(/name="consent" value="([^"]+)"/)![1];
  const approved = await form(server, "/oauth/authorize", {
    consent,
    api_key: server.key,
    decision: "approve",
  });
  await approved.body?.cancel();
  assert.equal(approved.status, 303);
  const code = new URL(approved.headers.get("location")!).searchParams.get("code")!;
  const exchanged = await form(server, "/oauth/token", {
    grant_type: "authorization_code",
    code,
    code_verifier: verifier,
    client_id: client.client_id!,
    redirect_uri: REDIRECT,
  });
  const tokens = await exchanged.json();
  assert.equal(exchanged.status, 200, JSON.stringify(tokens));
  return { clientId: client.client_id!, tokens };
}

function mcp(server: TestServer, token: string): Promise<Response> {
  return server.fetch("/mcp", {
    method: "POST",
    headers: { ...MCP_HEADERS, authorization: `Bearer ${token}` },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
}

/** Status of `tools/list` with `token`, and the tool names when it answered 200. */
async function listTools(server: TestServer, token: string) {
  const response = await mcp(server, token);
  if (response.status !== 200) {
    await response.body?.cancel();
    return { status: response.status, tools: [] };
  }
  const body = await response.json();
  return { status: 200, tools: body.result.tools.map((t: { name: string }) => t.name).sort() };
}

async function countEntries(path: string, filter = (_key: Deno.KvKey) => true): Promise<number> {
  const kv = await Deno.openKv(path);
  let n = 0;
  for await (const { key } of kv.list({ prefix: [] })) if (filter(key)) n++;
  kv.close();
  return n;
}

/** Sends `request` as the connection guard would hand it over from `peer`; the status. */
async function statusFrom(server: TestServer, request: Request, peer: string): Promise<number> {
  const response = await server.fetchApp(request, peer);
  await response.body?.cancel();
  return response.status;
}

/** How many of `statuses` are `status`. */
function count(statuses: number[], status: number): number {
  return statuses.filter((s) => s === status).length;
}

async function withOAuthServer(
  options: OAuthServerOptions,
  test: (server: TestServer, kvPath: string, oauth: OAuthServer, store: Store) => Promise<void>,
): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "jobseek_oauth_" });
  const kvPath = `${dir}/kv.sqlite3`;
  const store = await openStore(kvPath);
  const search = await createTestSearch({ jobs: await defaultTestJobs(4) });
  let oauth: OAuthServer | undefined;
  const server = await startTestServer(store, search.service, {
    oauth: (apiKeys) => oauth = new OAuthServer(store, apiKeys, options),
    addressLimits: true,
  });
  try {
    await test(server, kvPath, oauth!, store);
  } finally {
    await server.close();
    await search.close();
    store.close();
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("registering, showing the consent page, a wrong key or a denial write nothing", async () => {
  await withOAuthServer({}, async (server, kvPath) => {
    // Rate counts aside: real servers keep them in memory, this test server in its store.
    const stored = (key: Deno.KvKey) => key[0] !== "rate_buckets";
    // The first registration creates the shared signing key: one entry, once.
    await (await register(server)).body?.cancel();
    const before = await countEntries(kvPath, stored);
    const client = await (await register(server)).json();
    assert.match(client.client_id, /^jsc_[\w-]{22}\.[\w-]+\.[\w-]{43}$/);
    const url = authorizeUrl(server.origin, client.client_id, "v".repeat(43));
    for (let i = 0; i < 10; i++) {
      const response = await server.fetch(url);
      const page = await response.text();
      assert.equal(response.status, 200);
      const consent = page.match(/name="consent" value="([^"]+)"/)![1];
      const wrongKey = i % 2 === 0;
      const answer = await form(server, "/oauth/authorize", {
        consent,
        api_key: wrongKey ? "jsk_wrong" : "",
        decision: wrongKey ? "approve" : "deny",
      });
      await answer.body?.cancel();
      assert.equal(answer.status, wrongKey ? 401 : 303);
    }
    assert.equal(await countEntries(kvPath, stored), before);
  });
});

Deno.test("a registration flood from 300 networks leaves a real sign-in working and stores nothing", async () => {
  await withOAuthServer({}, async (server, kvPath) => {
    const prefixes = 300;
    const perPrefix = REGISTER_PER_PREFIX_PER_MINUTE + 2;
    const statuses: number[] = [];
    // Eight at a time, each network from different addresses of its /24.
    const jobs = Array.from({ length: prefixes * perPrefix }, (_, i) => i);
    await Promise.all(Array.from({ length: 8 }, async () => {
      for (let i = jobs.shift(); i !== undefined; i = jobs.shift()) {
        const network = Math.floor(i / perPrefix);
        const peer = `10.${network >> 8}.${network & 255}.${1 + (i % perPrefix)}`;
        statuses.push(await statusFrom(server, registerRequest(server.origin), peer));
      }
    }));
    // A person elsewhere signs in as if nothing happened, and the token serves /mcp.
    const { tokens } = await signIn(server);
    assert.deepEqual(await listTools(server, tokens.access_token), {
      status: 200,
      tools: ["list_cities", "search_jobs"],
    });
    // Each network got its own budget, whole, and no more.
    assert.equal(count(statuses, 201), prefixes * REGISTER_PER_PREFIX_PER_MINUTE);
    assert.equal(count(statuses, 429), prefixes * (perPrefix - REGISTER_PER_PREFIX_PER_MINUTE));
    // 3,000 registrations stored nothing: no client records, before or after the sign-in.
    assert.equal(await countEntries(kvPath, (key) => key[0] === "oauth_clients"), 0);
  });
});

Deno.test("a flood from one network gets 429 at every endpoint; other networks are unaffected", async (t) => {
  await withOAuthServer({}, async (server) => {
    const from = (request: () => Request, peers: string[]) =>
      Promise.all(peers.map((peer) => statusFrom(server, request(), peer)));
    const range = (n: number, address: (i: number) => string) =>
      Array.from({ length: n }, (_, i) => address(i + 1));

    await t.step("registrations: an IPv4 /24, an IPv6 /64, IPv4-mapped addresses", async () => {
      const limit = REGISTER_PER_PREFIX_PER_MINUTE;
      const v4 = await from(
        () => registerRequest(server.origin),
        range(limit + 5, (i) => `198.51.100.${i}`),
      );
      assert.equal(count(v4, 201), limit);
      assert.equal(count(v4, 429), 5);
      // The same network written as IPv4-mapped IPv6, as a dual-stack socket reports it.
      assert.deepEqual(
        await from(() => registerRequest(server.origin), ["::ffff:198.51.100.200"]),
        [
          429,
        ],
      );
      // The answer is the spec's 429.
      const refused = await server.fetchApp(registerRequest(server.origin), "198.51.100.99");
      assert.equal(refused.status, 429);
      const body = await refused.json();
      assert.deepEqual(Object.keys(body).sort(), ["error", "retry_after"]);
      assert.equal(refused.headers.get("retry-after"), String(body.retry_after));
      // Neighbouring networks keep their budgets.
      assert.deepEqual(
        await from(() => registerRequest(server.origin), ["198.51.101.1", "::ffff:198.51.99.1"]),
        [201, 201],
      );

      const v6 = await from(
        () => registerRequest(server.origin),
        range(limit + 5, (i) => `2001:db8:1:2:${i.toString(16)}::${i}`),
      );
      assert.equal(count(v6, 201), limit);
      assert.equal(count(v6, 429), 5);
      assert.deepEqual(
        await from(() => registerRequest(server.origin), [
          "[2001:db8:1:2::ffff]",
          "2001:db8:1:3::1",
        ]),
        [429, 201],
      );
    });

    const client = await (await register(server)).json();
    const consentPage = () =>
      new Request(authorizeUrl(server.origin, client.client_id, "v".repeat(43)));
    const badCode = () =>
      new Request(`${server.origin}/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code: "not-a-code",
          code_verifier: "v".repeat(43),
          client_id: client.client_id,
          redirect_uri: REDIRECT,
        }),
      });

    await t.step("the consent page, per network", async () => {
      const limit = AUTHORIZE_PER_PREFIX_PER_MINUTE;
      const flood = await from(consentPage, range(limit + 5, (i) => `203.0.113.${i}`));
      assert.equal(count(flood, 200), limit);
      assert.equal(count(flood, 429), 5);
      assert.deepEqual(await from(consentPage, ["203.0.114.1"]), [200]);
    });

    await t.step("the token endpoint, per network and apart from the consent page", async () => {
      const limit = TOKEN_PER_PREFIX_PER_MINUTE;
      // The network that used up its consent pages still has its token budget.
      const flood = await from(badCode, range(limit + 5, (i) => `203.0.113.${i}`));
      assert.equal(count(flood, 400), limit);
      assert.equal(count(flood, 429), 5);
      assert.deepEqual(await from(badCode, ["203.0.114.1"]), [400]);
    });

    await t.step("a person on another network signs in and calls /mcp", async () => {
      // Over real HTTP: this test's own address, 127.0.0.1.
      const { tokens } = await signIn(server, client.client_id);
      assert.equal((await listTools(server, tokens.access_token)).status, 200);
    });
  });
});

Deno.test("clients stored by older versions still sign in; never-used ones are swept", async () => {
  await withOAuthServer({}, async (server, _kvPath, oauth, store) => {
    // Registrations used to be stored under a UUID, expiring after an hour unless used.
    const legacy = (): ClientRecord => ({
      client_id: crypto.randomUUID(),
      client_id_issued_at: Math.floor(Date.now() / 1000),
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      scope: "jobs:read",
    });
    const used = legacy();
    const pending = legacy();
    for (const client of [used, pending]) {
      await store.oauth.putOAuthRecord("client", client.client_id, client);
    }
    const { tokens } = await signIn(server, used.client_id);
    assert.equal((await listTools(server, tokens.access_token)).status, 200);
    const page = async (clientId: string) =>
      await (await server.fetch(authorizeUrl(server.origin, clientId, "v".repeat(43)))).text();
    assert.match(await page(pending.client_id), /Sign in to jobseek/);
    // The sweep as a server runs it, two hours on.
    const swept = await oauth.sweep(Date.now() + 2 * 60 * 60 * 1000);
    assert.equal(swept.pendingClients, 1);
    assert.match(await page(pending.client_id), /not registered here/);
    assert.match(await page(used.client_id), /Sign in to jobseek/);
  });
});

Deno.test("revoking a refresh token ends every access token of its sign-in: /mcp answers 401 invalid_token", async () => {
  await withOAuthServer({}, async (server) => {
    const { clientId, tokens } = await signIn(server);
    // A second sign-in of the same client and person is another grant, and stays.
    const other = await signIn(server, clientId);
    // After one rotation the sign-in holds two live access tokens: rotation lets the first run
    // out on its own, so only revoking the grant can end it now.
    const rotated = await form(server, "/oauth/token", {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
      client_id: clientId,
    });
    assert.equal(rotated.status, 200);
    const next = await rotated.json();
    const accessTokens = [tokens.access_token, next.access_token];
    for (const token of accessTokens) assert.equal((await listTools(server, token)).status, 200);

    const revoked = await form(server, "/oauth/revoke", {
      token: next.refresh_token,
      token_type_hint: "refresh_token",
      client_id: clientId,
    });
    assert.equal(revoked.status, 200);
    await revoked.body?.cancel();

    for (const token of accessTokens) {
      const after = await mcp(server, token);
      // MCP authorization: 401 with the RFC 9728 pointer to the protected-resource metadata and
      // the RFC 6750 error, which tells the client to sign in again.
      assert.equal(after.status, 401);
      const challenge = after.headers.get("www-authenticate") ?? "";
      assert.ok(
        challenge.startsWith(
          `Bearer resource_metadata="${server.origin}/.well-known/oauth-protected-resource", ` +
            `scope="jobs:read", error="invalid_token", error_description="`,
        ),
        challenge,
      );
      assert.match(after.headers.get("content-type") ?? "", /^application\/json/);
      assert.deepEqual(await after.json(), {
        jsonrpc: "2.0",
        error: { code: -32600, message: "Unauthorized: invalid or expired token" },
        id: null,
      });
    }
    const refresh = await form(server, "/oauth/token", {
      grant_type: "refresh_token",
      refresh_token: next.refresh_token,
      client_id: clientId,
    });
    assert.equal(refresh.status, 400);
    assert.equal((await refresh.json()).error, "invalid_grant");
    assert.equal((await listTools(server, other.tokens.access_token)).status, 200);
  });
});

Deno.test("a replayed refresh token ends every token of its grant", async () => {
  await withOAuthServer({}, async (server) => {
    const { clientId, tokens } = await signIn(server);
    const refresh = (token: string) =>
      form(server, "/oauth/token", {
        grant_type: "refresh_token",
        refresh_token: token,
        client_id: clientId,
      });
    const rotated = await refresh(tokens.refresh_token);
    assert.equal(rotated.status, 200);
    const next = await rotated.json();
    const before = await mcp(server, next.access_token);
    assert.equal(before.status, 200);
    await before.body?.cancel();

    const replay = await refresh(tokens.refresh_token);
    assert.equal(replay.status, 400);
    const body = await replay.json();
    assert.equal(body.error, "invalid_grant");
    assert.match(body.error_description, /already used/);
    // The tokens issued from the replayed one are gone too.
    for (const token of [tokens.access_token, next.access_token]) {
      const after = await mcp(server, token);
      assert.equal(after.status, 401);
      await after.body?.cancel();
    }
    const stolen = await refresh(next.refresh_token);
    assert.equal(stolen.status, 400);
    await stolen.body?.cancel();
  });
});

Deno.test({
  name: "a flood of /oauth requests from one address gets 429s and grows the store < 256 KB",
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  const dir = await Deno.makeTempDir({ prefix: "jobseek_flood_" });
  const kvPath = `${dir}/kv.sqlite3`;
  const server = await startServerInWorker({ JOBSEEK_KV: kvPath });
  const size = async () => {
    let total = 0;
    for (const suffix of ["", "-wal", "-shm"]) {
      total += await Deno.stat(kvPath + suffix).then((s) => s.size, () => 0);
    }
    return total;
  };
  try {
    // Behind the connection guard the issuer is still the address the client used.
    const meta =
      await (await server.fetch(`${server.origin}/.well-known/oauth-authorization-server`)).json();
    assert.equal(meta.issuer, server.origin);
    const client = await (await register(server)).json();
    const consentUrl = authorizeUrl(server.origin, client.client_id, "v".repeat(43));
    const before = await size();
    const statuses = new Map<number, number>();
    // A count, not a time: the same flood on a fast machine and a slow one. 4 s of it used to be
    // 15,000-19,000 requests (and 7 CPU-seconds); the store grew 12 KB, the 9 registrations
    // admitted, so the bound below still catches a few bytes stored per request.
    const clients = 8;
    await Promise.all(Array.from({ length: clients }, async (_, i) => {
      for (let sent = i; sent < FLOOD_REQUESTS; sent += clients) {
        const response = i % 2 === 0 ? await register(server) : await server.fetch(consentUrl);
        await response.body?.cancel();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }));
    const grown = (await size()) - before;
    const summary = JSON.stringify(Object.fromEntries(statuses));
    assert.ok((statuses.get(429) ?? 0) > 0, summary);
    assert.ok(![...statuses.keys()].some((code) => code >= 500), summary);
    assert.ok((statuses.get(201) ?? 0) < REGISTER_PER_PREFIX_PER_MINUTE, summary);
    assert.equal([...statuses.values()].reduce((a, b) => a + b, 0), FLOOD_REQUESTS);
    assert.ok(grown < 256 * 1024, `store grew by ${grown} bytes`);
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
});
