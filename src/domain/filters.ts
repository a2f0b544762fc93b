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
import { type GeoPoint, isWithinKm } from "./geo.ts";
import {
  EMPLOYMENT_TYPES,
  employmentTypesOf,
  type Job,
  SENIORITIES,
  type Source,
  SOURCES,
  VISA_SPONSORSHIPS,
  WORK_MODES,
} from "./job.ts";
import {
  blankAsAbsent,
  booleanParam,
  exactNameText,
  type JsonSchema,
  listParam,
  NAME_LIST_FORMS,
  NAME_MAX,
  nameText,
  NUMBER_FORMS,
  numberParam,
  TIME_FORM,
  timeParam,
  wordListForms,
} from "./param_schemas.ts";
import { yearlySalary } from "./salary.ts";

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
   * The words the value is made of (`fulltime`, `not_offered`): the CLI reads what a person types
   * as the word it spells ("Full-Time", "not offered").
   */
  words?: readonly string[];
  /**
   * The filters this parameter only qualifies (`radius_km` qualifies `near`): without them it
   * changes nothing, and it is not listed among the filters applied.
   */
  qualifies?: string[];
  /**
   * A qualifier given without any filter it qualifies is refused (400 INVALID_PARAMETER naming it)
   * rather than ignored, the refusal saying what the missing filter gives: a radius around no
   * place is a mistake a person wants told (session 37).
   */
  refusedAlone?: string;
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

/** The table. The order is the order of help texts and of `applied.filters`. */
export const FILTERS = {
  city: param<string>({
    // Exact as the spec says: not trimmed, so " Remote " matches nothing and `applied` shows it
    // as given (the hint names the city the postings write).
    schema: z.preprocess(blankAsAbsent, exactNameText.optional()),
    description: "Exact, case-sensitive city name (see list_cities); not trimmed.",
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
    words: SOURCES,
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
    words: WORK_MODES,
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
    words: EMPLOYMENT_TYPES,
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
    words: SENIORITIES,
    test: (levels) => {
      const wanted = new Set(levels);
      return (job) => job.seniority !== undefined && wanted.has(job.seniority);
    },
  }),
  visa_sponsorship: param<string[]>({
    schema: listParam(z.enum(VISA_SPONSORSHIPS), true),
    description: "Whether the posting sponsors a work visa: `offered` (it says it does), " +
      '`not_offered` (it says it does not: "must be authorized to work without sponsorship"; ' +
      "several: any of them), as read from its text at import; postings that do not say (most) " +
      "are left out.",
    example: "offered",
    cliValue: "<answers>",
    forms: wordListForms(VISA_SPONSORSHIPS),
    list: true,
    words: VISA_SPONSORSHIPS,
    test: (answers) => {
      const wanted = new Set(answers);
      return (job) => job.visa_sponsorship !== undefined && wanted.has(job.visa_sponsorship);
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
      return (job) => center !== null && isWithinKm(job, center, radius);
    },
  }),
  radius_km: param<number>({
    schema: numberParam(RADIUS_MAX_KM),
    description: `With \`near\`, or a place the query's words ask for near ("nurse near ` +
      `Leeds", "jobs in the bay area"): the radius in kilometres (default ${RADIUS_DEFAULT_KM}; ` +
      `more than ${RADIUS_MAX_KM} is taken as ${RADIUS_MAX_KM}); refused without either.`,
    example: "50",
    cliValue: "<km>",
    forms: NUMBER_FORMS,
    qualifies: ["near"],
    refusedAlone: "the place to search around, or a place the query's words ask for near",
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
