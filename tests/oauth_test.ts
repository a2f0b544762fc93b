/**
 * jobseek as its own OAuth 2.1 authorization server, over real HTTP: metadata, registration, the
 * consent page, the token endpoint, and `/mcp` with the tokens it issues; then the MCP SDK's own
 * client-side OAuth (`auth()` through `StreamableHTTPClientTransport`) completing the login.
 *
 * @module
 */
import { strict as assert } from "node:assert";
// @ts-types="@modelcontextprotocol/sdk/shared/auth"
import {
  OAuthClientInformationFullSchema,
  type OAuthClientInformationMixed,
  type OAuthClientMetadata,
  OAuthMetadataSchema,
  OAuthProtectedResourceMetadataSchema,
  type OAuthTokens,
  OAuthTokensSchema,
} from "@modelcontextprotocol/sdk/shared/auth.js";
// @ts-types="@modelcontextprotocol/sdk/client/auth"
import {
  type OAuthClientProvider,
  UnauthorizedError,
} from "@modelcontextprotocol/sdk/client/auth.js";
// @ts-types="@modelcontextprotocol/sdk/client/index"
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CODE_TTL_MS, CONSENT_TTL_MS } from "../src/auth/oauth_authorization.ts";
import { ACCESS_TOKEN_TTL_MS, REFRESH_TOKEN_TTL_MS } from "../src/auth/oauth_grants.ts";
import { pkceChallenge } from "../src/auth/oauth_pkce.ts";
import { OAuthServer, type OAuthServerOptions } from "../src/auth/oauth_server.ts";
import { randomSecret } from "../src/crypto.ts";
import type { SearchService } from "../src/domain/service.ts";
import type { Store } from "../src/store/store.ts";
import { createTestSearch, defaultTestJobs } from "./helpers.ts";
import { MCP_HEADERS } from "./mcp_server.ts";
import { startTestServer, type TestServer } from "./test_server.ts";

const LIST_TOOLS = { jsonrpc: "2.0", id: 1, method: "tools/list" };
const REDIRECT = "http://127.0.0.1:53682/callback";
/** What Cursor registers (with https and loopback URIs beside it) and signs in with. */
const CURSOR_REDIRECT = "cursor://anysphere.cursor-mcp/oauth/callback";

function startOAuthServer(
  store: Store,
  service: SearchService,
  options: { env?: Record<string, string>; oauth?: OAuthServerOptions } = {},
): Promise<TestServer> {
  return startTestServer(store, service, {
    env: options.env,
    oauth: (apiKeys) => new OAuthServer(store, apiKeys, options.oauth),
    keyPrefix: "oauth",
  });
}

/** A PKCE verifier as clients make them: 32 random bytes in base64url (RFC 7636 4.1). */
function randomVerifier(): string {
  return randomSecret();
}

async function json(response: Response): Promise<Record<string, unknown>> {
  assert.match(response.headers.get("content-type") ?? "", /^application\/json/);
  return await response.json();
}

async function register(
  server: TestServer,
  metadata: Record<string, unknown>,
): Promise<Response> {
  return await fetch(`${server.url}/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(metadata),
  });
}

async function registerClient(
  server: TestServer,
  metadata: Record<string, unknown> = {},
): Promise<Record<string, unknown> & { client_id: string }> {
  const response = await register(server, { redirect_uris: [REDIRECT], ...metadata });
  const body = await json(response);
  assert.equal(response.status, 201, JSON.stringify(body));
  return body as Record<string, unknown> & { client_id: string };
}

function authorizeUrl(server: TestServer, params: Record<string, string>): string {
  return `${server.url}/oauth/authorize?${new URLSearchParams(params)}`;
}

/** The parameters of a good authorization request for `clientId`, and its verifier. */
function authorizeParams(
  clientId: string,
  extra: Record<string, string> = {},
): { params: Record<string, string>; verifier: string } {
  const verifier = randomVerifier();
  return {
    verifier,
    params: {
      response_type: "code",
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_challenge: pkceChallenge(verifier),
      code_challenge_method: "S256",
      state: "st-" + crypto.randomUUID(),
      scope: "jobs:read",
      ...extra,
    },
  };
}

/** The one-time form token of a consent page. */
function formTokenOf(page: string): string {
  const match = page.match(/name="consent" value="([^"]+)"/);
  assert.ok(match, `no consent form token in: ${page.slice(0, 300)}`);
  return match[1];
}

async function openConsentPage(url: string): Promise<{ response: Response; page: string }> {
  const response = await fetch(url, { redirect: "manual" });
  return { response, page: await response.text() };
}

async function postConsent(
  server: TestServer,
  form: Record<string, string>,
): Promise<Response> {
  return await fetch(`${server.url}/oauth/authorize`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
    redirect: "manual",
  });
}

/** Follows the consent page with `apiKey` and returns the redirect's query parameters. */
async function consent(
  server: TestServer,
  url: string,
  apiKey: string,
  decision = "approve",
): Promise<URLSearchParams> {
  const { response, page } = await openConsentPage(url);
  assert.equal(response.status, 200, page);
  const answer = await postConsent(server, {
    consent: formTokenOf(page),
    api_key: apiKey,
    decision,
  });
  await answer.body?.cancel();
  assert.equal(answer.status, 303);
  const location = new URL(answer.headers.get("location")!);
  assert.equal(location.origin + location.pathname, REDIRECT);
  return location.searchParams;
}

async function tokenRequest(
  server: TestServer,
  params: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return await fetch(`${server.url}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(params),
  });
}

/** Registers nothing: runs authorize → consent → code for `clientId`; returns code and verifier. */
async function obtainCode(
  server: TestServer,
  clientId: string,
  extra: Record<string, string> = {},
): Promise<{ code: string; verifier: string; state: string }> {
  const { params, verifier } = authorizeParams(clientId, extra);
  const result = await consent(server, authorizeUrl(server, params), server.key);
  assert.equal(result.get("error"), null, result.get("error_description") ?? "");
  assert.equal(result.get("state"), params.state);
  assert.equal(result.get("iss"), server.url);
  return { code: result.get("code")!, verifier, state: params.state };
}

async function obtainTokens(server: TestServer, clientId: string): Promise<OAuthTokens> {
  const { code, verifier } = await obtainCode(server, clientId);
  const response = await tokenRequest(server, {
    grant_type: "authorization_code",
    code,
    code_verifier: verifier,
    client_id: clientId,
    redirect_uri: REDIRECT,
  });
  const body = await json(response);
  assert.equal(response.status, 200, JSON.stringify(body));
  return OAuthTokensSchema.parse(body);
}

async function postMcp(
  server: TestServer,
  headers: Record<string, string>,
): Promise<Response> {
  return await fetch(`${server.url}/mcp`, {
    method: "POST",
    headers: { ...MCP_HEADERS, ...headers },
    body: JSON.stringify(LIST_TOOLS),
  });
}

/** Asserts an RFC 6749 error answer and returns its description. */
async function assertOAuthError(response: Response, status: number, error: string) {
  const body = await json(response);
  assert.equal(response.status, status, JSON.stringify(body));
  assert.equal(body.error, error, JSON.stringify(body));
  assert.equal(typeof body.error_description, "string");
  assert.equal(response.headers.get("cache-control"), "no-store");
  return body.error_description as string;
}

async function assertInvalidToken(server: TestServer, token: string): Promise<void> {
  const response = await postMcp(server, { authorization: `Bearer ${token}` });
  assert.equal(response.status, 401);
  assert.equal((await response.json()).error.code, -32600);
  assert.equal(
    response.headers.get("www-authenticate")?.startsWith(
      `Bearer resource_metadata="${server.url}/.well-known/oauth-protected-resource", ` +
        `scope="jobs:read", error="invalid_token"`,
    ),
    true,
  );
}

Deno.test("OAuth authorization server: metadata, registration, code flow, tokens on /mcp", async (t) => {
  const search = await createTestSearch({ jobs: await defaultTestJobs(20) });
  const server = await startOAuthServer(search.store, search.service);
  try {
    await t.step(
      "metadata: RFC 9728 resource names RFC 8414 server with our endpoints",
      async () => {
        const prmResponse = await fetch(`${server.url}/.well-known/oauth-protected-resource`);
        const prm = OAuthProtectedResourceMetadataSchema.parse(await prmResponse.json());
        assert.deepEqual(prm.authorization_servers, [server.url]);
        const response = await fetch(
          `${prm.authorization_servers![0]}/.well-known/oauth-authorization-server`,
        );
        assert.equal(response.status, 200);
        assert.equal(response.headers.get("access-control-allow-origin"), "*");
        const meta = OAuthMetadataSchema.parse(await json(response));
        assert.equal(meta.issuer, server.url);
        assert.equal(meta.authorization_endpoint, `${server.url}/oauth/authorize`);
        assert.equal(meta.token_endpoint, `${server.url}/oauth/token`);
        assert.equal(meta.registration_endpoint, `${server.url}/oauth/register`);
        assert.equal(meta.revocation_endpoint, `${server.url}/oauth/revoke`);
        assert.deepEqual(meta.response_types_supported, ["code"]);
        assert.deepEqual(meta.grant_types_supported, ["authorization_code", "refresh_token"]);
        assert.deepEqual(meta.code_challenge_methods_supported, ["S256"]);
        assert.ok(meta.token_endpoint_auth_methods_supported?.includes("none"));
        assert.deepEqual(meta.scopes_supported, ["jobs:read"]);
        // Browser-based clients fetch these cross-origin.
        const preflight = await fetch(`${server.url}/oauth/token`, {
          method: "OPTIONS",
          headers: {
            origin: "http://localhost:6274",
            "access-control-request-method": "POST",
            "access-control-request-headers": "content-type",
          },
        });
        await preflight.body?.cancel();
        assert.equal(preflight.status, 204);
        assert.equal(preflight.headers.get("access-control-allow-origin"), "*");
      },
    );

    await t.step("registration accepts https, loopback http and native app schemes", async () => {
      for (
        const uri of [
          "https://claude.ai/api/mcp/auth_callback",
          "http://localhost:6274/oauth/callback",
          "http://127.0.0.1:33418/",
          "http://[::1]:8080/cb?x=1",
          CURSOR_REDIRECT,
          "vscode://vscode.github-authentication/did-authenticate",
          "com.example.app:/oauth2redirect",
        ]
      ) {
        const client = await registerClient(server, { redirect_uris: [uri], client_name: "A" });
        const info = OAuthClientInformationFullSchema.parse(client);
        assert.deepEqual(info.redirect_uris, [uri]);
        assert.equal(typeof info.client_id, "string");
        assert.equal(info.token_endpoint_auth_method, "none");
        assert.equal(info.client_secret, undefined);
        assert.equal(info.client_name, "A");
        assert.equal(info.scope, "jobs:read");
      }
    });

    await t.step("registration refuses other redirect URIs and bad metadata", async () => {
      for (
        const uris of [
          ["http://example.com/callback"],
          ["http://192.168.1.5/callback"],
          ["javascript:alert(1)"],
          ["data:text/html,<h1>x</h1>"],
          ["file:///etc/passwd"],
          ["wss://example.com/cb"],
          ["cursor://anysphere.cursor-mcp/oauth/callback#x"],
          ["https://example.com/cb#fragment"],
          ["/relative/callback"],
          [""],
          [],
          "https://example.com/not-an-array",
          ["https://good.example.com/cb", "http://bad.example.com/cb"],
        ]
      ) {
        const response = await register(server, { redirect_uris: uris });
        await assertOAuthError(response, 400, "invalid_redirect_uri");
      }
      await assertOAuthError(await register(server, {}), 400, "invalid_redirect_uri");
      // One bad URI among good ones: the whole registration is refused, naming the bad one.
      const mixed = await register(server, {
        redirect_uris: [CURSOR_REDIRECT, "http://127.0.0.1:33418/", "http://evil.example/cb"],
      });
      assert.equal(
        await assertOAuthError(mixed, 400, "invalid_redirect_uri"),
        "Invalid redirect URI 'http://evil.example/cb': it must use https; http only on " +
          "localhost, 127.0.0.1 or [::1]",
      );
      await assertOAuthError(
        await register(server, { redirect_uris: [REDIRECT], grant_types: ["client_credentials"] }),
        400,
        "invalid_client_metadata",
      );
      await assertOAuthError(
        await register(server, {
          redirect_uris: [REDIRECT],
          token_endpoint_auth_method: "private_key_jwt",
        }),
        400,
        "invalid_client_metadata",
      );
      // Field types and URLs as the MCP SDK's RFC 7591 schema has them; the field is named.
      const malformed: [Record<string, unknown>, RegExp][] = [
        [{ client_name: 42 }, /^client_name: /],
        [{ grant_types: "authorization_code" }, /^grant_types: /],
        [{ logo_uri: "javascript:alert(1)" }, /^logo_uri: /],
        [{ client_uri: "not a url" }, /^client_uri: /],
        [{ contacts: "ops@example.com" }, /^contacts: /],
        [{ client_name: "x".repeat(201) }, /^client_name must be a string of at most 200/],
        [{ client_uri: "http://example.com/" }, /^client_uri must be an https URL$/],
      ];
      for (const [fields, description] of malformed) {
        const response = await register(server, { redirect_uris: [REDIRECT], ...fields });
        assert.match(
          await assertOAuthError(response, 400, "invalid_client_metadata"),
          description,
          JSON.stringify(fields),
        );
      }
      // Null stands for a field left out, as some clients send it.
      const nulls = await registerClient(server, { client_name: null, client_uri: null });
      assert.equal(nulls.client_name, undefined);
      const notJson = await fetch(`${server.url}/oauth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{not json",
      });
      await assertOAuthError(notJson, 400, "invalid_client_metadata");
    });

    await t.step("the largest registration accepted is a working client_id", async () => {
      // The client_id carries the metadata: its bound is in bytes (a non-ASCII name takes more).
      const metadata = (pad: number) => ({
        redirect_uris: [
          ...Array.from({ length: 9 }, (_, i) => `https://app.example/callback/${i}`),
          `${REDIRECT}?${"p".repeat(pad)}`,
        ],
        client_name: "é".repeat(200),
      });
      let [fits, tooLarge] = [0, 1900];
      while (tooLarge - fits > 1) {
        const pad = Math.floor((fits + tooLarge) / 2);
        const response = await register(server, metadata(pad));
        await response.body?.cancel();
        if (response.status === 201) fits = pad;
        else tooLarge = pad;
      }
      assert.match(
        await assertOAuthError(
          await register(server, metadata(tooLarge)),
          400,
          "invalid_client_metadata",
        ),
        /^The registration is too large: at most 2048 bytes of metadata$/,
      );
      const largest = await registerClient(server, metadata(fits));
      assert.ok(largest.client_id.length > 2700, String(largest.client_id.length));
      const { params } = authorizeParams(largest.client_id, {
        redirect_uri: `${REDIRECT}?${"p".repeat(fits)}`,
      });
      const { response, page } = await openConsentPage(authorizeUrl(server, params));
      assert.equal(response.status, 200, page.slice(0, 300));
      assert.match(page, /Sign in to jobseek/);
    });

    await t.step("full flow: consent with the API key, code, token, /mcp, refresh", async () => {
      const client = await registerClient(server, {
        client_name: `<script>alert("x")</script> & Co`,
      });
      const { params, verifier } = authorizeParams(client.client_id, {
        resource: `${server.url}/mcp`,
      });
      const { response, page } = await openConsentPage(authorizeUrl(server, params));
      assert.equal(response.status, 200);
      assert.match(response.headers.get("content-type") ?? "", /^text\/html/);
      assert.equal(response.headers.get("x-frame-options"), "DENY");
      assert.match(response.headers.get("content-security-policy") ?? "", /frame-ancestors 'none'/);
      assert.equal(response.headers.get("cache-control"), "no-store");
      // The self-asserted name is shown, escaped; the page loads nothing from elsewhere.
      assert.ok(page.includes("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co"));
      assert.ok(!page.includes("<script"));
      assert.ok(!/\b(src|href)=/.test(page));
      assert.ok(page.includes("http://127.0.0.1:53682"), "the redirect origin is shown");

      // A wrong key shows the page again with an error and a new form token.
      const firstToken = formTokenOf(page);
      const wrong = await postConsent(server, {
        consent: firstToken,
        api_key: "jsk_wrong",
        decision: "approve",
      });
      assert.equal(wrong.status, 401);
      const wrongPage = await wrong.text();
      assert.match(wrongPage, /That API key is not valid/);
      const secondToken = formTokenOf(wrongPage);
      assert.notEqual(secondToken, firstToken);

      const approved = await postConsent(server, {
        consent: secondToken,
        api_key: server.key,
        decision: "approve",
      });
      await approved.body?.cancel();
      assert.equal(approved.status, 303);
      // An approved form is spent, on every server sharing the store.
      const replay = await postConsent(server, {
        consent: secondToken,
        api_key: server.key,
        decision: "approve",
      });
      assert.equal(replay.status, 400);
      assert.match(await replay.text(), /expired or was already used/);
      const location = new URL(approved.headers.get("location")!);
      assert.equal(location.origin + location.pathname, REDIRECT);
      assert.equal(location.searchParams.get("state"), params.state);
      assert.equal(location.searchParams.get("iss"), server.url);
      const code = location.searchParams.get("code")!;
      assert.ok(code.length >= 43);

      const tokenResponse = await tokenRequest(server, {
        grant_type: "authorization_code",
        code,
        code_verifier: verifier,
        client_id: client.client_id,
        redirect_uri: REDIRECT,
        resource: `${server.url}/mcp`,
      });
      assert.equal(tokenResponse.status, 200);
      assert.equal(tokenResponse.headers.get("cache-control"), "no-store");
      const tokens = OAuthTokensSchema.parse(await json(tokenResponse));
      assert.equal(tokens.token_type, "Bearer");
      assert.equal(tokens.expires_in, 3600);
      assert.equal(tokens.scope, "jobs:read");
      assert.ok(tokens.refresh_token);

      const mcp = await postMcp(server, { authorization: `Bearer ${tokens.access_token}` });
      assert.equal(mcp.status, 200);
      const tools = (await mcp.json()).result.tools.map((tool: { name: string }) => tool.name);
      assert.deepEqual(tools.sort(), ["list_cities", "search_jobs"]);

      const refreshed = await tokenRequest(server, {
        grant_type: "refresh_token",
        refresh_token: tokens.refresh_token!,
        client_id: client.client_id,
      });
      assert.equal(refreshed.status, 200);
      const next = OAuthTokensSchema.parse(await json(refreshed));
      assert.notEqual(next.access_token, tokens.access_token);
      assert.notEqual(next.refresh_token, tokens.refresh_token);
      const again = await postMcp(server, { authorization: `Bearer ${next.access_token}` });
      assert.equal(again.status, 200);
      await again.body?.cancel();
      // Rotation: the old refresh token is spent.
      const reused = await tokenRequest(server, {
        grant_type: "refresh_token",
        refresh_token: tokens.refresh_token!,
        client_id: client.client_id,
      });
      await assertOAuthError(reused, 400, "invalid_grant");
      // Secrets never reach the log.
      const logs = server.rawLogs.join("\n");
      for (const secret of [server.key, code, tokens.access_token, tokens.refresh_token!]) {
        assert.ok(!logs.includes(secret));
      }
    });

    await t.step("a token's requests count against its key owner's budget", async () => {
      const client = await registerClient(server);
      const owner = await server.apiKeys.create(`budget-${crypto.randomUUID().slice(0, 8)}`, {
        rateLimit: 3,
      });
      const { params, verifier } = authorizeParams(client.client_id);
      const code = (await consent(server, authorizeUrl(server, params), owner.key)).get("code")!;
      const tokens = OAuthTokensSchema.parse(
        await (await tokenRequest(server, {
          grant_type: "authorization_code",
          code,
          code_verifier: verifier,
          client_id: client.client_id,
          redirect_uri: REDIRECT,
        })).json(),
      );
      // Two requests with the key itself (REST), one with the token (MCP): the budget of 3 is spent.
      for (let i = 0; i < 2; i++) {
        const rest = await fetch(`${server.url}/v1/search?q=nurse`, {
          headers: { "x-api-key": owner.key },
        });
        assert.equal(rest.status, 200);
        await rest.body?.cancel();
      }
      const third = await postMcp(server, { authorization: `Bearer ${tokens.access_token}` });
      assert.equal(third.status, 200);
      await third.body?.cancel();
      const fourth = await postMcp(server, { authorization: `Bearer ${tokens.access_token}` });
      assert.equal(fourth.status, 429);
      assert.equal((await fourth.json()).error, "Rate limit exceeded");
    });

    await t.step("PKCE: a wrong verifier fails and spends the code", async () => {
      const client = await registerClient(server);
      const { code, verifier } = await obtainCode(server, client.client_id);
      const base = {
        grant_type: "authorization_code",
        code,
        client_id: client.client_id,
        redirect_uri: REDIRECT,
      };
      await assertOAuthError(
        await tokenRequest(server, { ...base, code_verifier: randomVerifier() }),
        400,
        "invalid_grant",
      );
      await assertOAuthError(
        await tokenRequest(server, { ...base, code_verifier: verifier }),
        400,
        "invalid_grant",
      );
      const missing = await obtainCode(server, client.client_id);
      await assertOAuthError(
        await tokenRequest(server, { ...base, code: missing.code }),
        400,
        "invalid_request",
      );
    });

    await t.step("PKCE: authorization without S256 is sent back as invalid_request", async () => {
      const client = await registerClient(server);
      const { params } = authorizeParams(client.client_id);
      const cases: Record<string, string | undefined>[] = [
        { code_challenge: undefined, code_challenge_method: undefined },
        { code_challenge_method: "plain" },
        { code_challenge_method: undefined },
        { code_challenge: "short" },
      ];
      for (const change of cases) {
        const query = { ...params, ...change };
        for (const [name, value] of Object.entries(query)) {
          if (value === undefined) delete query[name];
        }
        const response = await fetch(authorizeUrl(server, query as Record<string, string>), {
          redirect: "manual",
        });
        await response.body?.cancel();
        assert.equal(response.status, 303);
        const location = new URL(response.headers.get("location")!);
        assert.equal(location.origin + location.pathname, REDIRECT);
        assert.equal(location.searchParams.get("error"), "invalid_request");
        assert.equal(location.searchParams.get("state"), params.state);
        assert.equal(location.searchParams.get("code"), null);
      }
      const unsupported = await fetch(
        authorizeUrl(server, { ...params, response_type: "token" }),
        { redirect: "manual" },
      );
      await unsupported.body?.cancel();
      assert.equal(
        new URL(unsupported.headers.get("location")!).searchParams.get("error"),
        "unsupported_response_type",
      );
    });

    await t.step("a code works once", async () => {
      const client = await registerClient(server);
      const { code, verifier } = await obtainCode(server, client.client_id);
      const params = {
        grant_type: "authorization_code",
        code,
        code_verifier: verifier,
        client_id: client.client_id,
        redirect_uri: REDIRECT,
      };
      const first = await tokenRequest(server, params);
      assert.equal(first.status, 200);
      await first.body?.cancel();
      await assertOAuthError(await tokenRequest(server, params), 400, "invalid_grant");
    });

    await t.step("redirect_uri and client_id must match the code's", async () => {
      const client = await registerClient(server, {
        redirect_uris: [REDIRECT, "https://app.example.com/cb"],
      });
      const other = await registerClient(server);
      const attempts: [Record<string, string>, number, string][] = [
        [{ redirect_uri: "https://app.example.com/cb" }, 400, "invalid_grant"],
        [{ redirect_uri: "" }, 400, "invalid_grant"],
        [{ client_id: other.client_id }, 400, "invalid_grant"],
        [{ client_id: "no-such-client" }, 401, "invalid_client"],
        [{ client_id: "" }, 401, "invalid_client"],
      ];
      for (const [change, status, error] of attempts) {
        const { code, verifier } = await obtainCode(server, client.client_id);
        const params: Record<string, string> = {
          grant_type: "authorization_code",
          code,
          code_verifier: verifier,
          client_id: client.client_id,
          redirect_uri: REDIRECT,
          ...change,
        };
        for (const [name, value] of Object.entries(params)) if (value === "") delete params[name];
        await assertOAuthError(await tokenRequest(server, params), status, error);
      }
      await assertOAuthError(
        await tokenRequest(server, { grant_type: "password", client_id: client.client_id }),
        400,
        "unsupported_grant_type",
      );
      const notForm = await fetch(`${server.url}/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ grant_type: "authorization_code" }),
      });
      await assertOAuthError(notForm, 400, "invalid_request");
    });

    await t.step("authorization: loopback URIs match on any port, all others exactly", async () => {
      const client = await registerClient(server, {
        redirect_uris: [
          "http://127.0.0.1:33418/callback",
          "http://[::1]:33418/cb",
          CURSOR_REDIRECT,
          "https://app.example.com/cb",
        ],
      });
      for (
        const uri of [
          "http://127.0.0.1:41234/callback",
          "http://127.0.0.1/callback",
          "http://[::1]:5000/cb",
          CURSOR_REDIRECT,
          "https://app.example.com/cb",
        ]
      ) {
        const { params, verifier } = authorizeParams(client.client_id, { redirect_uri: uri });
        const { response, page } = await openConsentPage(authorizeUrl(server, params));
        assert.equal(response.status, 200, `${uri}: ${page}`);
        if (uri === CURSOR_REDIRECT) assert.match(page, /cursor:\/\/anysphere\.cursor-mcp</);
        const answer = await postConsent(server, {
          consent: formTokenOf(page),
          api_key: server.key,
          decision: "approve",
        });
        await answer.body?.cancel();
        assert.equal(answer.status, 303);
        const location = answer.headers.get("location")!;
        assert.ok(location.startsWith(`${uri}?`), `${uri} → ${location}`);
        const token = await tokenRequest(server, {
          grant_type: "authorization_code",
          code: new URL(location).searchParams.get("code")!,
          code_verifier: verifier,
          client_id: client.client_id,
          redirect_uri: uri,
        });
        assert.equal(token.status, 200, `${uri}: ${JSON.stringify(await token.json())}`);
      }
      for (
        const uri of [
          "http://127.0.0.1:41234/other",
          "http://127.0.0.1:41234/callback?x=1",
          "http://localhost:33418/callback",
          "https://127.0.0.1:33418/callback",
          `${CURSOR_REDIRECT}/x`,
          `${CURSOR_REDIRECT}?x=1`,
          "cursor://anysphere.cursor-mcp:1/oauth/callback",
          "https://app.example.com:8443/cb",
          "https://app.example.com/cb/",
        ]
      ) {
        const { params } = authorizeParams(client.client_id, { redirect_uri: uri });
        const { response, page } = await openConsentPage(authorizeUrl(server, params));
        assert.equal(response.status, 400, uri);
        assert.equal(response.headers.get("location"), null, uri);
        assert.match(page, /not one the app registered/, uri);
      }
    });

    await t.step("errors before the redirect URI is trusted stay on the page", async () => {
      const client = await registerClient(server);
      const { params } = authorizeParams(client.client_id);
      for (
        const change of [
          { redirect_uri: "https://attacker.example.com/cb" },
          { client_id: "unknown-client" },
          { client_id: "" },
        ] as Record<string, string>[]
      ) {
        const query: Record<string, string> = { ...params, ...change };
        const { response, page } = await openConsentPage(authorizeUrl(server, query));
        assert.equal(response.status, 400);
        assert.equal(response.headers.get("location"), null);
        assert.match(response.headers.get("content-type") ?? "", /^text\/html/);
        assert.match(page, /This sign-in cannot go on/);
        assert.ok(!page.includes("attacker.example.com"));
      }
    });

    await t.step("resource (RFC 8707) must be this server's /mcp", async () => {
      const client = await registerClient(server);
      const { params } = authorizeParams(client.client_id, {
        resource: "https://other.example.com/mcp",
      });
      const response = await fetch(authorizeUrl(server, params), { redirect: "manual" });
      await response.body?.cancel();
      assert.equal(
        new URL(response.headers.get("location")!).searchParams.get("error"),
        "invalid_target",
      );
      const { code, verifier } = await obtainCode(server, client.client_id);
      await assertOAuthError(
        await tokenRequest(server, {
          grant_type: "authorization_code",
          code,
          code_verifier: verifier,
          client_id: client.client_id,
          redirect_uri: REDIRECT,
          resource: "https://other.example.com/mcp",
        }),
        400,
        "invalid_target",
      );
    });

    await t.step("denied consent goes back with access_denied", async () => {
      const client = await registerClient(server);
      const { params } = authorizeParams(client.client_id);
      const result = await consent(server, authorizeUrl(server, params), "", "deny");
      assert.equal(result.get("error"), "access_denied");
      assert.equal(result.get("state"), params.state);
      assert.equal(result.get("code"), null);
    });

    await t.step("unknown tokens get 401 invalid_token on /mcp", async () => {
      for (const token of ["jsa_unknown", "not-ours", "x".repeat(600)]) {
        await assertInvalidToken(server, token);
      }
    });

    await t.step("revoking the API key ends its tokens", async () => {
      const client = await registerClient(server);
      const name = `revoked-${crypto.randomUUID().slice(0, 8)}`;
      const owner = await server.apiKeys.create(name);
      const { params, verifier } = authorizeParams(client.client_id);
      const code = (await consent(server, authorizeUrl(server, params), owner.key)).get("code")!;
      const tokens = OAuthTokensSchema.parse(
        await (await tokenRequest(server, {
          grant_type: "authorization_code",
          code,
          code_verifier: verifier,
          client_id: client.client_id,
          redirect_uri: REDIRECT,
        })).json(),
      );
      const before = await postMcp(server, { authorization: `Bearer ${tokens.access_token}` });
      assert.equal(before.status, 200);
      await before.body?.cancel();
      assert.equal(await server.apiKeys.revoke(name), true);
      await assertInvalidToken(server, tokens.access_token);
      await assertOAuthError(
        await tokenRequest(server, {
          grant_type: "refresh_token",
          refresh_token: tokens.refresh_token!,
          client_id: client.client_id,
        }),
        400,
        "invalid_grant",
      );
    });

    await t.step("revocation endpoint (RFC 7009) ends an access token", async () => {
      const client = await registerClient(server);
      const tokens = await obtainTokens(server, client.client_id);
      const revoke = (token: string) =>
        fetch(`${server.url}/oauth/revoke`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ token, client_id: client.client_id }),
        });
      const response = await revoke(tokens.access_token);
      assert.equal(response.status, 200);
      await response.body?.cancel();
      await assertInvalidToken(server, tokens.access_token);
      const unknown = await revoke("jsa_never_issued");
      assert.equal(unknown.status, 200);
      await unknown.body?.cancel();
    });

    await t.step("a confidential client must present its secret", async () => {
      const client = await registerClient(server, {
        token_endpoint_auth_method: "client_secret_post",
      });
      assert.equal(client.token_endpoint_auth_method, "client_secret_post");
      assert.equal(typeof client.client_secret, "string");
      const attempt = async (headers: Record<string, string>, extra: Record<string, string>) => {
        const { code, verifier } = await obtainCode(server, client.client_id);
        return await tokenRequest(server, {
          grant_type: "authorization_code",
          code,
          code_verifier: verifier,
          redirect_uri: REDIRECT,
          ...extra,
        }, headers);
      };
      await assertOAuthError(
        await attempt({}, { client_id: client.client_id }),
        401,
        "invalid_client",
      );
      await assertOAuthError(
        await attempt({}, { client_id: client.client_id, client_secret: "jss_wrong" }),
        401,
        "invalid_client",
      );
      const badBasic = await attempt({
        authorization: `Basic ${btoa(`${client.client_id}:jss_wrong`)}`,
      }, {});
      assert.equal(badBasic.headers.get("www-authenticate"), 'Basic realm="jobseek"');
      await assertOAuthError(badBasic, 401, "invalid_client");
      const post = await attempt({}, {
        client_id: client.client_id,
        client_secret: String(client.client_secret),
      });
      assert.equal(post.status, 200);
      await post.body?.cancel();
      const basic = await attempt({
        authorization: `Basic ${btoa(`${client.client_id}:${client.client_secret}`)}`,
      }, {});
      assert.equal(basic.status, 200);
      await basic.body?.cancel();
    });

    await t.step("/mcp: an empty Bearer is no token; a valid key rescues a bad token", async () => {
      const empty = await postMcp(server, { authorization: "Bearer" });
      assert.equal(empty.status, 401);
      assert.deepEqual(await empty.json(), {
        jsonrpc: "2.0",
        error: { code: -32600, message: "Unauthorized" },
        id: null,
      });
      const rescued = await postMcp(server, {
        authorization: "Bearer jsa_unknown",
        "x-api-key": server.key,
      });
      assert.equal(rescued.status, 200);
      await rescued.body?.cancel();
    });
  } finally {
    await server.close();
    await search.close();
  }
});

Deno.test("OAuth codes, consent forms, access and refresh tokens lapse on the server's clock", async (t) => {
  const search = await createTestSearch({ jobs: await defaultTestJobs(5) });
  // Far behind the machine's clock: every lifetime must be judged on the server's clock alone (the
  // store once judged them on the machine's, and answered a lapsed refresh token as a replayed one).
  let now = Date.now() - 2 * REFRESH_TOKEN_TTL_MS;
  const server = await startOAuthServer(search.store, search.service, {
    oauth: { now: () => now },
  });
  const exchange = (clientId: string, code: string, verifier: string) =>
    tokenRequest(server, {
      grant_type: "authorization_code",
      code,
      code_verifier: verifier,
      client_id: clientId,
      redirect_uri: REDIRECT,
    });
  const refresh = (clientId: string, refreshToken: string) =>
    tokenRequest(server, {
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: clientId,
    });
  try {
    const client = await registerClient(server);

    await t.step("a code works until CODE_TTL_MS after the consent, not from then on", async () => {
      const early = await obtainCode(server, client.client_id);
      now += CODE_TTL_MS - 1;
      const accepted = await exchange(client.client_id, early.code, early.verifier);
      assert.equal(accepted.status, 200);
      await accepted.body?.cancel();
      const late = await obtainCode(server, client.client_id);
      now += CODE_TTL_MS;
      assert.equal(
        await assertOAuthError(
          await exchange(client.client_id, late.code, late.verifier),
          400,
          "invalid_grant",
        ),
        "The authorization code is invalid, expired or already used",
      );
    });

    await t.step("a consent form works until CONSENT_TTL_MS after it was shown", async () => {
      const { params } = authorizeParams(client.client_id);
      const approve = async () => {
        const { page } = await openConsentPage(authorizeUrl(server, params));
        return { consent: formTokenOf(page), api_key: server.key, decision: "approve" };
      };
      const inTime = await approve();
      now += CONSENT_TTL_MS - 1;
      const accepted = await postConsent(server, inTime);
      await accepted.body?.cancel();
      assert.equal(accepted.status, 303);
      assert.ok(new URL(accepted.headers.get("location")!).searchParams.get("code"));
      const lapsed = await approve();
      now += CONSENT_TTL_MS;
      const refused = await postConsent(server, lapsed);
      assert.equal(refused.status, 400);
      assert.equal(refused.headers.get("location"), null);
      assert.match(await refused.text(), /This sign-in page has expired or was already used/);
    });

    await t.step(
      "an access token lapses after ACCESS_TOKEN_TTL_MS; its refresh token does not",
      async () => {
        const tokens = await obtainTokens(server, client.client_id);
        now += ACCESS_TOKEN_TTL_MS - 1;
        const live = await postMcp(server, { authorization: `Bearer ${tokens.access_token}` });
        assert.equal(live.status, 200);
        await live.body?.cancel();
        now += 1;
        await assertInvalidToken(server, tokens.access_token);
        const refreshed = await refresh(client.client_id, tokens.refresh_token!);
        assert.equal(refreshed.status, 200);
        const next = OAuthTokensSchema.parse(await refreshed.json());
        const renewed = await postMcp(server, { authorization: `Bearer ${next.access_token}` });
        assert.equal(renewed.status, 200);
        await renewed.body?.cancel();
      },
    );

    await t.step("a refresh token lapses after REFRESH_TOKEN_TTL_MS", async () => {
      const early = await obtainTokens(server, client.client_id);
      now += REFRESH_TOKEN_TTL_MS - 1;
      const accepted = await refresh(client.client_id, early.refresh_token!);
      assert.equal(accepted.status, 200);
      await accepted.body?.cancel();
      const late = await obtainTokens(server, client.client_id);
      now += REFRESH_TOKEN_TTL_MS;
      // Lapsed, not replayed: the plain refusal, not the one that ends a sign-in.
      assert.equal(
        await assertOAuthError(
          await refresh(client.client_id, late.refresh_token!),
          400,
          "invalid_grant",
        ),
        "The refresh token is invalid, expired or already used",
      );
    });
  } finally {
    await server.close();
    await search.close();
  }
});

Deno.test("OAuth refuses what another client, a replay or a malformed request asks for", async (t) => {
  const search = await createTestSearch({ jobs: await defaultTestJobs(5) });
  const server = await startOAuthServer(search.store, search.service);
  const refresh = (clientId: string, refreshToken: string, extra: Record<string, string> = {}) =>
    tokenRequest(server, {
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: clientId,
      ...extra,
    });
  const assertLive = async (accessToken: string) => {
    const response = await postMcp(server, { authorization: `Bearer ${accessToken}` });
    assert.equal(response.status, 200);
    await response.body?.cancel();
  };
  try {
    const owner = await registerClient(server);
    const other = await registerClient(server);

    await t.step("another client's refresh token gets invalid_grant and no tokens", async () => {
      const tokens = await obtainTokens(server, owner.client_id);
      const response = await refresh(other.client_id, tokens.refresh_token!);
      const body = await json(response);
      assert.equal(response.status, 400);
      assert.deepEqual(body, {
        error: "invalid_grant",
        error_description: "The refresh token was issued to another client",
      });
    });

    await t.step("a scope other than jobs:read gets invalid_scope and spends nothing", async () => {
      const tokens = await obtainTokens(server, owner.client_id);
      for (const scope of ["admin", "jobs:read jobs:write"]) {
        assert.equal(
          await assertOAuthError(
            await refresh(owner.client_id, tokens.refresh_token!, { scope }),
            400,
            "invalid_scope",
          ),
          "The only scope is jobs:read",
        );
      }
      const accepted = await refresh(owner.client_id, tokens.refresh_token!, {
        scope: "jobs:read",
      });
      assert.equal(accepted.status, 200);
      assert.equal(OAuthTokensSchema.parse(await accepted.json()).scope, "jobs:read");
    });

    await t.step("another client's revocation leaves the tokens working", async () => {
      const tokens = await obtainTokens(server, owner.client_id);
      for (const token of [tokens.access_token, tokens.refresh_token!]) {
        const response = await fetch(`${server.url}/oauth/revoke`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ token, client_id: other.client_id }),
        });
        // RFC 7009 2.2: answered 200 as for any token the caller does not hold.
        assert.equal(response.status, 200);
        await response.body?.cancel();
      }
      await assertLive(tokens.access_token);
      const refreshed = await refresh(owner.client_id, tokens.refresh_token!);
      assert.equal(refreshed.status, 200);
      await refreshed.body?.cancel();
    });

    await t.step("a repeated client_id or redirect_uri is refused, never picked from", async () => {
      const { params } = authorizeParams(owner.client_id);
      for (const [name, second] of [["client_id", other.client_id], ["redirect_uri", REDIRECT]]) {
        const query = new URLSearchParams(params);
        query.append(name, second);
        const { response, page } = await openConsentPage(`${server.url}/oauth/authorize?${query}`);
        assert.equal(response.status, 400, name);
        assert.equal(response.headers.get("location"), null, name);
        // Shown on the page (HTML-escaped), never sent to either redirect URI.
        assert.ok(page.includes(`The parameter &#39;${name}&#39; is repeated`), page);
      }
      for (const [name, second] of [["client_id", other.client_id], ["redirect_uri", REDIRECT]]) {
        const { code, verifier } = await obtainCode(server, owner.client_id);
        const form = new URLSearchParams({
          grant_type: "authorization_code",
          code,
          code_verifier: verifier,
          client_id: owner.client_id,
          redirect_uri: REDIRECT,
        });
        form.append(name, second);
        const response = await fetch(`${server.url}/oauth/token`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: form,
        });
        assert.equal(
          await assertOAuthError(response, 400, "invalid_request"),
          `The parameter '${name}' is repeated`,
        );
      }
    });

    await t.step("a malformed Authorization header gets 401 invalid_client", async () => {
      const confidential = await registerClient(server, {
        token_endpoint_auth_method: "client_secret_basic",
      });
      const secret = String(confidential.client_secret);
      const cases: [string, string, string][] = [
        ["bad base64", "Basic !!!notbase64!!!", "Malformed Basic credentials"],
        [
          "no colon",
          `Basic ${btoa(`${confidential.client_id}${secret}`)}`,
          "Malformed Basic credentials",
        ],
        [
          "wrong scheme",
          `Bearer ${btoa(`${confidential.client_id}:${secret}`)}`,
          "Client authentication must use the Basic scheme",
        ],
        ["scheme only", "Basic", "Client authentication must use the Basic scheme"],
      ];
      for (const [label, authorization, description] of cases) {
        // A public client's id in the form must not stand in for the credentials that failed.
        const forms: Record<string, string>[] = [{}, { client_id: owner.client_id }];
        for (const form of forms) {
          const { code, verifier } = await obtainCode(server, owner.client_id);
          const response = await tokenRequest(server, {
            grant_type: "authorization_code",
            code,
            code_verifier: verifier,
            redirect_uri: REDIRECT,
            ...form,
          }, { authorization });
          assert.equal(response.headers.get("www-authenticate"), 'Basic realm="jobseek"', label);
          assert.equal(await assertOAuthError(response, 401, "invalid_client"), description, label);
        }
        const revoke = await fetch(`${server.url}/oauth/revoke`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", authorization },
          body: new URLSearchParams({ token: "jsa_anything", client_id: owner.client_id }),
        });
        assert.equal(await assertOAuthError(revoke, 401, "invalid_client"), description, label);
      }
    });

    await t.step(
      "of eight requests racing with one code, exactly one gets tokens, the others invalid_grant",
      async () => {
        const { code, verifier } = await obtainCode(server, owner.client_id);
        const params = {
          grant_type: "authorization_code",
          code,
          code_verifier: verifier,
          client_id: owner.client_id,
          redirect_uri: REDIRECT,
        };
        // Eight rather than two: enough that their store reads overlap on every run.
        const responses = await Promise.all(
          Array.from({ length: 8 }, () => tokenRequest(server, params)),
        );
        const bodies = await Promise.all(responses.map((response) => response.json()));
        const statuses = responses.map((r) => r.status);
        assert.deepEqual(statuses.toSorted(), [200, 400, 400, 400, 400, 400, 400, 400]);
        const winner = OAuthTokensSchema.parse(bodies[statuses.indexOf(200)]);
        for (const body of bodies.filter((_, i) => statuses[i] === 400)) {
          assert.equal(body.error, "invalid_grant", JSON.stringify(body));
        }

        // A loser may end the winner's tokens or come too early to find them; presented once more,
        // the code surely ends them.
        await assertOAuthError(await tokenRequest(server, params), 400, "invalid_grant");
        await assertInvalidToken(server, winner.access_token);
        await assertOAuthError(
          await refresh(owner.client_id, winner.refresh_token!),
          400,
          "invalid_grant",
        );
      },
    );

    await t.step("a code presented after its exchange ends the tokens issued for it", async () => {
      const { code, verifier } = await obtainCode(server, owner.client_id);
      const params = {
        grant_type: "authorization_code",
        code,
        code_verifier: verifier,
        client_id: owner.client_id,
        redirect_uri: REDIRECT,
      };
      const exchanged = await tokenRequest(server, params);
      assert.equal(exchanged.status, 200);
      const tokens = OAuthTokensSchema.parse(await exchanged.json());
      await assertLive(tokens.access_token);
      // OAuth 2.1 4.1.3: a code used twice was intercepted; which use was the rightful one is
      // unknown, so neither keeps its tokens.
      assert.equal(
        await assertOAuthError(await tokenRequest(server, params), 400, "invalid_grant"),
        "The authorization code was already used; every token issued for it is revoked",
      );
      await assertInvalidToken(server, tokens.access_token);
      await assertOAuthError(
        await refresh(owner.client_id, tokens.refresh_token!),
        400,
        "invalid_grant",
      );
    });

    await t.step("a code spent on a wrong verifier ends nothing when presented again", async () => {
      const tokens = await obtainTokens(server, owner.client_id);
      const { code, verifier } = await obtainCode(server, owner.client_id);
      const params = {
        grant_type: "authorization_code",
        code,
        client_id: owner.client_id,
        redirect_uri: REDIRECT,
      };
      await assertOAuthError(
        await tokenRequest(server, { ...params, code_verifier: randomVerifier() }),
        400,
        "invalid_grant",
      );
      assert.equal(
        await assertOAuthError(
          await tokenRequest(server, { ...params, code_verifier: verifier }),
          400,
          "invalid_grant",
        ),
        "The authorization code is invalid, expired or already used",
      );
      await assertLive(tokens.access_token);
    });
  } finally {
    await server.close();
    await search.close();
  }
});

Deno.test("OAuth: JOBSEEK_PUBLIC_URL is the issuer and names every endpoint", async () => {
  const search = await createTestSearch({ jobs: await defaultTestJobs(5) });
  const server = await startOAuthServer(search.store, search.service, {
    env: { JOBSEEK_PUBLIC_URL: "https://jobs.example.com/" },
  });
  try {
    const meta = OAuthMetadataSchema.parse(
      await (await fetch(`${server.url}/.well-known/oauth-authorization-server`)).json(),
    );
    assert.equal(meta.issuer, "https://jobs.example.com");
    assert.equal(meta.token_endpoint, "https://jobs.example.com/oauth/token");
    assert.equal(meta.authorization_endpoint, "https://jobs.example.com/oauth/authorize");
    const client = await registerClient(server);
    const { params } = authorizeParams(client.client_id, {
      resource: "https://jobs.example.com/mcp",
    });
    const { response, page } = await openConsentPage(authorizeUrl(server, params));
    assert.equal(response.status, 200);
    assert.ok(page.includes('action="https://jobs.example.com/oauth/authorize"'));
  } finally {
    await server.close();
    await search.close();
  }
});

/**
 * An OAuthClientProvider as an MCP client keeps it, whose "browser" is a script: it opens the
 * authorization URL, signs in on the consent page with `apiKey` and keeps the code it is sent back.
 */
class ScriptedProvider implements OAuthClientProvider {
  #client?: OAuthClientInformationMixed;
  #tokens?: OAuthTokens;
  #verifier = "";
  code?: string;
  /** Where the consent page sent the "browser" back to. */
  returnedTo?: string;
  readonly #apiKey: string;
  readonly #shape: ClientShape;

  constructor(apiKey: string, shape: ClientShape = SDK_TEST_CLIENT) {
    this.#apiKey = apiKey;
    this.#shape = shape;
  }

  get redirectUrl(): string {
    return this.#shape.signInWith;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      redirect_uris: this.#shape.registers,
      client_name: this.#shape.name,
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }

  clientInformation() {
    return this.#client;
  }

  saveClientInformation(info: OAuthClientInformationMixed) {
    this.#client = info;
  }

  tokens() {
    return this.#tokens;
  }

  saveTokens(tokens: OAuthTokens) {
    this.#tokens = tokens;
  }

  saveCodeVerifier(verifier: string) {
    this.#verifier = verifier;
  }

  codeVerifier() {
    return this.#verifier;
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    const page = await (await fetch(url)).text();
    const answer = await fetch(new URL("/oauth/authorize", url), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        consent: formTokenOf(page),
        api_key: this.#apiKey,
        decision: "approve",
      }),
      redirect: "manual",
    });
    await answer.body?.cancel();
    const location = new URL(answer.headers.get("location")!);
    this.returnedTo = `${location.protocol}//${location.host}${location.pathname}`;
    this.code = location.searchParams.get("code") ?? undefined;
  }
}

/** How a client registers (its redirect URIs) and which of them it signs in with. */
interface ClientShape {
  name: string;
  registers: string[];
  signInWith: string;
}

const SDK_TEST_CLIENT: ClientShape = {
  name: "jobseek SDK test",
  registers: [REDIRECT],
  signInWith: REDIRECT,
};

/**
 * The registrations of two widely used clients (FACTS.md "MCP clients"): Cursor registers its own
 * scheme beside https and loopback URIs and signs in through the scheme; VS Code registers a
 * loopback port and, when that port is busy, signs in on another one.
 */
const CLIENT_SHAPES: ClientShape[] = [
  {
    name: "Cursor",
    registers: [CURSOR_REDIRECT, "https://cursor.com/oauth/callback", "http://localhost:8976/cb"],
    signInWith: CURSOR_REDIRECT,
  },
  {
    name: "Visual Studio Code",
    registers: ["http://127.0.0.1:33418/", "https://vscode.dev/redirect"],
    signInWith: "http://127.0.0.1:41234/",
  },
];

Deno.test("the MCP SDK's client completes the OAuth login and calls the tools", async () => {
  const search = await createTestSearch({ jobs: await defaultTestJobs(20) });
  const server = await startOAuthServer(search.store, search.service);
  const provider = new ScriptedProvider(server.key);
  const endpoint = new URL(`${server.url}/mcp`);
  const clients: Client[] = [];
  try {
    // First connect: 401 → discovery → registration → authorization (the consent POST) → stop.
    const first = new StreamableHTTPClientTransport(endpoint, { authProvider: provider });
    const before = new Client({ name: "jobseek-oauth-test", version: "1.0.0" });
    await assert.rejects(() => before.connect(first), UnauthorizedError);
    assert.ok(provider.code, "the consent page sent a code back");
    assert.equal(provider.tokens(), undefined);
    await first.finishAuth(provider.code!);
    assert.ok(provider.tokens()?.access_token.startsWith("jsa_"));
    assert.equal(provider.clientInformation()?.client_id !== undefined, true);

    // Second connect: the saved token works.
    const client = new Client({ name: "jobseek-oauth-test", version: "1.0.0" });
    clients.push(client);
    await client.connect(new StreamableHTTPClientTransport(endpoint, { authProvider: provider }));
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name).sort(), ["list_cities", "search_jobs"]);
    const result = await client.callTool({
      name: "search_jobs",
      arguments: { query: "nurse", top_k: 3 },
    });
    assert.notEqual(result.isError, true);
    assert.ok(Array.isArray((result.structuredContent as { results: unknown[] }).results));
  } finally {
    for (const client of clients) await client.close();
    await server.close();
    await search.close();
  }
});

for (const shape of CLIENT_SHAPES) {
  Deno.test(`the MCP SDK's client signs in registered as ${shape.name} does`, async () => {
    const search = await createTestSearch({ jobs: await defaultTestJobs(20) });
    const server = await startOAuthServer(search.store, search.service);
    const provider = new ScriptedProvider(server.key, shape);
    const endpoint = new URL(`${server.url}/mcp`);
    const client = new Client({ name: shape.name, version: "1.0.0" });
    try {
      const first = new StreamableHTTPClientTransport(endpoint, { authProvider: provider });
      await assert.rejects(
        () => new Client({ name: shape.name, version: "1.0.0" }).connect(first),
        UnauthorizedError,
      );
      const registered = OAuthClientInformationFullSchema.parse(provider.clientInformation());
      assert.deepEqual(registered.redirect_uris, shape.registers);
      assert.equal(provider.returnedTo, shape.signInWith);
      assert.ok(provider.code, "the consent page sent a code back");
      await first.finishAuth(provider.code!);
      assert.ok(provider.tokens()?.access_token.startsWith("jsa_"));

      await client.connect(new StreamableHTTPClientTransport(endpoint, { authProvider: provider }));
      const result = await client.callTool({
        name: "list_cities",
        arguments: { country: "US" },
      });
      assert.notEqual(result.isError, true, JSON.stringify(result));
    } finally {
      await client.close();
      await server.close();
      await search.close();
    }
  });
}
