import { strict as assert } from "node:assert";
import fc from "fast-check";
import type { Job } from "../domain/job.ts";
import { analyzeQuery } from "./analyze_query.ts";
import { JobIndex } from "./job_index.ts";
import { buildPositionText } from "./position_text.ts";
import type { PositionText } from "./term_dictionary.ts";
import {
  NEAREST_ROWS,
  NEAREST_SCAN_MIN_ROWS,
  quantiseRows,
  TitleVectors,
} from "./title_vectors.ts";

/** Not a whole number of 16-lane steps: the SIMD kernel does not take these rows, the scan does. */
const DIMENSIONS = 24;
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
const vectors = new TitleVectors({
  vectors: int8,
  vectorScales: scales,
  dimensions: DIMENSIONS,
  vectorOfDoc,
});
const queries = Array.from(
  { length: 12 },
  (_, q) => floats.slice(q * 997 * DIMENSIONS, (q * 997 + 1) * DIMENSIONS),
);

/** One posting per vector row, `fields` overriding the defaults. */
function postingsOf(fields: (p: number) => Partial<Job>): Job[] {
  return Array.from({ length: ROWS }, (_, p) => ({
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
    ...fields(p),
  }));
}

/** An index of `jobs` over the module's vector rows, posting p on row p. */
function indexOf(jobs: Job[], text: PositionText): JobIndex {
  return new JobIndex({
    model: "test",
    dimensions: DIMENSIONS,
    jobs,
    vectors: int8,
    vectorScales: scales,
    vectorOfDoc,
    text,
  });
}

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
  const jobs = postingsOf(() => ({}));
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
  const index = indexOf(jobs, text);
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

Deno.test("past the scan threshold, no row a search has not computed is above the ceiling", () => {
  fc.assert(
    fc.property(
      // A query near a title (a row plus noise) or anywhere (noise alone).
      fc.integer({ min: -1, max: ROWS - 1 }),
      fc.array(fc.float({ min: -1, max: 1, noNaN: true }), {
        minLength: DIMENSIONS,
        maxLength: DIMENSIONS,
      }),
      (row, noise) => {
        const query = Float32Array.from(
          noise,
          (x, k) => (row < 0 ? 0 : floats[row * DIMENSIONS + k]) + x * 0.3,
        );
        const norm = Math.hypot(...query);
        fc.pre(norm > 0.01);
        for (let k = 0; k < DIMENSIONS; k++) query[k] /= norm;
        vectors.begin(query);
        const ceiling = vectors.ceiling;
        const unknown: number[] = [];
        for (let r = 0; r < ROWS; r++) if (!vectors.known(r)) unknown.push(r);
        assert.equal(unknown.length, ROWS - NEAREST_ROWS);
        for (const r of unknown) assert.ok(vectors.cosineOf(r) <= ceiling, `row ${r}`);
      },
    ),
    { numRuns: 25 },
  );
});

Deno.test("past the scan threshold, candidates dropped for their title's ceiling change no result set", () => {
  // Titles of a few words each, so that a query's words match thousands of postings with scores
  // of every size: the broad query whose cosines the ceiling saves.
  const words = ["nurse", "welder", "senior", "care", "night", "data", "driver", "cook"];
  const jobs = postingsOf((p) => ({
    job_title: [words[p % 8], words[(p >> 3) % 8], ...(p % 5 === 0 ? [words[(p >> 6) % 8]] : [])]
      .join(" "),
    company_name: p % 7 === 0 ? "Senior Care Homes" : "Acme",
    job_description: p % 4 === 0 ? `${words[(p >> 4) % 8]} duties` : "",
  }));
  const index = indexOf(jobs, buildPositionText(jobs));
  for (const [q, text] of ["senior nurse", "care", "night driver", "data cook welder"].entries()) {
    const vector = queries[q];
    // A floor below which the title alone never counts, set where every row above it is among
    // the nearest rows the scan finds: then a search that computes every cosine (`exactVectors`,
    // which drops nothing by a ceiling) has the same candidates, and must cut them alike.
    vectors.begin(vector, { exact: true });
    const cosines = Array.from({ length: ROWS }, (_, r) => vectors.cosineOf(r)).sort((a, b) =>
      b - a
    );
    const request = {
      query: analyzeQuery(text),
      vector,
      sort: "relevance" as const,
      minScore: 0.45,
      relativeCut: 0.6,
      weakFloor: 0.25,
      ranking: {
        vectorWeight: 0.5,
        vectorWeightUnmatched: 1,
        cosineFloor: cosines[NEAREST_ROWS / 2],
        cosineCeiling: cosines[0],
      },
    };
    const pruned = index.search(request);
    const exact = index.search({ ...request, exactVectors: true });
    assert.ok(pruned.total > 0, text);
    assert.equal(pruned.total, exact.total, text);
    assert.deepEqual(
      pruned.hits.map((hit) => [hit.job.id, hit.score]),
      exact.hits.map((hit) => [hit.job.id, hit.score]),
      text,
    );
  }
});

Deno.test("rows the SIMD kernel takes are all scored, past the scan threshold too, as JavaScript scores them", () => {
  const dims = 32;
  // The module's 24-d kind of rows, each padded with zeros to 32.
  const narrow = clusteredRows(ROWS, 11);
  const rows = new Float32Array(ROWS * dims);
  for (let r = 0; r < ROWS; r++) {
    rows.set(narrow.subarray(r * DIMENSIONS, (r + 1) * DIMENSIONS), r * dims);
  }
  const quantised = quantiseRows(rows, dims);
  const kernel = new TitleVectors({
    vectors: quantised.values,
    vectorScales: quantised.scales,
    dimensions: dims,
    vectorOfDoc,
  });
  const query = rows.slice(4242 * dims, 4243 * dims);
  kernel.begin(query);
  let known = 0;
  for (let r = 0; r < ROWS; r++) if (kernel.known(r)) known++;
  assert.equal(known, ROWS);
  assert.equal(kernel.ceiling, -Infinity);
  const considered = new Set<number>();
  kernel.postingsAbove(-2, (p) => considered.add(p));
  assert.equal(considered.size, ROWS);
  for (const r of [0, 4242, 31_337, ROWS - 1]) {
    let exact = 0;
    for (let k = 0; k < dims; k++) exact += quantised.values[r * dims + k] * query[k];
    assert.ok(Math.abs(kernel.cosineOf(r) - exact * quantised.scales[r]) < 1e-4, `row ${r}`);
  }
});
