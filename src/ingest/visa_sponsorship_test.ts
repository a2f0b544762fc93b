import { strict as assert } from "node:assert";
import fc from "fast-check";
import { visaSponsorshipOf } from "./visa_sponsorship.ts";

const posting = (job_description: string, job_title = "Software Engineer") => ({
  job_title,
  job_description,
});

/** Ways the real postings deny sponsorship, each a whole sentence (written in our words). */
const DENIALS = [
  "Visa sponsorship is not available for this position.",
  "We are unable to sponsor H-1B visas at this time.",
  "Must be legally authorized to work in the US without the need for employer sponsorship, now or in the future.",
  "Please note, this role is not eligible for sponsorship.",
  "We do not offer sponsorship.",
  "No sponsorship.",
  "No C2C or H1B sponsorship for this position.",
  "Candidates must have work authorization that does not now or in the future require sponsorship of a visa.",
  "We will not sponsor applicants for employment visa status.",
  "Sorry, we cannot provide a work permit for this position.",
  "The company is unable to sponsor employment of international workers in this role.",
  "Can you work in the US without visa sponsorship?",
  "\\*SPONSORSHIP'S NOT AVAILABLE\\*",
  "H\\-1B Visa Sponsorship Not Available, W2 only.",
  // Reviewer R50b's: a verb with no object, H-1B alone, a form's question answered, Dutch.
  "We cannot sponsor at this time.",
  "We do not sponsor.",
  "This position is not eligible for H-1B.",
  "Available for Work Visa Sponsorship?\n\nNo",
  "Helaas hebben wij niet de mogelijkheid om een gesponsord visum te faciliteren.",
];

/** Ways they offer it. */
const OFFERS = [
  "Visa sponsorship is available for this position.",
  "* Visa sponsorship available",
  "We provide visa sponsorship and relocation assistance.",
  "Support for Certificates of Sponsorship for a Skilled Worker visa.",
  "We can sponsor visas to Germany.",
  "* UK visa sponsorship",
  "Sponsorship provided where applicable.",
  "Full assistance with visas for the successful candidate.",
  "The company will consider sponsoring a new qualified applicant for employment authorization.",
  "Sponsorship: Yes, H1B transfer.",
  // Reviewer R50b's: a negation near other words, not the sponsoring's.
  "Visa sponsorship available for non-EU candidates.",
  "We offer relocation support and visa sponsorship to non-EU citizens.",
  "Perks: visa sponsorship | no on-call | free lunch",
  "Visa sponsorship provided, so you can relocate without hassle.",
  "Relocation package and visa sponsorship (no cost to you).",
  "Visa sponsorship is available - no matter where you are from.",
  "Visa sponsorship: Available (no relocation)",
  // A UK employer's licence to sponsor, and a form's question answered yes.
  "We are a UKVI licensed sponsor.",
  "We hold a sponsor licence and can issue a Certificate of Sponsorship.",
  "Available for Work Visa Sponsorship?\nYes",
  // A negation of something else, far before the sponsoring.
  "No overtime is expected and we provide full relocation support and visa sponsorship.",
];

/** Sponsors of something else than a visa, and questions that say neither. */
const NEITHER = [
  "* Company-sponsored health insurance and life insurance.",
  "You will find sponsors for our charity events.",
  "Coordinate sponsored trade shows and digital programs.",
  "Do you require sponsorship?",
  "Available for work visa sponsorship?",
  "HR legal and visa sponsorship: operationalize compliance with the legal team.",
  "You must hold a valid Canadian passport with no travel or visa restrictions.",
  "We are proud to sponsor the local football club.",
  // Reviewer R50b's: a duty of the post, a sponsor of events or at levels.
  "Prepare H-1B petitions and support visa applications for employees.",
  "Help clients with visa applications.",
  "Sponsorship available for events, trade shows and conferences.",
  "Sponsorship is available at gold, silver and bronze levels.",
  // A question followed by a sentence that opens with "No" is no answer.
  "Do you require sponsorship?\nNo experience needed, we train you.",
  "",
];

/** Sentences about other things that a description may hold around them. */
const FILLER = [
  "You will build services in Python.",
  "We offer a pension and 30 days of holiday.",
  "The role is based in our Leeds office.",
  "Apply with your CV.",
  "We are an equal opportunity employer.",
];

Deno.test("each way of denying sponsorship is read as not offered, and each way of offering it as offered", () => {
  for (const denial of DENIALS) {
    assert.equal(visaSponsorshipOf(posting(denial)), "not_offered", denial);
  }
  for (const offer of OFFERS) assert.equal(visaSponsorshipOf(posting(offer)), "offered", offer);
  for (const neither of NEITHER) {
    assert.equal(visaSponsorshipOf(posting(neither)), undefined, neither);
  }
});

Deno.test("a title that says the visa is sponsored, or that turns one down", () => {
  assert.equal(
    visaSponsorshipOf(
      posting("", "Senior Backend Engineer (Visa Sponsorship and relocation offered)"),
    ),
    "offered",
  );
  assert.equal(
    visaSponsorshipOf(posting("", "Founding Engineer (Visa sponsored; seed stage)")),
    "offered",
  );
  assert.equal(
    visaSponsorshipOf(posting("", "Business Analyst (HYBRID)(No C2C/H1B/EAD)")),
    "not_offered",
  );
  assert.equal(visaSponsorshipOf(posting("", "Sponsorship Manager")), undefined);
});

Deno.test("a transfer for someone who holds a sponsorship already is no offer beside a denial", () => {
  assert.equal(
    visaSponsorshipOf(posting(
      "Unfortunately, we do not sponsor new work visas for this position. If you already have a " +
        "sponsorship, it is possible to transfer it to us.",
    )),
    "not_offered",
  );
  // A case of some roles, not this one's: says nothing.
  assert.equal(
    visaSponsorshipOf(posting(
      "If the role is not eligible for sponsorship under the Trust's criteria, your employment " +
        "ends with your visa.",
    )),
    undefined,
  );
});

Deno.test("a denial anywhere in a description makes it not offered, whatever surrounds it", () => {
  fc.assert(
    fc.property(
      fc.array(fc.constantFrom(...FILLER, ...OFFERS, ...NEITHER), { maxLength: 6 }),
      // A form's question and its answer are lines of their own: glued to the next sentence,
      // "No" would begin it.
      fc.constantFrom(...DENIALS.filter((denial) => !denial.includes("?\n"))),
      fc.nat(),
      fc.constantFrom("\n", " ", "\n\n* "),
      (around, denial, at, glue) => {
        const sentences = [...around];
        sentences.splice(at % (sentences.length + 1), 0, denial);
        return visaSponsorshipOf(posting(sentences.join(glue))) === "not_offered";
      },
    ),
    { numRuns: 400 },
  );
});

Deno.test("an offer among sentences that say nothing of a visa is offered; those alone say nothing", () => {
  fc.assert(
    fc.property(
      fc.array(fc.constantFrom(...FILLER, ...NEITHER), { maxLength: 6 }),
      fc.option(fc.constantFrom(...OFFERS), { nil: undefined }),
      fc.nat(),
      (around, offer, at) => {
        const sentences = [...around];
        if (offer !== undefined) sentences.splice(at % (sentences.length + 1), 0, offer);
        const read = visaSponsorshipOf(posting(sentences.join("\n")));
        return offer === undefined ? read === undefined : read === "offered";
      },
    ),
    { numRuns: 400 },
  );
});

Deno.test("text that names no sponsor, visa, permit or H-1B is never read either way", () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 300 }), (text) => {
      fc.pre(!/sponsor|visa|permit|h-?1-?b/i.test(text));
      return visaSponsorshipOf(posting(text, "Engineer")) === undefined;
    }),
    { numRuns: 500 },
  );
});
