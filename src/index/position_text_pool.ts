/**
 * The text of a large publish built on worker threads, a slice of postings each: Orama's inserts
 * are most of a publish past 100,000 postings (0.4-0.8 ms a posting on one core, docs/scaling.md),
 * and the slices are independent. The slices' texts come back in the order they were sent.
 *
 * @module
 */
import type { IndexedText } from "./orama_db.ts";
import { concatPositionText } from "./position_text.ts";
import type { PositionText } from "./term_dictionary.ts";

type Reply = { text: PositionText; error?: undefined } | { error: string };

/** Worker threads that build slices' text; `add` waits while every thread is busy. */
export class PositionTextPool {
  readonly #idle: Worker[] = [];
  readonly #workers: Worker[] = [];
  readonly #results: Promise<PositionText>[] = [];
  /** Callers of `add` waiting for a thread. */
  readonly #waiting: { resolve: (worker: Worker) => void; reject: (error: Error) => void }[] = [];
  /** The first slice that failed: nothing more is sent once one has. */
  #failure: Error | null = null;

  constructor(threads: number) {
    if (!Number.isInteger(threads) || threads < 1) {
      throw new RangeError(`Cannot build text: ${threads} worker threads`);
    }
    for (let i = 0; i < threads; i++) {
      const worker = new Worker(new URL("./position_text_worker.ts", import.meta.url).href, {
        type: "module",
      });
      this.#workers.push(worker);
      this.#idle.push(worker);
    }
  }

  /**
   * Sends a slice to the next free thread, once one is free: at most one slice a thread is held
   * at a time, so a publish never holds more descriptions than that. Fails once a slice has.
   */
  async add(texts: IndexedText[]): Promise<void> {
    if (this.#failure) throw this.#failure;
    const worker = this.#idle.pop() ??
      await new Promise<Worker>((resolve, reject) => this.#waiting.push({ resolve, reject }));
    const result = new Promise<PositionText>((resolve, reject) => {
      const fail = (error: Error) => {
        this.#fail(error);
        reject(error);
      };
      worker.onmessage = (event: MessageEvent<Reply>) => {
        const reply = event.data;
        if (reply.error !== undefined) {
          fail(new Error(`Cannot build the text index: ${reply.error}`));
          return;
        }
        resolve(reply.text);
        const next = this.#waiting.shift();
        if (next) next.resolve(worker);
        else this.#idle.push(worker);
      };
      worker.onerror = (event) => {
        event.preventDefault();
        fail(new Error(`Cannot build the text index: a worker thread died (${event.message})`));
      };
    });
    // A failed slice fails `add` from then on and `finish`; until then nobody awaits it.
    result.catch(() => {});
    this.#results.push(result);
    worker.postMessage({ texts });
  }

  #fail(error: Error): void {
    this.#failure ??= error;
    for (const waiter of this.#waiting.splice(0)) waiter.reject(this.#failure);
  }

  /** Every slice's text, joined in the order the slices were added; the threads end. */
  async finish(): Promise<PositionText> {
    try {
      const parts = await Promise.all(this.#results);
      return concatPositionText(parts);
    } finally {
      this.close();
    }
  }

  /** Ends the threads (a failed publish calls it; `finish` does). */
  close(): void {
    for (const worker of this.#workers) worker.terminate();
  }
}
