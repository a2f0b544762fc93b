/**
 * Keeps the published index in memory: loads the current snapshot (a full one, or a chain of deltas
 * over a full one), then follows the store's pointer and swaps in each newer one without a restart.
 * A snapshot that cannot be loaded leaves the previous one serving; with nothing serving yet, the
 * newest other snapshot the store keeps stands in, as publishing keeps the previous one for this.
 *
 * @module
 */
import type { Logger } from "../log.ts";
import process from "node:process";
import type { Store } from "../store/store.ts";
import { READ_THREAD_BYTES } from "../store/snapshot_store.ts";
import type { Embedder } from "../model/embedder.ts";
import { JobIndex } from "../index/job_index.ts";
import { decodeSnapshot, SNAPSHOT_FORMAT_VERSION, type SnapshotData } from "../index/snapshot.ts";
import { applyChain, decodeDelta, type IndexDelta } from "../index/index_delta.ts";

/** An index being served and the id of the snapshot (or delta) it stands for. */
export interface ServedIndex {
  id: string;
  index: JobIndex;
  /** Postings the snapshot left out as past its retention, for a search's hint. */
  agedOut?: { count: number; retentionDays: number };
  /**
   * Set when the index is of another model than the server's (a stand-in while the server's own
   * is built): queries must be embedded with this one, the model the index's vectors are of.
   */
  queryEmbedder?: Embedder;
}

export interface SnapshotFollowerOptions {
  snapshots: Store["snapshots"];
  /** The query embedder: a snapshot whose vectors are not its model's is refused. */
  embedder: Promise<Embedder>;
  logger: Logger;
  /** How often to poll for a snapshot published by another process (ms); the store's default. */
  pollMs?: number;
  /**
   * An embedder of the model `stamp` names, when this machine can run it without fetching
   * anything, else null. With it, a server that has nothing to serve yet serves a snapshot of that
   * model, its queries embedded with it, until an index of its own model is published.
   */
  standInEmbedder?: (stamp: string) => Promise<(Embedder & { close?(): void }) | null>;
}

interface Loaded extends ServedIndex {
  /** The full snapshot the index was loaded from, and the deltas applied to it since, in order. */
  base: string;
  deltas: string[];
}

/** Loads the current index snapshot and follows newer ones; see the module documentation. */
export class SnapshotFollower {
  readonly #snapshots: Store["snapshots"];
  readonly #embedder: Promise<Embedder>;
  readonly #logger: Logger;
  readonly #pollMs: number | undefined;
  readonly #standInEmbedder: SnapshotFollowerOptions["standInEmbedder"];
  #current: Loaded | null = null;
  #nothingToServe = false;
  #wanted: string | null = null;
  /** The snapshot that last failed to load while it was the one wanted, and why. */
  #unloadable: { id: string; reason: string } | null = null;
  #loading: Promise<void> | null = null;
  #abort: AbortController | null = null;

  constructor(options: SnapshotFollowerOptions) {
    this.#snapshots = options.snapshots;
    this.#embedder = options.embedder;
    this.#logger = options.logger;
    this.#pollMs = options.pollMs;
    this.#standInEmbedder = options.standInEmbedder;
  }

  /**
   * True when started on a store that had no snapshot at all: waiting will not help until an
   * operator imports postings.
   */
  get nothingToServe(): boolean {
    return this.#nothingToServe;
  }

  /** The index being served and the snapshot it stands for, or null before one is loaded. */
  served(): ServedIndex | null {
    if (!this.#current) return null;
    const { id, index, agedOut, queryEmbedder } = this.#current;
    return {
      id,
      index,
      ...(agedOut ? { agedOut } : {}),
      ...(queryEmbedder ? { queryEmbedder } : {}),
    };
  }

  /**
   * The snapshot that failed to load while it was the one wanted (damaged, say), or null: waiting
   * for this server to serve it will not help.
   */
  unloadable(): string | null {
    return this.#unloadable?.id ?? null;
  }

  /** Loads the current snapshot, if any, then watches for newer ones. */
  async start(): Promise<void> {
    if (this.#abort) return;
    this.#abort = new AbortController();
    await this.#embedder;
    const id = await this.#snapshots.currentSnapshotId();
    if (id) this.#request(id);
    // Started on a store with nothing to serve (a --no-seed server on an empty store): waiting
    // will not help until an operator imports postings, so searches say that instead of "retry".
    else this.#nothingToServe = true;
    await this.whenIdle();
    if (!this.#current) this.#logger.warn("no index snapshot to serve yet", {});
    this.#snapshots.watchCurrentSnapshot((next) => {
      if (next) this.#request(next);
    }, { pollMs: this.#pollMs, signal: this.#abort.signal });
  }

  /**
   * Loads the store's current snapshot now unless it serves, without waiting for the watch to
   * notice it (a publish in this process has just ended); settles once loaded or refused.
   */
  async catchUp(): Promise<void> {
    const id = await this.#snapshots.currentSnapshotId();
    if (id && id !== this.#current?.id) this.#request(id);
    await this.whenIdle();
  }

  /** Stops watching for snapshots; the loaded index keeps serving. */
  stop(): void {
    this.#abort?.abort();
    this.#wanted = null;
    // A stand-in model's threads would keep a stopping process alive (a search after the stop
    // cannot embed its query then: the process is ending).
    (this.#current?.queryEmbedder as { close?(): void } | undefined)?.close?.();
  }

  /** Resolves once no snapshot is being loaded. */
  whenIdle(): Promise<void> {
    return this.#loading ?? Promise.resolve();
  }

  /**
   * Serving the previous snapshot: which one, and why not the current. Serving nothing, with no
   * load under way: every snapshot failed, so waiting will not help (`/healthz` says
   * `unavailable`).
   */
  healthDetail(): string | null {
    if (!this.#current && this.#nothingToServe && !this.#loading) {
      // Waiting does not help an empty store (a --no-seed start): it needs postings.
      return "the store has no index, because no postings have been imported into it: run " +
        "`jobseek ingest FILE...` on the store, push postings (POST /v1/postings) or add a " +
        "source (`jobseek sources add`); a running server serves them within seconds, without " +
        "a restart";
    }
    if (this.#current?.queryEmbedder) {
      return `serving index snapshot ${this.#current.id}, built with model ` +
        `${this.#current.queryEmbedder.model} (its queries are embedded with that model), until ` +
        "the index of this server's model is published";
    }
    if (!this.#unloadable) return null;
    if (!this.#current) {
      if (this.#loading) return null;
      return `no index snapshot can be loaded: the current snapshot ${this.#unloadable.id} ` +
        `cannot be loaded (${this.#unloadable.reason}) and no other snapshot can stand in; ` +
        "run `jobseek index rebuild`";
    }
    return `serving index snapshot ${this.#current.id}: the current snapshot ` +
      `${this.#unloadable.id} cannot be loaded (${this.#unloadable.reason}); ` +
      "run `jobseek index rebuild`";
  }

  /** Loads `id` after whatever is loading now; only the newest request is kept. */
  #request(id: string): void {
    this.#wanted = id;
    this.#loading ??= this.#drain().finally(() => {
      this.#loading = null;
    });
  }

  async #drain(): Promise<void> {
    while (this.#wanted !== null) {
      const id = this.#wanted;
      if (id === this.#current?.id) {
        // Served already. A fall-back can load a snapshot published while it ran, which the
        // pointer then names: the one that failed is no longer current. But a watch can also name
        // the served snapshot late, after a newer one failed, which the pointer still names: the
        // pointer says whether the failure still stands.
        if (this.#unloadable && (await this.#snapshots.currentSnapshotId()) === id) {
          this.#unloadable = null;
        }
        if (this.#wanted === id) this.#wanted = null;
        continue;
      }
      try {
        await this.#load(id);
        this.#unloadable = null;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        this.#unloadable = { id, reason };
        this.#logger.error("cannot load index snapshot; the previous one keeps serving", {
          snapshot_id: id,
          serving: this.#current?.id ?? null,
          error: reason,
        });
        if (!this.#current) await this.#fallBack(id);
      }
      if (this.#wanted === id) this.#wanted = null;
    }
  }

  /**
   * With nothing serving and the current snapshot unloadable (damaged, say), serves the newest
   * other snapshot the store keeps: publishing keeps the previous one for exactly this.
   */
  async #fallBack(failed: string): Promise<void> {
    for (const id of await this.#snapshots.listSnapshotIds()) {
      if (id === failed) continue;
      try {
        await this.#load(id);
        this.#logger.warn("serving the previous index snapshot: the current one cannot be loaded", {
          snapshot_id: id,
          current: failed,
          fix: "jobseek index rebuild",
        });
        return;
      } catch (error) {
        this.#logger.error("cannot load the previous index snapshot either", {
          snapshot_id: id,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
  }

  /**
   * Serves `next` from now on. The index it replaces ends its helper threads (a search already
   * holding it still completes, on its own thread).
   */
  #serve(next: Loaded): void {
    const previous = this.#current;
    this.#current = next;
    if (previous && previous.index !== next.index) previous.index.close();
    const standIn = previous?.queryEmbedder as { close?(): void } | undefined;
    if (standIn && standIn !== next.queryEmbedder) {
      // A search that began on the stand-in may still be embedding its query with it.
      const timer = setTimeout(() => standIn.close?.(), STAND_IN_GRACE_MS);
      Deno.unrefTimer(timer);
    }
  }

  async #load(id: string): Promise<void> {
    const meta = await this.#snapshots.readSnapshotMeta(id);
    const current = this.#current;
    if (meta?.compactedFrom !== undefined && current?.id === meta.compactedFrom) {
      // A compaction of the index served (src/search/compact_index.ts): the same postings, written
      // as one snapshot or as one delta against the same base. Nothing to read; the deltas that
      // follow build on it.
      this.#current = {
        id,
        index: current.index,
        base: meta.baseId ?? id,
        deltas: meta.baseId ? [...(meta.chain ?? []), id] : [],
        ...agedOutOf(meta),
      };
      this.#logger.info("index deltas compacted: serving the same index as the new snapshot", {
        snapshot_id: id,
        compacted_from: meta.compactedFrom,
        doc_count: current.index.size,
      });
      return;
    }
    if (meta?.baseId) return await this.#loadDelta(id, meta.baseId, [...(meta.chain ?? []), id]);
    const loaded = await this.#loadFull(id);
    if (loaded === null) return;
    if (this.#abort?.signal.aborted) {
      (loaded.queryEmbedder as { close?(): void } | undefined)?.close?.();
      return;
    }
    this.#serve({
      id,
      index: loaded.index,
      base: id,
      deltas: [],
      ...agedOutOf(meta),
      ...(loaded.queryEmbedder ? { queryEmbedder: loaded.queryEmbedder } : {}),
    });
    this.#logger.info("index snapshot loaded", loaded.figures);
    if (loaded.index.size <= PREPARE_FOR_DELTAS_UP_TO) this.#prepareForDeltas(loaded.index);
  }

  /**
   * In the background, a slice at a time between searches: what the first delta's merge would
   * otherwise work out for every posting on the push's way to searchable.
   */
  #prepareForDeltas(index: JobIndex): void {
    const started = performance.now();
    index.prepareForDeltas({ stop: () => this.#abort?.signal.aborted === true })
      .then(() =>
        this.#logger.debug("index prepared for deltas", {
          doc_count: index.size,
          ms: Math.round(performance.now() - started),
        })
      )
      .catch((error) =>
        this.#logger.warn("cannot prepare the index for deltas; the first delta does it", {
          error: error instanceof Error ? error.message : String(error),
        })
      );
  }

  /**
   * A delta: merged into the index being served when that is its base with the delta's earlier
   * deltas applied (what a server following the pointer has), else into its base read afresh.
   */
  async #loadDelta(id: string, baseId: string, deltas: string[]): Promise<void> {
    const started = performance.now();
    let current = this.#current;
    if (
      current && current.base !== baseId &&
      (await this.#snapshots.readSnapshotMeta(baseId))?.compactedFrom === current.id
    ) {
      // Built on a compaction of the index served, which this server skipped: that is its base.
      current = { ...current, base: baseId, deltas: [] };
    } else if (
      current && current.base === baseId && deltas.length > 1 && current.deltas[0] !== deltas[0] &&
      (await this.#snapshots.readSnapshotMeta(deltas[0]))?.compactedFrom === current.id
    ) {
      // Built on a merge of the chain served (one delta against the same base), which this server
      // skipped: the index served is that delta applied.
      current = { ...current, deltas: [deltas[0]] };
    }
    let index: JobIndex;
    let from: number;
    let queryEmbedder: Embedder | undefined;
    if (
      current && current.base === baseId && current.deltas.length < deltas.length &&
      current.deltas.every((d, k) => deltas[k] === d)
    ) {
      index = current.index;
      from = current.deltas.length;
      queryEmbedder = current.queryEmbedder;
    } else {
      const loaded = await this.#loadFull(baseId);
      if (loaded === null) return;
      index = loaded.index;
      from = 0;
      queryEmbedder = loaded.queryEmbedder;
    }
    let bytes = 0;
    // Where the apply's time goes (ms): reading the deltas, decoding them, merging; and the
    // process's CPU over the merge, which is synchronous (steadier than its wall time on busy
    // cores, where the two servers' merges of one push share them with everything else).
    const spent = { read_ms: 0, decode_ms: 0, merge_ms: 0, merge_cpu_ms: 0 };
    const cpuMs = () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    };
    const lap = (part: keyof typeof spent, since: number) => {
      const now = performance.now();
      spent[part] += now - since;
      return now;
    };
    const pending: IndexDelta[] = [];
    for (const deltaId of deltas.slice(from)) {
      let at = performance.now();
      const delta = await this.#snapshots.readSnapshot(deltaId);
      if (!delta) throw new Error(`index delta ${deltaId} does not exist`);
      bytes += delta.bytes.byteLength;
      at = lap("read_ms", at);
      pending.push(await decodeDelta(delta.bytes));
      lap("decode_ms", at);
    }
    const applying = performance.now();
    const applyCpu = cpuMs();
    index = applyChain(index, pending);
    spent.merge_cpu_ms += cpuMs() - applyCpu;
    lap("merge_ms", applying);
    const preparing = performance.now();
    const cpu = cpuMs();
    index.prepare();
    spent.merge_cpu_ms += cpuMs() - cpu;
    lap("merge_ms", preparing);
    if (this.#abort?.signal.aborted) return;
    this.#serve({
      id,
      index,
      base: baseId,
      deltas,
      ...agedOutOf(await this.#snapshots.readSnapshotMeta(id)),
      ...(queryEmbedder ? { queryEmbedder } : {}),
    });
    this.#logger.info("index delta applied", {
      snapshot_id: id,
      base_id: baseId,
      deltas_applied: deltas.length - from,
      doc_count: index.size,
      delta_bytes: bytes,
      ...Object.fromEntries(Object.entries(spent).map(([k, ms]) => [k, Math.round(ms)])),
      load_ms: Math.round(performance.now() - started),
    });
  }

  /** An embedder of the model `stamp`, if one can stand in here without a fetch; else null. */
  async #standIn(stamp: string): Promise<(Embedder & { close?(): void }) | null> {
    if (!this.#standInEmbedder) return null;
    try {
      return await this.#standInEmbedder(stamp);
    } catch (error) {
      this.#logger.warn("cannot open the model of the store's index to serve it meanwhile", {
        snapshot_model: stamp,
        error: error instanceof Error ? error.message : String(error),
      });
      return null;
    }
  }

  async #loadFull(
    id: string,
  ): Promise<
    { index: JobIndex; figures: Record<string, unknown>; queryEmbedder?: Embedder } | null
  > {
    const started = performance.now();
    // Decoded as its bytes arrive and while its hash is checked on another thread; nothing decoded
    // serves before it is.
    const snapshot = await this.#snapshots.openSnapshot(id, { threadFrom: READ_THREAD_BYTES });
    if (!snapshot) throw new Error(`snapshot ${id} does not exist`);
    let readMs: number | undefined;
    snapshot.read.then(() => readMs = performance.now() - started, () => {});
    let embedder: Embedder;
    let standInUsed: (Embedder & { close?(): void }) | undefined;
    try {
      if (snapshot.meta.formatVersion !== SNAPSHOT_FORMAT_VERSION) {
        throw new Error(
          `snapshot ${id} has format version ${snapshot.meta.formatVersion}, this server reads ${SNAPSHOT_FORMAT_VERSION}`,
        );
      }
      embedder = await this.#embedder;
      // Checked before decoding, which is most of a load, and again on what the snapshot holds:
      // its vectors must be comparable with the query's, or every search would fail or mean
      // nothing.
      if (snapshot.meta.model !== embedder.model) {
        const refusal = `snapshot ${id} was built with model ${snapshot.meta.model}, this server ` +
          `embeds queries with ${embedder.model}`;
        // With nothing else to serve, an index of the other model serves, its queries embedded
        // with that model, while this server's own is built (docs/operations.md).
        const standIn = this.#current ? null : await this.#standIn(snapshot.meta.model);
        if (!standIn) throw new Error(refusal);
        this.#logger.warn(
          "serving an index of another model until one of this server's model is published",
          { snapshot_id: id, snapshot_model: snapshot.meta.model, model: embedder.model },
        );
        standInUsed = standIn;
        embedder = standIn;
      }
    } catch (error) {
      // Its bytes will not be used: the read stops instead of running on beside what comes next.
      snapshot.cancel();
      throw error;
    }
    let data: SnapshotData;
    try {
      try {
        data = await decodeSnapshot(snapshot.bytes, {
          arrived: snapshot.arrived,
          redirect: snapshot.redirect,
        });
      } catch (error) {
        // Bytes that fail their hash are reported as corrupt, whatever the decoder made of them.
        await snapshot.verified;
        throw error;
      }
      await snapshot.verified;
      if (data.model !== embedder.model || data.dimensions !== embedder.dimensions) {
        throw new Error(
          `snapshot ${id} holds ${data.dimensions}-d vectors of ${data.model}, this server embeds ` +
            `queries as ${embedder.dimensions}-d vectors of ${embedder.model}`,
        );
      }
    } catch (error) {
      standInUsed?.close?.();
      throw error;
    }
    // Reposts and places are worked out before the index serves, not on its first query.
    const index = new JobIndex(data).prepare();
    return {
      ...(standInUsed ? { queryEmbedder: standInUsed } : {}),
      index,
      figures: {
        snapshot_id: id,
        doc_count: index.size,
        snapshot_bytes: snapshot.bytes.byteLength,
        read_ms: Math.round(readMs!),
        load_ms: Math.round(performance.now() - started),
      },
    };
  }
}

/**
 * Largest index whose postings are prepared for deltas after a cold start: what that keeps costs
 * ~48 MiB of heap at 100,000 postings, ~480 MiB at 1,000,000, where a cold start's RSS is at the
 * 3 GB edge already (docs/scaling.md, "Issue #40: where it stands on merged main"); there the first
 * delta works it out, as before.
 */
const PREPARE_FOR_DELTAS_UP_TO = 250_000;

/** How long a stand-in model stays open after its index was replaced: searches on it end. */
const STAND_IN_GRACE_MS = 30_000;

function agedOutOf(
  meta: { agedOutCount?: number; retentionDays?: number } | null,
): { agedOut?: ServedIndex["agedOut"] } {
  if (!meta?.agedOutCount || !meta.retentionDays) return {};
  return { agedOut: { count: meta.agedOutCount, retentionDays: meta.retentionDays } };
}
