import { Command } from "@commander-js/extra-typings";
import { createLogger } from "../../src/log.ts";
import { DEFAULT_MODEL_ID, MODELS } from "../../src/model/catalog.ts";
import { openConfiguredEmbedder } from "../../src/model/open_embedder.ts";
import { checkModelFiles } from "../../src/model/obtain_model.ts";
import { openOccupations } from "../../src/search/occupations.ts";
import { type CliIo, lineWriter } from "../io.ts";
import { modelProgress } from "../model_progress.ts";
import { modelDirOption, modelOption, resolveCommandConfig } from "../resolve_config.ts";

/** `jobseek model list|fetch`: the embedding models, and fetching one ahead of a start. */
export function modelCommand(io: CliIo) {
  const print = (text: string) => io.stdout.write(`${text}\n`);
  const model = new Command("model").description(
    "Embedding models: list them, or fetch and verify one ahead of `serve` (JOBSEEK_MODEL, JOBSEEK_MODEL_DIR).",
  );
  model.command("list")
    .description("List the known models, the default, and whether each is in the model folder.")
    .addOption(modelDirOption())
    .action(async (_options, command) => {
      const { config } = await resolveCommandConfig(command, io);
      await print(`model folder: ${config.modelDir}`);
      for (const spec of MODELS) {
        let state = "ships with jobseek";
        if (spec.kind === "onnx") {
          const missing = await checkModelFiles(spec, `${config.modelDir}/${spec.id}`);
          state = missing.length === 0
            ? "fetched, verified"
            : `not fetched (${missing.map((f) => f.name).join(", ")})`;
        }
        const marks = [spec.id === DEFAULT_MODEL_ID ? "default" : "", state].filter(Boolean);
        await print(`${spec.id.padEnd(16)} ${spec.description}; ${marks.join("; ")}`);
      }
    });
  model.command("fetch")
    .description(
      "Fetch the model into the model folder and verify every file's sha256; fails instead of falling back.",
    )
    .addOption(modelOption(`model to fetch (JOBSEEK_MODEL, default ${DEFAULT_MODEL_ID})`))
    .addOption(modelDirOption())
    .action(async (_options, command) => {
      const { config } = await resolveCommandConfig(command, io);
      const progress = modelProgress(io.stderr);
      const logger = createLogger({
        level: config.logLevel,
        write: lineWriter(io.stderr),
      });
      const embedder = await openConfiguredEmbedder(config, {
        logger,
        onProgress: progress.onProgress,
        noFallback: true,
      }).finally(progress.finish);
      const [vector] = await embedder.embed(["registered nurse"]);
      await print(`${config.model}: ready in ${config.modelDir} (${vector.length}-d vectors)`);
      // What a server reads queries with beside the model (docs/search.md, "Occupations in other
      // words"): fetched here too, and embedded by the model (once per model and machine), so
      // that a start needs neither. Without it a server still searches; so a failure is
      // reported, not fatal.
      try {
        if (embedder.spec.kind === "onnx") {
          const occupations = await openOccupations(config, logger, embedder);
          await print(
            occupations
              ? `ESCO occupations: ready in ${config.modelDir} (${occupations.size} occupations${
                occupations.vectorModel ? ", embedded" : ""
              })`
              : "ESCO occupations: could not be fetched (searches go without them)",
          );
        }
      } finally {
        embedder.close();
      }
    });
  return model;
}
