/**
 * `deno task bench:alerts [--postings N] [--saved S] [--push P] [--base DIR]`: one `jobseek serve`
 * on a store of N postings (bench/scale.ts's corpus, the configured model) with S saved searches,
 * each delivering to a webhook receiver in this process (every signature verified). A push of P
 * new postings (`POST /v1/postings`) is timed from its reply to the last webhook received, and
 * the same push without saved searches beside it: the time from the reply to the postings being
 * searchable, with and without the saved searches (the publish's extra cost). Prints one JSON
 * line; defaults N = 100,000, S = 1,000, P = 100. Run it nice'd: it holds both cores for minutes.
 *
 * @module
 */
import { Webhook } from "standardwebhooks";
import type { Job } from "../src/domain/job.ts";
import { silentLogger } from "../src/log.ts";
import { loadConfig } from "../src/config.ts";
import { openConfiguredEmbedder } from "../src/model/open_embedder.ts";
import { type ServerProcess, startServerProcess } from "../tests/server_process.ts";
import { flag, liveCorpus, log, servedBase } from "./served_base.ts";

const encoder = new TextEncoder();

const RETENTION_DAYS = 60;

async function pushJobs(server: ServerProcess, key: string, jobs: Job[]): Promise<number> {
  const body = jobs.map(({ id: _, first_seen: __, ...job }) => JSON.stringify(job)).join("\n");
  const response = await fetch(`${server.url}/v1/postings`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/x-ndjson" },
    body,
  });
  const report = await response.json();
  if (response.status !== 200 || report.totals.inserted !== jobs.length) {
    throw new Error(`push failed: ${response.status} ${JSON.stringify(report).slice(0, 300)}`);
  }
  return performance.now();
}

/** Waits until the probes' titles find them; the time (ms) it became so. */
async function searchable(server: ServerProcess, key: string, probes: Job[]): Promise<number> {
  const deadline = performance.now() + 900_000;
  while (performance.now() < deadline) {
    const found = await Promise.all(probes.map(async (job) => {
      const query = new URLSearchParams({ q: job.job_title, sort: "relevance", top_k: "100" });
      const response = await fetch(`${server.url}/v1/search?${query}`, {
        headers: { "x-api-key": key },
      });
      const body = await response.json();
      return (body.results ?? []).some((r: { job_url: string }) => r.job_url === job.job_url);
    }));
    if (found.every(Boolean)) return performance.now();
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("never searchable");
}

if (import.meta.main) {
  const postings = Number(flag("--postings") ?? "100000");
  const savedCount = Number(flag("--saved") ?? "1000");
  const pushCount = Number(flag("--push") ?? "100");
  const dir = await Deno.makeTempDir({ prefix: "jobseek_bench_alerts_" });
  const kvPath = `${dir}/kv.sqlite3`;
  let server: ServerProcess | undefined;
  const secrets = new Map<string, string>();
  const received: { at: number; savedSearch: string; count: number; id: string }[] = [];
  let badSignatures = 0;
  const receiver = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    async (req) => {
      const body = await req.text();
      const savedSearch = new URL(req.url).searchParams.get("s") ?? "";
      try {
        new Webhook(secrets.get(savedSearch)!).verify(body, Object.fromEntries(req.headers));
      } catch {
        badSignatures++;
        return new Response(null, { status: 400 });
      }
      const payload = JSON.parse(body) as { data: { count: number } };
      received.push({
        at: performance.now(),
        savedSearch,
        count: payload.data.count,
        id: req.headers.get("webhook-id")!,
      });
      return new Response(null, { status: 204 });
    },
  );
  try {
    const embedder = await openConfiguredEmbedder(loadConfig(Deno.env.toObject()), {
      logger: silentLogger,
      noFallback: true,
    });
    const corpus = await liveCorpus(postings + 2 * pushCount);
    const buildStarted = performance.now();
    const keys = await servedBase({
      kvPath,
      corpus,
      postings,
      embedder,
      retentionDays: RETENTION_DAYS,
      baseName: (part) => `alerts_${part}_${postings}_${pushCount}`,
    });
    embedder.close();
    log(`base ready in ${Math.round((performance.now() - buildStarted) / 1000)} s`);
    const { feeder, reader } = keys;
    server = await startServerProcess({
      JOBSEEK_KV: kvPath,
      JOBSEEK_RATE_LIMIT: "1000000",
      JOBSEEK_RETENTION_DAYS: String(RETENTION_DAYS),
      JOBSEEK_WEBHOOK_ALLOW_HOSTS: "127.0.0.1",
      JOBSEEK_SAVED_SEARCH_MAX: String(savedCount),
    }, { startTimeoutMs: 300_000 });
    log(`server listening at ${server.url}`);
    await server.ready(600_000);
    log("server ready");

    // Without saved searches: the first push, to searchable.
    const first = corpus.slice(postings, postings + pushCount);
    const second = corpus.slice(postings + pushCount, postings + 2 * pushCount);
    // Probes have a title no other posting has and name no place (as in bench/push_latency.ts):
    // otherwise an older posting of the title may outrank or stand for the pushed one.
    const titleCount = new Map<string, number>();
    for (const job of corpus) {
      titleCount.set(job.job_title, (titleCount.get(job.job_title) ?? 0) + 1);
    }
    const placeWords = new Set(["remote", "homeoffice", "hybrid"]);
    for (const job of corpus) {
      for (const word of `${job.city} ${job.country ?? ""}`.toLowerCase().split(/[^\p{L}]+/u)) {
        if (word.length > 1) placeWords.add(word);
      }
    }
    const probesOf = (jobs: Job[]) => {
      const unique = jobs.filter((job) =>
        titleCount.get(job.job_title) === 1 &&
        !job.job_title.toLowerCase().split(/[^\p{L}]+/u).some((word) => placeWords.has(word))
      );
      if (unique.length === 0) throw new Error("no pushed posting has a title of its own");
      return [unique[0], unique[unique.length - 1]];
    };
    const plainReply = await pushJobs(server, feeder, first);
    const plainSearchable = await searchable(server, reader, probesOf(first)) - plainReply;
    log(`without saved searches: searchable ${Math.round(plainSearchable)} ms after the reply`);

    // The saved searches: the second push's titles (each matches some), and as many again of
    // other roles from the corpus (most match nothing new), a fifth with a country filter.
    const queries = [
      ...second.map((job) => job.job_title),
      ...corpus.slice(0, postings).filter((_, i) => i % 97 === 0).map((job) => job.job_title),
    ];
    const created = performance.now();
    for (let i = 0; i < savedCount; i++) {
      const id = `s${i}`;
      const response = await fetch(`${server.url}/v1/saved-searches`, {
        method: "POST",
        headers: { "x-api-key": reader, "content-type": "application/json" },
        body: JSON.stringify({
          name: `bench ${i}`,
          q: queries[i % queries.length],
          ...(i % 5 === 4 ? { country: "DE" } : {}),
          deliver: [{ type: "webhook", url: `http://127.0.0.1:${receiver.addr.port}/?s=${id}` }],
        }),
      });
      const body = await response.json();
      if (response.status !== 201) throw new Error(`cannot save: ${JSON.stringify(body)}`);
      secrets.set(id, body.deliver[0].secret);
    }
    log(`${savedCount} saved searches in ${Math.round(performance.now() - created)} ms`);
    // Let the server's first pass over them (a new saved search has nothing new) finish.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const before = received.length;

    const reply = await pushJobs(server, feeder, second);
    const searchableAt = await searchable(server, reader, probesOf(second));
    // Done when no webhook came for 20 s (and at least one came).
    while (
      received.length === before ||
      performance.now() - (received.at(-1)?.at ?? reply) < 20_000
    ) {
      if (performance.now() - reply > 1_800_000) throw new Error("deliveries never ended");
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const deliveries = received.slice(before);
    const ids = new Set(deliveries.map((d) => d.id));
    const figures = {
      postings,
      saved_searches: savedCount,
      pushed: pushCount,
      searchable_without_saved_searches_ms: Math.round(plainSearchable),
      searchable_with_saved_searches_ms: Math.round(searchableAt - reply),
      first_webhook_ms: Math.round(deliveries[0].at - reply),
      last_webhook_ms: Math.round(deliveries.at(-1)!.at - reply),
      webhooks: deliveries.length,
      saved_searches_delivered: new Set(deliveries.map((d) => d.savedSearch)).size,
      postings_delivered: deliveries.reduce((n, d) => n + d.count, 0),
      duplicate_webhook_ids: deliveries.length - ids.size,
      bad_signatures: badSignatures,
      load_average: Deno.loadavg(),
    };
    Deno.stdout.writeSync(encoder.encode(JSON.stringify(figures) + "\n"));
  } finally {
    await server?.stop();
    await receiver.shutdown();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}
