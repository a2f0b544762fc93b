/**
 * `jobseek search QUERY`: asks a jobseek server's REST API (`GET /v1/search`) and prints a table,
 * or the API's JSON with `--json`. `--cv FILE` sends the CV's text as the profile (`POST`: a CV
 * does not fit in a URL) and prints what the server derived from it above the table.
 *
 * @module
 */
import { Command, InvalidArgumentError, Option } from "@commander-js/extra-typings";
import { cleanFields, jsonForTerminal } from "../../src/domain/clean_text.ts";
import {
  cityOrRegion,
  closeMatchesNotListed,
  describeApplied,
  describeFacets,
  type JobResult,
  type ParameterSpelling,
  queryCorrectedInWords,
  queryPlaceInWords,
  queryReadingsInWords,
  searchPlaceInWords,
  type SearchResponse,
  SOURCES,
} from "../../src/domain/job.ts";
import { FACET_NAMES } from "../../src/domain/facets.ts";
import { hintForPeople } from "../../src/domain/hint_words.ts";
import {
  FILTER_NAMES,
  type FilterName,
  type FilterParam,
  FILTERS,
} from "../../src/domain/filters.ts";
import { describeDerived } from "../../src/domain/profile.ts";
import {
  countInWords,
  DETAILS,
  RESULT_SET_MAX,
  SORTS,
  TOP_K_DEFAULT,
  TOP_K_MAX,
  TOP_K_MIN,
} from "../../src/domain/search_query.ts";
import { readCvText } from "../cv_text.ts";
import { countryCode } from "../../src/places/country_code.ts";
import { salaryIn } from "../../src/index/query_salary.ts";
import { describeFailedResponse, failedResponse, unreachableMessage } from "../api_errors.ts";
import { type CliIo, outputWidth } from "../io.ts";
import {
  API_KEY_STDIN_HELP,
  apiKeyFlagOption,
  endpointOption,
  oneValue,
  parseInteger,
  REQUEST_TIMEOUT_MS,
  resolveServerConnection,
} from "../server_connection.ts";
import { renderTable, type TableColumn, wrapText } from "../table.ts";

/** How the reading sentences name `search`'s flags. */
const FLAGS: ParameterSpelling = {
  employmentType: (type) => `--employment-type ${type}`,
  seniority: (levels) => `--seniority ${levels}`,
  remote: (modes) => `--remote ${modes}`,
  since: "--since",
  salaryMin: "--salary-min",
};

/** The query string of a search: a list value is sent as the parameter repeated. */
export type SearchParams = Record<string, string | number | string[] | undefined>;

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
    if (Array.isArray(value)) { for (const item of value) url.searchParams.append(name, item); }
    else if (value !== undefined) url.searchParams.set(name, String(value));
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
 * assert.equal(formatSalary("20.0-20.0 CAD/HOUR"), "20 CAD/hr");
 * assert.equal(formatSalary("39950.0-40049.0 USD/YEAR"), "40k-40k USD/yr");
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
  // "20.0-20.0 CAD/HOUR" is one amount, not a range ("20-20 CAD/hr" read as a typo); a range
  // whose ends round alike stays a range ("40k-40k").
  const amount = Number(min) === Number(max)
    ? formatAmount(min)
    : `${formatAmount(min)}-${formatAmount(max)}`;
  return `${amount} ${currency}/${periods[period] ?? period}`;
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

/**
 * The city and, where the posting says, how the work is done: "Berlin (hybrid)". A search for
 * "remote or hybrid jobs in Berlin" otherwise lists Berlin rows that cannot be told apart. A city
 * that already says it ("Remote") is not repeated.
 */
function cityCell(city: string, workMode: string | undefined): string {
  if (!workMode || city.toLowerCase() === workMode) return city;
  return `${city} (${workMode === "onsite" ? "on-site" : workMode})`;
}

/**
 * The paging line: "Showing 1-20 of 87", or why a page is empty; with close matches in the list
 * (relevance order), how many of each: "Showing 1-20 of 87 (12 strong, 75 close)".
 */
export function pagingLine(offset: number, shown: number, total: number, close = 0): string {
  const all = total + close;
  if (all === 0) return "No matching jobs.";
  if (shown === 0) return `No results at offset ${offset}: the search found ${all}.`;
  const tiers = close > 0 ? ` (${countInWords(total)} strong, ${countInWords(close)} close)` : "";
  const of = total >= RESULT_SET_MAX || close >= RESULT_SET_MAX ? `at least ${all}` : `${all}`;
  return `Showing ${offset + 1}-${offset + shown} of ${of}${tiers}`;
}

/**
 * The human form of a search response: a table that fits `width`, then the paging line. Postings
 * are scraped text and a store may hold some imported before the import cleaned them: no control
 * or bidi character of theirs reaches the terminal.
 */
export function formatResults(
  dirty: SearchResponse,
  offset: number,
  width: number,
  sort: "date" | "relevance" = "relevance",
  /** Wrap the notes under the table at `width` (a terminal; a pipe keeps a note a line). */
  wrapNotes = false,
): string {
  const response = cleanFields(dirty);
  // No strong match under the filters: the closest ones there, said to be so.
  const closestOnly = response.results.length === 0 && (response.closest?.length ?? 0) > 0;
  const listed = closestOnly ? response.closest! : response.results;
  const rows = listed.map((job, i) => [
    String(offset + i + 1),
    job.job_title,
    job.company_name,
    cityCell(cityOrRegion(job), job.work_mode),
    job.publish_time.slice(0, 10),
    formatSalary(job.base_salary),
    job.match === "close" && !closestOnly ? `${job.score.toFixed(2)} close` : job.score.toFixed(2),
  ]);
  const where = searchPlaceInWords(response);
  let text = closestOnly
    ? `No strong match${where}; ${where ? "closest there" : "the nearest postings"}:\n`
    : "";
  if (rows.length > 0) text += renderTable(RESULT_COLUMNS, rows, width);
  if (listed.some((job) => job.job_description !== undefined)) {
    text += listed.map((job, i) => formatDetails(job, offset + i + 1, width)).join("");
  }
  const notes: string[] = [];
  const corrected = queryCorrectedInWords(response);
  if (corrected) notes.push(corrected);
  const place = response.query_place;
  if (place) {
    const replaceable = (place.places ?? [place]).some((one) => one.near)
      ? "; --near with --radius-km replaces it"
      : (place.places ?? [place]).some((one) => one.city || one.country)
      ? "; a --city or --country naming another place replaces it"
      : "";
    notes.push(`Only ${queryPlaceInWords(place)} (named in the query${replaceable}).`);
  }
  notes.push(...queryReadingsInWords(response, FLAGS, sort));
  const filters = describeApplied(response.applied);
  if (filters) notes.push(paramsInFlags(filters));
  notes.push(...describeFacets(response.facets));
  if (response.hint) notes.push(hintForPeople(hintInFlags(response.hint), "above"));
  // Relevance order lists the close matches after the strong ones; newest first does not, and says
  // how to see them.
  const close = closestOnly || sort === "relevance" ? response.close_total ?? 0 : 0;
  const unlisted = closeMatchesNotListed(response, sort);
  if (unlisted > 0) {
    notes.push(
      `Also ${unlisted} close match${
        unlisted === 1 ? "" : "es"
      }: --sort relevance lists them after the strong ones.`,
    );
  }
  const paging = closestOnly
    ? pagingLine(offset, rows.length, 0, close)
    : pagingLine(offset, rows.length, response.total, close);
  // A terminal breaks a long note mid-word at its edge: broken at spaces instead.
  const said = wrapNotes ? notes.flatMap((note) => wrapText(note, Math.max(20, width))) : notes;
  return `${text}${paging}\n${said.map((line) => `${line}\n`).join("")}`;
}

function formatDetails(job: JobResult, number: number, width: number): string {
  const indent = "    ";
  const wrap = (text: string) =>
    wrapText(text, Math.max(20, width - indent.length)).map((line) => line ? indent + line : "");
  const facts = [
    job.data_source,
    job.seniority_level,
    job.employment_type,
    job.base_salary,
    job.visa_sponsorship && `visa sponsorship ${job.visa_sponsorship.replace("_", " ")}`,
  ].filter(Boolean).join(" · ");
  const lines = [
    "",
    ...wrapText(
      `[${number}] ${job.job_title} — ${job.company_name}${
        cityOrRegion(job) ? `, ${cityOrRegion(job)}` : ""
      }`,
      width,
    ),
    ...wrap(`${job.publish_time} · ${facts}`),
    `${indent}${job.job_url}`,
  ];
  if (job.job_tags.length > 0) lines.push(...wrap(`tags: ${job.job_tags.join(", ")}`));
  if (job.job_description !== undefined) {
    // An empty one said so, not left out: with `--detail full` a block without text read as one
    // cut off (a person's trial, session 57).
    lines.push("", ...wrap(job.job_description.trim() || "(The posting has no description.)"));
  }
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
    const headers = { "x-api-key": apiKey, accept: "application/json" };
    const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    // A profile goes in a JSON body; only the given parameters are sent, as in a URL.
    response = params.profile === undefined
      ? await fetch(searchUrl(endpoint, params), { headers, signal })
      : await fetch(searchUrl(endpoint, {}), {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify(params),
        signal,
      });
  } catch (error) {
    throw new Error(unreachableMessage(endpoint, error));
  }
  const body = await response.text();
  if (!response.ok) {
    throw new Error(refusalInFlags(describeFailedResponse(failedResponse(response, body))));
  }
  return body;
}

/**
 * The server clamps `top_k` to its bounds without an error (spec 4.2); the CLI clamps the same way, but
 * says so on stderr, so that `--top-k 500` does not look like "only 100 matched".
 */
async function clampTopK(value: number, io: CliIo): Promise<number> {
  const clamped = Math.min(TOP_K_MAX, Math.max(TOP_K_MIN, value));
  if (clamped !== value) {
    const bound = value > TOP_K_MAX ? `more than ${TOP_K_MAX}, the most` : `less than ${TOP_K_MIN}`;
    await io.stderr.write(
      `jobseek: note: --top-k ${value} is ${bound} per page; showing ${clamped} per page.\n`,
    );
  }
  return clamped;
}

/** The CLI flag of a filter parameter: `salary_min` is `--salary-min`. */
export function filterFlag(name: FilterName): string {
  return `--${name.replaceAll("_", "-")}`;
}

/**
 * A server's refusal with the parameters it names written as this command's flags: "Invalid
 * parameter 'radius_km': it only applies with 'near' ..." reads "Invalid parameter --radius-km:
 * it only applies with --near ..." (reviewer W, session 37). Only where a parameter stands (after
 * "parameter", "with", "give", "leave"), never a quoted value ("no place called 'remote'").
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(
 *   refusalInFlags("Invalid parameter 'radius_km': it only applies with 'near'; give 'near' too"),
 *   "Invalid parameter --radius-km: it only applies with --near; give --near too",
 * );
 * assert.equal(
 *   refusalInFlags("Invalid parameter 'near': no place called 'remote' is known"),
 *   "Invalid parameter --near: no place called 'remote' is known",
 * );
 * ```
 */
export function refusalInFlags(message: string): string {
  return message.replace(
    /\b(parameter|with|give|leave) '([a-z_]+)'/g,
    (whole, before: string, name: string) =>
      FLAGGED_PARAMS.has(name) ? `${before} ${filterFlag(name as FilterName)}` : whole,
  );
}

/**
 * A search's hint with the parameters it names in backticks written as this command's flags and
 * `q` as the query: "give `near`, `city` or `country`, or name a place in `q`" read "give near, city
 * or country, or name a place in q" in a terminal, where nothing is called that (a person's trial,
 * session 56). Other backticked names are left for {@linkcode hintForPeople}.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(
 *   hintInFlags("give `near`, `city` or `country`, or name a place in `q`, to search there."),
 *   "give --near, --city or --country, or name a place in the query, to search there.",
 * );
 * ```
 */
export function hintInFlags(hint: string): string {
  return paramsInFlags(
    hint.replace(
      /`([a-z_]+)`/g,
      (whole, name: string) =>
        name === "q"
          ? "the query"
          : FLAGGED_PARAMS.has(name)
          ? filterFlag(name as FilterName)
          : whole,
    ),
  );
}

/**
 * A text's filters said as REST sends them ("salary_min=300000, country=GB") written as this
 * command's flags ("--salary-min 300000, --country GB"): the filters applied and the hints that
 * name them (a person's trial, session 56). A quoted search is left as typed.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(
 *   paramsInFlags('Nothing matches with salary_min=300000, country=GB; "a=b" lists 3.'),
 *   'Nothing matches with --salary-min 300000, --country GB; "a=b" lists 3.',
 * );
 * ```
 */
export function paramsInFlags(text: string): string {
  return text.split(/("[^"]*")/).map((part, i) =>
    i % 2 === 1 ? part : part.replace(
      /\b([a-z_]+)=/g,
      (whole, name: string) =>
        FLAGGED_PARAMS.has(name) ? `${filterFlag(name as FilterName)} ` : whole,
    )
  ).join("");
}

/** The search's parameters that are this command's flags: the filters, and the paging and order. */
// `--offset -5` was refused as "Invalid parameter 'offset'", in the API's words (reviewer W50).
const FLAGGED_PARAMS: ReadonlySet<string> = new Set([
  ...FILTER_NAMES,
  "top_k",
  "offset",
  "sort",
  "detail",
  "facets",
]);

/**
 * A filter's description as a person in a terminal types it: the table's texts name the other
 * filters as REST and MCP spell them (`salary_currency`) and the cities by the MCP tool. Its own
 * name there is one of its values (`remote`, a way of working: "`--remote`, `hybrid` or
 * `onsite`" it read, reviewer R50c).
 */
function inFlagWords(description: string, own: FilterName): string {
  return description
    .replace(
      /`([a-z_]+)`/g,
      (whole, name: string) =>
        name !== own && (FILTER_NAMES as readonly string[]).includes(name)
          ? `\`${filterFlag(name as FilterName)}\``
          : whole,
    )
    .replaceAll("(see list_cities)", "(see `jobseek cities`)");
}

/**
 * The filter table's parameters as options (src/domain/filters.ts): a list parameter's flag may
 * be repeated (`--company A --company B`), codes are upper-cased (`--country de` meant DE).
 */
export function filterOptions(): Option[] {
  return FILTER_NAMES.map((name) => {
    const filter = FILTERS[name] as FilterParam;
    const flag = filterFlag(name);
    // Quoted as a shell needs it: `--added-since "2026-11-24 08:00:00"`.
    const example = filter.example.includes(" ") ? `"${filter.example}"` : filter.example;
    // The table says what REST and MCP take (a code, exactly); the flag takes a name too.
    const description = name === "country"
      ? COUNTRY_FLAG_HELP
      : name === "salary_min"
      ? `${inFlagWords(filter.description, name)} ${SALARY_FLAG_HELP}`
      : inFlagWords(filter.description, name);
    const help = `${description}${filter.cliValue ? ` Example: ${flag} ${example}` : ""}`;
    const option = new Option(filter.cliValue ? `${flag} ${filter.cliValue}` : flag, help);
    const typed = (value: string) => filter.words ? asWords(value, filter.words) : value;
    if (name === "source") {
      option.choices(SOURCES).argParser((value: string) => {
        if (!(SOURCES as readonly string[]).includes(typed(value))) {
          throw new InvalidArgumentError(`Allowed choices are ${SOURCES.join(", ")}.`);
        }
        return typed(value);
      });
    }
    if (filter.list) {
      option.argParser((
        value: string,
        previous: string[] | undefined,
      ) => [...(previous ?? []), typed(value)]);
      return option;
    }
    if (name === "country") option.argParser(countryOfFlag);
    else if (name === "salary_min") option.argParser(salaryOfFlag);
    else if (filter.upperCase) option.argParser((value: string) => value.toUpperCase());
    return oneValue(option);
  });
}

/**
 * A `--country` as a person types it, as its ISO code: "uk", "Germany", "usa" (a person's trial,
 * session 57: "--country Germany" was told "must be two uppercase letters", "--country uk" found
 * nothing). What is no country is sent upper-cased, for the server to refuse or find nothing.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(countryOfFlag("Germany"), "DE");
 * assert.equal(countryOfFlag("uk"), "GB");
 * assert.equal(countryOfFlag("de"), "DE");
 * assert.equal(countryOfFlag("xx"), "XX");
 * assert.throws(() => countryOfFlag("Germny"), /'Germny' is no country's name or code/);
 * ```
 */
export function countryOfFlag(value: string): string {
  const upper = value.trim().toUpperCase();
  const code = /^[A-Z]{2,3}$/.test(upper) ? countryCode(upper) : countryCode(value);
  if (code) return code;
  // A two-letter code no country has is sent, for the server to say it finds nothing; anything
  // else is no code the server takes, and it would be refused as "must be two uppercase letters"
  // for a name misspelt ("Germny": reviewer C57).
  if (/^[A-Z]{2}$/.test(upper)) return upper;
  throw new InvalidArgumentError(
    `'${value}' is no country's name or code (e.g. DE, GB, Germany, "United States")`,
  );
}

/**
 * A flag's value as the API's words it spells: "--remote Remote" and "--employment-type Full-Time"
 * were refused (a person's trial, session 57). A part that spells none is sent as typed, for the
 * server to refuse naming the words it takes.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const types = ["fulltime", "parttime", "contract"];
 * assert.equal(asWords("Full-Time", types), "fulltime");
 * assert.equal(asWords("part time, CONTRACT", types), "parttime,contract");
 * assert.equal(asWords("not offered", ["offered", "not_offered"]), "not_offered");
 * assert.equal(asWords("freelance", types), "freelance");
 * ```
 */
export function asWords(value: string, words: readonly string[]): string {
  const spelled = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, "");
  return value.split(",").map((part) =>
    words.find((word) => spelled(word) === spelled(part)) ?? part.trim()
  ).join(",");
}

/** A `--salary-min` read: the yearly amount, and the currency where the value named one. */
export interface SalaryFlag {
  amount: string;
  currency?: string;
}

/**
 * A `--salary-min` as a person types it: "30000", "30,000", "30k", "£30k", "€15 an hour" (a
 * person's trial, session 57: "--salary-min 30k" was told "must be a number"). Read as pay in a
 * query is read (`salaryIn`), so the flag and the words agree; a currency it names is the filter's
 * currency unless `--salary-currency` says another. What is no amount of pay is refused here,
 * with examples, rather than sent.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(salaryOfFlag("30000"), { amount: "30000" });
 * assert.deepEqual(salaryOfFlag("30,000"), { amount: "30000" });
 * assert.throws(() => salaryOfFlag("45.000"), /'45.000' could be 45000 or 45: write 45000/);
 * assert.throws(() => salaryOfFlag("1,000.000"), /no amount of pay/);
 * assert.deepEqual(salaryOfFlag("30.5"), { amount: "30.5" });
 * assert.deepEqual(salaryOfFlag("30k"), { amount: "30000" });
 * assert.deepEqual(salaryOfFlag("£30K"), { amount: "30000", currency: "GBP" });
 * assert.deepEqual(salaryOfFlag("€15 an hour"), { amount: "31200", currency: "EUR" });
 * assert.throws(() => salaryOfFlag("lots"), /'lots' is no amount of pay/);
 * assert.throws(() => salaryOfFlag("30k nurse"), /'30k nurse' is no amount of pay/);
 * ```
 */
export function salaryOfFlag(value: string): SalaryFlag {
  const typed = value.trim();
  // "45.000" is 45,000 to a German and 45 to the API (reviewer C58b: the flag and the API read it
  // two ways): refused, with what to write. Commas or underscores alone group thousands.
  if (/^\d{1,3}(?:\.\d{3})+$/.test(typed)) {
    const whole = typed.replace(/\./g, "");
    throw new InvalidArgumentError(
      `'${value}' could be ${whole} or ${Number(typed)}: write ${whole} or ${Number(typed)}`,
    );
  }
  if (/^\d{1,3}(?:,\d{3})+$|^\d{1,3}(?:_\d{3})+$/.test(typed)) {
    return { amount: typed.replace(/[,_]/g, "") };
  }
  if (/^\d+(?:\.\d+)?$/.test(typed)) return { amount: typed };
  const pay = salaryIn(typed);
  if (pay && pay.rest === "") {
    return pay.currency === undefined
      ? { amount: String(pay.yearlyMin) }
      : { amount: String(pay.yearlyMin), currency: pay.currency };
  }
  throw new InvalidArgumentError(
    `'${value}' is no amount of pay (a year's, e.g. 30000, 30k, £30k; or "£15 an hour")`,
  );
}

/** What `--salary-min` takes beside the API's number. */
const SALARY_FLAG_HELP = 'Written as pay is: 30k, 30,000, £30k (its currency too), "£15 an hour".';

/** `--country`'s help, for search and alerts alike. */
export const COUNTRY_FLAG_HELP =
  "Only postings in this country: its ISO 3166-1 code or its name (DE, uk, Germany, usa).";

/** The filter values the options hold, by parameter name. */
export function filterParams(
  options: Record<string, unknown>,
): Record<string, string | string[] | undefined> {
  const params: Record<string, string | string[] | undefined> = {};
  for (const name of FILTER_NAMES) {
    const value = options[name.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())];
    if (value === true) params[name] = "true";
    else if (typeof value === "string" || Array.isArray(value)) params[name] = value;
    else if (name === "salary_min" && typeof value === "object" && value !== null) {
      params.salary_min = (value as SalaryFlag).amount;
    }
  }
  // The currency said with the amount ("--salary-min £30k"), unless `--salary-currency` says one.
  const salaryCurrency = (options.salaryMin as SalaryFlag | undefined)?.currency;
  if (params.salary_currency === undefined && salaryCurrency !== undefined) {
    params.salary_currency = salaryCurrency;
  }
  return params;
}

export function searchCommand(io: CliIo) {
  const command = new Command("search")
    .description("Search job postings with a natural-language query.")
    .argument("[query...]", "what you are looking for, e.g. 'remote rust developer'")
    .addOption(
      oneValue(
        new Option(
          "--cv <file>",
          "search with your CV (.txt, .md, .pdf or .docx): the roles, skills, places and " +
            "seniority read from it (a query beside it is searched as one more role)",
        ),
      ),
    );
  for (const option of filterOptions()) command.addOption(option);
  return command
    .addOption(
      oneValue(
        new Option(
          "--facets <fields>",
          `count the results by these fields (comma-separated): ${FACET_NAMES.join(", ")}`,
        ),
      ),
    )
    .addOption(
      oneValue(
        new Option(
          "--top-k <n>",
          `results per page, ${TOP_K_MIN}-${TOP_K_MAX} (server default ${TOP_K_DEFAULT})`,
        ).argParser(parseInteger),
      ),
    )
    .addOption(
      oneValue(
        new Option("--offset <n>", "index of the first result, for paging (default 0)")
          .argParser(parseInteger),
      ),
    )
    .addOption(
      oneValue(
        new Option("--detail <level>", "summary, or full to add descriptions and links")
          .choices(DETAILS),
      ),
    )
    .addOption(
      // No default given to commander, which hands a default to the parser as the value "given
      // before" a repeat: the default is applied where the search is sent (`--sort` twice kept the
      // last: reviewer R51b).
      oneValue(
        new Option(
          "--sort <order>",
          "relevance (best match first, strong matches then close ones; the default) or date " +
            "(newest first, strong matches only: the REST API's order)",
        ).choices(SORTS),
      ),
    )
    .option("--json", "print the API's JSON response as is")
    .option("--api-key-stdin", API_KEY_STDIN_HELP)
    .addOption(apiKeyFlagOption())
    .addOption(endpointOption())
    .action(async (words, options, command) => {
      // `jobseek search ""` is no query too: sent, it came back as the API's "q is required".
      const query = words.join(" ").trim();
      if (query === "" && options.cv === undefined) {
        command.error("error: give a query or --cv FILE", { exitCode: 2 });
      }
      // The file first: a CV that cannot be read needs no server to say so.
      const cv = options.cv === undefined ? undefined : await readCvText(options.cv, io.cwd);
      if (cv && cv.cut > 0) {
        await io.stderr.write(
          `jobseek: note: the CV's text is ${cv.text.length + cv.cut} characters; the first ` +
            `${cv.text.length} are searched.\n`,
        );
      }
      const { endpoint, apiKey } = await resolveServerConnection(options, io);
      const topK = options.topK === undefined ? undefined : await clampTopK(options.topK, io);
      const params: SearchParams = {
        q: query !== "" ? query : undefined,
        profile: cv?.text,
        ...filterParams(options as Record<string, unknown>),
        facets: options.facets,
        top_k: topK,
        offset: options.offset,
        detail: options.detail,
        sort: options.sort ?? "relevance",
      };
      const body = await fetchSearch(endpoint, apiKey, params);
      if (options.json) {
        // The same JSON, with what a terminal would act on written as \u escapes.
        const json = jsonForTerminal(body);
        await io.stdout.write(json.endsWith("\n") ? json : `${json}\n`);
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
      if (response.derived) {
        await io.stdout.write(`${describeDerived(cleanFields(response.derived))}\n\n`);
      }
      await io.stdout.write(
        formatResults(
          response,
          options.offset ?? 0,
          outputWidth(io.stdout),
          options.sort === "date" ? "date" : "relevance",
          io.stdout.isTerminal(),
        ),
      );
    });
}
