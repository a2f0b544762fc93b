/**
 * The life of a sign-in (a grant) in the store: the tokens issued for it, the one-time secrets it
 * spends (its authorization code, then each refresh token in turn), and its end, which takes every
 * token it still has with it. Secrets are kept only as SHA-256 hashes.
 *
 * A grant's id travels inside its code (`<grant>.<secret>`) and refresh tokens
 * (`jsr_<grant>.<secret>`), so that a spent secret presented again can name the grant to end.
 *
 * @module
 */
// @ts-types="@modelcontextprotocol/sdk/shared/auth"
import type { OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { z } from "zod";
import { randomSecret, sha256Hex } from "../crypto.ts";
import type { OAuthStore } from "../store/oauth_store.ts";
import { OAuthError } from "./oauth_error.ts";
import { type Grant, type GrantRecord, GrantRecordSchema } from "./oauth_records.ts";

export const ACCESS_TOKEN_TTL_MS = 60 * 60 * 1000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Prefixes make our secrets recognisable to people and to secret scanners. */
export const ACCESS_TOKEN_PREFIX = "jsa_";
export const REFRESH_TOKEN_PREFIX = "jsr_";
/** Access tokens a grant remembers, so that a replayed refresh token can end all of them. */
const MAX_ACCESS_TOKENS_PER_GRANT = 20;

/** The token endpoint's answer: always with a refresh token, for the one scope. */
export type TokenResponse =
  & OAuthTokens
  & Required<Pick<OAuthTokens, "expires_in" | "refresh_token" | "scope">>
  & { token_type: "Bearer" };

export interface OAuthGrantsOptions {
  accessTokenTtlMs: number;
  refreshTokenTtlMs: number;
  /** The clock (ms since the epoch). */
  now: () => number;
}

/**
 * The grant id inside an authorization code (`<grant>.<secret>`) or a refresh token
 * (`jsr_<grant>.<secret>`), or null for older ones that carry none.
 */
function grantIdOf(secret: string): string | null {
  const match = secret.match(/^(?:jsr_)?([A-Za-z0-9_-]{22})\.[A-Za-z0-9_-]{43}$/);
  return match ? match[1] : null;
}

/** Issues, spends and ends the secrets of grants; see the module documentation. */
export class OAuthGrants {
  readonly #store: OAuthStore;
  readonly #accessTtl: number;
  readonly #refreshTtl: number;
  readonly #now: () => number;

  constructor(store: OAuthStore, options: OAuthGrantsOptions) {
    this.#store = store;
    this.#accessTtl = options.accessTokenTtlMs;
    this.#refreshTtl = options.refreshTokenTtlMs;
    this.#now = options.now;
  }

  /**
   * Spends a one-time secret (a code or a refresh token): its record, if it was live. A secret
   * already spent whose grant still lives was replayed: the grant ends and the answer says so.
   * The grant id inside the secret is random: only a holder of its code or tokens knows it.
   */
  async spendOnce<T extends { expiresAt: number }>(
    kind: "code" | "refresh",
    secret: string,
    schema: z.ZodType<T>,
    invalid: OAuthError,
    messages: { replayed: string },
  ): Promise<T> {
    const record = await this.#store.consumeOAuthRecord(kind, sha256Hex(secret), schema);
    if (record) {
      if (record.expiresAt <= this.#now()) throw invalid;
      return record;
    }
    const grantId = grantIdOf(secret);
    if (grantId && await this.end(grantId)) {
      throw new OAuthError("invalid_grant", messages.replayed);
    }
    throw invalid;
  }

  /** Ends a grant and every token it still has; false when there was no such grant. */
  async end(grantId: string): Promise<boolean> {
    const record = await this.#store.getOAuthRecord("grant", grantId, GrantRecordSchema);
    if (!record) return false;
    for (const hash of record.accessHashes) await this.#store.deleteOAuthRecord("access", hash);
    await this.#store.deleteOAuthRecord("refresh", record.refreshHash);
    await this.#store.deleteOAuthRecord("grant", grantId);
    return true;
  }

  /** A new access token and refresh token for `grant`, remembered under its grant id. */
  async issue(grant: Grant): Promise<TokenResponse> {
    const grantId = grant.grantId ?? randomSecret("", 16);
    const access = randomSecret(ACCESS_TOKEN_PREFIX);
    const refresh = randomSecret(`${REFRESH_TOKEN_PREFIX}${grantId}.`);
    const now = this.#now();
    const accessHash = sha256Hex(access);
    const refreshHash = sha256Hex(refresh);
    const previous = await this.#store.getOAuthRecord("grant", grantId, GrantRecordSchema);
    const accessHashes = [...(previous?.accessHashes ?? []), accessHash];
    // The oldest access tokens of a grant that refreshes very often are ended, not forgotten.
    for (const old of accessHashes.splice(0, accessHashes.length - MAX_ACCESS_TOKENS_PER_GRANT)) {
      await this.#store.deleteOAuthRecord("access", old);
    }
    const grantRecord: GrantRecord = {
      clientId: grant.clientId,
      accessHashes,
      refreshHash,
      expiresAt: now + this.#refreshTtl,
    };
    await this.#store.putOAuthRecord("grant", grantId, grantRecord, this.#refreshTtl);
    const base = {
      grantId,
      clientId: grant.clientId,
      keyHash: grant.keyHash,
      keyName: grant.keyName,
      scope: grant.scope,
      resource: grant.resource,
    };
    await this.#store.putOAuthRecord(
      "access",
      accessHash,
      { ...base, expiresAt: now + this.#accessTtl },
      this.#accessTtl,
    );
    await this.#store.putOAuthRecord(
      "refresh",
      refreshHash,
      { ...base, expiresAt: now + this.#refreshTtl },
      this.#refreshTtl,
    );
    return {
      access_token: access,
      token_type: "Bearer",
      expires_in: Math.floor(this.#accessTtl / 1000),
      refresh_token: refresh,
      scope: grant.scope,
    };
  }
}
