/**
 * `search_jobs`: the REST search as an MCP tool. The argument is called `query` (REST: `q`); the
 * other arguments, their rules and the structured result are those of `GET /v1/search`.
 *
 * @module
 */
// @ts-types="@modelcontextprotocol/sdk/server/mcp"
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { type SearchResponse, SearchResponseSchema, toSearchResponse } from "../../domain/job.ts";
import { McpSearchSchema, parseSearchQuery, type SearchQuery } from "../../domain/search_query.ts";
import {
  declaredInputSchema,
  READ_ONLY_HINTS,
  type ToolDeps,
  toolErrorResult,
} from "./tool_context.ts";

export const SEARCH_JOBS = "search_jobs";

export const searchJobsConfig = {
  title: "Search jobs",
  description:
    "Semantic search over job postings. Give a natural-language `query` (keywords or a " +
    "sentence); optionally filter by `city` (exact), `country` (ISO code such as `US`), publish " +
    "time (`since` inclusive, `until` exclusive, UTC) and `source`. Results are newest first, " +
    "then most relevant (`sort: relevance` for relevance only); page with `top_k` and `offset`. " +
    "`detail: full` adds the job descriptions. Use list_cities to find city names.",
  inputSchema: declaredInputSchema(McpSearchSchema),
  outputSchema: SearchResponseSchema,
  annotations: { title: "Search jobs", ...READ_ONLY_HINTS },
};

/** Registers `search_jobs` on `server`. */
export function registerSearchJobsTool(server: McpServer, deps: ToolDeps): void {
  server.registerTool(SEARCH_JOBS, searchJobsConfig, async (args: Record<string, unknown>) => {
    try {
      const query = parseSearchQuery(args, "query");
      const response = toSearchResponse(deps.requestId(), await deps.service.search(query));
      return {
        content: [{ type: "text" as const, text: formatSearchResponse(query, response) }],
        structuredContent: response,
      };
    } catch (error) {
      return toolErrorResult(error, deps, SEARCH_JOBS);
    }
  });
}

/**
 * The text a person (or a model that reads only text) sees: a numbered list, one posting per
 * entry, with a hint for the next page.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const text = formatSearchResponse(
 *   { q: "nurse", top_k: 20, offset: 0, detail: "summary", sort: "date" },
 *   { request_id: crypto.randomUUID(), total: 1, search_time_ms: 3, results: [{
 *     score: 0.8, job_title: "Nurse", company_name: "Clinic", city: "Austin",
 *     publish_time: "2024-05-01 00:00:00", job_url: "https://example.com/1", job_tags: [],
 *     data_source: "indeed",
 *   }] },
 * );
 * assert.match(text, /^1\. Nurse — Clinic, Austin, 2024-05-01 00:00:00$/m);
 * ```
 */
export function formatSearchResponse(query: SearchQuery, response: SearchResponse): string {
  const { total, results } = response;
  if (results.length === 0) {
    return total === 0
      ? `No jobs found for "${query.q}".`
      : `No more jobs for "${query.q}": all ${total} were shown before offset ${query.offset}.`;
  }
  const first = query.offset + 1;
  const last = query.offset + results.length;
  const order = query.sort === "date" ? "newest first" : "most relevant first";
  const lines = [
    `Found ${total} job${
      total === 1 ? "" : "s"
    } for "${query.q}" (showing ${first}-${last}, ${order}):`,
    "",
  ];
  results.forEach((job, i) => {
    const facts = [job.city, job.publish_time, job.base_salary].filter(Boolean);
    lines.push(`${first + i}. ${job.job_title} — ${[job.company_name, ...facts].join(", ")}`);
    lines.push(`   ${job.job_url}`);
    if (job.job_description !== undefined) {
      lines.push("", indent(job.job_description.trim()), "");
    }
  });
  if (last < total) {
    lines.push("", `More results: call search_jobs again with offset ${last}.`);
  }
  return lines.join("\n");
}

function indent(text: string): string {
  return text.split("\n").map((line) => `   ${line}`).join("\n");
}
