import { Command } from "@commander-js/extra-typings";
import { loadConfig } from "../../src/config.ts";
import { createLogger } from "../../src/log.ts";
import { DEFAULT_MODEL_ID, MODELS } from "../../src/model/catalog.ts";
import { openConfiguredEmbedder } from "../../src/model/open_embedder.ts";
import { checkModelFiles } from "../../src/model/obtain_model.ts";
import { modelProgress } from "../model_progress.ts";
import { writeOut } from "../output.ts";

const print = (text: string) => writeOut(`${text}\n`);

function modelEnv(options: { model?: string; modelDir?: string }) {
  const env: Record<string, string | undefined> = Deno.env.toObject();
  if (options.model !== undefined) env.JOBSEEK_MODEL = options.model;
  if (options.modelDir !== undefined) env.JOBSEEK_MODEL_DIR = options.modelDir;
  return env;
}

/** `jobseek model list|fetch`: the embedding models, and fetching one ahead of a start. */
export function modelCommand() {
  const model = new Command("model").description(
    "Embedding models: list them, or fetch and verify one ahead of `serve` (JOBSEEK_MODEL, JOBSEEK_MODEL_DIR).",
  );
  model.command("list")
    .description("List the known models, the default, and whether each is in the model folder.")
    .option("--model-dir <dir>", "where models are kept (JOBSEEK_MODEL_DIR)")
    .action(async (options) => {
      const config = loadConfig(modelEnv(options));
      print(`model folder: ${config.modelDir}`);
      for (const spec of MODELS) {
        let state = "ships with jobseek";
        if (spec.kind === "onnx") {
          const missing = await checkModelFiles(spec, `${config.modelDir}/${spec.id}`);
          state = missing.length === 0
            ? "fetched, verified"
            : `not fetched (${missing.map((f) => f.name).join(", ")})`;
        }
        const marks = [spec.id === DEFAULT_MODEL_ID ? "default" : "", state].filter(Boolean);
        print(`${spec.id.padEnd(16)} ${spec.description}; ${marks.join("; ")}`);
      }
    });
  model.command("fetch")
    .description(
      "Fetch the model into the model folder and verify every file's sha256; fails instead of falling back.",
    )
    .option("--model <id>", `model to fetch (JOBSEEK_MODEL, default ${DEFAULT_MODEL_ID})`)
    .option("--model-dir <dir>", "where models are kept (JOBSEEK_MODEL_DIR)")
    .action(async (options) => {
      const config = loadConfig(modelEnv(options));
      const progress = modelProgress();
      const logger = createLogger({ level: config.logLevel });
      const embedder = await openConfiguredEmbedder(config, {
        logger,
        onProgress: progress.onProgress,
        noFallback: true,
      }).finally(progress.finish);
      const [vector] = await embedder.embed(["registered nurse"]);
      embedder.close();
      print(`${config.model}: ready in ${config.modelDir} (${vector.length}-d vectors)`);
    });
  return model;
}
