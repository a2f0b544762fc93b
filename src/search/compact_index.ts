/**
 * Compaction: a chain of deltas (src/search/publish_delta.ts) merged, as search engines merge
 * segments, instead of rebuilding the index from the store. No posting is read from the store, no
 * title embedded, no text indexed again. Two kinds (docs/search.md, "Deltas"):
 *
 * - a merge, while the deltas' bytes are at most {@linkcode COMPACT_AT_SHARE} of the base's: the
 *   chain written as one delta against the same base (`mergedDeltas`), read from the store. Its
 *   cost is the deltas', whatever the base's size: a server starting cold reads the base and one
 *   delta instead of the chain.
 * - a full one past that (or of a single delta, which a merge would not change): the merged index
 *   written as one full snapshot. A server holds that index already (it applies each delta as it
 *   is published: src/search/snapshot_follower.ts), so it is encoding and writing the snapshot,
 *   which a full publish does too at its end, in proportion to the corpus.
 *
 * What neither can do is left to a full publish.
 *
 * @module
 */
import type { Logger } from "../log.ts";
import type { Store } from "../store/store.ts";
import type { SnapshotMeta } from "../store/snapshot_store.ts";
import {
  applyChain,
  compactedData,
  decodeDelta,
  encodeDelta,
  type IndexDelta,
  mergedDeltas,
} from "../index/index_delta.ts";
import { JobIndex } from "../index/job_index.ts";
import { decodeSnapshot, encodeSnapshot, SNAPSHOT_FORMAT_VERSION } from "../index/snapshot.ts";
import { COMPACT_AT_SHARE } from "./publish_delta.ts";

export interface Compacted {
  snapshotId: string;
  docCount: number;
  /** The deltas merged. */
  deltas: number;
  /** `merge`: the chain written as one delta against its base; `full`: as one full snapshot. */
  kind: "merge" | "full";
  /** Why that kind: the deltas' bytes beside the base's. */
  why: string;
}

export interface CompactOptions {
  model: string;
  logger: Logger;
  /**
   * Up to which share of the base's bytes the deltas are merged into one delta rather than
   * written as a full snapshot (default {@linkcode COMPACT_AT_SHARE}, at which a compaction falls
   * due: a chain that fell due by its bytes is compacted in full, one that fell due by its count
   * is merged).
   */
  mergeUpToShare?: number;
}

/**
 * Which compaction a chain whose newest delta is `tip` gets, and why: worked out from the
 * snapshots' sizes alone, so that a server can say what it is about to do.
 */
export async function compactionPlan(
  snapshots: Pick<Store["snapshots"], "readSnapshotMeta">,
  tip: Pick<SnapshotMeta, "baseId" | "chain" | "byteLength">,
  mergeUpToShare = COMPACT_AT_SHARE,
): Promise<{ kind: "merge" | "full"; deltas: number; why: string }> {
  const deltas = (tip.chain?.length ?? 0) + 1;
  let chainBytes = tip.byteLength;
  for (const id of tip.chain ?? []) {
    chainBytes += (await snapshots.readSnapshotMeta(id))?.byteLength ?? 0;
  }
  const baseBytes = tip.baseId === undefined
    ? 0
    : (await snapshots.readSnapshotMeta(tip.baseId))?.byteLength ?? 0;
  if (deltas === 1) {
    return { kind: "full", deltas, why: `one delta of ${chainBytes} bytes: a merge is no change` };
  }
  const sizes = `${deltas} deltas of ${chainBytes} bytes against a base of ${baseBytes}`;
  const percent = `${Math.round(mergeUpToShare * 100)}%`;
  return chainBytes <= mergeUpToShare * baseBytes
    ? { kind: "merge", deltas, why: `${sizes}, within ${percent} of it` }
    : { kind: "full", deltas, why: `${sizes}, past ${percent} of it` };
}

/**
 * Compacts the current index, a chain of deltas, as {@linkcode compactionPlan} says: merged into
 * one delta against the same base, or written as one full snapshot with the same postings; either
 * becomes current. `served` is the index this process serves: a full compaction writes it when it
 * is the current one, else reads and merges the chain here. Null when the current index is no
 * chain; why not when a full publish must do it instead.
 */
export async function compactIndex(
  store: Pick<Store, "snapshots">,
  served: { id: string; index: JobIndex } | null,
  options: CompactOptions,
): Promise<Compacted | { full: string } | null> {
  const started = performance.now();
  const current = await store.snapshots.currentSnapshotId();
  const meta = current === null ? null : await store.snapshots.readSnapshotMeta(current);
  if (current === null || meta === null) return { full: "there is no index" };
  if (!meta.baseId) return null;
  if (meta.formatVersion !== SNAPSHOT_FORMAT_VERSION) {
    return { full: "the current snapshot is of another format" };
  }
  // The merged vectors are the old model's: a new one needs every title embedded again.
  if (meta.model !== options.model) return { full: "the current snapshot is of another model" };
  const chain = [...(meta.chain ?? []), current];
  const { kind, why } = await compactionPlan(store.snapshots, meta, options.mergeUpToShare);
  if (kind === "merge") {
    return await mergeChain(store, { current, meta, chain }, { ...options, why });
  }
  let index: JobIndex;
  try {
    index = served?.id === current ? served.index : await mergedChain(store, meta.baseId, chain);
  } catch (error) {
    // A base or delta gone or damaged: only the store has the postings.
    return { full: error instanceof Error ? error.message : String(error) };
  }
  const mergedMs = performance.now() - started;
  const bytes = await encodeSnapshot(compactedData(index));
  if (index !== served?.index) index.close();
  const encodeMs = performance.now() - started - mergedMs;
  const snapshotId = await store.snapshots.publishSnapshot(bytes, {
    ...compactedMeta(meta, current),
    docCount: index.size,
  }, { replacing: current });
  options.logger.info("index deltas compacted", {
    ...compactedFields(snapshotId, current, { kind: "full", why, deltas: chain.length }),
    doc_count: index.size,
    snapshot_bytes: bytes.byteLength,
    // Where a compaction's time goes: merging (none when served), encoding, writing.
    merge_ms: Math.round(mergedMs),
    encode_ms: Math.round(encodeMs),
    write_ms: Math.round(performance.now() - started - mergedMs - encodeMs),
    total_ms: Math.round(performance.now() - started),
  });
  return { snapshotId, docCount: index.size, deltas: chain.length, kind: "full", why };
}

/**
 * The chain read from the store and written as one delta against its base, which becomes
 * current. It says what the store held when its newest delta was made, as that delta does.
 */
async function mergeChain(
  store: Pick<Store, "snapshots">,
  tip: { current: string; meta: SnapshotMeta; chain: string[] },
  options: CompactOptions & { why: string },
): Promise<Compacted | { full: string }> {
  const started = performance.now();
  const { current, meta, chain } = tip;
  const deltas: IndexDelta[] = [];
  for (const id of chain) {
    const delta = await store.snapshots.readSnapshot(id);
    // Only the store has the postings of a delta gone.
    if (!delta) return { full: `Cannot compact the index: its delta ${id} is gone` };
    try {
      deltas.push(await decodeDelta(delta.bytes));
    } catch (error) {
      return { full: error instanceof Error ? error.message : String(error) };
    }
  }
  const readMs = performance.now() - started;
  const merged = mergedDeltas(deltas);
  const bytes = await encodeDelta(merged);
  const mergeMs = performance.now() - started - readMs;
  const snapshotId = await store.snapshots.publishSnapshot(bytes, {
    ...compactedMeta(meta, current),
    baseId: meta.baseId!,
    chain: [],
  }, { replacing: current });
  options.logger.info("index deltas compacted", {
    ...compactedFields(snapshotId, current, {
      kind: "merge",
      why: options.why,
      deltas: chain.length,
    }),
    doc_count: meta.docCount,
    added: merged.added.jobs.length,
    removed: merged.removed.length,
    snapshot_bytes: bytes.byteLength,
    // Where a merge's time goes: reading the deltas, merging and encoding them, writing.
    read_ms: Math.round(readMs),
    merge_ms: Math.round(mergeMs),
    write_ms: Math.round(performance.now() - started - readMs - mergeMs),
    total_ms: Math.round(performance.now() - started),
  });
  return {
    snapshotId,
    docCount: meta.docCount,
    deltas: chain.length,
    kind: "merge",
    why: options.why,
  };
}

/** The base read and the chain's deltas applied to it, as a server loading them does. */
async function mergedChain(
  store: Pick<Store, "snapshots">,
  baseId: string,
  chain: string[],
): Promise<JobIndex> {
  const base = await store.snapshots.readSnapshot(baseId);
  if (!base) throw new Error(`Cannot compact the index: its base snapshot ${baseId} is gone`);
  const deltas: IndexDelta[] = [];
  for (const id of chain) {
    const delta = await store.snapshots.readSnapshot(id);
    if (!delta) throw new Error(`Cannot compact the index: its delta ${id} is gone`);
    deltas.push(await decodeDelta(delta.bytes));
  }
  const index = new JobIndex(await decodeSnapshot(base.bytes));
  if (deltas.length === 0) return index;
  try {
    return applyChain(index, deltas);
  } finally {
    index.close();
  }
}

/**
 * A compaction's meta: what the chain's newest delta (`tip`, its meta `meta`) says of the store,
 * as the compaction reads nothing of it.
 */
function compactedMeta(meta: SnapshotMeta, tip: string) {
  return {
    formatVersion: SNAPSHOT_FORMAT_VERSION,
    docCount: meta.docCount,
    model: meta.model,
    ...(meta.postingsChangedAt === undefined ? {} : { postingsChangedAt: meta.postingsChangedAt }),
    ...(meta.expiredCount === undefined ? {} : { expiredCount: meta.expiredCount }),
    ...(meta.retentionDays === undefined ? {} : { retentionDays: meta.retentionDays }),
    ...(meta.agedOutCount === undefined ? {} : { agedOutCount: meta.agedOutCount }),
    ...(meta.oldestPublishTime === undefined ? {} : { oldestPublishTime: meta.oldestPublishTime }),
    compactedFrom: tip,
  };
}

/** What the log says of every compaction: which snapshot, of which kind and why. */
function compactedFields(
  snapshotId: string,
  tip: string,
  done: Pick<Compacted, "kind" | "why" | "deltas">,
) {
  return {
    snapshot_id: snapshotId,
    compacted_from: tip,
    kind: done.kind,
    why: done.why,
    deltas: done.deltas,
  };
}
