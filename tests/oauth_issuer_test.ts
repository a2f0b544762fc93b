/**
 * `/mcp` behind an external issuer (JOBSEEK_OAUTH_ISSUER): a real OpenID provider
 * (`oidc-provider`, the certified Node.js implementation) runs in this process on 127.0.0.1 and
 * issues JWT access tokens by the client_credentials grant with a resource indicator (RFC 8707);
 * jobseek discovers it, fetches its keys and takes or refuses its tokens. Tokens the provider
 * would not issue (expired in a set way, signed with a key it does not publish, from another
 * issuer) are signed here with its own private keys or a stranger's.
 *
 * @module
 */
import { strict as assert } from "node:assert";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import Provider from "oidc-provider";
import {
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  SignJWT,
} from "jose";
// @ts-types="@modelcontextprotocol/sdk/client/index"
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CLOCK_TOLERANCE_SECONDS, ExternalIssuerVerifier } from "../src/auth/external_issuer.ts";
import { silentLogger } from "../src/log.ts";
import { createTestSearch, defaultTestJobs, type TestSearch } from "./helpers.ts";
import { MCP_HEADERS } from "./mcp_server.ts";
import { refusedPort, startServerInWorker } from "./server_process.ts";
import { startTestServer, type TestServer } from "./test_server.ts";

const LIST_TOOLS = { jsonrpc: "2.0", id: 1, method: "tools/list" };
/** Lifetime of the provider's access tokens, in seconds. */
const TOKEN_TTL = 60;
/** Machine clients of the provider; each test step uses its own, so rate budgets stay apart. */
const CLIENTS = ["agent", "agent-es", "rate-1", "rate-2", "late", "rotate", "process"];
const SECRET = "test-secret";

type PrivateJwk = JWK & { kid: string; alg: string };

async function signingKey(alg: "RS256" | "ES256", kid: string): Promise<PrivateJwk> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  return { ...(await exportJWK(privateKey)), kid, alg, use: "sig" };
}

/**
 * An OpenID provider on 127.0.0.1. `restart(keys)` replaces it by a new one with other keys at
 * the same address, as an operator's rotation would; `hideOidcDiscovery` makes it answer only the
 * RFC 8414 discovery path.
 */
class TestIssuer {
  readonly url: string;
  keys: PrivateJwk[];
  hideOidcDiscovery = false;
  #handler: (req: IncomingMessage, res: ServerResponse) => void;
  readonly #server: ReturnType<typeof createServer>;

  private constructor(server: ReturnType<typeof createServer>, url: string, keys: PrivateJwk[]) {
    this.#server = server;
    this.url = url;
    this.keys = keys;
    this.#handler = this.#provider(keys).callback();
    server.on("request", (req, res) => {
      if (req.url === "/.well-known/openid-configuration" && this.hideOidcDiscovery) {
        res.writeHead(404).end();
        return;
      }
      if (req.url === "/.well-known/oauth-authorization-server" && this.hideOidcDiscovery) {
        req.url = "/.well-known/openid-configuration";
      }
      this.#handler(req, res);
    });
  }

  static async start(keys: PrivateJwk[]): Promise<TestIssuer> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    return new TestIssuer(server, `http://127.0.0.1:${port}`, keys);
  }

  #provider(keys: PrivateJwk[]): Provider {
    return new Provider(this.url, {
      jwks: { keys },
      clients: CLIENTS.map((clientId) => ({
        client_id: clientId,
        client_secret: SECRET,
        grant_types: ["client_credentials"],
        redirect_uris: [],
        response_types: [],
      })),
      features: {
        clientCredentials: { enabled: true },
        devInteractions: { enabled: false },
        resourceIndicators: {
          enabled: true,
          defaultResource: () => "urn:unused",
          // Any resource may be asked for: a token for another API is how a wrong audience looks.
          getResourceServerInfo: (
            _ctx: unknown,
            audience: string,
            client: { clientId: string },
          ) => ({
            audience,
            scope: "jobs:read",
            accessTokenFormat: "jwt",
            accessTokenTTL: TOKEN_TTL,
            jwt: { sign: { alg: client.clientId === "agent-es" ? "ES256" : "RS256" } },
          }),
        },
      },
      ttl: { ClientCredentials: TOKEN_TTL },
    });
  }

  /** The provider restarted with `keys` (the first of each algorithm signs). */
  restart(keys: PrivateJwk[]): void {
    this.keys = keys;
    this.#handler = this.#provider(keys).callback();
  }

  /** An access token from the provider's token endpoint: client_credentials for `resource`. */
  async token(clientId: string, resource: string): Promise<string> {
    const response = await fetch(`${this.url}/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${btoa(`${clientId}:${SECRET}`)}`,
      },
      body: new URLSearchParams({ grant_type: "client_credentials", resource, scope: "jobs:read" }),
    });
    const body = await response.json();
    assert.equal(response.status, 200, JSON.stringify(body));
    return body.access_token;
  }

  close(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

/** A JWT signed here with `key`, with the claims given (and `iat` now). */
async function mint(key: PrivateJwk, claims: Record<string, unknown>): Promise<string> {
  return await new SignJWT(claims)
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: "at+jwt" })
    .setIssuedAt()
    .sign(await importJWK(key, key.alg));
}

function postMcp(url: string, token: string, headers: Record<string, string> = {}) {
  return fetch(`${url}/mcp`, {
    method: "POST",
    headers: { ...MCP_HEADERS, authorization: `Bearer ${token}`, ...headers },
    body: JSON.stringify(LIST_TOOLS),
  });
}

/** Asserts the 401 of a refused token and returns its error_description. */
async function assertRefused(server: TestServer, token: string): Promise<string> {
  const response = await postMcp(server.url, token);
  const text = await response.text();
  assert.equal(response.status, 401, text.slice(0, 300));
  assert.deepEqual(JSON.parse(text), {
    jsonrpc: "2.0",
    error: { code: -32600, message: "Unauthorized: invalid or expired token" },
    id: null,
  });
  const challenge = response.headers.get("www-authenticate") ?? "";
  const metadata = `${server.url}/.well-known/oauth-protected-resource`;
  const match = challenge.match(
    /^Bearer resource_metadata="([^"]*)", error="invalid_token", error_description="([^"]*)"$/,
  );
  assert.ok(match, challenge);
  assert.equal(match[1], metadata);
  // What is wrong with the token, in words: never a library's error code or a stack.
  assert.doesNotMatch(match[2], /ERR_|jose|JWS|at .*:\d+/);
  return match[2];
}

interface Setup {
  issuer: TestIssuer;
  keys: { rsa: PrivateJwk; ec: PrivateJwk };
  search: TestSearch;
}

async function withIssuer(test: (setup: Setup) => Promise<void>): Promise<void> {
  const keys = { rsa: await signingKey("RS256", "rsa-1"), ec: await signingKey("ES256", "ec-1") };
  const issuer = await TestIssuer.start([keys.rsa, keys.ec]);
  const search = await createTestSearch({ jobs: await defaultTestJobs(4) });
  try {
    await test({ issuer, keys, search });
  } finally {
    await search.close();
    await issuer.close();
  }
}

function startJobseek(
  setup: Setup,
  verifier: { keysCooldownMs?: number; now?: () => number; issuer?: string } = {},
): Promise<TestServer> {
  const issuer = verifier.issuer ?? setup.issuer.url;
  return startTestServer(setup.search.store, setup.search.service, {
    env: { JOBSEEK_OAUTH_ISSUER: issuer },
    tokenVerifier: new ExternalIssuerVerifier({ ...verifier, issuer, logger: silentLogger }),
    rateLimit: 5,
  });
}

Deno.test({
  name: "/mcp takes the external issuer's JWTs and refuses the ones that do not verify",
}, async (t) => {
  await withIssuer(async (setup) => {
    let clockSkewMs = 0;
    const server = await startJobseek(setup, { now: () => Date.now() + clockSkewMs });
    const resource = `${server.url}/mcp`;
    try {
      await t.step("the metadata names the issuer; the built-in server is off", async () => {
        const response = await fetch(`${server.url}/.well-known/oauth-protected-resource`);
        assert.deepEqual(await response.json(), {
          resource,
          authorization_servers: [setup.issuer.url],
          bearer_methods_supported: ["header"],
          resource_name: "jobseek",
        });
        for (
          const [method, path] of [
            ["GET", "/.well-known/oauth-authorization-server"],
            ["POST", "/oauth/register"],
            ["GET", "/oauth/authorize?client_id=x"],
            ["POST", "/oauth/token"],
            ["POST", "/oauth/revoke"],
          ]
        ) {
          const answer = await fetch(`${server.url}${path}`, { method });
          assert.equal(answer.status, 404, path);
          await answer.body?.cancel();
        }
        const anonymous = await fetch(`${server.url}/mcp`, {
          method: "POST",
          headers: MCP_HEADERS,
          body: JSON.stringify(LIST_TOOLS),
        });
        assert.equal(anonymous.status, 401);
        assert.equal(
          anonymous.headers.get("www-authenticate"),
          `Bearer resource_metadata="${server.url}/.well-known/oauth-protected-resource"`,
        );
        await anonymous.body?.cancel();
      });

      await t.step("a token of the provider (RS256) lets the MCP SDK's client in", async () => {
        const token = await setup.issuer.token("agent", resource);
        const client = new Client({ name: "issuer-test", version: "1.0.0" });
        await client.connect(
          new StreamableHTTPClientTransport(new URL(resource), {
            requestInit: { headers: { authorization: `Bearer ${token}` } },
          }),
        );
        try {
          const { tools } = await client.listTools();
          assert.deepEqual(tools.map((tool) => tool.name).sort(), ["list_cities", "search_jobs"]);
        } finally {
          await client.close();
        }
      });

      await t.step("an ES256 token of the provider is taken too", async () => {
        const token = await setup.issuer.token("agent-es", resource);
        assert.equal(decodeProtectedHeader(token).alg, "ES256");
        const response = await postMcp(server.url, token);
        assert.equal(response.status, 200);
        assert.equal((await response.json()).result.tools.length, 2);
      });

      await t.step("a token for another API (audience) is refused", async () => {
        const token = await setup.issuer.token("agent", "https://other.example/api");
        assert.equal(
          await assertRefused(server, token),
          "The token is not meant for this server (aud)",
        );
      });

      await t.step("an expired token is refused; the clock tolerance is honoured", async () => {
        const token = await setup.issuer.token("late", resource);
        // Past `exp`, but by less than the tolerance: still taken.
        clockSkewMs = (TOKEN_TTL + CLOCK_TOLERANCE_SECONDS / 2) * 1000;
        const within = await postMcp(server.url, token);
        assert.equal(within.status, 200);
        await within.body?.cancel();
        clockSkewMs = (TOKEN_TTL + CLOCK_TOLERANCE_SECONDS + 5) * 1000;
        assert.equal(await assertRefused(server, token), "The token has expired");
        clockSkewMs = 0;
      });

      await t.step("a token not valid yet (nbf) is refused", async () => {
        const now = Math.floor(Date.now() / 1000);
        const token = await mint(setup.keys.rsa, {
          iss: setup.issuer.url,
          aud: resource,
          sub: "agent",
          nbf: now + CLOCK_TOLERANCE_SECONDS + 60,
          exp: now + 600,
        });
        assert.equal(await assertRefused(server, token), "The token is not valid yet (nbf)");
      });

      await t.step("a token signed with a key the issuer does not publish is refused", async () => {
        const stranger = await signingKey("RS256", "rsa-1");
        const now = Math.floor(Date.now() / 1000);
        const claims = { iss: setup.issuer.url, aud: resource, sub: "agent", exp: now + 600 };
        // Same kid as the provider's key: the signature gives it away.
        assert.equal(
          await assertRefused(server, await mint(stranger, claims)),
          "The token's signature does not verify",
        );
        const unknown = { ...stranger, kid: "not-published" };
        assert.equal(
          await assertRefused(server, await mint(unknown, claims)),
          "The token is signed with a key the issuer does not publish",
        );
      });

      await t.step("a token of another issuer, or one that is no JWT, is refused", async () => {
        const now = Math.floor(Date.now() / 1000);
        const token = await mint(setup.keys.rsa, {
          iss: "https://elsewhere.example",
          aud: resource,
          sub: "agent",
          exp: now + 600,
        });
        assert.equal(
          await assertRefused(server, token),
          `The token was not issued by ${setup.issuer.url}`,
        );
        assert.equal(await assertRefused(server, "jsa_not-a-jwt"), "The token is not a JWT");
      });

      await t.step("the rate limit counts per token subject (sub)", async () => {
        const first = await setup.issuer.token("rate-1", resource);
        // Two tokens of one subject share its budget of 5 a minute.
        const again = await setup.issuer.token("rate-1", resource);
        const statuses = [];
        for (const token of [first, again, first, again, first, again]) {
          const response = await postMcp(server.url, token);
          statuses.push(response.status);
          await response.body?.cancel();
        }
        assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
        const other = await postMcp(server.url, await setup.issuer.token("rate-2", resource));
        assert.equal(other.status, 200);
        await other.body?.cancel();
      });

      await t.step("API keys keep working beside the issuer", async () => {
        const response = await fetch(`${server.url}/mcp`, {
          method: "POST",
          headers: { ...MCP_HEADERS, "x-api-key": server.key },
          body: JSON.stringify(LIST_TOOLS),
        });
        assert.equal(response.status, 200);
        await response.body?.cancel();
      });
    } finally {
      await server.close();
    }
  });
});

Deno.test({
  name: "after the provider rotates to a new key, its new tokens are taken",
}, async () => {
  await withIssuer(async (setup) => {
    const cooldownMs = 3000;
    const server = await startJobseek(setup, { keysCooldownMs: cooldownMs });
    const resource = `${server.url}/mcp`;
    try {
      const old = await setup.issuer.token("rotate", resource);
      const first = await postMcp(server.url, old);
      assert.equal(first.status, 200);
      await first.body?.cancel();
      const fetchedAt = performance.now();

      // Restarted with a new signing key first; the old one is still published for old tokens.
      const rotated = await signingKey("RS256", "rsa-2");
      setup.issuer.restart([rotated, setup.keys.rsa, setup.keys.ec]);
      const fresh = await setup.issuer.token("rotate", resource);
      assert.equal(decodeProtectedHeader(fresh).kid, "rsa-2");
      // Within the cooldown the keys are not fetched again, whatever kid a token names...
      if (performance.now() - fetchedAt < cooldownMs - 500) {
        assert.equal(
          await assertRefused(server, fresh),
          "The token is signed with a key the issuer does not publish",
        );
      }
      // ... after it, the unknown kid fetches them, and the new key is known from then on.
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, cooldownMs - (performance.now() - fetchedAt)) + 100)
      );
      for (const token of [fresh, old, fresh]) {
        const response = await postMcp(server.url, token);
        assert.equal(response.status, 200, await response.text());
      }
    } finally {
      await server.close();
    }
  });
});

Deno.test({
  name: "discovery: the RFC 8414 path is tried second; an issuer out of reach answers 503",
}, async () => {
  await withIssuer(async (setup) => {
    setup.issuer.hideOidcDiscovery = true;
    const server = await startJobseek(setup);
    // Metadata naming another issuer than the configured one is not used (RFC 8414 3.3).
    const port = new URL(setup.issuer.url).port;
    const misnamed = await startJobseek(setup, { issuer: `http://localhost:${port}` });
    const unreachable = await startJobseek(setup, {
      issuer: `http://127.0.0.1:${await refusedPort()}`,
    });
    try {
      const token = await setup.issuer.token("agent", `${server.url}/mcp`);
      const taken = await postMcp(server.url, token);
      assert.equal(taken.status, 200);
      await taken.body?.cancel();

      // Not the token's fault, so no invalid_token that would send the client to sign in again.
      for (const other of [misnamed, unreachable]) {
        const refused = await postMcp(other.url, token);
        assert.equal(refused.status, 503);
        assert.ok(Number(refused.headers.get("retry-after")) > 0);
        assert.equal(refused.headers.get("www-authenticate"), null);
        const body = await refused.json();
        assert.equal(body.error_code, "NOT_READY");
        assert.match(body.error, /issuer's metadata could not be fetched/);
      }
      // A valid API key beside the token still gets in.
      const withKey = await postMcp(misnamed.url, token, { "x-api-key": misnamed.key });
      assert.equal(withKey.status, 200);
      await withKey.body?.cancel();
    } finally {
      await unreachable.close();
      await misnamed.close();
      await server.close();
    }
  });
});

Deno.test({
  name: "jobseek serve with JOBSEEK_OAUTH_ISSUER serves the issuer's tokens and no /oauth",
}, async () => {
  await withIssuer(async (setup) => {
    const dir = await Deno.makeTempDir({ prefix: "jobseek_issuer_" });
    // `jobseek serve` as the command runs it, in this worker: the setting read from the
    // environment is the point (tests/cli_entry_test.ts has the process reading its own).
    const server = await startServerInWorker({
      JOBSEEK_KV: `${dir}/kv.sqlite3`,
      JOBSEEK_OAUTH_ISSUER: setup.issuer.url,
    });
    try {
      const metadata = await (await fetch(
        `${server.url}/.well-known/oauth-protected-resource`,
      )).json();
      assert.deepEqual(metadata.authorization_servers, [setup.issuer.url]);
      const register = await fetch(`${server.url}/oauth/register`, { method: "POST" });
      assert.equal(register.status, 404);
      await register.body?.cancel();
      const token = await setup.issuer.token("process", `${server.url}/mcp`);
      const response = await postMcp(server.url, token);
      assert.equal(response.status, 200, await response.clone().text());
      assert.equal((await response.json()).result.tools.length, 2);
      const wrong = await postMcp(
        server.url,
        await setup.issuer.token("process", "https://other.example/api"),
      );
      assert.equal(wrong.status, 401);
      await wrong.body?.cancel();
    } finally {
      await server.stop();
      await Deno.remove(dir, { recursive: true });
    }
  });
});
