/**
 * API keys, stored by the hash of the key with an index by name.
 *
 * @module
 */
import { z } from "zod";
import { JobseekError } from "../domain/errors.ts";
import { type Scope, SCOPES } from "../domain/service.ts";
import { keys } from "./kv_keys.ts";
import type { KvAccess } from "./kv.ts";

/** A key's name still owns saved searches that a revoked key of that name made. */
export class SavedSearchesLeft extends Error {
  constructor(readonly count: number) {
    super(`${count} saved searches left by a revoked key`);
  }
}

export interface ApiKeyRecord {
  name: string;
  keyHash: string;
  /** First characters of the key, to recognise it in listings without revealing it. */
  prefix: string;
  createdAt: string;
  /** Requests per minute; absent means the server default. */
  rateLimit?: number;
  /** What the key may do; absent (keys made before scopes existed) means `search` alone. */
  scopes?: Scope[];
}

const ApiKeyRecordSchema: z.ZodType<ApiKeyRecord> = z.object({
  name: z.string().min(1),
  keyHash: z.string().min(1),
  prefix: z.string(),
  createdAt: z.string(),
  rateLimit: z.number().int().positive().optional(),
  scopes: z.array(z.enum(SCOPES)).min(1).optional(),
});

const KeyHashSchema = z.string().min(1);

/** API key records by key hash, and key hashes by name. */
export class ApiKeyStore {
  readonly #kv: KvAccess;

  constructor(kv: KvAccess) {
    this.#kv = kv;
  }

  /**
   * Stores a new key (by hash). Names are unique; a taken name is a CONFLICT. Saved searches are
   * owned by the key's name (`savedSearches.owner`), so a free name whose revoked key left saved
   * searches is refused with `SavedSearchesLeft` unless `savedSearches.keep` (the same person's
   * new key): their feed URLs, webhook and email addresses would otherwise pass to whoever gets
   * the name.
   */
  async createApiKey(
    record: ApiKeyRecord,
    savedSearches: { owner: string; keep: boolean },
  ): Promise<void> {
    while (true) {
      const taken = await this.#kv.get(keys.apiKeyByName(record.name), KeyHashSchema);
      if (taken.value !== null) {
        throw new JobseekError("CONFLICT", `Cannot create key: the name '${record.name}' is taken`);
      }
      const left = await this.#kv.get(keys.savedSearchCount(savedSearches.owner), z.number());
      if ((left.value ?? 0) > 0 && !savedSearches.keep) throw new SavedSearchesLeft(left.value!);
      // A name taken or a saved search added or removed meanwhile: read both again.
      const created = await this.#kv.commit((op) =>
        op.check(taken)
          .check({ key: keys.apiKey(record.keyHash), versionstamp: null })
          .check(left)
          .set(keys.apiKey(record.keyHash), record)
          .set(keys.apiKeyByName(record.name), record.keyHash)
      );
      if (created) return;
      const sameHash = await this.#kv.get(keys.apiKey(record.keyHash), ApiKeyRecordSchema);
      if (sameHash.value !== null) {
        throw new JobseekError("CONFLICT", "Cannot create key: a key with the same hash exists");
      }
    }
  }

  async findApiKey(keyHash: string): Promise<ApiKeyRecord | null> {
    return (await this.#kv.get(keys.apiKey(keyHash), ApiKeyRecordSchema)).value;
  }

  /** The stored key named `name`, or null once it is revoked (or was never made). */
  async findApiKeyByName(name: string): Promise<ApiKeyRecord | null> {
    const byName = await this.#kv.get(keys.apiKeyByName(name), KeyHashSchema);
    return byName.value ? await this.findApiKey(byName.value) : null;
  }

  async listApiKeys(): Promise<ApiKeyRecord[]> {
    const records: ApiKeyRecord[] = [];
    for await (const entry of this.#kv.list({ prefix: keys.apiKeysPrefix() }, ApiKeyRecordSchema)) {
      records.push(entry.value);
    }
    return records.sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Deletes a key by name; false when no key has that name. */
  async revokeApiKey(name: string): Promise<boolean> {
    while (true) {
      const byName = await this.#kv.get(keys.apiKeyByName(name), KeyHashSchema);
      if (!byName.value) return false;
      const keyHash = byName.value;
      // A concurrent change of the same key (a new limit) is no reason not to revoke it.
      const revoked = await this.#kv.commit((op) =>
        op.check(byName).delete(keys.apiKeyByName(name)).delete(keys.apiKey(keyHash))
      );
      if (revoked) return true;
    }
  }

  /**
   * Sets (or with `undefined`, clears) a key's own rate limit; false when no key has that name.
   * A concurrent change of the same key makes it read the key again, not fail.
   */
  async setApiKeyRateLimit(name: string, rateLimit: number | undefined): Promise<boolean> {
    while (true) {
      const byName = await this.#kv.get(keys.apiKeyByName(name), KeyHashSchema);
      if (!byName.value) return false;
      const key = keys.apiKey(byName.value);
      const entry = await this.#kv.get(key, ApiKeyRecordSchema);
      if (!entry.value) return false;
      const updated: ApiKeyRecord = { ...entry.value };
      if (rateLimit === undefined) delete updated.rateLimit;
      else updated.rateLimit = rateLimit;
      if (await this.#kv.commit((op) => op.check(byName, entry).set(key, updated))) return true;
    }
  }
}
