/**
 * What the benches that time real `jobseek serve` processes over a large store share: their flags,
 * their log, a corpus of live postings and the store built from it, kept between runs.
 *
 * @module
 */
import type { Job } from "../src/domain/job.ts";
import { formatUtc } from "../src/domain/lifecycle.ts";
import { silentLogger } from "../src/log.ts";
import type { Embedder } from "../src/model/embedder.ts";
import { publishIndex } from "../src/search/publish_index.ts";
import { openStore } from "../src/store/store.ts";
import { feederAndReaderKeys } from "../tests/helpers.ts";
import { composeCorpus } from "./scale.ts";

const encoder = new TextEncoder();
export const log = (line: string) => Deno.stderr.writeSync(encoder.encode(line + "\n"));

export function flag(name: string): string | undefined {
  const i = Deno.args.indexOf(name);
  return i >= 0 ? Deno.args[i + 1] : undefined;
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

/**
 * `count` composed postings, live as a served corpus is: published within the last 30 days of
 * today, so that neither the servers nor a publish drop any of them under a retention of 60 days.
 */
export async function liveCorpus(count: number): Promise<Job[]> {
  const batches: Job[][] = [];
  for await (const batch of composeCorpus(count)) batches.push(batch);
  const day = Math.floor(Date.now() / 86_400_000) * 86_400_000;
  return batches.flat().map((job, i) => ({
    ...job,
    publish_time: formatUtc(day - (i % 30) * 86_400_000 - (i % 86_400) * 1000),
  }));
}

/**
 * Makes `kvPath` a published store of the first `postings` of `corpus` with a feeder and a reader
 * key, and returns the keys. Building it embeds every title (minutes at 100,000): `--base DIR` keeps
 * the store and its keys in DIR, named by `baseName`, and the next run starts from a copy of them.
 */
export async function servedBase(options: {
  kvPath: string;
  corpus: Job[];
  postings: number;
  embedder: Embedder;
  retentionDays: number;
  baseName: (part: "kv" | "keys") => string;
}): Promise<{ feeder: string; reader: string }> {
  const { kvPath, corpus, postings } = options;
  const baseDir = flag("--base");
  const base = baseDir === undefined ? undefined : {
    dir: baseDir,
    kv: `${baseDir}/${options.baseName("kv")}.sqlite3`,
    keys: `${baseDir}/${options.baseName("keys")}.json`,
  };
  if (base && await exists(base.keys)) {
    await Deno.copyFile(base.kv, kvPath);
    log(`copied the base of ${postings} from ${base.kv}`);
    return JSON.parse(await Deno.readTextFile(base.keys));
  }
  const store = await openStore(kvPath);
  for (let i = 0; i < postings; i += 1000) {
    await store.postings.upsertJobs(corpus.slice(i, Math.min(postings, i + 1000)));
  }
  log(`stored ${postings}; publishing (embedding every title)`);
  await publishIndex(store, {
    embedder: options.embedder,
    logger: silentLogger,
    retentionDays: options.retentionDays,
  });
  const keys = await feederAndReaderKeys(store);
  store.close();
  if (base) {
    await Deno.mkdir(base.dir, { recursive: true });
    await Deno.copyFile(kvPath, base.kv);
    await Deno.writeTextFile(base.keys, JSON.stringify(keys));
  }
  return keys;
}
