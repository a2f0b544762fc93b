import { strict as assert } from "node:assert";
import type { Job } from "../domain/job.ts";
import { buildOrama, saveOrama } from "./testdata/orama_db.ts";
import { ORAMA_VERSION, positionTextOfOrama, savedOramaOf } from "./testdata/orama_internals.ts";

const FIELDS = ["title", "tags", "company", "location", "description"];

function jobs(): Job[] {
  return ["Registered Nurse", "Line Cook", "Welder"].map((title, n) => ({
    id: `id-${n}`,
    job_title: title,
    company_name: "Acme",
    city: n === 2 ? "Graz" : "Austin",
    country: n === 2 ? "AT" : "US",
    publish_time: "2026-03-01 08:00:00",
    job_url: `https://www.indeed.com/viewjob?jk=${n}`,
    job_tags: [],
    data_source: "indeed",
    job_description: `${title} wanted.`,
  }));
}

Deno.test("deno.json pins the @orama/orama version whose internals orama_internals.ts reads", async () => {
  const config = JSON.parse(await Deno.readTextFile(new URL("../../deno.json", import.meta.url)));
  assert.equal(config.imports["@orama/orama"], `npm:@orama/orama@${ORAMA_VERSION}`);
});

Deno.test("positionTextOfOrama() reads the pinned Orama's saved index: words, counts, lengths", () => {
  const text = positionTextOfOrama(buildOrama(jobs()), 3);
  const { words, start, ids, counts } = text.terms.title;
  const t = words.indexOf("welder");
  assert.deepEqual(Array.from(ids.subarray(start[t], start[t + 1])), [2]);
  assert.deepEqual(Array.from(counts.subarray(start[t], start[t + 1])), [1]);
  assert.deepEqual(Array.from(text.lengths.title), [2, 2, 1]);
});

Deno.test("savedOramaOf() reads save() output with the document count", () => {
  const raw = saveOrama(buildOrama(jobs()));
  assert.equal(savedOramaOf(raw, FIELDS).docCount, 3);
  assert.equal(savedOramaOf(raw, FIELDS).index.indexes.title.node.e, false);
});

Deno.test("savedOramaOf() rejects a text field saved as another tree kind, naming field and version", () => {
  const raw = JSON.parse(JSON.stringify(saveOrama(buildOrama(jobs()))));
  raw.index.indexes.company.type = "AVL";
  assert.throws(
    () => savedOramaOf(raw, FIELDS),
    new RegExp(
      `@orama/orama ${ORAMA_VERSION.replaceAll(".", "\\.")} \\(index\\.indexes\\.company\\.type: `,
    ),
  );
  const whole = saveOrama(buildOrama(jobs()));
  assert.throws(() => savedOramaOf({ ...whole, docs: {} }, FIELDS), /\(docs\.docs: /);
});
