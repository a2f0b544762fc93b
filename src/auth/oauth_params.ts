/**
 * Reading the parameters of an OAuth request (a query or a form body), where a repeated parameter
 * is an error rather than a choice (RFC 6749 3.1, 3.2).
 *
 * @module
 */
import { OAuthError } from "./oauth_error.ts";

/**
 * Nothing jobseek issues (tokens, codes, client secrets) is longer; longer input is refused before
 * it is hashed.
 */
export const MAX_SECRET_LENGTH = 512;

/**
 * A parameter given at most once; an empty value counts as absent.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { singleParam } from "./oauth_params.ts";
 *
 * assert.equal(singleParam(new URLSearchParams("state=a"), "state"), "a");
 * assert.equal(singleParam(new URLSearchParams("state="), "state"), undefined);
 * assert.throws(() => singleParam(new URLSearchParams("state=a&state=b"), "state"));
 * ```
 */
export function singleParam(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  if (values.length > 1) {
    throw new OAuthError("invalid_request", `The parameter '${name}' is repeated`);
  }
  return values[0] === "" ? undefined : values[0];
}

/** A parameter given exactly once, with a value. */
export function requiredParam(params: URLSearchParams, name: string): string {
  const value = singleParam(params, name);
  if (value === undefined) {
    throw new OAuthError("invalid_request", `The parameter '${name}' is required`);
  }
  return value;
}
