/**
 * The text of a CV file for `jobseek search --cv FILE`: the file is checked and read here, its
 * format by src/ingest/cv_text.ts (the module the web page's upload uses too). Each failure says
 * which file and what to do, so that the command can exit with it.
 *
 * @module
 */
import { resolvePath } from "./io.ts";
import {
  CV_MAX_BYTES,
  cvExtension,
  CvFileError,
  type CvText,
  cvTextFromBytes,
  messageOf,
} from "../src/ingest/cv_text.ts";

export { CV_EXTENSIONS, CV_MAX_BYTES, CvFileError, type CvText } from "../src/ingest/cv_text.ts";

/**
 * The text of the CV at `path` (`.txt`, `.md`, `.pdf`, `.docx`; a relative path is taken from
 * `cwd` when given, and messages name it as given), at most `PROFILE_MAX_LENGTH` characters. Throws a
 * {@linkcode CvFileError} for a file that cannot be read, of another kind, or with no text in it.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const path = await Deno.makeTempFile({ suffix: ".txt" });
 * await Deno.writeTextFile(path, "Staff nurse\r\n\r\n\r\nLondon\n");
 * assert.deepEqual(await readCvText(path), { text: "Staff nurse\n\nLondon", cut: 0 });
 * await Deno.remove(path);
 * ```
 */
export async function readCvText(path: string, cwd?: string): Promise<CvText> {
  cvExtension(path);
  let bytes: Uint8Array;
  try {
    const at = cwd === undefined ? path : resolvePath(cwd, path);
    const info = await Deno.stat(at);
    if (info.isDirectory) throw new CvFileError(path, "it is a directory");
    if (info.size > CV_MAX_BYTES) {
      throw new CvFileError(path, `it is larger than ${CV_MAX_BYTES / 1024 / 1024} MiB`);
    }
    bytes = await Deno.readFile(at);
  } catch (error) {
    if (error instanceof CvFileError) throw error;
    const reason = error instanceof Deno.errors.NotFound
      ? "no such file"
      : error instanceof Deno.errors.PermissionDenied
      ? "permission denied"
      : messageOf(error);
    throw new CvFileError(path, reason, { cause: error });
  }
  return await cvTextFromBytes(path, bytes);
}
