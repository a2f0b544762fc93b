/**
 * The gazetteer of an index: the cities and countries its postings are in, with their spellings,
 * the cities that are one place (by GeoNames, on first need), and the words of the postings' titles
 * and tags, which are read as a place without postings only where its region's postings outnumber
 * the titles that use the word (src/index/query_place.ts). Built
 * once per index and kept in its snapshot as JSON.
 *
 * @module
 */
import { z } from "zod";
import { foldText } from "../domain/fold_text.ts";
import { tokenize } from "./tokenize.ts";
import type { Job } from "../domain/job.ts";
import { regionsNamed } from "../places/regions.ts";
import { REMOTE_CITY } from "../places/remote.ts";
import { placeInCountry, type WorldPlace } from "../places/world_places.ts";

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
  /**
   * Folded words of the postings' titles and tags: not read as a place without postings, unless
   * its region has more postings than titles use the word ("only for mumbai candidates").
   */
  jobWords: Set<string>;
  /** Words in the longest city name. */
  longest: number;
  /**
   * How many postings have a folded word in their title, counted on first need (a region named
   * last in a query without "in" is read as the region unless titles use its name as often:
   * "nurse texas", but "Texas Instruments"). Not kept in the snapshot: the index that holds the
   * postings sets it on first need ({@linkcode titleWordCounter}); without it such a region is
   * not read.
   */
  titlePostings?: (word: string) => number;
  /**
   * How many postings name only a region ("MH, IN": no city) in the region `admin1` of `country`:
   * they count for the region as its cities' postings do. Set as `titlePostings` is; without it
   * they count for nothing.
   */
  regionOnlyPostings?: (country: string, admin1: string) => number;
  /**
   * Of the titles that use a city's one-word name (`ambiguous`), how many use it for something
   * other than a place: the titles of the city's own postings and titles that name another city of
   * the postings beside it ("Process Engineer - Pforzheim near Stuttgart", "Berlin / Vienna") name
   * places. Set as `titlePostings` is ({@linkcode placeFreeTitleCounter}); without it every title
   * counts.
   */
  placeFreeTitlePostings?: (cityKey: string) => number;
}

/**
 * Whether a city's name is read as the words of the work rather than the place (`ambiguous`, then
 * `placeFreeTitlePostings`): "spring" (Spring Boot), "commerce", "phoenix" and "end" are, while
 * "pforzheim", "worcester" and "konstanz" are places, though titles name them as places.
 */
export function cityNameIsWork(key: string, gazetteer: Gazetteer): boolean {
  if (!gazetteer.ambiguous.has(key)) return false;
  const city = gazetteer.cities.get(key);
  const placeFree = gazetteer.placeFreeTitlePostings;
  return city === undefined || placeFree === undefined || placeFree(key) >= city.postings;
}

/** Counts for `Gazetteer.regionOnlyPostings`: postings without a city by the region they name. */
export function regionOnlyCounter(
  jobs: readonly Job[],
): (country: string, admin1: string) => number {
  const counts = new Map<string, number>();
  for (const job of jobs) {
    if (job.city !== "" || job.region === undefined || job.country === undefined) continue;
    const admin1 = regionsNamed(job.region, job.country)[0]?.admin1;
    if (admin1 === undefined) continue;
    const key = `${job.country}\u0000${admin1}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return (country, admin1) => counts.get(`${country}\u0000${admin1}`) ?? 0;
}

/**
 * How many of `jobs` have a folded word in their title, each word counted on its first question
 * (one pass over the titles' folded words, which are kept with the postings) and kept.
 */
export function titleWordCounter(jobs: readonly Job[]): (word: string) => number {
  const counted = new Map<string, number>();
  return (word) => {
    let count = counted.get(word);
    if (count === undefined) {
      count = 0;
      for (const job of jobs) if (jobWordsOf(job).title.includes(word)) count++;
      counted.set(word, count);
    }
    return count;
  };
}

/**
 * Counts for `Gazetteer.placeFreeTitlePostings`, each city on its first question and kept: the
 * postings of `jobs` whose title has the city's name as a word, outside that city, and names no
 * other one-word city of `gazetteer`. Only the postings whose title has the name's terms are read
 * (`titlePositions`, the index's own title terms): a pass over every title on a query's first
 * such name cost 0.65 s at 1,000,000 postings, after every delta again (reviewer C52).
 */
export function placeFreeTitleCounter(
  jobs: readonly Job[],
  gazetteer: Gazetteer,
  titlePositions: (term: string) => ArrayLike<number>,
): (cityKey: string) => number {
  const counted = new Map<string, number>();
  const countOf = (cityKey: string) => {
    const terms = tokenize(cityKey);
    // A name that is no term of a title (a stop word) is in no title's terms: every title is read.
    const positions = terms.length === 1
      ? Array.from(titlePositions(terms[0]))
      : Array.from(jobs.keys());
    let count = 0;
    for (const p of positions) {
      const job = jobs[p];
      const { title } = jobWordsOf(job);
      if (!title.includes(cityKey) || foldText(job.city ?? "") === cityKey) continue;
      if (!title.some((word) => word !== cityKey && gazetteer.cities.has(word))) count++;
    }
    return count;
  };
  return (cityKey) => {
    let count = counted.get(cityKey);
    if (count === undefined) counted.set(cityKey, count = countOf(cityKey));
    return count;
  };
}

/** One GeoNames place, as a map key. */
export function placeId(place: WorldPlace): string {
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

/** Works out and keeps the title and tag words of `jobs` now ({@linkcode rememberJobKeys}'s twin). */
export function rememberJobWords(jobs: readonly Job[]): void {
  for (const job of jobs) jobWordsOf(job);
}

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

/** A city's entry of `buildGazetteer` from its postings (in index order): its spellings' counts. */
function cityEntry(jobs: readonly Job[]): {
  city: { name: string; postings: number };
  where: Map<string, string> | null;
} {
  const names = new Map<string, number>();
  let where: Map<string, string> | null = null;
  for (const job of jobs) {
    names.set(job.city, (names.get(job.city) ?? 0) + 1);
    if (job.country) {
      where ??= new Map();
      if (!where.has(job.country)) where.set(job.country, job.city);
    }
  }
  let name = "";
  let bestCount = 0;
  for (const [spelling, count] of names) {
    if (count > bestCount) [name, bestCount] = [spelling, count];
  }
  return { city: { name, postings: jobs.length }, where };
}

/**
 * What a gazetteer is counted from, kept beside it so that the gazetteer of an index with a delta
 * merged in is worked out from the postings that changed (`mergedGazetteer`), not from all of them
 * again: at 100,000 postings building it took ~0.1 s of every push's apply on each server.
 */
interface GazetteerTally {
  /** Folded city → its postings, in index (id) order. */
  cityPostings: Map<string, readonly Job[]>;
  /** Country code → postings in it. */
  countries: Map<string, number>;
  /** Folded title word → postings with it in their title. */
  titleWords: Map<string, number>;
  /** Folded tag word → times it is met in the postings' tags. */
  tagWords: Map<string, number>;
}

const tallies = new WeakMap<Gazetteer, GazetteerTally>();

function emptyTally(): GazetteerTally {
  return {
    cityPostings: new Map(),
    countries: new Map(),
    titleWords: new Map(),
    tagWords: new Map(),
  };
}

/** The folded city a posting is counted under in the gazetteer, or null (none, or remote). */
function cityKeyOf(job: Job, folded?: Map<string, string>): string | null {
  if (job.city === "" || job.city === REMOTE_CITY) return null;
  let key = folded?.get(job.city);
  if (key === undefined) {
    key = foldText(job.city);
    folded?.set(job.city, key);
  }
  return key === "" ? null : key;
}

function count(counts: Map<string, number>, key: string, by: number): void {
  const n = (counts.get(key) ?? 0) + by;
  if (n === 0) counts.delete(key);
  else counts.set(key, n);
}

/** Adds `jobs`, which follow in index order the postings counted so far. */
function tallyJobs(tally: GazetteerTally, jobs: readonly Job[], folded: Map<string, string>): void {
  for (const job of jobs) {
    if (job.country) count(tally.countries, job.country, 1);
    const key = cityKeyOf(job, folded);
    if (key !== null) {
      const list = tally.cityPostings.get(key) as Job[] | undefined;
      if (list) list.push(job);
      else tally.cityPostings.set(key, [job]);
    }
    const { title, tags } = jobWordsOf(job);
    for (const word of title) count(tally.titleWords, word, 1);
    for (const word of tags) count(tally.tagWords, word, 1);
  }
}

/**
 * Counts, `slice` postings at a time with a turn of the event loop between, what the first delta's
 * merge would otherwise count of every posting (`JobIndex.prepareForDeltas`), and keeps it with
 * `gazetteer`, which must be these postings' (in index order). Stops early when `stop()` says so.
 */
export async function tallyGazetteer(
  gazetteer: Gazetteer,
  jobs: readonly Job[],
  options: { slice?: number; stop?: () => boolean } = {},
): Promise<void> {
  if (tallies.has(gazetteer)) return;
  const tally = emptyTally();
  const folded = new Map<string, string>();
  const slice = options.slice ?? 2000;
  for (let start = 0; start < jobs.length; start += slice) {
    if (options.stop?.()) return;
    tallyJobs(tally, jobs.slice(start, start + slice), folded);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  tallies.set(gazetteer, tally);
}

function tallyOf(gazetteer: Gazetteer, jobs: readonly Job[]): GazetteerTally {
  let tally = tallies.get(gazetteer);
  if (!tally) {
    tally = emptyTally();
    tallyJobs(tally, jobs, new Map());
    tallies.set(gazetteer, tally);
  }
  return tally;
}

function byId(a: Job, b: Job): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Two lists in id order as one (a sort of a large city's postings took most of a merge). */
function mergeById(a: readonly Job[], b: readonly Job[]): Job[] {
  const out: Job[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) out.push(byId(a[i], b[j]) <= 0 ? a[i++] : b[j++]);
  while (i < a.length) out.push(a[i++]);
  while (j < b.length) out.push(b[j++]);
  return out;
}

/**
 * `buildGazetteer` of the postings of an index merged from `before` (the gazetteer of `beforeJobs`)
 * with `added` postings, less the `dropped` ones (of `beforeJobs`): the same cities, spellings,
 * countries, words and ambiguous words (only the maps' order may differ, which nothing reads), from
 * the cities and words the changed postings have. `before` is left as it was.
 */
export function mergedGazetteer(
  before: Gazetteer,
  beforeJobs: readonly Job[],
  added: readonly Job[],
  dropped: readonly Job[],
): Gazetteer {
  // The tally moves to the merged gazetteer, updated where it is: copying its maps took most of
  // this function's time. Merging into `before` again (a test does) counts its postings again.
  const tally = tallyOf(before, beforeJobs);
  tallies.delete(before);
  const jobWords = new Set(before.jobWords);
  const countries = new Set(before.countries);
  const touched = new Map<string, { add: Job[]; drop: Set<Job> }>();
  const touch = (job: Job) => {
    const key = cityKeyOf(job);
    if (key === null) return null;
    let change = touched.get(key);
    if (!change) touched.set(key, change = { add: [], drop: new Set() });
    return change;
  };
  const wordsGone = new Set<string>();
  for (const [jobs, by] of [[dropped, -1], [added, 1]] as const) {
    for (const job of jobs) {
      if (job.country) count(tally.countries, job.country, by);
      const change = touch(job);
      if (by < 0) change?.drop.add(job);
      else change?.add.push(job);
      const { title, tags } = jobWordsOf(job);
      for (const word of title) count(tally.titleWords, word, by);
      for (const word of tags) count(tally.tagWords, word, by);
      for (const word of [...title, ...tags]) {
        if (by > 0) jobWords.add(word);
        else wordsGone.add(word);
      }
      if (job.country && by > 0) countries.add(job.country);
    }
  }
  for (const word of wordsGone) {
    if (!tally.titleWords.has(word) && !tally.tagWords.has(word)) jobWords.delete(word);
  }
  for (const job of dropped) {
    if (job.country && !tally.countries.has(job.country)) countries.delete(job.country);
  }
  for (const [key, { add, drop }] of touched) {
    const kept = (tally.cityPostings.get(key) ?? []).filter((job) => !drop.has(job));
    const list = add.length === 0 ? kept : mergeById(kept, add.sort(byId));
    if (list.length === 0) tally.cityPostings.delete(key);
    else tally.cityPostings.set(key, list);
  }
  const cities = new Map<string, { name: string; postings: number }>();
  const placed = new Map<string, Map<string, string>>();
  let longest = 1;
  for (const [key, jobs] of tally.cityPostings) {
    if (touched.has(key)) {
      const { city, where } = cityEntry(jobs);
      cities.set(key, city);
      if (where) placed.set(key, where);
    } else {
      cities.set(key, before.cities.get(key)!);
      const where = before.placed.get(key);
      if (where) placed.set(key, where);
    }
    longest = Math.max(longest, key.split(" ").length);
  }
  const ambiguous = new Set<string>();
  for (const [key, { postings }] of cities) {
    if ((tally.titleWords.get(key) ?? 0) >= postings) ambiguous.add(key);
  }
  const gazetteer: Gazetteer = {
    cities,
    placed,
    countries,
    ambiguous,
    jobWords,
    longest,
  };
  tallies.set(gazetteer, tally);
  return gazetteer;
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
