/**
 * An index with deltas merged in answers every search exactly as an index built at once from the
 * same postings: random sequences of adds, updates and removals over the real JobSpy postings,
 * each delta encoded and decoded as servers read it, compared search by search (total, order,
 * scores, reposts) with a full snapshot of the resulting postings. The chain merged into one delta
 * (a compaction's merge) gives the base that same index.
 */
import { strict as assert } from "node:assert";
import fc from "fast-check";
import { cachingTestEmbedder, indexSearcher, realJobs, testEmbedder } from "./helpers.ts";
import type { Job } from "../src/domain/job.ts";
import {
  applyChain,
  applyDelta,
  compactedData,
  decodeDelta,
  deltaData,
  encodeDelta,
  type IndexDelta,
  mergedDeltas,
} from "../src/index/index_delta.ts";
import { embeddingTextOf } from "../src/index/job_index_data.ts";
import { JobIndex } from "../src/index/job_index.ts";
import { decodeSnapshot, encodeSnapshot } from "../src/index/snapshot.ts";

/** As tests/filter_property_test.ts: occupations, other words, places in the text, garbage. */
const QUERIES = [
  "nurse",
  "registered nurse",
  "software engineer",
  "python developer",
  "data analyst",
  "accountant",
  "warehouse associate",
  "truck driver",
  "customer service",
  "project manager",
  "someone who fixes cars",
  "computer programmer",
  "nurse jobs in Chicago",
  "developer in Toronto",
  "remote python developer",
  "software engineer berlin",
  "asdfghjkl",
  "senior",
  "machine learning engineer",
  "security officer",
];

/** What an index's gazetteer says, its maps' order aside (nothing reads it). */
function placesOf(index: JobIndex) {
  const { cities, placed, countries, ambiguous, jobWords, longest } = index.gazetteer();
  const byKey = <T>(entries: Iterable<[string, T]>) =>
    [...entries].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
  return {
    cities: byKey(cities),
    placed: byKey(placed).map(([key, where]) => [key, [...where]]),
    sets: [countries, ambiguous, jobWords].map((set) => [...set].sort()),
    longest,
  };
}

Deno.test("an index with deltas applied, one by one or merged into one, searches exactly as one built at once", async () => {
  const embedder = await testEmbedder();
  const all = await realJobs();
  // Every eighth posting: all sources and countries, few enough to embed in seconds.
  const pool = all.filter((_, i) => i % 8 === 0).slice(0, 1200);
  const vectors = new Map<string, Float32Array>();
  // Titles from the vectors kept between runs (tests/vector_cache.ts); queries from the model.
  const titles = await cachingTestEmbedder();
  const embedAll = async (jobs: Job[]) => {
    const texts = [...new Set(jobs.map(embeddingTextOf))].filter((t) => !vectors.has(t));
    for (let i = 0; i < texts.length; i += 256) {
      const batch = texts.slice(i, i + 256);
      (await titles.embed(batch)).forEach((v, k) => vectors.set(batch[k], v));
    }
  };
  await embedAll(pool);
  await titles.save();

  const indexData = (jobs: Job[]) =>
    deltaData({
      model: embedder.model,
      dimensions: embedder.dimensions,
      jobs,
      vectors: jobs.map((job) => vectors.get(embeddingTextOf(job))!),
    });
  /** As a publish builds it: the postings in id order, through snapshot bytes. */
  const fullIndex = async (jobs: Job[]) => {
    const sorted = [...jobs].sort((a, b) => a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    return new JobIndex(await decodeSnapshot(await encodeSnapshot(indexData(sorted)))).prepare();
  };
  const searchIndex = indexSearcher(embedder);
  const search = async (index: JobIndex, params: Record<string, string>) => {
    const { total, hits } = await searchIndex(index, params);
    return {
      total,
      hits: hits.map((h) => [h.job.id, h.score, h.job.job_title, h.alsoPostedAt ?? []]),
    };
  };

  const countries = [...new Set(pool.map((j) => j.country).filter((c) => c))] as string[];
  const cities = [...new Set(pool.map((j) => j.city).filter((c) => c !== ""))].slice(0, 20);
  const titleWords = [
    ...new Set(
      pool.flatMap((job) => job.job_title.toLowerCase().split(/[^\p{L}\p{N}+#]+/u))
        .filter((w) => w.length > 2),
    ),
  ].sort();
  const op = fc.oneof(
    fc.record({ kind: fc.constant("add" as const), k: fc.nat() }),
    fc.record({
      kind: fc.constant("update" as const),
      k: fc.nat(),
      from: fc.nat(),
      // Moved too: another company and place, so that repost keys and cities change.
      moved: fc.boolean(),
    }),
    fc.record({ kind: fc.constant("remove" as const), k: fc.nat() }),
  );
  const params = fc.record({
    q: fc.oneof(
      fc.constantFrom(...QUERIES),
      fc.array(fc.constantFrom(...titleWords), { minLength: 1, maxLength: 3 }).map((w) =>
        w.join(" ")
      ),
    ),
    sort: fc.constantFrom("date", "relevance"),
    country: fc.option(fc.constantFrom(...countries), { nil: undefined }),
    city: fc.option(fc.constantFrom(...cities), { freq: 5, nil: undefined }),
  });

  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 100, max: 800 }),
      fc.array(fc.array(op, { minLength: 1, maxLength: 60 }), { minLength: 1, maxLength: 4 }),
      fc.array(params, { minLength: 6, maxLength: 6 }),
      async (baseSize, deltas, searches) => {
        const live = new Map(pool.slice(0, baseSize).map((job) => [job.id, job]));
        // Closed at the end of the case, passed or not: their kernels' threads would otherwise
        // pile up over the many cases of a shrink.
        const opened: JobIndex[] = [];
        const kept = (index: JobIndex) => {
          opened.push(index);
          return index;
        };
        try {
          const base = kept(await fullIndex([...live.values()]));
          let served = base;
          const chain: IndexDelta[] = [];
          for (const ops of deltas) {
            const added = new Map<string, Job>();
            const removed = new Set<string>();
            for (const o of ops) {
              const ids = [...live.keys()];
              if (o.kind === "add") {
                const job = pool[o.k % pool.length];
                if (live.has(job.id)) continue;
                live.set(job.id, job);
                added.set(job.id, job);
                removed.delete(job.id);
              } else if (ids.length > 0) {
                const id = ids[o.k % ids.length];
                if (o.kind === "remove") {
                  live.delete(id);
                  added.delete(id);
                  removed.add(id);
                } else {
                  // Another posting's title, tags and description under this posting's id.
                  const other = pool[o.from % pool.length];
                  const job: Job = {
                    ...live.get(id)!,
                    job_title: other.job_title,
                    job_tags: other.job_tags,
                    job_description: other.job_description,
                    publish_time: other.publish_time,
                  };
                  if (o.moved) {
                    job.company_name = other.company_name;
                    job.city = other.city;
                    if (other.country) job.country = other.country;
                    else delete job.country;
                  }
                  live.set(id, job);
                  added.set(id, job);
                }
              }
            }
            await embedAll([...added.values()]);
            const bytes = await encodeDelta({
              added: indexData([...added.values()]),
              removed: [...removed],
            });
            chain.push(await decodeDelta(bytes));
            served = kept(applyDelta(served, chain.at(-1)!).prepare());
          }
          // Through its bytes, as a server starting cold reads it.
          const merged = await decodeDelta(await encodeDelta(mergedDeltas(chain)));
          const mergedOnce = kept(applyDelta(base, merged).prepare());
          // The same postings, vectors, terms, reposts and places, laid out alike (compared byte
          // for byte here: a deepEqual's diff of two large arrays takes minutes).
          const mergedBytes = await encodeSnapshot(compactedData(mergedOnce));
          const chainBytes = await encodeSnapshot(compactedData(served));
          assert.ok(
            mergedBytes.byteLength === chainBytes.byteLength &&
              mergedBytes.every((b, i) => b === chainBytes[i]),
            `merged ${mergedBytes.byteLength} bytes, chain ${chainBytes.byteLength}`,
          );
          // What a server starting cold (or behind by several deltas) does: the same index.
          const chainedBytes = await encodeSnapshot(
            compactedData(kept(applyChain(base, chain).prepare())),
          );
          assert.ok(
            chainedBytes.byteLength === chainBytes.byteLength &&
              chainedBytes.every((b, i) => b === chainBytes[i]),
            `applyChain ${chainedBytes.byteLength} bytes, one by one ${chainBytes.byteLength}`,
          );
          const scratch = kept(await fullIndex([...live.values()]));
          assert.equal(served.size, scratch.size);
          assert.deepEqual(served.cities(), scratch.cities());
          // Worked out from the changed postings at each apply, as a full build works them out.
          assert.deepEqual(served.repostGroups(), scratch.repostGroups());
          assert.deepEqual(placesOf(served), placesOf(scratch));
          for (const p of searches) {
            const query = Object.fromEntries(
              Object.entries(p).filter((e): e is [string, string] => e[1] !== undefined),
            );
            const expected = await search(scratch, query);
            assert.deepEqual(await search(served, query), expected, JSON.stringify(query));
            assert.deepEqual(await search(mergedOnce, query), expected, JSON.stringify(query));
          }
        } finally {
          for (const index of opened) index.close();
        }
      },
    ),
    { numRuns: 25 },
  );
});
