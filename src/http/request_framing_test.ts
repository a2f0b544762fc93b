/**
 * The framing parser's findings, one example each: the smallest input of each divergence from
 * llhttp that tests/request_framing_differential_test.ts found in the parser as it was, refused
 * now. Each was passed on before (framed as shown in its note).
 */
import { strict as assert } from "node:assert";
import { fromLatin1 } from "./latin1.ts";
import { ChunkedBodyReader, requestFraming } from "./request_framing.ts";

function framingOf(head: string) {
  return requestFraming(head.split("\r\n"));
}

/** Each input, with the note saying how it was read before, is refused by `isRefused`. */
function assertAllRefused(cases: [string, string][], isRefused: (input: string) => boolean) {
  for (const [input, note] of cases) {
    assert.ok(isRefused(input), `${JSON.stringify(input)}: ${note}`);
  }
}

Deno.test("heads llhttp rejects are refused, however their framing fields read", () => {
  const refused: [string, string][] = [
    ["POST / HTTP/1.1\r\n: x\r\nContent-Length: 3", "an empty field name was skipped"],
    ["POST / HTTP/1.1\r\nContent-Length : 3", "space before the colon: framed by length 3"],
    ["POST / HTTP/1.1\r\nX: a\r\n Content-Length: 3", "obs-fold: read as a Content-Length"],
    ["POST / HTTP/1.1\r\nX: a\nContent-Length: 3", "bare LF: no length seen, the app sees 3"],
    ["POST / HTTP/1.1\r\nX: a\rContent-Length: 3", "bare CR: no length seen"],
    ["POST / HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 3", "an equal second length"],
    ["POST / HTTP/1.1\r\nContent-Length: 3\xa0", "U+00A0 trimmed away: framed by length 3"],
    ["POST / HTTP/1.1\r\nTransfer-Encoding: chunked\xa0", "U+00A0 trimmed away: chunked"],
    ["POST / HTTP/1.1\r\nContent-Length: 3\t", "a trailing HTAB was trimmed: length 3"],
    ["POST / HTTP/1.1\r\nTransfer-Encoding: chunked\t", "a trailing HTAB was trimmed: chunked"],
    ["GET / HTTP/1.1\r\nX: a\x01b", "a control byte in a value"],
    ["GET / HTTP/1.1\r\nX(y): 1", "a name that is not a token"],
    ["GET / HTTP/1.1\r\nfoo", "a line without a colon was skipped"],
    ["get / HTTP/1.1", "a lower-case method"],
    ["BREW / HTTP/1.1", "a method llhttp does not know"],
    ["CONNECT a:1 HTTP/1.1", "a tunnel: llhttp frames nothing after it"],
    ["GET a HTTP/1.1", "a target in no form"],
    ["GET /\x01 HTTP/1.1", "a control byte in the target"],
    ["GET / HTTP/2.0", "a version other than 1.0 or 1.1"],
    ["GET  / HTTP/1.1", "two spaces"],
    ["\r\nGET / HTTP/1.1", "an empty line before the request line"],
  ];
  assertAllRefused(refused, (head) => framingOf(head).kind === "bad");
});

Deno.test("well-formed heads keep their framing", () => {
  assert.deepEqual(framingOf("GET /a?b=c|d HTTP/1.1\r\nHost: x"), { kind: "none" });
  assert.deepEqual(framingOf("OPTIONS * HTTP/1.1"), { kind: "none" });
  // Methods llhttp takes that the app does not route reach the app, which answers 405.
  assert.deepEqual(framingOf("QUERY /v1/search HTTP/1.1\r\nContent-Length: 2"), {
    kind: "length",
    left: 2,
  });
  assert.deepEqual(framingOf("M-SEARCH * HTTP/1.1"), { kind: "none" });
  assert.deepEqual(framingOf("GET http://x/a HTTP/1.0"), { kind: "none" });
  assert.deepEqual(framingOf("POST / HTTP/1.1\r\ncontent-length:\t 003  "), {
    kind: "length",
    left: 3,
  });
  assert.deepEqual(framingOf("POST / HTTP/1.1\r\nTransfer-Encoding: Chunked\r\nX: \xe9"), {
    kind: "chunked",
  });
});

function readChunked(body: string) {
  return new ChunkedBodyReader().feed(fromLatin1(body), 0);
}

Deno.test("chunked bodies llhttp rejects are refused", () => {
  const refused: [string, string][] = [
    ["3 \r\nabc\r\n0\r\n\r\n", "space after the size"],
    [" 3\r\nabc\r\n0\r\n\r\n", "space before the size"],
    ["3 ; a=b\r\nabc\r\n0\r\n\r\n", "space around an extension"],
    ["3;\r\nabc\r\n0\r\n\r\n", "an empty extension"],
    ['3;a="x\ty"\r\nabc\r\n0\r\n\r\n', "HTAB in a quoted extension: the app's server closes"],
    ["3\r\nabc\r\n0\r\nfoo\r\n\r\n", "a trailer line without a colon"],
    ["3\r\nabc\r\n0\r\nTransfer-Encoding: chunked\r\n\r\n", "a framing field as a trailer"],
    ["3\r\nabc\r\n0\r\nContent-Length: 3\r\n\r\n", "a length as a trailer"],
  ];
  assertAllRefused(refused, (body) => readChunked(body) === null);
});

Deno.test("well-formed chunked bodies end where they end", () => {
  const body = '3;a=b;c="x;y"\r\nabc\r\n0003\r\ndef\r\n0\r\nX-Sum: 1\r\n\r\n';
  assert.deepEqual(readChunked(body + "GET /next"), { used: body.length, done: true });
  assert.deepEqual(readChunked(body.slice(0, -1)), { used: body.length - 1, done: false });
});
