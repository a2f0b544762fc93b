/**
 * The cities an index has postings in, as the `PlaceLookup` the profile reader finds a CV's cities
 * with (src/search/profile/profile_places.ts): built once per index, on a profile search's first
 * need of it.
 *
 * @module
 */
import { foldText } from "../domain/fold_text.ts";
import { cityNameIsWork } from "../index/gazetteer.ts";
import type { JobIndex } from "../index/job_index.ts";
import { REMOTE_CITY } from "../ingest/location.ts";
import { isEnglishWord } from "../index/query_spelling.ts";
import { placesNamed } from "../places/world_places.ts";
import type { KnownCity, PlaceLookup } from "./profile/profile_places.ts";

/**
 * A `PlaceLookup` over an index's cities: every city it has postings in, by folded name, with the
 * country most of them are in and where they lie (the middle of their postings' positions); then a
 * big city of a country with postings (`bigCityOf`).
 */
export function indexPlaces(index: JobIndex): PlaceLookup {
  let lookup = placesOfIndex.get(index);
  if (!lookup) {
    lookup = buildPlaces(index);
    placesOfIndex.set(index, lookup);
  }
  return lookup;
}

/** Per index: its cities as a lookup, built on first need. */
const placesOfIndex = new WeakMap<JobIndex, PlaceLookup>();

function buildPlaces(index: JobIndex): PlaceLookup {
  /** Each city by name and country: "Bristol, United Kingdom" is not the commoner Bristol, US. */
  const byKeyIn = new Map<string, KnownCity>();
  /** Each name's commonest country: `cities()` lists the most postings first. */
  const commonest = new Map<string, string>();
  const keyIn = (key: string, country: string) => `${key}\u0000${country}`;
  for (const { city, country } of index.cities()) {
    const key = foldText(city);
    if (city === REMOTE_CITY || !country) continue;
    if (!commonest.has(key)) commonest.set(key, country);
    if (!byKeyIn.has(keyIn(key, country))) byKeyIn.set(keyIn(key, country), { city, country });
  }
  const points = new Map<string, { lat: number[]; lon: number[] }>();
  for (const job of index.data.jobs) {
    const key = keyIn(foldText(job.city), job.country ?? "");
    if (!byKeyIn.has(key) || job.latitude === undefined) continue;
    const point = points.get(key) ?? { lat: [], lon: [] };
    point.lat.push(job.latitude);
    point.lon.push(job.longitude!);
    points.set(key, point);
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const [key, { lat, lon }] of points) {
    const known = byKeyIn.get(key)!;
    known.latitude = median(lat);
    known.longitude = median(lon);
  }
  const countries = new Set(commonest.values());
  const gazetteer = index.gazetteer();
  return {
    city(words, country) {
      const key = foldText(words);
      // A town whose name the titles use as a word ("Spring": Spring Boot; "Available from Spring
      // 2025") is the word in a CV as in a query (reviewer R54b: Houston's jobs led a Java CV).
      if (cityNameIsWork(key, gazetteer)) return undefined;
      if (country !== undefined) {
        return byKeyIn.get(keyIn(key, country)) ?? bigCityOf(words, countries, country);
      }
      const usual = commonest.get(key);
      return usual === undefined ? bigCityOf(words, countries) : byKeyIn.get(keyIn(key, usual));
    },
  };
}

/**
 * A city big enough to be where a person lives though no posting names it ("I live in Edinburgh"),
 * in a country the index has postings in: the profile's area is then around it, widened to the
 * country where nothing near fits, rather than the place dropped unsaid and the search made
 * everywhere (reviewer R54). Not a word of English ("Reading", "Nice", "Split"), which a CV writes
 * in capitals at a sentence's start.
 */
function bigCityOf(
  words: string,
  countries: ReadonlySet<string>,
  country?: string,
): KnownCity | undefined {
  const folded = foldText(words);
  // With its country written beside it ("Bristol, United Kingdom") a name is the place.
  if (folded === "" || (country === undefined && isEnglishWord(folded))) return undefined;
  const [place] = placesNamed(words, country === undefined ? {} : { country });
  if (!place || place.population < BIG_CITY || !countries.has(place.country)) return undefined;
  if (country !== undefined && place.country !== country) return undefined;
  return {
    city: place.name,
    country: place.country,
    latitude: place.latitude,
    longitude: place.longitude,
  };
}

/** People in a city a profile may name without postings there (`bigCityOf`). */
const BIG_CITY = 250_000;
