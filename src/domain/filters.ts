/**
 * The filter table: every parameter that narrows a result set, declared once with its name, its
 * rules (one zod schema for REST query strings, JSON bodies and MCP arguments), its description
 * and example, the forms OpenAPI documents, and how a posting is tested against it. REST, MCP, the
 * CLI, the OpenAPI document, the index and the docs all derive from this table: adding a filter is
 * one entry here and a test of it (docs/search.md, "Adding a filter").
 *
 * A filter only removes postings: relevance is decided by the query alone, and each test here is a
 * yes/no on one posting (docs/search.md, "Filters only narrow").
 *
 * @module
 */
import { z } from "zod";
import { foldText } from "./fold_text.ts";
import { distanceKm, type GeoPoint } from "./geo.ts";
import {
  EMPLOYMENT_TYPES,
  type FacetCount,
  type Job,
  SENIORITIES,
  type Source,
  SOURCES,
  WORK_MODES,
} from "./job.ts";
import { yearlySalary } from "./salary.ts";

/** A JSON Schema fragment, for the OpenAPI document. */
export type JsonSchema = Record<string, unknown>;

/**
 * The characters JavaScript's `trim()` removes, as a regex class every dialect reads alike (the
 * OpenAPI document's patterns are checked by Python tools, whose `\s` differs).
 */
export const WS = String
  .raw`[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]`;
/** Any character but those. */
export const NOT_WS = `[^${WS.slice(1)}`;
/** A blank text, which means "not given". */
export const BLANK: JsonSchema = { type: "string", pattern: `^${WS}*$` };

/** Values a list filter takes at most. */
export const LIST_MAX = 20;
/** Characters a name (city, company, place) may have. */
export const NAME_MAX = 200;
/** Kilometres a `near` radius may reach: half the Earth's circumference. */
export const RADIUS_MAX_KM = 20_000;
export const RADIUS_DEFAULT_KM = 25;

/**
 * What a posting test may need beyond the posting: where a `near` place lies. The service checks
 * the place before searching (an unknown place is a 400); the index resolves it again from the
 * same data (src/places/).
 */
export interface FilterContext {
  locate(near: string): GeoPoint | null;
}

/**
 * Empty strings (`?city=`) mean "not given", as a URL builder with blank fields would intend; so
 * does JSON `null` (`"city": null`), which JSON clients and agents send for unset optional fields.
 */
export function blankAsAbsent(value: unknown): unknown {
  return value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;
}

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

const timeParam = z.preprocess(
  blankAsAbsent,
  z.string().regex(TIME_PATTERN, "must look like YYYY-MM-DD or YYYY-MM-DD HH:MM:SS")
    .transform(completeTime).optional(),
);

/** Calendar dates, with or without a time (February 29 left out: the document is stricter). */
const TIME_FORM: JsonSchema = {
  type: "string",
  pattern: String.raw`^[0-9]{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|` +
    String.raw`(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))` +
    String.raw`(?: (?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9])?$`,
};

/** A name of at most `NAME_MAX` characters (counted before trimming), trimmed. */
const nameText = z.string().max(NAME_MAX, `must be at most ${NAME_MAX} characters`)
  .transform((s) => s.trim());

/**
 * Several values: one string, or a JSON array of strings (a query string gives the array when
 * the parameter is repeated, search_routes.ts). With `words`, a string is split at commas
 * (`remote=remote,hybrid`) and an array holds one word an item; names are never split
 * (`company=Acme, Inc.`). Blank array items are ignored, as a blank string is; a blank between
 * commas is an error. The OpenAPI forms below say the same.
 */
export function listParam<T extends z.ZodType<string, string>>(item: T, words: boolean) {
  const strings = z.union([
    z.string(),
    z.array(z.string()).max(LIST_MAX, `must have at most ${LIST_MAX} values`),
  ], { error: "must be a string or a list of strings" }).transform((value) =>
    Array.isArray(value)
      ? value.filter((v) => v.trim() !== "").map((v) => words ? v : v.trim())
      : (words ? value.split(",") : [value]).map((v) => v.trim())
  ).pipe(z.array(item));
  return z.preprocess(
    (value) => {
      const given = blankAsAbsent(value);
      // Only blank texts are blank items: `[null]` is no list of strings.
      return Array.isArray(given) && given.every((v) => typeof v === "string" && v.trim() === "")
        ? undefined
        : given;
    },
    strings.transform((list) => [...new Set(list)]).optional(),
  );
}

/** The OpenAPI forms of a list of fixed words: a comma-separated string or an array of them. */
export function wordListForms(words: readonly string[]): JsonSchema[] {
  const word = `(?:${words.join("|")})`;
  return [
    { type: "string", pattern: `^${WS}*${word}(?:${WS}*,${WS}*${word})*${WS}*$` },
    {
      type: "array",
      items: { anyOf: [{ type: "string", enum: [...words] }, BLANK] },
      maxItems: LIST_MAX,
    },
  ];
}

/** The OpenAPI forms of a list of names: one string, or an array of them. */
const NAME_LIST_FORMS: JsonSchema[] = [
  { type: "string", maxLength: NAME_MAX },
  { type: "array", items: { type: "string", maxLength: NAME_MAX }, maxItems: LIST_MAX },
];

/** A decimal number, with an exponent as a query string may carry one (`1.5e+3`). */
const NUMBER_PATTERN = String.raw`\+?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?`;

/**
 * A number of at least 0, as JSON or as a numeric string; above `clampAt` it is taken as
 * `clampAt` (as `top_k` is clamped), so the only errors are what is no number or below 0.
 */
function numberParam(clampAt = Infinity) {
  const number = z.number().refine(Number.isFinite, "must be a number")
    .refine((n) => n >= 0, "must be 0 or more").transform((n) => Math.min(n, clampAt));
  return z.preprocess(
    blankAsAbsent,
    z.union([
      number,
      z.string().trim().regex(new RegExp(`^${NUMBER_PATTERN}$`), "must be a number")
        // Too large to represent ("1e400") is as large as a number gets.
        .transform((text) => Math.min(Number(text), Number.MAX_VALUE)).pipe(number),
    ], { error: "must be a number" }).optional(),
  );
}

const NUMBER_FORMS: JsonSchema[] = [
  { type: "number", minimum: 0 },
  { type: "string", pattern: `^${WS}*${NUMBER_PATTERN}${WS}*$` },
];

const booleanParam = z.preprocess(
  blankAsAbsent,
  z.union([
    z.boolean(),
    z.enum(["true", "false"]).transform((s) => s === "true"),
  ], { error: "must be true or false" }).optional(),
);

/** One filter parameter. */
export interface FilterParam<T = unknown> {
  /** Validates the raw value (a query-string text, JSON, an MCP argument) into `T` or undefined. */
  schema: z.ZodType<T | undefined>;
  description: string;
  /** A value to show in help texts (`--help`, the MCP tool description, docs). */
  example: string;
  /** The value's name in `--help` (`--remote <modes>`). */
  cliValue: string;
  /** What OpenAPI documents as accepted, besides blank and (in JSON) null. */
  forms: JsonSchema[];
  /** Several values: a query string repeats the parameter, the CLI its flag. */
  list?: true;
  /** A code written in capitals (`DE`, `EUR`): the CLI upper-cases what a person types. */
  upperCase?: true;
  /**
   * The filters this parameter only qualifies (`radius_km` qualifies `near`): without them it
   * changes nothing, and it is not listed among the filters applied.
   */
  qualifies?: string[];
  /**
   * How a posting is tested: a predicate for this parameter's value (with the other parameters,
   * for its qualifiers), built once per search and cached by the index. Absent on qualifiers.
   */
  test?: (
    value: T,
    query: Record<string, unknown>,
    context: FilterContext,
  ) => (job: Job) => boolean;
}

function param<T>(definition: FilterParam<T>): FilterParam<T> {
  return definition;
}

const folded = (names: string[]) => new Set(names.map(foldText));

/** JobSpy writes employment types as words ("Full-time, Part-time" once stored). */
export function employmentTypesOf(job: Pick<Job, "employment_type">): string[] {
  return (job.employment_type ?? "").split(",").map((t) => t.toLowerCase().replace(/[^a-z]/g, ""))
    .filter((t) => t !== "");
}

/** The table. The order is the order of help texts and of `applied.filters`. */
export const FILTERS = {
  city: param<string>({
    schema: z.preprocess(blankAsAbsent, nameText.optional()),
    description: "Exact, case-sensitive city name (see list_cities).",
    example: "Toronto",
    cliValue: "<city>",
    forms: [{ type: "string", maxLength: NAME_MAX }],
    test: (city) => (job) => job.city === city,
  }),
  country: param<string>({
    schema: z.preprocess(
      blankAsAbsent,
      z.string().regex(/^[A-Z]{2}$/, "must be two uppercase letters").optional(),
    ),
    description: "ISO 3166-1 alpha-2 country code.",
    example: "DE",
    cliValue: "<cc>",
    upperCase: true,
    forms: [{ type: "string", pattern: "^[A-Z]{2}$" }],
    test: (country) => (job) => job.country === country,
  }),
  since: param<string>({
    schema: timeParam,
    description:
      "Only postings published at or after this UTC time (`YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS`).",
    example: "2026-11-01",
    cliValue: "<date>",
    forms: [TIME_FORM],
    test: (since) => (job) => job.publish_time >= since,
  }),
  until: param<string>({
    schema: timeParam,
    description: "Only postings published before this UTC time (same format).",
    example: "2026-12-01",
    cliValue: "<date>",
    forms: [TIME_FORM],
    test: (until) => (job) => job.publish_time < until,
  }),
  source: param<Source>({
    schema: z.preprocess(blankAsAbsent, z.enum(SOURCES).optional()),
    description: "Only postings from this job board.",
    example: "linkedin",
    cliValue: "<board>",
    forms: [{ type: "string", enum: [...SOURCES] }],
    test: (source) => (job) => job.data_source === source,
  }),
  added_since: param<string>({
    schema: timeParam,
    description: "Only postings this service first saw at or after this UTC time (same format " +
      'as `since`): "what is new since my last look".',
    example: "2026-11-24 08:00:00",
    cliValue: "<date>",
    forms: [TIME_FORM],
    // A posting stored before first_seen was recorded is not known to be new.
    test: (since) => (job) => job.first_seen !== undefined && job.first_seen >= since,
  }),
  remote: param<string[]>({
    schema: listParam(z.enum(WORK_MODES), true),
    description: "Where the work is done: `remote`, `hybrid` or `onsite` (several: any of them), " +
      'as the posting says ("no remote work" is not remote); postings that do not say are left ' +
      "out.",
    example: "remote,hybrid",
    cliValue: "<modes>",
    forms: wordListForms(WORK_MODES),
    list: true,
    test: (modes) => {
      const wanted = new Set(modes);
      return (job) => job.work_mode !== undefined && wanted.has(job.work_mode);
    },
  }),
  salary_min: param<number>({
    schema: numberParam(),
    description: "Least yearly pay: the yearly equivalent of the posting's highest pay (hourly " +
      "x 2,080, daily x 260, weekly x 52, monthly x 12) must reach it. In the posting's own " +
      "currency: give `salary_currency` to compare like with like. Postings without pay are " +
      "left out unless `salary_include_unknown`.",
    example: "60000",
    cliValue: "<amount>",
    forms: NUMBER_FORMS,
    test: (least, query) => {
      const includeUnknown = query.salary_include_unknown === true;
      return (job) => {
        const yearly = yearlySalary(job.base_salary);
        return yearly === null ? includeUnknown : yearly.max >= least;
      };
    },
  }),
  salary_currency: param<string>({
    schema: z.preprocess(
      blankAsAbsent,
      z.string().regex(/^[A-Z]{3}$/, "must be an ISO 4217 code, three uppercase letters")
        .optional(),
    ),
    description: "Only pay in this currency (ISO 4217, e.g. `EUR`); with `salary_min`, the floor " +
      "is in it. Postings without pay are left out unless `salary_include_unknown`.",
    example: "CAD",
    cliValue: "<code>",
    upperCase: true,
    forms: [{ type: "string", pattern: "^[A-Z]{3}$" }],
    test: (currency, query) => {
      const includeUnknown = query.salary_include_unknown === true;
      return (job) => {
        const yearly = yearlySalary(job.base_salary);
        return yearly === null ? includeUnknown : yearly.currency === currency;
      };
    },
  }),
  salary_include_unknown: param<boolean>({
    schema: booleanParam,
    description: "With `salary_min` or `salary_currency`: also keep postings that state no pay " +
      "(default false); alone it changes nothing.",
    example: "true",
    cliValue: "",
    forms: [{ type: "boolean" }, { type: "string", enum: ["true", "false"] }],
    qualifies: ["salary_min", "salary_currency"],
  }),
  employment_type: param<string[]>({
    schema: listParam(z.enum(EMPLOYMENT_TYPES), true),
    description: `Employment type: ${
      EMPLOYMENT_TYPES.map((t) => `\`${t}\``).join(", ")
    } (several: any of them).`,
    example: "fulltime,contract",
    cliValue: "<types>",
    forms: wordListForms(EMPLOYMENT_TYPES),
    list: true,
    test: (types) => {
      const wanted = new Set(types);
      return (job) => employmentTypesOf(job).some((t) => wanted.has(t));
    },
  }),
  seniority: param<string[]>({
    schema: listParam(z.enum(SENIORITIES), true),
    description: `Seniority from the title and job level: ${
      SENIORITIES.map((s) => `\`${s}\``).join(", ")
    } (several: any of them); postings that do not say are left out.`,
    example: "senior,lead",
    cliValue: "<levels>",
    forms: wordListForms(SENIORITIES),
    list: true,
    test: (levels) => {
      const wanted = new Set(levels);
      return (job) => job.seniority !== undefined && wanted.has(job.seniority);
    },
  }),
  company: param<string[]>({
    schema: listParam(nameText, false),
    description: "Only these companies (the whole name, any case or accents; several: any).",
    example: "Shopify",
    cliValue: "<name>",
    forms: NAME_LIST_FORMS,
    list: true,
    test: (names) => {
      const wanted = folded(names);
      return (job) => wanted.has(foldText(job.company_name));
    },
  }),
  exclude_company: param<string[]>({
    schema: listParam(nameText, false),
    description: "Leave out these companies (the whole name, any case or accents; several).",
    example: "Acme Staffing",
    cliValue: "<name>",
    forms: NAME_LIST_FORMS,
    list: true,
    test: (names) => {
      const unwanted = folded(names);
      return (job) => !unwanted.has(foldText(job.company_name));
    },
  }),
  near: param<string>({
    schema: z.preprocess(blankAsAbsent, nameText.optional()),
    description: "Only postings within `radius_km` of this place: a city anywhere in the world " +
      '("Toronto", "Springfield, IL", "Berlin, DE") or `lat,lon`. Remote postings and places ' +
      "that cannot be located are left out.",
    example: "Toronto",
    cliValue: "<place>",
    forms: [{ type: "string", maxLength: NAME_MAX }],
    test: (near, query, context) => {
      const center = context.locate(near);
      const radius = (query.radius_km as number | undefined) ?? RADIUS_DEFAULT_KM;
      return (job) =>
        center !== null && job.latitude !== undefined && job.longitude !== undefined &&
        distanceKm(center, { latitude: job.latitude, longitude: job.longitude }) <= radius;
    },
  }),
  radius_km: param<number>({
    schema: numberParam(RADIUS_MAX_KM),
    description: `With \`near\`: the radius in kilometres (default ${RADIUS_DEFAULT_KM}; more ` +
      `than ${RADIUS_MAX_KM} is taken as ${RADIUS_MAX_KM}).`,
    example: "50",
    cliValue: "<km>",
    forms: NUMBER_FORMS,
    qualifies: ["near"],
  }),
};

export type FilterName = keyof typeof FILTERS;
export const FILTER_NAMES = Object.keys(FILTERS) as FilterName[];

/** The filter parameters' values once validated: each absent when not given. */
export type FilterValues = {
  [K in FilterName]?: (typeof FILTERS)[K] extends FilterParam<infer T> ? T : never;
};

/** The zod shape of the filter parameters, with their descriptions, for the search schemas. */
export function filterFields(): { [K in FilterName]: (typeof FILTERS)[K]["schema"] } {
  return Object.fromEntries(
    FILTER_NAMES.map((name) => [name, FILTERS[name].schema.describe(FILTERS[name].description)]),
  ) as { [K in FilterName]: (typeof FILTERS)[K]["schema"] };
}

/**
 * The filters a search applies, as tests of a posting, keyed by what decides each (its name and
 * values, qualifiers included) so that an index can keep the postings each lets through.
 */
export function postingTests(
  values: FilterValues,
  context: FilterContext,
): { key: string; test: (job: Job) => boolean }[] {
  const query = values as Record<string, unknown>;
  const tests: { key: string; test: (job: Job) => boolean }[] = [];
  for (const name of FILTER_NAMES) {
    const value = query[name];
    const { test } = FILTERS[name] as FilterParam;
    if (value === undefined || !test) continue;
    const qualifiers = FILTER_NAMES.filter((q) => qualifiersOf(q).includes(name));
    tests.push({
      key: JSON.stringify([name, value, ...qualifiers.map((q) => query[q] ?? null)]),
      test: test(value, query, context),
    });
  }
  return tests;
}

/** The filters `name` qualifies; none for a filter of its own. */
export function qualifiersOf(name: FilterName): string[] {
  return (FILTERS[name] as FilterParam).qualifies ?? [];
}

/**
 * Whether a given parameter acts: a filter of its own, or a qualifier beside one it qualifies.
 */
export function acts(values: FilterValues, name: FilterName): boolean {
  const qualified = qualifiersOf(name);
  return values[name] !== undefined &&
    (qualified.length === 0 || qualified.some((q) => values[q as FilterName] !== undefined));
}

/** The values of one filter and its qualifiers, to test it alone. */
export function withQualifiers(values: FilterValues, name: FilterName): FilterValues {
  const alone: Record<string, unknown> = { [name]: values[name] };
  for (const q of FILTER_NAMES) {
    if (qualifiersOf(q).includes(name) && values[q] !== undefined) alone[q] = values[q];
  }
  return alone as FilterValues;
}

/** How a filter's value reads in `applied.filters`, hints and the CLI: lists joined by commas. */
export function showValue(value: unknown): string {
  return Array.isArray(value) ? value.join(",") : String(value);
}

/** The fields a search can count its result set by (`facets`). */
export const FACETS = {
  country: (job: Job) => job.country === undefined ? [] : [job.country],
  city: (job: Job) => job.city === "" ? [] : [job.city],
  source: (job: Job) => [job.data_source],
  remote: (job: Job) => job.work_mode === undefined ? [] : [job.work_mode],
  employment_type: (job: Job) =>
    employmentTypesOf(job).filter((t) => (EMPLOYMENT_TYPES as readonly string[]).includes(t)),
  seniority: (job: Job) => job.seniority === undefined ? [] : [job.seniority],
} satisfies Record<string, (job: Job) => string[]>;
export type FacetName = keyof typeof FACETS;
export const FACET_NAMES = Object.keys(FACETS) as FacetName[];

/**
 * How many of `jobs` have each value of each field in `names`, most first (ties by value); a job
 * without a value is not counted, one with several (employment types) counts for each.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const job = (data_source: "indeed" | "linkedin", country?: string) =>
 *   ({ data_source, country, city: "" }) as unknown as import("./job.ts").Job;
 * assert.deepEqual(countFacets([job("indeed", "CA"), job("linkedin"), job("indeed")], ["source"]), {
 *   source: [{ value: "indeed", count: 2 }, { value: "linkedin", count: 1 }],
 * });
 * ```
 */
export function countFacets(jobs: Job[], names: FacetName[]): Record<string, FacetCount[]> {
  const facets: Record<string, FacetCount[]> = {};
  for (const name of names) {
    const counts = new Map<string, number>();
    for (const job of jobs) {
      for (const value of FACETS[name](job)) counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    facets[name] = [...counts].map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  }
  return facets;
}

/**
 * The filter table as Markdown, for docs/search.md (kept in step by tests/docs_filters_test.ts).
 * Names, values and examples are the table's own.
 */
export function filterTableMarkdown(): string {
  const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");
  const rows = FILTER_NAMES.map((name) => {
    const filter = FILTERS[name] as FilterParam;
    const kind = filter.qualifies
      ? `qualifies ${filter.qualifies.map((q) => `\`${q}\``).join(", ")}`
      : filter.list
      ? "several values"
      : "one value";
    return `| \`${name}\` | ${kind} | ${cell(filter.description)} | \`${cell(filter.example)}\` |`;
  });
  return [
    "| Parameter | Takes | Meaning | Example |",
    "| --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}
