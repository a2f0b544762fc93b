/**
 * `deno task bench:pushwait [--rounds R] [--push N] [--postings P]`: how long searches take on a
 * server while a push is stored and published, against the same searches on the same server with
 * no push. One `jobseek serve` process on a fresh store of P bundled postings (default 1,800, all
 * there are); each round runs a quiet window and a push window, in alternating order, with the same
 * client: one search at a time, a 20 ms pause between them, the same five queries (their vectors
 * cached before anything is timed, as a busy server's are). A push window lasts from
 * `POST /v1/postings` of N new postings (default 1,000) until one of them is found; the quiet
 * window that goes with it lasts as long; the 3 s after each push (a compaction it called for) are in
 * neither. Prints one JSON line: p50/p90/max of each window's searches (ms, as the client saw
 * them), the push's reply and time to searchable (median, max) and the load average. `--logs FILE`
 * writes the server's log lines there.
 *
 * @module
 */
import { openStore } from "../src/store/store.ts";
import { seedStoreFile } from "../tests/helpers.ts";
import { startServerProcess } from "../tests/server_process.ts";
import { flag, log } from "./served_base.ts";

const encoder = new TextEncoder();
const QUERIES = ["nurse", "barista london", "data engineer", "warehouse", "chef"];
const PAUSE_MS = 20;

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

function summary(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (v: number | null) => (v === null ? null : Math.round(v));
  return {
    searches: sorted.length,
    p50_ms: round(percentile(sorted, 0.5)),
    p90_ms: round(percentile(sorted, 0.9)),
    max_ms: round(sorted.at(-1) ?? null),
  };
}

/** `n` new postings no other has the title of, all of one known site (others are skipped). */
function pushBody(n: number, tag: string): { body: string; probeTitle: string; urlPart: string } {
  const words = ["senior", "junior", "lead", "principal", "staff", "associate", "chief", "deputy"];
  const roles = ["welder", "baker", "pilot", "florist", "geologist", "surveyor", "glazier"];
  const fields = ["marine", "aerospace", "retail", "hospital", "museum", "railway", "harbour"];
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const title = `${words[i % 8]} ${fields[Math.floor(i / 8) % 7]} ${
      roles[Math.floor(i / 56) % 7]
    } ${tag} ${i}`;
    lines.push(JSON.stringify({
      job_title: title,
      company_name: `Company ${tag} ${i}`,
      city: "London",
      country: "GB",
      publish_time: new Date().toISOString().slice(0, 19).replace("T", " "),
      job_url: `https://example.org/${tag}/${i}`,
      job_description: `We are looking for a ${title} to join our team.`,
      data_source: "indeed",
    }));
  }
  return {
    body: lines.join("\n"),
    probeTitle: `${words[0]} ${fields[0]} ${roles[0]} ${tag} 0`,
    urlPart: `/${tag}/`,
  };
}

if (import.meta.main) {
  const rounds = Number(flag("--rounds") ?? "6");
  const pushSize = Number(flag("--push") ?? "1000");
  const postings = Number(flag("--postings") ?? "1800");
  const dir = await Deno.makeTempDir({ prefix: "jobseek_push_wait_" });
  const kvPath = `${dir}/kv.sqlite3`;
  const { feeder, reader } = await seedStoreFile(kvPath, postings);
  (await openStore(kvPath)).close();
  const server = await startServerProcess({
    JOBSEEK_KV: kvPath,
    // The client's own searches must not be throttled: what is timed is the server's answer.
    JOBSEEK_RATE_LIMIT: "1000000",
    JOBSEEK_RETENTION_DAYS: "0",
  }, { startTimeoutMs: 120_000 });
  try {
    await server.ready(120_000);
    const search = async (params: Record<string, string>) => {
      const response = await fetch(`${server.url}/v1/search?${new URLSearchParams(params)}`, {
        headers: { "x-api-key": reader },
      });
      if (response.status !== 200) throw new Error(`search answered ${response.status}`);
      return await response.json();
    };
    /** Searches one at a time until `until` settles; their latencies (ms). */
    const searchUntil = async (until: Promise<unknown>) => {
      let done = false;
      until.finally(() => (done = true)).catch(() => {});
      const latencies: number[] = [];
      for (let i = 0; !done; i++) {
        const started = performance.now();
        await search({ q: QUERIES[i % QUERIES.length] });
        latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      }
      return latencies;
    };
    // Every query's vector cached before anything is timed.
    for (const q of QUERIES) await search({ q });

    const quiet: number[] = [];
    const pushing: number[] = [];
    const replies: number[] = [];
    const searchable: number[] = [];
    const loads: number[] = [];
    let lastPushMs = 3000;
    const pushWindow = async (round: number) => {
      const { body, probeTitle, urlPart } = pushBody(pushSize, `r${round}x${Date.now()}`);
      const started = performance.now();
      const pushed = (async () => {
        const response = await fetch(`${server.url}/v1/postings`, {
          method: "POST",
          headers: { "x-api-key": feeder, "content-type": "application/x-ndjson" },
          body,
        });
        const report = await response.json();
        if (response.status !== 200 || report.totals.inserted !== pushSize) {
          throw new Error(`push failed: ${response.status} ${JSON.stringify(report)}`);
        }
        replies.push(performance.now() - started);
        // Searchable: its first posting found (a query of its own, so never a cached vector).
        while (true) {
          const found = await search({ q: probeTitle, city: "London", top_k: "50" });
          if (found.results.some((r: { job_url: string }) => r.job_url.includes(urlPart))) break;
          if (performance.now() - started > 120_000) throw new Error("never searchable");
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        searchable.push(performance.now() - started);
      })();
      const latencies = await searchUntil(pushed);
      await pushed;
      lastPushMs = performance.now() - started;
      pushing.push(...latencies);
      loads.push(Deno.loadavg()[0]);
      // The compaction a delta may call for runs before the next window.
      await new Promise((resolve) => setTimeout(resolve, 3000));
    };
    const quietWindow = async () => {
      const wait = new Promise((resolve) => setTimeout(resolve, lastPushMs));
      quiet.push(...await searchUntil(wait));
      loads.push(Deno.loadavg()[0]);
    };
    for (let round = 0; round < rounds; round++) {
      if (round % 2 === 0) {
        await quietWindow();
        await pushWindow(round);
      } else {
        await pushWindow(round);
        await quietWindow();
      }
      log(`round ${round + 1}: push searchable in ${Math.round(searchable.at(-1)!)} ms`);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
    Deno.stdout.writeSync(encoder.encode(
      JSON.stringify({
        postings,
        push: pushSize,
        rounds,
        during_push: summary(pushing),
        no_push: summary(quiet),
        push_reply_ms: {
          median: Math.round(median(replies)),
          max: Math.round(Math.max(...replies)),
        },
        push_searchable_ms: {
          median: Math.round(median(searchable)),
          max: Math.round(Math.max(...searchable)),
        },
        load_1min: { min: Math.min(...loads), max: Math.max(...loads) },
        load_average: Deno.loadavg().map((l) => Number(l.toFixed(2))),
      }) + "\n",
    ));
    const logsTo = flag("--logs");
    if (logsTo) {
      await Deno.writeTextFile(logsTo, server.logs.map((l) => JSON.stringify(l)).join("\n") + "\n");
    }
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
}
