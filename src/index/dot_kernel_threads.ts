/**
 * Other threads scoring parts of the kernel's rows while the calling thread scores the rest, so
 * that one search's pass over every row uses the machine's other cores (1,000,000 384-d rows: 29
 * ms on one thread, 17 on two, docs/scaling.md). A search stays synchronous: the caller takes
 * chunks of rows like any helper, then waits (`Atomics.wait`) only for the chunks helpers took.
 *
 * The helpers share the kernel's memory (src/index/dot_kernel.wat declares it shared) and a few
 * control words in it: the round (bumped to start one), the next chunk to take, the chunks done,
 * a stop flag, and the query's scale. A search never depends on a helper: until one has started,
 * while none is running, and for good once one failed or held a chunk longer than
 * {@linkcode HELPER_TIMEOUT_MS}, the caller scores every row itself.
 *
 * A helper left without a round for {@linkcode HELPER_IDLE_MS} ends itself (a live worker keeps a
 * Deno process from exiting, so a process that searched and is done exits soon after even without
 * `close`); the next search starts it again.
 *
 * @module
 */

/** Rows a thread takes at a time: 8,192 384-d rows are 3 MiB, ~0.2 ms of work. */
export const CHUNK_ROWS = 8_192;

/** How long the caller waits for a helper's chunk before it scores everything itself from then on. */
const HELPER_TIMEOUT_MS = 1_000;

/** How long a helper waits for a round before it ends itself. */
export const HELPER_IDLE_MS = 30_000;

/** The control words, as i32 slots, then the query's scale as an f64 at byte 24. */
export const ROUND = 0;
export const NEXT_CHUNK = 1;
export const CHUNKS_DONE = 2;
export const STOP = 3;
/** Chunks the helpers have scored, ever: what a bench or a test reads to see them help. */
export const HELPER_CHUNKS = 4;
export const QUERY_SCALE_BYTE = 24;
/** Bytes of the control words in the kernel's memory (8-byte aligned). */
export const CONTROL_BYTES = 32;

/** The kernel's functions (src/index/dot_kernel.wat). */
export interface KernelExports {
  dot(query: number, row: number, dims: number): number;
  cosines(
    query: number,
    rows: number,
    dims: number,
    from: number,
    to: number,
    scales: number,
    out: number,
    queryScale: number,
  ): void;
}

/** Where everything is in the kernel's memory, in bytes; `dims` and `count` of the rows. */
export interface KernelLayout {
  dims: number;
  count: number;
  query: number;
  scales: number;
  out: number;
  control: number;
}

/** The message a helper is started with. */
export interface HelperStart {
  memory: WebAssembly.Memory;
  layout: KernelLayout;
  idleMs: number;
}

/** What a helper tells the caller: it is scoring, or it ended itself after waiting idle. */
export type HelperNews = "started" | "ended";

/** Helper threads for one kernel memory. */
export class KernelThreads {
  readonly #memory: WebAssembly.Memory;
  readonly #layout: KernelLayout;
  readonly #helpers: number;
  readonly #idleMs: number;
  readonly #control: Int32Array;
  readonly #queryScale: Float64Array;
  readonly #chunks: number;
  readonly #workers = new Set<Worker>();
  #started = 0;
  #closed = false;

  constructor(
    memory: WebAssembly.Memory,
    layout: KernelLayout,
    options: { helpers: number; idleMs?: number },
  ) {
    this.#memory = memory;
    this.#layout = layout;
    this.#helpers = options.helpers;
    this.#idleMs = options.idleMs ?? HELPER_IDLE_MS;
    this.#control = new Int32Array(memory.buffer, layout.control, HELPER_CHUNKS + 1);
    this.#queryScale = new Float64Array(memory.buffer, layout.control + QUERY_SCALE_BYTE, 1);
    this.#chunks = Math.ceil(layout.count / CHUNK_ROWS);
  }

  /** Chunks of rows the helpers have scored since the start. */
  get helperChunks(): number {
    return Atomics.load(this.#control, HELPER_CHUNKS);
  }

  /** Helpers running now (started and not ended). */
  get running(): number {
    return this.#started;
  }

  #startHelpers(): void {
    const start: HelperStart = { memory: this.#memory, layout: this.#layout, idleMs: this.#idleMs };
    while (this.#workers.size < this.#helpers) {
      const worker = new Worker(new URL("./dot_kernel_worker.ts", import.meta.url).href, {
        type: "module",
      });
      worker.onmessage = (event: MessageEvent<HelperNews>) => {
        // News sent before `close` ended the helpers counts for nothing.
        if (this.#closed) return;
        if (event.data === "started") this.#started++;
        else {
          this.#started--;
          this.#workers.delete(worker);
          worker.terminate();
        }
      };
      // A helper that fails stops all helping; the caller scores every row from then on.
      worker.onerror = (event) => {
        event.preventDefault();
        this.close();
      };
      worker.postMessage(start);
      this.#workers.add(worker);
    }
  }

  /**
   * Scores every row with the query whose scale is `queryScale`: `score(from, to)` on this thread
   * for the chunks it takes, the helpers the others. Returns when every row is scored.
   */
  run(score: (from: number, to: number) => void, queryScale: number): void {
    const control = this.#control;
    const chunks = this.#chunks;
    const count = this.#layout.count;
    const chunk = (c: number) => score(c * CHUNK_ROWS, Math.min(count, (c + 1) * CHUNK_ROWS));
    if (!this.#closed && this.#workers.size < this.#helpers) this.#startHelpers();
    if (this.#closed || this.#started === 0) {
      for (let c = 0; c < chunks; c++) chunk(c);
      return;
    }
    this.#queryScale[0] = queryScale;
    // Cleared before the round starts: a helper still in the last round finds no chunk left.
    Atomics.store(control, CHUNKS_DONE, 0);
    Atomics.store(control, NEXT_CHUNK, 0);
    Atomics.add(control, ROUND, 1);
    Atomics.notify(control, ROUND);
    for (
      let c = Atomics.add(control, NEXT_CHUNK, 1);
      c < chunks;
      c = Atomics.add(control, NEXT_CHUNK, 1)
    ) {
      chunk(c);
      Atomics.add(control, CHUNKS_DONE, 1);
    }
    let done = Atomics.load(control, CHUNKS_DONE);
    while (done < chunks) {
      if (Atomics.wait(control, CHUNKS_DONE, done, HELPER_TIMEOUT_MS) === "timed-out") {
        // A helper holds a chunk and does not finish it: this thread scores every row again
        // (the same values) and goes on alone.
        this.close();
        for (let c = 0; c < chunks; c++) chunk(c);
        return;
      }
      done = Atomics.load(control, CHUNKS_DONE);
    }
  }

  /** Stops the helpers for good; `run` scores on the calling thread alone from then on. */
  close(): void {
    this.#closed = true;
    Atomics.store(this.#control, STOP, 1);
    Atomics.add(this.#control, ROUND, 1);
    Atomics.notify(this.#control, ROUND);
    for (const worker of this.#workers) worker.terminate();
    this.#workers.clear();
    this.#started = 0;
  }
}
