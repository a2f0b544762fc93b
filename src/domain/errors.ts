/**
 * Error codes of the service and the one error class the domain throws.
 * Each transport maps a code to its own shape in one place (REST `onError`, MCP `isError`, CLI exit).
 *
 * @module
 */

export const ERROR_CODES = {
  MISSING_QUERY: "MISSING_QUERY",
  INVALID_PARAMETER: "INVALID_PARAMETER",
  INVALID_SOURCE: "INVALID_SOURCE",
  INVALID_JSON: "INVALID_JSON",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  NOT_FOUND: "NOT_FOUND",
  METHOD_NOT_ALLOWED: "METHOD_NOT_ALLOWED",
  AUTH_INVALID_KEY: "AUTH_INVALID_KEY",
  AUTH_INSUFFICIENT_SCOPE: "AUTH_INSUFFICIENT_SCOPE",
  UNSUPPORTED_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  RATE_LIMITED: "RATE_LIMITED",
  NOT_READY: "NOT_READY",
  NO_INDEX: "NO_INDEX",
  CONFLICT: "CONFLICT",
  /** An owner's saved searches are at the configured most (src/alerts/). */
  LIMIT_EXCEEDED: "LIMIT_EXCEEDED",
  /** Another server is delivering this saved search right now: ask again in a moment. */
  DELIVERY_IN_PROGRESS: "DELIVERY_IN_PROGRESS",
  /**
   * The request came through a host name the server does not answer for, and what it asked needs
   * the server's own address (a saved search's feed, confirmation and unsubscribe links).
   */
  MISDIRECTED_REQUEST: "MISDIRECTED_REQUEST",
  /** The request's `Host` header names no host (RFC 9112 3.2: a 400 on every route). */
  INVALID_HOST: "INVALID_HOST",
  INTERNAL_ERROR: "INTERNAL_ERROR",
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

export interface JobseekErrorOptions {
  /** The request parameter at fault, for validation errors. */
  param?: string;
  /** Seconds to wait, for RATE_LIMITED. */
  retryAfter?: number;
  cause?: unknown;
}

/**
 * Why a server cannot search when its store has no index at all (a `--no-seed` server on an empty
 * store): unlike NOT_READY, waiting does not help until an operator imports postings.
 */
export const NO_INDEX_MESSAGE =
  "Cannot search: this server has no index, because no postings have been imported into its " +
  "store. An operator must run `jobseek ingest FILE...` on that store; the server picks up the " +
  "new index within seconds, without a restart.";

/** An expected failure with a stable code; anything else is an internal error. */
export class JobseekError extends Error {
  readonly code: ErrorCode;
  readonly param?: string;
  readonly retryAfter?: number;

  constructor(code: ErrorCode, message: string, options: JobseekErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = "JobseekError";
    this.code = code;
    this.param = options.param;
    this.retryAfter = options.retryAfter;
  }
}

export function isJobseekError(error: unknown): error is JobseekError {
  return error instanceof JobseekError;
}
