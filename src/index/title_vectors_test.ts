import { strict as assert } from "node:assert";
import type { Job } from "../domain/job.ts";
import { analyzeQuery } from "./analyze_query.ts";
import { JobIndex } from "./job_index.ts";
import type { PositionText } from "./term_dictionary.ts";
import {
  NEAREST_ROWS,
  NEAREST_SCAN_MIN_ROWS,
  quantiseRows,
  TitleVectors,
} from "./title_vectors.ts";

const DIMENSIONS = 32;
const ROWS = NEAREST_SCAN_MIN_ROWS + 5_000;

/** Seeded unit vectors that cluster (sums of a few of 200 "word" vectors), as titles do. */
function clusteredRows(rows: number, seed = 7): Float32Array {
  let state = seed;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
  const words = Array.from(
    { length: 200 },
    () => Float32Array.from({ length: DIMENSIONS }, () => random() * 2 - 1),
  );
  const out = new Float32Array(rows * DIMENSIONS);
  for (let r = 0; r < rows; r++) {
    const row = out.subarray(r * DIMENSIONS, (r + 1) * DIMENSIONS);
    for (let w = 0; w < 2 + (r % 3); w++) {
      const word = words[Math.floor(random() ** 2 * words.length)];
      for (let k = 0; k < DIMENSIONS; k++) row[k] += word[k] + (random() - 0.5) * 0.2;
    }
    const norm = Math.hypot(...row);
    for (let k = 0; k < DIMENSIONS; k++) row[k] /= norm;
  }
  return out;
}

const floats = clusteredRows(ROWS);
const { values, scales } = quantiseRows(floats, DIMENSIONS);
// Offset in its buffer, as a snapshot's section is: the scan must not read from the buffer's start.
const padded = new Int8Array(values.length + 24);
padded.set(values, 24);
const int8 = padded.subarray(24);
const vectorOfDoc = Uint32Array.from({ length: ROWS }, (_, p) => p);
const queries = Array.from(
  { length: 12 },
  (_, q) => floats.slice(q * 997 * DIMENSIONS, (q * 997 + 1) * DIMENSIONS),
);

Deno.test("past the scan threshold, the rows a search considers hold the exact top 100 (recall >= 0.98)", () => {
  const vectors = new TitleVectors({
    vectors: int8,
    vectorScales: scales,
    dimensions: DIMENSIONS,
    vectorOfDoc,
  });
  let found = 0;
  for (const query of queries) {
    vectors.begin(query, { exact: true });
    const exact = Array.from({ length: ROWS }, (_, r) => [r, vectors.cosineOf(r)] as const)
      .sort((a, b) => b[1] - a[1]).slice(0, 100).map(([r]) => r);
    vectors.begin(query);
    const considered = new Set<number>();
    vectors.postingsAbove(-2, (p) => considered.add(p));
    assert.equal(considered.size, NEAREST_ROWS);
    found += exact.filter((r) => considered.has(r)).length;
    // Any row's cosine is the exact one, considered or not.
    for (const row of [0, 1234, ROWS - 1, exact[0]]) {
      const lazy = vectors.cosineOf(row);
      vectors.begin(query, { exact: true });
      assert.equal(lazy, vectors.cosineOf(row));
      vectors.begin(query);
    }
  }
  assert.ok(found / (100 * queries.length) >= 0.98, `recall ${found / (100 * queries.length)}`);
});

Deno.test("past the scan threshold, a filter still only removes postings from a search's set", () => {
  const jobs: Job[] = Array.from({ length: ROWS }, (_, p) => ({
    id: `id-${String(p).padStart(6, "0")}`,
    job_title: "Posting",
    company_name: "",
    city: "",
    country: p % 3 === 0 ? "DE" : "US",
    publish_time: `2026-0${1 + (p % 9)}-01 00:00:00`,
    job_url: `https://example.com/${p}`,
    job_tags: [],
    data_source: "indeed",
    job_description: "",
  }));
  const noWords = () => ({
    words: [] as string[],
    start: Uint32Array.of(0),
    ids: new Uint32Array(0),
    counts: new Uint16Array(0),
  });
  const text: PositionText = {
    terms: {
      title: noWords(),
      tags: noWords(),
      company: noWords(),
      location: noWords(),
      description: noWords(),
    },
    lengths: {
      title: new Uint32Array(ROWS),
      tags: new Uint32Array(ROWS),
      company: new Uint32Array(ROWS),
      location: new Uint32Array(ROWS),
      description: new Uint32Array(ROWS),
    },
  };
  const index = new JobIndex({
    model: "test",
    dimensions: DIMENSIONS,
    jobs,
    vectors: int8,
    vectorScales: scales,
    vectorOfDoc,
    text,
  });
  for (const vector of queries) {
    const request = {
      query: analyzeQuery("posting"),
      vector,
      mode: "vector" as const,
      minScore: 0.5,
    };
    const all = new Set(index.search(request).hits.map((hit) => hit.job.id));
    assert.ok(all.size > 0);
    const german = index.search({ ...request, filters: { country: "DE" } }).hits;
    assert.ok(german.length > 0);
    for (const hit of german) assert.ok(all.has(hit.job.id), hit.job.id);
  }
});
