/**
 * Worker thread for {@linkcode createUseLiteEmbedder}: loads its own copy of the model and embeds
 * the slices it is sent, answering with one flat Float32Array per slice (transferred, not copied).
 *
 * @module
 */
import { embedOnThisThread } from "./use_lite_embedder.ts";

interface Request {
  id: number;
  texts: string[];
  batchSize: number;
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<Request>) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
};

scope.onmessage = async (event) => {
  const { id, texts, batchSize } = event.data;
  try {
    const vectors = await embedOnThisThread(texts, batchSize);
    const flat = new Float32Array(vectors.reduce((n, v) => n + v.length, 0));
    let offset = 0;
    for (const vector of vectors) {
      flat.set(vector, offset);
      offset += vector.length;
    }
    scope.postMessage({ id, vectors: flat }, [flat.buffer]);
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error
      ? `: ${error.cause.message}`
      : "";
    scope.postMessage({
      id,
      error: error instanceof Error ? error.message + cause : String(error),
    });
  }
};
