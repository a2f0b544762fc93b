/**
 * The level a person works at, read from a profile: a student's is `intern`; otherwise a junior
 * who says so, the level the titles they name state ("Senior ...", "Head of ..."), else the years
 * of experience the introduction names.
 *
 * @module
 */
import { SENIORITIES, type Seniority } from "../../domain/job.ts";
import { seniorityOf } from "../../ingest/seniority.ts";
import { flowText, type Line } from "./section_lines.ts";
import { NUMBER_WORDS } from "../../domain/number_words.ts";
import { ownValue } from "../../domain/own_value.ts";

const STUDENT =
  /\b(?:student(?:in)?|werkstudent(?:in)?|internship|intern|praktikum|praktikant(?:in)?|thesis|abschlussarbeit|hiwi)\b/i;
/**
 * A person who is studying now says so: "I am a student", "Student – M.Sc. ...", "enrolled",
 * "3rd semester", "working student". Not "internship" or "studying" alone, which a worker's CV
 * mentions too ("after an internship at ...", "studying for the ACCA").
 */
const STUDYING =
  /\b(?:(?:i am|i'm|currently)\s+(?:a\s+)?(?:\w+\s+)?student|student\s+[–—-]\s+|enrolled\s+(?:in|at)|\d+(?:st|nd|rd|th)\s+semester|working student|werkstudent(?:in)?)\b/i;
const JUNIOR =
  /\b(?:junior\s+(?:\w+\s+){0,2}(?:developer|engineer|analyst|designer|accountant|consultant|associate|manager)|entry[- ]level|first (?:role|job|position)|graduate (?:role|programme|program|position)|career chang(?:er|e)|retrained|bootcamp|berufseinsteiger(?:in)?|quereinsteiger(?:in)?)\b/i;
const YEARS = new RegExp(
  String.raw`\b(\d{1,2}(?:\.\d)?|${
    Object.keys(NUMBER_WORDS).join("|")
  })\+?\s*(?:years?|yrs?|jahre[n]?)\b`,
  "gi",
);

/** The level of a number of years in work. */
function levelOfYears(years: number): Seniority {
  if (years < 2) return "junior";
  if (years < 5) return "mid";
  return "senior";
}

function yearsIn(text: string): number {
  let years = 0;
  for (const match of text.matchAll(YEARS)) {
    const value = ownValue(NUMBER_WORDS, match[1].toLowerCase()) ?? Number(match[1]);
    if (value <= 45) years = Math.max(years, value);
  }
  return years;
}

function highest(levels: Seniority[]): Seniority {
  return levels.reduce((a, b) => SENIORITIES.indexOf(a) >= SENIORITIES.indexOf(b) ? a : b);
}

export interface ProfileSeniority {
  /** The person's level, when the profile says. */
  seniority?: Seniority;
  /** Levels whose postings fit the person without a penalty (their own and the wished ones). */
  levels: Seniority[];
}

export interface ProfileSeniorityOptions {
  /** The profile's lines (./section_lines.ts). */
  lines: Line[];
  /** The titles the person names for themselves or wishes for (not those of past jobs). */
  namedTitles: string[];
}

/** The person's level, from the profile's `text`, its lines and the titles the person names. */
export function profileSeniority(text: string, options: ProfileSeniorityOptions): ProfileSeniority {
  const { lines, namedTitles } = options;
  const intro = flowText(
    lines.filter((l) => l.section === "head" || l.section === "wish" || l.section === "summary"),
  );
  if (namedTitles.some((title) => STUDENT.test(title)) || STUDYING.test(intro)) {
    return { seniority: "intern", levels: ["intern"] };
  }
  const stated = namedTitles.map((title) => seniorityOf({ job_title: title }))
    .filter((s): s is Seniority => s !== undefined);
  const years = yearsIn(intro) || yearsIn(text.slice(0, 3000));
  let seniority: Seniority | undefined;
  if (JUNIOR.test(intro) || namedTitles.some((title) => /\bjunior\b/i.test(title))) {
    seniority = "junior";
  } else if (stated.length > 0) seniority = highest(stated);
  else if (years > 0) seniority = levelOfYears(years);
  if (!seniority) return { levels: [] };
  const levels = new Set<Seniority>([seniority, ...stated]);
  return { seniority, levels: SENIORITIES.filter((s) => levels.has(s)) };
}
