import { Command } from "@commander-js/extra-typings";
import { loadConfig } from "../../src/config.ts";
import { createLogger } from "../../src/log.ts";
import { startServer } from "../../src/runtime.ts";
import { modelProgress } from "../model_progress.ts";

/** `jobseek serve`: the HTTP server. Flags override the environment variables they name. */
export function serveCommand() {
  return new Command("serve")
    .description("Run the HTTP server: REST API, MCP endpoint and OAuth metadata.")
    .option("--port <port>", "port to listen on (PORT, default 8000)")
    .option("--hostname <host>", "interface to bind (HOSTNAME, default 0.0.0.0)")
    .option("--kv <location>", "Deno KV location: SQLite path or KV Connect URL (JOBSEEK_KV)")
    .option("--public-url <url>", "base URL used in OAuth metadata (JOBSEEK_PUBLIC_URL)")
    .option("--no-bootstrap-key", "do not create a key when none exists (JOBSEEK_BOOTSTRAP_KEY=0)")
    .option("--no-seed", "do not import the bundled fixtures into an empty store (JOBSEEK_SEED=0)")
    .option("--model <id>", "embedding model (JOBSEEK_MODEL; `jobseek model list` shows them)")
    .option(
      "--max-connections <n>",
      "most client connections at once (JOBSEEK_MAX_CONNECTIONS, default from ulimit -n)",
    )
    .action(async (options) => {
      const env: Record<string, string | undefined> = Deno.env.toObject();
      if (options.port !== undefined) env.PORT = options.port;
      if (options.hostname !== undefined) env.HOSTNAME = options.hostname;
      if (options.kv !== undefined) env.JOBSEEK_KV = options.kv;
      if (options.publicUrl !== undefined) env.JOBSEEK_PUBLIC_URL = options.publicUrl;
      if (!options.bootstrapKey) env.JOBSEEK_BOOTSTRAP_KEY = "0";
      if (!options.seed) env.JOBSEEK_SEED = "0";
      if (options.model !== undefined) env.JOBSEEK_MODEL = options.model;
      if (options.maxConnections !== undefined) {
        env.JOBSEEK_MAX_CONNECTIONS = options.maxConnections;
      }
      const config = loadConfig(env);
      const logger = createLogger({ level: config.logLevel });
      const fetching = modelProgress();
      const started = await startServer(config, logger, { onModelProgress: fetching.onProgress });
      started.runtime.embedder.finally(fetching.finish).catch(() => {});
      if (started.bootstrapKey) {
        const note = "No API keys existed, so one was created. It is shown only this once:\n" +
          `  x-api-key: ${started.bootstrapKey}\n` +
          "Create more with `jobseek keys create --name NAME`.\n";
        Deno.stdout.writeSync(new TextEncoder().encode(note));
      }
      const stop = () => {
        logger.info("shutting down");
        started.close().finally(() => Deno.exit(0));
      };
      Deno.addSignalListener("SIGINT", stop);
      Deno.addSignalListener("SIGTERM", stop);
      await started.runtime.ready.catch(() => {});
      await started.server.finished;
    });
}
