/**
 * Two readings said either way at an end of the work ("part time or full time nurse", "nurse days
 * or nights"): a person who takes either asks for neither, so both are taken off the work's words.
 *
 * @module
 */

/**
 * `words` without what `eitherAt` finds opening them or ending them (`eitherAt(words, from)`: the
 * length of the two joined at `from`, or 0), or null where it finds neither, or nothing would be
 * left.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const pairAt = (words: readonly string[], from: number) =>
 *   words[from] === "a" && words[from + 1] === "or" && words[from + 2] === "b" ? 3 : 0;
 * assert.deepEqual(withoutEitherAtEnds(["a", "or", "b", "nurse"], pairAt), ["nurse"]);
 * assert.deepEqual(withoutEitherAtEnds(["nurse", "a", "or", "b"], pairAt), ["nurse"]);
 * assert.equal(withoutEitherAtEnds(["a", "or", "b"], pairAt), null);
 * assert.equal(withoutEitherAtEnds(["nurse", "a", "or", "b", "c"], pairAt), null);
 * ```
 */
export function withoutEitherAtEnds(
  words: readonly string[],
  eitherAt: (words: readonly string[], from: number) => number,
): string[] | null {
  const opening = eitherAt(words, 0);
  if (opening > 0 && opening < words.length) return words.slice(opening);
  for (let from = 1; from < words.length; from++) {
    if (eitherAt(words, from) === words.length - from) return words.slice(0, from);
  }
  return null;
}
