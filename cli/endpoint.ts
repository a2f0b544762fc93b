/**
 * The server a client command talks to: the default, and the one form every layer's value (flag,
 * environment, config file) is checked and kept in.
 *
 * @module
 */

import { DEFAULT_PORT } from "../src/config.ts";

/** A server started with the defaults, on this machine. */
export const DEFAULT_ENDPOINT = `http://localhost:${DEFAULT_PORT}`;

/**
 * Checks that an endpoint is an http(s) URL and normalizes it (no trailing slash).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(normalizeEndpoint("https://jobs.example.com/"), "https://jobs.example.com");
 * assert.throws(() => normalizeEndpoint("ftp://example.com"), /http/);
 * assert.throws(
 *   () => normalizeEndpoint("localhost:8751"),
 *   /it must be an http:\/\/ or https:\/\/ URL \(did you mean 'http:\/\/localhost:8751'\?\)/,
 * );
 * assert.throws(
 *   () => normalizeEndpoint("jobs.example.com"),
 *   /not a URL \(did you mean 'https:\/\/jobs\.example\.com'\?\)/,
 * );
 * ```
 */
export function normalizeEndpoint(value: string): string {
  const trimmed = value.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    const meant = schemeLeftOut(trimmed);
    throw new Error(
      `Cannot use endpoint '${trimmed}': not a URL ${
        meant ? meant.trim() : `(expected e.g. ${DEFAULT_ENDPOINT})`
      }`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(
      `Cannot use endpoint '${trimmed}': it must be an http:// or https:// URL${
        schemeLeftOut(trimmed)
      }`,
    );
  }
  if (url.search || url.hash) {
    throw new Error(`Cannot use endpoint '${trimmed}': it must not carry a query or fragment`);
  }
  return url.href.replace(/\/+$/, "");
}

/**
 * " (did you mean '...'?)" for a host typed without its scheme ("localhost:8751", "jobs.example.com"):
 * http:// for this machine, https:// for another; "" for anything else. A person's trial (session
 * 57) typed "localhost:8751" and was told only that it must be an http:// or https:// URL.
 */
function schemeLeftOut(typed: string): string {
  const host = /^([a-z0-9.-]+|\[[0-9a-f:]+\])(?::\d{1,5})?(?:\/\S*)?$/i.exec(typed)?.[1];
  if (!host || !/[a-z0-9\]]$/i.test(host)) return "";
  const local = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i.test(host);
  return ` (did you mean '${local ? "http" : "https"}://${typed}'?)`;
}
