/**
 * Work named by what follows words that name none, on the real postings (session 41): "something
 * with animals" listed cleaners, "jobs for someone with a psychology degree" food-service crews and
 * "junior dev" only DevOps engineers, each embedded as typed (src/index/query_phrasing.ts
 * `openWorkNamed`, `subjectOfDegree`; src/index/analyze_query.ts, "dev").
 *
 * @module
 */
import { strict as assert } from "node:assert";
import { realIndex } from "./real_index.ts";
import { parseSearchQuery } from "../src/domain/search_query.ts";

/** The relevance-order list's first 30 postings: their ids and titles. */
async function first(q: string): Promise<{ ids: string[]; titles: string[] }> {
  const found = await realIndex.service.search(
    parseSearchQuery({ q, sort: "relevance", top_k: "30" }),
  );
  return {
    ids: found.results.map((r) => r.job_url),
    titles: found.results.map((r) => r.job_title),
  };
}

Deno.test("work left open and then named is searched as the work", async () => {
  for (
    const [said, work] of [
      ["something with animals", "work with animals"],
      ["i want something in marketing", "marketing"],
      ["looking for anything to do with cars", "work with cars"],
    ]
  ) {
    const [asSaid, asWork] = [await first(said), await first(work)];
    assert.ok(asWork.ids.length > 0, work);
    assert.deepEqual(asSaid.ids, asWork.ids, said);
  }
  assert.match((await first("something with animals")).titles[0], /veterinar|animal/i);
});

Deno.test("a degree said for its subject is searched as the subject", async () => {
  for (
    const [said, subject] of [
      ["jobs for someone with a psychology degree", "psychology"],
      ["what can i do with a biology degree", "biology"],
      ["masters in data science jobs", "data science"],
      ["computer science degree jobs", "computer science"],
      // What follows the degree stays for the other readings; what a person studied is a subject
      // too (session 41: neither had been read).
      ["jobs for someone with a marketing degree no experience", "marketing no experience"],
      ["psychology degree jobs part time", "psychology jobs part time"],
      ["i studied history what jobs are there", "history"],
    ]
  ) {
    const [asSaid, asSubject] = [await first(said), await first(subject)];
    assert.ok(asSubject.ids.length > 0, subject);
    assert.deepEqual(asSaid.ids, asSubject.ids, said);
  }
  const psychology = (await first("jobs for someone with a psychology degree")).titles;
  assert.match(psychology[0], /mental|behavio|psych|therap/i, psychology.join(", "));
});

Deno.test("'dev' is a developer, 'dev ops' is not", async () => {
  const junior = (await first("junior dev")).titles;
  assert.ok(junior.length >= 10);
  assert.ok(
    junior.slice(0, 10).every((title) => /develop|engineer|programm/i.test(title)),
    junior.join(", "),
  );
  assert.ok(!junior.slice(0, 10).some((title) => /dev\W?ops/i.test(title)), junior.join(", "));
  const python = (await first("python dev jobs")).titles;
  assert.ok(python.slice(0, 5).every((title) => /python/i.test(title)), python.join(", "));
  const ops = (await first("dev ops engineer")).titles;
  assert.ok(ops.slice(0, 5).every((title) => /dev\W?ops/i.test(title)), ops.join(", "));
});
