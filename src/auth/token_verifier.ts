/**
 * The seam where OAuth plugs in: `/mcp` hands a Bearer token to a TokenVerifier and serves the
 * principal it returns. The server uses jobseek's own authorization server
 * (`oauth_server.ts`); `rejectAllTokens` is for tests that exercise the API-key path alone.
 *
 * @module
 */
import type { Principal } from "../domain/service.ts";

export interface TokenVerifier {
  /** The principal a token stands for, or null when it is unknown, expired or revoked. */
  verify(token: string): Promise<Principal | null>;
}

/** A verifier that accepts nothing: every Bearer token gets 401. */
export const rejectAllTokens: TokenVerifier = {
  verify: () => Promise.resolve(null),
};
