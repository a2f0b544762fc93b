/**
 * Points on the map and the distance between them: what the `near` filter measures.
 *
 * @module
 */

/** A point in decimal degrees. */
export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** Mean Earth radius (IUGG), kilometres. */
const EARTH_RADIUS_KM = 6371.0088;

/**
 * Great-circle distance in kilometres (haversine, on a sphere of the Earth's mean radius: within
 * 0.5% of the ellipsoid's, which a radius filter in kilometres does not notice).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const toronto = { latitude: 43.70011, longitude: -79.4163 };
 * const montreal = { latitude: 45.50884, longitude: -73.58781 };
 * assert.equal(Math.round(distanceKm(toronto, montreal)), 503);
 * assert.equal(distanceKm(toronto, toronto), 0);
 * ```
 */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Whether a posting lies within `radiusKm` of `center`: what the `near` filter and a place the
 * query names after "near" keep. A posting without coordinates (remote, or a place GeoNames does
 * not know) is never within.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const manchester = { latitude: 53.48095, longitude: -2.23743 };
 * assert.equal(isWithinKm({ latitude: 53.48771, longitude: -2.29042 }, manchester, 25), true);
 * assert.equal(isWithinKm({}, manchester, 25), false);
 * ```
 */
export function isWithinKm(
  point: { latitude?: number; longitude?: number },
  center: GeoPoint,
  radiusKm: number,
): boolean {
  return point.latitude !== undefined && point.longitude !== undefined &&
    distanceKm(center, { latitude: point.latitude, longitude: point.longitude }) <= radiusKm;
}
