/**
 * "IT", the field, on the real postings: "it" is a stop word of the keyword side (the pronoun of
 * every description), so the words around it were all the keywords searched (session 37).
 *
 * @module
 */
import { strict as assert } from "node:assert";
import { realIndex } from "./real_index.ts";
import { parseSearchQuery } from "../src/domain/search_query.ts";

async function titles(q: string, top = 6): Promise<{ total: number; titles: string[] }> {
  const out = await realIndex.service.search(
    parseSearchQuery({ q, sort: "relevance", top_k: String(top) }),
  );
  return { total: out.total, titles: out.results.map((r) => r.job_title) };
}

const SAYS_IT = /(?<![\p{L}\p{N}])IT(?![\p{L}\p{N}])|\bICT\b|information technology/iu;

Deno.test("'it support technician' lists IT support before maintenance technicians", async () => {
  // It listed "Maintenance Technician - 3rd Shift" first: "support technician" was all the
  // keywords searched, and the encoder puts a mechanic technician nearer the words.
  const { titles: found } = await titles("it support technician", 3);
  assert.ok(found.every((t) => SAYS_IT.test(t)), found.join(" | "));
  assert.match(found[0], /IT Support/);
});

Deno.test("'entry level it jobs' and 'IT jobs in Berlin' list IT postings, not nothing or everything", async () => {
  // "entry level it jobs" named no work (an empty list); "IT jobs in Berlin" listed every
  // posting in Berlin.
  const entry = await titles("entry level it jobs", 10);
  assert.ok(entry.total >= 5, `${entry.total}`);
  assert.ok(entry.titles.every((t) => SAYS_IT.test(t)), entry.titles.join(" | "));
  const berlin = await titles("IT jobs in Berlin", 10);
  const all = await titles("jobs in Berlin", 1);
  assert.ok(berlin.total < all.total, `${berlin.total} of ${all.total}`);
  assert.ok(berlin.titles.every((t) => SAYS_IT.test(t)), berlin.titles.join(" | "));
  const manager = await titles("it manager", 3);
  assert.ok(manager.titles.every((t) => SAYS_IT.test(t)), manager.titles.join(" | "));
});

Deno.test("the pronoun 'it' before a verb is no field", async () => {
  // "nurse jobs where it is quiet": the words are not an IT search.
  const { titles: found } = await titles("night nurse where it is quiet", 3);
  assert.ok(!found.some((t) => SAYS_IT.test(t)), found.join(" | "));
});

Deno.test("'IT guy' and 'help with IT problems' list IT postings, not GUI developers", async () => {
  // "guy" was searched as the stemmer's "gui" (two GUI postings, nothing else), and "it" before
  // it was the pronoun (session 38).
  const guy = await titles("it guy jobs", 10);
  assert.ok(guy.total >= 10, `${guy.total}`);
  assert.ok(guy.titles.every((t) => SAYS_IT.test(t)), guy.titles.join(" | "));
  const problems = await titles("help with IT problems", 3);
  assert.ok(problems.titles.every((t) => SAYS_IT.test(t)), problems.titles.join(" | "));
});

Deno.test("'driving jobs' lists drivers, not caregivers who must be able to drive", async () => {
  const driving = await titles("driving jobs", 10);
  assert.ok(driving.titles.every((t) => /driver/i.test(t)), driving.titles.join(" | "));
  const delivery = await titles("delivery driving work", 3);
  assert.ok(delivery.titles.every((t) => /driver/i.test(t)), delivery.titles.join(" | "));
});
