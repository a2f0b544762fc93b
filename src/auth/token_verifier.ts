/**
 * The seam where OAuth plugs in: `/mcp` hands a Bearer token to a TokenVerifier and serves the
 * principal it returns. The server uses jobseek's own authorization server's tokens
 * (`oauth_token_verifier.ts`), or an external issuer's JWTs (`external_issuer.ts`);
 * `rejectAllTokens` is for tests that exercise the API-key path alone.
 *
 * @module
 */
import type { Principal } from "../domain/service.ts";

/** What a verifier may need to know of the request a token came with. */
export interface TokenContext {
  /** The server's base URL as the protected-resource metadata names it. */
  baseUrl: string;
}

export interface TokenVerifier {
  /**
   * The principal a token stands for, or null when it is unknown, expired or revoked. May throw
   * {@linkcode InvalidTokenError} to say why, or {@linkcode TokenCheckUnavailableError} when the
   * token cannot be checked right now.
   */
  verify(token: string, context?: TokenContext): Promise<Principal | null>;
}

/**
 * A token that does not verify, with a reason fit for the client to read (RFC 6750
 * `error_description`): what is wrong with the token, never library internals.
 */
export class InvalidTokenError extends Error {
  constructor(description: string) {
    super(description);
    this.name = "InvalidTokenError";
  }
}

/** The token could not be checked now (the issuer's keys cannot be fetched): not the token's fault. */
export class TokenCheckUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "TokenCheckUnavailableError";
  }
}

/** A verifier that accepts nothing: every Bearer token gets 401. */
export const rejectAllTokens: TokenVerifier = {
  verify: () => Promise.resolve(null),
};
