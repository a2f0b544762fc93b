/**
 * An API key as `config list` and `configure` show it: enough to tell two keys apart, too little to
 * use one.
 *
 * @module
 */

/**
 * Hides most of a key for display: `abcd****wxyz`. Short keys are hidden completely, since showing
 * eight characters of them would give most of them away.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(maskKey("abcdefghijklmnopqrstuvwxyz"), "abcd****wxyz");
 * assert.equal(maskKey("short"), "****");
 * ```
 */
export function maskKey(key: string): string {
  return key.length < 16 ? "****" : `${key.slice(0, 4)}****${key.slice(-4)}`;
}
