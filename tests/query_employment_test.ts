/**
 * An employment type in the query ("part time barista", "contract devops engineer"), on the real
 * postings (tests/real_index.ts): read as the type, said so by REST, MCP and the CLI, and not a
 * filter, as 60% of the real postings state no type (docs/search.md, session 22).
 */
import { strict as assert } from "node:assert";
import fc from "fast-check";
import { realIndex } from "./real_index.ts";
import { createTestSearch, defaultTestJobs, testOccupations } from "./helpers.ts";
import { type JobResult, toSearchResponse } from "../src/domain/job.ts";
import { parseSearchQuery } from "../src/domain/search_query.ts";
import { buildSearchPage } from "../src/mcp/tools/search_page.ts";
import { formatResults } from "../cli/commands/search.ts";

const REQUEST_ID = "00000000-0000-4000-8000-000000000000";

Deno.test("an employment type in the query is read and said, and leaves no posting out", async (t) => {
  const { service } = realIndex;
  const listed = async (params: Record<string, unknown>) => {
    const first = await service.search(
      parseSearchQuery({ ...params, sort: "relevance", top_k: 100 }),
    );
    const all: JobResult[] = [...first.results];
    const count = first.total + (first.close_total ?? 0);
    while (all.length < Math.min(count, 300)) {
      const offset = all.length;
      all.push(
        ...(await service.search(
          parseSearchQuery({ ...params, sort: "relevance", top_k: 100, offset }),
        )).results,
      );
    }
    return { ...first, all };
  };

  await t.step(
    "every way of writing it, at either end: read as the type, not a filter",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(
            ["parttime", "part time"],
            ["parttime", "Part-Time"],
            ["parttime", "PART TIME"],
            ["fulltime", "full-time"],
            ["fulltime", "Fulltime"],
            ["contract", "contract"],
            ["temporary", "temp"],
            ["internship", "internship"],
            // Shorthand (session 46): "p/t" is said back spelled out.
            ["parttime", "PT", "pt"],
            ["parttime", "p/t", "part time"],
            ["fulltime", "F/T", "full time"],
          ),
          fc.constantFrom("barista", "devops engineer", "registered nurse", "java developer"),
          fc.boolean(),
          async ([type, said, saidBack], role, first) => {
            const q = first ? `${said} ${role}` : `${role} ${said}`;
            const read = await listed({ q });
            assert.deepEqual(read.query_employment, {
              matched: saidBack ?? said.toLowerCase().replace("-", " "),
              employment_type: type,
            }, q);
            // Not a filter: nothing is applied, and the postings that state no type are listed as
            // they are for the role alone.
            assert.equal(read.applied, undefined, q);
            const alone = await listed({ q: role });
            const untyped = (list: JobResult[]) =>
              list.filter((r) => r.employment_type === undefined).length;
            if (untyped(alone.all) > 0) assert.ok(untyped(read.all) > 0, q);
          },
        ),
        { numRuns: 20, seed: 2212 },
      );
    },
  );

  await t.step("MCP and the CLI say what was read, and how to keep only that type", async () => {
    const q = "part time barista";
    const outcome = await service.search(parseSearchQuery({ q }));
    const response = toSearchResponse(REQUEST_ID, outcome);
    assert.deepEqual(response.query_employment, {
      matched: "part time",
      employment_type: "parttime",
    });
    const page = buildSearchPage(parseSearchQuery({ q }), response, { maxChars: 20_000 });
    assert.ok(
      page.text.includes('Read "part time" as the employment type (parttime), not as the work'),
      page.text,
    );
    assert.ok(page.text.includes('employment_type "parttime" keeps only'), page.text);
    assert.deepEqual(page.structured.query_employment, response.query_employment);
    const table = formatResults(response, 0, 120, "date");
    assert.ok(table.includes('Read "part time" as the employment type (parttime)'), table);
    assert.ok(table.includes("--employment-type parttime keeps only"), table);
    assert.ok(table.includes("are counted as matches more readily"), "newest first: " + table);
    assert.ok(
      formatResults(response, 0, 120, "relevance").includes("rank a little higher than they would"),
      "best first",
    );
    // With the filter given, it is not offered again.
    const filtered = toSearchResponse(
      REQUEST_ID,
      await service.search(parseSearchQuery({ q, employment_type: "parttime" })),
    );
    const filteredPage = buildSearchPage(
      parseSearchQuery({ q, employment_type: "parttime" }),
      filtered,
      { maxChars: 20_000 },
    );
    assert.ok(
      filteredPage.text.includes(
        'Read "part time" as the employment type (parttime), not as the work.',
      ),
    );
    assert.ok(!filteredPage.text.includes("keeps only"));
    // A role of its own is not read as a type.
    const manager = await service.search(parseSearchQuery({ q: "contract manager" }));
    assert.equal(manager.query_employment, undefined);
  });
});

Deno.test("on the bundled postings, a contract query lists the work stated as contract before the same work stated otherwise", async () => {
  // What a person trying `deno task serve` met: "contract devops engineer" listed three Full-time
  // "DevOps Engineer" postings above the Contract "Senior DevOps Engineer" ones, since only a title
  // or text saying "contract" counted (docs/search.md, session 22).
  const search = await createTestSearch({
    jobs: await defaultTestJobs(Infinity),
    occupations: await testOccupations(),
  });
  try {
    for (const q of ["contract devops engineer", "devops engineer contract"]) {
      const outcome = await search.service.search(
        parseSearchQuery({ q, sort: "relevance", top_k: 20 }),
      );
      const types = outcome.results.map((r) => `${r.employment_type}: ${r.job_title}`);
      assert.equal(outcome.results[0].employment_type, "Contract", `${q}: ${types}`);
      // The postings of one title, whose texts differ little here: stated Contract first.
      const senior = outcome.results.filter((r) => r.job_title === "Senior DevOps Engineer")
        .map((r) => r.employment_type);
      assert.ok(senior.includes("Contract") && senior.includes("Full-time"), `${q}: ${senior}`);
      assert.ok(senior.lastIndexOf("Contract") < senior.indexOf("Full-time"), `${q}: ${senior}`);
      // Not a filter: the Full-time postings are listed.
      assert.ok(outcome.results.some((r) => r.employment_type === "Full-time"), q);
    }
  } finally {
    await search.close();
  }
});

Deno.test("a type beside the work does not make the work look unmatched: its postings, not the occupations near a word", async () => {
  // Few postings state a type (42 of the real ones say temporary): counted among the work's words,
  // "temp" left every administrative assistant short of a full match, and the search went by the
  // occupations near "assistant": 66 healthcare assistants were strong matches (session 45).
  const { service } = realIndex;
  const strongOf = async (q: string) =>
    (await service.search(parseSearchQuery({ q, sort: "relevance", top_k: 100 }))).results
      .filter((r) => r.match === "strong").map((r) => r.job_title);
  const untyped = await strongOf("admin assistant");
  assert.ok(untyped.includes("General Administrative Assistant"), `${untyped}`);
  for (const q of ["admin assistant temp", "temp admin assistant", "admin assistant p/t"]) {
    const strong = await strongOf(q);
    assert.ok(strong.includes("General Administrative Assistant"), `${q}: ${strong}`);
    assert.deepEqual(strong.filter((title) => /care|health|nurs/i.test(title)), [], q);
  }
});
