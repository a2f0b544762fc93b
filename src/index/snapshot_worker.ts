/**
 * Worker thread of `decodeSnapshot` (src/index/snapshot.ts): decompresses each large section it is
 * sent into a buffer of its own and hands the buffer back, transferred, not copied.
 *
 * @module
 */
import { unpackSection, type WorkerReply, type WorkerRequest } from "./zstd_section.ts";

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerReply, transfer?: Transferable[]): void;
};

scope.onmessage = (event) => {
  const { id, bytes, length, codec } = event.data;
  try {
    const unpacked = unpackSection(bytes, length, codec);
    const raw = unpacked.bytes;
    // Only a buffer that is all of this section goes across whole.
    if (raw.byteOffset !== 0 || raw.byteLength !== raw.buffer.byteLength) {
      unpacked.bytes = raw.slice();
    }
    scope.postMessage({ id, unpacked }, [unpacked.bytes.buffer as ArrayBuffer]);
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
