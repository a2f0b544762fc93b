/**
 * The cities an index has postings in, as the `PlaceLookup` the profile reader finds a CV's cities
 * with (src/search/profile/profile_places.ts): built once per index, on a profile search's first
 * need of it.
 *
 * @module
 */
import { foldText } from "../domain/fold_text.ts";
import type { JobIndex } from "../index/job_index.ts";
import { REMOTE_CITY } from "../ingest/location.ts";
import type { KnownCity, PlaceLookup } from "./profile/profile_places.ts";

/**
 * A `PlaceLookup` over an index's cities: every city it has postings in, by folded name, with the
 * country most of them are in and where they lie (the middle of their postings' positions).
 */
export function indexPlaces(index: JobIndex): PlaceLookup {
  let lookup = placesOfIndex.get(index);
  if (!lookup) {
    lookup = buildPlaces(index);
    placesOfIndex.set(index, lookup);
  }
  return lookup;
}

/** Per index: its cities as a lookup, built on first need. */
const placesOfIndex = new WeakMap<JobIndex, PlaceLookup>();

function buildPlaces(index: JobIndex): PlaceLookup {
  const byKey = new Map<string, KnownCity>();
  // `cities()` lists the most postings first: the commonest country of a name wins.
  for (const { city, country } of index.cities()) {
    const key = foldText(city);
    if (city !== REMOTE_CITY && country && !byKey.has(key)) byKey.set(key, { city, country });
  }
  const points = new Map<string, { lat: number[]; lon: number[] }>();
  for (const job of index.data.jobs) {
    const known = byKey.get(foldText(job.city));
    if (!known || job.country !== known.country || job.latitude === undefined) continue;
    const key = foldText(job.city);
    const point = points.get(key) ?? { lat: [], lon: [] };
    point.lat.push(job.latitude);
    point.lon.push(job.longitude!);
    points.set(key, point);
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const [key, { lat, lon }] of points) {
    const known = byKey.get(key)!;
    known.latitude = median(lat);
    known.longitude = median(lon);
  }
  return { city: (words) => byKey.get(foldText(words)) };
}
