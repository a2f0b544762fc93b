/**
 * The ESCO occupations a search uses to read a query that names an occupation in other words
 * (src/index/occupation_labels.ts), obtained like the model's files (src/model/occupation_data.ts).
 *
 * @module
 */
import { keptCopyKey, writeKeptCopy } from "../places/kept_copy.ts";
import type { Logger } from "../log.ts";
import { type Occupation, OccupationLabels, parseOccupations } from "../index/occupation_labels.ts";
import {
  cachedTextVectors,
  obtainOccupationFile,
  readCachedTextVectors,
  type TextEmbedder,
} from "../model/occupation_data.ts";

/** Where the model's files are kept and may come from (src/config.ts). */
export interface OccupationSettings {
  readonly modelDir: string;
  readonly modelSource?: string;
}

/** The occupations as a server holds them: their labels at once, their meaning when embedded. */
export interface OpenedOccupations {
  readonly labels: OccupationLabels;
  /**
   * Settles once `labels` find occupations by meaning too (true), or will not (false, after one
   * warning): at once when the vectors were kept, else after the first embedding on this machine.
   */
  readonly byMeaning: Promise<boolean>;
}

/**
 * The occupations, fetched on first need; null (after one warning) when they cannot be had. With
 * an `embedder` (the server's), their labels and description sentences are embedded too (once per
 * model and machine, then read back), so that a query can find an occupation by meaning
 * (`OccupationLabels.nearest`); without it, or when that fails (one warning), by its labels alone.
 *
 * Returns once the labels are read and, when this machine keeps their vectors, those too; a first
 * embedding (12-30 s) goes on behind it, and `labels` gain their vectors when it ends, so that a
 * server serves meanwhile with the labels alone.
 */
export async function loadOccupations(
  settings: OccupationSettings,
  logger: Logger,
  embedder?: TextEmbedder,
  options: {
    /** Stops a first embedding between two of its batches. */
    signal?: AbortSignal;
    /**
     * A server's start, which a first embedding waits for (it must not slow the start down) and
     * then runs beside the server's searches, paced (`cachedTextVectors`).
     */
    embedAfter?: Promise<unknown>;
  } = {},
): Promise<OpenedOccupations | null> {
  const { signal } = options;
  const file = await obtainOccupationFile(
    { modelDir: settings.modelDir, modelSource: settings.modelSource },
    logger,
  );
  if (file === null) return null;
  let occupations: Occupation[];
  try {
    occupations = await readOccupations(file);
  } catch (error) {
    logger.warn("Cannot obtain the ESCO occupations; queries are searched without them", {
      reason: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
  const labels = new OccupationLabels(occupations);
  if (!embedder) return { labels, byMeaning: Promise.resolve(ready(labels, logger)) };
  const texts = labels.meaningTexts();
  const all = [...texts.labels, ...texts.sentences];
  const withVectors = (vectors: Float32Array) => {
    const half = texts.labels.length * embedder.dimensions;
    labels.withVectors({
      model: embedder.model,
      dimensions: embedder.dimensions,
      labels: vectors.subarray(0, half),
      sentences: vectors.subarray(half),
    });
    return ready(labels, logger);
  };
  const cannot = (error: unknown) => {
    if (!signal?.aborted) {
      logger.warn("Cannot embed the ESCO occupations; queries find them by their labels alone", {
        reason: error instanceof Error ? error.message : String(error),
      });
    }
    return false;
  };
  try {
    const kept = await readCachedTextVectors(settings, embedder, all);
    if (kept) return { labels, byMeaning: Promise.resolve(withVectors(kept)) };
  } catch (error) {
    return { labels, byMeaning: Promise.resolve(cannot(error)) };
  }
  const byMeaning = Promise.resolve(options.embedAfter).catch(() => {}).then(() =>
    cachedTextVectors(settings, embedder, all, logger, {
      signal,
      paced: options.embedAfter !== undefined,
    })
  ).then(withVectors, cannot);
  return { labels, byMeaning };
}

function ready(labels: OccupationLabels, logger: Logger): boolean {
  logger.info("ESCO occupations ready", {
    occupations: labels.size,
    by_meaning: labels.vectorModel !== null,
  });
  return labels.vectorModel !== null;
}

/**
 * The occupations with their vectors (`loadOccupations`, waiting for a first embedding), for the
 * commands and benches that need them whole before they go on.
 */
export async function openOccupations(
  settings: OccupationSettings,
  logger: Logger,
  embedder?: TextEmbedder,
): Promise<OccupationLabels | null> {
  const opened = await loadOccupations(settings, logger, embedder);
  if (!opened) return null;
  await opened.byMeaning;
  return opened.labels;
}

/**
 * The modules whose code decides what `readOccupations` returns: a kept copy is made for their
 * source as it is.
 */
export const OCCUPATION_SOURCES = ["./occupations.ts", "../index/occupation_labels.ts"];

/**
 * Where the kept copy of the occupations read from `file` is, and the key it must carry: the data
 * file's path, size and time of change, and the source of `OCCUPATION_SOURCES`. Null when the code
 * is not read from files (the copy could not be told stale).
 */
export function keptOccupationsCopy(file: string): { path: string; key: string } | null {
  const key = keptCopyKey(
    file,
    OCCUPATION_SOURCES.map((source) => new URL(source, import.meta.url)),
  );
  return key === null ? null : { path: `${file}.jobseek-occupations.json`, key };
}

/**
 * The occupations of the pinned file (`parseOccupations`), from the copy kept beside it when that
 * was made from this file by this code, else parsed (and the copy written for the next process).
 * Parsing the 2.9 MB of CSV took 90-110 ms of a server start's 1.0-1.2 CPU-seconds; the copy reads
 * in about a tenth of that (docs/testing.md, "session 24").
 */
export async function readOccupations(file: string): Promise<Occupation[]> {
  const kept = keptOccupationsCopy(file);
  if (kept) {
    try {
      const copy = JSON.parse(await Deno.readTextFile(kept.path));
      if (copy?.key === kept.key && Array.isArray(copy.occupations)) return copy.occupations;
    } catch {
      // No copy yet, or one this process cannot read: parse.
    }
  }
  const occupations = parseOccupations(await Deno.readTextFile(file));
  if (kept) writeKeptCopy(kept.path, JSON.stringify({ key: kept.key, occupations }));
  return occupations;
}
