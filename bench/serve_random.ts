/**
 * `jobseek serve` with `bench:scale`'s random word vectors (`--random-vectors`) instead of the
 * model, so that a store published by the bench with them is served as it is (the configured model
 * would rebuild it first). Everything else is the product's own server, search processes included
 * (`JOBSEEK_SEARCH_PROCESSES`): each is this script again. Settings come from the environment.
 *
 * @module
 */
import { runServer } from "../cli/commands/serve.ts";
import { processIo } from "../cli/process_io.ts";
import { loadConfig } from "../src/config.ts";
import { findModel } from "../src/model/catalog.ts";
import { randomVectorEmbedder } from "./scale.ts";

if (import.meta.main) {
  const io = processIo();
  const config = loadConfig(io.env);
  await runServer(io, config, io.env, {
    entry: [import.meta.filename!],
    embedder: () =>
      Promise.resolve({ ...randomVectorEmbedder(), spec: findModel(config.model), close() {} }),
  });
  Deno.exit(0);
}
