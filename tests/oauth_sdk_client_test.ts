/**
 * The MCP SDK's own client-side OAuth (`auth()` through `StreamableHTTPClientTransport`) completing
 * the login to jobseek's authorization server, over real HTTP, registered as the SDK registers
 * and as Cursor and VS Code do, and then calling the tools.
 *
 * @module
 */
import { strict as assert } from "node:assert";
// @ts-types="@modelcontextprotocol/sdk/shared/auth"
import {
  OAuthClientInformationFullSchema,
  type OAuthClientInformationMixed,
  type OAuthClientMetadata,
  type OAuthTokens,
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
import { CURSOR_REDIRECT, formTokenOf, REDIRECT, withOAuthServer } from "./oauth_flow.ts";
import type { TestServer } from "./test_server.ts";

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
  /** How the person's browser reaches the server: the app, in-process. */
  readonly #fetch: (input: string | URL, init?: RequestInit) => Promise<Response>;

  constructor(
    apiKey: string,
    shape: ClientShape,
    fetch: (input: string | URL, init?: RequestInit) => Promise<Response>,
  ) {
    this.#apiKey = apiKey;
    this.#shape = shape;
    this.#fetch = fetch;
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
    const page = await (await this.#fetch(url)).text();
    const answer = await this.#fetch(new URL("/oauth/authorize", url), {
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

/**
 * Signs in to `server` as the SDK's client does, registered as `shape` says: the first connect
 * gets 401, discovers, registers and is sent a code by the scripted consent, which it exchanges;
 * the second connect, with the saved token, is the client returned (close it).
 */
async function signInWithSdk(
  server: TestServer,
  shape: ClientShape,
): Promise<{ provider: ScriptedProvider; client: Client }> {
  const provider = new ScriptedProvider(
    server.key,
    shape,
    (input, init) => server.fetch(input, init),
  );
  const endpoint = new URL("/mcp", server.origin);
  // The SDK's transport sends discovery, registration, token and MCP requests through this fetch.
  const fetch = (input: string | URL, init?: RequestInit) => server.fetch(input, init);
  const first = new StreamableHTTPClientTransport(endpoint, { authProvider: provider, fetch });
  await assert.rejects(
    () => new Client({ name: shape.name, version: "1.0.0" }).connect(first),
    UnauthorizedError,
  );
  const registered = OAuthClientInformationFullSchema.parse(provider.clientInformation());
  assert.deepEqual(registered.redirect_uris, shape.registers);
  assert.equal(provider.returnedTo, shape.signInWith);
  assert.ok(provider.code, "the consent page sent a code back");
  assert.equal(provider.tokens(), undefined);
  await first.finishAuth(provider.code!);
  assert.ok(provider.tokens()?.access_token.startsWith("jsa_"));

  const client = new Client({ name: shape.name, version: "1.0.0" });
  try {
    await client.connect(
      new StreamableHTTPClientTransport(endpoint, { authProvider: provider, fetch }),
    );
  } catch (error) {
    await client.close();
    throw error;
  }
  return { provider, client };
}

Deno.test("the MCP SDK's client completes the OAuth login and calls the tools", async () => {
  await withOAuthServer({ jobs: 20 }, async (server) => {
    // First connect: 401 → discovery → registration → authorization (the consent POST) → stop.
    // Second connect: the saved token works.
    const { provider, client } = await signInWithSdk(server, SDK_TEST_CLIENT);
    try {
      assert.equal(provider.clientInformation()?.client_id !== undefined, true);
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((tool) => tool.name).sort(), ["list_cities", "search_jobs"]);
      const result = await client.callTool({
        name: "search_jobs",
        arguments: { query: "nurse", top_k: 3 },
      });
      assert.notEqual(result.isError, true);
      assert.ok(Array.isArray((result.structuredContent as { results: unknown[] }).results));
    } finally {
      await client.close();
    }
  });
});

for (const shape of CLIENT_SHAPES) {
  Deno.test(`the MCP SDK's client signs in registered as ${shape.name} does`, async () => {
    await withOAuthServer({ jobs: 20 }, async (server) => {
      const { client } = await signInWithSdk(server, shape);
      try {
        const result = await client.callTool({
          name: "list_cities",
          arguments: { country: "US" },
        });
        assert.notEqual(result.isError, true, JSON.stringify(result));
      } finally {
        await client.close();
      }
    });
  });
}
