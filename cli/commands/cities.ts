/**
 * `jobseek cities`: the cities that have postings, most postings first. The REST API has no cities
 * endpoint, so this asks the server's MCP endpoint (tool `list_cities`) with the API key.
 *
 * @module
 */
import { Command, Option } from "@commander-js/extra-typings";
import { cleanFields, jsonForTerminal } from "../../src/domain/clean_text.ts";
import { CITIES_MAX, type CityCount } from "../../src/domain/job.ts";
import {
  describeFailedResponse,
  type FailedResponse,
  failedResponse,
  unreachableMessage,
} from "../api_errors.ts";
import { type CliIo, outputWidth } from "../io.ts";
import { renderTable } from "../table.ts";
import { countryOfFlag, refusalInFlags } from "./search.ts";
import {
  API_KEY_STDIN_HELP,
  apiKeyFlagOption,
  endpointOption,
  oneValue,
  parseInteger,
  REQUEST_TIMEOUT_MS,
  resolveServerConnection,
} from "../server_connection.ts";

export interface ListCitiesOptions {
  country?: string;
  /** At most this many, most postings first (the tool's own default is 100). */
  limit?: number;
}

/** What the server's `list_cities` tool returns in `structuredContent`. */
export interface CitiesResult {
  cities: CityCount[];
  /** How many cities have postings; absent from servers before session 52 (all were listed). */
  total_cities?: number;
}

function isCitiesResult(value: unknown): value is CitiesResult {
  return typeof value === "object" && value !== null &&
    Array.isArray((value as { cities?: unknown }).cities);
}

/**
 * Calls `list_cities` over MCP (Streamable HTTP, `x-api-key`). The SDK turns HTTP errors into
 * generic errors, so a wrapped fetch keeps the failed response to explain it like `search` does.
 * A tool error (`isError`) is the server's own message and is reported as it is.
 */
export async function fetchCities(
  endpoint: string,
  apiKey: string,
  options: ListCitiesOptions = {},
): Promise<CitiesResult> {
  let failed: FailedResponse | undefined;
  let unreachable: unknown;
  let toolError: Error | undefined;
  let notMcp = false;
  const watchedFetch = async (input: string | URL | Request, init?: RequestInit) => {
    let response: Response;
    try {
      response = await fetch(input, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      unreachable = error;
      throw error;
    }
    // After `initialize` the SDK probes `GET /mcp` for a server-to-client stream; a server without
    // one answers 405, which the SDK expects. Only a failed POST (a JSON-RPC message) explains why
    // the call failed.
    const posted = (init?.method ?? "GET").toUpperCase() === "POST";
    if (!response.ok && !failed && posted) {
      failed = failedResponse(response, await response.clone().text());
    }
    // Another server answering 200 with a page: the SDK's "Unexpected content type" said nothing
    // a person could act on (reviewer M52).
    // A 202 without a body (the answer to a notification) is MCP's own; a 200 must carry JSON or
    // an event stream (reviewer C52: the 202 made every later failure "not a jobseek server").
    const type = response.headers.get("content-type") ?? "";
    if (response.status === 200 && posted && !/json|event-stream/i.test(type)) notMcp = true;
    return response;
  };
  // Loaded here, not with the command: no other command's run needs the SDK.
  const [{ Client }, { StreamableHTTPClientTransport }] = await Promise.all([
    // @ts-types="@modelcontextprotocol/sdk/client/index"
    import("@modelcontextprotocol/sdk/client/index.js"),
    // @ts-types="@modelcontextprotocol/sdk/client/streamableHttp"
    import("@modelcontextprotocol/sdk/client/streamableHttp.js"),
  ]);
  const transport = new StreamableHTTPClientTransport(new URL(`${endpoint}/mcp`), {
    requestInit: { headers: { "x-api-key": apiKey } },
    fetch: watchedFetch,
  });
  const client = new Client({ name: "jobseek-cli", version: "0.1.0" });
  try {
    await client.connect(transport);
    const args: Record<string, unknown> = {};
    if (options.country !== undefined) args.country = options.country;
    if (options.limit !== undefined) args.limit = options.limit;
    const textOf = (result: Record<string, unknown>) =>
      (Array.isArray(result.content) ? result.content as { type: string; text?: string }[] : [])
        .map((item) => (item.type === "text" ? item.text ?? "" : "")).join(" ").trim();
    let result = await client.callTool({ name: "list_cities", arguments: args });
    // A server before session 52 takes no `limit`, and lists every city without it.
    if (result.isError && textOf(result).startsWith("Unknown argument 'limit'")) {
      const { limit: _, ...withoutLimit } = args;
      result = await client.callTool({ name: "list_cities", arguments: withoutLimit });
    }
    if (result.isError) {
      toolError = new Error(refusalInFlags(textOf(result)) || "The server could not list cities.");
      throw toolError;
    }
    if (!isCitiesResult(result.structuredContent)) {
      throw new Error("Cannot read the server's answer: list_cities returned no city list.");
    }
    return result.structuredContent;
  } catch (error) {
    if (error === toolError) throw error;
    if (failed) throw new Error(describeFailedResponse(failed));
    if (unreachable !== undefined) throw new Error(unreachableMessage(endpoint, unreachable));
    if (notMcp) {
      throw new Error(
        `Cannot read the answer from ${endpoint}/mcp: it is not JSON. Is it a jobseek server?`,
      );
    }
    throw error;
  } finally {
    await client.close().catch(() => {});
  }
}

/** The human form: a table of city, country and number of postings (names cleaned: scraped). */
export function formatCities(dirty: CityCount[], total: number, width: number): string {
  const cities = cleanFields(dirty);
  if (cities.length === 0) return "No cities found.\n";
  const table = renderTable(
    [{ header: "city", minWidth: 12 }, { header: "country" }, {
      header: "postings",
      align: "right",
    }],
    cities.map((c) => [c.city || "(no city)", c.country ?? "", String(c.count)]),
    width,
  );
  const more = total > cities.length ? `Showing ${cities.length} of ${total} cities\n` : "";
  return table + more;
}

export function citiesCommand(io: CliIo) {
  const country = new Option("--country <cc>", "only cities in this country (DE, uk, Germany)");
  return new Command("cities")
    .description("List the cities that have job postings, most postings first.")
    .addOption(oneValue(country.argParser(countryOfFlag)))
    .addOption(
      oneValue(new Option("--limit <n>", "show at most this many cities").argParser(parseInteger)),
    )
    .option("--json", "print the result as JSON ({ cities: [...] })")
    .option("--api-key-stdin", API_KEY_STDIN_HELP)
    .addOption(apiKeyFlagOption())
    .addOption(endpointOption())
    .action(async (options) => {
      if (options.limit !== undefined && options.limit < 1) {
        throw new Error("Cannot list cities: --limit must be 1 or more");
      }
      const { endpoint, apiKey } = await resolveServerConnection(options, io);
      const result = await fetchCities(endpoint, apiKey, {
        country: options.country,
        // A terminal lists every city unless told otherwise, as it did before the tool had a
        // default of its own.
        // At most what the tool lists; sent only where more than its default may be wanted.
        limit: Math.min(options.limit ?? CITIES_MAX, CITIES_MAX),
      });
      const shown = options.limit === undefined
        ? result.cities
        : result.cities.slice(0, options.limit);
      const total = result.total_cities ?? result.cities.length;
      if (options.json) {
        await io.stdout.write(
          jsonForTerminal(JSON.stringify({ ...result, cities: shown }, null, 2)) + "\n",
        );
        return;
      }
      await io.stdout.write(formatCities(shown, total, outputWidth(io.stdout)));
    });
}
