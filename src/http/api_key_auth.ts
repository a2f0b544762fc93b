/**
 * REST authentication and rate limiting: the `x-api-key` header must name a valid key, and each
 * authenticated request counts against that key's per-minute budget. Unauthenticated requests are
 * not counted: they cannot spend anyone's budget.
 *
 * @module
 */
import type { MiddlewareHandler } from "hono";
import { JobseekError } from "../domain/errors.ts";
import type { AppDeps, AppEnv } from "./app_deps.ts";

/** Middleware: 403 AUTH_INVALID_KEY without a valid key, 429 RATE_LIMITED over the limit. */
export function apiKeyAuth(deps: Pick<AppDeps, "apiKeys" | "rateLimiter">): MiddlewareHandler<
  AppEnv
> {
  return async function apiKeyAuthMiddleware(c, next) {
    const principal = await deps.apiKeys.verify(c.req.header("x-api-key"));
    if (!principal) throw new JobseekError("AUTH_INVALID_KEY", "Invalid API key");
    c.set("principal", principal);
    await deps.rateLimiter.consume(principal);
    await next();
  };
}
