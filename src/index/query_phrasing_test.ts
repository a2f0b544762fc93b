import { strict as assert } from "node:assert";
import fc from "fast-check";
import { analyzeQuery } from "./analyze_query.ts";
import {
  asksOnly,
  doerOfWork,
  roleWords,
  withoutClause,
  workerOfField,
  workWords,
} from "./query_phrasing.ts";
import { splitWords, tokenize } from "./tokenize.ts";

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

// Described work with qualifiers (session 20): when, how long and from where the work is done is
// not the work, and reaches the encoder only where the titles say it (IndexSearch.workVector).
const work = (query: string) => workWords(splitWords(query)).join(" ");

Deno.test("workWords() takes when and how long the work is done off either end", () => {
  const cases: [string, string][] = [
    ["someone to look after elderly people at night", "someone to look after elderly people"],
    ["driving a van part time", "driving a van"],
    ["help in a kitchen on weekends", "help in a kitchen"],
    ["stacking shelves at night", "stacking shelves"],
    ["night shift looking after patients", "looking after patients"],
    ["weekend job serving coffee", "serving coffee"],
    ["part time cleaning offices in the evening", "cleaning offices"],
    [
      "remote work doing bookkeeping for small businesses",
      "doing bookkeeping for small businesses",
    ],
    ["part time receptionist jobs near me", "receptionist"],
    ["health care assistant nights", "health care assistant"],
    ["hybrid python developer", "python developer"],
    ["hybrid data analyst in retail", "data analyst in retail"],
  ];
  for (const [query, expected] of cases) assert.equal(work(query), expected, query);
});

Deno.test("workWords() keeps a qualifier that is the role's own, and a query of qualifiers", () => {
  for (
    const query of [
      "night auditor",
      "night porter",
      "night watchman",
      "weekend manager",
      "overnight stocker",
      "evening receptionist",
      "remote sensing analyst",
      "hybrid cloud engineer",
      "hybrid vehicle technician",
      "casual dining server",
      "day care assistant",
      "looking after children after school",
      "caring for disabled adults at home",
    ]
  ) assert.equal(work(query), role(query), query);
  for (const query of ["nights", "part time", "at night", "weekend work", "from home"]) {
    assert.ok(work(query).length > 0, query);
  }
});

const QUALIFIED_AFTER = [
  "at night",
  "nights",
  "overnight",
  "part time",
  "full time",
  "on weekends",
  "at the weekend",
  "in the evenings",
  "during the day",
  "from home",
  "night shift",
];
const QUALIFIED_BEFORE = [
  "",
  "part time",
  "night shift",
  "weekend work",
  "night job",
  "full time",
  "hybrid",
];

Deno.test("workWords() property: the work comes back whatever qualifiers and phrasing wrap it", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...ROLES),
      fc.constantFrom(...QUALIFIED_BEFORE),
      fc.constantFrom(...QUALIFIED_AFTER),
      fc.constantFrom("", "jobs", "roles"),
      (named, before, after, ask) => {
        const query = `${before} ${named} ${ask} ${after}`;
        assert.equal(work(query), role(named), query);
      },
    ),
    { numRuns: 400, seed: 20 },
  );
});

Deno.test("workWords() property: a span of the role words, never empty, and the same twice", () => {
  const vocabulary = [
    "night",
    "nights",
    "part",
    "time",
    "work",
    "at",
    "nurse",
    "auditor",
    "on",
    "with",
    "bonus",
  ];
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...vocabulary), { maxLength: 8 }), (words) => {
      const kept = workWords(words);
      const roles = roleWords(words);
      assert.ok(` ${roles.join(" ")} `.includes(` ${kept.join(" ")} `), `${kept} in ${roles}`);
      if (words.length > 0) assert.ok(kept.length > 0);
      assert.deepEqual(workWords(kept), kept);
    }),
    { numRuns: 500, seed: 29 },
  );
});

Deno.test("analyzeQuery(): the qualifiers stay on the keyword side and leave the work's text", () => {
  const qualified = analyzeQuery("driving a van at night");
  assert.equal(qualified.embeddingText, "driving a van at night");
  assert.equal(qualified.workText, "driving a van");
  assert.ok(qualified.termVariants[0].includes("night"));
  // An employment type is no longer embedded at all (session 22, src/index/query_employment.ts);
  // the keyword side still searches it.
  const typed = analyzeQuery("driving a van part time");
  assert.equal(typed.embeddingText, "driving a van");
  assert.ok(typed.termVariants[0].includes("part"));
  assert.equal(analyzeQuery("night auditor").workText, undefined);
  assert.equal(analyzeQuery("RN nights").workText, "rn (registered nurse)");
});

/**
 * The keyword side still searches an offer's words, but a sponsored visa's: that is read as an ask
 * of its own (src/index/query_sponsorship.ts) and searched by neither side.
 */
function keywordsOfOffer(query: string, role: string) {
  const read = analyzeQuery(query);
  const roleTerms = analyzeQuery(role).termVariants[0];
  if (read.sponsorship) {
    assert.ok(/visa|sponsor/.test(read.sponsorship.matched), query);
    assert.ok(roleTerms.every((term) => read.termVariants[0].includes(term)), query);
  } else assert.ok(read.termVariants[0].length > splitWords(role).length, query);
}

Deno.test("workWords() property: what the job offers after the work leaves the work's text", () => {
  const roles = ["nurse", "software engineer", "warehouse operative", "care assistant", "chef"];
  const offered = ["sign on bonus", "visa sponsorship", "a company car", "relocation", "overtime"];
  fc.assert(
    fc.property(
      fc.constantFrom(...roles),
      fc.constantFrom("", " jobs", " job", " roles"),
      fc.constantFrom("with", "offering", "including"),
      fc.constantFrom(...offered),
      (role, job, opens, offer) => {
        const query = `${role}${job} ${opens} ${offer}`;
        assert.deepEqual(workWords(splitWords(query)), splitWords(role), query);
        keywordsOfOffer(query, role);
      },
    ),
    { numRuns: 200, seed: 3104 },
  );
  // After a request noun alone, "with" opens the work itself.
  for (const query of ["work with horses", "working with children", "job working with animals"]) {
    assert.deepEqual(workWords(splitWords(query)), roleWords(splitWords(query)), query);
  }
});

Deno.test("workWords() property: what the job offers, said after the work with no word before it, leaves the work's text", () => {
  const roles = ["nurse", "software engineer", "warehouse operative", "care assistant", "chef"];
  const offered = [
    "visa sponsorship",
    "sign on bonus",
    "accommodation provided",
    "immediate start",
    "at startups",
    // What the job asks: a licence, a check, a vehicle.
    "driving licence",
    "own van",
    "sia licence",
    "home daily",
    // Who the job suits ("for students" is a level: src/index/query_seniority_test.ts).
    "for teenagers",
  ];
  // A one-word offer follows two words of work at least: after one it may end the work's name.
  const oneWord = ["relocation", "sponsorship", "overtime", "accommodation", "cdl"];
  fc.assert(
    fc.property(
      fc.constantFrom(...roles),
      fc.constantFrom("", " jobs", " job", " roles"),
      fc.subarray(offered, { minLength: 1, maxLength: 2 }),
      fc.option(fc.constantFrom(...oneWord), { nil: undefined }),
      (role, job, offers, single) => {
        const twoWords = splitWords(role).length >= 2;
        const said = single !== undefined && twoWords ? [single, ...offers] : offers;
        const query = `${role}${job} ${said.join(" ")}`;
        assert.deepEqual(workWords(splitWords(query)), splitWords(role), query);
        keywordsOfOffer(query, role);
      },
    ),
    { numRuns: 300, seed: 3501 },
  );
  // An offer alone, before the work, or one word after one word of work is not taken off: it
  // names the work there.
  for (
    const query of [
      "relocation manager",
      "overtime",
      "jobs with relocation",
      "sponsorship",
      "corporate sponsorship",
      "student accommodation",
      "cdl driver",
      "driver cdl",
    ]
  ) {
    assert.deepEqual(workWords(splitWords(query)), roleWords(splitWords(query)), query);
  }
});

Deno.test("work named by its doing is searched as its doer, on both sides", () => {
  // "driving jobs" listed "Autonomous Driving Engineer" and caregivers who "must be able to
  // drive" first (session 38): the stemmer keeps "drive" and "driver" apart.
  for (
    const [typed, doer] of [
      ["driving jobs", "driver"],
      ["looking for delivery driving work", "delivery driver"],
      ["delivery driving work", "delivery driver"],
      ["truck driving", "truck driver"],
      ["welding jobs", "welder"],
    ]
  ) {
    const read = analyzeQuery(typed);
    assert.equal(read.embeddingText, doer, typed);
    assert.deepEqual(
      read.termVariants[0],
      splitWords(doer).map((w) => analyzeQuery(w).termVariants[0][0]),
      typed,
    );
  }
  // A doing that is a field of its own, or not last, stays as typed.
  assert.equal(analyzeQuery("autonomous driving").embeddingText, "autonomous driving");
  assert.equal(analyzeQuery("driving instructor jobs").embeddingText, "driving instructor");
  assert.deepEqual(doerOfWork(["constructor"]), ["constructor"]);
  assert.deepEqual(doerOfWork([]), []);
});

Deno.test("workWords() property: visa sponsorship said before the work leaves the work's text", () => {
  // "uk visa sponsorship software engineer" embedded the sponsorship with the work (session 39).
  const roles = ["nurse", "software engineer", "customer service", "care assistant", "chef"];
  const opening = ["visa sponsorship", "visa sponsored"];
  fc.assert(
    fc.property(
      fc.constantFrom(...opening),
      fc.constantFrom(...roles),
      fc.constantFrom("", " jobs", " roles"),
      (offer, role, job) => {
        const query = `${offer} ${role}${job}`;
        assert.deepEqual(workWords(splitWords(query)), splitWords(role), query);
        // Read as a sponsored visa asked for: searched by neither side (session 50).
        assert.deepEqual(analyzeQuery(query).sponsorship, { matched: offer }, query);
        keywordsOfOffer(query, role);
      },
    ),
    { numRuns: 100, seed: 3901 },
  );
  // Alone, the offer is what is asked for; before a job word it says what the jobs are.
  for (const query of ["visa sponsorship jobs", "visa sponsorship jobs 2025"]) {
    assert.deepEqual(workWords(splitWords(query)), roleWords(splitWords(query)), query);
  }
});

Deno.test("workWords() property: what a job must be, said after a job word in a clause, leaves the work's text", () => {
  // "find me remote frontend jobs that use vue" embedded the clause with the work, and every
  // remote frontend developer was a close match only (session 39).
  const roles = ["frontend", "software", "warehouse", "nurse", "care assistant"];
  // Never a verb of what the work is done with first (below: "that use vue" keeps "vue").
  const clauseWords = ["vue", "don't", "german", "start", "at", "6am", "offer", "pay"];
  fc.assert(
    fc.property(
      fc.constantFrom(...roles),
      fc.constantFrom("jobs", "roles", "positions", ""),
      fc.constantFrom("that", "which", "where"),
      fc.array(fc.constantFrom(...clauseWords), { minLength: 1, maxLength: 4 }),
      (role, job, relative, clause) => {
        const query = `${role} ${job} ${relative} ${clause.join(" ")}`.replace("  ", " ");
        assert.deepEqual(workWords(splitWords(query)), splitWords(role), query);
      },
    ),
    { numRuns: 200, seed: 3902 },
  );
  // What the work is done with stays with the work, unless it is not wanted.
  assert.deepEqual(workWords(splitWords("frontend jobs that use vue")), ["frontend", "vue"]);
  assert.deepEqual(workWords(splitWords("developer roles which require react native")), [
    "developer",
    "react",
    "native",
  ]);
  assert.deepEqual(workWords(splitWords("software jobs that don't require german")), ["software"]);
  assert.deepEqual(workWords(splitWords("software jobs that require no german")), ["software"]);
  // A place read in the query takes "jobs" with it: the clause follows the work then.
  assert.deepEqual(workWords(splitWords("software that require no german")), ["software"]);
  assert.deepEqual(workWords(splitWords("nurse that speaks spanish")), ["nurse", "spanish"]);
  // A long text goes on after "that": no condition of the job (a CV pasted as the query).
  const cv =
    "engineering manager leading teams that shipped payments platforms for banks across europe";
  assert.deepEqual(withoutClause(splitWords(cv)), splitWords(cv));
  // Work described by its doer's doing stays whole (it had embedded "someone").
  for (const query of ["someone who fixes cars", "person that cuts hair", "someone that drives"]) {
    assert.deepEqual(withoutClause(splitWords(query)), splitWords(query), query);
  }
  assert.deepEqual(workWords(splitWords("nurse jobs that offer relocation")), ["nurse"]);
  // With no work before it, the clause is what is asked for.
  for (const query of ["jobs that pay weekly", "new jobs that pay weekly"]) {
    assert.deepEqual(workWords(splitWords(query)), roleWords(splitWords(query)), query);
  }
});

Deno.test("a field's worker named as a person is searched as the postings name them: 'delivery guy'", () => {
  // "delivery guy jobs" listed "Head of Delivery - Atlassian & DevOps" first (session 39).
  for (
    const [typed, title] of [
      ["delivery guy jobs", "delivery driver"],
      ["pizza delivery guy", "pizza delivery driver"],
      ["delivery man", "delivery driver"],
      ["looking for delivery boy work", "delivery driver"],
      ["security guy night shift", "security guard night shift"],
    ]
  ) {
    const read = analyzeQuery(typed);
    assert.equal(read.embeddingText, title, typed);
    // Both sides search the worker: the keyword side's terms hold the title's worker.
    const worker = title.includes("guard") ? "guard" : "driver";
    assert.ok(read.termVariants[0].includes(tokenize(worker)[0]), typed);
  }
  // A field after a word of its own is that field's ("cyber security guy" listed security guards:
  // reviewer W, session 39).
  for (
    const [typed, field] of [
      ["cyber security guy", "cybersecurity"],
      ["it security guy", "it security"],
      ["software delivery guy", "software delivery"],
    ]
  ) {
    assert.equal(analyzeQuery(typed).embeddingText, field, typed);
  }
  // The person word is searched too where it is one ("Delivery Boy" is a posting's title).
  assert.ok(
    analyzeQuery("delivery boy").termVariants.some((terms) => terms.includes(tokenize("boy")[0])),
  );
  // The field's own roles stay as typed.
  assert.equal(analyzeQuery("delivery manager").embeddingText, "delivery manager");
  assert.equal(analyzeQuery("security analyst").embeddingText, "security analyst");
  assert.deepEqual(workerOfField(["man", "delivery"]), ["man", "delivery"]);
});

Deno.test("a compound written apart is searched and embedded whole, and as typed by the keywords", () => {
  const read = analyzeQuery("jobs as a life guard");
  assert.equal(read.embeddingText, "lifeguard");
  assert.deepEqual(read.termVariants.slice(0, 2), [["lifeguard"], ["life", "guard"]]);
});

Deno.test("a guy is the person, not the work: 'help desk guy', 'IT guy'", () => {
  assert.equal(role("help desk guy"), "help desk");
  assert.equal(role("it guy jobs"), "it");
  assert.equal(role("it person"), "it");
  assert.equal(role("IT people jobs".toLowerCase()), "it");
  assert.equal(role("people manager"), "people manager");
  assert.equal(role("delivery person"), "delivery person");
  // Searched, "guy" was the stemmer's "gui" and found GUI developers.
  assert.ok(!analyzeQuery("it guy").termVariants.flat().includes("gui"));
  assert.equal(role("guy"), "guy");
});

Deno.test("when the job starts, said at the end, is asking: 'I need a job that starts immediately'", () => {
  // Searched, "starts immediately" met every posting that says so, and "... in Houston" listed
  // none of Houston's 53 postings as strong (session 38).
  assert.equal(role("warehouse jobs starting asap"), "warehouse");
  assert.equal(role("nurse jobs to start immediately"), "nurse");
  assert.equal(role("chef that can start right away"), "chef");
  assert.ok(asksOnly(splitWords("i need a job that starts immediately")));
  assert.ok(asksOnly(splitWords("jobs to start now")));
  // The words alone, or inside the role, stay.
  assert.equal(role("start"), "start");
  assert.equal(role("startup operations manager"), "startup operations manager");
});

Deno.test("roleWords() takes German and Dutch asking off, never an acronym or a word of the work (reviewer C56)", () => {
  const words = (q: string) => roleWords(q.split(" ")).join(" ");
  assert.equal(words("ich suche eine stelle als koch"), "koch");
  assert.equal(words("ik zoek werk als schilder"), "schilder");
  assert.equal(words("ich suche arbeit als maler"), "maler");
  // A job board's heading's "for" (an agent's trial, session 59).
  assert.equal(words("vacatures voor verpleegkundige"), "verpleegkundige");
  assert.equal(words("stellenangebote fur krankenpfleger"), "krankenpfleger");
  for (
    const q of [
      "als paramedic",
      "ich gcp specialist",
      "toon boom animator",
      "ein tax",
      "voor nurse",
    ]
  ) {
    assert.equal(words(q), q);
  }
});
