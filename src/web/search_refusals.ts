/**
 * Every refusal of a search sent from the page, not only the first. REST answers one error (the
 * spec's shape); a person who filled in several fields wrongly (a date of "2026-13-45", a salary
 * of "abc", a radius without a place) is told of each at once, as GOV.UK's error summary lists
 * each, rather than mending one and being refused for the next. The page judges its fields by the
 * very functions REST runs (`parseSearchQuery` and the search, which alone knows a place or a
 * radius beside the words): it searches, and when refused, searches again without the field at
 * fault, until a search is accepted or nothing is left to take out. No second validator.
 *
 * @module
 */
import { JobseekError } from "../domain/errors.ts";
import { type PageParams, removing } from "./search_page.tsx";

/** The refusals of what a person typed (any other error is the server's). */
export const INPUT_ERRORS: ReadonlySet<string> = new Set([
  "MISSING_QUERY",
  "INVALID_PARAMETER",
  "INVALID_SOURCE",
]);

/** The search's answer, or every refusal of its parameters (at least one). */
export type SearchOrRefusals<T> = { value: T; refusals?: undefined } | {
  value?: undefined;
  refusals: JobseekError[];
};

/**
 * Runs `attempt` (parse and search) on `params`; where it refuses a parameter, again without it
 * (and without a qualifier left alone: `radius_km` once `near` is out, or the radius would be
 * refused for what was taken out, not for what the person typed), until it is accepted or
 * refuses what it refused before or names no parameter. An accepted search after a refusal is
 * not the person's search: its answer is dropped, and the refusals are the answer.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { JobseekError } from "../domain/errors.ts";
 * const strict = (params: Record<string, string[]>) => {
 *   for (const name of ["salary_min", "since"]) {
 *     if (params[name]) throw new JobseekError("INVALID_PARAMETER", name, { param: name });
 *   }
 *   return Promise.resolve("found");
 * };
 * const both = await searchOrRefusals({ q: ["x"], since: ["?"], salary_min: ["abc"] }, strict);
 * assert.deepEqual(both.refusals?.map((e) => e.param), ["salary_min", "since"]);
 * assert.equal((await searchOrRefusals({ q: ["x"] }, strict)).value, "found");
 * ```
 */
export async function searchOrRefusals<T>(
  params: PageParams,
  attempt: (params: PageParams) => Promise<T>,
): Promise<SearchOrRefusals<T>> {
  const refusals: JobseekError[] = [];
  let current = params;
  // Each round takes a parameter out: no more rounds than parameters.
  for (let round = 0; round <= Object.keys(params).length; round++) {
    try {
      const value = await attempt(current);
      return refusals.length === 0 ? { value } : { refusals };
    } catch (error) {
      if (!(error instanceof JobseekError) || !INPUT_ERRORS.has(error.code)) throw error;
      const param = error.param;
      const again = param !== undefined && refusals.some((known) => known.param === param);
      if (!again) refusals.push(error);
      if (param === undefined || again || current[param] === undefined) break;
      const rest: PageParams = { ...current };
      for (const name of Object.keys(removing(current, param))) delete rest[name];
      current = rest;
    }
  }
  return { refusals };
}
