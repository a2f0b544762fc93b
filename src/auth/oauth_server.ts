/**
 * jobseek's own OAuth 2.1 authorization server for MCP clients, composed of one part per concept:
 *
 * - `oauth_metadata.ts`: the RFC 8414 metadata, endpoint paths, scope and resource (RFC 8707);
 * - `oauth_clients.ts`: dynamic client registration (RFC 7591) and client authentication;
 * - `oauth_authorization.ts`: the authorization request, the consent page's form token, the code;
 * - `oauth_token_endpoint.ts`: the code and refresh-token grants, revocation (RFC 7009);
 * - `oauth_grants.ts`: tokens issued, spent and ended per sign-in in the store;
 * - `oauth_token_verifier.ts`: the verifier `/mcp` uses for the tokens issued here.
 *
 * People sign in on the consent page with their jobseek API key; a token acts for that key's owner
 * (same subject, same rate budget) and stops working when the key is revoked. Nothing is written
 * for anyone who has not signed in (a client is its signed `client_id`, a consent page its signed
 * form token); from the first approval on, KV holds (through {@linkcode OAuthStore}) codes, grants,
 * access and refresh tokens, the secrets only as SHA-256 hashes, and the spent marks of consent
 * forms. HTTP is left to `src/http/oauth_routes.ts`.
 *
 * @module
 */
import type { Principal } from "../domain/service.ts";
import type { OAuthStore, OAuthSweep } from "../store/oauth_store.ts";
import type { SecretStore } from "../store/secret_store.ts";
import type { ApiKeyRegistry } from "./api_keys.ts";
import { CODE_TTL_MS, OAuthAuthorization } from "./oauth_authorization.ts";
import { OAuthClients, PENDING_CLIENT_TTL_MS } from "./oauth_clients.ts";
import { ACCESS_TOKEN_TTL_MS, OAuthGrants, REFRESH_TOKEN_TTL_MS } from "./oauth_grants.ts";
import { OAuthSigningKey } from "./oauth_signing_key.ts";
import { OAuthTokenEndpoint } from "./oauth_token_endpoint.ts";
import { OAuthTokenVerifier } from "./oauth_token_verifier.ts";
import type { TokenVerifier } from "./token_verifier.ts";

export interface OAuthServerOptions {
  accessTokenTtlMs?: number;
  refreshTokenTtlMs?: number;
  codeTtlMs?: number;
  pendingClientTtlMs?: number;
  /** The clock (ms since the epoch) every lifetime is measured on; tests move it forward. */
  now?: () => number;
}

/** The authorization server's parts over one store, one signing key and one clock. */
export class OAuthServer implements TokenVerifier {
  /** Registration and client authentication. */
  readonly clients: OAuthClients;
  /** The authorization endpoint and its consent page. */
  readonly authorization: OAuthAuthorization;
  /** The token and revocation endpoints. */
  readonly tokens: OAuthTokenEndpoint;
  readonly #verifier: OAuthTokenVerifier;
  readonly #store: OAuthStore;
  readonly #pendingClientTtl: number;
  readonly #now: () => number;

  constructor(
    store: { oauth: OAuthStore; secrets: SecretStore },
    apiKeys: ApiKeyRegistry,
    options: OAuthServerOptions = {},
  ) {
    const now = options.now ?? Date.now;
    const refreshTokenTtlMs = options.refreshTokenTtlMs ?? REFRESH_TOKEN_TTL_MS;
    const signingKey = new OAuthSigningKey(store.secrets);
    const clients = new OAuthClients(store.oauth, signingKey, { refreshTokenTtlMs, now });
    const grants = new OAuthGrants(store.oauth, {
      accessTokenTtlMs: options.accessTokenTtlMs ?? ACCESS_TOKEN_TTL_MS,
      refreshTokenTtlMs,
      now,
    });
    this.clients = clients;
    this.authorization = new OAuthAuthorization(
      { store: store.oauth, clients, apiKeys, signingKey },
      { codeTtlMs: options.codeTtlMs ?? CODE_TTL_MS, now },
    );
    this.tokens = new OAuthTokenEndpoint({ store: store.oauth, clients, grants, apiKeys });
    this.#verifier = new OAuthTokenVerifier(store.oauth, apiKeys, { now });
    this.#store = store.oauth;
    this.#pendingClientTtl = options.pendingClientTtlMs ?? PENDING_CLIENT_TTL_MS;
    this.#now = now;
  }

  /** TokenVerifier: the principal of a live access token whose API key still stands. */
  verify(token: string): Promise<Principal | null> {
    return this.#verifier.verify(token);
  }

  /**
   * Deletes clients that never completed a sign-in and records past their expiry (see
   * {@linkcode OAuthStore.sweepOAuth}). Servers run it periodically.
   */
  sweep(now = this.#now()): Promise<OAuthSweep> {
    return this.#store.sweepOAuth(now, this.#pendingClientTtl);
  }
}
