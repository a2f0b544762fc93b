import { strict as assert } from "node:assert";
import fc from "fast-check";
import {
  BATCH_QUERIES,
  helpersFor,
  Int8Rows,
  kernelFits,
  shareCores,
  THREADS_MIN_BYTES,
} from "./dot_kernel.ts";
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

/** Waits for the `n`th helper start since the rows were made (polled: a loaded machine is slow). */
async function helperStarted(rows: Int8Rows, n = 1): Promise<void> {
  for (let tries = 0; rows.helpersStarted < n; tries++) {
    if (tries === 3_000) throw new Error(`helper start ${n} not seen in 30 s`);
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
      if (tries === 3_000) throw new Error("the idle helper did not end in 30 s");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.equal(shared.helpersStarted, 1);
    const vector = query();
    alone.setQuery(vector);
    shared.setQuery(vector);
    assert.deepEqual(shared.scoreAll(), alone.scoreAll());
    await helperStarted(shared, 2);
  } finally {
    shared.close();
  }
});

/** Seeded unit rows quantised as an index holds them (one scale a row), and unit queries. */
function unitRows(count: number, dims: number, seed: number) {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const unit = () => {
    const v = Float32Array.from({ length: dims }, () => next() * 2 - 1);
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  };
  // Rows near a few centres, so that some are near any query drawn the same way.
  const centres = Array.from({ length: 8 }, unit);
  const values = new Int8Array(count * dims);
  const scales = new Float32Array(count);
  for (let r = 0; r < count; r++) {
    const centre = centres[r % centres.length];
    const noise = unit();
    const mix = next();
    const row = centre.map((x, k) => x * mix + noise[k] * (1 - mix));
    const norm = Math.hypot(...row);
    const largest = Math.max(...row.map((x) => Math.abs(x / norm)));
    scales[r] = largest / 127;
    for (let k = 0; k < dims; k++) values[r * dims + k] = Math.round(row[k] / norm / scales[r]);
  }
  const query = () => {
    const centre = centres[Math.floor(next() * centres.length)];
    const noise = unit();
    const row = centre.map((x, k) => x * 0.7 + noise[k] * 0.3);
    const norm = Math.hypot(...row);
    return row.map((x) => x / norm);
  };
  return { values, scales, query };
}

Deno.test("a screened pass gives every row that could reach its bar its exact cosine, and every other row a value under its bar", () => {
  const count = 3_000, dims = 128;
  const { values, scales, query } = unitRows(count, dims, 5);
  const exact = new Int8Rows(values, scales, dims);
  const screened = new Int8Rows(values, scales, dims, { screened: true });
  const bars = fc.record({
    titleBar: fc.double({ min: -0.2, max: 1, noNaN: true }),
    wordBar: fc.double({ min: -0.2, max: 1, noNaN: true }),
    wordRows: fc.uniqueArray(fc.integer({ min: 0, max: count - 1 }), { maxLength: 500 }),
  });
  fc.assert(
    fc.property(bars, ({ titleBar, wordBar, wordRows }) => {
      const vector = query();
      exact.setQuery(vector);
      const truth = exact.scoreAll().slice();
      screened.setQuery(vector);
      for (const r of wordRows) screened.wordRows[r] = 1;
      const marked = new Set(wordRows);
      const cosines = screened.screenAll(titleBar, wordBar);
      let exactOnes = 0;
      for (let r = 0; r < count; r++) {
        const bar = marked.has(r) ? wordBar : titleBar;
        if (truth[r] >= bar) assert.equal(cosines[r], truth[r], `row ${r} reaches ${bar}`);
        else if (cosines[r] !== truth[r]) assert.ok(cosines[r] < bar, `row ${r}: ${cosines[r]}`);
        if (cosines[r] === truth[r]) exactOnes++;
      }
      // Rows are computed exactly only where the estimate is near the bar or past it.
      assert.ok(screened.exactRows <= exactOnes);
      assert.ok(screened.wordRows.every((mark) => mark === 0), "the word rows are cleared");
    }),
    { numRuns: 150 },
  );
  // With bars nothing reaches, no row is computed exactly.
  screened.setQuery(query());
  screened.screenAll(Infinity, Infinity);
  assert.equal(screened.exactRows, 0);
  assert.throws(() => exact.screenAll(0, 0), /Cannot screen: the kernel holds no codes/);
});

Deno.test("the refined pass that lets sixteen rows go together decides every row as the test row by row does", () => {
  // Rows not a multiple of sixteen (nor of four): the last ones go row by row.
  for (const [count, dims] of [[3_001, 128], [1_037, 64]]) {
    const { values, scales, query } = unitRows(count, dims, 40 + dims);
    // Rows of a larger scale than the rest of their sixteen, and a row of zeros (scale 1, as
    // quantiseRows gives it): each group's bar is set by its largest.
    for (let r = 7; r < count; r += 211) scales[r] *= 1.6;
    values.fill(0, 100 * dims, 101 * dims);
    scales[100] = 1;
    const groups = new Int8Rows(values, scales, dims, { screened: true });
    const rowByRow = new Int8Rows(values, scales, dims, { screened: true, groups: false });
    const bars = fc.record({
      // A bar at a row's estimate plus up to an estimate's margin or two, so that the groups'
      // bars land among the estimates; or anywhere.
      near: fc.integer({ min: 0, max: count - 1 }),
      titleAbove: fc.double({ min: -0.02, max: 0.15, noNaN: true }),
      wordAbove: fc.double({ min: -0.02, max: 0.15, noNaN: true }),
      anywhere: fc.option(fc.double({ min: -0.2, max: 1, noNaN: true })),
      wordRows: fc.uniqueArray(fc.integer({ min: 0, max: count - 1 }), { maxLength: 400 }),
    });
    fc.assert(
      fc.property(bars, ({ near, titleAbove, wordAbove, anywhere, wordRows }) => {
        const vector = Float32Array.from(query());
        // Bars nothing reaches leave every row its estimate.
        rowByRow.setQuery(vector);
        const estimate = rowByRow.screenAll(Infinity, Infinity)[near];
        const titleBar = anywhere ?? estimate + titleAbove;
        const wordBar = estimate + wordAbove;
        rowByRow.setQuery(vector);
        groups.setQuery(vector);
        for (const rows of [groups, rowByRow]) for (const r of wordRows) rows.wordRows[r] = 1;
        const expected = rowByRow.screenAll(titleBar, wordBar).slice();
        assert.deepEqual(groups.screenAll(titleBar, wordBar), expected);
        assert.equal(groups.exactRows, rowByRow.exactRows);
      }),
      { numRuns: 200 },
    );
  }
});

/**
 * `count` screened 64-d unit rows held twice, by a kernel alone and by one sharing its passes with
 * a helper thread (started before `check` runs); the shared one closed after.
 */
async function withScreenedPair(
  count: number,
  seed: number,
  check: (pair: { alone: Int8Rows; shared: Int8Rows; query: () => Float32Array }) => void,
): Promise<void> {
  const dims = 64;
  const { values, scales, query } = unitRows(count, dims, seed);
  const alone = new Int8Rows(values, scales, dims, { screened: true });
  const shared = new Int8Rows(values, scales, dims, { screened: true, helpers: 1 });
  try {
    shared.setQuery(query());
    shared.scoreAll();
    await helperStarted(shared);
    check({ alone, shared, query });
  } finally {
    shared.close();
  }
}

Deno.test("a screened pass shared with a helper thread is the one a single thread runs, its estimates started early or not", async () => {
  const count = 6 * 8_192 + 7;
  await withScreenedPair(count, 9, ({ alone, shared, query }) => {
    for (let round = 0; round < 60; round++) {
      const vector = query();
      const marks = Array.from({ length: 200 }, (_, k) => (k * 7_919 + round * 104_729) % count);
      for (const rows of [alone, shared]) {
        rows.setQuery(vector);
        // As a search does: the estimates start before the words' rows are marked.
        if (round % 2) rows.startEstimates();
        for (const r of marks) rows.wordRows[r] = 1;
      }
      const bar = 0.2 + (round % 6) / 10;
      assert.deepEqual(shared.screenAll(bar, bar - 0.15), alone.screenAll(bar, bar - 0.15));
      assert.equal(shared.exactRows, alone.exactRows, `round ${round}`);
    }
    assert.ok(shared.helperChunks > 0, "the helper ran no chunk in 60 rounds");
  });
});

Deno.test("helper threads share the passes of a caller that never returns to its event loop", () => {
  // A bench's loop of awaited searches, or a burst of work on one task: the helpers count
  // themselves in through the shared memory, not by a message this thread would never read.
  const count = 4 * 8_192, dims = 16;
  const { values, scales, query } = randomRows(count, dims, 13);
  const shared = new Int8Rows(values, scales, dims, { helpers: 1 });
  try {
    const started = Date.now();
    while (shared.helperChunks === 0) {
      if (Date.now() - started > 10_000) throw new Error("no helper took a chunk in 10 s");
      shared.setQuery(query());
      shared.scoreAll();
    }
  } finally {
    shared.close();
  }
});

Deno.test("queries estimated together give each the screened pass it gets alone, estimates and exact rows", () => {
  // 64 and 128 values: one and two of the estimate's 32-byte steps a row; rows not a multiple of
  // four.
  for (const [count, dims] of [[1_003, 64], [2_001, 128]]) {
    const { values, scales, query } = unitRows(count, dims, 21 + dims);
    const alone = new Int8Rows(values, scales, dims, { screened: true });
    const together = new Int8Rows(values, scales, dims, { screened: true });
    const batch = fc.record({
      size: fc.integer({ min: 1, max: BATCH_QUERIES }),
      order: fc.func(fc.integer()),
      bars: fc.array(
        fc.record({
          titleBar: fc.double({ min: -0.2, max: 1, noNaN: true }),
          wordBar: fc.double({ min: -0.2, max: 1, noNaN: true }),
          wordRows: fc.uniqueArray(fc.integer({ min: 0, max: count - 1 }), { maxLength: 300 }),
        }),
        { minLength: BATCH_QUERIES, maxLength: BATCH_QUERIES },
      ),
      // A search that leaves its estimates unused (keywords alone, an error): the batch's others
      // must still be right.
      unused: fc.integer({ min: -1, max: BATCH_QUERIES - 1 }),
    });
    fc.assert(
      fc.property(batch, ({ size, order, bars, unused }) => {
        const vectors = Array.from({ length: size }, () => Float32Array.from(query()));
        together.estimateBatch(vectors);
        // Used in any order, each once, as searches waiting together run one after another.
        const turns = vectors.map((_, b) => b).sort((a, b) => order(a) - order(b));
        for (const b of turns) {
          if (b === unused) continue;
          const vector = vectors[b];
          const { titleBar, wordBar, wordRows } = bars[b];
          alone.setQuery(vector);
          together.setQuery(vector);
          // Bars nothing reaches leave every row its estimate: those must be the same values.
          const own = b % 2 === 0;
          for (const rows of [alone, together]) for (const r of wordRows) rows.wordRows[r] = 1;
          const expected = own
            ? alone.screenAll(titleBar, wordBar).slice()
            : alone.screenAll(Infinity, Infinity).slice();
          const actual = own
            ? together.screenAll(titleBar, wordBar)
            : together.screenAll(Infinity, Infinity);
          assert.deepEqual(actual, expected, `query ${b} of ${size}`);
          assert.equal(together.exactRows, alone.exactRows);
        }
        // A vector used once is estimated again when set again: its estimates are spent.
        const again = vectors[turns[0]];
        if (turns[0] !== unused) {
          alone.setQuery(again);
          together.setQuery(again);
          assert.deepEqual(together.screenAll(0.3, 0.1), alone.screenAll(0.3, 0.1).slice());
        }
      }),
      { numRuns: 60 },
    );
  }
  const exact = new Int8Rows(new Int8Array(64), new Float32Array(1), 64);
  assert.throws(() => exact.estimateBatch([new Float32Array(64)]), /holds no codes/);
});

Deno.test("queries estimated together on a helper thread too are the passes alone", async () => {
  await withScreenedPair(5 * 8_192 + 3, 31, ({ alone, shared, query }) => {
    const chunks = shared.helperChunks;
    for (let round = 0; round < 24; round++) {
      const vectors = Array.from({ length: 1 + (round % BATCH_QUERIES) }, () => query());
      shared.estimateBatch(vectors);
      for (const vector of vectors) {
        alone.setQuery(vector);
        shared.setQuery(vector);
        assert.deepEqual(shared.screenAll(Infinity, Infinity), alone.screenAll(Infinity, Infinity));
      }
    }
    assert.ok(shared.helperChunks > chunks, "the helper ran no chunk of a batch");
  });
});

Deno.test("a search process among others takes its share of the cores: no helper thread where the processes are as many as the cores", () => {
  const cores = navigator.hardwareConcurrency;
  const large = THREADS_MIN_BYTES / 384;
  try {
    assert.equal(helpersFor(large, 384), Math.max(0, Math.min(3, cores - 1)), "a process alone");
    assert.equal(helpersFor(large / 2, 384), 0, "rows too few to share");
    for (const processes of [2, 3, 4, cores, 2 * cores]) {
      shareCores(processes);
      const share = Math.floor(cores / processes);
      assert.equal(helpersFor(large, 384), Math.max(0, Math.min(3, share - 1)), `${processes}`);
    }
    shareCores(cores);
    assert.equal(helpersFor(large, 384), 0);
  } finally {
    shareCores(1);
  }
});
