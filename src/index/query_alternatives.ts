/**
 * Work named as alternatives: "nurse or midwife", "cook or chef", "sales or marketing manager".
 * Each is searched as if asked alone, and a posting is as good a match as it is for the one it
 * fits best (src/index/analyze_query.ts). Searched as one text, "nurse or midwife" asked for
 * postings naming both: it listed 3 postings where "nurse" alone lists 104 (zoo 9, session 44).
 *
 * @module
 */
import { hasHeadNoun } from "./head_group.ts";

/** Words that join alternatives of work. */
const OR = "or";

/** What may open the first alternative and names none: "either a nurse or a midwife". */
const EITHER = "either";

/**
 * The alternatives `words` (the work's words, readings already taken off) name, each as words, or
 * null where they name one piece of work. Where an earlier alternative names no job title's head
 * noun and the last ends in one after a word of its own ("sales or marketing manager", "front or
 * back end developer"), the earlier takes the last one's words after its first: "sales manager".
 * "nurse or care assistant" keeps "nurse", a role of its own.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const words = (q: string) => q.split(" ");
 * assert.deepEqual(alternativesOf(words("nurse or midwife")), [["nurse"], ["midwife"]]);
 * assert.deepEqual(alternativesOf(words("sales or marketing manager")), [
 *   ["sales", "manager"],
 *   ["marketing", "manager"],
 * ]);
 * assert.deepEqual(alternativesOf(words("nurse or care assistant")), [
 *   ["nurse"],
 *   ["care", "assistant"],
 * ]);
 * assert.equal(alternativesOf(words("operator")), null);
 * assert.equal(alternativesOf(words("or")), null);
 * assert.equal(alternativesOf(words("nurse or")), null);
 * ```
 */
export function alternativesOf(words: readonly string[]): string[][] | null {
  const groups: string[][] = [[]];
  for (const word of words) {
    if (word === OR) groups.push([]);
    else groups[groups.length - 1].push(word);
  }
  if (groups[0][0] === EITHER) groups[0] = groups[0].slice(1);
  if (groups.length < 2 || groups.some((group) => group.length === 0)) return null;
  const last = groups[groups.length - 1];
  if (last.length < 2 || !hasHeadNoun(last.join(" "))) return groups;
  const head = last.slice(1);
  return groups.map((group, at) =>
    at === groups.length - 1 || hasHeadNoun(group.join(" ")) ? group : [...group, ...head]
  );
}
