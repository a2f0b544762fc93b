/**
 * A city the words name alone ("registered nurse sydney", "nurse leeds") where none of its own
 * postings is a strong match: the postings around it are searched instead, as "near sydney" would
 * search them (its suburbs: "Strathfield"). A user trial (session 46) found "registered nurse
 * sydney" listing a receptionist and a porter in Sydney itself as its closest matches while two
 * registered nurses were in its suburbs; the hints had offered the world or the city's whole list.
 * Where the city has close matches of its own ("nurse leeds": a midwife, health care assistants),
 * they stay, and the hint offers the query around it.
 *
 * Part of reading a search, which the service and the benches that search as it does call.
 *
 * @module
 */
import type { SearchQuery } from "../domain/search_query.ts";
import { namesNoWork } from "../index/analyze_query.ts";
import type { IndexResult, IndexSearch } from "../index/index_search.ts";
import type { JobIndex } from "../index/job_index.ts";
import type { QueryPlace } from "../index/query_place.ts";
import { appliedFilters } from "./applied_filters.ts";
import { filtersWithSalary } from "./filters_from_words.ts";
import type { QueryReading } from "./query_reading.ts";

/** Words that ask for jobs, which an offered query need not add again. */
const REQUEST_NOUN = /\b(?:jobs?|work|roles?|positions?|vacancies|vacancy|openings?)\b/i;

/** What to do about a city with no strong match of its own (`aroundCityIfNone`). */
export type AroundCity =
  /** Search around it instead. */
  | { widen: { request: IndexSearch; place: QueryPlace } }
  /** Keep the city's own close matches, and say what the words find around it. */
  | { offer: { q: string; total: number; radiusKm: number; city: string } };

/**
 * Where `found` (the search at the city `reading` names) has no strong match and around the city
 * some posting is one: the search around it where the city has nothing near the words either (a
 * town without postings, "nurse in Eccles", too), else the query that lists those around it, to be
 * offered ("nurse near leeds", beside Leeds' own close matches); null otherwise. Decided by the
 * words alone, without the filter parameters or the work they do not want, so that those still
 * only narrow what the words list; not where a `city` parameter says the city (it is exact) or a
 * company is named.
 */
export function aroundCityIfNone(
  index: JobIndex,
  request: IndexSearch,
  reading: QueryReading,
  query: SearchQuery,
  found: IndexResult,
): AroundCity | null {
  const { place } = reading;
  if (found.total > 0 || query.city !== undefined || reading.company !== null || !place) {
    return null;
  }
  const around = index.aroundCity(place);
  if (!around) return null;
  // Work not wanted ("healthcare jobs not nights in London") removes postings as a filter does.
  const { exclusion: notWanted, ...words } = request.query;
  const withoutFilters = (at: QueryPlace) =>
    index.search({
      ...request,
      query: words,
      place: at,
      filters: filtersWithSalary({} as SearchQuery, reading),
      ifEmpty: undefined,
      facets: undefined,
      offset: 0,
      limit: 1,
    });
  const filtered = Object.keys(appliedFilters(query)).length > 0;
  const inCity = filtered || notWanted !== undefined ? withoutFilters(place) : found;
  if (inCity.total > 0 || withoutFilters(around).total === 0) return null;
  // Close matches of its own ("nurse leeds": a midwife, health care assistants in Leeds) are what
  // the city offers, and the judged sets grade them so ("part time caring job in Leeds" fell from
  // 0.824 to 0.255 when the postings around it replaced them): those are kept, and the postings
  // around it offered.
  if (inCity.closeTotal > 0 && inCity.nearestThere !== true) {
    const total = index.search({
      ...request,
      place: around,
      ifEmpty: undefined,
      facets: undefined,
      offset: 0,
      limit: 1,
    }).total;
    if (total === 0) return null;
    const q = queryNear(place.rest, place.matched, namesNoWork(reading.analyzed));
    return { offer: { q, total, radiusKm: around.around!.radiusKm, city: around.around!.city } };
  }
  return { widen: { request: { ...request, place: around }, place: around } };
}

/**
 * The query that asks `rest` (the words without the place) near the place `matched`: "jobs" added
 * where the words left name no work and ask for none ("hybrid jobs in Leeds": the place took
 * "jobs in" with it).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(queryNear("nurse", "leeds", false), "nurse near leeds");
 * assert.equal(queryNear("hybrid", "Leeds", true), "hybrid jobs near Leeds");
 * assert.equal(queryNear("weekend work", "Leeds", true), "weekend work near Leeds");
 * assert.equal(queryNear("nurse please", "Leeds", false), "nurse near Leeds");
 * ```
 */
export function queryNear(rest: string, matched: string, namesNoWork: boolean): string {
  // "nurse jobs in Leeds please" offered "nurse please near Leeds" (a person's trial, session 56).
  const words = rest.trim().replace(/(?:[\s,]+(?:please|pls|plz|thanks|thank you))+$/iu, "");
  return namesNoWork && !REQUEST_NOUN.test(words)
    ? `${words} jobs near ${matched}`
    : `${words} near ${matched}`;
}

/**
 * The offer of the postings around a city, in words for people and agents: '"..." lists', which
 * the page makes a link that searches it (src/web/search_page.tsx `HintWords`).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(
 *   aroundOffer({ q: "nurse near leeds", total: 4, radiusKm: 25, city: "Leeds" }),
 *   '"nurse near leeds" lists the 4 strong matches within 25 km of Leeds.',
 * );
 * ```
 */
export function aroundOffer(offer: { q: string; total: number; radiusKm: number; city: string }) {
  const found = offer.total === 1 ? "the one strong match" : `the ${offer.total} strong matches`;
  return `"${offer.q}" lists ${found} within ${offer.radiusKm} km of ${offer.city}.`;
}
