/**
 * `jobseek search QUERY`: asks a jobseek server's REST API (`GET /v1/search`) and prints a table,
 * or the API's JSON with `--json`.
 *
 * @module
 */
import { Command, Option } from "@commander-js/extra-typings";
import { cleanFields, jsonForTerminal } from "../../src/domain/clean_text.ts";
import {
  describeApplied,
  type JobResult,
  type SearchResponse,
  SOURCES,
} from "../../src/domain/job.ts";
import { DETAILS, SORTS } from "../../src/domain/search_query.ts";
import { describeFailedResponse, unreachableMessage } from "../api_errors.ts";
import { outputWidth, writeErr, writeOut } from "../output.ts";
import {
  API_KEY_STDIN_HELP,
  apiKeyFlagOption,
  parseInteger,
  REQUEST_TIMEOUT_MS,
  resolveServerConnection,
} from "../server_connection.ts";
import { renderTable, type TableColumn, wrapText } from "../table.ts";

export interface SearchParams {
  q: string;
  city?: string;
  country?: string;
  since?: string;
  until?: string;
  top_k?: number;
  offset?: number;
  detail?: string;
  source?: string;
  added_since?: string;
  sort?: string;
}

/**
 * Builds the request URL. Only given parameters are sent, so the server's defaults apply.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(
 *   searchUrl("http://localhost:8000", { q: "rust developer", top_k: 5 }).href,
 *   "http://localhost:8000/v1/search?q=rust+developer&top_k=5",
 * );
 * ```
 */
export function searchUrl(endpoint: string, params: SearchParams): URL {
  const url = new URL(`${endpoint.replace(/\/+$/, "")}/v1/search`);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url;
}

function formatAmount(text: string): string {
  const amount = Number(text);
  if (!Number.isFinite(amount)) return text;
  if (amount >= 1000) return `${Math.round(amount / 100) / 10}k`;
  return String(Math.round(amount * 100) / 100);
}

/**
 * Shortens a salary for the table: `85000.0-120000.0 USD/YEAR` becomes `85k-120k USD/yr`
 * (thousands rounded to one decimal); `--json` keeps the exact value.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(formatSalary("85000.0-120000.0 USD/YEAR"), "85k-120k USD/yr");
 * assert.equal(formatSalary("39500.0-51550.0 GBP/YEAR"), "39.5k-51.6k GBP/yr");
 * assert.equal(formatSalary("18.5-25.0 USD/HOUR"), "18.5-25 USD/hr");
 * assert.equal(formatSalary(undefined), "");
 * ```
 */
export function formatSalary(salary: string | undefined): string {
  if (!salary) return "";
  const match = salary.match(/^([\d.]+)-([\d.]+) ([A-Z]{3})\/(\w+)$/);
  if (!match) return salary;
  const periods: Record<string, string> = {
    YEAR: "yr",
    MONTH: "mo",
    WEEK: "wk",
    DAY: "day",
    HOUR: "hr",
  };
  const [, min, max, currency, period] = match;
  return `${formatAmount(min)}-${formatAmount(max)} ${currency}/${periods[period] ?? period}`;
}

const RESULT_COLUMNS: TableColumn[] = [
  { header: "#", align: "right" },
  { header: "title", minWidth: 16, weight: 2.5 },
  { header: "company", minWidth: 10, dropRank: 3 },
  { header: "city", minWidth: 8, dropRank: 2 },
  { header: "date", dropRank: 4 },
  { header: "salary", minWidth: 8, weight: 1.3, dropRank: 1 },
  { header: "score", align: "right" },
];

/** The paging line: "Showing 1-20 of 87", or why a page is empty. */
export function pagingLine(offset: number, shown: number, total: number): string {
  if (total === 0) return "No matching jobs.";
  if (shown === 0) return `No results at offset ${offset}: the search found ${total}.`;
  return `Showing ${offset + 1}-${offset + shown} of ${total}`;
}

/**
 * The human form of a search response: a table that fits `width`, then the paging line. Postings
 * are scraped text and a store may hold some imported before the import cleaned them: no control
 * or bidi character of theirs reaches the terminal.
 */
export function formatResults(dirty: SearchResponse, offset: number, width: number): string {
  const response = cleanFields(dirty);
  const rows = response.results.map((job, i) => [
    String(offset + i + 1),
    job.job_title,
    job.company_name,
    job.city,
    job.publish_time.slice(0, 10),
    formatSalary(job.base_salary),
    job.score.toFixed(2),
  ]);
  let text = rows.length > 0 ? renderTable(RESULT_COLUMNS, rows, width) : "";
  if (response.results.some((job) => job.job_description !== undefined)) {
    text += response.results.map((job, i) => formatDetails(job, offset + i + 1, width)).join("");
  }
  const notes: string[] = [];
  const place = response.query_place;
  if (place) {
    const where = [place.remote ? "remote" : "", place.city, place.country].filter(Boolean);
    notes.push(
      `Only jobs in ${
        where.join(", ")
      } (named in the query; a --city/--country naming another place replaces it).`,
    );
  }
  const filters = describeApplied(response.applied);
  if (filters) notes.push(filters);
  if (response.hint) notes.push(response.hint);
  return `${text}${pagingLine(offset, rows.length, response.total)}\n${
    notes.map((note) => `${note}\n`).join("")
  }`;
}

function formatDetails(job: JobResult, number: number, width: number): string {
  const indent = "    ";
  const wrap = (text: string) =>
    wrapText(text, Math.max(20, width - indent.length)).map((line) => line ? indent + line : "");
  const facts = [job.data_source, job.seniority_level, job.employment_type, job.base_salary]
    .filter(Boolean).join(" · ");
  const lines = [
    "",
    ...wrapText(
      `[${number}] ${job.job_title} — ${job.company_name}${job.city ? `, ${job.city}` : ""}`,
      width,
    ),
    ...wrap(`${job.publish_time} · ${facts}`),
    `${indent}${job.job_url}`,
  ];
  if (job.job_tags.length > 0) lines.push(...wrap(`tags: ${job.job_tags.join(", ")}`));
  if (job.job_description) lines.push("", ...wrap(job.job_description.trim()));
  return lines.join("\n") + "\n";
}

/** Sends the search; returns the response body text, or throws an error a person can act on. */
export async function fetchSearch(
  endpoint: string,
  apiKey: string,
  params: SearchParams,
): Promise<string> {
  let response: Response;
  try {
    response = await fetch(searchUrl(endpoint, params), {
      headers: { "x-api-key": apiKey, accept: "application/json" },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new Error(unreachableMessage(endpoint, error));
  }
  const body = await response.text();
  if (!response.ok) {
    throw new Error(describeFailedResponse({
      status: response.status,
      statusText: response.statusText,
      retryAfterHeader: response.headers.get("retry-after"),
      body,
    }));
  }
  return body;
}

export const TOP_K_MIN = 1;
export const TOP_K_MAX = 100;

/**
 * The server clamps `top_k` to 1-100 without an error (spec 4.2); the CLI clamps the same way, but
 * says so on stderr, so that `--top-k 500` does not look like "only 100 matched".
 */
async function clampTopK(value: number): Promise<number> {
  const clamped = Math.min(TOP_K_MAX, Math.max(TOP_K_MIN, value));
  if (clamped !== value) {
    const bound = value > TOP_K_MAX ? `more than ${TOP_K_MAX}, the most` : `less than ${TOP_K_MIN}`;
    await writeErr(
      `jobseek: note: --top-k ${value} is ${bound} per page; showing ${clamped} per page.\n`,
    );
  }
  return clamped;
}

export function searchCommand() {
  return new Command("search")
    .description("Search job postings with a natural-language query.")
    .argument("<query...>", "what you are looking for, e.g. 'remote rust developer'")
    .option("--city <city>", "only jobs in this city (exact, case-sensitive)")
    .option("--country <cc>", "only jobs in this country (ISO code, e.g. DE)")
    .option("--since <date>", "only jobs published at or after YYYY-MM-DD[ HH:MM:SS] (UTC)")
    .option("--until <date>", "only jobs published before YYYY-MM-DD[ HH:MM:SS] (UTC)")
    .option(
      "--added-since <date>",
      "only jobs the service first saw at or after YYYY-MM-DD[ HH:MM:SS] (UTC): what is new",
    )
    .option("--top-k <n>", "results per page, 1-100 (server default 20)", parseInteger)
    .option("--offset <n>", "index of the first result, for paging (default 0)", parseInteger)
    .addOption(
      new Option("--detail <level>", "summary, or full to add descriptions and links")
        .choices(DETAILS),
    )
    .addOption(new Option("--source <source>", "only jobs from this job board").choices(SOURCES))
    .addOption(
      new Option(
        "--sort <order>",
        "relevance (best match first, the default) or date (newest first, the REST API's order)",
      ).choices(SORTS).default("relevance" as const),
    )
    .option("--json", "print the API's JSON response as is")
    .option("--api-key-stdin", API_KEY_STDIN_HELP)
    .addOption(apiKeyFlagOption())
    .option("--endpoint <url>", "server URL (default: JOBSEEK_ENDPOINT, config file, localhost)")
    .action(async (words, options) => {
      const { endpoint, apiKey } = await resolveServerConnection(options);
      const topK = options.topK === undefined ? undefined : await clampTopK(options.topK);
      const params: SearchParams = {
        q: words.join(" "),
        city: options.city,
        // Country codes are upper case on the server; accept `de` as the person surely meant DE.
        country: options.country?.toUpperCase(),
        since: options.since,
        until: options.until,
        top_k: topK,
        offset: options.offset,
        detail: options.detail,
        source: options.source,
        added_since: options.addedSince,
        sort: options.sort,
      };
      const body = await fetchSearch(endpoint, apiKey, params);
      if (options.json) {
        // The same JSON, with what a terminal would act on written as \u escapes.
        const json = jsonForTerminal(body);
        await writeOut(json.endsWith("\n") ? json : `${json}\n`);
        return;
      }
      let response: SearchResponse;
      try {
        response = JSON.parse(body);
      } catch {
        throw new Error(
          `Cannot read the answer from ${endpoint}: it is not JSON. Is it a ` +
            "jobseek server?",
        );
      }
      if (!Array.isArray(response?.results) || typeof response.total !== "number") {
        throw new Error(
          `Cannot read the answer from ${endpoint}: it is not a search response`,
        );
      }
      await writeOut(formatResults(response, options.offset ?? 0, outputWidth()));
    });
}
