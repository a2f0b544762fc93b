/**
 * Gives a posting that names a city but no country ("Toronto") the country its source, the other
 * postings or the world's places (GeoNames, src/places/) tell, so that one city is not listed once
 * with and once without a country, and gives it its city's coordinates. The rules are those of
 * docs/import.md, "Countries of postings with only a city".
 *
 * @module
 */
import type { Job } from "../domain/job.ts";
import { countriesNamed, placesInsideName, placesNamed } from "../places/world_places.ts";
import { withCoordinates } from "./coordinates.ts";
import { REMOTE_CITY } from "./location.ts";

/** Why a posting got its country. */
export type CountryReason = "site" | "other_postings" | "places";

/**
 * The country of the national job board a posting comes from: Indeed's `xx.indeed.com` and
 * `indeed.xx`, Glassdoor's `glassdoor.xx`, `glassdoor.co.xx` and `glassdoor.com.xx` (`uk` is GB).
 * `www.indeed.com` and `www.glassdoor.com` give none: they also carry the countries that have no
 * board of their own (JobSpy's Glassdoor Sweden, Poland, Japan, ... all run on glassdoor.com).
 * LinkedIn and other sites give none.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(boardCountry("https://www.glassdoor.ca/job-listing/j?jl=1"), "CA");
 * assert.equal(boardCountry("https://uk.indeed.com/viewjob?jk=1"), "GB");
 * assert.equal(boardCountry("https://www.glassdoor.co.uk/job-listing/j?jl=1"), "GB");
 * assert.equal(boardCountry("https://www.glassdoor.com/job-listing/j?jl=1"), undefined);
 * assert.equal(boardCountry("https://www.linkedin.com/jobs/view/1"), undefined);
 * ```
 */
export function boardCountry(jobUrl: string): string | undefined {
  let host: string;
  try {
    host = new URL(jobUrl).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  const code = (label: string) => (label === "uk" ? "GB" : label.toUpperCase());
  const subdomain = host.match(/^([a-z]{2})\.indeed\.com$/);
  if (subdomain) return code(subdomain[1]);
  // Glassdoor Belgium is nl.glassdoor.be / fr.glassdoor.be: the label before the board names a
  // language, so only the domain's end counts.
  const national = host.match(/(?:^|\.)(?:indeed|glassdoor)\.(?:(?:co|com)\.)?([a-z]{2})$/);
  if (national) return code(national[1]);
  return undefined;
}

/** Which countries the postings place each city in, and how often. */
export class CityCountries {
  readonly #byCity = new Map<string, Map<string, number>>();

  add(city: string, country: string): void {
    if (city === "") return;
    const counts = this.#byCity.get(city) ?? new Map<string, number>();
    counts.set(country, (counts.get(country) ?? 0) + 1);
    this.#byCity.set(city, counts);
  }

  /** The countries `city` is placed in, most postings first. */
  countries(city: string): string[] {
    return [...(this.#byCity.get(city) ?? new Map<string, number>())]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([country]) => country);
  }

  /** True when a posting or GeoNames places `city` in any country. */
  mentions(city: string): boolean {
    return this.#byCity.has(city) || countriesNamed(city).length > 0;
  }

  /** True when a posting or GeoNames places `city` in `country`. */
  knows(city: string, country: string): boolean {
    return this.#byCity.get(city)?.has(country) === true ||
      countriesNamed(city).includes(country);
  }
}

/**
 * How many times more people the biggest place of a name must have than the biggest of that name
 * in any other country for the name alone to give a country: London (8.9 million in England,
 * 347,000 in Ontario) does, Concord (129,000 in California, 14,000 in New South Wales) does not.
 */
const DOMINANCE = 10;

/**
 * The country GeoNames alone gives a name no posting places: the country of its biggest place when
 * that place dominates every other country's; for a name GeoNames does not know whole, the same
 * over the big places inside it ("Dallas-Fort Worth": Dallas and Fort Worth, both in the US).
 */
function dominantCountry(city: string): string | undefined {
  const named = placesNamed(city);
  const places = named.length > 0 ? named : placesInsideName(city);
  const [best] = places;
  if (!best) return undefined;
  const rival = places.find((p) => p.country !== best.country);
  return rival === undefined || best.population >= DOMINANCE * rival.population
    ? best.country
    : undefined;
}

/** Postings that may get a country: a real city (not `Remote`), no country yet. */
export function lacksCountry(job: Pick<Job, "city" | "country">): boolean {
  return job.country === undefined && job.city !== "" && job.city !== REMOTE_CITY;
}

/**
 * `job` with `country`, the field placed after `city` as in a parsed posting, and its city's
 * coordinates there.
 */
function withCountry(job: Job, country: string): Job {
  const entries = Object.entries(job).filter(([key]) => key !== "country");
  entries.splice(entries.findIndex(([key]) => key === "city") + 1, 0, ["country", country]);
  return withCoordinates(Object.fromEntries(entries) as Job);
}

export interface FilledCountry {
  job: Job;
  reason: CountryReason;
}

/**
 * Gives each posting of `jobs` that lacks a country the one the rules find, with its city's
 * coordinates, and returns those postings (new objects; `jobs` is left as it is) by index.
 *
 * 1. The board rule, for all postings first: the board's country when `evidence` or GeoNames
 *    places the city there, or when nothing places a city of that name anywhere (a local place
 *    too small for GeoNames, or a neighbourhood: "Midtown Toronto"); those countries then count as
 *    evidence too. A posting whose board names a country the city is not known in, while it is
 *    known elsewhere, keeps none: the board and the data disagree, and a wrong country hides a
 *    posting more than a missing one.
 * 2. For a posting from no national board, the city's only country in `evidence`;
 * 3. when no posting places the city anywhere, the country GeoNames alone gives it (one country's
 *    place of that name dominates: `dominantCountry`).
 *
 * Mutates `evidence` with the countries given by the board rule.
 */
export function fillCountries(jobs: Job[], evidence: CityCountries): Map<number, FilledCountry> {
  const filled = new Map<number, FilledCountry>();
  const boards = jobs.map((job) => lacksCountry(job) ? boardCountry(job.job_url) : undefined);
  const bySite: [number, string][] = [];
  jobs.forEach((job, i) => {
    const board = boards[i];
    if (board === undefined) return;
    if (evidence.knows(job.city, board) || !evidence.mentions(job.city)) bySite.push([i, board]);
  });
  // Added only after all board decisions, so that the order of the postings does not matter.
  for (const [i, country] of bySite) {
    evidence.add(jobs[i].city, country);
    filled.set(i, { job: withCountry(jobs[i], country), reason: "site" });
  }
  jobs.forEach((job, i) => {
    if (!lacksCountry(job) || boards[i] !== undefined) return;
    const known = evidence.countries(job.city);
    if (known.length === 1) {
      filled.set(i, { job: withCountry(job, known[0]), reason: "other_postings" });
      return;
    }
    const only = known.length === 0 ? dominantCountry(job.city) : undefined;
    if (only !== undefined) filled.set(i, { job: withCountry(job, only), reason: "places" });
  });
  return filled;
}
