/**
 * The head noun of a job title and the trade it names: "Staff Nurse", "Class 1 Driver", "Senior
 * Platform Engineer", "SAP-Entwickler". Titles whose head nouns share a group are one kind of work
 * ("Java Developer" and "Backend Engineer"), which is how a profile tells a past role of another
 * kind from the wished one, and how a profile search tells postings of another trade.
 *
 * The groups are data (./head_nouns.json: one list of folded words a group, English and German);
 * a group is known by its place in the file.
 *
 * @module
 */
import { z } from "zod";
import { foldText } from "../domain/fold_text.ts";
import headNouns from "./head_nouns.json" with { type: "json" };
import { stem } from "./tokenize.ts";

const HeadNoun = z.string().regex(/^[a-z]+$/, "a head noun is one folded word (a-z)");

const HEAD_GROUP = new Map<string, number>(
  z.array(z.array(HeadNoun).min(1)).parse(headNouns)
    .flatMap((group, g) => group.map((word) => [word, g] as const)),
);

/** Every head noun, folded: the trades' own words ("nurse", "koch", "baker"). */
export const HEAD_NOUNS: ReadonlySet<string> = new Set(HEAD_GROUP.keys());

/**
 * The terms (stems) of the head nouns, as the index's text holds them: a trade's word in a company
 * name counts as the trade's (src/index/keyword_scorer.ts), and a misspelling's candidate of a
 * trade is read however few postings use it (src/index/query_spelling.ts).
 */
export const TRADE_TERMS: ReadonlySet<string> = new Set([...HEAD_NOUNS].map(stem));

/**
 * German and Dutch compounds end in their head noun: "SAP-Entwickler", "Softwareentwicklerin",
 * "Klantenservicemedewerker", "Teamleider".
 */
const COMPOUND_HEAD =
  /(entwickler|ingenieur|berater|leiter|fahrer|lehrer|pfleger|techniker|mechaniker|buchhalter|medewerker|ontwikkelaar|adviseur|monteur|chauffeur|leider|verkoper|analist)(?:in|innen)?$/;

/**
 * The group of a word as a head noun: compared as written (folded), plurals and German feminine
 * endings dropped. Not by stem: "management" and "manager" share one, and "Application
 * Management" is no manager's job.
 */
function groupOfWord(word: string): number | undefined {
  const direct = HEAD_GROUP.get(word) ??
    (word.length > 4 && word.endsWith("s") ? HEAD_GROUP.get(word.slice(0, -1)) : undefined) ??
    (word.endsWith("innen") ? HEAD_GROUP.get(word.slice(0, -5)) : undefined) ??
    (word.endsWith("in") ? HEAD_GROUP.get(word.slice(0, -2)) : undefined);
  if (direct !== undefined) return direct;
  const compound = word.match(COMPOUND_HEAD);
  return compound ? HEAD_GROUP.get(compound[1]) : undefined;
}

/** The words of a text, folded (src/domain/fold_text.ts): lower case, no accents or punctuation. */
export function wordsOf(text: string): string[] {
  return foldText(text).split(" ").filter((w) => w !== "");
}

/**
 * The group of a role's head noun (the last word, or the word before "of": "Head of
 * Engineering"), or undefined when the title ends in no known head noun. Roles of one group are
 * one kind of work ("Java Developer", "Backend Engineer").
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(headGroupOf("Java Developer"), headGroupOf("Senior Backend Engineer"));
 * assert.notEqual(headGroupOf("Store Manager"), headGroupOf("Frontend Developer"));
 * assert.equal(headGroupOf("Application Management"), undefined);
 * assert.equal(headGroupOf("Chef de Partie"), headGroupOf("Sous Chef"));
 * assert.equal(headGroupOf("Chef de Projet"), undefined);
 * ```
 */
export function headGroupOf(title: string): number | undefined {
  const words = wordsOf(title);
  // "Head of Engineering", "Director of Sales": the head comes before "of". The kitchen's French
  // titles ("Chef de Partie") are chefs (session 54: a chef de partie's CV was read as its older
  // "Commis Chef" alone); not every "chef de": a "Chef de Projet" leads a project.
  const of = words.findIndex((w, i) =>
    w === "of" || w === "for" || w === "im" || w === "fur" ||
    (w === "de" && words[i - 1] === "chef" && KITCHEN_BRIGADE.has(words[i + 1]))
  );
  const candidates = of > 0 ? [words[of - 1]] : words.slice(-1);
  for (const word of candidates) {
    const group = groupOfWord(word);
    if (group !== undefined) return group;
  }
  return undefined;
}

/** What a kitchen's "chef de ..." is chef of: a station, the kitchen, the dining room's rank. */
const KITCHEN_BRIGADE = new Set(["partie", "cuisine", "rang"]);

/** Whether a text ends in (or, before "of", names) a known head noun: whether it reads as a role. */
export function hasHeadNoun(text: string): boolean {
  return headGroupOf(text) !== undefined;
}

/**
 * Words ending like a doer's name that name a field, not a role: "computer or electrical
 * engineer" is a computer engineer.
 */
const FIELDS_LIKE_DOERS = new Set([
  "computer",
  "customer",
  "water",
  "power",
  "paper",
  "laser",
  "timber",
  "motor",
  "interior",
  "exterior",
  "rubber",
  "polymer",
  "summer",
  "winter",
]);

/** A doer's ending: "solicitor", "hairdresser", "careworker", "pianist", "librarian". */
const DOER = /(?:er|or|ist|ian|ant|ent|man|woman|ess|ee)$/;

/**
 * Whether `words` name a role of their own ("nurse", "solicitor", "care assistant"), not a field
 * that needs the role after it ("sales", "front", "mental health"): a head noun last, or a doer's
 * ending.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(namesRole(["solicitor"]), true);
 * assert.equal(namesRole(["care", "assistant"]), true);
 * assert.equal(namesRole(["sales"]), false);
 * assert.equal(namesRole(["computer"]), false);
 * ```
 */
export function namesRole(words: readonly string[]): boolean {
  const last = words[words.length - 1];
  return hasHeadNoun(words.join(" ")) || (DOER.test(last) && !FIELDS_LIKE_DOERS.has(last));
}
