import { strict as assert } from "node:assert";
import { splitWords, stem, tokenize } from "./tokenize.ts";

Deno.test("stem() reduces words as Porter's reference implementation does", () => {
  const expected: Record<string, string> = {
    caresses: "caress",
    ponies: "poni",
    agreed: "agre",
    hopping: "hop",
    filing: "file",
    relational: "relat",
    conditional: "condit",
    digitizer: "digit",
    hopefulness: "hope",
    electrical: "electr",
    adjustment: "adjust",
    adoption: "adopt",
    controll: "control",
  };
  for (const [word, stemmed] of Object.entries(expected)) assert.equal(stem(word), stemmed, word);
});

Deno.test("stem() merges the forms of a job word and leaves non-English words alone", () => {
  assert.equal(stem("nursing"), stem("nurse"));
  assert.equal(stem("nurses"), stem("nurse"));
  assert.equal(stem("engineering"), stem("engineer"));
  assert.equal(stem("c++"), "c++");
  assert.equal(stem("entwickler"), stem("entwickler"));
});

Deno.test("splitWords() lower-cases, folds accents and keeps C++ and C#", () => {
  assert.deepEqual(splitWords("Senior C++/C# Developer – Nürnberg"), [
    "senior",
    "c++",
    "c#",
    "developer",
    "nurnberg",
  ]);
});

Deno.test("tokenize() drops stop words, search filler and gender markers", () => {
  assert.deepEqual(tokenize("Java Developer (m/w/d)"), ["java", "develop"]);
  assert.deepEqual(tokenize("RN jobs near me"), ["rn"]);
  assert.deepEqual(tokenize("the and of"), []);
});
