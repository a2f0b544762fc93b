/**
 * Splits a job board's location text ("Berlin, BE, DE", "Chicago, IL, USA", "Remote, US") into a
 * city and an ISO 3166-1 alpha-2 country code.
 *
 * @module
 */
import countries from "i18n-iso-countries";
import en from "i18n-iso-countries/langs/en.json" with { type: "json" };
import de from "i18n-iso-countries/langs/de.json" with { type: "json" };
import nl from "i18n-iso-countries/langs/nl.json" with { type: "json" };
import fr from "i18n-iso-countries/langs/fr.json" with { type: "json" };
import es from "i18n-iso-countries/langs/es.json" with { type: "json" };
import it from "i18n-iso-countries/langs/it.json" with { type: "json" };

// Country names are looked up in the languages job boards write them in ("Nederland", "Deutschland").
const LANGS = [en, de, nl, fr, es, it];
for (const lang of LANGS) countries.registerLocale(lang);
const ALPHA2 = new Set(Object.keys(countries.getAlpha2Codes()));

/** City of a posting that names no place, only that the work is remote. */
export const REMOTE_CITY = "Remote";

export interface Location {
  /** Empty when the text names no city ("DE", "United States", "Bavaria, Germany"). */
  city: string;
  /** ISO 3166-1 alpha-2; absent when the text does not tell ("Toronto"). */
  country?: string;
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

const US_STATES = new Map(Object.entries({
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  PR: "Puerto Rico",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
}));

const CA_PROVINCES = new Map(Object.entries({
  AB: "Alberta",
  BC: "British Columbia",
  MB: "Manitoba",
  NB: "New Brunswick",
  NL: "Newfoundland and Labrador",
  NS: "Nova Scotia",
  NT: "Northwest Territories",
  NU: "Nunavut",
  ON: "Ontario",
  PE: "Prince Edward Island",
  QC: "Quebec",
  SK: "Saskatchewan",
  YT: "Yukon",
}));

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

/** Country names that the ISO tables lack but postings use. */
const EXTRA_COUNTRY_NAMES = new Map([
  ["england", "GB"],
  ["scotland", "GB"],
  ["wales", "GB"],
  ["northern ireland", "GB"],
  ["u.s.a.", "US"],
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

/**
 * The ISO alpha-2 code of a country written as a code ("DE", "USA") or a name ("Germany",
 * "Nederland", "United States"); `undefined` if the text is not a country.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(countryCode("USA"), "US");
 * assert.equal(countryCode("Nederland"), "NL");
 * assert.equal(countryCode("Toronto"), undefined);
 * ```
 */
export function countryCode(text: string): string | undefined {
  const value = text.trim();
  if (value === "") return undefined;
  // "UK" is no ISO code but is how the United Kingdom is usually abbreviated.
  if (value === "UK") return "GB";
  if (/^[A-Z]{2}$/.test(value)) return ALPHA2.has(value) ? value : undefined;
  if (/^[A-Z]{3}$/.test(value)) {
    const code = countries.alpha3ToAlpha2(value);
    if (code) return code;
  }
  const extra = EXTRA_COUNTRY_NAMES.get(value.toLowerCase());
  if (extra) return extra;
  for (const lang of LANGS) {
    const code = countries.getAlpha2Code(value, lang.locale);
    if (code) return code;
  }
  return undefined;
}

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
  const isCountry = ALPHA2.has(code);
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

function tidy(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * Splits a location text into city and country.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(splitLocation("München, BY, DE"), { city: "München", country: "DE" });
 * assert.deepEqual(splitLocation("Chicago, IL, USA"), { city: "Chicago", country: "US" });
 * assert.deepEqual(splitLocation("Austin, TX"), { city: "Austin", country: "US" });
 * assert.deepEqual(splitLocation("Home Office, DE"), { city: "Remote", country: "DE" });
 * assert.deepEqual(splitLocation("United States"), { city: "", country: "US" });
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
  const preferCountry = parts.length >= 3 || isRegionCode(first) || isRemote(first);
  const country = countryOfPart(last, preferCountry, hint);
  if (country === undefined) {
    return { city: isRemote(first) ? REMOTE_CITY : first };
  }
  if (isRemote(first)) return { city: REMOTE_CITY, country };
  if (parts.length === 2 && (isRegionCode(first) || REGIONS.get(first.toLowerCase()) === country)) {
    return { city: "", country };
  }
  return { city: first, country };
}
