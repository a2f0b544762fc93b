/**
 * The regions job boards write after a city ("Concord, ON", "München, BY, DE", "Bradford, ENG,
 * GB", "Vaughan, Ontario, Canada"), with the GeoNames admin1 code each stands for. A region code
 * means something only with its country ("NH" is New Hampshire in the US and Noord-Holland in the
 * Netherlands), so every lookup returns all readings and the caller settles them by country.
 *
 * Only the countries of the real postings and their neighbours in the data are listed: the US,
 * Canada, Australia, the United Kingdom, Germany, the Netherlands and India. Codes are those the
 * boards write (Indeed's ISO 3166-2 suffixes, LinkedIn's English names, German and Dutch names);
 * the admin1 codes were read off GeoNames' own data (the capital of each region).
 *
 * @module
 */
import { foldText } from "../domain/fold_text.ts";

/** One reading of a region text. */
export interface Region {
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** GeoNames admin1 code within `country` (`08` is Ontario, `NY` New York, `ENG` England). */
  admin1: string;
  /** The region's English name. */
  name: string;
}

/** US states by postal code; GeoNames' admin1 codes for the US are these codes. */
export const US_STATES: ReadonlyMap<string, string> = new Map(Object.entries({
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

/** Canadian provinces and territories by postal code: [name, GeoNames admin1]. */
const CA_REGIONS: Record<string, [string, string]> = {
  AB: ["Alberta", "01"],
  BC: ["British Columbia", "02"],
  MB: ["Manitoba", "03"],
  NB: ["New Brunswick", "04"],
  NL: ["Newfoundland and Labrador", "05"],
  NS: ["Nova Scotia", "07"],
  ON: ["Ontario", "08"],
  PE: ["Prince Edward Island", "09"],
  QC: ["Quebec", "10"],
  SK: ["Saskatchewan", "11"],
  YT: ["Yukon", "12"],
  NT: ["Northwest Territories", "13"],
  NU: ["Nunavut", "14"],
};

/** Canadian provinces and territories by postal code. */
export const CA_PROVINCES: ReadonlyMap<string, string> = new Map(
  Object.entries(CA_REGIONS).map(([code, [name]]) => [code, name]),
);

/**
 * The other countries' regions: [country, code as boards write it, GeoNames admin1, names]. The
 * first name is the English one; the others are how the country's own boards write it.
 */
const OTHER_REGIONS: [string, string, string, string[]][] = [
  ["AU", "ACT", "01", ["Australian Capital Territory"]],
  ["AU", "NSW", "02", ["New South Wales"]],
  ["AU", "NT", "03", ["Northern Territory"]],
  ["AU", "QLD", "04", ["Queensland"]],
  ["AU", "SA", "05", ["South Australia"]],
  ["AU", "TAS", "06", ["Tasmania"]],
  ["AU", "VIC", "07", ["Victoria"]],
  ["AU", "WA", "08", ["Western Australia"]],
  ["GB", "ENG", "ENG", ["England"]],
  ["GB", "SCT", "SCT", ["Scotland"]],
  ["GB", "WLS", "WLS", ["Wales"]],
  ["GB", "NIR", "NIR", ["Northern Ireland"]],
  ["DE", "BW", "01", ["Baden-Württemberg"]],
  ["DE", "BY", "02", ["Bavaria", "Bayern"]],
  ["DE", "HB", "03", ["Bremen"]],
  ["DE", "HH", "04", ["Hamburg"]],
  ["DE", "HE", "05", ["Hesse", "Hessen"]],
  ["DE", "NI", "06", ["Lower Saxony", "Niedersachsen"]],
  ["DE", "NW", "07", ["North Rhine-Westphalia", "Nordrhein-Westfalen"]],
  ["DE", "RP", "08", ["Rhineland-Palatinate", "Rheinland-Pfalz"]],
  ["DE", "SL", "09", ["Saarland"]],
  ["DE", "SH", "10", ["Schleswig-Holstein"]],
  ["DE", "BB", "11", ["Brandenburg"]],
  [
    "DE",
    "MV",
    "12",
    ["Mecklenburg-Western Pomerania", "Mecklenburg-West Pomerania", "Mecklenburg-Vorpommern"],
  ],
  ["DE", "SN", "13", ["Saxony", "Sachsen"]],
  ["DE", "ST", "14", ["Saxony-Anhalt", "Sachsen-Anhalt"]],
  ["DE", "TH", "15", ["Thuringia", "Thüringen"]],
  ["DE", "BE", "16", ["Berlin"]],
  ["NL", "DR", "01", ["Drenthe"]],
  ["NL", "FR", "02", ["Friesland", "Fryslân"]],
  ["NL", "GE", "03", ["Gelderland"]],
  ["NL", "GR", "04", ["Groningen"]],
  ["NL", "LI", "05", ["Limburg"]],
  ["NL", "NB", "06", ["North Brabant", "Noord-Brabant"]],
  ["NL", "NH", "07", ["North Holland", "Noord-Holland"]],
  ["NL", "UT", "09", ["Utrecht"]],
  ["NL", "ZE", "10", ["Zeeland"]],
  ["NL", "ZH", "11", ["South Holland", "Zuid-Holland"]],
  ["NL", "OV", "15", ["Overijssel"]],
  ["NL", "FL", "16", ["Flevoland"]],
  ["IN", "DL", "07", ["Delhi"]],
  ["IN", "GJ", "09", ["Gujarat"]],
  ["IN", "HR", "10", ["Haryana"]],
  ["IN", "MH", "16", ["Maharashtra"]],
  ["IN", "KA", "19", ["Karnataka"]],
  ["IN", "PB", "23", ["Punjab"]],
  ["IN", "TN", "25", ["Tamil Nadu"]],
  ["IN", "WB", "28", ["West Bengal"]],
  ["IN", "UP", "36", ["Uttar Pradesh"]],
  ["IN", "TG", "40", ["Telangana"]],
];

/** Every region, by folded code and by folded name. */
const BY_TEXT = (() => {
  const byText = new Map<string, Region[]>();
  const add = (text: string, region: Region) => {
    const key = foldText(text);
    const list = byText.get(key) ?? [];
    if (!list.some((r) => r.country === region.country && r.admin1 === region.admin1)) {
      list.push(region);
    }
    byText.set(key, list);
  };
  for (const [code, name] of US_STATES) {
    const region = { country: "US", admin1: code, name };
    add(code, region);
    add(name, region);
  }
  for (const [code, [name, admin1]] of Object.entries(CA_REGIONS)) {
    const region = { country: "CA", admin1, name };
    add(code, region);
    add(name, region);
  }
  for (const [country, code, admin1, names] of OTHER_REGIONS) {
    const region = { country, admin1, name: names[0] };
    add(code, region);
    for (const name of names) add(name, region);
  }
  return byText;
})();

/**
 * Every reading of a region code or name ("ON", "Ontario", "NH", "Bayern", "ENG"), in any case and
 * with or without accents; `country` keeps only that country's. Empty when it names no region.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(regionsNamed("ON"), [{ country: "CA", admin1: "08", name: "Ontario" }]);
 * assert.deepEqual(regionsNamed("NH").map((r) => r.country), ["US", "NL"]);
 * assert.deepEqual(regionsNamed("nh", "NL"), [
 *   { country: "NL", admin1: "07", name: "North Holland" },
 * ]);
 * assert.deepEqual(regionsNamed("Thuringia"), regionsNamed("Thüringen"));
 * assert.deepEqual(regionsNamed("Toronto"), []);
 * ```
 */
export function regionsNamed(text: string, country?: string): Region[] {
  const found = BY_TEXT.get(foldText(text)) ?? [];
  return country === undefined ? found : found.filter((region) => region.country === country);
}
