/**
 * Places written in a query ("nurse jobs in Toronto", "remote python developer", "barista berlin
 * part time", "nurse jobs in Ulaanbaatar"): a city or country the index has postings in, a place
 * of the world GeoNames knows (src/places/), or "remote". The search applies the place as a
 * filter (an explicit `city`/`country` parameter wins) and searches the rest of the words
 * (docs/search.md, "Places in the query").
 *
 * A place without postings is read only where a person plainly names one, because a job word read
 * as a place empties the search: after "in"/"near"/"at" (a place of 15,000 people or more), last in
 * the query (100,000 or more) or anywhere (a million or more), and never when one of its words is
 * a word of the postings' titles or tags or a word job searches use ("Nurse", "Sales", "Reading",
 * "Mobile", "Java" are all towns somewhere).
 *
 * @module
 */
import { z } from "zod";
import { foldText } from "../domain/fold_text.ts";
import type { Job } from "../domain/job.ts";
import { countryCode } from "../places/country_code.ts";
import { REMOTE_CITY } from "../places/remote.ts";
import { placeInCountry, placesNamed, type WorldPlace } from "../places/world_places.ts";

export interface QueryPlace {
  /**
   * Folded city name (see `foldText`) that the postings' cities are matched on: every spelling of
   * the city ("Zürich", "Zurich"), and every name of the same place ("München", "Munich").
   */
  cityKey?: string;
  /** The city as the postings write it (the most common spelling), or GeoNames' name. */
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
  /** Folded city → the countries its postings are in, with a spelling of it there. */
  placed: Map<string, Map<string, string>>;
  /**
   * Which cities are one place: computed on first need (`sameCity`), as it reads GeoNames, which
   * an index does not load to be ready.
   */
  joined?: JoinedCities;
  /** Codes of the countries postings are in. */
  countries: Set<string>;
  /** Folded city words that are also title words in more postings than the city has. */
  ambiguous: Set<string>;
  /** Folded words of the postings' titles and tags: never read as a place without postings. */
  jobWords: Set<string>;
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

/** Words that say a place follows ("nurse jobs in Ulaanbaatar", "near Leeds", "bei Köln"). */
const PREPOSITIONS = new Set(["in", "near", "at", "around", "im", "bei", "en", "nahe", "nach"]);

/**
 * Words job searches use that are also places somewhere and may be missing from a small index's
 * titles: fields of work, kinds of contract, and what people say around them. Never read as a
 * place without postings.
 */
const SEARCH_WORDS = new Set(
  ("job jobs work works working career careers position positions vacancy vacancies opening " +
    "openings hiring role roles employment full part time fulltime parttime contract temporary " +
    "temp permanent internship intern interns entry level graduate graduates senior junior lead " +
    "head chief assistant associate manager remote hybrid onsite office home person shift night " +
    "day weekend weekends summer winter seasonal paid pay salary high top best good nice great " +
    "new local near me my area city town sales marketing finance banking insurance retail " +
    "hospitality healthcare health care medical nursing pharmacy medicine education teaching " +
    "construction engineering manufacturing logistics security tech technology media design data " +
    "research science law legal government energy property transport aviation accounting " +
    "recruiting recruitment support service services operations management consulting software " +
    "development production quality safety maintenance customer administration admin warehouse " +
    "hospital school university food restaurant hotel travel tourism fashion art music film sport " +
    "sports fitness beauty agriculture farming mining oil gas telecom startup startups industry " +
    "commerce enterprise mission independence opportunity progress success hope mobile web " +
    "cloud reading writing").split(" "),
);

/**
 * People a place without postings must have: after a preposition, last in the query, elsewhere.
 * Cities people search jobs in are bigger than the smallest of these; the smaller a town, the
 * likelier its name is a word ("Sales", France, 1,700 people).
 */
const WORLD_MIN_POPULATION = { preposition: 15_000, last: 100_000, anywhere: 1_000_000 };

/**
 * Small words that alone name no place and never end a place's name ("in a shop", "jobs in the
 * city"), though some begin one ("The Hague", "La Paz", "Den Haag").
 */
const SMALL_WORDS = new Set(
  "a an the of for to and or with on by as is my me our your de la le el der die das und et y"
    .split(" "),
);

/** Words in the longest place name looked up in GeoNames ("Rio de Janeiro", "Salt Lake City"). */
const WORLD_LONGEST = 4;

/** Spoken names of countries that `countryCode` does not take in lower case. */
const COUNTRY_WORDS: Record<string, string> = { usa: "US", uk: "GB", america: "US", britain: "GB" };

/** One GeoNames place, as a map key. */
function placeId(place: WorldPlace): string {
  return `${place.country} ${place.latitude} ${place.longitude}`;
}

/**
 * Cities of the postings that are one place in GeoNames ("München" and "Munich", "Frankfurt" and
 * "Frankfurt am Main", "Cologne" and "Köln"), each group under the key of its city with the most
 * postings.
 */
export interface JoinedCities {
  /** Folded city → the key its postings are matched under (itself when it is joined to none). */
  keyOf: Map<string, string>;
  /** A GeoNames place (`placeId`) postings are in → the key of its postings. */
  keyOfPlace: Map<string, string>;
}

/**
 * A posting's folded title and tag words, kept with the posting: an index with a delta merged in
 * holds the same posting objects, and folding every title again made most of a merge's time.
 */
const jobWordsOfJob = new WeakMap<Job, { title: string[]; tags: string[] }>();

function jobWordsOf(job: Job): { title: string[]; tags: string[] } {
  let words = jobWordsOfJob.get(job);
  if (!words) {
    words = {
      title: [...new Set(foldText(job.job_title).split(" "))],
      tags: job.job_tags.flatMap((tag) => foldText(tag).split(" ")),
    };
    jobWordsOfJob.set(job, words);
  }
  return words;
}

/** Builds the gazetteer of an index's postings (without reading GeoNames: see `sameCity`). */
export function buildGazetteer(jobs: readonly Job[]): Gazetteer {
  const spellings = new Map<string, Map<string, number>>();
  const countries = new Set<string>();
  const placed = new Map<string, Map<string, string>>();
  const foldedCities = new Map<string, string>();
  for (const job of jobs) {
    if (job.country) countries.add(job.country);
    if (job.city === "" || job.city === REMOTE_CITY) continue;
    let key = foldedCities.get(job.city);
    if (key === undefined) foldedCities.set(job.city, key = foldText(job.city));
    if (key === "") continue;
    const names = spellings.get(key) ?? new Map<string, number>();
    names.set(job.city, (names.get(job.city) ?? 0) + 1);
    spellings.set(key, names);
    if (job.country) {
      const where = placed.get(key) ?? new Map<string, string>();
      if (!where.has(job.country)) where.set(job.country, job.city);
      placed.set(key, where);
    }
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
  const jobWords = new Set<string>();
  for (const job of jobs) {
    const { title, tags } = jobWordsOf(job);
    for (const word of title) {
      jobWords.add(word);
      if (cities.has(word)) titleCounts.set(word, (titleCounts.get(word) ?? 0) + 1);
    }
    for (const word of tags) jobWords.add(word);
  }
  const ambiguous = new Set(
    [...titleCounts].filter(([word, n]) => n >= cities.get(word)!.postings).map(([word]) => word),
  );
  return { cities, placed, countries, ambiguous, jobWords, longest };
}

/** A gazetteer as JSON (without `joined`, which is computed on first need). */
export function gazetteerToJson(gazetteer: Gazetteer): unknown {
  return {
    cities: [...gazetteer.cities],
    placed: [...gazetteer.placed].map(([key, where]) => [key, [...where]]),
    countries: [...gazetteer.countries],
    ambiguous: [...gazetteer.ambiguous],
    jobWords: [...gazetteer.jobWords],
    longest: gazetteer.longest,
  };
}

const GazetteerJsonSchema = z.object({
  cities: z.array(z.tuple([z.string(), z.object({ name: z.string(), postings: z.number() })])),
  placed: z.array(z.tuple([z.string(), z.array(z.tuple([z.string(), z.string()]))])),
  countries: z.array(z.string()),
  ambiguous: z.array(z.string()),
  jobWords: z.array(z.string()),
  longest: z.number().int().positive(),
});

/** A gazetteer from `gazetteerToJson`'s output; throws a RangeError for any other shape. */
export function gazetteerFromJson(json: unknown): Gazetteer {
  const parsed = GazetteerJsonSchema.safeParse(json);
  if (!parsed.success) throw new RangeError("Cannot read gazetteer: its shape is wrong");
  const { cities, placed, countries, ambiguous, jobWords, longest } = parsed.data;
  return {
    cities: new Map(cities),
    placed: new Map(placed.map(([key, where]) => [key, new Map(where)])),
    countries: new Set(countries),
    ambiguous: new Set(ambiguous),
    jobWords: new Set(jobWords),
    longest,
  };
}

/**
 * Which of the gazetteer's cities are one place, computed once per gazetteer on first need: each
 * city's name is looked up in GeoNames in each country its postings are in (by name, not by the
 * postings' coordinates: "Midtown Toronto" lies in Toronto but is not Toronto).
 */
export function sameCity(gazetteer: Gazetteer): JoinedCities {
  if (gazetteer.joined) return gazetteer.joined;
  const { cities, placed } = gazetteer;
  const parent = new Map<string, string>();
  const root = (key: string): string => {
    let r = key;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(key, r);
    return r;
  };
  const heavier = (a: string, b: string) => {
    const pa = cities.get(a)!.postings;
    const pb = cities.get(b)!.postings;
    return pa !== pb ? pa > pb : a < b;
  };
  for (const key of cities.keys()) parent.set(key, key);
  const firstKeyOfPlace = new Map<string, string>();
  for (const [key, where] of placed) {
    for (const [country, spelling] of where) {
      const place = placeInCountry(spelling, { country });
      if (!place) continue;
      const id = placeId(place);
      const other = firstKeyOfPlace.get(id);
      if (other === undefined) {
        firstKeyOfPlace.set(id, key);
        continue;
      }
      const [a, b] = [root(key), root(other)];
      if (a === b) continue;
      if (heavier(a, b)) parent.set(b, a);
      else parent.set(a, b);
    }
  }
  gazetteer.joined = {
    keyOf: new Map([...cities.keys()].map((key) => [key, root(key)])),
    keyOfPlace: new Map([...firstKeyOfPlace].map(([id, key]) => [id, root(key)])),
  };
  return gazetteer.joined;
}

function countryOf(
  words: string[],
  gazetteer: Gazetteer,
  anyCountry: boolean,
): string | undefined {
  const text = words.join(" ");
  const code = COUNTRY_WORDS[text] ??
    (text.length >= 4 ? countryCode(text.replace(/\b\p{L}/gu, (c) => c.toUpperCase())) : undefined);
  if (code === undefined) return undefined;
  // A country without postings only where a person plainly names one ("nurse jobs in Mongolia").
  if (gazetteer.countries.has(code)) return code;
  return anyCountry && !words.some((w) => isJobWord(w, gazetteer)) ? code : undefined;
}

function isJobWord(word: string, gazetteer: Gazetteer): boolean {
  return gazetteer.jobWords.has(word) || SEARCH_WORDS.has(word) || CONNECTORS.has(word);
}

/**
 * The place of the world `words` name where they stand in the query, if a person plainly names one
 * there (see the module doc); null otherwise.
 */
function worldPlaceOf(
  words: string[],
  position: { preposition: boolean; last: boolean },
  gazetteer: Gazetteer,
): WorldPlace | null {
  if (words.some((w) => isJobWord(w, gazetteer))) return null;
  if (!position.preposition && words.join("").length < 4) return null;
  const [best] = placesNamed(words.join(" "));
  if (!best) return null;
  const min = position.preposition
    ? WORLD_MIN_POPULATION.preposition
    : position.last
    ? WORLD_MIN_POPULATION.last
    : WORLD_MIN_POPULATION.anywhere;
  return best.population >= min ? best : null;
}

/**
 * The place a query names; null when it names none or when the place is all the query says (a
 * search for "Berlin" searches the word, as before). A city with postings is matched on every
 * spelling and name of it; a place without postings comes with its GeoNames name and country.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const g = buildGazetteer([
 *   { city: "Toronto", country: "CA", job_title: "Nurse", job_tags: [] },
 *   { city: "Zürich", country: "CH", job_title: "Barista", job_tags: [] },
 *   { city: "München", country: "DE", job_title: "Nurse", job_tags: [] },
 * ] as never);
 * assert.deepEqual(findPlace("nurse jobs in Toronto", g), {
 *   cityKey: "toronto", city: "Toronto", matched: "Toronto", rest: "nurse",
 * });
 * assert.equal(findPlace("barista zurich", g)?.city, "Zürich");
 * assert.equal(findPlace("nurse in Munich", g)?.city, "München");
 * assert.deepEqual(findPlace("nurse jobs in Ulaanbaatar", g), {
 *   cityKey: "ulan bator", city: "Ulan Bator", country: "MN", matched: "Ulaanbaatar",
 *   rest: "nurse",
 * });
 * assert.equal(findPlace("remote nurse", g)?.remote, true);
 * assert.equal(findPlace("Toronto", g), null);
 * assert.equal(findPlace("mobile developer", g), null);
 * ```
 */
export function findPlace(query: string, gazetteer: Gazetteer): QueryPlace | null {
  const typed = query.trim().split(/\s+/).filter(Boolean);
  const folded = typed.map((w) => foldText(w));
  const longest = Math.max(gazetteer.longest, WORLD_LONGEST);
  for (let length = Math.min(longest, typed.length); length >= 1; length--) {
    for (let start = 0; start + length <= typed.length; start++) {
      const words = folded.slice(start, start + length).join(" ").split(" ").filter(Boolean);
      if (words.length === 0) continue;
      const place = placeOf(words, {
        preposition: start > 0 && PREPOSITIONS.has(folded[start - 1]),
        last: start + length === typed.length,
      }, gazetteer);
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

/** What `words` name at their position: remote, a city with postings, a country, a world place. */
function placeOf(
  words: string[],
  position: { preposition: boolean; last: boolean },
  gazetteer: Gazetteer,
): Omit<QueryPlace, "matched" | "rest"> | null {
  const key = words.join(" ");
  if (REMOTE_PHRASES.includes(key)) return { remote: true };
  if (gazetteer.cities.has(key) && !gazetteer.ambiguous.has(key)) {
    return postingCity(key, gazetteer);
  }
  if (words.length <= gazetteer.longest) {
    const country = countryOf(words, gazetteer, position.preposition);
    if (country) return { country };
  }
  if (words.length > WORLD_LONGEST || CONNECTORS.has(words[0])) return null;
  if (SMALL_WORDS.has(words[words.length - 1])) return null;
  const world = worldPlaceOf(words, position, gazetteer);
  if (!world) return null;
  // Another name of a city with postings ("Munich" for "München"): that city, as postings write it.
  const key2 = sameCity(gazetteer).keyOfPlace.get(placeId(world));
  if (key2 !== undefined) return postingCity(key2, gazetteer);
  return { cityKey: foldText(world.name), city: world.name, country: world.country };
}

function postingCity(key: string, gazetteer: Gazetteer): Omit<QueryPlace, "matched" | "rest"> {
  const shared = sameCity(gazetteer).keyOf.get(key) ?? key;
  return { cityKey: shared, city: gazetteer.cities.get(shared)!.name };
}
