import { strict as assert } from "node:assert";
import { analyzeQuery } from "./analyze_query.ts";

Deno.test("analyzeQuery() searches an abbreviation and its expansion as alternatives", () => {
  const query = analyzeQuery("HGV driver");
  assert.deepEqual(query.termVariants[0], ["hgv", "driver"]);
  assert.ok(query.termVariants.some((v) => v.includes("heavi") && v.includes("vehicl")));
  assert.equal(query.embeddingText, "hgv (heavy goods vehicle driver) driver");
});

Deno.test("analyzeQuery() adds the abbreviation of a spelled-out title", () => {
  const query = analyzeQuery("Registered Nurse");
  assert.deepEqual(query.termVariants, [["regist", "nurs"], ["rn"]]);
  assert.equal(query.embeddingText, "registered nurse");
});

Deno.test("analyzeQuery() keeps a query of filler words for the encoder", () => {
  const query = analyzeQuery("jobs");
  assert.deepEqual(query.termVariants, [[]]);
  assert.equal(query.embeddingText, "jobs");
});
