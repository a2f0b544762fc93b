/**
 * `deno task bench [--quick]`: import, embedding, index build, snapshot size, cold start, memory,
 * search latency (query vector cached and not) next to a keyword-only Orama search, and ranking
 * quality on the judged query sets (the real postings' and the bundled fixtures'), for the real
 * postings in ../shared/data/jobspy and for a 20,000-posting set made by repeating them (5,000
 * with --quick).
 *
 * @module
 */
import { REAL_DATA_DIR, realCsvFiles } from "./real_data.ts";
import { create, insertMultiple, search as oramaSearch } from "@orama/orama";
import { type Job, jobIdFromUrl, JobSchema } from "../src/domain/job.ts";
import { parseSearchQuery } from "../src/domain/search_query.ts";
import { analyzeQuery } from "../src/index/analyze_query.ts";
import type { Embedder } from "../src/model/embedder.ts";
import { loadConfig } from "../src/config.ts";
import { openConfiguredEmbedder } from "../src/model/open_embedder.ts";
import { compareModels } from "./model_compare.ts";
import { buildOrama as buildJobsOrama } from "../src/index/testdata/orama_db.ts";
import { BUILD_SLICE, buildPositionText } from "../src/index/position_text.ts";
import { JobIndex } from "../src/index/job_index.ts";
import { quantiseRows } from "../src/index/title_vectors.ts";
import { decodeSnapshot } from "../src/index/snapshot.ts";
import { importFiles } from "../src/ingest/import_files.ts";
import { silentLogger } from "../src/log.ts";
import { publishIndex } from "../src/search/publish_index.ts";
import { createSearchService } from "../src/search/search_service.ts";
import { type LoadStats, runRestBench } from "./rest_bench.ts";
import { openStore, type Store } from "../src/store/store.ts";
import { generatePostings } from "../fixtures/generate.ts";
import {
  FIXTURE_JUDGED_QUERIES,
  gradeOccupation,
  gradeTitle,
  JUDGED_QUERIES,
} from "./judged_queries.ts";
import {
  evaluateParts,
  formatRow,
  type GradedQuery,
  judge,
  meanRows,
  PARTS,
  QUALITY_HEADER,
  type QualityRow,
} from "./quality.ts";

const quick = Deno.args.includes("--quick");
const DATA = REAL_DATA_DIR;
const QUICK_FILES = [
  "collinshack-samples/jobs_Chicago.csv",
  "collinshack-samples/jobs_Manchester.csv",
  "ethanhistory/2024-04-16_jobspy_data.csv",
  "jobless-titles/germany_it_jobs_20260204_224032.csv",
];
const LARGE_SET = quick ? 5_000 : 20_000;
const ROUNDS = quick ? 3 : 10;

const encoder = new TextEncoder();
function print(line = ""): void {
  Deno.stdout.writeSync(encoder.encode(line + "\n"));
}

function csvFiles(): string[] {
  if (quick) return QUICK_FILES.map((f) => decodeURIComponent(new URL(f, DATA).pathname));
  return realCsvFiles();
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 0)} ms`;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

async function readAll(store: Store): Promise<Job[]> {
  const jobs: Job[] = [];
  for await (const job of store.postings.listJobs()) jobs.push(job);
  return jobs;
}

/** Publishes the store's index, timing each phase. */
async function timedPublish(store: Store, embedder: Embedder) {
  const starts: Record<string, number> = {};
  const started = performance.now();
  const published = await publishIndex(store, {
    embedder,
    logger: silentLogger,
    onProgress: (p) => starts[p.phase] ??= performance.now(),
  });
  const end = performance.now();
  const meta = (await store.snapshots.readSnapshotMeta(published.snapshotId))!;
  return {
    ...published,
    totalMs: end - started,
    embedMs: starts.index - starts.embed,
    buildMs: starts.save - starts.index,
    saveMs: end - starts.save,
    snapshotBytes: meta.byteLength,
  };
}

interface ColdStart {
  model_ms: number;
  read_ms: number;
  snapshot_ms: number;
  first_query_ms: number;
  rss_mb: number;
  heap_mb: number;
  wall_ms: number;
}

async function coldStart(kvPath: string): Promise<ColdStart> {
  const started = performance.now();
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", new URL("./cold_start.ts", import.meta.url).pathname, kvPath],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  const wallMs = performance.now() - started;
  if (!output.success) throw new Error("Cannot measure cold start: the child failed");
  const result = JSON.parse(new TextDecoder().decode(output.stdout)) as ColdStart;
  return { ...result, wall_ms: wallMs };
}

function buildOrama(jobs: Job[]) {
  const db = create({
    schema: {
      title: "string",
      company: "string",
      tags: "string[]",
      description: "string",
      city: "string",
    } as const,
  });
  const started = performance.now();
  // insertMultiple returns synchronously for synchronous components.
  insertMultiple(
    db,
    jobs.map((j) => ({
      id: j.id,
      title: j.job_title,
      company: j.company_name,
      tags: j.job_tags,
      description: j.job_description,
      city: j.city,
    })),
    1000,
  );
  return { db, buildMs: performance.now() - started };
}

const ORAMA_PROPERTIES = ["title", "company", "tags", "description", "city"] as const;

async function searchOrama(db: ReturnType<typeof buildOrama>["db"], q: string, limit: number) {
  return await oramaSearch(db, { term: q, properties: [...ORAMA_PROPERTIES], limit });
}

/** Query texts for latency: the judged queries, each also with a filter and a second page. */
function latencyQueries(): Record<string, string>[] {
  return JUDGED_QUERIES.flatMap((j): Record<string, string>[] => [
    { q: j.q },
    { q: j.q, sort: "relevance", top_k: "50" },
    { q: j.q, country: "US", offset: "20" },
  ]);
}

async function measureLatency(store: Store, embedder: Embedder, label: string, jobs: Job[]) {
  const queries = latencyQueries();
  const cachedService = createSearchService({ store, embedder, logger: silentLogger });
  const uncachedService = createSearchService({
    store,
    embedder,
    logger: silentLogger,
    queryCacheSize: 0,
  });
  await cachedService.start();
  await uncachedService.start();
  const time = async (f: () => Promise<unknown>) => {
    const t = performance.now();
    await f();
    return performance.now() - t;
  };
  for (const q of queries) await cachedService.search(parseSearchQuery(q));
  const cached: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const q of queries) {
      cached.push(await time(() => cachedService.search(parseSearchQuery(q))));
    }
  }
  const uncached: number[] = [];
  for (let r = 0; r < Math.max(1, ROUNDS / 5); r++) {
    for (const q of queries) {
      uncached.push(await time(() => uncachedService.search(parseSearchQuery(q))));
    }
  }
  cachedService.stop();
  uncachedService.stop();
  await cachedService.whenIdle();
  await uncachedService.whenIdle();

  const orama = buildOrama(jobs);
  const keyword: number[] = [];
  for (const q of queries) await searchOrama(orama.db, q.q, 20);
  for (let r = 0; r < ROUNDS; r++) {
    for (const q of queries) keyword.push(await time(() => searchOrama(orama.db, q.q, 20)));
  }
  print(`  search latency, ${label} (${queries.length} queries x rounds):`);
  for (
    const [name, values] of [
      ["hybrid, query vector cached", cached],
      ["hybrid, query vector not cached", uncached],
      ["Orama keyword-only (BM25)", keyword],
    ] as const
  ) {
    print(
      `    ${name.padEnd(34)} p50 ${ms(percentile(values, 0.5)).padStart(9)}  p95 ${
        ms(percentile(values, 0.95)).padStart(9)
      }`,
    );
  }
  print(`  Orama index build (keyword only, same postings): ${ms(orama.buildMs)}`);
  return orama;
}

/** The index as the server holds it, for scoring the parts separately. */
async function loadIndex(store: Store): Promise<JobIndex> {
  const id = (await store.snapshots.currentSnapshotId())!;
  return new JobIndex(await decodeSnapshot((await store.snapshots.readSnapshot(id))!.bytes));
}

/** The text side of an index: Orama's insertMultiple alone, and the terms by position built from it. */
function textBuild(jobs: Job[]) {
  let t = performance.now();
  buildJobsOrama(jobs);
  const insertMs = performance.now() - t;
  t = performance.now();
  buildPositionText(jobs);
  const buildMs = performance.now() - t;
  print(
    `  text index of the postings: Orama insertMultiple of all at once ${
      ms(insertMs)
    }; terms by position built with Orama in slices of ${BUILD_SLICE} ${ms(buildMs)}`,
  );
}

async function measureQuality(
  index: JobIndex,
  embedder: Embedder,
  orama: ReturnType<typeof buildOrama>,
) {
  const jobs = index.data.jobs;
  const byId = new Map(jobs.map((j) => [j.id, j]));
  const queries: GradedQuery[] = JUDGED_QUERIES.map((judged) => ({
    q: judged.q,
    grade: (job) => gradeTitle(judged, job.job_title),
  }));
  const oramaRows: QualityRow[] = [];
  for (const judged of queries) {
    const hits = (await searchOrama(orama.db, judged.q, 1000)).hits.map((h) => byId.get(h.id)!);
    oramaRows.push(judge(judged.grade, jobs, hits, hits));
  }
  const parts = await evaluateParts(index, embedder, queries);
  print(`  ranking quality, ${queries.length} judged queries on ${jobs.length} real postings:`);
  print(QUALITY_HEADER);
  print(formatRow("Orama keyword-only (BM25)", "any match", meanRows(oramaRows)));
  for (const part of PARTS) print(formatRow(part.name, part.cut, parts[part.name]));
}

/**
 * Ranking quality on the bundled postings (fixtures/jobs.jsonl), judged by the occupation each was
 * generated from (bench/queries/fixture.jsonl): a held-out check of the parameters.
 */
async function measureFixtureQuality(embedder: Embedder, path: string) {
  const occupationOf = new Map<string, string>();
  const jobs: Job[] = [];
  for (const { occupation, job } of generatePostings()) {
    const parsed = JobSchema.parse({ ...job, id: await jobIdFromUrl(job.job_url) });
    occupationOf.set(parsed.id, occupation);
    jobs.push(parsed);
  }
  const store = await openStore(path);
  try {
    await store.postings.upsertJobs(jobs);
    await publishIndex(store, { embedder, logger: silentLogger });
    const index = await loadIndex(store);
    const queries: GradedQuery[] = FIXTURE_JUDGED_QUERIES.map((judged) => ({
      q: judged.q,
      grade: (job) => gradeOccupation(judged, occupationOf.get(job.id)!),
    }));
    const parts = await evaluateParts(index, embedder, queries);
    print();
    print(
      `fixtures: ranking quality, ${queries.length} judged queries on the ${jobs.length} bundled postings (judged by occupation):`,
    );
    print(QUALITY_HEADER);
    for (const part of PARTS) print(formatRow(part.name, part.cut, parts[part.name]));
  } finally {
    store.close();
  }
}

/** Vector scoring when no two titles are alike: every posting its own vector row. */
function worstCaseVectorScoring(index: JobIndex) {
  const { data } = index;
  const rows = data.jobs.length;
  const vectors = new Float32Array(rows * data.dimensions);
  let seed = 1;
  for (let i = 0; i < vectors.length; i++) {
    seed = (seed * 16807) % 2147483647;
    vectors[i] = seed / 2147483647 - 0.5;
  }
  for (let r = 0; r < rows; r++) {
    const row = vectors.subarray(r * data.dimensions, (r + 1) * data.dimensions);
    const norm = Math.hypot(...row);
    for (let k = 0; k < row.length; k++) row[k] /= norm;
  }
  const { values, scales } = quantiseRows(vectors, data.dimensions);
  const distinct = new JobIndex({
    ...data,
    vectors: values,
    vectorScales: scales,
    vectorOfDoc: Uint32Array.from({ length: rows }, (_, i) => i),
    text: index.positionText(),
  });
  const query = analyzeQuery("registered nurse");
  const vector = vectors.slice(0, data.dimensions);
  const times: number[] = [];
  for (let r = 0; r < 30; r++) {
    const t = performance.now();
    distinct.search({ query, vector, limit: 20 });
    times.push(performance.now() - t);
  }
  print(
    `  hybrid search if all ${rows} titles were distinct (vector cached): p50 ${
      ms(percentile(times, 0.5))
    }, p95 ${ms(percentile(times, 0.95))}`,
  );
}

async function largeSet(real: Job[], size: number): Promise<Job[]> {
  const jobs: Job[] = [];
  for (let copy = 0; jobs.length < size; copy++) {
    for (const job of real) {
      if (jobs.length >= size) break;
      if (copy === 0) {
        jobs.push(job);
        continue;
      }
      const job_url = `${job.job_url}${job.job_url.includes("?") ? "&" : "?"}copy=${copy}`;
      jobs.push({ ...job, job_url, id: await jobIdFromUrl(job_url) });
    }
  }
  return jobs;
}

/** The REST layer under 16 concurrent clients, next to a bare Deno.serve handler. */
async function measureRest(store: Store, embedder: Embedder, size: number) {
  const service = createSearchService({ store, embedder, logger: silentLogger });
  await service.start();
  try {
    const r = await runRestBench({
      service,
      concurrency: 16,
      durationMs: quick ? 3_000 : 8_000,
      warmupMs: quick ? 500 : 1_500,
    });
    print(`  REST over HTTP, ${r.concurrency} concurrent clients, ${size} postings:`);
    const row = (label: string, s: LoadStats) =>
      print(
        `    ${label.padEnd(34)} ${s.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${
          ms(s.p50Ms)
        }  p99 ${ms(s.p99Ms)}  errors ${s.errors}`,
      );
    row("REST, real search", r.rest);
    row("REST, instant search (HTTP layer)", r.restInstantSearch);
    row("bare Deno.serve, same bytes", r.bare);
    print(
      `    throughput ratio to bare: ${r.ratioToBare.toFixed(3)} (real search), ${
        r.instantRatioToBare.toFixed(3)
      } (HTTP layer only)`,
    );
  } finally {
    service.stop();
    await service.whenIdle();
  }
}

async function main() {
  const dir = await Deno.makeTempDir({ prefix: "jobseek-bench-" });
  const realPath = `${dir}/real.sqlite3`;
  const largePath = `${dir}/large.sqlite3`;
  print(`jobseek bench${quick ? " --quick" : ""} (${navigator.hardwareConcurrency} cores)`);
  const config = loadConfig(Deno.env.toObject());
  // The configured model (default: the catalog's), never a silent fallback: a bench must say what
  // it measured.
  const embedder = await openConfiguredEmbedder(config, { logger: silentLogger, noFallback: true });
  print(`embedding model: ${config.model} (${embedder.model})`);
  try {
    // ---- real postings ----
    const files = csvFiles();
    const store = await openStore(realPath);
    let t = performance.now();
    const report = await importFiles(store, files);
    const importMs = performance.now() - t;
    const realJobs = await readAll(store);
    print();
    print(`real postings: ${files.length} CSV files, ${realJobs.length} postings stored`);
    print(
      `  import: ${report.totals.rows_read} rows in ${ms(importMs)} (${
        (report.totals.rows_read / importMs * 1000).toFixed(0)
      } rows/s)`,
    );
    const pub = await timedPublish(store, embedder);
    const distinct = new Set(realJobs.map((j) => j.job_title.toLowerCase())).size;
    print(
      `  embedding (empty cache, ${navigator.hardwareConcurrency} cores): ${ms(pub.embedMs)} = ${
        (realJobs.length / pub.embedMs * 1000).toFixed(0)
      } postings/s (~${distinct} distinct titles, ${
        (distinct / pub.embedMs * 1000).toFixed(0)
      } titles/s)`,
    );
    print(`  index build: ${ms(pub.buildMs)}; encode + zstd + write to KV: ${ms(pub.saveMs)}`);
    print(`  snapshot: ${mb(pub.snapshotBytes)} (zstd)`);
    const republish = await timedPublish(store, embedder);
    print(`  rebuild with every vector cached: ${ms(republish.totalMs)} in all`);
    store.close();
    const coldReal = await coldStart(realPath);
    print(
      `  cold start (fresh process): model ${ms(coldReal.model_ms)}, snapshot ${
        ms(coldReal.snapshot_ms)
      }, first query ${ms(coldReal.first_query_ms)}; rss ${coldReal.rss_mb.toFixed(0)} MiB, heap ${
        coldReal.heap_mb.toFixed(0)
      } MiB`,
    );
    const realStore = await openStore(realPath);
    const orama = await measureLatency(realStore, embedder, "real postings", realJobs);
    await measureQuality(await loadIndex(realStore), embedder, orama);
    realStore.close();
    await measureFixtureQuality(embedder, `${dir}/fixtures.sqlite3`);
    await compareModels(realJobs, print, { variants: !quick });

    // ---- large set ----
    const large = await largeSet(realJobs, LARGE_SET);
    const largeStore = await openStore(largePath);
    t = performance.now();
    for (let i = 0; i < large.length; i += 500) {
      await largeStore.postings.upsertJobs(large.slice(i, i + 500));
    }
    print();
    print(`${large.length} postings (the real ones repeated under new URLs)`);
    print(`  store: ${ms(performance.now() - t)}`);
    const largePub = await timedPublish(largeStore, embedder);
    print(
      `  publish: ${ms(largePub.totalMs)} (a new store, so its embedding cache starts empty: ${
        ms(largePub.embedMs)
      } embedding); index build ${ms(largePub.buildMs)}; encode + write ${ms(largePub.saveMs)}`,
    );
    print(`  snapshot: ${mb(largePub.snapshotBytes)} (zstd)`);
    largeStore.close();
    const coldLarge = await coldStart(largePath);
    print(
      `  cold start (fresh process): model ${ms(coldLarge.model_ms)}, snapshot ${
        ms(coldLarge.snapshot_ms)
      } (KV read ${ms(coldLarge.read_ms)}), first query ${
        ms(coldLarge.first_query_ms)
      }; process wall ${ms(coldLarge.wall_ms)}; rss ${coldLarge.rss_mb.toFixed(0)} MiB, heap ${
        coldLarge.heap_mb.toFixed(0)
      } MiB`,
    );
    const largeStore2 = await openStore(largePath);
    await measureLatency(largeStore2, embedder, `${large.length} postings`, large);
    textBuild(large);
    worstCaseVectorScoring(await loadIndex(largeStore2));
    await measureRest(largeStore2, embedder, large.length);
    largeStore2.close();
  } finally {
    embedder.close();
    await Deno.remove(dir, { recursive: true });
  }
}

await main();
