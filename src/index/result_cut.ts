/**
 * Which scored postings make a result set, and in what order: the cut decided on the scores alone
 * (the settings are `ResultCut` in src/index/ranking.ts), the 1,000 cap, the two orders a client
 * can ask for. Scores are handled as whole steps so that ties are exact and the cap can count
 * postings per score instead of sorting them.
 *
 * @module
 */
import quickselect from "quickselect";
import type { Job } from "../domain/job.ts";
import { RESULT_SET_MAX } from "../domain/search_query.ts";
import type { IndexHit, IndexSearch } from "./index_search.ts";
import { DEFAULT_CUT } from "./ranking.ts";

/** Scores are rounded to 4 decimals and handled as integers 0..10,000. */
export const SCORE_STEPS = 10_000;

/** The least whole number of score steps at or above `score` (a bar a score must reach). */
function stepsReaching(score: number): number {
  return Math.max(0, Math.ceil(score * SCORE_STEPS - 1e-6));
}

/** The cut's bars in score steps. */
export interface CutBars {
  /** The minimum, when the best candidate reaches it. */
  enough: number;
  /** The floor: no candidate below it is strong, even when the best misses `enough`. */
  least: number;
  /** The close matches' floor; above every score (`SCORE_STEPS + 1`) when there is no close tier. */
  close: number;
}

/**
 * The bars of a request: `DEFAULT_CUT`'s minimum, no rescue and no close tier unless it names
 * others.
 */
export function cutBarsOf(
  request: Pick<IndexSearch, "minScore" | "weakFloor" | "closeFloor" | "minScoreUnmatched">,
  unmatched = false,
): CutBars {
  const minScore = (unmatched ? request.minScoreUnmatched : undefined) ?? request.minScore ??
    DEFAULT_CUT.minScore;
  const enough = stepsReaching(minScore);
  const least = Math.min(enough, stepsReaching(request.weakFloor ?? request.minScore ?? minScore));
  const close = request.closeFloor === undefined
    ? SCORE_STEPS + 1
    : Math.max(1, stepsReaching(request.closeFloor));
  return { enough, least, close };
}

/** The least score (in steps) a candidate of either tier has: what a search gathers. */
export function gatherFloor(bars: CutBars): number {
  return Math.min(bars.least, bars.close);
}

/**
 * The candidates of a running search: `positions[k]` (in `jobs`) scored `scores[k]` steps, for
 * `k` below `count`. Each step of a search compacts the kept ones to the front.
 */
export interface Candidates {
  positions: Uint32Array;
  scores: Uint16Array;
  count: number;
}

/**
 * The score (in steps) a candidate needs when the best candidate scores `best`: the minimum when
 * the best reaches it (else the floor), and the share `relativeCut` of the best's score. It never
 * falls as `best` rises, and never exceeds `best` unless it is the floor: so a search that knows
 * only a lower bound of the best may drop what scores below this bar of it (src/index/job_index.ts).
 */
export function cutBar(best: number, cut: CutBars & RelativeCuts): number {
  const strong = best >= cut.enough;
  const share = strong ? cut.relativeCut : cut.weakRelativeCut ?? cut.relativeCut;
  return Math.max(
    strong ? cut.enough : cut.least,
    stepsReaching((share ?? 0) * best / SCORE_STEPS),
  );
}

/**
 * The shares of the best match's score a strong match needs: `relativeCut` where the best reaches
 * the minimum, `weakRelativeCut` (else `relativeCut`) where it does not. A share of at most 1
 * keeps the bar from falling as the best rises: under the minimum the bar stays under it.
 */
export interface RelativeCuts {
  relativeCut?: number;
  weakRelativeCut?: number;
  /**
   * `ResultCut.rescueStrong`: false makes what the rescue keeps (where even the best match misses
   * the minimum) close matches rather than strong ones. Absent: strong.
   */
  rescueStrong?: boolean;
}

/** A strong tier's bar above every score: no candidate is strong. */
export const NONE_STRONG = SCORE_STEPS + 1;

/**
 * Keeps the candidates of either tier and returns the strong tier's bar: a candidate is strong when
 * it passes the cut (the minimum when the best reaches it, else the floor, and the share
 * `relativeCut` of the best's score), close when it does not but reaches the close floor. Where
 * the best misses the minimum and the rescue's matches are not strong (`rescueStrong: false`),
 * what the rescue keeps is kept as close matches, even under the close floor: the list is the
 * same, only no match is strong.
 *
 * `asked`: the place the query itself names (its text's city, country or "remote"). Where a
 * posting there is strong by the query's own cut (the place holds what was asked), the strong tier
 * is cut against the best match there instead: a better match elsewhere is not what the query
 * asked for, so it sets no bar (as a profile's area sets it, src/search/profile_search.ts). Where
 * none is, the place has no strong match, as before: its best is marginal beside what the words
 * find elsewhere, and the response shows the close matches there apart. What either tier keeps is
 * what the query keeps without its place; the filters never set a bar.
 */
export function cutByScore(
  candidates: Candidates,
  cut: CutBars & RelativeCuts,
  asked?: (position: number) => boolean,
): number {
  const best = bestScore(candidates);
  const strongBar = strongBarWithin(candidates, cut, asked, best);
  keepFrom(candidates, Math.min(cutBar(best, cut), cut.close, strongBar));
  return strongBar;
}

/**
 * `cutByScore` where the query names several places together ("nurse in Leeds or York"): each
 * place's strong bar, as the query naming it alone would have it (`asked`: a posting at each),
 * so that the places together list what each lists alone. The candidates keep what any keeps.
 */
export function cutByScoreEach(
  candidates: Candidates,
  cut: CutBars & RelativeCuts,
  asked: readonly ((position: number) => boolean)[],
): number[] {
  const best = bestScore(candidates);
  const bars = asked.map((at) => strongBarWithin(candidates, cut, at, best));
  // A place's own bar keeps its postings only, as its own query's does (another place's lower
  // bar would make close matches of postings its own query leaves out).
  const anywhere = Math.min(cutBar(best, cut), cut.close);
  const { positions, scores } = candidates;
  let count = 0;
  for (let k = 0; k < candidates.count; k++) {
    const score = scores[k];
    if (score >= anywhere || bars.some((bar, i) => score >= bar && asked[i](positions[k]))) {
      positions[count] = positions[k];
      scores[count] = score;
      count++;
    }
  }
  candidates.count = count;
  return bars;
}

/**
 * An alternative the work is named as: each posting's score as its own query scores it (in steps,
 * by position; -1 where that query does not gather it), and its cut.
 */
export interface AlternativeCut {
  scores: Int16Array;
  cut: CutBars & RelativeCuts;
  /**
   * Whether a posting's title names this alternative's head noun after another specialty
   * (src/index/specialty.ts), as its own query would read it; absent: none does.
   */
  otherSpecialty?: ((position: number) => boolean) | null;
}

/**
 * The strong tier's bar of each alternative the work is named as ("nurse or midwife"), each cut
 * against its own best by its own scores, as the query naming it alone would be (`strongBarWithin`,
 * `asked` the place the query names): "cook or welder" keeps every cook "cook" lists, though the
 * best welder outscores the best cook.
 */
export function strongBarsOfEach(
  candidates: Candidates,
  alternatives: readonly AlternativeCut[],
  asked?: ((position: number) => boolean) | null,
): number[] {
  const { positions, count } = candidates;
  return alternatives.map(({ scores, cut }) => {
    let best = 0;
    let bestThere = 0;
    for (let k = 0; k < count; k++) {
      const p = positions[k];
      const score = scores[p];
      if (score > best) best = score;
      if (asked && score > bestThere && asked(p)) bestThere = score;
    }
    const anywhere = strongBarOf(best, cut);
    return asked && bestThere >= anywhere ? strongBarOf(bestThere, cut) : anywhere;
  });
}

/**
 * Whether a posting is strong where the work is named as alternatives: by the score and bar of any
 * alternative whose own query makes it strong ("staff nurse or nurse practitioner": a Registered
 * Nurse strong for "nurse practitioner" stays strong, though "staff nurse" scores it higher under a
 * higher bar; reviewer R44), of another specialty than it names only at its `specialtyBarOf`
 * (`asked`: the place the query names, as for the bars).
 */
export function strongOfAny(
  alternatives: readonly AlternativeCut[],
  bars: readonly number[],
  candidates: Candidates,
  asked?: ((position: number) => boolean) | null,
): (position: number) => boolean {
  const specialtyBars = alternatives.map(({ scores, otherSpecialty }, i) =>
    otherSpecialty
      ? specialtyBarOf(
        candidates,
        (p) => scores[p],
        (p) => scores[p] >= bars[i] && (!asked || asked(p)),
        otherSpecialty,
      )
      : 0
  );
  return (p) =>
    alternatives.some(({ scores, otherSpecialty }, i) =>
      scores[p] >= bars[i] && (scores[p] >= specialtyBars[i] || !otherSpecialty!(p))
    );
}

/**
 * The score a strong match of another specialty than the work names needs to stay strong
 * (src/index/specialty.ts): the best score of a strong match not of one ("compliance officer":
 * the compliance analyst's, over every "Security Officer"); 0 where no strong match is not of one,
 * and none is ruled out. `scoreOf` and `strong` take a candidate's position and index.
 */
export function specialtyBarOf(
  candidates: Candidates,
  scoreOf: (position: number, k: number) => number,
  strong: (position: number, k: number) => boolean,
  otherSpecialty: (position: number) => boolean,
): number {
  const { positions, count } = candidates;
  let bar = 0;
  for (let k = 0; k < count; k++) {
    const p = positions[k];
    const score = scoreOf(p, k);
    if (score > bar && strong(p, k) && !otherSpecialty(p)) bar = score;
  }
  return bar;
}

/**
 * `cutByScore` where the work is named as alternatives: each one's bar (`strongBarsOfEach`); the
 * candidates keep what the query naming any one alone keeps.
 */
export function cutByScoreOfEach(
  candidates: Candidates,
  alternatives: readonly AlternativeCut[],
  asked?: ((position: number) => boolean) | null,
): number[] {
  const bars = strongBarsOfEach(candidates, alternatives, asked);
  const { positions, count } = candidates;
  const kept = alternatives.map(({ scores, cut }) => {
    let best = 0;
    for (let k = 0; k < count; k++) best = Math.max(best, scores[positions[k]]);
    return Math.min(cutBar(best, cut), cut.close);
  });
  // A posting's score is its best alternative's: at or above what that alternative keeps.
  keepFrom(candidates, Math.min(...kept, ...bars));
  return bars;
}

/** Keeps the candidates scoring `keep` or more, in their order. */
function keepFrom(candidates: Candidates, keep: number): void {
  const { positions, scores } = candidates;
  let count = 0;
  for (let k = 0; k < candidates.count; k++) {
    if (scores[k] >= keep) {
      positions[count] = positions[k];
      scores[count] = scores[k];
      count++;
    }
  }
  candidates.count = count;
}

/**
 * The strong tier's bar (`cutByScore`) of the candidates, where the query's place is `asked` (or
 * none): also what the strong set would be at another place, counted from the same scores.
 */
export function strongBarWithin(
  candidates: Candidates,
  cut: CutBars & RelativeCuts,
  asked?: (position: number) => boolean,
  best = bestScore(candidates),
): number {
  const anywhere = strongBarOf(best, cut);
  if (!asked) return anywhere;
  const bestThere = bestScore(candidates, asked);
  return bestThere >= anywhere ? strongBarOf(bestThere, cut) : anywhere;
}

function strongBarOf(best: number, cut: CutBars & RelativeCuts): number {
  const bar = cutBar(best, cut);
  const strongBar = best < cut.enough && cut.rescueStrong === false ? NONE_STRONG : bar;
  return strongBar;
}

/** The best score of the candidates, or of those `within` lets through. */
function bestScore(candidates: Candidates, within?: (position: number) => boolean): number {
  const { positions, scores } = candidates;
  let best = 0;
  for (let k = 0; k < candidates.count; k++) {
    if (scores[k] > best && (!within || within(positions[k]))) best = scores[k];
  }
  return best;
}

/** What the orders compare. */
type ScoredJob = Pick<IndexHit, "job" | "score">;

/** A hit of the result set with its posting's position in the index. */
export interface RankedHit extends Omit<IndexHit, "match"> {
  position: number;
}

/**
 * The result set: the best 1,000 of the candidates by score (ties: newer first), found with a
 * histogram of the integer scores so that a broad query does not sort 20,000 postings.
 */
export function bestByScore(candidates: Candidates, jobs: readonly Job[]): RankedHit[] {
  const { positions, scores, count } = candidates;
  const hit = (k: number): RankedHit => ({
    job: jobs[positions[k]],
    score: scores[k] / SCORE_STEPS,
    position: positions[k],
  });
  const set: RankedHit[] = [];
  if (count <= RESULT_SET_MAX) {
    for (let k = 0; k < count; k++) set.push(hit(k));
    return set;
  }
  const histogram = new Uint32Array(SCORE_STEPS + 1);
  for (let k = 0; k < count; k++) histogram[scores[k]]++;
  // Lower the bar from the top until the next score step would overfill the set.
  let bar = SCORE_STEPS;
  let above = 0;
  while (above + histogram[bar] < RESULT_SET_MAX) above += histogram[bar--];
  const tied: number[] = [];
  for (let k = 0; k < count; k++) {
    if (scores[k] > bar) set.push(hit(k));
    else if (scores[k] === bar) tied.push(k);
  }
  // The first of the tied in relevance order (newest, then lowest id), found without sorting them
  // all: "remote jobs" at 1,000,000 postings ties hundreds of thousands (a full sort took ~1 s).
  const wanted = RESULT_SET_MAX - set.length;
  const newer = (a: number, b: number) => byDateThenId(jobs[positions[a]], jobs[positions[b]]);
  if (tied.length > wanted) quickselect(tied, wanted - 1, 0, tied.length - 1, newer);
  for (const k of tied.slice(0, wanted).sort(newer)) set.push(hit(k));
  return set;
}

/** Newest first, then lowest id: the order of postings whose scores tie. */
export function byDateThenId(a: Job, b: Job): number {
  if (a.publish_time !== b.publish_time) return a.publish_time < b.publish_time ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Newest first, then best score, then lowest id: the default order. */
export function byDateThenScore(a: ScoredJob, b: ScoredJob): number {
  if (a.job.publish_time !== b.job.publish_time) {
    return a.job.publish_time < b.job.publish_time ? 1 : -1;
  }
  return b.score - a.score || (a.job.id < b.job.id ? -1 : a.job.id > b.job.id ? 1 : 0);
}

/** Best score first, then newest, then lowest id: the relevance order. */
export function byScoreThenDate(a: ScoredJob, b: ScoredJob): number {
  return b.score - a.score || byDateThenId(a.job, b.job);
}
