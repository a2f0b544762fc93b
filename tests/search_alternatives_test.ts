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
];

Deno.test("'A or B' lists what A lists and what B lists, each scored as asked alone", async () => {
  let compared = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...WORK),
      fc.constantFrom(...WORK),
      async (a, b) => {
        fc.pre(a !== b);
        const [alone, other, either] = await Promise.all([
          search(a),
          search(b),
          search(`${a} or ${b}`),
        ]);
        // Never fewer strong matches than either alone, never more than both.
        assert.ok(either.total >= Math.max(alone.total, other.total), `${a} or ${b}`);
        assert.ok(either.total <= alone.total + other.total, `${a} or ${b}`);
        // Where every list is whole (a page holds each), the strong sets are exactly the union,
        // and each posting scores its better score of the two.
        const whole = (r: typeof alone) => r.total + (r.close_total ?? 0) <= 100;
        if (!whole(alone) || !whole(other) || !whole(either)) return;
        compared++;
        assert.deepEqual(
          strongUrls(either.results),
          [...new Set([...strongUrls(alone.results), ...strongUrls(other.results)])].sort(),
          `${a} or ${b}`,
        );
        const scoreIn = (r: typeof alone) => new Map(r.results.map((x) => [x.job_url, x.score]));
        const [scoreA, scoreB] = [scoreIn(alone), scoreIn(other)];
        for (const hit of either.results) {
          const best = Math.max(scoreA.get(hit.job_url) ?? 0, scoreB.get(hit.job_url) ?? 0);
          if (best > 0) {
            assert.ok(Math.abs(hit.score - best) < 1e-3, `${hit.job_title}: ${a} or ${b}`);
          }
        }
      },
    ),
    { numRuns: 40, seed: 20261201 },
  );
  assert.ok(compared >= 10, `${compared} pairs compared whole`);
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

Deno.test("two employment types either way ask for no type", async () => {
  const nurse = (await search("nurse")).results.map((r) => r.job_url);
  for (const q of ["part time or full time nurse", "nurse full or part time"]) {
    const either = await search(q);
    assert.equal(either.query_employment, undefined, q);
    assert.deepEqual(either.results.map((r) => r.job_url), nurse, q);
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
  // The type said once is the whole query's, not the last alternative's.
  const cook = analyzeQuery("cook or chef part time");
  assert.equal(cook.employment?.type, "parttime");
  assert.deepEqual(cook.alternatives?.map((a) => a.embeddingText), ["cook", "chef"]);
  assert.deepEqual(cook.termVariants.filter((t) => t.includes("part")), []);
  // No alternatives: one piece of work, or readings alone.
  assert.equal(read("health and safety officer"), undefined);
  assert.equal(read("machine operator"), undefined);
  assert.equal(read("remote or hybrid"), undefined);
  assert.equal(read("part time or full time"), undefined);
  assert.equal(read("nurse or"), undefined);
});
