/**
 * Child of tests/snapshot_memory_test.ts, run with `--v8-flags=--expose-gc`: decodes a snapshot,
 * builds its index, lets go of the snapshot's bytes and collects the garbage, then prints what was
 * kept alive. The index must not hold the snapshot's bytes (a whole snapshot, 603 MiB at 1,000,000
 * postings, on top of the index), through the vectors or the sections it leaves compressed.
 *
 * @module
 */
import type { Job } from "../src/domain/job.ts";
import { assembleIndexData } from "../src/index/job_index_data.ts";
import { JobIndex } from "../src/index/job_index.ts";
import { buildPositionText } from "../src/index/position_text.ts";
import { decodeSnapshot, encodeSnapshot } from "../src/index/snapshot.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("Run with --v8-flags=--expose-gc");

const jobs: Job[] = Array.from({ length: 400 }, (_, n) => ({
  id: `id-${n}`,
  job_title: `Nurse ${n % 40}`,
  company_name: "Clinic",
  city: "Köln",
  publish_time: "2025-03-01 08:00:00",
  job_url: `https://de.indeed.com/viewjob?jk=${n}`,
  job_tags: ["care"],
  data_source: "indeed",
  job_description: `Ward work with patients, shifts and care plans. Posting ${n % 7}.`,
}));
const vector = (n: number) => Float32Array.from({ length: 16 }, (_, k) => Math.sin(n * 7 + k));
const data = {
  ...assembleIndexData({
    model: "test-model",
    dimensions: 16,
    jobs,
    vectors: jobs.map((_, n) => vector(n % 40)),
  }),
  text: buildPositionText(jobs),
};

let bytes: Uint8Array | null = await encodeSnapshot(data);
const snapshot = new WeakRef(bytes.buffer);
const decoded = await decodeSnapshot(bytes);
bytes = null;
const index = new JobIndex(decoded);
for (let round = 0; round < 5; round++) {
  gc();
  await new Promise((resolve) => setTimeout(resolve, 10));
}
// What the index holds still reads: the repost texts decompress from their own copy.
const repostText = index.repostTextAt(3);
index.close();
const result = { snapshotCollected: snapshot.deref() === undefined, repostText };
Deno.stdout.writeSync(new TextEncoder().encode(JSON.stringify(result) + "\n"));
