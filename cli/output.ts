/**
 * Writing to the terminal. The project lints against `console`, and a pipe may accept fewer bytes
 * than asked per write, so these loop until everything is out.
 *
 * @module
 */

const encoder = new TextEncoder();

async function writeAll(writer: { write(p: Uint8Array): Promise<number> }, text: string) {
  let bytes = encoder.encode(text);
  while (bytes.length > 0) {
    const written = await writer.write(bytes);
    bytes = bytes.subarray(written);
  }
}

/** Writes text to stdout as is (add the newline yourself). */
export function writeOut(text: string): Promise<void> {
  return writeAll(Deno.stdout, text);
}

/** Writes text to stderr as is (add the newline yourself). */
export function writeErr(text: string): Promise<void> {
  return writeAll(Deno.stderr, text);
}

/** Columns available for a table: the terminal's width, or 120 when stdout is not a terminal. */
export function outputWidth(): number {
  if (Deno.stdout.isTerminal()) {
    try {
      return Deno.consoleSize().columns;
    } catch {
      // A terminal that reports no size: fall through to the pipe default.
    }
  }
  return 120;
}
