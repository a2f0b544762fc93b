/**
 * docs/search.md's filter table, generated from the filter table (src/domain/filters.ts): the block
 * between its markers, as the docs should show it. tests/docs_filters_test.ts compares it with the
 * docs; run as a script (`deno task docs:filters`), this module rewrites the docs' block.
 *
 * @module
 */
import { filterTableMarkdown } from "../src/domain/filters.ts";

export const DOC = new URL("../docs/search.md", import.meta.url);
const BEGIN = "<!-- filter table: generated from src/domain/filters.ts -->";
const END = "<!-- end of filter table -->";

/** Where the block stands in `text`, the block as it is, and the block as declared. */
export function filterBlock(
  text: string,
): { start: number; end: number; shown: string; declared: string } {
  const start = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  if (start < 0 || end < start) {
    throw new Error(`docs/search.md lacks the markers ${BEGIN} ... ${END}`);
  }
  return {
    start,
    end: end + END.length,
    shown: text.slice(start, end + END.length),
    declared: `${BEGIN}\n\n${filterTableMarkdown()}\n\n${END}`,
  };
}

if (import.meta.main) {
  const text = await Deno.readTextFile(DOC);
  const { start, end, declared } = filterBlock(text);
  await Deno.writeTextFile(DOC, text.slice(0, start) + declared + text.slice(end));
}
