/**
 * Reposts: the same job put on a board several times under different URLs (same title, company
 * and place, near-identical description). A result set shows each once; the others' URLs travel
 * with it (`also_posted_at`).
 *
 * @module
 */
import { foldText } from "../domain/fold_text.ts";
import { cityOrRegion, type Job } from "../domain/job.ts";
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

/**
 * Works out and keeps the keys of `jobs` now, as the first merge of a delta otherwise does for
 * every posting (src/search/snapshot_follower.ts does it after a cold start, a slice at a time).
 */
export function rememberJobKeys(jobs: readonly Job[]): void {
  for (const job of jobs) jobKey(job);
}

/**
 * The rule by which postings are told to be copies of one job, stored with a snapshot's groups
 * (src/index/snapshot.ts): bump it when {@linkcode jobKey} or {@linkcode sameText} change. 2: a
 * remote job's copies are one whatever place each names.
 */
export const REPOST_RULE = 2;

/**
 * What two copies of a job share besides their text; null when there is too little to tell. A
 * remote job has no place of its own: boards list one under each city it was posted for (one
 * "AI Trainer" under 16 US cities, one "Python Game Developer - Remote" under Berlin, "Remote" and
 * no city), so its copies share their title and company.
 */
function jobKey(job: Job): string | null {
  let key = keyOfJob.get(job);
  if (key !== undefined) return key;
  const company = foldText(job.company_name);
  const title = foldText(job.job_title);
  // Without a company, two "Nurse" postings in one city are as likely two jobs as one.
  key = company === ""
    ? null
    : job.work_mode === "remote"
    ? [title, company, "remote"].join("\u0000")
    // A posting without a city is where its region is ("MH, IN" and "KA, IN" are two places).
    : [title, company, foldText(cityOrRegion(job)), job.country ?? ""].join("\u0000");
  keyOfJob.set(job, key);
  return key;
}

/** Between a description's start and its terms' fingerprint in a repost text (fold keeps none). */
const TERMS_MARK = "|";

/**
 * The job's terms as Indeed's form ends a description: from its last line that begins "Job Type"
 * ("Job Types: Full-time, Part-time, Permanent") to the end, with the pay, the expected hours, the
 * schedule and the place of work. The employer fills them in once for the job, while the text above
 * them may be written afresh for each posting (Indeed's assistant writes it): "Health Care
 * Assistant, Hbn Caring Services, Leeds" was posted twice the same day, in two wordings with the
 * same terms.
 */
const TERMS_START = /(?:^|\n)[\s*_#>\\-]*Job Types?\s*[:*]/gi;

/** What terms must hold to tell a job apart: pay, said with a number. */
const TERMS_PAY = /\b(?:pay|salary|wage)\b[^\n]*\d/i;

/** Folded terms shorter than this are too little to stand for a job. */
const MIN_TERMS = 40;

/** A 64-bit FNV-1a hash of a text as 16 hex digits: the terms are compared, never read back. */
function fingerprint(text: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x050c5d1f;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x01000193) ^ (h1 >>> 7);
  }
  return (h1 >>> 0).toString(16).padStart(8, "0") + (h2 >>> 0).toString(16).padStart(8, "0");
}

/** The fingerprint of a description's terms (`TERMS_START`), or "" when it has none with pay. */
function termsOf(description: string): string {
  let start = -1;
  for (const m of description.matchAll(TERMS_START)) start = m.index;
  if (start < 0) return "";
  const terms = description.slice(start);
  if (!TERMS_PAY.test(terms)) return "";
  const folded = foldText(terms);
  return folded.length < MIN_TERMS ? "" : fingerprint(folded);
}

/**
 * The start of a description as reposts compare it, folded (well-formed, so that it survives a
 * snapshot's UTF-8 unchanged), then the fingerprint of its terms when it states them
 * (`TERMS_MARK` between).
 */
export function repostTextOf(description: string): string {
  // Folding shortens a text (spaces, punctuation), never lengthens it: twice the prefix is enough.
  const start = foldText(description.slice(0, 2 * DESCRIPTION_PREFIX)).slice(0, DESCRIPTION_PREFIX)
    .toWellFormed();
  const terms = termsOf(description);
  return terms === "" ? start : start + TERMS_MARK + terms;
}

/** A repost text's description start and terms fingerprint ("" when none). */
function splitRepostText(text: string): [string, string] {
  const at = text.indexOf(TERMS_MARK);
  return at < 0 ? [text, ""] : [text.slice(0, at), text.slice(at + 1)];
}

/**
 * Shortest description start that may stand for a longer one it begins: a board that cuts a
 * description still shows its first paragraph, while "Ward 1." and "Ward 12." are two jobs.
 */
const MIN_SHARED_PREFIX = 100;

/**
 * Share of word shingles two description starts must have in common to be one job said with small
 * differences: a banner put before one copy ("We accept spousal visas"), a sentence added to
 * another. Measured on the real postings with bench/repost_threshold.ts (docs/search.md,
 * "Reposts").
 */
export const MIN_SHARED_SHINGLES = 0.8;

/** Words in a shingle: three, so that one changed word breaks three shingles, not the text. */
const SHINGLE_WORDS = 3;

/**
 * Fewest shingles a text must have before it is compared by shingles at all: a short text is one
 * or two sentences, where a changed word ("Ward 1", "Ward 12") is the difference between two jobs.
 */
const MIN_SHINGLES = 25;

function shingles(text: string): Set<string> {
  const words = text.split(" ").filter(Boolean);
  const out = new Set<string>();
  for (let i = 0; i + SHINGLE_WORDS <= words.length; i++) {
    out.add(words.slice(i, i + SHINGLE_WORDS).join(" "));
  }
  return out;
}

/**
 * The share of the smaller text's word shingles found in the other (0 when either is too short to
 * judge so): a copy cut at another point, or with a few words added or dropped, shares most.
 */
export function sharedShingles(a: string | Set<string>, b: string | Set<string>): number {
  const [small, large] = [a, b].map((t) => typeof t === "string" ? shingles(t) : t)
    .sort((x, y) => x.size - y.size);
  if (small.size < MIN_SHINGLES) return 0;
  let shared = 0;
  for (const shingle of small) if (large.has(shingle)) shared++;
  return shared / small.size;
}

/**
 * A description start as copies are compared: its text, its terms' fingerprint, and its shingles
 * once first needed.
 */
interface Copy {
  position: number;
  text: string;
  terms: string;
  shingles?: Set<string>;
}

function copyAt(position: number, repostText: string): Copy {
  const [text, terms] = splitRepostText(repostText);
  return { position, text, terms };
}

/**
 * Whether two folded description starts are the same text: equal, one cut shorter, or (when long
 * enough to tell) sharing `minShared` of their word shingles; or whether the descriptions end in
 * the same terms (pay, hours, schedule), however their text above them is worded.
 */
function sameText(a: Copy, b: Copy, minShared: number): boolean {
  if (a.terms !== "" && a.terms === b.terms) return true;
  if (a.text === b.text) return true;
  const [short, long] = a.text.length <= b.text.length ? [a.text, b.text] : [b.text, a.text];
  if (short.length >= MIN_SHARED_PREFIX && long.startsWith(short)) return true;
  if (minShared > 1) return false;
  a.shingles ??= shingles(a.text);
  b.shingles ??= shingles(b.text);
  return sharedShingles(a.shingles, b.shingles) >= minShared;
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
  options: { minShared?: number } = {},
): Uint32Array {
  const minShared = options.minShared ?? MIN_SHARED_SHINGLES;
  const groups = new Uint32Array(jobs.length);
  // Descriptions are compared only where a key is shared: most postings have a key of their own.
  const firstWithKey = new Map<string, number>();
  const shared = new Map<string, number[]>();
  for (let p = 0; p < jobs.length; p++) {
    groups[p] = p;
    const key = jobKey(jobs[p]);
    if (key === null) continue;
    const first = firstWithKey.get(key);
    if (first === undefined) firstWithKey.set(key, p);
    else {
      const positions = shared.get(key);
      if (positions) positions.push(p);
      else shared.set(key, [first, p]);
    }
  }
  for (const positions of shared.values()) joinCopies(groups, positions, repostTextAt, minShared);
  return groups;
}

/**
 * Joins into groups the postings at `positions` (one key's, in position order, each its own group
 * in `groups` until now). A copy joins every group it is the same text as, and groups it bridges
 * become one: a copy with a banner and one with an added sentence may each be near the plain copy
 * and not near each other, whichever order they come in. So the groups are the connected parts of
 * "same text", each named by its first posting, whatever order the copies are met in.
 */
function joinCopies(
  groups: Uint32Array,
  positions: readonly number[],
  repostTextAt: (position: number) => string,
  minShared: number,
): void {
  const root = (p: number): number => {
    while (groups[p] !== p) p = groups[p] = groups[groups[p]];
    return p;
  };
  const copies: Copy[] = [];
  for (const p of positions) {
    const copy = copyAt(p, repostTextAt(p));
    for (const other of copies) {
      if (root(other.position) === root(p) || !sameText(other, copy, minShared)) continue;
      // The group is named by its first posting: the smaller root stays.
      const [a, b] = [root(other.position), root(p)];
      if (a !== b) groups[Math.max(a, b)] = Math.min(a, b);
    }
    copies.push(copy);
  }
  for (const p of positions) groups[p] = root(p);
}

/**
 * The repost groups of an index merged from `before` and a delta (src/index/index_delta.ts), equal
 * to `repostGroups(jobs, repostTextAt)` but worked out again only for the postings whose key a
 * posting added or dropped shares: every other group is the one before, its positions moved. A
 * group's postings share their key, and its name (its first posting) stays first in the merge,
 * which keeps the postings in id order.
 */
export function mergedRepostGroups(
  jobs: readonly Job[],
  repostTextAt: (position: number) => string,
  before: { groups: Uint32Array; newPosition: Int32Array },
  changed: Iterable<Job>,
): Uint32Array {
  const touched = new Set<string>();
  for (const job of changed) {
    const key = jobKey(job);
    if (key !== null) touched.add(key);
  }
  const n = jobs.length;
  const groups = new Uint32Array(n);
  for (let p = 0; p < n; p++) groups[p] = p;
  const { groups: old, newPosition } = before;
  for (let p = 0; p < old.length; p++) {
    const at = newPosition[p];
    // A group whose first posting left has a touched key: it is worked out again below.
    if (at >= 0 && newPosition[old[p]] >= 0) groups[at] = newPosition[old[p]];
  }
  if (touched.size === 0) return groups;
  const positionsOf = new Map<string, number[]>();
  for (let p = 0; p < n; p++) {
    const key = jobKey(jobs[p]);
    if (key === null || !touched.has(key)) continue;
    groups[p] = p;
    const positions = positionsOf.get(key);
    if (positions) positions.push(p);
    else positionsOf.set(key, [p]);
  }
  for (const positions of positionsOf.values()) {
    if (positions.length > 1) joinCopies(groups, positions, repostTextAt, MIN_SHARED_SHINGLES);
  }
  return groups;
}

/**
 * How much of a place a copy names: a country, then a city. The copies of a remote job may name
 * different places or none ({@linkcode jobKey}): of equal scores, a copy under "Berlin, DE" stands
 * rather than one under no place, so that the list says where the job is.
 */
function placeNamed(job: Job): number {
  return (job.country ? 2 : 0) + (job.city ? 1 : 0);
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
  /**
   * Per repost group, the number of the last search in which it had other copies among the
   * candidates: whether a job has any is one read, with nothing to clear between searches.
   */
  readonly #othersIn: Uint32Array;
  #searches = 0;

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
    this.#othersIn = new Uint32Array(jobs.length);
  }

  /** Builds what the first search would otherwise build. */
  prepare(): void {
    this.#repostGroups();
  }

  /** Each posting's group: the position of its first copy (built now if it was not). */
  groups(): Uint32Array {
    return this.#repostGroups();
  }

  #repostGroups(): Uint32Array {
    return this.#groups ??= repostGroups(this.#jobs, this.#repostTextAt);
  }

  /**
   * One candidate per job: of the reposts of one job among the candidates, the one the query
   * itself asks for (`asked`: at the place its words name, of the company they name, not at a
   * place they rule out: a remote job's copy under Leeds for "jobs in Leeds", where its best copy
   * is under Sheffield), then the one scoring best (then naming most of a place, then newest,
   * then lowest id) stays, compacted to the front; the others are returned, to be listed as
   * `also_posted_at` of the copy that stays. Before any filter: the copy that stays gives the job
   * its score and tier, and a filter that turns it away shows another copy the filter keeps in
   * its place (`StandIns`), so that a filter removes jobs and never changes a job's score or tier.
   */
  keepOneCopy(candidates: Candidates, asked?: (position: number) => boolean): OtherCopy[] {
    const groups = this.#repostGroups();
    const { positions, scores, count } = candidates;
    const bestOf = this.#groupBest;
    const better = (k: number, than: number) => {
      if (asked) {
        const [here, there] = [asked(positions[k]), asked(positions[than])];
        if (here !== there) return here;
      }
      return this.#betterCopy(positions[k], scores[k], positions[than], scores[than]);
    };
    for (let k = 0; k < count; k++) {
      const group = groups[positions[k]];
      const held = bestOf[group];
      if (held === 0 || better(k, held - 1)) bestOf[group] = k + 1;
    }
    const others: OtherCopy[] = [];
    if (++this.#searches === 0xffffffff) {
      this.#othersIn.fill(0);
      this.#searches = 1;
    }
    const search = this.#searches;
    let kept = 0;
    for (let k = 0; k < count; k++) {
      const p = positions[k];
      if (bestOf[groups[p]] === k + 1) {
        positions[kept] = p;
        scores[kept] = scores[k];
        kept++;
      } else {
        others.push({ position: p, score: scores[k] });
        this.#othersIn[groups[p]] = search;
      }
    }
    for (let k = 0; k < kept; k++) bestOf[groups[positions[k]]] = 0;
    candidates.count = kept;
    return others;
  }

  /** Whether copy `a` scoring `aScore` stands for its job before copy `b` scoring `bScore`. */
  #betterCopy(a: number, aScore: number, b: number, bScore: number): boolean {
    if (aScore !== bScore) return aScore > bScore;
    const [jobA, jobB] = [this.#jobs[a], this.#jobs[b]];
    const placed = placeNamed(jobA) - placeNamed(jobB);
    if (placed !== 0) return placed > 0;
    if (jobA.publish_time !== jobB.publish_time) return jobA.publish_time > jobB.publish_time;
    return jobA.id < jobB.id;
  }

  /**
   * What a search's filters may show of the jobs the last `keepOneCopy` left `others` of (none
   * where it kept every copy). Searching is synchronous: used before the next search.
   */
  standIns(others: readonly OtherCopy[]): StandIns {
    const search = this.#searches;
    const othersIn = this.#othersIn;
    const groups = this.#repostGroups();
    return new StandIns(
      groups,
      others,
      (position) => others.length > 0 && othersIn[groups[position]] === search,
      (a, b) => this.#betterCopy(a.position, a.score, b.position, b.score) ? -1 : 1,
    );
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

/**
 * The other copies of the jobs of one search, by job, gathered on first need: only a filter that
 * turns away a standing copy with other copies, or a facet count over jobs that have some, reads
 * them.
 */
export class StandIns {
  readonly #groups: Uint32Array;
  readonly #others: readonly OtherCopy[];
  readonly #hasOthers: (position: number) => boolean;
  readonly #order: (a: OtherCopy, b: OtherCopy) => number;
  /** Group → its other copies, best first once `#sorted` holds the group. */
  #byGroup: Map<number, OtherCopy[]> | null = null;
  readonly #sorted = new Set<number>();

  constructor(
    groups: Uint32Array,
    others: readonly OtherCopy[],
    hasOthers: (position: number) => boolean,
    order: (a: OtherCopy, b: OtherCopy) => number,
  ) {
    this.#groups = groups;
    this.#others = others;
    this.#hasOthers = hasOthers;
    this.#order = order;
  }

  /** The best other copy of the job standing as `position` that `passes` (none: undefined). */
  first(position: number, passes: (position: number) => boolean): OtherCopy | undefined {
    if (!this.#hasOthers(position)) return undefined;
    if (!this.#byGroup) {
      this.#byGroup = new Map();
      for (const other of this.#others) {
        const group = this.#groups[other.position];
        const copies = this.#byGroup.get(group);
        if (copies) copies.push(other);
        else this.#byGroup.set(group, [other]);
      }
    }
    const group = this.#groups[position];
    const copies = this.#byGroup.get(group) ?? [];
    if (!this.#sorted.has(group)) {
      copies.sort(this.#order);
      this.#sorted.add(group);
    }
    return copies.find((copy) => copy.position !== position && passes(copy.position));
  }

  /** For each of `shown` (one copy of each job), every copy of its job that `passes`, itself first. */
  passingEach(shown: readonly number[], passes: (position: number) => boolean): number[][] {
    const wanted = new Map<number, number[]>();
    for (const position of shown) {
      if (this.#hasOthers(position)) wanted.set(this.#groups[position], []);
    }
    if (wanted.size > 0) {
      for (const { position } of this.#others) wanted.get(this.#groups[position])?.push(position);
    }
    return shown.map((position) => [
      position,
      ...(wanted.get(this.#groups[position]) ?? []).filter((copy) =>
        copy !== position && passes(copy)
      ),
    ]);
  }
}
