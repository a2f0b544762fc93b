/**
 * Whether a server could load a snapshot: what `jobseek index status` reports. A full snapshot is
 * read whole (every chunk, its hash) and decoded; a delta is loaded as src/search/snapshot_follower.ts
 * loads one: its base read and decoded, then every delta of its chain read, decoded and merged in
 * order. Only a snapshot of another format version is left unread: a server rebuilds the index on
 * start (src/search/publish_index.ts `needsIndexBuild`), so it is not damaged.
 *
 * @module
 */
import { applyChain, decodeDelta, type IndexDelta } from "../index/index_delta.ts";
import { JobIndex } from "../index/job_index.ts";
import { decodeSnapshot, SNAPSHOT_FORMAT_VERSION } from "../index/snapshot.ts";
import type { SnapshotStore } from "../store/snapshot_store.ts";

export type SnapshotCheck =
  | { check: "ok" }
  | { check: "old_format"; reads: number }
  | { check: "corrupt"; problem: string };

/** Loads snapshot `id` as a server would, and says whether it loads and, if not, why. */
export async function checkSnapshot(snapshots: SnapshotStore, id: string): Promise<SnapshotCheck> {
  let index: JobIndex | null = null;
  try {
    const meta = await snapshots.readSnapshotMeta(id);
    if (!meta) return { check: "corrupt", problem: "its record is missing from the store" };
    if (meta.formatVersion !== SNAPSHOT_FORMAT_VERSION) {
      return { check: "old_format", reads: SNAPSHOT_FORMAT_VERSION };
    }
    const baseId = meta.baseId ?? id;
    const base = await snapshots.readSnapshot(baseId);
    if (!base) return { check: "corrupt", problem: `its base snapshot ${baseId} is missing` };
    const data = await decodeSnapshot(base.bytes);
    if (!meta.baseId) return { check: "ok" };
    const deltas: IndexDelta[] = [];
    for (const deltaId of [...(meta.chain ?? []), id]) {
      const delta = await snapshots.readSnapshot(deltaId);
      if (!delta) return { check: "corrupt", problem: `its delta ${deltaId} is missing` };
      deltas.push(await decodeDelta(delta.bytes));
    }
    index = new JobIndex(data);
    const applied = applyChain(index, deltas);
    index.close();
    index = applied;
    return { check: "ok" };
  } catch (error) {
    return { check: "corrupt", problem: error instanceof Error ? error.message : String(error) };
  } finally {
    index?.close();
  }
}
