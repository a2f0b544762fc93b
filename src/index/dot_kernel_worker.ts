/**
 * A helper thread of src/index/dot_kernel_threads.ts: takes chunks of rows in each round and
 * scores them with the kernel on the shared memory, until stopped or idle for too long.
 *
 * @module
 */
import { DOT_KERNEL_WASM } from "./dot_kernel_wasm.ts";
import {
  CHUNK_ROWS,
  CHUNKS_DONE,
  HELPER_CHUNKS,
  type HelperNews,
  type HelperStart,
  type KernelExports,
  NEXT_CHUNK,
  QUERY_SCALE_BYTE,
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
  const control = new Int32Array(memory.buffer, layout.control, HELPER_CHUNKS + 1);
  const queryScale = new Float64Array(memory.buffer, layout.control + QUERY_SCALE_BYTE, 1);
  const chunks = Math.ceil(layout.count / CHUNK_ROWS);
  let round = Atomics.load(control, ROUND);
  scope.postMessage("started");
  while (Atomics.load(control, STOP) === 0) {
    if (Atomics.wait(control, ROUND, round, idleMs) === "timed-out") {
      scope.postMessage("ended");
      break;
    }
    round = Atomics.load(control, ROUND);
    for (
      let c = Atomics.add(control, NEXT_CHUNK, 1);
      c < chunks && Atomics.load(control, STOP) === 0;
      c = Atomics.add(control, NEXT_CHUNK, 1)
    ) {
      // Read after taking the chunk: a chunk of a later round is scored with that round's query.
      const scale = queryScale[0];
      const from = c * CHUNK_ROWS;
      const to = Math.min(layout.count, from + CHUNK_ROWS);
      kernel.cosines(layout.query, 0, layout.dims, from, to, layout.scales, layout.out, scale);
      Atomics.add(control, HELPER_CHUNKS, 1);
      Atomics.add(control, CHUNKS_DONE, 1);
      Atomics.notify(control, CHUNKS_DONE);
    }
  }
  scope.close();
};
