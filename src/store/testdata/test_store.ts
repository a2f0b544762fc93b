/**
 * For the store's own tests: a store over a memory KV that the test can also read and write raw, and
 * a plain posting to put in it.
 *
 * @module
 */
import type { Job } from "../../domain/job.ts";
import { createLogger } from "../../log.ts";
import { type Store, storeOn } from "../store.ts";

/** Runs `fn` on a fresh store; the store's log lines (warnings about corrupt records) go to `lines`. */
export async function withStore(
  fn: (store: Store, kv: Deno.Kv, lines: string[]) => Promise<void>,
): Promise<void> {
  const kv = await Deno.openKv(":memory:");
  const lines: string[] = [];
  const store = storeOn(kv, { logger: createLogger({ write: (line) => lines.push(line) }) });
  try {
    await fn(store, kv, lines);
  } finally {
    store.close();
  }
}

/** A posting of the nurse `n` (its id and URL from `n`); `fields` replace any of its fields. */
export function nursePosting(n: number, fields: Partial<Job> = {}): Job {
  return {
    id: `job${n}`,
    job_title: `Nurse ${n}`,
    company_name: "Clinic",
    city: "Oslo",
    country: "NO",
    publish_time: "2025-01-02 03:04:05",
    job_url: `https://www.indeed.com/viewjob?jk=${n}`,
    job_tags: [],
    data_source: "indeed",
    job_description: "Care for patients.",
    ...fields,
  };
}
