/**
 * The connection guard's framing parser (src/http/request_framing.ts) against a real one: Node's
 * HTTP/1.1 server, whose parser is llhttp, in a child `node` process (tests/node/llhttp_framing.mjs).
 * Deno's own `node:http` is not llhttp underneath, though `process.versions.llhttp` names a version:
 * its server rejects a doubled Content-Length with a bare `HPE_ERROR`, where Node's says
 * `HPE_UNEXPECTED_CONTENT_LENGTH` (measured with Deno 2.9.6 and Node 20.20).
 *
 * Generated requests, well-formed and then mutated (doubled and conflicting lengths, transfer
 * coding variants and disguises, obs-fold, bare CR and LF, control bytes, chunk sizes and
 * extensions, trailers, heads past the size limit), each followed by a plain request, go to both.
 * The guard may refuse more than llhttp does, never less: it never passes on a request llhttp
 * rejects, and where both pass requests on they split the bytes into the same requests with the
 * same bodies. The same mutated requests also go to the server the guard forwards to, `Deno.serve`
 * (hyper), in this process: what the guard passes on, that server must split into the same
 * requests (it may refuse some). Seeded: a failure prints its seed and its shrunk input, and
 * replays with `FRAMING_SEED=<seed>`.
 *
 * @module
 */
import { strict as assert } from "node:assert";
import fc from "fast-check";
import { DEFAULT_CONNECTION_LIMITS } from "../src/http/guarded_connection.ts";
import { fromLatin1, latin1 } from "../src/http/latin1.ts";
import { ChunkedBodyReader, requestFraming } from "../src/http/request_framing.ts";

const SEED = Number(Deno.env.get("FRAMING_SEED") ?? 20261128);
const MAX_HEAD = DEFAULT_CONNECTION_LIMITS.maxHeaderBytes;
const CRLF2 = "\r\n\r\n";
/** The plain request after each case: where each parser finds it shows where the case ended. */
const NEXT = "GET /next HTTP/1.1\r\nHost: x\r\n\r\n";

interface Message {
  method: string;
  url: string;
  /** The body's length as sent; null for a chunked body (its decoded length is not followed). */
  bodyLength: number | null;
  /** Whether the connection ends after it (HTTP/1.0 without keep-alive, or `Connection: close`). */
  closes: boolean;
  /** Whether it has one plain `Host`, from which the app's server makes the URL it shows. */
  plainHost: boolean;
}

/** What llhttp made of a case: the requests it parsed, in order, and the error that stopped it. */
interface NodeVerdict {
  requests: { method: string; url: string; bodyLength: number; ended: boolean }[];
  error: string | null;
}

/**
 * What the guard makes of the same bytes, arriving at once: the requests it passes on, and why it
 * stopped. "refused": answered 400/431 or closed; "head": still waiting for the end of a head
 * (nothing of it passed on); "body": a head passed on, its body not all there; "end": all framed.
 */
interface GuardVerdict {
  messages: Message[];
  stop: "refused" | "head" | "body" | "end";
}

/** The guard's reading of a byte stream, step for step as GuardedConnection.#forward takes it. */
function guardFraming(bytes: Uint8Array): GuardVerdict {
  const text = latin1(bytes);
  const messages: Message[] = [];
  let at = 0;
  while (at < text.length) {
    const end = text.indexOf(CRLF2, at);
    if (end < 0) return { messages, stop: text.length - at > MAX_HEAD ? "refused" : "head" };
    if (end + 4 - at > MAX_HEAD) return { messages, stop: "refused" };
    const lines = text.slice(at, end).split("\r\n");
    const framing = requestFraming(lines);
    if (framing.kind === "bad") return { messages, stop: "refused" };
    const [method, url, version] = lines[0].split(" ");
    const fields = (name: string) =>
      lines.slice(1).filter((line) => line.toLowerCase().startsWith(`${name}:`))
        .map((line) => line.slice(name.length + 1).trim());
    const options = fields("connection").flatMap((value) => value.toLowerCase().split(","))
      .map((option) => option.trim());
    // Erring towards "closes" only relaxes the count below: the server kept an HTTP/1.0
    // connection open only for the plainest `Connection: keep-alive` (measured: not with two
    // spaces before it).
    const closes = options.includes("close") ||
      (version === "HTTP/1.0" && !lines.some((line) => /^connection: ?keep-alive$/i.test(line)));
    const hosts = fields("host");
    const plainHost = hosts.length === 1 && /^[a-z0-9.-]+(:\d{1,5})?$/i.test(hosts[0]);
    at = end + 4;
    if (framing.kind === "none") {
      messages.push({ method, url, bodyLength: 0, closes, plainHost });
    } else if (framing.kind === "length") {
      if (text.length - at < framing.left) return { messages, stop: "body" };
      messages.push({ method, url, bodyLength: framing.left, closes, plainHost });
      at += framing.left;
    } else {
      const fed = new ChunkedBodyReader().feed(bytes, at);
      if (fed === null) return { messages, stop: "refused" };
      if (!fed.done) return { messages, stop: "body" };
      messages.push({ method, url, bodyLength: null, closes, plainHost });
      at += fed.used;
    }
  }
  return { messages, stop: "end" };
}

/** Node's HTTP server in a child process, asked one case at a time over its stdin and stdout. */
class Llhttp {
  readonly #child: Deno.ChildProcess;
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>;
  readonly #lines: ReadableStreamDefaultReader<string>;
  #pending = "";

  constructor() {
    this.#child = new Deno.Command("node", {
      args: [new URL("./node/llhttp_framing.mjs", import.meta.url).pathname, String(MAX_HEAD)],
      stdin: "piped",
      stdout: "piped",
      stderr: "inherit",
    }).spawn();
    this.#writer = this.#child.stdin.getWriter();
    this.#lines = this.#child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  }

  async parse(bytes: Uint8Array): Promise<NodeVerdict> {
    const base64 = btoa(latin1(bytes));
    await this.#writer.write(new TextEncoder().encode(JSON.stringify({ bytes: base64 }) + "\n"));
    while (!this.#pending.includes("\n")) {
      const { value, done } = await this.#lines.read();
      if (done) throw new Error("the node child ended");
      this.#pending += value;
    }
    const newline = this.#pending.indexOf("\n");
    const line = this.#pending.slice(0, newline);
    this.#pending = this.#pending.slice(newline + 1);
    return JSON.parse(line);
  }

  async close(): Promise<void> {
    await this.#writer.close();
    await this.#lines.cancel();
    await this.#child.status;
  }
}

/**
 * The differential rule for one case. llhttp's requests up to its first unfinished one are the
 * reference; past an error that is about the connection rather than the request (the peer closed
 * mid-body, a request after an HTTP/1.0 one, a tunnel) it says nothing, so only what came before
 * is compared.
 */
function assertAgrees(ours: GuardVerdict, theirs: NodeVerdict): void {
  const framed = theirs.requests.filter((request) => request.ended);
  const agreed = Math.min(framed.length, ours.messages.length);
  for (let i = 0; i < agreed; i++) {
    const [mine, node] = [ours.messages[i], framed[i]];
    assert.equal(`${mine.method} ${mine.url}`, `${node.method} ${node.url}`, `request ${i}`);
    if (mine.bodyLength !== null) assert.equal(mine.bodyLength, node.bodyLength, `body ${i}`);
  }
  // Stricter than llhttp is allowed: the guard stopped (refused, or waits) where llhttp went on.
  if (ours.messages.length < framed.length) {
    assert.notEqual(ours.stop, "end", "the guard framed fewer requests and claims it framed all");
    return;
  }
  const error = theirs.error ?? "";
  const aboutTheConnection = error === "HPE_INVALID_EOF_STATE" ||
    error === "HPE_CLOSED_CONNECTION" || error.startsWith("TUNNEL");
  if (aboutTheConnection) return;
  if (error !== "") {
    // llhttp rejected request number framed.length: the guard must not pass it on whole.
    assert.equal(ours.messages.length, framed.length, `llhttp rejected (${error}); we framed more`);
    assert.ok(
      ours.stop === "refused" || (ours.stop === "head" && theirs.requests.length === framed.length),
      `llhttp rejected (${error}); the guard's stop: ${ours.stop}`,
    );
    return;
  }
  assert.equal(ours.messages.length, framed.length, "llhttp framed every request: so must we");
}

// ---- generators -----------------------------------------------------------------------------

const TCHAR = "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const token = fc.string({ unit: fc.constantFrom(...TCHAR), minLength: 1, maxLength: 12 });
const fieldValue = fc.string({
  unit: fc.constantFrom(..."abcXYZ019 \t-_.,;=/\"'()\xa0\xe9\xff"),
  maxLength: 24,
}).map((value) => value.replace(/^[ \t]+|[ \t]+$/g, ""));
const bodyText = fc.string({ unit: fc.constantFrom(..."ab\r\n0;:"), maxLength: 40 });
const extension = fc.oneof(
  fc.constant(""),
  token.map((name) => `;${name}`),
  fc.tuple(token, token).map(([name, value]) => `;${name}=${value}`),
  fc.tuple(token, fieldValue).map(([name, value]) => `;${name}="${value.replace(/["\\\t]/g, "")}"`),
);
const chunk = fc.tuple(fc.string({ unit: fc.constantFrom(..."ab\r\n"), minLength: 1 }), extension)
  .map(([data, ext]) => `${data.length.toString(16)}${ext}\r\n${data}\r\n`);
const field = fc.tuple(token, fieldValue).map(([name, value]) => `${name}: ${value}`)
  .filter((line) => !/^(content-length|transfer-encoding|connection|upgrade)\s*:/i.test(line));

/** A request both parsers must take, framed none, by length or chunked. */
const wellFormed = fc.record({
  method: fc.constantFrom(
    ...[
      "GET",
      "POST",
      "PUT",
      "DELETE",
      "PATCH",
      "OPTIONS",
      "HEAD",
      "QUERY",
      "PROPFIND",
      "M-SEARCH",
    ],
  ),
  path: fc.string({ unit: fc.constantFrom(...'abz09/?=&%-._~|"<{}#^\\:*'), maxLength: 20 }),
  version: fc.constantFrom("HTTP/1.1", "HTTP/1.0"),
  fields: fc.array(field, { maxLength: 5 }),
  big: fc.oneof(
    { weight: 6, arbitrary: fc.constant(0) },
    { weight: 1, arbitrary: fc.integer({ min: MAX_HEAD - 200, max: MAX_HEAD + 50 }) },
  ),
  framing: fc.oneof(
    fc.constant({ header: "", body: "" }),
    bodyText.map((body) => ({ header: `Content-Length: ${body.length}\r\n`, body })),
    fc.tuple(fc.array(chunk, { maxLength: 3 }), fc.array(field, { maxLength: 2 })).map((
      [chunks, trailers],
    ) => ({
      header: "Transfer-Encoding: chunked\r\n",
      body: chunks.join("") + "0\r\n" + trailers.map((line) => `${line}\r\n`).join("") + "\r\n",
    })),
  ),
}).map(({ method, path, version, fields, big, framing }) => {
  const lines = [`${method} /${path} ${version}`, "Host: example.test", ...fields];
  // HTTP/1.0 ends the connection after one request unless asked not to.
  if (version === "HTTP/1.0") lines.push("Connection: keep-alive");
  let head = lines.map((line) => `${line}\r\n`).join("") + framing.header;
  if (big > 0) head += `X-Big: ${"b".repeat(Math.max(1, big - head.length - 11))}\r\n`;
  return head + "\r\n" + framing.body;
});

/** Pieces a smuggler splices in: framing headers in disguise, line ends, control bytes. */
const SPLICES = [
  "\r\n",
  "\n",
  "\r",
  " ",
  "\t",
  "\r\n ",
  "\r\n\t",
  "\r\n\r\n",
  ":",
  ";",
  "=",
  '"',
  "\x00",
  "\x0b",
  "\x0c",
  "\x7f",
  "\xa0",
  "\xff",
  "0\r\n\r\n",
  "5\r\n",
  "ffffffff\r\n",
  "3 \r\n",
  " 3\r\n",
  "3;\r\n",
  "Content-Length: 5\r\n",
  "Content-Length: 0\r\n",
  "Content-Length: 3\r\n",
  "Content-Length : 3\r\n",
  " Content-Length: 3\r\n",
  "Content-Length: +3\r\n",
  "Content-Length: 3\xa0\r\n",
  "Content-Length: 3, 3\r\n",
  "Content-Length: 0x3\r\n",
  "content-length:3\r\n",
  "Transfer-Encoding: chunked\r\n",
  "Transfer-Encoding: Chunked\r\n",
  "Transfer-Encoding: chunked\xa0\r\n",
  "Transfer-Encoding:\tchunked\r\n",
  "Transfer-Encoding : chunked\r\n",
  "Transfer-Encoding: gzip, chunked\r\n",
  "Transfer-Encoding: chunked, identity\r\n",
  "Transfer-Encoding: identity\r\n",
  " Transfer-Encoding: chunked\r\n",
  "Transfer-Encoding: \x0bchunked\r\n",
  "X: y\nContent-Length: 3\r\n",
  "X: y\rTransfer-Encoding: chunked\r\n",
  "GET / HTTP/1.1\r\n",
  "HTTP/1.1",
  "x-jobseek-peer: 1.2.3.4\r\n",
];

type Mutation =
  | { kind: "splice"; at: number; text: string }
  | { kind: "cut"; at: number; length: number }
  | { kind: "double"; at: number }
  | { kind: "byte"; at: number; byte: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("splice" as const),
      at: fc.nat(),
      text: fc.constantFrom(...SPLICES),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("cut" as const),
      at: fc.nat(),
      length: fc.integer({ min: 1, max: 4 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("double" as const), at: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("byte" as const),
      at: fc.nat(),
      byte: fc.integer({ min: 0, max: 255 }),
    }),
  },
);

/** Applies a mutation: positions land, half the time, at the start of a line of the head. */
function mutate(request: string, change: Mutation): string {
  const lineStarts = [...request.matchAll(/\r\n/g)].map((match) => match.index + 2);
  const anywhere = change.at % (request.length + 1);
  const at = change.at % 2 === 0 && lineStarts.length > 0
    ? lineStarts[(change.at >> 1) % lineStarts.length]
    : anywhere;
  switch (change.kind) {
    case "splice":
      return request.slice(0, at) + change.text + request.slice(at);
    case "cut":
      return request.slice(0, at) + request.slice(at + change.length);
    case "double": {
      const start = request.lastIndexOf("\r\n", at - 1) + 2;
      const end = request.indexOf("\r\n", at);
      if (end < 0) return request;
      return request.slice(0, end + 2) + request.slice(start, end + 2) + request.slice(end + 2);
    }
    case "byte":
      return request.slice(0, at) + String.fromCharCode(change.byte) + request.slice(at + 1);
  }
}

const mutated = fc.tuple(wellFormed, fc.array(mutation, { minLength: 1, maxLength: 3 }))
  .map(([request, changes]) => changes.reduce(mutate, request));

/** A case as fast-check prints it: escaped, long runs of one byte shortened to `b<×1000>`. */
function printable(text: string): { text: string; [fc.toStringMethod]: () => string } {
  const short = text.replace(/(.)\1{19,}/gs, (run, byte) => `${byte}<×${run.length}>`);
  return { text, [fc.toStringMethod]: () => JSON.stringify(short) };
}

/**
 * Sends each generated request, and {@linkcode NEXT} after it, to the guard's parser and to llhttp:
 * they must agree (`assertAgrees`), and `also` may check more of the pair.
 */
async function checkAgainstLlhttp(
  requests: fc.Arbitrary<string>,
  numRuns: number,
  also: (text: string, ours: GuardVerdict, theirs: NodeVerdict) => void = () => {},
): Promise<void> {
  const node = new Llhttp();
  try {
    await fc.assert(
      fc.asyncProperty(requests.map(printable), async ({ text }) => {
        const bytes = fromLatin1(text + NEXT);
        const [ours, theirs] = [guardFraming(bytes), await node.parse(bytes)];
        assertAgrees(ours, theirs);
        also(text, ours, theirs);
      }),
      { seed: SEED, numRuns },
    );
  } finally {
    await node.close();
  }
}

Deno.test("the guard frames well-formed requests exactly as llhttp does, and refuses none", async () => {
  await checkAgainstLlhttp(wellFormed, 300, (text, ours, theirs) => {
    // The guard's own limit: a head (request line to blank line) over it is refused, 431.
    if (text.indexOf(CRLF2) + 4 > MAX_HEAD) {
      assert.equal(ours.stop, "refused", "the guard passed on a head over its limit");
      return;
    }
    assert.equal(theirs.error, null, "llhttp refused a well-formed request");
    assert.equal(ours.stop, "end", "the guard refused a well-formed request");
  });
});

Deno.test("the guard never passes on what llhttp rejects, nor frames a body differently", async () => {
  await checkAgainstLlhttp(mutated, 1500);
});

/**
 * What the app's own HTTP server (`Deno.serve`) made of a case: the requests it read, in order,
 * each handed to the app or (null) answered by the server itself (a 4xx for a bad `Host`, say,
 * after which it reads on), and the statuses it sent.
 */
interface AppVerdict {
  requests: ({ method: string; url: string; bodyLength: number | null } | null)[];
  statuses: number[];
}

/** `Deno.serve` on a free port, the server the guard forwards to, asked one case at a time. */
class AppServer {
  readonly #server: Deno.HttpServer<Deno.NetAddr>;
  #current: NonNullable<AppVerdict["requests"][number]>[] = [];

  constructor() {
    this.#server = Deno.serve(
      {
        hostname: "127.0.0.1",
        port: 0,
        onListen() {},
        onError: () => new Response(null, { status: 500 }),
      },
      async (request) => {
        const url = new URL(request.url);
        const seen = {
          method: request.method,
          url: url.pathname + url.search,
          bodyLength: null as number | null,
        };
        this.#current.push(seen);
        try {
          seen.bodyLength = (await request.arrayBuffer()).byteLength;
        } catch {
          // The body never ended: the client went away first.
        }
        return new Response(null, { status: 204 });
      },
    );
  }

  async parse(bytes: Uint8Array): Promise<AppVerdict> {
    const handed: NonNullable<AppVerdict["requests"][number]>[] = [];
    this.#current = handed;
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: this.#server.addr.port });
    let text = "";
    try {
      await conn.write(bytes);
      await conn.closeWrite();
      const buffer = new Uint8Array(16 * 1024);
      for (;;) {
        const n = await conn.read(buffer).catch(() => null);
        if (n === null) break;
        text += latin1(buffer.subarray(0, n));
      }
    } finally {
      conn.close();
    }
    const statuses = [...text.matchAll(/HTTP\/1\.[01] (\d{3}) /g)].map((match) => Number(match[1]));
    // Answers come in the order of the requests: the app's are 204.
    let next = 0;
    const requests = statuses.map((status) => status === 204 ? handed[next++] : null);
    return { requests: [...requests, ...handed.slice(next)], statuses };
  }

  async close(): Promise<void> {
    await this.#server.shutdown();
  }
}

Deno.test("the guard and the app's own server split what the guard passes on into the same requests", async () => {
  const app = new AppServer();
  try {
    await fc.assert(
      fc.asyncProperty(mutated.map(printable), async ({ text }) => {
        const bytes = fromLatin1(text + NEXT);
        const ours = guardFraming(bytes);
        const theirs = await app.parse(bytes);
        const shared = Math.min(ours.messages.length, theirs.requests.length);
        for (let i = 0; i < shared; i++) {
          const [mine, app] = [ours.messages[i], theirs.requests[i]];
          if (app === null) continue;
          // The app sees the target as a URL parses it (`\\` as `/`, dot segments gone).
          const target = mine.plainHost && mine.url.startsWith("/")
            ? URL.parse(`http://x${mine.url}`)
            : null;
          const expected = target ? `${target.pathname}${target.search}` : app.url;
          assert.equal(`${app.method} ${app.url}`, `${mine.method} ${expected}`, `request ${i}`);
          // A GET's or HEAD's body is framed (the next request shows where it ended) but not
          // handed to the app: a Request of either method has none.
          const bodyShown = mine.method !== "GET" && mine.method !== "HEAD";
          if (mine.bodyLength !== null && bodyShown) {
            assert.equal(app.bodyLength, mine.bodyLength, `body ${i}`);
          }
        }
        // Every request the guard passed on whole, up to one after which the connection ends,
        // the server took as one request, unless it refused one: none merged, none split.
        if (!theirs.statuses.some((status) => status >= 400)) {
          const last = ours.messages.findIndex((message) => message.closes);
          const expected = last < 0 ? ours.messages.length : last + 1;
          assert.ok(
            theirs.requests.length >= expected,
            `the server saw ${theirs.requests.length} requests where the guard passed on ${expected}`,
          );
        }
      }),
      { seed: SEED, numRuns: 1000 },
    );
  } finally {
    await app.close();
  }
});
