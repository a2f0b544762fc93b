/**
 * The ESCO occupations a search uses to read a query that names an occupation in other words
 * (src/index/occupation_labels.ts), obtained like the model's files (src/model/occupation_data.ts).
 *
 * @module
 */
import type { Logger } from "../log.ts";
import { OccupationLabels, parseOccupations } from "../index/occupation_labels.ts";
import { obtainOccupationData } from "../model/occupation_data.ts";

/** Where the model's files are kept and may come from (src/config.ts). */
export interface OccupationSettings {
  readonly modelDir: string;
  readonly modelSource?: string;
}

/** The occupations, fetched on first need; null (after one warning) when they cannot be had. */
export async function openOccupations(
  settings: OccupationSettings,
  logger: Logger,
): Promise<OccupationLabels | null> {
  const text = await obtainOccupationData(
    { modelDir: settings.modelDir, modelSource: settings.modelSource },
    logger,
  );
  if (text === null) return null;
  const labels = new OccupationLabels(parseOccupations(text));
  logger.info("ESCO occupations ready", { occupations: labels.size });
  return labels;
}
