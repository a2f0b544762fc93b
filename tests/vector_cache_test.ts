import { strict as assert } from "node:assert";
import type { Embedder } from "../src/model/embedder.ts";
import { modelEmbedder, testEmbedder } from "./helpers.ts";
import { openVectorCache } from "./vector_cache.ts";

const TITLES = [
  "Registered Nurse - Intensive Care Unit",
  "Senior Software Engineer",
  "CDL-A Truck Driver",
  "Staff Accountant",
  "Barista (part time)",
];

/** The real model, counting the texts it is asked for. */
async function countingEmbedder(): Promise<Embedder & { embedded: string[] }> {
  const real = await testEmbedder();
  const embedded: string[] = [];
  return {
    model: real.model,
    dimensions: real.dimensions,
    embedded,
    embed(texts) {
      embedded.push(...texts);
      return real.embed(texts);
    },
  };
}

async function onlyFile(dir: string): Promise<string> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(dir)) names.push(entry.name);
  assert.equal(names.length, 1, names.join(", "));
  return `${dir}/${names[0]}`;
}

Deno.test("openVectorCache() gives the model's own vectors, from the file once saved", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const model = await countingEmbedder();
    const expected = await (await testEmbedder()).embed(TITLES);

    const first = await openVectorCache(model, dir);
    assert.deepEqual(await first.embed(TITLES), expected);
    assert.deepEqual(model.embedded, TITLES);
    await first.save();

    model.embedded.length = 0;
    const second = await openVectorCache(model, dir);
    const checked = model.embedded.length;
    assert.ok(checked > 0, "a sample of the file is embedded afresh");
    assert.deepEqual(await second.embed([...TITLES, TITLES[0]]), [...expected, expected[0]]);
    assert.equal(model.embedded.length, checked, "the rest comes from the file");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("openVectorCache() drops a file whose vectors the model no longer gives", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const model = await countingEmbedder();
    const expected = await (await testEmbedder()).embed(TITLES);
    const first = await openVectorCache(model, dir);
    await first.embed(TITLES);
    await first.save();
    // As if the embedder had changed under the same name: every stored float flipped in sign.
    const path = await onlyFile(dir);
    const bytes = await Deno.readFile(path);
    const headerLength = new DataView(bytes.buffer).getUint32(0, true);
    const floats = new Float32Array(bytes.buffer, 4 + headerLength);
    for (let k = 0; k < floats.length; k++) floats[k] = -floats[k];
    await Deno.writeFile(path, bytes);

    model.embedded.length = 0;
    const second = await openVectorCache(model, dir);
    assert.deepEqual(await second.embed(TITLES), expected);
    assert.ok(TITLES.every((title) => model.embedded.includes(title)), "all embedded afresh");

    // A file cut short (a run killed while writing it in place) is no file.
    await Deno.writeFile(path, bytes.subarray(0, 100));
    model.embedded.length = 0;
    const third = await openVectorCache(model, dir);
    assert.deepEqual(await third.embed(TITLES), expected);
    assert.deepEqual(model.embedded, TITLES);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("openVectorCache() keeps what another process saved since it read the file", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const model = await countingEmbedder();
    // Two test files open the same (empty) file, then each saves the titles it embedded.
    const first = await openVectorCache(model, dir);
    const second = await openVectorCache(model, dir);
    await first.embed(TITLES.slice(0, 2));
    await first.save();
    await second.embed(TITLES.slice(2));
    await second.save();

    model.embedded.length = 0;
    const third = await openVectorCache(model, dir);
    const checked = model.embedded.length;
    assert.deepEqual(await third.embed(TITLES), await (await testEmbedder()).embed(TITLES));
    assert.equal(model.embedded.length, checked, "every title comes from the file");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("testEmbedder() gives the model's vectors, each caller its own copy", async () => {
  const model = await modelEmbedder();
  const kept = await testEmbedder();
  const texts = ["Registered Nurse", "Staff Accountant", "Registered Nurse"];
  const first = await kept.embed(texts);
  assert.deepEqual(first, await model.embed(texts));
  first[0].fill(0);
  const again = await kept.embed(texts);
  assert.deepEqual(again, await model.embed(texts));
  assert.notEqual(again[0], again[2], "one array handed out twice");
});
