/**
 * The specialty a query names before its head noun ("compliance officer", "teaching assistant",
 * "dental nurse"), and titles of the same head noun with another specialty before it ("Security
 * Officer", "Nursing Assistant", "Registered Nurse"). Where no posting has every word of the work,
 * the keyword side counts the head noun alone, and such titles were strong matches: on the real
 * postings "compliance officer" listed nine security officers in its first ten, after its one
 * compliance specialist, and "teaching assistant" nursing assistants among its assistant educators
 * (session 47). Read here, a title of another specialty is a close match where a strong match not
 * of one scores higher (src/index/job_index.ts): the specialty named in other words ("psychiatric
 * nurse": "Mental Health Nurse") is as near as the best, and stays.
 *
 * Only where no title (or tags) has every word of the work: where one does, the work's own titles
 * lead, and a title of another specialty may still be what was asked ("registered nurse": every
 * "Staff Nurse" is one).
 *
 * @module
 */
import { titleSaysExperienced, titleSaysLevel } from "../domain/title_levels.ts";
import type { Seniority } from "../domain/job.ts";
import { headGroupOf } from "./head_group.ts";
import { employmentAlone } from "./query_employment.ts";
import { splitWords, tokenize } from "./tokenize.ts";

/** The work's words, its head noun (a folded word) and the terms of the specialty before it. */
export interface WorkSpecialty {
  words: string[];
  head: string;
  specialty: string[];
}

const LEVELS: readonly Seniority[] = ["intern", "executive", "lead", "senior", "junior", "mid"];

/**
 * How a job is held ("Bank Nurse", "Relief Officer", "Locum Doctor") or the standing asked of the
 * person ("a qualified chef", "Experienced Driver"), not a specialty.
 */
const NOT_SPECIALTIES = new Set([
  "permanent",
  "casual",
  "relief",
  "bank",
  "locum",
  "agency",
  "flex",
  "qualified",
  "experienced",
  "certified",
  "licensed",
  "skilled",
  "trained",
  "professional",
  // Qualifications an accountant holds ("ACCA Accountant", "Chartered Accountant"): every other
  // accountant's title was a close match beside healthcare assistants (session 59).
  "chartered",
  "acca",
  "cima",
  "aat",
  "cpa",
]);

/**
 * How many words ending at `words[at]` say a level ("Senior", "Trainee"), how the job is held
 * ("Temporary", "Part Time", "Bank") or the person's standing ("Qualified"), not a specialty: 0, 1
 * or 2.
 */
function notSpecialtyWords(words: readonly string[], at: number): number {
  if (at > 0 && employmentAlone(`${words[at - 1]} ${words[at]}`) !== null) return 2;
  const word = words[at];
  return titleSaysLevel(word, LEVELS) || titleSaysExperienced(word) ||
      NOT_SPECIALTIES.has(word) || employmentAlone(word) !== null
    ? 1
    : 0;
}

/** Where the words before `words[at]` leave off saying a level, a type or a standing (-1: none). */
function specialtyEnd(words: readonly string[], at: number): number {
  let end = at - 1;
  for (let span; end >= 0 && (span = notSpecialtyWords(words, end)) > 0;) end -= span;
  return end;
}

/** Whether a title's word is the head noun, or its plural: not "Nursing" for "nurse". */
function isHead(word: string, head: string): boolean {
  return word === head || word === `${head}s` || word === `${head}es`;
}

/** Works of more words than this are descriptions, not a specialty and its head. */
const MOST_WORDS = 4;

/**
 * The head noun and specialty of a work's words (lower case, as analysed), or undefined where the
 * last word is no head noun (src/index/head_nouns.json) or nothing but levels stands before it.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(specialtyOf(["compliance", "officer"]), {
 *   words: ["compliance", "officer"],
 *   head: "officer",
 *   specialty: ["complianc"],
 * });
 * assert.equal(specialtyOf(["teaching", "assistant"])?.head, "assistant");
 * assert.equal(specialtyOf(["temp", "nurse"]), undefined);
 * assert.equal(specialtyOf(["qualified", "chef"]), undefined);
 * assert.equal(specialtyOf(["part", "time", "nurse"]), undefined);
 * assert.deepEqual(specialtyOf(["senior", "mental", "health", "nurse"])?.specialty, ["mental", "health"]);
 * assert.equal(specialtyOf(["nurse"]), undefined);
 * assert.equal(specialtyOf(["senior", "nurse"]), undefined);
 * assert.equal(specialtyOf(["phone", "sales"]), undefined);
 * ```
 */
export function specialtyOf(work: readonly string[]): WorkSpecialty | undefined {
  if (work.length < 2 || work.length > MOST_WORDS) return undefined;
  const last = work[work.length - 1];
  if (headGroupOf(last) === undefined) return undefined;
  const specialty: string[] = [];
  for (let at = specialtyEnd(work, work.length - 1); at >= 0; at = specialtyEnd(work, at)) {
    specialty.unshift(...tokenize(work[at]));
  }
  return specialty.length > 0 ? { words: [...work], head: last, specialty } : undefined;
}

/**
 * Whether `title` names the head noun only after another specialty: every time it says the head
 * noun, the nearest word before it that says no level, type or standing is not a word of the asked
 * specialty ("Armed Flex Officer": "armed"). A title that says the head noun bare ("Officer -
 * Security & Safety", "Assistant Educator", "Senior Officer") or not at all is not one.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const compliance = { head: "officer", specialty: ["complianc"] };
 * assert.ok(saysOtherSpecialty("Security Officer (Nights)", compliance));
 * assert.ok(saysOtherSpecialty("Armed Security Officer", compliance));
 * assert.ok(saysOtherSpecialty("Armed Flex Officer", compliance));
 * assert.ok(!saysOtherSpecialty("Flex Officer", compliance));
 * assert.ok(!saysOtherSpecialty("Compliance Officer", compliance));
 * assert.ok(!saysOtherSpecialty("Senior Compliance Officer", compliance));
 * assert.ok(!saysOtherSpecialty("Senior Officer", compliance));
 * assert.ok(!saysOtherSpecialty("Trade Compliance Specialist", compliance));
 * assert.ok(!saysOtherSpecialty("Officer - Security & Safety", compliance));
 * const teaching = { head: "assistant", specialty: ["teach"] };
 * assert.ok(saysOtherSpecialty("Nursing Assistant", teaching));
 * assert.ok(!saysOtherSpecialty("Assistant Educator - Infant Program", teaching));
 * assert.ok(!saysOtherSpecialty("Temporary Assistant Educator - Preschool Program", teaching));
 * assert.ok(!saysOtherSpecialty("Part Time Teaching Assistants", teaching));
 * const dental = { head: "nurse", specialty: ["dental"] };
 * assert.ok(saysOtherSpecialty("Registered Nurse - Nights", dental));
 * assert.ok(!saysOtherSpecialty("Nursing Assistant", dental));
 * assert.ok(!saysOtherSpecialty("Bank Nurse", dental));
 * ```
 */
export function saysOtherSpecialty(
  title: string,
  asked: Pick<WorkSpecialty, "head" | "specialty">,
): boolean {
  const words = splitWords(title);
  let said = false;
  for (let i = 0; i < words.length; i++) {
    if (!isHead(words[i], asked.head)) continue;
    said = true;
    const before = specialtyEnd(words, i);
    if (before < 0) return false;
    const terms = tokenize(words[before]);
    if (terms.length === 0 || terms.some((term) => asked.specialty.includes(term))) return false;
  }
  return said;
}
