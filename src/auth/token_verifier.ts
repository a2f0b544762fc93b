/**
 * The seam where OAuth plugs in: `/mcp` hands a Bearer token to a TokenVerifier and serves the
 * principal it returns. Until our own authorization server exists, no token verifies.
 *
 * @module
 */
import type { Principal } from "../domain/service.ts";

export interface TokenVerifier {
  /** The principal a token stands for, or null when it is unknown, expired or revoked. */
  verify(token: string): Promise<Principal | null>;
}

/** A verifier that accepts nothing: Bearer tokens get 401 until an issuer is configured. */
export const rejectAllTokens: TokenVerifier = {
  verify: () => Promise.resolve(null),
};
