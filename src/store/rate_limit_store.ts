/**
 * Sliding-window rate-limit records, one per subject (an API key, an OAuth client, an address).
 *
 * @module
 */
import { z } from "zod";
import { keys } from "./kv_keys.ts";
import type { KvAccess } from "./kv.ts";

/**
 * A subject's recent admitted requests for the sliding rate window: per whole second (ms since
 * the epoch / 1000), how many. Only seconds inside the window are kept, so a value holds at most
 * one entry per second of the window whatever the limit.
 */
export type RateBuckets = [second: number, count: number][];

const RateBucketsSchema: z.ZodType<RateBuckets> = z.array(
  z.tuple([z.number().int(), z.number().int().min(0)]),
);

/** Rate buckets by subject, each expiring after its last write. */
export class RateLimitStore {
  readonly #kv: KvAccess;

  constructor(kv: KvAccess) {
    this.#kv = kv;
  }

  /**
   * Reads `subject`'s rate buckets, lets `decide` compute the next ones, and commits them only if
   * no other writer (this process or another) changed them meanwhile; on a conflict it reads again
   * and decides again, so `decide` may run several times and must not act on its own. The record
   * expires `ttlMs` after the last write. Returns what the committed `decide` returned.
   */
  async updateRateBuckets<R>(
    subject: string,
    ttlMs: number,
    decide: (buckets: RateBuckets) => { buckets: RateBuckets | null; result: R },
  ): Promise<R> {
    const key = keys.rateBuckets(subject);
    while (true) {
      const entry = await this.#kv.get(key, RateBucketsSchema);
      const { buckets, result } = decide(entry.value ?? []);
      // Nothing admitted: nothing to write, and nothing another writer could invalidate.
      if (buckets === null) return result;
      const committed = await this.#kv.commit((op) =>
        op.check(entry).set(key, buckets, { expireIn: ttlMs })
      );
      if (committed) return result;
    }
  }
}
