/**
 * MCP over HTTP for every client: malformed JSON-RPC params, declared schemas, unknown arguments,
 * pages that fit a context window, the text a text-only model reads, and CORS for browser-based
 * clients. The SDK's own client against the real app, plain HTTP where the SDK client would not
 * send what is tested.
 *
 * @module
 */
import { strict as assert } from "node:assert";
// @ts-types="@modelcontextprotocol/sdk/types"
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { type Job, jobIdFromUrl, type SearchResponse } from "../src/domain/job.ts";
import { CORS_ALLOW_HEADERS } from "../src/http/mcp_routes.ts";
import {
  DESCRIPTION_MAX_CHARS,
  MAX_CHARS_DEFAULT,
  type McpSearchResponse,
} from "../src/mcp/tools/search_page.ts";
import { createUseLiteEmbedder } from "../src/model/use_lite_embedder.ts";
import { silentLogger } from "../src/log.ts";
import { NO_POSTINGS_TEXT } from "../src/mcp/tools/tool_context.ts";
import { publishIndex } from "../src/search/publish_index.ts";
import { createSearchService } from "../src/search/search_service.ts";
import { openStore } from "../src/store/store.ts";
import { createTestSearch } from "./helpers.ts";
import { MCP_HEADERS, type McpTestServer, startMcpServer } from "./mcp_server.ts";

const QUERY = "software engineer";

function textOf(result: CallToolResult): string {
  assert.equal(result.content.length, 1, JSON.stringify(result.content));
  return (result.content[0] as { text: string }).text;
}

/**
 * 120 software engineering postings with descriptions of 4,000-6,000 characters, most of them
 * with every optional field, so that a page of 100 with descriptions is far over any budget.
 */
function longPostings(): Promise<Job[]> {
  const words = "design build test ship review mentor scale observe document operate".split(" ");
  return Promise.all(Array.from({ length: 120 }, async (_, i) => {
    const url = `https://jobs.example.com/engineering/${i}`;
    const length = 4000 + (i % 5) * 500;
    let description = `Software engineer ${i} at Example Systems. `;
    for (let w = 0; description.length < length; w++) {
      description += `${words[(w + i) % words.length]} `;
    }
    const job: Job = {
      id: await jobIdFromUrl(url),
      job_title: `Software Engineer ${i}`,
      company_name: `Example Systems ${i % 7}`,
      city: i % 2 === 0 ? "Berlin" : "Remote",
      country: i % 3 === 0 ? "US" : "DE",
      publish_time: `2024-${String(1 + (i % 12)).padStart(2, "0")}-${
        String(1 + (i % 28)).padStart(2, "0")
      } 09:00:00`,
      job_url: url,
      job_tags: ["software", i % 2 === 0 ? "backend" : "remote"],
      data_source: (["indeed", "linkedin", "glassdoor"] as const)[i % 3],
      job_description: description.trim(),
      base_salary: `${60000 + i * 100}.0-${90000 + i * 100}.0 EUR/YEAR`,
      employment_type: "fulltime",
      seniority_level: i % 2 === 0 ? "senior" : "mid-senior level",
    };
    return job;
  }));
}

/** Every property of a JSON Schema, at any depth, with its path. */
function* properties(
  schema: Record<string, unknown>,
  path = "",
): Generator<[string, Record<string, unknown>]> {
  const props = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  for (const [name, property] of Object.entries(props)) {
    yield [`${path}${name}`, property];
    yield* properties(property, `${path}${name}.`);
    if (property.items) {
      yield* properties(property.items as Record<string, unknown>, `${path}${name}[].`);
    }
  }
}

async function rawCall(server: McpTestServer, body: unknown) {
  const response = await server.postMcp(body, { "x-api-key": server.key });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) };
}

Deno.test("MCP protocol: params, schemas, budgets and CORS", async (t) => {
  const jobs = await longPostings();
  const search = await createTestSearch({ jobs });
  const server = await startMcpServer(search.store, search.service);
  try {
    const client = await server.connectClient();

    await t.step("malformed JSON-RPC params get -32602 with one line, no internals", async () => {
      const cases: [Record<string, unknown>, string][] = [
        [
          { method: "tools/call", params: { arguments: { query: QUERY } } },
          "Invalid params: params.name is required",
        ],
        [
          { method: "tools/call", params: { name: "search_jobs", arguments: "query=nurse" } },
          "Invalid params: params.arguments must be an object",
        ],
        [
          { method: "tools/call", params: { name: 42 } },
          "Invalid params: params.name must be a string",
        ],
        [{ method: "tools/call" }, "Invalid params: params is required"],
        [
          {
            method: "initialize",
            params: { capabilities: {}, clientInfo: { name: "x", version: "1" } },
          },
          "Invalid params: params.protocolVersion is required",
        ],
        [{ method: "resources/read", params: {} }, "Invalid params: params.uri is required"],
      ];
      for (const [request, message] of cases) {
        const { status, text, body } = await rawCall(server, { jsonrpc: "2.0", id: 5, ...request });
        assert.equal(status, 200, text);
        assert.deepEqual(body, { jsonrpc: "2.0", id: 5, error: { code: -32602, message } });
        assert.doesNotMatch(text, /\\n|expected|zod|"path"/);
      }
      // The check is per request: the good one of a batch is answered normally.
      const batch = await rawCall(server, [
        { jsonrpc: "2.0", id: 1, method: "tools/call", params: {} },
        { jsonrpc: "2.0", id: 2, method: "tools/list" },
      ]);
      assert.equal(batch.status, 200, batch.text);
      // deno-lint-ignore no-explicit-any
      const byId = new Map<number, any>(batch.body.map((m: { id: number }) => [m.id, m]));
      assert.equal(byId.get(1).error.code, -32602);
      assert.equal(byId.get(2).result.tools.length, 2);
      // An unknown method stays the SDK's -32601.
      const unknown = await rawCall(server, { jsonrpc: "2.0", id: 3, method: "jobs/delete" });
      assert.equal(unknown.body.error.code, -32601);
    });

    let tools: Tool[] = [];
    await t.step(
      "input schemas: integers with bounds and defaults, nothing else allowed",
      async () => {
        tools = (await client.listTools()).tools;
        const search = tools.find((tool) => tool.name === "search_jobs")!;
        const props = search.inputSchema.properties as Record<string, Record<string, unknown>>;
        assert.deepEqual(
          { ...props.top_k, description: undefined },
          { type: "integer", minimum: 1, maximum: 100, default: 20, description: undefined },
        );
        assert.deepEqual(
          { ...props.offset, description: undefined },
          { type: "integer", minimum: 0, maximum: 1000, default: 0, description: undefined },
        );
        assert.deepEqual(
          { ...props.max_chars, description: undefined },
          {
            type: "integer",
            minimum: 2000,
            maximum: 100000,
            default: MAX_CHARS_DEFAULT,
            description: undefined,
          },
        );
        // The query's bound is declared as the numbers' are, so a model learns it before it pastes
        // a whole posting or CV into `query` (which then goes in `profile`).
        assert.equal(props.query.type, "string");
        assert.equal(props.query.maxLength, 1000);
        assert.match(String(props.query.description), /`profile`/);
        assert.equal(props.profile.maxLength, 20000);
        for (const tool of tools) {
          assert.equal(tool.inputSchema.additionalProperties, false, tool.name);
          for (const [name, property] of properties(tool.inputSchema)) {
            assert.ok(property.description, `${tool.name} input ${name} has no description`);
          }
        }
      },
    );

    await t.step("output schemas describe every field", () => {
      for (const tool of tools) {
        let count = 0;
        for (const [name, property] of properties(tool.outputSchema!)) {
          assert.ok(property.description, `${tool.name} output ${name} has no description`);
          count++;
        }
        assert.ok(count >= 3, tool.name);
      }
      const search = tools.find((tool) => tool.name === "search_jobs")!;
      const names = [...properties(search.outputSchema!)].map(([name]) => name);
      for (
        const field of ["results[].country", "results[].job_description", "truncated.next_offset"]
      ) {
        assert.ok(names.includes(field), field);
      }
    });

    await t.step("unknown arguments are a tool error that names them", async () => {
      const cases: [string, Record<string, unknown>, string][] = [
        [
          "search_jobs",
          { query: QUERY, location: "Berlin" },
          "Unknown argument 'location': search_jobs takes only query, profile, city, country, since, " +
          "until, source, added_since, remote, salary_min, salary_currency, " +
          "salary_include_unknown, employment_type, seniority, visa_sponsorship, company, " +
          "exclude_company, near, " +
          "radius_km, top_k, offset, detail, sort, facets, max_chars",
        ],
        [
          "list_cities",
          { offset: 5 },
          "Unknown argument 'offset': list_cities takes only country, limit",
        ],
        [
          "list_cities",
          { country: "DE", limit: 5, page: 2, offset: 1 },
          "Unknown arguments 'page', 'offset': list_cities takes only country, limit",
        ],
        // The spec's message for a missing query comes first, whatever else is wrong.
        ["search_jobs", { q: "nurse" }, "query is required"],
      ];
      for (const [name, args, message] of cases) {
        const result = await client.callTool({ name, arguments: args }) as CallToolResult;
        assert.equal(result.isError, true, JSON.stringify(args));
        assert.equal(textOf(result), message);
      }
    });

    await t.step("top_k out of range is clamped as in REST, and the text says so", async () => {
      for (const [asked, used] of [[500, 100], [0, 1], ["-3", 1]] as const) {
        const result = await client.callTool({
          name: "search_jobs",
          arguments: { query: QUERY, top_k: asked, max_chars: 100000 },
        }) as CallToolResult;
        const structured = result.structuredContent as McpSearchResponse;
        assert.equal(structured.results.length, used, String(asked));
        assert.match(
          textOf(result),
          new RegExp(`top_k ${asked} is outside 1-100: used ${used}\\.`),
        );
      }
      const exact = await client.callTool({
        name: "search_jobs",
        arguments: { query: QUERY, top_k: 3 },
      }) as CallToolResult;
      assert.doesNotMatch(textOf(exact), /outside/);
      const bad = await client.callTool({
        name: "search_jobs",
        arguments: { query: QUERY, max_chars: "lots" },
      }) as CallToolResult;
      assert.equal(bad.isError, true);
      assert.equal(textOf(bad), "Invalid parameter 'max_chars': must be an integer");
      // A radius around no place is refused as REST refuses it (session 37: it was ignored).
      const radius = await client.callTool({
        name: "search_jobs",
        arguments: { query: QUERY, radius_km: 50 },
      }) as CallToolResult;
      assert.equal(radius.isError, true);
      assert.match(textOf(radius), /^Invalid parameter 'radius_km': it only applies with 'near'/);
      // A query over the bound is the REST message, plus where such a text goes.
      const long = await client.callTool({
        name: "search_jobs",
        arguments: { query: "nurse ".repeat(834) },
      }) as CallToolResult;
      assert.equal(long.isError, true);
      assert.equal(
        textOf(long),
        "Invalid parameter 'query': must be at most 1000 characters. A CV, a posting or a " +
          "description of the work wanted goes in `profile` (up to 20,000 characters).",
      );
    });

    await t.step("a full page of 100 fits the default budget and says how to go on", async () => {
      const args = { query: QUERY, top_k: 100, detail: "full" };
      const result = await client.callTool({
        name: "search_jobs",
        arguments: args,
      }) as CallToolResult;
      const text = textOf(result);
      const structured = result.structuredContent as McpSearchResponse;
      // The budget holds for the text and for the structured result each.
      assert.ok(text.length <= MAX_CHARS_DEFAULT, `text ${text.length}`);
      assert.ok(JSON.stringify(structured).length <= MAX_CHARS_DEFAULT);
      // The whole tool result, as a client receives it: far under 25,000 tokens.
      assert.ok(JSON.stringify(result).length <= 2 * MAX_CHARS_DEFAULT + 2000);
      const shown = structured.results.length;
      assert.ok(shown >= 5 && shown < 100, `shown ${shown}`);
      assert.deepEqual(structured.truncated, {
        max_chars: MAX_CHARS_DEFAULT,
        results_omitted: 100 - shown,
        next_offset: shown,
        descriptions_cut: shown,
      });
      assert.match(
        text,
        new RegExp(
          `Cut to fit max_chars ${MAX_CHARS_DEFAULT}: ${100 - shown} more postings of this page ` +
            `left out\\. To see them, call search_jobs again with offset ${shown}`,
        ),
      );
      assert.match(text, /jobseek:\/\/postings\/\{job_url\}/);

      // What was shown is REST's page, descriptions cut; the suggested offset continues it.
      const rest = await (await server.fetch(
        `${server.origin}/v1/search?${new URLSearchParams({
          q: QUERY,
          top_k: "100",
          detail: "full",
          // MCP's default order.
          sort: "relevance",
        })}`,
        { headers: { "x-api-key": server.key } },
      )).json() as SearchResponse;
      structured.results.forEach((job, i) => {
        const full = rest.results[i];
        assert.equal(job.job_url, full.job_url);
        assert.ok(job.job_description!.length <= DESCRIPTION_MAX_CHARS);
        assert.ok(full.job_description!.startsWith(job.job_description!));
        assert.ok(
          text.includes(
            `cut at ${job.job_description!.length} of ${full.job_description!.length} characters`,
          ),
        );
      });
      const next = await client.callTool({
        name: "search_jobs",
        arguments: { ...args, offset: shown, top_k: 5 },
      });
      assert.equal(
        (next.structuredContent as McpSearchResponse).results[0].job_url,
        rest.results[shown].job_url,
      );

      // A larger budget holds more; the smallest still shows one posting.
      const large = await client.callTool({
        name: "search_jobs",
        arguments: { ...args, max_chars: 100000 },
      });
      const largeShown = (large.structuredContent as McpSearchResponse).results.length;
      assert.ok(largeShown > shown, `${largeShown} > ${shown}`);
      assert.ok(textOf(large as CallToolResult).length <= 100000);
      const small = await client.callTool({
        name: "search_jobs",
        arguments: { ...args, max_chars: 2000 },
      });
      assert.equal((small.structuredContent as McpSearchResponse).results.length, 1);
    });

    await t.step("a page that fits is REST's page, with no truncation note", async () => {
      const result = await client.callTool({
        name: "search_jobs",
        arguments: { query: QUERY, top_k: 10 },
      }) as CallToolResult;
      const { request_id: _, search_time_ms: __, ...structured } = result
        .structuredContent as McpSearchResponse;
      const rest = await (await server.fetch(
        `${server.origin}/v1/search?${new URLSearchParams({
          q: QUERY,
          top_k: "10",
          sort: "relevance",
        })}`,
        { headers: { "x-api-key": server.key } },
      )).json();
      const { request_id: ___, search_time_ms: ____, ...expected } = rest;
      assert.deepEqual(structured, expected);
      assert.doesNotMatch(textOf(result), /Cut to fit|cut at/);
    });

    await t.step("the text names every field an agent needs", async () => {
      const result = await client.callTool({
        name: "search_jobs",
        arguments: { query: QUERY, top_k: 5 },
      }) as CallToolResult;
      const text = textOf(result);
      for (const job of (result.structuredContent as McpSearchResponse).results) {
        const entry = text.slice(text.indexOf(`. ${job.job_title} — `));
        const lines = entry.split("\n").slice(0, 4).join("\n");
        for (
          const part of [
            `${job.job_title} — ${job.company_name}`,
            `${job.city}, ${job.country}`,
            job.publish_time,
            `salary ${job.base_salary}`,
            `source ${job.data_source}`,
            `score ${job.score.toFixed(2)}`,
            `employment ${job.employment_type}`,
            `seniority ${job.seniority_level}`,
            `tags ${job.job_tags.join(", ")}`,
            job.job_url,
          ]
        ) {
          assert.ok(lines.includes(part), `${part} missing in:\n${lines}`);
        }
      }
    });

    await t.step("one posting in full as a resource; the tools stay two", async () => {
      assert.deepEqual((await client.listTools()).tools.map((tool) => tool.name).sort(), [
        "list_cities",
        "search_jobs",
      ]);
      const { resourceTemplates } = await client.listResourceTemplates();
      assert.deepEqual(resourceTemplates.map((r) => [r.uriTemplate, r.mimeType]), [
        ["jobseek://postings/{+job_url}", "text/markdown"],
      ]);
      assert.deepEqual((await client.listResources()).resources, []);

      // The URI the cut page points to reads the posting it names, description whole.
      const page = await client.callTool({
        name: "search_jobs",
        arguments: { query: QUERY, top_k: 3, detail: "full" },
      }) as CallToolResult;
      const uri = textOf(page).match(/e\.g\. (jobseek:\/\/postings\/\S+)/)![1];
      const job = jobs.find((j) => uri === `jobseek://postings/${j.job_url}`)!;
      assert.ok(job, uri);
      for (const asked of [uri, `jobseek://postings/${encodeURIComponent(job.job_url)}`]) {
        const { contents } = await client.readResource({ uri: asked });
        assert.equal(contents.length, 1);
        const [content] = contents as { uri: string; mimeType: string; text: string }[];
        assert.equal(content.mimeType, "text/markdown");
        assert.ok(content.text.length > DESCRIPTION_MAX_CHARS);
        assert.ok(content.text.endsWith(job.job_description), "the whole description");
        for (
          const part of [
            `# ${job.job_title}`,
            `${job.company_name} · ${job.city}, ${job.country} · published ${job.publish_time}`,
            `- Salary: ${job.base_salary}`,
            `- Employment type: ${job.employment_type}`,
            `- Seniority: ${job.seniority_level}`,
            `- Tags: ${job.job_tags.join(", ")}`,
            `- Source: ${job.data_source}`,
            `- URL: ${job.job_url}`,
          ]
        ) {
          assert.ok(content.text.includes(part), part);
        }
      }

      const missing = await rawCall(server, {
        jsonrpc: "2.0",
        id: 9,
        method: "resources/read",
        params: { uri: "jobseek://postings/https://jobs.example.com/engineering/9999" },
      });
      assert.equal(missing.body.error.code, -32002, missing.text);
      // The message alone: the SDK's client adds "MCP error -32002: " itself (session 57).
      assert.match(missing.body.error.message, /^No posting with job_url https:\/\/jobs\.example/);
      const notUri = await rawCall(server, {
        jsonrpc: "2.0",
        id: 10,
        method: "resources/read",
        params: { uri: "engineering 9" },
      });
      assert.deepEqual(notUri.body.error, {
        code: -32602,
        message: "Invalid params: params.uri must be an absolute URI",
      });
    });

    await t.step(
      "CORS: preflight for allowed origins, headers on answers, 403 for others",
      async () => {
        const origin = "http://localhost:6274";
        const preflight = await server.fetch(`${server.origin}/mcp`, {
          method: "OPTIONS",
          headers: {
            origin,
            "access-control-request-method": "POST",
            "access-control-request-headers":
              "content-type, authorization, x-api-key, mcp-protocol-version, mcp-session-id",
          },
        });
        await preflight.body?.cancel();
        assert.equal(preflight.status, 204);
        assert.equal(preflight.headers.get("access-control-allow-origin"), origin);
        assert.equal(preflight.headers.get("access-control-allow-methods"), "POST");
        const allowed = (preflight.headers.get("access-control-allow-headers") ?? "").toLowerCase()
          .split(",");
        for (
          const header of ["authorization", "x-api-key", "mcp-protocol-version", "mcp-session-id"]
        ) {
          assert.ok(allowed.includes(header), header);
        }
        assert.equal(allowed.length, CORS_ALLOW_HEADERS.length);
        assert.equal(preflight.headers.get("access-control-allow-credentials"), null);

        // The 401 a browser client must read to find the sign-in.
        const anonymous = await server.postMcp({ jsonrpc: "2.0", id: 1, method: "tools/list" }, {
          origin,
        });
        await anonymous.body?.cancel();
        assert.equal(anonymous.status, 401);
        assert.equal(anonymous.headers.get("access-control-allow-origin"), origin);
        const exposed = (anonymous.headers.get("access-control-expose-headers") ?? "")
          .toLowerCase();
        assert.match(exposed, /www-authenticate/);
        assert.match(exposed, /mcp-session-id/);
        assert.match(anonymous.headers.get("www-authenticate") ?? "", /scope="jobs:read"/);
        const ok = await server.postMcp({ jsonrpc: "2.0", id: 1, method: "tools/list" }, {
          origin,
          "x-api-key": server.key,
        });
        assert.equal(ok.status, 200);
        assert.equal(ok.headers.get("access-control-allow-origin"), origin);
        await ok.body?.cancel();

        for (const foreign of ["https://evil.example", "null"]) {
          const refused = await server.fetch(`${server.origin}/mcp`, {
            method: "OPTIONS",
            headers: { origin: foreign, "access-control-request-method": "POST" },
          });
          await refused.body?.cancel();
          assert.equal(refused.status, 403, foreign);
          assert.equal(refused.headers.get("access-control-allow-origin"), null);
        }
        // Without an Origin (not a browser) there is nothing to allow.
        const plain = await server.postMcp({ jsonrpc: "2.0", id: 1, method: "tools/list" }, {
          "x-api-key": server.key,
        });
        await plain.body?.cancel();
        assert.equal(plain.headers.get("access-control-allow-origin"), null);
        assert.deepEqual(Object.keys(MCP_HEADERS).sort(), ["accept", "content-type"]);
      },
    );
  } finally {
    await server.close();
    await search.close();
  }
});

Deno.test("MCP on an empty store: search_jobs says an operator must ingest", async () => {
  const store = await openStore(":memory:");
  const embedder = await createUseLiteEmbedder();
  const service = createSearchService({ store, embedder, logger: silentLogger, pollMs: 50 });
  const server = await startMcpServer(store, service);
  try {
    const client = await server.connectClient();
    const search = () =>
      client.callTool({ name: "search_jobs", arguments: { query: QUERY } }) as Promise<
        CallToolResult
      >;
    // Still starting: the index may be on its way, so the old answer stands.
    const starting = await search();
    assert.equal(starting.isError, true);
    assert.match(textOf(starting), /not loaded yet/);

    await service.start();
    const empty = await search();
    assert.equal(empty.isError, true);
    assert.equal(textOf(empty), NO_POSTINGS_TEXT);
    assert.match(textOf(empty), /^no postings yet: an operator must run jobseek ingest/);
    // REST keeps its 503 body shape, with a code of its own.
    const rest = await server.fetch(`${server.origin}/v1/search?q=nurse`, {
      headers: { "x-api-key": server.key },
    });
    assert.equal(rest.status, 503);
    const body = await rest.json();
    assert.deepEqual(Object.keys(body).sort(), ["error", "error_code", "request_id"]);
    assert.equal(body.error_code, "NO_INDEX");

    // Once an operator ingests, the same server searches.
    await store.postings.upsertJobs((await longPostings()).slice(0, 3));
    await publishIndex(store, { embedder, logger: silentLogger });
    for (let i = 0; i < 100 && !service.isReady(); i++) await delay(50);
    const found = await search();
    assert.notEqual(found.isError, true, textOf(found));
  } finally {
    await server.close();
    service.stop();
    await service.whenIdle();
    embedder.close();
    store.close();
  }
});

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
