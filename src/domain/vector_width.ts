/**
 * The widths of title vectors a search can score. Every index's title vectors are int8 rows
 * scored by one WebAssembly SIMD kernel (src/index/dot_kernel.ts): it reads whole 16-value lanes,
 * and its integer sums stay inside i32 up to 512 values a row. The model catalog refuses a model
 * of another width (src/model/catalog.ts), and an index refuses rows of one, so no search ever
 * needs a second way to score vectors. Here, below both, so that each can ask without knowing the
 * other.
 *
 * @module
 */

/** Values the kernel reads a step: a row's width is a whole number of them. */
export const VECTOR_LANES = 16;

/** The widest rows whose integer sums cannot leave i32, whatever the unit vectors. */
export const MAX_VECTOR_DIMENSIONS = 512;

/** Why rows of `dimensions` values cannot be scored, or null when they can. */
export function vectorWidthProblem(dimensions: number): string | null {
  if (!Number.isInteger(dimensions) || dimensions <= 0) {
    return `${dimensions} is not a width of vectors`;
  }
  if (dimensions % VECTOR_LANES !== 0) {
    return `${dimensions}-d vectors are not whole steps of ${VECTOR_LANES} values, which the search's SIMD kernel reads`;
  }
  if (dimensions > MAX_VECTOR_DIMENSIONS) {
    return `${dimensions}-d vectors are wider than the ${MAX_VECTOR_DIMENSIONS} values the search's SIMD kernel sums exactly`;
  }
  return null;
}
