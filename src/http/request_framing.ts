/**
 * Where an HTTP/1.1 request's body ends, read from its head as the HTTP server reads it: none, a
 * `Content-Length`, or chunked. Anything a proxy and the server might read two ways is "bad", so
 * that the connection guard refuses it rather than disagree with the server on where a request ends
 * (request smuggling).
 *
 * The grammar is RFC 9112's, and no looser than llhttp's (Node's parser):
 * tests/request_framing_differential_test.ts feeds both the same generated and mutated requests
 * and fails wherever this passes on a request llhttp rejects, or frames a body another way. So a
 * head is refused for any line that is not `name: value` with a token for a name and no control
 * byte but HTAB in the value (which refuses bare CR and LF, obs-fold and whitespace before the
 * colon), for a request line other than `METHOD target HTTP/1.x`, for two `Content-Length`
 * fields even if equal, and for a transfer coding other than exactly `chunked`. A value is
 * trimmed of SP and HTAB before it and SP after it, as llhttp trims (JavaScript's `trim()`, used
 * before, also strips U+00A0 and read `Transfer-Encoding: chunked<0xA0>` as chunked).
 * docs/operations.md lists what the differential test found.
 *
 * @module
 */

/** How a request's body is framed; `left` counts the bytes of a length-framed body still to come. */
export type RequestFraming =
  | { kind: "none" }
  | { kind: "length"; left: number }
  | { kind: "chunked" }
  | { kind: "bad" };

/**
 * The methods passed on: those llhttp (Node's parser, 9.3) takes, so that a client sending one the
 * app does not route (QUERY, WebDAV's) gets the app's 405 naming what it allows rather than a 400
 * from the guard; a method llhttp does not know is refused. CONNECT is not passed on: llhttp (and
 * any proxy) reads what follows it as a tunnel, not as requests, and the service has no use for one.
 */
const METHODS = new Set([
  ...["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "QUERY"],
  ...["COPY", "LOCK", "MKCOL", "MOVE", "PROPFIND", "PROPPATCH", "SEARCH", "UNLOCK"],
  ...["BIND", "REBIND", "UNBIND", "ACL", "REPORT", "MKACTIVITY", "CHECKOUT", "MERGE"],
  ...["M-SEARCH", "NOTIFY", "SUBSCRIBE", "UNSUBSCRIBE", "PURGE", "MKCALENDAR", "LINK", "UNLINK"],
  "SOURCE",
]);
const TOKEN = "[!#$%&'*+\\-.^_`|~0-9A-Za-z]+";
const IS_TOKEN = new RegExp(`^${TOKEN}$`);
/**
 * A target in origin-form (`/path?query`), asterisk-form or absolute-form (`http://host/path`):
 * visible ASCII only, as llhttp takes one (it refuses a target starting otherwise).
 */
const REQUEST_LINE = /^([A-Z][A-Z-]*) (\/[\x21-\x7e]*|\*|https?:\/\/[\x21-\x7e]+) HTTP\/1\.[01]$/;
/** HTAB, SP, visible ASCII and obs-text: no other control byte, so no bare CR or LF. */
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
/** A quoted extension value, without HTAB: the app's server (hyper) closes the connection on one. */
const QUOTED = '"(?:[ \\x21\\x23-\\x5b\\x5d-\\x7e\\x80-\\xff]|\\\\[ \\x21-\\x7e\\x80-\\xff])*"';
/** A chunk size (at most 12 hex digits: 256 TiB) and extensions, no whitespace outside quotes. */
const CHUNK_SIZE_LINE = new RegExp(
  `^([0-9a-fA-F]{1,12})(?:;${TOKEN}(?:=(?:${TOKEN}|${QUOTED}))?)*$`,
);

const FRAMING_FIELDS = new Set(["content-length", "transfer-encoding"]);

/** A field line's lower-cased name and its trimmed value; null if malformed. */
function fieldLine(line: string): { name: string; value: string } | null {
  const colon = line.indexOf(":");
  const name = line.slice(0, colon);
  const value = line.slice(colon + 1);
  if (colon <= 0 || !IS_TOKEN.test(name) || !FIELD_VALUE.test(value)) return null;
  // A trailing HTAB stays, so a length or coding ending in one is refused: llhttp refuses them.
  return { name: name.toLowerCase(), value: value.replace(/^[\t ]+| +$/g, "") };
}

/**
 * The body framing a head declares, or "bad" where it is malformed or a proxy and the server might
 * disagree. `headLines`: the head split at CRLF, request line first, without the empty last line.
 */
export function requestFraming(headLines: string[]): RequestFraming {
  const requestLine = REQUEST_LINE.exec(headLines[0] ?? "");
  if (!requestLine || !METHODS.has(requestLine[1])) return { kind: "bad" };
  let length: string | undefined;
  let encoding: string | undefined;
  for (const line of headLines.slice(1)) {
    const field = fieldLine(line);
    if (field === null) return { kind: "bad" };
    if (field.name === "content-length") {
      if (length !== undefined) return { kind: "bad" };
      length = field.value;
    } else if (field.name === "transfer-encoding") {
      if (encoding !== undefined) return { kind: "bad" };
      encoding = field.value.toLowerCase();
    }
  }
  if (encoding !== undefined) {
    return length === undefined && encoding === "chunked" ? { kind: "chunked" } : { kind: "bad" };
  }
  if (length === undefined) return { kind: "none" };
  if (!/^\d{1,15}$/.test(length)) return { kind: "bad" };
  const left = Number(length);
  return left === 0 ? { kind: "none" } : { kind: "length", left };
}

/** Follows a chunked body to its end: sizes, data, CRLFs, the last chunk and its trailers. */
export class ChunkedBodyReader {
  #state: "size" | "data" | "data-crlf" | "trailer" = "size";
  #line = "";
  #left = 0;

  /**
   * Consumes `bytes` from `from` on: how many belong to the body and whether it ended there, or
   * null when the framing is bad.
   */
  feed(bytes: Uint8Array, from: number): { used: number; done: boolean } | null {
    let i = from;
    while (i < bytes.length) {
      if (this.#state === "data") {
        const take = Math.min(this.#left, bytes.length - i);
        i += take;
        this.#left -= take;
        if (this.#left === 0) this.#state = "data-crlf";
        continue;
      }
      const byte = bytes[i++];
      this.#line += String.fromCharCode(byte);
      if (this.#line.length > 4096) return null;
      if (!this.#line.endsWith("\r\n")) continue;
      const line = this.#line.slice(0, -2);
      this.#line = "";
      if (this.#state === "data-crlf") {
        if (line !== "") return null;
        this.#state = "size";
      } else if (this.#state === "size") {
        const size = CHUNK_SIZE_LINE.exec(line);
        if (!size) return null;
        this.#left = parseInt(size[1], 16);
        this.#state = this.#left === 0 ? "trailer" : "data";
      } else if (line === "") {
        return { used: i - from, done: true };
      } else {
        // A framing field in a trailer would come too late to frame anything (RFC 9110, 6.5.1).
        const field = fieldLine(line);
        if (field === null || FRAMING_FIELDS.has(field.name)) return null;
      }
    }
    return { used: i - from, done: false };
  }
}
