/**
 * Where the benches find the real JobSpy postings: `../shared/data/jobspy/` beside the checkout
 * (never copied into the repo).
 *
 * @module
 */

import type { Job } from "../src/domain/job.ts";
import { importFiles } from "../src/ingest/import_files.ts";
import { openStore } from "../src/store/store.ts";

export const REAL_DATA_DIR = new URL("../../shared/data/jobspy/", import.meta.url);

/** Every real posting, imported into a scratch store with the product's importer. */
export async function importRealJobs(): Promise<Job[]> {
  const store = await openStore(":memory:");
  try {
    await importFiles(store, realCsvFiles());
    const jobs: Job[] = [];
    for await (const job of store.postings.listJobs()) jobs.push(job);
    return jobs;
  } finally {
    store.close();
  }
}

/** Paths of every CSV one folder below the data directory, sorted. */
export function realCsvFiles(): string[] {
  const paths: string[] = [];
  for (const dir of Deno.readDirSync(REAL_DATA_DIR)) {
    if (!dir.isDirectory) continue;
    for (const file of Deno.readDirSync(new URL(`${dir.name}/`, REAL_DATA_DIR))) {
      if (file.name.endsWith(".csv")) {
        paths.push(decodeURIComponent(new URL(`${dir.name}/${file.name}`, REAL_DATA_DIR).pathname));
      }
    }
  }
  return paths.sort();
}
