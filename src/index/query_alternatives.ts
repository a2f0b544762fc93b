/**
 * Work named as alternatives: "nurse or midwife", "cook or chef", "sales or marketing manager".
 * Each is searched as if asked alone, and a posting is listed as each alternative's own query
 * would list it (src/index/analyze_query.ts, src/index/job_index.ts). Searched as one text, "nurse
 * or midwife" asked for postings naming both: it listed 3 postings where "nurse" alone lists 104
 * (zoo 9, session 44).
 *
 * @module
 */
import { hasHeadNoun, namesRole } from "./head_group.ts";
import { TIMES_OF_DAY } from "./query_shift.ts";
import { LANGUAGE_OF_NAME } from "./language_names.ts";
import { ownValue } from "../domain/own_value.ts";

/** Words that join alternatives of work. */
const OR = "or";

/** When the work is done, said after it: "cleaner evenings or weekends", "fridays or saturdays". */
const TIMES = new Set([
  ...TIMES_OF_DAY,
  ...["weekday", "weekend", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    .concat("sunday")
    .flatMap((day) => [day, `${day}s`]),
]);

/** The most words an alternative has ("mental health or learning disability nurse": 3). */
const MOST_WORDS = 4;

/**
 * Words no name of work holds, which a sentence around it does: "for my user", "preferably in",
 * "who can", "with 3 years".
 */
const NOT_IN_WORK = new Set([
  "for",
  "with",
  "in",
  "at",
  "to",
  "from",
  "near",
  "my",
  "user",
  "who",
  "which",
  "that",
  "preferably",
  "ideally",
  "like",
  "such",
]);

/** What may open the first alternative and names none: "either a nurse or a midwife". */
const EITHER = "either";

/**
 * Heads that name a role only with a field before them: "sales executive or manager" is a sales
 * manager, "data analyst or scientist" a data scientist (reviewer R44: "manager" alone listed
 * general and restaurant managers). "care assistant or nurse" keeps the nurse.
 */
const FIELD_HEADS = new Set([
  "manager",
  "director",
  "executive",
  "coordinator",
  "supervisor",
  "engineer",
  "developer",
  "programmer",
  "architect",
  "analyst",
  "scientist",
  "officer",
  "specialist",
  "consultant",
  "administrator",
  "technician",
  "operator",
  "operative",
  "associate",
  "representative",
  "advisor",
  "adviser",
  "lead",
  "planner",
  "controller",
]);

const isNumber = (word: string | undefined) => word !== undefined && /^\d+$/.test(word);

/**
 * The alternatives `words` (the work's words, readings already taken off) name, each as words, or
 * null where they name one piece of work or one is a language ("customer service german or
 * french"). Words said once for all are shared as people mean them:
 * - a number's words before it ("band 5 or 6 nurse": "band 6 nurse");
 * - the work before a time ("cleaner evenings or weekends": "cleaner weekends");
 * - "head of", "director of" ("head of sales or marketing": "head of marketing");
 * - a field's role ("sales executive or manager": "sales manager"; `FIELD_HEADS`);
 * - the last one's role for a field before it, as many words on as the field has ("sales or
 *   marketing manager": "sales manager"; "health or social care": "health care"). A role of its
 *   own keeps its words ("nurse or care assistant", "solicitor or legal assistant").
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const words = (q: string) => q.split(" ");
 * const read = (q: string) => alternativesOf(words(q))?.map((w) => w.join(" "));
 * assert.deepEqual(read("nurse or midwife"), ["nurse", "midwife"]);
 * assert.deepEqual(read("sales or marketing manager"), ["sales manager", "marketing manager"]);
 * assert.deepEqual(read("nurse or care assistant"), ["nurse", "care assistant"]);
 * assert.deepEqual(read("solicitor or legal assistant"), ["solicitor", "legal assistant"]);
 * assert.deepEqual(read("sales executive or manager"), ["sales executive", "sales manager"]);
 * assert.deepEqual(read("care assistant or nurse"), ["care assistant", "nurse"]);
 * assert.deepEqual(read("head of sales or marketing"), ["head of sales", "head of marketing"]);
 * assert.deepEqual(read("band 5 or 6 nurse"), ["band 5 nurse", "band 6 nurse"]);
 * assert.deepEqual(read("cleaner evenings or weekends"), ["cleaner evenings", "cleaner weekends"]);
 * assert.deepEqual(read("mental health or learning disability nurse"), [
 *   "mental health nurse",
 *   "learning disability nurse",
 * ]);
 * assert.deepEqual(read("devops or site reliability engineering"), [
 *   "devops",
 *   "site reliability engineering",
 * ]);
 * assert.equal(read("customer service german or french"), undefined);
 * assert.equal(read("data science with 3 years of python experience preferably in bangalore or hyderabad"), undefined);
 * assert.equal(read("operator"), undefined);
 * assert.equal(read("nurse or"), undefined);
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
  // A sentence, not work named either way: "data science jobs with 3 years of python experience
  // preferably in bangalore or hyderabad" (reviewer W44: read as three alternatives).
  if (groups.some((group) => group.length > MOST_WORDS || group.some((w) => NOT_IN_WORK.has(w)))) {
    return null;
  }
  const isLanguage = (group: string[]) =>
    group.length === 1 && ownValue(LANGUAGE_OF_NAME, group[0]) !== undefined;
  if (groups.slice(1).some(isLanguage)) return null;
  const first = groups[0];
  const of = first.indexOf("of");
  const shared = groups.map((group, at) => {
    if (at === 0) return group;
    const before = groups[at - 1];
    // "cleaner evenings or weekends": the work said once, before the first time (reviewer W44).
    if (group.every((word) => TIMES.has(word))) {
      let end = first.length;
      while (end > 0 && TIMES.has(first[end - 1])) end--;
      if (end > 0 && end < first.length) return [...first.slice(0, end), ...group];
    }
    if (isNumber(group[0]) && isNumber(before[before.length - 1])) {
      return [...first.slice(0, first.length - before.length), ...before.slice(0, -1), ...group];
    }
    if (of > 0 && !namesRole(group) && hasHeadNoun(first.slice(0, of).join(" "))) {
      return [...first.slice(0, of + 1), ...group];
    }
    if (group.length === 1 && FIELD_HEADS.has(group[0]) && first.length > 1 && namesRole(first)) {
      return [...first.slice(0, -1), ...group];
    }
    return group;
  });
  const last = shared[shared.length - 1];
  return shared.map((group, at) => {
    if (at === shared.length - 1 || last.length < 2 || namesRole(group)) return group;
    // The work and when it is done ("cleaner evenings"): a role of its own with its time.
    if (TIMES.has(group[group.length - 1]) && group.length > 1) return group;
    // A longer last one shares a role only ("devops or site reliability engineering" is no
    // "devops reliability engineering").
    if (last.length > 2 && !hasHeadNoun(last.join(" "))) return group;
    return [...group, ...last.slice(Math.min(group.length, last.length - 1))];
  });
}
