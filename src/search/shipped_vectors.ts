/**
 * Vectors shipped with postings an empty store is seeded with (the bundled fixtures,
 * cli/bundled_postings.ts): put into the embedding cache before the first publish, which then
 * embeds none of those texts. They are one model's: a file made by another model (its stamp in
 * the header) is left unread and the publish embeds as it would without it.
 *
 * Layout: a u32 (little-endian) length of a JSON header `{ model, dimensions, texts }`, the header
 * padded with spaces to a multiple of 4 bytes, then each text's float32 vector in the header's
 * order.
 *
 * @module
 */
import type { Embedder } from "../model/embedder.ts";
import type { Store } from "../store/store.ts";
import { hashText } from "./publish_index.ts";

/** The vectors of a file: one per text, `dimensions` floats each, in `data`. */
export interface ShippedVectors {
  /** The model stamp that made them (`Embedder.model`). */
  model: string;
  dimensions: number;
  texts: string[];
  data: Float32Array;
}

export function encodeShippedVectors(vectors: ShippedVectors): Uint8Array {
  const { model, dimensions, texts, data } = vectors;
  if (data.length !== texts.length * dimensions) throw new Error("one vector per text");
  const header = new TextEncoder().encode(JSON.stringify({ model, dimensions, texts }));
  const headerLength = header.length + (4 - (header.length % 4)) % 4;
  const bytes = new Uint8Array(4 + headerLength + data.byteLength);
  new DataView(bytes.buffer).setUint32(0, headerLength, true);
  bytes.fill(0x20, 4, 4 + headerLength);
  bytes.set(header, 4);
  bytes.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), 4 + headerLength);
  return bytes;
}

/** Reads a file {@linkcode encodeShippedVectors} wrote; throws on one cut short or malformed. */
export function decodeShippedVectors(bytes: Uint8Array): ShippedVectors {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = bytes.byteLength >= 4 ? view.getUint32(0, true) : -1;
  if (headerLength < 0 || headerLength % 4 !== 0 || 4 + headerLength > bytes.byteLength) {
    throw new Error("not a vectors file: its header length is out of bounds");
  }
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + headerLength)));
  const { model, dimensions, texts } = header ?? {};
  if (
    typeof model !== "string" || !Number.isInteger(dimensions) || dimensions <= 0 ||
    !Array.isArray(texts) || !texts.every((text) => typeof text === "string")
  ) {
    throw new Error("not a vectors file: its header lacks the model, width or texts");
  }
  const body = bytes.slice(4 + headerLength);
  if (body.byteLength !== texts.length * dimensions * 4) {
    throw new Error(
      `the vectors file holds ${body.byteLength} bytes of vectors for ${texts.length} texts`,
    );
  }
  return { model, dimensions, texts, data: new Float32Array(body.buffer) };
}

/**
 * Puts the file's vectors into the store's embedding cache when `embedder` is the model that made
 * them (same stamp and width); returns how many, 0 for another model's file.
 */
export async function cacheShippedVectors(
  store: Pick<Store, "embeddings">,
  embedder: Pick<Embedder, "model" | "dimensions">,
  vectors: ShippedVectors,
): Promise<number> {
  if (vectors.model !== embedder.model || vectors.dimensions !== embedder.dimensions) return 0;
  const { dimensions, texts, data } = vectors;
  const byHash = new Map<string, Float32Array>();
  texts.forEach((text, i) =>
    byHash.set(hashText(text), data.slice(i * dimensions, (i + 1) * dimensions))
  );
  await store.embeddings.putEmbeddings(embedder.model, byHash);
  return byHash.size;
}
