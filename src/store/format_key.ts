/**
 * Deno KV keys in messages and logs.
 *
 * @module
 */

/**
 * A key as one readable string for messages and logs, e.g. `api_keys/3f2a…`.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(formatKey(["jobs_by_city", "DE", "Berlin", 7]), "jobs_by_city/DE/Berlin/7");
 * ```
 */
export function formatKey(key: Deno.KvKey): string {
  return key.map(String).join("/");
}
