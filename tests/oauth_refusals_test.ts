/**
 * What jobseek's OAuth 2.1 authorization server refuses, over real HTTP: another client's refresh
 * token or revocation, a scope it does not have, repeated parameters, malformed client
 * credentials, and a code presented again (raced or replayed), which ends the tokens issued for
 * it.
 *
 * @module
 */
import { strict as assert } from "node:assert";
// @ts-types="@modelcontextprotocol/sdk/shared/auth"
import { OAuthTokensSchema } from "@modelcontextprotocol/sdk/shared/auth.js";
import {
  assertEnded,
  assertLive,
  assertOAuthError,
  authorizeParams,
  codeGrant,
  json,
  obtainCode,
  obtainTokens,
  openConsentPage,
  postForm,
  randomVerifier,
  REDIRECT,
  refreshTokens,
  registerClient,
  revoke,
  tokenRequest,
  withOAuthServer,
} from "./oauth_flow.ts";

Deno.test("OAuth refuses what another client, a replay or a malformed request asks for", async (t) => {
  await withOAuthServer({}, async (server) => {
    const owner = await registerClient(server);
    const other = await registerClient(server);

    await t.step("another client's refresh token gets invalid_grant and no tokens", async () => {
      const tokens = await obtainTokens(server, owner.client_id);
      const response = await refreshTokens(server, other.client_id, tokens.refresh_token!);
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
            await refreshTokens(server, owner.client_id, tokens.refresh_token!, { scope }),
            400,
            "invalid_scope",
          ),
          "The only scope is jobs:read",
        );
      }
      const accepted = await refreshTokens(server, owner.client_id, tokens.refresh_token!, {
        scope: "jobs:read",
      });
      assert.equal(accepted.status, 200);
      assert.equal(OAuthTokensSchema.parse(await accepted.json()).scope, "jobs:read");
    });

    await t.step("another client's revocation leaves the tokens working", async () => {
      const tokens = await obtainTokens(server, owner.client_id);
      for (const token of [tokens.access_token, tokens.refresh_token!]) {
        const response = await revoke(server, { token, client_id: other.client_id });
        // RFC 7009 2.2: answered 200 as for any token the caller does not hold.
        assert.equal(response.status, 200);
        await response.body?.cancel();
      }
      await assertLive(server, tokens.access_token);
      const refreshed = await refreshTokens(server, owner.client_id, tokens.refresh_token!);
      assert.equal(refreshed.status, 200);
      await refreshed.body?.cancel();
    });

    await t.step("a repeated client_id or redirect_uri is refused, never picked from", async () => {
      const { params } = authorizeParams(owner.client_id);
      for (const [name, second] of [["client_id", other.client_id], ["redirect_uri", REDIRECT]]) {
        const query = new URLSearchParams(params);
        query.append(name, second);
        const { response, page } = await openConsentPage(
          server,
          `${server.origin}/oauth/authorize?${query}`,
        );
        assert.equal(response.status, 400, name);
        assert.equal(response.headers.get("location"), null, name);
        // Shown on the page (HTML-escaped), never sent to either redirect URI.
        assert.ok(page.includes(`The parameter &#39;${name}&#39; is repeated`), page);
      }
      for (const [name, second] of [["client_id", other.client_id], ["redirect_uri", REDIRECT]]) {
        const obtained = await obtainCode(server, owner.client_id);
        const form = new URLSearchParams(codeGrant(owner.client_id, obtained));
        form.append(name, second);
        const response = await postForm(server, "/oauth/token", form);
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
          const obtained = await obtainCode(server, owner.client_id);
          const response = await tokenRequest(
            server,
            codeGrant(owner.client_id, obtained, { client_id: undefined, ...form }),
            { authorization },
          );
          assert.equal(response.headers.get("www-authenticate"), 'Basic realm="jobseek"', label);
          assert.equal(await assertOAuthError(response, 401, "invalid_client"), description, label);
        }
        const revoked = await revoke(server, {
          token: "jsa_anything",
          client_id: owner.client_id,
        }, { authorization });
        assert.equal(await assertOAuthError(revoked, 401, "invalid_client"), description, label);
      }
    });

    await t.step(
      "of eight requests racing with one code, exactly one gets tokens, the others invalid_grant",
      async () => {
        const params = codeGrant(owner.client_id, await obtainCode(server, owner.client_id));
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
        await assertEnded(server, owner.client_id, winner);
      },
    );

    await t.step("a code presented after its exchange ends the tokens issued for it", async () => {
      const params = codeGrant(owner.client_id, await obtainCode(server, owner.client_id));
      const exchanged = await tokenRequest(server, params);
      assert.equal(exchanged.status, 200);
      const tokens = OAuthTokensSchema.parse(await exchanged.json());
      await assertLive(server, tokens.access_token);
      // OAuth 2.1 4.1.3: a code used twice was intercepted; which use was the rightful one is
      // unknown, so neither keeps its tokens.
      assert.equal(
        await assertOAuthError(await tokenRequest(server, params), 400, "invalid_grant"),
        "The authorization code was already used; every token issued for it is revoked",
      );
      await assertEnded(server, owner.client_id, tokens);
    });

    await t.step("a code spent on a wrong verifier ends nothing when presented again", async () => {
      const tokens = await obtainTokens(server, owner.client_id);
      const params = codeGrant(owner.client_id, await obtainCode(server, owner.client_id));
      await assertOAuthError(
        await tokenRequest(server, { ...params, code_verifier: randomVerifier() }),
        400,
        "invalid_grant",
      );
      assert.equal(
        await assertOAuthError(
          await tokenRequest(server, params),
          400,
          "invalid_grant",
        ),
        "The authorization code is invalid, expired or already used",
      );
      await assertLive(server, tokens.access_token);
    });
  });
});
