/**
 * docs/search.md lists the filters as the filter table declares them (src/domain/filters.ts), so
 * the docs cannot drift from what REST, MCP and the CLI accept. `deno task docs:filters` rewrites
 * the block after a change to the table.
 */
import { strict as assert } from "node:assert";
import { filterTableMarkdown } from "../src/domain/filters.ts";

const DOC = new URL("../docs/search.md", import.meta.url);
const BEGIN = "<!-- filter table: generated from src/domain/filters.ts -->";
const END = "<!-- end of filter table -->";

Deno.test("docs/search.md shows the filter table as declared", async () => {
  const text = await Deno.readTextFile(DOC);
  const start = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  assert.ok(start >= 0 && end > start, `docs/search.md has the markers ${BEGIN} ... ${END}`);
  const block = `${BEGIN}\n\n${filterTableMarkdown()}\n\n${END}`;
  if (Deno.env.get("UPDATE_DOCS") === "1") {
    await Deno.writeTextFile(DOC, text.slice(0, start) + block + text.slice(end + END.length));
    return;
  }
  // `deno fmt` pads the table's cells: compare cell by cell.
  const cells = (markdown: string) =>
    markdown.split("\n").map((line) => line.replace(/\s*\|\s*/g, "|").replace(/-{3,}/g, "---"));
  assert.deepEqual(
    cells(text.slice(start, end + END.length)),
    cells(block),
    "docs/search.md's filter table is out of date: run `deno task docs:filters`",
  );
});
