/**
 * The fields a search can count its result set by (`facets`): counted over the search's whole
 * result set (every page), per value, in the same search (docs/search.md, "Facets").
 *
 * @module
 */
import { EMPLOYMENT_TYPES, employmentTypesOf, type FacetCount, type Job } from "./job.ts";

/** The fields a search can count its result set by (`facets`). */
export const FACETS = {
  country: (job: Job) => job.country === undefined ? [] : [job.country],
  city: (job: Job) => job.city === "" ? [] : [job.city],
  source: (job: Job) => [job.data_source],
  remote: (job: Job) => job.work_mode === undefined ? [] : [job.work_mode],
  employment_type: (job: Job) =>
    employmentTypesOf(job).filter((t) => (EMPLOYMENT_TYPES as readonly string[]).includes(t)),
  seniority: (job: Job) => job.seniority === undefined ? [] : [job.seniority],
  visa_sponsorship: (job: Job) => job.visa_sponsorship === undefined ? [] : [job.visa_sponsorship],
} satisfies Record<string, (job: Job) => string[]>;
export type FacetName = keyof typeof FACETS;
export const FACET_NAMES = Object.keys(FACETS) as FacetName[];

/**
 * How many of `results` have each value of each field in `names`, most first (ties by value),
 * each result given as its job's copies (reposts under several places): a result without a value
 * is not counted, one with several (employment types, copies under several cities) counts once
 * for each.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const job = (data_source: "indeed" | "linkedin", country?: string) =>
 *   ({ data_source, country, city: "" }) as unknown as import("./job.ts").Job;
 * assert.deepEqual(
 *   countFacets([[job("indeed", "CA")], [job("linkedin"), job("indeed")], [job("indeed")]], [
 *     "source",
 *   ]),
 *   { source: [{ value: "indeed", count: 3 }, { value: "linkedin", count: 1 }] },
 * );
 * ```
 */
export function countFacets(
  results: readonly (readonly Job[])[],
  names: FacetName[],
): Record<string, FacetCount[]> {
  const facets: Record<string, FacetCount[]> = {};
  for (const name of names) {
    const counts = new Map<string, number>();
    for (const copies of results) {
      const values = new Set(copies.flatMap((job) => FACETS[name](job)));
      for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    facets[name] = [...counts].map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  }
  return facets;
}
