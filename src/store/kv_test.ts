import { strict as assert } from "node:assert";
import { silentLogger } from "../log.ts";
import { storeOn } from "./store.ts";

Deno.test("putEmbeddings() writes more than one commit's 1,000 mutations and 800 KB, and every vector reads back", async () => {
  const store = storeOn(await Deno.openKv(":memory:"), { logger: silentLogger });
  try {
    // 1,500 vectors of 384 floats: 1,500 mutations and 2.3 MB.
    const vectors = new Map<string, Float32Array>();
    for (let i = 0; i < 1500; i++) {
      vectors.set(`h${i}`, Float32Array.from({ length: 384 }, (_, j) => i + j / 1000));
    }
    await store.embeddings.putEmbeddings("model-a", vectors);
    const read = await store.embeddings.getEmbeddings("model-a", [...vectors.keys()]);
    assert.equal(read.size, 1500);
    for (const [hash, vector] of vectors) assert.deepEqual(read.get(hash), vector, hash);
  } finally {
    store.close();
  }
});
