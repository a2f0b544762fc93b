/**
 * Sentence embeddings from a BERT-style ONNX model (all-MiniLM-L6-v2 and its kin): WordPiece
 * tokens from the model's own `tokenizer.json`, ONNX Runtime's native CPU kernels, mean pooling
 * over the attention mask and L2 normalisation, exactly as sentence-transformers does it.
 *
 * @module
 */
import * as ort from "onnxruntime-node";
import { Tokenizer } from "@huggingface/tokenizers";
import { JobseekError } from "../domain/errors.ts";
import type { Embedder } from "./embedder.ts";

export interface OnnxEmbedderOptions {
  /** Folder holding `model.onnx`, `tokenizer.json` and `tokenizer_config.json`. */
  dir: string;
  /** The name vectors are cached and snapshots are stamped with. */
  model: string;
  dimensions: number;
  /**
   * Word pieces kept per text, special tokens included. Job titles are 5-20 pieces; the model
   * was trained on at most 128, and attention costs grow with the square of the length.
   */
  maxTokens?: number;
  /**
   * Texts per model call. Texts are sorted by length first, so a batch pads little; measured on
   * 2 cores, throughput no longer grows past 64.
   */
  batchSize?: number;
  /** Threads ONNX Runtime uses inside one call. Default: one per core. */
  threads?: number;
}

/** An embedder that holds a native session: `close()` frees it (settled once it is freed). */
export interface OnnxEmbedder extends Embedder {
  close(): Promise<void> | void;
}

/**
 * Waits for a timer, so the event loop goes idle between two of the model's batches. Each batch is
 * one synchronous call (`session.run` wraps it in a `setImmediate`), and a loop that always has an
 * immediate to run never stops to poll its sockets: while a push's 1,000 titles were embedded on a
 * serving process (about 16 batches), searches waited until the last batch for their bytes and KV
 * replies, 1.5-3.5 s at load 10, though timers still fired (docs/scaling.md, "Searches while a push
 * is stored (session 19, 2026-11-29)"). A timer lets it poll, between batches only: a query's one
 * text pays nothing.
 */
function betweenBatches(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

interface EncodedText {
  ids: number[];
  index: number;
}

/** Loads the model and tokenizer from `dir`; throws when either is missing or unreadable. */
export async function createOnnxEmbedder(options: OnnxEmbedderOptions): Promise<OnnxEmbedder> {
  const { dir, model, dimensions } = options;
  const maxTokens = options.maxTokens ?? 128;
  const batchSize = options.batchSize ?? 64;
  const threads = options.threads ?? navigator.hardwareConcurrency ?? 1;
  let tokenizer: Tokenizer;
  let session: ort.InferenceSession;
  try {
    const [tokenizerJson, tokenizerConfig] = await Promise.all([
      Deno.readTextFile(`${dir}/tokenizer.json`).then(JSON.parse),
      Deno.readTextFile(`${dir}/tokenizer_config.json`).then(JSON.parse),
    ]);
    tokenizer = new Tokenizer(tokenizerJson, tokenizerConfig);
    session = await ort.InferenceSession.create(`${dir}/model.onnx`, {
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      graphOptimizationLevel: "all",
      // Spinning threads burn a core each while they wait for work: on 2 shared cores that cost
      // 30-45% more CPU and as much wall time per call, and the vectors are the same to the bit
      // (docs/testing.md, "Where the suite's time goes").
      extra: { session: { intra_op: { allow_spinning: "0" }, inter_op: { allow_spinning: "0" } } },
    });
  } catch (error) {
    throw new JobseekError("INTERNAL_ERROR", `Cannot load the embedding model ${model}`, {
      cause: error,
    });
  }
  const usesTokenTypes = session.inputNames.includes("token_type_ids");
  const clsId = tokenizer.token_to_id("[CLS]") ?? 101;
  const sepId = tokenizer.token_to_id("[SEP]") ?? 102;

  const encode = (text: string, index: number): EncodedText => {
    // The model cannot take an empty text usefully; a blank one embeds as [CLS] [SEP].
    const ids = tokenizer.encode(text.trim()).ids;
    if (ids.length > maxTokens) {
      // Keep the start, as sentence-transformers' truncation does, and close with [SEP].
      ids.length = maxTokens - 1;
      ids.push(sepId);
    }
    if (ids.length === 0) ids.push(clsId, sepId);
    return { ids, index };
  };

  const runBatch = async (batch: EncodedText[], out: Float32Array[]) => {
    const width = Math.max(...batch.map((e) => e.ids.length));
    const size = batch.length * width;
    const ids = new BigInt64Array(size);
    const mask = new BigInt64Array(size);
    batch.forEach((encoded, row) => {
      for (let j = 0; j < encoded.ids.length; j++) {
        ids[row * width + j] = BigInt(encoded.ids[j]);
        mask[row * width + j] = 1n;
      }
    });
    const shape = [batch.length, width];
    const feeds: Record<string, ort.Tensor> = {
      input_ids: new ort.Tensor("int64", ids, shape),
      attention_mask: new ort.Tensor("int64", mask, shape),
    };
    if (usesTokenTypes) {
      feeds.token_type_ids = new ort.Tensor("int64", new BigInt64Array(size), shape);
    }
    const result = await session.run(feeds);
    const hidden = result[session.outputNames[0]];
    const data = hidden.data as Float32Array;
    const hiddenSize = hidden.dims[2];
    if (hiddenSize !== dimensions) {
      throw new JobseekError(
        "INTERNAL_ERROR",
        `Cannot embed texts: ${model} gives ${hiddenSize}-d vectors, ${dimensions} expected`,
      );
    }
    batch.forEach((encoded, row) => {
      const vector = new Float32Array(dimensions);
      const tokens = encoded.ids.length;
      for (let t = 0; t < tokens; t++) {
        const base = (row * width + t) * dimensions;
        for (let k = 0; k < dimensions; k++) vector[k] += data[base + k];
      }
      let norm = 0;
      for (let k = 0; k < dimensions; k++) {
        vector[k] /= tokens;
        norm += vector[k] * vector[k];
      }
      norm = Math.sqrt(norm);
      if (norm > 0) { for (let k = 0; k < dimensions; k++) vector[k] /= norm; }
      out[encoded.index] = vector;
    });
    hidden.dispose();
  };

  return {
    model,
    dimensions,
    async embed(texts: string[]): Promise<Float32Array[]> {
      const out: Float32Array[] = new Array(texts.length);
      const encoded = texts.map(encode).sort((a, b) => a.ids.length - b.ids.length);
      for (let i = 0; i < encoded.length; i += batchSize) {
        if (i > 0) await betweenBatches();
        await runBatch(encoded.slice(i, i + batchSize), out);
      }
      return out;
    },
    close() {
      return session.release().catch(() => {});
    },
  };
}
