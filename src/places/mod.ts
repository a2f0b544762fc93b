/**
 * Places of the world from GeoNames: names to points and countries, `near` values, distances.
 * Below both the importer and the index (it imports only src/domain/ and npm packages).
 *
 * @module
 */
export { distanceKm, type NearPoint, parseNear } from "./near.ts";
export {
  countriesNamed,
  type PlaceHint,
  placeInCountry,
  placeInsideName,
  type PlaceScope,
  placesNamed,
  resolvePlace,
  type WorldPlace,
} from "./world_places.ts";
export { countryCode, isCountryCode } from "./country_code.ts";
export { REMOTE_CITY } from "./remote.ts";
export { CA_PROVINCES, type Region, regionsNamed, US_STATES } from "./regions.ts";
