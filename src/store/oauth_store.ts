/**
 * OAuth records: registered clients (stored by older versions only), authorization codes, access
 * and refresh tokens, the spent marks of consent forms, and grants. The OAuth server owns
 * the shape of each record and hands its schema to every read; this store knows only the fields
 * its expiry and sweep need.
 *
 * @module
 */
import { z } from "zod";
import { keys } from "./kv_keys.ts";
import type { KvAccess } from "./kv.ts";

/** An OAuth record as written: a plain object of the OAuth server's. */
export type OAuthRecord = object;

/**
 * Kinds of OAuth records: registered clients, authorization codes, access and refresh tokens, the
 * spent marks of consent forms, and grants (one sign-in and the tokens rotated from it).
 */
export type OAuthRecordKind = "client" | "code" | "access" | "refresh" | "consent" | "grant";

/** A record with the versionstamp it was read at (null: absent), for a checked commit. */
export interface OAuthEntry<T> {
  value: T | null;
  versionstamp: string | null;
}

/** One record an {@linkcode OAuthStore.commitOAuth} writes. */
export interface OAuthWrite {
  kind: OAuthRecordKind;
  id: string;
  value: OAuthRecord;
  expireInMs: number;
}

/** What a sweep of OAuth records removed. */
export interface OAuthSweep {
  /** Registered clients that never completed a sign-in in time. */
  pendingClients: number;
  /** Codes, tokens, consent marks and grants past their `expiresAt`. */
  expired: number;
}

/** What the sweep reads of a client: when it was issued and whether it ever signed anyone in. */
const SweptClientSchema = z.looseObject({
  client_id_issued_at: z.number(),
  activated_at: z.number().optional(),
});
/** What the sweep reads of every other record. */
const ExpiringSchema = z.looseObject({ expiresAt: z.number().optional() });

/**
 * OAuth records by kind and id. Reads return a record whatever its `expiresAt`: lifetimes are the
 * OAuth server's to judge, on its clock (a store-side check on this machine's clock answered an
 * expired refresh token as a replayed one, and disagreed with an injected clock). KV's `expireIn`
 * and the sweep only reclaim space.
 */
export class OAuthStore {
  readonly #kv: KvAccess;

  constructor(kv: KvAccess) {
    this.#kv = kv;
  }

  async putOAuthRecord(
    kind: OAuthRecordKind,
    id: string,
    value: OAuthRecord,
    expireInMs?: number,
  ): Promise<void> {
    await this.#kv.set(oauthKey(kind, id), value, expireInMs ? { expireIn: expireInMs } : {});
  }

  /** The record, or null when absent or failing `schema`. */
  async getOAuthRecord<T extends object>(
    kind: OAuthRecordKind,
    id: string,
    schema: z.ZodType<T>,
  ): Promise<T | null> {
    return (await this.#kv.get(oauthKey(kind, id), schema)).value;
  }

  /** The record and its versionstamp; a record failing `schema` reads as absent. */
  async getOAuthEntry<T extends object>(
    kind: OAuthRecordKind,
    id: string,
    schema: z.ZodType<T>,
  ): Promise<OAuthEntry<T>> {
    const entry = await this.#kv.get(oauthKey(kind, id), schema);
    return { value: entry.value, versionstamp: entry.versionstamp };
  }

  /**
   * Writes and deletes records in one commit, provided the `guard` record still has the
   * versionstamp it was read at (null: still absent). False when another writer changed it first:
   * nothing was written, and the caller reads again.
   */
  async commitOAuth(
    guard: { kind: OAuthRecordKind; id: string; versionstamp: string | null },
    writes: OAuthWrite[],
    deletes: { kind: OAuthRecordKind; id: string }[],
  ): Promise<boolean> {
    return await this.#kv.commit((op) => {
      op.check({ key: oauthKey(guard.kind, guard.id), versionstamp: guard.versionstamp });
      for (const { kind, id } of deletes) op.delete(oauthKey(kind, id));
      for (const { kind, id, value, expireInMs } of writes) {
        op.set(oauthKey(kind, id), value, { expireIn: expireInMs });
      }
    });
  }

  /**
   * Reads and deletes a one-time record (authorization code, refresh token) atomically: of two
   * callers racing for it, one gets it and the other null.
   */
  async consumeOAuthRecord<T extends object>(
    kind: "code" | "refresh" | "consent",
    id: string,
    schema: z.ZodType<T>,
  ): Promise<T | null> {
    const key = oauthKey(kind, id);
    const entry = await this.#kv.get(key, schema);
    if (!entry.value) return null;
    if (!(await this.#kv.commit((op) => op.check(entry).delete(key)))) return null;
    return entry.value;
  }

  async deleteOAuthRecord(kind: OAuthRecordKind, id: string): Promise<void> {
    await this.#kv.delete(oauthKey(kind, id));
  }

  /**
   * Marks `id` (e.g. a consent form's hash) used for `ttlMs`; true for the first caller only,
   * whichever server it runs on.
   */
  async claimOnce(id: string, ttlMs: number): Promise<boolean> {
    const key = oauthKey("consent", id);
    return await this.#kv.commit((op) =>
      op.check({ key, versionstamp: null })
        .set(key, { expiresAt: Date.now() + ttlMs }, { expireIn: Math.max(1, ttlMs) })
    );
  }

  /**
   * Deletes OAuth records nobody can use any more: clients registered more than `pendingClientMs`
   * ago that never completed a sign-in, and codes, tokens, consent marks and grants past their
   * `expiresAt`. KV's own expiry normally removes them first; the sweep covers records written
   * without one (by older versions) and stores whose expiry runs late.
   */
  async sweepOAuth(now: number, pendingClientMs: number): Promise<OAuthSweep> {
    const result: OAuthSweep = { pendingClients: 0, expired: 0 };
    const clients = this.#kv.list({ prefix: keys.oauthClientsPrefix() }, SweptClientSchema);
    for await (const { key, value } of clients) {
      const issuedMs = value.client_id_issued_at * 1000;
      if (value.activated_at === undefined && issuedMs + pendingClientMs < now) {
        await this.#kv.delete(key);
        result.pendingClients++;
      }
    }
    for (const prefix of keys.oauthExpiringPrefixes()) {
      for await (const { key, value } of this.#kv.list({ prefix }, ExpiringSchema)) {
        if (value.expiresAt !== undefined && value.expiresAt < now) {
          await this.#kv.delete(key);
          result.expired++;
        }
      }
    }
    return result;
  }
}

function oauthKey(kind: OAuthRecordKind, id: string): Deno.KvKey {
  switch (kind) {
    case "client":
      return keys.oauthClient(id);
    case "code":
      return keys.oauthCode(id);
    case "access":
      return keys.oauthAccessToken(id);
    case "refresh":
      return keys.oauthRefreshToken(id);
    case "consent":
      return keys.oauthConsent(id);
    case "grant":
      return keys.oauthGrant(id);
  }
}
