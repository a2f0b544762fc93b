/**
 * The ONNX model on a thread of its own. ONNX Runtime's `run` holds the calling thread for the
 * whole batch (64 titles: 100-400 ms on 2 loaded cores), so a serving process that embeds a push's
 * titles or the occupations on its own thread makes every request wait for the batch in hand at
 * each step of its way (docs/scaling.md, "Searches while a push is stored"). Here that thread only
 * posts texts and takes vectors back; the vectors are the same to the bit, since the worker runs the
 * same embedder on the same batches.
 *
 * @module
 */
import { JobseekError } from "../domain/errors.ts";
import type { OnnxEmbedder, OnnxEmbedderOptions } from "./onnx_embedder.ts";
import type { OnnxWorkerReply, OnnxWorkerRequest } from "./onnx_worker.ts";

/** How long `close()` waits for the worker to release its session before ending the thread. */
const CLOSE_WAIT_MS = 5_000;

export async function createOnnxThreadEmbedder(
  options: OnnxEmbedderOptions,
): Promise<OnnxEmbedder> {
  const worker = new Worker(new URL("./onnx_worker.ts", import.meta.url), { type: "module" });
  const post = (request: OnnxWorkerRequest) => worker.postMessage(request);
  const pending = new Map<
    number,
    { resolve(vectors: Float32Array[]): void; reject(error: Error): void; count: number }
  >();
  let nextId = 0;
  let closed = false;
  let failed: string | null = null;
  let opened: PromiseWithResolvers<void> | null = Promise.withResolvers<void>();
  const closing = Promise.withResolvers<void>();
  const failAll = (message: string) => {
    for (const { reject } of pending.values()) {
      reject(new JobseekError("INTERNAL_ERROR", `Cannot embed texts: ${message}`));
    }
    pending.clear();
  };
  worker.onmessage = (event: MessageEvent<OnnxWorkerReply>) => {
    const reply = event.data;
    if (reply.kind === "opened") {
      opened?.resolve();
      opened = null;
    } else if (reply.kind === "vectors") {
      const request = pending.get(reply.id);
      pending.delete(reply.id);
      if (!request) return;
      const width = request.count === 0 ? 0 : reply.flat.length / request.count;
      // Each vector owns its buffer, as the embedder on this thread gives them: one kept in a
      // cache must not hold a whole batch's.
      request.resolve(
        Array.from(
          { length: request.count },
          (_, i) => reply.flat.slice(i * width, (i + 1) * width),
        ),
      );
    } else if (reply.kind === "failed") {
      if (reply.id === undefined) {
        opened?.reject(
          new JobseekError("INTERNAL_ERROR", `Cannot load the embedding model ${options.model}`, {
            cause: new Error(reply.message),
          }),
        );
        opened = null;
        return;
      }
      const request = pending.get(reply.id);
      pending.delete(reply.id);
      request?.reject(new JobseekError("INTERNAL_ERROR", `Cannot embed texts: ${reply.message}`));
    } else {
      closing.resolve();
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    const message = event.message ?? "the model's thread failed";
    // Nothing more can be asked of a thread that failed: later calls are refused, not left waiting.
    failed = message;
    opened?.reject(new JobseekError("INTERNAL_ERROR", message));
    opened = null;
    failAll(message);
    closing.resolve();
  };
  post({ kind: "open", options });
  try {
    await opened!.promise;
  } catch (error) {
    worker.terminate();
    throw error;
  }
  return {
    model: options.model,
    dimensions: options.dimensions,
    embed(texts: string[]): Promise<Float32Array[]> {
      if (closed || failed !== null) {
        return Promise.reject(
          new JobseekError(
            "INTERNAL_ERROR",
            `Cannot embed texts: ${failed ?? "the model is closed"}`,
          ),
        );
      }
      if (texts.length === 0) return Promise.resolve([]);
      const id = nextId++;
      const answer = Promise.withResolvers<Float32Array[]>();
      pending.set(id, { ...answer, count: texts.length });
      post({ kind: "embed", id, texts });
      return answer.promise;
    },
    close() {
      if (closed) return;
      closed = true;
      post({ kind: "close" });
      const timer = setTimeout(closing.resolve, CLOSE_WAIT_MS);
      closing.promise.then(() => {
        clearTimeout(timer);
        failAll("the model is closed");
        worker.terminate();
      });
    },
  };
}
