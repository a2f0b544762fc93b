/**
 * The page's CV upload, read away from the server: pdf.js inflates a PDF's content streams whole (a
 * 6 MiB file can unpack to gigabytes) and a file may be made to take minutes, so each CV is read in
 * a child process of its own (src/ingest/cv_child.ts) that is killed when it takes too long or its
 * own resident memory grows past a cap, and only a few are read at once.
 *
 * A process, not a worker: a terminated worker's isolate went on inflating and its memory came back
 * late, so after one bomb the server's resident memory climbed by gigabytes and the next benign CVs
 * were refused; a killed process gives all of its memory back at once, and its memory is measured
 * alone, so nothing else the server allocates counts against a CV (docs/web.md has the numbers).
 *
 * @module
 */
import { denoRunArgs } from "../deno_child.ts";
import { CvFileError, type CvText } from "../ingest/cv_text.ts";

export interface CvReaderOptions {
  /** A read that takes longer is ended (ms). */
  timeoutMs?: number;
  /** A read whose process holds more resident memory is ended (bytes). */
  memoryBytes?: number;
  /** CVs read at once; more are refused (the page says to try again). */
  concurrent?: number;
}

/** Another CV is being read by each of the allowed readers. */
export class CvReadersBusy extends Error {}

const CHILD_URL = new URL("../ingest/cv_child.ts", import.meta.url);
/** How often the child's memory is looked at while it reads (ms). */
const MEMORY_POLL_MS = 20;

/**
 * `deno run` for the child, with no permission at all: reading a CV needs none (the bytes come on
 * stdin), and a prompt would hang it. From a checkout it takes the checkout's config, and its
 * `node_modules` as they are when there is one (as `deno task serve` does).
 */
function childArgs(name: string): string[] {
  return denoRunArgs(CHILD_URL, ["--quiet", "--no-prompt"], [name]);
}

/** The resident memory of process `pid` (bytes); null where it cannot be read (not Linux, gone). */
function residentBytes(pid: number): number | null {
  try {
    const status = Deno.readTextFileSync(`/proc/${pid}/status`);
    const kib = status.match(/^VmRSS:\s+(\d+)\s+kB/m);
    return kib ? Number(kib[1]) * 1024 : null;
  } catch {
    return null;
  }
}

export class CvReader {
  readonly #timeoutMs: number;
  readonly #memoryBytes: number;
  readonly #concurrent: number;
  #reading = 0;

  constructor(options: CvReaderOptions = {}) {
    this.#timeoutMs = options.timeoutMs ?? 20_000;
    this.#memoryBytes = options.memoryBytes ?? 512 * 1024 * 1024;
    this.#concurrent = options.concurrent ?? 2;
  }

  /** The text of the CV `name`; throws {@linkcode CvFileError} or {@linkcode CvReadersBusy}. */
  async read(name: string, bytes: Uint8Array): Promise<CvText> {
    if (this.#reading >= this.#concurrent) throw new CvReadersBusy();
    this.#reading++;
    try {
      return await this.#inChild(name, bytes);
    } finally {
      this.#reading--;
    }
  }

  async #inChild(name: string, bytes: Uint8Array): Promise<CvText> {
    const child = new Deno.Command(Deno.execPath(), {
      args: childArgs(name),
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    let killedFor: CvFileError | null = null;
    const kill = (why: CvFileError) => {
      if (killedFor) return;
      killedFor = why;
      try {
        child.kill("SIGKILL");
      } catch {
        // It ended on its own meanwhile.
      }
    };
    const timer = setTimeout(
      () => kill(new CvFileError(name, "it takes too long to read; save it as a .txt file")),
      this.#timeoutMs,
    );
    const watch = setInterval(() => {
      const resident = residentBytes(child.pid);
      if (resident !== null && resident > this.#memoryBytes) {
        kill(
          new CvFileError(name, "it unpacks to far more than a CV holds; save it as a .txt file"),
        );
      }
    }, MEMORY_POLL_MS);
    const feeding = (async () => {
      const writer = child.stdin.getWriter();
      try {
        await writer.write(bytes);
        await writer.close();
      } catch {
        // Killed before it read the whole file: the outcome is the kill's.
      }
    })();
    try {
      const [out, err, status] = await Promise.all([
        new Response(child.stdout).text(),
        new Response(child.stderr).text(),
        child.status,
        feeding,
      ]);
      if (killedFor) throw killedFor;
      const line = out.split("\n", 1)[0];
      let answer: { ok?: CvText; error?: string; unreadable?: boolean };
      try {
        answer = JSON.parse(line);
      } catch {
        const why = err.trim().split("\n").at(-1)?.slice(0, 500) || `exit code ${status.code}`;
        throw new Error(`the CV reader failed: ${why}`);
      }
      if (answer.ok) return answer.ok;
      // The child's CvFileError message already names the file; other errors are the server's.
      if (!answer.unreadable) throw new Error(`the CV reader failed: ${answer.error}`);
      const error = new CvFileError(name, "");
      error.message = answer.error ?? error.message;
      throw error;
    } finally {
      clearTimeout(timer);
      clearInterval(watch);
    }
  }
}
