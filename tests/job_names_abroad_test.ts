/**
 * Job names in German and Dutch on the real postings: the encoder is English, and "Krankenschwester"
 * listed DevOps engineers first, "Elektriker" an AI developer (session 38; src/index/job_names_abroad.ts).
 *
 * @module
 */
import { strict as assert } from "node:assert";
import { realIndex } from "./real_index.ts";
import { parseSearchQuery } from "../src/domain/search_query.ts";

async function titles(q: string, top: number): Promise<string[]> {
  const out = await realIndex.service.search(
    parseSearchQuery({ q, sort: "relevance", top_k: String(top) }),
  );
  return out.results.map((r) => r.job_title);
}

Deno.test("a German or Dutch job name lists that job, in either language", async () => {
  for (
    const [query, job] of [
      ["Krankenschwester", /nurse/i],
      ["Elektriker", /electrician/i],
      ["Verkäufer", /sales/i],
      ["ontwikkelaar", /developer|entwickler/i],
      // Plurals, and a feminine form the spelling correction took for a misspelt "lehrer".
      ["Krankenschwestern", /nurse/i],
      ["Pflegekräfte", /nurse/i],
    ] as const
  ) {
    const found = await titles(query, 5);
    assert.ok(
      found.length === 5 && found.every((t) => job.test(t)),
      `${query}: ${found.join(" | ")}`,
    );
  }
});

Deno.test("a German or Dutch trade's name is searched as its English, never corrected to another word", async () => {
  // Session 56, before the names were listed: "Maler" was searched as "male", "Gärtner" as
  // "partner", the Dutch welder "lasser" as "laser", and "Bäcker" (folded "backer") listed front
  // office jobs as strong matches.
  for (
    const [query, job, top] of [
      ["Maler", /painter/i, 4],
      ["Bäcker", /baker/i, 5],
      ["lasser", /welder/i, 2],
      ["Schweißer", /welder/i, 2],
      ["Staplerfahrer", /FLT|forklift/i, 3],
    ] as const
  ) {
    const out = await realIndex.service.search(
      parseSearchQuery({ q: query, sort: "relevance", top_k: String(top) }),
    );
    const found = out.results.map((r) => r.job_title);
    assert.equal(out.query_corrected, undefined, `${query} was corrected`);
    assert.ok(
      found.length === top && found.every((t) => job.test(t)),
      `${query}: ${found.join(" | ")}`,
    );
  }
});
