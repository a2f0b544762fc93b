/**
 * Builds the search index from every posting in the store and publishes it as the current
 * snapshot. Title vectors are cached in KV by a hash of the embedded text, so a re-import or a
 * rebuild embeds only titles it has not seen.
 *
 * @module
 */
import { sha256Hex } from "../crypto.ts";
import type { Job } from "../domain/job.ts";
import { retentionCutoff } from "../domain/lifecycle.ts";
import type { Logger } from "../log.ts";
import type { Store } from "../store/store.ts";
import type { Embedder } from "../model/embedder.ts";
import { embeddingTextOf } from "../index/job_index_data.ts";
import { collectGarbage, GrowthCollector } from "../index/collect_garbage.ts";
import { PositionTextPool } from "../index/position_text_pool.ts";
import { buildSlice, type BuiltSlice } from "../index/posting_slice.ts";
import {
  encodeSnapshotPieces,
  SNAPSHOT_FORMAT_VERSION,
  storeAllButVectors,
} from "../index/snapshot.ts";
import { quantiseRowInto, titleRowsProblem } from "../index/title_vectors.ts";
import { changesIndexedBefore } from "./change_margin.ts";

export interface PublishProgress {
  /** `read`, `embed`, `index` or `save`. */
  phase: string;
  done: number;
  total: number;
}

export interface PublishIndexOptions {
  embedder: Embedder;
  logger: Logger;
  /** The clock expiry and retention are judged on (ms); default `Date.now`. */
  now?: () => number;
  /**
   * Postings whose `publish_time` is older than this many days stay out (`JOBSEEK_RETENTION_DAYS`);
   * default 0: none. Servers and operator commands pass the configured one.
   */
  retentionDays?: number;
  onProgress?: (progress: PublishProgress) => void;
  /**
   * Postings whose text is indexed at a time (default {@linkcode PUBLISH_SLICE}; tests make it
   * small).
   */
  slice?: number;
  /**
   * Worker threads that index the slices' text: default one a core (up to
   * {@linkcode MAX_TEXT_THREADS}) when the postings fill more than one slice, else none; 0: all on
   * this thread.
   */
  textThreads?: number;
}

/**
 * Postings a publish hands a text thread at a time (src/index/position_text.ts's `BUILD_SLICE`
 * is 10,000). The full postings of a slice in flight (read here, copied to a thread, indexed there)
 * set the read's peak: at 200,000 postings on two threads the publish peaked at 1,851-1,949 MiB
 * RSS with 2,500 a slice, 2,251 with 5,000 and 2,306-2,472 with 10,000, in no more CPU (38.9-39.7
 * s against 35.7-44.3); joining 80 slices took 440 ms against 536 for 20 (docs/scaling.md, "Peak
 * RSS (session 19, later)"). The snapshot's bytes do not depend on it.
 */
export const PUBLISH_SLICE = 2_500;

/**
 * How far a publish's process may grow past what it held after its last collection before it
 * collects again (where it may: `--expose-gc`, src/search/publish_child.ts). Reading makes garbage
 * as fast as it reads (each posting's full record, sent to a text thread and dropped: ~450 MiB
 * every 50,000 composed postings; a million cached vectors, a `Float32Array` each), which V8
 * collects late and whose pages it keeps. 256 MiB: 45 collections in reading 1,000,000 postings,
 * ~1.2 s of CPU each; 512: about half (docs/scaling.md, "(session 20, 2026-11-29)").
 */
export const COLLECT_GROWTH_BYTES = 512 * 2 ** 20;

/** Threads a publish indexes text on at most: past that, reading the store keeps them waiting. */
export const MAX_TEXT_THREADS = 4;

export interface PublishedIndex {
  snapshotId: string;
  docCount: number;
}

/**
 * Postings from which a publish indexes its text on threads: where it did before slices became
 * 10,000 postings (issue #40), so a publish of a few slices (the 11,517 real postings of the tests,
 * a few seconds' work) keeps to this thread as it did, without starting and ending workers.
 */
const THREADS_FROM_POSTINGS = 25_000;

/** Distinct values a field's values are shared among at most ({@linkcode keptPosting}). */
const SHARED_VALUES = 50_000;

/**
 * A posting as a publish keeps it until the snapshot is encoded: without its description, and
 * with each field's value the one an earlier posting held when equal (strings, and lists of
 * strings by their JSON), among the first {@linkcode SHARED_VALUES} distinct values of the field.
 * Read from the store, every posting's city, country, company, source, tags... are strings of
 * their own: ~830 bytes of heap a posting at 200,000 (docs/scaling.md, "(session 20,
 * 2026-11-29)"). Equal values encode to the same bytes, and nothing the publish does changes a
 * posting, so shared values are never seen as such.
 */
export function keptPosting(job: Job, shared: SharedValues): Job {
  const kept: Record<string, unknown> = { ...job, job_description: "" };
  for (const key of Object.keys(kept)) {
    // Assigning it would set the object's prototype (the schema has no such field).
    if (key === "__proto__") continue;
    const value = kept[key];
    let values: Map<string, unknown> | undefined;
    let id: string;
    if (typeof value === "string") {
      values = shared.strings.get(key);
      if (values === undefined) shared.strings.set(key, values = new Map());
      id = value;
    } else if (Array.isArray(value) && value.every((v) => typeof v === "string")) {
      values = shared.lists.get(key);
      if (values === undefined) shared.lists.set(key, values = new Map());
      id = JSON.stringify(value);
    } else continue;
    const earlier = values.get(id);
    if (earlier !== undefined) kept[key] = earlier;
    else if (values.size < SHARED_VALUES) values.set(id, value);
  }
  return kept as Job;
}

/** The values {@linkcode keptPosting} shares, per field: strings, and lists of strings by JSON. */
export interface SharedValues {
  strings: Map<string, Map<string, unknown>>;
  lists: Map<string, Map<string, unknown>>;
}

/** Texts embedded per step: progress is reported and vectors are cached after each. */
const EMBED_STEP = 512;
/** Cache look-ups per step. */
const LOOKUP_STEP = 1000;

/** The vector cache's key of a text: the first 128 bits of its SHA-256, in hex. */
export function hashText(text: string): string {
  return sha256Hex(text).slice(0, 32);
}

/**
 * Hands each text's vector to `take` (texts distinct; `k` its position), from the KV cache where
 * present, else from the embedder, whose new vectors are cached step by step: a build that dies
 * half-way keeps what it embedded. Returns how many were embedded.
 */
async function eachVectorWithCache(
  store: Pick<Store, "embeddings">,
  embedder: Embedder,
  texts: readonly string[],
  take: (k: number, vector: Float32Array) => void,
  onProgress?: (done: number, total: number) => void,
): Promise<number> {
  const missing: number[] = [];
  // A Float32Array of its own for each vector read: garbage as soon as `take` has it.
  const collector = new GrowthCollector(COLLECT_GROWTH_BYTES);
  for (let i = 0; i < texts.length; i += LOOKUP_STEP) {
    collector.check();
    const slice = texts.slice(i, i + LOOKUP_STEP).map(hashText);
    const cached = await store.embeddings.getEmbeddings(embedder.model, slice);
    slice.forEach((hash, j) => {
      const vector = cached.get(hash);
      if (vector && vector.length === embedder.dimensions) take(i + j, vector);
      else missing.push(i + j);
    });
  }
  let done = texts.length - missing.length;
  onProgress?.(done, texts.length);
  for (let i = 0; i < missing.length; i += EMBED_STEP) {
    const step = missing.slice(i, i + EMBED_STEP);
    const fresh = await embedder.embed(step.map((k) => texts[k]));
    const toCache = new Map<string, Float32Array>();
    step.forEach((k, j) => {
      take(k, fresh[j]);
      toCache.set(hashText(texts[k]), fresh[j]);
    });
    await store.embeddings.putEmbeddings(embedder.model, toCache);
    done += step.length;
    onProgress?.(done, texts.length);
  }
  return missing.length;
}

/** Vectors for the given texts (distinct), cached or embedded ({@linkcode eachVectorWithCache}). */
export async function embedWithCache(
  store: Pick<Store, "embeddings">,
  embedder: Embedder,
  texts: string[],
  onProgress?: (done: number, total: number) => void,
): Promise<{ vectors: Map<string, Float32Array>; embedded: number }> {
  const vectors = new Map<string, Float32Array>();
  const embedded = await eachVectorWithCache(
    store,
    embedder,
    texts,
    (k, vector) => vectors.set(texts[k], vector),
    onProgress,
  );
  return { vectors, embedded };
}

/**
 * The vectors of the given texts (distinct) as the index holds them: row `i` is `texts[i]`'s,
 * quantised as {@linkcode quantiseRows} would (src/index/title_vectors.ts), cached or embedded as
 * {@linkcode embedWithCache} does. Each vector is quantised as it comes: a publish never holds them
 * as float32 (at 1,000,000 titles that was a Float32Array each and then one matrix of them, 3 GB).
 */
export async function embedRowsWithCache(
  store: Pick<Store, "embeddings">,
  embedder: Embedder,
  texts: readonly string[],
  onProgress?: (done: number, total: number) => void,
): Promise<{ values: Int8Array; scales: Float32Array; embedded: number }> {
  const { dimensions } = embedder;
  const values = new Int8Array(texts.length * dimensions);
  const scales = new Float32Array(texts.length);
  const embedded = await eachVectorWithCache(
    store,
    embedder,
    texts,
    (k, vector) => quantiseRowInto(vector, values, scales, k),
    onProgress,
  );
  return { values, scales, embedded };
}

/**
 * Each posting's title vector row and the rows ({@linkcode embedRowsWithCache}): a row per
 * distinct text, in the order the postings first name it (as assembleIndexData numbers them),
 * without holding every posting's text. `beforeLookups` is handed the postings' rows before the
 * vectors are looked up (a publish stores all it can of its snapshot there and lets the postings
 * go). The distinct texts (a million strings at 1,000,000 postings) are let go on return.
 */
async function embedTitlesOf(
  store: Pick<Store, "embeddings">,
  embedder: Embedder,
  jobs: readonly Job[],
  beforeLookups: (vectorOfDoc: Uint32Array) => void,
  onProgress: (done: number, total: number) => void,
) {
  const rowOf = new Map<string, number>();
  const vectorOfDoc = new Uint32Array(jobs.length);
  jobs.forEach((job, i) => {
    const text = embeddingTextOf(job);
    let row = rowOf.get(text);
    if (row === undefined) rowOf.set(text, row = rowOf.size);
    vectorOfDoc[i] = row;
  });
  const distinct = [...rowOf.keys()];
  rowOf.clear();
  // Refused before the embedding, which would take hours at this size: no server could hold the
  // index (docs/scaling.md, "Where one server stops").
  const unservable = titleRowsProblem(distinct.length, embedder.dimensions);
  if (unservable !== null) throw new Error(`Cannot publish the index: ${unservable}`);
  beforeLookups(vectorOfDoc);
  const rows = await embedRowsWithCache(store, embedder, distinct, onProgress);
  return { ...rows, distinctTitles: distinct.length };
}

/**
 * Builds the index from every posting in the store (embedding what the cache lacks), saves it as a
 * snapshot and makes it current. Running servers pick it up without a restart.
 */
export async function publishIndex(
  store: Pick<Store, "postings" | "embeddings" | "snapshots"> & Partial<Pick<Store, "sources">>,
  options: PublishIndexOptions,
): Promise<PublishedIndex> {
  const { embedder, logger, onProgress } = options;
  const now = (options.now ?? Date.now)();
  const retentionDays = options.retentionDays ?? 0;
  const cutoff = retentionCutoff(now, retentionDays);
  // Postings their sources stopped listing longer ago than the source allows stay out.
  const expired = store.sources ? await store.sources.expiredIds(now) : new Set<string>();
  const started = performance.now();
  // Read before the postings: whatever changes after it may be missing, and the gap check knows.
  const postingsChangedAt = await store.postings.changedAt();
  const total = await store.postings.countJobs();
  // Before the postings are listed: every write committed by now is in what the listing reads.
  const postingsReadAt = Date.now();
  // The postings are read in id order (the index's order) and their text indexed a slice at a
  // time as they come: only a slice's descriptions are ever held (at 1,000,000 postings they are
  // ~3.6 GB of strings, past V8's heap), the index keeping what it needs of them in columns.
  const jobs: Job[] = [];
  const built: BuiltSlice[] = [];
  const sliceSize = options.slice ?? PUBLISH_SLICE;
  const threads = options.textThreads ??
    (total > THREADS_FROM_POSTINGS
      ? Math.min(MAX_TEXT_THREADS, navigator.hardwareConcurrency ?? 1)
      : 0);
  const pool = threads > 0 ? new PositionTextPool(threads) : null;
  let slice: Job[] = [];
  const shared: SharedValues = { strings: new Map(), lists: new Map() };
  let indexMs = 0;
  const indexSlice = async () => {
    const started = performance.now();
    if (pool) await pool.add(slice);
    else built.push(buildSlice(slice));
    for (const job of slice) jobs.push(keptPosting(job, shared));
    slice = [];
    indexMs += performance.now() - started;
  };
  const collector = new GrowthCollector(COLLECT_GROWTH_BYTES);
  let agedOut = 0;
  let oldest: string | undefined;
  let slices: BuiltSlice[];
  try {
    onProgress?.({ phase: "read", done: 0, total });
    for await (const job of store.postings.listJobs()) {
      if (expired.has(job.id)) continue;
      if (cutoff !== null && job.publish_time < cutoff) {
        agedOut++;
        continue;
      }
      if (oldest === undefined || job.publish_time < oldest) oldest = job.publish_time;
      slice.push(job);
      if (slice.length === sliceSize) {
        await indexSlice();
        collector.check();
      }
      const done = jobs.length + slice.length;
      if (done % 1000 === 0) onProgress?.({ phase: "read", done, total });
    }
    if (slice.length > 0 || jobs.length === 0) await indexSlice();
    slices = pool ? await pool.finish() : built.splice(0);
  } finally {
    pool?.close();
  }
  onProgress?.({ phase: "read", done: jobs.length, total: jobs.length });
  // The values the kept postings share stay shared without the maps that found them.
  shared.strings.clear();
  shared.lists.clear();
  collectGarbage();
  // Servers load the terms as built here rather than indexing every posting again.
  const docCount = jobs.length;
  // What the change log's check reads of the postings, which go before the vectors' look-ups.
  const ids = jobs.map((job) => job.id);
  let stored: ReturnType<typeof storeAllButVectors> | undefined;
  const embedStarted = performance.now();
  const { values, scales, embedded, distinctTitles } = await embedTitlesOf(
    store,
    embedder,
    jobs,
    (vectorOfDoc) => {
      // All the snapshot holds but the vectors is final once read: stored now (`jobs` emptied),
      // it is a fraction of its raw bytes and of the postings' heap through the vectors'
      // look-ups and the encoding, the publish's peaks before (docs/scaling.md, "(session 26,
      // 2026-11-29)").
      stored = storeAllButVectors({ jobs, slices, vectorOfDoc });
      slices = [];
      collectGarbage();
    },
    (done, all) => onProgress?.({ phase: "embed", done, total: all }),
  );
  const { ahead, fingerprints } = stored!;
  const embedMs = performance.now() - embedStarted;
  // A Float32Array a title read from the cache or embedded, garbage now (1.5 KB each).
  collectGarbage();
  // Minutes after the listing began (the embedding): the change log's margin checked here, off the
  // first push's way (src/search/change_margin.ts).
  const changesBefore = await changesIndexedBefore(store, {
    ids,
    fingerprintAt: (p) => fingerprints.get(p),
    leftOut: (job) => expired.has(job.id) || (cutoff !== null && job.publish_time < cutoff),
  }, postingsReadAt);

  onProgress?.({ phase: "index", done: 0, total: docCount });
  onProgress?.({ phase: "index", done: docCount, total: docCount });
  onProgress?.({ phase: "save", done: 0, total: 1 });
  const pieces = await encodeSnapshotPieces({
    model: embedder.model,
    dimensions: embedder.dimensions,
    vectors: values,
    vectorScales: scales,
    ahead,
  }, { release: true });
  const snapshotBytes = pieces.reduce((sum, piece) => sum + piece.byteLength, 0);
  // All the snapshot holds is in its bytes now: the heap is collected before the bytes are written
  // out, which copies them again.
  collectGarbage();
  const snapshotId = await store.snapshots.publishSnapshot(pieces, {
    formatVersion: SNAPSHOT_FORMAT_VERSION,
    docCount,
    model: embedder.model,
    ...(postingsChangedAt === null ? {} : { postingsChangedAt }),
    changesIndexedBefore: changesBefore,
    ...(expired.size > 0 ? { expiredCount: expired.size } : {}),
    ...(retentionDays > 0 ? { retentionDays, agedOutCount: agedOut } : {}),
    ...(retentionDays > 0 && oldest !== undefined ? { oldestPublishTime: oldest } : {}),
  });
  onProgress?.({ phase: "save", done: 1, total: 1 });
  logger.info("index published", {
    snapshot_id: snapshotId,
    doc_count: docCount,
    expired: expired.size,
    ...(retentionDays > 0 ? { past_retention: agedOut, retention_days: retentionDays } : {}),
    distinct_titles: distinctTitles,
    embedded,
    embed_ms: Math.round(embedMs),
    index_ms: Math.round(indexMs),
    snapshot_bytes: snapshotBytes,
    total_ms: Math.round(performance.now() - started),
  });
  return { snapshotId, docCount };
}

/**
 * Whether the store lacks an index this code can serve: none published yet, or one written in an
 * older snapshot format or with another embedding model (a server ignores those, so without a
 * rebuild it would never become ready after an upgrade). A snapshot of a newer format is left
 * alone.
 */
export async function needsIndexBuild(
  store: Pick<Store, "snapshots">,
  embedder: Embedder,
): Promise<boolean> {
  return (await indexBuildReason(store, embedder)) !== null;
}

/** Why the store needs an index built ({@linkcode needsIndexBuild}), or null when it does not. */
export async function indexBuildReason(
  store: Pick<Store, "snapshots">,
  embedder: Embedder,
): Promise<string | null> {
  const current = await store.snapshots.currentSnapshotId();
  const meta = current ? await store.snapshots.readSnapshotMeta(current) : null;
  if (!meta) return "no index has been published";
  // A newer server's snapshot is not ours to overwrite: this one serves the previous snapshot, if
  // it can, and says why (snapshot_follower.ts).
  if (meta.formatVersion > SNAPSHOT_FORMAT_VERSION) return null;
  if (meta.formatVersion !== SNAPSHOT_FORMAT_VERSION) {
    return `the current snapshot has format version ${meta.formatVersion}, this server writes ` +
      `${SNAPSHOT_FORMAT_VERSION}`;
  }
  if (meta.model !== embedder.model) {
    return `the current snapshot holds vectors of ${meta.model}, this server embeds with ` +
      embedder.model;
  }
  return null;
}
