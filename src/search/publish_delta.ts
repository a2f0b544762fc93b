/**
 * Publishes what changed since the current index as a delta (src/index/index_delta.ts) instead of
 * a whole snapshot: the postings written since (from the store's change log) that belong in the
 * index, with their vectors from the embedding cache, and the ids of those that left it. Only a
 * process that serves the current index can make one (it knows what the index holds without
 * reading it); anything it cannot vouch for is left to a full publish, which it says by
 * returning why instead of a snapshot id.
 *
 * @module
 */
import type { Job } from "../domain/job.ts";
import { jobFingerprint } from "../domain/job_fingerprint.ts";
import { retentionCutoff } from "../domain/lifecycle.ts";
import type { Logger } from "../log.ts";
import { expiredPostings } from "../store/lifecycle.ts";
import type { Store } from "../store/store.ts";
import type { Embedder } from "../model/embedder.ts";
import { deltaData, encodeDelta } from "../index/index_delta.ts";
import { embeddingTextOf } from "../index/job_index_data.ts";
import type { JobIndex } from "../index/job_index.ts";
import { SNAPSHOT_FORMAT_VERSION } from "../index/snapshot.ts";
import { titleRowsProblem } from "../index/title_vectors.ts";
import { embedWithCache } from "./publish_index.ts";
import { CHANGE_SLACK_MS } from "./change_margin.ts";

/**
 * When the chain of deltas is compacted into a full snapshot (docs/search.md, "Deltas"): after
 * this many deltas, or once they hold this share of the base's bytes.
 */
export const COMPACT_AFTER_DELTAS = 50;
export const COMPACT_AT_SHARE = 0.25;

export interface DeltaPublished {
  snapshotId: string;
  docCount: number;
  added: number;
  removed: number;
  /** The chain has passed a compaction threshold: a full publish should follow. */
  compact: boolean;
}

export interface PublishDeltaOptions {
  embedder: Embedder;
  logger: Logger;
  now?: () => number;
  retentionDays?: number;
  /**
   * Whether the delta's count of postings is checked against the store's (those neither expired
   * nor past the retention, read with the changes): a delta whose result would hold another number
   * is not made, as a posting came back without being written (default true).
   */
  checkCount?: boolean;
  /**
   * How long writes in flight (a push being stored, 100 postings a commit) are waited for, so that
   * the count and the changes are read of one state of the store (ms; default
   * {@linkcode SETTLE_MS}). Past it the delta holds what was written so far, unchecked.
   */
  settleMs?: number;
}

/**
 * How long a delta waits for the writes in flight to stop (ms): a push of 1,000 postings is
 * stored in about a second (docs/scaling.md, "Issue #40: a delta for every push").
 */
export const SETTLE_MS = 5_000;
/** How often it looks whether they stopped (ms). */
const SETTLE_STEP_MS = 200;

/**
 * Whether the current index, if a chain of deltas, has passed a compaction threshold: what the
 * delta that passed it says, read again by the next publish in case that request was folded into
 * another one.
 */
export async function compactionDue(
  snapshots: Store["snapshots"],
  meta: { baseId?: string; chain?: string[]; byteLength: number },
): Promise<boolean> {
  if (!meta.baseId) return false;
  const chain = meta.chain ?? [];
  if (chain.length + 1 >= COMPACT_AFTER_DELTAS) return true;
  let chainBytes = meta.byteLength;
  for (const id of chain) chainBytes += (await snapshots.readSnapshotMeta(id))?.byteLength ?? 0;
  const baseBytes = (await snapshots.readSnapshotMeta(meta.baseId))?.byteLength ?? 0;
  return chainBytes > COMPACT_AT_SHARE * baseBytes;
}

/** What the change log says changed since the index, and what the index holds after it. */
interface Changes {
  added: Job[];
  removed: Set<string>;
  docCount: number;
  /** Entries of the change log read (the postings written since the margin before the index). */
  logged: number;
}

/**
 * Publishes a delta over `served` (the index of the current snapshot `served.id`), or returns why
 * a full publish is needed instead.
 */
export async function publishDelta(
  store: Pick<Store, "postings" | "embeddings" | "snapshots"> & Partial<Pick<Store, "sources">>,
  served: { id: string; index: JobIndex },
  options: PublishDeltaOptions,
): Promise<DeltaPublished | { full: string }> {
  const started = performance.now();
  const { embedder, logger } = options;
  const now = (options.now ?? Date.now)();
  const retentionDays = options.retentionDays ?? 0;
  const current = await store.snapshots.currentSnapshotId();
  const meta = current === null ? null : await store.snapshots.readSnapshotMeta(current);
  // A compaction wrote the served index as one snapshot: the same postings under another id.
  if (current === null || (current !== served.id && meta?.compactedFrom !== served.id)) {
    return { full: "the served index is not the current one" };
  }
  if (!meta || meta.formatVersion !== SNAPSHOT_FORMAT_VERSION) {
    return { full: "the current snapshot is of another format" };
  }
  if (meta.model !== embedder.model) return { full: "the current snapshot is of another model" };
  if ((meta.retentionDays ?? 0) !== retentionDays) return { full: "the retention changed" };
  if (meta.postingsChangedAt === undefined) return { full: "the snapshot predates change times" };
  // From the margin before the index's last write, or later where its publish checked that
  // margin (src/search/change_margin.ts).
  const since = Math.max(
    meta.postingsChangedAt - CHANGE_SLACK_MS,
    meta.changesIndexedBefore ?? -Infinity,
  );
  const log = await store.postings.changeLog(now);
  // Writes the log lacks are older than its start: those the index read are in it already.
  if (log === null || log.startedAt > meta.postingsChangedAt || log.keptFrom > since) {
    return { full: "the change log does not reach back to the current index" };
  }
  const chain = meta.baseId ? [...(meta.chain ?? []), current] : [];
  const baseId = meta.baseId ?? current;
  if (chain.length >= COMPACT_AFTER_DELTAS) return { full: "compaction: too many deltas" };

  const { jobs } = served.index.data;
  const positionOf = new Map<string, number>();
  jobs.forEach((job, p) => positionOf.set(job.id, p));
  const cutoff = retentionCutoff(now, retentionDays);
  const settleBy = performance.now() + (options.settleMs ?? SETTLE_MS);
  let expired: Set<string>;
  let postingsChangedAt: number | null;
  let found: Changes;
  // The count and the changes must be of one state of the store. A push is stored 100 postings a
  // commit: a server that counted while another's push was half-written, and read the changes
  // after more of it was, saw "stored 100800" against a delta of 101000 and took it for a posting
  // that came back, republishing everything (docs/scaling.md, "Issue #40: a delta for every
  // push"). So the count is read after the changes, and trusted only if no write came between.
  for (;;) {
    // Read before the changes: whatever is written after may be missing, and the gap check knows.
    postingsChangedAt = await store.postings.changedAt();
    const countedBefore = options.checkCount === false ? 0 : await store.postings.countJobs();
    const gone = await expiredPostings(store, { now, retentionDays });
    expired = gone.bySource;
    found = await readChanges(store, served.index, positionOf, {
      since,
      live: (job) => !expired.has(job.id) && (cutoff === null || job.publish_time >= cutoff),
    });
    if (options.checkCount === false) break;
    const counted = await store.postings.countJobs();
    const stored = counted - gone.bySource.size - gone.byRetention.size;
    // Every commit that writes a posting moves the changed time; one in the same millisecond as
    // the last does not, but an insert also moves the count.
    if (await store.postings.changedAt() === postingsChangedAt && counted === countedBefore) {
      if (found.docCount !== stored) {
        // A posting came back (a source lists it again) without being written: only a full read
        // of the store finds it.
        return { full: `a delta would index ${found.docCount} postings, the store has ${stored}` };
      }
      break;
    }
    if (performance.now() >= settleBy) {
      // Writes that never pause (pushes back to back): what was written so far is published, and
      // the next delta, which reads the log from before this one's time, checks the count.
      logger.info("index delta made while postings are being written; its count is not checked", {
        doc_count: found.docCount,
        stored,
      });
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, SETTLE_STEP_MS));
  }
  const { added, removed, docCount } = found;

  const readMs = performance.now() - started;
  const texts = added.map(embeddingTextOf);
  // At most the served titles and every new one: past what a server holds, the full publish
  // decides exactly and refuses by name.
  const rowsAtMost = served.index.data.vectorScales.length + new Set(texts).size;
  if (titleRowsProblem(rowsAtMost, embedder.dimensions) !== null) {
    return { full: `a delta could hold ${rowsAtMost} distinct titles, past what a server holds` };
  }
  const { vectors, embedded } = await embedWithCache(store, embedder, [...new Set(texts)]);
  const embedMs = performance.now() - started - readMs;
  const bytes = await encodeDelta({
    added: deltaData({
      model: embedder.model,
      dimensions: embedder.dimensions,
      jobs: added,
      vectors: texts.map((t) => vectors.get(t)!),
    }),
    removed: [...removed],
  });
  let oldest: string | undefined;
  if (retentionDays > 0) {
    for (const job of jobs) {
      if (!removed.has(job.id) && (oldest === undefined || job.publish_time < oldest)) {
        oldest = job.publish_time;
      }
    }
    for (const job of added) {
      if (oldest === undefined || job.publish_time < oldest) oldest = job.publish_time;
    }
  }
  const encodeMs = performance.now() - started - readMs - embedMs;
  let chainBytes = bytes.byteLength;
  for (const id of chain) {
    chainBytes += (await store.snapshots.readSnapshotMeta(id))?.byteLength ?? 0;
  }
  const baseBytes = (await store.snapshots.readSnapshotMeta(baseId))?.byteLength ?? 0;
  const snapshotId = await store.snapshots.publishSnapshot(bytes, {
    formatVersion: SNAPSHOT_FORMAT_VERSION,
    docCount,
    model: embedder.model,
    ...(postingsChangedAt === null ? {} : { postingsChangedAt }),
    ...(expired.size > 0 ? { expiredCount: expired.size } : {}),
    ...(retentionDays > 0 ? { retentionDays, agedOutCount: meta.agedOutCount ?? 0 } : {}),
    ...(oldest !== undefined ? { oldestPublishTime: oldest } : {}),
    baseId,
    chain,
  }, { replacing: current });
  const compact = chain.length + 1 >= COMPACT_AFTER_DELTAS ||
    chainBytes > COMPACT_AT_SHARE * baseBytes;
  logger.info("index delta published", {
    snapshot_id: snapshotId,
    base_id: baseId,
    deltas: chain.length + 1,
    doc_count: docCount,
    added: added.length,
    removed: removed.size,
    embedded,
    delta_bytes: bytes.byteLength,
    compact_next: compact,
    changes_read: found.logged,
    // Where a publish's time goes: reading the changes, embedding new texts, building and
    // encoding the delta's index, writing it.
    read_ms: Math.round(readMs),
    embed_ms: Math.round(embedMs),
    encode_ms: Math.round(encodeMs),
    total_ms: Math.round(performance.now() - started),
  });
  return { snapshotId, docCount, added: added.length, removed: removed.size, compact };
}

/**
 * The postings the change log names since `since` that the index lacks or holds in another
 * version, and those it holds that left (by time, by their source, or deleted).
 */
async function readChanges(
  store: Pick<Store, "postings">,
  index: JobIndex,
  positionOf: Map<string, number>,
  options: { since: number; live: (job: Job) => boolean },
): Promise<Changes> {
  const { live } = options;
  const { jobs } = index.data;
  const changes = await store.postings.changedSince(options.since);
  // The indexed version's fingerprint (the index holds no descriptions to make it from).
  const indexedFingerprint = (id: string): string | undefined => {
    const p = positionOf.get(id);
    return p === undefined ? undefined : index.fingerprintAt(p);
  };
  const removed = new Set<string>();
  // Postings that left by time or by their source, written or not.
  for (const job of jobs) if (!live(job)) removed.add(job.id);
  const added: Job[] = [];
  // A logged write whose fingerprint is the indexed version's is one the index holds: of an
  // import that just preceded the index, every write in the re-read margin is (reading them back
  // took 9 s of a delta at 100,000 postings).
  const changed = [...changes].filter(([id, fingerprint]) => {
    const before = indexedFingerprint(id);
    return before === undefined || fingerprint === null || before !== fingerprint;
  }).map(([id]) => id);
  const stored = new Map<string, Job>();
  for (let i = 0; i < changed.length; i += 500) {
    for (const job of await store.postings.getJobs(changed.slice(i, i + 500))) {
      stored.set(job.id, job);
    }
  }
  for (const id of changed) {
    const job = stored.get(id);
    const before = indexedFingerprint(id);
    if (job && live(job)) {
      if (before === undefined || before !== jobFingerprint(job)) added.push(job);
    } else if (before !== undefined) removed.add(id);
  }
  let docCount = jobs.length + added.length;
  for (const job of added) if (positionOf.has(job.id) && !removed.has(job.id)) docCount--;
  docCount -= removed.size;
  return { added, removed, docCount, logged: changes.size };
}
