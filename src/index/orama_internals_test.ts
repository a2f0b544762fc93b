import { strict as assert } from "node:assert";
import type { Job } from "../domain/job.ts";
import { buildOrama, saveOrama } from "./orama_db.ts";
import { splitSavedOrama } from "./term_dictionary.ts";
import { indexStoreOf, ORAMA_VERSION, savedOramaOf } from "./orama_internals.ts";

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

Deno.test("indexStoreOf() reads the pinned Orama's live index: its trees find the words", () => {
  const store = indexStoreOf(buildOrama(jobs()), FIELDS);
  const found = store.indexes.title.node.find({ term: "welder", exact: true });
  assert.deepEqual(Object.keys(found), ["welder"]);
  const [id] = found.welder;
  assert.equal(store.fieldLengths.title[id], 1);
  assert.equal(store.frequencies.title[id]?.welder, 1);
});

Deno.test("indexStoreOf() rejects an index of another shape, naming the Orama version", () => {
  const db = buildOrama(jobs());
  const index: { frequencies?: unknown } = db.data.index;
  delete index.frequencies;
  assert.throws(
    () => indexStoreOf(db, FIELDS),
    (error: Error) =>
      error instanceof TypeError &&
      error.message.includes(`@orama/orama ${ORAMA_VERSION}`) &&
      error.message.includes("frequencies"),
  );
});

Deno.test("savedOramaOf() reads save() output and its split form, with the document count", () => {
  const raw = saveOrama(buildOrama(jobs()));
  assert.equal(savedOramaOf(raw, FIELDS).docCount, 3);
  assert.equal(savedOramaOf(raw, FIELDS).index.indexes.title.node.e, false);
  assert.equal(savedOramaOf(splitSavedOrama(raw).orama, FIELDS).docCount, 3);
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
