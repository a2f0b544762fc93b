/**
 * Posting text is scraped from third-party pages, so it may carry what a terminal or a text-only
 * reader acts on instead of showing: C0/C1 control characters (an `ESC ] 0 ; … BEL` that retitles
 * the window, `ESC [ 2 J` that clears the screen, an OSC 8 link whose target is not the text shown)
 * and bidi controls (U+202E makes `exe.txt` read `txt.exe`). The import cleans every text field
 * once (src/ingest/import_row.ts), and the CLI and MCP clean what they show again with the same
 * functions, because a store may hold postings imported before this rule.
 *
 * An escape sequence introduced by ESC goes whole (its payload, a title or a link target, would be
 * noise left behind); any control character left after that goes alone. The 8-bit C1 forms (U+009B
 * CSI, U+009D OSC) go alone too, not with what follows: in real postings they are mojibake (UTF-8
 * read as Latin-1 turns the bytes of `”` or `ě` into C1 characters), and taking the next
 * characters along would delete real text. Newline and tab stay in descriptions; in one-line fields
 * they become a space.
 *
 * @module
 */

const ESCAPE_SEQUENCE = new RegExp(
  [
    // CSI: ESC [, parameters, intermediates, one final byte.
    "\\x1b\\[[\\x30-\\x3f]*[\\x20-\\x2f]*[\\x40-\\x7e]",
    // OSC, DCS, SOS, PM, APC strings up to BEL or ST. The payload stops at the next ESC, so text
    // full of unterminated openers is scanned once, not once per opener.
    "\\x1b[\\]PX^_][^\\x07\\x1b\\x9c]*(?:\\x07|\\x1b\\\\|\\x9c)",
    // Any other ESC sequence: intermediates and one final byte (ESC c resets the terminal).
    "\\x1b[\\x20-\\x2f]*[\\x30-\\x7e]",
  ].join("|"),
  "g",
);

/** C0 (but newline and tab), DEL, C1, and the bidi embeddings, overrides, isolates and marks. */
// deno-lint-ignore no-control-regex
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Line breaks other than `\n`: CR LF, CR, VT and FF each end a line (NEL is mojibake, a C1). */
const OTHER_LINE_BREAK = /\r\n?|[\v\f]/g;

/**
 * Multi-line text (a description) with no control or bidi character left but newline and tab;
 * other line breaks become newlines. Text without such characters comes back unchanged.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(cleanText("Pay\x1b[2J: good\r\nHours: \u202efew"), "Pay: good\nHours: few");
 * assert.equal(cleanText("\x1b]8;;https://evil.example\x1b\\Apply\x1b]8;;\x1b\\"), "Apply");
 * assert.equal(cleanText("Täglich\tneu\n"), "Täglich\tneu\n");
 * ```
 */
export function cleanText(text: string): string {
  return text.replace(OTHER_LINE_BREAK, "\n").replace(ESCAPE_SEQUENCE, "").replace(CONTROL, "");
}

/**
 * One-line text (a title, a company, a city) with no control or bidi character: as
 * {@link cleanText}, and each line break or tab becomes a space.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(cleanLine("Nurse\x1b]0;pwned\x07\r\n(ICU)\t"), "Nurse (ICU) ");
 * assert.equal(cleanLine("Café 東京"), "Café 東京");
 * ```
 */
export function cleanLine(text: string): string {
  return cleanText(text).replace(/[\n\t]/g, " ");
}

/** The fields whose text may span lines; every other string is one line. */
const MULTILINE_FIELDS = new Set(["job_description"]);

/**
 * Postings and responses are a few levels deep. An imported line can nest far deeper (a JSON line
 * of `[[[...]]]`): below this depth values are left as they are, for the schema to refuse, rather
 * than recursed into until the stack runs out.
 */
const MAX_DEPTH = 8;

function cleanValue(value: unknown, multiLine: boolean, depth: number): unknown {
  if (typeof value === "string") return multiLine ? cleanText(value) : cleanLine(value);
  if (depth >= MAX_DEPTH || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => cleanValue(item, false, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map((
      [key, item],
    ) => [key, cleanValue(item, MULTILINE_FIELDS.has(key), depth + 1)]),
  );
}

/**
 * A copy of a posting, a search result or a whole response in which every string is cleaned:
 * `job_description` by {@link cleanText}, every other string (tags, URLs, hints included) by
 * {@link cleanLine}. Plain JSON data only (objects, arrays, strings, numbers, booleans, null), at
 * most eight levels deep.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(
 *   cleanFields({ job_title: "Dev\u202e", job_tags: ["go\x1b[0m"], job_description: "a\r\nb" }),
 *   { job_title: "Dev", job_tags: ["go"], job_description: "a\nb" },
 * );
 * ```
 */
export function cleanFields<T>(value: T): T {
  return cleanValue(value, false, 0) as T;
}

/**
 * What a terminal may act on in JSON text: DEL, C1 and bidi controls, which JSON.stringify leaves
 * raw, and C0 but the whitespace JSON allows, which valid JSON never holds raw.
 */
const RAW_IN_JSON =
  // deno-lint-ignore no-control-regex
  /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * JSON text safe to print on a terminal and still the same JSON: the characters a terminal may
 * act on written as `\uXXXX` escapes, which mean the same character inside a JSON string (and
 * valid JSON has them nowhere else). An answer that is not JSON at all loses its raw controls.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const json = JSON.stringify({ title: "a\u202eb\x9b2J" });
 * assert.equal(jsonForTerminal(json), '{"title":"a\\u202eb\\u009b2J"}');
 * assert.deepEqual(JSON.parse(jsonForTerminal(json)), JSON.parse(json));
 * ```
 */
export function jsonForTerminal(json: string): string {
  return json.replace(
    RAW_IN_JSON,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
