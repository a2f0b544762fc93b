/**
 * The ESCO occupations a search uses to read a query that names an occupation in other words
 * (src/index/occupation_labels.ts), obtained like the model's files (src/model/occupation_data.ts).
 *
 * @module
 */
import type { Logger } from "../log.ts";
import { OccupationLabels, parseOccupations } from "../index/occupation_labels.ts";
import { cachedTextVectors, obtainOccupationData } from "../model/occupation_data.ts";
import type { Embedder } from "../model/embedder.ts";

/** Where the model's files are kept and may come from (src/config.ts). */
export interface OccupationSettings {
  readonly modelDir: string;
  readonly modelSource?: string;
}

/**
 * The occupations, fetched on first need; null (after one warning) when they cannot be had. With
 * an `embedder` (the server's), their labels and description sentences are embedded too (once per
 * model and machine, then read back), so that a query can find an occupation by meaning
 * (`OccupationLabels.nearest`); without it, or when that fails (one warning), by its labels alone.
 */
export async function openOccupations(
  settings: OccupationSettings,
  logger: Logger,
  embedder?: Embedder,
): Promise<OccupationLabels | null> {
  const text = await obtainOccupationData(
    { modelDir: settings.modelDir, modelSource: settings.modelSource },
    logger,
  );
  if (text === null) return null;
  const labels = new OccupationLabels(parseOccupations(text));
  if (embedder) {
    try {
      const texts = labels.meaningTexts();
      const all = await cachedTextVectors(
        settings,
        embedder,
        [...texts.labels, ...texts.sentences],
        logger,
      );
      const half = texts.labels.length * embedder.dimensions;
      labels.withVectors({
        model: embedder.model,
        dimensions: embedder.dimensions,
        labels: all.subarray(0, half),
        sentences: all.subarray(half),
      });
    } catch (error) {
      logger.warn("Cannot embed the ESCO occupations; queries find them by their labels alone", {
        reason: error instanceof Error ? error.message : String(error),
      });
    }
  }
  logger.info("ESCO occupations ready", {
    occupations: labels.size,
    by_meaning: labels.vectorModel !== null,
  });
  return labels;
}
