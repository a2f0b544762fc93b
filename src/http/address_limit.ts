/**
 * Requests per minute per client address, for the endpoints anyone may call without credentials
 * (`/oauth/*`). Counted in memory per server, on a limiter of its own: the point is to keep one
 * address from making a server write to the shared store without end, and a per-server count
 * needs no store write to enforce that. Behind a reverse proxy every client has the proxy's
 * address; limit there instead (docs/operations.md).
 *
 * @module
 */
import type { Context, MiddlewareHandler } from "hono";
import { JobseekError } from "../domain/errors.ts";
import type { AppDeps, AppEnv } from "./app_deps.ts";
import { PEER_HEADER } from "./connection_guard.ts";
import { errorResponse } from "./error_response.ts";

/** Every `/oauth/*` request of one address together: a sign-in takes fewer than ten. */
export const OAUTH_PER_ADDRESS_PER_MINUTE = 60;
/** Client registrations of one address: a client registers once per sign-in at most. */
export const REGISTER_PER_ADDRESS_PER_MINUTE = 10;

/**
 * The client's address: from the connection guard's header when the app is served behind it (on
 * its private Unix socket, which only the guard can reach), else the peer Deno.serve saw;
 * "unknown" when the app runs without a connection (tests calling it directly).
 */
export function clientAddress(c: Context<AppEnv>): string {
  const info = c.env as { remoteAddr?: { transport?: string; hostname?: string } } | undefined;
  if (info?.remoteAddr?.transport === "unix") return c.req.header(PEER_HEADER) ?? "unknown";
  return info?.remoteAddr?.hostname ?? "unknown";
}

/**
 * Middleware that answers 429 (the spec's body and `Retry-After`) once the address has made
 * `perMinute` requests to routes of `scope` in the last minute. Without `deps.addressLimiter` it
 * lets everything through.
 */
export function addressLimit(
  deps: AppDeps,
  scope: string,
  perMinute: number,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const limiter = deps.addressLimiter;
    if (!limiter) return await next();
    try {
      await limiter.consumeSubject(`addr:${scope}:${clientAddress(c)}`, perMinute);
    } catch (error) {
      if (error instanceof JobseekError && error.code === "RATE_LIMITED") {
        return errorResponse(error, c.get("requestId"), deps.logger);
      }
      throw error;
    }
    await next();
  };
}
