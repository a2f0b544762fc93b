/**
 * The OAuth endpoints need no credentials, so what they may cost is bounded: no store write for a
 * consent page, a cap and an expiry for registrations, per-address limits, a sweep; and a
 * replayed refresh token ends its whole grant. The flood runs against a real server process.
 */
import { strict as assert } from "node:assert";
import { OAuthServer, type OAuthServerOptions, pkceChallenge } from "../src/auth/oauth_server.ts";
import { randomSecret } from "../src/crypto.ts";
import { REGISTER_PER_ADDRESS_PER_MINUTE } from "../src/http/address_limit.ts";
import { openStore } from "../src/store/store.ts";
import { createTestSearch, defaultTestJobs } from "./helpers.ts";
import { startServerProcess } from "./server_process.ts";
import { startTestServer, type TestServer } from "./test_server.ts";

const REDIRECT = "http://127.0.0.1:53682/callback";
const MCP_HEADERS = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
};

async function register(url: string): Promise<Response> {
  return await fetch(`${url}/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ redirect_uris: [REDIRECT], client_name: "flood" }),
  });
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

function form(url: string, path: string, fields: Record<string, string>): Promise<Response> {
  return fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

/** Registers a client and signs in with the server's key; the tokens and the client id. */
async function signIn(server: TestServer) {
  const client = await (await register(server.url)).json();
  const verifier = randomSecret();
  const page = await (await fetch(authorizeUrl(server.url, client.client_id, verifier)))
    .text();
  const consent = page.match(/name="consent" value="([^"]+)"/)![1];
  const approved = await form(server.url, "/oauth/authorize", {
    consent,
    api_key: server.key,
    decision: "approve",
  });
  await approved.body?.cancel();
  const code = new URL(approved.headers.get("location")!).searchParams.get("code")!;
  const tokens = await (await form(server.url, "/oauth/token", {
    grant_type: "authorization_code",
    code,
    code_verifier: verifier,
    client_id: client.client_id,
    redirect_uri: REDIRECT,
  })).json();
  return { clientId: client.client_id as string, tokens };
}

async function countEntries(path: string): Promise<number> {
  const kv = await Deno.openKv(path);
  let n = 0;
  for await (const _ of kv.list({ prefix: [] })) n++;
  kv.close();
  return n;
}

async function withOAuthServer(
  options: OAuthServerOptions,
  test: (server: TestServer, kvPath: string, oauth: OAuthServer) => Promise<void>,
): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "jobseek_oauth_" });
  const kvPath = `${dir}/kv.sqlite3`;
  const store = await openStore(kvPath);
  const search = await createTestSearch({ jobs: await defaultTestJobs(4) });
  let oauth: OAuthServer | undefined;
  const server = await startTestServer(store, search.service, {
    oauth: (apiKeys) => oauth = new OAuthServer(store, apiKeys, options),
  });
  try {
    await test(server, kvPath, oauth!);
  } finally {
    await server.close();
    await search.close();
    store.close();
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("showing the consent page writes nothing to the store", async () => {
  await withOAuthServer({}, async (server, kvPath) => {
    const client = await (await register(server.url)).json();
    const url = authorizeUrl(server.url, client.client_id, "v".repeat(43));
    // The first page creates the shared signing key: one entry, once.
    await (await fetch(url)).body?.cancel();
    const before = await countEntries(kvPath);
    for (let i = 0; i < 200; i++) {
      const response = await fetch(url);
      assert.equal(response.status, 200);
      await response.body?.cancel();
    }
    assert.equal(await countEntries(kvPath), before);
  });
});

Deno.test("registrations are capped, answered 429 in the spec's shape", async () => {
  await withOAuthServer({ maxRegistrationsPerHour: 3 }, async (server) => {
    for (let i = 0; i < 3; i++) {
      const response = await register(server.url);
      assert.equal(response.status, 201);
      await response.body?.cancel();
    }
    const refused = await register(server.url);
    assert.equal(refused.status, 429);
    const body = await refused.json();
    assert.deepEqual(Object.keys(body).sort(), ["error", "retry_after"]);
    assert.equal(body.error, "Rate limit exceeded");
    assert.equal(refused.headers.get("retry-after"), String(body.retry_after));
  });
});

Deno.test("clients that never sign in are swept; clients that did stay", async () => {
  await withOAuthServer({}, async (server, _kvPath, oauth) => {
    const signedIn = await signIn(server);
    const pending = await (await register(server.url)).json();
    const page = async (clientId: string) =>
      await (await fetch(authorizeUrl(server.url, clientId, "v".repeat(43)))).text();
    assert.match(await page(pending.client_id), /Sign in to jobseek/);
    // The sweep as a server runs it, two hours on.
    const swept = await oauth.sweep(Date.now() + 2 * 60 * 60 * 1000);
    assert.equal(swept.pendingClients, 1);
    assert.match(await page(pending.client_id), /not registered here/);
    assert.match(await page(signedIn.clientId), /Sign in to jobseek/);
  });
});

Deno.test("a replayed refresh token ends every token of its grant", async () => {
  await withOAuthServer({}, async (server) => {
    const { clientId, tokens } = await signIn(server);
    const refresh = (token: string) =>
      form(server.url, "/oauth/token", {
        grant_type: "refresh_token",
        refresh_token: token,
        client_id: clientId,
      });
    const rotated = await refresh(tokens.refresh_token);
    assert.equal(rotated.status, 200);
    const next = await rotated.json();
    const mcp = (token: string) =>
      fetch(`${server.url}/mcp`, {
        method: "POST",
        headers: { ...MCP_HEADERS, authorization: `Bearer ${token}` },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
    const before = await mcp(next.access_token);
    assert.equal(before.status, 200);
    await before.body?.cancel();

    const replay = await refresh(tokens.refresh_token);
    assert.equal(replay.status, 400);
    const body = await replay.json();
    assert.equal(body.error, "invalid_grant");
    assert.match(body.error_description, /already used/);
    // The tokens issued from the replayed one are gone too.
    for (const token of [tokens.access_token, next.access_token]) {
      const after = await mcp(token);
      assert.equal(after.status, 401);
      await after.body?.cancel();
    }
    const stolen = await refresh(next.refresh_token);
    assert.equal(stolen.status, 400);
    await stolen.body?.cancel();
  });
});

Deno.test({
  name: "a flood of /oauth requests from one address gets 429s and grows the store < 5 MB",
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  const dir = await Deno.makeTempDir({ prefix: "jobseek_flood_" });
  const kvPath = `${dir}/kv.sqlite3`;
  const server = await startServerProcess({ JOBSEEK_KV: kvPath });
  const size = async () => {
    let total = 0;
    for (const suffix of ["", "-wal", "-shm"]) {
      total += await Deno.stat(kvPath + suffix).then((s) => s.size, () => 0);
    }
    return total;
  };
  try {
    // Behind the connection guard the issuer is still the address the client used.
    const meta = await (await fetch(`${server.url}/.well-known/oauth-authorization-server`)).json();
    assert.equal(meta.issuer, server.url);
    const client = await (await register(server.url)).json();
    const consentUrl = authorizeUrl(server.url, client.client_id, "v".repeat(43));
    const before = await size();
    const statuses = new Map<number, number>();
    const until = performance.now() + 4000;
    await Promise.all(Array.from({ length: 8 }, async (_, i) => {
      while (performance.now() < until) {
        const response = i % 2 === 0 ? await register(server.url) : await fetch(consentUrl);
        await response.body?.cancel();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }));
    const grown = (await size()) - before;
    const summary = JSON.stringify(Object.fromEntries(statuses));
    assert.ok((statuses.get(429) ?? 0) > 0, summary);
    assert.ok(![...statuses.keys()].some((code) => code >= 500), summary);
    assert.ok((statuses.get(201) ?? 0) < REGISTER_PER_ADDRESS_PER_MINUTE, summary);
    assert.ok(grown < 5 * 1024 * 1024, `store grew by ${grown} bytes`);
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
});
