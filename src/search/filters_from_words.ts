/**
 * The filters a `q` text names in words, weighed against the explicit parameters of the same
 * query: the pay (`AnalyzedQuery.salary`, src/index/query_salary.ts) against `salary_min` and
 * `salary_currency`, the day postings are asked since (`AnalyzedQuery.posted`,
 * src/index/query_posted.ts) against `since`. Part of reading a `q` (`readQuery`,
 * src/search/query_reading.ts).
 *
 * @module
 */
import type { FilterValues } from "../domain/filters.ts";
import type { SearchQuery } from "../domain/search_query.ts";
import type { AnalyzedQuery } from "../index/analyze_query.ts";

/**
 * The least yearly pay to apply from the query's words; null where it names none, or where a
 * `salary_min` parameter names that floor or a higher one (the parameter's applies), or one in
 * another currency than the words name (another search, as a city parameter replaces the words'
 * place). A `salary_min` parameter never widens the pay the words ask: "software engineer over
 * 150k" with `salary_min=50000` lists those paying over 150k (until session 37 the parameter
 * replaced the words' pay, and listed more than the words alone). A `salary_currency` parameter
 * replaces only the words' currency.
 */
export function salaryToApply(query: SearchQuery, analyzed: AnalyzedQuery): number | null {
  const words = analyzed.salary;
  if (!words) return null;
  if (query.salary_min === undefined) return words.yearlyMin;
  const sameCurrency = words.currency === undefined || query.salary_currency === undefined ||
    words.currency === query.salary_currency;
  return sameCurrency && words.yearlyMin > query.salary_min ? words.yearlyMin : null;
}

/**
 * The earliest day a posting may have been posted on from the query's words ("nurse jobs this
 * week": `now` less 7 days, as `YYYY-MM-DD` in UTC; "today": `now`'s day); null where they name
 * no days ("latest python jobs" asks only for the newest first) or where a `since` parameter names
 * that day or a later one. A `since` parameter never widens what the words ask: "python jobs this
 * week" with `since` a month back still lists this week's (filters only narrow, and `since=D` with
 * `until=D` partition the words' set; until session 37 any `since` parameter replaced the words).
 */
export function sinceToApply(
  query: SearchQuery,
  analyzed: AnalyzedQuery,
  now: number,
): string | null {
  const days = analyzed.posted?.days;
  if (days === undefined) return null;
  const day = new Date(now - days * 86_400_000).toISOString().slice(0, 10);
  // A parsed `since` is "YYYY-MM-DD HH:MM:SS": the words' day starts at midnight.
  return query.since !== undefined && query.since >= `${day} 00:00:00` ? null : day;
}

/** What the words of a `q` name that a search applies as filters (`QueryReading`'s part). */
export interface FiltersInWords {
  /** The least yearly pay the words name (`salaryToApply`), where no salary parameter replaces it. */
  salary: number | null;
  /** The currency that pay was named in ("£30k": GBP); null where none, or "$" (several). */
  salaryCurrency: string | null;
  /**
   * Whether a `salary_min` or `salary_currency` parameter beside the words' pay leaves out the
   * postings that state no pay (as the parameter does alone, unless `salary_include_unknown`).
   */
  salaryStatedOnly: boolean;
  /**
   * Whether the pay is all the words ask, but for a place or company ("jobs paying over 100k",
   * "£40k jobs in London": no work, type, hours, level or way of working): then the postings that
   * state at least it are its strong matches (src/index/job_index.ts).
   */
  paysAlone: boolean;
  /**
   * The earliest day (`YYYY-MM-DD`, UTC) the words ask a posting to have been posted on ("this
   * week", `sinceToApply`), where no `since` parameter names that day or a later one.
   */
  since: string | null;
}

/**
 * The filters a search applies: the query's own; the least yearly pay its words name
 * (`salaryToApply`) as `salary_min`, in the currency they name as `salary_currency` ("£30k": a
 * posting paying $35,000 is not compared with it), with the postings that state no pay kept (most
 * state none; "£30k marketing manager" leaves out only the postings that say they pay less; where
 * the pay is all the words ask, "jobs paying over 100k", the postings that state it are its strong
 * matches: src/index/job_index.ts); and the day they ask postings to be posted since
 * (`sinceToApply`) as `since`.
 */
export function filtersWithSalary(query: SearchQuery, words: FiltersInWords): FilterValues {
  const { salary, salaryCurrency, since } = words;
  const paid = salary === null ? query : {
    ...query,
    salary_min: salary,
    ...(salaryCurrency !== null ? { salary_currency: salaryCurrency } : {}),
    // A salary or currency parameter keeps, as alone, only the postings that state pay (in it),
    // unless told: the words' pay keeps those that state none only where neither is given.
    salary_include_unknown:
      (query.salary_currency === undefined && query.salary_min === undefined) ||
      query.salary_include_unknown === true,
  };
  return since === null ? paid : { ...paid, since };
}

/** `query` with the day its words asked postings since (`sinceToApply`) as its `since`. */
export function withSince(query: SearchQuery, since: string | null): SearchQuery {
  return since === null ? query : { ...query, since };
}
