/**
 * How a posting's score is made from its keyword score and its title's cosine: the one formula
 * (`mixScore`, used by every path that makes a hybrid score), the vector's share of the mix, the cosines
 * under which a title changes no score (what the title vectors need exactly,
 * src/index/title_vectors.ts `CosineBars`), and one pass over every posting into score steps.
 *
 * @module
 */
import type { RankingParams } from "./ranking.ts";
import { type Candidates, SCORE_STEPS } from "./result_cut.ts";

/**
 * How far under the exact cosine bound a posting with none of the query's words is still scored:
 * far above the float rounding of the bound's arithmetic (~1e-16), far below what one score step
 * (1e-4) is in cosine.
 */
const SKIP_MARGIN = 1e-6;

/**
 * A query whose words' postings (counted once a word) pass this share of the postings is scored
 * in two passes without branches (see `scoreEveryPosting`); a narrower one in one pass, which is
 * cheaper when few postings have a word (1,000,000 postings, 2% with one: 1.75 against 2.3 ms).
 */
const BROAD_SHARE = 1 / 8;

/**
 * The one formula of a hybrid score, used wherever one is made (`scoreEveryPosting` below, which
 * `JobIndex.search` runs, and `JobIndex.scoresOf` for the profile search): the title's cosine mapped linearly from the model's
 * [floor, floor + span] onto [0, 1] and clamped, mixed with the keyword score (in [0, 1]) at the
 * vector's share `vectorWeight`, and never under `titleAlone` (`RankingParams.titleAlone`) times
 * that semantic score. Small enough for V8 to inline into the loops that call it.
 */
export function mixScore(
  cosine: number,
  keyword: number,
  vectorWeight: number,
  cosineFloor: number,
  span: number,
  titleAlone = 0,
): number {
  let semantic = (cosine - cosineFloor) / span;
  semantic = semantic < 0 ? 0 : semantic > 1 ? 1 : semantic;
  let score = vectorWeight * semantic + (1 - vectorWeight) * keyword;
  const alone = titleAlone * semantic;
  score = alone > score ? alone : score;
  return score > 1 ? 1 : score;
}

/**
 * The vector's share of the mix: `vectorWeight`, moving to `vectorWeightUnmatched` as the best
 * keyword score falls short of a full match.
 */
export function vectorShare(ranking: RankingParams, bestKeyword: number): number {
  return ranking.vectorWeight +
    ((ranking.vectorWeightUnmatched ?? ranking.vectorWeight) - ranking.vectorWeight) *
      (1 - Math.min(1, bestKeyword));
}

/**
 * The cosines from which a title counts for a search: `titleBar` for a posting with none of the
 * query's words, which scores by its title alone and below it cannot reach `least` (a bound a
 * little under the exact one, so that the score's formula decides at the edge); `wordBar` for one
 * with a word, whose title adds nothing below the cosine floor.
 */
export function cosineBarsOf(
  mode: "hybrid" | "vector",
  ranking: RankingParams,
  least: number,
  vectorWeight: number,
): { titleBar: number; wordBar: number } {
  const { cosineFloor, cosineCeiling } = ranking;
  const span = cosineCeiling - cosineFloor;
  const titleWeight = mode === "vector" ? 1 : Math.max(vectorWeight, ranking.titleAlone ?? 0);
  const stepsFloor = (least - 0.5) / SCORE_STEPS;
  const titleBar = least === 0
    ? -Infinity
    : titleWeight <= 0
    ? Infinity
    : (mode === "vector" ? stepsFloor : cosineFloor + (span * stepsFloor) / titleWeight) -
      SKIP_MARGIN;
  return { titleBar, wordBar: mode === "vector" ? titleBar : Math.min(cosineFloor, titleBar) };
}

/** What `scoreEveryPosting` scores: every posting's keyword score and its title's row. */
export interface EveryPosting {
  vectorOfDoc: Uint32Array;
  /** Keyword score by posting, 0 for a posting with none of the query's words. */
  keyword: Float32Array;
  /** Title cosine by row: exact wherever a title could count (see `cosineBarsOf`). */
  cosines: Float32Array;
  /** Postings with a query word, counted once a word (a broad query is scored otherwise). */
  wordPostings: number;
}

/**
 * Every posting scored in one pass in position order into `candidates` (in score steps, those at
 * `least` or above): the postings with a query word or a title at `titleBar` or above, as a
 * gathering of them would give (any other scores 0), without gathering them first (at 1,000,000
 * postings a broad query has hundreds of thousands). `scratch` holds a posting each.
 */
export function scoreEveryPosting(
  postings: EveryPosting,
  mode: "hybrid" | "vector",
  ranking: RankingParams,
  { least, vectorWeight, titleBar, wordBar = titleBar }: {
    least: number;
    vectorWeight: number;
    titleBar: number;
    /** `cosineBarsOf`'s `wordBar`: under it a posting's title adds nothing to its words. */
    wordBar?: number;
  },
  candidates: Candidates,
  scratch: Uint32Array,
): void {
  const { vectorOfDoc, keyword, cosines, wordPostings } = postings;
  const { positions, scores } = candidates;
  const n = vectorOfDoc.length;
  const { cosineFloor, cosineCeiling } = ranking;
  const titleAlone = ranking.titleAlone ?? 0;
  const span = cosineCeiling - cosineFloor;
  // A posting with none of the words scores by its title alone: below `titleBar` it cannot
  // reach `least`, and is passed over without the arithmetic, which is most of this loop's time.
  const skipBelow = titleBar;
  let kept = 0;
  if (mode === "hybrid" && wordPostings > n * BROAD_SHARE) {
    // A broad query: whether a posting has a query word is a coin toss the processor mispredicts
    // in the loop below (1,000,000 postings, 40% with a word: 15.4 ms, against 6.5 here). So the
    // postings to score are gathered without a branch, then scored without one, by the same
    // arithmetic: the clamps as comparisons, and `Math.round` of a non-negative x as its integer
    // part plus 1 when what is left is at least a half (exact: x minus its integer part is).
    //
    // A posting with a word whose title is under `wordBar` (at or under the cosine floor, so its
    // semantic score is 0) scores (1 − vectorWeight) × its keyword score, whatever its cosine: it
    // is not gathered when that is under `least` by more than the arithmetic's rounding. Most of
    // a broad query's postings have only some of its words, or have them in the description
    // alone, and score far under the floor (docs/scaling.md, session 22).
    const keywordBar = wordBar <= cosineFloor && vectorWeight < 1
      ? ((least - 0.5) / SCORE_STEPS) / (1 - vectorWeight) - SKIP_MARGIN
      : -Infinity;
    const gathered = scratch;
    let count = 0;
    for (let p = 0; p < n; p++) {
      gathered[count] = p;
      const cosine = cosines[vectorOfDoc[p]];
      const words = keyword[p];
      count += +(cosine >= skipBelow) |
        (+(words !== 0) & (+(cosine >= wordBar) | +(words >= keywordBar)));
    }
    for (let k = 0; k < count; k++) {
      const p = gathered[k];
      const score = mixScore(
        cosines[vectorOfDoc[p]],
        keyword[p],
        vectorWeight,
        cosineFloor,
        span,
        titleAlone,
      );
      const steps = score * SCORE_STEPS;
      let scoreSteps = steps | 0;
      scoreSteps += +(steps - scoreSteps >= 0.5);
      positions[kept] = p;
      scores[kept] = scoreSteps;
      kept += +(scoreSteps >= least);
    }
    candidates.count = kept;
    return;
  }
  for (let p = 0; p < n; p++) {
    const cosine = cosines[vectorOfDoc[p]];
    if (cosine < skipBelow && keyword[p] === 0) continue;
    const score = mode === "vector"
      ? Math.max(0, cosine)
      : mixScore(cosine, keyword[p], vectorWeight, cosineFloor, span, titleAlone);
    const scoreSteps = Math.round(Math.min(1, score) * SCORE_STEPS);
    if (scoreSteps >= least) {
      positions[kept] = p;
      scores[kept] = scoreSteps;
      kept++;
    }
  }
  candidates.count = kept;
}
