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
 *   out those who need it ("Can you work in the US without sponsorship?") or a line of its own
 *   answers it ("No"); a benefit the company sponsors ("company-sponsored health plans"), a sponsor
 *   of events or research, and a duty ("HR legal and visa sponsorship: operationalize...") say
 *   nothing of a visa for the applicant.
 *
 * English first: the real German postings have no description and all Dutch ones but one say it in
 * English; Dutch and German words of a visa and of a turn-down are read too ("niet ... gesponsord
 * visum"). docs/import.md, "Whether a posting sponsors a work visa", has what was read by hand.
 *
 * @module
 */
import type { Job, VisaSponsorship } from "../domain/job.ts";

/**
 * Sentences, clauses and the items of a list on one line ("Perks: visa sponsorship | no on-call"):
 * a denial and an offer are each said within one.
 */
const CLAUSES = /[.!;\n|•·]+|(?<=\?)/;

/**
 * The words a denial is said of: a negation counts only near one of them ("Visa sponsorship
 * available for non-EU candidates" and "Perks: visa sponsorship | no on-call" offer it; reviewer
 * R50b found a negation anywhere in the sentence read as a denial).
 */
const SPONSOR_WORDS =
  /sponsor\w*|gesponsor\w*|\bvisas?\b|\bvisum\b|work[- ]?permits?|werkvergunning\w*|arbeitserlaubnis|\bh-?1-?b\b/gi;

/** A word before them that turns them down ("not eligible for", "unable to sponsor", "without"). */
const NEGATION_BEFORE =
  /\b(?:not|no|unable|cannot|never|without|neither|nor|ineligible|unfortunately|regrettably|niet|geen|kein\w*|nicht)\b|n['’]t\b/i;

/** Words after them that turn them down ("sponsorship is not available", "Sponsorship NOT available"). */
const NEGATION_AFTER =
  /^\W*(?:[\w'’]+\W+){0,2}?(?:not|niet|nicht)\b|^\W*(?:[\w'’]+\W+){0,2}?\w+n['’]t\b/i;

/** How many words before a sponsoring word a negation may stand and still turn it down. */
const WORDS_BEFORE = 8;

/** Whether the clause turns down the sponsoring it speaks of. */
function negatedNear(clause: string): boolean {
  for (const found of clause.matchAll(SPONSOR_WORDS)) {
    const before = clause.slice(0, found.index).split(/\s+/).slice(-WORDS_BEFORE).join(" ");
    if (NEGATION_BEFORE.test(before)) return true;
    if (NEGATION_AFTER.test(clause.slice(found.index + found[0].length))) return true;
  }
  return false;
}

/** What says the sponsorship is of a visa or a right to work, not of an event or a benefit. */
const VISA_CONTEXT =
  /\bvisas?\b|\bvisum\b|\bwerkvergunning|\barbeitserlaubnis|\blicen[cs]ed sponsor|\bsponsor licen[cs]e|\bukvi\b|\bwork[- ]?permits?\b|\bimmigration\b|\bh-?1-?b\b|\bauthori[sz](?:ation|ed) (?:to|for) work|\b(?:employment|work) authori[sz]ation|\bright to work\b|\beligible to work\b|\bwork in the\b|\bemployment[- ]based\b|\bgreen card\b|\bgc processing\b|\bstem opt\b|\btier 2\b|\bskilled (?:worker|migrant)\b|\bcertificates? of sponsorship\b|\bsponsorship transfer\b|\btransfer (?:of )?sponsorship\b/i;

/** Sponsoring as a noun ("sponsorship is not available", "no sponsorship"). */
const SPONSORSHIP_NOUN = /\bsponsorships?\b|\bsponsorship['’]s\b/i;

/** Sponsoring as a verb, of a visa or of the people applying ("we do not sponsor applicants"). */
const SPONSOR_VERB = /\bsponsor(?:s|ing|ed)?\b|\bgesponsor\w*|\bsponsoren\b/i;
const SPONSORED_PEOPLE =
  /\bsponsor(?:s|ing)? (?:any |new |a new |the )?(?:applicants?|candidates?|individuals?|international|overseas|foreign|workers?|employees?|employment of|you)\b/i;

/**
 * Help with the applicant's visa, offered without the word "sponsor" ("full assistance with
 * visas", "will help you with the visa application", "Offer to pay ... Visa immigration fees"),
 * not a duty of the post ("support visa applications for employees", "help clients with visa
 * applications": reviewer R50b).
 */
const VISA_HELP =
  /\bassistance with (?:your |the )?visas?\b|\bvisa (?:assistance|support)\b|\bhelp you with (?:the |your )?visa|\b(?:pay|cover)\w*\b[^.]{0,40}\bvisa\b[^.]{0,30}\bfees?\b|\b(?:provide|arrange)\w*\b[^.]{0,15}\bwork[- ]?permits?\b/i;

/**
 * Denials that need no sponsoring word: "No C2C/H1B/EAD" in a title, "No Visa" in a heading, a
 * work permit the employer cannot provide.
 */
const BARE_DENIAL =
  /\bno\b[^.]{0,15}\bh-?1-?b\b|\bno visas?\b(?! (?:restrictions?|issues?))|\bnot eligible for (?:an? )?h-?1-?b\b|\b(?:cannot|can't|can not|do not|don't|does not|doesn't|will not|won't|unable to|not able to)\s+(?:currently\s+)?sponsor\b(?!\s+(?:any\s+|the\s+)?(?:events?|consultants?|agencies|organi[sz]ations|charit\w*|clubs?|teams?))/i;

/** What an offer says: that the sponsorship is given ("available", "provided", "we can sponsor"). */
const OFFER_WORDS =
  /\b(?:licen[cs]ed sponsor|sponsor licen[cs]e|can issue|will issue|available|offered|offering|offers?|provided?|provides|providing|support|supported|assistance|included|possible|yes|can sponsor|will sponsor|we sponsor|consider sponsoring|sponsored|for (?:the )?(?:qualified|right|eligible|approved) candidates?|if (?:required|needed|applicable))\b/i;

/** Words of a sponsor that is no employer's of a visa (events, research, marketing, benefits). */
const OTHER_SPONSORS =
  /\bsponsorship (?:opportunit|brochure|team|deals?|packages? for|activation)|\b(?:events?|trade shows?|athletes?|research|programs?)\b[^.]{0,30}\bsponsor/i;

/**
 * A bare "sponsorship" offered of something else ("Sponsorship available for events, trade shows
 * and conferences", "at gold, silver and bronze levels": reviewer R50b); with the visa said, no
 * such list turns it.
 */
const SPONSORED_THINGS =
  /\bsponsor\w*\b[^.]{0,40}\b(?:events?|trade shows?|conferences?|athletes?|clubs?|charit\w+|gold|silver|bronze|platinum|levels?|tiers?|exhibit\w*)\b/i;

/**
 * A sentence of a case, not of this post: someone who already holds a sponsorship ("If you already
 * have a sponsorship, it is possible to transfer it"), a role that may not qualify ("if the role is
 * not eligible for sponsorship under the Trust's criteria, ...", where the NHS sponsors others).
 */
const ONLY_IF =
  /\bif you (?:already )?(?:have|hold)\b|\bif (?:the|this|a) (?:role|position|post)\b/i;

/**
 * What one clause says of sponsoring a visa: an offer, a denial, nothing, or a question of it left
 * open (`asked`), which an answer on its own after it decides ("Available for Work Visa
 * Sponsorship?" and then "No", as a form's field: reviewer R50b).
 */
function clauseSays(clause: string): VisaSponsorship | "asked" | undefined {
  const noun = SPONSORSHIP_NOUN.test(clause);
  const verb = SPONSOR_VERB.test(clause);
  const visa = VISA_CONTEXT.test(clause);
  const question = clause.trimEnd().endsWith("?");
  const negated = negatedNear(clause);
  if (BARE_DENIAL.test(clause)) return "not_offered";
  const aboutVisa = ((noun || verb) && visa) || (verb && SPONSORED_PEOPLE.test(clause));
  // A bare "sponsorship" turned down in a posting is a visa's ("this role is not eligible for
  // sponsorship"): postings refuse no other kind. Offered, it may be an event's, so an offer needs
  // the visa said or the offer words right after it ("Sponsorship provided where applicable"),
  // and no sponsored thing beside it.
  const bareNoun = noun && !aboutVisa;
  const otherThing = OTHER_SPONSORS.test(clause) || (bareNoun && SPONSORED_THINGS.test(clause));
  if (question) {
    // A screening question turns away those who need sponsoring ("Can you work in the US without
    // visa sponsorship?"); any other asks, and says nothing unless answered.
    if (!aboutVisa && !bareNoun) return undefined;
    return negated ? "not_offered" : otherThing ? undefined : "asked";
  }
  if (aboutVisa || bareNoun) {
    if (ONLY_IF.test(clause)) return undefined;
    if (negated) return "not_offered";
    if (otherThing) return undefined;
    // A short item of a list of benefits ("* UK visa sponsorship", "Relocation package and visa
    // sponsorship (no cost to you)") offers it by being listed.
    const words = clause.replace(/\([^)]*\)?/g, " ").trim().split(/\s+/).length;
    if (aboutVisa && (OFFER_WORDS.test(clause) || words <= 6)) {
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
    let asked = false;
    for (const clause of plain.split(CLAUSES)) {
      if (clause.trim() === "") continue;
      if (asked) {
        const answer = /^\W*(yes|no)\W*$/i.exec(clause)?.[1].toLowerCase();
        if (answer === "no") return "not_offered";
        if (answer === "yes") offered = true;
      }
      asked = false;
      if (!/sponsor|visa|visum|permit|vergunning|erlaubnis|h-?1-?b/i.test(clause)) continue;
      const says = clauseSays(clause);
      if (says === "not_offered") return "not_offered";
      if (says === "offered") offered = true;
      asked = says === "asked";
    }
  }
  return offered ? "offered" : undefined;
}
