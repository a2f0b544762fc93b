/**
 * Work named as alternatives, on the real postings (zoo 9, session 44): "nurse or midwife" was
 * searched as one text and listed 3 postings where "nurse" alone lists over a hundred; "part time
 * or full time nurse" searched "or full time nurse" (docs/search.md, "Work named as alternatives
 * (session 44)").
 *
 * @module
 */
import { strict as assert } from "node:assert";
import fc from "fast-check";
import { realIndex } from "./real_index.ts";
import { parseSearchQuery } from "../src/domain/search_query.ts";
import { analyzeQuery } from "../src/index/analyze_query.ts";
import { SearchResponseSchema, toSearchResponse } from "../src/domain/job.ts";
import { buildSearchPage } from "../src/mcp/tools/search_page.ts";

async function search(q: string, params: Record<string, string> = {}) {
  return await realIndex.service.search(
    parseSearchQuery({ q, sort: "relevance", top_k: "100", ...params }),
  );
}

const strongUrls = (results: { job_url: string; match?: string }[]) =>
  results.filter((r) => r.match === "strong").map((r) => r.job_url).sort();

/** Occupations of one or two words, some with many postings, some with few or none by name. */
const WORK = [
  "nurse",
  "midwife",
  "chef",
  "cook",
  "driver",
  "courier",
  "cashier",
  "cleaner",
  "porter",
  "electrician",
  "plumber",
  "teacher",
  "barista",
  "waiter",
  "bartender",
  "receptionist",
  "accountant",
  "carpenter",
  "mechanic",
  "welder",
  "pharmacist",
  "paralegal",
  "tutor",
  "security guard",
  "care assistant",
  "data scientist",
  // Near each other, where one alternative scores a posting higher under a higher bar (reviewer
  // R44: "staff nurse or nurse practitioner" listed 31 of the 83 strong).
  "staff nurse",
  "nurse practitioner",
  "registered nurse",
  "delivery driver",
  "van driver",
  "support worker",
  "sales manager",
];

Deno.test("'A or B' lists what A lists and what B lists, each scored as asked alone", async () => {
  let compared = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...WORK),
      fc.constantFrom(...WORK),
      // A type said once is each alternative's: "A or B part time" is "A part time" or "B part
      // time" (reviewer R44: the type's words were searched with neither).
      fc.constantFrom("", " part time", " full time"),
      async (a, b, type) => {
        fc.pre(a !== b);
        const [alone, other, either] = await Promise.all([
          search(a + type),
          search(b + type),
          search(`${a} or ${b}${type}`),
        ]);
        // Never fewer strong matches than either alone, never more than both.
        assert.ok(either.total >= Math.max(alone.total, other.total), `${a} or ${b}`);
        assert.ok(either.total <= alone.total + other.total, `${a} or ${b}`);
        // Where every strong set fits a page (strong matches come first), the strong sets are
        // exactly the union, and each strong posting scores its better score of the two.
        const whole = (r: typeof alone) => r.total <= 100;
        if (!whole(alone) || !whole(other) || !whole(either)) return;
        compared++;
        assert.deepEqual(
          strongUrls(either.results),
          [...new Set([...strongUrls(alone.results), ...strongUrls(other.results)])].sort(),
          `${a} or ${b}${type}`,
        );
        const scoreIn = (r: typeof alone) => new Map(r.results.map((x) => [x.job_url, x.score]));
        const [scoreA, scoreB] = [scoreIn(alone), scoreIn(other)];
        for (const hit of either.results.filter((r) => r.match === "strong")) {
          const [inA, inB] = [scoreA.get(hit.job_url), scoreB.get(hit.job_url)];
          const best = Math.max(inA ?? 0, inB ?? 0);
          const label = `${hit.job_title}: ${a} or ${b}${type}`;
          assert.ok(hit.score >= best - 1e-3, label);
          if (inA !== undefined && inB !== undefined) assert.ok(hit.score - best < 1e-3, label);
        }
      },
    ),
    { numRuns: 60, seed: 20261201 },
  );
  assert.ok(compared >= 15, `${compared} pairs compared whole`);
});

Deno.test("'nurse or midwife' lists the nurses and the midwives", async () => {
  const [nurse, either] = await Promise.all([search("nurse"), search("nurse or midwife")]);
  assert.ok(either.total > nurse.total, `${either.total} against ${nurse.total}`);
  const titles = either.results.filter((r) => r.match === "strong").map((r) => r.job_title);
  assert.ok(titles.some((t) => /\bmidwife\b/i.test(t)), titles.join("; "));
  assert.ok(titles.some((t) => /\bnurse\b/i.test(t)), titles.join("; "));
  // "either" and the articles name nothing more.
  assert.deepEqual(
    (await search("either a nurse or a midwife")).results.map((r) => r.job_url),
    either.results.map((r) => r.job_url),
  );
  // Where the place holds neither, the count without the place is the alternatives' together.
  const birmingham = await search("nurse or midwife in birmingham");
  assert.equal(birmingham.total, 0);
  assert.match(birmingham.hint ?? "", new RegExp(`finds ${either.total}\\)`));
});

Deno.test("two employment types or times of the day either way, or 'or anything', ask for neither", async () => {
  const nurse = (await search("nurse")).results.map((r) => r.job_url);
  for (
    const q of [
      "part time or full time nurse",
      "nurse full or part time",
      "nurse days or nights",
      "day or night shift nurse",
      // "Or anything" names no work.
      "nurse or anything",
      "nurse or something similar",
    ]
  ) {
    const either = await search(q);
    assert.equal(either.query_employment, undefined, q);
    assert.deepEqual(either.results.map((r) => r.job_url), nurse, q);
  }
});

Deno.test("words said once are shared as people mean them", async () => {
  // Each as searched in the city the query names: a city with nothing near the words alone is
  // searched around ("kitchen porter in manchester": session 46), which the alternatives, with
  // chefs there, are not; the `city` parameter keeps the city exact.
  const strong = async (q: string) =>
    strongUrls(
      (await search(q, q.endsWith(" in manchester") ? { city: "Manchester" } : {})).results,
    );
  const union = async (...qs: string[]) =>
    [...new Set((await Promise.all(qs.map(strong))).flat())].sort();
  for (
    const [either, ...alone] of [
      ["sales executive or manager", "sales executive", "sales manager"],
      ["head of sales or marketing", "head of sales", "head of marketing"],
      ["band 5 or 6 nurse", "band 5 nurse", "band 6 nurse"],
      ["care worker or support worker", "care worker", "support worker"],
      ["solicitor or legal assistant", "solicitor", "legal assistant"],
      ["health or social care", "health care", "social care"],
      // The work said once before the first time (reviewer W44).
      ["cleaner evenings or weekends", "cleaner evenings", "cleaner weekends"],
      // A list with commas before its "or".
      ["midwife, carer or barista", "midwife", "carer", "barista"],
      [
        "chef, cook or kitchen porter in manchester",
        "chef in manchester",
        "cook in manchester",
        "kitchen porter in manchester",
      ],
    ]
  ) {
    assert.deepEqual(await strong(either), await union(...alone), either);
  }
});

Deno.test("alternatives are read only where each names work", () => {
  const read = (q: string) => analyzeQuery(q).alternatives?.map((a) => a.embeddingText);
  assert.deepEqual(read("nurse or midwife"), ["nurse", "midwife"]);
  // A field before the last one's role takes its role: "sales manager or marketing manager".
  assert.deepEqual(read("sales or marketing manager"), ["sales manager", "marketing manager"]);
  assert.deepEqual(read("front or back end developer"), [
    "front end developer",
    "back end developer",
  ]);
  // The type said once is each alternative's, not the last one's alone.
  const cook = analyzeQuery("cook or chef part time");
  assert.equal(cook.employment?.type, "parttime");
  assert.deepEqual(cook.alternatives?.map((a) => a.embeddingText), ["cook", "chef"]);
  assert.deepEqual(
    cook.alternatives?.map((a) => a.termVariants[0].join(" ")),
    ["cook part time", "chef part time"],
  );
  // No alternatives: one piece of work, or readings alone.
  assert.equal(read("health and safety officer"), undefined);
  assert.equal(read("machine operator"), undefined);
  assert.equal(read("remote or hybrid"), undefined);
  assert.equal(read("part time or full time"), undefined);
  assert.equal(read("nurse or"), undefined);
  // A language after "or" is the language's ("customer service german or french").
  assert.equal(read("customer service german or french"), undefined);
  // Commas list alternatives only before an "or", and only where each names work.
  assert.equal(read("data analyst, remote, at least 40k"), undefined);
  assert.equal(read("customer service, remote or hybrid"), undefined);
  // Two levels either way are both asked for; a lasting post against a type is either type.
  const levels = analyzeQuery("junior or senior developer");
  assert.deepEqual(levels.seniorityBeside?.levels, ["junior", "senior"]);
  assert.equal(levels.embeddingText, "junior or senior developer");
  assert.equal(analyzeQuery("temporary or permanent nurse").employment, undefined);
  assert.equal(analyzeQuery("temporary or permanent nurse").embeddingText, "nurse");
});

Deno.test("the reading says the alternatives back, as each is searched", async () => {
  const found = await search("sales or marketing manager part time");
  assert.deepEqual(found.query_alternatives, {
    matched: "sales or marketing manager",
    each: ["sales manager", "marketing manager"],
  });
  const response = toSearchResponse("00000000-0000-4000-8000-000000000000", found);
  SearchResponseSchema.parse(response);
  const page = buildSearchPage(
    parseSearchQuery({ q: "sales or marketing manager part time" }),
    response,
    {
      maxChars: 20_000,
    },
  );
  assert.match(
    page.text,
    /Read "sales or marketing manager" as either of "sales manager" and "marketing manager": the list holds what each lists searched alone\./,
  );
  // One piece of work: no such reading.
  assert.equal((await search("marketing manager")).query_alternatives, undefined);
});

Deno.test("companies named together: each one's postings", async () => {
  const urls = async (q: string) => (await search(q)).results.map((r) => r.job_url).sort();
  const either = await search("jobs at lidl or tesco");
  assert.equal(either.query_company?.matched, "lidl or tesco");
  assert.deepEqual(
    either.results.map((r) => r.job_url).sort(),
    [...await urls("jobs at lidl"), ...await urls("jobs at tesco")].sort(),
  );
  // The work at either: no company's name is searched as the work.
  const nurse = await search("nurse at bupa or nhs");
  assert.deepEqual(nurse.query_company?.company.sort(), ["Bupa", "NHS", "NHS Professionals"]);
  assert.ok(nurse.total > 0);
});

Deno.test("home working or another way beside the work is how the work is done, either way", async () => {
  for (const q of ["remote or hybrid data analyst", "data analyst remote or hybrid"]) {
    const either = await search(q);
    assert.equal(either.query_place, undefined, q);
    assert.deepEqual(either.query_work_mode, {
      matched: "remote or hybrid",
      work_mode: "remote,hybrid",
      beside_work: true,
    }, q);
    // More than the hybrid ones alone: the remote ones too.
    assert.ok(either.total > (await search("hybrid data analyst")).total, q);
  }
});

Deno.test("a profile's query named as alternatives is scored as each", async () => {
  const profile = "Registered nurse, eight years on acute medical wards and a maternity unit.";
  const profiled = async (q: string) =>
    await realIndex.service.search(
      parseSearchQuery({ profile, q, sort: "relevance", top_k: "100" }),
    );
  const either = await profiled("nurse or midwife");
  const midwife = await profiled("midwife");
  const scoreIn = new Map(either.results.map((r) => [r.job_url, r.score]));
  // The midwives the query "midwife" lists strong are listed, at least as high as there.
  const midwives = midwife.results.filter((r) =>
    r.match === "strong" && /midwife/i.test(r.job_title)
  );
  assert.ok(midwives.length > 0);
  for (const hit of midwives) {
    assert.ok((scoreIn.get(hit.job_url) ?? 0) >= hit.score - 1e-3, hit.job_title);
  }
});
