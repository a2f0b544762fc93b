/**
 * Text folded for comparison: what "Zürich" and "zurich", or "Société Générale" and "SOCIETE
 * GENERALE", share.
 *
 * @module
 */

/**
 * Lower-case letters and digits only, accents dropped, runs of anything else one space.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(foldText("  Société  Générale, S.A. "), "societe generale s a");
 * ```
 */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
