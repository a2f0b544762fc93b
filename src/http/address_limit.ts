/**
 * Requests per minute per client network, for the endpoints anyone may call without credentials
 * (`/oauth/*`). Counted in memory per server, on a limiter of its own: the point is to keep one
 * network from making a server work without end, and a per-server count needs no store write to
 * enforce that. Nothing here is shared by all clients: a flood from one network spends that
 * network's budgets only, so a sign-in from anywhere else is never refused because of it.
 *
 * Counting is by prefix, not by address: one host commonly holds a whole IPv6 /64 (SLAAC, privacy
 * addresses) and cheap IPv4 hosting hands out neighbouring addresses, so per-address counting
 * gives one attacker thousands of budgets. An IPv4 address counts with its /24, an IPv6 address
 * with its /64, an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, what a dual-stack socket reports
 * for an IPv4 peer) as the IPv4 address it is. Behind a reverse proxy every client has the proxy's
 * address; limit there instead (docs/operations.md).
 *
 * @module
 */
import type { Context, MiddlewareHandler } from "hono";
import { JobseekError } from "../domain/errors.ts";
import type { AppDeps, AppEnv } from "./app_deps.ts";
import { PEER_HEADER } from "./guarded_connection.ts";
import { errorResponse } from "./error_response.ts";

/**
 * Client registrations per network: a client registers once per sign-in at most, and a
 * registration writes nothing (the client id is signed, src/auth/oauth_clients.ts).
 */
export const REGISTER_PER_PREFIX_PER_MINUTE = 10;
/**
 * Authorization requests and consent answers per network (`GET` and `POST /oauth/authorize`): a
 * sign-in shows the page once or twice and posts it once; a mistyped key costs one more of each.
 */
export const AUTHORIZE_PER_PREFIX_PER_MINUTE = 30;
/**
 * Token and revocation requests per network: a code exchange per sign-in, then one refresh an
 * hour per signed-in client; 60 leaves room for a whole office behind one address.
 */
export const TOKEN_PER_PREFIX_PER_MINUTE = 60;

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

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function ipv4Octets(text: string): number[] | null {
  const match = text.match(IPV4);
  if (!match) return null;
  const octets = match.slice(1).map(Number);
  return octets.every((o) => o <= 255) ? octets : null;
}

/** The eight 16-bit groups of an IPv6 address (`::` and a dotted IPv4 tail allowed), or null. */
function ipv6Groups(text: string): number[] | null {
  let hex = text;
  const lastColon = text.lastIndexOf(":");
  if (text.slice(lastColon + 1).includes(".")) {
    // A dotted tail ("::ffff:1.2.3.4") is the last two groups written another way.
    const octets = ipv4Octets(text.slice(lastColon + 1));
    if (!octets) return null;
    const high = ((octets[0] << 8) | octets[1]).toString(16);
    const low = ((octets[2] << 8) | octets[3]).toString(16);
    hex = `${text.slice(0, lastColon + 1)}${high}:${low}`;
  }
  const halves = hex.split("::");
  if (halves.length > 2) return null;
  const parts = (half: string) => half === "" ? [] : half.split(":");
  const head = parts(halves[0]);
  const tail = halves.length === 2 ? parts(halves[1]) : [];
  if (![...head, ...tail].every((group) => /^[0-9a-fA-F]{1,4}$/.test(group))) return null;
  const given = head.length + tail.length;
  if (halves.length === 1 ? given !== 8 : given > 7) return null;
  return [...head, ...new Array(8 - given).fill("0"), ...tail].map((g) => parseInt(g, 16));
}

/**
 * The network an address is counted with: `a.b.c.0/24` for IPv4 (also when written as IPv4-mapped
 * IPv6), `x:x:x:x::/64` for IPv6; anything else (e.g. "unknown") is its own group.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { addressPrefix } from "./address_limit.ts";
 *
 * assert.equal(addressPrefix("203.0.113.77"), "203.0.113.0/24");
 * assert.equal(addressPrefix("::ffff:203.0.113.9"), "203.0.113.0/24");
 * assert.equal(addressPrefix("2001:DB8:0:1:aa::5"), "2001:db8:0:1::/64");
 * assert.equal(addressPrefix("[2001:db8::1%eth0]"), "2001:db8:0:0::/64");
 * ```
 */
export function addressPrefix(address: string): string {
  const text = address.replace(/^\[(.*)\]$/, "$1").replace(/%.*$/, "");
  const v4 = ipv4Octets(text);
  if (v4) return `${v4[0]}.${v4[1]}.${v4[2]}.0/24`;
  if (!text.includes(":")) return address;
  const groups = ipv6Groups(text);
  if (!groups) return address;
  // ::ffff:0:0/96 is an IPv4 peer seen through an IPv6 socket.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return `${groups[6] >> 8}.${groups[6] & 0xff}.${groups[7] >> 8}.0/24`;
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(":")}::/64`;
}

/**
 * Middleware that answers 429 (the spec's body and `Retry-After`) once the client's network has
 * made `perMinute` requests to routes of `scope` in the last minute. Without `deps.addressLimiter`
 * it lets everything through.
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
      await limiter.consumeSubject(`addr:${scope}:${addressPrefix(clientAddress(c))}`, perMinute);
    } catch (error) {
      if (error instanceof JobseekError && error.code === "RATE_LIMITED") {
        return errorResponse(error, c.get("requestId"), deps.logger);
      }
      throw error;
    }
    await next();
  };
}
