/**
 * One search service over the real JobSpy postings (every file of ../shared/data/jobspy through the
 * real importer, indexed with the real model) plus a few postings written here for what the real
 * files lack (a denied "remote", a posting in Kathmandu), shared by the test files that only search
 * it (tests/filter_property_test.ts, tests/search_filters_test.ts). Storing and indexing 11,517
 * postings took 6.7 CPU-seconds, most of each file's time, and both files ran it.
 *
 * The store it serves (the postings and their published index) is kept on disk beside the model
 * folder as the real postings are (tests/real_jobs_cache.ts), named after what makes it: the real
 * postings' own name, the source of every local module this one loads (the importer of the
 * written postings, the store, the index build), `deno.lock`, Deno's version and the model's stamp.
 * Each worker serves a copy of it, made when none was there (docs/testing.md, "Twelfth pass").
 *
 * Opened once per worker when this module loads, before any test begins, so no test's resource
 * sanitizer counts its store; it does not watch for newer snapshots, so it leaves no timer pending
 * in a test. It is never closed before the worker ends, which removes its copy.
 *
 * @module
 */
import { strict as assert } from "node:assert";
import { sha256Hex } from "../src/crypto.ts";
import type { Job } from "../src/domain/job.ts";
import { formatUtc, parseUtc } from "../src/domain/lifecycle.ts";
import { importTexts } from "../src/ingest/import_files.ts";
import { openStore, type Store } from "../src/store/store.ts";
import {
  createTestSearch,
  keptDir,
  publishTestIndex,
  realJobs,
  testEmbedder,
  testOccupations,
  type TestSearch,
} from "./helpers.ts";
import {
  codeFingerprintParts,
  keepFile,
  markKeptFileUsed,
  realJobsFingerprint,
} from "./real_jobs_cache.ts";

/** Postings as a pusher would send them, through the real importer (which derives work modes). */
async function imported(fields: Record<string, unknown>[]): Promise<Job[]> {
  const store = await openStore(":memory:");
  try {
    const text = fields.map((f, n) =>
      JSON.stringify({
        company_name: "Written Here Ltd",
        publish_time: "2026-11-20 09:00:00",
        job_url: `https://www.linkedin.com/jobs/view/9900000${n}`,
        job_tags: [],
        data_source: "linkedin",
        job_description: "",
        ...f,
      })
    ).join("\n");
    const report = await importTexts(store, [{ name: "test", format: "jsonl", text }]);
    assert.deepEqual(report.totals.invalid_examples, []);
    const jobs: Job[] = [];
    for await (const job of store.postings.listJobs()) jobs.push(job);
    return jobs;
  } finally {
    store.close();
  }
}

/** Written for what the real files lack: each says its work mode its own way, or not at all. */
const WRITTEN = [
  {
    job_title: "Backend Developer",
    city: "Hamburg",
    country: "DE",
    job_tags: ["Remote"],
    job_description: "This is not a remote position: you work in our Hamburg office.",
  },
  {
    job_title: "Backend Developer",
    city: "Bremen",
    country: "DE",
    job_description: "Modern stack, friendly team. No remote work.",
  },
  {
    job_title: "Backend Developer (Remote)",
    city: "Remote",
    country: "DE",
    job_description: "Work from anywhere in Germany.",
  },
  {
    job_title: "Backend Developer",
    city: "Leipzig",
    country: "DE",
    job_description: "Hybrid working: two days a week in the office.",
  },
  {
    job_title: "Customer Service Attendant",
    city: "Kathmandu",
    country: "NP",
    job_description: "Greet and help customers.",
  },
];

export interface RealIndex extends Pick<TestSearch, "service" | "embedder"> {
  /** The real postings as stored. */
  real: Job[];
  /** The written postings as stored. */
  written: Job[];
  /** Every posting the index holds: `real`, then `written`. */
  jobs: Job[];
}

/**
 * When the kept store's postings count as stored (their `first_seen`, one for all): the newest
 * publish time among them, so that every copy, whoever made it, holds the same postings.
 */
function storedAt(jobs: Job[]): number {
  return Math.max(...jobs.map((job) => parseUtc(job.publish_time)).filter(Number.isFinite));
}

/**
 * A copy of the kept store of `jobs` (made first when there is none), open, and removed when the
 * worker ends. Its postings' `first_seen` is `storedAt(jobs)`.
 */
async function keptStore(jobs: Job[]): Promise<Store> {
  const dir = keptDir("test-index");
  const parts = [
    await realJobsFingerprint(),
    ...await codeFingerprintParts(new URL(import.meta.url)),
    (await testEmbedder()).model,
  ];
  const name = `${sha256Hex(JSON.stringify(parts)).slice(0, 24)}.index.sqlite3`;
  const kept = `${dir}/${name}`;
  if (await Deno.stat(kept).then(() => true, () => false)) {
    await markKeptFileUsed(kept);
  } else {
    await keepFile(dir, name, async (path) => {
      const store = await openStore(path);
      try {
        await store.postings.upsertJobs(jobs, { now: storedAt(jobs) });
        await publishTestIndex(store);
      } finally {
        store.close();
      }
    });
  }
  const copy = await Deno.makeTempFile({ prefix: "jobseek_real_index_", suffix: ".sqlite3" });
  await Deno.copyFile(kept, copy);
  const store = await openStore(copy);
  globalThis.addEventListener("unload", () => {
    store.close();
    for (const path of [copy, `${copy}-wal`, `${copy}-shm`]) {
      try {
        Deno.removeSync(path);
      } catch {
        // Not made, or gone already.
      }
    }
  });
  return store;
}

async function openRealIndex(): Promise<RealIndex> {
  const importedReal = await realJobs();
  const importedWritten = await imported(WRITTEN);
  // As the kept store holds them.
  const first_seen = formatUtc(storedAt([...importedReal, ...importedWritten]));
  const real = importedReal.map((job) => ({ ...job, first_seen }));
  const written = importedWritten.map((job) => ({ ...job, first_seen }));
  const jobs = [...real, ...written];
  // The occupations a server reads queries with (docs/search.md, "Occupations in other words"),
  // so that what the filter property holds over is the search as served.
  const occupations = await testOccupations();
  // One clock for every search of the process: a property whose pages were searched on either
  // side of midnight UTC would see "posted in the last 900 days" mean two days.
  const openedAt = Date.now();
  const { service, embedder } = await createTestSearch({
    published: await keptStore(jobs),
    occupations,
    now: () => openedAt,
  });
  service.stop();
  return { service, embedder, real, written, jobs };
}

/** The shared index (see the module's comment). */
export const realIndex: RealIndex = await openRealIndex();
