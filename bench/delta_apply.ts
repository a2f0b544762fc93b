/**
 * `deno run -A bench/delta_apply.ts --kv PATH [--deltas N] [--push 1000]`: what applying a delta
 * costs a server, in process, on the current index of a store (a copy: the store is opened and
 * read, not written). Loads the index as a server does, then merges N deltas of `--push` new
 * postings one after the other (each the postings of the index's own, under new ids and URLs, with
 * random title vectors), each applied and prepared as the follower does, and prints one JSON line:
 * the wall and CPU ms of each apply, their medians, and the load average.
 *
 * @module
 */
import process from "node:process";
import type { Job } from "../src/domain/job.ts";
import { jobIdFromUrl } from "../src/domain/job.ts";
import { applyDelta, decodeDelta, deltaData, encodeDelta } from "../src/index/index_delta.ts";
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
