/**
 * The text of a CV file for `jobseek search --cv FILE`: plain text and Markdown as written, PDF
 * through `unpdf` (pdf.js), Word through `mammoth` (`.docx` only). Each failure says which file and
 * what to do, so that the command can exit with it.
 *
 * @module
 */
import { Buffer } from "node:buffer";
import { extname } from "node:path";
import { resolvePath } from "./io.ts";
import { PROFILE_MAX_LENGTH } from "../src/domain/profile.ts";

/** The kinds of file `--cv` reads. */
export const CV_EXTENSIONS = [".txt", ".md", ".pdf", ".docx"] as const;

/** Larger files are refused before reading: CVs are kilobytes, a scanned one a few megabytes. */
export const CV_MAX_BYTES = 20 * 1024 * 1024;

/** A CV file that cannot be read, and why, in words a person can act on. */
export class CvFileError extends Error {
  constructor(path: string, reason: string, options?: ErrorOptions) {
    super(`Cannot read the CV ${path}: ${reason}`, options);
    this.name = "CvFileError";
  }
}

/**
 * mammoth sets prototypes through `__proto__` when its module loads (lib/promises.js), and Deno
 * removed `Object.prototype.__proto__`: the accessor is put back for that moment only, and taken
 * away again before any input is read.
 */
async function loadMammoth() {
  Object.defineProperty(Object.prototype, "__proto__", {
    get() {
      return Object.getPrototypeOf(this);
    },
    set(value) {
      Object.setPrototypeOf(this, value);
    },
    configurable: true,
  });
  try {
    return (await import("mammoth")).default;
  } finally {
    delete (Object.prototype as { __proto__?: unknown }).__proto__;
  }
}

async function pdfText(path: string, bytes: Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import("unpdf");
  try {
    // pdf.js prints its warnings ("Indexing all PDF objects") to the console: errors only.
    const pdf = await getDocumentProxy(bytes, { verbosity: 0 });
    const { text } = await extractText(pdf, { mergePages: true });
    return text;
  } catch (error) {
    throw new CvFileError(path, `it is not a PDF that can be read (${messageOf(error)})`, {
      cause: error,
    });
  }
}

async function docxText(path: string, bytes: Uint8Array): Promise<string> {
  const mammoth = await loadMammoth();
  try {
    return (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value;
  } catch (error) {
    throw new CvFileError(
      path,
      `it is not a Word (.docx) file that can be read (${messageOf(error)})`,
      {
        cause: error,
      },
    );
  }
}

function plainText(path: string, bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch (error) {
    throw new CvFileError(path, "it is not UTF-8 text; save it as UTF-8", { cause: error });
  }
}

/** The first clause of a library's message ("Can't find end of central directory : is ..."). */
function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split(/\n| : |\. /)[0].replace(/\.$/, "");
}

/** Line ends made `\n`, runs of blank lines one, spaces at line ends dropped. */
function tidy(text: string): string {
  return text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n").replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n").trim();
}

export interface CvText {
  text: string;
  /** Characters of the file's text left out: a profile holds at most `PROFILE_MAX_LENGTH`. */
  cut: number;
}

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
  const extension = extname(path).toLowerCase();
  if (!(CV_EXTENSIONS as readonly string[]).includes(extension)) {
    const kind = extension === "" ? "a file without an extension" : `a ${extension} file`;
    const hint = extension === ".doc" ? " (save it as .docx)" : "";
    throw new CvFileError(
      path,
      `${kind} is not read${hint}; give a ${CV_EXTENSIONS.join(", ")} file`,
    );
  }
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
  const raw = extension === ".pdf"
    ? await pdfText(path, bytes)
    : extension === ".docx"
    ? await docxText(path, bytes)
    : plainText(path, bytes);
  const text = tidy(raw);
  if (text === "") {
    throw new CvFileError(
      path,
      extension === ".pdf"
        ? "it holds no text (a scanned PDF is only images): save it with its text, or paste " +
          "the text into a .txt file"
        : "it is empty",
    );
  }
  return {
    text: text.slice(0, PROFILE_MAX_LENGTH),
    cut: Math.max(0, text.length - PROFILE_MAX_LENGTH),
  };
}
