/**
 * Looking up a table written as an object literal by text from outside (a query's words, a CSV's
 * cell, a request's header).
 *
 * @module
 */

/**
 * The value of `key` in `table`, or undefined: never a property every object inherits
 * ("constructor", "toString", "__proto__"), which `table[key]` gives. "nurse posted constructor"
 * answered 500 and "constructor jobs" embedded "function Object() { [native code] }" (reviewer W,
 * session 38).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const UNITS: Record<string, number> = { week: 7 };
 * assert.equal(ownValue(UNITS, "week"), 7);
 * assert.equal(ownValue(UNITS, "constructor"), undefined);
 * assert.equal(ownValue(UNITS, "__proto__"), undefined);
 * ```
 */
export function ownValue<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
