/**
 * What a profile (a CV, a LinkedIn "about" text, a free description of the job a person wants)
 * asks for: the roles held and wanted, skills, places and remote wishes, and seniority. A profile
 * search ranks postings against these (src/search/profile_search.ts), not against one vector of the
 * whole text, which mean-pools the roles and skills into everything else (docs/search.md, "A
 * profile as the query").
 *
 * Heuristics, no model: section headings in five languages (./section_lines.ts), date ranges
 * on experience lines (./experience_periods.ts), job-title head nouns (src/index/head_group.ts), wish
 * phrases ("looking for a role as ...", ./read_wishes.ts), and the places the index has postings in
 * (injected, so the function stays pure: ./profile_places.ts). Roles weigh by where they come from:
 * a stated wish most, then the headline, then experience by recency; a past role of another kind
 * than the wished one (a store manager retraining as a developer) weighs little.
 *
 * @module
 */
import type { Seniority } from "../../domain/job.ts";
import { PROFILE_MAX_LENGTH } from "../../domain/profile.ts";
import { stem } from "../../index/tokenize.ts";
import { experiencePeriods } from "./experience_periods.ts";
import { hasHeadNoun, headGroupOf, wordsOf } from "../../index/head_group.ts";
import { profileSkills } from "./listed_skills.ts";
import { headlineRoles, headLines, headWithoutName } from "./profile_head.ts";
import { type DerivedPlace, type PlaceLookup, profilePlaces } from "./profile_places.ts";
import { profileSeniority } from "./profile_seniority.ts";
import { readWishes } from "./read_wishes.ts";
import { selfDescribedRoles, withoutQualifiers } from "./role_titles.ts";
import { flowText, sectionLines } from "./section_lines.ts";

/** Where a role was read. */
export type RoleSource = "wish" | "headline" | "experience";

export interface DerivedRole {
  /** The role as searched: cleaned of dates, employers and asides ("staff nurse"). */
  title: string;
  /** 0..1: how much postings of this role count (a wish 1, an old unrelated role little). */
  weight: number;
  from: RoleSource;
}

export interface DerivedProfile {
  /** Strongest first; at most `MAX_ROLES`. */
  roles: DerivedRole[];
  /**
   * The languages named throughout the profile first, then the skills as written in the skills
   * section (or a licences/tools section), at most `MAX_SKILLS`.
   */
  skills: string[];
  /** Cities (with their country) and countries the person lives in or wants to work in. */
  places: DerivedPlace[];
  /** The person wants remote work (or work from home). */
  remote: boolean;
  /** The level the person works at (or, for students, `intern`). */
  seniority?: Seniority;
  /** Levels whose postings fit the person without a penalty (their own and the wished ones). */
  levels: Seniority[];
}

export interface DeriveProfileOptions {
  /** The cities the index has postings in; without it only countries are read. */
  places?: PlaceLookup;
  /** When the profile is read: an open period of work ends now. Default: the current time. */
  now?: Date;
}

export const MAX_ROLES = 8;

/** The most a past role of another kind than the wished ones weighs. */
export const UNRELATED_WEIGHT = 0.4;

/** How much a stated role counts: a wish fully, a headline or self-description almost. */
const WISH_WEIGHT = 1;
const HEADLINE_WEIGHT = 0.95;

/**
 * Derives what a profile asks for. Pure: the places the index knows come in `places`.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const profile = deriveProfile(
 *   "Staff nurse with 6 years in A&E. I am looking for a Registered Nurse post in Leeds.",
 *   { places: { city: (w) => w === "Leeds" ? { city: "Leeds", country: "GB" } : undefined } },
 * );
 * assert.equal(profile.roles[0].title, "Registered Nurse");
 * assert.deepEqual(profile.places, [{ city: "Leeds", country: "GB", wished: true }]);
 * assert.equal(profile.seniority, "senior");
 * ```
 */
export function deriveProfile(text: string, options: DeriveProfileOptions = {}): DerivedProfile {
  const now = (options.now ?? new Date()).getUTCFullYear();
  const lookup = options.places;
  // One space for each run within a line, and no invisible format characters (a zero-width space
  // after "Krankenpfleger" hid the role): a run of 20,000 spaces in a line cost the line readers
  // a second (reviewer R54).
  const plain = text.slice(0, PROFILE_MAX_LENGTH).replace(/\p{Cf}/gu, "")
    .replace(/[^\S\n]+/g, " ");
  const lines = sectionLines(plain);
  const roles: DerivedRole[] = [];
  // One role a stemmed title ("Staff Nurse", "staff nurses"), at the most any source gave it.
  const keyOf = (title: string) => wordsOf(title).map(stem).join(" ");
  // "Experienced nurse" and "ausgebildete Krankenschwester" search for the title alone.
  const add = (written: string, weight: number, from: RoleSource) => {
    const title = withoutQualifiers(written);
    const key = keyOf(title);
    if (key === "") return;
    const known = roles.find((r) => keyOf(r.title) === key);
    if (known) known.weight = Math.max(known.weight, weight);
    else roles.push({ title, weight, from });
  };

  const wishes = readWishes(lines, lookup);
  for (const role of wishes.roles) add(role, WISH_WEIGHT, "wish");
  // "I am a product designer with ...", "as a nurse I ...": how the person names themselves.
  for (const role of selfDescribedRoles(flowText(lines))) add(role, HEADLINE_WEIGHT, "headline");
  // The headline: a title on the short lines before the first section (the name line's tail).
  const head = headLines(lines);
  const isPlace = (word: string) => lookup?.city(word) !== undefined;
  for (const role of headlineRoles(head, isPlace)) add(role, HEADLINE_WEIGHT, "headline");

  // Experience, most recent first. A past role of another kind than the one the person names
  // for themselves weighs little: a store manager retraining as a developer is not looking for
  // store jobs.
  const wished = roles.filter((r) => r.from === "wish");
  const anchors = wished.length > 0 ? wished : roles.filter((r) => r.from === "headline");
  const anchorGroups = new Set(anchors.map((r) => headGroupOf(r.title)));
  experiencePeriods(lines, now).forEach(({ title, end }, rank) => {
    for (const part of title.split(/\s+\/\s+|\s+&\s+|\s+and\s+/)) {
      if (!hasHeadNoun(part)) continue;
      const recency = Math.max(0.5, 0.9 - 0.05 * rank - 0.04 * Math.max(0, now - end));
      const related = anchors.length === 0 || anchorGroups.has(headGroupOf(part));
      add(part, related ? recency : Math.min(recency, UNRELATED_WEIGHT), "experience");
    }
  });
  roles.sort((a, b) => b.weight - a.weight);

  // Places: wished ones, else those of the head lines (the address), else the phone's country.
  const places = profilePlaces(headWithoutName(head), { wished: wishes.places, lookup });
  const namedTitles = roles.filter((r) => r.from !== "experience").map((r) => r.title);
  const { seniority, levels } = profileSeniority(plain, { lines, namedTitles });
  return {
    roles: roles.slice(0, MAX_ROLES),
    skills: profileSkills(plain, lines),
    places,
    remote: wishes.remote,
    ...(seniority ? { seniority } : {}),
    levels,
  };
}
