/**
 * The slices of a large publish built on worker threads (src/index/posting_slice.ts: the terms of
 * their text, their repost texts and fingerprints): the reading thread's CPU was most of a
 * publish once the text's terms no longer went through Orama's trees (docs/scaling.md, session
 * 19), and the slices are independent. They come back in the order they were sent.
 *
 * @module
 */
import type { Job } from "../domain/job.ts";
import { collectGarbage } from "./collect_garbage.ts";
import type { BuiltSlice } from "./posting_slice.ts";

type Reply = { slice: BuiltSlice; error?: undefined } | { error: string };

/** Worker threads that build slices' text; `add` waits while every thread is busy. */
export class PositionTextPool {
  readonly #idle: Worker[] = [];
  readonly #workers: Worker[] = [];
  readonly #results: Promise<BuiltSlice>[] = [];
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
  async add(jobs: Job[]): Promise<void> {
    if (this.#failure) throw this.#failure;
    const worker = this.#idle.pop() ??
      await new Promise<Worker>((resolve, reject) => this.#waiting.push({ resolve, reject }));
    const result = new Promise<BuiltSlice>((resolve, reject) => {
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
        resolve(reply.slice);
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
    worker.postMessage({ jobs });
  }

  #fail(error: Error): void {
    this.#failure ??= error;
    for (const waiter of this.#waiting.splice(0)) waiter.reject(this.#failure);
  }

  /**
   * Every slice, in the order the slices were added (the publish joins them: `concatPositionText`, `joinedColumn`); the threads
   * end.
   */
  async finish(): Promise<BuiltSlice[]> {
    try {
      // Taken out of the pool: its settled promises held every slice's terms for as long as the
      // pool lived (a publish's whole save), beside the joined copy of them.
      const slices = await Promise.all(this.#results.splice(0));
      // Joining holds every slice and the joined text at once (the peak of a publish at
      // 1,000,000 postings): the threads' heaps and this one's garbage go first.
      this.close();
      collectGarbage();
      return slices;
    } finally {
      this.close();
    }
  }

  /** Ends the threads (a failed publish calls it; `finish` does). */
  close(): void {
    for (const worker of this.#workers) worker.terminate();
  }
}
