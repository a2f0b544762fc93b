/**
 * Places written in a query ("nurse jobs in Toronto", "remote python developer", "barista berlin
 * part time"): a city or country the index has postings in, or "remote". The search applies the
 * place as a filter (an explicit `city`/`country` parameter wins) and searches the rest of the
 * words (docs/search.md, "Places in the query").
 *
 * @module
 */
import type { Job } from "../domain/job.ts";
import { countryCode, REMOTE_CITY } from "../ingest/location.ts";
import { foldText } from "./reposts.ts";

export interface QueryPlace {
  /** Folded city name (see `foldText`): matches every spelling of it ("Zürich", "Zurich"). */
  cityKey?: string;
  /** The city as the postings write it (the most common spelling), for messages. */
  city?: string;
  country?: string;
  remote?: boolean;
  /** The words of the query that named the place, as typed. */
  matched: string;
  /** The query without the place (and a leading "in"/"near"/...), to be searched as usual. */
  rest: string;
}

/** What the index knows of places: built once per index from its postings. */
export interface Gazetteer {
  /** Folded city → its most common spelling and how many postings have it. */
  cities: Map<string, { name: string; postings: number }>;
  /** Codes of the countries postings are in. */
  countries: Set<string>;
  /** Folded city words that are also title words in more postings than the city has. */
  ambiguous: Set<string>;
  /** Words in the longest city name. */
  longest: number;
}

const REMOTE_PHRASES = ["work from home", "working from home", "home office", "remote", "wfh"];
const CONNECTORS = new Set([
  "in",
  "near",
  "at",
  "around",
  "from",
  "based",
  "jobs",
  "job",
  "im",
  "en",
]);

/** Spoken names of countries that `countryCode` does not take in lower case. */
const COUNTRY_WORDS: Record<string, string> = { usa: "US", uk: "GB", america: "US", britain: "GB" };

/** Builds the gazetteer of an index's postings. */
export function buildGazetteer(jobs: readonly Job[]): Gazetteer {
  const spellings = new Map<string, Map<string, number>>();
  const countries = new Set<string>();
  for (const job of jobs) {
    if (job.country) countries.add(job.country);
    if (job.city === "" || job.city === REMOTE_CITY) continue;
    const key = foldText(job.city);
    if (key === "") continue;
    const names = spellings.get(key) ?? new Map<string, number>();
    names.set(job.city, (names.get(job.city) ?? 0) + 1);
    spellings.set(key, names);
  }
  const cities = new Map<string, { name: string; postings: number }>();
  let longest = 1;
  for (const [key, names] of spellings) {
    let best = "";
    let postings = 0;
    let bestCount = 0;
    for (const [name, count] of names) {
      postings += count;
      if (count > bestCount) [best, bestCount] = [name, count];
    }
    cities.set(key, { name: best, postings });
    longest = Math.max(longest, key.split(" ").length);
  }
  // "Reading", "Mobile", "Nursing"... : a one-word city that titles use more often as a word is
  // not taken as a place.
  const titleCounts = new Map<string, number>();
  const oneWord = new Set([...cities.keys()].filter((k) => !k.includes(" ")));
  for (const job of jobs) {
    for (const word of new Set(foldText(job.job_title).split(" "))) {
      if (oneWord.has(word)) titleCounts.set(word, (titleCounts.get(word) ?? 0) + 1);
    }
  }
  const ambiguous = new Set(
    [...titleCounts].filter(([word, n]) => n >= cities.get(word)!.postings).map(([word]) => word),
  );
  return { cities, countries, ambiguous, longest };
}

function countryOf(words: string[], gazetteer: Gazetteer): string | undefined {
  const text = words.join(" ");
  const code = COUNTRY_WORDS[text] ??
    (text.length >= 4 ? countryCode(text.replace(/\b\p{L}/gu, (c) => c.toUpperCase())) : undefined);
  return code && gazetteer.countries.has(code) ? code : undefined;
}

/**
 * The place a query names, if the index has postings there; null when it names none or when the
 * place is all the query says (a search for "Berlin" searches the word, as before).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const g = buildGazetteer([
 *   { city: "Toronto", country: "CA", job_title: "Nurse" },
 *   { city: "Zürich", country: "CH", job_title: "Barista" },
 * ] as never);
 * assert.deepEqual(findPlace("nurse jobs in Toronto", g), {
 *   cityKey: "toronto", city: "Toronto", matched: "Toronto", rest: "nurse",
 * });
 * assert.equal(findPlace("barista zurich", g)?.city, "Zürich");
 * assert.equal(findPlace("remote nurse", g)?.remote, true);
 * assert.equal(findPlace("Toronto", g), null);
 * ```
 */
export function findPlace(query: string, gazetteer: Gazetteer): QueryPlace | null {
  const typed = query.trim().split(/\s+/).filter(Boolean);
  const folded = typed.map((w) => foldText(w));
  for (let length = Math.min(gazetteer.longest, typed.length); length >= 1; length--) {
    for (let start = 0; start + length <= typed.length; start++) {
      const words = folded.slice(start, start + length).join(" ").split(" ").filter(Boolean);
      if (words.length === 0) continue;
      const key = words.join(" ");
      let place: Omit<QueryPlace, "matched" | "rest"> | null = null;
      if (REMOTE_PHRASES.includes(key)) place = { remote: true };
      else if (gazetteer.cities.has(key) && !gazetteer.ambiguous.has(key)) {
        place = { cityKey: key, city: gazetteer.cities.get(key)!.name };
      } else {
        const country = countryOf(words, gazetteer);
        if (country) place = { country };
      }
      if (!place) continue;
      let from = start;
      while (from > 0 && CONNECTORS.has(folded[from - 1])) from--;
      const restWords = [...typed.slice(0, from), ...typed.slice(start + length)]
        .filter((w, i, all) => !(i === all.length - 1 && CONNECTORS.has(foldText(w))));
      const rest = restWords.join(" ").trim();
      if (foldText(rest) === "" || [...foldText(rest).split(" ")].every((w) => CONNECTORS.has(w))) {
        return null;
      }
      return { ...place, matched: typed.slice(start, start + length).join(" "), rest };
    }
  }
  return null;
}
