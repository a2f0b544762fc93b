/**
 * Worker thread of {@linkcode PositionTextPool}: builds each slice of postings it is sent
 * (src/index/posting_slice.ts) and answers with it, its typed arrays transferred, not copied.
 *
 * @module
 */
import type { Job } from "../domain/job.ts";
import { buffersOf, buildSlice } from "./posting_slice.ts";
import { collectGarbage } from "./collect_garbage.ts";

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ jobs: Job[] }>) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
};

/** This thread's heap (V8's, committed) past which it collects after a slice. */
const COLLECT_FROM_HEAP_BYTES = 128 * 2 ** 20;

scope.onmessage = (event) => {
  try {
    const slice = buildSlice(event.data.jobs);
    scope.postMessage({ slice }, buffersOf(slice));
    // The slice's postings and what indexing them made are garbage now: once this thread's heap
    // has grown past a few slices' worth, collected and its pages given back
    // (src/index/collect_garbage.ts); after every slice, it cost more CPU than it saved memory.
    if (Deno.memoryUsage().heapTotal > COLLECT_FROM_HEAP_BYTES) collectGarbage();
  } catch (error) {
    scope.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
