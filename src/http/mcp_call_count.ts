/**
 * How many calls a `/mcp` POST makes, for the rate limit: a JSON-RPC batch of 100 `tools/call`
 * is 100 searches, not one request.
 *
 * @module
 */
import { readLimitedBody } from "./read_json_body.ts";

function isCall(message: unknown): boolean {
  return typeof message === "object" && message !== null && "method" in message &&
    "id" in message;
}

/**
 * The JSON-RPC requests (messages with a method and an id) in the body of `request`, at least 1,
 * except for an empty batch (`[]`): 0, which is no request at all; and the request for the
 * transport to read, rebuilt on a second branch of the body's stream. A body it cannot parse counts
 * as one request, which the transport then refuses.
 *
 * Not `request.clone()`: under `Deno.serve` cloning reads the request's `signal`, and Deno then
 * prints a warning about its legacy abort behaviour to stderr, a line that is no JSON log line, on
 * the first MCP request of every server process (seen with Deno 2.9.6, session 32).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const call = { jsonrpc: "2.0", id: 1, method: "tools/call", params: {} };
 * const post = (body: unknown) => new Request("http://x/mcp", { method: "POST", body: JSON.stringify(body) });
 * assert.equal((await callCount(post(call), 65536)).calls, 1);
 * assert.equal((await callCount(post([]), 65536)).calls, 0);
 * const batch = [call, { ...call, id: 2 }, { jsonrpc: "2.0", method: "notifications/initialized" }];
 * const counted = await callCount(post(batch), 65536);
 * assert.equal(counted.calls, 2);
 * assert.deepEqual(await counted.request.json(), batch);
 * ```
 */
export async function callCount(
  request: Request,
  maxBytes: number,
): Promise<{ calls: number; request: Request }> {
  if (request.body === null) return { calls: 1, request };
  const [counted, forwarded] = request.body.tee();
  const rebuilt = (body: ReadableStream<Uint8Array>) =>
    new Request(request.url, {
      method: request.method,
      headers: request.headers,
      body,
      duplex: "half",
    } as RequestInit);
  const forTransport = rebuilt(forwarded);
  let message: unknown;
  try {
    const bytes = await readLimitedBody(rebuilt(counted), {
      maxBytes,
      tooLarge: () => new Error("too large"),
    });
    message = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    // A branch left unread would buffer the whole body beside the transport's.
    await counted.cancel().catch(() => {});
    return { calls: 1, request: forTransport };
  }
  if (!Array.isArray(message)) return { calls: 1, request: forTransport };
  if (message.length === 0) return { calls: 0, request: forTransport };
  return { calls: Math.max(1, message.filter(isCall).length), request: forTransport };
}
