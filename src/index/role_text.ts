/**
 * The role a posting's title names, as the sentence encoder should see it. Scraped titles carry
 * more than the role: "Senior Backend Developer | Java/Kotlin | Frankfurt | 75.000 EUR",
 * "Cleaner - Permanent Full Time", "Estimator - Hybrid - Chicago", "Koch (m/w/d) in Berlin". A
 * mean-pooled vector of all of it sits between the role and the rest, so such a posting fell below
 * short titles of other roles (docs/search.md, "The role leads"). The whole title stays searchable
 * as words on the keyword side; only the embedded text is the role.
 *
 * @module
 */
import type { Job } from "../domain/job.ts";
import { writtenOut } from "./title_abbreviations.ts";

const GENDER_MARKERS =
  /\(\s*(?:[mwfdxyi*]\s*[\/|,]\s*){1,3}[mwfdxyi*]\s*\)|\((?:all|alle) (?:genders?|geschlechter|identitäten|people)\)|\(gn\)|\b[mwfd]\/[mwfd]\/[mwfdx]\b/gi;

/** A title without German gender markers ("(m/w/d)"), which carry no meaning, spaces collapsed. */
export function withoutGenderMarkers(title: string): string {
  return title.replace(GENDER_MARKERS, " ").replace(/\s+/g, " ").trim();
}

/** Bracketed asides: "(Remote)", "[Contract]", "(f/m/x)", "(12 months)". */
const BRACKETS = /\([^()]*\)|\[[^\][]*\]|\{[^{}]*\}/g;

/**
 * Between a role and what follows it: a pipe, a bullet, a spaced dash, an en or em dash, a colon.
 * Not a slash: "SAP ABAP / Full-Stack Developer" names one role two ways.
 */
const SEGMENT_BREAK = /\s*[|•·]\s*|\s+[-–—]\s+|\s*[–—]\s*|\s*:\s+/;

/**
 * Words that make a segment a kind of contract rather than a role: "Working Student - DevOps
 * Engineer", "Internship – Data Engineer". Such a segment keeps the next one with it.
 */
const GENERIC_WORDS = new Set(
  (
    "summer winter seasonal student students working werkstudent werkstudentin internship intern " +
    "interns praktikum praktikant apprenticeship apprentice trainee traineeship ausbildung " +
    "position role placement co-op coop"
  ).split(" "),
);

/** Legal forms: a segment with one names a company ("Airbus DS Airborne Solutions GmbH"). */
const LEGAL_FORMS = new Set(
  "gmbh ag inc inc. ltd ltd. llc plc corp corp. co. kg se sa s.a. bv b.v. pty oy ab as".split(" "),
);

/**
 * Words that say how, when, where or for how much a job is done, never what it is. A title
 * segment made only of these (and numbers, money, the posting's own place or company) is not the
 * role.
 */
const TERMS_WORDS = new Set(
  (
    "full part time fulltime parttime full-time part-time permanent temporary temp contract " +
    "contractor freelance fixed term ftc perm remote hybrid onsite on-site site home office " +
    "based wfh immediate immediately start starts asap urgent urgently required needed hiring " +
    "now apply today days nights night day weekend weekends shift shifts rotating flexible hours " +
    "hourly per hour hr hrs week weekly month monthly year yearly annum annual pa salary bonus " +
    "benefits sign-on sign on up to plus k eur usd gbp cad aud inr chf dkk sek nok pln " +
    "new grad graduate entry job jobs position vacancy opening opportunity " +
    "in at near and with the a an of for or & + m w d f x all genders gn " +
    "us usa uk eu emea apac americas europe worldwide anywhere nationwide relocation visa " +
    "sponsorship travel local locals only multiple locations location various"
  ).split(" "),
);

/** Words of a place or company name, folded as `words` folds. */
function nameWords(...names: (string | undefined)[]): Set<string> {
  return new Set(names.flatMap((name) => words(name ?? "")));
}

function words(text: string): string[] {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase()
    .match(/[\p{L}\p{N}][\p{L}\p{N}'+#.-]*/gu) ?? [];
}

/** Whether a title segment (as written, before lower-casing) says nothing about the role. */
function isAside(segment: string, names: Set<string>): boolean {
  const found = words(segment);
  if (found.some((word) => LEGAL_FORMS.has(word))) return true;
  // Region or state codes written in capitals: "Chicago, IL", "Leeds, UK", "NYC".
  const codes = new Set((segment.match(/\b[A-Z]{2,3}\b/g) ?? []).map((c) => c.toLowerCase()));
  return found.every((word) =>
    TERMS_WORDS.has(word) || names.has(word) || codes.has(word) || /^[\d.,$£€¥%k+-]+$/.test(word)
  );
}

function isGeneric(segment: string): boolean {
  return LICENCE_CLASS.test(segment.trim()) ||
    words(segment).every((word) => GENERIC_WORDS.has(word) || TERMS_WORDS.has(word));
}

/**
 * A driving licence's class before the role: "Class 2 - Night Out HGV Driver" embedded "class 2",
 * which says nothing of driving, and a class teacher's CV met it as a close match (a person's
 * trial, session 57). Like a contract's kind, it keeps the next segment with it.
 */
const LICENCE_CLASS = /^(?:class|cat\.?|category)\s*(?:[1-3]|[a-d]1?)(?:\s*\+\s*e)?$/i;

/**
 * The text embedded for a posting: the role in its title, lower-cased (MiniLM's and USE-lite's
 * vocabularies split ALL-CAPS words into junk pieces), without gender markers, bracketed asides,
 * and segments that name only terms, places, pay or the company. A title that is only such
 * segments is kept whole (cleaned).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const job = { city: "Chicago", company_name: "Acme" };
 * assert.equal(roleTextOf({ ...job, job_title: "Estimator - Hybrid - Chicago" }), "estimator");
 * assert.equal(roleTextOf({ ...job, job_title: "Acme | Senior Nurse (Nights)" }), "senior nurse");
 * assert.equal(
 *   roleTextOf({ ...job, job_title: "Class 2 - Night Out HGV Driver" }),
 *   "class 2 night out heavy goods vehicle driver",
 * );
 * assert.equal(roleTextOf({ ...job, job_title: "JAVA Developer (m/w/d)" }), "java developer");
 * ```
 */
export function roleTextOf(
  job: Pick<Job, "job_title"> & Partial<Pick<Job, "city" | "company_name">>,
): string {
  // Abbreviations written out first: "RN - Med/Surg" names a registered nurse, and a segment of
  // capitals alone ("LVN - NOC Pediatric Home Health") would read as a region code.
  const title = withoutGenderMarkers(writtenOut(job.job_title).replace(BRACKETS, " "));
  const names = nameWords(job.city, job.company_name);
  const withoutPlace = (text: string) => {
    // A trailing "in Berlin" / "at Acme" names where or for whom, not what.
    const tail = text.match(/\s+(?:in|at|near|for|bei|en)\s+(.+)$/i);
    const kept = tail && isAside(tail[1], names) ? text.slice(0, tail.index) : text;
    return kept.replace(/[\s,;:|/-]+$/, "");
  };
  const segments = title.split(SEGMENT_BREAK).map(withoutPlace).filter((s) => s !== "");
  const roles = segments.filter((segment) => !isAside(segment, names));
  if (roles.length === 0) return (title || writtenOut(job.job_title)).toLowerCase();
  const role = isGeneric(roles[0]) && roles.length > 1 ? `${roles[0]} ${roles[1]}` : roles[0];
  return role.toLowerCase();
}
