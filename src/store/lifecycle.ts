/**
 * Which stored postings have left the result sets, and the purge of those that left long ago
 * (docs/operations.md, "Lifecycle"). A posting expires when its source stopped listing it for
 * longer than the source's grace (sources_store.ts) or when its `publish_time` is older than the
 * retention; it is purged once it has been expired for the purge period and no import has seen
 * it for as long.
 *
 * @module
 */
import { DAY_MS, type LifecyclePolicy, purgeCutoff, retentionCutoff } from "../domain/lifecycle.ts";
import type { PostingsStore, PurgeCounts, PurgeReason } from "./postings_store.ts";
import type { SourcesStore } from "./sources_store.ts";

export interface ExpiredPostings {
  /** Postings their sources stopped listing longer ago than the source allows. */
  bySource: Set<string>;
  /** Postings past the retention by `publish_time`, other than those in `bySource`. */
  byRetention: Set<string>;
}

/** The stored postings that have left the result sets at `now`. */
export async function expiredPostings(
  store: { postings: PostingsStore; sources?: SourcesStore },
  options: { now: number; retentionDays: number },
): Promise<ExpiredPostings> {
  const bySource = store.sources ? await store.sources.expiredIds(options.now) : new Set<string>();
  const cutoff = retentionCutoff(options.now, options.retentionDays);
  const byRetention = cutoff === null
    ? new Set<string>()
    : await store.postings.publishedBefore(cutoff);
  for (const id of bySource) byRetention.delete(id);
  return { bySource, byRetention };
}

export interface PurgeRun extends PurgeCounts {
  /** Expired long enough; those seen by an import within the purge period stay. */
  candidates: number;
  ms: number;
}

/**
 * Deletes the postings expired for longer than the purge period that no import has seen for as
 * long: past the retention by more than that period, or gone from their sources for longer than
 * the source's grace plus that period. Nothing with the purge period off (0). Idempotent, and
 * safe to stop at any point (postings go one commit at a time, each with its counts).
 */
export async function purgeExpired(
  store: { postings: PostingsStore; sources: SourcesStore },
  options: { now: number; policy: LifecyclePolicy },
): Promise<PurgeRun> {
  const started = performance.now();
  const { now, policy } = options;
  const candidates = new Map<string, PurgeReason>();
  if (policy.purgeAfterDays > 0) {
    const graceEnd = now - policy.purgeAfterDays * DAY_MS;
    // What was expired by its source already a purge period ago.
    for (const id of await store.sources.expiredIds(graceEnd)) candidates.set(id, "source");
    const cutoff = purgeCutoff(now, policy);
    if (cutoff !== null) {
      for (const id of await store.postings.publishedBefore(cutoff)) {
        candidates.set(id, "retention");
      }
    }
  }
  const purged = candidates.size === 0 ? { retention: 0, source: 0 } : await store.postings
    .purgeJobs(candidates, {
      seenBefore: now - policy.purgeAfterDays * DAY_MS,
      sources: (await store.sources.listSources()).map((source) => source.name),
    });
  const ms = performance.now() - started;
  if (purged.retention + purged.source > 0) {
    await store.postings.saveLastPurge({ at: Date.now(), ...purged, ms: Math.round(ms) });
  }
  return { ...purged, candidates: candidates.size, ms };
}
