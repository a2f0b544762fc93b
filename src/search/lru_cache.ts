/**
 * A least-recently-used map of bounded size, for the query vectors a service keeps: embedding a
 * query costs milliseconds, and people repeat queries (paging, changing a filter).
 *
 * @module
 */

/**
 * A least-recently-used map: Map keeps insertion order, so re-inserting marks as recent.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const cache = new LruCache<number>(2);
 * cache.set("a", 1);
 * cache.set("b", 2);
 * cache.get("a");
 * cache.set("c", 3);
 * assert.equal(cache.get("b"), undefined);
 * assert.equal(cache.get("a"), 1);
 * ```
 */
export class LruCache<V> {
  readonly #map = new Map<string, V>();
  readonly #capacity: number;

  /** `capacity` entries at most; 0 or less keeps nothing. */
  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  get(key: string): V | undefined {
    const value = this.#map.get(key);
    if (value !== undefined) {
      this.#map.delete(key);
      this.#map.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    if (this.#capacity <= 0) return;
    this.#map.delete(key);
    this.#map.set(key, value);
    if (this.#map.size > this.#capacity) this.#map.delete(this.#map.keys().next().value!);
  }

  delete(key: string): void {
    this.#map.delete(key);
  }
}
