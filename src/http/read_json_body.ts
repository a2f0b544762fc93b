/**
 * Reads a POST body as one JSON object with a hard size limit, checked against the declared
 * `Content-Length` and against the bytes actually streamed (a chunked body declares none).
 *
 * @module
 */
import { JobseekError } from "../domain/errors.ts";

/**
 * Largest accepted request body. A search with `q` needs a few hundred bytes; one with a
 * `profile` (20,000 characters) needs up to 120,000 when every character is JSON-escaped to six
 * bytes (`\u0007`), so every valid profile fits, beside a full `q`.
 */
export const MAX_BODY_BYTES = 192 * 1024;

function tooLarge(): JobseekError {
  return new JobseekError(
    "PAYLOAD_TOO_LARGE",
    `Request body too large: the limit is ${MAX_BODY_BYTES} bytes`,
  );
}

function invalid(reason: string): JobseekError {
  return new JobseekError("INVALID_JSON", `Invalid JSON body: ${reason}`);
}

export interface ReadLimitedBodyOptions {
  maxBytes: number;
  /** The error thrown for a body over `maxBytes`. */
  tooLarge: () => Error;
}

/**
 * The request's body as bytes, refused when the declared `Content-Length` or the bytes actually
 * streamed (a chunked body declares none) exceed `maxBytes`: the stream is cancelled then, so an
 * oversized body is never buffered whole.
 */
export async function readLimitedBody(
  request: Request,
  options: ReadLimitedBodyOptions,
): Promise<Uint8Array> {
  const { maxBytes, tooLarge } = options;
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) throw tooLarge();
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  while (true) {
    const { value, done } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The request's body parsed as a JSON object. The Content-Type is not checked: `curl -d` sends
 * form encoding by default, and a JSON object is unambiguous whatever the header says.
 */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const bytes = await readLimitedBody(request, { maxBytes: MAX_BODY_BYTES, tooLarge });
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw invalid("the body is not UTF-8 text");
  }
  if (text.trim() === "") {
    throw invalid('the body is empty; send a JSON object such as {"q":"nurse"}');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid('the body is not JSON; send a JSON object such as {"q":"nurse"}');
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    const kind = value === null ? "null" : Array.isArray(value) ? "an array" : `a ${typeof value}`;
    throw invalid(`expected a JSON object, got ${kind}`);
  }
  return value as Record<string, unknown>;
}
