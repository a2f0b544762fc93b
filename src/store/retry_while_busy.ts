/**
 * Retries while another process holds Deno KV's SQLite lock: a second server, `jobseek ingest` or
 * `jobseek keys` writing the same store makes a call fail with "database is locked" for
 * milliseconds, and that call did nothing, so it is safe to repeat.
 *
 * @module
 */

/**
 * How long one KV call keeps retrying while SQLite reports the file busy. Another process (a
 * second server, `jobseek ingest`, `jobseek keys`) holds the write lock for milliseconds at a
 * time, so this is a ceiling for pathological contention, not a wait anyone should see.
 */
export const BUSY_RETRY_MS = 15_000;
const BUSY_FIRST_DELAY_MS = 1;
const BUSY_MAX_DELAY_MS = 100;

/**
 * True for SQLite's "database is locked"/"busy": another process holds the lock and the call did
 * nothing, so repeating it is safe (a commit that throws this was rolled back; measured: three
 * processes retrying checked commits on one counter lost no increment).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { isBusyError } from "./retry_while_busy.ts";
 *
 * assert.equal(isBusyError(new Error("database is locked")), true);
 * assert.equal(isBusyError(new Error("value too large")), false);
 * ```
 */
export function isBusyError(error: unknown): boolean {
  return error instanceof Error && /database is (locked|busy)|SQLITE_BUSY/i.test(error.message);
}

/**
 * Runs `call`, and again with jittered exponential backoff while it fails with a busy database.
 * The jitter keeps processes that collided from colliding again in step.
 */
export async function retryWhileBusy<T>(call: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + BUSY_RETRY_MS;
  let delay = BUSY_FIRST_DELAY_MS;
  while (true) {
    try {
      return await call();
    } catch (error) {
      if (!isBusyError(error) || Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, delay * (0.5 + Math.random())));
    delay = Math.min(delay * 2, BUSY_MAX_DELAY_MS);
  }
}
