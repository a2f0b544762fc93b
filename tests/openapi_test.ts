import { strict as assert } from "node:assert";
import { parseSearchQuery, RestSearchSchema } from "../src/domain/search_query.ts";
import { SearchResponseSchema } from "../src/domain/job.ts";
import { ErrorBodySchema, RateLimitBodySchema } from "../src/http/error_response.ts";
import { createTestSearch } from "./helpers.ts";
import { getSearch, jsonBody, postSearch, restTestJobs, startRestServer } from "./rest_server.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

/** Follows a local `$ref` (`#/components/...`). */
function resolve(doc: Json, node: Json): Json {
  if (!node?.$ref) return node;
  return (node.$ref as string).slice(2).split("/").reduce((at: Json, part) => at?.[part], doc);
}

function allRefs(node: Json, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((item) => allRefs(item, found));
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref") found.push(value as string);
      else allRefs(value, found);
    }
  }
  return found;
}

Deno.test("GET /v1/openapi.json documents the API the server runs", async (t) => {
  const search = await createTestSearch({ jobs: await restTestJobs() });
  const server = await startRestServer(search.store, search.service);
  try {
    const response = await server.fetch("/v1/openapi.json", { key: null });
    assert.equal(response.status, 200);
    const doc: Json = await jsonBody(response);
    const get = doc.paths["/v1/search"].get;
    const post = doc.paths["/v1/search"].post;
    const requestSchema = resolve(doc, post.requestBody.content["application/json"].schema);

    await t.step("it is an OpenAPI 3.1 document whose references all resolve", () => {
      assert.equal(doc.openapi, "3.1.0");
      assert.ok(doc.info.title && doc.info.version);
      for (const ref of allRefs(doc)) assert.ok(resolve(doc, { $ref: ref }), `dangling ${ref}`);
    });

    await t.step("every search field is a GET parameter and a POST body property", () => {
      const fields = Object.keys(RestSearchSchema.shape);
      assert.ok(fields.length >= 10);
      const parameters = new Map<string, Json>(get.parameters.map((p: Json) => [p.name, p]));
      for (const field of fields) {
        assert.ok(parameters.has(field), `GET parameter ${field}`);
        assert.equal((parameters.get(field) as Json).in, "query");
        assert.ok(requestSchema.properties[field], `POST property ${field}`);
      }
      assert.deepEqual([...parameters.keys()].sort(), [...fields].sort());
      // `profile` is the body's alone: a CV does not fit in a URL (GET with it is a 400).
      assert.deepEqual(
        Object.keys(requestSchema.properties).sort(),
        [...fields, "profile"].sort(),
      );
      assert.equal((parameters.get("q") as Json).required, true);
      assert.equal(requestSchema.required, undefined);
      assert.deepEqual(requestSchema.anyOf.map((branch: Json) => branch.required), [
        ["q"],
        ["profile"],
      ]);
      for (const [name, parameter] of parameters) {
        if (name !== "q") assert.equal((parameter as Json).required, false, name);
      }
    });

    await t.step("documented defaults and enums are the validator's", () => {
      const applied = parseSearchQuery({ q: "x" });
      const parameters = new Map<string, Json>(get.parameters.map((p: Json) => [p.name, p]));
      for (const name of ["top_k", "offset", "detail", "sort"] as const) {
        assert.equal((parameters.get(name) as Json).schema.default, applied[name], name);
        assert.equal(requestSchema.properties[name].default, applied[name], name);
      }
      // Each optional parameter is its values or blank ("not given"), hence anyOf.
      const branches = (name: string) => (parameters.get(name) as Json).schema.anyOf as Json[];
      assert.deepEqual(branches("source").find((b) => b.enum)?.enum, [
        "indeed",
        "linkedin",
        "glassdoor",
      ]);
      assert.ok(branches("top_k").some((b) => b.type === "integer"));
    });

    await t.step("both operations list every status they can answer", () => {
      assert.deepEqual(Object.keys(get.responses).sort(), [
        "200",
        "400",
        "403",
        "429",
        "500",
        "503",
      ]);
      assert.deepEqual(
        Object.keys(post.responses).sort(),
        ["200", "400", "403", "413", "429", "500", "503"],
      );
      for (const op of [get, post]) {
        assert.ok(op.responses["429"].headers["Retry-After"]);
        assert.ok(op.responses["503"].headers["Retry-After"]);
        const limited = resolve(doc, op.responses["429"].content["application/json"].schema);
        assert.deepEqual(Object.keys(limited.properties).sort(), ["error", "retry_after"]);
        for (const status of ["400", "403", "500", "503"]) {
          const schema = resolve(doc, op.responses[status].content["application/json"].schema);
          assert.deepEqual(Object.keys(schema.properties).sort(), [
            "error",
            "error_code",
            "request_id",
          ]);
        }
      }
      assert.ok(post.responses["400"].content["application/json"].examples.invalid_json);
    });

    await t.step("the x-api-key scheme guards search, not health or the document", () => {
      assert.deepEqual(doc.components.securitySchemes.ApiKeyAuth, {
        type: "apiKey",
        in: "header",
        name: "x-api-key",
        description: doc.components.securitySchemes.ApiKeyAuth.description,
      });
      assert.deepEqual(doc.security, [{ ApiKeyAuth: [] }]);
      assert.equal(get.security, undefined);
      assert.deepEqual(doc.paths["/healthz"].get.security, []);
      assert.deepEqual(doc.paths["/v1/openapi.json"].get.security, []);
    });

    await t.step("a link's unknown token answers a status the document lists", async () => {
      for (const [path, method] of [["/v1/unsubscribe", "get"], ["/v1/confirm", "get"]]) {
        const response = await server.fetch(`${path}/0`, { key: null });
        await response.body?.cancel();
        const documented = Object.keys(doc.paths[`${path}/{token}`][method].responses);
        assert.ok(
          documented.includes(String(response.status)),
          `${method.toUpperCase()} ${path}/{token} answered ${response.status}, documented ${documented}`,
        );
      }
    });

    await t.step("a push documents its date_posted parameter, optional", () => {
      const push = doc.paths["/v1/postings"].post;
      const datePosted = (push.parameters as Json[]).find((p) => p.name === "date_posted");
      assert.ok(datePosted, "date_posted is documented");
      assert.equal(datePosted.in, "query");
      assert.equal(datePosted.required, false);
    });

    await t.step("error examples are what the server answers for the same input", async () => {
      const examples = get.responses["400"].content["application/json"].examples;
      const cases: [string, Record<string, string>][] = [
        ["missing_query", {}],
        ["invalid_parameter", { q: "nurse", since: "2024-13-01" }],
        ["invalid_source", { q: "nurse", source: "monster" }],
      ];
      for (const [name, params] of cases) {
        ErrorBodySchema.parse(examples[name].value);
        const actual = await jsonBody(await getSearch(server, params));
        assert.equal(actual.error, examples[name].value.error, name);
        assert.equal(actual.error_code, examples[name].value.error_code, name);
      }
      const invalidJson = post.responses["400"].content["application/json"].examples.invalid_json;
      const actual = await jsonBody(
        await postSearch(server, "q=nurse", { headers: { "content-type": "text/plain" } }),
      );
      assert.equal(actual.error, invalidJson.value.error);
      const tooLarge = post.responses["413"].content["application/json"].examples.too_large;
      const big = await jsonBody(await postSearch(server, { q: "x", pad: "p".repeat(200_000) }));
      assert.equal(big.error, tooLarge.value.error);
      RateLimitBodySchema.parse(get.responses["429"].content["application/json"].example);
    });

    await t.step("a real response has exactly the documented fields", async () => {
      const schema = resolve(doc, get.responses["200"].content["application/json"].schema);
      const body = await jsonBody(
        await getSearch(server, { q: "software engineer", detail: "full" }),
      );
      SearchResponseSchema.parse(body);
      for (const key of Object.keys(body)) assert.ok(key in schema.properties, key);
      assert.deepEqual(schema.required.toSorted(), [
        "request_id",
        "results",
        "search_time_ms",
        "total",
      ]);
      const placed = await jsonBody(
        await getSearch(server, { q: "nurse in Berlin", city: "Atlantis" }),
      );
      for (const key of Object.keys(placed)) assert.ok(key in schema.properties, key);
      assert.ok("hint" in schema.properties && "query_place" in schema.properties);
      const resultProperties = Object.keys(schema.properties.results.items.properties);
      const results = body.results as Record<string, unknown>[];
      assert.ok(results.length > 0);
      for (const result of results) {
        for (const key of Object.keys(result)) assert.ok(resultProperties.includes(key), key);
        for (const key of schema.properties.results.items.required) assert.ok(key in result, key);
      }
    });
  } finally {
    await server.close();
    await search.close();
  }
});
