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

/** Pages of a PDF read at most: a CV has a few; a file of thousands is made to be slow to read. */
export const PDF_MAX_PAGES = 50;
/**
 * Characters of a PDF's text read at most: the profile keeps {@linkcode PROFILE_MAX_LENGTH}, and a
 * page's content stream may unpack to gigabytes of text from a small file, so reading stops here.
 */
export const PDF_MAX_CHARACTERS = 4 * PROFILE_MAX_LENGTH;

interface PdfTextItem {
  str?: string;
  hasEOL?: boolean;
}

async function pdfText(path: string, bytes: Uint8Array): Promise<string> {
  const { getDocumentProxy } = await import("unpdf");
  let pdf;
  try {
    // pdf.js prints its warnings ("Indexing all PDF objects") to the console: errors only.
    pdf = await getDocumentProxy(bytes, { verbosity: 0 });
  } catch (error) {
    throw new CvFileError(path, `it is not a PDF that can be read (${messageOf(error)})`, {
      cause: error,
    });
  }
  try {
    // Page by page, each page's text as a stream (pdf.js inflates its content as it goes), so
    // reading stops at the limit instead of after every page of a file made to be huge.
    const pages: string[] = [];
    let read = 0;
    for (let number = 1; number <= Math.min(pdf.numPages, PDF_MAX_PAGES); number++) {
      const page = await pdf.getPage(number);
      let text = "";
      const reader = page.streamTextContent().getReader();
      while (read + text.length < PDF_MAX_CHARACTERS) {
        const { done, value } = await reader.read();
        if (done) break;
        for (const item of (value as { items: PdfTextItem[] }).items) {
          if (item.str != null) text += item.str + (item.hasEOL ? "\n" : "");
        }
      }
      // Not cancelled: pdf.js then enqueues into a closed stream and throws where nobody catches;
      // destroying the document below ends its reading instead.
      reader.releaseLock();
      pages.push(text);
      read += text.length;
      if (read >= PDF_MAX_CHARACTERS) break;
    }
    // As unpdf's `extractText({ mergePages: true })`: spaces collapsed, lines kept.
    return pages.join("\n").replace(/[^\S\n]+/g, " ").replace(/ ?\n ?/g, "\n")
      .replace(/\n{3,}/g, "\n\n");
  } catch (error) {
    throw new CvFileError(path, `it is not a PDF that can be read (${messageOf(error)})`, {
      cause: error,
    });
  } finally {
    await pdf.loadingTask.destroy().catch(() => {});
  }
}

/**
 * The most a .docx may unpack to, over every part mammoth reads (the document, styles, numbering,
 * notes, relationships): a long CV's parts are a few MiB; a zip bomb's are gigabytes from a small
 * upload, which the XML parser would take whole into memory.
 */
export const DOCX_UNPACKED_MAX_BYTES = 16 * 1024 * 1024;
/** Parts a .docx may list: Word writes a few dozen; more is a file made to be slow to open. */
const DOCX_MAX_ENTRIES = 2_000;

class DocxTooLarge extends Error {}

interface ZipStream {
  on(event: "data", listener: (chunk: Uint8Array) => void): ZipStream;
  on(event: "error", listener: (error: unknown) => void): ZipStream;
  on(event: "end", listener: () => void): ZipStream;
  pause(): ZipStream;
  resume(): ZipStream;
}

/**
 * The .docx as mammoth's zip file (`{ file }` input): parts are inflated as streams and counted
 * against {@linkcode DOCX_UNPACKED_MAX_BYTES} as they arrive (the sizes a zip declares may lie),
 * so a bomb stops at the limit, not at the end of memory.
 */
async function boundedDocx(bytes: Uint8Array) {
  // Loaded for a .docx, as mammoth and unpdf are: the server imports this module for its limits
  // and errors, and loading JSZip cost every server start about 0.07 CPU-seconds (docs/testing.md,
  // "Fourteenth pass") for the CV reading child to use.
  const { default: JSZip } = await import("jszip");
  const zip = await JSZip.loadAsync(bytes);
  if (Object.keys(zip.files).length > DOCX_MAX_ENTRIES) {
    throw new DocxTooLarge(`it lists more than ${DOCX_MAX_ENTRIES} parts`);
  }
  let budget = DOCX_UNPACKED_MAX_BYTES;
  const inflate = (name: string) =>
    new Promise<Uint8Array>((resolve, reject) => {
      const entry = zip.file(name);
      if (!entry) return reject(new Error(`no part ${name} in the file`));
      const chunks: Uint8Array[] = [];
      // JSZip's chunked inflater (what `async()` uses inside), untyped in its declarations.
      const stream = (entry as unknown as { internalStream(type: "uint8array"): ZipStream })
        .internalStream("uint8array");
      stream.on("data", (chunk: Uint8Array) => {
        budget -= chunk.byteLength;
        if (budget < 0) {
          stream.pause();
          chunks.length = 0;
          return reject(
            new DocxTooLarge(
              `it unpacks to more than ${DOCX_UNPACKED_MAX_BYTES / 1024 / 1024} MiB of text`,
            ),
          );
        }
        chunks.push(chunk);
      }).on("error", reject).on("end", () => {
        const whole = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
        let at = 0;
        for (const chunk of chunks) whole.set(chunk, at), at += chunk.byteLength;
        resolve(whole);
      }).resume();
    });
  return {
    exists: (name: string) => zip.file(name) !== null,
    read: async (name: string, encoding?: string) => {
      const bytes = await inflate(name);
      if (encoding === "base64") return Buffer.from(bytes).toString("base64");
      return encoding ? new TextDecoder(encoding).decode(bytes) : bytes;
    },
  };
}

async function docxText(path: string, bytes: Uint8Array): Promise<string> {
  const mammoth = await loadMammoth();
  try {
    const file = await boundedDocx(bytes);
    // mammoth's typings name only path and buffer; `file` is its documented zip-file input.
    return (await mammoth.extractRawText({ file } as unknown as { buffer: Buffer })).value;
  } catch (error) {
    if (error instanceof DocxTooLarge) throw new CvFileError(path, error.message, { cause: error });
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
  /**
   * Characters of the file's text read and left out: a profile holds at most
   * `PROFILE_MAX_LENGTH`. A PDF is read no further than {@linkcode PDF_MAX_CHARACTERS} and
   * {@linkcode PDF_MAX_PAGES}, so for a long one this is a lower bound.
   */
  cut: number;
}

/**
 * The name an uploaded CV is read under. Deno's form parser (2.9.6) cuts a file name with "=" or
 * ";" in it at that character, opening quote kept ("cv=final.txt" arrives as `"cv`, "Jane; CV.txt"
 * as `"Jane`): such a name says nothing of the file's kind, which its first bytes then say (a PDF,
 * a .docx's zip, else UTF-8 text). Any other name is kept as it is.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const text = new TextEncoder().encode("Staff nurse, Leeds");
 * assert.equal(uploadedCvName('"cv', text), "cv.txt");
 * assert.equal(uploadedCvName('"cv', new TextEncoder().encode("%PDF-1.7 ...")), "cv.pdf");
 * assert.equal(uploadedCvName('"cv', new Uint8Array([0x50, 0x4b, 3, 4, 0])), "cv.docx");
 * assert.equal(uploadedCvName('"cv', new Uint8Array([0xff, 0xfe, 0])), '"cv');
 * assert.equal(uploadedCvName("notes", text), "notes");
 * ```
 */
export function uploadedCvName(name: string, bytes: Uint8Array): string {
  if (!name.startsWith('"')) return name;
  const starts = (magic: number[]) => magic.every((byte, k) => bytes[k] === byte);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return "cv.pdf";
  if (starts([0x50, 0x4b, 0x03, 0x04])) return "cv.docx";
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return "cv.txt";
  } catch {
    return name;
  }
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
      `${kind} is not read${hint}; give a ${CV_EXTENSIONS.slice(0, -1).join(", ")} or ${
        CV_EXTENSIONS.at(-1)
      } file`,
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
