/**
 * Runs the official MCP conformance suite (`@modelcontextprotocol/conformance`, pinned in
 * deno.json) against a real server.
 *
 * The suite's client sends no credentials and has no option for headers, so it cannot pass our
 * auth. Auth is not weakened for it: the suite talks to a front that adds an API key to every
 * request, as an MCP client configured with `headers` would, and hands the request otherwise
 * unchanged (Host and Origin included) to the real app. A last check runs the suite without the
 * front to show that it is refused there.
 *
 * Scenarios asserted: the ones that apply to any server. The suite's other scenarios call fixture
 * tools, prompts and resources of its own that this server does not have.
 */
import { strict as assert } from "node:assert";
import { createTestSearch } from "./helpers.ts";
import { type McpTestServer, startMcpServer } from "./mcp_server.ts";
import { restTestJobs } from "./rest_server.ts";

const SUITE = "npm:@modelcontextprotocol/conformance@0.1.16";
const ROOT = new URL("../", import.meta.url).pathname;

interface Check {
  id: string;
  status: string;
  errorMessage?: string;
}

/** Runs one scenario and returns its checks (from the suite's own results file). */
async function runScenario(url: string, scenario: string): Promise<Check[]> {
  const outDir = await Deno.makeTempDir({ prefix: "jobseek-conformance-" });
  try {
    const { stdout, stderr } = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", SUITE, "server", "--url", url, "--scenario", scenario, "-o", outDir],
      cwd: ROOT,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const files = [];
    for await (const entry of Deno.readDir(outDir)) files.push(entry.name);
    assert.equal(
      files.length,
      1,
      `${scenario}: no results written\n${decode(stdout)}${decode(stderr)}`,
    );
    return JSON.parse(await Deno.readTextFile(`${outDir}/${files[0]}/checks.json`));
  } finally {
    await Deno.remove(outDir, { recursive: true });
  }
}

function decode(bytes: Uint8Array): string {
  return new TextDecoder().decode(bytes);
}

/** A front that adds the tester's API key and passes the request on unchanged otherwise. */
function startKeyFront(server: McpTestServer): Deno.HttpServer<Deno.NetAddr> {
  return Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (request) => {
    const headers = new Headers(request.headers);
    headers.set("x-api-key", server.key);
    const { method, url } = request;
    const body = method === "GET" || method === "HEAD" ? undefined : await request.arrayBuffer();
    return server.fetchApp(new Request(url, { method, headers, body }));
  });
}

Deno.test("the MCP conformance suite passes the scenarios that apply to any server", async (t) => {
  const search = await createTestSearch({ jobs: (await restTestJobs()).slice(0, 8) });
  const server = await startMcpServer(search.store, search.service);
  const front = startKeyFront(server);
  const url = `http://127.0.0.1:${front.addr.port}/mcp`;
  try {
    for (
      const scenario of [
        "server-initialize",
        "ping",
        "tools-list",
        "tools-call-error",
        "dns-rebinding-protection",
      ]
    ) {
      await t.step(scenario, async () => {
        const checks = await runScenario(url, scenario);
        assert.ok(checks.length > 0, `${scenario}: no checks ran`);
        for (const check of checks) {
          assert.equal(check.status, "SUCCESS", `${check.id}: ${check.errorMessage}`);
        }
      });
    }

    await t.step("without credentials the suite is refused with 401", async () => {
      const [check] = await runScenario(`${server.url}/mcp`, "server-initialize");
      assert.equal(check.status, "FAILURE");
      assert.match(String(check.errorMessage), /Unauthorized/);
    });
  } finally {
    await front.shutdown();
    await server.close();
    await search.close();
  }
});
