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
