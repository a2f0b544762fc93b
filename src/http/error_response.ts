/**
 * The single mapping of errors to REST responses (spec 7.1 and PRODUCT.md's error table). The
 * routes, the app's `onError`/`notFound` and the `/mcp` auth checks all answer through it, so an
 * error code has one status and one body shape everywhere.
 *
 * @module
 */
import { z } from "zod";
import { type ErrorCode, isJobseekError, type JobseekError } from "../domain/errors.ts";
import { errorFields, type Logger } from "../log.ts";

/** Seconds a client should wait before retrying while the index loads (503 NOT_READY). */
export const NOT_READY_RETRY_AFTER_SECONDS = 5;

/** Every `error_code` a REST error body can carry, with its HTTP status. */
const STATUS = {
  MISSING_QUERY: 400,
  INVALID_PARAMETER: 400,
  INVALID_SOURCE: 400,
  INVALID_JSON: 400,
  INVALID_HOST: 400,
  AUTH_INVALID_KEY: 403,
  AUTH_INSUFFICIENT_SCOPE: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INTERNAL_ERROR: 500,
  NOT_READY: 503,
  NO_INDEX: 503,
  LIMIT_EXCEEDED: 409,
  DELIVERY_IN_PROGRESS: 409,
  MISDIRECTED_REQUEST: 421,
} as const satisfies Partial<Record<ErrorCode, number>>;
type RestErrorCode = keyof typeof STATUS;
const REST_ERROR_CODES = Object.keys(STATUS) as [RestErrorCode, ...RestErrorCode[]];

/** Body of every error response except 429. */
export const ErrorBodySchema = z.object({
  error: z.string().describe(
    "Human-readable message; for parameter errors it names the parameter.",
  ),
  error_code: z.enum(REST_ERROR_CODES).describe("Stable machine-readable code."),
  request_id: z.uuid().describe("Id of the request, also in the `x-request-id` header and logs."),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Body of a 429: exactly these two fields (spec 7.1: no `error_code`, no `request_id`). */
export const RateLimitBodySchema = z.object({
  error: z.literal("Rate limit exceeded"),
  retry_after: z.number().int().min(1).describe(
    "Seconds to wait before retrying (includes random jitter); same value as `Retry-After`.",
  ),
});
export type RateLimitBody = z.infer<typeof RateLimitBodySchema>;

/** Texts the spec fixes; a thrown message never replaces them. */
const FIXED_MESSAGES: Partial<Record<ErrorCode, string>> = {
  AUTH_INVALID_KEY: "Invalid API key",
  RATE_LIMITED: "Rate limit exceeded",
  INTERNAL_ERROR: "Internal server error",
};

function json(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

/**
 * Turns any thrown value into the REST error response. A {@linkcode JobseekError} keeps its code
 * and message; anything else (and a CONFLICT, which no request can cause on purpose) becomes a 500
 * whose body says only "Internal server error" while the log line carries the details and the
 * request id.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { JobseekError } from "../domain/errors.ts";
 * import { silentLogger } from "../log.ts";
 * const res = errorResponse(new JobseekError("RATE_LIMITED", "x", { retryAfter: 7 }), "id", silentLogger);
 * assert.equal(res.status, 429);
 * assert.equal(res.headers.get("retry-after"), "7");
 * assert.deepEqual(await res.json(), { error: "Rate limit exceeded", retry_after: 7 });
 * ```
 */
export function errorResponse(error: unknown, requestId: string, logger: Logger): Response {
  const code = isJobseekError(error) ? error.code : "INTERNAL_ERROR";
  if (code === "RATE_LIMITED") {
    const retryAfter = Math.max(1, Math.ceil((error as JobseekError).retryAfter ?? 1));
    const body: RateLimitBody = { error: "Rate limit exceeded", retry_after: retryAfter };
    return json(body, 429, { "retry-after": String(retryAfter) });
  }
  if (code !== "CONFLICT" && code !== "INTERNAL_ERROR") {
    const body: ErrorBody = {
      error: FIXED_MESSAGES[code] ?? (error as JobseekError).message,
      error_code: code,
      request_id: requestId,
    };
    const headers: Record<string, string> = {};
    if (code === "NOT_READY") {
      headers["retry-after"] = String(NOT_READY_RETRY_AFTER_SECONDS);
    }
    return json(body, STATUS[code], headers);
  }
  logger.error("internal error", {
    request_id: requestId,
    ...errorFields(error),
  });
  const body: ErrorBody = {
    error: "Internal server error",
    error_code: "INTERNAL_ERROR",
    request_id: requestId,
  };
  return json(body, 500);
}
