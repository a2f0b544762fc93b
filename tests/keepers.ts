/**
 * Postings no bundled or real posting resembles, which one query ("Lighthouse Keeper") finds all
 * of and none of which is a repost of another: as `Job`s for the lifecycle tests
 * (tests/lifecycle_test.ts, tests/lifecycle_servers_test.ts), as the JSON Lines a push or an
 * import reads for the tests of servers taking new postings; and the first weekly file of the real
 * German IT feed.
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

/** The title of every keeper. */
export const KEEPER_TITLE = "Lighthouse Keeper";

/**
 * Keeper `n` in Portland, US, as a line of JSON Lines (`POST /v1/postings`, `jobseek ingest`, a
 * source's feed): of its own company, URL ({@linkcode keeperUrl}) and light; `extra`'s fields
 * over it.
 */
export function keeperLine(n: number, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    job_title: KEEPER_TITLE,
    company_name: `Coastal Lights ${n}`,
    city: "Portland",
    country: "US",
    publish_time: "2026-11-20 09:00:00",
    job_url: keeperUrl(n),
    job_tags: ["maritime"],
    data_source: "linkedin",
    job_description: `Keep light ${n} burning and log the weather at the point.`,
    ...extra,
  });
}

/** Keepers `from` to `to` (excluded), one {@linkcode keeperLine} each. */
export function keeperLines(from: number, to: number): string {
  return Array.from({ length: to - from }, (_, k) => keeperLine(from + k)).join("\n");
}

/** The URL of keeper `n` of {@linkcode keeperLines}. */
export function keeperUrl(n: number): string {
  return `https://www.linkedin.com/jobs/view/7${String(n).padStart(8, "0")}`;
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
