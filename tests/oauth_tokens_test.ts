/**
 * What the tokens of jobseek's OAuth 2.1 authorization server do, over real HTTP: they work on
 * `/mcp` for the API key that approved them and count against its budget, end when that key is
 * revoked or they are (RFC 7009), are issued to a confidential client only with its secret, and
 * lapse on the server's clock.
 *
 * @module
 */
import { strict as assert } from "node:assert";
// @ts-types="@modelcontextprotocol/sdk/shared/auth"
import { OAuthTokensSchema } from "@modelcontextprotocol/sdk/shared/auth.js";
import { CODE_TTL_MS, CONSENT_TTL_MS } from "../src/auth/oauth_authorization.ts";
import { ACCESS_TOKEN_TTL_MS, REFRESH_TOKEN_TTL_MS } from "../src/auth/oauth_grants.ts";
import {
  assertEnded,
  assertInvalidToken,
  assertLive,
  assertOAuthError,
  authorizeParams,
  authorizeUrl,
  codeGrant,
  formTokenOf,
  obtainCode,
  obtainTokens,
  openConsentPage,
  postConsent,
  postMcp,
  refreshTokens,
  registerClient,
  revoke,
  tokenRequest,
  withOAuthServer,
} from "./oauth_flow.ts";

Deno.test("OAuth tokens work on /mcp for their key's owner until revoked, a confidential client's only with its secret", async (t) => {
  await withOAuthServer({ jobs: 20 }, async (server) => {
    await t.step("a token's requests count against its key owner's budget", async () => {
      const client = await registerClient(server);
      const owner = await server.apiKeys.create(`budget-${crypto.randomUUID().slice(0, 8)}`, {
        rateLimit: 3,
      });
      const tokens = await obtainTokens(server, client.client_id, owner.key);
      // Two requests with the key itself (REST), one with the token (MCP): the budget of 3 is spent.
      for (let i = 0; i < 2; i++) {
        const rest = await server.fetch(`${server.origin}/v1/search?q=nurse`, {
          headers: { "x-api-key": owner.key },
        });
        assert.equal(rest.status, 200);
        await rest.body?.cancel();
      }
      await assertLive(server, tokens.access_token);
      const fourth = await postMcp(server, { authorization: `Bearer ${tokens.access_token}` });
      assert.equal(fourth.status, 429);
      assert.equal((await fourth.json()).error, "Rate limit exceeded");
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
      const tokens = await obtainTokens(server, client.client_id, owner.key);
      await assertLive(server, tokens.access_token);
      assert.equal(await server.apiKeys.revoke(name), true);
      await assertEnded(server, client.client_id, tokens);
    });

    await t.step("revocation endpoint (RFC 7009) ends an access token", async () => {
      const client = await registerClient(server);
      const tokens = await obtainTokens(server, client.client_id);
      const response = await revoke(server, {
        token: tokens.access_token,
        client_id: client.client_id,
      });
      assert.equal(response.status, 200);
      await response.body?.cancel();
      await assertInvalidToken(server, tokens.access_token);
      const unknown = await revoke(server, {
        token: "jsa_never_issued",
        client_id: client.client_id,
      });
      assert.equal(unknown.status, 200);
      await unknown.body?.cancel();
    });

    await t.step("a confidential client must present its secret", async () => {
      const client = await registerClient(server, {
        token_endpoint_auth_method: "client_secret_post",
      });
      assert.equal(client.token_endpoint_auth_method, "client_secret_post");
      assert.equal(typeof client.client_secret, "string");
      // The client_id only where `extra` names it.
      const attempt = async (headers: Record<string, string>, extra: Record<string, string>) => {
        const obtained = await obtainCode(server, client.client_id);
        return await tokenRequest(
          server,
          codeGrant(client.client_id, obtained, { client_id: undefined, ...extra }),
          headers,
        );
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
  });
});

Deno.test("OAuth codes, consent forms, access and refresh tokens lapse on the server's clock", async (t) => {
  // Far behind the machine's clock: every lifetime must be judged on the server's clock alone (the
  // store once judged them on the machine's, and answered a lapsed refresh token as a replayed one).
  let now = Date.now() - 2 * REFRESH_TOKEN_TTL_MS;
  await withOAuthServer({ oauth: { now: () => now } }, async (server) => {
    const client = await registerClient(server);
    /**
     * One `obtain`ed grant is taken by `use` `ttl` - 1 ms later; one obtained then is refused
     * (invalid_grant, `refusal`) `ttl` later.
     */
    const assertLapsesAfter = async <T>(
      ttl: number,
      obtain: () => Promise<T>,
      use: (grant: T) => Promise<Response>,
      refusal: string,
    ) => {
      const early = await obtain();
      now += ttl - 1;
      const accepted = await use(early);
      assert.equal(accepted.status, 200);
      await accepted.body?.cancel();
      const late = await obtain();
      now += ttl;
      assert.equal(await assertOAuthError(await use(late), 400, "invalid_grant"), refusal);
    };

    await t.step("a code works until CODE_TTL_MS after the consent, not from then on", async () => {
      await assertLapsesAfter(
        CODE_TTL_MS,
        () => obtainCode(server, client.client_id),
        (code) => tokenRequest(server, codeGrant(client.client_id, code)),
        "The authorization code is invalid, expired or already used",
      );
    });

    await t.step("a consent form works until CONSENT_TTL_MS after it was shown", async () => {
      const { params } = authorizeParams(client.client_id);
      const approve = async () => {
        const { page } = await openConsentPage(server, authorizeUrl(server, params));
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
        await assertLive(server, tokens.access_token);
        now += 1;
        await assertInvalidToken(server, tokens.access_token);
        const refreshed = await refreshTokens(server, client.client_id, tokens.refresh_token!);
        assert.equal(refreshed.status, 200);
        const next = OAuthTokensSchema.parse(await refreshed.json());
        await assertLive(server, next.access_token);
      },
    );

    await t.step("a refresh token lapses after REFRESH_TOKEN_TTL_MS", async () => {
      // Lapsed, not replayed: the plain refusal, not the one that ends a sign-in.
      await assertLapsesAfter(
        REFRESH_TOKEN_TTL_MS,
        () => obtainTokens(server, client.client_id),
        (tokens) => refreshTokens(server, client.client_id, tokens.refresh_token!),
        "The refresh token is invalid, expired or already used",
      );
    });
  });
});
