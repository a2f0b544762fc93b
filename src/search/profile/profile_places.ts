/**
 * The places a profile names: cities the index has postings in (looked up through a
 * `PlaceLookup`, so that reading stays pure) and countries, from a wish or from the address, with
 * a telephone prefix as the last resort for the country. A region after a comma qualifies a city
 * ("Austin, TX", "Oakville, Ontario") and is no place of its own.
 *
 * @module
 */
import { countryCode } from "../../ingest/location.ts";
import { ownValue } from "../../domain/own_value.ts";

/**
 * What the index knows of places: cities it has postings in, by their folded name, and big cities
 * of the countries it has postings in (src/search/index_places.ts).
 */
export interface PlaceLookup {
  /**
   * The city the words name (compared folded), with its country and position, or undefined; in
   * `country` where the text names one beside it ("Bristol, United Kingdom").
   */
  city(words: string, country?: string): KnownCity | undefined;
}

export interface KnownCity {
  city: string;
  country: string;
  latitude?: number;
  longitude?: number;
}

/** A place named in a profile. */
export interface FoundPlace {
  /** The city as the postings write it, when the index knows it. */
  city?: string;
  /** ISO 3166-1 alpha-2. */
  country?: string;
  /** Where the city lies, when its postings say. */
  latitude?: number;
  longitude?: number;
}

export interface DerivedPlace extends FoundPlace {
  /** Stated in a wish ("looking for ... in Leeds") rather than only in the address. */
  wished: boolean;
}

export interface PlacesInOptions {
  /** The cities the index knows; without it only countries are found. */
  lookup?: PlaceLookup;
  /** Names in lower case count too (a wish written in lower case: "in leeds or bradford"). */
  anyCase?: boolean;
}

/**
 * Places named in a text: cities the index knows and countries, longest names first. A name
 * after a city and a comma qualifies it ("Oakville, Ontario", "Bronx, NY") and is no place of its
 * own. Proper nouns only, unless `anyCase`.
 */
export function placesIn(text: string, options: PlacesInOptions = {}): FoundPlace[] {
  const { lookup, anyCase = false } = options;
  const found: ({ at: number } & FoundPlace)[] = [];
  const matches = [...text.matchAll(/[^\s,;()|·•/]+(?:,)?/g)];
  const tokens = matches.map((m) => m[0]);
  // A two-letter code is a country only in an address ("Amsterdam, NL"), not in a sentence
  // ("Kubernetes platforms, CI/CD"): on a short line, before its end, a separator or a postcode.
  const codeFits = (k: number) => {
    const at = matches[k].index! + matches[k][0].length;
    const lineStart = text.lastIndexOf("\n", matches[k].index!) + 1;
    const next = text.indexOf("\n", at);
    const lineEnd = next === -1 ? text.length : next;
    const short = text.slice(lineStart, lineEnd).split(/\s+/).length <= 10;
    return short && /^\s*(?:$|[·|;)]|\d|[A-Z]\d[A-Z])/.test(text.slice(at, lineEnd));
  };
  const words = tokens.map((t) => t.replace(/[,.:]+$/, ""));
  const afterComma = (k: number) => k > 0 && tokens[k - 1].endsWith(",");
  const taken = new Set<number>();
  for (let length = 3; length >= 1; length--) {
    for (let start = 0; start + length <= words.length; start++) {
      const span = Array.from({ length }, (_, k) => start + k);
      if (span.some((k) => taken.has(k))) continue;
      if (span.slice(0, -1).some((k) => tokens[k].endsWith(","))) continue;
      const phrase = words.slice(start, start + length).join(" ");
      if (!anyCase && !/^\p{Lu}/u.test(phrase)) continue;
      // "Oakville, Ontario": a name after a city of another country qualifies it; "Liverpool,
      // Wirral" lists two.
      const before = afterComma(start)
        ? found.find((f) => f.city && f.at === start - 1)
        : undefined;
      // The country written after it ("Bristol, United Kingdom", "London, Ontario") says which.
      const stated = tokens[start + length - 1].endsWith(",")
        ? countriesAfter(words, start + length)
        : [];
      let city = stated.length > 0
        ? stated.map((country) => lookup?.city(phrase, country)).find((known) => known)
        : lookup?.city(phrase);
      if (before && city && city.country !== before.country) city = undefined;
      const qualifier = before !== undefined && city === undefined;
      const region = afterComma(start)
        ? regionCountry(phrase, words.slice(start + length).join(" "))
        : undefined;
      const country = region ??
        (qualifier && !/^[A-Z]{2}$/.test(phrase) && !countryCode(phrase)
          ? undefined
          : /^[A-Z]{2}$/.test(phrase)
          ? (afterComma(start) && codeFits(start) ? countryCode(phrase) : undefined)
          : countryCode(phrase.replace(/^the\s+/i, "")) ??
            (anyCase ? countryCode(capitalised(phrase)) : undefined));
      if (city) found.push({ at: start + length - 1, ...city });
      else if (country) found.push({ at: start + length - 1, country });
      else continue;
      span.forEach((k) => taken.add(k));
    }
  }
  return found.sort((x, y) => x.at - y.at).map(({ at: _, ...place }) => place);
}

/**
 * The countries the words from `at` may name (one to three words: a country, or a region of one),
 * likelier first: "AL" is Alabama before Albania after a city ("Birmingham, AL"), "DE" Delaware
 * before Germany, whichever has the city.
 */
function countriesAfter(words: readonly string[], at: number): string[] {
  for (let length = 3; length >= 1; length--) {
    if (at + length > words.length) continue;
    const phrase = words.slice(at, at + length).join(" ");
    const countries = [
      ownValue(REGIONS, phrase),
      countryCode(phrase.replace(/^the\s+/i, "")),
    ].filter((country) => country !== undefined);
    if (countries.length > 0) return [...new Set(countries)];
  }
  return [];
}

function capitalised(text: string): string {
  return text.replace(/(^|\s)\p{L}/gu, (c) => c.toUpperCase());
}

/** US states and Canadian provinces by code and name: "Austin, TX", "Halifax, Nova Scotia". */
const REGIONS: Record<string, string> = Object.fromEntries([
  ...(
    "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH " +
    "NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY"
  ).split(" ").map((code) => [code, "US"]),
  ...(
    "Alabama Alaska Arizona Arkansas California Colorado Connecticut Delaware Florida Georgia " +
    "Hawaii Idaho Illinois Indiana Iowa Kansas Kentucky Louisiana Maine Maryland Massachusetts " +
    "Michigan Minnesota Mississippi Missouri Montana Nebraska Nevada Ohio Oklahoma Oregon " +
    "Pennsylvania Tennessee Texas Utah Vermont Virginia Washington Wisconsin Wyoming"
  ).split(" ").map((name) => [name, "US"]),
  ...["ON", "BC", "QC", "AB", "MB", "NS", "NB", "PE", "SK", "NL", "YT", "NT", "NU"].map((
    code,
  ) => [code, "CA"]),
  ...[
    "Ontario",
    "Quebec",
    "Québec",
    "Alberta",
    "Manitoba",
    "Saskatchewan",
    "Nova Scotia",
    "New Brunswick",
    "British Columbia",
  ].map((name) => [name, "CA"]),
]);

/** A US ZIP code or a Canadian postal code right after a region: "NY 10461", "ON L6H 1A1". */
const POSTAL_CODE = /^(?:\d{5}(?:-\d{4})?|[A-Z]\d[A-Z]\s?\d[A-Z]\d)\b/;

/**
 * The country a region after a comma stands for. A code that is also a country's ("DE", "IN",
 * "CA") is the region only before a postal code ("Wilmington, DE 19801"); without one it is the
 * country ("Berlin, DE").
 */
function regionCountry(region: string, after: string): string | undefined {
  const country = ownValue(REGIONS, region);
  if (!country) return undefined;
  if (/^[A-Z]{2}$/.test(region) && countryCode(region) !== undefined) {
    return POSTAL_CODE.test(after.trim()) ? country : undefined;
  }
  return country;
}

/** Telephone prefixes: the country a CV's phone number is in, when nothing else says. */
const PHONE_COUNTRIES: [RegExp, string][] = [
  [/\+\s?91[\s-]?\d/, "IN"],
  [/\+\s?49[\s-]?\d/, "DE"],
  [/\+\s?31[\s-]?\d/, "NL"],
  [/\+\s?44[\s-]?\d|\b07\d{3}\s?\d{6}\b|\b07\d{3}\s\d{3}\s\d{3}\b/, "GB"],
  [/\+\s?61[\s-]?\d/, "AU"],
  [/\+\s?43[\s-]?\d/, "AT"],
  [/\+\s?41[\s-]?\d/, "CH"],
];

function dedupePlaces(places: FoundPlace[]): FoundPlace[] {
  const seen = new Set<string>();
  const kept: FoundPlace[] = [];
  // A country named beside its own cities adds nothing: "Berlin, Germany".
  const cityCountries = new Set(places.filter((p) => p.city).map((p) => p.country));
  for (const place of places) {
    if (!place.city && cityCountries.has(place.country)) continue;
    const key = `${place.city ?? ""}|${place.country ?? ""}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(place);
  }
  return kept;
}

export interface ProfilePlacesOptions {
  /** Places the person wishes to work in, found in wishes and relocation sentences. */
  wished: readonly FoundPlace[];
  lookup?: PlaceLookup;
}

/**
 * A profile's places: the wished ones, then those of the head (`headText`, the address), each
 * once; the phone's country when neither names a country.
 */
export function profilePlaces(headText: string, options: ProfilePlacesOptions): DerivedPlace[] {
  const { wished, lookup } = options;
  const wishedKeys = new Set(wished.map((p) => `${p.city ?? ""}|${p.country ?? ""}`));
  const places: DerivedPlace[] = dedupePlaces([...wished, ...placesIn(headText, { lookup })])
    .map((p) => ({ ...p, wished: wishedKeys.has(`${p.city ?? ""}|${p.country ?? ""}`) }));
  if (!places.some((p) => p.country)) {
    const phone = PHONE_COUNTRIES.find(([pattern]) => pattern.test(headText));
    if (phone) places.push({ country: phone[1], wished: false });
  }
  return places;
}
