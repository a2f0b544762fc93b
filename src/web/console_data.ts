/**
 * What the operator console shows, gathered from the store and this server's metrics: the index
 * (live, expired, past retention; the served snapshot, its age and size; the last publishes),
 * sources, keys, and the series its plots draw. The postings' series read every stored posting,
 * so they are kept for a minute.
 *
 * @module
 */
import type { ApiKeyRecord, ApiKeyRegistry } from "../auth/api_keys.ts";
import type { Store } from "../store/store.ts";
import type { SourceRecord } from "../store/sources_store.ts";
import type { ImportRun } from "../store/import_runs_store.ts";
import type { PublishEvent, SearchMinute, ServiceMetrics } from "./metrics.ts";

/** Days of "first seen" the console plots. */
export const FIRST_SEEN_DAYS = 60;
const POSTING_FIGURES_TTL_MS = 60_000;

export interface IndexState {
  snapshotId: string | null;
  createdAt?: string;
  ageSeconds?: number;
  /**
   * The served index's size: the snapshot alone when it is full; for a delta, its base and every
   * delta to it, which a server reads to load the index (session 39: a delta's own few KiB read
   * as the index's size).
   */
  bytes?: number;
  /** For a delta: the full snapshot it builds on, and the deltas to it (this one counted). */
  parts?: {
    baseId: string;
    baseBytes: number;
    /** The deltas before the served one, oldest first. */
    chain: string[];
    deltas: number;
    deltaBytes: number;
  };
  live?: number;
  expired?: number;
  pastRetention?: number;
  retentionDays?: number;
  stored: number;
  /** A delta's base, when the served snapshot is one. */
  baseId?: string;
}

export interface PostingFigures {
  /** Per day (YYYY-MM-DD) of the last {@linkcode FIRST_SEEN_DAYS} and source: postings first seen. */
  firstSeen: { day: string; source: string; count: number }[];
  byCountry: { value: string; count: number }[];
  byWorkMode: { value: string; count: number }[];
  computedAt: number;
}

/** A snapshot kept in the store: what every server of the store published. */
export interface StoredSnapshot {
  id: string;
  createdAt: string;
  kind: "full" | "delta";
  docCount: number;
  bytes: number;
}

export interface ConsoleData {
  index: IndexState;
  snapshots: StoredSnapshot[];
  /**
   * The last imports (`jobseek ingest`, pushes, source pulls) that added, updated or refused a row,
   * or read none, newest first: those that found every row unchanged are left out.
   */
  imports: ImportRun[];
  /** How many of the runs read for `imports` found every row unchanged, and are not listed. */
  importsUnchanged: number;
  publishes: PublishEvent[];
  sources: SourceRecord[];
  keys: ApiKeyRecord[];
  staticKeys: string[];
  searches: SearchMinute[];
  postings: PostingFigures;
}

export interface ConsoleSources {
  store: Pick<Store, "snapshots" | "sources" | "postings" | "importRuns">;
  apiKeys: ApiKeyRegistry;
  metrics: ServiceMetrics;
  now?: () => number;
}

function sortedCounts(counts: Map<string, number>) {
  return [...counts].map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
}

/** Gathers the console's figures; the postings' series are read at most once a minute. */
/** Whether a run changed a row, refused one, or read none: what the console lists. */
function changedOrFailed(run: ImportRun): boolean {
  return run.inserted + run.updated + run.invalid > 0 || run.rows_read === 0;
}

export class ConsoleFigures {
  readonly #sources: ConsoleSources;
  readonly #now: () => number;
  #postings: Promise<PostingFigures> | null = null;

  constructor(sources: ConsoleSources) {
    this.#sources = sources;
    this.#now = sources.now ?? Date.now;
  }

  async load(): Promise<ConsoleData> {
    const { store, apiKeys, metrics } = this.#sources;
    const [index, snapshots, imports, sources, keys, postings, figures] = await Promise.all([
      this.#index(),
      this.#snapshots(),
      // Runs that found every row unchanged (a source pulled every minute with nothing new)
      // crowded out the pushes and imports (an operator's trial, session 57): the sources table
      // says them. A run that read no row is listed (a failed `jobseek ingest`: reviewer C58b).
      store.importRuns.list(200).then((runs) => {
        const listed = runs.filter(changedOrFailed);
        return { listed: listed.slice(0, 20), unchanged: runs.length - listed.length };
      }),
      store.sources.listSources(),
      apiKeys.list(),
      this.postings(),
      metrics.consoleFigures(),
    ]);
    return {
      index,
      snapshots,
      imports: imports.listed,
      importsUnchanged: imports.unchanged,
      publishes: figures.publishes,
      sources,
      keys,
      staticKeys: apiKeys.staticKeyNames(),
      searches: figures.searches,
      postings,
    };
  }

  async #snapshots(): Promise<StoredSnapshot[]> {
    const { store } = this.#sources;
    const ids = await store.snapshots.listSnapshotIds();
    const metas = await Promise.all(ids.map(async (id) => ({
      id,
      meta: await store.snapshots.readSnapshotMeta(id),
    })));
    return metas.flatMap(({ id, meta }) =>
      meta
        ? [{
          id,
          createdAt: meta.createdAt,
          kind: meta.baseId ? "delta" as const : "full" as const,
          docCount: meta.docCount,
          bytes: meta.byteLength,
        }]
        : []
    ).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  async #index(): Promise<IndexState> {
    const { store } = this.#sources;
    const [snapshotId, stored] = await Promise.all([
      store.snapshots.currentSnapshotId(),
      store.postings.countJobs(),
    ]);
    if (!snapshotId) return { snapshotId: null, stored };
    const meta = await store.snapshots.readSnapshotMeta(snapshotId);
    if (!meta) return { snapshotId, stored };
    const created = Date.parse(meta.createdAt);
    const parts = meta.baseId ? await this.#parts(meta.baseId, meta) : undefined;
    return {
      snapshotId,
      createdAt: meta.createdAt,
      ageSeconds: Number.isFinite(created)
        ? Math.max(0, Math.round((this.#now() - created) / 1000))
        : undefined,
      bytes: parts ? parts.baseBytes + parts.deltaBytes : meta.byteLength,
      ...(parts ? { parts } : {}),
      live: meta.docCount,
      expired: meta.expiredCount ?? 0,
      pastRetention: meta.agedOutCount ?? 0,
      retentionDays: meta.retentionDays,
      baseId: meta.baseId,
      stored,
    };
  }

  /** A delta's base and its deltas (`chain`, then itself), with their sizes. */
  async #parts(
    baseId: string,
    meta: { chain?: string[]; byteLength: number },
  ): Promise<NonNullable<IndexState["parts"]>> {
    const { store } = this.#sources;
    const sizeOf = async (id: string) =>
      (await store.snapshots.readSnapshotMeta(id))?.byteLength ?? 0;
    const chain = meta.chain ?? [];
    const [baseBytes, ...chainBytes] = await Promise.all([baseId, ...chain].map(sizeOf));
    return {
      baseId,
      baseBytes,
      chain,
      deltas: chain.length + 1,
      deltaBytes: chainBytes.reduce((sum, bytes) => sum + bytes, meta.byteLength),
    };
  }

  /** The postings' series (first seen per day and source, by country, by work mode). */
  postings(): Promise<PostingFigures> {
    const cached = this.#postings;
    if (cached) {
      return cached.then((figures) =>
        this.#now() - figures.computedAt < POSTING_FIGURES_TTL_MS ? figures : this.#refresh()
      );
    }
    return this.#refresh();
  }

  #refresh(): Promise<PostingFigures> {
    const pending = this.#countPostings();
    this.#postings = pending;
    pending.catch(() => {
      if (this.#postings === pending) this.#postings = null;
    });
    return pending;
  }

  async #countPostings(): Promise<PostingFigures> {
    const now = this.#now();
    const today = new Date(now - (now % 86_400_000));
    const firstDay = new Date(today.getTime() - (FIRST_SEEN_DAYS - 1) * 86_400_000)
      .toISOString().slice(0, 10);
    const perDay = new Map<string, number>();
    const countries = new Map<string, number>();
    const modes = new Map<string, number>();
    for await (const job of this.#sources.store.postings.listJobs()) {
      const seen = (job.first_seen ?? job.publish_time).slice(0, 10);
      if (seen >= firstDay) {
        const key = `${seen}\u0000${job.data_source}`;
        perDay.set(key, (perDay.get(key) ?? 0) + 1);
      }
      const country = job.country ?? "unknown";
      countries.set(country, (countries.get(country) ?? 0) + 1);
      const mode = job.work_mode ?? "not stated";
      modes.set(mode, (modes.get(mode) ?? 0) + 1);
    }
    const firstSeen = [...perDay].map(([key, count]) => {
      const [day, source] = key.split("\u0000");
      return { day, source, count };
    }).sort((a, b) => a.day.localeCompare(b.day) || a.source.localeCompare(b.source));
    return {
      firstSeen,
      byCountry: sortedCounts(countries),
      byWorkMode: sortedCounts(modes),
      computedAt: now,
    };
  }
}
