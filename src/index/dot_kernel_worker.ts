/**
 * A helper thread of src/index/dot_kernel_threads.ts: takes chunks of rows in each round and runs
 * the pass the control record describes on them, on the shared memory, until stopped or idle for
 * too long.
 *
 * @module
 */
import { DOT_KERNEL_WASM } from "./dot_kernel_wasm.ts";
import {
  CHUNK_ROWS,
  CHUNKS_DONE,
  CONTROL_BYTES,
  HELPER_CHUNKS,
  HELPER_EXACT_ROWS,
  type HelperNews,
  HELPERS_ENDED,
  HELPERS_RUNNING,
  type HelperStart,
  type KernelExports,
  NEXT_CHUNK,
  ROUND,
  STOP,
} from "./dot_kernel_threads.ts";

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<HelperStart>) => void) | null;
  postMessage(news: HelperNews): void;
  close(): void;
};

scope.onmessage = ({ data: { memory, layout, idleMs } }) => {
  const kernel = new WebAssembly.Instance(
    new WebAssembly.Module(Uint8Array.fromBase64(DOT_KERNEL_WASM)),
    { env: { memory } },
  ).exports as unknown as KernelExports;
  const control = new Int32Array(memory.buffer, layout.control, CONTROL_BYTES / 4);
  const chunks = Math.ceil(layout.count / CHUNK_ROWS);
  let round = Atomics.load(control, ROUND);
  Atomics.add(control, HELPERS_RUNNING, 1);
  while (Atomics.load(control, STOP) === 0) {
    if (Atomics.wait(control, ROUND, round, idleMs) === "timed-out") {
      // Off the count first: a caller that still counts it takes every chunk itself.
      Atomics.sub(control, HELPERS_RUNNING, 1);
      Atomics.add(control, HELPERS_ENDED, 1);
      scope.postMessage("ended");
      break;
    }
    round = Atomics.load(control, ROUND);
    for (
      let c = Atomics.add(control, NEXT_CHUNK, 1);
      c < chunks && Atomics.load(control, STOP) === 0;
      c = Atomics.add(control, NEXT_CHUNK, 1)
    ) {
      // The record is read after taking the chunk: a chunk of a later round runs that round's pass.
      const from = c * CHUNK_ROWS;
      const exact = kernel.pass(layout.control, from, Math.min(layout.count, from + CHUNK_ROWS));
      Atomics.add(control, HELPER_EXACT_ROWS, exact);
      Atomics.add(control, HELPER_CHUNKS, 1);
      Atomics.add(control, CHUNKS_DONE, 1);
      Atomics.notify(control, CHUNKS_DONE);
    }
  }
  scope.close();
};
