/**
 * The error every OAuth endpoint answers with (RFC 6749 5.2, RFC 7591 3.2.2, RFC 8707 2): the MCP
 * SDK's error class, whose `toResponseObject()` is the `{"error", "error_description"}` body, plus
 * the HTTP status, which the SDK leaves to its handlers and ours know at the point of refusal.
 *
 * @module
 */
// @ts-types="@modelcontextprotocol/sdk/server/auth/errors"
import { CustomOAuthError } from "@modelcontextprotocol/sdk/server/auth/errors.js";

/** Error codes of RFC 6749 5.2, RFC 7591 3.2.2 and RFC 8707. */
export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "invalid_scope"
  | "invalid_target"
  | "invalid_redirect_uri"
  | "invalid_client_metadata";

/**
 * An OAuth error answer. Its own class because the routes catch it to answer in the RFC 6749 shape
 * rather than jobseek's REST error body.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { OAuthError } from "./oauth_error.ts";
 *
 * const error = new OAuthError("invalid_client", "Unknown client", 401);
 * assert.equal(error.status, 401);
 * assert.deepEqual(error.toResponseObject(), {
 *   error: "invalid_client",
 *   error_description: "Unknown client",
 * });
 * ```
 */
export class OAuthError extends CustomOAuthError {
  readonly status: number;

  constructor(error: OAuthErrorCode, description: string, status = 400) {
    super(error, description);
    this.name = "OAuthError";
    this.status = status;
  }
}
