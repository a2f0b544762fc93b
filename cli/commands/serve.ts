import { Command } from "@commander-js/extra-typings";
import { createLogger } from "../../src/log.ts";
import { type CliIo, lineWriter } from "../io.ts";
import { BUNDLED_POSTINGS } from "../bundled_postings.ts";
import { modelProgress } from "../model_progress.ts";
import { kvOption, modelOption, noSeedOption, resolveCommandConfig } from "../resolve_config.ts";

/**
 * `jobseek serve`: the HTTP server. Flags override the environment variables they name. It runs
 * until the server ends or a stop signal (SIGINT, SIGTERM) has closed it.
 */
export function serveCommand(io: CliIo) {
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
      const { config } = await resolveCommandConfig(command, io);
      const { startServer } = await import("../../src/runtime.ts");
      const logger = createLogger({
        level: config.logLevel,
        write: lineWriter(io.stderr),
      });
      const fetching = modelProgress(io.stderr);
      const started = await startServer(config, logger, {
        onModelProgress: fetching.onProgress,
        seedFile: BUNDLED_POSTINGS,
      });
      started.runtime.embedder.finally(fetching.finish).catch(() => {});
      if (started.bootstrapKey) {
        const note = "No API keys existed, so one was created. It is shown only this once:\n" +
          `  x-api-key: ${started.bootstrapKey}\n` +
          "Create more with `jobseek keys create --name NAME`.\n";
        io.stdout.writeSync(note);
      }
      // A stop signal closes the server and ends the run (exit 0) once it is closed, whatever was
      // still running.
      const stopped = Promise.withResolvers<void>();
      let stopping = false;
      const stopListening = io.onStopSignal(() => {
        stopping = true;
        logger.info("shutting down");
        // Closed or failing to close, the run ends: exit 0, as a stopped server does.
        started.close().then(stopped.resolve, stopped.resolve);
      });
      try {
        await Promise.race([
          (async () => {
            await started.runtime.ready.catch(() => {});
            await started.server.finished;
          })(),
          stopped.promise,
        ]);
        if (stopping) await stopped.promise;
      } finally {
        stopListening();
      }
    });
}
