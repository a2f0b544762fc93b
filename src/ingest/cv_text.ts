/**
 * The text of a CV, from its bytes and file name: plain text and Markdown as written, PDF through
 * `unpdf` (pdf.js), Word through `mammoth` (`.docx` only). One module for every reader of CVs:
 * `jobseek search --cv FILE` (cli/cv_text.ts) and the web page's upload (src/web/). Each failure
 * says which file and what to do.
 *
 * @module
 */
import { Buffer } from "node:buffer";
import { extname } from "node:path";
import { PROFILE_MAX_LENGTH } from "../domain/profile.ts";

/** The kinds of CV file read. */
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
export function messageOf(error: unknown): string {
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
 * Throws a {@linkcode CvFileError} unless `name` ends in one of {@linkcode CV_EXTENSIONS}; returns
 * the extension, lower-cased.
 */
export function cvExtension(name: string): string {
  const extension = extname(name).toLowerCase();
  if (!(CV_EXTENSIONS as readonly string[]).includes(extension)) {
    const kind = extension === "" ? "a file without an extension" : `a ${extension} file`;
    const hint = extension === ".doc" ? " (save it as .docx)" : "";
    throw new CvFileError(
      name,
      `${kind} is not read${hint}; give a ${CV_EXTENSIONS.join(", ")} file`,
    );
  }
  return extension;
}

/**
 * The text of the CV whose bytes are `bytes` and whose file is called `name` (its extension picks
 * the format), at most `PROFILE_MAX_LENGTH` characters. Throws a {@linkcode CvFileError} for a file
 * of another kind, one that cannot be read, or one with no text in it.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const bytes = new TextEncoder().encode("Staff nurse\r\n\r\n\r\nLondon\n");
 * assert.deepEqual(await cvTextFromBytes("cv.txt", bytes), { text: "Staff nurse\n\nLondon", cut: 0 });
 * ```
 */
export async function cvTextFromBytes(name: string, bytes: Uint8Array): Promise<CvText> {
  const extension = cvExtension(name);
  if (bytes.byteLength > CV_MAX_BYTES) {
    throw new CvFileError(name, `it is larger than ${CV_MAX_BYTES / 1024 / 1024} MiB`);
  }
  const raw = extension === ".pdf"
    ? await pdfText(name, bytes)
    : extension === ".docx"
    ? await docxText(name, bytes)
    : plainText(name, bytes);
  const text = tidy(raw);
  if (text === "") {
    throw new CvFileError(
      name,
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
