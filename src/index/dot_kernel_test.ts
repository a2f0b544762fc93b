import { strict as assert } from "node:assert";
import fc from "fast-check";
import { Int8Rows, kernelFits } from "./dot_kernel.ts";
import { compileDotKernel } from "./dot_kernel_build.ts";
import { DOT_KERNEL_WASM } from "./dot_kernel_wasm.ts";

Deno.test("the kernel's committed bytes are what dot_kernel.wat compiles to (deno task build:kernel)", async () => {
  assert.deepEqual(Uint8Array.fromBase64(DOT_KERNEL_WASM), await compileDotKernel());
});

Deno.test("the kernel's products are the float products within the int16 query's rounding, and scoreAll is dot row by row", () => {
  const rowsAndQuery = fc.constantFrom(16, 32, 384).chain((dims) =>
    fc.integer({ min: 1, max: 40 }).chain((count) =>
      fc.record({
        dims: fc.constant(dims),
        values: fc.int8Array({ minLength: dims * count, maxLength: dims * count }),
        query: fc.float32Array({ minLength: dims, maxLength: dims, min: -1, max: 1, noNaN: true }),
        scales: fc.float32Array({
          minLength: count,
          maxLength: count,
          min: 0,
          max: Math.fround(0.01),
          noNaN: true,
        }),
      })
    )
  );
  fc.assert(
    fc.property(rowsAndQuery, ({ dims, values, query, scales }) => {
      const count = scales.length;
      const rows = new Int8Rows(values, scales, dims);
      rows.setQuery(query);
      const all = rows.scoreAll();
      const largest = Math.max(0, ...query.map(Math.abs));
      for (let r = 0; r < count; r++) {
        let exact = 0;
        for (let k = 0; k < dims; k++) exact += values[r * dims + k] * query[k];
        // Each query value is off by at most half its int16 step.
        const bound = (dims * 128 * largest) / 65_534 + 1e-6;
        assert.ok(Math.abs(rows.dot(r) - exact) <= bound, `${rows.dot(r)} vs ${exact}`);
        assert.equal(all[r], Math.fround(rows.dot(r) * scales[r]));
      }
    }),
    { numRuns: 200 },
  );
});

Deno.test("the kernel takes only whole 16-lane rows up to 512 wide that fit its 4 GiB memory", () => {
  assert.equal(kernelFits(1000, 384), true);
  assert.equal(kernelFits(1000, 100), false);
  assert.equal(kernelFits(1000, 512), true);
  assert.equal(kernelFits(1000, 1024), false);
  assert.equal(kernelFits(20_000_000, 384), false);
  assert.throws(
    () => new Int8Rows(new Int8Array(100), new Float32Array(6), 16),
    /Cannot hold 100 int8 values as rows of 16/,
  );
  assert.throws(
    () => new Int8Rows(new Int8Array(96), new Float32Array(5), 16),
    /Cannot hold 6 rows with 5 scales/,
  );
});

/** Random int8 rows and scales, the same every run. */
function randomRows(count: number, dims: number, seed: number) {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const values = Int8Array.from({ length: count * dims }, () => Math.floor(next() * 255) - 127);
  const scales = Float32Array.from({ length: count }, () => next() / 100);
  const query = () => Float32Array.from({ length: dims }, () => next() * 2 - 1);
  return { values, scales, query };
}

async function helperStarted(rows: Int8Rows): Promise<void> {
  for (let tries = 0; rows.helpersRunning === 0; tries++) {
    if (tries === 500) throw new Error("no helper thread started in 5 s");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

Deno.test("with helper threads every row's cosine is the one a single thread computes, query after query", async () => {
  // 20 chunks of rows: the caller and the helper both take some in every round.
  const count = 20 * 8_192 - 5, dims = 16;
  const { values, scales, query } = randomRows(count, dims, 7);
  const alone = new Int8Rows(values, scales, dims);
  const shared = new Int8Rows(values, scales, dims, { helpers: 1 });
  try {
    shared.setQuery(query());
    shared.scoreAll();
    await helperStarted(shared);
    for (let round = 0; round < 200; round++) {
      const vector = query();
      alone.setQuery(vector);
      shared.setQuery(vector);
      assert.deepEqual(shared.scoreAll(), alone.scoreAll(), `round ${round}`);
    }
    assert.ok(shared.helperChunks > 0, "the helper scored no chunk in 200 rounds");
    shared.close();
    assert.equal(shared.helpersRunning, 0);
    const vector = query();
    alone.setQuery(vector);
    shared.setQuery(vector);
    assert.deepEqual(shared.scoreAll(), alone.scoreAll(), "after close");
  } finally {
    shared.close();
  }
});

Deno.test("a helper thread left idle ends itself, and the next search starts it again", async () => {
  const count = 3 * 8_192, dims = 16;
  const { values, scales, query } = randomRows(count, dims, 11);
  const alone = new Int8Rows(values, scales, dims);
  const shared = new Int8Rows(values, scales, dims, { helpers: 1, helperIdleMs: 50 });
  try {
    shared.setQuery(query());
    shared.scoreAll();
    await helperStarted(shared);
    for (let tries = 0; shared.helpersRunning > 0; tries++) {
      if (tries === 500) throw new Error("the idle helper did not end in 5 s");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const vector = query();
    alone.setQuery(vector);
    shared.setQuery(vector);
    assert.deepEqual(shared.scoreAll(), alone.scoreAll());
    await helperStarted(shared);
  } finally {
    shared.close();
  }
});
