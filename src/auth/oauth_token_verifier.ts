/**
 * The {@linkcode TokenVerifier} for the access tokens jobseek's own authorization server issues:
 * `/mcp` asks it who a Bearer token stands for. A token acts for its API key's owner (same subject,
 * same rate budget, same scopes) and stops working when the key is revoked.
 *
 * @module
 */
import { sha256Hex } from "../crypto.ts";
import type { Principal } from "../domain/service.ts";
import type { OAuthStore } from "../store/oauth_store.ts";
import type { ApiKeyRegistry } from "./api_keys.ts";
import { ACCESS_TOKEN_PREFIX } from "./oauth_grants.ts";
import { MAX_SECRET_LENGTH } from "./oauth_params.ts";
import { GrantSchema } from "./oauth_records.ts";
import type { TokenVerifier } from "./token_verifier.ts";

/** Looks access tokens up in the store; see the module documentation. */
export class OAuthTokenVerifier implements TokenVerifier {
  readonly #store: OAuthStore;
  readonly #apiKeys: ApiKeyRegistry;
  readonly #now: () => number;

  constructor(store: OAuthStore, apiKeys: ApiKeyRegistry, options: { now: () => number }) {
    this.#store = store;
    this.#apiKeys = apiKeys;
    this.#now = options.now;
  }

  /** The principal of a live access token whose API key still stands. */
  async verify(token: string): Promise<Principal | null> {
    if (!token.startsWith(ACCESS_TOKEN_PREFIX) || token.length > MAX_SECRET_LENGTH) return null;
    const record = await this.#store.getOAuthRecord("access", sha256Hex(token), GrantSchema);
    if (!record || record.expiresAt <= this.#now()) return null;
    const owner = await this.#apiKeys.verifyHash(record.keyHash);
    if (!owner) return null;
    // The key's subject: one rate budget per person across REST and MCP.
    const principal: Principal = { subject: owner.subject, name: owner.name, via: "bearer" };
    if (owner.rateLimit !== undefined) principal.rateLimit = owner.rateLimit;
    // A token can do what its key can: a feeder key's token cannot search.
    if (owner.scopes !== undefined) principal.scopes = owner.scopes;
    return principal;
  }
}
