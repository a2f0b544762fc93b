/**
 * Compaction: a chain of deltas (src/search/publish_delta.ts) merged into a new base, as search
 * engines merge segments, instead of rebuilding the index from the store. A server already holds
 * the merged index (it applies each delta as it is published: src/search/snapshot_follower.ts), so
 * compacting is writing that index as one full snapshot: no posting is read from the store, no
 * title embedded, no text indexed again. Its cost is encoding and writing the snapshot, which a
 * full publish does too at its end. What a merge cannot do is left to a full publish
 * (docs/search.md, "Deltas").
 *
 * @module
 */
import type { Logger } from "../log.ts";
import type { Store } from "../store/store.ts";
import { applyDelta, compactedData, decodeDelta } from "../index/index_delta.ts";
import { JobIndex } from "../index/job_index.ts";
import { decodeSnapshot, encodeSnapshot, SNAPSHOT_FORMAT_VERSION } from "../index/snapshot.ts";

export interface Compacted {
  snapshotId: string;
  docCount: number;
  /** The deltas merged. */
  deltas: number;
}

/**
 * Writes the current index, a chain of deltas, as one full snapshot with the same postings and
 * makes it current. `served` is the index this process serves: used when it is the current one,
 * else the chain is read and merged here. Null when the current index is no chain; why not when a
 * full publish must do it instead.
 */
export async function compactIndex(
  store: Pick<Store, "snapshots">,
  served: { id: string; index: JobIndex } | null,
  options: { model: string; logger: Logger },
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
    formatVersion: SNAPSHOT_FORMAT_VERSION,
    docCount: index.size,
    model: meta.model,
    // What the chain's newest delta says of the store: the compaction reads nothing of it.
    ...(meta.postingsChangedAt === undefined ? {} : { postingsChangedAt: meta.postingsChangedAt }),
    ...(meta.expiredCount === undefined ? {} : { expiredCount: meta.expiredCount }),
    ...(meta.retentionDays === undefined ? {} : { retentionDays: meta.retentionDays }),
    ...(meta.agedOutCount === undefined ? {} : { agedOutCount: meta.agedOutCount }),
    ...(meta.oldestPublishTime === undefined ? {} : { oldestPublishTime: meta.oldestPublishTime }),
    compactedFrom: current,
  }, { replacing: current });
  options.logger.info("index deltas compacted", {
    snapshot_id: snapshotId,
    compacted_from: current,
    deltas: chain.length,
    doc_count: index.size,
    snapshot_bytes: bytes.byteLength,
    // Where a compaction's time goes: merging (none when served), encoding, writing.
    merge_ms: Math.round(mergedMs),
    encode_ms: Math.round(encodeMs),
    write_ms: Math.round(performance.now() - started - mergedMs - encodeMs),
    total_ms: Math.round(performance.now() - started),
  });
  return { snapshotId, docCount: index.size, deltas: chain.length };
}

/** The base read and the chain's deltas applied to it, as a server loading them does. */
async function mergedChain(
  store: Pick<Store, "snapshots">,
  baseId: string,
  chain: string[],
): Promise<JobIndex> {
  const base = await store.snapshots.readSnapshot(baseId);
  if (!base) throw new Error(`Cannot compact the index: its base snapshot ${baseId} is gone`);
  let index = new JobIndex(await decodeSnapshot(base.bytes));
  for (const id of chain) {
    const delta = await store.snapshots.readSnapshot(id);
    if (!delta) throw new Error(`Cannot compact the index: its delta ${id} is gone`);
    const next = applyDelta(index, await decodeDelta(delta.bytes));
    index.close();
    index = next;
  }
  return index;
}
