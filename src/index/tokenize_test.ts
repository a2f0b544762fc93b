import { strict as assert } from "node:assert";
import { tokenizer } from "@orama/orama/components";
import { splitWords, stem, tokenize } from "./tokenize.ts";

Deno.test("stem() is Orama's English stemmer outside the exceptions", () => {
  const orama = tokenizer.createTokenizer({ language: "english", stemming: true }).stemmer!;
  for (const word of ["caresses", "ponies", "hopping", "relational", "electrical", "adjustment"]) {
    assert.equal(stem(word), orama(word), word);
  }
  assert.equal(stem("hopping"), "hop");
  assert.equal(stem("electrical"), "electr");
});

Deno.test("stem() keeps occupations apart from the words their stems would merge with", () => {
  const apart: [string, string][] = [
    ["accountant", "account"],
    ["accounting", "accounts"],
    ["programmer", "program"],
    ["programming", "program"],
    ["marketing", "market"],
    ["mechanic", "mechanical"],
    ["recruiter", "recruit"],
    ["internship", "international"],
    ["intern", "internal"],
  ];
  for (const [a, b] of apart) assert.notEqual(stem(a), stem(b), `${a} / ${b}`);
  // The forms of one occupation still meet.
  assert.equal(stem("accountants"), stem("accountant"));
  assert.equal(stem("accounting"), stem("accountant"));
  assert.equal(stem("recruitment"), stem("recruiter"));
  assert.equal(stem("marketer"), stem("marketing"));
  assert.equal(stem("mechanics"), stem("mechanic"));
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

Deno.test("tokenize() gives words for words that name Object's own properties", () => {
  // "constructor" found Object's constructor among the stem exceptions: a function for a term.
  assert.deepEqual(tokenize("Constructor toString valueOf hasOwnProperty"), [
    "constructor",
    "tostr",
    "valueof",
    "hasownproperti",
  ]);
});
