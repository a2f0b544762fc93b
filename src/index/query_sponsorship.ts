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
 * visa sponsorship", "already have visa sponsorship": a person with the right to work), whose words
 * are then searched by neither side (`declined`: "software engineer no visa sponsorship needed" had
 * no strong match). A visa of one place ("h1b", "tier 2", "skilled worker visa", "eu visa") asks for
 * that place's postings.
 *
 * @module
 */
import { areaNamed } from "../places/areas.ts";
import { JOB_WORDS as PHRASING_JOB_WORDS } from "./query_phrasing.ts";
import { splitWords } from "./tokenize.ts";

/** Where a visa the words name is valid: its name, as a sentence says it, and its countries. */
export interface VisaPlace {
  name: string;
  countries: readonly string[];
}

/** A sponsored visa, as the words ask for it. */
export interface QuerySponsorship {
  /** The words as typed (folded). */
  matched: string;
  /** Where the visa named is valid ("h1b": the United States), where the words name one. */
  where?: VisaPlace;
  /**
   * The words say no sponsoring is needed ("no visa sponsorship needed"): nothing is asked, and the
   * words are searched by neither side.
   */
  declined?: true;
  /** The query without them. */
  rest: string;
}

/** Visas of one place, by the words that name them. */
const US_VISA = String.raw`(?:h ?1b|h1 b|us|usa|u s|green card|gc)`;
const UK_VISA = String
  .raw`(?:uk|tier 2|tier two|skilled worker|health and care worker|health care worker)`;
const EU_VISA = String.raw`(?:eu|eu blue card|blue card)`;

const US: VisaPlace = { name: "the United States", countries: ["US"] };
const UK: VisaPlace = { name: "the United Kingdom", countries: ["GB"] };
const EU: VisaPlace = { name: "the EU", countries: areaNamed("eu")?.countries ?? [] };

/** The visa's kinds a person names before it ("uk visa sponsorship", "h1b sponsorship"). */
const VISA_KIND = String.raw`(?:(?:${US_VISA}|${UK_VISA}|${EU_VISA}|work|working|employment)\s+)?`;

/**
 * What opens the ask ("with", "offering", "that sponsor", "who need", "requiring"): taken with it,
 * so that the asking's words are not searched ("software engineer requiring visa sponsorship"
 * listed a "Software Requirements Engineer" first: reviewer R50c).
 */
const OPENING =
  String.raw`(?:(?:with|offering|including|incl|providing|and|plus|that|which|who|where)\s+)?` +
  String.raw`(?:(?:will|can|would|do|does)\s+)?` +
  String
    .raw`(?:(?:offers?|provides?|includes?|gives?|sponsors?|needs?|needing|requires?|requiring|wants?|wanting|seeking)\s+)?`;

/** Sponsoring, as the ask words it after the visa's kind. */
const SPONSORING = String.raw`(?:sponsorship|sponsorships|sponsored|sponsor|sponsors|sponsoring)`;

/**
 * The ask, on folded words joined by single spaces. Bare "sponsorship" only after a word that
 * opens an offer or a need ("nurse jobs with sponsorship", "need sponsorship"), before a job word
 * ("sponsorship jobs uk") or at the end after work that is no sponsor's ("care assistant
 * sponsorship", not "corporate sponsorship").
 */
const ASKED = new RegExp(
  String.raw`(?:^|\s)(` +
    [
      `${OPENING}${VISA_KIND}visas?\\s+${SPONSORING}(?:\\s+(?:available|offered|provided|included|possible))?`,
      `${OPENING}(?:${US_VISA}|${UK_VISA}|${EU_VISA})\\s+(?:visas?\\s+)?${SPONSORING}`,
      `${OPENING}(?:h ?1b|h1 b)\\s+transfer`,
      `${OPENING}certificates? of sponsorship`,
      `(?:with|offering|including|providing|plus|need|needs|needing|require|requires|requiring)\\s+sponsorship`,
      `(?:that|which|who|where)\\s+(?:(?:will|can|would|do|does)\\s+)?sponsors?\\s+(?:a\\s+|your\\s+|the\\s+)?(?:${VISA_KIND}visas?|h ?1b|h1 b|tier 2|skilled worker)`,
      `(?:sponsors?|sponsoring|sponsored)\\s+(?:a\\s+)?(?:${VISA_KIND}visas?|h ?1b|h1 b|tier 2|skilled worker)`,
      `visa\\s+sponsoring`,
      `${OPENING}(?:h ?1b|h1 b|tier 2|skilled worker|work|uk|us|usa|eu)\\s+visas?`,
      `sponsorship(?=\\s+(?:jobs?|roles?|positions?|vacancies|openings|work)\\b)`,
      // "no sponsorship required": a turn-down of it (`TURNED_DOWN`).
      `sponsorship(?=\\s+(?:needed|required|necessary)\\b)`,
      `${OPENING}(?:h ?1b|h1 b|green card)`,
    ].join("|") +
    String.raw`)(?=\s|$)`,
);

/** Bare "sponsorship" at the end after the work ("care assistant sponsorship"). */
const SPONSORSHIP_LAST = /(?:^|\s)(sponsorship)$/;

/**
 * Work whose own name puts a word before "sponsorship": a sponsor's, not a visa's ("corporate
 * sponsorship", "football sponsorship jobs": reviewer R50c).
 */
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
  "marketing",
  "football",
  "soccer",
  "rugby",
  "cricket",
  "golf",
  "tennis",
  "motorsport",
  "motorsports",
  "racing",
  "esports",
  "club",
  "team",
  "tv",
  "broadcast",
  "arts",
  "cultural",
  "fundraising",
  "sales",
  "and",
]);

/**
 * Words just before the ask that turn it down ("no", "without", "don't need (a)", "no need for",
 * "already have", "i hold a"): "i don't need a visa sponsorship" and "nurse no need for visa
 * sponsorship" were read as asking for one (reviewer R50b). Only just before it: a "no" of
 * something else ("no experience jobs with visa sponsorship") turned every ask down (R50c).
 */
const TURNED_DOWN = new RegExp(
  String.raw`(?:^|\s)(?:` +
    [
      String
        .raw`(?:no|not|without|never|non|nor)(?:\s+(?:need|needed|needing|required|requiring))?(?:\s+(?:for|of))?(?:\s+(?:a|an|any))?`,
      String
        .raw`(?:dont|don t|doesnt|doesn t|didn t|do not|does not|did not|won t|will not|wont)(?:\s+(?:need|needs|require|requires|want|wants))?(?:\s+(?:a|an|any))?`,
      String.raw`(?:already|i|i ve|we)(?:\s+(?:have|hold|got|holding|own))(?:\s+(?:a|an|my|our))?`,
      String.raw`(?:already|have got|holding|hold)(?:\s+(?:a|an|my))?`,
    ].join("|") +
    String.raw`)$`,
);

/** Words after the ask that turn it down ("visa sponsorship not needed", "... not required"). */
const NOT_NEEDED =
  /^\s*(?:is\s+|are\s+)?(?:not|no longer)\s+(?:needed|required|necessary|a requirement)\b|^\s*(?:unnecessary|not needed)\b/;

/** Work that a sponsorship before it names ("visa sponsorship manager", "... specialist"). */
const SPONSORSHIP_ROLES =
  /^(?:manager|specialist|consultant|officer|paralegal|coordinator|co ordinator|advisor|adviser|analyst|lawyer|attorney|administrator|assistant|executive|lead|partner|sales|caseworker|case worker|team|experience)\b/;

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
 * Words that ask for jobs as such (the phrasing's), or employers, which may stand beside the ask on
 * the side it is not.
 */
const JOB_WORDS = new Set([
  ...PHRASING_JOB_WORDS,
  "work",
  "available",
  "please",
  "now",
  ...EMPLOYERS,
]);

/**
 * The asking's own words, which may stand before an ask said first ("i need h1b sponsorship for
 * data engineer", "looking for visa sponsorship as a nurse": reviewer R50c).
 */
const ASKING_WORDS = new Set([
  ...JOB_WORDS,
  "i",
  "im",
  "m",
  "am",
  "need",
  "needs",
  "want",
  "wants",
  "would",
  "like",
  "looking",
  "seeking",
  "searching",
  "for",
  "a",
  "an",
  "some",
  "me",
  "my",
  "find",
  "show",
  "any",
  "get",
  "give",
  "can",
  "you",
  "help",
  "with",
  "user",
  "client",
]);

/** Words that lead into a turn-down ("who", "i" in "nurse who doesn't need ..."). */
const LEADING_INTO = new Set(["who", "that", "which", "i", "we", "and", "but", "so", "as"]);

/** Where the visa the matched words name is valid, if one place's. */
function visaPlace(matched: string): VisaPlace | undefined {
  const said = (kinds: string) => new RegExp(`(?:^|\\s)${kinds}(?:\\s|$)`).test(matched);
  if (said(US_VISA)) return US;
  if (said(`(?:${UK_VISA}|certificates? of sponsorship)`)) return UK;
  if (said(EU_VISA)) return EU;
  return undefined;
}

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
 * assert.equal(sponsorshipIn("h1b jobs")?.where?.name, "the United States");
 * assert.deepEqual(sponsorshipIn("software engineer no visa sponsorship needed"), {
 *   matched: "no visa sponsorship needed",
 *   declined: true,
 *   rest: "software engineer",
 * });
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
  const matched = found[1].trim();
  // "football sponsorship jobs": a bare sponsorship after a sponsor's work is that work.
  if (matched === "sponsorship" && SPONSORS_WORK.has(before.at(-1) ?? "")) return null;
  const down = TURNED_DOWN.exec(before.join(" "));
  const notNeeded = NOT_NEEDED.exec(after.join(" "));
  // "no visa sponsorship needed": after a turn-down, "needed" is the turn-down's; without one
  // ("nurse sponsorship required") the ask's.
  const needed = notNeeded ? null : /^(?:needed|required|necessary)\b/.exec(after.join(" "));
  const taken = notNeeded ?? needed;
  const afterAsk = taken ? splitWords(after.join(" ").slice(taken[0].length)) : after;
  // At the start or the end of the words: in between, it is the work's ("marketing manager with
  // sponsorship experience"); a role's name after it makes it the work's too.
  const atEnd = afterAsk.every((word) => JOB_WORDS.has(word));
  const atStart = before.every((word) => ASKING_WORDS.has(word)) &&
    !SPONSORSHIP_ROLES.test(after.join(" "));
  if (!atEnd && !atStart) return null;
  if (down || notNeeded) {
    // "no visa sponsorship needed": not asked, and not the work either. With no work beside it
    // ("jobs without visa sponsorship") the words are searched as they are.
    const kept = down ? splitWords(before.join(" ").slice(0, down.index)) : before;
    // "nurse who doesn't need ...": the words that led into the turn-down go with it.
    const leading: string[] = [];
    while (kept.length > 0 && LEADING_INTO.has(kept.at(-1)!)) leading.unshift(kept.pop()!);
    const left = afterAsk;
    if ([...kept, ...left].every((word) => ASKING_WORDS.has(word))) return null;
    const said = [
      ...leading,
      ...(down ? splitWords(down[0]) : []),
      ...splitWords(matched),
      ...(taken ? splitWords(taken[0]) : []),
    ];
    return { matched: said.join(" "), declined: true, rest: [...kept, ...left].join(" ") };
  }
  const rest = [...before, ...afterAsk];
  const where = visaPlace(matched);
  return {
    matched: needed ? `${matched} ${needed[0]}` : matched,
    ...(where ? { where } : {}),
    // "companies offering visa sponsorship": the employers are asked for as jobs are.
    rest: rest.length > 0 && rest.every((word) => JOB_WORDS.has(word))
      ? rest.map((word) => EMPLOYERS.has(word) ? "jobs" : word).join(" ")
      : rest.join(" "),
  };
}

/** "care assistant sponsorship": bare "sponsorship" last, after work that is no sponsor's. */
function lastSponsorship(joined: string): RegExpExecArray | null {
  const found = SPONSORSHIP_LAST.exec(joined);
  if (!found) return null;
  const previous = joined.split(" ").at(-2);
  return previous !== undefined && !SPONSORS_WORK.has(previous) ? found : null;
}
