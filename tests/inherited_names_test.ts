/**
 * Text that names what every JavaScript object inherits ("constructor", "toString", "__proto__")
 * is read as any other word, wherever outside text meets a table of ours: a query's words, a CV, a
 * CSV cell, a pushed body's media type. "nurse posted constructor" answered 500, "constructor
 * jobs" embedded "function Object() { [native code] }" and "jobs in constructor" read a place
 * with no name (reviewer W, session 38; src/domain/own_value.ts).
 */
import { strict as assert } from "node:assert";
import { parseSearchQuery } from "../src/domain/search_query.ts";
import { formatSeniority } from "../src/ingest/jobspy_csv.ts";
import { analyzeQuery } from "../src/index/analyze_query.ts";
import { salaryIn } from "../src/index/query_salary.ts";
import { expandAbbreviations } from "../src/search/profile/role_titles.ts";
import { createIngestService } from "../src/search/ingest_service.ts";
import { createTestSearch, feederAndReaderKeys } from "./helpers.ts";
import { startTestServer } from "./test_server.ts";

const INHERITED = Object.getOwnPropertyNames(Object.prototype);

const QUERIES = [
  (name: string) => `${name} jobs`,
  (name: string) => `jobs in ${name}`,
  (name: string) => `nurse posted ${name}`,
  (name: string) => `nurse posted in the last ${name} days`,
  (name: string) => `nurse in Leeds, ${name}`,
  (name: string) => `nurse 20 ${name} an hour`,
  (name: string) => `${name} driving jobs`,
];

Deno.test("an inherited name in a query is a word like any other: no error, no function's text", async () => {
  assert.ok(INHERITED.includes("constructor") && INHERITED.includes("__proto__"));
  const search = await createTestSearch();
  try {
    for (const name of INHERITED) {
      const read = analyzeQuery(`${name} jobs`);
      assert.ok(!/native code|function/.test(read.embeddingText), `${name}: ${read.embeddingText}`);
      assert.equal(salaryIn(`nurse 20 ${name}`), null, name);
      for (const query of QUERIES) {
        const q = query(name);
        const outcome = await search.service.search(parseSearchQuery({ q, sort: "relevance" }));
        const text = JSON.stringify(outcome);
        assert.ok(!/native code|\[object Object\]/.test(text), `${q}: ${text.slice(0, 300)}`);
        const place = outcome.query_place;
        if (place) {
          // A place read names where: a city, a region, a country, a part of the world, home.
          const { matched: _matched, ...where } = place;
          assert.ok(Object.keys(where).length > 0, `${q}: ${JSON.stringify(place)}`);
        }
      }
    }
  } finally {
    await search.close();
  }
});

Deno.test("an inherited name in a CV's title, a CSV's level or a push's media type", async () => {
  for (const name of INHERITED) {
    assert.equal(expandAbbreviations(name), name);
    const level = formatSeniority(name);
    assert.equal(typeof level, "string", name);
  }
  const search = await createTestSearch();
  const server = await startTestServer(search.store, search.service, {
    ingest: createIngestService({ store: search.store }),
  });
  try {
    const { feeder } = await feederAndReaderKeys(search.store);
    for (const name of ["constructor", "tostring", "__proto__"]) {
      const response = await server.fetch("/v1/postings", {
        method: "POST",
        headers: { "x-api-key": feeder, "content-type": name },
        body: "title\nnurse\n",
      });
      const body = await response.json();
      assert.equal(response.status, 415, `${name}: ${JSON.stringify(body)}`);
      assert.equal(body.error_code, "UNSUPPORTED_MEDIA_TYPE");
    }
    for (const name of INHERITED) {
      // A role read from the CV ("seeking a position as constructor") came back as
      // "function Object { }" (reviewer W, session 38): no function's text, even cleaned.
      const profile = await server.fetch("/v1/search", {
        method: "POST",
        headers: { "x-api-key": server.key, "content-type": "application/json" },
        body: JSON.stringify({
          profile: `${name}\n\nRegistered nurse. Objective: seeking a position as ${name}.`,
        }),
      });
      const text = await profile.text();
      assert.equal(profile.status, 200, text);
      const derived = JSON.stringify(JSON.parse(text).derived);
      assert.ok(!/function|native code|\[object/.test(derived), `${name}: ${derived}`);
    }
  } finally {
    await server.close();
    await search.close();
  }
});
