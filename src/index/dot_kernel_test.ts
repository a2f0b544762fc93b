import { strict as assert } from "node:assert";
import fc from "fast-check";
import { Int8Rows, kernelFits } from "./dot_kernel.ts";
import { compileDotKernel } from "./dot_kernel_build.ts";
import { DOT_KERNEL_WASM } from "./dot_kernel_wasm.ts";

Deno.test("the kernel's committed bytes are what dot_kernel.wat compiles to (deno task build:kernel)", async () => {
  assert.deepEqual(Uint8Array.fromBase64(DOT_KERNEL_WASM), await compileDotKernel());
});

Deno.test("the kernel's products are the float products within the int16 query's rounding, and dotAll is dot row by row", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(16, 32, 384),
      fc.integer({ min: 1, max: 40 }),
      fc.integer({ min: 1, max: 0x7fffffff }),
      (dims, count, seed) => {
        let state = seed;
        const random = () => {
          state ^= state << 13;
          state ^= state >>> 17;
          state ^= state << 5;
          return (state >>> 0) / 0x100000000;
        };
        const values = Int8Array.from(
          { length: dims * count },
          () => Math.floor(random() * 256) - 128,
        );
        const query = Float32Array.from({ length: dims }, () => random() * 2 - 1);
        const scales = Float32Array.from({ length: count }, () => random() / 100);
        const rows = new Int8Rows(values, dims);
        rows.setQuery(query);
        const all = new Float32Array(count);
        rows.dotAll(scales, all);
        const largest = Math.max(...query.map(Math.abs));
        for (let r = 0; r < count; r++) {
          let exact = 0;
          for (let k = 0; k < dims; k++) exact += values[r * dims + k] * query[k];
          // Each query value is off by at most half its int16 step.
          const bound = (dims * 128 * largest) / 65_534 + 1e-6;
          assert.ok(Math.abs(rows.dot(r) - exact) <= bound, `${rows.dot(r)} vs ${exact}`);
          assert.equal(all[r], Math.fround(rows.dot(r) * scales[r]));
        }
      },
    ),
    { numRuns: 200 },
  );
});

Deno.test("the kernel takes only whole 16-lane rows that fit its 4 GiB memory", () => {
  assert.equal(kernelFits(1000, 384), true);
  assert.equal(kernelFits(1000, 100), false);
  assert.equal(kernelFits(20_000_000, 384), false);
  assert.throws(
    () => new Int8Rows(new Int8Array(100), 16),
    /Cannot hold 100 int8 values as rows of 16/,
  );
});
