/**
 * How an OAuth client finds jobseek's authorization server and registers with it, over real HTTP:
 * the RFC 9728 and RFC 8414 metadata (and the public URL it names), and dynamic client
 * registration (RFC 7591) with the redirect URIs clients use.
 *
 * @module
 */
import { strict as assert } from "node:assert";
// @ts-types="@modelcontextprotocol/sdk/shared/auth"
import {
  OAuthClientInformationFullSchema,
  OAuthMetadataSchema,
  OAuthProtectedResourceMetadataSchema,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import {
  assertOAuthError,
  authorizeParams,
  authorizeUrl,
  CURSOR_REDIRECT,
  json,
  openConsentPage,
  REDIRECT,
  register,
  registerClient,
  withOAuthServer,
} from "./oauth_flow.ts";

Deno.test("OAuth clients find the endpoints in the metadata and register their redirect URIs", async (t) => {
  await withOAuthServer({ jobs: 20 }, async (server) => {
    await t.step(
      "metadata: RFC 9728 resource names RFC 8414 server with our endpoints",
      async () => {
        const prmResponse = await server.fetch(
          `${server.origin}/.well-known/oauth-protected-resource`,
        );
        const prm = OAuthProtectedResourceMetadataSchema.parse(await prmResponse.json());
        assert.deepEqual(prm.authorization_servers, [server.origin]);
        const response = await server.fetch(
          `${prm.authorization_servers![0]}/.well-known/oauth-authorization-server`,
        );
        assert.equal(response.status, 200);
        assert.equal(response.headers.get("access-control-allow-origin"), "*");
        const meta = OAuthMetadataSchema.parse(await json(response));
        assert.equal(meta.issuer, server.origin);
        assert.equal(meta.authorization_endpoint, `${server.origin}/oauth/authorize`);
        assert.equal(meta.token_endpoint, `${server.origin}/oauth/token`);
        assert.equal(meta.registration_endpoint, `${server.origin}/oauth/register`);
        assert.equal(meta.revocation_endpoint, `${server.origin}/oauth/revoke`);
        assert.deepEqual(meta.response_types_supported, ["code"]);
        assert.deepEqual(meta.grant_types_supported, ["authorization_code", "refresh_token"]);
        assert.deepEqual(meta.code_challenge_methods_supported, ["S256"]);
        assert.ok(meta.token_endpoint_auth_methods_supported?.includes("none"));
        assert.deepEqual(meta.scopes_supported, ["jobs:read"]);
        // Browser-based clients fetch these cross-origin.
        const preflight = await server.fetch(`${server.origin}/oauth/token`, {
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
      const notJson = await server.fetch(`${server.origin}/oauth/register`, {
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
      const { response, page } = await openConsentPage(server, authorizeUrl(server, params));
      assert.equal(response.status, 200, page.slice(0, 300));
      assert.match(page, /Sign in to jobseek/);
    });
  });
});

Deno.test("OAuth: JOBSEEK_PUBLIC_URL is the issuer and names every endpoint", async () => {
  await withOAuthServer(
    { env: { JOBSEEK_PUBLIC_URL: "https://jobs.example.com/" } },
    async (server) => {
      const meta = OAuthMetadataSchema.parse(
        await (await server.fetch(`${server.origin}/.well-known/oauth-authorization-server`))
          .json(),
      );
      assert.equal(meta.issuer, "https://jobs.example.com");
      assert.equal(meta.token_endpoint, "https://jobs.example.com/oauth/token");
      assert.equal(meta.authorization_endpoint, "https://jobs.example.com/oauth/authorize");
      const client = await registerClient(server);
      const { params } = authorizeParams(client.client_id, {
        resource: "https://jobs.example.com/mcp",
      });
      const { response, page } = await openConsentPage(server, authorizeUrl(server, params));
      assert.equal(response.status, 200);
      assert.ok(page.includes('action="https://jobs.example.com/oauth/authorize"'));
    },
  );
});
