import { strict as assert } from "node:assert";
import type { SearchService } from "../src/domain/service.ts";
import { ErrorBodySchema } from "../src/http/error_response.ts";
import { silentLogger } from "../src/log.ts";
import { publishIndex } from "../src/search/publish_index.ts";
import { createSearchService } from "../src/search/search_service.ts";
import { openStore } from "../src/store/store.ts";
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

/** Checks an error response field by field and returns its message. */
async function expectError(
  response: Response,
  status: number,
  errorCode: string,
  error?: string | RegExp,
): Promise<string> {
  const body = await jsonBody(response);
  assert.equal(response.status, status, JSON.stringify(body));
  assert.deepEqual(Object.keys(body).sort(), ["error", "error_code", "request_id"]);
  ErrorBodySchema.parse(body);
  assert.equal(body.error_code, errorCode);
  assert.match(body.request_id as string, UUID_PATTERN);
  assert.equal(response.headers.get("x-request-id"), body.request_id);
  assert.equal(response.headers.get("x-content-type-options"), "nosniff");
  if (typeof error === "string") assert.equal(body.error, error);
  else if (error) assert.match(body.error as string, error);
  return body.error as string;
}

/** Malformed values of each parameter, with the parameter the message must name. */
const MALFORMED: [string, Record<string, unknown>, Record<string, string>][] = [
  ["top_k", { top_k: "abc" }, { top_k: "abc" }],
  ["top_k", { top_k: 2.5 }, { top_k: "2.5" }],
  ["offset", { offset: -1 }, { offset: "-1" }],
  ["offset", { offset: "x" }, { offset: "1e3" }],
  ["country", { country: "de" }, { country: "de" }],
  ["country", { country: "DEU" }, { country: "Germany" }],
  ["since", { since: "2024-13-01" }, { since: "2024-13-01" }],
  ["since", { since: "2024-02-30" }, { since: "2024-05-01T00:00:00" }],
  ["until", { until: "yesterday" }, { until: "2024-05-01 25:00:00" }],
  ["detail", { detail: "xml" }, { detail: "xml" }],
  ["sort", { sort: "x" }, { sort: "x" }],
  ["q", { q: "x".repeat(1001) }, { q: "x".repeat(1001) }],
  ["city", { city: 42 }, { city: "c".repeat(201) }],
  ["q", { q: 42 }, { q: "y".repeat(5000) }],
  ["remote", { remote: "yes" }, { remote: "remote,,hybrid" }],
  ["remote", { remote: ["remote", "office"] }, { remote: "Remote" }],
  ["remote", { remote: 1 }, { remote: "remote;hybrid" }],
  ["salary_min", { salary_min: -1 }, { salary_min: "-5" }],
  ["salary_min", { salary_min: "60k" }, { salary_min: "1e" }],
  ["salary_min", { salary_min: true }, { salary_min: "sixty" }],
  ["salary_currency", { salary_min: 1, salary_currency: "eur" }, {
    salary_min: "1",
    salary_currency: "EURO",
  }],
  ["salary_include_unknown", { salary_min: 1, salary_include_unknown: "yes" }, {
    salary_min: "1",
    salary_include_unknown: "1",
  }],
  ["employment_type", { employment_type: ["fulltime", "gig"] }, { employment_type: "full-time" }],
  ["employment_type", { employment_type: Array(21).fill("contract") }, {
    employment_type: "contract,",
  }],
  ["seniority", { seniority: "medior" }, { seniority: "senior lead" }],
  ["company", { company: "c".repeat(201) }, { company: "c".repeat(201) }],
  ["company", { company: [1, 2] }, { company: "d".repeat(300) }],
  ["exclude_company", { exclude_company: { name: "Acme" } }, { exclude_company: "e".repeat(201) }],
  ["near", { near: "Nowhereville Xq" }, { near: "Nowhereville Xq" }],
  ["near", { near: "91,200" }, { near: "n".repeat(201) }],
  ["radius_km", { radius_km: "ten" }, { radius_km: "-1" }],
  ["radius_km", { near: "Toronto", radius_km: -3 }, { near: "Toronto", radius_km: "ten" }],
  // A radius around no place (session 37: it was ignored).
  ["radius_km", { radius_km: 50 }, { radius_km: "50" }],
  ["facets", { facets: ["remote", "salary"] }, { facets: "city,," }],
  ["facets", { facets: 7 }, { facets: "everything" }],
];

/** The real service with a search that fails unexpectedly. */
function failingService(error: Error) {
  return (real: SearchService): SearchService => ({
    search: () => Promise.reject(error),
    listCities: (options) => real.listCities(options),
    isReady: () => real.isReady(),
  });
}

Deno.test("REST errors over HTTP", async (t) => {
  const search = await createTestSearch({ jobs: await restTestJobs() });
  const server = await startRestServer(search.store, search.service);
  const servers: RestServer[] = [server];
  try {
    await t.step("missing, empty or blank q gives 400 MISSING_QUERY", async () => {
      const missing: Record<string, string>[] = [{}, { q: "" }, { q: "   " }, { city: "Berlin" }];
      for (const params of missing) {
        await expectError(await getSearch(server, params), 400, "MISSING_QUERY", "q is required");
      }
      for (const body of [{}, { q: "" }, { q: "   " }, { q: null }, { query: "nurse" }]) {
        await expectError(await postSearch(server, body), 400, "MISSING_QUERY", "q is required");
      }
    });

    await t.step("a missing q is reported before other bad parameters", async () => {
      await expectError(await getSearch(server, { top_k: "abc" }), 400, "MISSING_QUERY");
    });

    await t.step("each malformed parameter gives 400 INVALID_PARAMETER naming it", async () => {
      for (const [param, body, query] of MALFORMED) {
        const viaPost = await expectError(
          await postSearch(server, { q: "nurse", ...body }),
          400,
          "INVALID_PARAMETER",
        );
        assert.match(viaPost, new RegExp(`'${param}'`), `POST ${JSON.stringify(body)}`);
        const viaGet = await expectError(
          await getSearch(server, { q: "nurse", ...query }),
          400,
          "INVALID_PARAMETER",
        );
        assert.match(viaGet, new RegExp(`'${param}'`), `GET ${JSON.stringify(query)}`);
      }
    });

    await t.step("an unknown source gives 400 INVALID_SOURCE", async () => {
      for (const source of ["monster", "Indeed", "ziprecruiter"]) {
        const message = await expectError(
          await getSearch(server, { q: "nurse", source }),
          400,
          "INVALID_SOURCE",
        );
        assert.match(message, /indeed, linkedin, glassdoor/);
        await expectError(await postSearch(server, { q: "nurse", source }), 400, "INVALID_SOURCE");
      }
      await expectError(await postSearch(server, { q: "nurse", source: 3 }), 400, "INVALID_SOURCE");
    });

    await t.step(
      "a parameter that takes one value, repeated with another, is refused by name",
      async () => {
        for (
          const [name, first, second] of [
            ["city", "Leeds", "London"],
            ["country", "GB", "IE"],
            ["source", "indeed", "linkedin"],
            ["sort", "relevance", "newest"],
            ["q", "nurse", "chef"],
          ]
        ) {
          const search = new URLSearchParams({ q: "nurse", [name]: first });
          search.append(name, second);
          await expectError(
            await server.fetch(`/v1/search?${search}`),
            400,
            "INVALID_PARAMETER",
            `Invalid parameter '${name}': takes one value, and 2 different ones were given`,
          );
        }
        // The same value twice is that value; a list parameter's values are its list.
        const same = await server.fetch("/v1/search?q=nurse&country=GB&country=GB&top_k=50");
        assert.equal(same.status, 200);
        const sameBody = await jsonBody(same);
        const inGb = await jsonBody(
          await getSearch(server, { q: "nurse", country: "GB", top_k: "50" }),
        );
        assert.deepEqual(
          (sameBody.results as { job_url: string }[]).map((r) => r.job_url),
          (inGb.results as { job_url: string }[]).map((r) => r.job_url),
        );
        const list = await server.fetch(
          "/v1/search?q=nurse&employment_type=fulltime&employment_type=parttime",
        );
        assert.equal(list.status, 200);
      },
    );

    await t.step(
      "a number under 0 is told it must be 0 or more, as text or JSON alike",
      async () => {
        // "-5" in a query string was "must be a number" (reviewer W51); "-0" is still no number.
        for (
          const [name, extra] of [["salary_min", {}], ["radius_km", { near: "Toronto" }]] as const
        ) {
          for (const value of ["-5", "-0.5", " -1e3 "]) {
            await expectError(
              await getSearch(server, { q: "nurse", ...extra, [name]: value }),
              400,
              "INVALID_PARAMETER",
              `Invalid parameter '${name}': must be 0 or more`,
            );
          }
          await expectError(
            await postSearch(server, { q: "nurse", ...extra, [name]: -5 }),
            400,
            "INVALID_PARAMETER",
            `Invalid parameter '${name}': must be 0 or more`,
          );
          for (const value of ["-0", "-+5", "--5", "-"]) {
            await expectError(
              await getSearch(server, { q: "nurse", ...extra, [name]: value }),
              400,
              "INVALID_PARAMETER",
              `Invalid parameter '${name}': must be a number`,
            );
          }
        }
      },
    );

    await t.step("a body that is not a JSON object gives 400 INVALID_JSON", async () => {
      const bodies: [string, string][] = [
        ["hello, search for nurses", "text/plain"],
        ['{"q": "nurse"', "application/json"],
        ['["q", "nurse"]', "application/json"],
        ["null", "application/json"],
        ['"nurse"', "application/json"],
        ["42", "application/json"],
        ["", "application/json"],
      ];
      for (const [body, type] of bodies) {
        await expectError(
          await postSearch(server, body, { headers: { "content-type": type } }),
          400,
          "INVALID_JSON",
          /^Invalid JSON body: /,
        );
      }
      const bytes = new Uint8Array([0x7b, 0x22, 0x71, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]);
      await expectError(
        await server.fetch("/v1/search", { method: "POST", body: bytes }),
        400,
        "INVALID_JSON",
      );
    });

    await t.step("a JSON object is accepted whatever the content type says", async () => {
      const response = await postSearch(server, '{"q":"nurse","top_k":1}', {
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      assert.equal(response.status, 200);
      await response.body?.cancel();
    });

    await t.step(
      "a body over 192 KiB gives 413 PAYLOAD_TOO_LARGE; 192 KiB exactly passes",
      async () => {
        const sized = (bytes: number) => {
          const head = '{"q":"nurse","pad":"';
          return head + "x".repeat(bytes - head.length - 2) + '"}';
        };
        const limit = 192 * 1024;
        assert.equal(sized(limit).length, limit);
        const ok = await postSearch(server, sized(limit));
        assert.equal(ok.status, 200);
        await ok.body?.cancel();
        await expectError(await postSearch(server, sized(limit + 1)), 413, "PAYLOAD_TOO_LARGE");
        await expectError(await postSearch(server, sized(200 * 1024)), 413, "PAYLOAD_TOO_LARGE");
      },
    );

    await t.step("a streamed body without Content-Length is limited too", async () => {
      const chunk = new TextEncoder().encode("x".repeat(8 * 1024));
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === 0) controller.enqueue(new TextEncoder().encode('{"q":"nurse","pad":"'));
          if (sent >= 30) {
            controller.enqueue(new TextEncoder().encode('"}'));
            controller.close();
            return;
          }
          controller.enqueue(chunk);
          sent++;
        },
      });
      const response = await server.fetch("/v1/search", { method: "POST", body: stream });
      await expectError(response, 413, "PAYLOAD_TOO_LARGE");
    });

    await t.step("an unknown path gives 404 NOT_FOUND, with or without a key", async () => {
      for (const path of ["/v1/nope", "/", "/v2/search", "/v1/search/", "/v1/SEARCH"]) {
        await expectError(await server.fetch(path), 404, "NOT_FOUND");
        await expectError(await server.fetch(path, { key: null }), 404, "NOT_FOUND");
      }
      await expectError(
        await server.fetch("/v1/nope", { method: "POST", body: "{}" }),
        404,
        "NOT_FOUND",
      );
    });

    await t.step("a wrong method gives 405 METHOD_NOT_ALLOWED with Allow", async () => {
      for (const method of ["PUT", "DELETE", "PATCH"]) {
        const response = await server.fetch("/v1/search?q=nurse", { method, body: "{}" });
        assert.equal(response.headers.get("allow"), "GET, HEAD, POST");
        await expectError(response, 405, "METHOD_NOT_ALLOWED");
      }
      for (const path of ["/healthz", "/v1/openapi.json"]) {
        const response = await server.fetch(path, { method: "POST", body: "{}" });
        assert.equal(response.headers.get("allow"), "GET, HEAD");
        await expectError(response, 405, "METHOD_NOT_ALLOWED");
      }
    });

    await t.step("GET /healthz answers 200 {status: ok} without a key", async () => {
      const response = await server.fetch("/healthz", { key: null });
      assert.equal(response.status, 200);
      assert.deepEqual(await jsonBody(response), { status: "ok", model: search.embedder.model });
    });

    await t.step(
      "an unexpected failure gives 500 without details, logged with its id",
      async () => {
        const secret = "connection to 10.0.0.7 refused in /srv/jobseek/search.ts";
        const broken = await startRestServer(search.store, search.service, {
          wrapService: failingService(new Error(secret)),
        });
        servers.push(broken);
        const response = await getSearch(broken, { q: "nurse" });
        const text = await response.clone().text();
        const message = await expectError(response, 500, "INTERNAL_ERROR", "Internal server error");
        assert.equal(message, "Internal server error");
        assert.ok(
          !text.includes("10.0.0.7") && !text.includes("search.ts") && !text.includes("at "),
        );
        const requestId = response.headers.get("x-request-id");
        const logged = broken.logs.find((line) => line.level === "error");
        assert.ok(logged, "the failure is logged");
        assert.equal(logged.request_id, requestId);
        assert.match(String(logged.error), /10\.0\.0\.7/);
        assert.ok(typeof logged.stack === "string");
        const post = await postSearch(broken, { q: "nurse" });
        await expectError(post, 500, "INTERNAL_ERROR", "Internal server error");
      },
    );

    await t.step("search before the index is loaded gives 503 NOT_READY, 200 after", async () => {
      // A real service started on a store that has no index yet, as on a server's first start.
      const emptyStore = await openStore(":memory:");
      const starting = createSearchService({
        store: emptyStore,
        embedder: search.embedder,
        logger: silentLogger,
        pollMs: 50,
      });
      try {
        // Listening before the service has loaded anything: worth a retry.
        const early = await startRestServer(emptyStore, starting);
        servers.push(early);
        const response = await getSearch(early, { q: "nurse" });
        assert.equal(response.headers.get("retry-after"), "5");
        await expectError(response, 503, "NOT_READY", /not loaded yet/);
        const health = await early.fetch("/healthz", { key: null });
        assert.equal(health.status, 503);
        assert.equal(health.headers.get("retry-after"), "5");
        assert.deepEqual(await jsonBody(health), {
          status: "starting",
          model: search.embedder.model,
        });

        // Started, and the store has nothing to index: no retry helps until an operator ingests.
        await starting.start();
        const empty = await getSearch(early, { q: "nurse" });
        assert.equal(empty.headers.get("retry-after"), null);
        await expectError(
          empty,
          503,
          "NO_INDEX",
          /An operator must run `jobseek ingest FILE\.\.\.`/,
        );

        await emptyStore.postings.upsertJobs(await restTestJobs());
        await publishIndex(emptyStore, { embedder: search.embedder, logger: silentLogger });
        let status = 503;
        for (let i = 0; i < 200 && status !== 200; i++) {
          const probe = await early.fetch("/healthz", { key: null });
          status = probe.status;
          await probe.body?.cancel();
          if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        assert.equal(status, 200, "the server turns ready once an index is published");
        const ready = await getSearch(early, { q: "nurse" });
        assert.equal(ready.status, 200);
        await ready.body?.cancel();
      } finally {
        starting.stop();
        await starting.whenIdle();
        await servers.pop()?.close();
        emptyStore.close();
      }
    });

    await t.step(
      "every request is logged exactly once, with its id, method, path and status",
      async () => {
        const sent: { id: string; method: string; path: string; status: number }[] = [];
        const probes: [string, RequestInit & { key?: string | null }][] = [
          ["/v1/search?q=nurse", {}],
          ["/v1/search?q=nurse&top_k=abc", {}],
          ["/v1/search?q=nurse", { key: null }],
          ["/v1/search", {
            method: "POST",
            body: "{",
            headers: { "content-type": "application/json" },
          }],
          ["/v1/search", { method: "DELETE" }],
          ["/no/such/path", {}],
          ["/healthz", { key: null }],
        ];
        for (const [path, init] of probes) {
          const response = await server.fetch(path, init);
          await response.body?.cancel();
          const id = response.headers.get("x-request-id");
          assert.ok(id, `${path} answered without x-request-id`);
          sent.push({
            id,
            method: init.method ?? "GET",
            path: path.split("?")[0],
            status: response.status,
          });
        }
        const requests = server.logs.filter((line) => line.msg === "request");
        for (const request of sent) {
          const lines = requests.filter((line) => line.request_id === request.id);
          assert.equal(
            lines.length,
            1,
            `request ${request.method} ${request.path} logged ${lines.length} times`,
          );
          const [line] = lines;
          assert.deepEqual(
            { id: line.request_id, method: line.method, path: line.path, status: line.status },
            request,
          );
          assert.ok(typeof line.duration_ms === "number" && line.duration_ms >= 0);
          assert.ok(!JSON.stringify(line).includes(server.key), "the key itself is never logged");
        }
        assert.deepEqual(new Set(sent.map((r) => r.status)), new Set([200, 400, 403, 404, 405]));
        assert.equal(new Set(requests.map((line) => line.request_id)).size, requests.length);
      },
    );

    await t.step(
      "every answer, success or error, carries X-Content-Type-Options: nosniff",
      async () => {
        const limited = await startRestServer(search.store, search.service, { rateLimit: 1 });
        servers.push(limited);
        const probes: [RestServer, string, RequestInit & { key?: string | null }, number][] = [
          [server, "/v1/search?q=nurse", {}, 200],
          [server, "/v1/search", {
            method: "POST",
            body: JSON.stringify({ q: "nurse" }),
            headers: { "content-type": "application/json" },
          }, 200],
          [server, "/v1/search?q=nurse&top_k=abc", {}, 400],
          [server, "/v1/search", {
            method: "POST",
            body: "{",
            headers: { "content-type": "application/json" },
          }, 400],
          [server, "/v1/search?q=nurse", { key: null }, 403],
          [server, "/v1/search?q=nurse", { key: "not-a-key" }, 403],
          [server, "/v1/search", { method: "DELETE" }, 405],
          [server, "/no/such/path", {}, 404],
          [server, "/healthz", { key: null }, 200],
          [server, "/v1/openapi.json", { key: null }, 200],
          [server, "/.well-known/oauth-protected-resource", { key: null }, 200],
          [server, "/mcp", { method: "POST", key: null, body: "{}" }, 401],
          [limited, "/v1/search?q=nurse", {}, 200],
          [limited, "/v1/search?q=nurse", {}, 429],
        ];
        for (const [on, path, init, status] of probes) {
          const response = await on.fetch(path, init);
          const what = `${init.method ?? "GET"} ${path}`;
          assert.equal(response.status, status, what);
          if (path !== "/mcp") {
            assert.match(response.headers.get("content-type") ?? "", /^application\/json/, what);
          }
          assert.equal(response.headers.get("x-content-type-options"), "nosniff", what);
          await response.body?.cancel();
        }
      },
    );
  } finally {
    for (const s of servers) await s.close();
    await search.close();
  }
});
