/**
 * Whether the screened kernel's estimate pass (src/index/dot_kernel.wat, pass kind 1) is bound by
 * memory or by instructions at 1,000,000 384-d rows, and so whether searches waiting at the same
 * time would cost less with their estimates computed in one sweep over the rows' codes:
 * `deno run -A bench/estimate_batch.ts [--rows N] [--passes N]`. It times, per query (median wall
 * over the passes, CPU of every thread of the process from /proc over all of them):
 *
 * - one pass alone on one thread (the kernel's own `pass`, as a search runs it);
 * - the same over rows whose codes fit the caches (`--rows 16384`: 3 MiB), the pass without its
 *   memory traffic;
 * - two passes at once on two threads, each its own memory (two search processes);
 * - "blocked": k queries' passes by blocks of 256 rows (48 KiB of codes), each block's passes
 *   for every query in turn: the codes come from memory once for the k, then from the caches;
 * - "k at once": the kernel's pass for 2 or 4 queries (kinds 5 and 4), which loads and unpacks
 *   each row's codes once and keeps k sums, as a search process runs it for searches waiting
 *   together (src/index/dot_kernel.ts `estimateBatch`).
 *
 * Every estimate is checked equal, value for value, to the kernel's pass alone.
 *
 * @module
 */
import { CONTROL_BYTES, LAYOUT_SLOT, PASS_KIND } from "../src/index/dot_kernel_threads.ts";
import { DOT_KERNEL_WASM } from "../src/index/dot_kernel_wasm.ts";

const DIMS = 384;
const HALF = DIMS / 2;
const MAX_QUERIES = 8;
const BLOCK_ROWS = 256;
/** f64 slots of the control record (dot_kernel_threads.ts): the int8 query's scale, the bias. */
const QUERY8_SCALE = 9;
const BIAS = 10;
/** The i32 slot of the control record holding the address of the queries' table. */
const TABLE_SLOT = 31;

function flag(name: string): string | undefined {
  const i = Deno.args.indexOf(name);
  return i >= 0 ? Deno.args[i + 1] : undefined;
}

/** CPU ms of every thread of this process, from /proc/self/stat. */
function processCpuMs(): number {
  const stat = Deno.readTextFileSync("/proc/self/stat");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
const round = (value: number) => Number(value.toFixed(2));

/** One memory: random codes of `rows` rows, their scales, 8 int8 queries, their estimates. */
class Rig {
  readonly rows: number;
  readonly memory: WebAssembly.Memory;
  readonly pass: (record: number, from: number, to: number) => number;
  readonly codes = 0;
  readonly scales: number;
  readonly queries: number;
  readonly outs: number;
  readonly table: number;
  readonly record: number;
  readonly #words: Int32Array;
  readonly #f64: Float64Array;

  constructor(rows: number, seed: number) {
    this.rows = rows;
    const align = (at: number) => Math.ceil(at / 64) * 64;
    this.scales = align(rows * HALF);
    this.queries = align(this.scales + rows * 4);
    this.outs = align(this.queries + MAX_QUERIES * DIMS);
    this.table = align(this.outs + MAX_QUERIES * rows * 4);
    this.record = align(this.table + MAX_QUERIES * 32);
    const pages = Math.ceil((this.record + CONTROL_BYTES) / 65_536);
    this.memory = new WebAssembly.Memory({ initial: pages, maximum: pages, shared: true });
    const kernel = new WebAssembly.Instance(
      new WebAssembly.Module(Uint8Array.fromBase64(DOT_KERNEL_WASM)),
      { env: { memory: this.memory } },
    );
    this.pass = (kernel.exports as unknown as {
      pass(record: number, from: number, to: number): number;
    }).pass;
    const buffer = this.memory.buffer;
    let state = seed >>> 0 || 1;
    const next = () => {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      return state >>> 0;
    };
    const codes = new Uint32Array(buffer, this.codes, (rows * HALF) / 4);
    for (let i = 0; i < codes.length; i++) codes[i] = next();
    const scales = new Float32Array(buffer, this.scales, rows);
    for (let r = 0; r < rows; r++) scales[r] = 0.008 + (next() % 1000) * 4e-6;
    const queries = new Int8Array(buffer, this.queries, MAX_QUERIES * DIMS);
    for (let i = 0; i < queries.length; i++) queries[i] = (next() % 255) - 127;
    this.#words = new Int32Array(buffer, this.record, CONTROL_BYTES / 4);
    this.#f64 = new Float64Array(buffer, this.record, CONTROL_BYTES / 8);
    // dims, query, query8, rows, codes, word rows, scales, out (dot_kernel_threads.ts).
    this.#words.set([DIMS, 0, 0, 0, this.codes, 0, this.scales, 0], LAYOUT_SLOT);
    this.#words[PASS_KIND] = 1;
    this.#f64[QUERY8_SCALE] = 1 / 127;
    const table = new DataView(buffer, this.table, MAX_QUERIES * 32);
    for (let q = 0; q < MAX_QUERIES; q++) {
      table.setInt32(q * 32, this.queries + q * DIMS, true);
      table.setInt32(q * 32 + 4, this.outs + q * rows * 4, true);
      table.setFloat64(q * 32 + 8, this.bias(q), true);
      table.setFloat64(q * 32 + 16, 1 / 127, true);
    }
  }

  /** The kernel's pass for queries 0 to k - 1 at once (k 2 or 4: kinds 5 and 4). */
  together(k: 2 | 4): void {
    this.#words[PASS_KIND] = k === 4 ? 4 : 5;
    this.#words[TABLE_SLOT] = this.table;
    this.pass(this.record, 0, this.rows);
    this.#words[PASS_KIND] = 1;
  }

  bias(q: number): number {
    return -100 - q;
  }

  /** Query `q`'s estimates. */
  out(q: number): Float32Array {
    return new Float32Array(this.memory.buffer, this.outs + q * this.rows * 4, this.rows);
  }

  /** The kernel's pass (kind 1) of query `q` over rows from to to. */
  single(q: number, from = 0, to = this.rows): void {
    this.#words[LAYOUT_SLOT + 2] = this.queries + q * DIMS;
    this.#words[LAYOUT_SLOT + 7] = this.outs + q * this.rows * 4;
    this.#f64[BIAS] = this.bias(q);
    this.pass(this.record, from, to);
  }
}

/** Median wall ms of a run and CPU ms of one, over `passes` runs after a warm one. */
function timed(passes: number, run: () => void): { wall: number; cpu: number } {
  run();
  const walls: number[] = [];
  const cpu = processCpuMs();
  for (let i = 0; i < passes; i++) {
    const start = performance.now();
    run();
    walls.push(performance.now() - start);
  }
  // Over every run: /proc counts in 10 ms ticks.
  return { wall: median(walls), cpu: (processCpuMs() - cpu) / passes };
}

if (import.meta.main && self.name === "estimate-batch-thread") {
  // A thread of "two passes at once": its own memory, then passes from the start signal on.
  const scope = self as unknown as {
    onmessage: ((event: MessageEvent) => void) | null;
    postMessage(message: unknown): void;
  };
  scope.onmessage = ({ data: { rows, passes, seed, go } }) => {
    const rig = new Rig(rows, seed);
    rig.single(0);
    scope.postMessage("ready");
    Atomics.wait(go, 0, 0);
    const walls: number[] = [];
    for (let i = 0; i < passes; i++) {
      const start = performance.now();
      rig.single(i % MAX_QUERIES);
      walls.push(performance.now() - start);
    }
    scope.postMessage({ walls });
  };
} else if (import.meta.main) {
  const rows = Number(flag("--rows") ?? "1000000");
  const passes = Number(flag("--passes") ?? "15");
  const encoder = new TextEncoder();
  const print = (line: object) =>
    Deno.stdout.writeSync(encoder.encode(JSON.stringify(line) + "\n"));
  print({ rows, dims: DIMS, passes, load: Deno.readTextFileSync("/proc/loadavg").trim() });
  const rig = new Rig(rows, 7);
  const alone: Float32Array[] = [];
  for (let q = 0; q < MAX_QUERIES; q++) {
    rig.single(q);
    alone.push(rig.out(q).slice());
  }
  const same = (what: string, q: number, got: ArrayLike<number>) => {
    for (let r = 0; r < rows; r++) {
      if (!Object.is(got[r], alone[q][r])) {
        throw new Error(`${what}: query ${q} row ${r}: ${got[r]} vs ${alone[q][r]}`);
      }
    }
  };
  const blocked = (k: number) => {
    for (let from = 0; from < rows; from += BLOCK_ROWS) {
      const to = Math.min(rows, from + BLOCK_ROWS);
      for (let q = 0; q < k; q++) rig.single(q, from, to);
    }
  };
  // Equality first: every way's estimates are the kernel's alone, value for value.
  for (const k of [2, 4, 8]) {
    for (let q = 0; q < k; q++) rig.out(q).fill(0);
    blocked(k);
    for (let q = 0; q < k; q++) same(`blocked ${k}`, q, rig.out(q));
  }
  for (const k of [2, 4] as const) {
    for (let q = 0; q < k; q++) rig.out(q).fill(0);
    rig.together(k);
    for (let q = 0; q < k; q++) same(`${k} at once`, q, rig.out(q));
  }
  print({ check: "every way's estimates equal the kernel's pass alone" });
  const one = timed(passes, () => rig.single(0));
  print({ mode: "one pass alone, one thread", wall_ms: round(one.wall), cpu_ms: round(one.cpu) });
  const perQuery = (mode: string, k: number, t: { wall: number; cpu: number }) =>
    print({
      mode,
      wall_ms_a_query: round(t.wall / k),
      cpu_ms_a_query: round(t.cpu / k),
      cpu_to_alone: round(t.cpu / k / one.cpu),
    });
  for (const k of [2, 4, 8]) perQuery(`blocked, ${k} queries`, k, timed(passes, () => blocked(k)));
  for (const k of [2, 4] as const) {
    perQuery(`${k} at once`, k, timed(passes, () => rig.together(k)));
  }
  const workers = [0, 1].map(() =>
    new Worker(import.meta.url, { type: "module", name: "estimate-batch-thread" })
  );
  const ready = workers.map((w) => new Promise((resolve) => (w.onmessage = resolve)));
  const go = new Int32Array(new SharedArrayBuffer(8));
  workers.forEach((w, i) => w.postMessage({ rows, passes: passes * 2, seed: 11 + i, go }));
  await Promise.all(ready);
  const done = workers.map((w) =>
    new Promise<{ walls: number[] }>((resolve) => (w.onmessage = (e) => resolve(e.data)))
  );
  const cpu = processCpuMs();
  const start = performance.now();
  Atomics.store(go, 0, 1);
  Atomics.notify(go, 0);
  const results = await Promise.all(done);
  const wall = performance.now() - start;
  const cpuAll = processCpuMs() - cpu;
  print({
    mode: "two passes at once, two threads (each its own memory)",
    wall_ms_a_pass: round(median(results.flatMap((r) => r.walls))),
    cpu_ms_a_pass: round(cpuAll / (passes * 4)),
    passes_a_second: round((passes * 4) / (wall / 1000)),
    alone_passes_a_second: round(1000 / one.wall),
  });
  workers.forEach((w) => w.terminate());
  print({ load: Deno.readTextFileSync("/proc/loadavg").trim() });
}
