/**
 * What parsing one row of an import file yields, and the helpers both importers share.
 *
 * @module
 */
import { decodeHTMLStrict } from "entities/decode";
import { cleanFields } from "../domain/clean_text.ts";
import { yearlySalary } from "../domain/salary.ts";
import { DAY_MS, formatUtc } from "../domain/lifecycle.ts";
import { type Job, jobIdFromUrl, JobSchema } from "../domain/job.ts";
import { regionsNamed } from "../places/regions.ts";
import { withCoordinates } from "./coordinates.ts";
import { postingLanguages } from "./posting_languages.ts";
import { visaSponsorshipOf } from "./visa_sponsorship.ts";
import { seniorityOf } from "./seniority.ts";
import { statedPay } from "./stated_pay.ts";
import { workModeOf } from "./work_mode.ts";
import { KV_LIMITS, sizeOf } from "../store/kv_limits.ts";

/** One data row of an import file: a posting, a row from a source we do not take, or a bad row. */
export type ImportRow =
  | { kind: "job"; line: number; job: Job }
  | { kind: "skipped"; line: number; site: string }
  | { kind: "invalid"; line: number; reason: string };

/** What a row knows beyond the posting's fields. */
export interface JobFromFieldsOptions {
  /**
   * The region as the location text wrote it ("ON"): which Concord the coordinates are; where no
   * city is named ("MH, IN"), the posting's `region`.
   */
  region?: string;
  /**
   * The row gave pay amounts of its own, even ones `base_salary` cannot hold (no currency or
   * period): the description is then not read for pay (src/ingest/stated_pay.ts).
   */
  hasOwnPay?: boolean;
  /** The time a `publish_time` may not be more than a day after (ms); default now. */
  now?: number;
}

/**
 * Why a posting dated more than a day after `now` is refused, or null: "2099-12-31" stood first
 * in every newest-first list, and no retention ever ages it out (an operator's trial, session 57).
 * A day's grace for the time zones a board's dates are written in.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const now = Date.UTC(2026, 11, 3, 18);
 * assert.equal(postedAhead("2026-12-04 12:00:00", now), null);
 * assert.equal(
 *   postedAhead("2099-12-31 00:00:00", now),
 *   "publish_time 2099-12-31 00:00:00 is in the future (more than a day after 2026-12-03 18:00:00 UTC)",
 * );
 * ```
 */
export function postedAhead(publishTime: string, now: number): string | null {
  if (publishTime <= formatUtc(now + DAY_MS)) return null;
  return `publish_time ${publishTime} is in the future (more than a day after ${
    formatUtc(now)
  } UTC)`;
}

/**
 * The English name of the region `written` names in the posting's country, kept only where the
 * posting names no city ("MH, IN"): the region is then all a place query can know of where it is.
 */
function regionWithoutCity(job: Job, written: string | undefined): string | undefined {
  if (written === undefined || job.city !== "" || job.country === undefined) return undefined;
  return regionsNamed(written, job.country)[0]?.name;
}

/** A character reference: "&amp;", "&#8211;", "&#x2013;", each with its semicolon. */
const CHARACTER_REFERENCE = /&(?:#\d+|#x[\da-f]+|[a-z][a-z\d]*);/i;

/**
 * A title's or a company's HTML character references decoded, as a page would show them: some
 * boards write "Dev &amp; Vibe Coder" and, escaped twice, "Sports startup &amp;#8211; MB20" (a
 * person's trial, session 57, saw them on the page as written). Twice at most, and only references
 * with their semicolon, so "AT&T" and "R&D" stay; what a reference decodes to is cleaned after, as
 * every field is.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(decodedReferences("Sports startup &amp;#8211; MB20"), "Sports startup – MB20");
 * assert.equal(decodedReferences("Dev &amp; Vibe Coder"), "Dev & Vibe Coder");
 * assert.equal(decodedReferences("AT&T R&D &copy"), "AT&T R&D &copy");
 * assert.equal(decodedReferences("&amp;amp;amp;"), "&amp;");
 * ```
 */
export function decodedReferences(text: string): string {
  let decoded = text;
  for (let pass = 0; pass < 2 && CHARACTER_REFERENCE.test(decoded); pass++) {
    decoded = decodeHTMLStrict(decoded);
  }
  return decoded;
}

/** The one-line fields a board may write with character references. */
const REFERENCED_FIELDS = ["job_title", "company_name"] as const;

/**
 * Where every import row becomes a posting: each text field cleaned of control and bidi
 * characters (scraped text, src/domain/clean_text.ts), the id derived from the cleaned `job_url`,
 * then the whole checked against `JobSchema`, and the city's coordinates looked up
 * (src/ingest/coordinates.ts). Both importers end here, so no posting is stored uncleaned.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const row = await jobFromFields({
 *   job_title: "Nurse\x1b]0;pwned\x07", company_name: "\u202eClinic", city: "Austin",
 *   publish_time: "2024-05-01 00:00:00", job_url: "https://example.com/1", job_tags: [],
 *   data_source: "indeed", job_description: "Care\x1b[2J\r\nfor patients.",
 * }, 2);
 * assert.equal(row.kind, "job");
 * if (row.kind === "job") {
 *   assert.equal(row.job.job_title, "Nurse");
 *   assert.equal(row.job.company_name, "Clinic");
 *   assert.equal(row.job.job_description, "Care\nfor patients.");
 * }
 * ```
 */
export async function jobFromFields(
  fields: Record<string, unknown>,
  line: number,
  options: JobFromFieldsOptions = {},
): Promise<ImportRow> {
  const decoded = { ...fields };
  for (const name of REFERENCED_FIELDS) {
    if (typeof decoded[name] === "string") decoded[name] = decodedReferences(decoded[name]);
  }
  const clean = cleanFields(decoded);
  // One line each, as a CSV cell is read (src/ingest/jobspy_csv.ts): a JSON Lines title of spaces
  // alone was stored, and listed as a result with no words to open it by (an operator's trial,
  // session 57).
  for (const name of REFERENCED_FIELDS) {
    if (typeof clean[name] === "string") clean[name] = clean[name].replace(/\s+/g, " ").trim();
  }
  // A title holds a letter or a digit: a zero-width space, a soft hyphen, a Hangul filler, a
  // blank Braille cell or what "&#0;" decodes to (U+FFFD) made one no one could see or open
  // (reviewers C58, C58b).
  if (typeof clean.job_title === "string" && !/[\p{L}\p{N}]/u.test(clean.job_title)) {
    return { kind: "invalid", line, reason: "no title" };
  }
  // Empty (or, in JSONL, null) is absent; so is a field that held only control characters.
  for (
    const optional of [
      "country",
      "base_salary",
      "seniority_level",
      "employment_type",
      "work_mode",
      "seniority",
      "languages",
      "visa_sponsorship",
      "latitude",
      "longitude",
      "region",
    ]
  ) {
    if (clean[optional] === null || clean[optional] === "") delete clean[optional];
  }
  const jobUrl = typeof clean.job_url === "string" ? clean.job_url : "";
  const parsed = JobSchema.safeParse({ ...clean, id: await jobIdFromUrl(jobUrl) });
  if (parsed.success) {
    // What the filters test, read from the fields unless the row says it itself.
    const job = parsed.data;
    if (job.work_mode === undefined) {
      const mode = workModeOf(job);
      if (mode) job.work_mode = mode;
    }
    if (job.seniority === undefined) {
      const level = seniorityOf(job);
      if (level) job.seniority = level;
    }
    if (job.languages === undefined) {
      const languages = postingLanguages(job);
      if (languages) job.languages = languages;
    }
    if (job.visa_sponsorship === undefined) {
      const sponsorship = visaSponsorshipOf(job);
      if (sponsorship) job.visa_sponsorship = sponsorship;
    }
    const region = regionWithoutCity(job, job.region ?? options.region);
    if (region) job.region = region;
    else delete job.region;
    if (job.base_salary === undefined && !options.hasOwnPay) {
      const pay = statedPay(job.job_description, { country: job.country });
      if (pay) job.base_salary = pay;
    }
  }
  if (parsed.success) {
    const over = overCap(parsed.data) ?? invertedPay(parsed.data.base_salary) ??
      postedAhead(parsed.data.publish_time, options.now ?? Date.now());
    if (over) return { kind: "invalid", line, reason: over };
  }
  if (!parsed.success) {
    const reasons = parsed.error.issues.slice(0, 3).map((issue) =>
      `${issue.path.join(".") || "value"}: ${issue.message}`
    );
    return { kind: "invalid", line, reason: reasons.join("; ") };
  }
  return { kind: "job", line, job: withCoordinates(parsed.data, options.region) };
}

/** True for an absolute http(s) URL with a dotted host, the only links a posting may carry. */
export function isHttpUrl(text: string): boolean {
  return /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(text) && URL.canParse(text);
}

/** The file as a whole cannot be imported (wrong kind of file, no usable header). */
export class InvalidFileError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "InvalidFileError";
  }
}

/**
 * Description budget in bytes. A stored posting must fit one Deno KV value (64 KiB). KV stores a
 * string in one byte per character when every character fits Latin-1 and in two otherwise (V8
 * serialisation), and the store measures postings as UTF-8 JSON; the description must stay within
 * this budget by both measures, which leaves room for the other fields.
 */
export const MAX_DESCRIPTION_BYTES = 48 * 1024;

/**
 * The most characters each text field of a posting may hold (docs/import.md, "Field caps"). A row
 * over one is an invalid row, never cut: a title or a URL cut short would be another posting. The
 * description alone is cut, to {@link MAX_DESCRIPTION_BYTES}. Together with it they keep a posting
 * under Deno KV's 64 KiB per value, whatever its characters.
 */
export const FIELD_CAPS = {
  job_title: 300,
  company_name: 200,
  city: 200,
  job_url: 2000,
  seniority_level: 100,
  employment_type: 200,
  base_salary: 100,
} as const satisfies Partial<Record<keyof Job, number>>;

/** At most this many tags, each at most {@link MAX_TAG_CHARS} characters. */
export const MAX_TAGS = 50;
export const MAX_TAG_CHARS = 100;

/** What KV takes in one value, less room for what the store adds (`first_seen`). */
const MAX_POSTING_BYTES = KV_LIMITS.valueBytes - 256;

/**
 * Why a pay range cannot be taken: its minimum above its maximum ("50000.0-40000.0 GBP/YEAR").
 * Which end is wrong cannot be told, and a pay filter would test the maximum; a JobSpy CSV's
 * `min_amount` and `max_amount`, read apart, are put in order instead (src/ingest/jobspy_csv.ts).
 */
function invertedPay(pay: string | undefined): string | null {
  const range = yearlySalary(pay);
  return range && range.min > range.max
    ? `base_salary: its minimum is above its maximum (${pay})`
    : null;
}

/** Why the posting breaks a cap, or null. */
function overCap(job: Job): string | null {
  for (const [field, cap] of Object.entries(FIELD_CAPS)) {
    const value = job[field as keyof typeof FIELD_CAPS];
    if (typeof value === "string" && value.length > cap) {
      return `${field}: ${value.length} characters, over its cap of ${cap}`;
    }
  }
  if (job.job_tags.length > MAX_TAGS) {
    return `job_tags: ${job.job_tags.length} tags, over the cap of ${MAX_TAGS}`;
  }
  const longTag = job.job_tags.find((tag) => tag.length > MAX_TAG_CHARS);
  if (longTag !== undefined) {
    return `job_tags: a tag of ${longTag.length} characters, over the cap of ${MAX_TAG_CHARS}`;
  }
  const bytes = sizeOf(job);
  if (bytes > MAX_POSTING_BYTES) {
    return `the posting would take ${bytes} bytes in the store, over its ${MAX_POSTING_BYTES}`;
  }
  return null;
}

/** UTF-8 bytes of one UTF-16 unit once escaped in JSON (a surrogate pair counts 2 + 2). */
function jsonBytes(code: number): number {
  if (code === 0x22 || code === 0x5c) return 2;
  if (code < 0x20) return [8, 9, 10, 12, 13].includes(code) ? 2 : 6;
  if (code < 0x80) return 1;
  if (code < 0x800 || (code >= 0xd800 && code <= 0xdfff)) return 2;
  return 3;
}

/**
 * Trims a description and cuts it to {@link MAX_DESCRIPTION_BYTES} as Deno KV and the store count
 * them, at a character boundary, marking the cut with `...`.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(capDescription("  short  "), "short");
 * assert.equal(capDescription("a".repeat(60_000)).length, 48 * 1024);
 * assert.equal(capDescription("’" + "a".repeat(60_000)).length, 24 * 1024);
 * ```
 */
export function capDescription(text: string): string {
  const trimmed = text.trim();
  // deno-lint-ignore no-control-regex
  const storedPerChar = /[^\u0000-\u00ff]/.test(trimmed) ? 2 : 1;
  // The cut is marked with ASCII "...": a non-Latin-1 "…" would double a Latin-1 text's size.
  const storedBudget = MAX_DESCRIPTION_BYTES - 3 * storedPerChar;
  const jsonBudget = MAX_DESCRIPTION_BYTES - 3;
  let stored = 0;
  let json = 0;
  let cut = -1;
  for (let i = 0; i < trimmed.length; i++) {
    stored += storedPerChar;
    json += jsonBytes(trimmed.charCodeAt(i));
    if (cut < 0 && (stored > storedBudget || json > jsonBudget)) cut = i;
    if (stored > MAX_DESCRIPTION_BYTES || json > MAX_DESCRIPTION_BYTES) {
      const code = trimmed.charCodeAt(cut - 1);
      if (code >= 0xd800 && code <= 0xdbff) cut--; // do not split a surrogate pair
      return trimmed.slice(0, cut) + "...";
    }
  }
  return trimmed;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

/** `YYYY-MM-DD HH:MM:SS` of a UTC time given by parts, or null if the parts are no real time. */
function utcTime(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, offsetMin = 0) {
  if (y < 1970 || y > 2100 || mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  if (h > 23 || mi > 59 || s > 59) return null;
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  // Date.UTC rolls 2024-02-30 over to March; such a date does not exist.
  if (date.getUTCDate() !== d || date.getUTCMonth() !== mo - 1) return null;
  const t = new Date(date.getTime() - offsetMin * 60_000);
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${
    pad(t.getUTCHours())
  }:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`;
}

/**
 * Reads a source date as a UTC `YYYY-MM-DD HH:MM:SS`, or returns null when it is not one of the
 * accepted forms: `YYYY-MM-DD` (midnight UTC), `YYYY-MM-DD HH:MM[:SS]` or ISO 8601 with `T`, `Z`
 * or an offset (taken as UTC when it has no zone), and `M/D/YYYY` as spreadsheets in US locale
 * write it (read as `D/M/YYYY` only when the first number cannot be a month).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(parsePublishTime("2024-04-16"), "2024-04-16 00:00:00");
 * assert.equal(parsePublishTime("12/20/2024"), "2024-12-20 00:00:00");
 * assert.equal(parsePublishTime("2024-04-16T10:00:00+02:00"), "2024-04-16 08:00:00");
 * assert.equal(parsePublishTime("2024-02-30"), null);
 * ```
 */
export function parsePublishTime(text: string): string | null {
  const value = text.trim();
  let m = value.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  if (m) return utcTime(+m[1], +m[2], +m[3]);
  m = value.match(
    /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i,
  );
  if (m) {
    let offset = 0;
    const zone = m[7]?.toUpperCase();
    if (zone && zone !== "Z") {
      const sign = zone.startsWith("-") ? -1 : 1;
      const digits = zone.slice(1).replace(":", "");
      offset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
    }
    return utcTime(+m[1], +m[2], +m[3], +m[4], +m[5], +(m[6] ?? 0), offset);
  }
  m = value.match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/);
  if (m) {
    const [a, b, y] = [+m[1], +m[2], +m[3]];
    return a > 12 && b <= 12 ? utcTime(y, b, a) : utcTime(y, a, b);
  }
  return null;
}
