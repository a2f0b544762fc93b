/**
 * Country names and codes as postings and people write them ("DE", "USA", "Germany", "Nederland",
 * "UK") read as ISO 3166-1 alpha-2 codes.
 *
 * @module
 */
import countries from "i18n-iso-countries";
import { COUNTRY_CODES_MEANT } from "../domain/job.ts";
import { ownValue } from "../domain/own_value.ts";
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

/** Country names that the ISO tables lack but postings use. */
const EXTRA_COUNTRY_NAMES = new Map([
  ["england", "GB"],
  ["scotland", "GB"],
  ["wales", "GB"],
  ["northern ireland", "GB"],
  ["u.s.a.", "US"],
]);

/**
 * Lower-cased country name → code, in the languages' order (the first language naming it wins), as
 * i18n-iso-countries' `getAlpha2Code` compares them; built once: that function scans every name
 * of a language per call, which made reading a query's places cost milliseconds.
 */
let codeByName: Map<string, string> | null = null;

function codesByName(): Map<string, string> {
  if (codeByName) return codeByName;
  codeByName = new Map();
  for (const lang of LANGS) {
    for (
      const [code, names] of Object.entries(lang.countries as Record<string, string | string[]>)
    ) {
      for (const name of Array.isArray(names) ? names : [names]) {
        const key = name.toLowerCase();
        if (!codeByName.has(key)) codeByName.set(key, code);
      }
    }
  }
  return codeByName;
}

/** True for an assigned ISO 3166-1 alpha-2 code ("DE"; not "UK", not "XX"). */
export function isCountryCode(code: string): boolean {
  return ALPHA2.has(code);
}

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
  // "UK" is no ISO code but is how the United Kingdom is usually abbreviated (one table with the
  // search's hint for `country=UK`).
  const meant = ownValue(COUNTRY_CODES_MEANT, value);
  if (meant) return meant;
  if (/^[A-Z]{2}$/.test(value)) return ALPHA2.has(value) ? value : undefined;
  if (/^[A-Z]{3}$/.test(value)) {
    const code = countries.alpha3ToAlpha2(value);
    if (code) return code;
  }
  const lower = value.toLowerCase();
  return EXTRA_COUNTRY_NAMES.get(lower) ?? codesByName().get(lower);
}
