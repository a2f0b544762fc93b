/**
 * Malformed request params answered as JSON-RPC `-32602 Invalid params` with one line.
 *
 * The SDK parses a request's params inside its handler and lets the validation error escape, which
 * becomes `-32603` carrying the whole validation dump (a JSON array of zod issues). So every
 * request is checked first against the SDK's own schema for its method, and a bad one is answered
 * here, in words a person (or a model) can act on: `Invalid params: params.name is required`.
 *
 * @module
 */
// @ts-types="@modelcontextprotocol/sdk/shared/transport"
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
// @ts-types="@modelcontextprotocol/sdk/types"
import {
  ClientRequestSchema,
  ErrorCode,
  isJSONRPCRequest,
  type JSONRPCMessage,
  type JSONRPCRequest,
} from "@modelcontextprotocol/sdk/types.js";

interface ParseIssue {
  code: string;
  path: PropertyKey[];
  message: string;
  expected?: string;
}

interface RequestSchema {
  safeParse(value: unknown): { success: true } | {
    success: false;
    error: { issues: ParseIssue[] };
  };
}

/** Every request a client may send, by method, as the SDK itself defines it. */
const SCHEMAS = new Map<string, RequestSchema>(
  ClientRequestSchema.options.map((schema) => [
    schema.shape.method.value as string,
    schema as unknown as RequestSchema,
  ]),
);

const MAX_MESSAGE_LENGTH = 200;

/** The value at `path` in the raw request; undefined when it is absent. */
function valueAt(request: unknown, path: PropertyKey[]): unknown {
  let value = request;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function expectedName(expected: string | undefined): string {
  switch (expected) {
    case "record":
    case "object":
      return "an object";
    case "array":
      return "an array";
    case "int":
    case "integer":
      return "an integer";
    case undefined:
      return "of another type";
    default:
      return `a ${expected}`;
  }
}

/**
 * Why the params of `request` are invalid for its method, in one line, or null when they are fine
 * (or the method is not one the SDK knows, which it answers itself with `-32601`).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const call = { jsonrpc: "2.0" as const, id: 1, method: "tools/call" };
 * assert.equal(invalidParamsMessage({ ...call, params: {} }), "Invalid params: params.name is required");
 * assert.equal(
 *   invalidParamsMessage({ ...call, params: { name: "search_jobs", arguments: "x" } }),
 *   "Invalid params: params.arguments must be an object",
 * );
 * assert.equal(invalidParamsMessage({ ...call, params: { name: "search_jobs" } }), null);
 * ```
 */
export function invalidParamsMessage(request: JSONRPCRequest): string | null {
  const schema = SCHEMAS.get(request.method);
  if (!schema) return null;
  const parsed = schema.safeParse({ method: request.method, params: request.params });
  if (parsed.success) {
    // The SDK parses the URI with `new URL`, whose TypeError would become -32603.
    const uri = request.params?.uri;
    if (request.method === "resources/read" && !URL.canParse(String(uri))) {
      return "Invalid params: params.uri must be an absolute URI";
    }
    return null;
  }
  const issue = parsed.error.issues[0];
  const where = issue.path.length > 0 ? issue.path.map(String).join(".") : "params";
  let reason: string;
  if (issue.code === "invalid_type") {
    reason = valueAt(request, issue.path) === undefined
      ? "is required"
      : `must be ${expectedName(issue.expected)}`;
  } else {
    reason = `is invalid: ${issue.message}`;
  }
  const message = `Invalid params: ${where} ${reason}`.replace(/\s+/g, " ");
  return message.length > MAX_MESSAGE_LENGTH
    ? `${message.slice(0, MAX_MESSAGE_LENGTH - 1)}…`
    : message;
}

/**
 * Installs the check on a connected transport: a request with invalid params gets its `-32602`
 * answer at once and never reaches the server. Call right after `server.connect(transport)`, before
 * anything else wraps `onmessage` or `send`.
 */
export function guardRequestParams(transport: Transport): void {
  const receive = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage, extra?: unknown) => {
    if (isJSONRPCRequest(message)) {
      const problem = invalidParamsMessage(message);
      if (problem !== null) {
        // `transport.send` is looked up now, so a wrapper installed later (stdio) sees the answer.
        transport.send({
          jsonrpc: "2.0",
          id: message.id,
          error: { code: ErrorCode.InvalidParams, message: problem },
        }).catch((error: unknown) => transport.onerror?.(error as Error));
        return;
      }
    }
    // deno-lint-ignore no-explicit-any
    receive?.(message, extra as any);
  };
}
