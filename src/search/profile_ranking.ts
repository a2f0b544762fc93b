/**
 * The settings a profile search is scored with (src/search/profile_search.ts), each measured on
 * judged CVs in docs/search.md ("A profile as the query"), and the seniority factor they set.
 * bench/cv_quality.ts varies them while tuning.
 *
 * @module
 */
import { SENIORITIES, type Seniority } from "../domain/job.ts";

/** What a profile's roles count beside a `q` given with it (the query's role counts 1). */
export const Q_LEAD = 0.75;
/** Most a posting's skills add to its score, as a share of the role score. */
export const SKILL_BONUS = 0.15;
/** Skills a posting must name for the whole bonus. */
export const SKILLS_FOR_FULL_BONUS = 3;
/** What a posting in a city the profile names adds, as a share of the role score. */
export const PLACE_BONUS = 0.3;
/**
 * Cosine below which a past role counts as another kind of work than the roles the person asks
 * for (a store manager's past for a junior developer): it weighs at most `UNRELATED_WEIGHT`.
 */
export const RELATED_COSINE = 0.55;
/**
 * Kilometres from a city the profile names within which a posting counts as there; the bonus
 * fades to nothing at twice the distance.
 */
export const NEAR_KM = 25;
/** Kilometres around a city the profile names that its result set takes postings from. */
export const AREA_KM = 60;
/**
 * What a role's score counts for a posting whose title names another kind of work (a manager's
 * role against "Senior System Engineer - Application Management", which shares its stems).
 */
export const HEAD_MISMATCH = 0.75;

/** The settings a profile search is scored with (bench/cv_quality.ts varies them). */
export interface ProfileRanking {
  skillBonus: number;
  skillsForFullBonus: number;
  placeBonus: number;
  relatedCosine: number;
  nearKm: number;
  headMismatch: number;
  /** Kilometres around a city the profile names that its set takes postings from. */
  areaKm: number;
  /** Seniority factors: fits, one level off, further off; below = the posting is more junior. */
  seniority: {
    fits: number;
    aboveOne: number;
    aboveMore: number;
    belowOne: number;
    belowMore: number;
    /** An internship or working-student job for someone who is no student. */
    intern: number;
  };
  /** For a student: a posting for students, one of unknown level, one of another level. */
  student: { intern: number; unknown: number; other: number };
}

export const DEFAULT_PROFILE_RANKING: ProfileRanking = {
  skillBonus: SKILL_BONUS,
  skillsForFullBonus: SKILLS_FOR_FULL_BONUS,
  placeBonus: PLACE_BONUS,
  relatedCosine: RELATED_COSINE,
  nearKm: NEAR_KM,
  headMismatch: HEAD_MISMATCH,
  areaKm: AREA_KM,
  seniority: {
    fits: 1,
    aboveOne: 0.95,
    aboveMore: 0.75,
    belowOne: 0.85,
    belowMore: 0.75,
    intern: 0.4,
  },
  student: { intern: 1, unknown: 0.6, other: 0.4 },
};

/** How a posting's level sits against the levels that fit the person. */
export function seniorityFactor(
  levels: readonly Seniority[],
  posting: Seniority | undefined,
  ranking: ProfileRanking = DEFAULT_PROFILE_RANKING,
): number {
  if (levels.length === 0) return 1;
  if (levels.length === 1 && levels[0] === "intern") {
    if (posting === "intern") return ranking.student.intern;
    return posting === undefined ? ranking.student.unknown : ranking.student.other;
  }
  if (posting === undefined) return 1;
  if (levels.includes(posting)) return ranking.seniority.fits;
  const at = SENIORITIES.indexOf(posting);
  const distances = levels.map((level) => at - SENIORITIES.indexOf(level));
  const nearest = distances.reduce((a, b) => Math.abs(b) < Math.abs(a) ? b : a);
  // An internship is never a step for someone already in work.
  if (posting === "intern") return ranking.seniority.intern;
  if (nearest > 0) return nearest === 1 ? ranking.seniority.aboveOne : ranking.seniority.aboveMore;
  return nearest === -1 ? ranking.seniority.belowOne : ranking.seniority.belowMore;
}
