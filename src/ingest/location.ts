/**
 * Splits a job board's location text ("Berlin, BE, DE", "Chicago, IL, USA", "Remote, US") into a
 * city, its region as written and an ISO 3166-1 alpha-2 country code.
 *
 * @module
 */
import { countryCode, isCountryCode } from "../places/country_code.ts";
import { CA_PROVINCES, regionsNamed, US_STATES } from "../places/regions.ts";
import { resolvePlace } from "../places/world_places.ts";

import { REMOTE_CITY } from "../places/remote.ts";

export { countryCode, REMOTE_CITY };

export interface Location {
  /** Empty when the text names no city ("DE", "United States", "Bavaria, Germany"). */
  city: string;
  /** ISO 3166-1 alpha-2; absent when the text does not tell ("Toronto"). */
  country?: string;
  /**
   * The city's region as written ("ON", "Ontario", "BY", "ENG"), when the text names one of the
   * country's regions (src/places/regions.ts): it tells the Concord in Ontario from the one in
   * California when the posting's coordinates are looked up. Stored only where no city is named
   * (`Job.region`, by its English name).
   */
  region?: string;
}

export interface SplitLocationOptions {
  /**
   * The country the source most likely means (e.g. `DE` for de.indeed.com). Used only to settle a
   * code that is both a region and a country ("Sharon, CA" on glassdoor.ca is Canada, "Irvine, CA"
   * on glassdoor.com is California); it never fills in a missing country (the import may, from
   * the board and the other postings: country_fill.ts).
   */
  countryHint?: string;
}

/**
 * Region names (lower case) that LinkedIn and others put where a city would be ("Bavaria, Germany"),
 * with their country. Names that are also big cities (Berlin, Hamburg, Bremen, Utrecht, Groningen,
 * New York, Washington) are left out: as a first part they are read as the city.
 */
const REGIONS = new Map<string, string>([
  ...[...US_STATES.values()].filter((name) => name !== "New York" && name !== "Washington")
    .map((name) => [name.toLowerCase(), "US"] as [string, string]),
  ...[...CA_PROVINCES.values()].map((name) => [name.toLowerCase(), "CA"] as [string, string]),
  ...[
    "baden-württemberg",
    "bavaria",
    "bayern",
    "brandenburg",
    "hesse",
    "hessen",
    "lower saxony",
    "niedersachsen",
    "mecklenburg-western pomerania",
    "mecklenburg-vorpommern",
    "north rhine-westphalia",
    "nordrhein-westfalen",
    "rhineland-palatinate",
    "rheinland-pfalz",
    "saarland",
    "saxony",
    "sachsen",
    "saxony-anhalt",
    "sachsen-anhalt",
    "schleswig-holstein",
    "thuringia",
    "thüringen",
  ].map((name) => [name, "DE"] as [string, string]),
  ...[
    "north holland",
    "noord-holland",
    "south holland",
    "zuid-holland",
    "north brabant",
    "noord-brabant",
    "gelderland",
    "overijssel",
    "flevoland",
    "friesland",
    "fryslân",
    "drenthe",
    "zeeland",
    "limburg",
  ].map((name) => [name, "NL"] as [string, string]),
  ...["england", "scotland", "wales", "northern ireland"].map((name) =>
    [name, "GB"] as [string, string]
  ),
  ...["new south wales", "queensland", "victoria", "western australia", "south australia"]
    .map((name) => [name, "AU"] as [string, string]),
  ...["maharashtra", "karnataka", "tamil nadu", "telangana", "uttar pradesh", "haryana"]
    .map((name) => [name, "IN"] as [string, string]),
]);

/** Texts that stand for "no fixed place" in the city slot. */
const REMOTE_WORDS = new Set([
  "remote",
  "fully remote",
  "home office",
  "homeoffice",
  "home-office",
  "work from home",
  "working from home",
  "wfh",
  "anywhere",
  "werk van thuis",
  "thuiswerken",
  "télétravail",
  "teletrabajo",
]);

function isRegionCode(part: string): boolean {
  return /^[A-Z]{2,3}$/.test(part);
}

function isRemote(part: string): boolean {
  return REMOTE_WORDS.has(part.toLowerCase());
}

/**
 * Reads a two-letter code in the country slot, which may also be a US state or Canadian province
 * code. `preferCountry` is set when the layout says the slot holds a country ("BE, DE", "Remote, US",
 * three parts).
 */
function resolveCode(code: string, preferCountry: boolean, hint: string | undefined) {
  const isCountry = isCountryCode(code);
  const isState = US_STATES.has(code);
  const isProvince = CA_PROVINCES.has(code);
  if (isCountry && preferCountry) return code;
  if (hint !== undefined) {
    if (isCountry && hint === code) return code;
    if (isState && hint === "US") return "US";
    if (isProvince && hint === "CA") return "CA";
  }
  if (isCountry && !isState && !isProvince) return code;
  // PRODUCT.md: a US state code implies US. A code that is both (DE, IN, CA) counts as the state
  // unless the layout or the hint says otherwise; a province code that is also a country (NL, SK,
  // PE) counts as the country.
  if (isState) return "US";
  if (isCountry) return code;
  if (isProvince) return "CA";
  return undefined;
}

/** Country named by one part of a location: a code, a country name or a region name. */
function countryOfPart(part: string, preferCountry: boolean, hint: string | undefined) {
  if (/^[A-Z]{2}$/.test(part)) {
    const resolved = resolveCode(part, preferCountry, hint);
    if (resolved) return resolved;
  }
  const named = countryCode(part);
  const region = REGIONS.get(part.toLowerCase());
  if (named && region && hint === region) return region;
  return named ?? region;
}

/**
 * "Berlin, DE": a code that is a country and also a US state or Canadian province (DE, IN, CA,
 * PE...) after a city is read as `near` reads it (src/places/world_places.ts `resolvePlace`): the
 * place of that name there with the most people. Berlin, Germany (3.6 million) is not Berlin,
 * Delaware; Dover and Newark, DE stay in Delaware. A hint (the job board's country) still decides
 * first, as before.
 */
function meansCountry(city: string, code: string, hint: string | undefined): boolean {
  if (hint !== undefined || !/^[A-Z]{2}$/.test(code) || !isCountryCode(code)) return false;
  if (!US_STATES.has(code) && !CA_PROVINCES.has(code)) return false;
  return resolvePlace(`${city}, ${code}`)?.country === code;
}

function tidy(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** `location` with the region, when `part` is one of its country's regions. */
function withRegion(location: Location, part: string | undefined): Location {
  if (part === undefined || location.country === undefined) return location;
  return regionsNamed(part, location.country).length > 0 ? { ...location, region: part } : location;
}

/**
 * Splits a location text into city, region and country.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(splitLocation("München, BY, DE"), {
 *   city: "München", country: "DE", region: "BY",
 * });
 * assert.deepEqual(splitLocation("Chicago, IL, USA"), {
 *   city: "Chicago", country: "US", region: "IL",
 * });
 * assert.deepEqual(splitLocation("Concord, ON"), { city: "Concord", country: "CA", region: "ON" });
 * assert.deepEqual(splitLocation("Home Office, DE"), { city: "Remote", country: "DE" });
 * assert.deepEqual(splitLocation("United States"), { city: "", country: "US" });
 * assert.deepEqual(splitLocation("MH, IN"), { city: "", country: "IN", region: "MH" });
 * assert.deepEqual(splitLocation("Toronto"), { city: "Toronto" });
 * ```
 */
export function splitLocation(text: string, options: SplitLocationOptions = {}): Location {
  const hint = options.countryHint;
  const parts = text.split(",").map(tidy).filter((part) => part !== "");
  if (parts.length === 0) return { city: "" };

  if (parts.length === 1) {
    const [only] = parts;
    if (isRemote(only)) return { city: REMOTE_CITY };
    // A lone code is a country first ("DE", "US"), else a state or province ("TX").
    const country = countryOfPart(only, true, hint);
    if (country) return { city: "", country };
    return { city: only };
  }

  const first = parts[0];
  const last = parts[parts.length - 1];
  // JobSpy writes "city, region, country"; with two parts the last is a country or a region.
  const preferCountry = parts.length >= 3 || isRegionCode(first) || isRemote(first) ||
    meansCountry(first, last, hint);
  const country = countryOfPart(last, preferCountry, hint);
  if (country === undefined) {
    return { city: isRemote(first) ? REMOTE_CITY : first };
  }
  if (isRemote(first)) return { city: REMOTE_CITY, country };
  if (parts.length === 2 && (isRegionCode(first) || REGIONS.get(first.toLowerCase()) === country)) {
    // "MH, IN", "Bavaria, Germany": a region and no city.
    return withRegion({ city: "", country }, first);
  }
  return withRegion({ city: first, country }, parts.length === 2 ? last : parts[parts.length - 2]);
}
