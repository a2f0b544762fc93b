/**
 * The MCP server factory, kept apart from the transports: HTTP builds one per request (stateless
 * mode), stdio builds one per process.
 *
 * @module
 */
// @ts-types="@modelcontextprotocol/sdk/server/mcp"
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { SearchService } from "../domain/service.ts";
import type { Logger } from "../log.ts";
import { registerJobsForMyCvPrompt } from "./prompts/jobs_for_my_cv.ts";
import { registerPostingResource } from "./resources/postings.ts";
import { registerTools } from "./tools/index.ts";

export const SERVER_NAME = "jobseek";
export const SERVER_VERSION = "0.1.0";

const INSTRUCTIONS = "jobseek searches job postings. Call search_jobs with a natural-language " +
  "query and optional filters, or with a person's CV as `profile` (the prompt jobs_for_my_cv " +
  "shows how); call list_cities to learn the exact city names and countries available. Both " +
  "tools only read. Long descriptions are cut to fit your context; read one posting in full as " +
  "the resource jobseek://postings/{job_url}.";

export interface McpServerDeps {
  service: SearchService;
  logger: Logger;
  /** Id for results and logs; defaults to a fresh UUID per call (stdio). */
  requestId?: () => string;
  /** Told about unexpected tool failures (HTTP answers them with a 500). */
  onInternalError?: (error: unknown) => void;
}

/**
 * A server offering `search_jobs` and `list_cities` over `deps.service`, and the prompt
 * `jobs_for_my_cv`, not yet connected.
 */
export function createMcpServer(deps: McpServerDeps): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, title: "jobseek job search", version: SERVER_VERSION },
    { instructions: INSTRUCTIONS },
  );
  registerTools(server, {
    service: deps.service,
    logger: deps.logger,
    requestId: deps.requestId ?? (() => crypto.randomUUID()),
    onInternalError: deps.onInternalError,
  });
  registerPostingResource(server, deps.service);
  registerJobsForMyCvPrompt(server);
  // Registering announces `listChanged: true`; the sets never change, and a stateless server could
  // not send the notification anyway.
  server.server.registerCapabilities({
    tools: { listChanged: false },
    resources: { listChanged: false },
    prompts: { listChanged: false },
  });
  return server;
}
