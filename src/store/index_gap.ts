/**
 * Whether the current index still matches the store: the postings that belong in it now (neither
 * expired nor past the retention) against the ones it holds, and postings written since it was
 * built (src/search/index_gap.ts says what a process does about a gap).
 *
 * @module
 */
import { retentionCutoff } from "../domain/lifecycle.ts";
import { expiredPostings } from "./lifecycle.ts";
import type { PostingsStore } from "./postings_store.ts";
import type { SnapshotStore } from "./snapshot_store.ts";
import type { SourcesStore } from "./sources_store.ts";

/** Why the current index no longer matches the store ({@linkcode indexGap}). */
export interface IndexGap {
  /** Stored postings that belong in the index now (neither expired nor past the retention). */
  stored: number;
  /** Postings in the index. */
  indexed: number;
  /** Postings were written after the index was built. */
  changedSince: boolean;
  /**
   * Present when postings in the index have passed the retention, or the retention is not the
   * one the index was built with: what to tell the operator.
   */
  lifecycle?: string;
}

/**
 * What the current index lacks or holds too many of: null when it holds exactly the stored
 * postings that belong in it as last written, else the counts, whether postings were written
 * after it was built (an import that stopped before publishing, or one running now), and whether
 * time alone has made it stale (postings passed the retention since). Postings the purge deleted
 * were not in the index, so a purge leaves no gap.
 */
export async function indexGap(
  store: { postings: PostingsStore; snapshots: SnapshotStore; sources?: SourcesStore },
  options: { now?: number; retentionDays?: number } = {},
): Promise<IndexGap | null> {
  const now = options.now ?? Date.now();
  const retentionDays = options.retentionDays ?? 0;
  const current = await store.snapshots.currentSnapshotId();
  const meta = current ? await store.snapshots.readSnapshotMeta(current) : null;
  if (!meta) return null;
  // Postings expired since the snapshot must leave it: they count as a gap too.
  const expired = await expiredPostings(store, { now, retentionDays });
  const stored = await store.postings.countJobs() - expired.bySource.size -
    expired.byRetention.size;
  const changedAt = await store.postings.changedAt();
  const changedSince = changedAt !== null &&
    changedAt > (meta.postingsChangedAt ?? Date.parse(meta.createdAt));
  const builtWith = meta.retentionDays ?? 0;
  const cutoff = retentionCutoff(now, retentionDays);
  const days = (n: number) => n > 0 ? `${n} days` : "none";
  // The count alone misses a posting that aged out while a source listed another one again.
  const lifecycle = builtWith !== retentionDays
    ? `the index was built with a retention of ${days(builtWith)}, this one is ${
      days(retentionDays)
    }`
    : cutoff !== null && meta.oldestPublishTime !== undefined && meta.oldestPublishTime < cutoff
    ? `indexed postings were published before ${cutoff}, past the retention of ${retentionDays} days`
    : undefined;
  if (stored === meta.docCount && !changedSince && lifecycle === undefined) return null;
  return {
    stored,
    indexed: meta.docCount,
    changedSince,
    ...(lifecycle === undefined ? {} : { lifecycle }),
  };
}
