import { strict as assert } from "node:assert";
import fc from "fast-check";
import {
  LIST_PARAMS,
  parseSearchQuery,
  queryStringInput,
  REST_SEARCH_PARAMS,
  TOP_K_DEFAULT,
} from "./search_query.ts";
import { JobseekError } from "./errors.ts";

function failure(raw: Record<string, unknown>, field: "q" | "query" = "q"): JobseekError {
  try {
    parseSearchQuery(raw, field);
  } catch (error) {
    assert.ok(error instanceof JobseekError);
    return error;
  }
  assert.fail(`expected ${JSON.stringify(raw)} to be rejected`);
}

Deno.test("parseSearchQuery() applies the documented defaults", () => {
  assert.deepEqual(parseSearchQuery({ q: " nurse " }), {
    q: "nurse",
    top_k: TOP_K_DEFAULT,
    offset: 0,
    detail: "summary",
    sort: "date",
  });
});

Deno.test("parseSearchQuery() clamps top_k instead of rejecting it", () => {
  assert.equal(parseSearchQuery({ q: "x", top_k: "0" }).top_k, 1);
  assert.equal(parseSearchQuery({ q: "x", top_k: -5 }).top_k, 1);
  assert.equal(parseSearchQuery({ q: "x", top_k: "500" }).top_k, 100);
  assert.equal(parseSearchQuery({ q: "x", top_k: 37 }).top_k, 37);
});

Deno.test("parseSearchQuery() completes date-only times and keeps full ones", () => {
  const q = parseSearchQuery({ q: "x", since: "2024-05-01", until: "2024-06-01 12:30:00" });
  assert.equal(q.since, "2024-05-01 00:00:00");
  assert.equal(q.until, "2024-06-01 12:30:00");
});

Deno.test("parseSearchQuery() treats blank optional parameters as absent", () => {
  const q = parseSearchQuery({ q: "x", city: "", country: " ", source: "", since: "" });
  assert.deepEqual(Object.keys(q).sort(), ["detail", "offset", "q", "sort", "top_k"]);
});

Deno.test("parseSearchQuery() reports a missing query under the transport's name", () => {
  for (const raw of [{}, { q: "" }, { q: "   " }, { q: null }]) {
    const error = failure(raw);
    assert.equal(error.code, "MISSING_QUERY");
    assert.equal(error.message, "q is required");
  }
  assert.equal(failure({ q: "nurse" }, "query").message, "query is required");
});

Deno.test("parseSearchQuery() names the malformed parameter", () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ q: "x", top_k: "abc" }, "top_k"],
    [{ q: "x", top_k: 2.5 }, "top_k"],
    [{ q: "x", offset: "-1" }, "offset"],
    [{ q: "x", offset: "1.5" }, "offset"],
    [{ q: "x", country: "de" }, "country"],
    [{ q: "x", country: "DEU" }, "country"],
    [{ q: "x", since: "2024-13-01" }, "since"],
    [{ q: "x", since: "2024-02-30" }, "since"],
    [{ q: "x", until: "yesterday" }, "until"],
    [{ q: "x", until: "2024-01-01T00:00:00" }, "until"],
    [{ q: "x", detail: "xml" }, "detail"],
    [{ q: "x", sort: "popularity" }, "sort"],
    [{ q: "x".repeat(1001) }, "q"],
    [{ q: 42 }, "q"],
    [{ q: "x", city: 7 }, "city"],
  ];
  for (const [raw, param] of cases) {
    const error = failure(raw);
    assert.equal(error.code, "INVALID_PARAMETER", JSON.stringify(raw));
    assert.equal(error.param, param);
    assert.match(error.message, new RegExp(`^Invalid parameter '${param}': `));
  }
});

Deno.test("parseSearchQuery() rejects an unknown source with its own code", () => {
  const error = failure({ q: "x", source: "monster" });
  assert.equal(error.code, "INVALID_SOURCE");
  assert.equal(error.message, "Invalid source: must be one of indeed, linkedin, glassdoor");
  assert.equal(parseSearchQuery({ q: "x", source: "linkedin" }).source, "linkedin");
});

Deno.test("parseSearchQuery() measures q after trimming it", () => {
  assert.equal(parseSearchQuery({ q: "a".repeat(1000) + "   " }).q.length, 1000);
  assert.equal(failure({ q: "a".repeat(1001) }).param, "q");
});

Deno.test("parseSearchQuery() words length errors in its own style", () => {
  assert.equal(
    failure({ q: "x", city: "c".repeat(201) }).message,
    "Invalid parameter 'city': must be at most 200 characters",
  );
});

Deno.test("queryStringInput(): repeating a value changes nothing; two different values of a one-value parameter are refused by name", () => {
  const names = [...REST_SEARCH_PARAMS, "utm_source"];
  const entry = fc.tuple(
    fc.constantFrom(...names),
    fc.array(fc.constantFrom("a", "b", "GB", "2"), { minLength: 1, maxLength: 3 }),
  );
  fc.assert(
    fc.property(fc.uniqueArray(entry, { selector: ([name]) => name, maxLength: 6 }), (drawn) => {
      const given = Object.fromEntries(drawn);
      const once = Object.fromEntries(drawn.map(([name, values]) => [name, [values[0]]]));
      const refused = drawn.find(([name, values]) =>
        !LIST_PARAMS.has(name) && REST_SEARCH_PARAMS.has(name) && new Set(values).size > 1
      );
      if (refused) {
        assert.throws(
          () => queryStringInput(given),
          (error) =>
            error instanceof JobseekError && error.code === "INVALID_PARAMETER" &&
            error.param === refused[0] &&
            error.message.startsWith(`Invalid parameter '${refused[0]}': takes one value`),
        );
        return;
      }
      const input = queryStringInput(given);
      for (const [name, values] of drawn) {
        if (LIST_PARAMS.has(name) && values.length > 1) assert.deepEqual(input[name], values);
        else assert.equal(input[name], values[0]);
      }
      // The same values said once, where one value is all a parameter takes, read the same.
      const single = queryStringInput(once);
      for (const [name] of drawn) {
        if (!LIST_PARAMS.has(name)) assert.equal(input[name], single[name]);
      }
    }),
    { numRuns: 500 },
  );
});
