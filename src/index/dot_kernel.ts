/**
 * Dot products of a query with int8 rows by WebAssembly SIMD (src/index/dot_kernel.wat): ~30 ns a
 * 384-d row read in order, against ~400-600 ns in a JavaScript loop (docs/scaling.md), shared with
 * helper threads for large indexes (src/index/dot_kernel_threads.ts). The rows and their scales
 * are copied once into the module's memory, the rows at its start: a view of them there is what
 * the index keeps, and the kernel writes every row's cosine beside them. The query is scaled to
 * int16 (its largest value to 32,767), so a product is the exact integer sum times the query's and
 * the row's scales: within 1e-4 of the float product, far inside the int8 rows' own error
 * (0.01). For unit vectors an integer sum is at most 127 × 32,767 × dims (every component
 * equal): 2.13e9 at 512-d, inside i32's 2.147e9; text vectors, whose largest component is
 * 0.15-0.25, stay near 1e8.
 *
 * @module
 */
import { DOT_KERNEL_WASM } from "./dot_kernel_wasm.ts";
import {
  CONTROL_BYTES,
  type KernelExports,
  type KernelLayout,
  KernelThreads,
} from "./dot_kernel_threads.ts";

const PAGE_BYTES = 65_536;
/** WebAssembly's 32-bit memories end at 4 GiB (65,536 pages). */
const MAX_PAGES = 65_536;

let compiled: WebAssembly.Module | null = null;

/** Widest rows whose integer sums cannot leave i32, whatever the unit vectors (module doc). */
const MAX_DIMS = 512;

/**
 * Bytes of rows from which a search's pass is shared with other threads (~350,000 384-d rows,
 * ~10 ms on one thread). Below, what a second thread saves (100,000 rows: ~1.3 of 3.9 ms on an
 * idle core) is lost when the machine is busy: a helper waiting for a core holds its chunk, and
 * the search waits for it (100,000 rows at load 5.8: 4.4 ms against 3.9 alone; 1,000,000: 27.2
 * against 29.4, docs/scaling.md).
 */
export const THREADS_MIN_BYTES = 128 * 2 ** 20;

/**
 * Whether `count` rows of `dims` values fit the kernel: whole 16-lane steps, at most
 * {@linkcode MAX_DIMS}, under 4 GiB in all.
 */
export function kernelFits(count: number, dims: number): boolean {
  return dims > 0 && dims % 16 === 0 && dims <= MAX_DIMS &&
    layoutOf(count, dims).pages <= MAX_PAGES;
}

/** Rows, then the int16 query, the rows' scales, their cosines and the threads' control words. */
function layoutOf(count: number, dims: number): KernelLayout & { pages: number } {
  const align = (at: number) => Math.ceil(at / 16) * 16;
  const query = align(count * dims);
  const scales = align(query + dims * 2);
  const out = align(scales + count * 4);
  const control = align(out + count * 4);
  const end = control + CONTROL_BYTES;
  return {
    dims,
    count,
    query,
    scales,
    out,
    control,
    pages: Math.max(1, Math.ceil(end / PAGE_BYTES)),
  };
}

/** Ends the helper threads of a kernel nobody holds any more (one not closed by its owner). */
const closeUnheld = new FinalizationRegistry<KernelThreads>((threads) => threads.close());

/** The helper threads a machine gives a kernel: one a core besides the caller's, at most 3. */
export function helpersFor(count: number, dims: number): number {
  if (count * dims < THREADS_MIN_BYTES) return 0;
  return Math.max(0, Math.min(3, navigator.hardwareConcurrency - 1));
}

/** int8 rows in a kernel's memory, the query they are multiplied with, and their cosines. */
export class Int8Rows {
  /** The rows, at the start of the module's memory. */
  readonly rows: Int8Array;
  /** Every row's cosine with the query of the last `scoreAll`. */
  readonly cosines: Float32Array;
  readonly #layout: KernelLayout;
  readonly #exports: KernelExports;
  readonly #query: Int16Array;
  readonly #threads: KernelThreads | null = null;
  /** The current query's scale: its int16 values times this are the float ones. */
  #queryScale = 0;

  /**
   * Copies `values` (rows of `dims`) and their `scales` into a kernel's memory. With `helpers`,
   * that many other threads share each `scoreAll` (`close` ends them).
   */
  constructor(
    values: Int8Array,
    scales: Float32Array,
    dims: number,
    options: { helpers?: number; helperIdleMs?: number } = {},
  ) {
    const count = values.length / dims;
    if (!Number.isInteger(count) || !kernelFits(count, dims)) {
      throw new RangeError(`Cannot hold ${values.length} int8 values as rows of ${dims}`);
    }
    if (scales.length !== count) {
      throw new RangeError(`Cannot hold ${count} rows with ${scales.length} scales`);
    }
    const layout = layoutOf(count, dims);
    // Shared, so that helper threads read the same rows (a shared memory must declare its size).
    const memory = new WebAssembly.Memory({
      initial: layout.pages,
      maximum: layout.pages,
      shared: true,
    });
    compiled ??= new WebAssembly.Module(Uint8Array.fromBase64(DOT_KERNEL_WASM));
    const instance = new WebAssembly.Instance(compiled, { env: { memory } });
    this.#exports = instance.exports as unknown as KernelExports;
    this.#layout = layout;
    this.rows = new Int8Array(memory.buffer, 0, values.length);
    this.rows.set(values);
    new Float32Array(memory.buffer, layout.scales, count).set(scales);
    this.cosines = new Float32Array(memory.buffer, layout.out, count);
    this.#query = new Int16Array(memory.buffer, layout.query, dims);
    const helpers = options.helpers ?? 0;
    if (helpers > 0) {
      this.#threads = new KernelThreads(memory, layout, {
        helpers,
        idleMs: options.helperIdleMs,
      });
      closeUnheld.register(this, this.#threads, this);
    }
  }

  /** Sets the query the next products are with. */
  setQuery(vector: Float32Array): void {
    if (vector.length !== this.#layout.dims) {
      throw new RangeError(
        `Cannot search: query has ${vector.length} dimensions, rows ${this.#layout.dims}`,
      );
    }
    let max = 0;
    for (let k = 0; k < vector.length; k++) max = Math.max(max, Math.abs(vector[k]));
    const scale = max > 0 ? max / 32_767 : 1;
    for (let k = 0; k < vector.length; k++) this.#query[k] = Math.round(vector[k] / scale);
    this.#queryScale = scale;
  }

  /** The query's product with `row`, before the row's own scale. */
  dot(row: number): number {
    const { query, dims } = this.#layout;
    return this.#exports.dot(query, row * dims, dims) * this.#queryScale;
  }

  /** Every row's cosine with the query (its product times the row's scale) into `cosines`. */
  scoreAll(): Float32Array {
    const { query, dims, scales, out, count } = this.#layout;
    const queryScale = this.#queryScale;
    const score = (from: number, to: number) =>
      this.#exports.cosines(query, 0, dims, from, to, scales, out, queryScale);
    if (this.#threads) this.#threads.run(score, queryScale);
    else score(0, count);
    return this.cosines;
  }

  /** Chunks of rows helper threads have scored (0 without helpers). */
  get helperChunks(): number {
    return this.#threads?.helperChunks ?? 0;
  }

  /** Helper threads running now (0 without helpers). */
  get helpersRunning(): number {
    return this.#threads?.running ?? 0;
  }

  /** Ends the helper threads; `scoreAll` goes on alone. */
  close(): void {
    if (!this.#threads) return;
    this.#threads.close();
    closeUnheld.unregister(this);
  }
}
