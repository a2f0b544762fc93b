/**
 * The bundled postings' vectors (fixtures/jobs_vectors.bin), which a first `jobseek serve` or
 * `jobseek mcp` puts into the embedding cache instead of embedding the bundled postings: they are
 * the default model's vectors of exactly the texts the bundled postings embed, and a store of
 * another model (or a damaged file) gets none of them.
 */
import { strict as assert } from "node:assert";
import { BUNDLED_VECTORS } from "../cli/bundled_postings.ts";
import { bundledTexts } from "../fixtures/bundled_texts.ts";
import { DEFAULT_MODEL_ID, findModel, USE_LITE } from "../src/model/catalog.ts";
import { hashText } from "../src/search/publish_index.ts";
import {
  cacheShippedVectors,
  decodeShippedVectors,
  encodeShippedVectors,
} from "../src/search/shipped_vectors.ts";
import { openStore } from "../src/store/store.ts";
import { modelEmbedder } from "./helpers.ts";

/**
 * ONNX Runtime's kernels may sum in another order on another CPU; a vector is unit length, so
 * this is far below what moves an int8 row (1/127 of its largest value).
 */
const TOLERANCE = 1e-5;

Deno.test("the bundled vectors are the default model's vectors of every text the bundled postings embed", async () => {
  const shipped = decodeShippedVectors(await Deno.readFile(BUNDLED_VECTORS));
  const model = await modelEmbedder();
  const regenerate = "run `deno run -A fixtures/generate_vectors.ts`";
  assert.equal(shipped.model, findModel(DEFAULT_MODEL_ID).stamp, regenerate);
  assert.equal(model.model, shipped.model, "the tests run the default model");
  assert.equal(shipped.dimensions, model.dimensions);
  assert.deepEqual(shipped.texts, await bundledTexts(), `stale: ${regenerate}`);
  const fresh = await model.embed(shipped.texts);
  let worst = 0;
  fresh.forEach((vector, i) => {
    const kept = shipped.data.subarray(i * shipped.dimensions, (i + 1) * shipped.dimensions);
    vector.forEach((value, d) => worst = Math.max(worst, Math.abs(value - kept[d])));
  });
  assert.ok(worst <= TOLERANCE, `a shipped vector differs from the model's by ${worst}`);
});

Deno.test("shipped vectors reach the embedding cache only for the model and width that made them", async () => {
  const texts = ["nurse", "data analyst", "penetration tester"];
  const data = new Float32Array(texts.length * 4).map((_, i) => i / 10);
  const vectors = { model: "model-a@1", dimensions: 4, texts, data };
  const decoded = decodeShippedVectors(encodeShippedVectors(vectors));
  assert.deepEqual(decoded, vectors);

  const store = await openStore(":memory:");
  try {
    const hashes = texts.map(hashText);
    assert.equal(
      await cacheShippedVectors(store, { model: "model-b@1", dimensions: 4 }, decoded),
      0,
    );
    assert.equal(
      await cacheShippedVectors(store, { model: "model-a@1", dimensions: 8 }, decoded),
      0,
    );
    assert.equal((await store.embeddings.getEmbeddings("model-b@1", hashes)).size, 0);
    assert.equal((await store.embeddings.getEmbeddings("model-a@1", hashes)).size, 0);

    assert.equal(
      await cacheShippedVectors(store, { model: "model-a@1", dimensions: 4 }, decoded),
      3,
    );
    const cached = await store.embeddings.getEmbeddings("model-a@1", hashes);
    texts.forEach((_, i) =>
      assert.deepEqual(cached.get(hashes[i]), data.slice(i * 4, (i + 1) * 4))
    );
  } finally {
    store.close();
  }

  // The real file is the default model's: another catalog model's store caches none of it.
  const shipped = decodeShippedVectors(await Deno.readFile(BUNDLED_VECTORS));
  const other = await openStore(":memory:");
  try {
    const useLite = { model: USE_LITE.stamp, dimensions: USE_LITE.dimensions };
    assert.equal(await cacheShippedVectors(other, useLite, shipped), 0);
  } finally {
    other.close();
  }
});

Deno.test("a vectors file cut short or with a header of another shape is refused", () => {
  const bytes = encodeShippedVectors({
    model: "model-a@1",
    dimensions: 2,
    texts: ["a", "b"],
    data: new Float32Array([1, 0, 0, 1]),
  });
  assert.throws(
    () => decodeShippedVectors(bytes.subarray(0, bytes.length - 4)),
    /bytes of vectors/,
  );
  assert.throws(() => decodeShippedVectors(bytes.subarray(0, 2)), /header length/);
  const wrongShape = new TextEncoder().encode(JSON.stringify({ model: 1, texts: [] }) + "  ");
  const file = new Uint8Array(4 + wrongShape.length);
  new DataView(file.buffer).setUint32(0, wrongShape.length, true);
  file.set(wrongShape, 4);
  assert.throws(() => decodeShippedVectors(file), /lacks the model/);
});
