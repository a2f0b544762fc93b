/**
 * Points on the map: a `near` value read as a place or as coordinates, and the distance between
 * two points.
 *
 * @module
 */
import { distanceKm } from "../domain/geo.ts";
import { resolvePlace } from "./world_places.ts";

// The `near` filter (src/domain/filters.ts) measures with the same function.
export { distanceKm };

/** A point with a name to show for it. */
export interface NearPoint {
  latitude: number;
  longitude: number;
  /** "Toronto, CA" for a place; the numbers as given for coordinates ("43.65,-79.38"). */
  label: string;
}

const NUMBER = String.raw`[+-]?(?:\d+(?:\.\d*)?|\.\d+)`;
const COORDINATES = new RegExp(String.raw`^\s*(${NUMBER})\s*,\s*(${NUMBER})\s*$`);

/**
 * A `near` value: `lat,lon` in decimal degrees ("43.65,-79.38") or a place name as
 * `resolvePlace` reads it ("Toronto", "Concord, ON"). Null for coordinates off the globe (a
 * latitude beyond ±90, a longitude beyond ±180) and for names GeoNames does not know.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(parseNear("43.65,-79.38"), {
 *   latitude: 43.65, longitude: -79.38, label: "43.65,-79.38",
 * });
 * assert.equal(parseNear("Toronto, ON")?.label, "Toronto, CA");
 * assert.equal(parseNear("91,0"), null);
 * assert.equal(parseNear("Nowhereville"), null);
 * ```
 */
export function parseNear(value: string): NearPoint | null {
  const numbers = value.match(COORDINATES);
  if (numbers) {
    const latitude = Number(numbers[1]);
    const longitude = Number(numbers[2]);
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
    return { latitude, longitude, label: `${latitude},${longitude}` };
  }
  const place = resolvePlace(value.trim());
  if (!place) return null;
  return {
    latitude: place.latitude,
    longitude: place.longitude,
    label: `${place.name}, ${place.country}`,
  };
}
