/**
 * A sponsored work visa asked for in a query's words: "software engineer visa sponsorship", "nurse
 * jobs with visa sponsorship uk", "jobs that sponsor visas", "h1b jobs". Searched as words, the
 * postings that deny it ("Visa sponsorship is not available") matched as well as those that offer
 * it, and "jobs with visa sponsorship" found three close matches by the word "Sponsorship" in
 * their titles. Read here, taken out of the words; the postings say it at import
 * (`visa_sponsorship`, src/ingest/visa_sponsorship.ts), and the search lists those that offer it
 * first and leaves out those that say they do not (src/index/job_index.ts).
 *
 * Read only at the start or the end of the words (a place and a company are taken out before), so
 * that a sponsorship that is part of the work is not: "visa sponsorship manager", "immigration and
 * visa sponsorship specialist", "marketing manager with sponsorship experience", "corporate
 * sponsorship". Not where the words turn it down ("no visa sponsorship needed", "i don't need a
 * visa sponsorship", "already have visa sponsorship": a person with the right to work). A visa of
 * one country ("h1b", "tier 2", "skilled worker visa") asks for that country's postings.
 *
 * @module
 */
import { splitWords } from "./tokenize.ts";

/** A sponsored visa, as the words ask for it. */
export interface QuerySponsorship {
  /** The words as typed (folded). */
  matched: string;
  /** The country whose visa the words name ("h1b": `US`; "tier 2": `GB`), where they name one. */
  country?: "US" | "GB";
  /** The query without them. */
  rest: string;
}

/** Visas of one country, by the words that name them. */
const US_VISA = String.raw`(?:h ?1b|h1 b|us|usa|u s|green card|gc)`;
const UK_VISA = String
  .raw`(?:uk|tier 2|tier two|skilled worker|health and care worker|health care worker)`;

/** The visa's kinds a person names before it ("uk visa sponsorship", "h1b sponsorship"). */
const VISA_KIND = String.raw`(?:(?:${US_VISA}|${UK_VISA}|eu|work|working|employment)\s+)?`;

/** What opens the ask ("with", "offering", "that sponsor", "companies that offer"). */
const OPENING = String
  .raw`(?:(?:(?:with|offering|including|incl|providing|and|plus|that|which|who|where)\s+)?(?:(?:will|can|would|do|does)\s+)?(?:offers?|provides?|includes?|gives?|sponsors?)?\s*)?`;

/** Sponsoring, as the ask words it after the visa's kind. */
const SPONSORING = String.raw`(?:sponsorship|sponsorships|sponsored|sponsor|sponsors|sponsoring)`;

/**
 * The ask, on folded words joined by single spaces. Bare "sponsorship" only after a word that
 * opens an offer ("nurse jobs with sponsorship"), before a job word ("sponsorship jobs uk") or at
 * the end after work that is no sponsor's ("care assistant sponsorship", not "corporate
 * sponsorship").
 */
const ASKED = new RegExp(
  String.raw`(?:^|\s)(` +
    [
      `${OPENING}${VISA_KIND}visas?\\s+${SPONSORING}(?:\\s+(?:available|offered|provided|included|possible))?`,
      `${OPENING}(?:${US_VISA}|${UK_VISA})\\s+(?:visas?\\s+)?(?:${SPONSORING}|transfer)`,
      `certificates? of sponsorship`,
      `(?:with|offering|including|providing|plus)\\s+sponsorship`,
      `(?:that|which|who|where)\\s+(?:(?:will|can|would|do|does)\\s+)?sponsors?\\s+(?:a\\s+|your\\s+|the\\s+)?(?:${VISA_KIND}visas?|h ?1b|h1 b|tier 2|skilled worker)`,
      `(?:sponsors?|sponsoring|sponsored)\\s+(?:a\\s+)?(?:${VISA_KIND}visas?|h ?1b|h1 b|tier 2|skilled worker)`,
      `visa\\s+sponsoring`,
      `(?:h ?1b|h1 b|tier 2|skilled worker|work)\\s+visas?`,
      `sponsorship(?=\\s+(?:jobs?|roles?|positions?|vacancies|openings|work)\\b)`,
      `(?:h ?1b|h1 b)(?=\\s+(?:jobs?|roles?|positions?|openings?|vacancies|employers|companies)\\b|$)`,
    ].join("|") +
    String.raw`)(?=\s|$)`,
);

/** Bare "sponsorship" at the end after the work ("care assistant sponsorship"). */
const SPONSORSHIP_LAST = /(?:^|\s)(sponsorship)$/;

/** Work whose own name ends in "sponsorship": a sponsor's, not a visa's. */
const SPONSORS_WORK = new Set([
  "corporate",
  "event",
  "events",
  "brand",
  "sports",
  "sport",
  "media",
  "partnership",
  "partnerships",
  "commercial",
  "charity",
  "music",
  "festival",
  "and",
]);

/**
 * Words before the ask that turn it down ("no", "without", "don't need", "already have", "i hold"),
 * within a few words: "i don't need a visa sponsorship" and "nurse no need for visa sponsorship"
 * were read as asking for one (reviewer R50b).
 */
const TURNED_DOWN =
  /\b(?:no|not|without|dont|don|doesnt|doesn|didn|never|non|nor|already|hold|holding|have got|ve got|i have|i ve)\b/;

/** Words after the ask that turn it down ("visa sponsorship not needed", "... not required"). */
const NOT_NEEDED =
  /^\s*(?:is\s+|are\s+)?(?:not|no longer)\s+(?:needed|required|necessary)\b|^\s*(?:unnecessary|not needed)\b/;

/** How many words before the ask may turn it down. */
const WORDS_BEFORE = 5;

/** Work that a sponsorship before it names ("visa sponsorship manager", "... specialist"). */
const SPONSORSHIP_ROLES =
  /^(?:manager|specialist|consultant|officer|paralegal|coordinator|co ordinator|advisor|adviser|analyst|lawyer|attorney|administrator|assistant|executive|lead|partner|sales|caseworker|case worker|team|experience)\b/;

/** Words that ask for jobs as such, which may stand beside the ask on the side it is not. */
const JOB_WORDS = new Set([
  "jobs",
  "job",
  "roles",
  "role",
  "positions",
  "position",
  "vacancies",
  "vacancy",
  "openings",
  "opening",
  "work",
  "available",
  "please",
  "now",
  "companies",
  "employers",
  "organisations",
  "organizations",
  "firms",
  "businesses",
]);

/** Employers named as what is asked ("companies offering visa sponsorship"): asking for jobs. */
const EMPLOYERS = new Set([
  "companies",
  "employers",
  "organisations",
  "organizations",
  "firms",
  "businesses",
]);

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
 * assert.deepEqual(sponsorshipIn("h1b jobs"), { matched: "h1b", country: "US", rest: "jobs" });
 * assert.equal(sponsorshipIn("jobs without visa sponsorship"), null);
 * assert.equal(sponsorshipIn("i don't need a visa sponsorship"), null);
 * assert.equal(sponsorshipIn("visa sponsorship manager"), null);
 * assert.equal(sponsorshipIn("corporate sponsorship"), null);
 * ```
 */
export function sponsorshipIn(text: string): QuerySponsorship | null {
  const joined = splitWords(text).join(" ");
  const found = ASKED.exec(joined) ?? lastSponsorship(joined);
  if (!found) return null;
  const start = found.index + found[0].length - found[1].length;
  const end = start + found[1].length;
  const before = splitWords(joined.slice(0, start));
  const after = splitWords(joined.slice(end));
  const nearBefore = before.slice(-WORDS_BEFORE).join(" ");
  if (TURNED_DOWN.test(nearBefore) || NOT_NEEDED.test(after.join(" "))) return null;
  // At the start or the end of the words: in between, it is the work's ("marketing manager with
  // sponsorship experience"); a role's name after it makes it the work's too.
  const atEnd = after.every((word) => JOB_WORDS.has(word));
  const atStart = before.every((word) => JOB_WORDS.has(word)) &&
    !SPONSORSHIP_ROLES.test(after.join(" "));
  if (!atEnd && !atStart) return null;
  const matched = found[1].trim();
  const rest = [...before, ...after];
  const country = new RegExp(`(?:^|\\s)${US_VISA}(?:\\s|$)`).test(matched)
    ? "US"
    : new RegExp(`(?:^|\\s)(?:${UK_VISA}|certificates? of sponsorship)(?:\\s|$)`).test(matched)
    ? "GB"
    : undefined;
  return {
    matched,
    ...(country ? { country } : {}),
    // "companies offering visa sponsorship": the employers are asked for as jobs are.
    rest: rest.every((word) => EMPLOYERS.has(word) || JOB_WORDS.has(word)) && rest.length > 0
      ? rest.map((word) => EMPLOYERS.has(word) ? "jobs" : word).join(" ")
      : rest.join(" "),
  };
}

/** "care assistant sponsorship": bare "sponsorship" last, after work that is no sponsor's. */
function lastSponsorship(joined: string): RegExpExecArray | null {
  const found = SPONSORSHIP_LAST.exec(joined);
  if (!found) return null;
  const words = joined.split(" ");
  const previous = words.at(-2);
  return previous !== undefined && !SPONSORS_WORK.has(previous) ? found : null;
}
