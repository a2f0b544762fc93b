/**
 * A posting's description without its company's own name: "Rowbotham Accountants is hiring a
 * Program Analyst" names the employer (which the company field holds), not the job. Whole words
 * only (a company called "AB" must not cut "about"), whatever the case.
 *
 * @module
 */

const WORD_CHAR = /[\p{L}\p{N}]/u;
/** Lower-casing a capital sigma depends on what follows it (a final sigma or not). */
const SIGMA = /[\u03a3\u03c2\u03c3]/;

/** Whether the code point ending just before `at` is a letter or a digit. */
function wordCharBefore(text: string, at: number): boolean {
  if (at <= 0) return false;
  const low = text.charCodeAt(at - 1);
  const high = at >= 2 ? text.charCodeAt(at - 2) : 0;
  const paired = low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff;
  const start = paired ? at - 2 : at - 1;
  return WORD_CHAR.test(String.fromCodePoint(text.codePointAt(start)!));
}

/** Whether the code point starting at `at` is a letter or a digit. */
function wordCharAt(text: string, at: number): boolean {
  if (at >= text.length) return false;
  return WORD_CHAR.test(String.fromCodePoint(text.codePointAt(at)!));
}

/**
 * `description` with each whole-word occurrence of `company` (trimmed; two characters or more),
 * in any case, replaced by a space.
 *
 * Matched on the lower-cased texts: a regular expression (Unicode, case-insensitive, whole words)
 * run over every description that named its company was the largest single cost of building the
 * text index (a V8 profile of indexing the 1,800 bundled postings: about a quarter of the
 * process's ticks, compiling a pattern per company and running it). Lower-casing finds what the
 * pattern finds but for letters whose lower case is not their case fold (the long s, the final
 * sigma), which are left in the text. Where lower-casing changes a text's length (a dotted
 * capital I), positions would not carry over, and where the name holds a sigma, whose lower case
 * depends on the letters after it, the two could differ: there the pattern runs instead.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(withoutName("ACME Ltd is hiring at acme ltd.", "Acme Ltd"), "  is hiring at  .");
 * assert.equal(withoutName("AB about ab-testing", "AB"), "  about  -testing");
 * ```
 */
export function withoutName(description: string, company: string): string {
  const name = company.trim();
  if (name.length < 2) return description;
  const lower = description.toLowerCase();
  const needle = name.toLowerCase();
  let at = lower.indexOf(needle);
  if (at < 0) return description;
  if (
    lower.length !== description.length || needle.length !== name.length || SIGMA.test(name)
  ) {
    return description.replace(namePattern(name), " ");
  }
  let kept = "";
  let from = 0;
  while (at >= 0) {
    const end = at + needle.length;
    if (!wordCharBefore(description, at) && !wordCharAt(description, end)) {
      kept += description.slice(from, at) + " ";
      from = end;
      at = lower.indexOf(needle, end);
    } else {
      at = lower.indexOf(needle, at + 1);
    }
  }
  return kept + description.slice(from);
}

/** Compiled patterns of company names, for the texts lower-casing would shift. */
const namePatterns = new Map<string, RegExp>();

/** The whole-word, case-insensitive pattern of `name`. */
export function namePattern(name: string): RegExp {
  let pattern = namePatterns.get(name);
  if (!pattern) {
    const literal = name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    pattern = new RegExp(`(?<![\\p{L}\\p{N}])${literal}(?![\\p{L}\\p{N}])`, "giu");
    if (namePatterns.size >= 50_000) namePatterns.clear();
    namePatterns.set(name, pattern);
  }
  return pattern;
}
