/**
 * The HTTP application: request ids, one log line per request, the single error mapping, and the
 * routes (REST search, health, OpenAPI, and the MCP endpoint with its OAuth routes).
 *
 * Order of checks for `/v1/search` (documented in docs/rest-api.md): a Host that names no host
 * (400 on every route) → CORS preflight from an origin
 * of `JOBSEEK_CORS_ORIGINS` (204) → route (404) → method (405) → API key (403) → rate limit (429,
 * authenticated requests only) → body size and JSON (413, 400 INVALID_JSON) → parameters (400) →
 * readiness (503) → search (500).
 *
 * @module
 */
import { type Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { JobseekError } from "../domain/errors.ts";
import type { Logger } from "../log.ts";
import { createMcpRoutes, MCP_PATH } from "./mcp_routes.ts";
import type { AppDeps, AppEnv } from "./app_deps.ts";
import { MisdirectedRequestError } from "./base_url.ts";
import { CLIENT_CLOSED_REQUEST, clientAborted, isClientAbort } from "./client_abort.ts";
import { errorResponse } from "./error_response.ts";
import { createHealthRoutes } from "./health_routes.ts";
import { methodNotAllowed } from "./method_not_allowed.ts";
import { createOAuthRoutes } from "./oauth_routes.ts";
import { createOpenApiDocument, OPENAPI_PATH } from "./openapi.ts";
import { createSearchRoutes } from "./search_routes.ts";
import { createPostingsRoutes } from "./postings_routes.ts";
import { createSavedSearchRoutes } from "./saved_search_routes.ts";
import { malformedRequestHost, pathAsSent } from "./well_formed_host.ts";

function setHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    // Some responses (e.g. from fetch) have immutable headers: copy them.
    const copy = new Response(response.body, response);
    copy.headers.set(name, value);
    return copy;
  }
}

/**
 * The pattern of the route that answered (`/v1/search`, `/posting`), for metrics: raw paths would
 * give every made-up URL a series of its own. Unmatched requests share one name.
 */
function routeOf(matched: { path: string; method: string }[]): string {
  const route = matched.filter((r) => r.path !== "*" && r.path !== "/*").at(-1);
  return route?.path ?? "unmatched";
}

/**
 * The path as the request log writes it: where the route's `:token` is the credential (a feed URL,
 * an unsubscribe link), the route's pattern instead, so that whoever reads the logs cannot read
 * every feed or unsubscribe anyone.
 */
function loggedPath(path: string, route: string): string {
  return route.includes("/:token") ? route : path;
}

/** The JSON 404 of a path no route serves (the web app answers a browser with a page instead). */
export function noEndpoint(c: Context<AppEnv>, logger: Logger): Response {
  return errorResponse(
    new JobseekError("NOT_FOUND", `Not found: no endpoint at ${c.req.path}`),
    c.get("requestId") ?? crypto.randomUUID(),
    logger,
  );
}

/**
 * The 400 of a request whose `Host` names no host, in the shape its path answers in: a JSON-RPC
 * error on `/mcp`, OAuth's on `/oauth/*` and `/.well-known/*`, the web's page on its pages, and
 * the REST error body (`INVALID_HOST`) everywhere else.
 */
function hostRefused(c: Context<AppEnv>, deps: AppDeps, message: string): Response {
  const path = pathAsSent(c.req.raw.url, c.req.header("host")) ?? c.req.path;
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), {
      status: 400,
      headers: { "content-type": "application/json", "cache-control": "no-store" },
    });
  if (path === MCP_PATH) {
    return json({
      jsonrpc: "2.0",
      error: { code: -32000, message: `Bad Request: ${message}` },
      id: null,
    });
  }
  if (path.startsWith("/oauth/") || path.startsWith("/.well-known/")) {
    return json({ error: "invalid_request", error_description: message });
  }
  const page = deps.hostRefusalPage?.(c, message, path);
  if (page) return page;
  return errorResponse(
    new JobseekError("INVALID_HOST", `Bad request: ${message}`),
    c.get("requestId") ?? crypto.randomUUID(),
    deps.logger,
  );
}

/** Builds the app; `Deno.serve(app.fetch)` serves it. */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const { logger } = deps;
  const app = new Hono<AppEnv>();

  app.use("*", async function requestContext(c, next) {
    const requestId = crypto.randomUUID();
    const started = performance.now();
    c.set("requestId", requestId);
    await next();
    // Reassigning c.res makes Hono copy every header again: only when the response was replaced.
    // nosniff on every answer, errors included: a browser must never take a JSON body that echoes
    // a caller's text for HTML or script.
    const answered = setHeader(
      setHeader(c.res, "x-request-id", requestId),
      "x-content-type-options",
      "nosniff",
    );
    if (answered !== c.res) c.res = answered;
    const principal = c.get("principal");
    const route = routeOf(c.req.matchedRoutes);
    deps.observeRequest?.(c.req.method, route, c.res.status, (performance.now() - started) / 1000);
    logger.info("request", {
      request_id: requestId,
      method: c.req.method,
      path: loggedPath(c.req.path, route),
      status: c.get("clientAborted") ? CLIENT_CLOSED_REQUEST : c.res.status,
      duration_ms: Math.round((performance.now() - started) * 10) / 10,
      // The key's name, never the key.
      ...(principal ? { key_name: principal.name, auth: principal.via } : {}),
    });
  });

  // Before any route: every route reads the request's URL, which Deno makes of its Host.
  app.use("*", async function wellFormedHost(c, next) {
    const malformed = malformedRequestHost(c.req.raw);
    if (malformed !== null) return hostRefused(c, deps, malformed);
    await next();
  });

  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
    if (error instanceof MisdirectedRequestError) return error.response();
    const requestId = c.get("requestId") ?? crypto.randomUUID();
    if (isClientAbort(error, c.req.raw)) {
      c.set("clientAborted", true);
      return clientAborted(error, requestId, c.req.raw, logger);
    }
    return errorResponse(error, requestId, logger);
  });
  app.notFound((c) => noEndpoint(c, logger));

  app.route("/", createSearchRoutes(deps));
  app.route("/", createPostingsRoutes(deps));
  app.route("/", createHealthRoutes(deps));
  app.route("/", createSavedSearchRoutes(deps));

  let openApi: Promise<Record<string, unknown>> | undefined;
  app.get(OPENAPI_PATH, async (c) => {
    openApi ??= createOpenApiDocument({ serverUrl: deps.config.publicUrl });
    return c.json(await openApi);
  });
  app.all(OPENAPI_PATH, methodNotAllowed(["GET", "HEAD"], logger));

  app.route("/", createMcpRoutes(deps));
  app.route("/", createOAuthRoutes(deps));
  return app;
}
