/**
 * The periods of work a profile lists: a date range on a line ("March 2020 – present", "04/2022 –
 * today", "seit 04/2019") and the job title beside it, above it or below it, with the year the
 * period ends. Month names and open ends in English, German, French and Dutch.
 *
 * @module
 */
import { hasHeadNoun, wordsOf } from "../../index/head_group.ts";
import { cleanTitle, titleAfterOpener } from "./role_titles.ts";
import type { Line } from "./section_lines.ts";

const MONTH = String
  .raw`(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|januar|februar|m[aä]rz|mai|juni|juli|okt|dez|janvier|mei|okt)[a-zäé]*\.?`;
const DATE = String.raw`(?:(?:${MONTH}\s*,?\s*)?(?:19|20)\d\d|\d{1,2}\s*[./]\s*(?:19|20)\d\d)`;
const OPEN_END = String
  .raw`(?:present|now|today|current(?:ly)?|date|till\s+date|to\s+date|till\s+now|ongoing|heute|jetzt|aktuell|dato|nu|heden)`;
/** A period of work: "2019 - now", "March 2020 – present", "04/2022 – today", "seit 04/2019". */
const DATE_RANGE = new RegExp(
  String
    .raw`(?:\b(?:since|seit|ab|from|sinds|vanaf)\s+${DATE})|(?:${DATE}\s*(?:-|–|—|to|bis|until|till|tot)\s*(?:${DATE}|${OPEN_END}))`,
  "i",
);
const YEAR = /(?:19|20)\d\d/g;

/** Between a title and the employer, place or dates on one line. */
const TITLE_BREAK = /\s+[-–—|·•@]\s+|\s*[|·•]\s*|\s*[–—]\s*|,\s+|\s{3,}|\t+|\s+at\s+|\s+bei\s+/i;

/** The segment of a line that is a job title, if any: the first with a head noun. */
function titleIn(line: string): string | undefined {
  const withoutDates = line.replace(new RegExp(DATE_RANGE.source, "gi"), " ")
    .replace(/\(\s*\)/g, " ");
  for (const segment of withoutDates.split(TITLE_BREAK)) {
    // "Ich bin seit 2015 als Krankenpfleger im Klinikum tätig": the title, not the sentence.
    const title = cleanTitle(titleAfterOpener(segment));
    const words = wordsOf(title);
    if (words.length === 0 || words.length > 7) continue;
    if (
      /\b(?:gmbh|ltd|inc|llc|plc|university|universitat|school|hospital|college|bootcamp|course|academy|certificate|degree|diploma)\b/i
        .test(title)
    ) {
      continue;
    }
    if (hasHeadNoun(title)) return title;
  }
  return undefined;
}

/** The year a period of work ends (an open end is `now`), or undefined. */
function endYear(range: string, now: number): number | undefined {
  if (
    new RegExp(OPEN_END + String.raw`\s*$`, "i").test(range.trim()) ||
    /\b(?:since|seit|ab|sinds|vanaf)\b/i.test(range)
  ) {
    return now;
  }
  const years = range.match(YEAR);
  return years ? Number(years[years.length - 1]) : undefined;
}

export interface ExperiencePeriod {
  /** The job title of the period, as written (cleaned). */
  title: string;
  /** The year it ends; the current year while it lasts. */
  end: number;
}

/**
 * The periods of work outside the education, skills and other sections, most recent first (in
 * the order written when they end in the same year). `now` is the current year.
 */
export function experiencePeriods(lines: readonly Line[], now: number): ExperiencePeriod[] {
  const filled = lines.filter((l) => l.text !== "");
  const periods: (ExperiencePeriod & { order: number })[] = [];
  const used = new Set<number>();
  filled.forEach(({ text: line, section }, i) => {
    if (section === "education" || section === "skills" || section === "other") return;
    const range = line.match(DATE_RANGE);
    if (!range) return;
    const end = endYear(range[0], now) ?? now;
    // The title beside the period, above it, or (two-column layouts, Word tables) below it; a
    // title line belongs to one period only.
    let title = titleIn(line);
    for (const k of [i - 1, i + 1]) {
      if (title || k < 0 || k >= filled.length || used.has(k)) continue;
      if (DATE_RANGE.test(filled[k].text)) continue;
      title = titleIn(filled[k].text);
      if (title) used.add(k);
    }
    if (title) periods.push({ title, end, order: periods.length });
  });
  periods.sort((a, b) => b.end - a.end || a.order - b.order);
  return periods.map(({ title, end }) => ({ title, end }));
}
