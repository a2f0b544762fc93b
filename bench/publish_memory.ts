/**
 * `deno run -A bench/publish_memory.ts --kv PATH [--random-vectors] [--slice N] [--text-threads N]`: where a full publish's memory
 * goes. Publishes the store at PATH (as `bench:scale` left it) with the product's publish step,
 * sampling this process's RSS (/proc/self/status) and V8's heap every 200 ms, and prints per phase
 * (`read`, `embed`, `index`, `save`) its seconds and the most RSS and heap seen in it, then the
 * process's peak RSS (VmHWM). Run it with the heap a server has (`deno run` without
 * `--max-old-space-size`) to see whether a publish fits it.
 *
 * @module
 */
import { silentLogger } from "../src/log.ts";
import { publishIndex } from "../src/search/publish_index.ts";
import { openStore } from "../src/store/store.ts";
import { loadConfig } from "../src/config.ts";
import { openConfiguredEmbedder } from "../src/model/open_embedder.ts";
import { randomVectorEmbedder } from "./scale.ts";
import { processMemory } from "./process_memory.ts";

const i = Deno.args.indexOf("--kv");
if (i < 0) throw new Error("Cannot measure: --kv PATH is required");
const store = await openStore(Deno.args[i + 1]);
const embedder = Deno.args.includes("--random-vectors")
  ? randomVectorEmbedder()
  : await openConfiguredEmbedder(loadConfig(Deno.env.toObject()), {
    logger: silentLogger,
    noFallback: true,
  });
const option = (name: string) => {
  const at = Deno.args.indexOf(name);
  return at < 0 ? undefined : Number(Deno.args[at + 1]);
};
/** This process's CPU seconds so far, every thread's (Linux /proc/self/stat: utime + stime). */
const cpuSeconds = () => {
  const fields = Deno.readTextFileSync("/proc/self/stat").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const phases = new Map<
  string,
  { s: number; cpuS: number; rssMib: number; heapMib: number }
>();
let phaseCpu = cpuSeconds();
let phase = "start";
let phaseStarted = performance.now();
const mib = (bytes: number) => Math.round(bytes / 2 ** 20);
const sample = () => {
  const row = phases.get(phase) ?? { s: 0, cpuS: 0, rssMib: 0, heapMib: 0 };
  row.cpuS = Math.round((cpuSeconds() - phaseCpu) * 10) / 10;
  row.rssMib = Math.max(row.rssMib, mib(Deno.memoryUsage().rss));
  row.heapMib = Math.max(row.heapMib, mib(Deno.memoryUsage().heapUsed));
  row.s = Math.round((performance.now() - phaseStarted) / 100) / 10;
  phases.set(phase, row);
};
const timer = setInterval(sample, 200);
const started = performance.now();
const startedCpu = cpuSeconds();
await publishIndex(store, {
  embedder,
  logger: silentLogger,
  slice: option("--slice"),
  textThreads: option("--text-threads"),
  onProgress: (progress) => {
    if (progress.phase === phase) return;
    sample();
    phase = progress.phase;
    phaseStarted = performance.now();
    phaseCpu = cpuSeconds();
  },
});
sample();
clearInterval(timer);
store.close();
Deno.stdout.writeSync(new TextEncoder().encode(
  JSON.stringify({
    publish_s: Math.round((performance.now() - started) / 100) / 10,
    publish_cpu_s: Math.round((cpuSeconds() - startedCpu) * 10) / 10,
    phases: Object.fromEntries(phases),
    ...processMemory(Deno.pid),
    load_average: Deno.loadavg(),
  }) + "\n",
));
