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
import { DEFAULT_SCOPES, type Principal, type Scope } from "../domain/service.ts";

/** Throws 403 AUTH_INSUFFICIENT_SCOPE unless `principal` may do `scope`. */
export function requireScope(principal: Principal, scope: Scope): void {
  if (!(principal.scopes ?? DEFAULT_SCOPES).includes(scope)) {
    throw new JobseekError(
      "AUTH_INSUFFICIENT_SCOPE",
      `This API key lacks the '${scope}' scope; create one with ` +
        `\`jobseek keys create --name NAME --scope ${scope}\``,
    );
  }
}

/**
 * Middleware: 403 AUTH_INVALID_KEY without a valid key, 403 AUTH_INSUFFICIENT_SCOPE for a key
 * without `scope`, 429 RATE_LIMITED over the limit.
 */
export function apiKeyAuth(
  deps: Pick<AppDeps, "apiKeys" | "rateLimiter">,
  scope: Scope = "search",
): MiddlewareHandler<AppEnv> {
  return async function apiKeyAuthMiddleware(c, next) {
    const principal = await deps.apiKeys.verify(c.req.header("x-api-key"));
    if (!principal) throw new JobseekError("AUTH_INVALID_KEY", "Invalid API key");
    requireScope(principal, scope);
    c.set("principal", principal);
    await deps.rateLimiter.consume(principal);
    await next();
  };
}
