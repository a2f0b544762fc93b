/**
 * The real JobSpy postings as the importer makes them, kept on disk between test processes. The
 * suites that search them (tests/filter_property_test.ts, tests/search_filters_test.ts,
 * tests/index_delta_test.ts) imported the 47 CSV files afresh each time: 3.6 CPU-seconds apiece,
 * against 0.3 s to read them back.
 *
 * The file is named after everything the postings are made from: the bytes of every CSV, the
 * source of every local module the import loads (from `deno info`, so a change anywhere in the
 * importer, the places or the store makes a new file; named from the checkout's root, so two
 * checkouts of the same code share it), `deno.lock` and Deno's version. Read back,
 * the postings are what a fresh import gives, `first_seen` (the import's clock) set to now as an
 * import would. tests/ingest_real_data_test.ts compares them with its own import on every run.
 *
 * @module
 */
import { deserialize, serialize } from "node:v8";
import { sha256Hex } from "../src/crypto.ts";
import type { Job } from "../src/domain/job.ts";
import { formatUtc } from "../src/domain/lifecycle.ts";
import { importRealJobs, realCsvFiles } from "../bench/real_data.ts";

const IMPORTER = new URL("../bench/real_data.ts", import.meta.url);
const CHECKOUT = new URL("../", import.meta.url).href;
/**
 * Files of other data or code kept besides this run's (other checkouts, worktrees), the most
 * lately used first: at least this many whatever their age.
 */
const KEEP_OTHERS = 3;
/**
 * Files of other code used within this long are kept too, up to `KEEP_OTHERS_AT_MOST`: with more
 * checkouts at work than `KEEP_OTHERS`, runs alternating between them made each other's files
 * again every time (4.4 CPU-seconds and 39 MB for the real postings' index; docs/testing.md,
 * "Sixteenth pass").
 */
const KEEP_USED_WITHIN_MS = 2 * 3_600_000;
const KEEP_OTHERS_AT_MOST = 10;
/** A file still being written after this long was left by a run that died. */
const PARTIAL_GONE_MS = 3_600_000;

/** The local modules `entry` loads, from the module graph as Deno resolves it. */
async function localModules(entry: URL): Promise<string[]> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", entry.pathname],
    stdout: "piped",
    stderr: "null",
  }).output();
  if (!out.success) throw new Error(`deno info ${entry.pathname} failed`);
  const graph = JSON.parse(new TextDecoder().decode(out.stdout)) as {
    modules: { specifier: string }[];
  };
  return graph.modules.map((m) => m.specifier).filter((s) => s.startsWith("file:")).sort();
}

/**
 * Names and hashes of the source of every local module `entry` loads, `deno.lock` (the npm
 * packages) and Deno's version: what a file made by that code is named after, beside its data.
 */
export async function codeFingerprintParts(entry: URL): Promise<string[]> {
  const parts: string[] = [Deno.version.deno];
  for (const module of await localModules(entry)) {
    // Named from the checkout's root: another checkout of the same code shares the file.
    const name = module.startsWith(CHECKOUT) ? module.slice(CHECKOUT.length) : module;
    parts.push(name, sha256Hex(await Deno.readFile(new URL(module))));
  }
  parts.push(sha256Hex(await Deno.readFile(new URL("../deno.lock", import.meta.url))));
  return parts;
}

let fingerprint: Promise<string> | undefined;

/**
 * The file's name: a hash of the data's bytes, the importer's sources, the lock and Deno; once per
 * test process.
 */
export function realJobsFingerprint(): Promise<string> {
  fingerprint ??= (async () => {
    const parts: string[] = [];
    for (const path of realCsvFiles()) {
      parts.push(path.split("/").slice(-2).join("/"), sha256Hex(await Deno.readFile(path)));
    }
    parts.push(...await codeFingerprintParts(IMPORTER));
    return sha256Hex(JSON.stringify(parts)).slice(0, 24);
  })();
  return fingerprint;
}

/**
 * Marks a kept file as used now (its modification time, which `keepFile` keeps the most lately
 * used by): a file read on every run outlives one last read long ago, whoever wrote it first.
 */
export async function markKeptFileUsed(path: string): Promise<void> {
  const now = new Date();
  // A read-only cache folder, or a file another run just removed: kept by age alone, or gone.
  await Deno.utime(path, now, now).catch(() => {});
}

async function readJobs(path: string): Promise<Job[] | null> {
  try {
    const jobs = deserialize(await Deno.readFile(path));
    if (!Array.isArray(jobs)) return null;
    await markKeptFileUsed(path);
    return jobs as Job[];
  } catch {
    // No file yet, or one cut short by a killed run: import afresh.
    return null;
  }
}

/**
 * Keeps a file as `dir/name`: `write` makes it under a name of its own, renamed into place, since
 * test files run side by side in one process (`--parallel`) and a reader must see the old file or
 * the whole new one. Of the other files ending as `name` does (made from other data or code), the
 * newest few may be another checkout's (a worktree of another commit, whose runs would otherwise
 * make theirs afresh each time): those used within `KEEP_USED_WITHIN_MS`, and the few most
 * lately used whatever their age (`markKeptFileUsed`). The rest go.
 */
export async function keepFile(
  dir: string,
  name: string,
  write: (path: string) => Promise<void>,
): Promise<void> {
  await Deno.mkdir(dir, { recursive: true });
  const partial = `${dir}/${name}.${Deno.pid}.${crypto.randomUUID()}.partial`;
  try {
    await write(partial);
    await Deno.rename(partial, `${dir}/${name}`);
  } finally {
    await Deno.remove(partial).catch(() => {});
  }
  const suffix = name.slice(name.indexOf("."));
  const others: { name: string; mtime: number }[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const info = await Deno.stat(`${dir}/${entry.name}`).catch(() => null);
    const mtime = info?.mtime?.getTime() ?? 0;
    if (entry.name !== name && entry.name.endsWith(suffix)) {
      others.push({ name: entry.name, mtime });
    } else if (entry.name.endsWith(".partial") && Date.now() - mtime > PARTIAL_GONE_MS) {
      // Left by a run killed while it wrote.
      await Deno.remove(`${dir}/${entry.name}`).catch(() => {});
    }
  }
  others.sort((a, b) => b.mtime - a.mtime);
  const usedSince = Date.now() - KEEP_USED_WITHIN_MS;
  const kept = Math.min(
    KEEP_OTHERS_AT_MOST,
    Math.max(KEEP_OTHERS, others.filter((other) => other.mtime >= usedSince).length),
  );
  for (const { name: old } of others.slice(kept)) {
    await Deno.remove(`${dir}/${old}`).catch(() => {});
  }
}

/**
 * Every real posting as `importRealJobs()` (bench/real_data.ts) gives it, from `dir` when a file
 * made from the same data and code is there, else imported and written there.
 */
export async function cachedRealJobs(dir: string): Promise<Job[]> {
  const name = `${await realJobsFingerprint()}.jobs`;
  const kept = await readJobs(`${dir}/${name}`);
  if (kept) {
    const now = formatUtc(Date.now());
    return kept.map((job) => job.first_seen === undefined ? job : { ...job, first_seen: now });
  }
  const jobs = await importRealJobs();
  // A read-only cache folder costs the next run its import, nothing else.
  await keepFile(dir, name, (path) => Deno.writeFile(path, serialize(jobs))).catch(() => {});
  return jobs;
}
