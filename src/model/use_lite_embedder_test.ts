import { strict as assert } from "node:assert";
import { JobseekError } from "../domain/errors.ts";
import { createUseLiteEmbedder } from "./use_lite_embedder.ts";
import { faultyPooledEmbedder, WORKER_FAULTS } from "./testdata/faulty_embedder.ts";

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

Deno.test("createUseLiteEmbedder() fails a call whose worker dies or fails midway, naming why", async () => {
  // 100 texts in slices of 32 over 2 workers: each serves a slice, then fails on its next.
  const texts = Array.from({ length: 100 }, (_, i) => `night shift nurse ${i}`);
  for (const [mode, message] of WORKER_FAULTS) {
    const pooled = await faultyPooledEmbedder(mode);
    try {
      await assert.rejects(
        pooled.embed(texts),
        (error: Error) => error instanceof JobseekError && message.test(error.message),
        mode,
      );
    } finally {
      pooled.close();
    }
  }
});

Deno.test("createUseLiteEmbedder() starts fresh workers for the call after one that failed", async () => {
  const texts = Array.from({ length: 40 }, (_, i) => `forklift driver ${i}`);
  // One slice per worker succeeds: a fresh pool of faulty workers serves 40 texts on 2 workers.
  const pooled = await faultyPooledEmbedder("reply");
  try {
    const many = Array.from({ length: 100 }, (_, i) => `cook ${i}`);
    await assert.rejects(pooled.embed(many), /model exploded/);
    const vectors = await pooled.embed(texts);
    assert.equal(vectors.length, 40);
    for (const v of vectors) assert.ok(Math.abs(dot(v, v) - 1) < 1e-4);
  } finally {
    pooled.close();
  }
});
