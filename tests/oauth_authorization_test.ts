/**
 * Signing in to jobseek's OAuth 2.1 authorization server, over real HTTP: the consent page and the
 * API key that approves it, the authorization code sent back to a registered redirect URI only,
 * PKCE (S256) binding the code to its client, the resource indicator (RFC 8707), and a denied
 * consent.
 *
 * @module
 */
import { strict as assert } from "node:assert";
// @ts-types="@modelcontextprotocol/sdk/shared/auth"
import { OAuthTokensSchema } from "@modelcontextprotocol/sdk/shared/auth.js";
import {
  assertLive,
  assertOAuthError,
  authorizeParams,
  authorizeUrl,
  codeGrant,
  consent,
  CURSOR_REDIRECT,
  formTokenOf,
  json,
  obtainCode,
  openConsentPage,
  postConsent,
  postMcp,
  randomVerifier,
  REDIRECT,
  refreshTokens,
  registerClient,
  tokenRequest,
  withOAuthServer,
} from "./oauth_flow.ts";

Deno.test("OAuth sign-in: the key holder's consent sends a PKCE-bound code to a registered redirect URI", async (t) => {
  await withOAuthServer({ jobs: 20 }, async (server) => {
    await t.step("full flow: consent with the API key, code, token, /mcp, refresh", async () => {
      const client = await registerClient(server, {
        client_name: `<script>alert("x")</script> & Co`,
      });
      const { params, verifier } = authorizeParams(client.client_id, {
        resource: `${server.origin}/mcp`,
      });
      const { response, page } = await openConsentPage(server, authorizeUrl(server, params));
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
      assert.equal(location.searchParams.get("iss"), server.origin);
      const code = location.searchParams.get("code")!;
      assert.ok(code.length >= 43);

      const tokenResponse = await tokenRequest(
        server,
        codeGrant(client.client_id, { code, verifier }, { resource: `${server.origin}/mcp` }),
      );
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

      const refreshed = await refreshTokens(server, client.client_id, tokens.refresh_token!);
      assert.equal(refreshed.status, 200);
      const next = OAuthTokensSchema.parse(await json(refreshed));
      assert.notEqual(next.access_token, tokens.access_token);
      assert.notEqual(next.refresh_token, tokens.refresh_token);
      await assertLive(server, next.access_token);
      // Rotation: the old refresh token is spent.
      const reused = await refreshTokens(server, client.client_id, tokens.refresh_token!);
      await assertOAuthError(reused, 400, "invalid_grant");
      // Secrets never reach the log.
      const logs = server.rawLogs.join("\n");
      for (const secret of [server.key, code, tokens.access_token, tokens.refresh_token!]) {
        assert.ok(!logs.includes(secret));
      }
    });

    await t.step("PKCE: a wrong verifier fails and spends the code", async () => {
      const client = await registerClient(server);
      const base = codeGrant(client.client_id, await obtainCode(server, client.client_id));
      await assertOAuthError(
        await tokenRequest(server, { ...base, code_verifier: randomVerifier() }),
        400,
        "invalid_grant",
      );
      // The right verifier comes too late: the code is spent.
      await assertOAuthError(await tokenRequest(server, base), 400, "invalid_grant");
      const missing = await obtainCode(server, client.client_id);
      await assertOAuthError(
        await tokenRequest(
          server,
          codeGrant(client.client_id, missing, { code_verifier: undefined }),
        ),
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
        const response = await server.fetch(authorizeUrl(server, query as Record<string, string>), {
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
      const unsupported = await server.fetch(
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
      const params = codeGrant(client.client_id, await obtainCode(server, client.client_id));
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
        const params = codeGrant(
          client.client_id,
          await obtainCode(server, client.client_id),
          change,
        );
        for (const [name, value] of Object.entries(params)) if (value === "") delete params[name];
        await assertOAuthError(await tokenRequest(server, params), status, error);
      }
      await assertOAuthError(
        await tokenRequest(server, { grant_type: "password", client_id: client.client_id }),
        400,
        "unsupported_grant_type",
      );
      const notForm = await server.fetch(`${server.origin}/oauth/token`, {
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
        const { response, page } = await openConsentPage(server, authorizeUrl(server, params));
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
        const code = new URL(location).searchParams.get("code")!;
        const token = await tokenRequest(
          server,
          codeGrant(client.client_id, { code, verifier }, { redirect_uri: uri }),
        );
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
        const { response, page } = await openConsentPage(server, authorizeUrl(server, params));
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
        const { response, page } = await openConsentPage(server, authorizeUrl(server, query));
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
      const response = await server.fetch(authorizeUrl(server, params), { redirect: "manual" });
      await response.body?.cancel();
      assert.equal(
        new URL(response.headers.get("location")!).searchParams.get("error"),
        "invalid_target",
      );
      const obtained = await obtainCode(server, client.client_id);
      await assertOAuthError(
        await tokenRequest(
          server,
          codeGrant(client.client_id, obtained, { resource: "https://other.example.com/mcp" }),
        ),
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
  });
});
