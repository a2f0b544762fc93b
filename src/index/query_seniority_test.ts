import { strict as assert } from "node:assert";
import fc from "fast-check";
import { analyzeQuery, typeAlone } from "./analyze_query.ts";
import { roleWords } from "./query_phrasing.ts";
import { seniorityAlone } from "./query_seniority.ts";
import { workModeAlone } from "./query_work_mode.ts";
import { splitWords } from "./tokenize.ts";

/** How people write a level alone, with the levels each means. */
const SAID: [string, string[]][] = [
  ["entry level", ["junior", "intern"]],
  ["entry-level", ["junior", "intern"]],
  ["no experience", ["junior", "intern"]],
  ["no experience needed", ["junior", "intern"]],
  ["without experience", ["junior", "intern"]],
  ["graduate", ["junior"]],
  ["new grad", ["junior"]],
  ["grad scheme", ["junior"]],
  ["junior", ["junior"]],
  ["apprenticeship", ["junior"]],
  ["mid-level", ["mid"]],
  ["senior", ["senior"]],
  ["Sr", ["senior"]],
];
const casing = fc.constantFrom(
  (s: string) => s,
  (s: string) => s.toUpperCase(),
  (s: string) => s.replace(/\b\w/g, (c) => c.toUpperCase()),
);
const ROLES = ["nurse", "data analyst", "warehouse operative", "software engineer", "barista"];

Deno.test("a level said alone is read as its seniority, with or without a word for a job after it", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...SAID),
      casing,
      fc.constantFrom("", " jobs", " roles", " positions", " work", " vacancies"),
      fc.constantFrom("", "show me ", "find me "),
      ([said, levels], cased, job, asking) => {
        const q = `${asking}${cased(said)}${job}`;
        const read = typeAlone(analyzeQuery(q));
        assert.deepEqual(read?.seniority?.levels, levels, q);
        // Nothing of it is searched as the work.
        assert.deepEqual(read?.termVariants, [[]], q);
      },
    ),
    { numRuns: 300, seed: 3101 },
  );
});

Deno.test("a level beside the work is the work's words, not a seniority alone", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...SAID.filter(([said]) => !said.includes("experience"))),
      fc.constantFrom(...ROLES),
      fc.boolean(),
      ([said], role, before) => {
        const q = before ? `${said} ${role}` : `${role} ${said}`;
        assert.equal(seniorityAlone(q), null, q);
        assert.equal(typeAlone(analyzeQuery(q))?.seniority, undefined, q);
      },
    ),
    { numRuns: 200, seed: 3102 },
  );
});

Deno.test("a level said before the work, or a first job's after it, is read beside the work with the levels it rules out; the work's words stay searched", () => {
  const ruledOut = (levels: string[]) =>
    levels.includes("senior")
      ? ["intern", "junior"]
      : levels.includes("mid")
      ? []
      : ["senior", "lead", "executive"];
  fc.assert(
    fc.property(
      fc.constantFrom(...SAID),
      casing,
      fc.constantFrom(...ROLES),
      fc.constantFrom("", " jobs", " roles"),
      fc.constantFrom("", "show me ", "looking for "),
      fc.boolean(),
      ([said, levels], cased, role, job, asking, before) => {
        const q = before
          ? `${asking}${cased(said)} ${role}${job}`
          : `${asking}${role}${job} ${cased(said)}`;
        const analyzed = analyzeQuery(q);
        const beside = analyzed.seniorityBeside;
        // A level that rules nothing out ("mid level") is not read; after the work only the
        // words of a first job are ("data analyst senior" is not a senior post).
        const afterWorkRead = !["senior", "sr", "junior"].includes(said.toLowerCase());
        if (ruledOut(levels).length === 0 || (!before && !afterWorkRead)) {
          assert.equal(beside, undefined, q);
          return;
        }
        assert.deepEqual(beside?.levels, levels, q);
        assert.deepEqual(beside?.ruledOut, ruledOut(levels), q);
        // Not a reading alone, and the role is still searched.
        assert.equal(typeAlone(analyzed), null, q);
        for (const word of role.split(" ")) {
          assert.ok(analyzed.embeddingText.includes(word), `${q}: ${analyzed.embeddingText}`);
        }
      },
    ),
    { numRuns: 400, seed: 3501 },
  );
  // A level alone is not beside any work.
  assert.equal(analyzeQuery("entry level jobs").seniorityBeside, undefined);
  assert.equal(analyzeQuery("senior").seniorityBeside, undefined);
});

Deno.test("'no experience' or 'no degree' at either end of the work is taken off it, and the work's words stay", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(
        "no experience",
        "no experience needed",
        "no experience required",
        "with no experience",
        "without experience",
        "without any experience",
        "no prior experience",
        "without a degree",
        "no degree required",
        "that don't require a degree",
      ),
      fc.constantFrom(...ROLES),
      fc.boolean(),
      fc.constantFrom("", " jobs"),
      (phrase, role, before, job) => {
        const q = before ? `${phrase} ${role}${job}` : `${role}${job} ${phrase}`;
        assert.deepEqual(roleWords(splitWords(q)), splitWords(role), q);
        assert.equal(analyzeQuery(q).embeddingText, role, q);
      },
    ),
    { numRuns: 200, seed: 3103 },
  );
  // Alone, the words stay what they were (nothing else would be left).
  assert.deepEqual(roleWords(splitWords("no experience")), ["no", "experience"]);
  // "Experience" naming the work stays: "customer experience manager".
  assert.deepEqual(roleWords(splitWords("customer experience manager")), [
    "customer",
    "experience",
    "manager",
  ]);
});

Deno.test("how the work is done, said alone, is read as its work mode; beside a role it is not", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(
        ["hybrid", "hybrid"],
        ["Hybrid", "hybrid"],
        ["on-site", "onsite"],
        ["onsite", "onsite"],
        ["office-based", "onsite"],
      ),
      fc.constantFrom("", " jobs", " roles", " positions"),
      fc.constantFrom("", "show me "),
      ([said, mode], job, asking) => {
        const q = `${asking}${said}${job}`;
        assert.equal(typeAlone(analyzeQuery(q))?.workMode?.mode, mode, q);
      },
    ),
    { numRuns: 100, seed: 3106 },
  );
  for (const q of ["hybrid cloud engineer", "on site nurse manager", "hybrid vehicle technician"]) {
    assert.equal(workModeAlone(q), null, q);
  }
});

Deno.test("several readings said alone together are each read, in any order; beside a role none is", () => {
  // One phrase of each kind, and what typeAlone reads it to.
  const KINDS: [string, (read: ReturnType<typeof typeAlone>) => unknown, unknown][] = [
    ["entry level", (read) => read?.seniority?.levels, ["junior", "intern"]],
    ["senior", (read) => read?.seniority?.levels, ["senior"]],
    ["hybrid", (read) => read?.workMode?.mode, "hybrid"],
    ["on-site", (read) => read?.workMode?.mode, "onsite"],
    ["part-time", (read) => read?.employment?.type, "parttime"],
    ["contract", (read) => read?.employment?.type, "contract"],
    ["evening", (read) => read?.shift?.words[0], "evening"],
    ["weekend", (read) => read?.shift?.words[0], "weekend"],
  ];
  const kindOf = (k: number) => Math.floor(k / 2);
  fc.assert(
    fc.property(
      fc.uniqueArray(fc.integer({ min: 0, max: KINDS.length - 1 }), {
        minLength: 2,
        maxLength: 4,
        selector: kindOf,
      }),
      fc.constantFrom("", " jobs", " roles", " work"),
      fc.boolean(),
      casing,
      (picked, job, jobsBetween, cased) => {
        const said = picked.map((k) => KINDS[k][0]).join(jobsBetween ? " jobs " : " ");
        const q = cased(`${said}${job}`);
        const read = typeAlone(analyzeQuery(q));
        for (const k of picked) assert.deepEqual(KINDS[k][1](read), KINDS[k][2], q);
        assert.deepEqual(read?.termVariants, [[]], q);
        // Beside a role they are the role's words or its type: no reading alone.
        assert.equal(typeAlone(analyzeQuery(`${said} nurse`)), null, `${said} nurse`);
      },
    ),
    { numRuns: 300, seed: 3201 },
  );
  // A kind said twice is not two readings: "senior entry level" names no one level.
  assert.equal(typeAlone(analyzeQuery("senior entry level jobs")), null);
});

Deno.test("'in person' alone is how the work is done; beside the work it is taken off, not searched", () => {
  assert.equal(typeAlone(analyzeQuery("in person jobs"))?.workMode?.mode, "onsite");
  assert.equal(typeAlone(analyzeQuery("in person part time jobs"))?.workMode?.mode, "onsite");
  const beside = analyzeQuery("in person nurse jobs");
  assert.deepEqual(beside.termVariants[0], ["nurs"]);
  assert.equal(typeAlone(beside), null);
  // Inside other words it is theirs.
  assert.ok(analyzeQuery("carer in person-centred care").termVariants[0].includes("person"));
  assert.deepEqual(analyzeQuery("jobs in office administration").termVariants[0], [
    "offic",
    "administr",
  ]);
});

Deno.test("a student said in the ways people say one is an intern's level, alone or after the work with 'for'; never a role's own 'student'", () => {
  const saying = [
    "student jobs",
    "jobs for students",
    "jobs for a student",
    "jobs suitable for a university student",
    "work ideal for college students",
    "jobs that are good for a uni student",
  ];
  fc.assert(
    fc.property(
      fc.constantFrom(...saying),
      casing,
      fc.constantFrom(...ROLES),
      (said, cased, role) => {
        const alone = typeAlone(analyzeQuery(cased(said)));
        assert.deepEqual(alone?.seniority?.levels, ["intern"], said);
        assert.deepEqual(alone?.termVariants, [[]], said);
        // After the work, with "for": the work is searched, the level decides the tiers.
        const q = `${role} jobs ${said.replace(/^(student jobs|jobs that are|jobs|work)\s*/, "")}`;
        if (!/\bfor\b/.test(q)) return;
        const beside = analyzeQuery(cased(q));
        assert.deepEqual(beside.seniorityBeside?.levels, ["intern"], q);
        // Embedded with the work, as a level's own word is ("junior nurse"), and searched by the
        // keyword side without it.
        assert.match(beside.embeddingText, /student/, q);
        assert.deepEqual(beside.termVariants[0], analyzeQuery(role).termVariants[0], q);
      },
    ),
    { numRuns: 200, seed: 4301 },
  );
  for (const role of ["student nurse", "phd student", "working student", "student advisor"]) {
    const read = analyzeQuery(role);
    assert.equal(read.seniorityBeside, undefined, role);
    assert.equal(typeAlone(read), null, role);
  }
});

Deno.test("a first job said so, or two ways of saying one level together, is that level alone; 'first' in a role's name is not", () => {
  // Session 48: "first job no experience" searched "first" (what the asking leaves of "first
  // job") as the work and listed "First Engineering Hire".
  for (
    const q of [
      "first job",
      "first job no experience",
      "my first job",
      "graduate jobs no experience",
      "entry level apprenticeships",
    ]
  ) {
    const alone = typeAlone(analyzeQuery(q));
    assert.ok(alone?.seniority?.levels.includes("junior"), q);
    assert.deepEqual(alone?.termVariants, [[]], q);
  }
  assert.equal(typeAlone(analyzeQuery("senior graduate jobs"))?.seniority, undefined);
  for (const role of ["first aid trainer", "first officer", "first line manager"]) {
    const read = analyzeQuery(role);
    assert.equal(read.seniorityBeside, undefined, role);
    assert.equal(typeAlone(read), null, role);
  }
});
