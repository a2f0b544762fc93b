/** @jsxImportSource hono/jsx */
/**
 * The search page at `/`: one GET form whose fields carry the REST parameter names, so the URL is
 * the search (`/?q=nurse&remote=hybrid`): bookmarkable, shareable, and Back restores it. Facets
 * are checkboxes named after their filter. Without JavaScript it is plain forms and links; with
 * it, htmx sends the form as the person types and swaps in the results region.
 *
 * @module
 */
import {
  closeMatchesNotListed,
  employmentTypesOf,
  type FacetCount,
  queryAlternativesInWords,
  queryCompanyInWords,
  queryCorrectedInWords,
  queryEmploymentInWords,
  queryExclusionInWords,
  queryLanguageInWords,
  queryPayInWords,
  queryPlaceInWords,
  queryPostedInWords,
  querySalaryInWords,
  querySeniorityInWords,
  queryShiftInWords,
  queryVisaSponsorshipInWords,
  queryWorkInWords,
  queryWorkModeInWords,
  searchPlaceInWords,
  type SearchResponse,
} from "../domain/job.ts";
import { FACET_NAMES } from "../domain/facets.ts";
import { readingWithLabels, valueLabel, valuesLabel } from "../domain/value_labels.ts";
import { FILTER_NAMES, FILTERS, RADIUS_DEFAULT_KM } from "../domain/filters.ts";
import { hintForPeople } from "../domain/hint_words.ts";
import { countInWords, LIST_PARAMS, REST_SEARCH_PARAMS, SORTS } from "../domain/search_query.ts";
import { Layout, type LayoutProps } from "./layout.tsx";
import { ResultItem } from "./result_item.tsx";
import { SaveSearchForm } from "./saved_search_form.tsx";
import { fieldLabel, paramInWords } from "../domain/param_labels.ts";
import { NEAR_ME_NO_WORK, NO_WORK_NAMED } from "../search/search_service.ts";

/**
 * The service's answers to words that name no job and no place ("jobs", "🙂", "jobs near me"):
 * saved, such a search would never tell of anything, and the page had offered to save it beside
 * "The query names no job" (a person's trial, session 57).
 */
const NAMES_NOTHING: ReadonlySet<string> = new Set([NO_WORK_NAMED, NEAR_ME_NO_WORK]);

/** The page's parameters, as the query string gave them (a list parameter repeated). */
export type PageParams = Record<string, string[]>;

/** The counted fields, in the order the facets are shown (each legend its `fieldLabel`). */
const FACET_ORDER = [
  "remote",
  "employment_type",
  "seniority",
  "visa_sponsorship",
  "country",
  "city",
  "source",
];
/** Values shown per facet (a checked one is always shown, so it can be unchecked). */
const FACET_VALUES_SHOWN = 12;

/** The radius a "near Leeds" search offers to widen to, twice the `near` filter's default. */
const WIDER_RADIUS_KM = 2 * RADIUS_DEFAULT_KM;

/** Fields the form shows as inputs (the facets are checkboxes); others ride along hidden. */
const TEXT_FIELDS = [
  "q",
  "company",
  "salary_min",
  "salary_currency",
  "near",
  "radius_km",
  "since",
  "added_since",
];

/**
 * The currencies the pay field offers: the postings' own (the real files pay in these). A floor
 * with none compares each posting's pay in its own currency, which mixed rupees a month with pounds
 * a year (a person's trial, session 56), so the choice says so.
 */
const PAY_CURRENCIES = ["USD", "GBP", "EUR", "CAD", "AUD", "INR"];
const FORM_FIELDS = new Set([...TEXT_FIELDS, "sort", ...FACET_NAMES, "offset"]);

/** The page URL for `params` with `changes` applied (undefined removes a parameter). */
export function pageUrl(params: PageParams, changes: Record<string, string[] | undefined> = {}) {
  const search = new URLSearchParams();
  const merged: Record<string, string[] | undefined> = { ...params, ...changes };
  for (const [name, values] of Object.entries(merged)) {
    for (const value of values ?? []) if (value !== "") search.append(name, value);
  }
  const text = search.toString();
  return text ? `/?${text}` : "/";
}

function first(params: PageParams, name: string): string {
  return params[name]?.[0] ?? "";
}

/** The id of the sentence beside the field `name` that says why a search was refused. */
function errorId(name: string): string {
  return `field-${name}-error`;
}

/** A refusal of the search as the page says it: in the form's words, and the field at fault. */
export interface PageError {
  /** The refusal in words (`errorInWords` of the service's message). */
  message: string;
  /** The parameter at fault, where the refusal names one. */
  param?: string;
}

/** The refusal of the field `name`, where there is one. */
function errorOf(name: string, errors: readonly PageError[]): PageError | undefined {
  return errors.find((error) => error.param === name);
}

/** A field's marks when a refusal of the search is about it: invalid, and why. */
function invalidMarks(name: string, errors: readonly PageError[]): Record<string, string> {
  return errorOf(name, errors) ? { "aria-invalid": "true", "aria-describedby": errorId(name) } : {};
}

/**
 * Why the search was refused, beside the field at fault (between its label and the field, as
 * GOV.UK's error message): where the person is when they typed it.
 */
function FieldError(props: { name: string; errors: readonly PageError[] }) {
  const error = errorOf(props.name, props.errors);
  if (!error) return null;
  return (
    <p id={errorId(props.name)} class="field-error">
      <span class="visually-hidden">Error:</span> {error.message}
    </p>
  );
}

/** The form's fields that a refused search's error summary can link to, in the form's order. */
const FIELD_ORDER: readonly string[] = [...TEXT_FIELDS, "sort"];
const FIELD_IDS: ReadonlySet<string> = new Set(FIELD_ORDER);

/**
 * The refusals in the order of the form's fields (GOV.UK: the summary lists the errors in the
 * order of the fields), those of no field of the form (a facet's value, `top_k`) last.
 */
export function inFormOrder(errors: readonly PageError[]): PageError[] {
  const rank = (error: PageError) => {
    const at = FIELD_ORDER.indexOf(error.param ?? "");
    return at === -1 ? FIELD_ORDER.length : at;
  };
  return [...errors].sort((a, b) => rank(a) - rank(b));
}

/**
 * A refused search said at the top of the form, as GOV.UK's error summary: a heading, each refusal
 * a link to its field, focused when the page loads (web.js) or when a submitted search is refused
 * (htmx swaps it out of band), so the person sees it wherever the filters left the results (at
 * 360 px the results region is a screen below the form). Always rendered, empty without an error,
 * so that a swap of an accepted search takes the last one away. A search sent as the person types
 * leaves it empty (web.js): the sentence beside the field says why, and the field stays in view.
 */
export function ErrorSummary(props: { errors: readonly PageError[]; params?: PageParams }) {
  const errors = inFormOrder(props.errors);
  return (
    <div id="error-summary">
      {errors.length > 0
        ? (
          <div class="error-summary" tabindex={-1} aria-labelledby="error-summary-title">
            <div role="alert">
              <h2 id="error-summary-title">There is a problem</h2>
              <ul>
                {errors.map(({ message, param }) => (
                  <li>
                    {param !== undefined && FIELD_IDS.has(param)
                      ? <a href={`#field-${param}`}>{message}</a>
                      : message}
                    <OneOfEach param={param} params={props.params} />
                  </li>
                ))}
              </ul>
            </div>
          </div>
        )
        : null}
    </div>
  );
}

/** At most this many of a parameter's values are offered one by one. */
const VALUES_OFFERED = 5;

/**
 * Where a parameter that takes one value was given several (two cities ticked), a link to the
 * search with each one alone: the refused page shows no facets to untick one from.
 */
function OneOfEach(props: { param?: string; params?: PageParams }) {
  const { param, params } = props;
  if (param === undefined || params === undefined || LIST_PARAMS.has(param)) return null;
  // The words and the filters: an order or a page given twice is mended in the form, and "Search
  // with first result: 20" said nothing a person asked (reviewer W51).
  if (param !== "q" && !(FILTER_NAMES as readonly string[]).includes(param)) return null;
  const values = [...new Set(params[param] ?? [])];
  if (values.length < 2) return null;
  return (
    <ul>
      {values.slice(0, VALUES_OFFERED).map((value) => (
        <li>
          <a href={pageUrl(params, { [param]: [value], offset: undefined })}>
            {param === "q"
              ? `Search for “${value}”`
              : `Search with ${paramInWords(param)}: ${valueLabel(param, value)}`}
          </a>
        </li>
      ))}
    </ul>
  );
}

function TextField(
  props: {
    name: string;
    params: PageParams;
    type?: string;
    hint?: string;
    errors: readonly PageError[];
  },
) {
  const id = `field-${props.name}`;
  const value = props.type === "date"
    ? first(props.params, props.name).slice(0, 10)
    : first(props.params, props.name);
  return (
    <div>
      <label for={id}>{fieldLabel(props.name)}</label>
      <FieldError name={props.name} errors={props.errors} />
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        value={value}
        {...(props.type === "number" ? { min: "0", step: "1", inputmode: "numeric" } : {})}
        {...(props.hint ? { placeholder: props.hint } : {})}
        {...invalidMarks(props.name, props.errors)}
      />
    </div>
  );
}

/** The pay field's currency: any (each posting's own), or one, the URL's own kept if unlisted. */
function CurrencyField(props: { params: PageParams; errors: readonly PageError[] }) {
  const chosen = first(props.params, "salary_currency");
  const codes = chosen === "" || PAY_CURRENCIES.includes(chosen)
    ? PAY_CURRENCIES
    : [...PAY_CURRENCIES, chosen];
  return (
    <div>
      <label for="field-salary_currency">{fieldLabel("salary_currency")}</label>
      <FieldError name="salary_currency" errors={props.errors} />
      <select
        id="field-salary_currency"
        name="salary_currency"
        {...invalidMarks("salary_currency", props.errors)}
      >
        <option value="" selected={chosen === ""}>Any (each posting's own currency)</option>
        {codes.map((code) => (
          <option key={code} value={code} selected={code === chosen}>{code}</option>
        ))}
      </select>
    </div>
  );
}

export interface SearchPageProps extends Omit<LayoutProps, "title" | "children"> {
  params: PageParams;
  response?: SearchResponse;
  /**
   * Why the search could not run: each refusal (the service's message) and the parameter it is
   * about, whose field is marked invalid and described by it.
   */
  errors?: readonly PageError[];
  offset: number;
  pageSize: number;
}

/** `"Remote" and "Hybrid"` for `remote,hybrid`: the facet's words, which the sentence bids tick. */
function quotedLabels(name: string, values: string): string {
  return values.split(",").map((value) => `"${valueLabel(name, value)}"`).join(" and ");
}

function Facet(
  props: { name: string; counts: FacetCount[]; checked: string[] },
) {
  const shown = props.counts.slice(0, FACET_VALUES_SHOWN);
  for (const value of props.checked) {
    if (!shown.some((c) => c.value === value)) {
      shown.push(props.counts.find((c) => c.value === value) ?? { value, count: 0 });
    }
  }
  if (shown.length === 0) return null;
  return (
    <fieldset>
      <legend>{fieldLabel(props.name)}</legend>
      {shown.map(({ value, count }) => {
        const id = `facet-${props.name}-${
          value.replace(/[^A-Za-z0-9_-]/g, (ch) => `_${ch.charCodeAt(0)}`)
        }`;
        return (
          <label for={id}>
            <input
              type="checkbox"
              id={id}
              name={props.name}
              value={value}
              checked={props.checked.includes(value)}
            />
            {/* The words a posting says ("Part-time"); the URL keeps the code ("parttime"). */}
            <span>{valueLabel(props.name, value)}</span>
            <span class="count">{count}</span>
          </label>
        );
      })}
    </fieldset>
  );
}

/**
 * What takes the filter `name` off the page URL: its parameter, and a qualifier that would be left
 * alone (`radius_km` without `near`, which the search refuses), and the paging.
 */
export function removing(params: PageParams, name: string): Record<string, undefined> {
  const changes: Record<string, undefined> = { [name]: undefined, offset: undefined };
  for (const other of FILTER_NAMES) {
    const filter = FILTERS[other] as { qualifies?: string[]; refusedAlone?: string };
    if (!filter.refusedAlone || !filter.qualifies?.includes(name)) continue;
    const left = filter.qualifies.filter((q) => q !== name && params[q] !== undefined);
    if (left.length === 0) changes[other] = undefined;
  }
  return changes;
}

/**
 * The page without the filter `name`: its parameter removed, or, where the query's words set it
 * ("nurse jobs this week" sets `since`), the query without those words.
 */
/**
 * The day the words asked ("this week"), where it is what applies as `since` (no `since` of the
 * form on that day or later): taking it off means taking the words off, and the link says so.
 */
function wordsDay(response: SearchResponse, name: string): string | undefined {
  const posted = response.query_posted;
  return name === "since" && posted?.since !== undefined ? posted.matched : undefined;
}

function withoutFilter(params: PageParams, response: SearchResponse, name: string): string {
  const posted = response.query_posted;
  if (posted && wordsDay(response, name) !== undefined) {
    return pageUrl(params, { q: [queryWithout(params, posted.matched)], offset: undefined });
  }
  return pageUrl(params, removing(params, name));
}

/** The words of the query a reading of it (`query_company`, `query_salary`, ...) was read from. */
function readingMatched(response: SearchResponse, name: string): string | null {
  const reading = (response as Record<string, unknown>)[name];
  const matched = typeof reading === "object" && reading !== null
    ? (reading as { matched?: unknown }).matched
    : undefined;
  return typeof matched === "string" && matched !== "" ? matched : null;
}

/**
 * The query without the words `matched` (as the service quotes them: "this week", "portland
 * maine"), and a word that led to a place ("in", "near") with them: "nurse in leeds" without
 * "leeds" is "nurse", not "nurse in".
 */
function queryWithout(params: PageParams, matched: string, place = false): string {
  const said = matched.split(/\s+/).map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const lead = place ? "(?:\\b(?:in|near|around|at|within)\\s+)?" : "";
  const words = new RegExp(`${lead}\\b${said.join("\\W+")}\\b`, "iu");
  return (params.q?.[0] ?? "").replace(words, " ").replace(/\s+/g, " ").trim();
}

function Applied(props: { params: PageParams; response: SearchResponse }) {
  const filters = Object.entries(props.response.applied?.filters ?? {});
  const emptiedBy = props.response.applied?.emptied_by ?? [];
  const place = props.response.query_place;
  const hint = props.response.hint;
  const employment = props.response.query_employment;
  const seniority = props.response.query_seniority;
  const seniorityWords = labelled(querySeniorityInWords(
    props.response,
    (levels) => `ticking Seniority ${quotedLabels("seniority", levels)}`,
  ));
  const correctedWords = queryCorrectedInWords(props.response);
  const salaryWords = querySalaryInWords(
    props.response,
    `"${fieldLabel("salary_min")}" (More filters)`,
  );
  const postedWords = queryPostedInWords(props.response, `"${fieldLabel("since")}" (More filters)`);
  const workModeWords = labelled(queryWorkModeInWords(
    props.response,
    (modes) => `ticking Work mode ${quotedLabels("remote", modes)}`,
  ));
  const payWords = queryPayInWords(
    props.response,
    isRelevance(props.params) ? "relevance" : "date",
  );
  const shiftWords = queryShiftInWords(props.response);
  const languageWords = queryLanguageInWords(props.response);
  const visaWords = queryVisaSponsorshipInWords(props.response);
  const workWords = queryWorkInWords(props.response);
  const exclusionWords = queryExclusionInWords(props.response);
  const alternativesWords = queryAlternativesInWords(props.response);
  const companyWords = queryCompanyInWords(props.response);
  const employmentWords = labelled(queryEmploymentInWords(
    props.response,
    (type) => `ticking Employment type ${quotedLabels("employment_type", type)}`,
    isRelevance(props.params) ? "relevance" : "date",
  ));
  return (
    <div class="applied">
      {correctedWords ? <p class="corrected">{correctedWords}</p> : null}
      {place
        ? (
          <p>
            {`Searching ${queryPlaceInWords(place)}: your query named it ("${place.matched}").`}
            {place.near !== undefined
              ? (
                <>
                  {" "}
                  <a
                    href={pageUrl(props.params, {
                      near: [place.near],
                      radius_km: [String(WIDER_RADIUS_KM)],
                      offset: undefined,
                    })}
                  >
                    {`Search within ${WIDER_RADIUS_KM} km`}
                  </a>
                </>
              )
              : null}
          </p>
        )
        : null}
      {workWords ? <p>{workWords}</p> : null}
      {alternativesWords ? <p>{alternativesWords}</p> : null}
      {companyWords ? <p>{companyWords}</p> : null}
      {salaryWords ? <p>{salaryWords}</p> : null}
      {payWords
        ? (
          <p>
            {payWords}
            {
              /* Newest first, the pay orders nothing: the order that does is one link away
              (reviewer W: the sentence named "relevance order", which the page calls "Best match
              first"). */
            }
            {!isRelevance(props.params) && props.response.query_pay?.none_stated !== true &&
                props.response.total > 0
              ? (
                <>
                  {" "}
                  <a href={pageUrl(props.params, { sort: ["relevance"], offset: undefined })}>
                    List the best paid first
                  </a>
                </>
              )
              : null}
          </p>
        )
        : null}
      {postedWords ? <p>{postedWords}</p> : null}
      {workModeWords
        ? (
          <p>
            {`${workModeWords} `}
            {props.response.applied?.filters.remote === undefined &&
                props.response.query_work_mode &&
                // Beside the work where none of its postings is done that way, the filter would
                // keep none of what is listed; on-site beside it, few postings' fields say it.
                !props.response.query_work_mode.none_in_mode &&
                !(props.response.query_work_mode.beside_work &&
                  props.response.query_work_mode.work_mode === "onsite") &&
                keepsSome(props.response, "remote", props.response.query_work_mode.work_mode)
              ? (
                <a
                  href={pageUrl(props.params, {
                    remote: props.response.query_work_mode.work_mode.split(","),
                    offset: undefined,
                  })}
                >
                  {`Only postings that say ${
                    valuesLabel("remote", props.response.query_work_mode.work_mode, " or ")
                      .toLowerCase()
                  }`}
                </a>
              )
              : null}
          </p>
        )
        : null}
      {shiftWords ? <p>{shiftWords}</p> : null}
      {languageWords ? <p>{languageWords}</p> : null}
      {visaWords ? <p>{visaWords}</p> : null}
      {exclusionWords ? <p>{exclusionWords}</p> : null}
      {employment && employmentWords
        ? (
          <p>
            {`${employmentWords} `}
            {props.response.applied?.filters.employment_type === undefined &&
                keepsSome(props.response, "employment_type", employment.employment_type)
              ? (
                <a
                  href={pageUrl(props.params, {
                    employment_type: [employment.employment_type],
                    offset: undefined,
                  })}
                >
                  {`Only postings stating ${
                    valueLabel("employment_type", employment.employment_type)
                  }`}
                </a>
              )
              : null}
          </p>
        )
        : null}
      {seniority && seniorityWords
        ? (
          <p>
            {`${seniorityWords} `}
            {props.response.applied?.filters.seniority === undefined &&
                // Alone with no place named, the level's postings are all that is listed
                // already; beside the work the filter narrows, unless none is of the level.
                (seniority.beside_work
                  ? !seniority.none_at_level
                  : props.response.query_place || props.response.query_company) &&
                keepsSome(props.response, "seniority", seniority.seniority)
              ? (
                <a
                  href={pageUrl(props.params, {
                    seniority: [...seniority.seniority],
                    offset: undefined,
                  })}
                >
                  {`Only ${
                    seniority.seniority.map((level) => valueLabel("seniority", level).toLowerCase())
                      .join(" and ")
                  } postings`}
                </a>
              )
              : null}
          </p>
        )
        : null}
      {filters.length > 0
        ? (
          <>
            <p>Filters applied:</p>
            <ul>
              {filters.map(([name, value]) => (
                <li>
                  {`${paramInWords(name)}: ${valueInWords(name, value)} `}
                  <a href={pageUrl(props.params, removing(props.params, name))}>
                    {`Remove “${fieldLabel(name)}”`}
                  </a>
                </li>
              ))}
            </ul>
          </>
        )
        : null}
      {emptiedBy.length > 0 || hint
        ? (
          <div class="notice">
            {/* The service's hint says why in words; without one, the page says which filter. */}
            <p>
              {hint !== undefined
                ? <HintWords hint={hint} params={props.params} />
                : (emptiedBy.some((name) => !name.startsWith("query_"))
                  ? `Nothing matches with ${
                    emptiedBy.filter((name) => !name.startsWith("query_")).map(paramInWords).join(
                      " and ",
                    )
                  }.`
                  : "Nothing matches in the place your query names: try the query without it.")}
            </p>
            {
              /* The place the words named emptied the list: the hint counts the words' matches
                elsewhere ("without it the query finds 104"), and this link lists them. */
            }
            {emptiedBy.includes("query_place") && place &&
                queryWithout(props.params, place.matched, true) !== ""
              ? (
                <p>
                  <a
                    href={pageUrl(props.params, {
                      q: [queryWithout(props.params, place.matched, true)],
                      offset: undefined,
                    })}
                  >
                    {`Search again without “${place.matched}”`}
                  </a>
                </p>
              )
              : null}
            {emptiedBy.filter((name) => name !== "query_place").map((name) => {
              // A reading of the words ("at Amazon": `query_company`) is taken off the words, as
              // the place is: a parameter of that name is none to remove (reviewer W, session 38).
              const reading = name.startsWith("query_")
                ? readingMatched(props.response, name)
                : null;
              if (name.startsWith("query_") && reading === null) return null;
              if (reading !== null && queryWithout(props.params, reading, true) === "") return null;
              return (
                <p key={name}>
                  <a
                    href={reading !== null
                      ? pageUrl(props.params, {
                        q: [queryWithout(props.params, reading, true)],
                        offset: undefined,
                      })
                      : withoutFilter(props.params, props.response, name)}
                  >
                    {`Search again without “${
                      reading ?? wordsDay(props.response, name) ?? fieldLabel(name)
                    }”`}
                  </a>
                </p>
              );
            })}
          </div>
        )
        : null}
    </div>
  );
}

/**
 * An applied filter's value as the form took it: a day picked in a date field is that day
 * ("posted since: 2025-01-01"), not the midnight REST completes it to ("2025-01-01 00:00:00").
 */
function valueInWords(name: string, value: unknown): string {
  const text = String(value);
  if (/^\d{4}-\d{2}-\d{2} 00:00:00$/.test(text)) return text.slice(0, 10);
  // "employment type: Part-time", as its facet says it, not the URL's "parttime".
  return valuesLabel(name, Array.isArray(value) ? value.map(String) : text, " or ");
}

/** A reading's sentence with the filter values it quotes in a posting's words ("(Part-time)"). */
function labelled(sentence: string | null): string | null {
  return sentence === null ? null : readingWithLabels(sentence);
}

/**
 * Whether ticking `values` of the facet `name` would list any posting ("hybrid jobs in London"
 * where no London posting says hybrid listed them all as close matches, and the page still offered
 * "Only postings that say hybrid", which listed nothing: reviewer, session 43). A filter keeps
 * postings whose field has the value: the facets count them among the strong matches, and the
 * close ones are read one by one where all of them are here. Where it cannot tell, it is offered.
 */
function keepsSome(
  response: SearchResponse,
  name: "remote" | "employment_type" | "seniority",
  values: string | readonly string[],
): boolean {
  const counts = response.facets?.[name];
  if (counts === undefined) return true;
  const wanted = typeof values === "string" ? values.split(",") : values;
  if (counts.some(({ value, count }) => count > 0 && wanted.includes(value))) return true;
  const close = response.total === 0
    ? response.closest ?? []
    : response.results.filter((r) => r.match === "close");
  if (close.length < (response.close_total ?? 0)) return true;
  return close.some((r) =>
    name === "employment_type"
      ? employmentTypesOf(r).some((type) => wanted.includes(type))
      : wanted.includes((name === "remote" ? r.work_mode : r.seniority) ?? "")
  );
}

/** A filter's parameter name, as the service's hint writes it: `country=GB`, or `` `near` ``. */
const HINT_PARAM = new RegExp(
  `\\b(${FILTER_NAMES.join("|")})=|\`(${FILTER_NAMES.join("|")})\``,
  "g",
);

/**
 * The service's hint with the filters' parameter names as the page's words: the hint is REST's
 * and MCP's too, and names a filter as a client sends it ("Nothing matches with country=GB,
 * remote=hybrid", "give `near`"), which a person filled in as a field ("country: GB", "work mode:
 * hybrid", "“near”"). A query the hint suggests, in double quotes, is left as it is: it is what
 * the link searches.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(
 *   hintParamsInWords('Nothing matches with salary_min=90000, remote=hybrid; "a=b" lists 3.'),
 *   'Nothing matches with yearly salary at least: 90000, work mode: hybrid; "a=b" lists 3.',
 * );
 * ```
 */
export function hintParamsInWords(hint: string): string {
  return hint.split(/("[^"]*")/).map((part, i) =>
    i % 2 === 1 ? part : part.replace(
      HINT_PARAM,
      (_, assigned?: string, quoted?: string) =>
        assigned ? `${paramInWords(assigned)}: ` : `“${fieldLabel(quoted!)}”`,
    )
  ).join("");
}

/** A parameter's name quoted in an error's text: 'near'. */
const ERROR_PARAM = new RegExp(`'(${[...REST_SEARCH_PARAMS].join("|")})'`, "g");
/** The place a person typed, as the search's refusal quotes it (it may hold anything, 'near' too). */
const TYPED_PLACE = /(called '.*' is known)/s;

/**
 * A refused search's error with each parameter named by its field's label. The error is REST's and
 * MCP's text and names a parameter as a client sends it ("Invalid parameter 'radius_km': it only
 * applies with 'near' ..."); on the page the person filled in fields, so it names those: "“Radius
 * (km)”: it only applies with “Near (city)” ...". The text REST and MCP send is unchanged; the
 * place a person typed, quoted after "called", is left as it is.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(
 *   errorInWords("Invalid parameter 'salary_min': must be a number"),
 *   "“Yearly salary at least”: must be a number",
 * );
 * assert.equal(
 *   errorInWords("Invalid parameter 'near': no place called 'near' is known; give 'near' or x"),
 *   "“Near (city)”: no place called 'near' is known; give “Near (city)” or x",
 * );
 * ```
 */
export function errorInWords(message: string): string {
  const refused = /^Invalid (?:parameter '([a-z_]+)'|(source)): /.exec(message);
  const named = refused ? `“${fieldLabel(refused[1] ?? refused[2])}”: ` : "";
  const text = refused ? message.slice(refused[0].length) : message;
  return named +
    text.split(TYPED_PLACE).map((part, i) =>
      i % 2 === 1 ? part : part.replace(ERROR_PARAM, (_, name: string) => `“${fieldLabel(name)}”`)
    ).join("");
}

/**
 * The service's hint for people, the query it suggests ('"jobs in Leeds" lists all 14 postings
 * there') a link that searches it under the same filters: the count it gives is theirs.
 */
function HintWords(props: { hint: string; params: PageParams }) {
  const text = hintForPeople(hintParamsInWords(props.hint), "below");
  // Each query it suggests: the words elsewhere ("teacher" lists ...), the place's own list.
  const parts = [];
  let from = 0;
  for (const suggested of text.matchAll(/"([^"]{1,300})" lists /g)) {
    const start = suggested.index + 1;
    parts.push(text.slice(from, start));
    parts.push(
      <a href={pageUrl(props.params, { q: [suggested[1]], offset: undefined })}>{suggested[1]}</a>,
    );
    from = start + suggested[1].length;
  }
  parts.push(text.slice(from));
  return <>{parts}</>;
}

/**
 * How many postings the order pages through: the strong matches, and in relevance order the close
 * ones after them; newest first with no strong match, the closest ones the response carries apart.
 */
function listedCount(response: SearchResponse, byRelevance: boolean): number {
  const close = response.close_total ?? 0;
  if (response.closest) return close;
  return response.total + (byRelevance ? close : 0);
}

/** Relevance order lists the close matches after the strong ones; newest first never does. */
function isRelevance(params: PageParams): boolean {
  return first(params, "sort") === "relevance";
}

function countText(
  response: SearchResponse | undefined,
  offset: number,
  byRelevance: boolean,
): string {
  if (!response) return "";
  const close = response.close_total ?? 0;
  const shown = (response.closest ?? response.results).length;
  const range = shown > 0
    ? ` Showing ${offset + 1}–${offset + shown}.`
    : offset > 0
    ? " This page is past the end of the list."
    : "";
  if (response.total === 0) {
    return close > 0
      ? `No strong match; ${close} close match${close === 1 ? "" : "es"}.${range}`
      : "No jobs match.";
  }
  const count = countInWords(response.total);
  const strong = `${count[0].toUpperCase()}${count.slice(1)} ${
    response.total === 1 ? "job matches" : "jobs match"
  }`;
  return close > 0 && byRelevance
    ? `${strong}, then ${countInWords(close)} close match${close === 1 ? "" : "es"}.${range}`
    : `${strong}.${range}`;
}

/**
 * Where newest first runs out of strong matches, the close ones are one link away: a search in a
 * person's own words often has a few strong matches and many close ones, which only the relevance
 * order lists.
 */
function CloseMatchesNote(props: { params: PageParams; close: number }) {
  const { params, close } = props;
  return (
    <p class="close-note">
      {`${close === 1 ? "One more posting is" : `${close} more postings are`} a close match. `}
      <a href={pageUrl(params, { sort: ["relevance"], offset: undefined })}>
        List every match, best first
      </a>
    </p>
  );
}

/**
 * A page that starts past the end of the list: what it is, and the way back to the first page and
 * to the last one.
 */
function PastTheEnd(
  props: { params: PageParams; offset: number; count: number; pageSize: number },
) {
  const { params, offset, count, pageSize } = props;
  const last = Math.floor((count - 1) / pageSize) * pageSize;
  return (
    <div class="notice past-end">
      <p>
        {`This page starts at result ${offset + 1}, past the end of the list: ${
          count === 1 ? "it has one result" : `it has ${count} results`
        }.`}
      </p>
      <nav class="pager" aria-label="Pages">
        <a href={pageUrl(params, { offset: undefined }) + PAGE_LANDING}>First page</a>
        {last > 0
          ? (
            <a href={pageUrl(params, { offset: [String(last)] }) + PAGE_LANDING}>
              {`Last page (${last + 1}–${count})`}
            </a>
          )
          : null}
      </nav>
    </div>
  );
}

/**
 * Where a paging link lands: on the list, not on the top of the page, so that the next results are
 * what a person sees (at 360 px the form and the count fill the first screen) and the keyboard's
 * next Tab is on the first of them rather than on the skip link.
 */
const PAGE_LANDING = "#result-list";

/** The facets beside the list (above it on a phone): the counts of the whole result set. */
function Facets(props: SearchPageProps & { applied: number }) {
  const { response, params, applied } = props;
  return (
    <aside class="facets" aria-label="Narrow the results">
      {
        /* At 1,280 px the open facets are up to ~30 checkboxes between the form and the first
          result: a keyboard user gets past them in one Tab and Enter. */
      }
      <a class="skip-facets" href={PAGE_LANDING}>Skip to the results</a>
      {
        /* Open as served (and so without JavaScript); web.js closes it on a narrow screen, where
          it would stand between the count and the first result, and keeps a person's choice
          across searches. */
      }
      <details class="narrow" open>
        <summary>
          <h2>
            Narrow{applied > 0 ? <span class="applied-count">{` (${applied} on)`}</span> : null}
          </h2>
        </summary>
        {FACET_NAMES.filter((name) => FACET_ORDER.includes(name)).sort((a, b) =>
          FACET_ORDER.indexOf(a) - FACET_ORDER.indexOf(b)
        ).map((name) => (
          <Facet
            name={name}
            counts={response?.facets?.[name] ?? []}
            checked={params[name] ?? []}
          />
        ))}
        <noscript>
          <button type="submit">Apply</button>
        </noscript>
      </details>
    </aside>
  );
}

/**
 * The search a company typed alone stands for: "jobs at NAME", the page's other filters kept (a
 * country, a way of working: reviewer C58), the company field given to the words.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(
 *   String(jobsAtLink({ company: ["Amazon"], country: ["DE"], q: [""] }, "Amazon")),
 *   "q=jobs+at+Amazon&country=DE",
 * );
 * ```
 */
export function jobsAtLink(params: PageParams, company: string): URLSearchParams {
  const link = new URLSearchParams({ q: `jobs at ${company}` });
  for (const [name, values] of Object.entries(params)) {
    if (name === "q" || name === "company") continue;
    for (const value of values) if (value !== "") link.append(name, value);
  }
  return link;
}

/** The part htmx swaps: facets, what was applied, results and paging. */
export function ResultsRegion(props: SearchPageProps) {
  const { response, params, offset, pageSize } = props;
  if (!response) {
    // A refused search is said at the top of the form and beside its field (ErrorSummary,
    // FieldError): the results region, a screen below on a phone, holds no results for it.
    // A company typed in its field with no words searched nothing and said nothing of it (a
    // person's trial, session 57): a filter narrows a search, and "jobs at" lists a company's.
    const company = props.params.company?.find((name) => name.trim() !== "")?.trim();
    return (
      <div id="results">
        {!props.errors?.length
          ? <p>Type the work you are looking for, or upload a CV below, and press Search.</p>
          : null}
        {!props.errors?.length && company
          ? (
            <p>
              {"The filters narrow a search of the words; to list every posting of a company, "}
              <a href={`/?${jobsAtLink(props.params, company)}`}>
                {`search “jobs at ${company}”`}
              </a>.
            </p>
          )
          : null}
      </div>
    );
  }
  const listed = response.closest ?? response.results;
  const count = listedCount(response, isRelevance(params));
  // An offset past the end (a hand-made or old URL: `?offset=5000`) lists nothing: the page says
  // so and links the first and the last page, not a "Previous page" that is past the end too.
  const pastEnd = listed.length === 0 && offset > 0 && count > 0;
  const hasPrevious = offset > 0 && !pastEnd;
  const hasNext = offset + listed.length < count;
  const unlisted = closeMatchesNotListed(response, isRelevance(params) ? "relevance" : "date");
  const applied = FACET_NAMES.reduce((sum, name) => sum + (params[name] ?? []).length, 0);
  const hasFacets = applied > 0 ||
    Object.values(response.facets ?? {}).some((counts) => counts.length > 0);
  return (
    <div id="results" class={hasFacets ? "layout" : "layout no-facets"}>
      {
        /* No counts to narrow by (no strong match): no empty column beside the list, nor an empty
          landmark. */
      }
      {hasFacets ? <Facets {...props} applied={applied} /> : null}
      <section id="result-list" aria-label="Results">
        <Applied params={params} response={response} />
        {
          /* The count and the notice above have said there is no strong match (and why): the
            list's heading names the list, rather than saying it a third time. */
        }
        {response.closest
          ? (
            <h2 class="closest">
              {searchPlaceInWords(response)
                ? `Closest matches${searchPlaceInWords(response)}`
                : "Nearest postings"}
            </h2>
          )
          : null}
        {pastEnd
          ? <PastTheEnd params={params} offset={offset} count={count} pageSize={pageSize} />
          : null}
        <ol class="results">
          {listed.map((result, index) => (
            <li>
              <ResultItem result={result} index={offset + index} />
            </li>
          ))}
        </ol>
        {!hasNext && !pastEnd && unlisted > 0
          ? <CloseMatchesNote params={params} close={unlisted} />
          : null}
        {hasPrevious || hasNext
          ? (
            <nav class="pager" aria-label="Pages">
              {hasPrevious
                ? (
                  <a
                    rel="prev"
                    href={pageUrl(params, {
                      offset: offset - pageSize > 0 ? [String(offset - pageSize)] : undefined,
                    }) + PAGE_LANDING}
                  >
                    Previous page
                  </a>
                )
                : <span></span>}
              {hasNext
                ? (
                  <a
                    rel="next"
                    href={pageUrl(params, { offset: [String(offset + pageSize)] }) + PAGE_LANDING}
                  >
                    Next page
                  </a>
                )
                : null}
            </nav>
          )
          : null}
      </section>
    </div>
  );
}

/**
 * The one search form. It holds the results region too, so that every field (the facets'
 * checkboxes included) is inside it: a change anywhere in it sends it.
 */
export function SearchForm(props: SearchPageProps) {
  const { params } = props;
  const errors = (props.errors ?? []).map((error) => ({
    ...error,
    message: errorInWords(error.message),
  }));
  const sort = first(params, "sort") || "date";
  const hidden = Object.entries(params).filter(([name]) => !FORM_FIELDS.has(name));
  return (
    <form
      id="search"
      class="search-form"
      method="get"
      action="/"
      role="search"
      hx-get="/"
      hx-trigger="input delay:400ms, change, submit"
      hx-target="#results"
      hx-select="#results"
      hx-swap="outerHTML"
      hx-select-oob="#count:innerHTML,#save-search,#error-summary,#account,#cv-csrf"
      hx-push-url="true"
      hx-sync="this:replace"
    >
      <ErrorSummary errors={errors} params={params} />
      <div class="query">
        <div>
          <label for="field-q">{fieldLabel("q")}</label>
          <FieldError name="q" errors={errors} />
          <input
            id="field-q"
            type="search"
            name="q"
            value={first(params, "q")}
            maxlength={1000}
            autocomplete="off"
            placeholder="e.g. nurse in Toronto, remote python developer"
            {...invalidMarks("q", errors)}
          />
        </div>
        <button type="submit">Search</button>
      </div>
      <details
        open={TEXT_FIELDS.slice(1).some((name) =>
          first(params, name) !== "" || errorOf(name, errors)
        )}
      >
        <summary>More filters</summary>
        <div class="fields">
          <TextField name="company" params={params} errors={errors} />
          <TextField
            name="salary_min"
            params={params}
            type="number"
            errors={errors}
          />
          <CurrencyField params={params} errors={errors} />
          <TextField
            name="near"
            params={params}
            hint="e.g. Berlin"
            errors={errors}
          />
          <TextField
            name="radius_km"
            params={params}
            type="number"
            hint="25"
            errors={errors}
          />
          <TextField
            name="since"
            params={params}
            type="date"
            errors={errors}
          />
          <TextField
            name="added_since"
            params={params}
            type="date"
            errors={errors}
          />
          <div>
            <label for="field-sort">{fieldLabel("sort")}</label>
            <FieldError name="sort" errors={errors} />
            <select id="field-sort" name="sort" {...invalidMarks("sort", errors)}>
              {SORTS.map((value) => (
                <option value={value} selected={value === sort}>
                  {value === "date" ? "Newest first" : "Best match first"}
                </option>
              ))}
            </select>
          </div>
        </div>
      </details>
      {hidden.flatMap(([name, values]) =>
        values.map((value, i) => (
          <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
        ))
      )}
      <p id="count" class="count-line" role="status" aria-live="polite" aria-atomic="true">
        {countText(props.response, props.offset, isRelevance(props.params))}
      </p>
      <ResultsRegion {...props} />
    </form>
  );
}

/** Code points of the query a tab's title keeps: a tab shows a few words, a history list more. */
const TITLE_QUERY_MAX = 60;

/**
 * The query as the tab's title names it: cut, with "…", past {@linkcode TITLE_QUERY_MAX} code
 * points. The page refusing a query over 1,000 characters repeated it whole in its `<title>`.
 */
function titleQuery(q: string): string {
  const points = [...q];
  return points.length <= TITLE_QUERY_MAX
    ? q
    : `${points.slice(0, TITLE_QUERY_MAX).join("").trimEnd()}…`;
}

export function SearchPage(props: SearchPageProps) {
  // "q= " titled the tab ": search" (reviewer W, session 38).
  const q = first(props.params, "q")?.trim();
  return (
    <Layout
      {...props}
      title={`${props.errors?.length ? "Error: " : ""}${
        q ? `${titleQuery(q)}: search` : "Search jobs"
      }`}
      enhance
    >
      <h1>Search jobs</h1>
      <SearchForm {...props} />
      <SaveSearchForm
        {...props}
        shown={props.response !== undefined && !NAMES_NOTHING.has(props.response.hint ?? "")}
        strong={props.response?.total}
      />
      <CvForm formToken={props.formToken} />
    </Layout>
  );
}

/** The id of the CV form's section on the search page: `GET /cv` with no CV leads there. */
export const CV_FORM_ID = "cv-search";

/** The CV upload: what the search derives from it and the results come back as a page. */
export function CvForm(props: { formToken?: string }) {
  return (
    <section id={CV_FORM_ID} class="card" aria-labelledby="cv-heading">
      <h2 id="cv-heading">Search with your CV</h2>
      <form method="post" action="/cv" enctype="multipart/form-data">
        {
          /* Its token alone is swapped with a live search's results, as the header's account is:
          a CV sent from a tab whose key another tab replaced had "expired" (C51), and swapping the
          whole form cleared a file and words being chosen (R51b). */
        }
        <input id="cv-csrf" type="hidden" name="csrf" value={props.formToken ?? ""} />
        <label for="field-cv">CV file (.txt, .md, .pdf or .docx)</label>
        <input id="field-cv" type="file" name="cv" accept=".txt,.md,.pdf,.docx" required />
        {
          /* The work wanted, searched first beside the CV's roles, as `q` beside a profile is
        (reviewer W51: "Experienced nurse looking for work" was read as no role; C58: one rule). */
        }
        <label for="field-cv-work">
          The work you want (optional): searched first, then your CV's
        </label>
        <input
          id="field-cv-work"
          type="text"
          name="work"
          maxlength={200}
          autocomplete="off"
          placeholder="e.g. staff nurse"
        />
        <p>
          <button type="submit">Search with this CV</button>
        </p>
      </form>
    </section>
  );
}
