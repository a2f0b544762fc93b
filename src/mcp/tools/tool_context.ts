/**
 * What every tool gets from the server factory, and the two helpers the tools share: the declared
 * input schema that lets our own validation speak, and the mapping of thrown errors to tool results.
 *
 * @module
 */
import { z } from "zod";
import { isJobseekError, JobseekError } from "../../domain/errors.ts";
import type { SearchService } from "../../domain/service.ts";
import { errorFields, type Logger } from "../../log.ts";

export interface ToolDeps {
  service: SearchService;
  logger: Logger;
  /** Id stamped on search results and log lines: the HTTP request's id, or a fresh UUID on stdio. */
  requestId: () => string;
  /**
   * Called when a tool fails unexpectedly. Over HTTP this turns the whole response into a 500
   * with JSON-RPC error -32603 (spec 7.2), which the SDK alone cannot do: it wraps every thrown
   * error into a tool result.
   */
  onInternalError?: (error: unknown) => void;
}

/** The hints of every jobseek tool: they only read the postings in our own store. */
export const READ_ONLY_HINTS = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;

/** A tool result carrying a message for the model and the person, flagged as an error. */
export interface ToolErrorResult {
  [key: string]: unknown;
  content: { type: "text"; text: string }[];
  isError: true;
}

/**
 * What an agent is told when the store has nothing in it: plainly that retrying will not help, so
 * that it stops instead of polling (REST says the same in its own words, with `NO_INDEX`).
 */
export const NO_POSTINGS_TEXT = "no postings yet: an operator must run jobseek ingest " +
  "(nothing has been imported into this server's store; retrying will not help until then)";

/** Errors a caller can fix or wait out; their message goes into the tool result as is. */
const CALLER_ERRORS = new Set([
  "MISSING_QUERY",
  "INVALID_PARAMETER",
  "INVALID_SOURCE",
  "NOT_READY",
  "NO_INDEX",
]);

/**
 * Turns a thrown value into an `isError` tool result. Validation errors keep their message (the
 * same text REST sends); anything unexpected is logged with the request id and reported to
 * `onInternalError`, and the result says only "Internal error", so nothing internal leaks.
 */
export function toolErrorResult(error: unknown, deps: ToolDeps, tool: string): ToolErrorResult {
  if (isJobseekError(error) && CALLER_ERRORS.has(error.code)) {
    const text = error.code === "NO_INDEX" ? NO_POSTINGS_TEXT : error.message;
    return { content: [{ type: "text", text }], isError: true };
  }
  deps.logger.error("tool failed", {
    request_id: deps.requestId(),
    tool,
    ...errorFields(error),
  });
  deps.onInternalError?.(error);
  return { content: [{ type: "text", text: "Internal error" }], isError: true };
}

/**
 * The input schema a tool declares: the JSON Schema that `tools/list` shows is exactly that of
 * `schema` (types, bounds, defaults, patterns, descriptions, required fields, and
 * `additionalProperties: false`), but parsing accepts any value and keeps unknown keys, so the raw
 * arguments reach the handler. The handler then validates them with the domain's own parser, which
 * gives the same messages as REST (`query is required`, `Invalid parameter 'country': ...`) instead
 * of the SDK's generic "Input validation error", and names unknown arguments instead of dropping
 * them.
 */
export function declaredInputSchema<T extends z.ZodRawShape>(
  schema: z.ZodObject<T>,
): z.ZodObject<{ [K in keyof T]: z.ZodOptional<z.ZodUnknown> }> {
  const shape: Record<string, z.ZodOptional<z.ZodUnknown>> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const { $schema: _, ...jsonSchema } = z.toJSONSchema(field as z.ZodType, {
      io: "input",
      unrepresentable: "any",
    });
    shape[key] = z.unknown().optional().meta(jsonSchema);
  }
  const { required } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return z.looseObject(shape).meta({
    ...(required ? { required } : {}),
    additionalProperties: false,
  }) as unknown as z.ZodObject<{ [K in keyof T]: z.ZodOptional<z.ZodUnknown> }>;
}

/**
 * Refuses arguments a tool does not take, naming them and the ones it does take, so that a model
 * that guessed a name (`location`, `limit`) learns the right one instead of getting results that
 * silently ignore what it asked for.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.throws(
 *   () => rejectUnknownArguments({ country: "US", limit: 5 }, ["country"], "list_cities"),
 *   { message: "Unknown argument 'limit': list_cities takes only country" },
 * );
 * rejectUnknownArguments({ country: "US" }, ["country"], "list_cities");
 * ```
 */
export function rejectUnknownArguments(
  args: Record<string, unknown>,
  known: readonly string[],
  tool: string,
): void {
  const unknown = Object.keys(args).filter((name) => !known.includes(name));
  if (unknown.length === 0) return;
  const names = unknown.slice(0, 5).map((name) => `'${name.slice(0, 40)}'`).join(", ");
  const more = unknown.length > 5 ? ` and ${unknown.length - 5} more` : "";
  const takes = known.length === 0 ? "no arguments" : `only ${known.join(", ")}`;
  throw new JobseekError(
    "INVALID_PARAMETER",
    `Unknown argument${unknown.length === 1 ? "" : "s"} ${names}${more}: ${tool} takes ${takes}`,
    { param: unknown[0] },
  );
}
