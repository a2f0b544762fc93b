import { strict as assert } from "node:assert";
import { createUseLiteEmbedder } from "./embedder.ts";

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

Deno.test("createUseLiteEmbedder() embeds texts as 512-d unit vectors, one per text", async () => {
  const embedder = await createUseLiteEmbedder({ workers: 0 });
  assert.equal(embedder.dimensions, 512);
  const vectors = await embedder.embed(["registered nurse", "", "software developer"]);
  assert.equal(vectors.length, 3);
  for (const v of vectors) {
    assert.equal(v.length, 512);
    assert.ok(Math.abs(dot(v, v) - 1) < 1e-4);
  }
  assert.deepEqual(await embedder.embed([]), []);
});

Deno.test("createUseLiteEmbedder() puts related job titles closer than unrelated ones", async () => {
  const embedder = await createUseLiteEmbedder({ workers: 0 });
  const [programmer, developer, nurse, cook] = await embedder.embed([
    "computer programmer",
    "software developer",
    "registered nurse",
    "line cook",
  ]);
  assert.ok(dot(programmer, developer) > dot(programmer, nurse));
  assert.ok(dot(programmer, developer) > dot(programmer, cook));
});

Deno.test("createUseLiteEmbedder() gives the same vectors on worker threads as in-process", async () => {
  const texts = Array.from({ length: 40 }, (_, i) => `warehouse associate shift ${i}`);
  const inline = await (await createUseLiteEmbedder({ workers: 0 })).embed(texts);
  const pooled = await createUseLiteEmbedder({ workers: 2, workerThreshold: 1 });
  const spread = await pooled.embed(texts);
  pooled.close();
  assert.equal(spread.length, texts.length);
  for (let i = 0; i < texts.length; i++) {
    assert.ok(dot(inline[i], spread[i]) > 0.9999, `text ${i} differs`);
  }
});
