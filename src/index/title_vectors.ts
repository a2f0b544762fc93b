/**
 * The semantic side of the score: the cosine between the query's vector and each posting's title
 * vector. The vectors stay outside Orama: brute-force cosine over the distinct titles (6,712 for
 * 11,517 postings) is 4x less work than Orama's vector search over every posting, and Orama's
 * `save()` writes each vector twice as JSON numbers.
 *
 * Int8 rows of whole 16-lane widths (384-d, 512-d) up to 4 GiB of them are scored by a SIMD kernel
 * (src/index/dot_kernel.ts), every row for every search: ~30 ns a 384-d row, ~29 ms at 1,000,000
 * rows on one thread (shared with helper threads from ~350,000 rows), exact. Measured against the
 * nearest rows' scan below, at 100,000 postings p50 5.8 against 6.5-8.5 ms and p95 17 against
 * 21-24; at 1,000,000 p50 52-59 against 54-57 and p95 153-163 against 185-266 (docs/scaling.md).
 * From {@linkcode SCREEN_MIN_BYTES} of rows the kernel screens them: each row estimated from half
 * its bytes, the exact cosine computed only where the row could count for the search (`begin`'s
 * `bars`); the result sets are the exact ones (docs/scaling.md, item 13).
 *
 * Rows the kernel cannot take: up to {@linkcode NEAREST_SCAN_MIN_ROWS}, every row's cosine in
 * JavaScript (exact); from there the rows a search considers by their title alone are the
 * {@linkcode NEAREST_ROWS} nearest, found by usearch's SIMD scan of the int8 rows (`exactSearch`),
 * other rows' cosines (postings with the query's words) computed when asked, and bounded by the
 * nearest rows' least (`ceiling`). An approximate graph index (HNSW: usearch, hnswlib-node) was
 * measured and refused: recall@100 0.81 at 1,000,000 rows, 27 minutes to build (docs/scaling.md).
 * Which rows are considered depends on the query alone, never on filters, so a filter still only
 * removes postings.
 *
 * @module
 */
import usearch, { MetricKind } from "usearch";
import type { JobIndexData } from "./job_index_data.ts";
import { helpersFor, Int8Rows, kernelFits, screenFits } from "./dot_kernel.ts";

/**
 * Rows from which, when the kernel cannot take them, the nearest rows are found by usearch's scan
 * rather than every row scored.
 */
export const NEAREST_SCAN_MIN_ROWS = 50_000;

/** Rows a search considers by their title alone once the scan finds the nearest. */
export const NEAREST_ROWS = 1_000;

/**
 * How far past the least cosine of the nearest rows another row's cosine may be: the scan ranks
 * rows by the query rounded to int8, a search scores them with the query as it is. Measured at
 * 100,000 rows over the 130 judged queries: at most 0.0011 (bench/scale.ts's store); this is 18
 * times that.
 */
export const NEAREST_MARGIN = 0.02;

/**
 * Bytes of rows from which a search screens them (`begin`'s `bars`): each row's estimate from
 * half its bytes, the exact cosine only where the estimate could reach the row's bar.
 */
export const SCREEN_MIN_BYTES = 128 * 2 ** 20;

/**
 * The cosines a search needs exactly: a row's cosine matters only from `titleBar` on (the least
 * a title alone can score with), or from `wordBar` on for the rows of `wordPostings` (postings
 * with the query's words, whose title adds to their score from the cosine floor on).
 */
export interface CosineBars {
  titleBar: number;
  wordBar: number;
  wordPostings: readonly Uint32Array[];
}

/** Unit vectors as int8 with one scale per row: a quarter of the bytes, cosines ±0.01. */
export function quantiseRows(
  vectors: Float32Array,
  dimensions: number,
): { values: Int8Array; scales: Float32Array } {
  const rows = vectors.length / dimensions;
  const values = new Int8Array(vectors.length);
  const scales = new Float32Array(rows);
  for (let r = 0; r < rows; r++) {
    let max = 0;
    for (let k = 0; k < dimensions; k++) max = Math.max(max, Math.abs(vectors[r * dimensions + k]));
    const scale = max > 0 ? max / 127 : 1;
    scales[r] = scale;
    for (let k = 0; k < dimensions; k++) {
      values[r * dimensions + k] = Math.round(vectors[r * dimensions + k] / scale);
    }
  }
  return { values, scales };
}

function dequantised(values: Int8Array, scales: Float32Array, dimensions: number): Float32Array {
  const vectors = new Float32Array(values.length);
  for (let r = 0; r < scales.length; r++) {
    const scale = scales[r];
    for (let k = 0, i = r * dimensions; k < dimensions; k++, i++) vectors[i] = values[i] * scale;
  }
  return vectors;
}

/** An index's rows as int8 and scales, quantising float32 rows. */
export function int8RowsOf(
  data: Pick<JobIndexData, "vectors" | "vectorScales" | "dimensions">,
): { values: Int8Array; scales: Float32Array } {
  if (data.vectors instanceof Int8Array) {
    if (!data.vectorScales) throw new RangeError("Cannot read vectors: int8 rows without scales");
    return { values: data.vectors, scales: data.vectorScales };
  }
  return quantiseRows(data.vectors, data.dimensions);
}

/** The distinct title vectors and the postings of each. Searching is synchronous: one query at a time. */
export class TitleVectors {
  readonly #vectors: Float32Array | Int8Array;
  /** Each row's scale for int8 rows; null for float32 rows. */
  readonly #scales: Float32Array | null;
  /** The int8 rows in the SIMD kernel's memory (src/index/dot_kernel.ts); null: JavaScript. */
  readonly #kernel: Int8Rows | null = null;
  readonly #dimensions: number;
  /** Postings of each vector row: `docsOfRow[rowStart[r]..rowStart[r + 1]]`. */
  readonly #rowStart: Uint32Array;
  readonly #docsOfRow: Uint32Array;
  readonly #vectorOfDoc: Uint32Array;
  readonly #cosines: Float32Array;
  /**
   * With the nearest rows found by a scan: the int8 rows in a buffer of their own (usearch reads a
   * typed array from the start of its buffer, whatever its offset), the query in int8, and per row
   * the number of the search that computed its cosine.
   */
  readonly #scan: { rows: Int8Array; query: Int8Array; searchOf: Uint32Array } | null = null;
  #search = 0;
  #query: Float32Array | null = null;
  /** The vector `prefetch` set in the kernel, until `begin` uses it. */
  #prefetched: Float32Array | null = null;
  /** The rows the current search considers by their title alone; null: every row. */
  #nearest: Uint32Array | null = null;
  /** Above the cosine of any row the current search has not computed (-Infinity: none left). */
  #ceiling = -Infinity;

  /**
   * `screen`: whether searches screen the rows (`begin`'s `bars`); by default from
   * {@linkcode SCREEN_MIN_BYTES} of rows, where the kernel can.
   */
  constructor(
    data: Pick<JobIndexData, "vectors" | "vectorScales" | "dimensions" | "vectorOfDoc">,
    options: { screen?: boolean } = {},
  ) {
    const { vectors, dimensions, vectorOfDoc } = data;
    this.#vectorOfDoc = vectorOfDoc;
    const n = vectorOfDoc.length;
    const rows = vectors.length / dimensions;
    this.#vectors = vectors;
    this.#scales = null;
    if (vectors instanceof Int8Array) {
      if (data.vectorScales?.length !== rows) {
        throw new RangeError("Cannot build index: int8 vectors need one scale per row");
      }
      this.#scales = data.vectorScales;
      if (kernelFits(rows, dimensions)) {
        // Every row's product by SIMD, at any size: in order ~15x faster than JavaScript's, at a
        // quarter of float32's memory, and exact where the nearest rows' scan below is not.
        const screened = screenFits(rows, dimensions) &&
          (options.screen ?? rows * dimensions >= SCREEN_MIN_BYTES);
        this.#kernel = new Int8Rows(vectors, data.vectorScales, dimensions, {
          helpers: helpersFor(rows, dimensions),
          screened,
        });
        this.#vectors = this.#kernel.rows;
      } else if (rows < NEAREST_SCAN_MIN_ROWS) {
        // Every row is scanned in JavaScript, where float32 rows scan faster than int8 ones (20,000
        // rows: median 15.4 against 19.3 ms, 15 runs each, load 7): 29 MB against 7 at 20,000.
        this.#vectors = dequantised(vectors, data.vectorScales, dimensions);
        this.#scales = null;
      } else {
        const own = vectors.byteOffset === 0 && vectors.byteLength === vectors.buffer.byteLength;
        this.#scan = {
          rows: own ? vectors : vectors.slice(),
          query: new Int8Array(dimensions),
          searchOf: new Uint32Array(rows),
        };
        this.#vectors = this.#scan.rows;
      }
    }
    this.#dimensions = dimensions;
    this.#rowStart = new Uint32Array(rows + 1);
    for (let p = 0; p < n; p++) this.#rowStart[vectorOfDoc[p] + 1]++;
    for (let r = 0; r < rows; r++) this.#rowStart[r + 1] += this.#rowStart[r];
    this.#docsOfRow = new Uint32Array(n);
    const cursor = this.#rowStart.slice(0, rows);
    for (let p = 0; p < n; p++) this.#docsOfRow[cursor[vectorOfDoc[p]]++] = p;
    this.#cosines = this.#kernel?.cosines ?? new Float32Array(rows);
  }

  /** Ends the kernel's helper threads, if any: searching goes on, on the caller's thread alone. */
  close(): void {
    this.#kernel?.close();
  }

  #checkWidth(vector: Float32Array): void {
    if (vector.length !== this.#dimensions) {
      throw new RangeError(
        `Cannot search: query vector has ${vector.length} dimensions, index ${this.#dimensions}`,
      );
    }
  }

  /** One row's cosine with the query (all unit length: a dot product), in JavaScript. */
  #cosineOf(vector: Float32Array, row: number): number {
    const vectors = this.#vectors;
    const dimensions = this.#dimensions;
    const base = row * dimensions;
    // Four running sums: 1.4x faster than one in V8 (measured, docs/search.md).
    const unrolled = dimensions - (dimensions % 4);
    let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (let k = 0; k < unrolled; k += 4) {
      s0 += vectors[base + k] * vector[k];
      s1 += vectors[base + k + 1] * vector[k + 1];
      s2 += vectors[base + k + 2] * vector[k + 2];
      s3 += vectors[base + k + 3] * vector[k + 3];
    }
    for (let k = unrolled; k < dimensions; k++) s0 += vectors[base + k] * vector[k];
    const scales = this.#scales;
    return scales === null ? s0 + s1 + s2 + s3 : (s0 + s1 + s2 + s3) * scales[row];
  }

  /**
   * Cosine of the query with every distinct title vector, by row. The buffer returned is
   * overwritten by the next call.
   */
  cosines(vector: Float32Array): Float32Array {
    this.#checkWidth(vector);
    const cosines = this.#cosines;
    if (this.#kernel) {
      this.#prefetched = null;
      this.#kernel.setQuery(vector);
      return this.#kernel.scoreAll();
    }
    for (let row = 0; row < cosines.length; row++) cosines[row] = this.#cosineOf(vector, row);
    return cosines;
  }

  /**
   * Starts what a screened search for `vector` can do before its bars are known (the rows'
   * estimates, on the kernel's helper threads while the caller scores the keywords); `begin`
   * with the same vector finishes it. Nothing to do for an index that does not screen.
   */
  prefetch(vector: Float32Array): void {
    const kernel = this.#kernel;
    if (!kernel?.wordRows.length) return;
    this.#checkWidth(vector);
    kernel.setQuery(vector);
    kernel.startEstimates();
    this.#prefetched = vector;
  }

  /**
   * Starts a search for `vector`: with the kernel, below {@linkcode NEAREST_SCAN_MIN_ROWS} rows,
   * or with `exact` (for the bench's recall), every row's cosine; else the nearest rows by
   * usearch's scan. With `bars` and a screening kernel, a row's cosine is exact wherever it could
   * reach its bar, and below the bar elsewhere (src/index/dot_kernel.ts `screenAll`).
   */
  begin(vector: Float32Array, options: { exact?: boolean; bars?: CosineBars } = {}): void {
    this.#checkWidth(vector);
    this.#query = vector;
    const kernel = this.#kernel;
    const bars = options.bars;
    if (
      kernel?.wordRows.length && bars && !options.exact &&
      bars.titleBar > -Infinity && bars.wordBar > -Infinity
    ) {
      const marks = kernel.wordRows;
      const vectorOfDoc = this.#vectorOfDoc;
      for (const postings of bars.wordPostings) {
        for (let k = 0; k < postings.length; k++) marks[vectorOfDoc[postings[k]]] = 1;
      }
      if (this.#prefetched !== vector) kernel.setQuery(vector);
      this.#prefetched = null;
      kernel.screenAll(bars.titleBar, bars.wordBar);
      return;
    }
    const scan = this.#scan;
    if (scan === null || options.exact) {
      this.cosines(vector);
      this.#nearest = null;
      this.#ceiling = -Infinity;
      if (scan) scan.searchOf.fill(this.#search = 1);
      return;
    }
    if (++this.#search === 0xffffffff) {
      scan.searchOf.fill(0);
      this.#search = 1;
    }
    let max = 0;
    for (let k = 0; k < vector.length; k++) max = Math.max(max, Math.abs(vector[k]));
    for (let k = 0; k < vector.length; k++) {
      scan.query[k] = max > 0 ? Math.round((vector[k] * 127) / max) : 0;
    }
    const { keys } = usearch.exactSearch(
      scan.rows,
      scan.query,
      this.#dimensions,
      Math.min(NEAREST_ROWS, this.#cosines.length),
      MetricKind.Cos,
      2,
    ) as { keys: BigUint64Array };
    this.#nearest = Uint32Array.from(keys, (key) => Number(key));
    let least = Infinity;
    for (const row of this.#nearest) least = Math.min(least, this.cosineOf(row));
    // Every row is among the nearest: none is left to bound.
    this.#ceiling = this.#nearest.length === this.#cosines.length
      ? -Infinity
      : least + NEAREST_MARGIN;
  }

  /**
   * Every row's cosine with the current search's query, by row, when `begin` computed them all
   * (the kernel, a small index, or `exact`); null when it found the nearest rows only.
   */
  get everyCosine(): Float32Array | null {
    return this.#nearest === null ? this.#cosines : null;
  }

  /** The rows as this holds them: int8 in the kernel's memory, or float32. */
  get rows(): Float32Array | Int8Array {
    return this.#vectors;
  }

  /** Whether the current search has computed the cosine of `row` already. */
  known(row: number): boolean {
    const scan = this.#scan;
    return scan === null || scan.searchOf[row] === this.#search;
  }

  /**
   * A cosine no row the current search has not computed can exceed (-Infinity when it computed
   * every row): the rows outside the nearest are farther than the nearest, within
   * {@linkcode NEAREST_MARGIN}.
   */
  get ceiling(): number {
    return this.#ceiling;
  }

  /** The current search's cosine of a row (`begin` first). */
  cosineOf(row: number): number {
    const scan = this.#scan;
    if (scan === null || scan.searchOf[row] === this.#search) return this.#cosines[row];
    scan.searchOf[row] = this.#search;
    // Read back from the float32 buffer: the value the full scan would give.
    this.#cosines[row] = this.#cosineOf(this.#query!, row);
    return this.#cosines[row];
  }

  /** Calls `add` with each posting whose row's cosine is above `floor`, of the rows considered. */
  postingsAbove(floor: number, add: (position: number) => void): void {
    const rowStart = this.#rowStart;
    const docsOfRow = this.#docsOfRow;
    const rows = this.#nearest;
    const count = rows === null ? this.#cosines.length : rows.length;
    for (let k = 0; k < count; k++) {
      const r = rows === null ? k : rows[k];
      if (this.cosineOf(r) <= floor) continue;
      for (let d = rowStart[r]; d < rowStart[r + 1]; d++) add(docsOfRow[d]);
    }
  }
}
