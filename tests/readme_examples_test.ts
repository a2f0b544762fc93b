/**
 * The README's search examples and `jobseek --help`'s find postings on the bundled postings (what a
 * fresh clone serves): each example is quoted from the file it is shown in, so an edit that breaks
 * one fails here. Before, the Berlin example and the remote + salary + Toronto one found nothing.
 */
import { strict as assert } from "node:assert";
import { parseSearchQuery } from "../src/domain/search_query.ts";
import { HELP_FOOTERS } from "../cli/help.ts";
import { createTestSearch, defaultTestJobs } from "./helpers.ts";

const README = await Deno.readTextFile(new URL("../README.md", import.meta.url));

/** The README's search examples, as shown there, and the parameters they send. */
const README_EXAMPLES: [string, Record<string, string>][] = [
  [
    "v1/search?q=registered%20nurse&country=US&top_k=3",
    { q: "registered nurse", country: "US", top_k: "3" },
  ],
  [
    `{"q": "software engineer", "city": "Berlin", "detail": "full"}`,
    { q: "software engineer", city: "Berlin", detail: "full" },
  ],
  [
    "v1/search?q=developer&remote=remote,hybrid&salary_min=60000&facets=remote,seniority",
    { q: "developer", remote: "remote,hybrid", salary_min: "60000", facets: "remote,seniority" },
  ],
];

Deno.test("the README's and --help's search examples find postings on the bundled postings", async () => {
  const search = await createTestSearch({ jobs: await defaultTestJobs(1800) });
  try {
    for (const [shown, params] of README_EXAMPLES) {
      assert.ok(README.includes(shown), `README.md shows ${shown}`);
      const outcome = await search.service.search(parseSearchQuery(params));
      assert.ok(outcome.total > 0, `${shown}: ${outcome.hint ?? "no results"}`);
    }
    const help = HELP_FOOTERS[""].examples.find((e) => e.startsWith("jobseek search"));
    assert.equal(help, 'jobseek search "software engineer" --city Berlin');
    const outcome = await search.service.search(
      parseSearchQuery({ q: "software engineer", city: "Berlin" }),
    );
    assert.ok(outcome.total > 0, outcome.hint);
  } finally {
    await search.close();
  }
});
