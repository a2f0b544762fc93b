import { strict as assert } from "node:assert";
import fc from "fast-check";
import { sponsorshipIn } from "./query_sponsorship.ts";
import { analyzeQuery, namesNoWork } from "./analyze_query.ts";
import { splitWords } from "./tokenize.ts";

Deno.test("a sponsored visa asked for as people say it, before or after the work", () => {
  const cases: [string, string, string, string?][] = [
    ["software engineer visa sponsorship", "visa sponsorship", "software engineer"],
    ["visa sponsorship software engineer jobs", "visa sponsorship", "software engineer jobs"],
    ["nurse jobs with visa sponsorship", "with visa sponsorship", "nurse jobs"],
    [
      "software engineer jobs that offer visa sponsorship",
      "that offer visa sponsorship",
      "software engineer jobs",
    ],
    ["jobs that sponsor visas", "that sponsor visas", "jobs"],
    ["uk visa sponsorship jobs", "uk visa sponsorship", "jobs", "GB"],
    ["visa sponsored jobs", "visa sponsored", "jobs"],
    ["chef tier 2 sponsorship", "tier 2 sponsorship", "chef", "GB"],
    ["H-1B sponsorship data scientist", "h 1b sponsorship", "data scientist", "US"],
    ["h1b jobs", "h1b", "jobs", "US"],
    ["nurse with sponsorship", "with sponsorship", "nurse"],
    ["data analyst jobs sponsoring visa", "sponsoring visa", "data analyst jobs"],
    // Reviewer R50b's: kinds of visa before "visa", the employers asked for, a care job's
    // sponsorship said last, a certificate of sponsorship.
    ["h1b visa jobs", "h1b visa", "jobs", "US"],
    ["tier 2 visa jobs", "tier 2 visa", "jobs", "GB"],
    ["skilled worker visa jobs", "skilled worker visa", "jobs", "GB"],
    ["jobs that sponsor h1b", "that sponsor h1b", "jobs", "US"],
    ["green card sponsorship jobs", "green card sponsorship", "jobs", "US"],
    ["us visa sponsorship", "us visa sponsorship", "", "US"],
    ["companies offering visa sponsorship", "offering visa sponsorship", "jobs"],
    ["employers that sponsor h1b", "that sponsor h1b", "jobs", "US"],
    ["care assistant sponsorship", "sponsorship", "care assistant"],
    ["sponsorship jobs", "sponsorship", "jobs"],
    ["certificate of sponsorship care jobs", "certificate of sponsorship", "care jobs", "GB"],
    ["jobs with visa sponsorship for nurses", "with visa sponsorship", "jobs for nurses"],
    // Reviewer R50c's: a visa's kind before the work, the asking's words before it, a need said
    // with it, a "no" of something else, the EU.
    ["h1b software engineer", "h1b", "software engineer", "US"],
    ["uk visa nurse", "uk visa", "nurse", "GB"],
    [
      "i need h1b sponsorship for data engineer",
      "need h1b sponsorship",
      "i for data engineer",
      "US",
    ],
    ["need visa sponsorship software engineer", "need visa sponsorship", "software engineer"],
    [
      "software engineer requiring visa sponsorship",
      "requiring visa sponsorship",
      "software engineer",
    ],
    ["software engineer, need sponsorship", "need sponsorship", "software engineer"],
    [
      "software engineer who needs visa sponsorship",
      "who needs visa sponsorship",
      "software engineer",
    ],
    ["nurse sponsorship required", "sponsorship required", "nurse"],
    ["no experience jobs with visa sponsorship", "with visa sponsorship", "no experience jobs"],
    ["green card jobs", "green card", "jobs", "US"],
    ["eu visa sponsorship developer", "eu visa sponsorship", "developer", "EU"],
  ];
  const places: Record<string, string> = {
    US: "the United States",
    GB: "the United Kingdom",
    EU: "the EU",
  };
  for (const [q, matched, rest, where] of cases) {
    const read = sponsorshipIn(q);
    assert.deepEqual(read && { ...read, where: read.where?.name }, {
      matched,
      where: where && places[where],
      rest,
    }, q);
  }
  assert.deepEqual(sponsorshipIn("h1b jobs")?.where?.countries, ["US"]);
  assert.ok((sponsorshipIn("eu visa jobs")?.where?.countries ?? []).includes("DE"));
});

Deno.test("a visa said not to be needed is no ask, and its words are no work", () => {
  // Reviewer R50c: "software engineer no visa sponsorship needed" searched the turn-down as the
  // work and had no strong match.
  for (
    const [q, matched, rest] of [
      [
        "software engineer no visa sponsorship needed",
        "no visa sponsorship needed",
        "software engineer",
      ],
      ["software engineer no sponsorship required", "no sponsorship required", "software engineer"],
      ["developer visa sponsorship not required", "visa sponsorship not required", "developer"],
      ["nurse no need for visa sponsorship", "no need for visa sponsorship", "nurse"],
      ["nurse who doesn't need visa sponsorship", "who doesn t need visa sponsorship", "nurse"],
      [
        "software engineer, i don't need a visa sponsorship",
        "i don t need a visa sponsorship",
        "software engineer",
      ],
      ["care assistant no sponsorship", "no sponsorship", "care assistant"],
    ]
  ) {
    assert.deepEqual(sponsorshipIn(q), { matched, declined: true, rest }, q);
    const read = analyzeQuery(q);
    assert.equal(read.sponsorship, undefined, q);
    assert.equal(read.embeddingText, analyzeQuery(rest).embeddingText, q);
  }
});

Deno.test("no visa asked where the words turn it down or the sponsorship is the work", () => {
  for (
    const q of [
      // Turned down with no work beside it: the words are searched as they are.
      "jobs without visa sponsorship",
      "no visa sponsorship needed",
      "jobs where visa sponsorship is not needed",
      // Reviewer R50b's: a person who needs none, or holds one; a sponsorship that is the work.
      "i dont need any visa sponsorship",
      "already have visa sponsorship",
      "i hold a visa sponsorship from my current employer",
      "visa sponsorship manager",
      "visa sponsorship specialist",
      "immigration and visa sponsorship specialist",
      "marketing manager with sponsorship experience",
      "partnerships executive with sponsorship sales",
      // Reviewer R50c's: a sponsor's work before "sponsorship", a transfer that is no H-1B's.
      "football sponsorship jobs",
      "marketing sponsorship",
      "motorsport sponsorship",
      "us transfer jobs",
      "sponsorship manager",
      "corporate sponsorship",
      "event sponsorship coordinator",
      "visa officer",
      "software engineer",
    ]
  ) {
    assert.equal(sponsorshipIn(q), null, q);
  }
});

Deno.test("what is read and what is left are the query's words, none lost or added", () => {
  const words = [
    "visa",
    "sponsorship",
    "sponsor",
    "with",
    "nurse",
    "jobs",
    "h1b",
    "no",
    "uk",
    "that",
    "offer",
    "chef",
  ];
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 8 }), (typed) => {
      const read = sponsorshipIn(typed.join(" "));
      if (read === null) return true;
      const back = [...splitWords(read.rest), ...splitWords(read.matched)].sort();
      // "h 1b" is one word typed "h1b" split by nothing: the words compare as typed.
      return back.join(" ") === [...typed].sort().join(" ");
    }),
    { numRuns: 500 },
  );
});

Deno.test("the analysis searches the work without the visa, and reads it beside the work or alone", () => {
  const beside = analyzeQuery("software engineer visa sponsorship");
  assert.deepEqual(beside.sponsorship, { matched: "visa sponsorship" });
  assert.equal(beside.embeddingText, "software engineer");
  assert.ok(beside.termVariants.every((terms) => !terms.some((t) => /visa|sponsor/.test(t))));
  assert.equal(namesNoWork(beside), false);
  const alone = analyzeQuery("jobs with visa sponsorship");
  assert.deepEqual(alone.sponsorship, { matched: "with visa sponsorship" });
  assert.equal(namesNoWork(alone), true);
  assert.equal(analyzeQuery("sponsorship manager").sponsorship, undefined);
});
