/**
 * Which redirect URIs a client may register and use (OAuth 2.1 and RFC 8252, OAuth for native
 * apps), and how a redirect carries its answer back to the client.
 *
 * @module
 */

/** Longest redirect URI (or client URI) accepted. */
export const MAX_URI_LENGTH = 2000;

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Schemes that are not an app's own (RFC 8252 7.1 private-use schemes are): web and network schemes
 * other apps own, and those a browser would run or render itself instead of handing to an app.
 */
const NOT_PRIVATE_USE_SCHEMES = new Set([
  "about:",
  "blob:",
  "data:",
  "file:",
  "filesystem:",
  "ftp:",
  "javascript:",
  "mailto:",
  "sms:",
  "tel:",
  "vbscript:",
  "view-source:",
  "ws:",
  "wss:",
]);

/**
 * Why `uri` cannot be a redirect URI, or null when it can: an absolute URL without a fragment,
 * https, http on a loopback host (RFC 8252 7.3, for apps on the person's own machine), or a
 * private-use scheme of a native app such as `cursor://` or `vscode://` (RFC 8252 7.1).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { redirectUriProblem } from "./oauth_redirect_uri.ts";
 *
 * assert.equal(redirectUriProblem("cursor://anysphere.cursor-mcp/oauth/callback"), null);
 * assert.equal(redirectUriProblem("http://127.0.0.1:53682/callback"), null);
 * assert.match(redirectUriProblem("http://example.com/cb") ?? "", /must use https/);
 * ```
 */
export function redirectUriProblem(uri: unknown): string | null {
  if (typeof uri !== "string" || uri.length === 0) return "must be a non-empty string";
  if (uri.length > MAX_URI_LENGTH) return `must be at most ${MAX_URI_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return "must be an absolute URL";
  }
  if (uri.includes("#")) return "must not have a fragment";
  if (url.username || url.password) return "must not carry credentials";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:") {
    return LOOPBACK_HOSTS.has(url.hostname)
      ? null
      : "must use https; http only on localhost, 127.0.0.1 or [::1]";
  }
  if (NOT_PRIVATE_USE_SCHEMES.has(url.protocol)) {
    return `must not use the ${url.protocol} scheme (https, loopback http or an app's own scheme)`;
  }
  return null;
}

/**
 * Whether `requested` may stand for the registered `registered`: character for character, except
 * that a loopback http URI matches on any port (RFC 8252 7.3: a native app listens on whatever
 * port is free when it signs in, not the one it registered).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { redirectUriMatches } from "./oauth_redirect_uri.ts";
 *
 * assert.ok(redirectUriMatches("http://127.0.0.1:1/cb", "http://127.0.0.1:53682/cb"));
 * assert.ok(!redirectUriMatches("https://app.example/cb", "https://app.example/cb2"));
 * ```
 */
export function redirectUriMatches(registered: string, requested: string): boolean {
  if (registered === requested) return true;
  if (redirectUriProblem(requested) !== null) return false;
  const a = new URL(registered);
  const b = new URL(requested);
  if (a.protocol !== "http:" || b.protocol !== "http:" || !LOOPBACK_HOSTS.has(a.hostname)) {
    return false;
  }
  a.port = "";
  b.port = "";
  return a.href === b.href;
}

/**
 * `uri` with `params` added to its query (an existing query is kept, RFC 6749 3.1.2); undefined
 * values are left out.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { redirectWith } from "./oauth_redirect_uri.ts";
 *
 * assert.equal(
 *   redirectWith("https://app.example/cb?x=1", { code: "c", state: undefined }),
 *   "https://app.example/cb?x=1&code=c",
 * );
 * ```
 */
export function redirectWith(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.set(name, value);
  }
  return url.href;
}
