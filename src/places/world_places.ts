/**
 * Places by name, worldwide, from GeoNames (src/places/geonames.ts): what a place a person or a
 * posting writes ("Toronto, ON", "München", "Springfield, IL", "Berlin, DE") means, where it lies
 * and in which country. Names are compared folded (case and accents ignored) and under GeoNames'
 * alternate names ("Munich", "Koeln", "Den Haag"); when several places share a name, the hint or
 * the text's own region or country decide, then the number of people.
 *
 * @module
 */
import { foldText } from "../domain/fold_text.ts";
import { countryCode } from "./country_code.ts";
import { geoNames } from "./geonames.ts";
import { type Region, regionsNamed } from "./regions.ts";

/** A place of the world as GeoNames has it. */
export interface WorldPlace {
  /** GeoNames' name ("Munich", "Köln", "Toronto"). */
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  latitude: number;
  longitude: number;
  /** People living there (0 where GeoNames does not say). */
  population: number;
  /** GeoNames' admin1 code of its region (`TX`, `08` Ontario, `02` Bavaria); "" where none. */
  admin1?: string;
}

/** What to prefer when a name means several places. */
export interface PlaceHint {
  /** ISO 3166-1 alpha-2 code or a country name. */
  country?: string;
  /** A region code or name ("ON", "Ontario", "BY", "ENG"). */
  region?: string;
}

/** Longest text looked up: no place name comes near it, and folding costs time. */
const MAX_NAME_CHARS = 200;

/**
 * How many times fewer people a place counts for when the name looked up is only one of its
 * alternate names: GeoNames keeps old names as alternates (Richmond, Virginia, is also
 * "Manchester"; Denver "Saint Charles"), so a place named so comes first unless the other is 20
 * times bigger ("Cologne" is a village in France and Köln; "Manhattan" is Manhattan, not New York
 * City, which is six times bigger).
 */
const ALTERNATE_DISCOUNT = 20;

/** Places found for a name, and those of them it is only an alternate name of. */
interface Found {
  places: number[];
  alternates: Set<number>;
}

/** The places of a folded name: those it is the name of, then those it is an alternate name of. */
function placesOfKey(key: string): Found {
  if (key === "") return { places: [], alternates: new Set() };
  const { byName, byAlternate } = geoNames();
  const places = byName.places(key);
  const alternates = new Set<number>();
  for (const p of byAlternate.places(key)) {
    if (places.includes(p)) continue;
    places.push(p);
    alternates.add(p);
  }
  return { places, alternates };
}

function toWorldPlace(p: number): WorldPlace {
  const t = geoNames();
  return {
    name: t.name[p],
    country: t.country[p],
    latitude: t.latitude[p],
    longitude: t.longitude[p],
    population: t.population[p],
    admin1: t.admin1[p],
  };
}

/** True when place `p` lies in the country or region a qualifier ("ON", "Canada", "DE") names. */
function placeTest(qualifier: string): ((p: number) => boolean) | null {
  const country = countryCode(qualifier) ?? countryCode(capitalised(qualifier));
  const regions = regionsNamed(qualifier);
  if (country === undefined && regions.length === 0) return null;
  const t = geoNames();
  return (p) =>
    t.country[p] === country ||
    regions.some((r) => r.country === t.country[p] && r.admin1 === t.admin1[p]);
}

function capitalised(text: string): string {
  return text.toLowerCase().replace(/(^|[\s-])\p{L}/gu, (c) => c.toUpperCase());
}

function regionsOfHint(hint: PlaceHint, country: string | undefined): Region[] {
  return hint.region === undefined ? [] : regionsNamed(hint.region, country);
}

/**
 * Orders places: the hint's country and region first, then more people (a place the name is only
 * an alternate name of counting `ALTERNATE_DISCOUNT` times fewer), then GeoNames' order.
 */
function ranked({ places, alternates }: Found, hint: PlaceHint): number[] {
  const t = geoNames();
  const country = hint.country === undefined
    ? undefined
    : countryCode(hint.country) ?? countryCode(capitalised(hint.country));
  const regions = regionsOfHint(hint, country);
  const score = (p: number) =>
    (country !== undefined && t.country[p] === country ? 2 : 0) +
    (regions.some((r) => r.country === t.country[p] && r.admin1 === t.admin1[p]) ? 1 : 0);
  const people = (p: number) => t.population[p] / (alternates.has(p) ? ALTERNATE_DISCOUNT : 1);
  return [...places].sort((a, b) => score(b) - score(a) || people(b) - people(a) || a - b);
}

/**
 * The places a name may mean, best first by the hint, then by people. The name may carry its
 * region and country after commas ("Toronto, ON", "Toronto, Canada", "Springfield, IL",
 * "Berlin, DE"); those must hold, whereas the hint only orders.
 */
export function placesNamed(name: string, hint: PlaceHint = {}): WorldPlace[] {
  return placeNumbers(name, hint).map(toWorldPlace);
}

function placeNumbers(name: string, hint: PlaceHint): number[] {
  if (name.length > MAX_NAME_CHARS) return [];
  const [city, ...qualifiers] = name.split(",").map((part) => part.trim());
  const found = placesOfKey(foldText(city));
  for (const qualifier of qualifiers) {
    if (qualifier === "") continue;
    const test = placeTest(qualifier);
    if (test) found.places = found.places.filter(test);
  }
  return ranked(found, hint);
}

/**
 * The place a name means: case- and accent-insensitive, under GeoNames' alternate names too; a
 * region or country written after a comma must hold, and among the places left the hint's country
 * and region come first, then the most people. Null when GeoNames knows no such place.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(resolvePlace("Toronto")?.country, "CA");
 * assert.equal(resolvePlace("München")?.name, "Munich");
 * assert.equal(resolvePlace("Concord, ON")?.country, "CA");
 * assert.equal(resolvePlace("Concord", { country: "CA" })?.country, "CA");
 * assert.equal(resolvePlace("Springfield, IL")?.latitude.toFixed(1), "39.8");
 * assert.equal(resolvePlace("Nowhereville"), null);
 * ```
 */
export function resolvePlace(name: string, hint: PlaceHint = {}): WorldPlace | null {
  const [best] = placeNumbers(name, hint);
  return best === undefined ? null : toWorldPlace(best);
}

/** The countries GeoNames has a place of this name in (any spelling), most people first. */
export function countriesNamed(name: string): string[] {
  const countries: string[] = [];
  for (const place of placesNamed(name)) {
    if (!countries.includes(place.country)) countries.push(place.country);
  }
  return countries;
}

/** Where to look for a place in `placeInCountry`. */
export interface PlaceScope {
  /** ISO 3166-1 alpha-2: the place must be there. */
  country: string;
  /** A region code or name ("ON", "Bayern"): preferred when a place of the name is there. */
  region?: string;
  /**
   * A point a place of the name lies at exactly (a posting's coordinates, which came from that
   * place): that one, whatever the rest prefer.
   */
  at?: { latitude?: number; longitude?: number };
}

/**
 * Where a posting's city lies: the place of that name in the country (in the region when one of
 * them is there), the most people first; null when GeoNames has none there. Unlike
 * `resolvePlace`, the country is a condition, not a preference: a posting's coordinates never
 * point abroad.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(placeInCountry("Concord", { country: "CA" })?.latitude, 43.80011);
 * assert.equal(placeInCountry("Concord", { country: "US", region: "NC" })?.latitude, 35.40888);
 * assert.equal(placeInCountry("Krakau", { country: "DE" }), null);
 * ```
 */
export function placeInCountry(
  city: string,
  { country, region, at }: PlaceScope,
): WorldPlace | null {
  if (city.length > MAX_NAME_CHARS) return null;
  const t = geoNames();
  const found = placesOfKey(foldText(city));
  found.places = found.places.filter((p) => t.country[p] === country);
  const there = at?.latitude === undefined
    ? undefined
    : found.places.find((p) => t.latitude[p] === at.latitude && t.longitude[p] === at.longitude);
  const [best] = there === undefined ? ranked(found, { country, region }) : [there];
  return best === undefined ? null : toWorldPlace(best);
}

/**
 * People a place inside a longer name must have: "Much Hoole" is not in Hoole. Without a country
 * to keep to, only a big city is trusted ("Upper East Side" is not in Side, Turkey).
 */
const INSIDE_MIN_POPULATION = { inCountry: 10_000, anywhere: 100_000 };

/**
 * The places whose names make up some of the words of a longer name, most people first: for a
 * name GeoNames does not know whole ("Midtown Toronto", "Dallas-Fort Worth", "Amsterdam Zuid").
 * With `country`, places there of at least 10,000 people; without, of at least 100,000.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(placesInsideName("Dallas-Fort Worth").map((p) => p.name), [
 *   "Dallas", "Fort Worth",
 * ]);
 * ```
 */
export function placesInsideName(name: string, country?: string): WorldPlace[] {
  if (name.length > MAX_NAME_CHARS) return [];
  const words = foldText(name).split(" ").filter(Boolean);
  const t = geoNames();
  const minPopulation = country === undefined
    ? INSIDE_MIN_POPULATION.anywhere
    : INSIDE_MIN_POPULATION.inCountry;
  const found: Found = { places: [], alternates: new Set() };
  const named = new Set<number>();
  for (let length = words.length - 1; length >= 1; length--) {
    for (let start = 0; start + length <= words.length; start++) {
      const { places, alternates } = placesOfKey(words.slice(start, start + length).join(" "));
      for (const p of places) {
        if (country !== undefined && t.country[p] !== country) continue;
        if (t.population[p] < minPopulation) continue;
        if (!found.places.includes(p)) found.places.push(p);
        if (!alternates.has(p)) named.add(p);
      }
    }
  }
  for (const p of found.places) if (!named.has(p)) found.alternates.add(p);
  return ranked(found, {}).map(toWorldPlace);
}

/**
 * The biggest of `placesInsideName`: where a neighbourhood or a metropolitan area lies.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(placeInsideName("Midtown Toronto", "CA")?.name, "Toronto");
 * assert.equal(placeInsideName("Dallas-Fort Worth")?.name, "Dallas");
 * assert.equal(placeInsideName("Bradford West Gwillimbury", "CA"), null);
 * ```
 */
export function placeInsideName(name: string, country?: string): WorldPlace | null {
  return placesInsideName(name, country)[0] ?? null;
}

/**
 * The region (GeoNames' admin1 code) of a posting's city: the place of that name in its country
 * that lies at the posting's point (its coordinates came from that place, chosen with the region
 * its location text named: "Pasadena, TX" is not Pasadena, California), else the most populous of
 * the name there, else the biggest place inside the name ("Midtown Toronto"); null when GeoNames
 * has none.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(regionOfCity("Concord", "US", { latitude: 35.40888, longitude: -80.58158 }), "NC");
 * assert.equal(regionOfCity("Concord", "US"), "CA");
 * assert.equal(regionOfCity("Toronto", "CA"), "08");
 * assert.equal(regionOfCity("Krakau", "DE"), null);
 * ```
 */
export function regionOfCity(
  city: string,
  country: string,
  at?: PlaceScope["at"],
): string | null {
  // As the posting's coordinates were found (src/ingest/coordinates.ts), its point preferred.
  return (placeInCountry(city, { country, at }) ?? placeInsideName(city, country))?.admin1 ?? null;
}
