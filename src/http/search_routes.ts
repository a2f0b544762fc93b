/**
 * `GET` and `POST /v1/search`: authenticate, count, read parameters (query string or JSON body),
 * validate with the shared schema, search, answer with the spec's response (2.1).
 *
 * @module
 */
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import { JobseekError } from "../domain/errors.ts";
import { toSearchResponse } from "../domain/job.ts";
import { parseSearchQuery, queryStringInput } from "../domain/search_query.ts";
import { apiKeyAuth } from "./api_key_auth.ts";
import type { AppDeps, AppEnv } from "./app_deps.ts";
import { methodNotAllowed } from "./method_not_allowed.ts";
import { readJsonObject } from "./read_json_body.ts";

export const SEARCH_PATH = "/v1/search";

/** The 400 for a `profile` in a query string. */
export const PROFILE_IN_GET_MESSAGE = "Invalid parameter 'profile': a profile is too long for a " +
  `URL; send it in the JSON body of POST ${SEARCH_PATH}`;

async function search(
  c: Context<AppEnv>,
  deps: AppDeps,
  raw: Record<string, unknown>,
): Promise<Response> {
  const query = parseSearchQuery(raw, "q");
  const body = toSearchResponse(c.get("requestId"), await deps.service.search(query));
  return c.json(body);
}

/** How long a browser may keep a preflight's answer (Chromium caps it at 7,200 s). */
export const CORS_MAX_AGE_SECONDS = 600;

/**
 * CORS for pages of the `JOBSEEK_CORS_ORIGINS` origins: their requests get
 * `Access-Control-Allow-Origin` (the key travels in a header, never a cookie, so no credentials
 * mode), and their preflight a 204 naming the methods and the headers a search sends. A request
 * from any other origin gets no CORS header, its preflight an empty 204 the browser refuses; a
 * request without `Origin` is not cross-origin and passes as before (so `OPTIONS` without one is
 * still a 405). `/mcp` keeps its own rules (mcp_routes.ts).
 */
function searchCors(origins: string[]): MiddlewareHandler<AppEnv> {
  const allowed = new Set(origins);
  const allow = cors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    allowMethods: ["GET", "POST"],
    allowHeaders: ["content-type", "x-api-key"],
    // What a page needs to read on an answer: the id to quote, and when to retry after a 429.
    exposeHeaders: ["x-request-id", "retry-after"],
    maxAge: CORS_MAX_AGE_SECONDS,
  });
  return async function searchCors(c, next) {
    const origin = c.req.header("origin");
    if (origin !== undefined && allowed.has(origin)) return await allow(c, next);
    if (origin !== undefined && c.req.method === "OPTIONS") {
      return c.body(null, 204, { vary: "Origin" });
    }
    await next();
    // Every answer depends on Origin: a cache must not hand this one to an allowed page.
    c.header("vary", "Origin", { append: true });
  };
}

/** The search routes; every other method on the path answers 405. */
export function createSearchRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const auth = apiKeyAuth(deps);
  if (deps.config.corsOrigins.length > 0) app.use(SEARCH_PATH, searchCors(deps.config.corsOrigins));
  // GET takes the query string only: a list parameter repeated is a list (given once, it is read
  // as a string, commas and all); any other parameter takes its first value.
  app.get(SEARCH_PATH, auth, (c) => {
    const params = queryStringInput(c.req.queries());
    // A CV does not fit in a URL (browsers and proxies cut them at 2-8 KB): POST takes it.
    if (params.profile !== undefined) {
      throw new JobseekError("INVALID_PARAMETER", PROFILE_IN_GET_MESSAGE, { param: "profile" });
    }
    return search(c, deps, params);
  });
  // POST takes the JSON body only; unknown fields are ignored by the schema.
  app.post(SEARCH_PATH, auth, async (c) => search(c, deps, await readJsonObject(c.req.raw)));
  app.all(SEARCH_PATH, methodNotAllowed(["GET", "HEAD", "POST"], deps.logger));
  return app;
}
