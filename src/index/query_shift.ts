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

/** The time of the day said beside the work, where it is one side of the day or the other. */
export type TimeOfDay = "day" | "night";

const DAY_WORDS = new Set([
  "day",
  "days",
  "daytime",
  "morning",
  "mornings",
  "afternoon",
  "afternoons",
]);
const NIGHT_WORDS = new Set([
  "night",
  "nights",
  "overnight",
  "overnights",
  "nightshift",
  "nightshifts",
]);

/**
 * The side of the day `qualifiers` (the words said beside the work about when it is done: "care
 * assistant mornings": "mornings") put the work on, or undefined where they say none or both.
 * Evenings are neither: an "Evening Cleaner" and a "Night Cleaner" are often the same hours.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(timeOfDayIn(["weekday", "mornings"]), "day");
 * assert.equal(timeOfDayIn(["night", "shift"]), "night");
 * assert.equal(timeOfDayIn(["evenings"]), undefined);
 * assert.equal(timeOfDayIn(["part", "time"]), undefined);
 * ```
 */
export function timeOfDayIn(qualifiers: readonly string[]): TimeOfDay | undefined {
  const day = qualifiers.some((word) => DAY_WORDS.has(word));
  const night = qualifiers.some((word) => NIGHT_WORDS.has(word));
  return day === night ? undefined : day ? "day" : "night";
}

/** A title's words for night work (German and Dutch "Nacht..." too). */
const NIGHT_TITLE =
  /(?<![\p{L}\p{N}])(?:nights?|overnights?|night-?shifts?|nightshifts?|nacht\p{L}*)(?![\p{L}\p{N}])/iu;
/**
 * A title's words for day work: not a number of days ("3 days a week"), a day centre or nursery,
 * a day rate, or same-day delivery, which say nothing of the hours.
 */
const DAY_TITLE =
  /(?<![\p{L}\p{N}]|\d[\s-]?|same[\s-])(?:days?|daytime|mornings?|afternoons?|day-?shifts?)(?![\p{L}\p{N}])(?!\s*(?:cent(?:re|er)s?|nurser(?:y|ies)|care|services?|rate|one|a week|per week|\/\s*week|opportunit))/iu;

/**
 * Whether `title` says the work is done on the other side of the day than `asked`, and not on
 * both ("Care Assistant - Nights" for mornings; not "Care Assistant - Days and Nights").
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.ok(saysOtherTime("Health Care Assistant (Nights)", "day"));
 * assert.ok(saysOtherTime("Night Porter", "day"));
 * assert.ok(!saysOtherTime("Care Assistant (Bank) - Days and Nights", "day"));
 * assert.ok(saysOtherTime("Care Assistant - Days", "night"));
 * assert.ok(!saysOtherTime("Day Centre Support Worker", "night"));
 * assert.ok(!saysOtherTime("Same Day Delivery Driver", "night"));
 * assert.ok(!saysOtherTime("Cleaner - 3 days a week", "night"));
 * ```
 */
export function saysOtherTime(title: string, asked: TimeOfDay): boolean {
  const night = NIGHT_TITLE.test(title);
  const day = DAY_TITLE.test(title);
  return asked === "day" ? night && !day : day && !night;
}
