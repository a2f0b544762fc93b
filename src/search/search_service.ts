/**
 * The one search service behind REST, MCP and the CLI. It serves the current index snapshot from
 * memory, and swaps in a newer one when it is published, without a restart and without failing a
 * request: a search runs on the index it started with, and a snapshot that cannot be loaded leaves
 * the previous one serving.
 *
 * @module
 */
import { JobseekError, NO_INDEX_MESSAGE } from "../domain/errors.ts";
import {
  type AppliedFilters,
  type CityCount,
  type Job,
  jobIdFromUrl,
  toJobResult,
} from "../domain/job.ts";
import {
  acts,
  FILTER_NAMES,
  type FilterContext,
  type FilterName,
  type FilterParam,
  FILTERS,
  showValue,
  withQualifiers,
} from "../domain/filters.ts";
import type { SearchQuery } from "../domain/search_query.ts";
import { parseNear } from "../places/mod.ts";
import type { SearchOutcome, SearchService, ServiceInfo } from "../domain/service.ts";
import type { Logger } from "../log.ts";
import type { Store } from "../store/store.ts";
import { analyzeQuery } from "../index/analyze_query.ts";
import type { Embedder } from "../model/embedder.ts";
import type { IndexSearch } from "../index/index_search.ts";
import { rankingForModel } from "../index/ranking.ts";
import type { QueryPlace } from "../index/query_place.ts";
import { foldText } from "../domain/fold_text.ts";
import { JobIndex } from "../index/job_index.ts";
import { decodeSnapshot, SNAPSHOT_FORMAT_VERSION } from "../index/snapshot.ts";
import { applyDelta, decodeDelta } from "../index/index_delta.ts";
import { searchByProfile } from "./profile_search.ts";

export interface JobSearchService extends SearchService {
  getJob(jobUrl: string): Promise<Job | null>;
  /**
   * Loads the current snapshot, if any, then watches for newer ones. Safe without a snapshot:
   * `isReady()` stays false and `search` throws NOT_READY until one is published.
   */
  start(): Promise<void>;
  /** Stops watching for snapshots; the loaded index keeps serving. */
  stop(): void;
  /** Resolves once no snapshot is being loaded (tests use it before closing the store). */
  whenIdle(): Promise<void>;
  /** The id of the snapshot being served, or null. */
  snapshotId(): string | null;
  /** The index being served and the id of the snapshot (or delta) it stands for, or null. */
  served(): { id: string; index: JobIndex } | null;
}

export interface SearchServiceOptions {
  store: Pick<Store, "postings" | "snapshots">;
  /**
   * The query embedder, or its promise: a server listens (and answers 503) while the model is
   * still being fetched; the service is ready only once both the model and an index are.
   */
  embedder: Embedder | Promise<Embedder>;
  logger: Logger;
  /**
   * Least relevance for a posting to be in a result set (`JOBSEEK_MIN_SCORE`); default: the
   * model's own, measured minimum (src/index/ranking.ts, docs/search.md). Replaces the minimum
   * only: the relative cut and the floor stay.
   */
  minScore?: number;
  /** How often to poll for a snapshot published by another process (ms); default 1,500. */
  pollMs?: number;
  /** Query vectors kept (LRU); 0 disables the cache. Default 1,000 (2 MiB). */
  queryCacheSize?: number;
  /** Where a `near` place lies; default: GeoNames (src/places/). */
  places?: FilterContext;
}

interface Loaded {
  id: string;
  index: JobIndex;
  /** The full snapshot the index was loaded from, and the deltas applied to it since, in order. */
  base: string;
  deltas: string[];
}

/** A least-recently-used map: Map keeps insertion order, so re-inserting marks as recent. */
class LruCache<V> {
  readonly #map = new Map<string, V>();
  readonly #capacity: number;

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  get(key: string): V | undefined {
    const value = this.#map.get(key);
    if (value !== undefined) {
      this.#map.delete(key);
      this.#map.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    if (this.#capacity <= 0) return;
    this.#map.delete(key);
    this.#map.set(key, value);
    if (this.#map.size > this.#capacity) this.#map.delete(this.#map.keys().next().value!);
  }

  delete(key: string): void {
    this.#map.delete(key);
  }
}

class SnapshotSearchService implements JobSearchService {
  readonly #store: Pick<Store, "postings" | "snapshots">;
  readonly #embedder: Promise<Embedder>;
  #model: Embedder | null = null;
  readonly #logger: Logger;
  readonly #minScore: number | undefined;
  readonly #pollMs: number | undefined;
  readonly #queryVectors: LruCache<Promise<Float32Array>>;
  readonly #places: FilterContext;
  #current: Loaded | null = null;
  #noIndex = false;
  #wanted: string | null = null;
  /** The snapshot that last failed to load while it was the one wanted, and why. */
  #unloadable: { id: string; reason: string } | null = null;
  #loading: Promise<void> | null = null;
  #abort: AbortController | null = null;

  constructor(options: SearchServiceOptions) {
    this.#store = options.store;
    this.#embedder = Promise.resolve(options.embedder).then((embedder) => this.#model = embedder);
    this.#logger = options.logger;
    this.#minScore = options.minScore;
    this.#pollMs = options.pollMs;
    this.#queryVectors = new LruCache(options.queryCacheSize ?? 1000);
    this.#places = options.places ?? { locate: parseNear };
  }

  isReady(): boolean {
    return this.#current !== null;
  }

  snapshotId(): string | null {
    return this.#current?.id ?? null;
  }

  info(): ServiceInfo {
    return { model: this.#model?.model ?? null, snapshot: this.#current?.id ?? null };
  }

  async start(): Promise<void> {
    if (this.#abort) return;
    this.#abort = new AbortController();
    await this.#embedder;
    const id = await this.#store.snapshots.currentSnapshotId();
    if (id) this.#request(id);
    // Started on a store with nothing to serve (a --no-seed server on an empty store): waiting
    // will not help until an operator imports postings, so searches say that instead of "retry".
    else this.#noIndex = true;
    await this.whenIdle();
    if (!this.#current) this.#logger.warn("no index snapshot to serve yet", {});
    this.#store.snapshots.watchCurrentSnapshot((next) => {
      if (next) this.#request(next);
    }, { pollMs: this.#pollMs, signal: this.#abort.signal });
  }

  stop(): void {
    this.#abort?.abort();
    this.#wanted = null;
  }

  whenIdle(): Promise<void> {
    return this.#loading ?? Promise.resolve();
  }

  /** Loads `id` after whatever is loading now; only the newest request is kept. */
  #request(id: string): void {
    this.#wanted = id;
    this.#loading ??= this.#drain().finally(() => {
      this.#loading = null;
    });
  }

  async #drain(): Promise<void> {
    while (this.#wanted !== null && this.#wanted !== this.#current?.id) {
      const id = this.#wanted;
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
    for (const id of await this.#store.snapshots.listSnapshotIds()) {
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
   * Serving the previous snapshot: which one, and why not the current. Serving nothing, with no
   * load under way: every snapshot failed, so waiting will not help (`/healthz` says
   * `unavailable`).
   */
  healthDetail(): string | null {
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

  async #load(id: string): Promise<void> {
    const meta = await this.#store.snapshots.readSnapshotMeta(id);
    if (meta?.baseId) return await this.#loadDelta(id, meta.baseId, [...(meta.chain ?? []), id]);
    const loaded = await this.#loadFull(id);
    if (loaded === null || this.#abort?.signal.aborted) return;
    this.#current = { id, index: loaded.index, base: id, deltas: [] };
    this.#logger.info("index snapshot loaded", loaded.figures);
  }

  /**
   * A delta: merged into the index being served when that is its base with the delta's earlier
   * deltas applied (what a server following the pointer has), else into its base read afresh.
   */
  async #loadDelta(id: string, baseId: string, deltas: string[]): Promise<void> {
    const started = performance.now();
    const current = this.#current;
    let index: JobIndex;
    let from: number;
    if (
      current && current.base === baseId && current.deltas.length < deltas.length &&
      current.deltas.every((d, k) => deltas[k] === d)
    ) {
      index = current.index;
      from = current.deltas.length;
    } else {
      const loaded = await this.#loadFull(baseId);
      if (loaded === null) return;
      index = loaded.index;
      from = 0;
    }
    let bytes = 0;
    for (const deltaId of deltas.slice(from)) {
      const delta = await this.#store.snapshots.readSnapshot(deltaId);
      if (!delta) throw new Error(`index delta ${deltaId} does not exist`);
      bytes += delta.bytes.byteLength;
      index = applyDelta(index, await decodeDelta(delta.bytes));
    }
    index.prepare();
    if (this.#abort?.signal.aborted) return;
    this.#current = { id, index, base: baseId, deltas };
    this.#logger.info("index delta applied", {
      snapshot_id: id,
      base_id: baseId,
      deltas_applied: deltas.length - from,
      doc_count: index.size,
      delta_bytes: bytes,
      load_ms: Math.round(performance.now() - started),
    });
  }

  async #loadFull(
    id: string,
  ): Promise<{ index: JobIndex; figures: Record<string, unknown> } | null> {
    const started = performance.now();
    const snapshot = await this.#store.snapshots.readSnapshot(id);
    if (!snapshot) throw new Error(`snapshot ${id} does not exist`);
    if (snapshot.meta.formatVersion !== SNAPSHOT_FORMAT_VERSION) {
      throw new Error(
        `snapshot ${id} has format version ${snapshot.meta.formatVersion}, this server reads ${SNAPSHOT_FORMAT_VERSION}`,
      );
    }
    const readMs = performance.now() - started;
    const embedder = await this.#embedder;
    // Checked before decoding, which is most of a load, and again on what the snapshot holds: its
    // vectors must be comparable with the query's, or every search would fail or mean nothing.
    if (snapshot.meta.model !== embedder.model) {
      throw new Error(
        `snapshot ${id} was built with model ${snapshot.meta.model}, this server embeds queries with ${embedder.model}`,
      );
    }
    const data = await decodeSnapshot(snapshot.bytes);
    if (data.model !== embedder.model || data.dimensions !== embedder.dimensions) {
      throw new Error(
        `snapshot ${id} holds ${data.dimensions}-d vectors of ${data.model}, this server embeds ` +
          `queries as ${embedder.dimensions}-d vectors of ${embedder.model}`,
      );
    }
    // Reposts and places are worked out before the index serves, not on its first query.
    const index = new JobIndex(data).prepare();
    return {
      index,
      figures: {
        snapshot_id: id,
        doc_count: index.size,
        snapshot_bytes: snapshot.bytes.byteLength,
        read_ms: Math.round(readMs),
        load_ms: Math.round(performance.now() - started),
      },
    };
  }

  /** The index being served and the snapshot it stands for (a publisher makes deltas over it). */
  served(): { id: string; index: JobIndex } | null {
    return this.#current ? { id: this.#current.id, index: this.#current.index } : null;
  }

  #queryVector(text: string): Promise<Float32Array> {
    let vector = this.#queryVectors.get(text);
    if (!vector) {
      const pending = this.#embedder.then((embedder) => embedder.embed([text])).then(([v]) => v);
      // A failed embedding must not stay cached.
      pending.catch(() => this.#queryVectors.delete(text));
      this.#queryVectors.set(text, pending);
      vector = pending;
    }
    return vector;
  }

  /** Why nothing can be searched or listed yet: no index at all, or one still loading. */
  #notServing(action: string): JobseekError {
    if (this.#noIndex) return new JobseekError("NO_INDEX", NO_INDEX_MESSAGE);
    return new JobseekError("NOT_READY", `Cannot ${action}: the search index is not loaded yet`);
  }

  async search(query: SearchQuery): Promise<SearchOutcome> {
    if (!this.#current) throw this.#notServing("search");
    if (query.near !== undefined && this.#places.locate(query.near) === null) {
      throw new JobseekError(
        "INVALID_PARAMETER",
        `Invalid parameter 'near': no place called '${query.near}' is known; give a city ` +
          "(e.g. 'Toronto', 'Springfield, IL', 'Berlin, DE') or 'lat,lon' (e.g. '43.65,-79.38')",
        { param: "near" },
      );
    }
    const started = performance.now();
    if (query.profile !== undefined) return await this.#searchProfile(query, started);
    const place = placeToApply(this.#current.index, query);
    const analyzed = analyzeQuery(place?.rest ?? query.q);
    const vector = await this.#queryVector(analyzed.embeddingText);
    // The index may have been swapped while the query was embedded: either one is complete.
    const { index } = this.#current;
    const request: IndexSearch = {
      query: analyzed,
      vector,
      filters: query,
      context: this.#places,
      place: place ?? undefined,
      sort: query.sort,
      facets: query.facets,
      offset: query.offset,
      limit: query.top_k,
      ...calibrated(index.data.model, this.#minScore),
    };
    const { total, hits, facets } = index.search(request);
    const outcome: SearchOutcome = {
      total,
      search_time_ms: 0,
      results: hits.map((hit) => toJobResult(hit.job, hit.score, query.detail, hit.alsoPostedAt)),
    };
    if (place && (place.cityKey || place.country || place.remote)) {
      outcome.query_place = {
        matched: place.matched,
        ...(place.city ? { city: place.city } : {}),
        ...(place.country ? { country: place.country } : {}),
        ...(place.remote ? { remote: true } : {}),
      };
    }
    const emptied = total === 0 ? emptiedBy(index, query, request, place) : null;
    const filters = appliedFilters(query);
    const emptiedNames = emptied?.names ?? [];
    if (Object.keys(filters).length > 0 || emptiedNames.length > 0) {
      outcome.applied = {
        filters,
        ...(emptiedNames.length > 0 ? { emptied_by: emptiedNames } : {}),
      };
    }
    if (facets) outcome.facets = facets;
    const hint = hintFor(index, query, emptied, place);
    if (hint) outcome.hint = hint;
    outcome.search_time_ms = Math.round(performance.now() - started);
    return outcome;
  }

  /**
   * A search by a profile (src/search/profile_search.ts): ranked by what is derived from it, with
   * the filters, orders and pages of a `q` search.
   */
  async #searchProfile(query: SearchQuery, started: number): Promise<SearchOutcome> {
    const { index } = this.#current!;
    const { ranking, cut } = rankingForModel(index.data.model, { minScore: this.#minScore });
    const outcome = await searchByProfile(index, query, {
      embed: (texts) => Promise.all(texts.map((text) => this.#queryVector(text))),
      ranking,
      cut,
      context: this.#places,
    });
    const filters = appliedFilters(query);
    if (Object.keys(filters).length > 0) outcome.applied = { filters };
    outcome.search_time_ms = Math.round(performance.now() - started);
    return outcome;
  }

  async getJob(jobUrl: string): Promise<Job | null> {
    const job = await this.#store.postings.getJob(await jobIdFromUrl(jobUrl));
    // The id is a hash prefix of the URL: make sure it is this URL's posting.
    return job?.job_url === jobUrl.trim() ? job : null;
  }

  /**
   * The cities of the index being served (`JobIndex.cities`): postings stored but not yet indexed
   * are not listed, as search cannot find them either. Without an index, the error search gives.
   */
  listCities(options: { country?: string } = {}): Promise<CityCount[]> {
    const current = this.#current;
    if (!current) return Promise.reject(this.#notServing("list cities"));
    return Promise.resolve(current.index.cities(options.country));
  }
}

/**
 * The place the query text names, to be applied. Its words are never searched (the query's
 * relevance does not depend on the parameters), and it is applied as a filter beside explicit
 * `city`/`country` parameters, so that a parameter only narrows ("nurse in Chicago" with
 * `country=US` stays in Chicago). An explicit parameter that contradicts it (another city,
 * another country) wins, and so does `near` (with its radius it says where): the text's city or
 * country is then dropped, "remote" still applies.
 */
export function placeToApply(index: JobIndex, query: SearchQuery): QueryPlace | null {
  const place = index.placeIn(query.q);
  if (!place) return null;
  // `near` names the place itself, with its radius: the text's city would only cut it back.
  const cityClash =
    (query.near !== undefined && (place.cityKey !== undefined || place.country !== undefined)) ||
    (query.city !== undefined && place.cityKey !== undefined &&
      foldText(query.city) !== place.cityKey);
  const countryClash = query.country !== undefined && place.country !== undefined &&
    query.country !== place.country;
  if (!cityClash && !countryClash) return place;
  return { matched: place.matched, rest: place.rest, ...(place.remote ? { remote: true } : {}) };
}

/**
 * The filter parameters that act on a query, by name, as the search read them (times completed,
 * lists joined by commas): qualifiers only beside what they qualify (`radius_km` with `near`).
 */
export function appliedFilters(query: SearchQuery): AppliedFilters {
  const filters: AppliedFilters = {};
  for (const name of FILTER_NAMES) {
    if (acts(query, name)) filters[name] = showValue(query[name]);
  }
  return filters;
}

/** The filters a query applies, without their qualifiers: what can empty a result set. */
function testedFilters(query: SearchQuery): FilterName[] {
  return FILTER_NAMES.filter((name) =>
    query[name] !== undefined && (FILTERS[name] as FilterParam).test !== undefined
  );
}

/**
 * What emptied a result set whose query alone finds postings: each filter (or the query's place)
 * that leaves nothing on its own, or, when none does alone, all of them together. Empty when the
 * query alone finds nothing.
 */
function emptiedBy(
  index: JobIndex,
  query: SearchQuery,
  request: IndexSearch,
  place: QueryPlace | null,
): { names: string[]; unfiltered: number } {
  const count = (filters: IndexSearch["filters"], at: IndexSearch["place"]) =>
    index.search({ ...request, filters, place: at, facets: undefined, offset: 0, limit: 0 }).total;
  const unfiltered = count({}, undefined);
  if (unfiltered === 0) return { names: [], unfiltered };
  const applied = testedFilters(query);
  const alone: string[] = [];
  for (const name of applied) {
    if (count(withQualifiers(query, name), undefined) === 0) alone.push(name);
  }
  const placeName = "query_place";
  const hasPlace = place !== null && (place.cityKey || place.country || place.remote);
  if (hasPlace && count({}, place) === 0) alone.push(placeName);
  if (alone.length > 0) return { names: alone, unfiltered };
  return { names: [...applied, ...(hasPlace ? [placeName] : [])], unfiltered };
}

/**
 * What to tell a person whose filters left nothing: a city that exists under another spelling,
 * or which filters emptied the set and how many postings the same words find without them.
 */
function hintFor(
  index: JobIndex,
  query: SearchQuery,
  emptied: { names: string[]; unfiltered: number } | null,
  place: QueryPlace | null,
): string | undefined {
  const spelled = query.city !== undefined ? index.cityNamed(query.city) : undefined;
  if (query.city !== undefined && spelled !== undefined && spelled !== query.city) {
    return `No postings have the city '${query.city}' (city is matched exactly); ` +
      `the postings write it '${spelled}'.`;
  }
  if (!emptied || emptied.names.length === 0) return undefined;
  const named = emptied.names.map((name) =>
    name === "query_place"
      ? `the place in the query ('${place?.matched}')`
      : `${name}=${showValue(query[name as FilterName])}`
  );
  return `Nothing matches with ${named.join(", ")}; without ${
    named.length > 1 ? "them" : "it"
  } the query finds ${emptied.unfiltered} postings.`;
}

/** The ranking and cut for an index whose vectors carry `stamp` (src/index/ranking.ts). */
function calibrated(stamp: string, minScore: number | undefined): Partial<IndexSearch> {
  const { ranking, cut } = rankingForModel(stamp, { minScore });
  return { ranking, ...cut };
}

/** Creates the search service; call `start()` to load the current snapshot. */
export function createSearchService(options: SearchServiceOptions): JobSearchService {
  return new SnapshotSearchService(options);
}
