/**
 * One search service over the real JobSpy postings (every file of ../shared/data/jobspy through the
 * real importer, indexed with the real model) plus a few postings written here for what the real
 * files lack (a denied "remote", a posting in Kathmandu), shared by the test files that only search
 * it (tests/filter_property_test.ts, tests/search_filters_test.ts). Storing and indexing 11,517
 * postings took 6.7 CPU-seconds, most of each file's time, and both files ran it.
 *
 * Built once per worker when this module loads, before any test begins, so no test's resource
 * sanitizer counts its store; it does not watch for newer snapshots, so it leaves no timer pending
 * in a test. It is never closed: the worker's end frees it.
 *
 * @module
 */
import { strict as assert } from "node:assert";
import { createTestSearch, realJobs, testOccupations, type TestSearch } from "./helpers.ts";
import type { Job } from "../src/domain/job.ts";
import { importTexts } from "../src/ingest/import_files.ts";
import { openStore } from "../src/store/store.ts";

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

async function openRealIndex(): Promise<RealIndex> {
  const real = await realJobs();
  const written = await imported(WRITTEN);
  const jobs = [...real, ...written];
  // The occupations a server reads queries with (docs/search.md, "Occupations in other words"),
  // so that what the filter property holds over is the search as served.
  const occupations = await testOccupations();
  const { service, embedder } = await createTestSearch({ jobs, cacheVectors: true, occupations });
  service.stop();
  return { service, embedder, real, written, jobs };
}

/** The shared index (see the module's comment). */
export const realIndex: RealIndex = await openRealIndex();
