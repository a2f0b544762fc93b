/**
 * Search parameters: one zod schema validates every transport's input (REST GET strings, REST POST
 * JSON, MCP tool arguments) and also generates the OpenAPI document, so docs and behaviour agree.
 *
 * @module
 */
import { z } from "zod";
import { type Source, SOURCES } from "./job.ts";
import { JobseekError } from "./errors.ts";

export const TOP_K_DEFAULT = 20;
export const TOP_K_MIN = 1;
export const TOP_K_MAX = 100;
export const QUERY_MAX_LENGTH = 1000;
/** Upper bound of a result set (PRODUCT.md): `total` never exceeds it. */
export const RESULT_SET_MAX = 1000;

export const DETAILS = ["summary", "full"] as const;
export type Detail = (typeof DETAILS)[number];
export const SORTS = ["date", "relevance"] as const;
export type Sort = (typeof SORTS)[number];

/** A validated search, every default applied. */
export interface SearchQuery {
  q: string;
  city?: string;
  country?: string;
  /** Inclusive lower bound, `YYYY-MM-DD HH:MM:SS`. */
  since?: string;
  /** Exclusive upper bound, `YYYY-MM-DD HH:MM:SS`. */
  until?: string;
  top_k: number;
  offset: number;
  detail: Detail;
  source?: Source;
  /** Inclusive lower bound on when the service first saw the posting, `YYYY-MM-DD HH:MM:SS`. */
  added_since?: string;
  sort: Sort;
}

/** The parameters that narrow a result set (docs/search.md, "Filters only narrow"). */
export const FILTER_NAMES = ["city", "country", "since", "until", "source", "added_since"] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

const TIME_PATTERN = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;

/** Completes a date-only value to midnight and rejects impossible dates such as 2024-02-30. */
function completeTime(value: string, ctx: z.RefinementCtx): string {
  const full = value.length === 10 ? `${value} 00:00:00` : value;
  const parsed = new Date(`${full.replace(" ", "T")}Z`);
  if (
    Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 19) !== full.replace(" ", "T")
  ) {
    ctx.addIssue({ code: "custom", message: "is not a valid date/time" });
    return z.NEVER;
  }
  return full;
}

/**
 * Empty strings (`?city=`) mean "not given", as a URL builder with blank fields would intend; so
 * does JSON `null` (`"city": null`), which JSON clients and agents send for unset optional fields.
 */
function blankAsAbsent(value: unknown): unknown {
  return value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;
}

const integerParam = z.union([
  z.number().refine(Number.isInteger, "must be an integer"),
  z.string().trim().regex(/^[+-]?\d+$/).transform(Number),
]);

const timeParam = z.preprocess(
  blankAsAbsent,
  z.string().regex(TIME_PATTERN, "must look like YYYY-MM-DD or YYYY-MM-DD HH:MM:SS")
    .transform(completeTime).optional(),
);

/** The input fields of a search, with their rules. Shared by REST (as `q`) and MCP (as `query`). */
export const searchFields = {
  city: z.preprocess(
    blankAsAbsent,
    z.string().max(200, "must be at most 200 characters").optional(),
  )
    .describe("Exact, case-sensitive city name."),
  country: z.preprocess(
    blankAsAbsent,
    z.string().regex(/^[A-Z]{2}$/, "must be two uppercase letters").optional(),
  ).describe("ISO 3166-1 alpha-2 country code, e.g. `DE`."),
  since: timeParam.describe(
    "Only postings published at or after this UTC time (`YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS`).",
  ),
  until: timeParam.describe("Only postings published before this UTC time (same format)."),
  top_k: z.preprocess(blankAsAbsent, integerParam.optional())
    .transform((n) => n === undefined ? TOP_K_DEFAULT : Math.min(TOP_K_MAX, Math.max(TOP_K_MIN, n)))
    .describe("Page size, 1-100 (default 20); out-of-range values are clamped."),
  offset: z.preprocess(
    blankAsAbsent,
    integerParam.pipe(z.number().min(0, "must be 0 or more")).optional(),
  ).transform((n) => n ?? 0).describe("Zero-based index of the first result (default 0)."),
  detail: z.preprocess(blankAsAbsent, z.enum(DETAILS).optional())
    .transform((d) => d ?? "summary")
    .describe("`summary` (default) or `full` (adds job_description)."),
  source: z.preprocess(blankAsAbsent, z.enum(SOURCES).optional())
    .describe("Only postings from this job board."),
  added_since: timeParam.describe(
    "Only postings this service first saw at or after this UTC time (same format as `since`): " +
      '"what is new since my last look".',
  ),
  sort: z.preprocess(blankAsAbsent, z.enum(SORTS).optional())
    .transform((s) => s ?? "date")
    .describe("`date` (default: newest first, then relevance) or `relevance`."),
};

// Trimmed first: the limit is on what is searched, so surrounding spaces never make a query too long.
const queryText = z.string().transform((s) => s.trim())
  .pipe(z.string().max(QUERY_MAX_LENGTH, `must be at most ${QUERY_MAX_LENGTH} characters`));

/** REST search parameters: the query is called `q`. */
export const RestSearchSchema = z.object({
  q: queryText.describe("Natural-language query: keywords or full sentences."),
  ...searchFields,
});

/** MCP `search_jobs` arguments: the query is called `query`. */
export const McpSearchSchema = z.object({
  query: queryText.describe("Natural-language query: keywords or full sentences."),
  ...searchFields,
});

type ParsedFields = Omit<SearchQuery, "q">;

/**
 * Validates raw search parameters into a {@link SearchQuery}, or throws a {@linkcode JobseekError}
 * naming the parameter at fault. `queryField` is `q` for REST and `query` for MCP.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const q = parseSearchQuery({ q: "nurse", top_k: "500", since: "2024-05-01" });
 * assert.equal(q.top_k, 100);
 * assert.equal(q.since, "2024-05-01 00:00:00");
 * ```
 */
export function parseSearchQuery(
  raw: Record<string, unknown>,
  queryField: "q" | "query" = "q",
): SearchQuery {
  const queryValue = raw[queryField];
  if (
    queryValue === undefined || queryValue === null ||
    (typeof queryValue === "string" && queryValue.trim() === "")
  ) {
    throw new JobseekError("MISSING_QUERY", `${queryField} is required`, { param: queryField });
  }
  const schema = queryField === "q" ? RestSearchSchema : McpSearchSchema;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const param = String(issue.path[0] ?? queryField);
    if (param === "source") {
      throw new JobseekError(
        "INVALID_SOURCE",
        `Invalid source: must be one of ${SOURCES.join(", ")}`,
        { param },
      );
    }
    throw new JobseekError(
      "INVALID_PARAMETER",
      `Invalid parameter '${param}': ${describeIssue(issue)}`,
      {
        param,
      },
    );
  }
  const data = parsed.data as ParsedFields & { q?: string; query?: string };
  const query: SearchQuery = {
    q: (queryField === "q" ? data.q : data.query) as string,
    top_k: data.top_k,
    offset: data.offset,
    detail: data.detail,
    sort: data.sort,
  };
  for (const key of FILTER_NAMES) {
    if (data[key] !== undefined) (query as unknown as Record<string, unknown>)[key] = data[key];
  }
  return query;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "invalid_type":
      return `must be ${issue.expected === "number" ? "an integer" : `a ${issue.expected}`}`;
    case "invalid_union":
      return "must be an integer";
    case "invalid_value":
      return `must be one of ${issue.values.map(String).join(", ")}`;
    case "invalid_format":
    case "too_small":
    case "too_big":
    case "custom":
      return issue.message;
    default:
      return issue.message;
  }
}
