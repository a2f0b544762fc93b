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
/**
 * Commits a grant's change is tried before giving up: only an end racing a rotation changes a
 * grant twice, so a second try settles it; the rest is margin.
 */
const MAX_GRANT_COMMITS = 5;

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

  /**
   * Ends a grant and every token it still has, in one commit; false when there was no such grant.
   * A grant rotated meanwhile is read again, so the tokens a rotation just added end too.
   */
  async end(grantId: string): Promise<boolean> {
    for (let attempt = 0; attempt < MAX_GRANT_COMMITS; attempt++) {
      const entry = await this.#store.getOAuthEntry("grant", grantId, GrantRecordSchema);
      if (!entry.value) return false;
      const deletes = [
        ...entry.value.accessHashes.map((id) => ({ kind: "access" as const, id })),
        { kind: "refresh" as const, id: entry.value.refreshHash },
        { kind: "grant" as const, id: grantId },
      ];
      const guard = { kind: "grant" as const, id: grantId, versionstamp: entry.versionstamp };
      if (await this.#store.commitOAuth(guard, [], deletes)) return true;
    }
    throw new Error(`Grant ${grantId} kept changing while it was being ended`);
  }

  /**
   * A new access token and refresh token for `grant`, remembered under its grant id, written in
   * one commit with the grant record and guarded by it: tokens are never stored for a grant that
   * ended in the meantime (a replayed code ending it while the first exchange was still issuing
   * left that exchange's tokens alive). `from` says what was spent: a code starts its grant, a
   * refresh token continues one that must still be there.
   */
  async issue(grant: Grant, from: "code" | "refresh"): Promise<TokenResponse> {
    const grantId = grant.grantId ?? randomSecret("", 16);
    const access = randomSecret(ACCESS_TOKEN_PREFIX);
    const refresh = randomSecret(`${REFRESH_TOKEN_PREFIX}${grantId}.`);
    const accessHash = sha256Hex(access);
    const refreshHash = sha256Hex(refresh);
    const base = {
      grantId,
      clientId: grant.clientId,
      keyHash: grant.keyHash,
      keyName: grant.keyName,
      scope: grant.scope,
      resource: grant.resource,
    };
    for (let attempt = 0; attempt < MAX_GRANT_COMMITS; attempt++) {
      const previous = await this.#store.getOAuthEntry("grant", grantId, GrantRecordSchema);
      // A rotation whose grant is gone was ended (revoked, or a spent token replayed) after its
      // refresh token was spent; tokens descending from before grants were tracked start one.
      const continues = from === "refresh" && grant.grantId !== undefined;
      if (continues ? !previous.value : previous.value) {
        throw new OAuthError("invalid_grant", "This sign-in has ended; sign in again");
      }
      const now = this.#now();
      const accessHashes = [...(previous.value?.accessHashes ?? []), accessHash];
      // The oldest access tokens of a grant that refreshes very often are ended, not forgotten.
      const evicted = accessHashes.splice(0, accessHashes.length - MAX_ACCESS_TOKENS_PER_GRANT);
      const grantRecord: GrantRecord = {
        clientId: grant.clientId,
        accessHashes,
        refreshHash,
        expiresAt: now + this.#refreshTtl,
      };
      const written = await this.#store.commitOAuth(
        { kind: "grant", id: grantId, versionstamp: previous.versionstamp },
        [
          { kind: "grant", id: grantId, value: grantRecord, expireInMs: this.#refreshTtl },
          {
            kind: "access",
            id: accessHash,
            value: { ...base, expiresAt: now + this.#accessTtl },
            expireInMs: this.#accessTtl,
          },
          {
            kind: "refresh",
            id: refreshHash,
            value: { ...base, expiresAt: now + this.#refreshTtl },
            expireInMs: this.#refreshTtl,
          },
        ],
        evicted.map((id) => ({ kind: "access" as const, id })),
      );
      if (written) {
        return {
          access_token: access,
          token_type: "Bearer",
          expires_in: Math.floor(this.#accessTtl / 1000),
          refresh_token: refresh,
          scope: grant.scope,
        };
      }
    }
    throw new Error(`Grant ${grantId} kept changing while its tokens were being issued`);
  }
}
