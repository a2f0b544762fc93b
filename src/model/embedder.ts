/**
 * Text → vector. The search code depends only on {@linkcode Embedder}, so the model is a setting
 * (src/model/catalog.ts): an ONNX model (src/model/onnx_embedder.ts) or Universal Sentence Encoder
 * lite (src/model/use_lite_embedder.ts), opened by src/model/open_embedder.ts.
 *
 * @module
 */

/** Turns texts into unit-length vectors, so that a dot product is the cosine similarity. */
export interface Embedder {
  /** Names the model (and its version): cached vectors and snapshots are keyed by it. */
  readonly model: string;
  readonly dimensions: number;
  embed(texts: string[]): Promise<Float32Array[]>;
}
