/**
 * `deno run -A bench/publish_memory.ts --kv PATH [--random-vectors] [--slice N] [--text-threads N]`: where a full publish's memory
 * goes. Publishes the store at PATH (as `bench:scale` left it) with the product's publish step,
 * sampling this process's RSS (/proc/self/status) and V8's heap every 200 ms, and prints per phase
 * (`read`, `embed`, `index`, `save`) its seconds and the most RSS, heap and `external` (V8's
 * count of the ArrayBuffers' bytes, outside its heap) seen in it, then the process's peak RSS
 * (VmHWM). A thread samples RSS every 20 ms besides (`sampledRssMib`,
 * bench/rss_sampler_worker.ts), as the snapshot's encoding holds this thread, and `startRssMib` is
 * each phase's RSS as it began; `save` is split into `encode` (the snapshot's bytes made) and
 * `write` (written to the store). `snapshot_sha256` is the published snapshot's. Run it with the
 * heap a server has (`deno run` without `--max-old-space-size`) to see whether a publish fits it.
 * `--timeline FILE` writes every 20 ms sample there (`unix_ms phase rss_mib`, one a line).
 *
 * @module
 */
import { silentLogger } from "../src/log.ts";
import { publishIndex } from "../src/search/publish_index.ts";
import { openStore } from "../src/store/store.ts";
import { benchEmbedder } from "./scale.ts";
import { processMemory } from "./process_memory.ts";

const i = Deno.args.indexOf("--kv");
if (i < 0) throw new Error("Cannot measure: --kv PATH is required");
const store = await openStore(Deno.args[i + 1]);
const embedder = await benchEmbedder(Deno.args);
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
  { s: number; cpuS: number; rssMib: number; heapMib: number; externalMib: number }
>();
const PHASES = ["start", "read", "embed", "index", "save", "encode", "write"];
const shared = new SharedArrayBuffer(4 * (2 + PHASES.length));
const cells = new Int32Array(shared);
const sampler = new Worker(new URL("./rss_sampler_worker.ts", import.meta.url), { type: "module" });
const samplerStopped = new Promise<MessageEvent<{ timeline: number[] }>>((resolve) =>
  sampler.onmessage = resolve
);
const timelineAt = Deno.args.indexOf("--timeline");
sampler.postMessage({ shared, everyMs: 20, timeline: timelineAt >= 0 });
let phaseCpu = cpuSeconds();
let phase = "start";
let phaseStarted = performance.now();
const mib = (bytes: number) => Math.round(bytes / 2 ** 20);
const sample = () => {
  const row = phases.get(phase) ?? { s: 0, cpuS: 0, rssMib: 0, heapMib: 0, externalMib: 0 };
  row.cpuS = Math.round((cpuSeconds() - phaseCpu) * 10) / 10;
  row.rssMib = Math.max(row.rssMib, mib(Deno.memoryUsage().rss));
  const usage = Deno.memoryUsage();
  row.heapMib = Math.max(row.heapMib, mib(usage.heapUsed));
  row.externalMib = Math.max(row.externalMib, mib(usage.external));
  row.s = Math.round((performance.now() - phaseStarted) / 100) / 10;
  phases.set(phase, row);
};
const timer = setInterval(sample, 200);
/** VmRSS (MiB) as each phase began: a phase's own rise is its most less this. */
const startRssMib: Record<string, number> = {};
const enter = (next: string) => {
  sample();
  phase = next;
  startRssMib[next] = processMemory(Deno.pid).rss_mib ?? 0;
  Atomics.store(cells, 0, PHASES.indexOf(next));
  phaseStarted = performance.now();
  phaseCpu = cpuSeconds();
};
// The save phase's two parts: the encoding ends where the bytes are handed to the store.
const snapshots = store.snapshots;
const publishSnapshot = snapshots.publishSnapshot.bind(snapshots);
snapshots.publishSnapshot = (...args: Parameters<typeof publishSnapshot>) => {
  enter("write");
  return publishSnapshot(...args);
};
const started = performance.now();
const startedCpu = cpuSeconds();
const published = await publishIndex(store, {
  embedder,
  logger: silentLogger,
  slice: option("--slice"),
  textThreads: option("--text-threads"),
  onProgress: (progress) => {
    if (progress.phase === phase || (progress.phase === "save" && phase === "write")) return;
    enter(progress.phase === "save" ? "encode" : progress.phase);
  },
});
sample();
clearInterval(timer);
Atomics.store(cells, 1, 1);
const { timeline } = (await samplerStopped).data;
sampler.terminate();
if (timelineAt >= 0) {
  const lines: string[] = [];
  for (let k = 0; k < timeline.length; k += 3) {
    lines.push(`${timeline[k]} ${PHASES[timeline[k + 1]]} ${Math.round(timeline[k + 2] / 1024)}`);
  }
  Deno.writeTextFileSync(Deno.args[timelineAt + 1], lines.join("\n") + "\n");
}
// What B's check compares: a change to the publish must leave these bytes as they were.
const snapshotSha256 = (await store.snapshots.readSnapshotMeta(published.snapshotId))?.sha256;
store.close();
const sampledRssMib = Object.fromEntries(
  PHASES.map((name, k) => [name, Math.round(cells[2 + k] / 1024)]).filter(([, v]) => v !== 0),
);
Deno.stdout.writeSync(new TextEncoder().encode(
  JSON.stringify({
    publish_s: Math.round((performance.now() - started) / 100) / 10,
    publish_cpu_s: Math.round((cpuSeconds() - startedCpu) * 10) / 10,
    phases: Object.fromEntries(phases),
    sampledRssMib,
    startRssMib,
    snapshot_sha256: snapshotSha256,
    ...processMemory(Deno.pid),
    load_average: Deno.loadavg(),
  }) + "\n",
));
