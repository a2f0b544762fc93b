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
 * ```
 */
export function normalizeEndpoint(value: string): string {
  const trimmed = value.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new Error(
      `Cannot use endpoint '${trimmed}': not a URL (expected e.g. ${DEFAULT_ENDPOINT})`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`Cannot use endpoint '${trimmed}': it must be an http:// or https:// URL`);
  }
  if (url.search || url.hash) {
    throw new Error(`Cannot use endpoint '${trimmed}': it must not carry a query or fragment`);
  }
  return url.href.replace(/\/+$/, "");
}
