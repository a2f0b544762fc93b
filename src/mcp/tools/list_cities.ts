/**
 * `list_cities`: the cities that have postings, with their country and number of postings, most
 * postings first. It tells a model which exact city names `search_jobs` accepts.
 *
 * @module
 */
// @ts-types="@modelcontextprotocol/sdk/server/mcp"
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { cleanFields } from "../../domain/clean_text.ts";
import { CITIES_DEFAULT, CITIES_MAX, type CityCount, CityCountSchema } from "../../domain/job.ts";
import { JobseekError } from "../../domain/errors.ts";
import { clampedCount, searchFields } from "../../domain/search_query.ts";
import {
  declaredInputSchema,
  READ_ONLY_HINTS,
  rejectUnknownArguments,
  type ToolDeps,
  toolErrorResult,
} from "./tool_context.ts";

export const LIST_CITIES = "list_cities";

/** Arguments of `list_cities`; `country` follows the same rule as in `search_jobs`. */
export const ListCitiesArgsSchema = z.object({
  country: searchFields.country.describe(
    "Only cities in this country (ISO 3166-1 alpha-2 code, e.g. `US`).",
  ),
  limit: clampedCount(1, CITIES_MAX, CITIES_DEFAULT).describe(
    `How many cities to list, most postings first, 1-${CITIES_MAX} (default ${CITIES_DEFAULT}); ` +
      "out-of-range values are clamped, as search_jobs' `top_k` is.",
  ),
});

export const ListCitiesResultSchema = z.object({
  cities: z.array(CityCountSchema).describe("Most postings first, at most `limit`."),
  total_cities: z.number().int().describe("How many cities have postings (in `country`)."),
});
export type ListCitiesResult = z.infer<typeof ListCitiesResultSchema>;

export const listCitiesConfig = {
  title: "List cities",
  description: "Lists the cities that have job postings, with country code and number of " +
    `postings, most postings first: the first ${CITIES_DEFAULT} unless \`limit\` says more. ` +
    "Optionally only one `country` (e.g. `US`). City names are exactly what search_jobs' `city` " +
    'filter expects; a city may be listed under two names ("München" and "Munich"), each a ' +
    '`city` of its own, while a place in search_jobs\' `query` ("nurse in Munich") finds both.',
  inputSchema: declaredInputSchema(ListCitiesArgsSchema),
  outputSchema: ListCitiesResultSchema,
  annotations: { title: "List cities", ...READ_ONLY_HINTS },
};

/** Registers `list_cities` on `server`. */
export function registerListCitiesTool(server: McpServer, deps: ToolDeps): void {
  server.registerTool(LIST_CITIES, listCitiesConfig, async (args: Record<string, unknown>) => {
    try {
      const { country, limit } = parseListCitiesArgs(args);
      rejectUnknownArguments(args, Object.keys(ListCitiesArgsSchema.shape), LIST_CITIES);
      const all = await deps.service.listCities(country === undefined ? {} : { country });
      // City names are scraped text: cleaned of control and bidi characters for the agent.
      const cities = cleanFields(all.slice(0, limit));
      const result: ListCitiesResult = { cities, total_cities: all.length };
      return {
        content: [{ type: "text" as const, text: formatCities(cities, country, all.length) }],
        structuredContent: result,
      };
    } catch (error) {
      return toolErrorResult(error, deps, LIST_CITIES);
    }
  });
}

function parseListCitiesArgs(
  args: Record<string, unknown>,
): { country?: string; limit: number } {
  const parsed = ListCitiesArgsSchema.safeParse(args);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const param = String(issue.path[0] ?? "country");
    const reason = issue.code === "invalid_type" ? `must be a ${issue.expected}` : issue.message;
    throw new JobseekError("INVALID_PARAMETER", `Invalid parameter '${param}': ${reason}`, {
      param,
    });
  }
  return parsed.data;
}

/**
 * One numbered line per city.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(
 *   formatCities([{ city: "Austin", country: "US", count: 3 }, { city: "Graz", count: 1 }]),
 *   "2 cities with postings, most postings first:\n\n1. Austin, US — 3 postings\n2. Graz — 1 posting",
 * );
 * assert.equal(
 *   formatCities([{ city: "Austin", country: "US", count: 3 }], "US", 40),
 *   "40 cities with postings in US, most postings first; only the first is listed (`limit` " +
 *     "lists more):" +
 *     "\n\n1. Austin, US — 3 postings",
 * );
 * ```
 */
export function formatCities(cities: CityCount[], country?: string, total = cities.length): string {
  const where = country === undefined ? "" : ` in ${country}`;
  if (cities.length === 0) return `No cities with postings${where}.`;
  const lines = cities.map((c, i) => {
    const name = [c.city || "(no city given)", c.country].filter(Boolean).join(", ");
    return `${i + 1}. ${name} — ${c.count} posting${c.count === 1 ? "" : "s"}`;
  });
  const noun = total === 1 ? "city" : "cities";
  // "the first (`limit` lists more)" read as if a number were missing (a person's trial, session 57).
  const first = cities.length === 1 ? "only the first is listed" : `the first ${cities.length}`;
  const shown = total > cities.length ? `; ${first} (\`limit\` lists more)` : "";
  return `${
    total.toLocaleString("en")
  } ${noun} with postings${where}, most postings first${shown}:\n\n${lines.join("\n")}`;
}
