import { strict as assert } from "node:assert";
import fc from "fast-check";
import { analyzeQuery } from "./analyze_query.ts";
import { postedIn } from "./query_posted.ts";

const ROLES = ["nurse", "python developer", "warehouse operative", "data analyst"];

Deno.test("postedIn() reads when the postings were posted at the end of a query, with its days", () => {
  const SAID: [string, number][] = [
    ["today", 0],
    ["posted today", 0],
    ["yesterday", 1],
    ["this week", 7],
    ["in the past week", 7],
    ["posted this week", 7],
    ["this month", 30],
    ["in the last 7 days", 7],
    ["posted in the last 14 days", 14],
    ["last three days", 3],
    ["past 2 weeks", 14],
    ["the last 24 hours", 1],
  ];
  fc.assert(
    fc.property(
      fc.constantFrom(...ROLES),
      fc.constantFrom("", " jobs", " vacancies"),
      fc.constantFrom(...SAID),
      fc.constantFrom((s: string) => s, (s: string) => s.toUpperCase()),
      (role, job, [said, days], cased) => {
        const q = `${role}${job} ${cased(said)}`;
        const read = postedIn(q);
        assert.equal(read?.days, days, q);
        assert.equal(read?.rest, `${role}${job}`, q);
        // Neither side searches them: the analysed query is the role's.
        const analyzed = analyzeQuery(q);
        assert.deepEqual(analyzed.posted?.days, days, q);
        assert.deepEqual(
          analyzed.termVariants[0],
          analyzeQuery(`${role}${job}`).termVariants[0],
          q,
        );
        assert.equal(analyzed.embeddingText, analyzeQuery(`${role}${job}`).embeddingText, q);
      },
    ),
    { numRuns: 300, seed: 3105 },
  );
});

Deno.test("postedIn() reads 'latest' after the asking alone, as the newest first with no days", () => {
  for (
    const q of [
      "latest python jobs",
      "what are the latest python jobs",
      "show me the newest nurse jobs",
    ]
  ) {
    const read = postedIn(q);
    assert.ok(read, q);
    assert.equal(read.days, undefined, q);
  }
  // Alone, or where words come before it that are the work's, it is no reading.
  for (
    const q of ["today", "this week", "latest", "senior latest technologies engineer", "a week"]
  ) {
    assert.equal(postedIn(q), null, q);
  }
  // A span in the middle is the work's words ("today show producer").
  assert.equal(postedIn("today show producer"), null);
});
