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
 * except for an empty batch (`[]`): 0, which is no request at all. Reads a clone, so the transport
 * still reads the body itself; a body it cannot parse counts as one request, which the transport
 * then refuses.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const call = { jsonrpc: "2.0", id: 1, method: "tools/call", params: {} };
 * const post = (body: unknown) => new Request("http://x/mcp", { method: "POST", body: JSON.stringify(body) });
 * assert.equal(await callCount(post(call), 65536), 1);
 * assert.equal(await callCount(post([]), 65536), 0);
 * assert.equal(await callCount(post([call, { ...call, id: 2 }, { jsonrpc: "2.0", method: "notifications/initialized" }]), 65536), 2);
 * ```
 */
export async function callCount(request: Request, maxBytes: number): Promise<number> {
  let message: unknown;
  try {
    const bytes = await readLimitedBody(request.clone(), {
      maxBytes,
      tooLarge: () => new Error("too large"),
    });
    message = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return 1;
  }
  if (!Array.isArray(message)) return 1;
  if (message.length === 0) return 0;
  return Math.max(1, message.filter(isCall).length);
}
