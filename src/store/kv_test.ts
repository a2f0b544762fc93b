import { strict as assert } from "node:assert";
import fc from "fast-check";
import { silentLogger } from "../log.ts";
import { KvAccess } from "./kv.ts";
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
    const buffers = new Set<ArrayBufferLike>();
    for (const [hash, vector] of vectors) {
      assert.deepEqual(read.get(hash), vector, hash);
      // Each vector its own whole buffer: a caller may keep one without holding any other.
      const { buffer, byteOffset, byteLength } = read.get(hash)!;
      assert.deepEqual([byteOffset, byteLength], [0, buffer.byteLength], hash);
      buffers.add(buffer);
    }
    assert.equal(buffers.size, 1500);
  } finally {
    store.close();
  }
});

/**
 * A real KV whose listings fail with "database is locked" once each time the entries they have
 * returned in all reach one of `failAt`: what a listing meets while another process writes.
 */
function listingsBusyAt(kv: Deno.Kv, failAt: Set<number>): Deno.Kv {
  let returned = 0;
  return new Proxy(kv, {
    get(target, property) {
      if (property === "list") {
        return (selector: Deno.KvListSelector, options?: Deno.KvListOptions) => {
          const inner = target.list(selector, options);
          const listing = {
            get cursor() {
              return inner.cursor;
            },
            async next() {
              if (failAt.delete(returned)) throw new Error("database is locked");
              const result = await inner.next();
              if (!result.done) returned++;
              return result;
            },
            [Symbol.asyncIterator]() {
              return listing;
            },
          };
          return listing;
        };
      }
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

Deno.test("a listing that meets a busy database resumes where it was: every key once, in order, within its limit", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const keys = Array.from({ length: 60 }, (_, i) => ["jobs", `id-${String(i).padStart(3, "0")}`]);
    for (const key of keys) await kv.set(key, 1);
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.nat({ max: 60 }), { maxLength: 5 }),
        fc.integer({ min: 1, max: 25 }),
        fc.option(fc.integer({ min: 1, max: 70 }), { nil: undefined }),
        async (failures, batchSize, limit) => {
          const failAt = new Set(failures);
          const access = new KvAccess(listingsBusyAt(kv, failAt), silentLogger);
          const listed: Deno.KvKey[] = [];
          for await (const key of access.listKeys({ prefix: ["jobs"] }, { batchSize, limit })) {
            listed.push(key);
          }
          assert.deepEqual(listed, keys.slice(0, limit));
          // Every failure before the listing's end was met (and retried).
          assert.ok([...failAt].every((at) => at >= listed.length), JSON.stringify([...failAt]));
        },
      ),
      { numRuns: 30 },
    );
  } finally {
    kv.close();
  }
});
