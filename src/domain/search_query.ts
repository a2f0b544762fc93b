/**
 * Search parameters: one zod schema validates every transport's input (REST GET strings, REST POST
 * JSON, MCP tool arguments) and also generates the OpenAPI document, so docs and behaviour agree.
 *
 * @module
 */
import { z } from "zod";
import { SOURCES } from "./job.ts";
import { JobseekError } from "./errors.ts";
import { FACET_NAMES, type FacetName } from "./facets.ts";
import {
  FILTER_NAMES,
  filterFields,
  type FilterName,
  FILTERS,
  type FilterValues,
} from "./filters.ts";
import { blankAsAbsent, listParam } from "./param_schemas.ts";
import { PROFILE_MAX_LENGTH } from "./profile.ts";

export const TOP_K_DEFAULT = 20;
export const TOP_K_MIN = 1;
export const TOP_K_MAX = 100;
export const QUERY_MAX_LENGTH = 1000;
/** Upper bound of a result set (PRODUCT.md): `total` never exceeds it. */
export const RESULT_SET_MAX = 1000;

/**
 * A result set's count as people read it: where the cap stopped it, more postings match than it
 * says ("part time jobs", "on-site jobs" anywhere).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(countInWords(87), "87");
 * assert.equal(countInWords(1000), "at least 1000");
 * ```
 */
export function countInWords(count: number): string {
  return count >= RESULT_SET_MAX ? `at least ${count}` : String(count);
}

export const DETAILS = ["summary", "full"] as const;
export type Detail = (typeof DETAILS)[number];
export const SORTS = ["date", "relevance"] as const;
export type Sort = (typeof SORTS)[number];

/** A validated search, every default applied; the filters are those of the filter table. */
export interface SearchQuery extends FilterValues {
  /** The query text; "" when a `profile` alone is searched. */
  q: string;
  /**
   * A CV or a description of the work wanted (POST and MCP only: too long for a URL), searched by
   * the roles, skills, places and seniority derived from it (src/search/profile_search.ts).
   */
  profile?: string;
  top_k: number;
  offset: number;
  detail: Detail;
  sort: Sort;
  /** Fields to count the result set's members by. */
  facets?: FacetName[];
}

export { FILTER_NAMES, type FilterName };

const integerParam = z.union([
  z.number().refine(Number.isInteger, "must be an integer"),
  z.string().trim().regex(/^[+-]?\d+$/, "must be an integer").transform(Number),
], { error: "must be an integer" });

/**
 * How many of something to list: an integer (a number or its digits), absent, null or blank for
 * `fallback`, clamped into [`min`, `max`] rather than refused. `top_k` and `list_cities`' `limit`.
 */
export function clampedCount(min: number, max: number, fallback: number) {
  return z.preprocess(blankAsAbsent, integerParam.optional())
    .transform((n) => n === undefined ? fallback : Math.min(max, Math.max(min, n)));
}

/** The input fields of a search, with their rules. Shared by REST (as `q`) and MCP (as `query`). */
export const searchFields = {
  ...filterFields(),
  top_k: clampedCount(TOP_K_MIN, TOP_K_MAX, TOP_K_DEFAULT)
    .describe(
      `Page size, ${TOP_K_MIN}-${TOP_K_MAX} (default ${TOP_K_DEFAULT}); out-of-range values are ` +
        "clamped.",
    ),
  offset: z.preprocess(
    blankAsAbsent,
    integerParam.pipe(z.number().min(0, "must be 0 or more")).optional(),
  ).transform((n) => n ?? 0).describe("Zero-based index of the first result (default 0)."),
  detail: z.preprocess(blankAsAbsent, z.enum(DETAILS).optional())
    .transform((d) => d ?? "summary")
    .describe("`summary` (default) or `full` (adds job_description)."),
  sort: z.preprocess(blankAsAbsent, z.enum(SORTS).optional())
    .transform((s) => s ?? "date")
    .describe("`date` (default: newest first, then relevance) or `relevance`."),
  facets: listParam(z.enum(FACET_NAMES), true).describe(
    `Count the result set's members by these fields (comma-separated or a list): ${
      FACET_NAMES.join(", ")
    }.`,
  ),
};

// Trimmed first: the limit is on what is searched, so surrounding spaces never make a query too long.
const queryText = z.string().transform((s) => s.trim())
  .pipe(z.string().max(QUERY_MAX_LENGTH, `must be at most ${QUERY_MAX_LENGTH} characters`));

/** `profile`: trimmed, not blank, at most `PROFILE_MAX_LENGTH` characters. */
export const ProfileSchema = z.string().transform((s) => s.trim()).pipe(
  z.string().min(1, "must not be empty").max(
    PROFILE_MAX_LENGTH,
    `must be at most ${PROFILE_MAX_LENGTH} characters`,
  ),
).describe(
  "A CV, a LinkedIn 'about' text or a description of the work wanted (plain text, up to " +
    `${PROFILE_MAX_LENGTH} characters), instead of or beside the query: the search derives the ` +
    "roles, skills, places and seniority it asks for, ranks postings against them (best fit " +
    "first unless `sort` says otherwise) and says what it derived (`derived`).",
);

/** Parameters that take several values: a query string repeats them (`?company=A&company=B`). */
export const LIST_PARAMS: ReadonlySet<string> = new Set([
  ...FILTER_NAMES.filter((name) => (FILTERS[name] as { list?: true }).list),
  "facets",
]);

/** REST search parameters: the query is called `q`. */
export const RestSearchSchema = z.object({
  q: queryText.describe("Natural-language query: keywords or full sentences."),
  ...searchFields,
});

/** The names of REST's search parameters (`RestSearchSchema`'s fields). */
export const REST_SEARCH_PARAMS: ReadonlySet<string> = new Set(Object.keys(RestSearchSchema.shape));

/**
 * A query string's parameters (every value of each, as `URLSearchParams` holds them) as a search's
 * input, for REST's GET and the page alike: a list parameter's several values are its list; a
 * search parameter that takes one value, given different ones, is refused by name
 * (`city=Leeds&city=London`, two cities ticked on the page, had searched Leeds alone and said
 * nothing of London: reviewer W50); the same value twice is that value.
 */
export function queryStringInput(values: Record<string, string[]>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [name, all] of Object.entries(values)) {
    if (LIST_PARAMS.has(name)) {
      input[name] = all.length > 1 ? all : all[0];
      continue;
    }
    const given = new Set(all).size;
    if (given > 1 && (REST_SEARCH_PARAMS.has(name) || name === "profile")) {
      throw new JobseekError(
        "INVALID_PARAMETER",
        `Invalid parameter '${name}': takes one value, and ${given} different ones were given`,
        { param: name },
      );
    }
    input[name] = all[0];
  }
  return input;
}

/** MCP `search_jobs` arguments: the query is called `query`; it or `profile` is required. */
export const McpSearchSchema = z.object({
  query: queryText.optional().describe(
    "Natural-language query: keywords or full sentences. Required unless `profile` is given.",
  ),
  profile: ProfileSchema.optional(),
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
  const queryBlank = queryValue === undefined || queryValue === null ||
    (typeof queryValue === "string" && queryValue.trim() === "");
  const profile = parseProfile(raw.profile);
  if (queryBlank && profile === undefined) {
    throw new JobseekError("MISSING_QUERY", `${queryField} is required`, { param: queryField });
  }
  // Beside a profile, JSON null means "not given" (agents send it for unset fields); a blank text
  // is a mistake worth saying.
  if (queryBlank && queryValue !== undefined && queryValue !== null) {
    throw new JobseekError(
      "INVALID_PARAMETER",
      `Invalid parameter '${queryField}': must not be blank (leave it out to search by the ` +
        "profile alone)",
      { param: queryField },
    );
  }
  const schema = queryField === "q" ? RestSearchSchema : McpSearchSchema;
  // The profile was checked above; a profile alone searches with no query text.
  const { profile: _, ...fields } = raw;
  const parsed = schema.safeParse(queryBlank ? { ...fields, [queryField]: "" } : fields);
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
  refuseQualifierAlone(query);
  if (data.facets !== undefined && data.facets.length > 0) query.facets = data.facets;
  if (profile !== undefined) {
    query.profile = profile;
    // A profile asks "what fits me": best fit first unless an order is asked for.
    if (blankAsAbsent(raw.sort) === undefined) query.sort = "relevance";
  }
  return query;
}

/**
 * Refuses a qualifier given without any filter it qualifies, where the table says so (`radius_km`
 * without `near`): every transport parses here, so REST, MCP, the CLI and the page say it alike.
 */
function refuseQualifierAlone(query: SearchQuery): void {
  const given = query as unknown as Record<string, unknown>;
  for (const name of FILTER_NAMES) {
    const filter = FILTERS[name] as { qualifies?: string[]; refusedAlone?: string };
    if (!filter.refusedAlone || given[name] === undefined) continue;
    const qualified = filter.qualifies ?? [];
    if (qualified.some((other) => given[other] !== undefined)) continue;
    // A radius beside words that may ask "near" a place ("nurse near Leeds") is judged where the
    // words are read (`radiusGiven`, src/search/place_to_apply.ts).
    if (name === "radius_km" && query.q !== undefined && query.q.trim() !== "") continue;
    throw qualifierAlone(name);
  }
}

/**
 * The refusal of a qualifier given without what it qualifies (`radius_km` without `near`, nor a
 * place the words ask for near), the same wherever it is found.
 */
export function qualifierAlone(name: FilterName): JobseekError {
  const filter = FILTERS[name] as { qualifies?: string[]; refusedAlone?: string };
  const needed = (filter.qualifies ?? []).map((other) => `'${other}'`).join(" or ");
  return new JobseekError(
    "INVALID_PARAMETER",
    `Invalid parameter '${name}': it only applies with ${needed} (${filter.refusedAlone}); ` +
      `give ${needed} too, or leave '${name}' out`,
    { param: name },
  );
}

/** A `profile` value: undefined when not given (or JSON null); a 400 naming it when invalid. */
function parseProfile(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const parsed = ProfileSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new JobseekError(
    "INVALID_PARAMETER",
    `Invalid parameter 'profile': ${describeIssue(parsed.error.issues[0])}`,
    { param: "profile" },
  );
}

function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "invalid_type":
      return `must be ${issue.expected === "number" ? "an integer" : `a ${issue.expected}`}`;
    case "invalid_union": {
      // The branch that came closest says more ("must be 0 or more") than "no branch matched".
      const telling = issue.errors.flat().find((inner) => inner.code !== "invalid_type");
      return telling ? describeIssue(telling) : issue.message;
    }
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
