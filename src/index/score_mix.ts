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
  /**
   * For a narrow query, what lets it visit only the few postings that can score (`visitFew`):
   * each row's postings, and the lists of postings with a query word (every posting whose keyword
   * score is not 0 is in one). `limit`: the most postings it visits so, else it makes the pass
   * over every posting (by default {@linkcode FEW_SHARE} of them).
   */
  narrow?: { rows: RowPostings; wordLists: readonly Uint32Array[]; limit?: number };
}

/** Each title row's postings in position order: the inverse of `vectorOfDoc`. */
export interface RowPostings {
  /** Row r's postings are `postings[start[r]]` up to `postings[start[r + 1]]`. */
  start: Uint32Array;
  postings: Uint32Array;
}

/**
 * The inverse of `vectorOfDoc` (a counting sort, positions ascending), over the rows up to the
 * last one a posting has.
 */
export function rowPostingsOf(vectorOfDoc: Uint32Array): RowPostings {
  let rows = 0;
  for (let p = 0; p < vectorOfDoc.length; p++) rows = Math.max(rows, vectorOfDoc[p] + 1);
  const start = new Uint32Array(rows + 1);
  for (let p = 0; p < vectorOfDoc.length; p++) start[vectorOfDoc[p] + 1]++;
  for (let r = 0; r < rows; r++) start[r + 1] += start[r];
  const next = start.slice(0, rows);
  const postings = new Uint32Array(vectorOfDoc.length);
  for (let p = 0; p < vectorOfDoc.length; p++) postings[next[vectorOfDoc[p]]++] = p;
  return { start, postings };
}

/**
 * The share of the postings a narrow query visits at most one by one (`visitFew`): past it, the
 * pass over every posting in order costs less than sorting them.
 */
const FEW_SHARE = 1 / 128;

/** What the one-pass loop needs of a search, for its two ways of visiting the postings. */
interface OnePass {
  vectorOfDoc: Uint32Array;
  keyword: Float32Array;
  cosines: Float32Array;
  vector: boolean;
  skipBelow: number;
  least: number;
  vectorWeight: number;
  cosineFloor: number;
  span: number;
  titleAlone: number;
  positions: Uint32Array;
  scores: Uint16Array;
}

/**
 * The one-pass loop over the postings `from` up to `to`, into the candidates from `kept` on;
 * returns the candidates kept then.
 */
function scoreRange(pass: OnePass, from: number, to: number, kept: number): number {
  const { vectorOfDoc, keyword, cosines, vector, skipBelow, least, vectorWeight } = pass;
  const { cosineFloor, span, titleAlone, positions, scores } = pass;
  for (let p = from; p < to; p++) {
    const cosine = cosines[vectorOfDoc[p]];
    if (cosine < skipBelow && keyword[p] === 0) continue;
    const score = vector
      ? Math.max(0, cosine)
      : mixScore(cosine, keyword[p], vectorWeight, cosineFloor, span, titleAlone);
    const scoreSteps = Math.round(Math.min(1, score) * SCORE_STEPS);
    if (scoreSteps >= least) {
      positions[kept] = p;
      scores[kept] = scoreSteps;
      kept++;
    }
  }
  return kept;
}

/**
 * The one-pass loop over only the postings that can be kept, in position order: so the same
 * candidates in the same order as the pass over every posting, which at 1,000,000 postings reads
 * three 4 MB arrays whole for a narrow query's few hundred (docs/scaling.md, session 23). A
 * posting the pass keeps either has a title at `wordBar` or above (`titleBar` is not under it),
 * found from the rows; or has a query word and a title under `wordBar`, which is at or under the
 * cosine floor, so that it scores (1 − vectorWeight) × its keyword score whatever its cosine:
 * under `keywordBar` (the broad path's bound too) that misses `least`. Those postings are
 * gathered, sorted, and each goes through the pass's own loop, its test too. Returns the
 * candidates kept, or -1 where more than `limit` postings would be visited.
 */
function visitFew(
  pass: OnePass,
  narrow: NonNullable<EveryPosting["narrow"]>,
  wordBar: number,
  keywordBar: number,
  limit: number,
  few: Uint32Array,
): number {
  const { cosines, keyword } = pass;
  const { start, postings } = narrow.rows;
  const rows = start.length - 1;
  // The rows at the bar first (as the loop's test, a NaN cosine is not under it), at the end of
  // `few`, then their postings from its start: a scan with no more in its loop runs faster.
  let listed = few.length;
  const lowest = few.length - limit;
  for (let r = 0; r < rows; r++) {
    if (cosines[r] < wordBar) continue;
    if (listed === lowest) return -1;
    few[--listed] = r;
  }
  // Their postings overwrite no row not yet read: they end before `listed`.
  const room = Math.min(limit, listed);
  let count = 0;
  for (let k = few.length - 1; k >= listed; k--) {
    const r = few[k];
    const to = start[r + 1];
    if (count + to - start[r] > room) return -1;
    for (let i = start[r]; i < to; i++) few[count++] = postings[i];
  }
  for (const list of narrow.wordLists) {
    for (let k = 0; k < list.length; k++) {
      const p = list[k];
      if (keyword[p] < keywordBar) continue;
      if (count === limit) return -1;
      few[count++] = p;
    }
  }
  const sorted = few.subarray(0, count).sort();
  let kept = 0;
  for (let k = 0; k < count; k++) {
    const p = sorted[k];
    // A posting of a row at the bar with a word, or with words in several lists, comes again.
    if (k > 0 && sorted[k - 1] === p) continue;
    kept = scoreRange(pass, p, p + 1, kept);
  }
  return kept;
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
  // A posting with a word whose title is under `wordBar` (at or under the cosine floor, so its
  // semantic score is 0) scores (1 − vectorWeight) × its keyword score, whatever its cosine:
  // under this bar that misses `least` by more than the arithmetic's rounding.
  const keywordBar = wordBar <= cosineFloor && vectorWeight < 1
    ? ((least - 0.5) / SCORE_STEPS) / (1 - vectorWeight) - SKIP_MARGIN
    : -Infinity;
  let kept = 0;
  if (mode === "hybrid" && wordPostings > n * BROAD_SHARE) {
    // A broad query: whether a posting has a query word is a coin toss the processor mispredicts
    // in the loop below (1,000,000 postings, 40% with a word: 15.4 ms, against 6.5 here). So the
    // postings to score are gathered without a branch, then scored without one, by the same
    // arithmetic: the clamps as comparisons, and `Math.round` of a non-negative x as its integer
    // part plus 1 when what is left is at least a half (exact: x minus its integer part is).
    //
    // A posting with a word and a title under `wordBar` is not gathered under `keywordBar`. Most
    // of a broad query's postings have only some of its words, or have them in the description
    // alone, and score far under the floor (docs/scaling.md, session 22).
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
  const pass: OnePass = {
    vectorOfDoc,
    keyword,
    cosines,
    vector: mode === "vector",
    skipBelow,
    least,
    vectorWeight,
    cosineFloor,
    span,
    titleAlone,
    positions,
    scores,
  };
  const narrow = postings.narrow;
  if (narrow && skipBelow > -Infinity) {
    const limit = Math.min(n, narrow.limit ?? Math.floor(n * FEW_SHARE));
    // `cosineBarsOf`'s word bar is never over the title bar; the least of the two, whatever bars.
    kept = visitFew(pass, narrow, Math.min(wordBar, skipBelow), keywordBar, limit, scratch);
    if (kept >= 0) {
      candidates.count = kept;
      return;
    }
  }
  candidates.count = scoreRange(pass, 0, n, 0);
}
