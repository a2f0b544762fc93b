import { strict as assert } from "node:assert";
import { RATE_JITTER_MAX_SECONDS } from "../src/auth/rate_limiter.ts";
import { createTestSearch } from "./helpers.ts";
import {
  getSearch,
  jsonBody,
  postSearch,
  type RestServer,
  restTestJobs,
  startRestServer,
  UUID_PATTERN,
} from "./rest_server.ts";

async function expectForbidden(response: Response): Promise<void> {
  const body = await jsonBody(response);
  assert.equal(response.status, 403, JSON.stringify(body));
  assert.deepEqual(Object.keys(body).sort(), ["error", "error_code", "request_id"]);
  assert.equal(body.error, "Invalid API key");
  assert.equal(body.error_code, "AUTH_INVALID_KEY");
  assert.match(body.request_id as string, UUID_PATTERN);
  assert.equal(response.headers.get("x-request-id"), body.request_id);
}

async function expectOk(response: Response): Promise<void> {
  const body = await jsonBody(response);
  assert.equal(response.status, 200, JSON.stringify(body));
}

/** Checks the 429 shape of spec 7.1 and returns `retry_after`. */
async function expectRateLimited(response: Response): Promise<number> {
  const body = await jsonBody(response);
  assert.equal(response.status, 429, JSON.stringify(body));
  assert.deepEqual(Object.keys(body).sort(), ["error", "retry_after"]);
  assert.equal(body.error, "Rate limit exceeded");
  const retryAfter = body.retry_after as number;
  assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1);
  // The test servers' clock is frozen: the requests counted leave the window 60 s later.
  assert.ok(retryAfter >= 60 && retryAfter <= 60 + RATE_JITTER_MAX_SECONDS, String(retryAfter));
  assert.equal(response.headers.get("retry-after"), String(retryAfter));
  return retryAfter;
}

Deno.test("REST authentication and rate limits over HTTP", async (t) => {
  const search = await createTestSearch({ jobs: await restTestJobs() });
  const server = await startRestServer(search.store, search.service, {
    staticKeys: [{ name: "ops", key: "ops-static-key-0123456789" }],
  });
  const servers: RestServer[] = [server];
  try {
    await t.step("a request without x-api-key gets 403 AUTH_INVALID_KEY", async () => {
      await expectForbidden(await getSearch(server, { q: "nurse" }, { key: null }));
      await expectForbidden(await postSearch(server, { q: "nurse" }, { key: null }));
    });

    await t.step("a wrong, empty or Bearer-only key gets 403", async () => {
      for (const key of ["wrong", server.key + "x", server.key.slice(0, -1), " "]) {
        await expectForbidden(await getSearch(server, { q: "nurse" }, { key }));
      }
      await expectForbidden(
        await getSearch(server, { q: "nurse" }, {
          key: null,
          headers: { authorization: `Bearer ${server.key}` },
        }),
      );
    });

    await t.step("a bad key gets 403 whatever else is wrong with the request", async () => {
      const key = "not-a-key";
      await expectForbidden(await getSearch(server, {}, { key }));
      await expectForbidden(await getSearch(server, { q: "x", top_k: "abc" }, { key }));
      await expectForbidden(await getSearch(server, { q: "x", source: "monster" }, { key }));
      await expectForbidden(await postSearch(server, "not json", { key }));
      await expectForbidden(await postSearch(server, [1, 2], { key }));
      await expectForbidden(
        await postSearch(server, { q: "x", pad: "p".repeat(200_000) }, { key }),
      );
    });

    await t.step("valid stored and static keys are accepted", async () => {
      await expectOk(await getSearch(server, { q: "nurse" }));
      await expectOk(await postSearch(server, { q: "nurse" }));
      await expectOk(await getSearch(server, { q: "nurse" }, { key: "ops-static-key-0123456789" }));
    });

    await t.step("a revoked key gets 403 at once", async () => {
      const { key } = await server.apiKeys.create("short-lived");
      await expectOk(await getSearch(server, { q: "nurse" }, { key }));
      assert.equal(await server.apiKeys.revoke("short-lived"), true);
      await expectForbidden(await getSearch(server, { q: "nurse" }, { key }));
    });

    await t.step("the log names the key but never contains it", () => {
      const named = server.logs.filter((line) => line.msg === "request" && line.key_name === "ops");
      assert.ok(named.length > 0);
      for (const line of server.rawLogs) {
        assert.ok(!line.includes(server.key) && !line.includes("ops-static-key-0123456789"));
      }
    });

    await t.step("over a key's own limit: 429 with retry_after and Retry-After", async () => {
      const { key } = await server.apiKeys.create("limited", { rateLimit: 3 });
      for (let i = 0; i < 3; i++) await expectOk(await getSearch(server, { q: "nurse" }, { key }));
      await expectRateLimited(await getSearch(server, { q: "nurse" }, { key }));
      await expectRateLimited(await postSearch(server, { q: "nurse" }, { key }));
      // Other keys keep their own budget.
      await expectOk(await getSearch(server, { q: "nurse" }));
    });

    await t.step("requests that fail validation count against the limit too", async () => {
      const { key } = await server.apiKeys.create("sloppy", { rateLimit: 2 });
      for (let i = 0; i < 2; i++) {
        const response = await getSearch(server, { q: "nurse", top_k: "abc" }, { key });
        assert.equal(response.status, 400);
        await response.body?.cancel();
      }
      await expectRateLimited(await getSearch(server, { q: "nurse" }, { key }));
      // Rate limiting comes before validation: the bad request is refused as over the limit.
      await expectRateLimited(await getSearch(server, { top_k: "abc" }, { key }));
    });

    await t.step("the server default applies to keys without their own limit", async () => {
      const strict = await startRestServer(search.store, search.service, { rateLimit: 2 });
      servers.push(strict);
      await expectOk(await getSearch(strict, { q: "nurse" }));
      await expectOk(await getSearch(strict, { q: "nurse" }));
      await expectRateLimited(await getSearch(strict, { q: "nurse" }));
      // Unauthenticated requests are answered 403 and spend nothing.
      await expectForbidden(await getSearch(strict, { q: "nurse" }, { key: "wrong" }));
      // A raised limit takes effect at once.
      assert.equal(await strict.apiKeys.setRateLimit(strict.keyName, 10), true);
      await expectOk(await getSearch(strict, { q: "nurse" }));
    });

    await t.step("health and OpenAPI need no key and are not rate limited", async () => {
      const strict = servers[1];
      for (let i = 0; i < 3; i++) {
        const health = await strict.fetch("/healthz", { key: null });
        assert.equal(health.status, 200);
        await health.body?.cancel();
        const doc = await strict.fetch("/v1/openapi.json", { key: null });
        assert.equal(doc.status, 200);
        await doc.body?.cancel();
      }
    });
  } finally {
    for (const s of servers) await s.close();
    await search.close();
  }
});
