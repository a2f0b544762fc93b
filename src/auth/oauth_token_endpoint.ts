/**
 * The token endpoint (OAuth 2.1 3.2: the authorization_code grant with PKCE, the refresh_token
 * grant with rotation) and token revocation (RFC 7009). Every refusal is an {@linkcode OAuthError}.
 *
 * @module
 */
import { constantTimeEqual, sha256Hex } from "../crypto.ts";
import type { OAuthStore } from "../store/oauth_store.ts";
import type { ApiKeyRegistry } from "./api_keys.ts";
import type { BasicCredentials, OAuthClients } from "./oauth_clients.ts";
import { OAuthError } from "./oauth_error.ts";
import { type OAuthGrants, REFRESH_TOKEN_PREFIX, type TokenResponse } from "./oauth_grants.ts";
import { canonicalResource, GRANT_TYPES, OAUTH_SCOPE, RESOURCE_PATH } from "./oauth_metadata.ts";
import { MAX_SECRET_LENGTH, requiredParam, singleParam } from "./oauth_params.ts";
import { PKCE_PATTERN, pkceChallenge } from "./oauth_pkce.ts";
import { type ClientRecord, CodeRecordSchema, type Grant, GrantSchema } from "./oauth_records.ts";

/** What a successful token request gives, with what the log says of it. */
export interface IssuedTokens {
  tokens: TokenResponse;
  clientId: string;
  keyName: string;
}

/** Exchanges codes and refresh tokens for tokens, and revokes tokens; see the module. */
export class OAuthTokenEndpoint {
  readonly #store: OAuthStore;
  readonly #clients: OAuthClients;
  readonly #grants: OAuthGrants;
  readonly #apiKeys: ApiKeyRegistry;

  constructor(parts: {
    store: OAuthStore;
    clients: OAuthClients;
    grants: OAuthGrants;
    apiKeys: ApiKeyRegistry;
  }) {
    this.#store = parts.store;
    this.#clients = parts.clients;
    this.#grants = parts.grants;
    this.#apiKeys = parts.apiKeys;
  }

  /**
   * `POST /oauth/token` for the server at `base`: the authorization_code and refresh_token
   * grants.
   */
  async exchange(
    params: URLSearchParams,
    basic: BasicCredentials | null,
    base: string,
  ): Promise<IssuedTokens> {
    const grantType = requiredParam(params, "grant_type");
    if (!GRANT_TYPES.includes(grantType)) {
      throw new OAuthError(
        "unsupported_grant_type",
        `grant_type must be ${GRANT_TYPES.join(" or ")}`,
      );
    }
    const client = await this.#clients.authenticate(params, basic);
    if (!client.grant_types.includes(grantType)) {
      throw new OAuthError(
        "unauthorized_client",
        `This client did not register the ${grantType} grant`,
      );
    }
    const resources = params.getAll("resource");
    const grant = grantType === "authorization_code"
      ? await this.#redeemCode(params, client)
      : await this.#redeemRefreshToken(params, client);
    if (resources.length > 0 && canonicalResource(resources, base) !== grant.resource) {
      throw new OAuthError("invalid_target", `The only resource here is ${base}${RESOURCE_PATH}`);
    }
    // A key revoked since the grant ends it.
    const owner = await this.#apiKeys.verifyHash(grant.keyHash);
    if (!owner) {
      throw new OAuthError("invalid_grant", "The API key this access was granted with is revoked");
    }
    const tokens = await this.#grants.issue(
      { ...grant, keyName: owner.name },
      grantType === "authorization_code" ? "code" : "refresh",
    );
    await this.#clients.keep(client);
    return { tokens, clientId: client.client_id, keyName: owner.name };
  }

  /**
   * RFC 7009 revocation of an access or refresh token the calling client holds. Unknown tokens
   * are not an error (the client's goal, a dead token, is met).
   */
  async revoke(params: URLSearchParams, basic: BasicCredentials | null): Promise<void> {
    const token = requiredParam(params, "token");
    const client = await this.#clients.authenticate(params, basic);
    if (token.length > MAX_SECRET_LENGTH) return;
    const hash = sha256Hex(token);
    for (const kind of ["access", "refresh"] as const) {
      const record = await this.#store.getOAuthRecord(kind, hash, GrantSchema);
      if (record && record.clientId === client.client_id) {
        await this.#store.deleteOAuthRecord(kind, hash);
        // RFC 7009 2.1: revoking a refresh token ends the access tokens of its grant too.
        if (kind === "refresh" && record.grantId) await this.#grants.end(record.grantId);
      }
    }
  }

  async #redeemCode(params: URLSearchParams, client: ClientRecord): Promise<Grant> {
    const code = requiredParam(params, "code");
    const verifier = requiredParam(params, "code_verifier");
    const redirectUri = singleParam(params, "redirect_uri");
    const invalid = new OAuthError(
      "invalid_grant",
      "The authorization code is invalid, expired or already used",
    );
    if (code.length > MAX_SECRET_LENGTH) throw invalid;
    // Consumed before anything else is checked: a code gets one try, right or wrong. One
    // presented after it was exchanged was intercepted or leaked, and which request was the
    // rightful one cannot be told: the tokens issued for it end (OAuth 2.1 4.1.3).
    const record = await this.#grants.spendOnce("code", code, CodeRecordSchema, invalid, {
      replayed: "The authorization code was already used; every token issued for it is revoked",
    });
    if (record.clientId !== client.client_id) {
      throw new OAuthError("invalid_grant", "The code was issued to another client");
    }
    if (
      (record.redirectUriGiven || redirectUri !== undefined) &&
      redirectUri !== record.redirectUri
    ) {
      throw new OAuthError(
        "invalid_grant",
        "redirect_uri differs from the one of the authorization request",
      );
    }
    if (
      !PKCE_PATTERN.test(verifier) ||
      !constantTimeEqual(pkceChallenge(verifier), record.codeChallenge)
    ) {
      throw new OAuthError("invalid_grant", "code_verifier does not match the code_challenge");
    }
    return record;
  }

  async #redeemRefreshToken(params: URLSearchParams, client: ClientRecord): Promise<Grant> {
    const token = requiredParam(params, "refresh_token");
    const scope = singleParam(params, "scope");
    if (scope !== undefined && scope.split(" ").some((s) => s !== "" && s !== OAUTH_SCOPE)) {
      throw new OAuthError("invalid_scope", `The only scope is ${OAUTH_SCOPE}`);
    }
    const invalid = new OAuthError(
      "invalid_grant",
      "The refresh token is invalid, expired or already used",
    );
    if (!token.startsWith(REFRESH_TOKEN_PREFIX) || token.length > MAX_SECRET_LENGTH) throw invalid;
    // Rotation: the token is spent whatever happens next. A spent token of a live grant that
    // comes back leaked (or its holder lost track), and which party holds the current one cannot
    // be told, so the whole grant ends (OAuth 2.1 4.3.1; Security BCP 4.14.2).
    const record = await this.#grants.spendOnce("refresh", token, GrantSchema, invalid, {
      replayed: "The refresh token was already used; every token of this sign-in is revoked",
    });
    if (record.clientId !== client.client_id) {
      throw new OAuthError("invalid_grant", "The refresh token was issued to another client");
    }
    return record;
  }
}
