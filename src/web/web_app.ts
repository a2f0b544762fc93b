/**
 * The whole HTTP app a server runs: the API app (src/http/app.ts) with, on top, the web page and
 * console (unless `JOBSEEK_WEB=off`), `/metrics` for admin keys, and the pages' own 404 for
 * browsers (API clients keep the JSON 404).
 *
 * @module
 */
import type { Context, Hono } from "hono";
import { createApp, noEndpoint } from "../http/app.ts";
import type { AppEnv } from "../http/app_deps.ts";
import { errorResponse } from "../http/error_response.ts";
import { JobseekError } from "../domain/errors.ts";
import { hasScope, type WebDeps } from "./respond.tsx";
import { createWebRoutes, hostRefusedPage } from "./web_routes.tsx";
import { HEALTH_PATH } from "../http/health_routes.ts";
import { MCP_PATH } from "../http/mcp_routes.ts";
import { methodNotAllowed } from "../http/method_not_allowed.ts";

export type { WebDeps } from "./respond.tsx";

export const METRICS_PATH = "/metrics";

/** The key of a request for `/metrics`: `x-api-key`, or `Authorization: Bearer KEY`. */
function metricsKey(c: Context<AppEnv>): string | undefined {
  const header = c.req.header("x-api-key");
  if (header !== undefined) return header;
  const bearer = c.req.header("authorization")?.match(/^Bearer\s+(\S+)\s*$/i);
  return bearer?.[1];
}

/** A path the API answers (in JSON), not one of the web's pages. */
function isApiPath(path: string): boolean {
  return path.startsWith("/v1/") || path.startsWith("/oauth/") ||
    path.startsWith("/.well-known/") || [MCP_PATH, METRICS_PATH, HEALTH_PATH].includes(path);
}

/** A browser asking for a page (not an API client asking for JSON). */
function wantsPage(c: Context<AppEnv>): boolean {
  const accept = c.req.header("accept") ?? "";
  return c.req.method === "GET" && accept.includes("text/html") && !isApiPath(c.req.path);
}

export function createWebApp(deps: WebDeps): Hono<AppEnv> {
  const pages = deps.config.web !== "off";
  const app = createApp({
    ...deps,
    observeRequest: (method, route, status, seconds) =>
      deps.metrics.observeRequest(method, route, status, seconds),
    hostRefusalPage: (c, message, path) =>
      pages && !isApiPath(path) ? hostRefusedPage(c, message) : null,
  });

  app.get(METRICS_PATH, async (c) => {
    const key = metricsKey(c);
    const requestId = c.get("requestId");
    if (key === undefined) {
      return c.json(
        {
          error: "An admin API key is required (x-api-key or Authorization: Bearer)",
          error_code: "AUTH_REQUIRED",
          request_id: requestId,
        },
        401,
        { "www-authenticate": 'Bearer realm="jobseek metrics"' },
      );
    }
    const principal = await deps.apiKeys.verify(key);
    if (!principal) {
      return errorResponse(
        new JobseekError("AUTH_INVALID_KEY", "Invalid API key"),
        requestId,
        deps.logger,
      );
    }
    if (!hasScope(principal, "admin")) {
      return errorResponse(
        new JobseekError(
          "AUTH_INSUFFICIENT_SCOPE",
          "This API key lacks the 'admin' scope; create one with " +
            "`jobseek keys create --name NAME --scope admin`",
        ),
        requestId,
        deps.logger,
      );
    }
    c.set("principal", principal);
    return c.body(await deps.metrics.text(), 200, {
      "content-type": deps.metrics.contentType,
      "cache-control": "no-store",
    });
  });

  // As `/healthz` answers: another method is told which ones the path takes.
  app.all(METRICS_PATH, methodNotAllowed(["GET", "HEAD"], deps.logger));

  const web = pages ? createWebRoutes(deps) : null;
  if (web) app.route("/", web.routes);

  app.notFound(async (c) => {
    const wrong = web ? await web.wrongMethod(c) : null;
    if (wrong) return wrong;
    return web && wantsPage(c) ? web.notFound(c) : noEndpoint(c, deps.logger);
  });
  return app;
}
