/**
 * `POST /mcp`: MCP over Streamable HTTP in stateless mode, plus the OAuth protected-resource
 * metadata (RFC 9728) that tells MCP clients where to log in.
 *
 * Order of checks for `/mcp` (spec 5.2 and 7.2):
 * Host/Origin (403, DNS-rebinding protection) → CORS (an `OPTIONS` preflight is answered here) →
 * method (405 for anything but POST) →
 * credentials (401 without any, 401 `invalid_token` for a bad Bearer token unless a valid
 * `x-api-key` comes with it, 403 for a bad `x-api-key` alone) → rate limit per user (429) → the
 * SDK transport (406 without both Accept types, 415, 400 for bad JSON-RPC, then the MCP request
 * itself) → 500 / -32603 for anything unexpected.
 *
 * @module
 */
import { Hono } from "hono";
import type { Context } from "hono";
import { cors } from "hono/cors";
// @ts-types="@modelcontextprotocol/sdk/server/webStandardStreamableHttp"
// @ts-types="@modelcontextprotocol/sdk/server/auth/types"
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { OAUTH_SCOPE } from "../auth/oauth_metadata.ts";
import { InvalidTokenError, TokenCheckUnavailableError } from "../auth/token_verifier.ts";
import { requireScope } from "./api_key_auth.ts";
import { JobseekError } from "../domain/errors.ts";
import type { Principal } from "../domain/service.ts";
import type { AppDeps, AppEnv } from "./app_deps.ts";
import { baseUrl } from "./base_url.ts";
import { errorResponse } from "./error_response.ts";
import { methodNotAllowed } from "./method_not_allowed.ts";
import { MAX_BODY_BYTES } from "./read_json_body.ts";
import { errorFields } from "../log.ts";
import { callCount } from "./mcp_call_count.ts";
import { guardRequestParams } from "../mcp/request_guard.ts";
import { loadedOnFirstUse } from "../loaded_on_first_use.ts";

export const MCP_PATH = "/mcp";
export const RESOURCE_METADATA_PATH = "/.well-known/oauth-protected-resource";
/** The one scope there is: searching is all a token can do. */
const MCP_SCOPES = [OAUTH_SCOPE];
/** Request headers a browser-based MCP client sends (the protocol's, and our credentials). */
export const CORS_ALLOW_HEADERS = [
  "Content-Type",
  "Accept",
  "Authorization",
  "x-api-key",
  "Mcp-Session-Id",
  "MCP-Protocol-Version",
  "Last-Event-ID",
];
/** Response headers such a client must be able to read. */
const CORS_EXPOSE_HEADERS = [
  "Mcp-Session-Id",
  "MCP-Protocol-Version",
  "WWW-Authenticate",
  "Retry-After",
  "x-request-id",
];
const CORS_MAX_AGE_SECONDS = 600;
/** Host names that are always allowed: a server on the same machine. */
const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

type McpContext = Context<AppEnv>;

/** A JSON-RPC error response with `id` null unless given (the shape the SDK uses for its own). */
function jsonRpcError(
  status: number,
  code: number,
  message: string,
  options: { id?: string | number | null; headers?: Record<string, string> } = {},
): Response {
  return new Response(
    JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: options.id ?? null }),
    { status, headers: { "content-type": "application/json", ...options.headers } },
  );
}

/**
 * Host names (or `host:port` pairs) that may appear in `Host` and `Origin` of `/mcp`: loopback
 * names, `JOBSEEK_ALLOWED_HOSTS`, and the host of `JOBSEEK_PUBLIC_URL` (the operator's own name).
 */
function allowedHostSet(deps: AppDeps): Set<string> {
  // config.ts has lower-cased the names already.
  const hosts = new Set([...LOOPBACK_HOSTS, ...deps.config.allowedHosts]);
  if (deps.config.publicUrl) hosts.add(new URL(deps.config.publicUrl).hostname);
  return hosts;
}

/** True when `host` (`name` or `name:port`) is allowed by name alone or by name and port. */
function hostAllowed(allowed: Set<string>, host: string): boolean {
  // Anything but a name and a port (userinfo, a path) would make URL parsing lie about the host.
  if (/[/@?#\\\s]/.test(host)) return false;
  let url: URL;
  try {
    url = new URL(`http://${host}`);
  } catch {
    return false;
  }
  return allowed.has(url.hostname) || allowed.has(host.toLowerCase());
}

/** The DNS-rebinding check: a 403 response for a foreign Host or Origin, else null. */
function checkHostAndOrigin(allowed: Set<string>, c: McpContext): Response | null {
  const host = c.req.header("host") ?? new URL(c.req.url).host;
  if (!hostAllowed(allowed, host)) {
    return jsonRpcError(403, -32000, `Forbidden: Host header '${host}' is not allowed`);
  }
  const origin = c.req.header("origin");
  if (origin !== undefined) {
    let originHost: string | null = null;
    try {
      const url = new URL(origin);
      if (url.protocol === "http:" || url.protocol === "https:") originHost = url.host;
    } catch {
      // An opaque origin ("null") or garbage: never allowed.
    }
    if (originHost === null || !hostAllowed(allowed, originHost)) {
      return jsonRpcError(403, -32000, `Forbidden: Origin header '${origin}' is not allowed`);
    }
  }
  return null;
}

type AuthOutcome = { principal: Principal; authInfo: AuthInfo } | { response: Response };

/** A value fit for a quoted-string of `WWW-Authenticate` (RFC 9110 5.6.4). */
function quotable(text: string): string {
  return text.replace(/["\\\r\n]/g, "'");
}

/**
 * Bearer token first (the primary scheme), then `x-api-key` (spec 5.2). A valid key rescues a
 * request whose token does not verify (a client configured with both keeps working when its token
 * expires); when neither verifies, the Bearer answer wins (401 `invalid_token`, so that an OAuth
 * client refreshes its token), or 503 when the token could not be checked at all (an external
 * issuer's keys out of reach). `Authorization: Bearer` with nothing after it counts as no token.
 */
async function authenticate(deps: AppDeps, c: McpContext): Promise<AuthOutcome> {
  const base = baseUrl(deps.config, c.req.url);
  const metadataUrl = `${base}${RESOURCE_METADATA_PATH}`;
  const authorization = c.req.header("authorization");
  const token = (authorization?.match(/^Bearer(?:\s+(.*))?$/i)?.[1] ?? "").trim();
  let tokenProblem = "The access token is invalid or expired";
  let unavailable: TokenCheckUnavailableError | undefined;
  if (token) {
    try {
      const principal = await deps.tokenVerifier.verify(token, { baseUrl: base });
      if (principal) {
        return { principal, authInfo: { token, clientId: principal.name, scopes: MCP_SCOPES } };
      }
    } catch (error) {
      if (error instanceof InvalidTokenError) tokenProblem = error.message;
      else if (error instanceof TokenCheckUnavailableError) unavailable = error;
      else throw error;
    }
  }
  const apiKey = c.req.header("x-api-key");
  const keyPrincipal = apiKey === undefined ? null : await deps.apiKeys.verify(apiKey);
  if (keyPrincipal) {
    // The key itself stays out of the auth info that tool handlers see.
    return {
      principal: keyPrincipal,
      authInfo: { token: "", clientId: keyPrincipal.name, scopes: MCP_SCOPES },
    };
  }
  // `scope` tells a client what to ask for at authorization (MCP 2025-11-25 scope selection);
  // an external issuer has scopes of its own, which are not ours to name.
  const challenge = deps.config.oauthIssuer
    ? `Bearer resource_metadata="${metadataUrl}"`
    : `Bearer resource_metadata="${metadataUrl}", scope="${MCP_SCOPES.join(" ")}"`;
  if (unavailable) {
    deps.logger.debug("bearer token not checked", {
      request_id: c.get("requestId"),
      error: unavailable.message,
    });
    const error = new JobseekError("NOT_READY", `${unavailable.message}. Try again shortly.`);
    return { response: errorResponse(error, c.get("requestId"), deps.logger) };
  }
  if (token) {
    return {
      response: jsonRpcError(401, -32600, "Unauthorized: invalid or expired token", {
        headers: {
          "www-authenticate": `${challenge}, error="invalid_token", ` +
            `error_description="${quotable(tokenProblem)}"`,
        },
      }),
    };
  }
  if (apiKey !== undefined) {
    const error = new JobseekError("AUTH_INVALID_KEY", "Invalid API key");
    return { response: errorResponse(error, c.get("requestId"), deps.logger) };
  }
  return {
    response: jsonRpcError(401, -32600, "Unauthorized", {
      headers: { "www-authenticate": challenge },
    }),
  };
}

/** The JSON-RPC id of a single response, to put on the 500 that replaces it. */
async function responseId(response: Response): Promise<string | number | null> {
  try {
    const body = await response.clone().json();
    const id = body && !Array.isArray(body) ? body.id : null;
    return typeof id === "string" || typeof id === "number" ? id : null;
  } catch {
    return null;
  }
}

/**
 * The MCP server and its HTTP transport (the SDK's server side, ajv with it), loaded beside the
 * app's start rather than before it: loading them cost every server start about 0.07 CPU-seconds
 * (docs/testing.md, "Fourteenth pass"). Not at the first `/mcp` request, as until session 55: a
 * server whose files were upgraded under it (a `git pull`, a `deno install`) then loaded the new
 * MCP code beside the old, and `/mcp` failed until a restart; the first request waited for it too.
 */
const mcpServing = loadedOnFirstUse(() =>
  Promise.all([
    import("../mcp/server.ts"),
    import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js"),
  ])
);

/** Serves one MCP request with a fresh server and transport (stateless mode). */
async function serveMcpRequest(
  deps: AppDeps,
  c: McpContext,
  request: Request,
  authInfo: AuthInfo,
): Promise<Response> {
  const requestId = c.get("requestId");
  let failed = false;
  const [{ createMcpServer }, { WebStandardStreamableHTTPServerTransport }] = await mcpServing();
  const server = createMcpServer({
    service: deps.service,
    logger: deps.logger,
    requestId: () => requestId,
    onInternalError: () => {
      failed = true;
    },
  });
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MAX_BODY_BYTES,
  });
  transport.onerror = (error: Error) => {
    deps.logger.debug("mcp transport refused request", {
      request_id: requestId,
      error: error.message,
    });
  };
  await server.connect(transport);
  guardRequestParams(transport);
  try {
    const response = await transport.handleRequest(request, { authInfo });
    if (failed) {
      return jsonRpcError(500, -32603, "Internal error", { id: await responseId(response) });
    }
    return response;
  } finally {
    await server.close();
  }
}

/** Routes for `/mcp` and the OAuth protected-resource metadata, mounted at the app's root. */
export function createMcpRoutes(deps: AppDeps): Hono<AppEnv> {
  // A failure here is met again, and answered, at the first `/mcp` request (loadedOnFirstUse
  // loads again after one).
  mcpServing().catch(() => {});
  const app = new Hono<AppEnv>();
  const allowedHosts = allowedHostSet(deps);

  // DNS-rebinding protection first, for every method: a foreign Host or Origin gets a 403 and no
  // CORS headers, preflight included.
  app.use(MCP_PATH, async function hostAndOrigin(c, next) {
    const forbidden = checkHostAndOrigin(allowedHosts, c);
    if (forbidden) return forbidden;
    await next();
  });
  // Browser-based clients: an Origin that passed the check above may call /mcp and read the
  // answers, 401 and its WWW-Authenticate included (that is how such a client finds the sign-in).
  // No credentials mode: the API key and the token are headers, never cookies.
  app.use(
    MCP_PATH,
    cors({
      origin: (origin) => origin || null,
      allowMethods: ["POST"],
      allowHeaders: CORS_ALLOW_HEADERS,
      exposeHeaders: CORS_EXPOSE_HEADERS,
      maxAge: CORS_MAX_AGE_SECONDS,
    }),
  );

  app.all(MCP_PATH, async function mcpHandler(c) {
    try {
      if (c.req.method !== "POST") {
        // Stateless: no SSE stream to open with GET, no session to end with DELETE.
        return jsonRpcError(405, -32000, "Method not allowed: /mcp accepts POST", {
          headers: { allow: "POST" },
        });
      }
      const auth = await authenticate(deps, c);
      if ("response" in auth) return auth.response;
      c.set("principal", auth.principal);
      try {
        // The tools search: a key (or a token signed in with a key) without `search` may not.
        requireScope(auth.principal, "search");
      } catch (error) {
        return errorResponse(error, c.get("requestId"), deps.logger);
      }
      // Each call of a JSON-RPC batch counts, so a batch cannot multiply the budget.
      const { calls, request } = await callCount(c.req.raw, MAX_BODY_BYTES);
      try {
        await deps.rateLimiter.consume(auth.principal, Math.max(1, calls));
        // An empty batch is an Invalid Request (JSON-RPC 2.0, section 6); the SDK would answer
        // it 202, as if it held only notifications.
        if (calls === 0) {
          return jsonRpcError(400, -32600, "Invalid Request: the batch is empty");
        }
      } catch (error) {
        if (error instanceof JobseekError && error.code === "RATE_LIMITED") {
          return errorResponse(error, c.get("requestId"), deps.logger);
        }
        throw error;
      }
      return await serveMcpRequest(deps, c, request, auth.authInfo);
    } catch (error) {
      deps.logger.error("mcp request failed", {
        request_id: c.get("requestId"),
        ...errorFields(error),
      });
      return jsonRpcError(500, -32603, "Internal error");
    }
  });

  const metadata = (c: McpContext) => {
    const base = baseUrl(deps.config, c.req.url);
    c.header("access-control-allow-origin", "*");
    const issuer = deps.config.oauthIssuer;
    return c.json({
      resource: `${base}${MCP_PATH}`,
      authorization_servers: [issuer ?? base],
      bearer_methods_supported: ["header"],
      // An external issuer's scopes are its own; asking it for ours could fail the sign-in.
      ...(issuer ? {} : { scopes_supported: MCP_SCOPES }),
      resource_name: "jobseek",
    });
  };
  for (const path of [RESOURCE_METADATA_PATH, `${RESOURCE_METADATA_PATH}${MCP_PATH}`]) {
    app.get(path, metadata);
    app.all(path, methodNotAllowed(["GET", "HEAD"], deps.logger));
  }
  return app;
}
