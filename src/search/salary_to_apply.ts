/**
 * The pay a `q` text names (`AnalyzedQuery.salary`, src/index/query_salary.ts), weighed against
 * the explicit salary parameters of the same query: part of reading a `q` (`readQuery`,
 * src/search/query_reading.ts).
 *
 * @module
 */
import type { FilterValues } from "../domain/filters.ts";
import type { SearchQuery } from "../domain/search_query.ts";
import type { AnalyzedQuery } from "../index/analyze_query.ts";

/**
 * The least yearly pay to apply from the query's words; null where it names none or where a
 * `salary_min` or `salary_currency` parameter says what pay to keep (a parameter replaces the
 * text's, as an explicit city replaces the text's place).
 */
export function salaryToApply(query: SearchQuery, analyzed: AnalyzedQuery): number | null {
  if (!analyzed.salary) return null;
  if (query.salary_min !== undefined || query.salary_currency !== undefined) return null;
  return analyzed.salary.yearlyMin;
}

/**
 * The filters a search applies: the query's own, and the least yearly pay its words name
 * (`salaryToApply`) as `salary_min` with the postings that state no pay kept (most state none;
 * "£30k marketing manager" leaves out only the postings that say they pay less).
 */
export function filtersWithSalary(query: SearchQuery, least: number | null): FilterValues {
  return least === null ? query : { ...query, salary_min: least, salary_include_unknown: true };
}
