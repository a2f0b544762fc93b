/**
 * Plain-text tables that fit a given width: columns shrink (widest for their weight first, never
 * below their minimum) and cells that do not fit end in an ellipsis. Widths are terminal columns
 * (string-width: CJK and most emoji take two, combining marks none), not characters, so columns
 * line up whatever the script.
 *
 * @module
 */
import stringWidth from "string-width";

export interface TableColumn {
  header: string;
  /** The narrowest this column may become when the table has to shrink. */
  minWidth?: number;
  align?: "left" | "right";
  /**
   * How much room this column deserves when the table must shrink (default 1): the column with the
   * largest width per weight gives up a character first, so a weight-2 column ends up about twice
   * as wide as a weight-1 column.
   */
  weight?: number;
  /**
   * Columns with a rank may be left out when even the minimum widths do not fit: the lowest rank
   * goes first. Columns without one always stay.
   */
  dropRank?: number;
  /** Where a cell too long for the column loses text: "end" (default) or "start" (file paths). */
  cut?: "start" | "end";
}

const GAP = "  ";

/** Terminal columns `text` takes. */
export function displayWidth(text: string): number {
  return stringWidth(text);
}

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * Shortens text to at most `width` terminal columns, marking a cut with "…". It cuts between
 * graphemes, so an emoji sequence or an accented letter is kept whole or dropped whole.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(truncate("Senior Rust Engineer", 10), "Senior Ru…");
 * assert.equal(truncate("Nurse", 10), "Nurse");
 * assert.equal(truncate("東京都のエンジニア", 7), "東京都…");
 * assert.equal(truncate("data/jobspy/2024/indeed.csv", 12, "start"), "…/indeed.csv");
 * ```
 */
export function truncate(text: string, width: number, cut: "start" | "end" = "end"): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 0) return "";
  const pieces = Array.from(graphemes.segment(text), ({ segment }) => segment);
  if (cut === "start") pieces.reverse();
  const kept: string[] = [];
  let used = 0;
  for (const piece of pieces) {
    const w = displayWidth(piece);
    if (used + w > width - 1) break;
    kept.push(piece);
    used += w;
  }
  return cut === "start"
    ? "…" + kept.reverse().join("").trimStart()
    : kept.join("").trimEnd() + "…";
}

function pad(text: string, width: number, align: "left" | "right"): string {
  const fill = " ".repeat(Math.max(0, width - displayWidth(text)));
  return align === "right" ? fill + text : text + fill;
}

/**
 * Renders rows under a header line, at most `maxWidth` terminal columns per line (as long as the
 * columns' minimum widths allow it).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const text = renderTable(
 *   [{ header: "title", minWidth: 5 }, { header: "city" }],
 *   [["Backend developer", "Berlin"]],
 *   16,
 * );
 * assert.equal(text, "title     city\nBackend…  Berlin\n");
 * ```
 */
export function renderTable(columns: TableColumn[], rows: string[][], maxWidth: number): string {
  const clean = rows.map((row) =>
    columns.map((_, i) => (row[i] ?? "").replace(/\s+/g, " ").trim())
  );
  const natural = columns.map((column, i) =>
    Math.max(displayWidth(column.header), ...clean.map((row) => displayWidth(row[i])))
  );
  const minimum = columns.map((column, i) => Math.min(natural[i], column.minWidth ?? natural[i]));
  const kept = dropColumns(columns, minimum, maxWidth);
  const widths = kept.map((i) => natural[i]);
  const mins = kept.map((i) => minimum[i]);
  const weights = kept.map((i) => columns[i].weight ?? 1);
  const total = () => widths.reduce((a, b) => a + b, 0) + GAP.length * (kept.length - 1);
  while (total() > maxWidth) {
    let widest = -1;
    for (let k = 0; k < widths.length; k++) {
      if (
        widths[k] > mins[k] &&
        (widest < 0 || widths[k] / weights[k] > widths[widest] / weights[widest])
      ) widest = k;
    }
    if (widest < 0) break;
    widths[widest] -= 1;
  }
  const line = (cells: string[]) =>
    kept.map((i, k) => {
      const align = columns[i].align ?? "left";
      const text = pad(truncate(cells[i], widths[k], columns[i].cut), widths[k], align);
      return k === kept.length - 1 && align !== "right" ? text.trimEnd() : text;
    }).join(GAP);
  return [line(columns.map((c) => c.header)), ...clean.map(line)].join("\n") + "\n";
}

/** Indexes of the columns to show: all, unless their minimum widths alone overflow. */
function dropColumns(columns: TableColumn[], minimum: number[], maxWidth: number): number[] {
  const kept = columns.map((_, i) => i);
  const need = () => kept.reduce((sum, i) => sum + minimum[i], 0) + GAP.length * (kept.length - 1);
  while (need() > maxWidth) {
    let drop = -1;
    for (let k = 0; k < kept.length; k++) {
      const rank = columns[kept[k]].dropRank;
      if (rank !== undefined && (drop < 0 || rank < columns[kept[drop]].dropRank!)) drop = k;
    }
    if (drop < 0) break;
    kept.splice(drop, 1);
  }
  return kept;
}

/**
 * Wraps text at spaces so that no line is longer than `width` (a longer word gets a line of its
 * own), keeping the text's own line breaks.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(wrapText("one two three\nfour", 7), ["one two", "three", "four"]);
 * ```
 */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line === "") line = word;
      else if (displayWidth(line) + 1 + displayWidth(word) <= width) line += ` ${word}`;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}
