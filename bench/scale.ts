/**
 * `deno task bench:scale --postings N [--random-vectors] [--kv PATH]`: the service at N postings
 * that do not flatter it. Every posting gets its own title and description, composed from the real
 * files' fragments (title segments and description sentences, descriptions as long as the real
 * ones), so there are as many distinct texts and title vectors as postings (printed as
 * `distinct_vectors`). They are written through the product's own store, published with the
 * product's own publish step, then a fresh process starts cold on the store file and searches
 * (judged queries, query vector cached and not, with and without a filter). The last line of
 * output is one JSON object. With `--kv PATH` the store is kept; run again on a store that holds
 * the corpus, the bench publishes and measures it again without storing it (`store_s` null).
 *
 * The publish runs as a server runs it (src/search/publish_in_child.ts): in a process of its own
 * with V8's default heap and `--expose-gc`, the heap `deno task serve`'s publish child has.
 * `publish_s` is that process's whole life (its start included, as a server waits for it),
 * `publish_peak_rss_mib` its peak RSS (Linux VmHWM), `publish_heap_limit_mib` its heap limit. A
 * publish that does not fit the default heap fails the bench, as it would fail a server's rebuild.
 * Before session 19 the bench published in its own process with the task's 10 GiB heap, where V8
 * collects later: its peak (8,240 MiB at 1,000,000) was not what a server's publish holds. The
 * cold process still gets the task's heap (`--v8-flags=--max-old-space-size=MIB` without the
 * task). `deno run -A bench/publish_memory.ts --kv PATH --random-vectors` shows a publish under the
 * default heap phase by phase.
 *
 * Then a `jobseek serve` on the store answers REST over real HTTP (bench/rest_served.ts): `rest_rps_1`,
 * `rest_rps_16` and `rest_p50_ms_16` with `--search-processes N` search processes (default: one a
 * core, `JOBSEEK_SEARCH_PROCESSES=auto`); `--no-rest` skips it.
 *
 * `compaction_s`: after 20 pushes of 1,000 postings, each published as a delta, the compaction of
 * the chain (`--pushes N` to change the count, 0 to skip); `compaction_kind` says which ran, a merge
 * into one delta or a full snapshot, and `compaction_why` why. After a merge, `full_compaction_s`
 * is the full one of the same postings, as every compaction was before session 25. The pushed postings
 * stay in a store kept with `--kv`: a run on it publishes them with the corpus (`postings` says so)
 * and pushes the same 20,000 again, updated.
 *
 * `--store-only` stores the corpus and reports `store_s` alone (no publish, no cold process).
 *
 * `--random-vectors` replaces the model by random word vectors (`randomVectorEmbedder`) for sizes
 * where embedding would take hours: search time and memory are about the same, relevance means
 * nothing. The output says which.
 *
 * @module
 */
import { getHeapStatistics } from "node:v8";
import type { Job } from "../src/domain/job.ts";
import { jobIdFromUrl } from "../src/domain/job.ts";
import { parseSearchQuery } from "../src/domain/search_query.ts";
import { analyzeQuery } from "../src/index/analyze_query.ts";
import type { Embedder } from "../src/model/embedder.ts";
import { silentLogger } from "../src/log.ts";
import { loadConfig } from "../src/config.ts";
import { openConfiguredEmbedder } from "../src/model/open_embedder.ts";
import { publishIndex } from "../src/search/publish_index.ts";
import { publishDelta } from "../src/search/publish_delta.ts";
import { compactIndex } from "../src/search/compact_index.ts";
import { applyDelta, decodeDelta } from "../src/index/index_delta.ts";
import { JobIndex } from "../src/index/job_index.ts";
import { decodeSnapshot } from "../src/index/snapshot.ts";
import { createSearchService } from "../src/search/search_service.ts";
import { openStore } from "../src/store/store.ts";
import { sha256Hex } from "../src/crypto.ts";
import { embeddingTextOf } from "../src/index/job_index_data.ts";
import { importRealJobs } from "./real_data.ts";
import { HELDOUT_JUDGED_QUERIES, MODEL_JUDGED_QUERIES } from "./judged_queries.ts";
import { processMemory } from "./process_memory.ts";
import { measureServedRest } from "./rest_served.ts";

const encoder = new TextEncoder();
const log = (line: string) => Deno.stderr.writeSync(encoder.encode(line + "\n"));
const print = (line: string) => Deno.stdout.writeSync(encoder.encode(line + "\n"));

function flag(name: string): string | undefined {
  const i = Deno.args.indexOf(name);
  return i >= 0 ? Deno.args[i + 1] : undefined;
}

const RANDOM_MODEL = "random-unit-384@bench";

/**
 * The embedder a bench of a published store searches with: `--random-vectors` in `args` (a store
 * `bench:scale` made with them), else the configured model, never its fallback.
 */
export async function benchEmbedder(args: readonly string[]): Promise<Embedder> {
  return args.includes("--random-vectors")
    ? randomVectorEmbedder()
    : await openConfiguredEmbedder(loadConfig(Deno.env.toObject()), {
      logger: silentLogger,
      noFallback: true,
    });
}

/**
 * Vectors without a model: each word gets a random unit vector (seeded by the word), a text the
 * normalised sum of its words'. Texts sharing words are near one another as with a real encoder,
 * so a query finds about as many candidates above the cosine floor as it would, and the vector scan
 * costs the same; what is near means nothing.
 */
export function randomVectorEmbedder(dimensions = 384): Embedder {
  const wordVectors = new Map<string, Float32Array>();
  const wordVector = (word: string) => {
    let vector = wordVectors.get(word);
    if (!vector) {
      let seed = parseInt(sha256Hex(word).slice(0, 8), 16) || 1;
      vector = new Float32Array(dimensions);
      for (let k = 0; k < dimensions; k++) {
        // xorshift32: cheap, and enough to spread vectors over the sphere.
        seed ^= seed << 13;
        seed ^= seed >>> 17;
        seed ^= seed << 5;
        vector[k] = ((seed >>> 0) / 0xffffffff) * 2 - 1;
      }
      if (wordVectors.size > 200_000) wordVectors.clear();
      wordVectors.set(word, vector);
    }
    return vector;
  };
  return {
    model: RANDOM_MODEL,
    dimensions,
    embed(texts: string[]): Promise<Float32Array[]> {
      return Promise.resolve(texts.map((text) => {
        const sum = new Float32Array(dimensions);
        for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
          if (word === "") continue;
          const vector = wordVector(word);
          for (let k = 0; k < dimensions; k++) sum[k] += vector[k];
        }
        let norm = 0;
        for (let k = 0; k < dimensions; k++) norm += sum[k] * sum[k];
        const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
        for (let k = 0; k < dimensions; k++) sum[k] *= scale;
        return sum;
      }));
    },
  };
}

function openEmbedder(random: boolean): Promise<Embedder> {
  if (random) return Promise.resolve(randomVectorEmbedder());
  const config = loadConfig(Deno.env.toObject());
  return openConfiguredEmbedder(config, { logger: silentLogger, noFallback: true });
}

/** A seeded random source, so that a size always gives the same corpus. */
function seeded(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
}

/** The real postings' fragments a corpus is composed of. */
async function realFragments() {
  const jobs = await importRealJobs();
  const roles = [...new Set(jobs.map((j) => j.job_title.split(/\s+[-–|]\s+/)[0].trim()))]
    .filter((t) => t.length > 2);
  const modifiers = [
    ...new Set(
      jobs.flatMap((j) => j.job_title.split(/\s+[-–|]\s+/).slice(1)).map((s) => s.trim())
        .filter((s) => s.length > 2 && s.length < 40),
    ),
  ];
  const sentences = [
    ...new Set(
      jobs.flatMap((j) => j.job_description.split(/(?<=[.!?])\s+/)).map((s) => s.trim())
        .filter((s) => s.length > 20 && s.length < 400),
    ),
  ];
  // Non-empty descriptions only: the title-only postings of the real files would make the
  // composed corpus lighter than a feed with descriptions.
  const lengths = jobs.map((j) => j.job_description.length).filter((n) => n > 0);
  return { jobs, roles, modifiers, sentences, lengths };
}

/** `count` postings, each with a title and a description no other has. */
export async function* composeCorpus(count: number): AsyncGenerator<Job[]> {
  const { jobs, roles, modifiers, sentences, lengths } = await realFragments();
  const random = seeded(count);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const roleWords = roles.map((role) => role.split(/\s+/));
  const embedded = new Set<string>();
  let batch: Job[] = [];
  for (let n = 0; n < count; n++) {
    const model = pick(jobs);
    // The role is what is embedded (src/index/role_text.ts): the front of one real role and the
    // back of another ("Registered" + "Data Engineer"), then real tails that the role leaves out.
    let title = "";
    for (
      let attempt = 0;
      attempt < 20 &&
      (title === "" || embedded.has(embeddingTextOf({ ...model, job_title: title })));
      attempt++
    ) {
      const front = pick(roleWords);
      const back = pick(roleWords);
      const role = [
        ...front.slice(0, Math.max(1, Math.floor(front.length / 2))),
        ...back.slice(Math.floor(back.length / 2)),
      ].join(" ");
      const tails = random() < 0.5 ? [] : [pick(modifiers)];
      title = [role, ...tails].join(" - ");
    }
    if (embedded.has(embeddingTextOf({ ...model, job_title: title }))) {
      title = `${title.split(" - ")[0]} ${n}`;
    }
    embedded.add(embeddingTextOf({ ...model, job_title: title }));
    const target = pick(lengths);
    const parts: string[] = [];
    let length = 0;
    while (length < target) {
      const sentence = pick(sentences);
      parts.push(sentence);
      length += sentence.length + 1;
    }
    // The posting's own reference makes every description distinct, as real ones are.
    parts.push(`Reference ${n}.`);
    const job_url = `https://www.linkedin.com/jobs/view/scale-${count}-${n}`;
    batch.push({
      ...model,
      id: await jobIdFromUrl(job_url),
      job_url,
      job_title: title,
      job_description: parts.join(" "),
      publish_time: `2026-${String(1 + Math.floor(random() * 11)).padStart(2, "0")}-${
        String(1 + Math.floor(random() * 28)).padStart(2, "0")
      } ${String(Math.floor(random() * 24)).padStart(2, "0")}:00:00`,
    });
    if (batch.length === 1000) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * CPU seconds KV's SQLite thread (`sw-N`), or another `thread`, has used in this process, where
 * /proc tells (Linux): what storing costs the writer whatever else the machine runs.
 */
function threadCpuSeconds(thread = /^sw-\d+$/): number | null {
  try {
    let ticks = 0;
    for (const task of Deno.readDirSync("/proc/self/task")) {
      let stat: string;
      try {
        stat = Deno.readTextFileSync(`/proc/self/task/${task.name}/stat`);
      } catch (error) {
        // A thread that ended since the folder was read (V8's helpers come and go).
        if (error instanceof Deno.errors.NotFound) continue;
        throw error;
      }
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (thread.test(name)) ticks += Number(fields[11]) + Number(fields[12]);
    }
    return round(ticks / 100, 2);
  } catch {
    return null;
  }
}

/**
 * The read and write system calls KV's SQLite thread made (Linux: /proc/self/task/TID/io): each
 * page SQLite's cache misses is one `pread64`, each page written one `pwrite64` (docs/scaling.md,
 * session 18), a count that moves far less with the machine's load than time does.
 */
function kvThreadSyscalls(): { reads: number; writes: number } | null {
  try {
    let reads = 0;
    let writes = 0;
    for (const task of Deno.readDirSync("/proc/self/task")) {
      const stat = Deno.readTextFileSync(`/proc/self/task/${task.name}/stat`);
      if (!/^sw-\d+$/.test(stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")))) continue;
      const io = Deno.readTextFileSync(`/proc/self/task/${task.name}/io`);
      reads += Number(/^syscr: (\d+)$/m.exec(io)?.[1] ?? NaN);
      writes += Number(/^syscw: (\d+)$/m.exec(io)?.[1] ?? NaN);
    }
    return Number.isNaN(reads + writes) ? null : { reads, writes };
  } catch {
    return null;
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

/** The cold half, in its own process: start on the store, measure memory, search. */
async function serveAndSearch(kvPath: string, random: boolean) {
  const started = performance.now();
  const store = await openStore(kvPath);
  const embedder = await openEmbedder(random);
  const service = createSearchService({ store, embedder, logger: silentLogger });
  await service.start();
  if (!service.isReady()) throw new Error("Cannot search: no index loaded");
  const coldStart = (performance.now() - started) / 1000;
  const queries = [...MODEL_JUDGED_QUERIES, ...HELDOUT_JUDGED_QUERIES].map((q) => q.q);
  const timed = async (params: Record<string, string>) => {
    const t = performance.now();
    await service.search(parseSearchQuery(params));
    return performance.now() - t;
  };
  const uncached: number[] = [];
  for (const q of queries) uncached.push(await timed({ q }));
  const cached: number[] = [];
  const filtered: number[] = [];
  for (let pass = 0; pass < 3; pass++) {
    for (const q of queries) {
      cached.push(await timed({ q }));
      filtered.push(await timed({ q, country: "US" }));
    }
  }
  const rss = Deno.memoryUsage().rss / 2 ** 20;
  // What a server holds, apart from garbage V8 has not collected yet (the raw snapshot, decoded
  // copies): the cold process runs with --expose-gc.
  // Several collections a little apart: V8 hands freed buffers back to the system after a
  // collection, not during it (1,000,000 postings: 3,289 MiB after one, 2,170 after ten).
  for (let round = 0; round < 5; round++) {
    (globalThis as { gc?: () => void }).gc?.();
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const rssAfterGc = Deno.memoryUsage().rss / 2 ** 20;
  // What the scan of the nearest rows misses (src/index/title_vectors.ts): each query's first 100
  // hits by relevance against those of a search scoring every title vector.
  const { index } = service.served()!;
  let kept = 0;
  let expected = 0;
  for (const q of queries) {
    const query = analyzeQuery(q);
    const [vector] = await embedder.embed([query.embeddingText]);
    const request = { query, vector, sort: "relevance" as const, limit: 100 };
    const exact = index.search({ ...request, exactVectors: true }).hits.map((hit) => hit.job.id);
    const found = new Set(index.search(request).hits.map((hit) => hit.job.id));
    kept += exact.filter((id) => found.has(id)).length;
    expected += exact.length;
  }
  // Its threads would keep this process alive until they end themselves, idle.
  index.close();
  service.stop();
  store.close();
  return {
    cold_start_s: round(coldStart, 2),
    rss_mib: Math.round(rss),
    rss_after_gc_mib: Math.round(rssAfterGc),
    search_p50_ms: round(percentile(cached, 0.5)),
    search_p95_ms: round(percentile(cached, 0.95)),
    uncached_p50_ms: round(percentile(uncached, 0.5)),
    filtered_p50_ms: round(percentile(filtered, 0.5)),
    recall_at_100: expected === 0 ? null : round(kept / expected, 4),
  };
}

/** Postings a push brings in `compactionAfterPushes`. */
const PUSH = 1000;

/**
 * `compaction_s`: what compacting the chain of deltas costs (src/search/compact_index.ts: merged
 * into one delta while they are small beside the base, else a full snapshot) after `pushes` pushes of 1,000 new postings onto the published store, each published as a delta and
 * applied to the index a server holds (`--pushes N`, default 20; 0: not measured). The pushed
 * postings are composed as the corpus is, each with a URL of its own.
 */
async function compactionAfterPushes(
  kvPath: string,
  embedder: Embedder,
  pushes: number,
): Promise<Record<string, number | string | null>> {
  if (pushes <= 0) return { compaction_s: null };
  const store = await openStore(kvPath);
  try {
    const id = (await store.snapshots.currentSnapshotId())!;
    const snapshot = (await store.snapshots.readSnapshot(id))!;
    let served = { id, index: new JobIndex(await decodeSnapshot(snapshot.bytes)).prepare() };
    const deltaMs: number[] = [];
    const runStamp = new Date().toISOString();
    let n = 0;
    for await (const batch of composeCorpus(pushes * PUSH)) {
      const pushed = await Promise.all(batch.map(async (job) => {
        const job_url = `https://www.linkedin.com/jobs/view/scale-push-${n++}`;
        // A run on a kept store (--kv) finds the last run's pushes there: it updates them.
        const job_description = `${job.job_description} Pushed at ${runStamp}.`;
        return { ...job, job_url, job_description, id: await jobIdFromUrl(job_url) };
      }));
      await store.postings.upsertJobs(pushed);
      const started = performance.now();
      const delta = await publishDelta(store, served, { embedder, logger: silentLogger });
      if ("full" in delta) throw new Error(`Cannot measure: no delta (${delta.full})`);
      const bytes = (await store.snapshots.readSnapshot(delta.snapshotId))!.bytes;
      const next = applyDelta(served.index, await decodeDelta(bytes)).prepare();
      served.index.close();
      served = { id: delta.snapshotId, index: next };
      deltaMs.push(performance.now() - started);
    }
    log(`published ${pushes} deltas of ${PUSH}; compacting`);
    const compact = async (servedNow: { id: string; index: JobIndex }) => {
      const started = performance.now();
      // Where its time goes: merging the deltas or encoding the index, writing.
      const phases: Record<string, unknown> = {};
      const compacted = await compactIndex(store, servedNow, {
        model: embedder.model,
        logger: { ...silentLogger, info: (_msg, fields = {}) => Object.assign(phases, fields) },
      });
      if (compacted === null || "full" in compacted) {
        throw new Error(`Cannot measure: no compaction (${JSON.stringify(compacted)})`);
      }
      return { compacted, phases, s: round((performance.now() - started) / 1000) };
    };
    const first = await compact(served);
    // The same postings written whole, as every compaction was before session 25: the baseline,
    // in this process. The served index is the merged delta's (a server following it keeps it).
    const whole = first.compacted.kind === "merge"
      ? await compact({ id: first.compacted.snapshotId, index: served.index })
      : null;
    served.index.close();
    const seconds = (ms: unknown) => ms === undefined ? null : round(Number(ms) / 1000);
    return {
      compaction_s: first.s,
      compaction_kind: first.compacted.kind,
      compaction_why: first.compacted.why,
      compaction_merge_s: seconds(first.phases.merge_ms),
      compaction_encode_s: seconds(first.phases.encode_ms),
      compaction_write_s: seconds(first.phases.write_ms),
      compaction_deltas: first.compacted.deltas,
      compaction_bytes: Number(first.phases.snapshot_bytes),
      full_compaction_s: whole?.s ?? null,
      delta_publish_apply_s_median: round(percentile(deltaMs, 0.5) / 1000),
    };
  } finally {
    store.close();
  }
}

/**
 * Publishes the store in a process of its own with V8's default heap and `--expose-gc`, as a
 * server's publish child runs (src/search/publish_in_child.ts; that child opens a catalog model by
 * name, which the random vectors are not). Fails when the publish does.
 */
async function publishInChild(kvPath: string, random: boolean): Promise<{
  published: { snapshotId: string; docCount: number };
  peak_rss_mib: number | null;
  heap_limit_mib: number;
}> {
  const child = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--v8-flags=--expose-gc",
      "--allow-all",
      import.meta.filename!,
      "--publish-child",
      kvPath,
      ...(random ? ["--random-vectors"] : []),
    ],
    stderr: "inherit",
  }).output();
  if (!child.success) throw new Error("Cannot measure: the publish process failed");
  return JSON.parse(new TextDecoder().decode(child.stdout).trim().split("\n").pop()!);
}

/** The publish process of {@linkcode publishInChild}: publishes and prints what it held. */
async function publishHere(kvPath: string, random: boolean): Promise<void> {
  const store = await openStore(kvPath);
  try {
    const published = await publishIndex(store, {
      embedder: await openEmbedder(random),
      logger: silentLogger,
    });
    print(JSON.stringify({
      published,
      peak_rss_mib: processMemory(Deno.pid).peak_rss_mib,
      heap_limit_mib: Math.round(getHeapStatistics().heap_size_limit / 2 ** 20),
    }));
  } finally {
    store.close();
  }
}

if (import.meta.main) {
  const random = Deno.args.includes("--random-vectors");
  const childKv = flag("--serve-child");
  const publishKv = flag("--publish-child");
  if (childKv) {
    print(JSON.stringify(await serveAndSearch(childKv, random)));
  } else if (publishKv) {
    await publishHere(publishKv, random);
  } else {
    const postings = Number(flag("--postings") ?? "20000");
    if (!Number.isInteger(postings) || postings < 1) {
      throw new RangeError("Cannot run: --postings must be a positive integer");
    }
    const dir = await Deno.makeTempDir({ prefix: "jobseek_scale_" });
    const kvPath = flag("--kv") ?? `${dir}/scale.sqlite3`;
    try {
      const store = await openStore(kvPath);
      const embedder = await openEmbedder(random);
      // A store given with --kv that already holds a run's postings (the corpus of a size is
      // always the same) is published again as it is: at 1,000,000 the storing takes longest.
      const reused = flag("--kv") !== undefined && await store.postings.countJobs() >= postings;
      let stored = 0;
      let storeMs = 0;
      // The main thread's CPU inside `upsertJobs` alone, without composing the corpus (session 22).
      let storeMainCpu = 0;
      if (reused) log(`the store holds the corpus already: publishing it again`);
      for await (const batch of reused ? [] : composeCorpus(postings)) {
        const t = performance.now();
        const cpu = threadCpuSeconds(/^deno$/);
        await store.postings.upsertJobs(batch);
        storeMs += performance.now() - t;
        storeMainCpu += (threadCpuSeconds(/^deno$/) ?? NaN) - (cpu ?? NaN);
        stored += batch.length;
        if (stored % 50_000 === 0) log(`stored ${stored} of ${postings}`);
      }
      if (Deno.args.includes("--store-only")) {
        // Storing alone (issue #40): no publish, no cold process.
        const kvThreadCpu = threadCpuSeconds();
        // The main thread composes the corpus too: the same work before and after a change.
        const mainThreadCpu = threadCpuSeconds(/^deno$/);
        const syscalls = kvThreadSyscalls();
        store.close();
        print(JSON.stringify({
          postings: stored,
          store_s: reused ? null : round(storeMs / 1000),
          store_ms_per_posting: reused ? null : round(storeMs / stored, 3),
          kv_thread_cpu_s: kvThreadCpu,
          main_thread_cpu_s: mainThreadCpu,
          store_main_thread_cpu_s: Number.isNaN(storeMainCpu) ? null : round(storeMainCpu, 2),
          kv_thread_reads_per_posting: syscalls && round(syscalls.reads / stored),
          kv_thread_writes_per_posting: syscalls && round(syscalls.writes / stored),
          load_average: Deno.loadavg().map((l) => round(l, 2)),
        }));
        if (!flag("--kv")) await Deno.remove(dir, { recursive: true });
        Deno.exit(0);
      }
      const publishStarted = performance.now();
      const publishChild = await publishInChild(kvPath, random);
      const published = publishChild.published;
      const publishS = (performance.now() - publishStarted) / 1000;
      const meta = await store.snapshots.readSnapshotMeta(published.snapshotId);
      const snapshotMib = ((await store.snapshots.readSnapshot(published.snapshotId))?.bytes
        .byteLength ?? 0) / 2 ** 20;
      store.close();
      // The publish's garbage (gigabytes at 1,000,000 postings) is collected before the cold
      // process starts, not by V8 in this idle process while that one starts on the same cores.
      for (let round = 0; round < 3; round++) {
        (globalThis as { gc?: () => void }).gc?.();
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      log(`published ${published.docCount} postings; starting a cold process`);
      const child = await new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          // The cold process gets the heap this one was given (--v8-flags=--max-old-space-size).
          `--v8-flags=--expose-gc,--max-old-space-size=${
            Math.round(getHeapStatistics().heap_size_limit / 2 ** 20)
          }`,
          "--allow-all",
          import.meta.filename!,
          "--serve-child",
          kvPath,
          ...(random ? ["--random-vectors"] : []),
        ],
        stderr: "inherit",
      }).output();
      if (!child.success) throw new Error("Cannot measure: the cold process failed");
      const cold = JSON.parse(new TextDecoder().decode(child.stdout).trim().split("\n").pop()!);
      const texts = new Set<string>();
      const reopened = await openStore(kvPath);
      for await (const job of reopened.postings.listJobs()) texts.add(embeddingTextOf(job));
      reopened.close();
      const rest = Deno.args.includes("--no-rest") ? {} : await measureServedRest({
        kvPath,
        processes: Number(flag("--search-processes") ?? navigator.hardwareConcurrency),
        random,
        heapMib: Math.round(getHeapStatistics().heap_size_limit / 2 ** 20),
      });
      // After the corpus is counted: the pushes add postings of their own.
      const compaction = await compactionAfterPushes(
        kvPath,
        embedder,
        Number(flag("--pushes") ?? "20"),
      );
      print(JSON.stringify({
        postings: published.docCount,
        distinct_vectors: texts.size,
        vectors: random ? "random word vectors (--random-vectors)" : embedder.model,
        store_s: reused ? null : round(storeMs / 1000),
        publish_s: round(publishS),
        publish_peak_rss_mib: publishChild.peak_rss_mib,
        publish_heap_limit_mib: publishChild.heap_limit_mib,
        snapshot_mib: round(snapshotMib),
        ...cold,
        ...rest,
        ...compaction,
        load_average: Deno.loadavg().map((l) => round(l, 2)),
        snapshot_format: meta?.formatVersion,
      }));
    } finally {
      if (!flag("--kv")) await Deno.remove(dir, { recursive: true });
    }
  }
}
