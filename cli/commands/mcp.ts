import { Command } from "@commander-js/extra-typings";
import { loadConfig } from "../../src/config.ts";
import type { SearchService } from "../../src/domain/service.ts";
import { createLogger } from "../../src/log.ts";
import { keepStdoutForProtocol, serveStdio } from "../../src/mcp/stdio.ts";
import { openRuntime } from "../../src/runtime.ts";

/**
 * `jobseek mcp` (also `deno task stdio`): MCP over stdio on the local store, for desktop agents.
 * stdout carries the protocol only; logs go to stderr.
 */
export function mcpCommand() {
  return new Command("mcp")
    .description("Serve the MCP tools (search_jobs, list_cities) over stdio on the local store.")
    .option("--kv <location>", "Deno KV location: SQLite path or KV Connect URL (JOBSEEK_KV)")
    .option("--no-seed", "do not import the bundled fixtures into an empty store (JOBSEEK_SEED=0)")
    .option("--model <id>", "embedding model (JOBSEEK_MODEL; `jobseek model list` shows them)")
    .action(async (options) => {
      // First, before anything loads that might print.
      keepStdoutForProtocol();
      const env: Record<string, string | undefined> = Deno.env.toObject();
      if (options.kv !== undefined) env.JOBSEEK_KV = options.kv;
      if (!options.seed) env.JOBSEEK_SEED = "0";
      if (options.model !== undefined) env.JOBSEEK_MODEL = options.model;
      const config = loadConfig(env);
      const logger = createLogger({ level: config.logLevel });
      const runtime = await openRuntime(config, logger);
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
        await serveStdio({ service, logger });
      } finally {
        runtime.close();
      }
    });
}
