/**
 * Dot products of a query with int8 rows by WebAssembly SIMD (src/index/dot_kernel.wat): ~40 ns a
 * 384-d row read in order, against ~400-600 ns in a JavaScript loop (docs/scaling.md). The rows
 * are copied once into the module's memory, at its start: a view of them there is what the
 * other readers of the rows (usearch's scan) get too. The query is scaled to int16 (its largest
 * value to 32,767), so a product is the exact integer sum times the query's and the row's scales:
 * within 1e-4 of the float product, far inside the int8 rows' own error (0.01). For unit vectors
 * an integer sum is at most 127 × 32,767 × dims (every component equal): 2.13e9 at 512-d, inside
 * i32's 2.147e9; text vectors, whose largest component is 0.15-0.25, stay near 1e8.
 *
 * @module
 */
import { DOT_KERNEL_WASM } from "./dot_kernel_wasm.ts";

const PAGE_BYTES = 65_536;
/** WebAssembly's 32-bit memories end at 4 GiB (65,536 pages). */
const MAX_PAGES = 65_536;

interface KernelExports {
  dot(query: number, row: number, dims: number): number;
  dotAll(query: number, rows: number, dims: number, count: number, out: number): void;
}

let compiled: WebAssembly.Module | null = null;

/** Widest rows whose integer sums cannot leave i32, whatever the unit vectors (module doc). */
const MAX_DIMS = 512;

/**
 * Whether `count` rows of `dims` values fit the kernel: whole 16-lane steps, at most
 * {@linkcode MAX_DIMS}, under 4 GiB in all.
 */
export function kernelFits(count: number, dims: number): boolean {
  return dims > 0 && dims % 16 === 0 && dims <= MAX_DIMS &&
    layoutOf(count, dims).pages <= MAX_PAGES;
}

function layoutOf(count: number, dims: number) {
  const query = Math.ceil((count * dims) / 16) * 16;
  const out = query + dims * 2;
  const end = out + count * 4;
  return { query, out, pages: Math.max(1, Math.ceil(end / PAGE_BYTES)) };
}

/** int8 rows in a kernel's memory, and the query they are multiplied with. */
export class Int8Rows {
  /** The rows, at the start of the module's memory. */
  readonly rows: Int8Array;
  readonly #dims: number;
  readonly #count: number;
  readonly #exports: KernelExports;
  readonly #queryAt: number;
  readonly #query: Int16Array;
  readonly #outAt: number;
  readonly #out: Int32Array;
  /** The current query's scale: its int16 values times this are the float ones. */
  #queryScale = 0;

  constructor(values: Int8Array, dims: number) {
    const count = values.length / dims;
    if (!Number.isInteger(count) || !kernelFits(count, dims)) {
      throw new RangeError(`Cannot hold ${values.length} int8 values as rows of ${dims}`);
    }
    const layout = layoutOf(count, dims);
    const memory = new WebAssembly.Memory({ initial: layout.pages, maximum: layout.pages });
    compiled ??= new WebAssembly.Module(Uint8Array.fromBase64(DOT_KERNEL_WASM));
    const instance = new WebAssembly.Instance(compiled, { env: { memory } });
    this.#exports = instance.exports as unknown as KernelExports;
    this.rows = new Int8Array(memory.buffer, 0, values.length);
    this.rows.set(values);
    this.#dims = dims;
    this.#count = count;
    this.#queryAt = layout.query;
    this.#query = new Int16Array(memory.buffer, layout.query, dims);
    this.#outAt = layout.out;
    this.#out = new Int32Array(memory.buffer, layout.out, count);
  }

  /** Sets the query the next products are with. */
  setQuery(vector: Float32Array): void {
    if (vector.length !== this.#dims) {
      throw new RangeError(
        `Cannot search: query has ${vector.length} dimensions, rows ${this.#dims}`,
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
    return this.#exports.dot(this.#queryAt, row * this.#dims, this.#dims) * this.#queryScale;
  }

  /** The query's product with every row, each times its scale in `scales`, into `out`. */
  dotAll(scales: Float32Array, out: Float32Array): void {
    this.#exports.dotAll(this.#queryAt, 0, this.#dims, this.#count, this.#outAt);
    const products = this.#out;
    const scale = this.#queryScale;
    for (let r = 0; r < this.#count; r++) out[r] = products[r] * scale * scales[r];
  }
}
