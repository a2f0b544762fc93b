/**
 * Bytes that arrive in order (a snapshot's chunks): waiters on a count that only grows, until the
 * bytes end or fail.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { Arrivals } from "./arrivals.ts";
 *
 * const arrivals = new Arrivals();
 * const first = arrivals.until(100);
 * arrivals.reached(150);
 * await first;
 * arrivals.failed(new Error("the store went away"));
 * await assert.rejects(arrivals.until(200), /the store went away/);
 * await arrivals.until(150);
 * ```
 *
 * @module
 */

/** Waiters on a count of bytes that only grows, until it ends or fails. */
export class Arrivals {
  #reached = 0;
  #failure: { error: unknown } | null = null;
  #waiting: { end: number; resolve: () => void; reject: (error: unknown) => void }[] = [];

  until(end: number): Promise<void> {
    if (end <= this.#reached) return Promise.resolve();
    if (this.#failure) return Promise.reject(this.#failure.error);
    return new Promise((resolve, reject) => this.#waiting.push({ end, resolve, reject }));
  }

  reached(offset: number): void {
    this.#reached = offset;
    if (this.#waiting.length === 0) return;
    const still = [];
    for (const waiter of this.#waiting) {
      if (waiter.end <= offset) waiter.resolve();
      else still.push(waiter);
    }
    this.#waiting = still;
  }

  failed(error: unknown): void {
    this.#failure = { error };
    for (const waiter of this.#waiting) waiter.reject(error);
    this.#waiting = [];
  }
}
