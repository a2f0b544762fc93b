/**
 * The head of a profile, the short lines before its first section: the person's name, often a
 * headline title beside it ("Claire Donnelly RGN", "Jane Doe | Data Analyst"), and the address
 * and telephone number.
 *
 * @module
 */
import { hasHeadNoun, wordsOf } from "./head_group.ts";
import { cleanTitle, expandAbbreviations } from "./role_titles.ts";
import type { Line } from "./section_lines.ts";

const HEAD_LINES = 6;

/** The head's lines: the first filled lines before any section, at most `HEAD_LINES`. */
export function headLines(lines: readonly Line[]): Line[] {
  return lines.filter((l) => l.text !== "" && l.section === "head").slice(0, HEAD_LINES);
}

/** A first line that is only a name: "MARK HOLLAND", "Claire Donnelly RGN" (its first words). */
function nameWords(line: string): number {
  const words = line.split(/\s+/);
  let k = 0;
  while (
    k < words.length && k < 3 && /^\p{Lu}[\p{L}'.-]*$/u.test(words[k]) &&
    !hasHeadNoun(words[k]) && !/^(?:senior|junior|lead|head|chief|staff)$/i.test(words[k])
  ) k++;
  return k >= 2 ? k : 0;
}

/** The titles on the head's short lines (the name line's tail included), in order. */
export function headlineRoles(head: readonly Line[]): string[] {
  const roles: string[] = [];
  head.forEach(({ text: line }, i) => {
    if (line.split(/\s+/).length > 14) return;
    const named = i === 0 ? nameWords(line) : 0;
    const rest = line.split(/\s+/).slice(named).join(" ");
    for (const part of rest.split(/\s+[-–—|·]\s+|\s*[—–|·]\s*|,\s+|\s+\/\s+|\s+&\s+/)) {
      const title = cleanTitle(part);
      const words = wordsOf(title);
      if (words.length === 0 || words.length > 6 || /\d{3,}|\byears?\b/i.test(title)) continue;
      if (hasHeadNoun(title)) roles.push(expandAbbreviations(title));
    }
  });
  return roles;
}

/** The head's text without the name on its first line: where an address and a phone stand. */
export function headWithoutName(head: readonly Line[]): string {
  return head.map(({ text: line }, i) =>
    i === 0 && nameWords(line) > 0 ? line.split(/\s+/).slice(nameWords(line)).join(" ") : line
  ).join("\n");
}
