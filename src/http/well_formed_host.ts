/**
 * Whether a request's `Host` names a host at all. RFC 9112 (3.2): "A server MUST respond with a
 * 400 (Bad Request) status code to any HTTP/1.1 request message that ... contains a Host header
 * field with an invalid field value". Deno names a request by its Host (`http+unix://a b/` behind
 * the connection guard), so a Host no URL can hold ("a b", "[::1", "localhost:99999") made every
 * route that reads the URL throw: the page's 500 "Something went wrong" (session 36's reviewer).
 * The app refuses such a request before any route sees it (src/http/app.ts).
 *
 * @module
 */

/** Longest host name DNS can carry (RFC 1035: 253 characters written out). */
export const HOST_NAME_MAX = 253;

/**
 * RFC 3986's `host [ ":" port ]`: an IP literal in brackets or a registered name (unreserved,
 * sub-delims and percent-escapes), and a port of digits. Nothing that would start a path, a query,
 * user info or a fragment, and no space or byte beyond ASCII.
 */
const HOST_SYNTAX = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9\-._~!$&'()*+,;=%]+)(?::(\d{0,5}))?$/;

/**
 * Why `host` (a `Host` header's value) names no host, or null when it is well formed: empty, too
 * long, not of a host's syntax, or a host the URL parser refuses (a port past 65535, a bad IP
 * literal, an escape that decodes to a forbidden character).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { malformedHost } from "./well_formed_host.ts";
 *
 * assert.equal(malformedHost("localhost:8000"), null);
 * assert.equal(malformedHost("[::1]:8000"), null);
 * assert.equal(malformedHost("jobs.example.com"), null);
 * assert.match(malformedHost("a b")!, /not a host name/);
 * assert.match(malformedHost("[::1")!, /not a host name/);
 * assert.match(malformedHost("localhost:99999")!, /not a host name/);
 * assert.match(malformedHost("")!, /empty/);
 * assert.match(malformedHost("a".repeat(300))!, /longer than/);
 * ```
 */
export function malformedHost(host: string): string | null {
  if (host === "") return "the Host header is empty";
  const syntax = HOST_SYNTAX.exec(host);
  const name = syntax?.[1] === undefined ? host : host.slice(0, -syntax[1].length - 1);
  if (name.length > HOST_NAME_MAX) {
    return `the Host header is longer than a host name can be (${HOST_NAME_MAX} characters)`;
  }
  if (!syntax || URL.parse(`http://${host}/`) === null) {
    return `the Host header '${shown(host)}' is not a host name (a name or an address, and ` +
      "optionally a port up to 65535)";
  }
  return null;
}

/**
 * Why `request` names no host, or null: its `Host` header (when it has one) by
 * {@linkcode malformedHost}, and its URL, which Deno makes of that header, by the URL parser.
 * A request without a `Host` header (HTTP/1.0, or made in-process) is judged by its URL alone.
 */
export function malformedRequestHost(request: Request): string | null {
  const host = request.headers.get("host");
  if (host !== null) {
    const malformed = malformedHost(host);
    if (malformed !== null) return malformed;
  }
  if (URL.parse(request.url) === null) {
    return "the request's address is not a URL (its Host header names no host)";
  }
  return null;
}

/** The start of a header's value, fit to quote in a message. */
function shown(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}...` : text;
}

/**
 * The path as the client sent it, where the `Host` it sent names no host: Deno names a request by
 * `scheme://` + Host + request target, unchanged, so a Host with a "/" ("a/b", "x/mcp") moved the
 * path the routes read ("/b/v1/search"), and its refusal came in a page's shape on the API's routes
 * (reviewer W, session 37). Undefined where the Host moves nothing (the routes' own path is
 * right) or the URL does not start with the Host as sent.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { pathAsSent } from "./well_formed_host.ts";
 *
 * assert.equal(pathAsSent("http://a/b/v1/search?q=x", "a/b"), "/v1/search");
 * assert.equal(pathAsSent("http://x/mcp/mcp", "x/mcp"), "/mcp");
 * assert.equal(pathAsSent("http://a?b/v1/search?q=x", "a?b"), "/v1/search");
 * assert.equal(pathAsSent("http+unix://a/b/oauth/token", "a/b"), "/oauth/token");
 * assert.equal(pathAsSent("http+unix://a b/oauth/token", "a b"), undefined);
 * assert.equal(pathAsSent("http://localhost:8000/", "elsewhere"), undefined);
 * ```
 */
export function pathAsSent(url: string, host: string | undefined): string | undefined {
  // Only a "/", "?" or "#" in the Host moves the path; an empty Host names the socket instead.
  if (host === undefined || !/[/?#]/.test(host)) return undefined;
  const at = url.indexOf("://");
  if (at < 0) return undefined;
  const rest = url.slice(at + 3);
  if (!rest.startsWith(host)) return undefined;
  const path = rest.slice(host.length).split(/[?#]/, 1)[0];
  return path.startsWith("/") ? path : `/${path}`;
}
