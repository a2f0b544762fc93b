/**
 * A profile's text as lines that know their section: the head (name, headline, address) before
 * the first heading, then what each heading opens (a wish, a summary, experience, education,
 * skills, anything else). Headings are recognised by their words, in English, German, Dutch,
 * French and Spanish (./section_headings.json, compared folded: "Über mich" is "uber mich").
 *
 * @module
 */
import { z } from "zod";
import { foldText } from "../../domain/fold_text.ts";
import sectionHeadings from "./section_headings.json" with { type: "json" };

/** What a heading opens. */
const HEADING_SECTIONS = ["wish", "summary", "experience", "education", "skills", "other"] as const;

/** Where a line of a profile stands: `head` before the first heading. */
export type Section = "head" | typeof HEADING_SECTIONS[number];

export interface Line {
  /** The line without markup and list markers; "" for a blank line or a heading's own line. */
  text: string;
  section: Section;
  /** The line was a list item ("- ...", "• ...", "2. ..."). */
  bullet?: boolean;
}

const FoldedPhrase = z.string().refine((phrase) => phrase === foldText(phrase), {
  message: "is compared folded, so it must be written folded (lower case, no accents or marks)",
});

const HEADINGS = z.record(z.enum(HEADING_SECTIONS), z.array(FoldedPhrase)).parse(sectionHeadings);

/** The section each heading phrase opens. */
const HEADING_OF = new Map<string, Section>(
  HEADING_SECTIONS.flatMap((section) =>
    HEADINGS[section].map((phrase) => [phrase, section] as const)
  ),
);

/** Markdown and list markers at the start of a line, emphasis anywhere. */
function plainLine(line: string): string {
  return line
    .replace(/^\s*(?:#{1,6}\s+|>\s*)/, "")
    .replace(/^\s*(?:[-*+•·◦▪►–]\s+|\d{1,2}[.)]\s+)/, "")
    .replace(/\*\*|__|\*|`/g, "")
    .replace(/\s+$/, "")
    .replace(/^\s+/, "");
}

function headingOf(line: string): Section | undefined {
  const text = foldText(line.replace(/[:：]\s*$/, ""));
  if (text === "" || text.split(" ").length > 6) return undefined;
  return HEADING_OF.get(text) ?? HEADING_OF.get(text.replace(/^(my|your|key|main) /, ""));
}

/** The lines of a profile with the section each is in, markup and list markers removed. */
export function sectionLines(text: string): Line[] {
  const lines: Line[] = [];
  let section: Section = "head";
  for (const raw of text.split(/\r?\n/)) {
    const line = plainLine(raw);
    if (line === "") {
      lines.push({ text: "", section });
      continue;
    }
    const heading = headingOf(line);
    if (heading) {
      section = heading;
      lines.push({ text: "", section });
      continue;
    }
    // "Skills: Java, Kotlin" or "Objective: To work as ...": a heading with its text on one line.
    const inline = line.match(/^([^:]{2,40}):\s+(.+)$/);
    const inlineHeading = inline ? headingOf(inline[1]) : undefined;
    if (inline && inlineHeading) {
      lines.push({ text: inline[2], section: inlineHeading });
      continue;
    }
    lines.push({ text: line, section, bullet: /^\s*(?:[-*+•·◦▪►]\s|\d{1,2}[.)]\s)/.test(raw) });
  }
  return lines;
}

/**
 * Running text, with lines that a hard wrap split joined again ("... in the" / "North West
 * (Liverpool, ...)."), so that a wish and its places read as one sentence.
 */
export function flowText(lines: Line[]): string {
  let text = "";
  let previous: Line | undefined;
  for (const line of lines) {
    if (line.text === "") {
      text += "\n";
      previous = undefined;
      continue;
    }
    const joins = previous !== undefined && previous.section === line.section &&
      !/[.!?:;]$/.test(previous.text) && !line.bullet &&
      (/^[\p{Ll}\d(]/u.test(line.text) || previous.text.length >= 60);
    text += (joins ? " " : "\n") + line.text;
    previous = line;
  }
  return text.trim();
}

/** Sentences of a text, roughly: at full stops and line ends. */
export function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?])\s+|\n+/).map((s) => s.trim()).filter((s) => s !== "");
}
