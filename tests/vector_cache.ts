/**
 * The real model's vectors kept on disk between test processes. The suites that index every real
 * posting (tests/filter_property_test.ts, tests/search_filters_test.ts) embedded the same 4,600
 * distinct titles each time: 18 s apiece on 2 cores, against 0.1 s to read them back.
 *
 * A vector read back is trusted only as far as it is checked: the file is named after what makes
 * the vectors (the model's stamp, the source of src/model/, the ONNX Runtime and tokenizer
 * versions), and each process embeds a sample of what it read afresh (the longest texts and a
 * spread of the rest) and drops the whole file when one vector differs. Queries never come from
 * here.
 *
 * @module
 */
import { sha256Hex } from "../src/crypto.ts";
import type { Embedder } from "../src/model/embedder.ts";

/** An embedder that answers from the file what it holds, and the real model for the rest. */
export interface CachingEmbedder extends Embedder {
  /** Writes the file when the model made vectors since it was read; a failed write is let go. */
  save(): Promise<void>;
}

/** Texts embedded afresh per process to check the file. */
const SAMPLE_SIZE = 16;
/** On one machine the same text gives the same vector to the bit, batched or not (measured). */
const TOLERANCE = 1e-5;

/**
 * Names the file after everything that decides the vectors besides the text: the model's stamp,
 * the source of src/model/ (tokenizing, pooling, the fallback) and the runtime versions.
 */
async function fingerprint(model: string): Promise<string> {
  const dir = new URL("../src/model/", import.meta.url);
  const sources: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isFile && /(?<!_test)\.ts$/.test(entry.name)) sources.push(entry.name);
  }
  const hashes = await Promise.all(
    sources.sort().map(async (name) => sha256Hex(await Deno.readTextFile(new URL(name, dir)))),
  );
  const config = await Deno.readTextFile(new URL("../deno.json", import.meta.url));
  const imports = JSON.parse(config).imports as Record<string, string>;
  const runtime = ["onnxruntime-node", "@huggingface/tokenizers"].map((name) => imports[name]);
  return sha256Hex(JSON.stringify([model, hashes, runtime])).slice(0, 24);
}

// Layout: u32 length of a JSON array of the texts (space-padded so the floats are aligned), the
// array, then each text's vector in the array's order.
async function readVectors(path: string, dimensions: number): Promise<Map<string, Float32Array>> {
  const vectors = new Map<string, Float32Array>();
  try {
    const bytes = await Deno.readFile(path);
    const headerLength = new DataView(bytes.buffer).getUint32(0, true);
    const texts: string[] = JSON.parse(
      new TextDecoder().decode(bytes.subarray(4, 4 + headerLength)),
    );
    const data = new Float32Array(bytes.buffer, 4 + headerLength);
    if (data.length !== texts.length * dimensions) return vectors;
    texts.forEach((text, i) => vectors.set(text, data.slice(i * dimensions, (i + 1) * dimensions)));
  } catch {
    // No file yet, or one cut short by a killed run: embed afresh.
    vectors.clear();
  }
  return vectors;
}

async function writeVectors(
  path: string,
  vectors: Map<string, Float32Array>,
  dimensions: number,
): Promise<void> {
  const texts = [...vectors.keys()];
  const header = new TextEncoder().encode(JSON.stringify(texts));
  const headerLength = header.length + (4 - (header.length % 4)) % 4;
  const bytes = new Uint8Array(4 + headerLength + texts.length * dimensions * 4);
  new DataView(bytes.buffer).setUint32(0, headerLength, true);
  bytes.fill(0x20, 4, 4 + headerLength);
  bytes.set(header, 4);
  const data = new Float32Array(bytes.buffer, 4 + headerLength);
  texts.forEach((text, i) => data.set(vectors.get(text)!, i * dimensions));
  // Written aside and renamed: a reader sees the old file or the new one. The aside is this
  // writer's own: under `deno test --parallel` test files run side by side in one process, and
  // two of them writing one aside could rename the other's half-written file into place.
  const partial = `${path}.${Deno.pid}.${crypto.randomUUID()}.partial`;
  await Deno.writeFile(partial, bytes);
  await Deno.rename(partial, path);
}

function sameVector(a: Float32Array, b: Float32Array): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (Math.abs(a[k] - b[k]) > TOLERANCE) return false;
  return true;
}

/** `embedder` with its vectors kept in `dir`, once the file there has passed the sample check. */
export async function openVectorCache(embedder: Embedder, dir: string): Promise<CachingEmbedder> {
  const { model, dimensions } = embedder;
  const path = `${dir}/${await fingerprint(model)}.vectors`;
  const vectors = await readVectors(path, dimensions);
  let changed = false;
  /** The file failed the check: nothing of it is written back. */
  let dropped = false;
  if (vectors.size > 0) {
    const texts = [...vectors.keys()];
    const longest = texts.toSorted((a, b) => b.length - a.length).slice(0, SAMPLE_SIZE / 2);
    const step = Math.max(1, Math.floor(texts.length / (SAMPLE_SIZE / 2)));
    const spread = texts.filter((_, i) => i % step === 0).slice(0, SAMPLE_SIZE / 2);
    const sample = [...new Set([...longest, ...spread])];
    const fresh = await embedder.embed(sample);
    if (!sample.every((text, i) => sameVector(fresh[i], vectors.get(text)!))) {
      vectors.clear();
      changed = true;
      dropped = true;
    }
  }
  return {
    model,
    dimensions,
    async embed(texts) {
      const missing = [...new Set(texts.filter((text) => !vectors.has(text)))];
      if (missing.length > 0) {
        const fresh = await embedder.embed(missing);
        missing.forEach((text, i) => vectors.set(text, fresh[i]));
        changed = true;
      }
      // Copies: a caller may keep or change what it is given.
      return texts.map((text) => vectors.get(text)!.slice());
    },
    async save() {
      if (!changed) return;
      try {
        await Deno.mkdir(dir, { recursive: true });
        // Test files run side by side and each saves what it added: keep what others saved since
        // this one read the file, or the last to save would drop their vectors for the next run.
        // (Written only: this process answers only from what it read and checked, or embedded.)
        const merged = new Map(vectors);
        for (const [text, vector] of dropped ? [] : await readVectors(path, dimensions)) {
          if (!merged.has(text)) merged.set(text, vector);
        }
        await writeVectors(path, merged, dimensions);
        changed = false;
      } catch {
        // A read-only cache folder costs the next run its 18 s, nothing else.
      }
    },
  };
}
