import { Command } from "@commander-js/extra-typings";
import { createLogger } from "../../src/log.ts";
import { modelProgress } from "../model_progress.ts";
import { kvOption, modelOption, noSeedOption, resolveCommandConfig } from "../resolve_config.ts";

/** `jobseek serve`: the HTTP server. Flags override the environment variables they name. */
export function serveCommand() {
  return new Command("serve")
    .description("Run the HTTP server: REST API, MCP endpoint and OAuth metadata.")
    .option("--port <port>", "port to listen on (PORT, default 8000)")
    .option("--hostname <host>", "interface to bind (HOSTNAME, default 0.0.0.0)")
    .addOption(kvOption())
    .option("--public-url <url>", "base URL used in OAuth metadata (JOBSEEK_PUBLIC_URL)")
    .option("--no-bootstrap-key", "do not create a key when none exists (JOBSEEK_BOOTSTRAP_KEY=0)")
    .addOption(noSeedOption())
    .addOption(modelOption())
    .option(
      "--max-connections <n>",
      "most client connections at once (JOBSEEK_MAX_CONNECTIONS, default from ulimit -n)",
    )
    .action(async (_options, command) => {
      const { config } = await resolveCommandConfig(command);
      const { startServer } = await import("../../src/runtime.ts");
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
