/**
 * Progress of long work (import, index build) on stderr: a bar redrawn in place on a terminal,
 * plain lines every 10% otherwise (CI logs, pipes), so stdout stays free for results.
 *
 * @module
 */
import type { CliOutput } from "./io.ts";

export interface ProgressReporterOptions {
  /** Shown before the bar, e.g. "import". */
  label?: string;
  /** The run's stderr (cli/io.ts): where the text goes, and whether and how wide a terminal. */
  stderr?: CliOutput;
  /** Receives the text to print; defaults to `stderr`'s. */
  write?: (text: string) => void;
  /** Redraw in place; defaults to whether `stderr` is a terminal. */
  tty?: boolean;
  /** Width of the terminal, for fitting the line; defaults to `stderr`'s or 80. */
  columns?: number;
  /** Least time between two redraws on a terminal; default 100 ms. */
  redrawMs?: number;
}

export interface ProgressReporter {
  /** Reports `done` of `total` units; `detail` (e.g. the current file) is shown after the count. */
  update(done: number, total: number, detail?: string): void;
  /** Ends the progress display, with a closing message when given. */
  finish(message?: string): void;
}

function formatCount(n: number): string {
  return n.toLocaleString("en-US");
}

/**
 * Creates a progress reporter.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const lines: string[] = [];
 * const progress = createProgressReporter({ label: "import", tty: false, write: (t) => lines.push(t) });
 * for (let i = 1; i <= 100; i++) progress.update(i, 100);
 * progress.finish("done");
 * assert.equal(lines.length, 11);
 * assert.equal(lines[0], "import: 10% (10/100)\n");
 * ```
 */
export function createProgressReporter(options: ProgressReporterOptions = {}): ProgressReporter {
  const label = options.label ?? "progress";
  const write = options.write ?? ((text: string) => options.stderr?.writeSync(text));
  const tty = options.tty ?? options.stderr?.isTerminal() ?? false;
  const redrawMs = options.redrawMs ?? 100;
  let lastStep = 0;
  let lastDraw = 0;
  let drawn = false;
  let pending: string | undefined;

  const line = (done: number, total: number, detail?: string) => {
    const ratio = total > 0 ? Math.min(1, done / total) : 1;
    const percent = Math.floor(ratio * 100);
    const columns = options.columns ?? options.stderr?.columns() ?? 80;
    const width = 24;
    const filled = Math.round(ratio * width);
    const bar = "#".repeat(filled) + "-".repeat(width - filled);
    let text = `${label} [${bar}] ${String(percent).padStart(3)}% ${formatCount(done)}/${
      formatCount(total)
    }`;
    if (detail) text += ` ${detail}`;
    return text.length > columns - 1 ? text.slice(0, columns - 2) + "…" : text;
  };

  return {
    update(done, total, detail) {
      if (tty) {
        pending = line(done, total, detail);
        const now = Date.now();
        if (now - lastDraw < redrawMs && done < total) return;
        lastDraw = now;
        write(`\r${pending}\x1b[K`);
        pending = undefined;
        drawn = true;
        return;
      }
      const step = total > 0 ? Math.floor((Math.min(done, total) / total) * 10) : 10;
      // One line per 10% crossed; a jump over several steps still prints once.
      if (step > lastStep) {
        lastStep = step;
        const percent = step * 10;
        write(
          `${label}: ${percent}% (${formatCount(done)}/${formatCount(total)})${
            detail ? ` ${detail}` : ""
          }\n`,
        );
      }
    },
    finish(message) {
      if (tty) {
        if (pending !== undefined) write(`\r${pending}\x1b[K`);
        if (drawn || pending !== undefined) write("\n");
        pending = undefined;
        drawn = false;
      }
      if (message) write(`${message}\n`);
    },
  };
}
