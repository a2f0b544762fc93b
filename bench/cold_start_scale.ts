/**
 * `deno run -A --v8-flags=--expose-gc,--max-old-space-size=10240 bench/cold_start_scale.ts --kv
 * STORE [--random-vectors] [--runs N]`: a cold start alone on a published store (issue #40), as
 * `bench:scale`'s cold process starts (`cold_start_s`: open the store, the embedder, the search
 * service until it serves), without its searches. Each run is a fresh process (N runs, default 1);
 * each prints one JSON line: the wall time, the process's CPU (user + system, all threads) over the
 * start, the follower's own split (`read_ms`: the snapshot's bytes read and hashed, `load_ms`: read,
 * decoded and the index prepared), RSS when serving and after collections, the load average.
 *
 * The store is only read (no publish, no write), so it may be one another process serves.
 *
 * @module
 */
import process from "node:process";
import { createLogger } from "../src/log.ts";
import { createSearchService } from "../src/search/search_service.ts";
import { openStore } from "../src/store/store.ts";
import { loadConfig } from "../src/config.ts";
import { silentLogger } from "../src/log.ts";
import { openConfiguredEmbedder } from "../src/model/open_embedder.ts";
import { randomVectorEmbedder } from "./scale.ts";

const encoder = new TextEncoder();
const print = (line: string) => Deno.stdout.writeSync(encoder.encode(line + "\n"));

function flag(name: string): string | undefined {
  const i = Deno.args.indexOf(name);
  return i >= 0 ? Deno.args[i + 1] : undefined;
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

async function coldStart(kvPath: string) {
  const load = Deno.loadavg();
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  const store = await openStore(kvPath);
  const embedder = Deno.args.includes("--random-vectors")
    ? randomVectorEmbedder()
    : await openConfiguredEmbedder(loadConfig(Deno.env.toObject()), {
      logger: silentLogger,
      noFallback: true,
    });
  let figures: Record<string, unknown> = {};
  const logger = createLogger({
    write: (line) => {
      const fields = JSON.parse(line);
      if (fields.msg === "index snapshot loaded") figures = fields;
    },
  });
  const service = createSearchService({ store, embedder, logger });
  await service.start();
  if (!service.isReady()) throw new Error("Cannot measure: no index loaded");
  const wall = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const rss = Deno.memoryUsage().rss / 2 ** 20;
  // V8 hands freed buffers back after a collection, not during it: several, a little apart.
  for (let k = 0; k < 5; k++) {
    (globalThis as { gc?: () => void }).gc?.();
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const rssAfterGc = Deno.memoryUsage().rss / 2 ** 20;
  service.served()?.index.close();
  service.stop();
  store.close();
  return {
    cold_start_s: round(wall),
    cpu_s: round((cpu.user + cpu.system) / 1e6),
    read_ms: figures.read_ms ?? null,
    load_ms: figures.load_ms ?? null,
    doc_count: figures.doc_count ?? null,
    rss_mib: Math.round(rss),
    rss_after_gc_mib: Math.round(rssAfterGc),
    load_average: [...load, ...Deno.loadavg()].map((l) => round(l)),
  };
}

if (import.meta.main) {
  const kv = flag("--kv");
  if (!kv) throw new Error("Cannot run: --kv STORE is required");
  if (Deno.args.includes("--child")) {
    print(JSON.stringify(await coldStart(kv)));
  } else {
    const runs = Number(flag("--runs") ?? "1");
    for (let run = 0; run < runs; run++) {
      const child = await new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "--v8-flags=--expose-gc,--max-old-space-size=10240",
          "--allow-all",
          import.meta.filename!,
          ...Deno.args,
          "--child",
        ],
        stdout: "piped",
        stderr: "inherit",
      }).output();
      if (!child.success) throw new Error("Cannot measure: the cold process failed");
      print(new TextDecoder().decode(child.stdout).trim().split("\n").pop()!);
    }
  }
}
