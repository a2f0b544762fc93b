/**
 * Other threads scoring parts of the kernel's rows while the calling thread scores the rest, so
 * that one search's pass over every row uses the machine's other cores (1,000,000 384-d rows: 29
 * ms on one thread, 17 on two, docs/scaling.md). A search stays synchronous: the caller takes
 * chunks of rows like any helper, then waits (`Atomics.wait`) only for the chunks helpers took.
 *
 * The helpers share the kernel's memory (src/index/dot_kernel.wat declares it shared) and a few
 * control words in it: the round (bumped to start one), the next chunk to take, the chunks done,
 * a stop flag, the helpers running, and the pass (src/index/dot_kernel.wat). A search never
 * depends on a helper: until one has started, while none is running, and for good once one
 * failed or held a chunk longer than {@linkcode HELPER_TIMEOUT_MS}, the caller scores every row
 * itself. A helper counts itself in and out in the shared words, not by a message: a caller that
 * searches again and again without returning to its event loop (a bench's loop of awaited
 * searches) would never read one, and would search alone.
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

/**
 * The control record (i32 slots): the helpers' words, then the pass's kind and where everything
 * is (read by the kernel's `pass`, src/index/dot_kernel.wat), then its f64 words from byte 64.
 */
export const ROUND = 0;
export const NEXT_CHUNK = 1;
export const CHUNKS_DONE = 2;
export const STOP = 3;
/** Chunks the helpers have scored, ever: what a bench or a test reads to see them help. */
export const HELPER_CHUNKS = 4;
/**
 * The pass's kind (src/index/dot_kernel.wat): 0 every row exact, 1 the estimates, 2 the rows that
 * could reach their bar exact, 3 the rows' codes, 4 and 5 the estimates of four or two queries.
 */
export const PASS_KIND = 5;
/** Rows of the current pass the helpers computed exactly. */
export const HELPER_EXACT_ROWS = 6;
/** Helpers running: each adds itself once started, takes itself off before it ends. */
export const HELPERS_RUNNING = 7;
/**
 * Helpers that ended themselves, ever (i32 slot 30, past the f64 words): counted before their
 * news, so that a search right after an end starts another helper without waiting for the news.
 */
export const HELPERS_ENDED = 30;
/**
 * The address of the table of queries a pass for several at once reads (i32 slot 31; kinds 4 and
 * 5, src/index/dot_kernel.wat).
 */
export const TABLE_SLOT = 31;
/**
 * i32 slots of the layout: dims, then the byte offsets of the query, the int8 query, the rows,
 * their codes, the word-row marks, the scales and the cosines.
 */
export const LAYOUT_SLOT = 8;
/**
 * f64 slots (index in a Float64Array over the record): the query's scale, the int8 query's, the
 * estimate's bias, the margin per unit of row scale, the margin for all rows, the bars.
 */
export const QUERY_SCALE = 8;
export const QUERY8_SCALE = 9;
export const BIAS = 10;
export const ROW_MARGIN = 11;
export const MARGIN = 12;
export const TITLE_BAR = 13;
export const WORD_BAR = 14;
/**
 * i32 slot 32 (past the slots 30 and 31): the byte offset of a screened kernel's group scales,
 * the largest row scale of each sixteen rows, which its refined pass tests sixteen rows by at once
 * (src/index/dot_kernel.wat).
 */
export const GROUP_SCALES_SLOT = 32;
/** Bytes of the control record (16-byte aligned). */
export const CONTROL_BYTES = 144;

/** The kernel's functions (src/index/dot_kernel.wat). */
export interface KernelExports {
  dot(query: number, row: number, dims: number): number;
  pass(record: number, from: number, to: number): number;
}

/** Where everything is in the kernel's memory, in bytes; `dims` and `count` of the rows. */
export interface KernelLayout {
  dims: number;
  count: number;
  query: number;
  scales: number;
  out: number;
  control: number;
  /** The int8 query, the codes and the word-row marks of a screened kernel (0: none). */
  query8: number;
  codes: number;
  wordRows: number;
  /** A screened kernel's largest row scale of each sixteen rows (`GROUP_SCALES_SLOT`; 0: none). */
  groupScales: number;
  /**
   * A screened kernel's slots for queries estimated together (`Int8Rows.estimateBatch`), each its
   * own int16 and int8 query and cosines, and the table a pass for several reads; none otherwise.
   */
  batch: { query: number; query8: number; out: number }[];
  table: number;
}

/** The message a helper is started with. */
export interface HelperStart {
  memory: WebAssembly.Memory;
  layout: KernelLayout;
  idleMs: number;
}

/** What a helper tells the caller: it ended itself after waiting idle. */
export type HelperNews = "ended";

/** Helper threads for one kernel memory. */
export class KernelThreads {
  readonly #memory: WebAssembly.Memory;
  readonly #layout: KernelLayout;
  readonly #helpers: number;
  readonly #idleMs: number;
  readonly #control: Int32Array;
  readonly #chunks: number;
  readonly #workers = new Set<Worker>();
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
    this.#control = new Int32Array(memory.buffer, layout.control, CONTROL_BYTES / 4);
    this.#chunks = Math.ceil(layout.count / CHUNK_ROWS);
  }

  /** Chunks of rows the helpers have scored since the start. */
  get helperChunks(): number {
    return Atomics.load(this.#control, HELPER_CHUNKS);
  }

  /**
   * Helpers started since the start (running or ended): never falls, so a test that polls sees a
   * helper that started and ended between two of its looks.
   */
  get started(): number {
    // Running first: a helper that ends between the two loads is counted twice, never missed.
    const running = Atomics.load(this.#control, HELPERS_RUNNING);
    return running + Atomics.load(this.#control, HELPERS_ENDED);
  }

  /** Helpers running now (started and not ended). */
  get running(): number {
    return this.#closed ? 0 : Atomics.load(this.#control, HELPERS_RUNNING);
  }

  #startHelpers(): void {
    const start: HelperStart = { memory: this.#memory, layout: this.#layout, idleMs: this.#idleMs };
    while (this.#live() < this.#helpers) {
      const worker = new Worker(new URL("./dot_kernel_worker.ts", import.meta.url).href, {
        type: "module",
      });
      // The only news is a helper's end: it has taken itself off the running count already.
      worker.onmessage = (_: MessageEvent<HelperNews>) => {
        if (this.#closed) return;
        this.#endsHeard++;
        this.#workers.delete(worker);
        worker.terminate();
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

  /** Ends of helpers whose news this thread has read (each took its worker out of the set). */
  #endsHeard = 0;

  /** Workers started and not ended (an end is counted before its news arrives). */
  #live(): number {
    return this.#workers.size - (Atomics.load(this.#control, HELPERS_ENDED) - this.#endsHeard);
  }

  /** Whether the helpers have a round open that the caller has not joined yet. */
  #open = false;

  /**
   * Runs the pass the control record describes over every row: `pass(from, to)` on this thread
   * for the chunks it takes, the helpers the others. Returns, when every row is done, the number
   * of rows whose exact cosine was computed.
   */
  run(pass: (from: number, to: number) => number): number {
    this.start();
    return this.join(pass);
  }

  /**
   * Opens a round of the pass the control record describes to the helpers running, if any, and
   * returns: they work while this thread does something else, until it `join`s. The record must
   * not change until then.
   */
  start(): void {
    if (this.#open) return;
    const control = this.#control;
    if (!this.#closed && this.#live() < this.#helpers) this.#startHelpers();
    if (this.#closed || Atomics.load(control, HELPERS_RUNNING) === 0) return;
    // Cleared before the round starts: a helper still in the last round finds no chunk left.
    Atomics.store(control, CHUNKS_DONE, 0);
    Atomics.store(control, HELPER_EXACT_ROWS, 0);
    Atomics.store(control, NEXT_CHUNK, 0);
    Atomics.add(control, ROUND, 1);
    Atomics.notify(control, ROUND);
    this.#open = true;
  }

  /**
   * Takes the round's chunks left, `pass(from, to)` on this thread, and waits for the helpers'
   * (without a round open, runs every chunk here). Returns the number of rows whose exact cosine
   * the round computed.
   */
  join(pass: (from: number, to: number) => number): number {
    const control = this.#control;
    const chunks = this.#chunks;
    const count = this.#layout.count;
    const chunk = (c: number) => pass(c * CHUNK_ROWS, Math.min(count, (c + 1) * CHUNK_ROWS));
    const alone = () => {
      let exact = 0;
      for (let c = 0; c < chunks; c++) exact += chunk(c);
      return exact;
    };
    if (!this.#open) return alone();
    this.#open = false;
    let exact = 0;
    for (
      let c = Atomics.add(control, NEXT_CHUNK, 1);
      c < chunks;
      c = Atomics.add(control, NEXT_CHUNK, 1)
    ) {
      exact += chunk(c);
      Atomics.add(control, CHUNKS_DONE, 1);
    }
    let done = Atomics.load(control, CHUNKS_DONE);
    while (done < chunks) {
      if (Atomics.wait(control, CHUNKS_DONE, done, HELPER_TIMEOUT_MS) === "timed-out") {
        // A helper holds a chunk and does not finish it: this thread runs the whole pass again
        // (the same values) and goes on alone.
        this.close();
        return alone();
      }
      done = Atomics.load(control, CHUNKS_DONE);
    }
    return exact + Atomics.load(control, HELPER_EXACT_ROWS);
  }

  /** Stops the helpers for good; `run` scores on the calling thread alone from then on. */
  close(): void {
    this.#closed = true;
    this.#open = false;
    Atomics.store(this.#control, STOP, 1);
    Atomics.add(this.#control, ROUND, 1);
    Atomics.notify(this.#control, ROUND);
    for (const worker of this.#workers) worker.terminate();
    this.#workers.clear();
  }
}
