import { strict as assert } from "node:assert";
import fc from "fast-check";
import type { Job } from "../domain/job.ts";
import { assembleIndexData } from "./job_index_data.ts";
import { JobIndex } from "./job_index.ts";
import { quantiseRows, titleRowsProblem, TitleVectors } from "./title_vectors.ts";

const DIMENSIONS = 32;
const ROWS = 5_000;

/** Seeded unit vectors that cluster (sums of a few of 200 "word" vectors), as titles do. */
function clusteredRows(rows: number, dims: number, seed = 7): Float32Array {
  let state = seed;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
  const words = Array.from(
    { length: 200 },
    () => Float32Array.from({ length: dims }, () => random() * 2 - 1),
  );
  const out = new Float32Array(rows * dims);
  for (let r = 0; r < rows; r++) {
    const row = out.subarray(r * dims, (r + 1) * dims);
    for (let w = 0; w < 2 + (r % 3); w++) {
      const word = words[Math.floor(random() ** 2 * words.length)];
      for (let k = 0; k < dims; k++) row[k] += word[k] + (random() - 0.5) * 0.2;
    }
    const norm = Math.hypot(...row);
    for (let k = 0; k < dims; k++) row[k] /= norm;
  }
  return out;
}

Deno.test("every row's cosine is its int8 values' product with the query times the row's scale", () => {
  const floats = clusteredRows(ROWS, DIMENSIONS);
  const { values, scales } = quantiseRows(floats, DIMENSIONS);
  // Offset in its buffer, as a snapshot's section is.
  const padded = new Int8Array(values.length + 24);
  padded.set(values, 24);
  const vectors = new TitleVectors({
    vectors: padded.subarray(24),
    vectorScales: scales,
    dimensions: DIMENSIONS,
    vectorOfDoc: Uint32Array.from({ length: ROWS }, (_, p) => p),
  });
  for (const at of [0, 1234, 4242]) {
    const query = floats.slice(at * DIMENSIONS, (at + 1) * DIMENSIONS);
    const cosines = vectors.begin(query);
    assert.equal(cosines.length, ROWS);
    for (let r = 0; r < ROWS; r++) {
      let product = 0;
      for (let k = 0; k < DIMENSIONS; k++) product += values[r * DIMENSIONS + k] * query[k];
      assert.ok(Math.abs(cosines[r] - product * scales[r]) < 1e-4, `row ${r}`);
      // Within the int8 rows' own error of the float cosine.
      let exact = 0;
      for (let k = 0; k < DIMENSIONS; k++) exact += floats[r * DIMENSIONS + k] * query[k];
      assert.ok(Math.abs(cosines[r] - exact) < 0.01, `row ${r}: ${cosines[r]} against ${exact}`);
    }
    // The query's own title is the nearest.
    assert.ok(Math.abs(cosines[at] - 1) < 0.01);
  }
});

Deno.test("meanCosineAt() is the mean of the rows' cosines, and leaves the kernel's pass alone", () => {
  const floats = clusteredRows(200, DIMENSIONS);
  const { values, scales } = quantiseRows(floats, DIMENSIONS);
  const vectors = new TitleVectors({
    vectors: values,
    vectorScales: scales,
    dimensions: DIMENSIONS,
    vectorOfDoc: Uint32Array.from({ length: 200 }, (_, p) => p),
  });
  const query = floats.slice(0, DIMENSIONS);
  const other = floats.slice(7 * DIMENSIONS, 8 * DIMENSIONS);
  const cosines = vectors.begin(query).slice();
  const rows = [3, 42, 199];
  const otherCosines = vectors.cosines(other).slice();
  vectors.begin(query);
  const mean = vectors.meanCosineAt(other, rows);
  const expected = rows.reduce((sum, r) => sum + otherCosines[r], 0) / rows.length;
  assert.ok(Math.abs(mean - expected) < 1e-4, `${mean} against ${expected}`);
  // The cosines of the pass under way are untouched.
  assert.deepEqual([...vectors.begin(query)], [...cosines]);
  assert.equal(vectors.meanCosineAt(other, []), 0);
  assert.throws(() => vectors.meanCosineAt(new Float32Array(8), rows), /dimensions/);
});

Deno.test("quantiseRows(): a row's largest value is ±127, each within half a step of its float", () => {
  fc.assert(
    fc.property(
      fc.array(fc.float({ min: -1, max: 1, noNaN: true, noDefaultInfinity: true }), {
        minLength: 16,
        maxLength: 16,
      }),
      (drawn) => {
        const row = Float32Array.from(drawn);
        const norm = Math.hypot(...row);
        fc.pre(norm > 1e-3);
        for (let k = 0; k < row.length; k++) row[k] /= norm;
        const { values, scales } = quantiseRows(row, 16);
        let largest = 0;
        for (let k = 0; k < 16; k++) {
          largest = Math.max(largest, Math.abs(values[k]));
          const back = values[k] * scales[0];
          assert.ok(
            Math.abs(back - row[k]) <= scales[0] / 2 + 1e-6,
            `value ${k}: ${back} for ${row[k]}`,
          );
        }
        assert.equal(largest, 127);
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("an index refuses title vectors whose width the SIMD kernel does not take, saying why", () => {
  const job: Job = {
    id: "id-1",
    job_title: "Nurse",
    company_name: "",
    city: "",
    country: "DE",
    publish_time: "2026-01-01 00:00:00",
    job_url: "https://example.com/1",
    job_tags: [],
    data_source: "indeed",
    job_description: "",
  };
  for (
    const [dimensions, why] of [
      [24, /Cannot build index: 24-d vectors are not whole steps of 16 values/],
      [528, /Cannot build index: 528-d vectors are wider than the 512 values/],
    ] as const
  ) {
    const vector = new Float32Array(dimensions);
    vector[0] = 1;
    const data = assembleIndexData({ model: "test", dimensions, jobs: [job], vectors: [vector] });
    assert.throws(() => new JobIndex(data), why);
  }
});

Deno.test("titleRowsProblem(): past the rows the kernel's 4 GiB hold, an index is refused by name", () => {
  // 384-d rows: 392 bytes each with their scale and cosine.
  assert.equal(titleRowsProblem(10_956_546, 384), null);
  assert.equal(
    titleRowsProblem(10_956_547, 384),
    "10956547 distinct titles of 384-d vectors are more than the 10956546 the search's SIMD kernel holds in its 4 GiB",
  );
  assert.equal(titleRowsProblem(8_259_550, 512), null);
  assert.match(titleRowsProblem(8_259_551, 512)!, /more than the 8259550 /);
  assert.match(titleRowsProblem(10, 300)!, /300-d vectors are not whole steps of 16 values/);
});
