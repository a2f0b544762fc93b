/**
 * Every tool the server offers. The spec fixes the set: exactly `search_jobs` and `list_cities`.
 *
 * @module
 */
// @ts-types="@modelcontextprotocol/sdk/server/mcp"
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { registerSearchJobsTool } from "./search_jobs.ts";
import { registerListCitiesTool } from "./list_cities.ts";
import type { ToolDeps } from "./tool_context.ts";

export type { ToolDeps } from "./tool_context.ts";
export { SEARCH_JOBS } from "./search_jobs.ts";
export { LIST_CITIES } from "./list_cities.ts";

/** Registers all tools on `server`. */
export function registerTools(server: McpServer, deps: ToolDeps): void {
  registerSearchJobsTool(server, deps);
  registerListCitiesTool(server, deps);
}
