import { strict as assert } from "node:assert";
// @ts-types="@modelcontextprotocol/sdk/client/index"
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { DENO_RUN, TEST_PROCESS_ENV } from "./cli_process.ts";
import { testEmbedder } from "./helpers.ts";
// @ts-types="@modelcontextprotocol/sdk/client/stdio"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
// @ts-types="@modelcontextprotocol/sdk/types"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { CityCount, SearchResponse } from "../src/domain/job.ts";
import { silentLogger } from "../src/log.ts";
import { createSearchService } from "../src/search/search_service.ts";
import { openStore } from "../src/store/store.ts";
import { docsClientEntry, startMcpServer } from "./mcp_server.ts";
import { restTestJobs, UUID_PATTERN } from "./rest_server.ts";

const ROOT = new URL("../", import.meta.url).pathname.replace(/\/$/, "");
const QUERY = "software engineer";

function textOf(result: CallToolResult): string {
  assert.equal(result.content.length, 1);
  return (result.content[0] as { text: string }).text;
}

/** Every stdout line must be a JSON-RPC message: anything else would break the client. */
function parseProtocolLines(stdout: string): Record<string, unknown>[] {
  const lines = stdout.split("\n").filter((line) => line !== "");
  return lines.map((line) => {
    const message = JSON.parse(line);
    assert.equal(message.jsonrpc, "2.0", `not a JSON-RPC message on stdout: ${line}`);
    return message;
  });
}

Deno.test("MCP over stdio: jobseek mcp serves the same tools on the local store", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "jobseek-stdio-" });
  const kvPath = `${dir}/jobseek.sqlite3`;
  const jobs = await restTestJobs();
  {
    // Postings but no index yet: the server builds and publishes it as it starts.
    const store = await openStore(kvPath);
    await store.postings.upsertJobs(jobs);
    store.close();
  }
  const entry = await docsClientEntry("command");
  const args = (entry.args as string[]).map((arg) => arg.replace("/path/to/jobseek", ROOT));
  const env = Object.fromEntries(
    Object.entries(entry.env as Record<string, string>).map(([name]) => [name, kvPath]),
  );
  assert.deepEqual(Object.keys(env), ["JOBSEEK_KV"]);
  const stderr: string[] = [];
  const transport = new StdioClientTransport({
    command: (entry.command as string) === "deno" ? Deno.execPath() : entry.command as string,
    args,
    // The whole environment, or Deno would re-download every package into a fresh cache.
    env: { ...Deno.env.toObject(), ...TEST_PROCESS_ENV, ...env },
    cwd: dir,
    stderr: "pipe",
  });
  transport.stderr?.on("data", (chunk: Uint8Array) => stderr.push(new TextDecoder().decode(chunk)));
  const client = new Client({ name: "jobseek-stdio-test", version: "1.0.0" });
  await client.connect(transport);
  const store = await openStore(kvPath);
  const embedder = await testEmbedder();
  const service = createSearchService({ store, embedder, logger: silentLogger });
  let http: Awaited<ReturnType<typeof startMcpServer>> | undefined;
  try {
    await t.step(
      "the stdio entry in README.md (and docs/mcp.md) starts the server; it lists the two tools",
      async () => {
        assert.equal(entry.command, "deno");
        assert.deepEqual(args.slice(0, 2), ["run", "-A"]);
        assert.equal(client.getServerVersion()?.name, "jobseek");
        const { tools } = await client.listTools();
        assert.deepEqual(tools.map((tool) => tool.name).sort(), ["list_cities", "search_jobs"]);
      },
    );

    // A search waits for the index the server is building instead of failing.
    const first = await client.callTool({ name: "search_jobs", arguments: { query: QUERY } });

    // The same store, searched through REST in this process, is the reference.
    await service.start();
    assert.ok(service.isReady(), "the stdio server published an index into the store");
    http = await startMcpServer(store, service);

    await t.step("tools/list is identical to the HTTP endpoint's", async () => {
      const httpClient = await http!.connectClient();
      assert.deepEqual((await client.listTools()).tools, (await httpClient.listTools()).tools);
    });

    await t.step("search_jobs answers as REST does for the same search", async () => {
      for (
        const [result, params] of [
          [first, { q: QUERY }],
          [
            await client.callTool({
              name: "search_jobs",
              arguments: { query: "nurse", country: "DE", top_k: 3, detail: "full" },
            }),
            { q: "nurse", country: "DE", top_k: "3", detail: "full" },
          ],
        ] as const
      ) {
        assert.notEqual(result.isError, true, JSON.stringify(result));
        const { request_id, search_time_ms: _, ...structured } = result
          .structuredContent as SearchResponse;
        assert.match(request_id, UUID_PATTERN);
        const rest = await http!.fetchApp(
          // MCP orders by relevance unless told otherwise; REST by date (the spec's order).
          new Request(
            `${http!.origin}/v1/search?${new URLSearchParams({ sort: "relevance", ...params })}`,
            {
              headers: { "x-api-key": http!.key },
            },
          ),
        );
        const { request_id: __, search_time_ms: ___, ...expected } = await rest.json();
        assert.deepEqual(structured, expected);
        assert.ok(structured.results.length > 0);
        assert.match(
          textOf(result as CallToolResult),
          /^Found \d+ (?:jobs?|strong match(?:es)? and \d+ close match(?:es)?) for /,
        );
      }
    });

    await t.step("search_jobs without query is a tool error 'query is required'", async () => {
      const result = await client.callTool({ name: "search_jobs", arguments: { top_k: 3 } });
      assert.equal(result.isError, true);
      assert.equal(textOf(result as CallToolResult), "query is required");
    });

    await t.step("list_cities and unknown tools behave as over HTTP", async () => {
      const result = await client.callTool({ name: "list_cities", arguments: { country: "US" } });
      const { cities } = result.structuredContent as { cities: CityCount[] };
      const expected = new Map<string, number>();
      for (const job of jobs) {
        if (job.country === "US") expected.set(job.city, (expected.get(job.city) ?? 0) + 1);
      }
      assert.deepEqual(
        new Map(cities.map((c) => [c.city, c.count])),
        expected,
      );
      assert.ok(cities.every((c) => c.country === "US"));
      const unknown = await client.callTool({ name: "search_everything", arguments: {} });
      assert.equal(unknown.isError, true);
      assert.match(textOf(unknown as CallToolResult), /-32602.*not found/);
    });

    await t.step("logs go to stderr as JSON lines; the ready line names the store", () => {
      const lines = stderr.join("").split("\n").filter((line) => line.trim() !== "");
      assert.ok(lines.length > 0);
      for (const line of lines) assert.ok(JSON.parse(line).msg, line);
      // A client that passes no JOBSEEK_KV (the MCP Inspector's CLI passes only the variables
      // given with -e) opens ./data/jobseek.sqlite3 wherever it started the server: the log is
      // where a person finds which store that was (session 32).
      const ready = lines.map((line) => JSON.parse(line)).find((line) =>
        line.msg === "mcp stdio server ready"
      );
      assert.equal(ready?.store, kvPath, JSON.stringify(ready));
    });
  } finally {
    await client.close();
    await http?.close();
    service.stop();
    await service.whenIdle();
    store.close();
  }

  await t.step("piped requests: stdout is protocol only, every request answered", async () => {
    const requests = [
      {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "sh", version: "1" },
        },
      },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", id: 2, method: "tools/list" },
      {
        jsonrpc: "2.0",
        id: 3,
        method: "tools/call",
        params: { name: "search_jobs", arguments: { query: "nurse", top_k: 2 } },
      },
      { jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "list_cities" } },
      // Malformed: no tool name. Answered -32602 in one line, and the rest still served.
      { jsonrpc: "2.0", id: 5, method: "tools/call", params: { arguments: {} } },
      {
        jsonrpc: "2.0",
        id: 6,
        method: "resources/read",
        params: { uri: `jobseek://postings/${jobs[0].job_url}` },
      },
    ];
    const child = new Deno.Command(Deno.execPath(), {
      args: [...DENO_RUN, `${ROOT}/main.ts`, "mcp"],
      env: { ...TEST_PROCESS_ENV, JOBSEEK_KV: kvPath },
      cwd: dir,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(requests.map((r) => JSON.stringify(r)).join("\n")));
    await writer.write(new TextEncoder().encode("\n"));
    // Closing stdin at once: the server must still answer everything it was sent.
    await writer.close();
    const { code, stdout } = await child.output();
    assert.equal(code, 0);
    const messages = parseProtocolLines(new TextDecoder().decode(stdout));
    assert.deepEqual(messages.map((m) => m.id).sort(), [1, 2, 3, 4, 5, 6]);
    const byId = new Map(messages.map((m) => [m.id, m]));
    assert.deepEqual(byId.get(5)!.error, {
      code: -32602,
      message: "Invalid params: params.name is required",
    });
    const posting = byId.get(6)!.result as { contents: { text: string }[] };
    assert.ok(posting.contents[0].text.endsWith(jobs[0].job_description));
    const search = byId.get(3)!.result as CallToolResult;
    assert.equal((search.structuredContent as SearchResponse).results.length, 2);
    const cities = (byId.get(4)!.result as CallToolResult).structuredContent as {
      cities: CityCount[];
    };
    assert.ok(cities.cities.length > 0);
  });

  await Deno.remove(dir, { recursive: true });
});
