/**
 * A client that closes its connection mid-body is an abort, logged at info, not a 500 with a stack.
 */
import { strict as assert } from "node:assert";
import { OAuthServer } from "../src/auth/oauth_server.ts";
import { createTestSearch, defaultTestJobs } from "./helpers.ts";
import { startTestServer } from "./test_server.ts";

Deno.test("a client gone mid-body is logged at info as an abort, never as an error", async () => {
  const search = await createTestSearch({ jobs: await defaultTestJobs(4) });
  const server = await startTestServer(search.store, search.service, {
    oauth: (apiKeys) => new OAuthServer(search.store, apiKeys),
  });
  try {
    const requests = [
      `POST /v1/search HTTP/1.1\r\nHost: x\r\nx-api-key: ${server.key}\r\n` +
      `Content-Length: 500\r\n\r\n{"q": "nur`,
      `POST /oauth/register HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
      `Transfer-Encoding: chunked\r\n\r\n5\r\n{"red`,
    ];
    for (const request of requests) {
      const conn = await Deno.connect({ hostname: "127.0.0.1", port: server.port });
      await conn.write(new TextEncoder().encode(request));
      await new Promise((resolve) => setTimeout(resolve, 100));
      conn.close();
    }
    const deadline = Date.now() + 3000;
    const aborts = () => server.logs.filter((l) => l.msg === "request aborted by the client");
    while (aborts().length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.deepEqual(
      aborts().map((l) => [l.level, l.path]).sort(),
      [["info", "/oauth/register"], ["info", "/v1/search"]],
    );
    assert.deepEqual(server.logs.filter((l) => l.level === "error"), []);
    const lines = server.logs.filter((l) => l.msg === "request");
    assert.deepEqual(lines.map((l) => l.status), [499, 499]);
  } finally {
    await server.close();
    await search.close();
  }
});
