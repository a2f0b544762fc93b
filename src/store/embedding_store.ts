/**
 * The embedding cache: a posting text's vector per model, by the text's hash, so that rebuilding
 * the index embeds only postings whose text changed.
 *
 * @module
 */
import { z } from "zod";
import { keys } from "./kv_keys.ts";
import type { KvAccess } from "./kv.ts";

/** A vector as stored: its float32 bytes. */
const VectorBytesSchema = z.instanceof(Uint8Array).refine(
  (bytes) => bytes.byteLength % 4 === 0,
  "not a whole number of float32 values",
);

/** Cached vectors per model and text hash. */
export class EmbeddingStore {
  readonly #kv: KvAccess;

  constructor(kv: KvAccess) {
    this.#kv = kv;
  }

  /** Cached vectors for the given text hashes; missing ones are absent from the map. */
  async getEmbeddings(model: string, textHashes: string[]): Promise<Map<string, Float32Array>> {
    const found = new Map<string, Float32Array>();
    const reads = await this.#kv.getMany(
      textHashes.map((hash) => keys.embedding(model, hash)),
      VectorBytesSchema,
    );
    reads.forEach((read, i) => {
      if (!read.value) return;
      // The vector must own an aligned buffer of its own. KV reads each value into one: viewed as
      // it is, a publish's million look-ups allocate half the bytes (docs/scaling.md, "(session
      // 26, 2026-11-29)").
      const value = read.value;
      const own = value.byteOffset === 0 && value.byteLength === value.buffer.byteLength &&
          value.buffer instanceof ArrayBuffer
        ? value
        : value.slice();
      found.set(textHashes[i], new Float32Array(own.buffer, 0, own.byteLength / 4));
    });
    return found;
  }

  /** Caches vectors, over as many commits as KV's limits require. */
  async putEmbeddings(model: string, vectors: Map<string, Float32Array>): Promise<void> {
    const writer = this.#kv.splitCommit("cache embeddings");
    for (const [hash, vector] of vectors) {
      const bytes = new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength).slice();
      await writer.add((group) => group.set(keys.embedding(model, hash), bytes));
    }
    await writer.flush();
  }
}
