/**
 * CORS on `/v1/search` for the origins in `JOBSEEK_CORS_ORIGINS`: a page of such an origin can
 * search (preflight, then the request) and read the answer, errors included; any other origin gets
 * no CORS header; without the setting nothing changes; `/mcp` keeps its own Origin rules. Real
 * app and search service, requests handled in-process.
 */
import { strict as assert } from "node:assert";
import { loadConfig } from "../src/config.ts";
import { CORS_MAX_AGE_SECONDS } from "../src/http/search_routes.ts";
import { createTestSearch } from "./helpers.ts";
import { restTestJobs } from "./rest_server.ts";
import { startTestServer } from "./test_server.ts";

const APP = "https://app.example.com";
const OTHER = "https://evil.example";

function corsHeaders(response: Response): string[] {
  return [...response.headers.keys()].filter((name) => name.startsWith("access-control-"));
}

function varyNames(response: Response): string[] {
  return (response.headers.get("vary") ?? "").split(",").map((v) => v.trim().toLowerCase());
}

Deno.test("REST CORS: allowed origins may search, others get no CORS header", async (t) => {
  const search = await createTestSearch({ jobs: await restTestJobs() });
  const server = await startTestServer(search.store, search.service, {
    env: { JOBSEEK_CORS_ORIGINS: `${APP}, http://localhost:5173` },
  });
  const request = (path: string, init: RequestInit = {}) =>
    server.fetchApp(new Request(`http://localhost${path}`, init));
  const preflight = (origin: string) =>
    request("/v1/search", {
      method: "OPTIONS",
      headers: {
        origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type, x-api-key",
      },
    });
  try {
    await t.step(
      "a preflight from an allowed origin: 204 with methods, headers, max-age",
      async () => {
        const response = await preflight(APP);
        assert.equal(response.status, 204);
        assert.equal(response.headers.get("access-control-allow-origin"), APP);
        assert.deepEqual(response.headers.get("access-control-allow-methods")?.split(","), [
          "GET",
          "POST",
        ]);
        assert.deepEqual(response.headers.get("access-control-allow-headers")?.split(","), [
          "content-type",
          "x-api-key",
        ]);
        assert.equal(
          response.headers.get("access-control-max-age"),
          String(CORS_MAX_AGE_SECONDS),
        );
        assert.ok(varyNames(response).includes("origin"));
        assert.equal(await response.text(), "");
        const local = await preflight("http://localhost:5173");
        assert.equal(local.headers.get("access-control-allow-origin"), "http://localhost:5173");
      },
    );

    await t.step("a search from an allowed origin: the answer names the origin", async () => {
      const response = await request("/v1/search", {
        method: "POST",
        headers: { origin: APP, "content-type": "application/json", "x-api-key": server.key },
        body: JSON.stringify({ q: "nurse" }),
      });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get("access-control-allow-origin"), APP);
      assert.ok(varyNames(response).includes("origin"));
      assert.match(response.headers.get("access-control-expose-headers") ?? "", /x-request-id/);
      assert.ok(Array.isArray((await response.json()).results));
    });

    await t.step("an error for an allowed origin is readable by the page too", async () => {
      const response = await request("/v1/search?q=nurse", {
        headers: { origin: APP, "x-api-key": "jsk_wrong" },
      });
      assert.equal(response.status, 403);
      assert.equal(response.headers.get("access-control-allow-origin"), APP);
      assert.equal((await response.json()).error_code, "AUTH_INVALID_KEY");
    });

    await t.step("another origin: no CORS header; its preflight an empty 204", async () => {
      const response = await request("/v1/search?q=nurse", {
        headers: { origin: OTHER, "x-api-key": server.key },
      });
      // Not a browser's business to enforce here: a server-side client sending Origin still works.
      assert.equal(response.status, 200);
      await response.body?.cancel();
      assert.deepEqual(corsHeaders(response), []);
      assert.ok(varyNames(response).includes("origin"));
      const denied = await preflight(OTHER);
      assert.equal(denied.status, 204);
      assert.deepEqual(corsHeaders(denied), []);
      assert.ok(varyNames(denied).includes("origin"));
      const spoofed = await preflight("https://app.example.com.evil.example");
      assert.deepEqual(corsHeaders(spoofed), []);
    });

    await t.step(
      "other methods are still 405, and OPTIONS without Origin is not CORS",
      async () => {
        for (const [method, origin] of [["PUT", APP], ["DELETE", APP], ["OPTIONS", undefined]]) {
          const response = await request("/v1/search", {
            method,
            headers: origin ? { origin } : {},
          });
          assert.equal(response.status, 405, `${method}`);
          assert.equal(response.headers.get("allow"), "GET, HEAD, POST");
          assert.equal((await response.json()).error_code, "METHOD_NOT_ALLOWED");
        }
      },
    );

    await t.step("/mcp keeps its own Origin rules", async () => {
      const response = await request("/mcp", {
        method: "OPTIONS",
        headers: { origin: APP, "access-control-request-method": "POST" },
      });
      assert.equal(response.status, 403);
      assert.deepEqual(corsHeaders(response), []);
      await response.body?.cancel();
    });
  } finally {
    await server.close();
    await search.close();
  }
});

Deno.test("REST CORS: without JOBSEEK_CORS_ORIGINS no origin is allowed", async () => {
  const search = await createTestSearch({ jobs: await restTestJobs() });
  const server = await startTestServer(search.store, search.service);
  try {
    const preflight = await server.fetchApp(
      new Request("http://localhost/v1/search", {
        method: "OPTIONS",
        headers: { origin: APP, "access-control-request-method": "GET" },
      }),
    );
    assert.equal(preflight.status, 405);
    assert.deepEqual(corsHeaders(preflight), []);
    await preflight.body?.cancel();
    const response = await server.fetchApp(
      new Request("http://localhost/v1/search?q=nurse", {
        headers: { origin: APP, "x-api-key": server.key },
      }),
    );
    assert.equal(response.status, 200);
    assert.deepEqual(corsHeaders(response), []);
    await response.body?.cancel();
  } finally {
    await server.close();
    await search.close();
  }
});

Deno.test("loadConfig() reads JOBSEEK_CORS_ORIGINS as origins and refuses anything else", () => {
  assert.deepEqual(
    loadConfig({ JOBSEEK_CORS_ORIGINS: "https://App.Example.com/, http://localhost:5173" })
      .corsOrigins,
    ["https://app.example.com", "http://localhost:5173"],
  );
  assert.deepEqual(loadConfig({}).corsOrigins, []);
  for (const bad of ["*", "app.example.com", "https://app.example.com/path", "ftp://x.org"]) {
    assert.throws(
      () => loadConfig({ JOBSEEK_CORS_ORIGINS: bad }),
      /^Error: Cannot start: JOBSEEK_CORS_ORIGINS entries must be origins such as/,
      bad,
    );
  }
});
