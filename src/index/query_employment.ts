/**
 * The employment type a query asks ("part time barista", "contract devops engineer", "summer
 * internship in marketing", "cleaner part time", "temp admin jobs"): the words at either end of the
 * query that name one of the `employment_type` filter's types. They are not the role: embedded
 * with it they moved the query's vector toward titles that say "Part Time" or "Contract" whatever
 * the work (docs/search.md, "Employment types in the query (session 22)").
 *
 * Read only where the words plainly ask for the kind of employment: at an end of the query, with
 * a role left beside them, not negated ("not temporary"), and not where they open a role of their
 * own ("contract manager", "internship coordinator", "temp agency recruiter").
 *
 * @module
 */
import { withoutEitherAtEnds } from "./either_way.ts";
import { hasHeadNoun } from "./head_group.ts";
import type { EmploymentType } from "../domain/job.ts";

/** The phrases, longest first where one holds another, with the type each names. */
const PHRASES: readonly { words: readonly string[]; type: EmploymentType }[] = [
  ["summer internship", "internship"],
  ["summer internships", "internship"],
  ["summer intern", "internship"],
  ["part time", "parttime"],
  ["parttime", "parttime"],
  ["full time", "fulltime"],
  ["fulltime", "fulltime"],
  ["contract", "contract"],
  ["temporary", "temporary"],
  ["temp", "temporary"],
  // A freelancer works to a contract, and seasonal work is temporary: JobSpy's types have no
  // words of their own for either.
  ["freelance", "contract"],
  ["freelancer", "contract"],
  ["freelancers", "contract"],
  ["seasonal", "temporary"],
  ["internship", "internship"],
  ["internships", "internship"],
  ["intern", "internship"],
  ["interns", "internship"],
  // German and Dutch, the postings' other languages ("Teilzeit Verkäufer"; session 38).
  // Shorthand, as people type it in a search box ("receptionist PT", "warehouse FT"; session 46;
  // "p/t" is spelled out first: `withTypesSpelledOut`). "PT" is also a physical therapist, read so
  // beside that work's words (`THERAPY_WORDS`).
  ["pt", "parttime"],
  ["ft", "fulltime"],
  ["teilzeit", "parttime"],
  ["vollzeit", "fulltime"],
  ["praktikum", "internship"],
  ["befristet", "temporary"],
  ["deeltijd", "parttime"],
  ["voltijd", "fulltime"],
  // A German "Minijob" and a Dutch "bijbaan" are part-time work (a person's trial, session 56:
  // "Minijob Hamburg" listed every Hamburg posting, senior developers first).
  ["minijob", "parttime"],
  ["minijobs", "parttime"],
  ["bijbaan", "parttime"],
  ["bijbanen", "parttime"],
  // Work beside a main job (session 48: "side hustle" listed nothing at all).
  ["side hustle", "parttime"],
  ["side hustles", "parttime"],
].map(([phrase, type]) => ({ words: phrase.split(" "), type: type as EmploymentType }))
  .sort((a, b) => b.words.length - a.words.length);

/**
 * Words that make a type word opening the query part of a role ("contract manager", "internship
 * coordinator", "temp agency"): the query names that role, not its employment.
 */
const ROLE_AFTER: Record<EmploymentType, ReadonlySet<string>> = {
  contract: new Set([
    "manager",
    "managers",
    "management",
    "administrator",
    "administration",
    "admin",
    "specialist",
    "analyst",
    "lawyer",
    "attorney",
    "negotiator",
    "officer",
    "coordinator",
    "law",
    "executive",
    "lead",
  ]),
  internship: new Set([
    "coordinator",
    "manager",
    "supervisor",
    "program",
    "programme",
    "director",
    "recruiter",
    "lead",
  ]),
  temporary: new Set(["agency", "agencies", "recruiter", "consultant", "coordinator"]),
  parttime: new Set(),
  fulltime: new Set(),
};

/**
 * Words between the type and the role that go with the type ("internship in marketing"). Not
 * "for": "internship for students" says who it is for, and "students" is no role to embed alone
 * (it named teachers and tutors through ESCO).
 */
const JOINING = new Set(["in", "as", "at", "of", "a", "an"]);
/**
 * Words beside which "PT" is a physical therapist, not part time ("travel PT", "PT assistant",
 * "outpatient PT clinic").
 */
const THERAPY_WORDS: ReadonlySet<string> = new Set([
  "travel",
  "traveling",
  "travelling",
  "outpatient",
  "inpatient",
  "pediatric",
  "paediatric",
  "orthopedic",
  "sports",
  "licensed",
  "home",
  "health",
  "assistant",
  "assistants",
  "aide",
  "tech",
  "technician",
  "clinic",
  "therapy",
  "rehab",
  "dpt",
  "pta",
]);
/** The names "Ft" shortens to Fort in ("ft worth", "Ft. Lauderdale"), where it is no type. */
const FORT_NAMES: ReadonlySet<string> = new Set([
  "worth",
  "myers",
  "lauderdale",
  "collins",
  "wayne",
  "lee",
  "bragg",
  "hood",
  "campbell",
  "meade",
  "pierce",
  "mill",
  "walton",
  "smith",
  "dodge",
  "belvoir",
  "knox",
  "carson",
  "sill",
  "riley",
  "drum",
  "stewart",
  "gordon",
  "benning",
  "jackson",
  "mcmurray",
  "st",
  "william",
  "saskatchewan",
  "erie",
]);

/**
 * Words beside which "stage" is a theatre's, a school's or a process's ("stage manager", "stage
 * crew", "Key Stage 2", "early stage startup"), not a Dutch internship.
 */
const STAGE_OTHER: ReadonlySet<string> = new Set([
  "manager",
  "managers",
  "management",
  "hand",
  "hands",
  "crew",
  "door",
  "technician",
  "technicians",
  "lighting",
  "sound",
  "design",
  "designer",
  "theatre",
  "theater",
  "actor",
  "actress",
  "performer",
  "performers",
  "production",
  "show",
  "concert",
  "event",
  "events",
  "early",
  "late",
  "final",
  "first",
  "second",
  "next",
  "startup",
  "start",
  "growth",
  "seed",
  "multi",
  "single",
  "rocket",
  "fright",
  "key",
  "rigger",
  "riggers",
  "tech",
  "techs",
  "musician",
  "musicians",
  "dancer",
  "dancers",
  "pa",
  "school",
  "schools",
  "coach",
  "clinical",
  "foundation",
  "change",
  "of",
  "combat",
  "name",
  "rigging",
  "makeup",
  "acting",
  "audio",
  "video",
  "automation",
  "props",
  "scenery",
]);

/** Whether the shorthand `phrase` ("pt", "ft") names something else among `words`. */
function meansOtherThanType(phrase: readonly string[], words: readonly string[]): boolean {
  if (phrase.length !== 1) return false;
  if (phrase[0] === "pt") return words.some((word) => THERAPY_WORDS.has(word));
  if (phrase[0] === "ft") {
    return words.some((word, k) => word === "ft" && FORT_NAMES.has(words[k + 1]));
  }
  return false;
}

/** Words before a trailing type that deny it ("nurse not part time"). */
const DENYING = new Set(["not", "no", "non"]);

export interface QueryEmployment {
  type: EmploymentType;
  /** The words of the query that named it, as typed. */
  matched: string;
  /** The query without them, to be searched as usual. */
  rest: string;
}

/** "p/t" and "f/t" as typed, a token of their own. */
const SLASHED = /(?<![\p{L}\p{N}/])([pf])\s*\/\s*t(?![\p{L}\p{N}/])/giu;

/**
 * `text` with "p/t" and "f/t" written as "part-time" and "full-time": split as the index splits
 * words, they were "p" and "t", which named nothing and kept the asking around them ("jobs as a
 * f/t barista" embedded "a f t barista").
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(withTypesSpelledOut("cleaner P/T"), "cleaner part-time");
 * assert.equal(withTypesSpelledOut("f / t warehouse"), "full-time warehouse");
 * assert.equal(withTypesSpelledOut("full/part time"), "full/part time");
 * assert.equal(withTypesSpelledOut("Stage marketing Amsterdam"), "internship marketing Amsterdam");
 * assert.equal(withTypesSpelledOut("stage manager"), "stage manager");
 * assert.equal(withTypesSpelledOut("early stage startup"), "early stage startup");
 * assert.equal(withTypesSpelledOut("finance stage"), "finance internship");
 * assert.equal(withTypesSpelledOut("stage"), "stage");
 * assert.equal(withTypesSpelledOut("stage assistant"), "stage assistant");
 * assert.equal(withTypesSpelledOut("stage electrician london"), "stage electrician london");
 * assert.equal(withTypesSpelledOut("stage marketing utrecht start februari"), "internship marketing utrecht start februari");
 * ```
 */
export function withTypesSpelledOut(text: string): string {
  const spelled = text.replace(
    SLASHED,
    (_, letter: string) => letter.toLowerCase() === "p" ? "part-time" : "full-time",
  );
  return withDutchInternship(spelled);
}

/**
 * `text` with a Dutch "stage" at either end written "internship", where it is read as the type
 * (as "internship" there would be) and no word beside it makes it a theatre's or a process's
 * (`STAGE_OTHER`): Dutch students type "stage marketing amsterdam" (session 59: it listed a Head of
 * Marketing as a strong match). Only in a query: in a title, "Stage Assistant" is a theatre's.
 */
function withDutchInternship(text: string): string {
  const tokens = text.trim().split(/\s+/);
  const words = tokens.map(folded);
  const last = tokens.length - 1;
  const at = /^stages?$/.test(words[0] ?? "") ? 0 : /^stages?$/.test(words[last]) ? last : -1;
  if (at < 0) return text;
  // The word beside it says which: a field ("stage marketing", "finance stage") is a Dutch
  // internship's, a title's head noun ("stage electrician", "stage assistant") or a theatre's or a
  // process's word ("stage rigger", "foundation stage") an English stage's (reviewer C59: the whole
  // query's words were asked, and "start februari" kept a Dutch internship from being read).
  const beside = words[at === 0 ? 1 : at - 1] ?? "";
  if (STAGE_OTHER.has(beside) || /^\d/.test(beside) || hasHeadNoun(beside)) return text;
  const asInternship = tokens.with(at, "internship").join(" ");
  return employmentIn(asInternship)?.type === "internship" ? asInternship : text;
}

/** Whether the typed word, folded as the index folds words, is `word`. */
function folded(typed: string): string {
  return typed.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * The employment type `query` asks at either end, or null.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(employmentIn("part-time Barista"), {
 *   type: "parttime", matched: "part-time", rest: "Barista",
 * });
 * assert.deepEqual(employmentIn("summer internship in marketing"), {
 *   type: "internship", matched: "summer internship", rest: "marketing",
 * });
 * assert.equal(employmentIn("contract devops engineer")?.type, "contract");
 * assert.equal(employmentIn("cleaner part time")?.rest, "cleaner");
 * assert.deepEqual(employmentIn("admin assistant part-time mornings"), {
 *   type: "parttime", matched: "part-time", rest: "admin assistant mornings",
 * });
 * assert.equal(employmentIn("receptionist PT")?.type, "parttime");
 * assert.equal(employmentIn("warehouse FT")?.type, "fulltime");
 * assert.equal(employmentIn("travel PT"), null);
 * assert.equal(employmentIn("ft worth nurse"), null);
 * assert.equal(employmentIn("contract manager"), null);
 * assert.equal(employmentIn("part time"), null);
 * ```
 */
export function employmentIn(query: string): QueryEmployment | null {
  // Each typed token with its words as the index splits them ("part-time" is "part", "time").
  const tokens = query.trim().split(/\s+/).filter(Boolean).map((typed) => ({
    typed,
    words: folded(typed).match(/[\p{L}\p{N}]+/gu) ?? [],
  })).filter((token) => token.words.length > 0);
  const words = tokens.flatMap((token, t) => token.words.map((word) => ({ word, t })));
  const at = (k: number) => words[k]?.word;
  for (const { words: phrase, type } of PHRASES) {
    const n = phrase.length;
    if (meansOtherThanType(phrase, words.map(({ word }) => word))) continue;
    // Opening the query: a type word and the role after it.
    if (words.length > n && phrase.every((w, k) => at(k) === w)) {
      let from = n;
      while (from < words.length && JOINING.has(at(from)!)) from++;
      if (
        from < words.length && !ROLE_AFTER[type].has(at(n)!) && at(n) !== "for" &&
        // The phrase ends where a typed token ends ("part-timer" is not "part time").
        words[n - 1].t !== words[n].t
      ) {
        return cut(tokens, 0, words[n - 1].t + 1, from < words.length ? words[from].t : null, type);
      }
    }
    // Closing the query: the role, then the type, and perhaps when in the day or week ("admin
    // assistant part time mornings": zoo 7, session 43, searched "part time" as words).
    const hours = HOURS_AFTER.has(at(words.length - 1)!) ? 1 : 0;
    const start = words.length - n - hours;
    if (start > 0 && phrase.every((w, k) => at(start + k) === w)) {
      if (DENYING.has(at(start - 1)!) || words[start - 1].t === words[start].t) continue;
      const typeEnd = words[start + n - 1].t;
      if (hours > 0 && words[words.length - 1].t === typeEnd) continue;
      let end = start;
      while (end > 0 && JOINING.has(at(end - 1)!)) end--;
      if (end > 0) return cutEnd(tokens, words[start].t, typeEnd, words[end - 1].t, type);
    }
  }
  return null;
}

/** When in the day or week, after a closing type: it stays with the role's words. */
const HOURS_AFTER: ReadonlySet<string> = new Set([
  "morning",
  "afternoon",
  "evening",
  "weekend",
  "mornings",
  "afternoons",
  "evenings",
  "nights",
  "days",
  "weekends",
  "weekdays",
]);

function cut(
  tokens: { typed: string }[],
  from: number,
  to: number,
  restFrom: number | null,
  type: EmploymentType,
): QueryEmployment | null {
  if (restFrom === null) return null;
  return {
    type,
    matched: tokens.slice(from, to).map((t) => t.typed).join(" "),
    rest: tokens.slice(restFrom).map((t) => t.typed).join(" "),
  };
}

function cutEnd(
  tokens: { typed: string }[],
  matchedFrom: number,
  matchedTo: number,
  restTo: number,
  type: EmploymentType,
): QueryEmployment {
  return {
    type,
    matched: tokens.slice(matchedFrom, matchedTo + 1).map((t) => t.typed).join(" "),
    rest: [...tokens.slice(0, restTo + 1), ...tokens.slice(matchedTo + 1)].map((t) => t.typed)
      .join(" "),
  };
}

/**
 * The employment type `words` name when they name nothing else ("part time", "contract",
 * "internships"), or null. `employmentIn` reads a type only beside a role; a type alone is read
 * where a place says where ("part time jobs in Leeds": src/search/query_reading.ts), and searched as
 * words elsewhere.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(employmentAlone("Part-time"), { type: "parttime", matched: "Part-time", rest: "" });
 * assert.equal(employmentAlone("contract manager"), null);
 * ```
 */
export function employmentAlone(words: string): QueryEmployment | null {
  const split = folded(words).match(/[\p{L}\p{N}]+/gu) ?? [];
  const phrase = PHRASES.find((p) =>
    p.words.length === split.length && p.words.every((w, k) => split[k] === w)
  );
  return phrase ? { type: phrase.type, matched: words.trim(), rest: "" } : null;
}

/**
 * Words for a lasting post, said against a type ("temporary or permanent nurse"): no type of
 * JobSpy's, but one side of the either.
 */
const PERMANENT = new Set(["permanent", "perm"]);

/** The words a type phrase of `PHRASES` opens `words` with at `from`, or 0. */
function typeAt(words: readonly string[], from: number): number {
  if (PERMANENT.has(words[from])) return 1;
  const phrase = PHRASES.find(({ words: p }) => p.every((w, k) => words[from + k] === w));
  return phrase?.words.length ?? 0;
}

/** "full or part time", "part and full time", "full part time" ("full/part time"). */
function halvesAt(words: readonly string[], from: number): number {
  const HALVES = new Set(["full", "part"]);
  if (!HALVES.has(words[from])) return 0;
  const joined = words[from + 1] === "or" || words[from + 1] === "and" ? 1 : 0;
  const other = words[from + 1 + joined];
  return HALVES.has(other) && other !== words[from] && words[from + 2 + joined] === "time"
    ? 3 + joined
    : 0;
}

/** The length of two types joined at `from` ("part time or full time", "contract or temp"), or 0. */
function eitherAt(words: readonly string[], from: number): number {
  const halves = halvesAt(words, from);
  if (halves > 0) return halves;
  const first = typeAt(words, from);
  if (first === 0) return 0;
  const joined = words[from + first] === "or" || words[from + first] === "and" ? 1 : 0;
  const second = typeAt(words, from + first + joined);
  return second > 0 ? first + joined + second : 0;
}

/**
 * `words` without two employment types joined at either end ("part time or full time nurse",
 * "cleaner full or part time", "contract or temp"), or null: a person who takes either type asks
 * for none, and the words are the work's no more than one type's are (session 44: "part time or
 * full time nurse" was read as part time, and "or full time nurse" searched).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const words = (q: string) => q.split(" ");
 * assert.deepEqual(withoutEitherType(words("part time or full time nurse")), ["nurse"]);
 * assert.deepEqual(withoutEitherType(words("cleaner full or part time")), ["cleaner"]);
 * assert.deepEqual(withoutEitherType(words("contract or temp welder")), ["welder"]);
 * assert.deepEqual(withoutEitherType(words("temporary or permanent nurse")), ["nurse"]);
 * assert.equal(withoutEitherType(words("part time nurse")), null);
 * assert.equal(withoutEitherType(words("part time or full time")), null);
 * ```
 */
export function withoutEitherType(words: readonly string[]): string[] | null {
  return withoutEitherAtEnds(words, eitherAt);
}
