/**
 * `GET` and `POST /v1/search`: authenticate, count, read parameters (query string or JSON body),
 * validate with the shared schema, search, answer with the spec's response (2.1).
 *
 * @module
 */
import { type Context, Hono } from "hono";
import { toSearchResponse } from "../domain/job.ts";
import { parseSearchQuery } from "../domain/search_query.ts";
import { apiKeyAuth } from "./api_key_auth.ts";
import type { AppDeps, AppEnv } from "./app_deps.ts";
import { methodNotAllowed } from "./method_not_allowed.ts";
import { readJsonObject } from "./read_json_body.ts";

export const SEARCH_PATH = "/v1/search";

async function search(
  c: Context<AppEnv>,
  deps: AppDeps,
  raw: Record<string, unknown>,
): Promise<Response> {
  const query = parseSearchQuery(raw, "q");
  const body = toSearchResponse(c.get("requestId"), await deps.service.search(query));
  return c.json(body);
}

/** The search routes; every other method on the path answers 405. */
export function createSearchRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const auth = apiKeyAuth(deps);
  // GET takes the query string only (the first value of a repeated parameter wins).
  app.get(SEARCH_PATH, auth, (c) => search(c, deps, c.req.query()));
  // POST takes the JSON body only; unknown fields are ignored by the schema.
  app.post(SEARCH_PATH, auth, async (c) => search(c, deps, await readJsonObject(c.req.raw)));
  app.all(SEARCH_PATH, methodNotAllowed(["GET", "HEAD", "POST"], deps.logger));
  return app;
}
