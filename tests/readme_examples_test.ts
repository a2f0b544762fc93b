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

/** The bundled postings' index, built once for both tests (closed by the last). */
let bundled: ReturnType<typeof createTestSearch> | undefined;
function bundledSearch(): ReturnType<typeof createTestSearch> {
  bundled ??= (async () => createTestSearch({ jobs: await defaultTestJobs(1800) }))();
  return bundled;
}

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
  const search = await bundledSearch();
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
  } catch (error) {
    await search.close();
    throw error;
  }
});

/**
 * An example of `jobseek search --help` as the parameters it sends: the query's words up to the
 * first flag, each flag with a value as its REST name; other commands of a pipe and a `#` comment
 * are the shell's.
 */
function searchExampleParams(example: string): Record<string, string> {
  const command = example.split(/\s\|\s/).find((part) => part.includes("jobseek search "))!
    .replace(/\s#\s.*$/, "").replace(/^.*?jobseek search /, "");
  const words = command.match(/"[^"]*"|\S+/g)!.map((w) => w.replace(/^"|"$/g, ""));
  const firstFlag = words.findIndex((w) => w.startsWith("--"));
  const params: Record<string, string> = {
    q: words.slice(0, firstFlag === -1 ? undefined : firstFlag).join(" "),
  };
  const valueFlags = new Set(["--country", "--since", "--top-k", "--sort", "--added-since"]);
  for (let i = Math.max(firstFlag, 0); i < words.length; i++) {
    if (valueFlags.has(words[i])) params[words[i].slice(2).replace("-", "_")] = words[++i];
  }
  return params;
}

Deno.test("every `jobseek search --help` example finds postings on the bundled postings", async () => {
  const search = await bundledSearch();
  try {
    const examples = HELP_FOOTERS.search.examples.filter((e) => e.includes("jobseek search "));
    assert.ok(examples.length >= 4, "the search command shows its examples");
    for (const example of examples) {
      const params = searchExampleParams(example);
      const outcome = await search.service.search(parseSearchQuery(params));
      assert.ok(
        outcome.results.length > 0,
        `${example} -> ${JSON.stringify(params)}: ${outcome.hint}`,
      );
    }
  } finally {
    await search.close();
  }
});
