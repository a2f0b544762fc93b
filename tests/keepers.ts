/**
 * Postings for the lifecycle tests (tests/lifecycle_test.ts, tests/lifecycle_servers_test.ts):
 * lighthouse keepers of distinct harbours, which one query finds all of and none of which is a
 * repost, and the first weekly file of the real German IT feed.
 */
import type { Job } from "../src/domain/job.ts";

/** Lighthouse keeper `n`, published at `publishTime`. */
export function keeper(n: number, publishTime: string): Job {
  return {
    id: `keeper-${n}`,
    job_title: "Lighthouse Keeper",
    company_name: `Harbour Authority ${n}`,
    city: ["Bergen", "Oban", "Brest", "Cadiz"][n % 4],
    publish_time: publishTime,
    job_url: `https://www.indeed.com/viewjob?jk=keeper${n}`,
    job_tags: ["maritime"],
    data_source: "indeed",
    job_description: `Keep the light of harbour ${n} burning; log ships, weather and repairs.`,
  };
}

const WEEKS = new URL("../../shared/data/jobspy/jobless-titles/", import.meta.url);

/** The path of the earliest weekly snapshot of the real feed (February 2026). */
export async function firstWeeklyFile(): Promise<string> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(WEEKS)) {
    if (entry.name.endsWith(".csv")) names.push(entry.name);
  }
  return decodeURIComponent(new URL(names.sort()[0], WEEKS).pathname);
}
