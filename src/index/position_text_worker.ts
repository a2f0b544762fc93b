/**
 * Worker thread of {@linkcode PositionTextPool}: builds each slice of postings it is sent
 * (src/index/posting_slice.ts) and answers with it, its typed arrays transferred, not copied.
 *
 * @module
 */
import type { Job } from "../domain/job.ts";
import { buffersOf, buildSlice } from "./posting_slice.ts";

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ jobs: Job[] }>) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
};

scope.onmessage = (event) => {
  try {
    const slice = buildSlice(event.data.jobs);
    scope.postMessage({ slice }, buffersOf(slice));
  } catch (error) {
    scope.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
