import { strict as assert } from "node:assert";
// @ts-types="@modelcontextprotocol/sdk/shared/auth"
import { OAuthProtectedResourceMetadataSchema } from "@modelcontextprotocol/sdk/shared/auth.js";
// @ts-types="@modelcontextprotocol/sdk/types"
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { RATE_JITTER_MAX_SECONDS } from "../src/auth/rate_limiter.ts";
import type { TokenVerifier } from "../src/auth/token_verifier.ts";
import { JobseekError } from "../src/domain/errors.ts";
import type { CityCount, SearchResponse } from "../src/domain/job.ts";
import { McpSearchSchema } from "../src/domain/search_query.ts";
import type { SearchService } from "../src/domain/service.ts";
import { createTestSearch } from "./helpers.ts";
import {
  docsClientEntry,
  MCP_HEADERS,
  type McpTestServer,
  rawHttp,
  startMcpServer,
} from "./mcp_server.ts";
import { restTestJobs, UUID_PATTERN } from "./rest_server.ts";
import { startServerProcess } from "./server_process.ts";

const QUERY = "software engineer";
const LONG_TEXT_GOES_IN_PROFILE =
  "A CV, a posting or a description of the work wanted goes in `profile` (up to 20,000 characters).";
const LIST_TOOLS = { jsonrpc: "2.0", id: 1, method: "tools/list" };
const UNAUTHORIZED = { jsonrpc: "2.0", error: { code: -32600, message: "Unauthorized" }, id: null };

function callBody(name: string, args: Record<string, unknown>, id: number | string = 7) {
  return { jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } };
}

function textOf(result: CallToolResult): string {
  assert.equal(result.content.length, 1, JSON.stringify(result.content));
  const [item] = result.content;
  assert.equal(item.type, "text");
  return (item as { text: string }).text;
}

/** The REST answer for the same search, without the fields that differ per request. */
async function restSearch(server: McpTestServer, params: Record<string, string>) {
  const response = await server.fetch(`${server.origin}/v1/search?${new URLSearchParams(params)}`, {
    headers: { "x-api-key": server.key },
  });
  const body = await response.json();
  assert.equal(response.status, 200, JSON.stringify(body));
  return withoutVolatile(body);
}

function withoutVolatile(body: SearchResponse) {
  const { request_id: _, search_time_ms: __, ...rest } = body;
  return rest;
}

Deno.test("MCP over HTTP: tools through the SDK client, errors through plain HTTP", async (t) => {
  const jobs = await restTestJobs();
  const search = await createTestSearch({ jobs });
  const goodToken: TokenVerifier = {
    verify: (token) =>
      Promise.resolve(
        token === "good-token" ? { subject: "user:ada", name: "ada", via: "bearer" } : null,
      ),
  };
  const server = await startMcpServer(search.store, search.service, { tokenVerifier: goodToken });
  try {
    const client = await server.connectClient();

    await t.step("initialize names the server and offers tools", () => {
      assert.equal(client.getServerVersion()?.name, "jobseek");
      assert.deepEqual(client.getServerCapabilities()?.tools, { listChanged: false });
      assert.match(client.getInstructions() ?? "", /search_jobs/);
    });

    let tools: Tool[] = [];
    await t.step("tools/list has exactly search_jobs and list_cities, read-only", async () => {
      tools = (await client.listTools()).tools;
      assert.deepEqual(tools.map((tool) => tool.name).sort(), ["list_cities", "search_jobs"]);
      for (const tool of tools) {
        assert.equal(tool.annotations?.readOnlyHint, true, tool.name);
        assert.equal(tool.annotations?.openWorldHint, false, tool.name);
        assert.equal(tool.annotations?.idempotentHint, true, tool.name);
        assert.ok(tool.description && tool.description.length > 40, tool.name);
        assert.ok(tool.outputSchema, `${tool.name} declares an output schema`);
      }
    });

    await t.step("search_jobs declares the MCP search fields, query or profile", () => {
      const tool = tools.find((tool) => tool.name === "search_jobs")!;
      const properties = tool.inputSchema.properties as Record<string, Record<string, unknown>>;
      assert.deepEqual(Object.keys(properties), [
        ...Object.keys(McpSearchSchema.shape),
        "max_chars",
      ]);
      // `query`, `profile` or both: no field alone is required (the handler says "query is
      // required" when both are missing), and no top-level anyOf, which some clients refuse.
      assert.equal(tool.inputSchema.required, undefined);
      assert.match(String(properties.query.description), /Required unless `profile` is given/);
      assert.match(String(properties.profile.description), /up to 20000 characters/);
      assert.equal(properties.query.type, "string");
      assert.equal(properties.country.pattern, "^[A-Z]{2}$");
      assert.deepEqual(properties.source.enum, ["indeed", "linkedin", "glassdoor"]);
      assert.deepEqual(properties.detail.enum, ["summary", "full"]);
      assert.deepEqual(properties.sort.enum, ["date", "relevance"]);
      // The tool's own default, not REST's (reviewer M52: it said `date` was the default).
      assert.match(String(properties.sort.description), /^`relevance` \(default here/);
      assert.match(String(properties.top_k.description), /1-100/);
      assert.deepEqual(
        [...(tool.outputSchema!.required as string[])].sort(),
        ["request_id", "results", "search_time_ms", "total"],
      );
      const lc = tools.find((tool) => tool.name === "list_cities")!;
      assert.deepEqual(Object.keys(lc.inputSchema.properties ?? {}), ["country", "limit"]);
      assert.equal(lc.inputSchema.required, undefined);
    });

    await t.step("search_jobs returns what REST returns for the same search", async () => {
      const cases: [Record<string, unknown>, Record<string, string>][] = [
        [{ query: QUERY }, { q: QUERY }],
        [{ query: QUERY, top_k: 3, offset: 2 }, { q: QUERY, top_k: "3", offset: "2" }],
        [
          { query: "nurse", country: "DE", detail: "full", sort: "relevance" },
          { q: "nurse", country: "DE", detail: "full", sort: "relevance" },
        ],
        [
          { query: QUERY, city: "Austin", since: "2024-03-01", until: "2024-09-01 12:00:00" },
          { q: QUERY, city: "Austin", since: "2024-03-01", until: "2024-09-01 12:00:00" },
        ],
        [{ query: QUERY, source: "linkedin", top_k: "500" }, {
          q: QUERY,
          source: "linkedin",
          top_k: "500",
        }],
      ];
      for (const [args, params] of cases) {
        const result = await client.callTool({ name: "search_jobs", arguments: args });
        assert.notEqual(result.isError, true, JSON.stringify(result));
        const structured = result.structuredContent as SearchResponse;
        assert.match(structured.request_id, UUID_PATTERN);
        assert.ok(Number.isInteger(structured.search_time_ms));
        // MCP orders by relevance unless told otherwise; REST by date (the spec's order).
        assert.deepEqual(
          withoutVolatile(structured),
          await restSearch(server, { sort: "relevance", ...params }),
        );
        assert.ok(structured.results.length > 0, `no results for ${JSON.stringify(args)}`);
      }
    });

    await t.step("search_jobs orders by relevance unless sort date is asked for", async () => {
      const call = async (args: Record<string, unknown>) =>
        ((await client.callTool({ name: "search_jobs", arguments: args }))
          .structuredContent as SearchResponse).results;
      const byDefault = await call({ query: QUERY, top_k: 20 });
      const scores = byDefault.map((r) => r.score);
      assert.deepEqual(scores, scores.toSorted((a, b) => b - a));
      const byDate = (await call({ query: QUERY, top_k: 20, sort: "date" })).map((r) =>
        r.publish_time
      );
      assert.deepEqual(byDate, byDate.toSorted().reverse());
      assert.notDeepEqual(
        byDefault.map((r) => r.publish_time),
        byDate,
        "the fixture tells them apart",
      );
      // Newest first lists the strong matches alone; its text says the close ones exist and how
      // to list them, where relevance order lists them itself.
      const dated = await client.callTool({
        name: "search_jobs",
        arguments: { query: QUERY, top_k: 20, sort: "date" },
      }) as CallToolResult;
      const { close_total } = dated.structuredContent as SearchResponse;
      assert.ok(close_total && close_total > 1, "the fixture has close matches for the query");
      assert.match(
        textOf(dated),
        new RegExp(
          `Also ${close_total} close matches \\(weaker\\): call search_jobs again with sort ` +
            `"relevance" to list them after the strong ones\\.`,
        ),
      );
      const ranked = await client.callTool({
        name: "search_jobs",
        arguments: { query: QUERY, top_k: 20 },
      }) as CallToolResult;
      assert.ok(!textOf(ranked).includes('sort "relevance"'), textOf(ranked));
    });

    await t.step("search_jobs text is a numbered list a person can read", async () => {
      const result = await client.callTool({
        name: "search_jobs",
        arguments: { query: QUERY, top_k: 4 },
      }) as CallToolResult;
      const text = textOf(result);
      const { total, close_total, results } = result.structuredContent as SearchResponse;
      assert.ok(total > 4, "the fixture has more than one page");
      // Relevance order counts the close matches apart where there are any (this fixture has
      // five "Data Scientist" postings for it since session 21's title share).
      const found = close_total
        ? `Found ${total} strong matches and ${close_total} close matches`
        : `Found ${total} jobs`;
      assert.ok(text.startsWith(`${found} for "${QUERY}" (showing 1-4`), text);
      results.forEach((job, i) => {
        const entry = [
          `${i + 1}. ${job.job_title} — ${job.company_name}`,
          `   ${job.city}, ${job.country} · ${job.publish_time}` +
          (job.base_salary ? ` · salary ${job.base_salary}` : ""),
        ].join("\n");
        assert.ok(text.includes(entry), `missing entry:\n${entry}\n${text}`);
        assert.ok(text.includes(`\n   ${job.job_url}`), job.job_url);
      });
      assert.match(text, /call search_jobs again with offset 4\./);
      assert.doesNotMatch(text, /Posting number/, "summary text has no descriptions");
      const full = await client.callTool({
        name: "search_jobs",
        arguments: { query: QUERY, top_k: 1, detail: "full" },
      }) as CallToolResult;
      const [first] = (full.structuredContent as SearchResponse).results;
      // Every line of it, marked as the job board's text, and said to be so.
      for (const line of first.job_description!.trim().split("\n")) {
        assert.ok(
          textOf(full).includes(line ? `\n   > ${line}` : "\n   >"),
          `full text has the description's line ${JSON.stringify(line)}`,
        );
      }
      assert.match(textOf(full), /Lines marked > are the postings' descriptions/);
      assert.doesNotMatch(text, /Lines marked >/, "a summary says nothing of descriptions");
      const none = await client.callTool({
        name: "search_jobs",
        arguments: { query: QUERY, city: "Atlantis" },
      }) as CallToolResult;
      // The filter that left nothing explains itself.
      assert.match(
        textOf(none),
        new RegExp(
          `^No jobs found for "${QUERY}"\\.\\n\\nFilters applied: city=Atlantis\\.\\n` +
            "Nothing matches with city=Atlantis; without it the query finds \\d+ postings\\.$",
        ),
      );
      assert.deepEqual((none.structuredContent as SearchResponse).results, []);
      assert.deepEqual((none.structuredContent as SearchResponse).applied, {
        filters: { city: "Atlantis" },
        emptied_by: ["city"],
      });
    });

    await t.step("search_jobs without query is a tool error 'query is required'", async () => {
      for (
        const args of [{}, { query: "" }, { query: "   " }, { query: null }, { city: "Berlin" }]
      ) {
        const result = await client.callTool({ name: "search_jobs", arguments: args });
        assert.equal(result.isError, true, JSON.stringify(args));
        assert.equal(textOf(result as CallToolResult), "query is required");
        assert.equal(result.structuredContent, undefined);
      }
      // Without any arguments object at all.
      const raw = await server.postMcp(
        { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "search_jobs" } },
        { "x-api-key": server.key },
      );
      const body = await raw.json();
      assert.equal(raw.status, 200);
      assert.deepEqual(body.result, {
        content: [{ type: "text", text: "query is required" }],
        isError: true,
      });
    });

    await t.step("other invalid arguments give the same message as REST", async () => {
      const cases: Record<string, unknown>[] = [
        { country: "de" },
        { since: "2024-02-30" },
        { until: "yesterday" },
        { top_k: "ten" },
        { offset: -1 },
        { detail: "everything" },
        { sort: "salary" },
        { source: "monster" },
        { query: "x".repeat(1001) },
      ];
      for (const bad of cases) {
        const result = await client.callTool({
          name: "search_jobs",
          arguments: { query: QUERY, ...bad },
        }) as CallToolResult;
        assert.equal(result.isError, true, JSON.stringify(bad));
        const params = Object.fromEntries(
          Object.entries({ q: QUERY, ...bad }).map((
            [k, v],
          ) => [k === "query" ? "q" : k, String(v)]),
        );
        const rest = await server.fetch(
          `${server.origin}/v1/search?${new URLSearchParams(params)}`,
          {
            headers: { "x-api-key": server.key },
          },
        );
        const restBody = await rest.json();
        assert.equal(rest.status, 400);
        // The same words, only the query parameter has its MCP name; a query over the bound adds
        // where a long text goes (tests/mcp_protocol_test.ts).
        const same = restBody.error.replace("'q'", "'query'");
        assert.equal(
          textOf(result),
          "query" in bad ? `${same}. ${LONG_TEXT_GOES_IN_PROFILE}` : same,
          JSON.stringify(bad),
        );
      }
    });

    await t.step(
      "list_cities gives the service's cities, in its order, as data and as text",
      async () => {
        const result = await client.callTool({
          name: "list_cities",
          arguments: {},
        }) as CallToolResult;
        assert.notEqual(result.isError, true);
        const { cities, total_cities } = result.structuredContent as {
          cities: CityCount[];
          total_cities: number;
        };
        // The order and counts are the service's (tests/list_cities_test.ts proves them on cities of
        // different sizes); the transport must pass them through unchanged.
        assert.deepEqual(cities, await search.service.listCities());
        assert.deepEqual([cities.length, total_cities], [5, 5]);
        // `limit` lists the first ones and says how many there are (reviewer M52: all 1,279 real
        // cities made 105 KB).
        const two = await client.callTool({ name: "list_cities", arguments: { limit: 2 } });
        assert.deepEqual(two.structuredContent, { cities: cities.slice(0, 2), total_cities: 5 });
        assert.match(
          textOf(two as CallToolResult),
          /^5 cities with postings, most postings first; the first 2 \(`limit` lists more\):\n/,
        );
        // As search_jobs' `top_k` (reviewer M52: the two were refused in other words): clamped,
        // its digits or null taken, a fraction or a word refused in the same words.
        const listed = async (limit: unknown) =>
          ((await client.callTool({ name: "list_cities", arguments: { limit } }))
            .structuredContent as { cities: CityCount[] }).cities.length;
        for (const [limit, count] of [[0, 1], [5001, 5], ["3", 3], [null, 5], [1, 1]] as const) {
          assert.equal(await listed(limit), count, `limit ${limit}`);
        }
        const one = await client.callTool({ name: "list_cities", arguments: { limit: 1 } });
        assert.match(
          textOf(one as CallToolResult),
          /; only the first is listed \(`limit` lists more\):\n/,
        );
        for (const limit of [2.5, "three", true]) {
          const refused = await client.callTool({ name: "list_cities", arguments: { limit } });
          assert.equal(refused.isError, true, `limit ${limit}`);
          assert.equal(
            textOf(refused as CallToolResult),
            "Invalid parameter 'limit': must be an integer",
          );
          const topK = await client.callTool({
            name: "search_jobs",
            arguments: { query: "nurse", top_k: limit },
          });
          assert.equal(
            textOf(topK as CallToolResult),
            "Invalid parameter 'top_k': must be an integer",
          );
        }
        const text = textOf(result);
        assert.equal(
          text,
          [
            `${cities.length} cities with postings, most postings first:`,
            "",
            ...cities.map((c, i) => `${i + 1}. ${c.city}, ${c.country} — ${c.count} postings`),
          ].join("\n"),
        );
        const de = await client.callTool({ name: "list_cities", arguments: { country: "DE" } });
        const deCities = (de.structuredContent as { cities: CityCount[] }).cities;
        assert.deepEqual(deCities, await search.service.listCities({ country: "DE" }));
        assert.deepEqual(deCities.map((c) => c.city).sort(), ["Berlin", "Munich"]);
        const bad = await client.callTool({
          name: "list_cities",
          arguments: { country: "Germany" },
        });
        assert.equal(bad.isError, true);
        assert.equal(
          textOf(bad as CallToolResult),
          "Invalid parameter 'country': must be two uppercase letters",
        );
        const nowhere = await client.callTool({
          name: "list_cities",
          arguments: { country: "FR" },
        });
        assert.deepEqual(nowhere.structuredContent, { cities: [], total_cities: 0 });
        assert.equal(textOf(nowhere as CallToolResult), "No cities with postings in FR.");
      },
    );

    await t.step("an unknown tool is a tool error naming -32602 and 'not found'", async () => {
      const result = await client.callTool({ name: "delete_jobs", arguments: {} });
      assert.equal(result.isError, true);
      const text = textOf(result as CallToolResult);
      assert.match(text, /-32602/);
      assert.match(text, /delete_jobs not found/);
    });

    await t.step("no credentials: 401, JSON-RPC -32600, WWW-Authenticate", async () => {
      for (
        const headers of [{}, { authorization: "Basic dXNlcjpwdw==" }] as Record<string, string>[]
      ) {
        const response = await server.postMcp(LIST_TOOLS, headers);
        assert.equal(response.status, 401);
        assert.deepEqual(await response.json(), UNAUTHORIZED);
        assert.equal(
          response.headers.get("www-authenticate"),
          `Bearer resource_metadata="${server.origin}/.well-known/oauth-protected-resource", ` +
            'scope="jobs:read"',
        );
      }
    });

    await t.step("the discovery URL serves RFC 9728 metadata for /mcp", async () => {
      const response = await server.postMcp(LIST_TOOLS);
      const url =
        response.headers.get("www-authenticate")!.match(/resource_metadata="([^"]+)"/)![1];
      await response.body?.cancel();
      for (const path of [url, `${server.origin}/.well-known/oauth-protected-resource/mcp`]) {
        const meta = await server.fetch(path);
        assert.equal(meta.status, 200);
        assert.match(meta.headers.get("content-type") ?? "", /^application\/json/);
        const body = OAuthProtectedResourceMetadataSchema.parse(await meta.json());
        assert.equal(body.resource, `${server.origin}/mcp`);
        assert.deepEqual(body.authorization_servers, [server.origin]);
        assert.deepEqual(body.bearer_methods_supported, ["header"]);
        assert.ok(body.scopes_supported?.includes("jobs:read"));
      }
      const post = await server.fetch(url, { method: "POST" });
      assert.equal(post.status, 405);
      await post.body?.cancel();
    });

    await t.step("a Bearer token goes to the token verifier", async () => {
      const response = await server.postMcp(LIST_TOOLS, { authorization: "Bearer bad-token" });
      assert.equal(response.status, 401);
      const body = await response.json();
      assert.equal(body.error.code, -32600);
      assert.equal(body.id, null);
      assert.equal(
        response.headers.get("www-authenticate")?.startsWith(
          `Bearer resource_metadata="${server.origin}/.well-known/oauth-protected-resource", ` +
            `scope="jobs:read", error="invalid_token"`,
        ),
        true,
      );
      // "Bearer" with no token is no Bearer token at all (spec 7.2): the plain 401.
      const empty = await server.postMcp(LIST_TOOLS, { authorization: "Bearer " });
      assert.equal(empty.status, 401);
      assert.deepEqual(await empty.json(), UNAUTHORIZED);
      assert.equal(
        empty.headers.get("www-authenticate"),
        `Bearer resource_metadata="${server.origin}/.well-known/oauth-protected-resource", ` +
          'scope="jobs:read"',
      );
      const ok = await server.postMcp(LIST_TOOLS, { authorization: "Bearer good-token" });
      assert.equal(ok.status, 200);
      assert.equal((await ok.json()).result.tools.length, 2);
      const viaClient = await server.connectClient({ authorization: "Bearer good-token" });
      const result = await viaClient.callTool({ name: "search_jobs", arguments: { query: QUERY } });
      assert.notEqual(result.isError, true);
      // A bad token with a good key: the key (the fallback scheme) is accepted.
      const both = await server.postMcp(LIST_TOOLS, {
        authorization: "Bearer bad-token",
        "x-api-key": server.key,
      });
      assert.equal(both.status, 200);
      assert.equal((await both.json()).result.tools.length, 2);
      // Neither verifies: the Bearer answer (401 invalid_token), so an OAuth client refreshes.
      const neither = await server.postMcp(LIST_TOOLS, {
        authorization: "Bearer bad-token",
        "x-api-key": "wrong",
      });
      assert.equal(neither.status, 401);
      assert.match(neither.headers.get("www-authenticate") ?? "", /error="invalid_token"/);
      await neither.body?.cancel();
    });

    await t.step("a bad x-api-key gets the REST 403 body", async () => {
      for (const key of ["wrong", server.key + "x", ""]) {
        const response = await server.postMcp(LIST_TOOLS, { "x-api-key": key });
        assert.equal(response.status, 403);
        const body = await response.json();
        assert.deepEqual(Object.keys(body).sort(), ["error", "error_code", "request_id"]);
        assert.equal(body.error, "Invalid API key");
        assert.equal(body.error_code, "AUTH_INVALID_KEY");
        assert.match(body.request_id, UUID_PATTERN);
        assert.equal(response.headers.get("x-request-id"), body.request_id);
      }
    });

    await t.step("Accept without both JSON and SSE: 406 with -32000 Not Acceptable", async () => {
      for (const accept of ["application/json", "text/event-stream", "*/*"]) {
        const response = await server.postMcp(LIST_TOOLS, { "x-api-key": server.key, accept });
        assert.equal(response.status, 406, accept);
        const body = await response.json();
        assert.equal(body.error.code, -32000);
        assert.match(body.error.message, /^Not Acceptable/);
        assert.equal(body.id, null);
      }
    });

    await t.step("GET, DELETE and other methods on /mcp answer 405", async () => {
      for (const method of ["GET", "DELETE", "PUT"]) {
        for (const headers of [{ "x-api-key": server.key }, {}] as Record<string, string>[]) {
          const response = await server.fetch(`${server.origin}/mcp`, {
            method,
            headers: { ...MCP_HEADERS, ...headers },
          });
          assert.equal(response.status, 405, method);
          assert.equal(response.headers.get("allow"), "POST");
          assert.equal((await response.json()).error.code, -32000);
        }
      }
    });

    await t.step("a foreign Host or Origin is refused with 403 before auth", async () => {
      const body = JSON.stringify(LIST_TOOLS);
      const send = (headers: Record<string, string>) =>
        rawHttp(server.port, {
          method: "POST",
          path: "/mcp",
          headers: { ...MCP_HEADERS, ...headers },
          body,
        });
      for (
        const host of ["evil.example.com", `evil.example.com:${server.port}`, "localhost.evil.com"]
      ) {
        for (const key of [{ "x-api-key": server.key }, {}] as Record<string, string>[]) {
          const response = await send({ host, ...key });
          assert.equal(response.status, 403, host);
          const error = JSON.parse(response.body);
          assert.equal(error.jsonrpc, "2.0");
          assert.equal(error.error.code, -32000);
          assert.match(error.error.message, /Host/);
          assert.equal(error.id, null);
        }
      }
      for (
        const origin of [
          "http://evil.example.com",
          "null",
          `http://evil.example.com:${server.port}`,
        ]
      ) {
        const response = await server.postMcp(LIST_TOOLS, { "x-api-key": server.key, origin });
        assert.equal(response.status, 403, origin);
        assert.match((await response.json()).error.message, /Origin/);
      }
      for (const host of [`localhost:${server.port}`, "127.0.0.1", `[::1]:${server.port}`]) {
        const response = await send({ host, "x-api-key": server.key });
        assert.equal(response.status, 200, `${host}: ${response.body}`);
      }
      for (const origin of ["http://localhost:5173", "https://127.0.0.1"]) {
        const response = await server.postMcp(LIST_TOOLS, { "x-api-key": server.key, origin });
        assert.equal(response.status, 200, origin);
        await response.body?.cancel();
      }
    });

    await t.step(
      "the HTTP client entry in README.md (and docs/mcp.md) works as written",
      async () => {
        const entry = await docsClientEntry("url");
        assert.equal(entry.type, "http");
        const url = new URL(entry.url as string);
        assert.equal(url.pathname, "/mcp");
        const headers = Object.fromEntries(
          Object.entries(entry.headers as Record<string, string>).map(([name, value]) => [
            name,
            value.replace("jsk_your_key_here", server.key),
          ]),
        );
        assert.deepEqual(Object.keys(headers), ["x-api-key"]);
        const docsClient = await server.connectClient(headers, url.pathname);
        assert.equal((await docsClient.listTools()).tools.length, 2);
        const result = await docsClient.callTool({
          name: "search_jobs",
          arguments: { query: QUERY },
        });
        assert.notEqual(result.isError, true);
      },
    );

    await t.step("each response carries the request id that search results report", async () => {
      const response = await server.postMcp(callBody("search_jobs", { query: QUERY, top_k: 1 }), {
        "x-api-key": server.key,
      });
      assert.equal(response.status, 200);
      const body = await response.json();
      assert.equal(body.id, 7);
      assert.equal(body.result.structuredContent.request_id, response.headers.get("x-request-id"));
    });
  } finally {
    await server.close();
    await search.close();
  }
});

Deno.test("MCP over HTTP: allowed hosts and the public URL come from the config", async () => {
  const search = await createTestSearch({ jobs: (await restTestJobs()).slice(0, 4) });
  const server = await startMcpServer(search.store, search.service, {
    env: {
      JOBSEEK_ALLOWED_HOSTS: "jobs.internal:8443, other.example",
      JOBSEEK_PUBLIC_URL: "https://jobs.example.com/",
    },
  });
  try {
    const body = JSON.stringify(LIST_TOOLS);
    const statusFor = async (host: string) =>
      (await rawHttp(server.port, {
        method: "POST",
        path: "/mcp",
        headers: { ...MCP_HEADERS, host, "x-api-key": server.key },
        body,
      })).status;
    assert.equal(await statusFor("jobs.internal:8443"), 200);
    assert.equal(await statusFor("jobs.internal:9999"), 403, "the port is part of that entry");
    assert.equal(await statusFor("other.example:1234"), 200, "an entry without port allows any");
    assert.equal(await statusFor("jobs.example.com"), 200, "the public URL's host is allowed");
    assert.equal(await statusFor("localhost:80"), 200, "loopback stays allowed");
    assert.equal(await statusFor("evil.example"), 403);

    const response = await server.postMcp(LIST_TOOLS);
    assert.equal(response.status, 401);
    assert.equal(
      response.headers.get("www-authenticate"),
      'Bearer resource_metadata="https://jobs.example.com/.well-known/oauth-protected-resource", ' +
        'scope="jobs:read"',
    );
    await response.body?.cancel();
    const meta = await (await server.fetch(`${server.origin}/.well-known/oauth-protected-resource`))
      .json();
    assert.equal(meta.resource, "https://jobs.example.com/mcp");
    assert.deepEqual(meta.authorization_servers, ["https://jobs.example.com"]);
  } finally {
    await server.close();
    await search.close();
  }
});

Deno.test("MCP over HTTP: the rate limit counts per user and answers 429 as REST does", async () => {
  const search = await createTestSearch({ jobs: (await restTestJobs()).slice(0, 4) });
  const server = await startMcpServer(search.store, search.service, { rateLimit: 3 });
  try {
    for (let i = 0; i < 3; i++) {
      const ok = await server.postMcp(LIST_TOOLS, { "x-api-key": server.key });
      assert.equal(ok.status, 200, `request ${i + 1}`);
      await ok.body?.cancel();
    }
    const limited = await server.postMcp(LIST_TOOLS, { "x-api-key": server.key });
    assert.equal(limited.status, 429);
    const body = await limited.json();
    assert.deepEqual(Object.keys(body).sort(), ["error", "retry_after"]);
    assert.equal(body.error, "Rate limit exceeded");
    // The test clock is frozen: the requests counted leave the window 60 s later.
    assert.ok(body.retry_after >= 60 && body.retry_after <= 60 + RATE_JITTER_MAX_SECONDS);
    assert.equal(limited.headers.get("retry-after"), String(body.retry_after));

    // Another user has a budget of their own.
    const { key } = await server.apiKeys.create("second-user");
    const other = await server.postMcp(LIST_TOOLS, { "x-api-key": key });
    assert.equal(other.status, 200);
    await other.body?.cancel();
    // Requests without valid credentials are refused before they can spend anyone's budget.
    const anonymous = await server.postMcp(LIST_TOOLS);
    assert.equal(anonymous.status, 401);
    await anonymous.body?.cancel();
  } finally {
    await server.close();
    await search.close();
  }
});

Deno.test("MCP over HTTP: an unexpected failure is a 500 with JSON-RPC -32603", async () => {
  const search = await createTestSearch({ jobs: (await restTestJobs()).slice(0, 4) });
  let ready = true;
  const failing = (_real: SearchService): SearchService => ({
    isReady: () => ready,
    search: () =>
      ready
        ? Promise.reject(new Error("disk on fire at /var/secret/path"))
        : Promise.reject(new JobseekError("NOT_READY", "Cannot search: the index is loading")),
    listCities: () => Promise.reject(new TypeError("boom")),
  });
  const server = await startMcpServer(search.store, search.service, { wrapService: failing });
  try {
    for (const [name, args] of [["search_jobs", { query: QUERY }], ["list_cities", {}]] as const) {
      const response = await server.postMcp(callBody(name, args, "call-1"), {
        "x-api-key": server.key,
      });
      assert.equal(response.status, 500, name);
      const text = await response.text();
      assert.deepEqual(JSON.parse(text), {
        jsonrpc: "2.0",
        error: { code: -32603, message: "Internal error" },
        id: "call-1",
      });
      assert.doesNotMatch(text, /secret|boom/);
      const requestId = response.headers.get("x-request-id");
      const logged = server.logs.find((line) =>
        line.level === "error" && line.request_id === requestId
      );
      assert.ok(logged, "the failure is logged with the request id");
      assert.match(String(logged.error), /disk on fire|boom/);
    }

    // A service that is still loading is not a server fault: the tool says so.
    ready = false;
    const loading = await server.postMcp(callBody("search_jobs", { query: QUERY }), {
      "x-api-key": server.key,
    });
    assert.equal(loading.status, 200);
    assert.deepEqual((await loading.json()).result, {
      content: [{ type: "text", text: "Cannot search: the index is loading" }],
      isError: true,
    });
  } finally {
    await server.close();
    await search.close();
  }
});

Deno.test({
  name: "a jobseek serve process's stderr stays JSON lines through MCP batches, refused REST " +
    "requests and chunked form posts (an operator's log pipeline parses every line)",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "jobseek_mcp_log_" });
    const key = "jsk_McpLogLinesTestKey0000000000000000000000";
    const server = await startServerProcess({
      JOBSEEK_KV: `${dir}/kv.sqlite3`,
      JOBSEEK_API_KEYS: `logs:${key}`,
    });
    try {
      // Refused searches: a bad parameter (400) and no index yet (503). Deno prints its warning once
      // a process, so each of these, and the MCP requests after them, must not print it.
      for (const path of ["/v1/search?q=nurse&country=germany", "/v1/search?q=nurse"]) {
        const response = await server.fetch(path, { headers: { "x-api-key": key } });
        assert.ok([400, 503].includes(response.status), `${path}: ${response.status}`);
        await response.body?.cancel();
      }
      // A form posted in chunks (no Content-Length), as a script may post the sign-out.
      const chunked = await server.fetch("/signout", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode("next=%2F"));
            controller.close();
          },
        }),
      });
      assert.ok(chunked.status < 500, `chunked sign-out: ${chunked.status}`);
      await chunked.body?.cancel();
      const headers = { ...MCP_HEADERS, "x-api-key": key };
      for (const body of [LIST_TOOLS, [LIST_TOOLS, { ...LIST_TOOLS, id: 2 }]]) {
        const response = await server.fetch("/mcp", {
          method: "POST",
          headers,
          body: JSON.stringify(body),
        });
        assert.equal(response.status, 200, await response.clone().text());
        await response.body?.cancel();
      }
      // A request line is written after its answer: both are in once the second is logged.
      const answered = () => server.logs.filter((line) => line.msg === "request").length;
      for (let i = 0; i < 100 && answered() < 5; i++) await new Promise((r) => setTimeout(r, 50));
      assert.equal(answered(), 5, JSON.stringify(server.logs));
      const unparsed = server.logs.filter((line) => line.msg === "unparsed");
      assert.deepEqual(unparsed, [], "every stderr line is a JSON log line");
      // And the log names the store the server opened, as `keys create` and `index status` do.
      assert.ok(
        server.logs.some((line) =>
          line.msg === "opening the store" && line.store === `${dir}/kv.sqlite3`
        ),
        JSON.stringify(server.logs.slice(0, 3)),
      );
    } finally {
      await server.stop();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
