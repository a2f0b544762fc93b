/**
 * The steps of an OAuth 2.1 sign-in with jobseek as its own authorization server, over real HTTP,
 * for the OAuth test files (`tests/oauth_*_test.ts`): a server in the worker with the OAuth
 * routes, registration, the consent page, the token and revocation endpoints, and `/mcp` with the
 * tokens they issue.
 *
 * @module
 */
import { strict as assert } from "node:assert";
// @ts-types="@modelcontextprotocol/sdk/shared/auth"
import { type OAuthTokens, OAuthTokensSchema } from "@modelcontextprotocol/sdk/shared/auth.js";
import { pkceChallenge } from "../src/auth/oauth_pkce.ts";
import { OAuthServer, type OAuthServerOptions } from "../src/auth/oauth_server.ts";
import { randomSecret } from "../src/crypto.ts";
import { createTestSearch, defaultTestJobs } from "./helpers.ts";
import { MCP_HEADERS } from "./mcp_server.ts";
import { startTestServer, type TestServer } from "./test_server.ts";

const LIST_TOOLS = { jsonrpc: "2.0", id: 1, method: "tools/list" };
export const REDIRECT = "http://127.0.0.1:53682/callback";
/** What Cursor registers (with https and loopback URIs beside it) and signs in with. */
export const CURSOR_REDIRECT = "cursor://anysphere.cursor-mcp/oauth/callback";

export interface OAuthTestServerOptions {
  /** How many fixture postings the search holds; default 5. */
  jobs?: number;
  /** Environment for loadConfig (JOBSEEK_PUBLIC_URL, ...). */
  env?: Record<string, string>;
  /** The OAuth server's options (its clock). */
  oauth?: OAuthServerOptions;
}

/**
 * Runs `test` against the app, with its OAuth authorization server, on a free port over a fresh
 * search of fixture postings; closes both afterwards.
 */
export async function withOAuthServer(
  options: OAuthTestServerOptions,
  test: (server: TestServer) => Promise<void>,
): Promise<void> {
  const search = await createTestSearch({ jobs: await defaultTestJobs(options.jobs ?? 5) });
  try {
    const server = await startTestServer(search.store, search.service, {
      env: options.env,
      oauth: (apiKeys) => new OAuthServer(search.store, apiKeys, options.oauth),
      keyPrefix: "oauth",
    });
    try {
      await test(server);
    } finally {
      await server.close();
    }
  } finally {
    await search.close();
  }
}

/** A PKCE verifier as clients make them: 32 random bytes in base64url (RFC 7636 4.1). */
export function randomVerifier(): string {
  return randomSecret();
}

export async function json(response: Response): Promise<Record<string, unknown>> {
  assert.match(response.headers.get("content-type") ?? "", /^application\/json/);
  return await response.json();
}

export async function register(
  server: TestServer,
  metadata: Record<string, unknown>,
): Promise<Response> {
  return await server.fetch("/oauth/register", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(metadata),
  });
}

export async function registerClient(
  server: TestServer,
  metadata: Record<string, unknown> = {},
): Promise<Record<string, unknown> & { client_id: string }> {
  const response = await register(server, { redirect_uris: [REDIRECT], ...metadata });
  const body = await json(response);
  assert.equal(response.status, 201, JSON.stringify(body));
  return body as Record<string, unknown> & { client_id: string };
}

export function authorizeUrl(server: TestServer, params: Record<string, string>): string {
  return `${server.origin}/oauth/authorize?${new URLSearchParams(params)}`;
}

/** The parameters of a good authorization request for `clientId`, and its verifier. */
export function authorizeParams(
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
export function formTokenOf(page: string): string {
  const match = page.match(/name="consent" value="([^"]+)"/);
  assert.ok(match, `no consent form token in: ${page.slice(0, 300)}`);
  return match[1];
}

export async function openConsentPage(
  server: TestServer,
  url: string,
): Promise<{ response: Response; page: string }> {
  const response = await server.fetch(url, { redirect: "manual" });
  return { response, page: await response.text() };
}

/** POSTs `form` to `path` of `server` as a form (redirects are not followed). */
export async function postForm(
  server: TestServer,
  path: string,
  form: Record<string, string> | URLSearchParams,
  headers: Record<string, string> = {},
): Promise<Response> {
  return await server.fetch(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(form),
    redirect: "manual",
  });
}

export async function postConsent(
  server: TestServer,
  form: Record<string, string>,
): Promise<Response> {
  return await postForm(server, "/oauth/authorize", form);
}

/** Follows the consent page with `apiKey` and returns the redirect's query parameters. */
export async function consent(
  server: TestServer,
  url: string,
  apiKey: string,
  decision = "approve",
): Promise<URLSearchParams> {
  const { response, page } = await openConsentPage(server, url);
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

export async function tokenRequest(
  server: TestServer,
  params: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return await postForm(server, "/oauth/token", params, headers);
}

/**
 * The token request's form that exchanges `code` with its `verifier` for `clientId`, sent back to
 * REDIRECT; `change` adds or replaces fields, and leaves out those it sets to `undefined`.
 */
export function codeGrant(
  clientId: string,
  { code, verifier }: { code: string; verifier: string },
  change: Record<string, string | undefined> = {},
): Record<string, string> {
  const form: Record<string, string | undefined> = {
    grant_type: "authorization_code",
    code,
    code_verifier: verifier,
    client_id: clientId,
    redirect_uri: REDIRECT,
    ...change,
  };
  return Object.fromEntries(
    Object.entries(form).filter((field): field is [string, string] => field[1] !== undefined),
  );
}

/** Asks for new tokens with `refreshToken` as `clientId` (RFC 6749 6). */
export async function refreshTokens(
  server: TestServer,
  clientId: string,
  refreshToken: string,
  extra: Record<string, string> = {},
): Promise<Response> {
  return await tokenRequest(server, {
    grant_type: "refresh_token",
    refresh_token: refreshToken,
    client_id: clientId,
    ...extra,
  });
}

/** Asks the revocation endpoint (RFC 7009) to end `form.token`. */
export async function revoke(
  server: TestServer,
  form: { token: string; client_id: string },
  headers: Record<string, string> = {},
): Promise<Response> {
  return await postForm(server, "/oauth/revoke", form, headers);
}

/**
 * Registers nothing: runs authorize → consent (signed in with `apiKey`, by default the server's
 * own) → code for `clientId`; returns code and verifier.
 */
export async function obtainCode(
  server: TestServer,
  clientId: string,
  apiKey = server.key,
): Promise<{ code: string; verifier: string; state: string }> {
  const { params, verifier } = authorizeParams(clientId);
  const result = await consent(server, authorizeUrl(server, params), apiKey);
  assert.equal(result.get("error"), null, result.get("error_description") ?? "");
  assert.equal(result.get("state"), params.state);
  assert.equal(result.get("iss"), server.origin);
  return { code: result.get("code")!, verifier, state: params.state };
}

/** `obtainCode`, then the code exchanged for tokens. */
export async function obtainTokens(
  server: TestServer,
  clientId: string,
  apiKey = server.key,
): Promise<OAuthTokens> {
  const response = await tokenRequest(
    server,
    codeGrant(clientId, await obtainCode(server, clientId, apiKey)),
  );
  const body = await json(response);
  assert.equal(response.status, 200, JSON.stringify(body));
  return OAuthTokensSchema.parse(body);
}

export async function postMcp(
  server: TestServer,
  headers: Record<string, string>,
): Promise<Response> {
  return await server.fetch("/mcp", {
    method: "POST",
    headers: { ...MCP_HEADERS, ...headers },
    body: JSON.stringify(LIST_TOOLS),
  });
}

/** Asserts that `/mcp` takes `accessToken`. */
export async function assertLive(server: TestServer, accessToken: string): Promise<void> {
  const response = await postMcp(server, { authorization: `Bearer ${accessToken}` });
  assert.equal(response.status, 200);
  await response.body?.cancel();
}

/** Asserts that neither of `tokens`, issued to `clientId`, works any more. */
export async function assertEnded(
  server: TestServer,
  clientId: string,
  tokens: OAuthTokens,
): Promise<void> {
  await assertInvalidToken(server, tokens.access_token);
  await assertOAuthError(
    await refreshTokens(server, clientId, tokens.refresh_token!),
    400,
    "invalid_grant",
  );
}

/** Asserts an RFC 6749 error answer and returns its description. */
export async function assertOAuthError(response: Response, status: number, error: string) {
  const body = await json(response);
  assert.equal(response.status, status, JSON.stringify(body));
  assert.equal(body.error, error, JSON.stringify(body));
  assert.equal(typeof body.error_description, "string");
  assert.equal(response.headers.get("cache-control"), "no-store");
  return body.error_description as string;
}

export async function assertInvalidToken(server: TestServer, token: string): Promise<void> {
  const response = await postMcp(server, { authorization: `Bearer ${token}` });
  assert.equal(response.status, 401);
  assert.equal((await response.json()).error.code, -32600);
  assert.equal(
    response.headers.get("www-authenticate")?.startsWith(
      `Bearer resource_metadata="${server.origin}/.well-known/oauth-protected-resource", ` +
        `scope="jobs:read", error="invalid_token"`,
    ),
    true,
  );
}
