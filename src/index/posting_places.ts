/**
 * The places of an index's postings: the place a query names (src/index/query_place.ts), the
 * postings at a place, and the cities with their number of postings. Built on first need (or by
 * `prepare()`), not with the index: a search without a place needs none of it.
 *
 * @module
 */
import { foldText } from "../domain/fold_text.ts";
import { isWithinKm } from "../domain/geo.ts";
import type { CityCount, Job } from "../domain/job.ts";
import { type PlaceFilter, placeNarrows } from "./index_search.ts";
import {
  buildGazetteer,
  type Gazetteer,
  placeFreeTitleCounter,
  regionOnlyCounter,
  sameCity,
  titleWordCounter,
} from "./gazetteer.ts";
import { findPlace, type QueryPlace } from "./query_place.ts";
import { placeInCountry, regionOfCity } from "../places/world_places.ts";
import { regionsNamed } from "../places/regions.ts";

/** How far from its city's place a district written with the city's name may lie. */
const DISTRICT_KM = 20;

function countCities(jobs: readonly Job[]): CityCount[] {
  const counts = new Map<string, CityCount>();
  for (const { city, country } of jobs) {
    if (city === "") continue;
    const key = `${country ?? ""}\u0000${city}`;
    const found = counts.get(key);
    if (found) found.count++;
    else counts.set(key, country === undefined ? { city, count: 1 } : { city, country, count: 1 });
  }
  return [...counts.values()].sort((a, b) =>
    b.count - a.count || a.city.localeCompare(b.city) ||
    (a.country ?? "").localeCompare(b.country ?? "")
  );
}

/** 1 for each remote posting (a loop: `Uint8Array.from` with a map took 40 ms at 100,000). */
function remoteOf(jobs: readonly Job[]): Uint8Array {
  const remote = new Uint8Array(jobs.length);
  for (let p = 0; p < jobs.length; p++) if (jobs[p].work_mode === "remote") remote[p] = 1;
  return remote;
}

/** The places of `jobs`, each part made on first use. */
export class PostingPlaces {
  readonly #jobs: readonly Job[];
  readonly #titlePositions: (term: string) => ArrayLike<number>;
  /** Each city's region (GeoNames' admin1 of its place in its country), found as asked. */
  readonly #regionOfCity = new Map<string, string>();
  #places: { gazetteer: Gazetteer; cityKeyOf: string[] | null; remote: Uint8Array } | null = null;
  #cityCounts: CityCount[] | null = null;
  #hasRegionOnly: boolean | undefined;
  /** Each city's test of its districts' postings (`#districtOf`), made on the first ask. */
  readonly #districts = new Map<string, ((position: number) => boolean) | null>();

  readonly #gazetteer: Gazetteer | undefined;

  /** `gazetteer`: `buildGazetteer(jobs)` made before (a snapshot carries it). */
  /** `titlePositions`: the postings whose title has a term (the index's inverted title terms). */
  constructor(
    jobs: readonly Job[],
    gazetteer?: Gazetteer,
    titlePositions: (term: string) => ArrayLike<number> = () => Array.from(jobs.keys()),
  ) {
    this.#jobs = jobs;
    this.#gazetteer = gazetteer;
    this.#titlePositions = titlePositions;
  }

  /** Builds what the first search with a place would otherwise build (but the city keys). */
  prepare(): void {
    this.#placeData();
  }

  #placeData() {
    if (this.#places) return this.#places;
    const gazetteer = this.#gazetteer ?? buildGazetteer(this.#jobs);
    // A snapshot's or a merge's gazetteer has no postings to count titles in; these are its.
    gazetteer.titlePostings ??= titleWordCounter(this.#jobs);
    gazetteer.regionOnlyPostings ??= regionOnlyCounter(this.#jobs);
    gazetteer.placeFreeTitlePostings ??= placeFreeTitleCounter(
      this.#jobs,
      gazetteer,
      this.#titlePositions,
    );
    this.#places = {
      gazetteer,
      // On the first query with a city: it reads GeoNames, which the index needs not to be ready.
      cityKeyOf: null,
      // "remote" in a query is the `remote=remote` filter: the work mode read at import from the
      // title, description, tags (any case) and city, negations included. Reading the city and a
      // lower-case tag here kept 192 of the real files' 890 remote postings (session 21).
      remote: remoteOf(this.#jobs),
    };
    return this.#places;
  }

  /** The gazetteer of the postings (built now if it was not). */
  gazetteer(): Gazetteer {
    return this.#placeData().gazetteer;
  }

  /**
   * The cities of the postings with their country and number of postings (reposts each counted),
   * most postings first, then by name and country; with `country`, that country's only. Postings
   * without a city are not counted.
   */
  cities(country?: string): CityCount[] {
    this.#cityCounts ??= countCities(this.#jobs);
    return this.#cityCounts.filter((c) => country === undefined || c.country === country);
  }

  /** The place the query text names: a city or country of the postings, or a place of the world. */
  placeIn(query: string): QueryPlace | null {
    return findPlace(query, this.#placeData().gazetteer);
  }

  /** The spelling the postings use for a city written with other case or accents, if any. */
  cityNamed(city: string): string | undefined {
    return this.#placeData().gazetteer.cities.get(foldText(city))?.name;
  }

  /**
   * Whether a posting's city lies in the region `admin1` of its country: GeoNames' place of the
   * city at the posting's point (`regionOfCity`), looked up once a city and point. `unknownIn`:
   * a posting whose city's region is not known counts as in it, where the city is named too: the
   * region said after it ("Whitby, ON") is then where the person places the city, and GeoNames
   * placing no Whitby in Canada must not empty the city (reviewer W, session 38).
   */
  #regionTest(admin1: string, unknownIn: boolean): (position: number) => boolean {
    const jobs = this.#jobs;
    return (p) => {
      const job = jobs[p];
      // "MH, IN": the region the posting names, where it names no city.
      if (job.city === "") return this.#regionNamedBy(job) === admin1;
      if (job.country === undefined) return false;
      const key = `${job.country}\u0000${job.city}\u0000${job.latitude},${job.longitude}`;
      let region = this.#regionOfCity.get(key);
      if (region === undefined) {
        region = regionOfCity(job.city, job.country, job) ?? "";
        this.#regionOfCity.set(key, region);
      }
      return region === admin1 || (unknownIn && region === "");
    };
  }

  /** The admin1 of the region a posting without a city names ("MH, IN"), or undefined. */
  #regionNamedBy(job: Job): string | undefined {
    if (job.region === undefined || job.country === undefined) return undefined;
    return regionsNamed(job.region, job.country)[0]?.admin1;
  }

  /** Whether any posting names a region and no city (most indexes have none: nothing to add). */
  #anyRegionOnly(): boolean {
    return this.#hasRegionOnly ??= this.#jobs.some((job) => job.city === "" && job.region);
  }

  /**
   * Where no posting names the city `cityKey` (a place of the world, in `country`): the postings
   * that name only the region it lies in ("MH, IN" for Mumbai, "KA, IN" for Bengaluru, as the
   * Indian boards write them), which may be there and are all the index has of it. A city with
   * postings of its own lists those alone: a region-wide posting ("Bavaria, DE") is likelier
   * elsewhere in the region than in its one city.
   */
  #regionOnlyAt(cityKey: string, cityKeyOf: readonly string[], country: string | undefined) {
    if (country === undefined || !this.#anyRegionOnly() || cityKeyOf.includes(cityKey)) return null;
    const region = regionOfCity(cityKey, country);
    if (region === null) return null;
    const jobs = this.#jobs;
    return (p: number) =>
      jobs[p].city === "" && jobs[p].country === country && this.#regionNamedBy(jobs[p]) === region;
  }

  /**
   * Whether a posting is in a district of the city `cityKey`, written as the city and the district
   * ("Berlin-Kreuzberg", "Amsterdam Zuid": a person's trial, session 56, found 63 and 22 such
   * postings missing from "in Berlin" and "in Amsterdam"): a city key that opens with the city's
   * and a point within {@linkcode DISTRICT_KM} of the city's place in a country its postings are
   * in. "Frankfurt (Oder)" opens with "Frankfurt" too, and lies 550 km from Frankfurt am Main; a
   * city named after another ("Newcastle-under-Lyme") lies far from it. Null where no city key
   * opens with the city's.
   */
  #districtOf(cityKey: string, cityKeyOf: readonly string[], gazetteer: Gazetteer) {
    const known = this.#districts.get(cityKey);
    if (known !== undefined) return known;
    const prefix = `${cityKey} `;
    const points = [...(gazetteer.placed.get(cityKey) ?? [])]
      .map(([country, spelling]) => placeInCountry(spelling, { country }))
      .filter((point) => point !== null);
    const anyDistrict = points.length > 0 &&
      [...gazetteer.cities.keys()].some((key) => key.startsWith(prefix));
    const jobs = this.#jobs;
    const test = anyDistrict
      ? (p: number) =>
        cityKeyOf[p].startsWith(prefix) &&
        points.some((point) => isWithinKm(jobs[p], point, DISTRICT_KM))
      : null;
    this.#districts.set(cityKey, test);
    return test;
  }

  /**
   * Where the place is several named together ("Leeds or York"): whether a posting is at each of
   * them (and at what the place asks besides: "remote" in "remote jobs in Leeds or York"); null for
   * one place or none.
   */
  eachOf(place: PlaceFilter | undefined): ((position: number) => boolean)[] | null {
    if (place?.anyOf === undefined || place.anyOf.length === 0) return null;
    const { anyOf, ...besides } = place;
    const also = this.maskOf(besides);
    return anyOf.map((one) => {
      const at = this.maskOf(one) ?? (() => true);
      return also === null ? at : (p: number) => also(p) && at(p);
    });
  }

  /** Whether the posting at a position is at the place; null when no place is asked. */
  maskOf(place: PlaceFilter | undefined): ((position: number) => boolean) | null {
    if (!placeNarrows(place)) return null;
    if (place.anyOf !== undefined && place.anyOf.length > 0) {
      // Several places: a posting at any of them, and at what the place asks besides.
      const { anyOf: alternatives, ...besides } = place;
      const each = alternatives.map((one) => this.maskOf(one)).filter((m) => m !== null);
      const also = this.maskOf(besides);
      const atAny = (p: number) => each.length === 0 || each.some((at) => at(p));
      return also === null ? atAny : (p) => also(p) && atAny(p);
    }
    const places = this.#placeData();
    const jobs = this.#jobs;
    const { remote } = places;
    let cityKeyOf = places.cityKeyOf;
    if (place.cityKey !== undefined && cityKeyOf === null) {
      // Every spelling and name of one place matches as one city ("München", "Munich").
      const { keyOf } = sameCity(places.gazetteer);
      cityKeyOf = places.cityKeyOf = jobs.map((job) => {
        const key = foldText(job.city);
        return keyOf.get(key) ?? key;
      });
    }
    const { around, region, area } = place;
    const inRegion = region === undefined
      ? null
      : this.#regionTest(region.admin1, place.cityKey !== undefined);
    const inArea = area === undefined ? null : new Set(area.countries);
    const regionOnly = place.cityKey === undefined
      ? null
      : this.#regionOnlyAt(place.cityKey, cityKeyOf!, place.country);
    const district = place.cityKey === undefined
      ? null
      : this.#districtOf(place.cityKey, cityKeyOf!, places.gazetteer);
    return (p) =>
      (place.cityKey === undefined || cityKeyOf![p] === place.cityKey ||
        (district !== null && district(p)) || (regionOnly !== null && regionOnly(p))) &&
      (place.country === undefined || jobs[p].country === place.country) &&
      (inArea === null || inArea.has(jobs[p].country ?? "")) &&
      (inRegion === null || inRegion(p)) &&
      (!place.remote || remote[p] === 1) &&
      (around === undefined || isWithinKm(jobs[p], around, around.radiusKm));
  }
}
