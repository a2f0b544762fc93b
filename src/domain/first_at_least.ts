/**
 * Binary search over a sorted list, the one way the code finds where a value falls in one.
 *
 * @module
 */

/**
 * The index of the first entry of `sorted` (ascending) that is not less than `value`;
 * `sorted.length` when every entry is.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(firstAtLeast([2, 4, 4, 9], 4), 1);
 * assert.equal(firstAtLeast([2, 4, 4, 9], 10), 4);
 * assert.equal(firstAtLeast(["amazon", "amazon web", "google"], "amazon "), 1);
 * ```
 */
export function firstAtLeast<T extends number | string>(sorted: ArrayLike<T>, value: T): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
