import { strict as assert } from "node:assert";
import fc from "fast-check";
import { cleanFields, cleanLine, cleanText, jsonForTerminal } from "./clean_text.ts";

/** Everything that must not survive: C0 but newline and tab, DEL, C1, bidi controls. */
// deno-lint-ignore no-control-regex
const FORBIDDEN = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const BIDI = ["\u061c", "\u200e", "\u200f", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e"]
  .concat(["\u2066", "\u2067", "\u2068", "\u2069"]);

/** Strings dense in what a hostile posting would hold: controls, sequence openers, bidi. */
const hostile = fc.string({
  unit: fc.oneof(
    fc.integer({ min: 0, max: 0x9f }).map((code) => String.fromCharCode(code)),
    fc.constantFrom(...BIDI, "\x1b[", "\x1b]", "\x1b\\", "\x9b", "\x9d", "\x9c", "\x07", "\r\n"),
    fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
  ),
  maxLength: 80,
});

/** Text a person could have written: anything without a forbidden character. */
const printable = fc.string({ unit: "binary", maxLength: 80 }).map((s) =>
  s.replace(new RegExp(FORBIDDEN, "g"), "").replaceAll("\r", "")
);

/** Sequences terminals act on, as scraped pages carry them. */
const sequence = fc.oneof(
  // CSI with parameters: colours, cursor moves, clear screen.
  fc.tuple(
    fc.array(fc.integer({ min: 0, max: 999 }), { maxLength: 4 }),
    fc.constantFrom("m", "J", "H", "K", "A"),
  ).map(([params, final]) => `\x1b[${params.join(";")}${final}`),
  // OSC (title, hyperlink), terminated by BEL or ST.
  fc.tuple(
    fc.constantFrom("\x1b]0;", "\x1b]8;;", "\x1bP"),
    printable,
    fc.constantFrom("\x07", "\x1b\\", "\x9c"),
  ).map(([open, payload, end]) => `${open}${payload}${end}`),
  fc.constantFrom("\x1bc", "\x1b(B", "\x1b7", "\x1b8"),
);

Deno.test("cleanText() and cleanLine() leave no control or bidi character, whatever the input", () => {
  fc.assert(
    fc.property(fc.oneof(hostile, fc.string({ unit: "binary" })), (text) => {
      const multi = cleanText(text);
      assert.ok(!FORBIDDEN.test(multi), JSON.stringify(multi));
      assert.ok(!multi.includes("\r"));
      const line = cleanLine(text);
      assert.ok(!FORBIDDEN.test(line) && !/[\n\t\r]/.test(line), JSON.stringify(line));
      // Cleaning what is clean changes nothing.
      assert.equal(cleanText(multi), multi);
      assert.equal(cleanLine(line), line);
    }),
    { numRuns: 2000 },
  );
});

Deno.test("cleanText() and cleanLine() leave printable text unchanged", () => {
  fc.assert(
    fc.property(printable, (text) => {
      assert.equal(cleanText(text), text);
      assert.equal(cleanLine(text.replace(/[\n\t]/g, "")), text.replace(/[\n\t]/g, ""));
    }),
    { numRuns: 2000 },
  );
  assert.equal(cleanText("Zürich · 東京 · 👩🏽‍💻 · עברית ﷺ"), "Zürich · 東京 · 👩🏽‍💻 · עברית ﷺ");
});

Deno.test("cleanText() removes an escape sequence whole and keeps the text around it", () => {
  fc.assert(
    fc.property(printable, sequence, printable, (before, seq, after) => {
      assert.equal(cleanText(before + seq + after), before + after);
    }),
    { numRuns: 2000 },
  );
});

Deno.test("cleanText() and cleanLine() on the sequences a hostile posting carries", () => {
  assert.equal(cleanLine("Engineer\x1b]0;you have been pwned\x07"), "Engineer");
  assert.equal(cleanLine("\x1b[2J\x1b[HNurse"), "Nurse");
  assert.equal(
    cleanLine("Apply \x1b]8;;https://evil.example/\x1b\\here\x1b]8;;\x1b\\ now"),
    "Apply here now",
  );
  assert.equal(cleanLine("invoice\u202eexe.pdf"), "invoiceexe.pdf");
  assert.equal(cleanLine("Acme\u2066 Corp\u2069\u200f"), "Acme Corp");
  // An unterminated OSC loses its introducer; what follows is only text.
  assert.equal(cleanLine("a\x1b]0;title"), "a0;title");
  assert.equal(cleanLine("Senior\nData\tEngineer\r\n"), "Senior Data Engineer ");
  assert.equal(cleanText("line one\r\nline two\rthree\ffour"), "line one\nline two\nthree\nfour");
});

Deno.test("cleanText() removes an 8-bit C1 control alone, keeping the text after it", () => {
  // UTF-8 read as Latin-1: "Pěkný" and a closing quote become C1 CSI and OSC with text after them.
  assert.equal(cleanText("PÄ\x9bkný"), "PÄkný");
  assert.equal(cleanText("â€œquoteâ€\x9d said â\x80\x9cmoreâ\x80\x9d"), "â€œquoteâ€ said âmoreâ");
  assert.equal(cleanLine("Oban\x9b31m"), "Oban31m");
});

Deno.test("cleanText() is linear on text full of unterminated sequence openers", () => {
  const text = "\x1b]0;".repeat(100_000) + "\x1bP" + "x".repeat(300_000);
  const started = performance.now();
  assert.equal(cleanText(text), "0;".repeat(100_000) + "x".repeat(300_000));
  assert.ok(performance.now() - started < 2000, "cleaning took too long");
});

Deno.test("cleanFields() cleans every string of a posting, the description keeping its lines", () => {
  const dirty = {
    score: 0.5,
    job_title: "Nurse\x1b[2J\nICU",
    company_name: "\u202eAcme",
    job_tags: ["care\x07", "nights"],
    also_posted_at: ["https://a.example/1\x9b"],
    job_description: "Line\x1b]0;x\x07 one\nLine\ttwo",
    country: undefined,
  };
  assert.deepEqual(cleanFields(dirty), {
    score: 0.5,
    job_title: "Nurse ICU",
    company_name: "Acme",
    job_tags: ["care", "nights"],
    also_posted_at: ["https://a.example/1"],
    job_description: "Line one\nLine\ttwo",
    country: undefined,
  });
  assert.equal(dirty.job_title, "Nurse\x1b[2J\nICU", "the original is left as it was");
});

Deno.test("jsonForTerminal() escapes what JSON.stringify leaves raw and keeps the same value", () => {
  fc.assert(
    fc.property(fc.array(hostile, { maxLength: 4 }), (strings) => {
      const json = JSON.stringify({ strings });
      const safe = jsonForTerminal(json);
      assert.ok(!FORBIDDEN.test(safe), safe);
      assert.deepEqual(JSON.parse(safe), { strings });
    }),
    { numRuns: 1000 },
  );
  // An answer that is not JSON (a proxy's error page, say) loses its raw controls too.
  assert.equal(jsonForTerminal("oops\x1b[2J\n"), "oops\\u001b[2J\n");
});
