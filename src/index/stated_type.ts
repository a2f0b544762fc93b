/**
 * The employment type a posting states, on the keyword side: where the query reads a type ("contract
 * devops engineer": `contract`, src/index/query_employment.ts), a posting whose `employment_type`
 * states it counts as having the type's words, as a job word met only in the company or location
 * counts (`STATED_TYPE_VALUE`); where its title or text has them too, a little more. Without it only
 * a title or text saying "Contract" or "Part Time" scored by the words, and on the bundled postings
 * Full-time "DevOps Engineer" postings were listed above Contract "Senior DevOps Engineer" ones
 * (docs/search.md, "The stated type counts (session 22)").
 *
 * Relevance stays a property of the query and the posting: nothing is left out, and nothing else
 * changes (each word keeps the IDF of the text; a stated type is no synonym's title word). The type
 * is read as the `employment_type` filter reads it (`employmentTypesOf`), so "Full-time, Part-time"
 * counts for either.
 *
 * @module
 */
import { type EmploymentType, employmentTypesOf, type Job } from "../domain/job.ts";
import { TITLE_LEVELS } from "../domain/title_levels.ts";
import type { AnalyzedQuery } from "./analyze_query.ts";
import type { TermLift, TermPostings } from "./keyword_scorer.ts";
import { DEFAULT_BM25 } from "./ranking.ts";
import { tokenize } from "./tokenize.ts";

/**
 * What a stated type is worth for each of its words: as much as a job word met only in the company
 * or location (`nameShare`), a field beside the work's own text. Measured against a half (as in the
 * description alone), three quarters and the whole (as in the title): each lifted the employment
 * queries more and lowered a tuned set of other queries (docs/search.md, session 22).
 */
export const STATED_TYPE_VALUE = DEFAULT_BM25.nameShare;

/** "summer internship": the season says when, not the type; a typed internship need not be summer. */
const NOT_THE_TYPE = new Set(tokenize("summer summers"));

const FULL_TIME = /\bfull[- ]?time\b/i;
const PART_TIME = /\bpart[- ]?time\b/i;
const PERMANENT = /\bpermanent\b/i;
const FOR_A_TIME = /\b(?:contract|contractor|temp|temporary|fixed[- ]term|interim|freelance)\b/i;

/** A title that says the type (`own`), and the other of its pair that a title may say instead. */
const CONTRARY_TITLES: Record<EmploymentType, { own: RegExp; other?: RegExp }> = {
  parttime: { own: PART_TIME, other: FULL_TIME },
  fulltime: { own: FULL_TIME, other: PART_TIME },
  contract: { own: FOR_A_TIME, other: PERMANENT },
  temporary: { own: FOR_A_TIME, other: PERMANENT },
  // An intern's title as the levels read it ("Intern", "Werkstudent", "Summer Student").
  internship: { own: TITLE_LEVELS.find(([level]) => level === "intern")![1] },
};

/** The keyword terms of the words that named the type the query reads, if it reads one. */
function typeTermsOf(query: AnalyzedQuery): Set<string> | undefined {
  if (!query.employment) return undefined;
  const terms = new Set(tokenize(query.employment.matched).filter((t) => !NOT_THE_TYPE.has(t)));
  return terms.size > 0 ? terms : undefined;
}

/**
 * `query`'s keyword side without the words that named its type ("admin assistant temp": "admin
 * assistant"), or undefined where it reads no type: what says whether any posting has every word
 * of the work. Few postings state a type or say it (42 of the 11,517 real ones say temporary), so
 * counted, the type made the work's words look unmatched: "admin assistant temp" was searched by
 * the occupations near "assistant" and listed 66 healthcare assistants as strong, where "admin
 * assistant" lists its 4 (zoo 11, session 45).
 */
export function withoutTypeTerms(query: AnalyzedQuery): AnalyzedQuery | undefined {
  const terms = typeTermsOf(query);
  if (!terms) return undefined;
  const work = (list: string[]) => list.filter((term) => !terms.has(term));
  return {
    ...query,
    termVariants: query.termVariants.map(work),
    titleTerms: query.titleTerms.map(work),
  };
}

/** Per type, the postings (positions in `jobs`) that state it, built on first use. */
export class StatedTypes {
  readonly #jobs: readonly Job[];
  readonly #stating = new Map<EmploymentType, { mask: Uint8Array; positions: Uint32Array }>();
  readonly #other = new Map<EmploymentType, Uint8Array>();
  /** A term's postings with the type's added, per type; dropped with the scorer's cached entry. */
  readonly #lifted = new WeakMap<TermPostings, Map<EmploymentType, TermPostings>>();

  constructor(jobs: readonly Job[]) {
    this.#jobs = jobs;
  }

  /**
   * The lift for `query`: undefined where it reads no type. Only the terms of the words that named
   * the type are lifted ("part time barista": "part" and "time", not "barista").
   */
  liftFor(query: AnalyzedQuery): TermLift | undefined {
    const read = query.employment;
    const terms = typeTermsOf(query);
    if (!read || !terms) return undefined;
    return (term, postings) => terms.has(term) ? this.#lift(postings, read.type) : postings;
  }

  #lift(postings: TermPostings, type: EmploymentType): TermPostings {
    let byType = this.#lifted.get(postings);
    if (!byType) this.#lifted.set(postings, byType = new Map());
    let lifted = byType.get(type);
    if (lifted) return lifted;
    const stating = this.#statingOf(type);
    lifted = withStated(postings, stating.mask, stating.positions);
    byType.set(type, lifted);
    return lifted;
  }

  /**
   * Per posting, 1 where its title says the other type of a pair and neither it nor the board
   * states `type` ("Cleaner - Permanent Full Time" for part time; "Permanent" for a contract or a
   * temporary job). A person who asks for a part-time cleaner's job is not asking for that one
   * (reviewer B, session 36). A board's stated type alone does not count: boards write "Full-time"
   * where the posting says nothing, and the judged sets' part-time queries lost fitting postings
   * to it (docs/search.md, session 36).
   */
  statingOther(type: EmploymentType): Uint8Array {
    let other = this.#other.get(type);
    if (other) return other;
    const jobs = this.#jobs;
    const stating = this.#statingOf(type).mask;
    other = new Uint8Array(jobs.length);
    const contrary = CONTRARY_TITLES[type];
    for (let p = 0; p < jobs.length; p++) {
      // A title that says the type says it, whatever the board's field ("Part-time Barista" with
      // "Full-time" stated).
      const title = jobs[p].job_title;
      if (stating[p] === 1 || contrary.own.test(title)) continue;
      if (contrary.other?.test(title)) other[p] = 1;
    }
    this.#other.set(type, other);
    return other;
  }

  /** Per posting, 1 where its `employment_type` states `type` (read as the filter reads it). */
  stating(type: EmploymentType): Uint8Array {
    return this.#statingOf(type).mask;
  }

  #statingOf(type: EmploymentType): { mask: Uint8Array; positions: Uint32Array } {
    let stating = this.#stating.get(type);
    if (stating) return stating;
    const jobs = this.#jobs;
    const mask = new Uint8Array(jobs.length);
    // Sources write few distinct values ("Full-time", "Full-time, Part-time"): each read once.
    const says = new Map<string | undefined, boolean>();
    let count = 0;
    for (let p = 0; p < jobs.length; p++) {
      const written = jobs[p].employment_type;
      let yes = says.get(written);
      if (yes === undefined) says.set(written, yes = employmentTypesOf(jobs[p]).includes(type));
      if (yes) {
        mask[p] = 1;
        count++;
      }
    }
    const positions = new Uint32Array(count);
    for (let p = 0, k = 0; p < jobs.length; p++) if (mask[p] === 1) positions[k++] = p;
    this.#stating.set(type, stating = { mask, positions });
    return stating;
  }
}

/**
 * `postings` with every posting of `stating` (`mask` 1) worth more by `STATED_TYPE_VALUE` of what
 * its text leaves (as the scorer adds the description to the title: both count a little more than
 * the better alone), those without the word added. `inTitle` is the text's: a stated type is no
 * synonym's title word.
 */
export function withStated(
  postings: TermPostings,
  mask: Uint8Array,
  stating: Uint32Array,
): TermPostings {
  const { positions, values, inTitle, idf, saidIn } = postings;
  const has = new Uint8Array(mask.length);
  for (let k = 0; k < positions.length; k++) has[positions[k]] = 1;
  let added = 0;
  for (let k = 0; k < stating.length; k++) if (has[stating[k]] === 0) added++;
  const n = positions.length + added;
  const out = {
    positions: new Uint32Array(n),
    values: new Float32Array(n),
    inTitle: new Uint8Array(n),
    idf,
    saidIn,
  };
  out.positions.set(positions);
  out.inTitle.set(inTitle);
  for (let k = 0; k < positions.length; k++) {
    out.values[k] = mask[positions[k]] === 1
      ? values[k] + (1 - values[k]) * STATED_TYPE_VALUE
      : values[k];
  }
  let k = positions.length;
  for (let s = 0; s < stating.length; s++) {
    const p = stating[s];
    if (has[p] === 1) continue;
    out.positions[k] = p;
    out.values[k] = STATED_TYPE_VALUE;
    k++;
  }
  return out;
}
