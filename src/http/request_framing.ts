/**
 * Where an HTTP/1.1 request's body ends, read from its head as the HTTP server reads it: none, a
 * `Content-Length`, or chunked. Anything a proxy and the server might read two ways (both headers,
 * several lengths, a transfer coding other than chunked) is "bad", so that the connection guard
 * refuses it rather than disagree with the server on where a request ends (request smuggling).
 *
 * @module
 */

/** How a request's body is framed; `left` counts the bytes of a length-framed body still to come. */
export type RequestFraming =
  | { kind: "none" }
  | { kind: "length"; left: number }
  | { kind: "chunked" }
  | { kind: "bad" };

/** The body framing a head declares, or "bad" where a proxy and the server might disagree. */
export function requestFraming(headLines: string[]): RequestFraming {
  let length: string | undefined;
  let encoding: string | undefined;
  for (const line of headLines) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === "content-length") {
      if (length !== undefined && length !== value) return { kind: "bad" };
      length = value;
    } else if (name === "transfer-encoding") {
      if (encoding !== undefined) return { kind: "bad" };
      encoding = value.toLowerCase();
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
        const size = line.split(";")[0].trim();
        if (!/^[0-9a-fA-F]{1,12}$/.test(size)) return null;
        this.#left = parseInt(size, 16);
        this.#state = this.#left === 0 ? "trailer" : "data";
      } else if (line === "") {
        return { used: i - from, done: true };
      }
    }
    return { used: i - from, done: false };
  }
}
