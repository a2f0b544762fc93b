/**
 * What a response says it was narrowed by (`applied.filters`), read from the filter table.
 *
 * @module
 */
import type { AppliedFilters } from "../domain/job.ts";
import { acts, FILTER_NAMES, showValue } from "../domain/filters.ts";
import type { SearchQuery } from "../domain/search_query.ts";

/**
 * The filter parameters that act on a query, by name, as the search read them (times completed,
 * lists joined by commas): qualifiers only beside what they qualify (`radius_km` with `near`).
 */
export function appliedFilters(query: SearchQuery): AppliedFilters {
  const filters: AppliedFilters = {};
  for (const name of FILTER_NAMES) {
    if (acts(query, name)) filters[name] = showValue(query[name]);
  }
  return filters;
}
