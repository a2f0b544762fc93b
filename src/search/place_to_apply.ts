/**
 * The place a `q` text names (`JobIndex.placeIn`), weighed against the explicit place parameters
 * of the same query: part of reading a `q` (`readQuery`, src/search/query_reading.ts), which the
 * service and the benches that search as it does call.
 *
 * @module
 */
import { foldText } from "../domain/fold_text.ts";
import { qualifierAlone, type SearchQuery } from "../domain/search_query.ts";
import type { JobIndex } from "../index/job_index.ts";
import { isRemoteOnly, type QueryPlace } from "../index/query_place.ts";

/**
 * The place the query text names, to be applied. Its words are never searched (the query's
 * relevance does not depend on the parameters), and it is applied as a filter beside explicit
 * `city`/`country` parameters, so that a parameter only narrows ("nurse in Chicago" with
 * `country=US` stays in Chicago). An explicit parameter that contradicts it (another city,
 * another country) wins, and so does `near` (with its radius it says where): the text's city,
 * country or "near" place is then dropped, "remote" still applies.
 */
export function placeToApply(index: JobIndex, query: SearchQuery): QueryPlace | null {
  const place = index.placeIn(query.q);
  if (!place) return null;
  if (place.anyOf === undefined) {
    return clashes(place, query) ? withoutWhere(place) : place;
  }
  // Several places ("nurse in Berlin or Munich"): a parameter keeps those it agrees with (the same
  // set the union under the parameter leaves); one that contradicts them all wins, as for one.
  const kept = place.anyOf.filter((one) => !clashes(one, query) || isRemoteOnly(one));
  if (kept.length === place.anyOf.length) return place;
  if (kept.length === 0 || kept.every(isRemoteOnly)) {
    return { ...withoutWhere(place), ...(kept.length > 0 ? { remote: true } : {}) };
  }
  return { ...place, anyOf: kept };
}

/** The place without its city, country or "near" place: "remote" alone still applies. */
function withoutWhere(place: QueryPlace): QueryPlace {
  return { matched: place.matched, rest: place.rest, ...(place.remote ? { remote: true } : {}) };
}

function clashes(place: Omit<QueryPlace, "rest" | "matched">, query: SearchQuery): boolean {
  // `near` names the place itself, with its radius: the text's city would only cut it back.
  const cityClash = (query.near !== undefined &&
    (place.cityKey !== undefined || place.country !== undefined || place.around !== undefined)) ||
    (query.city !== undefined && place.cityKey !== undefined &&
      foldText(query.city) !== place.cityKey);
  const countryClash = query.country !== undefined &&
    ((place.country !== undefined && query.country !== place.country) ||
      (place.area !== undefined && !place.area.countries.includes(query.country)));
  return cityClash || countryClash;
}

/**
 * The place read from the words with a `radius_km` given without `near`: the radius of each place
 * the words ask for near ("nurse near manchester", "jobs in the bay area"); where they ask for
 * none, the 400 a radius alone gets (`qualifierAlone`: it would be ignored, silently). Until
 * session 37 (reviewer W) any radius without `near` was refused, though the words said where to
 * measure from.
 */
export function radiusGiven(place: QueryPlace | null, query: SearchQuery): QueryPlace | null {
  const radiusKm = query.radius_km;
  if (radiusKm === undefined || query.near !== undefined) return place;
  if (place?.around) return { ...place, around: { ...place.around, radiusKm } };
  if (place?.anyOf?.some((one) => one.around)) {
    return {
      ...place,
      anyOf: place.anyOf.map((one) =>
        one.around ? { ...one, around: { ...one.around, radiusKm } } : one
      ),
    };
  }
  throw qualifierAlone("radius_km");
}
