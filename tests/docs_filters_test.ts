/**
 * docs/search.md lists the filters as the filter table declares them (src/domain/filters.ts), so
 * the docs cannot drift from what REST, MCP and the CLI accept. `deno task docs:filters` rewrites
 * the block after a change to the table (tests/docs_filters.ts); this test only compares.
 */
import { strict as assert } from "node:assert";
import { DOC, filterBlock } from "./docs_filters.ts";

Deno.test("docs/search.md shows the filter table as declared", async () => {
  const { shown, declared } = filterBlock(await Deno.readTextFile(DOC));
  // `deno fmt` pads the table's cells: compare cell by cell.
  const cells = (markdown: string) =>
    markdown.split("\n").map((line) => line.replace(/\s*\|\s*/g, "|").replace(/-{3,}/g, "---"));
  assert.deepEqual(
    cells(shown),
    cells(declared),
    "docs/search.md's filter table is out of date: run `deno task docs:filters`",
  );
});
