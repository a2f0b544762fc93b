/**
 * Searches of one process that are waiting at the same time share the sweep over the title
 * vectors' codes. At 1,000,000 postings every search estimates every row's cosine from its codes
 * (~190 MB read, ~9 ms of CPU, src/index/dot_kernel.wat); with two queries in one sweep a query's
 * estimates cost ~0.7 of that, with four ~0.6 (each row's codes read and unpacked once for all;
 * docs/scaling.md, session 21). The results are the searches' own: the estimates are the same
 * values, and each search goes on alone from them.
 *
 * A search reaches {@linkcode SearchesTogether.ready} just before the index searches; on an index
 * that screens it waits one turn of the event loop (`setImmediate`, a few microseconds), in which
 * the requests that arrived while the last search ran reach this point too. Then up to
 * {@linkcode BATCH_QUERIES} of them (one index, distinct vectors) are estimated together and run
 * one after another; the others wait for the next turn. A search alone waits the turn and is
 * estimated as before. On an index that does not screen (under 128 MiB of rows) nothing waits.
 *
 * @module
 */
import { setImmediate } from "node:timers";
import { BATCH_QUERIES } from "../index/dot_kernel.ts";
import type { JobIndex } from "../index/job_index.ts";

interface Waiting {
  index: JobIndex;
  vector: Float32Array;
  go: () => void;
}

/** The searches of one process waiting to be estimated together. */
export class SearchesTogether {
  #waiting: Waiting[] = [];
  #scheduled = false;
  /** Sweeps for more than one search, since the start. */
  sweeps = 0;
  /** Searches estimated with others, since the start. */
  together = 0;

  /**
   * Resolves when the search of `vector` on `index` may run: at once on an index that does not
   * screen, else after a turn of the event loop, its estimates made with those of the searches
   * that reached this point meanwhile.
   */
  ready(index: JobIndex, vector: Float32Array): Promise<void> {
    if (!index.screensVectors) return Promise.resolve();
    return new Promise((go) => {
      this.#waiting.push({ index, vector, go });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => this.#release());
  }

  /** Estimates the first waiting search's group together and lets it run. */
  #release(): void {
    this.#scheduled = false;
    const first = this.#waiting[0];
    if (!first) return;
    const vectors = new Set<Float32Array>();
    const group: Waiting[] = [];
    const rest: Waiting[] = [];
    for (const waiting of this.#waiting) {
      const fits = waiting.index === first.index &&
        (vectors.has(waiting.vector) || vectors.size < BATCH_QUERIES);
      if (fits) {
        vectors.add(waiting.vector);
        group.push(waiting);
      } else rest.push(waiting);
    }
    this.#waiting = rest;
    try {
      if (vectors.size > 1) {
        first.index.prefetchTogether([...vectors]);
        this.sweeps++;
        this.together += group.length;
      }
    } finally {
      // Run in this turn, one after another (each search is synchronous from here): no other
      // sweep comes between the estimates and their searches. Should the sweep fail, each
      // search estimates alone.
      for (const waiting of group) waiting.go();
      if (rest.length > 0) this.#schedule();
    }
  }
}
