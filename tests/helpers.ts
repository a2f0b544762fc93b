/**
 * A real search stack for tests: a `:memory:` KV store holding the given postings, their index
 * built with the real embedding model and published as a snapshot, and a started search service.
 *
 * @module
 */
import { strict as assert } from "node:assert";
import { ApiKeyRegistry } from "../src/auth/api_keys.ts";
import { parseJobsJsonl } from "../src/ingest/jsonl.ts";
import { type Job, jobIdFromUrl } from "../src/domain/job.ts";
import type { Embedder } from "../src/model/embedder.ts";
import { type Logger, silentLogger } from "../src/log.ts";
import { loadConfig } from "../src/config.ts";
import { openConfiguredEmbedder } from "../src/model/open_embedder.ts";
import { publishIndex } from "../src/search/publish_index.ts";
import { createSearchService, type JobSearchService } from "../src/search/search_service.ts";
import { openStore, type Store } from "../src/store/store.ts";
import { cachedRealJobs } from "./real_jobs_cache.ts";
import { parseSearchQuery } from "../src/domain/search_query.ts";
import type { IndexResult } from "../src/index/index_search.ts";
import { type JobIndex, NEAREST_THERE } from "../src/index/job_index.ts";
import { rankingForModel } from "../src/index/ranking.ts";
import { parseNear } from "../src/places/mod.ts";
import { readQuery } from "../src/search/query_reading.ts";
import { filtersWithSalary } from "../src/search/filters_from_words.ts";
import type { OccupationLabels } from "../src/index/occupation_labels.ts";
import { openOccupations } from "../src/search/occupations.ts";
import { type CachingEmbedder, openVectorCache } from "./vector_cache.ts";

export interface TestSearch {
  store: Store;
  service: JobSearchService;
  embedder: Embedder;
  /** Stops the service and closes the store. */
  close(): Promise<void>;
}

/** How many postings of fixtures/jobs.jsonl the default set takes. */
const DEFAULT_JOB_COUNT = 100;

let fixtureLines: Promise<string[]> | undefined;
let fixtureJobs: Promise<Job[]> = Promise.resolve([]);

let sharedModel: Promise<Embedder> | undefined;

/**
 * The default embedding model, as a server on this machine would open it (JOBSEEK_MODEL and
 * JOBSEEK_MODEL_DIR are honoured), loaded once per test process, every call run through it: for
 * the tests of the model itself (tests/model_test.ts). Tests never fall back to USE-lite: a model
 * that cannot be had fails them. `.ci/run` fetches it first (`jobseek model fetch`), as a fresh
 * machine would.
 */
export function modelEmbedder(): Promise<Embedder> {
  sharedModel ??= (async () => {
    const config = loadConfig(Deno.env.toObject());
    const embedder = await openConfiguredEmbedder(config, {
      logger: silentLogger,
      noFallback: true,
    });
    // Shared by every test of this worker (one test group), and freed as the worker unloads,
    // while ONNX Runtime's environment is still there. Left to the isolate's teardown, the native
    // session may be finalized after the environment was deleted and another group's worker had
    // made a new one (onnxruntime-node deletes it when the last worker using it ends): the prime
    // suspect for the test process's rare segfault as a group ends (docs/testing.md).
    globalThis.addEventListener("unload", () => embedder.close());
    return { model: embedder.model, dimensions: embedder.dimensions, embed: embedder.embed };
  })();
  return sharedModel;
}

/** Texts whose vectors a test process keeps, at most (about 1.5 KB each). */
const KEPT_VECTORS = 50_000;

let sharedEmbedder: Promise<Embedder> | undefined;

/**
 * {@linkcode modelEmbedder} with each text's vector kept for the test process's life: a text goes
 * through the model once per process, then every caller gets a copy of its vector. The tests build
 * many services and servers and search each for the same queries: in one run a group's worker
 * embedded 781 texts, 125 of them distinct. The model gives a text alone and in a batch of longer
 * ones the same vector within 1e-4 (tests/model_test.ts), so a kept vector is the model's answer.
 */
export function testEmbedder(): Promise<Embedder> {
  sharedEmbedder ??= (async () => {
    const model = await modelEmbedder();
    const kept = new Map<string, Promise<Float32Array>>();
    return {
      model: model.model,
      dimensions: model.dimensions,
      async embed(texts: string[]): Promise<Float32Array[]> {
        const distinct = [...new Set(texts)];
        if (kept.size + distinct.length > KEPT_VECTORS) kept.clear();
        const missing = distinct.filter((text) => !kept.has(text));
        if (missing.length > 0) {
          const vectors = model.embed(missing);
          missing.forEach((text, i) => kept.set(text, vectors.then((all) => all[i])));
          // A failed call keeps nothing: the next asks the model again.
          vectors.catch(() => missing.forEach((text) => kept.delete(text)));
        }
        const vectors = await Promise.all(texts.map((text) => kept.get(text)!));
        return vectors.map((vector) => vector.slice());
      },
    };
  })();
  return sharedEmbedder;
}

let sharedCachingEmbedder: Promise<CachingEmbedder> | undefined;

/**
 * `testEmbedder()` with its vectors kept on disk between test processes (tests/vector_cache.ts),
 * beside the model folder: for indexing postings, never for queries.
 */
export function cachingTestEmbedder(): Promise<CachingEmbedder> {
  sharedCachingEmbedder ??= (async () => {
    return openVectorCache(await testEmbedder(), keptDir("test-vectors"));
  })();
  return sharedCachingEmbedder;
}

/**
 * The first postings of the embedded default set (fixtures/jobs.jsonl: invented postings of many
 * occupations and countries), with their ids derived as the importer does. Only as many lines as
 * asked for are read (each line is a posting of its own): most test files ask for the first 100,
 * and reading all 1,800 took a worker 0.32-0.35 s against 0.15 s (docs/testing.md, "Seventeenth
 * pass").
 */
export function defaultTestJobs(count = DEFAULT_JOB_COUNT): Promise<Job[]> {
  fixtureLines ??= Deno.readTextFile(new URL("../fixtures/jobs.jsonl", import.meta.url))
    .then((text) => text.split("\n").filter((line) => line.trim() !== ""));
  fixtureJobs = fixtureJobs.then(async (read) => {
    const lines = await fixtureLines!;
    const wanted = Math.min(count, lines.length);
    if (read.length >= wanted) return read;
    // Read as an import reads them (work mode, seniority, coordinates derived), so that a test
    // storing them directly stores what `jobseek ingest` would.
    const rows = await parseJobsJsonl(lines.slice(read.length, wanted).join("\n"));
    const more = rows.map((row) => {
      if (row.kind !== "job") {
        throw new Error(`fixtures/jobs.jsonl:${read.length + row.line} is not a posting`);
      }
      return row.job;
    });
    return [...read, ...more];
  });
  return fixtureJobs.then((jobs) => jobs.slice(0, count));
}

export interface TestSearchOptions {
  /** Default: the first 100 fixture postings. */
  jobs?: Job[];
  /**
   * Index with `cachingTestEmbedder()` (default): the postings' vectors from the kept file, so
   * that test files do not embed the same titles afresh; `false` embeds them with the model.
   * Queries are always embedded by the model.
   */
  cacheVectors?: boolean;
  /** The ESCO occupations the service reads queries with, as a server has them; default: none. */
  occupations?: OccupationLabels | null;
  /**
   * A store that holds its postings and their published index already (tests/real_index.ts's
   * kept one): served as it is, `jobs` and `cacheVectors` unused, closed by `close()`.
   */
  published?: Store;
  /** The service's clock ("this week" counts back from it); default: `Date.now`. */
  now?: () => number;
}

/**
 * Stores `jobs` (default: the first 100 fixture postings) in a fresh `:memory:` KV, publishes their
 * index and starts a search service on it. Call `close()` at the end of the test.
 */
export async function createTestSearch(options: TestSearchOptions = {}): Promise<TestSearch> {
  const store = options.published ?? await openStore(":memory:");
  let service: JobSearchService | undefined;
  try {
    const embedder = await testEmbedder();
    if (!options.published) {
      await store.postings.upsertJobs(options.jobs ?? await defaultTestJobs());
      await publishTestIndex(store, { cacheVectors: options.cacheVectors });
    }
    service = createSearchService({
      store,
      embedder,
      logger: silentLogger,
      occupations: options.occupations ?? undefined,
      now: options.now,
    });
    await service.start();
    const started = service;
    return {
      store,
      service: started,
      embedder,
      async close() {
        started.stop();
        await started.whenIdle();
        store.close();
      },
    };
  } catch (error) {
    service?.stop();
    store.close();
    throw error;
  }
}

/**
 * Publishes the index of what `store` holds, with the test process's model: the postings' vectors
 * from the kept file (`cachingTestEmbedder()`, the default) or embedded afresh.
 */
export async function publishTestIndex(
  store: Store,
  options: { cacheVectors?: boolean } = {},
): Promise<void> {
  if (options.cacheVectors ?? true) {
    const caching = await cachingTestEmbedder();
    await publishIndex(store, { embedder: caching, logger: silentLogger });
    await caching.save();
  } else {
    await publishIndex(store, { embedder: await testEmbedder(), logger: silentLogger });
  }
}

let occupationsOnce: Promise<OccupationLabels | null> | undefined;

/**
 * The ESCO occupations as a server on this machine obtains them (into JOBSEEK_MODEL_DIR, fetched
 * on first need as the model is), once per test process.
 */
export function testOccupations(): Promise<OccupationLabels | null> {
  // With the model's vectors of them, as a server has (embedded once per machine, then read).
  occupationsOnce ??= testEmbedder().then((embedder) =>
    openOccupations(loadConfig(Deno.env.toObject()), silentLogger, embedder)
  );
  return occupationsOnce;
}

let realJobsOnce: Promise<Job[]> | undefined;

/**
 * Every real JobSpy posting in ../shared/data/jobspy (all files, imported with the real importer:
 * a posting seen in several files is the last file's version), kept on disk beside the model
 * folder between test processes (tests/real_jobs_cache.ts).
 */
export function realJobs(): Promise<Job[]> {
  realJobsOnce ??= cachedRealJobs(keptDir("test-postings"));
  return realJobsOnce;
}

/** A folder beside the model folder, where test processes keep what they may share. */
export function keptDir(name: string): string {
  return `${loadConfig(Deno.env.toObject()).modelDir}/../${name}`;
}

/** A key that may push postings (`ingest` scope) and one that may only search, in `store`. */
export async function feederAndReaderKeys(
  store: Pick<Store, "apiKeys">,
): Promise<{ feeder: string; reader: string }> {
  const registry = new ApiKeyRegistry(store.apiKeys, []);
  return {
    feeder: (await registry.create("feeder", { scopes: ["ingest"] })).key,
    reader: (await registry.create("reader")).key,
  };
}

/**
 * Readies the store file at `kvPath` for a `jobseek serve` process: `postings` bundled postings
 * and their index published (a server over an empty store is not ready), and the keys of
 * `feederAndReaderKeys`, closed again before any server opens it. Published here with the kept
 * vectors, not by each server's first start: that publish is a process of its own, about 0.7
 * CPU-seconds and seconds of waiting per store (docs/testing.md, "Tenth pass"); the first start's
 * publish is tested where it is the point (tests/runtime_test.ts, tests/index_recovery_test.ts).
 */
export async function seedStoreFile(
  kvPath: string,
  postings: number,
): Promise<{ feeder: string; reader: string }> {
  const store = await openStore(kvPath);
  try {
    const keys = await feederAndReaderKeys(store);
    // First seen a minute ago, as postings stored before the server starts are: `first_seen` is
    // kept to the second, and a saved search created in the same second as the seeding (now that
    // no publish at the first start comes between) counts them as new (tests/alerts_test.ts).
    await store.postings.upsertJobs(await defaultTestJobs(postings), { now: Date.now() - 60_000 });
    await publishTestIndex(store);
    return keys;
  } finally {
    store.close();
  }
}

/**
 * Searches a `JobIndex` as the service does (the place read from the query, the analysed query,
 * the model's ranking and cut), each query's vector embedded once: for tests that compare indexes
 * built different ways.
 */
export function indexSearcher(
  embedder: Embedder,
): (index: JobIndex, params: Record<string, string>) => Promise<IndexResult> {
  const { ranking, cut } = rankingForModel(embedder.model);
  const queryVectors = new Map<string, Float32Array>();
  return async (index, params) => {
    const query = parseSearchQuery(params);
    const reading = readQuery(index, query);
    const { place, analyzed } = reading;
    let vector = queryVectors.get(analyzed.embeddingText);
    if (!vector) {
      [vector] = await embedder.embed([analyzed.embeddingText]);
      queryVectors.set(analyzed.embeddingText, vector);
    }
    return index.search({
      query: analyzed,
      vector,
      filters: filtersWithSalary(query, reading),
      ...(reading.company ? { namedCompany: reading.company.names } : {}),
      context: { locate: parseNear },
      place: place ?? undefined,
      sort: query.sort,
      ranking,
      ...cut,
    });
  };
}

/** A logger whose info lines a test reads, each as its message and fields; the rest are dropped. */
export function infoLines(): { logs: Record<string, unknown>[]; logger: Logger } {
  const logs: Record<string, unknown>[] = [];
  const logger: Logger = {
    ...silentLogger,
    info: (msg, fields = {}) => void logs.push({ msg, ...fields }),
  };
  return { logs, logger };
}

/**
 * How many times this thread's event loop turned (a zero timer each) while `work` ran: about once
 * per batch where a model's calls hold the thread, freely where they run on a thread of their own.
 */
export async function loopTurnsWhile<T>(work: Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0;
  let running = true;
  const spin = (async () => {
    while (running) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      turns++;
    }
  })();
  try {
    return { value: await work, turns };
  } finally {
    running = false;
    await spin;
  }
}

let postingSerial = 0;

/**
 * A posting with the given fields and the rest made up: a URL, company, day in May 2024 and
 * description of its own.
 */
export async function testPosting(
  fields: Partial<Job> & Pick<Job, "job_title" | "city">,
): Promise<Job> {
  const serial = ++postingSerial;
  const job_url = fields.job_url ?? `https://jobs.example.com/p/${serial}`;
  return {
    id: await jobIdFromUrl(job_url),
    job_url,
    company_name: `Company ${serial}`,
    publish_time: `2024-05-${String(1 + (serial % 28)).padStart(2, "0")} 10:00:00`,
    job_tags: [],
    data_source: "indeed",
    job_description: `Posting number ${serial}.`,
    ...fields,
  };
}

/**
 * A place said in the words lists what the filter of that place lists, in its order and with its
 * scores (`row`), then, where that is less than a page, the place's postings nearest the words as
 * close matches up to a page (docs/search.md, session 32); under `closeFloor` where given.
 */
export function assertFilterThenNearest<R extends { match?: string; score: number }>(
  said: readonly R[],
  filtered: readonly R[],
  row: (r: R) => unknown,
  where: string,
  closeFloor = Infinity,
): void {
  assert.deepEqual(said.slice(0, filtered.length).map(row), filtered.map(row), where);
  const more = said.slice(filtered.length);
  assert.ok(more.length <= Math.max(0, NEAREST_THERE - filtered.length), where);
  assert.ok(more.every((r) => r.match === "close" && r.score < closeFloor), where);
}
