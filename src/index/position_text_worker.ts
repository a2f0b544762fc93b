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

scope.onmessage = (event) => {
  try {
    const slice = buildSlice(event.data.jobs);
    scope.postMessage({ slice }, buffersOf(slice));
    // The slice's postings and what indexing them made are garbage now: this thread's heap would
    // otherwise grow for a while and keep its pages (src/index/collect_garbage.ts).
    collectGarbage();
  } catch (error) {
    scope.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
