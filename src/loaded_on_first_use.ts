/**
 * Modules a server loads at their first use rather than at its start (docs/testing.md, "Fourteenth
 * pass"): the load is made once and shared by the requests that wait for it; a load that failed
 * (a descriptor limit reached under a flood) is made again by the next request instead of failing
 * every one after it until a restart.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * let calls = 0;
 * const load = loadedOnFirstUse(() => {
 *   calls++;
 *   return calls === 1 ? Promise.reject(new Error("EMFILE")) : Promise.resolve(calls);
 * });
 * await assert.rejects(load(), /EMFILE/);
 * assert.equal(await load(), 2);
 * assert.equal(await load(), 2);
 * assert.equal(calls, 2);
 * ```
 *
 * @module
 */

/** `load`, made at the first call, shared by later ones, made again after a failure. */
export function loadedOnFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    loading ??= load().catch((error) => {
      loading = undefined;
      throw error;
    });
}
