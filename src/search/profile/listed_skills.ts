/**
 * The skills a profile lists in its skills section (or a licences, tools or technologies section),
 * as written: "Java, Kotlin", "CRM (Salesforce, Zendesk)", "IV therapy | Cannulation". A profile
 * search adds a bonus for postings that name them.
 *
 * @module
 */
import { foldText } from "../../domain/fold_text.ts";
import type { Line } from "./section_lines.ts";

export const MAX_SKILLS = 30;

/**
 * The skills sections' lines, with a list item that a hard wrap split joined again ("budgeting
 * and" / "forecasting", "CRM (Salesforce," / "Zendesk)").
 */
function skillLines(lines: Line[]): string[] {
  const joined: string[] = [];
  let open = false;
  for (const { text, section } of lines) {
    if (section !== "skills" || text === "") {
      open = false;
      continue;
    }
    const previous = joined[joined.length - 1];
    const wrapped = previous !== undefined && previous.length >= 60 &&
      /[\p{L}\p{N}]$/u.test(previous) && /^\p{Ll}/u.test(text);
    if (previous !== undefined && (open || wrapped)) joined[joined.length - 1] += ` ${text}`;
    else joined.push(text);
    const last = joined[joined.length - 1];
    open = (last.match(/\(/g) ?? []).length > (last.match(/\)/g) ?? []).length;
  }
  return joined;
}

/** Skills as listed: items split at commas, bullets and pipes, short ones only, at most `MAX_SKILLS`. */
export function listedSkills(lines: Line[]): string[] {
  const skills: string[] = [];
  const seen = new Set<string>();
  for (const text of skillLines(lines)) {
    if (/^(?:languages?|sprachen|interests|hobbies)\b/i.test(text)) continue;
    const body = text.replace(/^[^:]{2,30}:\s+/, "");
    // Commas inside brackets list the bracket's own items: "CRM (Salesforce, Zendesk)".
    const items = body.split(/\s*(?:[;|·•]|,(?![^()]*\))|\s-\s|\s{2,})\s*/).flatMap((item) => {
      const inner = item.match(/\(([^)]*,[^)]*)\)/);
      return inner ? [item.replace(inner[0], ""), ...inner[1].split(",")] : [item];
    });
    for (const item of items) {
      const skill = item.replace(/\([^)]*\)/g, "").replace(/[.*]+$/, "").trim();
      const key = foldText(skill);
      if (key === "" || key.split(" ").length > 4 || skill.length > 40 || seen.has(key)) continue;
      // A year or a grade is no skill ("BLS and ACLS (AHA), 2023").
      if (/^[\d\s.,%/+-]+$/.test(skill)) continue;
      seen.add(key);
      skills.push(skill);
      if (skills.length >= MAX_SKILLS) return skills;
    }
  }
  return skills;
}

/**
 * Programming languages as CVs write them, with how each is found: case-sensitive where the word
 * is also common English ("Go", "Rust", "Swift", "Ruby", "Dart"), so that "go to market" is no
 * language.
 */
const LANGUAGES: readonly [string, RegExp][] = [
  ["Python", /\bpython\b/gi],
  ["Java", /\bjava\b(?![ -]?script)/gi],
  ["JavaScript", /\bjavascript\b/gi],
  ["TypeScript", /\btypescript\b/gi],
  ["Go", /\bGolang\b|(?<![.!?:]\s|^)\bGo\b(?![-'’])/gm],
  ["Kotlin", /\bkotlin\b/gi],
  ["C#", /(?<![\w#])C#(?!\w)/gi],
  ["C++", /(?<![\w+])C\+\+(?!\w)/gi],
  ["Rust", /\bRust\b/g],
  ["Ruby", /\bRuby\b/g],
  ["PHP", /\bphp\b/gi],
  ["Scala", /\bscala\b/gi],
  ["Swift", /\bSwift\b/g],
  ["Dart", /\bDart\b/g],
  ["Elixir", /\belixir\b/gi],
  ["SQL", /\bsql\b/gi],
];

/** How often a language must be named in the whole CV to lead its skills. */
const NAMED_THROUGHOUT = 3;

/**
 * The languages a CV names throughout (at least three times, anywhere: headline, summary,
 * experience, skills), most named first: a backend developer who writes "Python" nine times works
 * in Python, whatever the skills section lists first.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const cv = "Python developer.\nBuilt Python services.\nPython, Django, Go to market.";
 * assert.deepEqual(mainLanguages(cv), ["Python"]);
 * ```
 */
export function mainLanguages(text: string): string[] {
  return LANGUAGES
    .map(([name, pattern]) => [name, text.match(pattern)?.length ?? 0] as const)
    .filter(([, count]) => count >= NAMED_THROUGHOUT)
    .sort((a, b) => b[1] - a[1])
    .map(([name]) => name);
}

/**
 * The profile's skills: the languages it names throughout first, then the listed skills without
 * them, at most `MAX_SKILLS`.
 */
export function profileSkills(text: string, lines: Line[]): string[] {
  const main = mainLanguages(text);
  const taken = new Set(main.map(foldText));
  const listed = listedSkills(lines).filter((skill) => !taken.has(foldText(skill)));
  return [...main, ...listed].slice(0, MAX_SKILLS);
}
