/**
 * Collects garbage now where V8 lets this process ask (`--expose-gc`: a publish's own process,
 * src/search/publish_child.ts), and hands the memory back to the system; elsewhere, nothing.
 *
 * V8's plain `gc()` frees the heap's objects but keeps its pages (and the young generation's
 * reserve) committed: after a plain collection a process that had filled 450 MiB of heap still had
 * 481 MiB resident, against 47 after a `last-resort` one (the collection V8 runs before it would
 * fail an allocation: it also shrinks the heap's spaces and gives their pages back). A publish
 * grows and lets go of gigabytes between its phases, so its peak is what it never gave back
 * (docs/scaling.md, "(session 20, 2026-11-29)").
 *
 * @module
 */
type Gc = (options?: { type?: string; execution?: string; flavor?: string }) => void;

export function collectGarbage(): void {
  (globalThis as { gc?: Gc }).gc?.({ type: "major", execution: "sync", flavor: "last-resort" });
}

/** Whether {@linkcode collectGarbage} does anything in this process. */
export function canCollectGarbage(): boolean {
  return typeof (globalThis as { gc?: Gc }).gc === "function";
}

/**
 * Collects ({@linkcode collectGarbage}) whenever the process has grown by `growthBytes` since its
 * last collection, where this process may collect; else never. For loops that make garbage as
 * fast as they go (a publish reading a million postings, or their cached vectors: a `Float32Array`
 * of its own each), which V8 would collect late and whose memory it would keep: measured by the
 * process's size, the collections follow the bytes, not the count.
 */
export class GrowthCollector {
  readonly #growthBytes: number;
  readonly #can = canCollectGarbage();
  #collectedAt: number;

  constructor(growthBytes: number) {
    this.#growthBytes = growthBytes;
    this.#collectedAt = this.#can ? Deno.memoryUsage().rss : 0;
  }

  /** Collects if the process has grown enough since the last collection. */
  check(): void {
    if (!this.#can || Deno.memoryUsage().rss <= this.#collectedAt + this.#growthBytes) return;
    collectGarbage();
    this.#collectedAt = Deno.memoryUsage().rss;
  }
}
