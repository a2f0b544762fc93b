/**
 * PKCE with S256 (RFC 7636), the only method jobseek accepts: a client proves at the token
 * endpoint that it is the one that started the authorization.
 *
 * @module
 */
import { sha256, toBase64Url } from "../crypto.ts";

/** RFC 7636 4.1: 43-128 unreserved characters, for the verifier and (S256) the challenge. */
export const PKCE_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;

/**
 * The RFC 7636 S256 challenge of a verifier.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { pkceChallenge } from "./oauth_pkce.ts";
 *
 * // RFC 7636 appendix B.
 * assert.equal(
 *   pkceChallenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
 *   "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
 * );
 * ```
 */
export function pkceChallenge(verifier: string): string {
  return toBase64Url(sha256(verifier));
}
