/**
 * A seniority said alone beside a place or a company: "entry level jobs in London", "graduate jobs
 * Manchester", "senior roles in London", "no experience needed jobs in Chicago". The words then name
 * no job but a level of one; at a place a search lists every posting there, those whose seniority
 * (src/ingest/seniority.ts: the title or the board's job level) is of that level as strong matches,
 * as "part time jobs in Leeds" lists a place's postings by their employment type
 * (src/index/query_employment.ts) and "night shift jobs in Houston" by the hours
 * (src/index/query_shift.ts). Beside a job ("entry level data analyst") the words stay the query's:
 * a title that says them ranks by them.
 *
 * @module
 */
import { ruledOutBy, type Seniority } from "../domain/job.ts";
import { JOB_WORDS as REQUEST_JOB_WORDS } from "./query_phrasing.ts";
import { splitWords } from "./tokenize.ts";

/** A seniority the query names alone. */
export interface QuerySeniority {
  /** The words as typed. */
  matched: string;
  /** The `seniority` filter's levels they name. */
  levels: readonly Seniority[];
}

/**
 * How people say a level alone, and the levels each means. A first job ("entry level", "no
 * experience", "beginner") is a junior post or an internship; a graduate's is a junior post (an
 * internship is for those still studying). "Lead" and "executive" alone are left out: "team
 * leader", "executive" and "account executive" name roles as often as levels.
 */
const SAID: readonly { said: readonly string[]; levels: readonly Seniority[] }[] = [
  {
    said: [
      "entry level",
      "entrylevel",
      "entry",
      "no experience",
      "no experience needed",
      "no experience required",
      "no experience necessary",
      "with no experience",
      "without experience",
      "without any experience",
      "no prior experience",
      "no previous experience",
      "that don t require experience",
      "that dont require experience",
      "that do not require experience",
      "not requiring experience",
      "beginner",
      "beginners",
      "first job",
      // What the asking leaves of "first job", "my first job" ("job" is taken off as asking):
      // alone only, never before the work ("first aid trainer").
      "first",
      "my first",
    ],
    levels: ["junior", "intern"],
  },
  {
    said: [
      "graduate",
      "graduates",
      "grad",
      "grads",
      "new grad",
      "new grads",
      "new graduate",
      "new graduates",
      "recent graduate",
      "recent graduates",
      "graduate scheme",
      "graduate schemes",
      "graduate programme",
      "graduate programmes",
      "graduate program",
      "graduate programs",
      // "grad scheme engineering uk" searched "scheme" as the work (a person's trial, session 57).
      "grad scheme",
      "grad schemes",
      "grad programme",
      "grad programmes",
      "grad program",
      "grad programs",
      "junior",
      "jr",
      "trainee",
      "trainees",
      "apprentice",
      "apprentices",
      "apprenticeship",
      "apprenticeships",
      "school leaver",
      "school leavers",
    ],
    levels: ["junior"],
  },
  // A student's job is an intern's post ("Working Student", "Werkstudent", "Summer Student"): said
  // alone ("student jobs", "jobs for students") or after the work with "for" ("barista jobs for
  // students"); never opening the work ("student advisor", "student nurse" name roles), nor closing
  // it without "for" ("phd student", "working student").
  {
    said: ["student", "students", "for students", "for a student", "for student"],
    levels: ["intern"],
  },
  { said: ["mid level", "midlevel", "intermediate"], levels: ["mid"] },
  { said: ["senior", "sr", "senior level"], levels: ["senior"] },
];

/**
 * Words for a job as such, said after the level ("entry level jobs", "senior roles", "mid level
 * work"); "level" after a level without its own ("senior level").
 */
const JOB_WORDS = new Set([...REQUEST_JOB_WORDS, "work", "level"]);

/**
 * The level `text` names, where it names nothing else (the asking words already gone: "show me
 * entry level jobs" is read as "entry level jobs"); null otherwise.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(seniorityAlone("Entry-level jobs")?.levels, ["junior", "intern"]);
 * assert.equal(seniorityAlone("graduate jobs")?.matched, "graduate jobs");
 * assert.deepEqual(seniorityAlone("no experience needed")?.levels, ["junior", "intern"]);
 * assert.deepEqual(seniorityAlone("senior roles")?.levels, ["senior"]);
 * assert.equal(seniorityAlone("senior nurse"), null);
 * assert.equal(seniorityAlone("graduate engineer"), null);
 * assert.equal(seniorityAlone("jobs"), null);
 * assert.deepEqual(seniorityAlone("first job no experience")?.levels, ["junior", "intern"]);
 * assert.deepEqual(seniorityAlone("graduate jobs no experience")?.levels, ["junior", "intern"]);
 * assert.equal(seniorityAlone("senior graduate jobs"), null);
 * ```
 */
export function seniorityAlone(text: string): QuerySeniority | null {
  const words = splitWords(text);
  const levels = levelsOf(words);
  if (levels) return { matched: text.trim(), levels };
  // Two ways of saying a first job together ("graduate jobs no experience", "entry level
  // apprenticeships"). Only of one kind of level: "senior graduate jobs" says none.
  for (let at = 1; at < words.length; at++) {
    const [before, after] = [levelsOf(words.slice(0, at)), levelsOf(words.slice(at))];
    if (before && after && before.some((level) => after.includes(level))) {
      return { matched: text.trim(), levels: [...new Set([...before, ...after])] };
    }
  }
  return null;
}

/** The levels `words` say and nothing else, or undefined. */
function levelsOf(words: readonly string[]): readonly Seniority[] | undefined {
  // The words for a job taken off one by one: "level" after a level that has its own ("entry
  // level", "mid level work") stays part of it.
  for (let end = words.length; end > 0; end--) {
    const kind = SAID.find((one) => one.said.includes(words.slice(0, end).join(" ")));
    if (kind) return kind.levels;
    if (!JOB_WORDS.has(words[end - 1])) break;
  }
  return undefined;
}

/** `words` without the words for a job as such at their end ("entry level jobs": "entry level"). */
export function withoutJobWords(words: readonly string[]): string[] {
  let end = words.length;
  while (end > 0 && JOB_WORDS.has(words[end - 1])) end--;
  return words.slice(0, end);
}

/**
 * A seniority said beside the work ("entry level marketing jobs", "senior software engineer",
 * "marketing jobs, no experience needed"): the work is still what is searched, and its postings
 * stated at a level the words rule out are close matches rather than strong ones
 * (`JobIndex.search`). Session 35: "entry level marketing jobs" listed "Head Of Marketing" second.
 */
export interface QuerySeniorityBeside extends QuerySeniority {
  /** The levels a posting stated at is not what the words ask (a head of marketing for a first job). */
  ruledOut: readonly Seniority[];
  /**
   * The words say what the person lacks ("warehouse operative no experience"), not a level asked
   * for: a posting of the work that states no level is as open to them as one that says a first
   * job's, so both are strong matches (the levels ruled out still are not).
   */
  lacking?: true;
}

/**
 * The levels said before the work: not "entry" alone ("entry clerk"), nor "mid level" (rules
 * nothing out), nor a first job (the asking, "first job as a barista", reads it alone).
 */
const OPENING_LEVELS = SAID.flatMap(({ said, levels }) =>
  said
    .filter((phrase) =>
      phrase !== "entry" && !phrase.includes("first") && !phrase.includes("student") &&
      ruledOutBy(levels).length
    )
    .map((phrase) => ({ words: phrase.split(" "), levels }))
);

/** Words before "for students" after which the student is who takes the job. */
const FOR_STUDENTS_AFTER = new Set([
  ...JOB_WORDS,
  "time",
  "summer",
  "weekend",
  "weekends",
  "evening",
  "evenings",
  "holiday",
  "casual",
  "temp",
  "seasonal",
  "flexible",
]);

/** A student said after the work: with "for" before it (`SAID`). */
const STUDENT_CLOSING = SAID.flatMap(({ said, levels }) =>
  said.filter((phrase) => phrase.startsWith("for ")).map((phrase) => ({
    words: phrase.split(" "),
    levels,
  }))
);

/**
 * The levels said after the work: only what is not also the end of a role's name ("care home
 * senior", "data entry", "marketing junior" are not levels).
 */
const CLOSING_LEVELS = [
  ...OPENING_LEVELS.filter(({ words }) =>
    !["senior", "sr", "junior", "jr", "grad", "grads", "senior level"].includes(words.join(" "))
  ),
  ...STUDENT_CLOSING,
];

/** Words between "for" and the student that say nothing more of the job ("for a university student"). */
const STUDENT_KINDS = new Set([
  "university",
  "college",
  "uni",
  "school",
  "high",
  "sixth",
  "form",
  "international",
  "mature",
  "foreign",
  "exchange",
]);

/** Words opening a clause before "for a student" ("jobs that are suitable for students"). */
const CLAUSE_OPENING = new Set(["that", "which", "are", "is"]);

/** Words before "for a student" that say nothing more of the job ("suitable for students"). */
const SUITED = new Set(["suitable", "ideal", "good", "great", "perfect", "suited"]);

/**
 * `words` with a student said at their end in the several ways people say one ("suitable for a
 * university student", "ideal for college students") said as `SAID` holds it ("for a student",
 * "for students"); the same array where there is none.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const words = (q: string) => q.split(" ");
 * assert.deepEqual(studentSaid(words("part time jobs suitable for a university student")), words("part time jobs for a student"));
 * assert.deepEqual(studentSaid(words("weekend work ideal for college students")), words("weekend work for students"));
 * assert.deepEqual(studentSaid(words("phd student")), words("phd student"));
 * assert.deepEqual(studentSaid(words("jobs suitable for a student no dutch required")), words("jobs for a student no dutch required"));
 * ```
 */
export function studentSaid(words: string[]): string[] {
  for (let last = 1; last < words.length; last++) {
    if (words[last] !== "student" && words[last] !== "students") continue;
    let at = last - 1;
    while (at >= 0 && STUDENT_KINDS.has(words[at])) at--;
    const article = words[at] === "a" || words[at] === "an";
    if (article) at--;
    if (words[at] !== "for") continue;
    let from = SUITED.has(words[at - 1]) ? at - 1 : at;
    // "jobs that are good for a student": the clause's opening goes too.
    while (from > 1 && CLAUSE_OPENING.has(words[from - 1])) from--;
    // What follows stays for the other readings ("..., no Dutch required": reviewer W).
    return [
      ...words.slice(0, from),
      "for",
      ...(article ? ["a"] : []),
      words[last],
      ...words.slice(last + 1),
    ];
  }
  return words;
}

/** Words after "senior" that make it the work's, not a level. */
const FOR_OLDER_PEOPLE = new Set([
  "living",
  "citizen",
  "citizens",
  "center",
  "centre",
  "community",
  "home",
  "homes",
  "high",
]);

/**
 * Jobs named with a level's word: a junior doctor is a doctor in training (a resident), whatever
 * the posting's level; read as a level, "junior doctor" searched "doctor" and missed every
 * "Resident Medical Officer" (session 47).
 */
const NAMED_WITH_LEVEL = new Set(["junior doctor", "junior doctors"]);

/** "No experience" said beside the work, which the role's words no longer hold (query_phrasing). */
const NO_EXPERIENCE_SAID =
  /\b(?:(?:no|without(?: any)?|no (?:prior|previous)) experience|(?:don t|dont|do not|not) requir(?:e|ing) experience)\b/;

/**
 * The level `role` (the query's words that name the work, the asking taken off) names beside the
 * work, or "no experience" in `typed` (the words as typed) where the role no longer holds it; null
 * where it names none, or nothing but a level (`seniorityAlone` reads that).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const words = (q: string) => q.split(" ");
 * assert.deepEqual(seniorityBeside(words("entry level marketing"), words("entry level marketing jobs")), {
 *   matched: "entry level", levels: ["junior", "intern"], ruledOut: ["senior", "lead", "executive"],
 * });
 * assert.deepEqual(seniorityBeside(words("senior nurse"), words("senior nurse"))?.ruledOut, [
 *   "intern", "junior",
 * ]);
 * assert.equal(seniorityBeside(words("electrician apprentice"), [])?.matched, "apprentice");
 * assert.equal(
 *   seniorityBeside(words("marketing"), words("marketing jobs no experience needed"))?.matched,
 *   "no experience",
 * );
 * assert.equal(seniorityBeside(words("care home senior"), []), null);
 * assert.equal(seniorityBeside(words("data entry"), []), null);
 * assert.equal(seniorityBeside(words("senior"), []), null);
 * assert.equal(seniorityBeside(words("mid level developer"), []), null);
 * assert.equal(seniorityBeside(words("hiring junior developers"), [])?.matched, "junior");
 * assert.equal(seniorityBeside(words("senior living coordinator"), []), null);
 * assert.equal(seniorityBeside(words("junior doctor"), []), null);
 * assert.deepEqual(seniorityBeside(words("junior or senior developer"), [])?.levels, [
 *   "junior", "senior",
 * ]);
 * ```
 */
export function seniorityBeside(
  asked: readonly string[],
  typed: readonly string[],
): QuerySeniorityBeside | null {
  // "Hiring junior developers": the asking before the level.
  const role = asked[0] === "hiring" && asked.length > 2 ? asked.slice(1) : asked;
  // "Senior" before these is for older people or a school, not a level ("senior living", "senior
  // high school teacher").
  if (role[0] === "senior" && FOR_OLDER_PEOPLE.has(role[1])) return null;
  if (NAMED_WITH_LEVEL.has(role.slice(0, 2).join(" "))) return null;
  const namesWork = (words: readonly string[]) => words.some((word) => !JOB_WORDS.has(word));
  const longest = (
    of: readonly { words: string[]; levels: readonly Seniority[] }[],
    at: (length: number) => number,
  ) =>
    of
      .filter(({ words }) =>
        words.length < role.length && words.every((word, k) => role[at(words.length) + k] === word)
      )
      .sort((a, b) => b.words.length - a.words.length)[0];
  const first = longest(OPENING_LEVELS, () => 0);
  // Two levels either way ("junior or senior developer"): both are asked for (reviewer R44: the
  // first was read and "or senior developer" searched).
  const second = first && role[first.words.length] === "or"
    ? OPENING_LEVELS.filter(({ words }) =>
      words.every((word, k) => role[first.words.length + 1 + k] === word)
    ).sort((a, b) => b.words.length - a.words.length)[0]
    : undefined;
  const opening = first && second
    ? {
      words: [...first.words, "or", ...second.words],
      levels: [...new Set([...first.levels, ...second.levels])],
    }
    : first;
  const closed = opening ? undefined : longest(CLOSING_LEVELS, (length) => role.length - length);
  // A student after the work's name is whom the work serves ("tutor for students", "counsellor
  // for university students": reviewer R, session 43); after a word for a job, its hours or its
  // season it is who takes it ("barista jobs for students", "summer work for students").
  const closing = closed && closed.words[0] === "for" &&
      !FOR_STUDENTS_AFTER.has(role[role.length - closed.words.length - 1] ?? "")
    ? undefined
    : closed;
  const said = opening ?? closing;
  if (said && opening && opening.words.length >= role.length) return null;
  const rest = opening
    ? role.slice(opening.words.length)
    : closing
    ? role.slice(0, role.length - closing.words.length)
    : role;
  if (said && namesWork(rest)) {
    const matched = said.words.join(" ");
    return {
      matched,
      levels: said.levels,
      ruledOut: ruledOutBy(said.levels),
      ...(NO_EXPERIENCE_SAID.test(matched) ? { lacking: true as const } : {}),
    };
  }
  const noExperience = NO_EXPERIENCE_SAID.exec(typed.join(" "));
  if (noExperience && !role.includes("experience") && namesWork(role)) {
    return {
      matched: noExperience[0],
      levels: ["junior", "intern"],
      ruledOut: ruledOutBy(["junior", "intern"]),
      lacking: true,
    };
  }
  return null;
}
