import { strict as assert } from "node:assert";
import fc from "fast-check";
import { Int8Rows, kernelFits } from "./dot_kernel.ts";
import { compileDotKernel } from "./dot_kernel_build.ts";
import { DOT_KERNEL_WASM } from "./dot_kernel_wasm.ts";

Deno.test("the kernel's committed bytes are what dot_kernel.wat compiles to (deno task build:kernel)", async () => {
  assert.deepEqual(Uint8Array.fromBase64(DOT_KERNEL_WASM), await compileDotKernel());
});

Deno.test("the kernel's products are the float products within the int16 query's rounding, and dotAll is dot row by row", () => {
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
      const rows = new Int8Rows(values, dims);
      rows.setQuery(query);
      const all = new Float32Array(count);
      rows.dotAll(scales, all);
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
    () => new Int8Rows(new Int8Array(100), 16),
    /Cannot hold 100 int8 values as rows of 16/,
  );
});
