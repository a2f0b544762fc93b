/**
 * A profile as the query (`profile` beside or instead of `q`): its limits, and how what a search
 * derived from it reads in one line (`derived` in REST and MCP responses: `DerivedSchema` in
 * ./job.ts), so that a person or an agent can check it and correct it with ordinary filters. How it is derived and ranked: src/search/profile/derive_profile.ts,
 * src/search/profile_search.ts, docs/search.md ("A profile as the query").
 *
 * @module
 */
import type { Derived } from "./job.ts";

/**
 * Characters a profile may have, after trimming: a long CV fits (a two-page CV is 5,000-8,000), a
 * whole document dump does not.
 */
export const PROFILE_MAX_LENGTH = 20_000;

/**
 * The derived profile in one line, for the MCP text and the CLI.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(
 *   describeDerived({
 *     roles: ["staff nurse"],
 *     skills: ["triage"],
 *     places: ["Leeds, GB", "remote"],
 *     seniority: null,
 *   }),
 *   "Derived from the profile: roles staff nurse; skills triage; places Leeds, GB / remote",
 * );
 * ```
 */
export function describeDerived(derived: Derived): string {
  const parts = [
    derived.roles.length > 0 ? `roles ${derived.roles.join(", ")}` : "no roles",
    ...(derived.skills.length > 0 ? [`skills ${derived.skills.join(", ")}`] : []),
    ...(derived.places.length > 0 ? [`places ${derived.places.join(" / ")}`] : []),
    ...(derived.seniority ? [`seniority ${derived.seniority}`] : []),
  ];
  return `Derived from the profile: ${parts.join("; ")}`;
}
