/**
 * When the work is done, said alone: "night shift jobs in London", "weekend jobs in Leeds",
 * "overnight jobs in Chicago". The words then name no job but its hours; at a place (or a
 * company) a search lists every posting there, those whose title or tags say the hours as strong
 * matches (src/index/job_index.ts), as "part time jobs in Leeds" lists a place's postings by their
 * employment type (src/index/query_employment.ts).
 *
 * @module
 */
import { withoutEitherAtEnds } from "./either_way.ts";
import { foldText } from "../domain/fold_text.ts";

/** The hours a query names alone, and the title words that say them. */
export interface QueryShift {
  /** The words as typed. */
  matched: string;
  /** The words a title or tags say the hours with. */
  words: readonly string[];
}

/**
 * Each kind of hours: how a person says it alone (folded; "work" after it stays in the words the
 * query is read to, "jobs" does not), and how titles say it.
 */
const SHIFTS: readonly { said: readonly string[]; words: readonly string[] }[] = [
  {
    said: [
      "night",
      "nights",
      "night shift",
      "night shifts",
      "nightshift",
      "overnight",
      "overnight shift",
      "overnight shifts",
    ],
    words: ["night", "nights", "overnight", "nightshift"],
  },
  {
    said: ["weekend", "weekends", "weekend shift", "weekend shifts"],
    words: ["weekend", "weekends"],
  },
  {
    said: ["evening", "evenings", "evening shift", "evening shifts"],
    words: ["evening", "evenings"],
  },
];

/**
 * The hours `text` names, where it names nothing else (the asking words already gone: "night
 * shift jobs" is read as "night shift"); null otherwise.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(shiftAlone("Night shift")?.words, ["night", "nights", "overnight", "nightshift"]);
 * assert.equal(shiftAlone("weekends")?.matched, "weekends");
 * assert.equal(shiftAlone("night work")?.matched, "night work");
 * assert.equal(shiftAlone("night auditor"), null);
 * assert.equal(shiftAlone("nurse"), null);
 * ```
 */
export function shiftAlone(text: string): QueryShift | null {
  const key = foldText(text).trim().replace(/ work$/, "");
  const shift = SHIFTS.find((kind) => kind.said.includes(key));
  return shift ? { matched: text.trim(), words: shift.words } : null;
}

/** Times of the day said either way beside the work ("nurse days or nights"). */
export const TIMES_OF_DAY = new Set([
  "day",
  "days",
  "daytime",
  "night",
  "nights",
  "nighttime",
  "overnight",
  "overnights",
  "morning",
  "mornings",
  "afternoon",
  "afternoons",
  "evening",
  "evenings",
]);

/** The length of two times of the day joined at `from` ("days or nights", "day or night shifts"). */
function eitherTimeAt(words: readonly string[], from: number): number {
  if (!TIMES_OF_DAY.has(words[from]) || !TIMES_OF_DAY.has(words[from + 2] ?? "")) return 0;
  if (!["or", "and", "&"].includes(words[from + 1]) || words[from] === words[from + 2]) return 0;
  return /^shifts?$/.test(words[from + 3] ?? "") ? 4 : 3;
}

/**
 * `words` (the work's, the asking taken off) without two times of the day joined at either end
 * ("nurse days or nights", "day or night shift care assistant"), or null: a person who works either
 * asks for neither, as with two employment types (src/index/query_employment.ts
 * `withoutEitherType`). Session 44 (reviewer R44): "nurse days or nights" listed 15 nurses, fewer
 * than "nurse days" (46), and embedded "nurse days or" as the work.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const words = (q: string) => q.split(" ");
 * assert.deepEqual(withoutEitherTime(words("nurse days or nights")), ["nurse"]);
 * assert.deepEqual(withoutEitherTime(words("day or night shift care assistant")), [
 *   "care",
 *   "assistant",
 * ]);
 * assert.equal(withoutEitherTime(words("nights or weekends cleaner")), null);
 * assert.equal(withoutEitherTime(words("nurse nights")), null);
 * assert.equal(withoutEitherTime(words("days or nights")), null);
 * ```
 */
export function withoutEitherTime(words: readonly string[]): string[] | null {
  return withoutEitherAtEnds(words, eitherTimeAt);
}
