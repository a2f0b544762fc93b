/**
 * Index snapshots: bytes in chunks under a meta record, the pointer to the current one, a watch of
 * that pointer, and pruning of snapshots nobody will serve again.
 *
 * @module
 */
import { monotonicFactory } from "ulid";
import { z } from "zod";
import { createHash } from "node:crypto";
import { sha256HexOffThread, Sha256Thread } from "../crypto.ts";
import { Arrivals } from "./arrivals.ts";
import type { ReadProgress, ReadRequest, RedirectRequest } from "./snapshot_read_worker.ts";
import { JobseekError } from "../domain/errors.ts";
import { errorFields } from "../log.ts";
import { keys, parseSnapshotKey } from "./kv_keys.ts";
import { releaseLease, takeLease } from "./lease.ts";
import type { KvAccess } from "./kv.ts";

/** Snapshot ids: increasing even within one millisecond, so they order publishes in a process. */
const ulid = monotonicFactory();

/** Snapshots of at least this many bytes are hashed on a thread of their own while read. */
const HASH_THREAD_BYTES = 8 * 2 ** 20;

/**
 * What a server loading a snapshot passes as `openSnapshot`'s `threadFrom`: a smaller snapshot
 * (a delta, an index of fewer than ~100,000 postings) is not worth a thread.
 */
export const READ_THREAD_BYTES = 64 * 2 ** 20;

/**
 * How often a server reads the current snapshot's pointer (ms), to notice a snapshot another
 * process published: `kv.watch` does not see other processes' writes to a local file (FACTS.md).
 * One read of one key; at 1.5 s the wait for it was up to a fifth of a push's 10 s to searchable
 * on the other server (docs/scaling.md, "Issue #40: every push searchable within 10 s").
 */
export const SNAPSHOT_POLL_MS = 250;

/** A thread to hash on, or null where none can be started (WebCrypto's digest then, after the read). */
function hashThread(): Sha256Thread | null {
  try {
    return new Sha256Thread();
  } catch {
    return null;
  }
}

/** Snapshot chunk size: under KV's 64 KiB value limit. */
const SNAPSHOT_CHUNK_BYTES = 60 * 1024;

/** Pieces as one buffer (the piece itself when there is one). */
function joined(pieces: readonly Uint8Array[], byteLength: number): Uint8Array {
  if (pieces.length === 1) return pieces[0];
  const bytes = new Uint8Array(byteLength);
  let at = 0;
  for (const piece of pieces) {
    bytes.set(piece, at);
    at += piece.byteLength;
  }
  return bytes;
}

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
  /**
   * On a full snapshot: every write stamped before this time (ms, this machine's clock) is in it
   * (src/search/change_margin.ts), so a delta need not read the change log from further back.
   * Absent on deltas and older snapshots.
   */
  changesIndexedBefore?: number;
  /** Stored postings left out because their sources stopped listing them (expired). */
  expiredCount?: number;
  /** The retention the snapshot was built with (days); absent: none. */
  retentionDays?: number;
  /** Stored postings left out as past that retention (and not counted in `expiredCount`). */
  agedOutCount?: number;
  /**
   * The oldest `publish_time` in the snapshot, kept with a retention: once it is past the
   * retention, postings in the index have aged out and a server publishes again.
   */
  oldestPublishTime?: string;
  /**
   * Present on a delta (src/index/index_delta.ts): the full snapshot it builds on. The index it
   * stands for is that snapshot with `chain`'s deltas and then this one applied.
   */
  baseId?: string;
  /** The deltas between `baseId` and this one, oldest first. */
  chain?: string[];
  /**
   * Present on a full snapshot a compaction wrote (src/search/compact_index.ts): the delta whose
   * index it holds, merged. A server serving that delta serves this snapshot already.
   */
  compactedFrom?: string;
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
  changesIndexedBefore: z.number().optional(),
  expiredCount: z.number().int().min(0).optional(),
  retentionDays: z.number().int().min(0).optional(),
  agedOutCount: z.number().int().min(0).optional(),
  oldestPublishTime: z.string().optional(),
  baseId: z.string().optional(),
  chain: z.array(z.string()).optional(),
  compactedFrom: z.string().optional(),
});

const SnapshotIdSchema = z.string().min(1);
const ChunkSchema = z.instanceof(Uint8Array);

export interface Snapshot {
  id: string;
  meta: SnapshotMeta;
  bytes: Uint8Array;
}

/** A snapshot whose bytes are still arriving: {@linkcode SnapshotStore.openSnapshot}. */
export interface SnapshotReading extends Snapshot {
  /** Resolves once `bytes` holds every byte before `end`. */
  arrived(end: number): Promise<void>;
  read: Promise<void>;
  verified: Promise<void>;
  /** Stops reading (and hashing): for a caller that will not use the bytes after all. */
  cancel(): void;
  /**
   * Where the read can: asks it to put the bytes from `start` on (as many as `target` holds) into
   * `target`, a view on shared memory, instead of `bytes`, which then never holds them (their
   * hash is checked all the same). Resolves true when it will, false when it has read some of them
   * already (they all go to `bytes` then). For a decoder that would copy them there anyway: a cold
   * start's title vectors, into the memory of the kernel that searches them.
   */
  redirect?(start: number, target: Uint8Array): Promise<boolean>;
}

function corruptSnapshot(snapId: string): JobseekError {
  return new JobseekError("INTERNAL_ERROR", `Cannot load snapshot ${snapId}: it is corrupt`);
}

/**
 * A reading of `bytes`, whichever thread fills them: `filled` settles when every chunk is in, or
 * rejects with why the read stopped; `digest` then gives the sha256 of the bytes.
 */
function readingOf(
  snapId: string,
  meta: SnapshotMeta,
  bytes: Uint8Array,
  arrivals: Arrivals,
  filled: Promise<unknown>,
  digest: () => Promise<string>,
  cancel: () => void,
): SnapshotReading {
  const read = filled.then(() => {
    // Past the end nothing will come: a decoder asking for more is reading a corrupt header.
    arrivals.reached(bytes.byteLength);
    arrivals.failed(corruptSnapshot(snapId));
  }, (error) => {
    arrivals.failed(error);
    throw error;
  });
  const verified = read.then(digest).then((hex) => {
    if (hex !== meta.sha256) throw corruptSnapshot(snapId);
  });
  // Awaited by the caller, possibly only after its decoding failed first.
  read.catch(() => {});
  verified.catch(() => {});
  return {
    id: snapId,
    meta,
    bytes,
    read,
    verified,
    arrived: (end) => arrivals.until(end),
    cancel,
  };
}

/** The snapshots, the current-snapshot pointer and its watch. */
export class SnapshotStore {
  readonly #kv: KvAccess;
  /** The store's SQLite file, if it is in one: what a reading thread opens. */
  readonly #file: string | undefined;

  constructor(kv: KvAccess, file?: string) {
    this.#kv = kv;
    this.#file = file;
  }

  /**
   * Writes a snapshot as chunks over several commits, then makes it current with one atomic flip
   * that checks the pointer it replaces: of two racing publishers only one wins (the other gets a
   * CONFLICT and deletes its chunks), and a publisher that dies half-way leaves the previous
   * snapshot current. Keeps the previous snapshot for rollback and deletes older ones. The bytes
   * may come as pieces that one after another are the snapshot (`encodeSnapshotPieces`): they are
   * written as they are, never joined.
   */
  async publishSnapshot(
    snapshot: Uint8Array | readonly Uint8Array[],
    meta: Omit<SnapshotMeta, "chunkCount" | "byteLength" | "sha256" | "createdAt">,
    options: { replacing?: string } = {},
  ): Promise<string> {
    const pieces = snapshot instanceof Uint8Array ? [snapshot] : snapshot;
    const byteLength = pieces.reduce((sum, piece) => sum + piece.byteLength, 0);
    const previous = await this.#kv.get(keys.currentSnapshot(), SnapshotIdSchema);
    // A delta is made against one snapshot: over any other it would stand for the wrong index.
    if (options.replacing !== undefined && previous.value !== options.replacing) {
      throw new JobseekError(
        "CONFLICT",
        "Cannot publish index delta: another snapshot was published since it was made",
      );
    }
    const snapId = ulid();
    const chunkCount = Math.ceil(byteLength / SNAPSHOT_CHUNK_BYTES);
    const writer = this.#kv.splitCommit("write snapshot chunks");
    // A large snapshot is hashed on a thread a chunk at a time as it is written: WebCrypto's
    // digest first copies its whole input (605 MiB more at 1,000,000 postings).
    const hash = byteLength >= HASH_THREAD_BYTES ? hashThread() : null;
    let sha256: string;
    try {
      let piece = 0;
      let inPiece = 0;
      for (let n = 0; n < chunkCount; n++) {
        // A copy of its own (KV would serialise a view's whole underlying buffer), filled from
        // the pieces it spans.
        const chunk = new Uint8Array(
          Math.min(SNAPSHOT_CHUNK_BYTES, byteLength - n * SNAPSHOT_CHUNK_BYTES),
        );
        for (let at = 0; at < chunk.byteLength;) {
          const from = pieces[piece].subarray(inPiece, inPiece + chunk.byteLength - at);
          chunk.set(from, at);
          at += from.byteLength;
          inPiece += from.byteLength;
          if (inPiece === pieces[piece].byteLength) {
            piece++;
            inPiece = 0;
          }
        }
        await writer.add((group) => group.set(keys.snapshotChunk(snapId, n), chunk));
        // A copy: the thread takes over the buffer it is handed, and KV may not have read it yet.
        hash?.update(chunk.slice());
      }
      await writer.flush();
      sha256 = hash ? await hash.digestHex() : await sha256HexOffThread(joined(pieces, byteLength));
    } finally {
      hash?.close();
    }
    const fullMeta: SnapshotMeta = {
      ...meta,
      chunkCount,
      byteLength,
      sha256,
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
    const keep = new Set([
      ...this.#partsOf(snapId, fullMeta),
      ...(previous.value ? await this.#partsOfId(previous.value) : []),
    ]);
    await this.#pruneOlderThan(snapId, keep);
    return snapId;
  }

  /** Ids of the snapshots kept (the current one and the previous, for rollback), newest first. */
  /**
   * Takes the publish lease for `ms` unless another owner holds one that has not run out: of the
   * servers sharing a store, one publishes at a time. True when `owner` holds it now.
   */
  takePublishLease(owner: string, ms: number, now = Date.now()): Promise<boolean> {
    return takeLease(this.#kv, keys.publishLease(), owner, ms, now);
  }

  /** Gives the publish lease back, if `owner` still holds it. */
  releasePublishLease(owner: string): Promise<void> {
    return releaseLease(this.#kv, keys.publishLease(), owner);
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
    const snapshot = await this.readSnapshotVerifying(snapId);
    if (!snapshot) return null;
    await snapshot.verified;
    return { id: snapshot.id, meta: snapshot.meta, bytes: snapshot.bytes };
  }

  /**
   * Reads a snapshot whose hash is still being checked, off this thread: `verified` rejects when
   * it is corrupt. A caller may decode the bytes meanwhile (a large snapshot's hash takes a
   * second or more, its decoding longer) but must await `verified` before using what it decoded.
   * `null` if it does not exist (or was pruned).
   */
  async readSnapshotVerifying(
    snapId: string,
  ): Promise<(Snapshot & { verified: Promise<void> }) | null> {
    const reading = await this.openSnapshot(snapId);
    if (!reading) return null;
    await reading.read;
    return { id: snapId, meta: reading.meta, bytes: reading.bytes, verified: reading.verified };
  }

  /**
   * Starts reading a snapshot and returns before its bytes are in: they fill `bytes` in order
   * while the caller decodes what has arrived (`arrived(end)`), so that a cold start decodes the
   * postings while the vectors are still being read (docs/scaling.md, item 14). `read` settles
   * when every byte is in (rejecting when a chunk is missing or the snapshot is cut short, as do
   * the `arrived` promises past it); `verified` rejects when the bytes fail their hash, or the
   * read failed. Nothing decoded may serve before `verified` resolves. `null` if the snapshot
   * does not exist (or was pruned). A snapshot of at least `threadFrom` bytes in a store's SQLite
   * file is read on a worker thread into a shared buffer, so that the thread decoding it spends
   * nothing on the read; it hashes the bytes as they arrive, while it waits for more.
   */
  async openSnapshot(
    snapId: string,
    options: { threadFrom?: number } = {},
  ): Promise<SnapshotReading | null> {
    const meta = await this.readSnapshotMeta(snapId);
    if (!meta) return null;
    const onThread = this.#file !== undefined &&
      meta.byteLength >= (options.threadFrom ?? Infinity) &&
      this.#readOnThread(snapId, meta, this.#file);
    if (onThread) return onThread;
    const bytes = new Uint8Array(meta.byteLength);
    const arrivals = new Arrivals();
    // A large snapshot is hashed on another thread as its chunks come (src/crypto.ts): reading and
    // hashing overlap; a small one (a delta) is not worth a thread.
    const hash = (meta.byteLength >= HASH_THREAD_BYTES && hashThread()) ||
      { update() {}, close() {}, digestHex: () => sha256HexOffThread(bytes) };
    let cancelled = false;
    const read = (async () => {
      let offset = 0;
      let n = 0;
      // 500 chunks (32 MiB) a batch: a snapshot is read 20-30% faster than in batches of 50
      // (measured on a 247 MiB store, docs/scaling.md), which a cold start waits for.
      const chunks = this.#kv.list({ prefix: keys.snapshotChunksPrefix(snapId) }, ChunkSchema, {
        batchSize: 500,
      });
      for await (const entry of chunks) {
        if (cancelled) throw new Error(`Reading snapshot ${snapId} was cancelled`);
        const part = parseSnapshotKey(entry.key);
        if (part?.part !== "chunk" || part.n !== n) {
          throw new JobseekError("INTERNAL_ERROR", `Snapshot ${snapId} misses chunk ${n}`);
        }
        if (offset + entry.value.byteLength > meta.byteLength) break;
        bytes.set(entry.value, offset);
        offset += entry.value.byteLength;
        n++;
        hash.update(entry.value);
        arrivals.reached(offset);
      }
      if (n !== meta.chunkCount || offset !== meta.byteLength) throw corruptSnapshot(snapId);
    })();
    read.catch(() => hash.close());
    return readingOf(snapId, meta, bytes, arrivals, read, () => hash.digestHex(), () => {
      cancelled = true;
    });
  }

  /**
   * {@linkcode SnapshotStore.openSnapshot} on a worker thread (src/store/snapshot_read_worker.ts)
   * that opens the store's file itself and reads the chunks into a shared buffer, hashed here as
   * they arrive; null where no thread can be started.
   */
  #readOnThread(snapId: string, meta: SnapshotMeta, file: string): SnapshotReading | null {
    let worker: Worker;
    try {
      worker = new Worker(new URL("./snapshot_read_worker.ts", import.meta.url).href, {
        type: "module",
      });
    } catch {
      return null;
    }
    const buffer = new SharedArrayBuffer(meta.byteLength);
    const arrivals = new Arrivals();
    let stop: (error: Error) => void = () => {};
    const bytes = new Uint8Array(buffer);
    // Redirects asked and not answered yet, in the order they were asked.
    const redirects: { start: number; target: Uint8Array; answer: (taken: boolean) => void }[] = [];
    // Hashed here as the bytes arrive, while this thread waits for more (node:crypto, on the
    // bytes in place: WebCrypto's digest would copy them all).
    const hash = createHash("sha256");
    let hashed = 0;
    let moved: { start: number; end: number; target: Uint8Array } | null = null;
    const hashTo = (end: number) => {
      while (hashed < end) {
        if (moved && hashed >= moved.start && hashed < moved.end) {
          const to = Math.min(end, moved.end);
          hash.update(moved.target.subarray(hashed - moved.start, to - moved.start));
          hashed = to;
        } else {
          const to = Math.min(end, moved && hashed < moved.start ? moved.start : end);
          hash.update(bytes.subarray(hashed, to));
          hashed = to;
        }
      }
    };
    const digest = new Promise<string>((resolve, reject) => {
      stop = reject;
      worker.onmessage = ({ data }: MessageEvent<ReadProgress>) => {
        if ("redirected" in data) {
          const asked = redirects.shift();
          if (asked && data.redirected) {
            moved = {
              start: asked.start,
              end: asked.start + asked.target.byteLength,
              target: asked.target,
            };
          }
          asked?.answer(data.redirected);
        } else if ("reached" in data) {
          arrivals.reached(data.reached);
          hashTo(data.reached);
          if (data.done) resolve(hash.digest("hex"));
        } else if ("missing" in data) {
          reject(
            new JobseekError("INTERNAL_ERROR", `Snapshot ${snapId} misses chunk ${data.missing}`),
          );
        } else if ("cut" in data) {
          reject(corruptSnapshot(snapId));
        } else {
          reject(new Error(`Cannot read snapshot ${snapId}: ${data.failed}`));
        }
      };
      worker.onerror = (event) => {
        event.preventDefault();
        reject(new Error(`Cannot read snapshot ${snapId}: its thread died (${event.message})`));
      };
    });
    worker.postMessage(
      {
        file,
        prefix: keys.snapshotChunksPrefix(snapId),
        chunkCount: meta.chunkCount,
        buffer,
        every: 64,
      } satisfies ReadRequest,
    );
    let over = false;
    const ended = digest.finally(() => {
      over = true;
      worker.terminate();
      // A redirect asked too late for an answer: the bytes, if any came, are in `bytes`.
      for (const { answer } of redirects.splice(0)) answer(false);
    });
    const reading = readingOf(
      snapId,
      meta,
      bytes,
      arrivals,
      ended,
      () => ended,
      () => stop(new Error(`Reading snapshot ${snapId} was cancelled`)),
    );
    reading.redirect = (start, target) => {
      if (!(target.buffer instanceof SharedArrayBuffer)) {
        return Promise.reject(new TypeError("Cannot redirect a read into memory not shared"));
      }
      if (start < 0 || start + target.byteLength > meta.byteLength) {
        return Promise.reject(new RangeError("Cannot redirect a read past the snapshot's bytes"));
      }
      return new Promise<boolean>((resolve) => {
        if (over) return resolve(false);
        redirects.push({ start, target, answer: resolve });
        worker.postMessage({ redirect: { start, target } } satisfies RedirectRequest);
      });
    };
    return reading;
  }

  /**
   * Calls `onChange` with the current snapshot id whenever it changes (polled every
   * {@linkcode SNAPSHOT_POLL_MS} unless `pollMs` says otherwise). `kv.watch` reports writes of
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
    // Every read (a poll's start, a watch event's arrival) takes a number; a result is reported
    // only when no later read was reported before it. A poll that began before a flip can resolve
    // after the watch reported the flip, with the pointer as it was: reported, it would send the
    // follower back to the older snapshot, which it would load whole, and then forward again.
    let reads = 0;
    let lastRead = 0;
    const report = (id: string | null, read: number) => {
      if (read < lastRead) return;
      lastRead = read;
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
          const read = ++reads;
          const raw = value[0].value;
          report(raw === null ? null : this.#kv.parse(key, raw, SnapshotIdSchema), read);
        }
      } catch (error) {
        if (stop.aborted) return;
        logger.warn("the watch of the current index snapshot failed; polling goes on", {
          ...errorFields(error),
        });
      }
    })();
    const timer = setInterval(() => {
      const read = ++reads;
      this.currentSnapshotId().then((id) => report(id, read), (error) => {
        if (stop.aborted) return;
        logger.warn("cannot poll for a new index snapshot", errorFields(error));
      });
    }, options.pollMs ?? SNAPSHOT_POLL_MS);
    stop.addEventListener("abort", () => clearInterval(timer));
  }

  /**
   * Deletes snapshots older than the one just published, except those in `keep`: the previous one
   * (kept for rollback) and the base and deltas the new and the previous index are read from.
   * Newer ones are left alone: they belong to publishers still writing, which either win their
   * flip (and prune this one in turn) or lose it and delete their own.
   */
  async #pruneOlderThan(snapId: string, keep: Set<string>): Promise<void> {
    const ids = new Set<string>();
    for await (const key of this.#kv.listKeys({ prefix: keys.snapshotsPrefix() })) {
      const part = parseSnapshotKey(key);
      if (part && part.snapId < snapId && !keep.has(part.snapId)) ids.add(part.snapId);
    }
    for (const id of ids) await this.#deleteSnapshot(id);
  }

  /** The snapshots an index is read from: itself, and for a delta its base and earlier deltas. */
  #partsOf(snapId: string, meta: SnapshotMeta | null): string[] {
    return [snapId, ...(meta?.baseId ? [meta.baseId, ...(meta.chain ?? [])] : [])];
  }

  async #partsOfId(snapId: string): Promise<string[]> {
    return this.#partsOf(snapId, await this.readSnapshotMeta(snapId));
  }

  async #deleteSnapshot(snapId: string): Promise<void> {
    const writer = this.#kv.splitCommit("delete a snapshot");
    for await (const key of this.#kv.listKeys({ prefix: keys.snapshotPrefix(snapId) })) {
      await writer.add((group) => group.delete(key));
    }
    await writer.flush();
  }
}
