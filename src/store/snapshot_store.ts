/**
 * Index snapshots: bytes in chunks under a meta record, the pointer to the current one, a watch of
 * that pointer, and pruning of snapshots nobody will serve again.
 *
 * @module
 */
import { monotonicFactory } from "ulid";
import { z } from "zod";
import { sha256HexOffThread } from "../crypto.ts";
import { JobseekError } from "../domain/errors.ts";
import { errorFields } from "../log.ts";
import { keys, parseSnapshotKey } from "./kv_keys.ts";
import type { KvAccess } from "./kv.ts";
import type { PostingsStore } from "./postings_store.ts";
import type { SourcesStore } from "./sources_store.ts";

/** Snapshot ids: increasing even within one millisecond, so they order publishes in a process. */
const ulid = monotonicFactory();

/** Snapshot chunk size: under KV's 64 KiB value limit. */
const SNAPSHOT_CHUNK_BYTES = 60 * 1024;

export interface SnapshotMeta {
  formatVersion: number;
  chunkCount: number;
  byteLength: number;
  sha256: string;
  docCount: number;
  model: string;
  createdAt: string;
  /**
   * The store's postings-changed time (ms) read before the publish read the postings: a later
   * change may be missing from this snapshot. Absent on snapshots published before it was kept.
   */
  postingsChangedAt?: number;
  /** Stored postings left out because their sources stopped listing them (expired). */
  expiredCount?: number;
}

const SnapshotMetaSchema: z.ZodType<SnapshotMeta> = z.object({
  formatVersion: z.number().int(),
  chunkCount: z.number().int().min(0),
  byteLength: z.number().int().min(0),
  sha256: z.string(),
  docCount: z.number().int().min(0),
  model: z.string(),
  createdAt: z.iso.datetime(),
  postingsChangedAt: z.number().optional(),
  expiredCount: z.number().int().min(0).optional(),
});

const LeaseSchema = z.object({ owner: z.string(), until: z.number() });

const SnapshotIdSchema = z.string().min(1);
const ChunkSchema = z.instanceof(Uint8Array);

export interface Snapshot {
  id: string;
  meta: SnapshotMeta;
  bytes: Uint8Array;
}

/** The snapshots, the current-snapshot pointer and its watch. */
export class SnapshotStore {
  readonly #kv: KvAccess;

  constructor(kv: KvAccess) {
    this.#kv = kv;
  }

  /**
   * Writes a snapshot as chunks over several commits, then makes it current with one atomic flip
   * that checks the pointer it replaces: of two racing publishers only one wins (the other gets a
   * CONFLICT and deletes its chunks), and a publisher that dies half-way leaves the previous
   * snapshot current. Keeps the previous snapshot for rollback and deletes older ones.
   */
  async publishSnapshot(
    bytes: Uint8Array,
    meta: Omit<SnapshotMeta, "chunkCount" | "byteLength" | "sha256" | "createdAt">,
  ): Promise<string> {
    const previous = await this.#kv.get(keys.currentSnapshot(), SnapshotIdSchema);
    const snapId = ulid();
    const chunkCount = Math.ceil(bytes.byteLength / SNAPSHOT_CHUNK_BYTES);
    const writer = this.#kv.splitCommit("write snapshot chunks");
    for (let n = 0; n < chunkCount; n++) {
      // slice, not subarray: KV would serialise a view's whole underlying buffer.
      const chunk = bytes.slice(n * SNAPSHOT_CHUNK_BYTES, (n + 1) * SNAPSHOT_CHUNK_BYTES);
      await writer.add((group) => group.set(keys.snapshotChunk(snapId, n), chunk));
    }
    await writer.flush();
    const fullMeta: SnapshotMeta = {
      ...meta,
      chunkCount,
      byteLength: bytes.byteLength,
      sha256: await sha256HexOffThread(bytes),
      createdAt: new Date().toISOString(),
    };
    await this.#kv.set(keys.snapshotMeta(snapId), fullMeta);
    const flipped = await this.#kv.commit((op) =>
      op.check(previous).set(keys.currentSnapshot(), snapId)
    );
    if (!flipped) {
      await this.#deleteSnapshot(snapId);
      throw new JobseekError(
        "CONFLICT",
        "Cannot publish snapshot: another snapshot was published at the same time",
      );
    }
    await this.#pruneOlderThan(snapId, previous.value);
    return snapId;
  }

  /** Ids of the snapshots kept (the current one and the previous, for rollback), newest first. */
  /**
   * Takes the publish lease for `ms` unless another owner holds one that has not run out: of the
   * servers sharing a store, one publishes at a time. True when `owner` holds it now.
   */
  async takePublishLease(owner: string, ms: number, now = Date.now()): Promise<boolean> {
    const held = await this.#kv.get(keys.publishLease(), LeaseSchema);
    if (held.value && held.value.owner !== owner && held.value.until > now) return false;
    return await this.#kv.commit((op) =>
      op.check(held).set(keys.publishLease(), { owner, until: now + ms })
    );
  }

  /** Gives the publish lease back, if `owner` still holds it. */
  async releasePublishLease(owner: string): Promise<void> {
    const held = await this.#kv.get(keys.publishLease(), LeaseSchema);
    if (held.value?.owner !== owner) return;
    await this.#kv.commit((op) => op.check(held).delete(keys.publishLease()));
  }

  async listSnapshotIds(): Promise<string[]> {
    const ids = new Set<string>();
    for await (const key of this.#kv.listKeys({ prefix: keys.snapshotsPrefix() })) {
      const part = parseSnapshotKey(key);
      if (part?.part === "meta") ids.add(part.snapId);
    }
    // Ids are ULIDs: their order is the order they were published in.
    return [...ids].sort().reverse();
  }

  async currentSnapshotId(): Promise<string | null> {
    return (await this.#kv.get(keys.currentSnapshot(), SnapshotIdSchema)).value;
  }

  async readSnapshotMeta(snapId: string): Promise<SnapshotMeta | null> {
    return (await this.#kv.get(keys.snapshotMeta(snapId), SnapshotMetaSchema)).value;
  }

  /** Reads a snapshot and verifies its hash; `null` if it does not exist (or was pruned). */
  async readSnapshot(snapId: string): Promise<Snapshot | null> {
    const meta = await this.readSnapshotMeta(snapId);
    if (!meta) return null;
    const bytes = new Uint8Array(meta.byteLength);
    let offset = 0;
    let n = 0;
    const chunks = this.#kv.list({ prefix: keys.snapshotChunksPrefix(snapId) }, ChunkSchema, {
      batchSize: 50,
    });
    for await (const entry of chunks) {
      const part = parseSnapshotKey(entry.key);
      if (part?.part !== "chunk" || part.n !== n) {
        throw new JobseekError("INTERNAL_ERROR", `Snapshot ${snapId} misses chunk ${n}`);
      }
      if (offset + entry.value.byteLength > meta.byteLength) break;
      bytes.set(entry.value, offset);
      offset += entry.value.byteLength;
      n++;
    }
    if (
      n !== meta.chunkCount || offset !== meta.byteLength ||
      (await sha256HexOffThread(bytes)) !== meta.sha256
    ) {
      throw new JobseekError("INTERNAL_ERROR", `Cannot load snapshot ${snapId}: it is corrupt`);
    }
    return { id: snapId, meta, bytes };
  }

  /**
   * Calls `onChange` with the current snapshot id whenever it changes. `kv.watch` reports writes of
   * this process (and of remote KV) at once; a cheap poll catches writes of other processes to a
   * local SQLite file, which `watch` does not see (FACTS.md). Both stop when `signal` aborts or the
   * store closes; their failures, and `onChange`'s, are logged and the other goes on.
   */
  watchCurrentSnapshot(
    onChange: (snapId: string | null) => void,
    options: { pollMs?: number; signal?: AbortSignal } = {},
  ): void {
    const logger = this.#kv.logger;
    const stop = options.signal
      ? AbortSignal.any([options.signal, this.#kv.closed])
      : this.#kv.closed;
    // An already aborted signal never fires "abort": starting would leak the watch and the timer.
    if (stop.aborted) return;
    let last: string | null | undefined;
    const report = (id: string | null) => {
      if (id === last) return;
      last = id;
      try {
        onChange(id);
      } catch (error) {
        logger.error("the handler of a new index snapshot failed", {
          snapshot_id: id,
          ...errorFields(error),
        });
      }
    };
    const key = keys.currentSnapshot();
    const reader = this.#kv.watch([key]).getReader();
    stop.addEventListener("abort", () => reader.cancel().catch(() => {}));
    (async () => {
      try {
        while (true) {
          const { value, done } = await reader.read();
          if (done) return;
          const raw = value[0].value;
          report(raw === null ? null : this.#kv.parse(key, raw, SnapshotIdSchema));
        }
      } catch (error) {
        if (stop.aborted) return;
        logger.warn("the watch of the current index snapshot failed; polling goes on", {
          ...errorFields(error),
        });
      }
    })();
    const timer = setInterval(() => {
      this.currentSnapshotId().then(report, (error) => {
        if (stop.aborted) return;
        logger.warn("cannot poll for a new index snapshot", errorFields(error));
      });
    }, options.pollMs ?? 1500);
    stop.addEventListener("abort", () => clearInterval(timer));
  }

  /**
   * Deletes snapshots older than the one just published, except `previous` (kept for rollback).
   * Newer ones are left alone: they belong to publishers still writing, which either win their
   * flip (and prune this one in turn) or lose it and delete their own.
   */
  async #pruneOlderThan(snapId: string, previous: string | null): Promise<void> {
    const ids = new Set<string>();
    for await (const key of this.#kv.listKeys({ prefix: keys.snapshotsPrefix() })) {
      const part = parseSnapshotKey(key);
      if (part && part.snapId < snapId && part.snapId !== previous) ids.add(part.snapId);
    }
    for (const id of ids) await this.#deleteSnapshot(id);
  }

  async #deleteSnapshot(snapId: string): Promise<void> {
    const writer = this.#kv.splitCommit("delete a snapshot");
    for await (const key of this.#kv.listKeys({ prefix: keys.snapshotPrefix(snapId) })) {
      await writer.add((group) => group.delete(key));
    }
    await writer.flush();
  }
}

/**
 * What the current index lacks: null when it holds every stored posting as last written, else
 * the counts, and whether postings were written after it was built (an import that stopped
 * before publishing, or one running now).
 */
export async function indexGap(
  store: { postings: PostingsStore; snapshots: SnapshotStore; sources?: SourcesStore },
  now = Date.now(),
): Promise<{ stored: number; indexed: number; changedSince: boolean } | null> {
  const current = await store.snapshots.currentSnapshotId();
  const meta = current ? await store.snapshots.readSnapshotMeta(current) : null;
  if (!meta) return null;
  // Postings expired since the snapshot must leave it: they count as a gap too.
  const expired = store.sources ? (await store.sources.expiredIds(now)).size : 0;
  const stored = await store.postings.countJobs() - expired;
  const changedAt = await store.postings.changedAt();
  const changedSince = changedAt !== null &&
    changedAt > (meta.postingsChangedAt ?? Date.parse(meta.createdAt));
  if (stored === meta.docCount && !changedSince && expired === (meta.expiredCount ?? 0)) {
    return null;
  }
  return { stored, indexed: meta.docCount, changedSince };
}
