/**
 * Whether a posting sponsors a work visa, read from its title and description at import: what a
 * person who needs one asks first ("software engineer visa sponsorship"), and what about half of
 * the postings that mention it deny ("Visa sponsorship is not available for this position"). A
 * word search cannot tell the two apart; this reading does, sentence by sentence.
 *
 * Precision before recall, as for `languages` (src/ingest/posting_languages.ts):
 * - a posting is `not_offered` where any sentence denies sponsorship ("we do not offer
 *   sponsorship", "must be authorized to work in the US without sponsorship", "No C2C or H1B
 *   sponsorship"), even beside an offer ("If you already have a sponsorship, it is possible to
 *   transfer it" after "we do not sponsor new work visas": a transfer is not a new visa);
 * - `offered` where a sentence offers it and none denies it ("Visa sponsorship available", "We
 *   provide visa sponsorship and relocation assistance", "Support for Certificates of Sponsorship
 *   for a Tier 2 Visa", "Full assistance with visas", a title's "(Visa Sponsorship and relocation
 *   offered)");
 * - unknown otherwise: a question ("Do you require sponsorship?") says neither, unless it screens
 *   out those who need it ("Can you work in the US without sponsorship?"); a benefit the company
 *   sponsors ("company-sponsored health plans"), a sponsor of events or research, and a duty
 *   ("HR legal and visa sponsorship: operationalize...") say nothing of a visa for the applicant.
 *
 * English only: the real German postings have no description, the Dutch ones write this in
 * English. docs/import.md, "Visa sponsorship", has what was read by hand.
 *
 * @module
 */
import type { Job, VisaSponsorship } from "../domain/job.ts";

/** Sentences and clauses: a denial and an offer are each said within one. */
const CLAUSES = /[.!;\n]+|(?<=\?)/;

/** A word that turns what follows it down ("not available", "unable to sponsor", "without"). */
const NEGATION =
  /\b(?:not|no|non|unable|cannot|never|without|neither|nor|ineligible|unfortunately|regrettably)\b|n['’]t\b/i;

/** What says the sponsorship is of a visa or a right to work, not of an event or a benefit. */
const VISA_CONTEXT =
  /\bvisas?\b|\bwork[- ]?permits?\b|\bimmigration\b|\bh-?1-?b\b|\bauthori[sz](?:ation|ed) (?:to|for) work|\b(?:employment|work) authori[sz]ation|\bright to work\b|\beligible to work\b|\bwork in the\b|\bemployment[- ]based\b|\bgreen card\b|\bgc processing\b|\bstem opt\b|\btier 2\b|\bskilled (?:worker|migrant)\b|\bcertificates? of sponsorship\b|\bsponsorship transfer\b|\btransfer (?:of )?sponsorship\b/i;

/** Sponsoring as a noun ("sponsorship is not available", "no sponsorship"). */
const SPONSORSHIP_NOUN = /\bsponsorships?\b|\bsponsorship['’]s\b/i;

/** Sponsoring as a verb, of a visa or of the people applying ("we do not sponsor applicants"). */
const SPONSOR_VERB = /\bsponsor(?:s|ing|ed)?\b/i;
const SPONSORED_PEOPLE =
  /\bsponsor(?:s|ing)? (?:any |new |a new |the )?(?:applicants?|candidates?|individuals?|international|overseas|foreign|workers?|employees?|employment of|you)\b/i;

/** Help with a visa, offered without the word "sponsor" ("full assistance with visas"). */
const VISA_HELP =
  /\b(?:assist\w*|help\w*|support|pay)\b[^.]{0,40}\bvisas?\b|\bvisas?\b[^.]{0,25}\b(?:assistance|support|help)\b|\b(?:provide|offer|arrange)\w*\b[^.]{0,15}\bwork[- ]?permits?\b/i;

/**
 * Denials that need no sponsoring word: "No C2C/H1B/EAD" in a title, "No Visa" in a heading, a
 * work permit the employer cannot provide.
 */
const BARE_DENIAL = /\bno\b[^.]{0,15}\bh-?1-?b\b|\bno visas?\b(?! (?:restrictions?|issues?))/i;

/** What an offer says: that the sponsorship is given ("available", "provided", "we can sponsor"). */
const OFFER_WORDS =
  /\b(?:available|offered|offering|offers?|provided?|provides|providing|support|supported|assistance|included|possible|yes|can sponsor|will sponsor|we sponsor|consider sponsoring|sponsored|for (?:the )?(?:qualified|right|eligible|approved) candidates?|if (?:required|needed|applicable))\b/i;

/** Words of a sponsor that is no employer's of a visa (events, research, marketing, benefits). */
const OTHER_SPONSORS =
  /\bsponsorship (?:opportunit|brochure|team|deals?|packages? for|activation)|\b(?:events?|trade shows?|athletes?|research|programs?)\b[^.]{0,30}\bsponsor/i;

/**
 * A sentence of a case, not of this post: someone who already holds a sponsorship ("If you already
 * have a sponsorship, it is possible to transfer it"), a role that may not qualify ("if the role is
 * not eligible for sponsorship under the Trust's criteria, ...", where the NHS sponsors others).
 */
const ONLY_IF =
  /\bif you (?:already )?(?:have|hold)\b|\bif (?:the|this|a) (?:role|position|post)\b/i;

/** What one clause says of sponsoring a visa: an offer, a denial, or nothing. */
function clauseSays(clause: string): VisaSponsorship | undefined {
  const noun = SPONSORSHIP_NOUN.test(clause);
  const verb = SPONSOR_VERB.test(clause);
  const visa = VISA_CONTEXT.test(clause);
  const question = clause.trimEnd().endsWith("?");
  const negated = NEGATION.test(clause);
  if (BARE_DENIAL.test(clause)) return "not_offered";
  const aboutVisa = ((noun || verb) && visa) || (verb && SPONSORED_PEOPLE.test(clause));
  // A bare "sponsorship" turned down in a posting is a visa's ("this role is not eligible for
  // sponsorship"); offered, it may be an event's, so an offer needs the visa said or the offer
  // words right after it ("Sponsorship provided where applicable").
  const bareNoun = noun && !aboutVisa && !OTHER_SPONSORS.test(clause);
  if (question) {
    // A screening question turns away those who need sponsoring; any other asks, says nothing.
    return (aboutVisa || bareNoun) && /\bwithout\b/i.test(clause) ? "not_offered" : undefined;
  }
  if (aboutVisa || bareNoun) {
    if (ONLY_IF.test(clause)) return undefined;
    if (negated) return "not_offered";
    if (OTHER_SPONSORS.test(clause)) return undefined;
    if (aboutVisa && (OFFER_WORDS.test(clause) || clause.split(/\s+/).length <= 6)) {
      return "offered";
    }
    if (
      bareNoun &&
      /\bsponsorships? (?:(?:is|are) )?(?:provided|available|offered)|sponsorship and (?:pr|permanent residency)\b|\bsponsorship:\s*yes\b/i
        .test(clause)
    ) {
      return "offered";
    }
    return undefined;
  }
  if (VISA_HELP.test(clause)) return negated ? "not_offered" : "offered";
  return undefined;
}

/**
 * Whether the posting sponsors a work visa, as its title and description say: `offered`,
 * `not_offered`, or undefined where they do not say.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const posting = (job_title: string, job_description = "") => ({ job_title, job_description });
 * assert.equal(
 *   visaSponsorshipOf(posting("Cloud Software Engineer", "Visa sponsorship is available for this position.")),
 *   "offered",
 * );
 * assert.equal(
 *   visaSponsorshipOf(posting("Software Engineer", "Visa sponsorship is not available for this position.")),
 *   "not_offered",
 * );
 * assert.equal(
 *   visaSponsorshipOf(posting("Java Developer", "Must be legally authorized to work in the US without sponsorship.")),
 *   "not_offered",
 * );
 * // A benefit the company sponsors is no visa.
 * assert.equal(visaSponsorshipOf(posting("CNA", "* Company-sponsored health plans")), undefined);
 * assert.equal(visaSponsorshipOf(posting("Nurse", "Do you require sponsorship?")), undefined);
 * assert.equal(
 *   visaSponsorshipOf(posting("Senior Backend Engineer (Visa Sponsorship and relocation to the UK offered)")),
 *   "offered",
 * );
 * ```
 */
export function visaSponsorshipOf(
  job: Pick<Job, "job_title" | "job_description">,
): VisaSponsorship | undefined {
  let offered = false;
  for (const text of [job.job_title, job.job_description]) {
    // Markdown's escapes and emphasis ("\\*SPONSORSHIP'S NOT AVAILABLE\\*", "H\\-1B") are no words.
    const plain = text.replace(/\\([-*_|.#()[\]])/g, "$1").replace(/[*_]+/g, " ");
    for (const clause of plain.split(CLAUSES)) {
      if (!/sponsor|visa|permit|h-?1-?b/i.test(clause)) continue;
      const says = clauseSays(clause);
      if (says === "not_offered") return "not_offered";
      if (says === "offered") offered = true;
    }
  }
  return offered ? "offered" : undefined;
}
