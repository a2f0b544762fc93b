/**
 * How many entries reposts take out of the result lists of 30 everyday queries on the real
 * postings (tests/real_index.ts: the real importer, the real model): per query the strong set's
 * size (`total`) and the entries listed at `top_k=100` (strong and close matches, relevance order),
 * and the entries that carry other copies' URLs (`also_posted_at`). Run it on two checkouts to see
 * what a change of src/index/reposts.ts removes: `deno run -A bench/repost_queries.ts [--json]`.
 *
 * @module
 */
import { parseSearchQuery } from "../src/domain/search_query.ts";
import { realIndex } from "../tests/real_index.ts";

/** What people type most, from the occupations of the real postings and the web page's log. */
export const EVERYDAY_QUERIES = [
  "nurse",
  "health care assistant",
  "care assistant leeds",
  "support worker",
  "warehouse",
  "software engineer",
  "data analyst",
  "teacher",
  "delivery driver",
  "cleaner",
  "chef",
  "receptionist",
  "sales assistant",
  "customer service",
  "accountant",
  "python developer",
  "project manager",
  "barista",
  "electrician",
  "marketing",
  "hr assistant",
  "security guard",
  "mechanic",
  "nurse in manchester",
  "care jobs in leeds",
  "part time jobs",
  "remote jobs",
  "graduate",
  "admin assistant",
  "forklift operator",
];

const encoder = new TextEncoder();
const print = (line: string) => Deno.stdout.writeSync(encoder.encode(line + "\n"));
const rows: { q: string; total: number; listed: number; reposted: number; urls: string[] }[] = [];
for (const q of EVERYDAY_QUERIES) {
  const out = await realIndex.service.search(
    parseSearchQuery({ q, top_k: "100", sort: "relevance" }),
  );
  rows.push({
    q,
    total: out.total,
    listed: out.results.length,
    reposted: out.results.filter((r) => r.also_posted_at).length,
    urls: out.results.map((r) => r.job_url),
  });
}
if (Deno.args.includes("--json")) print(JSON.stringify(rows));
else {
  for (const r of rows) {
    print(`${r.q.padEnd(24)} total ${r.total} listed ${r.listed} with reposts ${r.reposted}`);
  }
  const sum = (k: "total" | "listed" | "reposted") => rows.reduce((n, r) => n + r[k], 0);
  print(
    `all: total ${sum("total")}, listed ${sum("listed")}, with reposts ${sum("reposted")}`,
  );
}
Deno.exit(0);
