/**
 * `deno run -A bench/cold_start_repeat.ts [--runs N] [--size N] [--publish] KV_PATH`: cold starts
 * of a search server (bench/cold_start.ts, a fresh process each) on a store of `--size` postings
 * (20,000: the real ones repeated under new URLs), with medians over `--runs` (default 7). The
 * store is built on the first run (import + embedding, ~1 minute) and kept, so a change to the load
 * path can be timed again and again; it is republished (embedding cache hit: seconds) when its
 * snapshot is of another format version, or with `--publish`.
 *
 * @module
 */
import { jobIdFromUrl } from "../src/domain/job.ts";
import type { Job } from "../src/domain/job.ts";
import { createUseLiteEmbedder } from "../src/model/use_lite_embedder.ts";
import { importFiles } from "../src/ingest/import_files.ts";
import { silentLogger } from "../src/log.ts";
import { needsIndexBuild, publishIndex } from "../src/search/publish_index.ts";
import { openStore, type Store } from "../src/store/store.ts";
import { realCsvFiles } from "./real_data.ts";

function option(name: string, fallback: number): number {
  const at = Deno.args.indexOf(name);
  return at >= 0 ? Number(Deno.args[at + 1]) : fallback;
}

const runs = option("--runs", 7);
const size = option("--size", 20_000);
const kvPath = Deno.args.at(-1);
if (!kvPath || kvPath.startsWith("--")) {
  throw new Error("Usage: cold_start_repeat.ts [...] KV_PATH");
}

/** Fills an empty store with the real postings, repeated under new URLs up to `size`. */
async function fill(store: Store): Promise<void> {
  const scratch = await Deno.makeTempDir({ prefix: "jobseek-cold-" });
  const real: Job[] = [];
  try {
    const staging = await openStore(`${scratch}/real.sqlite3`);
    await importFiles(staging, realCsvFiles());
    for await (const job of staging.postings.listJobs()) real.push(job);
    staging.close();
  } finally {
    await Deno.remove(scratch, { recursive: true });
  }
  const jobs: Job[] = [];
  for (let copy = 0; jobs.length < size; copy++) {
    for (const job of real) {
      if (jobs.length >= size) break;
      if (copy === 0) jobs.push(job);
      else {
        const job_url = `${job.job_url}${job.job_url.includes("?") ? "&" : "?"}copy=${copy}`;
        jobs.push({ ...job, job_url, id: await jobIdFromUrl(job_url) });
      }
    }
  }
  for (let i = 0; i < jobs.length; i += 500) {
    await store.postings.upsertJobs(jobs.slice(i, i + 500));
  }
}

const encoder = new TextEncoder();
const print = (line: string) => Deno.stdout.writeSync(encoder.encode(line + "\n"));

async function prepare(): Promise<void> {
  const store = await openStore(kvPath!);
  const embedder = await createUseLiteEmbedder();
  try {
    if ((await store.postings.countJobs()) === 0) {
      print(`filling ${kvPath} with ${size} postings...`);
      await fill(store);
    }
    if (Deno.args.includes("--publish") || await needsIndexBuild(store, embedder)) {
      const t = performance.now();
      await publishIndex(store, { embedder, logger: silentLogger });
      print(`published in ${(performance.now() - t).toFixed(0)} ms`);
    }
  } finally {
    embedder.close();
    store.close();
  }
}

interface Run {
  model_ms: number;
  snapshot_ms: number;
  read_ms: number;
  first_query_ms: number;
  rss_mb: number;
  heap_mb: number;
  wall_ms: number;
}

async function coldStart(): Promise<Run> {
  const started = performance.now();
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", new URL("./cold_start.ts", import.meta.url).pathname, kvPath!],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  const wall = performance.now() - started;
  if (!output.success) throw new Error("Cannot measure cold start: the child failed");
  return { ...JSON.parse(new TextDecoder().decode(output.stdout)), wall_ms: wall };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

await prepare();
const results: Run[] = [];
for (let r = 0; r < runs; r++) {
  const run = await coldStart();
  results.push(run);
  print(
    `run ${r + 1}: snapshot ${run.snapshot_ms.toFixed(0)} ms (KV read ${run.read_ms}), ` +
      `first query ${run.first_query_ms.toFixed(0)} ms, wall ${run.wall_ms.toFixed(0)} ms, ` +
      `rss ${run.rss_mb.toFixed(0)} MiB`,
  );
}
const keys = ["model_ms", "snapshot_ms", "read_ms", "first_query_ms", "wall_ms", "rss_mb"] as const;
print(
  `median of ${runs}: ` +
    keys.map((k) => `${k} ${median(results.map((r) => r[k])).toFixed(0)}`).join(", "),
);
