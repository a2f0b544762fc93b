/**
 * Reading a secret from stdin, so that a key never has to be an argument: arguments end up in
 * shell history, in process lists, and in the `Task jobseek deno run ...` line `deno task` prints.
 *
 * @module
 */
import type { CliInput } from "./io.ts";

/** Reads stdin up to its first line break (or its end) without waiting for more. */
export async function readFirstLine(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  try {
    while (true) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
      const newline = text.indexOf("\n");
      if (newline >= 0) {
        text = text.slice(0, newline);
        break;
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return text.replace(/\r$/, "");
}

/** The API key piped to stdin (`--api-key-stdin`); an empty line is an error, not "no key". */
export async function readApiKeyFromStdin(stdin: CliInput): Promise<string> {
  const key = (await readFirstLine(stdin.readable)).trim();
  if (key === "") {
    throw new Error(
      "--api-key-stdin was given but stdin's first line is empty: pipe the key in, e.g. " +
        "`printf '%s\\n' \"$KEY\" | jobseek search ... --api-key-stdin`",
    );
  }
  return key;
}
