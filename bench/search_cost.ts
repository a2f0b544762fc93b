/**
 * Where a search's CPU goes, by kind of query: `deno run -A bench/search_cost.ts --kv PATH
 * [--random-vectors] [--passes N] [--kinds plain,country,city,facets]`. On a store `bench:scale`
 * published, the search service searches the judged and held-out queries the ways the REST bench
 * sends them (bench/rest_served.ts: plain, `country=US`, `city=New York`, facets with
 * `sort=relevance`; `top_k` 20) and `bench:scale`'s `country=US` of a whole page, each query's
 * vector cached first, and reports per kind the wall time's p50 / p95 and the CPU a search took:
 * the whole process's (the kernel's helper threads too) and the calling thread's alone, from
 * /proc (Linux), which the machine's other load moves far less than wall time.
 *
 * With `--answers FILE`, it writes instead every kind's answers whole (but their time), one line
 * each, for comparing two versions of the code byte for byte.
 *
 * With `--together N`, it checks instead that searches waiting together (estimated in one sweep,
 * src/search/searches_together.ts) answer as they do alone: every kind's queries searched one at a
 * time, then N at once, each answer compared whole (but its time).
 *
 * @module
 */
import { Session } from "node:inspector";
import { parseSearchQuery } from "../src/domain/search_query.ts";
import { silentLogger } from "../src/log.ts";
import { createSearchService } from "../src/search/search_service.ts";
import { openStore } from "../src/store/store.ts";
import { HELDOUT_JUDGED_QUERIES, MODEL_JUDGED_QUERIES } from "./judged_queries.ts";
import { benchEmbedder } from "./scale.ts";
import { type CpuProfile, profileSummary } from "./cpu_profile.ts";

const encoder = new TextEncoder();
const print = (line: string) => Deno.stdout.writeSync(encoder.encode(line + "\n"));

function flag(name: string): string | undefined {
  const i = Deno.args.indexOf(name);
  return i >= 0 ? Deno.args[i + 1] : undefined;
}

/** CPU ms of this process's threads from /proc: all of them, and the calling (main) thread. */
function threadCpuMs(): { all: number; main: number } {
  let all = 0;
  let main = 0;
  for (const task of Deno.readDirSync("/proc/self/task")) {
    const stat = Deno.readTextFileSync(`/proc/self/task/${task.name}/stat`);
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ms = (Number(fields[11]) + Number(fields[12])) * 10;
    all += ms;
    if (Number(task.name) === Deno.pid) main += ms;
  }
  return { all, main };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/** The kinds of search measured: each query's parameters. */
const KINDS: Record<string, (q: string) => Record<string, string>> = {
  plain: (q) => ({ q, top_k: "20" }),
  country: (q) => ({ q, top_k: "20", country: "US" }),
  city: (q) => ({ q, top_k: "20", city: "New York" }),
  facets: (q) => ({ q, top_k: "20", facets: "country,city,remote", sort: "relevance" }),
  // bench:scale's in-process searches: the default page.
  scale: (q) => ({ q }),
  scale_us: (q) => ({ q, country: "US" }),
};

/** The calling thread's CPU profile (V8's sampling profiler, 100 µs), started. */
async function startProfile(): Promise<Session> {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<void>((resolve, reject) =>
      session.post(method, params ?? {}, (error) => error ? reject(error) : resolve())
    );
  await post("Profiler.enable");
  await post("Profiler.setSamplingInterval", { interval: 100 });
  await post("Profiler.start");
  return session;
}

/**
 * Stops the profile, writes it (`.cpuprofile`, for Chrome's DevTools) and prints the functions
 * that took the most of the calling thread's samples, by their own time and with what they call.
 */
async function stopProfile(session: Session, path: string): Promise<void> {
  const profile = await new Promise<
    CpuProfile
  >((resolve, reject) =>
    session.post(
      "Profiler.stop",
      (error, result) =>
        error
          ? reject(error)
          : resolve({ nodes: result.profile.nodes, samples: result.profile.samples ?? [] }),
    )
  );
  session.disconnect();
  Deno.writeTextFileSync(path, JSON.stringify(profile));
  for (const line of profileSummary(profile, "calling thread")) print(line);
}

if (import.meta.main) {
  const kvPath = flag("--kv");
  if (!kvPath) throw new Error("Cannot run: --kv PATH (a store bench:scale published) is needed");
  const passes = Number(flag("--passes") ?? "3");
  const kinds = (flag("--kinds") ?? "plain,country,city,facets,scale,scale_us").split(",");
  const store = await openStore(kvPath);
  const embedder = await benchEmbedder(Deno.args);
  const service = createSearchService({ store, embedder, logger: silentLogger });
  await service.start();
  if (!service.isReady()) throw new Error("Cannot search: no index loaded");
  const queries = [...MODEL_JUDGED_QUERIES, ...HELDOUT_JUDGED_QUERIES].map((q) => q.q);
  // Every query's vector cached, every term's postings read once: what a served index has after
  // its first minutes.
  for (const q of queries) await service.search(parseSearchQuery({ q, country: "US" }));
  const answersTo = flag("--answers");
  if (answersTo) {
    // Every kind's answers whole (but their time), a line each: two versions of the code answer
    // alike where their files are the same, byte for byte.
    const lines: string[] = [];
    for (const kind of kinds) {
      const make = KINDS[kind];
      if (!make) throw new RangeError(`Cannot run: no kind ${kind}`);
      for (const q of queries) {
        const { search_time_ms: _, ...outcome } = await service.search(parseSearchQuery(make(q)));
        lines.push(`${kind}\t${q}\t${JSON.stringify(outcome)}`);
      }
    }
    Deno.writeTextFileSync(answersTo, lines.join("\n") + "\n");
    service.stop();
    store.close();
    print(JSON.stringify({ answers: lines.length, to: answersTo, load: Deno.loadavg() }));
    Deno.exit(0);
  }
  const together = Number(flag("--together") ?? "0");
  if (together > 0) {
    const answer = async (params: Record<string, string>) => {
      const { search_time_ms: _, ...outcome } = await service.search(parseSearchQuery(params));
      return JSON.stringify(outcome);
    };
    let compared = 0;
    for (const kind of kinds) {
      const make = KINDS[kind];
      if (!make) throw new RangeError(`Cannot run: no kind ${kind}`);
      const alone: string[] = [];
      for (const q of queries) alone.push(await answer(make(q)));
      for (let first = 0; first < queries.length; first += together) {
        const group = queries.slice(first, first + together);
        const answers = await Promise.all(group.map((q) => answer(make(q))));
        answers.forEach((got, k) => {
          if (got !== alone[first + k]) {
            throw new Error(`${kind} "${group[k]}": searched with others, answered otherwise`);
          }
        });
        compared += group.length;
      }
    }
    service.stop();
    store.close();
    print(JSON.stringify({ together, compared, same: true, load: Deno.loadavg() }));
    Deno.exit(0);
  }
  const report: Record<string, unknown> = {};
  const profileTo = flag("--profile");
  const profiler = profileTo ? await startProfile() : null;
  for (const kind of kinds) {
    const make = KINDS[kind];
    if (!make) throw new RangeError(`Cannot run: no kind ${kind}`);
    const wall: number[] = [];
    const before = threadCpuMs();
    const t0 = performance.now();
    for (let pass = 0; pass < passes; pass++) {
      for (const q of queries) {
        const t = performance.now();
        await service.search(parseSearchQuery(make(q)));
        wall.push(performance.now() - t);
      }
    }
    const elapsed = performance.now() - t0;
    const after = threadCpuMs();
    const n = wall.length;
    report[kind] = {
      p50_ms: round(percentile(wall, 0.5)),
      p95_ms: round(percentile(wall, 0.95)),
      mean_ms: round(elapsed / n),
      cpu_ms: round((after.all - before.all) / n),
      main_cpu_ms: round((after.main - before.main) / n),
    };
  }
  if (profiler && profileTo) await stopProfile(profiler, profileTo);
  service.stop();
  store.close();
  print(JSON.stringify({ passes, queries: queries.length, ...report, load: Deno.loadavg() }));
  Deno.exit(0);
}
