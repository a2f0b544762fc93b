/**
 * API keys: issued by operators, shown once, stored only as SHA-256 hashes in KV, revocable. Static
 * keys from `JOBSEEK_API_KEYS` (container deployments) are accepted beside them and live only in
 * memory.
 *
 * @module
 */
import type { StaticApiKey } from "../config.ts";
import { JobseekError } from "../domain/errors.ts";
import { DEFAULT_SCOPES, type Principal, type Scope, SCOPES } from "../domain/service.ts";
import { type ApiKeyRecord, type ApiKeyStore, SavedSearchesLeft } from "../store/api_key_store.ts";
import { constantTimeEqual, randomSecret, sha256Hex } from "../crypto.ts";

export type { ApiKeyRecord } from "../store/api_key_store.ts";

/** Prefix of generated keys: recognisable in config files and by secret scanners. */
export const API_KEY_PREFIX = "jsk_";
/** Characters of a key kept in the record so that listings can show which key is which. */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 4;
/** Longer input cannot be a key of ours; refusing it early keeps hashing cheap. */
const MAX_KEY_LENGTH = 512;
const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
/** How long a server trusts a stored key it found (see `#lookup`): revocation's worst delay. */
export const KEY_CACHE_MS = 250;
/** Keys remembered at most; beyond, the lapsed ones go (or all of them). */
const MAX_KNOWN_KEYS = 10_000;

export interface ApiKeyRegistryOptions {
  /** The clock (ms) found keys are remembered on; tests move it forward. */
  now?: () => number;
}

export interface CreateApiKeyOptions {
  /** Requests per minute for this key; absent means the server default. */
  rateLimit?: number;
  /** What the key may do; default `search` alone. */
  scopes?: readonly Scope[];
  /**
   * Give the new key the saved searches a revoked key of the same name left (the same person's
   * new key); without it such a name is refused.
   */
  keepSavedSearches?: boolean;
}

/**
 * The hex SHA-256 of a key: what the store keeps, and what an OAuth grant records to find out
 * later whether the key it was signed in with still stands.
 */
export function apiKeyHash(key: string): string {
  return sha256Hex(key);
}

function checkRateLimit(perMinute: number | undefined): void {
  if (perMinute !== undefined && (!Number.isInteger(perMinute) || perMinute < 1)) {
    throw new JobseekError(
      "INVALID_PARAMETER",
      `Cannot set rate limit: ${perMinute} is not a whole number of requests per minute >= 1`,
      { param: "rate_limit" },
    );
  }
}

function checkScopes(scopes: readonly Scope[]): void {
  const unknown = scopes.filter((scope) => !SCOPES.includes(scope));
  if (scopes.length === 0 || unknown.length > 0) {
    throw new JobseekError(
      "INVALID_PARAMETER",
      `Cannot create key: scopes must be one or more of ${SCOPES.join(", ")}` +
        (unknown.length > 0 ? ` (not ${unknown.join(", ")})` : ""),
      { param: "scope" },
    );
  }
}

function principalFor(
  name: string,
  rateLimit?: number,
  scopes: readonly Scope[] = DEFAULT_SCOPES,
): Principal {
  const principal: Principal = { subject: `key:${name}`, name, via: "api_key" };
  if (rateLimit !== undefined) principal.rateLimit = rateLimit;
  if (scopes.join() !== DEFAULT_SCOPES.join()) principal.scopes = scopes;
  return principal;
}

/** Issues, verifies, lists and revokes API keys. */
export class ApiKeyRegistry {
  readonly #store: ApiKeyStore;
  readonly #static: { name: string; hash: string }[];
  readonly #staticNames: Set<string>;
  readonly #lookups = new Map<string, Promise<ApiKeyRecord | null>>();
  readonly #known = new Map<string, { record: ApiKeyRecord; until: number }>();
  #generation = 0;
  readonly #now: () => number;

  constructor(store: ApiKeyStore, staticKeys: StaticApiKey[], options: ApiKeyRegistryOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#store = store;
    this.#staticNames = new Set(staticKeys.map((k) => k.name));
    this.#static = staticKeys.map((k) => ({ name: k.name, hash: apiKeyHash(k.key) }));
  }

  /** Names of the keys configured through `JOBSEEK_API_KEYS` (not stored, not revocable here). */
  staticKeyNames(): string[] {
    return [...this.#staticNames];
  }

  /**
   * Creates a key named `name` and returns it: the only time the key itself is available.
   * Throws CONFLICT when the name is taken (by a stored or a static key).
   */
  async create(
    name: string,
    options: CreateApiKeyOptions = {},
  ): Promise<{ key: string; record: ApiKeyRecord }> {
    if (!NAME_PATTERN.test(name)) {
      throw new JobseekError(
        "INVALID_PARAMETER",
        `Cannot create key: the name '${name}' must be 1-64 letters, digits, '.', '_' or '-'`,
        { param: "name" },
      );
    }
    checkRateLimit(options.rateLimit);
    const scopes = [...new Set(options.scopes ?? DEFAULT_SCOPES)];
    checkScopes(scopes);
    if (this.#staticNames.has(name)) {
      throw new JobseekError(
        "CONFLICT",
        `Cannot create key: the name '${name}' is taken by a key in JOBSEEK_API_KEYS`,
      );
    }
    const key = randomSecret(API_KEY_PREFIX);
    const record: ApiKeyRecord = {
      name,
      keyHash: apiKeyHash(key),
      prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
      createdAt: new Date().toISOString(),
    };
    if (options.rateLimit !== undefined) record.rateLimit = options.rateLimit;
    // The default is left implicit, as on keys made before scopes existed.
    if (scopes.join() !== DEFAULT_SCOPES.join()) record.scopes = scopes;
    try {
      await this.#store.createApiKey(record, {
        owner: principalFor(name).subject,
        keep: options.keepSavedSearches === true,
      });
    } catch (error) {
      if (!(error instanceof SavedSearchesLeft)) throw error;
      throw new JobseekError(
        "CONFLICT",
        `Cannot create key: the name '${name}' still owns ${error.count} saved ` +
          `search${error.count === 1 ? "" : "es"} of a revoked key, with their feed URLs, ` +
          "webhook and email addresses. If the new key is for the same person, keep them " +
          '(`jobseek keys create --keep-saved-searches`, or "Keep its saved searches" on the ' +
          "console); for anyone else, choose another name.",
        { param: "name" },
      );
    }
    return { key, record };
  }

  /** The principal a key belongs to, or null for a missing, unknown or revoked key. */
  async verify(key: string | null | undefined): Promise<Principal | null> {
    if (typeof key !== "string" || key.length === 0 || key.length > MAX_KEY_LENGTH) return null;
    const hash = apiKeyHash(key);
    // Every static key is compared, match or not, so the time taken does not depend on which.
    let match: string | null = null;
    for (const entry of this.#static) {
      if (constantTimeEqual(hash, entry.hash) && match === null) match = entry.name;
    }
    if (match !== null) return principalFor(match);
    // Stored keys are looked up by hash: the lookup never sees the key, so it leaks nothing.
    const record = await this.#lookup(hash);
    return record ? principalFor(record.name, record.rateLimit, record.scopes) : null;
  }

  /**
   * The stored record of a key hash. A key found is remembered for {@linkcode KEY_CACHE_MS}, and
   * concurrent requests with the same key share one read: a busy key costs a few KV reads a second
   * instead of one per request (it was a tenth of the REST layer's time). So a key revoked or
   * re-limited by another process (`jobseek keys`, another server) takes effect on this server
   * within that time; through this registry, at once. Unknown keys are never remembered: a new
   * key works at once, and made-up keys cannot fill the memory.
   */
  #lookup(keyHash: string): Promise<ApiKeyRecord | null> {
    const now = this.#now();
    const known = this.#known.get(keyHash);
    if (known && known.until > now) return Promise.resolve(known.record);
    const shared = this.#lookups.get(keyHash);
    if (shared) return shared;
    const generation = this.#generation;
    const pending = this.#store.findApiKey(keyHash);
    this.#lookups.set(keyHash, pending);
    const forget = () => {
      if (this.#lookups.get(keyHash) === pending) this.#lookups.delete(keyHash);
    };
    pending.then((record) => {
      forget();
      // A revoke or limit change since the read began: do not remember what was read.
      if (record && generation === this.#generation) this.#remember(keyHash, record);
    }, forget);
    return pending;
  }

  #remember(keyHash: string, record: ApiKeyRecord): void {
    if (this.#known.size >= MAX_KNOWN_KEYS) {
      const now = this.#now();
      for (const [hash, entry] of this.#known) if (entry.until <= now) this.#known.delete(hash);
      if (this.#known.size >= MAX_KNOWN_KEYS) this.#known.clear();
    }
    this.#known.set(keyHash, { record, until: this.#now() + KEY_CACHE_MS });
  }

  /** Forgets every remembered key: this registry just changed one. */
  #forgetKnown(): void {
    this.#generation++;
    this.#known.clear();
    // Reads begun before the change must not answer requests that begin after it.
    this.#lookups.clear();
  }

  /**
   * The principal of the key whose hash is `keyHash` (from {@linkcode apiKeyHash}), or null once
   * that key is revoked. OAuth tokens carry the hash, so revoking a key ends its tokens too.
   */
  async verifyHash(keyHash: string): Promise<Principal | null> {
    if (!/^[0-9a-f]{64}$/.test(keyHash)) return null;
    for (const entry of this.#static) {
      if (entry.hash === keyHash) return principalFor(entry.name);
    }
    const record = await this.#lookup(keyHash);
    return record ? principalFor(record.name, record.rateLimit, record.scopes) : null;
  }

  /**
   * The principal of a key's subject (`key:NAME`, what saved searches record as their owner), or
   * null once that key is revoked: what a key set up (a feed, webhooks, digests) must stop with
   * it, as its sessions and tokens do. Read from the store each time (a feed read, a delivery).
   */
  async principalOfSubject(subject: string): Promise<Principal | null> {
    const name = subject.startsWith("key:") ? subject.slice(4) : null;
    if (name === null || name === "") return null;
    if (this.#staticNames.has(name)) return principalFor(name);
    const record = await this.#store.findApiKeyByName(name);
    return record ? principalFor(record.name, record.rateLimit, record.scopes) : null;
  }

  /** Stored keys by name (never the keys themselves; static keys are not included). */
  list(): Promise<ApiKeyRecord[]> {
    return this.#store.listApiKeys();
  }

  /** Revokes a stored key; false when no stored key has that name. */
  async revoke(name: string): Promise<boolean> {
    this.#refuseStatic(name, "revoke");
    try {
      return await this.#store.revokeApiKey(name);
    } finally {
      this.#forgetKnown();
    }
  }

  /** Sets (or, with undefined, resets to the server default) a key's requests per minute. */
  async setRateLimit(name: string, perMinute: number | undefined): Promise<boolean> {
    checkRateLimit(perMinute);
    this.#refuseStatic(name, "change");
    try {
      return await this.#store.setApiKeyRateLimit(name, perMinute);
    } finally {
      this.#forgetKnown();
    }
  }

  /**
   * When no key exists at all (neither stored nor static), creates one named "bootstrap" and
   * returns it so that the server can print it once; otherwise returns null. Of two servers that
   * start together on an empty store, one creates the key and the other returns null.
   */
  async ensureBootstrapKey(): Promise<string | null> {
    if (this.#staticNames.size > 0) return null;
    if ((await this.#store.listApiKeys()).length > 0) return null;
    try {
      // The bootstrap key is printed to whoever runs the server: the operator, who can read the
      // store anyway, so saved searches an earlier bootstrap key left need no refusal.
      return (await this.create("bootstrap", { keepSavedSearches: true })).key;
    } catch (error) {
      if (error instanceof JobseekError && error.code === "CONFLICT") return null;
      throw error;
    }
  }

  #refuseStatic(name: string, verb: string): void {
    if (this.#staticNames.has(name)) {
      throw new JobseekError(
        "CONFLICT",
        `Cannot ${verb} key '${name}': it comes from JOBSEEK_API_KEYS; edit that setting instead`,
      );
    }
  }
}
