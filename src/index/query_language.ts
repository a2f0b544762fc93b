/**
 * The language a person says the work must be done in: "english speaking jobs in Berlin", "jobs in
 * Amsterdam for English speakers", "software jobs in Germany that require no German", "german
 * speaking customer support", "bilingual jobs in Houston". Alone beside a place it lists the
 * postings there whose languages fit as strong matches, the others close ones (as "hybrid jobs in
 * Amsterdam" does by the way of working); beside the work it decides the tiers of the work's
 * postings (as "data analyst hybrid" does). What a posting needs is read at import
 * (src/ingest/posting_languages.ts: its own language first, then those it asks for).
 *
 * English is asked for as the one language a person has: "english speaking jobs" are those that
 * need no other, where "german speaking jobs" are those that need German (English is what the
 * postings of every country here are most often written in, and the language people who move for
 * work search in).
 *
 * @module
 */
import type { Language } from "../domain/job.ts";
import { ownValue } from "../domain/own_value.ts";
import { employmentAlone } from "./query_employment.ts";
import { seniorityAlone, withoutJobWords } from "./query_seniority.ts";
import { shiftAlone } from "./query_shift.ts";
import { workModeAlone } from "./query_work_mode.ts";
import { MOST_READ_WORDS } from "./query_phrasing.ts";
import { LANGUAGE_OF_NAME } from "./language_names.ts";

/** The other readings a query may say alone with a language. */
const READ_ALONE: readonly ((text: string) => unknown)[] = [
  seniorityAlone,
  workModeAlone,
  employmentAlone,
  shiftAlone,
];

/** What a query asks of the languages the work needs. */
export interface QueryLanguage {
  /** The words of the query that said it, folded ("english speaking"). */
  matched: string;
  /**
   * `only`: the work needs no language but `language` ("english speaking"); `uses`: it needs
   * `language` ("german speaking"); `not`: it does not need `language` ("no german required");
   * `several`: it needs two or more ("bilingual").
   */
  needs: "only" | "uses" | "not" | "several";
  /** Absent for `several`. */
  language?: Language;
}

const ONE_NAME = `(?:${Object.keys(LANGUAGE_OF_NAME).join("|")})`;
/** One language's name, or several joined ("english and german", "english/german"). */
const NAME = `(?<name>${ONE_NAME}(?:(?: and| or| &)? ${ONE_NAME})*)`;
const NEGATED_NEED = "(?:don t|dont|do not|doesn t|doesnt|does not) (?:require|need)";

/**
 * How people say a language is the one the work is done in (`uses`, `only` for English), or one
 * it must not need (`not`), as patterns over the folded words; two or more as one word
 * ("bilingual"). Not "english" alone, nor "in english": "english teacher", "masters in english".
 */
const SAID_USES = [
  `(?:jobs? )?requiring (?:fluent )?${NAME}`,
  `(?:that|which) (?:require|requires|need|needs) (?:fluent )?${NAME}`,
  `(?:for )?(?:an? )?${NAME} speak(?:ing|er|ers)`,
  `(?:for )?(?:people|those|someone|anyone) who speaks? ${NAME}`,
  `(?:i )?speaks? ${NAME}`,
  `${NAME} only`,
  `only ${NAME}`,
  `fluent (?:in )?${NAME}`,
  `${NAME} fluent`,
  `bilingual ${NAME}`,
  `${NAME} bilingual`,
  `${NAME} (?:required|needed)`,
];
const SAID_NOT = [
  // The clauses first: "no german" ends "that require no german" too.
  `(?:that|which|where) ${NEGATED_NEED} ${NAME}`,
  `(?:that|which|where) (?:require|requires|need|needs) no ${NAME}`,
  `(?:(?:that|which|where) )?${NAME} is not (?:required|needed|necessary)`,
  `(?:with )?no ${NAME}(?: language)?(?: (?:skills|required|needed|necessary))?`,
  `without (?:speaking )?${NAME}(?: language)?`,
  `${NAME} not (?:required|needed|necessary)`,
  `not requiring ${NAME}`,
];
const SAID_SEVERAL = ["bilingual", "multilingual", "multi lingual"];

interface Found {
  reading: QueryLanguage;
  /** The words before and after the words that said it. */
  before: string[];
  after: string[];
}

/** The patterns, each with what it asks; the clauses of `SAID_NOT` first. */
const TRIED: readonly [string, QueryLanguage["needs"]][] = [
  ...SAID_NOT.map((said): [string, QueryLanguage["needs"]] => [said, "not"]),
  ...SAID_USES.map((said): [string, QueryLanguage["needs"]] => [said, "uses"]),
  ...SAID_SEVERAL.map((said): [string, QueryLanguage["needs"]] => [said, "several"]),
];

/** The patterns compiled once for each place they are anchored at. */
const ANCHORED = Object.fromEntries(
  (["whole", "start", "end", "anywhere"] as const).map((where) => [
    where,
    TRIED.map(([said, needs]): [RegExp, QueryLanguage["needs"]] => [
      new RegExp(
        where === "whole"
          ? `^(?:${said})$`
          : where === "start"
          ? `^(?:${said})(?= |$)`
          : where === "end"
          ? `(?<=^| )(?:${said})$`
          : `(?<=^| )(?:${said})(?= |$)`,
      ),
      needs,
    ]),
  ]),
) as Record<"whole" | "start" | "end" | "anywhere", [RegExp, QueryLanguage["needs"]][]>;

/**
 * The language of several names that a reading is about: the first that is not English ("fluent
 * english and german" asks for German: English alone is what "english speaking" asks), else
 * English.
 */
function languageOfNames(names: string): Language | undefined {
  const languages = names.split(" ").map((name) => ownValue(LANGUAGE_OF_NAME, name))
    .filter((language) => language !== undefined);
  return languages.find((language) => language !== "en") ?? languages[0];
}

/**
 * The longest match of a pattern where `where` anchors it in the words joined by spaces (at the
 * start, at the end, anywhere between words, or the whole text).
 */
function find(
  words: readonly string[],
  where: "whole" | "start" | "end" | "anywhere",
): Found | null {
  const text = words.join(" ");
  let best: { found: RegExpExecArray; needs: QueryLanguage["needs"] } | null = null;
  for (const [pattern, needs] of ANCHORED[where]) {
    const found = pattern.exec(text);
    if (found && (best === null || found[0].length > best.found[0].length)) best = { found, needs };
  }
  if (best === null) return null;
  const { found, needs } = best;
  const name = found.groups?.name;
  const language = name === undefined ? undefined : languageOfNames(name);
  const reading: QueryLanguage = needs === "several" ? { matched: found[0], needs } : {
    matched: found[0],
    // English is the one language a person has: what needs no other.
    needs: needs === "uses" && language === "en" ? "only" : needs,
    language,
  };
  const before = text.slice(0, found.index).trim();
  const after = text.slice(found.index + found[0].length).trim();
  return {
    reading,
    before: before === "" ? [] : before.split(" "),
    after: after === "" ? [] : after.split(" "),
  };
}

/**
 * The language `text` (folded words) names, where it names nothing else but words for a job as
 * such ("english speaking jobs", "jobs for english speakers", "jobs without german", "bilingual
 * jobs"); null otherwise.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(languageAlone("english speaking jobs"), {
 *   matched: "english speaking", needs: "only", language: "en",
 * });
 * assert.equal(languageAlone("for english speakers")?.needs, "only");
 * assert.deepEqual(languageAlone("jobs without german"), {
 *   matched: "without german", needs: "not", language: "de",
 * });
 * assert.equal(languageAlone("german speaking")?.needs, "uses");
 * assert.deepEqual(languageAlone("bilingual jobs"), { matched: "bilingual", needs: "several" });
 * assert.equal(languageAlone("english teacher"), null);
 * assert.equal(languageAlone("german"), null);
 * // What follows the language's name goes with it ("needed", "language").
 * assert.equal(languageAlone("no german needed")?.matched, "no german needed");
 * assert.equal(languageAlone("without german language")?.needs, "not");
 * assert.equal(languageAlone("requiring fluent german")?.language, "de");
 * ```
 */
export function languageAlone(text: string): QueryLanguage | null {
  const words = withoutJobWords(text.trim().split(/\s+/).filter(Boolean));
  const leading = words[0] === "jobs" || words[0] === "job" ? words.slice(1) : words;
  return find(leading, "whole")?.reading ?? null;
}

/**
 * The language said first or last beside the work (`role`: the query's words as the role reads
 * them, its clauses still there): "german speaking customer support", "customer service english
 * speaking", "software jobs that require no german". The reading and the words without it; null
 * where nothing names a language there, or where the rest names no work ("english speaking jobs":
 * read alone).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const words = (q: string) => q.split(" ");
 * assert.deepEqual(languageBeside(words("german speaking customer support")), {
 *   reading: { matched: "german speaking", needs: "uses", language: "de" },
 *   rest: ["customer", "support"],
 * });
 * assert.equal(
 *   languageBeside(words("software jobs that require no german"))?.reading.needs,
 *   "not",
 * );
 * assert.deepEqual(languageBeside(words("accountant english speaking"))?.rest, ["accountant"]);
 * assert.equal(languageBeside(words("english speaking jobs")), null);
 * assert.equal(languageBeside(words("senior english speaking jobs")), null);
 * assert.equal(languageBeside(words("english teacher")), null);
 * assert.equal(languageBeside(words("masters in english")), null);
 * // Between a level and the work; several languages named, the one that is not English.
 * assert.deepEqual(languageBeside(words("senior english speaking developer"))?.rest, [
 *   "senior",
 *   "developer",
 * ]);
 * assert.equal(
 *   languageBeside(words("fluent english and german project manager"))?.reading.language,
 *   "de",
 * );
 * ```
 */
export function languageBeside(
  role: readonly string[],
): { reading: QueryLanguage; rest: string[] } | null {
  // A longer text is a CV or a posting pasted as the query: "English (fluent), Dutch (B2)" there
  // says what the person speaks, not what the work must need (bench:cv's "CV as q" lost 0.2 on
  // the accountant's CV).
  if (role.length > MOST_READ_WORDS) return null;
  // First or last, else between other words ("senior english speaking developer").
  for (const where of ["start", "end", "anywhere"] as const) {
    const found = find(role, where);
    if (!found) continue;
    const rest = [...found.before, ...found.after];
    const work = withoutJobWords(rest.filter((word) => word !== "jobs" && word !== "job"));
    // Beside nothing but another reading alone ("senior english speaking jobs", "part time
    // english speaking jobs"), both are read alone.
    if (work.length === 0 || READ_ALONE.some((read) => read(work.join(" ")) !== null)) return null;
    return { reading: found.reading, rest };
  }
  return null;
}

/**
 * Whether a posting that needs `languages` (its own first; undefined where its import could not
 * tell) is what `asked` asks for. A posting whose languages are unknown fits nothing.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const only = { matched: "english speaking", needs: "only" as const, language: "en" as const };
 * assert.equal(fitsLanguages(["en"], only), true);
 * assert.equal(fitsLanguages(["en", "de"], only), false);
 * assert.equal(fitsLanguages(undefined, only), false);
 * const uses = { matched: "german speaking", needs: "uses" as const, language: "de" as const };
 * assert.equal(fitsLanguages(["en", "de"], uses), true);
 * const not = { matched: "no german", needs: "not" as const, language: "de" as const };
 * assert.equal(fitsLanguages(["nl"], not), true);
 * assert.equal(fitsLanguages(["de"], not), false);
 * assert.equal(fitsLanguages(["en", "es"], { matched: "bilingual", needs: "several" }), true);
 * ```
 */
export function fitsLanguages(
  languages: readonly Language[] | undefined,
  asked: QueryLanguage,
): boolean {
  if (languages === undefined || languages.length === 0) return false;
  switch (asked.needs) {
    case "only":
      return languages.every((language) => language === asked.language);
    case "uses":
      return languages.includes(asked.language!);
    case "not":
      return !languages.includes(asked.language!);
    case "several":
      return languages.length >= 2;
  }
}
