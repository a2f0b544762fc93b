/**
 * Reads JobSpy CSV output (python-jobspy, every column layout it has had) into postings.
 *
 * @module
 */
import { CsvError, parse } from "csv-parse/sync";
import { firstAtLeast } from "../domain/first_at_least.ts";
import { type Job, type Source, SOURCES } from "../domain/job.ts";
import {
  capDescription,
  type ImportRow,
  InvalidFileError,
  isHttpUrl,
  jobFromFields,
  parsePublishTime,
} from "./import_row.ts";
import { deriveJobTags } from "./job_tags.ts";
import { splitLocation } from "./location.ts";
import { ownValue } from "../domain/own_value.ts";

const encoder = new TextEncoder();

/** The columns a file must have to be read as JobSpy output at all. */
export const REQUIRED_COLUMNS = ["job_url", "title"] as const;

const PERIODS: Record<string, string> = {
  yearly: "YEAR",
  year: "YEAR",
  annual: "YEAR",
  monthly: "MONTH",
  month: "MONTH",
  weekly: "WEEK",
  week: "WEEK",
  daily: "DAY",
  day: "DAY",
  hourly: "HOUR",
  hour: "HOUR",
};

/** JobSpy job types in the order they are shown, with their readable names. */
const JOB_TYPES: [string, string][] = [
  ["fulltime", "Full-time"],
  ["parttime", "Part-time"],
  ["contract", "Contract"],
  ["temporary", "Temporary"],
  ["internship", "Internship"],
  ["perdiem", "Per diem"],
  ["volunteer", "Volunteer"],
  ["other", "Other"],
];

const SENIORITY: Record<string, string | null> = {
  "internship": "Internship",
  "entry level": "Entry level",
  "associate": "Associate",
  "mid-senior level": "Mid-Senior level",
  "director": "Director",
  "executive": "Executive",
  // LinkedIn's "Not Applicable" tells nothing; the field stays absent.
  "not applicable": null,
};

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function formatAmount(n: number): string {
  return Number.isInteger(n) ? n.toFixed(1) : n.toFixed(2).replace(/0$/, "");
}

function parseAmount(text: string | undefined): number | undefined {
  const value = (text ?? "").trim().replace(/,/g, "");
  if (!/^\d+(\.\d+)?$/.test(value)) return undefined;
  return Number(value);
}

/**
 * `<min>-<max> <CURRENCY>/<PERIOD>`, or undefined when amounts, currency or interval are missing
 * or unreadable. One amount alone stands for both ends.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(formatBaseSalary("85000", "120000", "usd", "yearly"), "85000.0-120000.0 USD/YEAR");
 * assert.equal(formatBaseSalary("17.5", "", "USD", "hourly"), "17.5-17.5 USD/HOUR");
 * assert.equal(formatBaseSalary("", "", "USD", "hourly"), undefined);
 * ```
 */
export function formatBaseSalary(
  min: string | undefined,
  max: string | undefined,
  currency: string | undefined,
  interval: string | undefined,
): string | undefined {
  let low = parseAmount(min);
  let high = parseAmount(max);
  const code = (currency ?? "").trim().toUpperCase();
  const period = ownValue(PERIODS, (interval ?? "").trim().toLowerCase());
  if (low === undefined && high === undefined) return undefined;
  if (!/^[A-Z]{3}$/.test(code) || period === undefined) return undefined;
  low ??= high!;
  high ??= low;
  if (low > high) [low, high] = [high, low];
  return `${formatAmount(low)}-${formatAmount(high)} ${code}/${period}`;
}

/**
 * Readable employment type from JobSpy's `job_type` ("parttime, fulltime" -> "Full-time,
 * Part-time"); undefined when empty.
 */
export function formatEmploymentType(jobType: string | undefined): string | undefined {
  const given = new Set(
    (jobType ?? "").split(/[,;/|]/).map((t) => t.trim().toLowerCase().replace(/[\s_-]/g, ""))
      .filter(Boolean),
  );
  if (given.size === 0) return undefined;
  const known = JOB_TYPES.filter(([key]) => given.has(key)).map(([, name]) => name);
  const unknown = [...given].filter((t) => !JOB_TYPES.some(([key]) => key === t)).map(capitalise);
  return [...known, ...unknown].join(", ");
}

/** Readable seniority from JobSpy's `job_level` ("mid-senior level" -> "Mid-Senior level"). */
export function formatSeniority(jobLevel: string | undefined): string | undefined {
  const value = (jobLevel ?? "").trim().replace(/\s+/g, " ");
  if (value === "") return undefined;
  const known = ownValue(SENIORITY, value.toLowerCase());
  if (known === null) return undefined;
  return known ?? capitalise(value);
}

/**
 * The country a posting's board serves, from its URL: `de.indeed.com` -> DE, `www.indeed.com` ->
 * US, `www.glassdoor.ca` -> CA; none for global hosts such as `www.linkedin.com`.
 */
export function countryHintFromUrl(jobUrl: string): string | undefined {
  let host: string;
  try {
    host = new URL(jobUrl).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  const labels = host.split(".");
  const toCode = (label: string) => (label === "uk" ? "GB" : label.toUpperCase());
  if (labels.length >= 3 && /^[a-z]{2}$/.test(labels[0])) return toCode(labels[0]);
  const tld = labels[labels.length - 1];
  if (/^[a-z]{2}$/.test(tld)) return toCode(tld);
  if (/(^|\.)(indeed|glassdoor)\.com$/.test(host)) return "US";
  return undefined;
}

/** A date in a file name such as `germany_it_jobs_20260204_224032.csv` or `2024-04-16_data.csv`. */
export function dateFromFileName(fileName: string): string | undefined {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const m = base.match(/(?<!\d)(\d{4})-?(\d{2})-?(\d{2})(?!\d)/);
  if (!m) return undefined;
  return parsePublishTime(`${m[1]}-${m[2]}-${m[3]}`) ?? undefined;
}

export interface JobspyRowContext {
  /** Publish time to use when a row has neither `date_posted` nor `search_date`. */
  fallbackPublishTime?: string;
  /** The import's clock (ms): a row dated more than a day after it is refused. Default now. */
  now?: number;
}

function field(row: Record<string, string>, name: string): string {
  return (row[name] ?? "").trim();
}

/**
 * A description's Markdown with its escapes escaped once more undone: some boards' rows (Indeed's,
 * Glassdoor's; 386 of the real files' postings) hold "in\\-home", "40\\+ hours", "Duties \\&
 * Responsibilities", which Markdown shows as "in\-home". A doubled backslash before punctuation is
 * one; before anything else ("C:\\Users") it is left as written.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(
 *   undoubledEscapes(String.raw`in\\-home, 40\\+ hours, C:\\Users`),
 *   String.raw`in\-home, 40\+ hours, C:\\Users`,
 * );
 * ```
 */
export function undoubledEscapes(markdown: string): string {
  return markdown.replace(/\\\\(?=[!-/:-@[-`{-~])/g, "\\");
}

function isTrue(text: string): boolean {
  return /^(true|1|yes)$/i.test(text.trim());
}

/** Maps one JobSpy record to a posting, a skip (site we do not take) or a reason it is invalid. */
export async function jobFromJobspyRow(
  row: Record<string, string>,
  line: number,
  context: JobspyRowContext = {},
): Promise<ImportRow> {
  const site = field(row, "site").toLowerCase();
  const jobUrl = field(row, "job_url");
  const title = field(row, "title").replace(/\s+/g, " ");
  if (site === "") return { kind: "invalid", line, reason: "no site" };
  if (!(SOURCES as readonly string[]).includes(site)) return { kind: "skipped", line, site };
  if (jobUrl === "") return { kind: "invalid", line, reason: "no job_url" };
  if (!isHttpUrl(jobUrl)) {
    return { kind: "invalid", line, reason: `job_url is not an http(s) URL: '${jobUrl}'` };
  }
  if (title === "") return { kind: "invalid", line, reason: "no title" };

  const posted = field(row, "date_posted");
  const searched = field(row, "search_date");
  let publishTime: string | null;
  if (posted !== "") {
    publishTime = parsePublishTime(posted);
    if (publishTime === null) {
      return {
        kind: "invalid",
        line,
        reason: `bad date_posted '${posted}' (expected YYYY-MM-DD or M/D/YYYY)`,
      };
    }
  } else if (searched !== "") {
    publishTime = parsePublishTime(searched);
    if (publishTime === null) {
      return { kind: "invalid", line, reason: `no date_posted and bad search_date '${searched}'` };
    }
  } else if (context.fallbackPublishTime) {
    publishTime = context.fallbackPublishTime;
  } else {
    return {
      kind: "invalid",
      line,
      reason: "no date_posted (and no search_date or date in the file name to fall back on)",
    };
  }

  const description = undoubledEscapes(field(row, "description"));
  const location = splitLocation(field(row, "location"), {
    countryHint: countryHintFromUrl(jobUrl),
  });
  const candidate: Omit<Job, "id"> = {
    job_title: title,
    company_name: field(row, "company"),
    city: location.city,
    ...(location.country ? { country: location.country } : {}),
    publish_time: publishTime,
    job_url: jobUrl,
    job_tags: [],
    data_source: site as Source,
    job_description: capDescription(description),
  };
  const salary = formatBaseSalary(
    row.min_amount,
    row.max_amount,
    row.currency,
    row.interval,
  );
  if (salary) candidate.base_salary = salary;
  const seniority = formatSeniority(row.job_level);
  if (seniority) candidate.seniority_level = seniority;
  const employment = formatEmploymentType(row.job_type);
  if (employment) candidate.employment_type = employment;
  candidate.job_tags = deriveJobTags({
    title,
    description,
    skills: field(row, "skills"),
    jobFunction: field(row, "job_function"),
    industry: field(row, "company_industry"),
    isRemote: isTrue(field(row, "is_remote")),
  });

  return await jobFromFields(candidate, line, {
    region: location.region,
    hasOwnPay: field(row, "min_amount") !== "" || field(row, "max_amount") !== "",
    ...(context.now !== undefined ? { now: context.now } : {}),
  });
}

export interface ParseJobspyCsvOptions {
  /** The file's name, for the date fallback (`..._20260204_....csv`). */
  fileName?: string;
  /** The date a row without one gets (a push's `date_posted` or arrival), before the file name's. */
  fallbackPublishTime?: string;
  /** The import's clock (`JobspyRowContext.now`). */
  now?: number;
}

/**
 * Parses a JobSpy CSV into one {@link ImportRow} per data row, with the line each row starts on.
 * A malformed row (unbalanced quotes, wrong number of fields) becomes an invalid row; the rest goes
 * on. Throws {@link InvalidFileError} when the text has no header with `job_url` and `title`.
 *
 * Date fallback for an empty `date_posted`: the row's `search_date` (the day JobSpy scraped it),
 * else a date in the file name (scrapers name files by scrape day), else the row is invalid.
 */
export async function parseJobspyCsv(
  source: string,
  options: ParseJobspyCsvOptions = {},
): Promise<ImportRow[]> {
  // Old Mac files end lines with "\r" alone.
  const text = !source.includes("\n") && source.includes("\r")
    ? source.replaceAll("\r", "\n")
    : source;
  const firstLine = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  let header: string[];
  try {
    header = (parse(firstLine, { bom: true }) as string[][])[0] ?? [];
  } catch (error) {
    throw new InvalidFileError(`the first line is no CSV header (${(error as Error).message})`);
  }
  const names = header.map((h) => h.trim().toLowerCase());
  const missing = REQUIRED_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length > 0) {
    throw new InvalidFileError(
      `the CSV header has no ${missing.join(" or ")} column (is it JobSpy output?)`,
    );
  }

  // Records and broken rows in file order, each with the line it starts on.
  const entries: ({ line: number; record: Record<string, string> } | {
    line: number;
    reason: string;
  })[] = [];
  const lineStarts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) lineStarts.push(i + 1);
  // csv-parse cannot resume after a broken row by itself (a stray quote makes it swallow the rows
  // after it), so each broken row ends a pass and the next pass starts on a fresh line after it.
  let from = 2;
  while (from <= lineStarts.length) {
    const chunk = text.slice(lineStarts[from - 1]);
    // Lines are placed by byte offset: csv-parse's own line count takes "\r\n" inside a quoted
    // field for two lines.
    const bytes = encoder.encode(chunk);
    const newlines: number[] = [];
    for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) newlines.push(i);
    const lineOf = (offset: number) => {
      while (bytes[offset] === 13 || bytes[offset] === 10) offset++; // empty lines are skipped
      return from + firstAtLeast(newlines, offset);
    };
    let recordStart = 0;
    try {
      parse(chunk, {
        columns: names,
        skip_empty_lines: true,
        on_record: (record, context) => {
          entries.push({ line: lineOf(recordStart), record: record as Record<string, string> });
          recordStart = context.bytes;
          return null;
        },
      });
      break;
    } catch (error) {
      if (!(error instanceof CsvError)) throw error;
      const start = lineOf(recordStart);
      const reason = error.message.replace(/ (at|on) line \d+/g, "");
      entries.push({ line: start, reason: `malformed CSV row: ${reason}` });
      // A row with the wrong number of fields was read to its end: go on after it. After a quote
      // error the row's end is unknown: go on with the next line.
      const record = (error as { record?: unknown }).record;
      const spans = Array.isArray(record)
        ? record.reduce((n: number, v: unknown) => n + String(v).split("\n").length - 1, 0)
        : 0;
      from = start + spans + 1;
    }
  }

  const fallbackPublishTime = options.fallbackPublishTime ??
    (options.fileName ? dateFromFileName(options.fileName) : undefined);
  const rows: ImportRow[] = [];
  for (const entry of entries) {
    rows.push(
      "reason" in entry
        ? { kind: "invalid", line: entry.line, reason: entry.reason }
        : await jobFromJobspyRow(entry.record, entry.line, {
          fallbackPublishTime,
          now: options.now,
        }),
    );
  }
  return rows;
}
