/**
 * Reads JSON Lines of job result fields (the posting fields of `JobSchema` without `id`) into
 * postings.
 *
 * @module
 */
import { SOURCES } from "../domain/job.ts";
import {
  capDescription,
  type ImportRow,
  InvalidFileError,
  isHttpUrl,
  jobFromFields,
  parsePublishTime,
} from "./import_row.ts";
import { jobFromJobspyRow } from "./jobspy_csv.ts";

function invalid(line: number, reason: string): ImportRow {
  return { kind: "invalid", line, reason };
}

/**
 * A JobSpy record's JSON values as its CSV cells: text as it is, numbers and booleans written out,
 * null and absent empty, and a date pandas wrote as milliseconds since 1970 as its day.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(
 *   asCsvRow({ title: "Nurse", min_amount: 30000, is_remote: false, date_posted: 1764720000000, company: null }),
 *   { title: "Nurse", min_amount: "30000", is_remote: "False", date_posted: "2025-12-03", company: "" },
 * );
 * ```
 */
export function asCsvRow(fields: Record<string, unknown>): Record<string, string> {
  const row: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    row[name] = value === null || value === undefined
      ? ""
      : typeof value === "boolean"
      ? (value ? "True" : "False")
      : typeof value === "number" && /^(?:date_posted|search_date)$/.test(name)
      ? new Date(value).toISOString().slice(0, 10)
      : typeof value === "object"
      ? JSON.stringify(value)
      : String(value);
  }
  return row;
}

/** Maps one parsed JSON line to a posting, a skip (source we do not take) or an invalid row. */
export async function jobFromJsonLine(
  value: unknown,
  line: number,
  context: { fallbackPublishTime?: string; now?: number } = {},
): Promise<ImportRow> {
  const { fallbackPublishTime, now } = context;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return invalid(line, "not a JSON object");
  }
  const fields = { ...value } as Record<string, unknown>;
  // A JobSpy record written as JSON (pandas' `to_json(orient="records", lines=True)`): read as its
  // CSV row is, whose column names it keeps. Read as a posting's fields, its `description` was
  // dropped without a word and `title` refused as "expected string" (an operator's trial,
  // session 57).
  if (!("job_title" in fields) && "title" in fields) {
    return await jobFromJobspyRow(asCsvRow(fields), line, { fallbackPublishTime, now });
  }
  // Site names as a CSV's `site` column is read: any case, and JobSpy's own `site` key too.
  const given = fields.data_source ?? fields.site;
  const source = typeof given === "string" ? given.trim().toLowerCase() : given;
  if (source !== undefined) fields.data_source = source;
  if (
    typeof source === "string" && source !== "" && !(SOURCES as readonly string[]).includes(source)
  ) {
    return { kind: "skipped", line, site: source };
  }
  if (typeof fields.job_url !== "string" || fields.job_url.trim() === "") {
    return invalid(line, "no job_url");
  }
  const jobUrl = fields.job_url.trim();
  if (!isHttpUrl(jobUrl)) return invalid(line, `job_url is not an http(s) URL: '${jobUrl}'`);
  fields.job_url = jobUrl;
  // Summary-form results carry neither description nor (always) tags; both may be left out.
  fields.job_description ??= "";
  fields.job_tags ??= [];
  if (typeof fields.job_description === "string") {
    fields.job_description = capDescription(fields.job_description);
  }
  if (
    (fields.publish_time === undefined || fields.publish_time === null ||
      fields.publish_time === "") && fallbackPublishTime !== undefined
  ) {
    fields.publish_time = fallbackPublishTime;
  }
  if (typeof fields.publish_time === "string") {
    // A date alone or an ISO time is accepted and written the one way the store keeps.
    fields.publish_time = parsePublishTime(fields.publish_time) ?? fields.publish_time;
  }
  return await jobFromFields(fields, line, now !== undefined ? { now } : {});
}

/**
 * Parses JSON Lines: one object per line, blank lines ignored. A line that is no JSON or no valid
 * posting becomes an invalid row; the rest goes on. Throws {@link InvalidFileError} when the first
 * non-blank line is not a JSON object, i.e. the file is not JSON Lines at all.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const rows = await parseJobsJsonl('\n{"job_url": "https://x.org/1"}\n');
 * assert.equal(rows.length, 1);
 * assert.equal(rows[0].line, 2);
 * assert.equal(rows[0].kind, "invalid");
 * ```
 */
export async function parseJobsJsonl(
  text: string,
  options: { fallbackPublishTime?: string; now?: number } = {},
): Promise<ImportRow[]> {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const first = lines.find((line) => line.trim() !== "");
  if (first !== undefined && !first.trim().startsWith("{")) {
    throw new InvalidFileError("the first line is not a JSON object (is it JSON Lines?)");
  }
  const rows: ImportRow[] = [];
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i].trim();
    if (text === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      rows.push(invalid(i + 1, `not valid JSON (${(error as Error).message})`));
      continue;
    }
    rows.push(await jobFromJsonLine(value, i + 1, options));
  }
  return rows;
}
