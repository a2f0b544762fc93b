/**
 * The page's CV upload, read away from the server's own isolate: pdf.js inflates a PDF's content
 * streams whole (a 6 MiB file can unpack to gigabytes) and a file may be made to take minutes, so
 * each CV is read in a worker that is ended when it takes too long or the process grows too much
 * while it reads, and only a few are read at once.
 *
 * @module
 */
import { CvFileError, type CvText } from "../ingest/cv_text.ts";

export interface CvReaderOptions {
  /** A read that takes longer is ended (ms). */
  timeoutMs?: number;
  /** A read during which the process's resident memory grows by more is ended (bytes). */
  memoryBytes?: number;
  /** CVs read at once; more are refused (the page says to try again). */
  concurrent?: number;
}

/** Another CV is being read by each of the allowed readers. */
export class CvReadersBusy extends Error {}

const WORKER_URL = new URL("../ingest/cv_worker.ts", import.meta.url);
/** How often the memory of the process is looked at while a worker reads (ms). */
const MEMORY_POLL_MS = 20;

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
      return await this.#inWorker(name, bytes);
    } finally {
      this.#reading--;
    }
  }

  #inWorker(name: string, bytes: Uint8Array): Promise<CvText> {
    const worker = new Worker(WORKER_URL, { type: "module" });
    const baseline = Deno.memoryUsage().rss;
    return new Promise<CvText>((resolve, reject) => {
      const timer = setTimeout(
        () => stop(new CvFileError(name, "it takes too long to read; save it as a .txt file")),
        this.#timeoutMs,
      );
      const stop = (outcome: CvText | Error) => {
        clearTimeout(timer);
        clearInterval(watch);
        worker.terminate();
        if (outcome instanceof Error) reject(outcome);
        else resolve(outcome);
      };
      const watch = setInterval(() => {
        if (Deno.memoryUsage().rss - baseline > this.#memoryBytes) {
          stop(
            new CvFileError(name, "it unpacks to far more than a CV holds; save it as a .txt file"),
          );
        }
      }, MEMORY_POLL_MS);
      worker.onmessage = (event: MessageEvent) => {
        const data = event.data as { ok?: CvText; error?: string; unreadable?: boolean };
        if (data.ok) return stop(data.ok);
        // The worker's CvFileError message already names the file; others are the server's.
        const error = data.unreadable ? new CvFileError(name, "") : new Error(data.error);
        if (data.unreadable) error.message = data.error ?? error.message;
        stop(error);
      };
      worker.onerror = (event) => {
        event.preventDefault();
        stop(new Error(`the CV reader failed: ${event.message}`));
      };
      worker.postMessage({ name, bytes });
    });
  }
}
