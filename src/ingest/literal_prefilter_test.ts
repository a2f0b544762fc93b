import { strict as assert } from "node:assert";
import fc from "fast-check";
import {
  LiteralScan,
  PrefilteredPattern,
  PrefilterText,
  requiredLiteral,
} from "./literal_prefilter.ts";

Deno.test("requiredLiteral() reads the literal a pattern begins with, and nothing it may skip", () => {
  const cases: [RegExp, string | undefined][] = [
    [/\bpython\b/i, "python"],
    [/\bjava\b(?!\s*script)/i, "java"],
    [/(?<![\w+])c\+\+(?![\w+])/i, "c++"],
    [/(?<![\w.])\.net\b/i, ".net"],
    [/(?<![\w-])Go(?= developer| engineer)/, "Go"],
    [/\bhtml5?\b/i, "html"],
    [/\bmicro-?services?\b/i, "micro"],
    [/\bllms?\b/i, "llm"],
    [/\belastic\s?search\b/i, "elastic"],
    [/\bci\s*\/\s*cd\b/i, "ci"],
    [/\bdata scien(?:ce|tists?)\b/i, "data scien"],
    [/^remote\b/im, "remote"],
    [/a{2}/, undefined],
    [/ab+c/, "a"],
    [/\b(?:py)?spark\b/i, undefined],
    [/\b(?:qa|testing)\b/i, undefined],
    [/remote|hybrid/i, undefined],
    [/(remote)|x/, undefined],
    [/[ab]c/, undefined],
    [/.net/, undefined],
    [/\d+ days/, undefined],
    [/(?=x)?y/, undefined],
    // Unicode case folding matches letters that lower-casing keeps apart.
    [/\bstrasse\b/iu, undefined],
    [/\bstrasse\b/u, "strasse"],
    [/\bmöglich/i, undefined],
    [/\bMöglich/, "Möglich"],
  ];
  for (const [pattern, literal] of cases) {
    assert.equal(requiredLiteral(pattern)?.text, literal, String(pattern));
  }
  // What those two refusals keep: matches that lower-casing would hide.
  assert.ok(new PrefilteredPattern(/\bstrasse\b/iu).test(new PrefilterText("\u017ftrasse")));
  assert.ok(new PrefilteredPattern(/\bm\u03c2/i).test(new PrefilterText("M\u03a3")));
  assert.equal(requiredLiteral(/\bPython\b/i)?.lowerCase, true);
  assert.equal(requiredLiteral(/\bPython\b/)?.lowerCase, false);
});

/** Pieces of patterns: literals, escapes, classes, optional parts, groups, assertions. */
const PATTERN_PIECE = fc.constantFrom(
  "ab",
  "st",
  "k",
  "\u03c2", // the final sigma: matches both other sigmas when case is ignored
  "Ab",
  "b",
  "c\\+\\+",
  "\\.n",
  "x-?",
  "a?",
  "b*",
  "a+",
  "\\s?",
  "\\s*",
  "[-\\s]?",
  "(?:ab|ba)",
  "(?:a)?",
  "(a|b)",
  "\\b",
  "(?<![\\w.])",
  "(?=b)",
  "(?!a)",
  " ",
  "\\d",
  ".",
  "|",
);

/** Pieces of texts: the letters above in either case, and letters that lower-case oddly. */
const TEXT_PIECE = fc.constantFrom(
  "a",
  "st",
  "t",
  "k",
  "\u03c3",
  "\u03a3",
  "b",
  "A",
  "B",
  "ab",
  "AB",
  "c++",
  "C++",
  ".n",
  ".N",
  "x-",
  "X",
  " ",
  "-",
  "1",
  "\u212a", // the Kelvin sign: lower-cases to k
  "\u0130", // I with a dot: lower-cases to two characters
  "\u017f", // the long s
  "ß",
  "é",
);

function compiled(source: string, flags: string): RegExp | undefined {
  try {
    return new RegExp(source, flags);
  } catch {
    return undefined;
  }
}

const generatedPattern = fc.tuple(
  fc.array(PATTERN_PIECE, { minLength: 1, maxLength: 6 }),
  fc.constantFrom("", "i", "m", "im", "u", "iu", "s"),
).map(([pieces, flags]) => compiled(pieces.join(""), flags))
  .filter((pattern): pattern is RegExp => pattern !== undefined);

Deno.test("a prefiltered pattern matches and counts exactly as the pattern does", () => {
  fc.assert(
    fc.property(
      generatedPattern,
      fc.array(TEXT_PIECE, { maxLength: 24 }).map((pieces) => pieces.join("")),
      (pattern, text) => {
        const literal = requiredLiteral(pattern);
        if (literal !== undefined && pattern.test(text)) {
          const searched = literal.lowerCase ? text.toLowerCase() : text;
          assert.ok(searched.includes(literal.text), `${pattern} matches ${JSON.stringify(text)}`);
        }
        const prefiltered = new PrefilteredPattern(pattern);
        const global = new RegExp(pattern.source, pattern.flags + "g");
        // Alone, and with its literal found by a scan of other literals too (as the tags are).
        const scan = new LiteralScan([
          ...(prefiltered.literal ? [prefiltered.literal.text] : []),
          "a",
          "ab",
          "b+",
        ]);
        for (const searched of [new PrefilterText(text), new PrefilterText(text, scan)]) {
          assert.equal(prefiltered.test(searched), pattern.test(text));
          assert.equal(prefiltered.count(searched), text.match(global)?.length ?? 0);
        }
      },
    ),
    { numRuns: 3_000 },
  );
});

Deno.test("a prefiltered pattern given the g or y flag tests as without it, from the start", () => {
  const sticky = new PrefilteredPattern(/\bgo\b/gy);
  const text = new PrefilterText("let's go, go");
  assert.equal(sticky.test(text), true);
  assert.equal(sticky.test(text), true, "no lastIndex carried over");
  assert.equal(sticky.count(text), 2);
});

/** Literals and texts from few characters, so that literals overlap, nest and repeat in texts. */
const SCAN_PIECE = fc.constantFrom("a", "b", "ab", "ba", "+", ".", "\\", "|", "(", "é", "ß");

Deno.test("LiteralScan.find() finds exactly the literals a text includes", () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.array(SCAN_PIECE, { minLength: 1, maxLength: 4 }).map((pieces) => pieces.join("")),
        { maxLength: 12 },
      ),
      fc.array(SCAN_PIECE, { maxLength: 30 }).map((pieces) => pieces.join("")),
      (literals, text) => {
        const scan = new LiteralScan(literals);
        const expected = new Set(literals.filter((literal) => text.includes(literal)));
        assert.deepEqual(scan.find(text), expected, JSON.stringify({ literals, text }));
        for (const literal of literals) assert.ok(scan.covers(literal));
      },
    ),
    { numRuns: 2_000 },
  );
});
