/**
 * The semantic side of the score: the cosine between the query's vector and each posting's title
 * vector. The vectors stay outside Orama: brute-force cosine over the distinct titles (6,712 for
 * 11,517 postings) is 4x less work than Orama's vector search over every posting, and Orama's
 * `save()` writes each vector twice as JSON numbers.
 *
 * One path serves every index, built in a test or loaded from a snapshot alike: int8 rows (one
 * scale a row, quantised by {@linkcode quantiseRows} where an index is assembled) scored by a SIMD
 * kernel (src/index/dot_kernel.ts), every row for every search: ~30 ns a 384-d row, ~29 ms at
 * 1,000,000 rows on one thread (shared with helper threads from ~350,000 rows), exact. From
 * {@linkcode SCREEN_MIN_BYTES} of rows the kernel screens them: each row estimated from half its
 * bytes, the exact cosine computed only where the row could count for the search (`begin`'s
 * `bars`); the result sets are the exact ones (docs/scaling.md, item 13).
 *
 * Rows the kernel cannot take are refused: a width other than whole 16-value steps up to 512 (the
 * model catalog refuses such a model first, src/domain/vector_width.ts), or more rows than its 4
 * GiB hold (10,956,546 distinct 384-d titles; the publish refuses them first, docs/scaling.md,
 * "Where one server stops"). An approximate graph index (HNSW: usearch, hnswlib-node) was measured
 * and refused: recall@100 0.81 at 1,000,000 rows, 27 minutes to build (docs/scaling.md).
 *
 * @module
 */
import {
  BATCH_QUERIES,
  helpersFor,
  Int8Rows,
  kernelFits,
  kernelMaxRows,
  kernelRowsAhead,
  screenFits,
} from "./dot_kernel.ts";
import { vectorWidthProblem } from "../domain/vector_width.ts";

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

/**
 * Unit vectors as int8 with one scale per row (the row's largest magnitude over 127, so that it
 * is ±127): a quarter of the bytes, cosines ±0.01.
 */
export function quantiseRows(
  vectors: Float32Array,
  dimensions: number,
): { values: Int8Array; scales: Float32Array } {
  const rows = vectors.length / dimensions;
  const values = new Int8Array(vectors.length);
  const scales = new Float32Array(rows);
  for (let r = 0; r < rows; r++) {
    quantiseRowInto(vectors.subarray(r * dimensions, (r + 1) * dimensions), values, scales, r);
  }
  return { values, scales };
}

/**
 * Row `row` of {@linkcode quantiseRows}'s output, from that row's vector alone: a publish quantises
 * each title's vector as it comes, never holding them all as float32.
 */
export function quantiseRowInto(
  vector: Float32Array,
  values: Int8Array,
  scales: Float32Array,
  row: number,
): void {
  const dimensions = vector.length;
  let max = 0;
  for (let k = 0; k < dimensions; k++) max = Math.max(max, Math.abs(vector[k]));
  const scale = max > 0 ? max / 127 : 1;
  scales[row] = scale;
  const at = row * dimensions;
  for (let k = 0; k < dimensions; k++) values[at + k] = Math.round(vector[k] / scale);
}

/**
 * Why `rows` title vectors of `dimensions` values cannot be searched, or null when they can: the
 * kernel must take their width, and hold them in its 4 GiB.
 */
export function titleRowsProblem(rows: number, dimensions: number): string | null {
  const width = vectorWidthProblem(dimensions);
  if (width !== null) return width;
  if (kernelFits(rows, dimensions)) return null;
  return `${rows} distinct titles of ${dimensions}-d vectors are more than the ${
    kernelMaxRows(dimensions)
  } the search's SIMD kernel holds in its 4 GiB`;
}

/** Whether `rows` title vectors of `dimensions` are screened (`screen`: unless said otherwise). */
function screenedByDefault(rows: number, dimensions: number, screen?: boolean): boolean {
  return screenFits(rows, dimensions) && (screen ?? rows * dimensions >= SCREEN_MIN_BYTES);
}

/**
 * Where `rows` title vectors of `dimensions` go in the kernel's memory of an index built with the
 * default options, made before they are read (src/index/dot_kernel.ts `kernelRowsAhead`): filled
 * there, the index takes them without a copy. Null where the index could not hold them.
 */
export function titleRowsAhead(rows: number, dimensions: number): Int8Array | null {
  if (titleRowsProblem(rows, dimensions) !== null) return null;
  return kernelRowsAhead(rows, dimensions, screenedByDefault(rows, dimensions));
}

/**
 * The distinct title vectors in the SIMD kernel's memory, and each posting's row (what a screened
 * search marks). Searching is synchronous: one query at a time.
 */
export class TitleVectors {
  /** The int8 rows in the SIMD kernel's memory (src/index/dot_kernel.ts). */
  readonly #kernel: Int8Rows;
  readonly #dimensions: number;
  readonly #vectorOfDoc: Uint32Array;
  readonly #scales: Float32Array;
  /** The vector `prefetch` set in the kernel, until `begin` uses it. */
  #prefetched: Float32Array | null = null;

  /**
   * `screen`: whether searches screen the rows (`begin`'s `bars`); by default from
   * {@linkcode SCREEN_MIN_BYTES} of rows, where the kernel can.
   */
  constructor(
    data: {
      vectors: Int8Array;
      vectorScales: Float32Array;
      dimensions: number;
      vectorOfDoc: Uint32Array;
    },
    options: { screen?: boolean } = {},
  ) {
    const { vectors, vectorScales, dimensions, vectorOfDoc } = data;
    const rows = vectors.length / dimensions;
    if (!Number.isInteger(rows)) {
      throw new RangeError(
        `Cannot build index: ${vectors.length} vector values are not rows of ${dimensions}`,
      );
    }
    const problem = titleRowsProblem(rows, dimensions);
    if (problem !== null) throw new RangeError(`Cannot build index: ${problem}`);
    if (vectorScales.length !== rows) {
      throw new RangeError("Cannot build index: int8 vectors need one scale per row");
    }
    this.#vectorOfDoc = vectorOfDoc;
    this.#dimensions = dimensions;
    this.#scales = vectorScales;
    const screened = screenedByDefault(rows, dimensions, options.screen);
    this.#kernel = new Int8Rows(vectors, vectorScales, dimensions, {
      helpers: helpersFor(rows, dimensions),
      screened,
    });
  }

  /** Ends the kernel's helper threads, if any: searching goes on, on the caller's thread alone. */
  close(): void {
    this.#kernel.close();
  }

  #checkWidth(vector: Float32Array): void {
    if (vector.length !== this.#dimensions) {
      throw new RangeError(
        `Cannot search: query vector has ${vector.length} dimensions, index ${this.#dimensions}`,
      );
    }
  }

  /**
   * Cosine of the query with every distinct title vector, by row. The buffer returned is
   * overwritten by the next call.
   */
  cosines(vector: Float32Array): Float32Array {
    this.#checkWidth(vector);
    this.#prefetched = null;
    this.#kernel.setQuery(vector);
    return this.#kernel.scoreAll();
  }

  /**
   * Starts what a screened search for `vector` can do before its bars are known (the rows'
   * estimates, on the kernel's helper threads while the caller scores the keywords); `begin`
   * with the same vector finishes it. Nothing to do for an index that does not screen.
   */
  prefetch(vector: Float32Array): void {
    const kernel = this.#kernel;
    if (!kernel.wordRows.length) return;
    this.#checkWidth(vector);
    kernel.setQuery(vector);
    kernel.startEstimates();
    this.#prefetched = vector;
  }

  /** Whether searches screen the rows (from {@linkcode SCREEN_MIN_BYTES} of rows). */
  get screens(): boolean {
    return this.#kernel.wordRows.length > 0;
  }

  /**
   * Starts the searches of several vectors at once, where the index screens: every row's
   * estimate for each (at most {@linkcode BATCH_QUERIES}) in one sweep over the rows' codes
   * (src/index/dot_kernel.ts `estimateBatch`), which a later search with one of these vectors (the
   * same object) uses as it is, once: the values its own pass would give. For searches waiting
   * together in one process (src/search/searches_together.ts).
   */
  prefetchTogether(vectors: readonly Float32Array[]): void {
    if (!this.screens) return;
    for (const vector of vectors) this.#checkWidth(vector);
    this.#prefetched = null;
    this.#kernel.estimateBatch(vectors.slice(0, BATCH_QUERIES));
  }

  /**
   * Every row's cosine with `vector`, by row (the buffer is overwritten by the next search). With
   * `bars` and a screening kernel, a row's cosine is exact wherever it could reach its bar, and
   * below the bar elsewhere (src/index/dot_kernel.ts `screenAll`); with `exact` (the bench's
   * recall) or without a screening kernel, exact everywhere.
   */
  begin(vector: Float32Array, options: { exact?: boolean; bars?: CosineBars } = {}): Float32Array {
    this.#checkWidth(vector);
    const kernel = this.#kernel;
    const bars = options.bars;
    if (
      !kernel.wordRows.length || !bars || options.exact ||
      !(bars.titleBar > -Infinity && bars.wordBar > -Infinity)
    ) {
      return this.cosines(vector);
    }
    const marks = kernel.wordRows;
    const vectorOfDoc = this.#vectorOfDoc;
    for (const postings of bars.wordPostings) {
      for (let k = 0; k < postings.length; k++) marks[vectorOfDoc[postings[k]]] = 1;
    }
    if (this.#prefetched !== vector) kernel.setQuery(vector);
    this.#prefetched = null;
    return kernel.screenAll(bars.titleBar, bars.wordBar);
  }

  /**
   * The exact cosine of `vector` with each of `rows`, in their order, computed for those rows
   * alone (whether or not a search screens): the kernel's query and cosines stay as they were.
   */
  cosinesAt(vector: Float32Array, rows: readonly number[]): Float64Array {
    this.#checkWidth(vector);
    const d = this.#dimensions;
    const values = this.#kernel.rows;
    const out = new Float64Array(rows.length);
    for (let k = 0; k < rows.length; k++) {
      const r = rows[k];
      let sum = 0;
      for (let i = 0, at = r * d; i < d; i++, at++) sum += vector[i] * values[at];
      out[k] = sum * this.#scales[r];
    }
    return out;
  }

  /** The mean of `cosinesAt`: 0 for no rows. */
  meanCosineAt(vector: Float32Array, rows: readonly number[]): number {
    if (rows.length === 0) return 0;
    return this.cosinesAt(vector, rows).reduce((sum, cosine) => sum + cosine, 0) / rows.length;
  }

  /** How many distinct title rows there are. */
  get rowCount(): number {
    return this.#scales.length;
  }

  /** The int8 rows, in the kernel's memory. */
  get rows(): Int8Array {
    return this.#kernel.rows;
  }
}
