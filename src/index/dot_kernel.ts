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
 * A screened kernel (for large indexes, src/index/title_vectors.ts) also holds each row's high
 * four bits, half the bytes, and estimates every row's cosine from them first; it computes the
 * exact cosine only where the estimate could reach the row's bar (`screenAll`), so a search reads
 * the rows in full only for the titles that can count (docs/scaling.md, item 13).
 *
 * @module
 */
import { vectorWidthProblem } from "../domain/vector_width.ts";
import { DOT_KERNEL_WASM } from "./dot_kernel_wasm.ts";
import {
  BIAS,
  CONTROL_BYTES,
  GROUP_SCALES_SLOT,
  type KernelExports,
  type KernelLayout,
  KernelThreads,
  LAYOUT_SLOT,
  MARGIN,
  PASS_KIND,
  QUERY8_SCALE,
  QUERY_SCALE,
  ROW_MARGIN,
  TABLE_SLOT,
  TITLE_BAR,
  WORD_BAR,
} from "./dot_kernel_threads.ts";

const PAGE_BYTES = 65_536;

/**
 * Queries a screened kernel estimates in one sweep over the rows' codes (`estimateBatch`): with
 * two a query's estimates cost ~0.7 of its pass alone, with four ~0.6, at 1,000,000 384-d rows
 * (bench/estimate_batch.ts, docs/scaling.md, session 21).
 */
export const BATCH_QUERIES = 4;

/** Bytes of a query's entry in the table a pass for several reads (src/index/dot_kernel.wat). */
const TABLE_ENTRY = 32;
/** WebAssembly's 32-bit memories end at 4 GiB (65,536 pages). */
const MAX_PAGES = 65_536;

let compiled: WebAssembly.Module | null = null;

/**
 * Bytes of rows from which a search's pass is shared with other threads (~350,000 384-d rows,
 * ~10 ms on one thread). Below, what a second thread saves (100,000 rows: ~1.3 of 3.9 ms on an
 * idle core) is lost when the machine is busy: a helper waiting for a core holds its chunk, and
 * the search waits for it (100,000 rows at load 5.8: 4.4 ms against 3.9 alone; 1,000,000: 27.2
 * against 29.4, docs/scaling.md).
 */
export const THREADS_MIN_BYTES = 128 * 2 ** 20;

/**
 * Whether `count` rows of `dims` values fit the kernel: a width it takes (whole 16-lane steps, at
 * most 512: src/domain/vector_width.ts, whose bound is the module doc's i32 sum), under 4 GiB in
 * all.
 */
export function kernelFits(count: number, dims: number): boolean {
  return vectorWidthProblem(dims) === null && layoutOf(count, dims).pages <= MAX_PAGES;
}

/**
 * The most rows of `dims` values the kernel holds (its memory ends at 4 GiB): 10,956,546 rows of
 * 384, 8,259,550 of 512; 0 for a width it does not take.
 */
export function kernelMaxRows(dims: number): number {
  if (!kernelFits(0, dims)) return 0;
  let low = 0;
  let high = Math.ceil((MAX_PAGES * PAGE_BYTES) / dims);
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (kernelFits(mid, dims)) low = mid;
    else high = mid - 1;
  }
  return low;
}

/**
 * Rows, then the int16 query, the rows' scales, their cosines and the control record; screened,
 * also the int8 query, the rows' codes (half a byte a value), a byte a row for word rows and each
 * sixteen rows' largest scale.
 */
function layoutOf(
  count: number,
  dims: number,
  screened = false,
): KernelLayout & { pages: number } {
  const align = (at: number) => Math.ceil(at / 16) * 16;
  const query = align(count * dims);
  const scales = align(query + dims * 2);
  const out = align(scales + count * 4);
  const control = align(out + count * 4);
  let end = control + CONTROL_BYTES;
  let query8 = 0, codes = 0, wordRows = 0, groupScales = 0, table = 0;
  const batch: KernelLayout["batch"] = [];
  if (screened) {
    query8 = align(end);
    codes = align(query8 + dims);
    wordRows = align(codes + (count * dims) / 2);
    groupScales = align(wordRows + count);
    end = groupScales + Math.ceil(count / GROUP_ROWS) * 4;
    for (let b = 0; b < BATCH_QUERIES; b++) {
      const query = align(end);
      const query8 = align(query + dims * 2);
      const out = align(query8 + dims);
      end = out + count * 4;
      batch.push({ query, query8, out });
    }
    table = align(end);
    end = table + BATCH_QUERIES * TABLE_ENTRY;
  }
  return {
    dims,
    count,
    query,
    scales,
    out,
    control,
    query8,
    codes,
    wordRows,
    groupScales,
    batch,
    table,
    pages: Math.max(1, Math.ceil(end / PAGE_BYTES)),
  };
}

/**
 * Kernel memories made ahead by {@linkcode kernelRowsAhead}, by their buffer, with what they were
 * made for: the `Int8Rows` given those rows takes the memory instead of copying them into a new
 * one. Each is taken once: a memory holds its kernel's query and cosines, never shared.
 */
const MADE_AHEAD = new WeakMap<
  ArrayBufferLike,
  { memory: WebAssembly.Memory; count: number; dims: number; screened: boolean }
>();

/**
 * A kernel's memory for `count` rows of `dims` made now, before the rows are known, and the rows'
 * place at its start: a caller fills them as they come (a cold start, as the snapshot's vectors
 * arrive, docs/scaling.md "Issue #40: the cold start at 1,000,000 postings") and hands them to
 * `new Int8Rows` with the same `screened`, which then copies nothing. Null where the kernel cannot
 * hold them.
 */
export function kernelRowsAhead(count: number, dims: number, screened: boolean): Int8Array | null {
  if (!Number.isInteger(count) || !(screened ? screenFits(count, dims) : kernelFits(count, dims))) {
    return null;
  }
  const layout = layoutOf(count, dims, screened);
  const memory = new WebAssembly.Memory({
    initial: layout.pages,
    maximum: layout.pages,
    shared: true,
  });
  MADE_AHEAD.set(memory.buffer, { memory, count, dims, screened });
  return new Int8Array(memory.buffer, 0, count * dims);
}

/**
 * Rows the refined pass lets go together (src/index/dot_kernel.wat `any16`): each such group's
 * largest row scale is kept, so that one row of a large scale (a title's vector of zeros has scale
 * 1) bounds its own group alone.
 */
const GROUP_ROWS = 16;

/**
 * Whether `count` rows of `dims` values fit a screened kernel: 64 values a step of the estimate,
 * the codes beside the rows under 4 GiB.
 */
export function screenFits(count: number, dims: number): boolean {
  return kernelFits(count, dims) && dims % 64 === 0 &&
    layoutOf(count, dims, true).pages <= MAX_PAGES;
}

/**
 * How many standard deviations of its error an estimate is given before a row is let go
 * without its exact cosine (src/index/dot_kernel.wat, "screened"). The error is the low four
 * bits' deviation from their mean, a sum over the row's values weighted by the query: its
 * standard deviation is the row's scale times 4.61 (the deviation of a value uniform on 0..15)
 * times the query's norm: measured 4.65 over 1,900,000 products of 100,000 real titles with the
 * 130 judged queries (the largest 4.9 deviations), 4.62 at 1,000,000 composed titles (the largest
 * 5.4). Past 7, a normal tail is 1e-12 a row.
 */
export const SCREEN_DEVIATIONS = 7;

/** The standard deviation of a value uniform on the integers 0 to 15. */
const LOW_BITS_DEVIATION = Math.sqrt((16 * 16 - 1) / 12);

/** The deviation of the int8 query's rounding, for a row of norm at most 1.05, per step. */
const QUERY8_DEVIATION = 1.05 / Math.sqrt(12);

/** Ends the helper threads of a kernel nobody holds any more (one not closed by its owner). */
const closeUnheld = new FinalizationRegistry<KernelThreads>((threads) => threads.close());

/** Processes of one server that search on this machine's cores (`shareCores`). */
let sharing = 1;

/**
 * Tells this process that `processes` processes (a server's search processes, this one among
 * them) share the machine's cores for searches: each kernel made after takes its share of them
 * (`helpersFor`). With as many search processes as cores, each searches on its own thread alone:
 * under load every core is busy with a search already, and a helper thread only adds the work of
 * handing it chunks and waking it (docs/scaling.md, session 24).
 */
export function shareCores(processes: number): void {
  sharing = Math.max(1, Math.floor(processes));
}

/**
 * The helper threads a machine gives a kernel: one a core of this process's share besides the
 * caller's, at most 3.
 */
export function helpersFor(count: number, dims: number): number {
  if (count * dims < THREADS_MIN_BYTES) return 0;
  const cores = Math.floor(navigator.hardwareConcurrency / sharing);
  return Math.max(0, Math.min(3, cores - 1));
}

/** int8 rows in a kernel's memory, the query they are multiplied with, and their cosines. */
export class Int8Rows {
  /** The rows, at the start of the module's memory. */
  readonly rows: Int8Array;
  readonly #layout: KernelLayout;
  readonly #exports: KernelExports;
  /**
   * Where a query is held: slot 0 for a query set alone (`setQuery`), slots 1 to
   * {@linkcode BATCH_QUERIES} for queries estimated together (`estimateBatch`); each its int16
   * and int8 query, its cosines, and its f64 words (the record's QUERY_SCALE to MARGIN).
   */
  readonly #slots: {
    query: Int16Array;
    query8: Int8Array | null;
    cosines: Float32Array;
    at: { query: number; query8: number; out: number };
    words: Float64Array;
    /** The vector whose estimates the slot holds, untouched since `estimateBatch`; or null. */
    estimated: Float32Array | null;
  }[] = [];
  /** The slot the record describes. */
  #slot = 0;
  readonly #threads: KernelThreads | null = null;
  /** The control record's i32 and f64 words (dot_kernel_threads.ts). */
  readonly #record: Int32Array;
  readonly #recordF64: Float64Array;
  /** Whether the kernel holds the rows' codes (screened). */
  readonly #screened: boolean;
  /**
   * One byte a row, set by the caller before `screenAll` for the rows whose bar is the word bar;
   * cleared by `screenAll`. Empty when not screened.
   */
  readonly wordRows: Uint8Array;
  /** Rows whose exact cosine the last pass computed. */
  exactRows = 0;
  /** Whether estimates were started (`startEstimates`) and not finished yet. */
  #estimating = false;
  /** Whether the rows' codes are packed (by the first `startEstimates`). */
  #packed = false;

  /**
   * Copies `values` (rows of `dims`) and their `scales` into a kernel's memory. With `helpers`,
   * that many other threads share each `scoreAll` (`close` ends them).
   */
  constructor(
    values: Int8Array,
    scales: Float32Array,
    dims: number,
    options: {
      helpers?: number;
      helperIdleMs?: number;
      screened?: boolean;
      /**
       * Whether the refined pass lets sixteen rows go with one test where none could reach its
       * bar (src/index/dot_kernel.wat `any16`); by default yes.
       */
      groups?: boolean;
    } = {},
  ) {
    const count = values.length / dims;
    const screened = options.screened ?? false;
    if (
      !Number.isInteger(count) ||
      !(screened ? screenFits(count, dims) : kernelFits(count, dims))
    ) {
      throw new RangeError(
        `Cannot hold ${values.length} int8 values as rows of ${dims}${
          screened ? ", screened" : ""
        }`,
      );
    }
    if (scales.length !== count) {
      throw new RangeError(`Cannot hold ${count} rows with ${scales.length} scales`);
    }
    const layout = layoutOf(count, dims, screened);
    const ahead = MADE_AHEAD.get(values.buffer);
    const taken = ahead !== undefined && values.byteOffset === 0 && ahead.count === count &&
      ahead.dims === dims && ahead.screened === screened;
    if (taken) MADE_AHEAD.delete(values.buffer);
    // Shared, so that helper threads read the same rows (a shared memory must declare its size).
    const memory = taken ? ahead.memory : new WebAssembly.Memory({
      initial: layout.pages,
      maximum: layout.pages,
      shared: true,
    });
    compiled ??= new WebAssembly.Module(Uint8Array.fromBase64(DOT_KERNEL_WASM));
    const instance = new WebAssembly.Instance(compiled, { env: { memory } });
    this.#exports = instance.exports as unknown as KernelExports;
    this.#layout = layout;
    this.rows = new Int8Array(memory.buffer, 0, values.length);
    if (!taken) this.rows.set(values);
    new Float32Array(memory.buffer, layout.scales, count).set(scales);
    const slotAt = [
      { query: layout.query, query8: layout.query8, out: layout.out },
      ...layout.batch,
    ];
    for (const at of slotAt) {
      this.#slots.push({
        query: new Int16Array(memory.buffer, at.query, dims),
        query8: screened ? new Int8Array(memory.buffer, at.query8, dims) : null,
        cosines: new Float32Array(memory.buffer, at.out, count),
        at,
        words: new Float64Array(MARGIN - QUERY_SCALE + 1),
        estimated: null,
      });
    }
    this.#screened = screened;
    this.#record = new Int32Array(memory.buffer, layout.control, CONTROL_BYTES / 4);
    this.#recordF64 = new Float64Array(memory.buffer, layout.control, CONTROL_BYTES / 8);
    this.#record.set(
      [
        dims,
        layout.query,
        layout.query8,
        0,
        layout.codes,
        layout.wordRows,
        layout.scales,
        layout.out,
      ],
      LAYOUT_SLOT,
    );
    this.wordRows = new Uint8Array(memory.buffer, layout.wordRows, screened ? count : 0);
    if (screened) {
      const groups = new Float32Array(
        memory.buffer,
        layout.groupScales,
        Math.ceil(count / GROUP_ROWS),
      );
      for (let r = 0; r < count; r++) {
        const g = Math.floor(r / GROUP_ROWS);
        const scale = Math.abs(scales[r]);
        // A scale that is not a number bounds nothing: its group is never let go together.
        groups[g] = scale <= groups[g] ? groups[g] : scale >= 0 ? scale : Infinity;
      }
    }
    // Off, the refined pass decides row by row as before the groups (what a test compares with).
    this.#record[GROUP_SCALES_SLOT] = screened && (options.groups ?? true) ? layout.groupScales : 0;
    this.#select(0);
    const helpers = options.helpers ?? 0;
    if (helpers > 0) {
      this.#threads = new KernelThreads(memory, layout, {
        helpers,
        idleMs: options.helperIdleMs,
      });
      closeUnheld.register(this, this.#threads, this);
    }
  }

  /** Every row's cosine with the query of the last `scoreAll` or `screenAll`. */
  get cosines(): Float32Array {
    return this.#slots[this.#slot].cosines;
  }

  /**
   * Sets the query the next products are with: one `estimateBatch` estimated, whose estimates
   * are then used as they are, or else this one alone.
   */
  setQuery(vector: Float32Array): void {
    this.#checkWidth(vector);
    // The helpers may be estimating with the query this replaces.
    this.#settle();
    const batched = this.#slots.findIndex((slot, s) => s > 0 && slot.estimated === vector);
    if (batched > 0) {
      this.#select(batched);
      return;
    }
    this.#write(vector, 0);
    this.#select(0);
  }

  #checkWidth(vector: Float32Array): void {
    if (vector.length !== this.#layout.dims) {
      throw new RangeError(
        `Cannot search: query has ${vector.length} dimensions, rows ${this.#layout.dims}`,
      );
    }
  }

  /** Writes `vector` as slot `s`'s query: int16, and int8 with the estimate's words if screened. */
  #write(vector: Float32Array, s: number): void {
    const slot = this.#slots[s];
    slot.estimated = null;
    let max = 0;
    for (let k = 0; k < vector.length; k++) max = Math.max(max, Math.abs(vector[k]));
    const scale = max > 0 ? max / 32_767 : 1;
    for (let k = 0; k < vector.length; k++) slot.query[k] = Math.round(vector[k] / scale);
    const words = slot.words;
    words[QUERY_SCALE - QUERY_SCALE] = scale;
    const query8 = slot.query8;
    if (query8 === null) return;
    const scale8 = max > 0 ? max / 127 : 1;
    let sum = 0, squares = 0;
    for (let k = 0; k < vector.length; k++) {
      query8[k] = Math.round(vector[k] / scale8);
      sum += query8[k];
      squares += vector[k] * vector[k];
    }
    words[QUERY8_SCALE - QUERY_SCALE] = scale8;
    // The low four bits of a value plus 128, unknown to the estimate, taken at their mean 7.5.
    words[BIAS - QUERY_SCALE] = (7.5 - 128) * sum;
    words[ROW_MARGIN - QUERY_SCALE] = SCREEN_DEVIATIONS * LOW_BITS_DEVIATION * Math.sqrt(squares);
    words[MARGIN - QUERY_SCALE] = SCREEN_DEVIATIONS * QUERY8_DEVIATION * scale8;
  }

  /** Points the record at slot `s`: its queries, its cosines, its words. */
  #select(s: number): void {
    const { at, words } = this.#slots[s];
    this.#record[LAYOUT_SLOT + 1] = at.query;
    this.#record[LAYOUT_SLOT + 2] = at.query8;
    this.#record[LAYOUT_SLOT + 7] = at.out;
    this.#recordF64.set(words, QUERY_SCALE);
    this.#slot = s;
  }

  /**
   * Estimates every row's cosine with each of `vectors` (at most {@linkcode BATCH_QUERIES}) in
   * one sweep over the rows' codes, four or two queries at once (src/index/dot_kernel.wat): the
   * values each one's own estimates would be. A later `setQuery` with one of these vectors (the
   * same object) uses its estimates, once; the next `estimateBatch` drops those not used.
   */
  estimateBatch(vectors: readonly Float32Array[]): void {
    if (!this.#screened) throw new RangeError("Cannot screen: the kernel holds no codes");
    if (vectors.length > BATCH_QUERIES) {
      throw new RangeError(`Cannot estimate more than ${BATCH_QUERIES} queries at once`);
    }
    for (const vector of vectors) this.#checkWidth(vector);
    this.#settle();
    this.#pack();
    const layout = this.#layout;
    const table = new DataView(this.#record.buffer, layout.table, BATCH_QUERIES * TABLE_ENTRY);
    for (let b = 0; b < BATCH_QUERIES; b++) this.#slots[b + 1].estimated = null;
    vectors.forEach((vector, b) => {
      const slot = this.#slots[b + 1];
      this.#write(vector, b + 1);
      table.setInt32(b * TABLE_ENTRY, slot.at.query8, true);
      table.setInt32(b * TABLE_ENTRY + 4, slot.at.out, true);
      table.setFloat64(b * TABLE_ENTRY + 8, slot.words[BIAS - QUERY_SCALE], true);
      table.setFloat64(b * TABLE_ENTRY + 16, slot.words[QUERY8_SCALE - QUERY_SCALE], true);
    });
    // Fours, then a two, then one alone.
    let b = 0;
    for (; b + 4 <= vectors.length; b += 4) this.#sweep(4, b);
    for (; b + 2 <= vectors.length; b += 2) this.#sweep(5, b);
    if (b < vectors.length) {
      this.#select(b + 1);
      this.#record[PASS_KIND] = 1;
      this.#run();
    }
    vectors.forEach((vector, b) => (this.#slots[b + 1].estimated = vector));
    this.#select(0);
  }

  /** A pass of `kind` (4 or 5) for the queries from table entry `first` on. */
  #sweep(kind: 4 | 5, first: number): void {
    this.#record[TABLE_SLOT] = this.#layout.table + first * TABLE_ENTRY;
    this.#record[PASS_KIND] = kind;
    this.#run();
  }

  /** The query's product with `row`, before the row's own scale. */
  dot(row: number): number {
    const { dims } = this.#layout;
    const { at, words } = this.#slots[this.#slot];
    return this.#exports.dot(at.query, row * dims, dims) * words[0];
  }

  /** Every row's cosine with the query (its product times the row's scale) into `cosines`. */
  scoreAll(): Float32Array {
    this.#settle();
    this.#record[PASS_KIND] = 0;
    this.exactRows = this.#run();
    this.#slots[this.#slot].estimated = null;
    return this.cosines;
  }

  /**
   * Every row's cosine with the query, exact where it could reach the row's bar (`wordBar` for
   * the rows marked in `wordRows`, `titleBar` for the others), below the bar elsewhere: there the
   * value written is the estimate, which is more than {@linkcode SCREEN_DEVIATIONS} standard
   * deviations of its error under the bar. Clears `wordRows`.
   */
  screenAll(titleBar: number, wordBar: number): Float32Array {
    this.startEstimates();
    try {
      this.#settle();
      this.#record[PASS_KIND] = 2;
      this.#recordF64[TITLE_BAR] = titleBar;
      this.#recordF64[WORD_BAR] = wordBar;
      this.exactRows = this.#run();
    } finally {
      this.wordRows.fill(0);
      // Its estimates are in part exact cosines now: no longer a batch's to use again.
      this.#slots[this.#slot].estimated = null;
    }
    return this.cosines;
  }

  /**
   * Starts the estimates of `screenAll` for the query set last on the helper threads, if any are
   * running, and returns: they work while this thread does something else (a search scores the
   * keywords, which decide the bars), until `screenAll` joins them.
   */
  startEstimates(): void {
    if (!this.#screened) throw new RangeError("Cannot screen: the kernel holds no codes");
    // Estimated with others already (`estimateBatch`).
    if (this.#estimating || this.#slots[this.#slot].estimated !== null) return;
    this.#pack();
    this.#record[PASS_KIND] = 1;
    this.#estimating = true;
    this.#threads?.start();
  }

  /**
   * Packs the rows' codes on the first search, with the helpers if they run, not in the
   * constructor: a server loading an index is ready ~0.25 s sooner at 1,000,000 rows (192 MB of
   * fresh pages).
   */
  #pack(): void {
    if (this.#packed) return;
    this.#record[PASS_KIND] = 3;
    this.#run();
    this.#packed = true;
  }

  /** Finishes the estimates started, on this thread with the helpers. */
  #settle(): void {
    if (!this.#estimating) return;
    this.#estimating = false;
    this.#run();
  }

  /** Runs the pass the record describes, joining its round if the helpers have it open. */
  #run(): number {
    const control = this.#layout.control;
    const pass = (from: number, to: number) => this.#exports.pass(control, from, to);
    return this.#threads ? this.#threads.run(pass) : pass(0, this.#layout.count);
  }

  /** Chunks of rows helper threads have scored (0 without helpers). */
  get helperChunks(): number {
    return this.#threads?.helperChunks ?? 0;
  }

  /** Helper threads started since the start, ended ones included (0 without helpers). */
  get helpersStarted(): number {
    return this.#threads?.started ?? 0;
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
