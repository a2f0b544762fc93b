import { strict as assert } from "node:assert";
import fc from "fast-check";
import { analyzeQuery } from "./analyze_query.ts";
import { roleWords } from "./query_phrasing.ts";
import { splitWords } from "./tokenize.ts";

const role = (query: string) => roleWords(splitWords(query)).join(" ");

Deno.test("roleWords() takes the phrasing off either end of a query as people say it", () => {
  const cases: [string, string][] = [
    ["I want to work as a kitchen manager", "kitchen manager"],
    ["jobs as a life guard", "life guard"],
    ["looking for procurement agent work", "procurement agent"],
    ["open android developer roles", "android developer"],
    ["python developer vacancies", "python developer"],
    ["I'm a registered nurse looking for a new position", "registered nurse"],
    ["any barista positions open?", "barista"],
    ["what electrician jobs are there", "electrician"],
    ["I'd like to work in a bakery", "bakery"],
    ["hiring now: retail sales assistant", "retail sales assistant"],
    ["I want a career in nursing", "nursing"],
    // Session 17's phrasings (bench/queries/spoken_queries.txt, the tuned half).
    ["is anyone hiring bartenders?", "bartenders"],
    ["help me find a job as a welder", "welder"],
    ["seeking employment as a bookkeeper", "bookkeeper"],
    ["where can I work as a paramedic", "paramedic"],
    ["mechanic wanted", "mechanic"],
    ["got any graphic designer roles?", "graphic designer"],
    ["I want to be a bouncer", "bouncer"],
    ["I'd love to be a primary school teacher", "primary school teacher"],
  ];
  for (const [query, expected] of cases) assert.equal(role(query), expected, query);
});

Deno.test("roleWords() keeps the same words where they are the role", () => {
  for (
    const query of [
      "open source developer",
      "social work",
      "looking for social work",
      "hiring manager",
      "career coach",
      "job coach",
      "new business manager",
      "work experience student",
      "help desk analyst",
      "a&e nurse",
      "search engine optimization specialist",
      "help desk technician",
      "employment lawyer",
      "employment advisor",
      "hiring coordinator",
    ]
  ) {
    const expected = splitWords(query).filter((w) => !["looking", "for"].includes(w)).join(" ");
    assert.equal(role(query), expected, query);
  }
  // Filler alone stays what it was: it names no job, and the search says so (docs/search.md).
  assert.equal(role("jobs"), "jobs");
  assert.equal(role("looking for work"), "work");
  assert.deepEqual(analyzeQuery("looking for work").termVariants, [[]]);
});

const ROLES = [
  "nurse",
  "registered nurse",
  "kitchen manager",
  "python developer",
  "forklift driver",
  "data analyst",
  "life guard",
  "hr assistant",
  "open source developer",
  "social worker",
  "career coach",
];
const BEFORE = [
  "",
  "i want to work as a",
  "jobs as a",
  "looking for",
  "i'm looking for a job as a",
  "can you find me work as an",
  "any",
  "open",
  "show me",
  "hiring for",
  "i am a",
  "are there any",
  "i'd like a job in",
  "is anyone hiring",
  "help me find a job as a",
  "seeking employment as a",
  "where can i work as a",
  "got any",
];
const AFTER = [
  "",
  "jobs",
  "work",
  "roles",
  "vacancies",
  "positions open",
  "jobs near me",
  "wanted",
];

Deno.test("roleWords() gives back the role whatever phrasing wraps it", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...ROLES),
      fc.constantFrom(...BEFORE),
      fc.constantFrom(...AFTER),
      (named, before, after) => {
        // "work" at the end is phrasing only in a query that asks ("looking for ... work").
        fc.pre(after !== "work" || /looking|find|want|need/.test(before));
        // "open" before "open source developer" is the role's own.
        fc.pre(!(before === "open" && named.startsWith("open")));
        assert.equal(role(`${before} ${named} ${after}`), splitWords(named).join(" "));
      },
    ),
    { numRuns: 400, seed: 36 },
  );
});

Deno.test("roleWords() is a span of the query's words, and all of them when none is phrasing", () => {
  fc.assert(
    fc.property(
      fc.array(fc.constantFrom("nurse", "open", "work", "jobs", "a", "i", "as", "source", "java"), {
        maxLength: 8,
      }),
      (words) => {
        const kept = roleWords(words);
        const joined = ` ${words.join(" ")} `;
        assert.ok(joined.includes(` ${kept.join(" ")} `), `${kept} in ${words}`);
        if (words.length > 0) assert.ok(kept.length > 0);
      },
    ),
    { numRuns: 400, seed: 41 },
  );
  assert.deepEqual(roleWords(["senior", "java", "developer"]), ["senior", "java", "developer"]);
});

Deno.test("analyzeQuery() embeds and searches the role alone", () => {
  const said = analyzeQuery("I want to work as a kitchen manager");
  const named = analyzeQuery("kitchen manager");
  assert.equal(said.embeddingText, "kitchen manager");
  assert.deepEqual(said.termVariants, named.termVariants);
  assert.equal(
    analyzeQuery("any openings for an HR assistant?").embeddingText,
    "hr (human resources) assistant",
  );
});
