/**
 * Reads one CV in a process of its own (src/web/cv_reader.ts starts it): the file's bytes on stdin,
 * its name as the argument, one JSON line on stdout, `{"ok": CvText}` or `{"error": message,
 * "unreadable": true}` for a {@linkcode CvFileError}. A file made to unpack to gigabytes, or to take
 * minutes, costs this process, which is killed, and the memory goes back to the system at once.
 *
 * @module
 */
import { CvFileError, cvTextFromBytes } from "./cv_text.ts";

const name = Deno.args[0] ?? "";
const bytes = new Uint8Array(await new Response(Deno.stdin.readable).arrayBuffer());
let answer: unknown;
try {
  answer = { ok: await cvTextFromBytes(name, bytes) };
} catch (error) {
  answer = {
    error: error instanceof Error ? error.message : String(error),
    unreadable: error instanceof CvFileError,
  };
}
await Deno.stdout.write(new TextEncoder().encode(JSON.stringify(answer) + "\n"));
