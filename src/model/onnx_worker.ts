/**
 * Worker thread for {@linkcode createOnnxThreadEmbedder}: holds the ONNX session, so that the
 * model's synchronous calls block this thread and never the one serving requests. Requests are
 * taken in turn; a query's one text waits at most for the batch in hand, since the embedder waits
 * for a timer between batches and this thread's loop takes the next message then.
 *
 * @module
 */
import {
  createOnnxEmbedder,
  type OnnxEmbedder,
  type OnnxEmbedderOptions,
} from "./onnx_embedder.ts";

export type OnnxWorkerRequest =
  | { kind: "open"; options: OnnxEmbedderOptions }
  | { kind: "embed"; id: number; texts: string[] }
  | { kind: "close" };

export type OnnxWorkerReply =
  | { kind: "opened" }
  | { kind: "vectors"; id: number; flat: Float32Array }
  | { kind: "failed"; id?: number; message: string }
  | { kind: "closed" };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<OnnxWorkerRequest>) => void) | null;
  postMessage(message: OnnxWorkerReply, transfer?: Transferable[]): void;
};

function messageOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error
    ? `: ${error.cause.message}`
    : "";
  return error instanceof Error ? error.message + cause : String(error);
}

let embedder: OnnxEmbedder | null = null;
/** Embeddings under way: the session is released only once they are answered. */
const underWay = new Set<Promise<unknown>>();

scope.onmessage = async (event) => {
  const request = event.data;
  if (request.kind === "open") {
    try {
      embedder = await createOnnxEmbedder(request.options);
      scope.postMessage({ kind: "opened" });
    } catch (error) {
      scope.postMessage({ kind: "failed", message: messageOf(error) });
    }
  } else if (request.kind === "embed") {
    const work = (async () => {
      try {
        if (!embedder) throw new Error("the model is not open");
        const vectors = await embedder.embed(request.texts);
        const flat = new Float32Array(vectors.reduce((n, v) => n + v.length, 0));
        vectors.forEach((vector, i) => flat.set(vector, i * vector.length));
        scope.postMessage({ kind: "vectors", id: request.id, flat }, [flat.buffer]);
      } catch (error) {
        scope.postMessage({ kind: "failed", id: request.id, message: messageOf(error) });
      }
    })();
    underWay.add(work);
    await work;
    underWay.delete(work);
  } else {
    // The session is released here, on the thread that made it, before the thread ends, and not
    // under a batch still running.
    const closing = embedder;
    embedder = null;
    await Promise.allSettled(underWay);
    await closing?.close();
    scope.postMessage({ kind: "closed" });
  }
};
