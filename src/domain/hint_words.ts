/**
 * A search response's `hint` as a person reads it. The hint is written for API clients too and
 * names response fields in backticks ("listed apart (`closest`)"), which mean nothing on a page or
 * in a terminal; there the closest matches are simply shown, below the count (the page) or above
 * the notes (the CLI's table).
 *
 * @module
 */

/** `hint` without its field names, the matches said to be listed `where` the reader sees them. */
export function hintForPeople(hint: string, where: "below" | "above"): string {
  return hint.replace(/ \(`[^`]+`\)/g, "").replace(/`([a-z_]+)`/g, "$1")
    .replace(/\blisted apart\b/g, `listed ${where}`);
}
