/**
 * `deno run -A bench/delta_apply.ts --kv PATH [--deltas N] [--push 1000]`: what applying a delta
 * costs a server, in process, on the current index of a store (a copy: the store is opened and
 * read, not written). Loads the index as a server does, then merges N deltas of `--push` new
 * postings one after the other (each the postings of the index's own, under new ids and URLs, with
 * random title vectors), each applied and prepared as the follower does, and prints one JSON line:
 * the wall and CPU ms of each apply, their medians, and the load average.
 *
 * `--chain [--rounds R]`: instead, what a server starting cold on the base and its N deltas does,
 * both ways, alternated R times (default 3): the deltas applied one by one, each an apply over the
 * whole index (as before session 26), and `applyChain` (merged first, the base rebuilt once).
 *
 * @module
 */
import process from "node:process";
import type { Job } from "../src/domain/job.ts";
import { jobIdFromUrl } from "../src/domain/job.ts";
import {
  applyChain,
  applyDelta,
  decodeDelta,
  deltaData,
  encodeDelta,
  type IndexDelta,
} from "../src/index/index_delta.ts";
import { JobIndex } from "../src/index/job_index.ts";
import { decodeSnapshot } from "../src/index/snapshot.ts";
import { openStore } from "../src/store/store.ts";
import { flag, log } from "./served_base.ts";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
/** This process's CPU time (user + system), ms. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** A delta applied as the follower applies it (its own function: a CPU profile finds it). */
function applied(index: JobIndex, delta: Awaited<ReturnType<typeof decodeDelta>>): JobIndex {
  return applyDelta(index, delta).prepare();
}

/** A cold start on `base` and `chain`, one delta at a time and as one chain, alternated. */
function chainBench(base: JobIndex, chain: IndexDelta[], rounds: number): void {
  const ways = {
    one_by_one: () => {
      let index = base;
      for (const delta of chain) {
        const next = applyDelta(index, delta);
        if (index !== base) index.close();
        index = next;
      }
      return index.prepare();
    },
    chain: () => applyChain(base, chain).prepare(),
  };
  const spent: Record<string, { wall: number[]; cpu: number[] }> = {};
  const loads: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const [way, run] of Object.entries(ways)) {
      const startedCpu = cpuMs();
      const started = performance.now();
      const index = run();
      (spent[way] ??= { wall: [], cpu: [] }).wall.push(performance.now() - started);
      spent[way].cpu.push(cpuMs() - startedCpu);
      loads.push(Deno.loadavg()[0]);
      log(`${way}: ${Math.round(spent[way].wall.at(-1)!)} ms (${index.size} postings)`);
      index.close();
    }
  }
  Deno.stdout.writeSync(new TextEncoder().encode(
    JSON.stringify({
      postings: base.size,
      deltas: chain.length,
      ...Object.fromEntries(
        Object.entries(spent).flatMap(([way, { wall, cpu }]) => [
          [`${way}_ms`, wall.map(Math.round)],
          [`${way}_cpu_ms_median`, Math.round(median(cpu))],
        ]),
      ),
      load: loads.map((l) => Number(l.toFixed(2))),
    }) + "\n",
  ));
}

if (import.meta.main) {
  const kv = flag("--kv");
  if (!kv) throw new Error("--kv PATH is required");
  const deltas = Number(flag("--deltas") ?? "5");
  const push = Number(flag("--push") ?? "1000");
  const store = await openStore(kv);
  let index: JobIndex;
  try {
    const id = (await store.snapshots.currentSnapshotId())!;
    const snapshot = (await store.snapshots.readSnapshot(id))!;
    index = new JobIndex(await decodeSnapshot(snapshot.bytes)).prepare();
  } finally {
    store.close();
  }
  await index.prepareForDeltas();
  const { model, dimensions } = index.data;
  log(`loaded ${index.size} postings; making ${deltas} deltas of ${push}`);
  const made = [];
  for (let d = 0; d < deltas; d++) {
    const jobs: Job[] = [];
    for (let k = 0; k < push; k++) {
      const from = index.data.jobs[(d * push + k * 97) % index.size];
      const job_url = `${from.job_url}#delta-apply-${d}-${k}`;
      jobs.push({
        ...from,
        job_url,
        id: await jobIdFromUrl(job_url),
        job_description: `${index.repostTextAt((d * push + k * 97) % index.size)} ${d}-${k}`,
      });
    }
    const vectors = jobs.map(() => {
      const v = Float32Array.from({ length: dimensions }, () => Math.random() - 0.5);
      const norm = Math.hypot(...v);
      return v.map((x) => x / norm);
    });
    // Removed: a few of the base's postings, as expiry and updates bring.
    const removed = Array.from({ length: 20 }, (_, k) => index.data.jobs[d * 20 + k].id);
    const bytes = await encodeDelta({
      added: deltaData({ model, dimensions, jobs, vectors }),
      removed,
    });
    made.push(await decodeDelta(bytes));
  }
  if (Deno.args.includes("--chain")) {
    chainBench(index, made, Number(flag("--rounds") ?? "3"));
    Deno.exit(0);
  }
  const wall: number[] = [];
  const cpu: number[] = [];
  const loads: number[] = [];
  for (const delta of made) {
    const startedCpu = cpuMs();
    const started = performance.now();
    const next = applied(index, delta);
    wall.push(performance.now() - started);
    cpu.push(cpuMs() - startedCpu);
    loads.push(Deno.loadavg()[0]);
    index.close();
    index = next;
  }
  index.close();
  Deno.stdout.writeSync(new TextEncoder().encode(
    JSON.stringify({
      postings: index.size,
      push,
      apply_ms: wall.map(Math.round),
      apply_cpu_ms: cpu.map(Math.round),
      apply_ms_median: Math.round(median(wall)),
      apply_cpu_ms_median: Math.round(median(cpu)),
      load: loads.map((l) => Number(l.toFixed(2))),
    }) + "\n",
  ));
}
