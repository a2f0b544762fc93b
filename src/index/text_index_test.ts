import { strict as assert } from "node:assert";
import { buildTextIndex, type TextFields, TextIndex } from "./text_index.ts";
import { tokenize } from "./tokenize.ts";

function fields(title: string, description = "", extra: Partial<TextFields> = {}): TextFields {
  return { title, tags: "", company: "", description, location: "", ...extra };
}

const docs = [
  fields("Registered Nurse", "Care for patients on a busy ward."),
  fields("Software Engineer", "We build tools for nurses and doctors. Our nurses love them."),
  fields("Warehouse Associate", "Pick and pack orders."),
  fields("Nurse Practitioner", "", { location: "Chicago" }),
  fields("Cashier", "", { company: "Nurse Bakery" }),
];
const index = new TextIndex(buildTextIndex(docs));

function scores(query: string): number[] {
  const out = new Float32Array(docs.length);
  index.score(tokenize(query), out);
  return Array.from(out, (x) => Math.round(x * 1000) / 1000);
}

Deno.test("TextIndex.score() gives a full title match ~1 and a posting without the words 0", () => {
  const s = scores("registered nurse");
  assert.ok(s[0] > 0.95, `full title match scored ${s[0]}`);
  assert.equal(s[2], 0);
  assert.ok(s.every((x) => x >= 0 && x <= 1));
});

Deno.test("TextIndex.score() counts a word in the description at most half as much", () => {
  const s = scores("nurse");
  assert.ok(s[1] > 0 && s[1] <= 0.5, `description-only match scored ${s[1]}`);
  assert.ok(s[3] > s[1]);
});

Deno.test("TextIndex.score() weighs rare words more than common ones", () => {
  // "nurse" is in four postings, "registered" in one: the rare word decides more of the score.
  const s = scores("registered nurse");
  assert.ok(s[3] < 0.5, `common word alone scored ${s[3]}`);
});

Deno.test("TextIndex.score() finds words in company and location", () => {
  assert.ok(scores("chicago")[3] > 0.7);
  assert.ok(scores("bakery")[4] > 0.7);
});

Deno.test("TextIndex.score() scores a query of unknown words 0 everywhere", () => {
  assert.deepEqual(scores("astronaut"), [0, 0, 0, 0, 0]);
  assert.deepEqual(scores(""), [0, 0, 0, 0, 0]);
});
