/**
 * The posting lifecycle's arithmetic: when a posting is past the retention, when an expired one
 * may be purged, and how `last_seen` is kept coarse. No I/O; the store and the publisher apply it
 * (docs/operations.md, "Lifecycle").
 *
 * @module
 */

export const DAY_MS = 86_400_000;

/** What the operator chose (`JOBSEEK_RETENTION_DAYS`, `JOBSEEK_PURGE_AFTER_DAYS`); 0 is off. */
export interface LifecyclePolicy {
  retentionDays: number;
  purgeAfterDays: number;
}

/** Neither retention nor purge: what code that is given no policy applies. */
export const KEEP_FOREVER: LifecyclePolicy = Object.freeze({ retentionDays: 0, purgeAfterDays: 0 });

/**
 * `ms` as the postings write times, `YYYY-MM-DD HH:MM:SS` UTC.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { formatUtc } from "./lifecycle.ts";
 *
 * assert.equal(formatUtc(Date.UTC(2026, 10, 25, 8, 5, 9)), "2026-11-25 08:05:09");
 * ```
 */
export function formatUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace("T", " ");
}

/** A `YYYY-MM-DD HH:MM:SS` UTC time as ms since the epoch. */
export function parseUtc(time: string): number {
  return Date.parse(`${time.replace(" ", "T")}Z`);
}

/**
 * The oldest `publish_time` still within `retentionDays` of `now`: a posting published before it
 * (compared as strings, which the fixed format orders as times) is past the retention. Null when
 * the retention is off.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { retentionCutoff } from "./lifecycle.ts";
 *
 * const now = Date.UTC(2026, 10, 25, 12);
 * assert.equal(retentionCutoff(now, 60), "2026-09-26 12:00:00");
 * assert.equal(retentionCutoff(now, 0), null);
 * ```
 */
export function retentionCutoff(now: number, retentionDays: number): string | null {
  return retentionDays > 0 ? formatUtc(now - retentionDays * DAY_MS) : null;
}

/**
 * The cutoff of postings past the retention for longer than the purge period: those may be
 * deleted. Null when either is off.
 */
export function purgeCutoff(now: number, policy: LifecyclePolicy): string | null {
  if (policy.purgeAfterDays <= 0) return null;
  return retentionCutoff(now - policy.purgeAfterDays * DAY_MS, policy.retentionDays);
}

/**
 * Whether an import at `now` records a sighting over the stored `lastSeen` (ms): at most once per
 * posting and UTC day, so that importing the same rows again and again costs one small write per
 * posting a day, not one per import.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { seenAgain } from "./lifecycle.ts";
 *
 * const morning = Date.UTC(2026, 10, 25, 8);
 * assert.equal(seenAgain(morning, morning + 3_600_000), false);
 * assert.equal(seenAgain(morning, morning + 86_400_000), true);
 * assert.equal(seenAgain(null, morning), true);
 * ```
 */
export function seenAgain(lastSeen: number | null, now: number): boolean {
  return lastSeen === null || Math.floor(lastSeen / DAY_MS) < Math.floor(now / DAY_MS);
}

/**
 * Moves the bundled demo postings' times (`YYYY-MM-DD HH:MM:SS`) to end at `now` and squeezes
 * them into the first half of the retention, keeping their order: the quick start, seeded months
 * after the file was generated, shows every bundled posting instead of none, and keeps showing
 * them for at least half the retention. With the retention off the times are kept as they are.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { redatedForRetention } from "./lifecycle.ts";
 *
 * const now = Date.UTC(2027, 4, 1, 12);
 * const times = ["2026-08-23 00:00:00", "2026-11-21 00:00:00"];
 * assert.deepEqual(redatedForRetention(times, now, 60), [
 *   "2027-04-01 12:00:00",
 *   "2027-05-01 12:00:00",
 * ]);
 * assert.deepEqual(redatedForRetention(times, now, 0), times);
 * ```
 */
export function redatedForRetention(times: string[], now: number, retentionDays: number): string[] {
  if (retentionDays <= 0 || times.length === 0) return times;
  const ms = times.map(parseUtc);
  const newest = Math.max(...ms);
  const span = newest - Math.min(...ms);
  const room = (retentionDays / 2) * DAY_MS;
  const scale = span > room ? room / span : 1;
  return ms.map((t) => formatUtc(now - Math.round((newest - t) * scale)));
}
