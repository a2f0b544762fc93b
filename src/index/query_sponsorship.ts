/**
 * A sponsored work visa asked for in a query's words: "software engineer visa sponsorship", "nurse
 * jobs with visa sponsorship uk", "jobs that sponsor visas", "h1b jobs". Searched as words, the
 * postings that deny it ("Visa sponsorship is not available") matched as well as those that offer
 * it, and "jobs with visa sponsorship" found three close matches by the word "Sponsorship" in
 * their titles. Read here, taken out of the words; the postings say it at import
 * (`visa_sponsorship`, src/ingest/visa_sponsorship.ts), and the search lists those that offer it
 * first and leaves out those that say they do not (src/index/job_index.ts).
 *
 * Not read where the words turn it down ("no sponsorship needed", "jobs without visa
 * sponsorship": a person with the right to work), nor a sponsorship that is the work ("sponsorship
 * manager", "corporate sponsorship").
 *
 * @module
 */
import { splitWords } from "./tokenize.ts";

/** A sponsored visa, as the words ask for it. */
export interface QuerySponsorship {
  /** The words as typed (folded). */
  matched: string;
  /** The query without them. */
  rest: string;
}

/** The visa's kinds a person names before it ("uk visa sponsorship", "h1b sponsorship"). */
const VISA_KIND = String
  .raw`(?:(?:uk|us|usa|eu|work|working|employment|skilled worker|tier 2|h ?1b|h1 b)\s+)?`;

/** What opens the ask ("with", "offering", "that sponsor", "companies that offer"). */
const OPENING = String
  .raw`(?:(?:(?:with|offering|including|incl|providing|and|plus|that|which|who|where)\s+)?(?:(?:will|can|would|do|does)\s+)?(?:offers?|provides?|includes?|gives?|sponsors?)?\s*)?`;

/**
 * The ask, on folded words joined by single spaces. Bare "sponsorship" only after a word that
 * opens an offer ("nurse jobs with sponsorship"): alone at the end it may be the work's
 * ("corporate sponsorship").
 */
const ASKED = new RegExp(
  String.raw`(?:^|\s)(` +
    [
      `${OPENING}${VISA_KIND}visas?\\s+(?:sponsorship|sponsorships|sponsored|sponsor|sponsors|sponsoring)(?:\\s+(?:available|offered|provided|included|possible))?`,
      `${OPENING}(?:h ?1b|h1 b|tier 2|skilled worker)\\s+(?:visas?\\s+)?(?:sponsorship|sponsored|sponsor|sponsors|transfer)`,
      `(?:with|offering|including|providing|plus)\\s+sponsorship`,
      `(?:that|which|who|where)\\s+(?:(?:will|can|would|do|does)\\s+)?sponsors?\\s+(?:a\\s+|your\\s+|the\\s+)?${VISA_KIND}visas?`,
      `(?:sponsors?|sponsoring|sponsored)\\s+(?:a\\s+)?${VISA_KIND}visas?`,
      `visa\\s+sponsoring`,
      `(?:h ?1b|h1 b)(?=\\s+(?:jobs?|roles?|positions?|openings?|employers|companies)\\b)`,
    ].join("|") +
    String.raw`)(?=\s|$)`,
);

/** Words before the ask that turn it down ("no", "without", "don't need"). */
const TURNED_DOWN =
  /(?:^|\s)(?:no|not|without|dont|don t|do not|never|non)(?:\s+(?:need|needing|require|requiring|want|wanting|a|any))?\s*$/;

/** Words after the ask that turn it down ("visa sponsorship not needed", "... not required"). */
const NOT_NEEDED =
  /^\s*(?:is\s+|are\s+)?(?:not|no longer)\s+(?:needed|required|necessary)\b|^\s*(?:unnecessary|not needed)\b/;

/**
 * The sponsored visa the words ask for, and the words without it; null where they ask for none.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(sponsorshipIn("software engineer visa sponsorship"), {
 *   matched: "visa sponsorship",
 *   rest: "software engineer",
 * });
 * assert.deepEqual(sponsorshipIn("nurse jobs with visa sponsorship"), {
 *   matched: "with visa sponsorship",
 *   rest: "nurse jobs",
 * });
 * assert.deepEqual(sponsorshipIn("jobs that sponsor visas"), { matched: "that sponsor visas", rest: "jobs" });
 * assert.deepEqual(sponsorshipIn("h1b jobs"), { matched: "h1b", rest: "jobs" });
 * assert.equal(sponsorshipIn("jobs without visa sponsorship"), null);
 * assert.equal(sponsorshipIn("corporate sponsorship manager"), null);
 * ```
 */
export function sponsorshipIn(text: string): QuerySponsorship | null {
  const joined = splitWords(text).join(" ");
  const found = ASKED.exec(joined);
  if (!found) return null;
  const start = found.index + found[0].length - found[1].length;
  const end = start + found[1].length;
  const before = joined.slice(0, start);
  const after = joined.slice(end);
  if (TURNED_DOWN.test(before) || NOT_NEEDED.test(after)) return null;
  return { matched: found[1].trim(), rest: `${before.trim()} ${after.trim()}`.trim() };
}
