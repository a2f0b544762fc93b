/**
 * Reposts: the same job put on a board several times under different URLs (same title, company
 * and place, near-identical description). A result set shows each once; the others' URLs travel
 * with it (`also_posted_at`).
 *
 * @module
 */
import { foldText } from "../domain/fold_text.ts";
import type { Job } from "../domain/job.ts";
import { byScoreThenDate, type Candidates, type RankedHit, SCORE_STEPS } from "./result_cut.ts";

/**
 * Characters of the folded description two reposts must share. Copies differ in their tails
 * (tracking footers, "posted 3 days ago"), rarely in their first paragraph.
 */
const DESCRIPTION_PREFIX = 300;

/**
 * Each posting's key, kept with the posting: an index with a delta merged in holds the same
 * posting objects as the index before it, and folding every title again made most of a merge's
 * time at 100,000 postings (docs/search.md, "Deltas").
 */
const keyOfJob = new WeakMap<Job, string | null>();

/** What two copies of a job share besides their text; null when there is too little to tell. */
function jobKey(job: Job): string | null {
  let key = keyOfJob.get(job);
  if (key !== undefined) return key;
  const company = foldText(job.company_name);
  // Without a company, two "Nurse" postings in one city are as likely two jobs as one.
  key = company === ""
    ? null
    : [foldText(job.job_title), company, foldText(job.city), job.country ?? ""].join("\u0000");
  keyOfJob.set(job, key);
  return key;
}

/**
 * The start of a description as reposts compare it, folded (well-formed, so that it survives a
 * snapshot's UTF-8 unchanged).
 */
export function repostTextOf(description: string): string {
  // Folding shortens a text (spaces, punctuation), never lengthens it: twice the prefix is enough.
  return foldText(description.slice(0, 2 * DESCRIPTION_PREFIX)).slice(0, DESCRIPTION_PREFIX)
    .toWellFormed();
}

/**
 * Shortest description start that may stand for a longer one it begins: a board that cuts a
 * description still shows its first paragraph, while "Ward 1." and "Ward 12." are two jobs.
 */
const MIN_SHARED_PREFIX = 100;

/** Whether two folded description starts are the same text, one perhaps cut shorter. */
function sameText(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= MIN_SHARED_PREFIX && long.startsWith(short);
}

/**
 * For each posting, the position of the first posting of its repost group (itself when it has no
 * copy).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const job = (url: string, company = "Acme", job_description = "Care for patients.") => ({
 *   id: url, job_url: url, job_title: "Nurse", company_name: company, city: "Leeds",
 *   country: "GB", publish_time: "2024-01-01 00:00:00", job_tags: [], data_source: "indeed" as const,
 *   job_description,
 * });
 * assert.deepEqual(
 *   Array.from(repostGroups([
 *     job("https://a/1"),
 *     job("https://a/2", "Other"),
 *     job("https://a/3"),
 *     // A short text that begins another is not taken for a cut copy of it.
 *     job("https://a/4", "Acme", "Care for patients. Ward 12."),
 *   ])),
 *   [0, 1, 0, 3],
 * );
 * ```
 */
export function repostGroups(
  jobs: readonly Job[],
  repostTextAt: (position: number) => string = (p) => repostTextOf(jobs[p].job_description),
): Uint32Array {
  const groups = new Uint32Array(jobs.length);
  // Descriptions are compared only where a key is shared: most postings have a key of their own.
  const firstWithKey = new Map<string, number>();
  const shared = new Set<string>();
  for (let p = 0; p < jobs.length; p++) {
    groups[p] = p;
    const key = jobKey(jobs[p]);
    if (key === null) continue;
    if (firstWithKey.has(key)) shared.add(key);
    else firstWithKey.set(key, p);
  }
  // Per shared key, the groups met so far: their first posting and its description's start.
  const seen = new Map<string, { first: number; text: string }[]>();
  jobs.forEach((job, p) => {
    const key = jobKey(job);
    if (key === null || !shared.has(key)) return;
    const text = repostTextAt(p);
    const candidates = seen.get(key) ?? [];
    const match = candidates.find((c) => sameText(c.text, text));
    if (match) groups[p] = match.first;
    else {
      candidates.push({ first: p, text });
      seen.set(key, candidates);
    }
  });
  return groups;
}

/** A candidate left out as a repost, to be listed with the copy that stays. */
export interface OtherCopy {
  position: number;
  /** In score steps. */
  score: number;
}

/**
 * The reposts among an index's postings, found on first need (or by `prepare()`). Searching is
 * synchronous, so the scratch buffer is shared between calls.
 */
export class Reposts {
  readonly #jobs: readonly Job[];
  readonly #repostTextAt: (position: number) => string;
  #groups: Uint32Array | null = null;
  /** Per repost group, 1 + the candidate slot of its best copy in the running search (0: none). */
  readonly #groupBest: Uint32Array;

  /** `repostTextAt(p)`: posting p's `repostTextOf` its description. */
  /** `groups`: `repostGroups` of these postings made before (a snapshot carries them). */
  constructor(
    jobs: readonly Job[],
    repostTextAt: (position: number) => string,
    groups?: Uint32Array,
  ) {
    this.#jobs = jobs;
    this.#repostTextAt = repostTextAt;
    this.#groups = groups ?? null;
    this.#groupBest = new Uint32Array(jobs.length);
  }

  /** Builds what the first search would otherwise build. */
  prepare(): void {
    this.#repostGroups();
  }

  #repostGroups(): Uint32Array {
    return this.#groups ??= repostGroups(this.#jobs, this.#repostTextAt);
  }

  /**
   * One candidate per job: of the reposts of one job among the candidates, the one scoring best
   * (then newest, then lowest id) stays, compacted to the front; the others are returned, to be
   * listed as `also_posted_at` of the copy that stays. Before any filter, so that a filter tests
   * the copy that stands for the job, as the unfiltered set shows it.
   */
  keepOneCopy(candidates: Candidates): OtherCopy[] {
    const groups = this.#repostGroups();
    const jobs = this.#jobs;
    const { positions, scores, count } = candidates;
    const bestOf = this.#groupBest;
    const better = (k: number, than: number) => {
      if (scores[k] !== scores[than]) return scores[k] > scores[than];
      const a = jobs[positions[k]];
      const b = jobs[positions[than]];
      if (a.publish_time !== b.publish_time) return a.publish_time > b.publish_time;
      return a.id < b.id;
    };
    for (let k = 0; k < count; k++) {
      const group = groups[positions[k]];
      const held = bestOf[group];
      if (held === 0 || better(k, held - 1)) bestOf[group] = k + 1;
    }
    const others: OtherCopy[] = [];
    let kept = 0;
    for (let k = 0; k < count; k++) {
      const p = positions[k];
      if (bestOf[groups[p]] === k + 1) {
        positions[kept] = p;
        scores[kept] = scores[k];
        kept++;
      } else others.push({ position: p, score: scores[k] });
    }
    for (let k = 0; k < kept; k++) bestOf[groups[positions[k]]] = 0;
    candidates.count = kept;
    return others;
  }

  /** The other copies' URLs on the hit of their job in `set`, best copy first. */
  listOtherCopies(set: RankedHit[], others: OtherCopy[]): void {
    if (others.length === 0) return;
    const groups = this.#repostGroups();
    const jobs = this.#jobs;
    const hitOfGroup = new Map<number, RankedHit>();
    for (const hit of set) hitOfGroup.set(groups[hit.position], hit);
    const listed = others
      .filter(({ position }) => hitOfGroup.has(groups[position]))
      .map(({ position, score }): RankedHit => ({
        job: jobs[position],
        score: score / SCORE_STEPS,
        position,
      }))
      .sort(byScoreThenDate);
    for (const other of listed) {
      const hit = hitOfGroup.get(groups[other.position])!;
      (hit.alsoPostedAt ??= []).push(other.job.job_url);
    }
  }
}
