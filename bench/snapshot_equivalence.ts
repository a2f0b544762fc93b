/**
 * `deno run -A bench/snapshot_equivalence.ts KV_PATH`: checks that the index loaded from the store's
 * current snapshot (its terms as decoded) ranks exactly as one whose terms are freshly built with
 * Orama from the same postings, over both judged query
 * sets in hybrid and keyword mode, with and without filters, in both orders (all 1,000 hits).
 * Bench bench/cold_start_repeat.ts builds a 20,000-posting store for it.
 *
 * @module
 */
import { openStore } from "../src/store/store.ts";
import { decodeSnapshot } from "../src/index/snapshot.ts";
import { JobIndex } from "../src/index/job_index.ts";
import { analyzeQuery } from "../src/index/analyze_query.ts";
import { FIXTURE_JUDGED_QUERIES, JUDGED_QUERIES } from "./judged_queries.ts";
import { createUseLiteEmbedder } from "../src/model/use_lite_embedder.ts";
import { strict as assert } from "node:assert";
const print = (line: string) => Deno.stdout.writeSync(new TextEncoder().encode(line + "\n"));
const store = await openStore(Deno.args[0]);
const snap = (await store.snapshots.readSnapshot((await store.snapshots.currentSnapshotId())!))!;
store.close();
const data = await decodeSnapshot(snap.bytes);
const loaded = new JobIndex(data);
const { text: _t, ...plain } = data;
const t = performance.now();
const fresh = new JobIndex(plain);
print(`fresh build ${(performance.now() - t).toFixed(0)} ms`);
const embedder = await createUseLiteEmbedder({ workers: 0 });
const qs = [
  ...JUDGED_QUERIES.map((j) => j.q),
  ...FIXTURE_JUDGED_QUERIES.map((j) => j.q),
  "amazon",
  "berlin",
  "c++ developer",
  "köln pflege",
  "nhs nurse",
  "google",
];
let n = 0;
for (const q of qs) {
  const query = analyzeQuery(q);
  const [vector] = await embedder.embed([query.embeddingText]);
  for (const mode of ["hybrid", "keyword"] as const) {
    for (
      const filters of [undefined, { country: "US" }, { city: "Berlin" }, {
        since: "2026-01-01 00:00:00",
      }]
    ) {
      for (const sort of ["date", "relevance"] as const) {
        const req = { query, vector, mode, filters, sort, limit: 1000 };
        const a = loaded.search(req), b = fresh.search(req);
        assert.deepEqual(a.total, b.total, q);
        assert.deepEqual(
          a.hits.map((h) => [h.job.id, h.score]),
          b.hits.map((h) => [h.job.id, h.score]),
          q,
        );
        n++;
      }
    }
  }
}
embedder.close();
print(`identical: ${n} searches over ${qs.length} queries`);
