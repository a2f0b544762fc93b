/**
 * The MCP rate limit counts calls, not HTTP requests: a JSON-RPC batch spends one unit per call
 * in it, so a batch of 100 cannot run 100 searches on a budget of 10.
 */
import { strict as assert } from "node:assert";
import { createTestSearch, defaultTestJobs } from "./helpers.ts";
import { startMcpServer } from "./mcp_server.ts";

const call = (id: number) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name: "list_cities", arguments: {} },
});
const batch = (n: number, first = 1) => Array.from({ length: n }, (_, i) => call(first + i));

Deno.test("MCP over HTTP: each call of a JSON-RPC batch counts against the limit", async () => {
  const search = await createTestSearch({ jobs: await defaultTestJobs(4) });
  const server = await startMcpServer(search.store, search.service, { rateLimit: 10 });
  const key = { "x-api-key": server.key };
  try {
    // More calls than the whole budget: refused, and nothing is spent.
    const huge = await server.postMcp(batch(100), key);
    assert.equal(huge.status, 429);
    const body = await huge.json();
    assert.deepEqual(Object.keys(body).sort(), ["error", "retry_after"]);

    const five = await server.postMcp(batch(5), key);
    assert.equal(five.status, 200);
    const answers = await five.json();
    assert.equal(answers.length, 5);
    assert.ok(answers.every((a: { result?: unknown }) => a.result !== undefined));

    const six = await server.postMcp(batch(6, 10), key);
    assert.equal(six.status, 429);
    await six.body?.cancel();
    // A notification is not a call: a batch with one call and notifications costs one.
    const withNotice = await server.postMcp(
      [call(20), { jsonrpc: "2.0", method: "notifications/initialized" }],
      key,
    );
    assert.equal(withNotice.status, 200);
    await withNotice.body?.cancel();
    const four = await server.postMcp(batch(4, 30), key);
    assert.equal(four.status, 200);
    await four.body?.cancel();
    // 5 + 1 + 4 = the budget of 10: the next single call is one too many.
    const single = await server.postMcp(call(40), key);
    assert.equal(single.status, 429);
    await single.body?.cancel();
  } finally {
    await server.close();
    await search.close();
  }
});

Deno.test("MCP over HTTP: an empty JSON-RPC batch is an Invalid Request, notifications stay 202", async () => {
  const search = await createTestSearch({ jobs: await defaultTestJobs(4) });
  const server = await startMcpServer(search.store, search.service);
  const key = { "x-api-key": server.key };
  try {
    for (const body of ["[]", " [ ]\n"]) {
      const empty = await server.postMcp(body, key);
      assert.equal(empty.status, 400, JSON.stringify(body));
      assert.equal(empty.headers.get("content-type"), "application/json");
      assert.deepEqual(await empty.json(), {
        jsonrpc: "2.0",
        error: { code: -32600, message: "Invalid Request: the batch is empty" },
        id: null,
      });
    }
    // Only notifications: nothing to answer, as before.
    const notice = { jsonrpc: "2.0", method: "notifications/initialized" };
    for (const body of [notice, [notice, notice]]) {
      const accepted = await server.postMcp(body, key);
      assert.equal(accepted.status, 202);
      assert.equal(await accepted.text(), "");
    }
    // Without credentials the empty batch is refused for that first, as any request is.
    const anonymous = await server.postMcp("[]");
    assert.equal(anonymous.status, 401);
    await anonymous.body?.cancel();
  } finally {
    await server.close();
    await search.close();
  }
});
