import { strict as assert } from "node:assert";
import fc from "fast-check";
import { analyzeQuery } from "./analyze_query.ts";
import { employmentIn, withTypesSpelledOut } from "./query_employment.ts";
import { tokenize } from "./tokenize.ts";
import type { EmploymentType } from "../domain/job.ts";

/** Ways people write each type, before case and hyphenation are varied. */
const SAID: [EmploymentType, string[]][] = [
  // German and Dutch too, the postings' other languages (session 38).
  // Shorthand as typed in a search box too (session 46).
  ["parttime", ["part time", "parttime", "teilzeit", "deeltijd", "pt", "p/t", "side hustle"]],
  ["fulltime", ["full time", "fulltime", "vollzeit", "voltijd", "ft", "f/t"]],
  ["contract", ["contract", "freelance", "freelancer"]],
  ["temporary", ["temporary", "temp", "seasonal", "befristet"]],
  ["internship", ["internship", "intern", "praktikum"]],
];

/** Roles, some with a word the phrasing or the qualifiers read (the type must not change them). */
const ROLES = [
  "barista",
  "devops engineer",
  "registered nurse",
  "warehouse operative",
  "data science",
  "delivery driver",
  "java developer",
  "marketing",
  "night porter",
  "kitchen porter",
  "rn",
];

/** "part time" as "Part-Time", "PART time", "part-time"...: the words joined by a hyphen or not. */
const written = (phrase: string) =>
  fc.tuple(
    fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
    fc.boolean(),
  ).map(([upper, hyphen]) => {
    const words = phrase.split(" ").map((word, k) =>
      upper[k % 3]
        ? word.toUpperCase()
        : upper[(k + 1) % 3]
        ? word[0].toUpperCase() + word.slice(1)
        : word
    );
    return words.join(hyphen ? "-" : " ");
  });

Deno.test("an employment type at either end of a query is read as the type, and not embedded as the role", async () => {
  await fc.assert(
    fc.property(
      fc.constantFrom(...SAID).chain(([type, phrases]) =>
        fc.tuple(fc.constant(type), fc.constantFrom(...phrases).chain(written))
      ),
      fc.constantFrom(...ROLES),
      fc.boolean(),
      fc.constantFrom("", "jobs as a ", "looking for "),
      ([type, said], role, first, asking) => {
        const q = first ? `${asking}${said} ${role}` : `${asking}${role} ${said}`;
        const read = analyzeQuery(q);
        const alone = analyzeQuery(role);
        assert.deepEqual(read.employment?.type, type, q);
        // The encoder sees the role as if the type had not been said.
        assert.equal(read.embeddingText, alone.embeddingText, q);
        assert.equal(read.workText, alone.workText, q);
        // The keyword side still searches every word, the type's too: a posting that says it
        // scores by it.
        for (const term of tokenize(`${role} ${withTypesSpelledOut(said)}`)) {
          assert.ok(read.termVariants[0].includes(term), `${q}: ${term}`);
        }
      },
    ),
    { numRuns: 300, seed: 2211 },
  );
});

Deno.test("employment words are not read where they are part of the role, denied, or alone", () => {
  for (
    const q of [
      "contract manager",
      "contracts manager",
      "contract administrator",
      "internship coordinator",
      "temp agency recruiter",
      "nurse not part time",
      "part time",
      "internship",
      "part-timer barista",
      "barista",
      "parting time",
      "internship for students",
      // "PT" beside a physical therapist's words, "Ft" as Fort.
      "travel PT",
      "PT assistant",
      "outpatient pt clinic",
      "ft worth nurse",
      "Ft Myers",
      "warehouse ft lauderdale",
      "kept",
    ]
  ) {
    assert.equal(employmentIn(q), null, q);
    assert.equal(analyzeQuery(q).employment, undefined, q);
  }
  assert.deepEqual(employmentIn("Summer Internship in Marketing"), {
    type: "internship",
    matched: "Summer Internship",
    rest: "Marketing",
  });
  assert.deepEqual(employmentIn("temp admin jobs"), {
    type: "temporary",
    matched: "temp",
    rest: "admin jobs",
  });
  // The type goes; "admin" is office work, written out beside it (src/index/analyze_query.ts).
  assert.equal(
    analyzeQuery("temp admin jobs").embeddingText,
    "admin (administrative assistant)",
  );
  assert.equal(analyzeQuery("summer internship in marketing").embeddingText, "marketing");
  // The rest is read as it would be alone: the type words go, the other words stay.
  assert.equal(analyzeQuery("part-time weekend retail work").embeddingText, "weekend retail work");
});

Deno.test("a Dutch 'stage' is an internship beside a field, never beside a title's head noun or a theatre's word", () => {
  // Session 59, and reviewer C59's English stages.
  for (const q of ["stage marketing amsterdam", "finance stage", "stage hr rotterdam"]) {
    assert.match(withTypesSpelledOut(q), /\binternship\b/, q);
    assert.equal(analyzeQuery(q).employment?.type, "internship", q);
  }
  assert.equal(
    withTypesSpelledOut("stage marketing utrecht start februari"),
    "internship marketing utrecht start februari",
  );
  for (
    const q of [
      "stage electrician",
      "stage assistant",
      "stage rigger",
      "stage tech london",
      "stage manager",
      "foundation stage",
      "stages of change counsellor",
      "stage 2",
      "early stage startup",
    ]
  ) {
    assert.equal(withTypesSpelledOut(q), q, q);
  }
});
