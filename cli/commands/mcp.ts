import { Command } from "@commander-js/extra-typings";
import type { SearchService } from "../../src/domain/service.ts";
import { createLogger } from "../../src/log.ts";
import { BUNDLED_POSTINGS, BUNDLED_VECTORS } from "../bundled_postings.ts";
import { type CliIo, lineWriter } from "../io.ts";
import { storeName } from "../store_location.ts";
import { kvOption, modelOption, noSeedOption, resolveCommandConfig } from "../resolve_config.ts";

/**
 * `jobseek mcp` (also `deno task stdio`): MCP over stdio on the local store, for desktop agents.
 * stdout carries the protocol only; logs go to stderr. The protocol is the process's own stdin
 * and stdout (src/mcp/stdio.ts), whatever `io` holds: this command is a process for an agent to
 * start, so it is tested as one (tests/mcp_stdio_test.ts). Its settings and logs are the run's.
 */
export function mcpCommand(io: CliIo) {
  return new Command("mcp")
    .description("Serve the MCP tools (search_jobs, list_cities) over stdio on the local store.")
    .addOption(kvOption())
    .addOption(noSeedOption())
    .addOption(modelOption())
    .action(async (_options, command) => {
      // First, before anything loads that might print.
      const { keepStdoutForProtocol, serveStdio } = await import("../../src/mcp/stdio.ts");
      keepStdoutForProtocol();
      const { config } = await resolveCommandConfig(command, io);
      const logger = createLogger({
        level: config.logLevel,
        write: lineWriter(io.stderr),
      });
      const { openRuntime } = await import("../../src/runtime.ts");
      const runtime = await openRuntime(config, logger, {
        seedFile: BUNDLED_POSTINGS,
        seedVectors: BUNDLED_VECTORS,
      });
      // A desktop agent calls a tool right after starting us: let the call wait for the index
      // instead of failing with "not ready". If loading fails, the service reports that itself.
      const ready = runtime.ready.catch(() => {});
      const service: SearchService = {
        isReady: () => runtime.service.isReady(),
        search: async (query) => {
          await ready;
          return runtime.service.search(query);
        },
        listCities: async (options) => {
          await ready;
          return runtime.service.listCities(options);
        },
        getJob: (jobUrl) => runtime.service.getJob(jobUrl),
      };
      try {
        await serveStdio({ service, logger, store: storeName(config.kvLocation, io.cwd) });
      } finally {
        runtime.close();
      }
    });
}
