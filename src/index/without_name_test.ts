import { strict as assert } from "node:assert";
import fc from "fast-check";
import { namePattern, withoutName } from "./without_name.ts";

/** What the text index did before: the pattern, run when the lower-cased text names the company. */
function byPattern(description: string, company: string): string {
  const name = company.trim();
  if (name.length < 2 || !description.toLowerCase().includes(name.toLowerCase())) {
    return description;
  }
  return description.replace(namePattern(name), " ");
}

/**
 * Pieces of names and texts: letters in both cases, digits, separators, accents (precomposed and
 * combining), a letter outside the BMP, sigmas, and a capital whose lower case is two characters.
 * Not the long s or the final sigma: the pattern folds them to s and sigma, lower-casing does not.
 */
const PIECE = fc.constantFrom(
  "a",
  "B",
  "ab",
  "AB",
  "c",
  " ",
  "-",
  ".",
  "1",
  "é",
  "É",
  "e\u0301",
  "\u{1d400}", // MATHEMATICAL BOLD CAPITAL A: a letter, two UTF-16 units
  "\u03a3",
  "\u03c3",
  "\u0130", // I with a dot: lower-cases to two characters
  "ß",
  "\u1e9e",
  "\udc00", // a lone surrogate, as scraped text can hold
);
const text = (maxLength: number) => fc.array(PIECE, { maxLength }).map((pieces) => pieces.join(""));

/** A description that names `company` here and there, in its case, lower or upper case. */
const naming = (company: string) =>
  fc.array(
    fc.oneof(
      PIECE,
      fc.constantFrom(company, company.toLowerCase(), company.toUpperCase()),
    ),
    { maxLength: 30 },
  ).map((pieces) => pieces.join(""));

Deno.test("withoutName() removes what the whole-word pattern removed", () => {
  let removed = 0;
  fc.assert(
    fc.property(
      text(3).chain((company) => fc.tuple(fc.constant(company), naming(company))),
      ([company, description]) => {
        const expected = byPattern(description, company);
        assert.equal(withoutName(description, company), expected);
        if (expected !== description) removed++;
      },
    ),
    { numRuns: 2_000 },
  );
  assert.ok(removed > 100, `only ${removed} of the generated texts lost their company's name`);
  // Names the random texts rarely form.
  for (
    const [description, company] of [
      ["Acme Ltd. is hiring; ACME LTD. pays well", "Acme Ltd."],
      ["\u{1d400}AB and AB\u{1d400} and AB", "AB"],
      ["İstanbul Tech hires for İstanbul tech", "İstanbul Tech"],
      ["x(y)z and (y)", "(y)"],
      // The first sigma is not final (a letter follows the full stop), the name's alone is.
      ["\u{1d400}\u03a3.\u{1d400}\u03a3", "\u{1d400}\u03a3"],
      ["ΟΔΟΣ.ΟΔΟΣ", "Οδος"],
    ]
  ) {
    assert.equal(withoutName(description, company), byPattern(description, company), description);
  }
});
