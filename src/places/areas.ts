/**
 * Parts of the world a person names to search in ("remote jobs in Europe", "developer DACH", "jobs
 * in the EU"): each the ISO 3166-1 alpha-2 codes of its countries, as the postings' `country` holds
 * them. Written here, not derived: GeoNames' cities carry no continent, and "the EU", "DACH" or
 * "the Nordics" are groupings no gazetteer draws.
 *
 * @module
 */

/** A part of the world, named as a person names it. */
export interface Area {
  /** As the response and the page say it ("Europe", "the EU"). */
  name: string;
  countries: readonly string[];
}

const EU = "AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE";
const EUROPE = `${EU} AL AD BY BA IS XK LI MD MC ME MK NO RU SM RS CH UA GB VA`;
const SOUTH_AMERICA = "AR BO BR CL CO EC GY PY PE SR UY VE";
const CENTRAL_AMERICA = "MX GT BZ SV HN NI CR PA CU DO HT PR";
const MIDDLE_EAST = "AE BH EG IR IQ IL JO KW LB OM PS QA SA SY TR YE";
const ASIA = "AF AM AZ BD BT BN KH CN GE HK IN ID JP KZ KG LA MO MY MV MN MM NP KP PK PH SG KR " +
  `LK TW TJ TH TL TM UZ VN ${MIDDLE_EAST.replace(" EG", "")}`;
const OCEANIA = "AU NZ FJ PG WS TO VU SB";
const AFRICA = "DZ AO BJ BW BF BI CV CM CF TD KM CG CD CI DJ EG GQ ER SZ ET GA GM GH GN GW KE LS " +
  "LR LY MG MW ML MR MU MA MZ NA NE NG RW ST SN SC SL SO ZA SS SD TZ TG TN UG ZM ZW";

/** Each area by the folded names people use for it. */
const AREAS: readonly { names: readonly string[]; name: string; countries: string }[] = [
  { names: ["europe"], name: "Europe", countries: EUROPE },
  {
    names: ["eu", "the eu", "european union", "the european union"],
    name: "the EU",
    countries: EU,
  },
  { names: ["dach"], name: "DACH", countries: "DE AT CH" },
  {
    names: ["nordics", "the nordics", "scandinavia", "nordic countries", "the nordic countries"],
    name: "the Nordic countries",
    countries: "DK FI IS NO SE",
  },
  { names: ["north america"], name: "North America", countries: "US CA MX" },
  { names: ["south america"], name: "South America", countries: SOUTH_AMERICA },
  {
    names: ["latin america", "latam"],
    name: "Latin America",
    countries: `${SOUTH_AMERICA} ${CENTRAL_AMERICA}`,
  },
  { names: ["asia"], name: "Asia", countries: ASIA },
  { names: ["middle east", "the middle east"], name: "the Middle East", countries: MIDDLE_EAST },
  { names: ["africa"], name: "Africa", countries: AFRICA },
  { names: ["oceania", "australasia", "anz"], name: "Oceania", countries: OCEANIA },
];

const BY_NAME = new Map(
  AREAS.flatMap((area) =>
    area.names.map((name) => [name, { name: area.name, countries: area.countries.split(" ") }])
  ),
);

/**
 * The area the folded `text` names whole, or undefined.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(areaNamed("dach"), { name: "DACH", countries: ["DE", "AT", "CH"] });
 * assert.equal(areaNamed("the eu")?.countries.length, 27);
 * assert.equal(areaNamed("europe")?.countries.includes("GB"), true);
 * assert.equal(areaNamed("european"), undefined);
 * ```
 */
export function areaNamed(text: string): Area | undefined {
  return BY_NAME.get(text);
}

/**
 * A city's surroundings as people name them ("the Bay Area", "the GTA"): the postings within
 * `radiusKm` of the city, as "near San Francisco" keeps them with a radius the area needs (the
 * default 25 km leaves out San Jose and Oakland's far side). Written here: GeoNames has no such
 * areas.
 */
export interface MetroArea {
  /** The city the area is measured from, as GeoNames names it, and its country. */
  city: string;
  country: string;
  radiusKm: number;
}

const METROS: readonly (MetroArea & { names: readonly string[] })[] = [
  {
    names: ["bay area", "sf bay area", "san francisco bay area", "silicon valley"],
    city: "San Francisco",
    country: "US",
    radiusKm: 75,
  },
  { names: ["greater london"], city: "London", country: "GB", radiusKm: 30 },
  { names: ["greater manchester"], city: "Manchester", country: "GB", radiusKm: 20 },
  {
    names: ["gta", "greater toronto area", "greater toronto"],
    city: "Toronto",
    country: "CA",
    radiusKm: 60,
  },
  { names: ["dfw", "dallas fort worth"], city: "Dallas", country: "US", radiusKm: 60 },
  { names: ["greater sydney"], city: "Sydney", country: "AU", radiusKm: 50 },
];

const METRO_BY_NAME = new Map(
  METROS.flatMap(({ names, ...metro }) => names.map((name) => [name, metro])),
);

/**
 * The area around a city the folded `text` names whole, or undefined.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(metroAreaNamed("bay area"), { city: "San Francisco", country: "US", radiusKm: 75 });
 * assert.equal(metroAreaNamed("gta")?.city, "Toronto");
 * assert.equal(metroAreaNamed("bay"), undefined);
 * ```
 */
export function metroAreaNamed(text: string): MetroArea | undefined {
  return METRO_BY_NAME.get(text);
}
