/**
 * `deno task bench:push --postings N [--runs R]`: time from a push of 1,000 postings
 * (`POST /v1/postings`) to their being searchable on both of two `jobseek serve` processes sharing
 * one store of N distinct postings (bench/scale.ts's corpus, the configured model), and beside it
 * the full rebuild a publish was before index deltas (every vector cached). Prints one JSON line.
 * `--no-rebuild` skips the full rebuild; `--logs FILE` writes the servers' logs there; `--base DIR` keeps the built base store (and its keys) in DIR for later runs of the same size.
 *
 * @module
 */
import type { Job } from "../src/domain/job.ts";
import { silentLogger } from "../src/log.ts";
import { loadConfig } from "../src/config.ts";
import { openConfiguredEmbedder } from "../src/model/open_embedder.ts";
import { publishIndex } from "../src/search/publish_index.ts";
import { openStore } from "../src/store/store.ts";
import { startServerProcess } from "../tests/server_process.ts";
import { flag, liveCorpus, log, servedBase } from "./served_base.ts";

const encoder = new TextEncoder();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
const PUSH = 1000;
/** The servers' retention (the default), which the base is published with too. */
const RETENTION_DAYS = 60;

/**
 * Where one push's time to searchable went, in ms from the push's start, read from both servers'
 * logs: `stored` (the reply), `delta_started` (after the queue, the publish lease and the checks
 * before it), the delta's own phases (`read`, `text`: its terms, `embed`: the titles, or the wait for
 * those embedded while the push was stored, `encode`, `write`: the KV write and pointer flip, and
 * the publishing server's own apply where it ran before the write returned), and per server when the delta was `applied` (after the other server's poll), the apply's
 * `load_ms` and `searchable` (when the probes found it). `deltas` counts the deltas published
 * meanwhile; `full` is true when a full publish or compaction ran instead of or before it.
 */
interface PushSplit {
  stored: number;
  delta_by?: number;
  delta_started?: number;
  read?: number;
  text?: number;
  embed?: number;
  encode?: number;
  write?: number;
  published?: number;
  applied: (number | null)[];
  load_ms: (number | null)[];
  /**
   * Per server, the apply's `read_ms`, `decode_ms`, `merge_ms` and `merge_cpu_ms` (the process's CPU
   * over the merge), where its log has them.
   */
  apply_parts: ({ read: number; decode: number; merge: number; merge_cpu: number } | null)[];
  searchable: number[];
  deltas: number;
  full: boolean;
  /** The machine's 1-minute load average when the push was searchable on both. */
  load: number;
}

function pushSplit(
  logs: Record<string, unknown>[][],
  startedAt: number,
  stored: number,
  searchable: number[],
  load: number,
): PushSplit {
  const at = (line: Record<string, unknown>) => Date.parse(String(line.time)) - startedAt;
  const deltas = logs.flatMap((lines, k) =>
    lines.filter((l) => l.msg === "index delta published").map((l) => ({ k, l }))
  ).filter(({ l }) => at(l) - Number(l.total_ms) <= Math.max(...searchable))
    .sort((a, b) => at(a.l) - at(b.l));
  const full = logs.some((lines) =>
    lines.some((l) =>
      l.msg === "index published" || l.msg === "index deltas compacted" ||
      l.msg === "compacting by a full publish instead of a merge"
    )
  );
  const split: PushSplit = {
    stored: Math.round(stored),
    applied: [],
    load_ms: [],
    apply_parts: [],
    searchable: searchable.map(Math.round),
    deltas: deltas.length,
    full,
    load,
  };
  // The last delta begun before the push was searchable on both is the one that made it so (its
  // log line can come after: the pointer flips before the publish's last writes end).
  const last = deltas.at(-1);
  if (last) {
    const { k, l } = last;
    const total = Number(l.total_ms);
    const [read, text, embed, encode] = [l.read_ms, l.text_ms ?? 0, l.embed_ms, l.encode_ms].map(
      Number,
    );
    Object.assign(split, {
      delta_by: k,
      delta_started: at(l) - total,
      read,
      text,
      embed,
      encode,
      write: total - read - text - embed - encode,
      published: at(l),
    });
    logs.forEach((lines) => {
      const applied = lines.find((a) =>
        (a.msg === "index delta applied" || String(a.msg).startsWith("index deltas compacted")) &&
        a.snapshot_id === l.snapshot_id
      );
      split.applied.push(applied ? at(applied) : null);
      split.load_ms.push(applied?.load_ms === undefined ? null : Number(applied.load_ms));
      split.apply_parts.push(
        applied?.merge_ms === undefined ? null : {
          read: Number(applied.read_ms),
          decode: Number(applied.decode_ms),
          merge: Number(applied.merge_ms),
          merge_cpu: Number(applied.merge_cpu_ms),
        },
      );
    });
  }
  return split;
}

if (import.meta.main) {
  const postings = Number(flag("--postings") ?? "20000");
  const runs = Number(flag("--runs") ?? "3");
  const dir = await Deno.makeTempDir({ prefix: "jobseek_push_latency_" });
  const kvPath = `${dir}/kv.sqlite3`;
  const servers: Awaited<ReturnType<typeof startServerProcess>>[] = [];
  try {
    const embedder = await openConfiguredEmbedder(loadConfig(Deno.env.toObject()), {
      logger: silentLogger,
      noFallback: true,
    });
    const corpus = await liveCorpus(postings + runs * PUSH);
    const keys = await servedBase({
      kvPath,
      corpus,
      postings,
      embedder,
      retentionDays: RETENTION_DAYS,
      baseName: (part) => `${part}_${postings}_${runs}`,
    });
    const { feeder, reader } = keys;

    const env = {
      JOBSEEK_KV: kvPath,
      JOBSEEK_RATE_LIMIT: "1000000",
      JOBSEEK_RETENTION_DAYS: String(RETENTION_DAYS),
    };
    for (let k = 0; k < 2; k++) {
      servers.push(await startServerProcess(env, { startTimeoutMs: 300_000 }));
      await servers[k].ready(300_000);
    }
    // Probes have a title no other posting has: among a composed corpus's many postings of one
    // title an older one may outrank the pushed one (or stand for it as its repost), which would
    // tell nothing of whether the pushed one is searchable.
    const placeWords = new Set(["remote", "homeoffice", "hybrid"]);
    for (const job of corpus) {
      for (const word of `${job.city} ${job.country ?? ""}`.toLowerCase().split(/[^\p{L}]+/u)) {
        if (word.length > 1) placeWords.add(word);
      }
    }
    const titleCount = new Map<string, number>();
    for (const job of corpus) {
      titleCount.set(job.job_title, (titleCount.get(job.job_title) ?? 0) + 1);
    }
    const found = async (url: string, job: Job) => {
      const query = new URLSearchParams({ q: job.job_title, sort: "relevance", top_k: "100" });
      const response = await fetch(`${url}/v1/search?${query}`, {
        headers: { "x-api-key": reader },
      });
      const body = await response.json();
      return (body.results ?? []).some((r: { job_url: string }) => r.job_url === job.job_url);
    };
    const latencies: number[] = [];
    const byServer: number[][] = servers.map(() => []);
    const splits: PushSplit[] = [];
    let compactedBefore = 0;
    const deltaLines = (server: (typeof servers)[number]) =>
      server.logs.filter((l) => l.msg === "index delta published");
    for (let run = 0; run < runs; run++) {
      const pushed = corpus.slice(postings + run * PUSH, postings + (run + 1) * PUSH);
      // ... and name no place: "Developer - Jülich" is read as a search in Jülich, where a
      // posting in Aalen is rightly not found ("100% remote" as a search for remote postings).
      const unique = pushed.filter((job) =>
        titleCount.get(job.job_title) === 1 &&
        !job.job_title.toLowerCase().split(/[^\p{L}]+/u).some((word) => placeWords.has(word))
      );
      if (unique.length < 3) {
        throw new Error("fewer than 3 pushed postings with a title of their own");
      }
      const probes = [unique[0], unique[unique.length >> 1], unique[unique.length - 1]];
      const body = pushed.map(({ id: _, first_seen: __, ...job }) => JSON.stringify(job))
        .join("\n");
      const deltasBefore = servers.map((s) => deltaLines(s).length);
      const logsBefore = servers.map((s) => s.logs.length);
      const startedAt = Date.now();
      const started = performance.now();
      const response = await fetch(`${servers[0].url}/v1/postings`, {
        method: "POST",
        headers: { "x-api-key": feeder, "content-type": "application/x-ndjson" },
        body,
      });
      const report = await response.json();
      if (response.status !== 200 || report.totals.inserted !== PUSH) {
        throw new Error(`push failed: ${response.status} ${JSON.stringify(report)}`);
      }
      const acknowledged = performance.now() - started;
      // Each server watched on its own: when the push became searchable there.
      const perServer = await Promise.all(servers.map(async (server) => {
        while (
          !(await Promise.all(probes.map((job) => found(server.url, job)))).every(
            Boolean,
          )
        ) {
          if (performance.now() - started > 600_000) throw new Error("never searchable");
          // A client looking a few times a second: more would take the servers' time from the
          // publish and apply being timed.
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        return performance.now() - started;
      }));
      const ms = Math.max(...perServer);
      latencies.push(ms);
      perServer.forEach((t, k) => byServer[k].push(t));
      const load = Number(Deno.loadavg()[0].toFixed(2));
      // A compaction one of this push's deltas called for (on whichever server published it) runs
      // before the next push is timed.
      const compactions = () =>
        servers.reduce(
          (n, s) => n + s.logs.filter((l) => l.reason === "compaction of index deltas").length,
          0,
        );
      const due = servers.some((s, k) =>
        deltaLines(s).slice(deltasBefore[k]).some((l) => l.compact_next === true)
      );
      const deadline = performance.now() + 600_000;
      while (due && compactions() === compactedBefore && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      compactedBefore = compactions();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      // Read once the servers' last lines are in: the publishing server logs its delta after the
      // probes may have found it.
      const split = pushSplit(
        servers.map((s, k) => s.logs.slice(logsBefore[k])),
        startedAt,
        acknowledged,
        perServer,
        load,
      );
      splits.push(split);
      log(
        `run ${run + 1}: acknowledged ${Math.round(acknowledged)} ms, searchable ${
          perServer.map(Math.round).join(" / ")
        } ms; ${JSON.stringify(split)}`,
      );
    }
    const figures = (msg: string, field: string) =>
      servers.flatMap((s) => s.logs.filter((l) => l.msg === msg).map((l) => Number(l[field])));
    const deltaPublishMs = figures("index delta published", "total_ms");
    const deltaApplyMs = figures("index delta applied", "load_ms");
    const fullPublishes = figures("index published", "total_ms").length;
    const compactionMs = figures("index deltas compacted", "total_ms");
    const deltaPhasesMs = ["read_ms", "text_ms", "embed_ms", "encode_ms"].map((field) =>
      [field, figures("index delta published", field)] as const
    );
    const logsTo = flag("--logs");
    if (logsTo) {
      // Where the time went, line by line: both servers' JSON logs, server by server.
      await Deno.writeTextFile(
        logsTo,
        servers.map((s, k) => s.logs.map((l) => JSON.stringify({ server: k, ...l })).join("\n"))
          .join("\n") + "\n",
      );
    }
    for (const server of servers) await server.stop();
    servers.length = 0;

    // What each of those publishes cost before deltas: the whole index again, vectors cached.
    let rebuildS: number | null = null;
    let afterPushes: number | null = null;
    if (!Deno.args.includes("--no-rebuild")) {
      const reopened = await openStore(kvPath);
      const rebuildStarted = performance.now();
      afterPushes = (await publishIndex(reopened, {
        embedder,
        logger: silentLogger,
        retentionDays: RETENTION_DAYS,
      })).docCount;
      rebuildS = (performance.now() - rebuildStarted) / 1000;
      reopened.close();
    }
    Deno.stdout.writeSync(encoder.encode(
      JSON.stringify({
        postings,
        after_pushes: afterPushes,
        vectors: embedder.model,
        push: PUSH,
        push_to_searchable_ms: latencies.map(Math.round),
        median_ms: Math.round(median(latencies)),
        max_ms: Math.round(Math.max(...latencies)),
        searchable_ms_by_server: byServer.map((times) => times.map(Math.round)),
        // Publishes of the whole index (none is wanted: every push a delta, compactions merged),
        // and the compactions' times.
        full_publishes: fullPublishes,
        compaction_ms: compactionMs,
        // Where each push's time went (see `pushSplit`), push by push.
        split: splits,
        delta_publish_ms: deltaPublishMs,
        delta_apply_ms: deltaApplyMs,
        ...Object.fromEntries(deltaPhasesMs.map(([field, ms]) => [`delta_${field}`, ms])),
        full_rebuild_s: rebuildS === null ? null : Number(rebuildS.toFixed(1)),
        load_average: Deno.loadavg().map((l) => Number(l.toFixed(2))),
      }) + "\n",
    ));
  } finally {
    for (const server of servers) await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
}
