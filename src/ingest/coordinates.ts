/**
 * Where a posting's city lies, from the same GeoNames data that places queries (src/places/):
 * the place of that name in the posting's country (in its region when the location text named
 * one), else the biggest place of that country whose name is inside the city's ("Midtown Toronto"
 * lies in Toronto). None for remote postings, postings without a country, and cities GeoNames does
 * not know (docs/import.md, "Coordinates").
 *
 * @module
 */
import type { Job } from "../domain/job.ts";
import { placeInCountry, placeInsideName } from "../places/world_places.ts";
import { REMOTE_CITY } from "./location.ts";

/** A posting's point on the map. */
export interface Coordinates {
  latitude: number;
  longitude: number;
}

/**
 * The coordinates of a posting's city, or null.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(coordinatesOf({ city: "Concord", country: "CA" }, "ON"), {
 *   latitude: 43.80011, longitude: -79.48291,
 * });
 * assert.equal(coordinatesOf({ city: "Concord", country: "US" }, "NC")?.latitude, 35.40888);
 * assert.equal(coordinatesOf({ city: "Remote", country: "US" }), null);
 * assert.equal(coordinatesOf({ city: "Toronto" }), null);
 * ```
 */
export function coordinatesOf(
  job: Pick<Job, "city" | "country">,
  region?: string,
): Coordinates | null {
  const { city, country } = job;
  if (country === undefined || city === "" || city === REMOTE_CITY) return null;
  const place = placeInCountry(city, { country, region }) ?? placeInsideName(city, country);
  return place ? { latitude: place.latitude, longitude: place.longitude } : null;
}

/**
 * `job` with the coordinates of its city and country (replacing any it had), or without any when
 * they are unknown; the fields come last, as `JobSchema` orders them.
 */
export function withCoordinates(job: Job, region?: string): Job {
  const { latitude: _lat, longitude: _lon, ...rest } = job;
  const found = coordinatesOf(job, region);
  return found ? { ...rest, ...found } : rest;
}
