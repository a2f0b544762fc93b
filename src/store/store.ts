/**
 * The store: every record jobseek keeps, in one Deno KV, so that any number of stateless servers
 * can share it. One sub-store per kind of record; a consumer is handed only the ones it uses.
 *
 * @module
 */
import { createLogger, type Logger } from "../log.ts";
import { KvAccess } from "./kv.ts";
import { PostingsStore } from "./postings_store.ts";
import { EmbeddingStore } from "./embedding_store.ts";
import { SnapshotStore } from "./snapshot_store.ts";
import { ApiKeyStore } from "./api_key_store.ts";
import { RateLimitStore } from "./rate_limit_store.ts";
import { OAuthStore } from "./oauth_store.ts";
import { SecretStore } from "./secret_store.ts";

export interface Store {
  /** Postings, their city index and import runs. */
  readonly postings: PostingsStore;
  /** Vectors of posting texts, per model. */
  readonly embeddings: EmbeddingStore;
  /** Index snapshots and the current-snapshot pointer. */
  readonly snapshots: SnapshotStore;
  readonly apiKeys: ApiKeyStore;
  readonly rateLimits: RateLimitStore;
  readonly oauth: OAuthStore;
  /** Secrets the servers sharing the store share. */
  readonly secrets: SecretStore;
  /** Closes the KV; watches of the current snapshot stop. */
  close(): void;
}

export interface StoreOptions {
  /** Receives a warning for every record that fails its schema; default: stderr. */
  logger?: Logger;
}

/**
 * The store over an open KV; closing the store closes it.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { storeOn } from "./store.ts";
 *
 * const store = storeOn(await Deno.openKv(":memory:"));
 * assert.equal(await store.postings.countJobs(), 0);
 * store.close();
 * ```
 */
export function storeOn(kv: Deno.Kv, options: StoreOptions = {}): Store {
  const access = new KvAccess(kv, options.logger ?? createLogger());
  return {
    postings: new PostingsStore(access),
    embeddings: new EmbeddingStore(access),
    snapshots: new SnapshotStore(access),
    apiKeys: new ApiKeyStore(access),
    rateLimits: new RateLimitStore(access),
    oauth: new OAuthStore(access),
    secrets: new SecretStore(access),
    close: () => access.close(),
  };
}

/**
 * Opens the store at a location: `:memory:`, a SQLite file (its folder is created), or a KV
 * Connect URL.
 */
export async function openStore(location: string, options: StoreOptions = {}): Promise<Store> {
  if (location !== ":memory:" && !/^https?:\/\//.test(location)) {
    const dir = location.replace(/[\\/][^\\/]*$/, "");
    if (dir && dir !== location) await Deno.mkdir(dir, { recursive: true });
  }
  return storeOn(await Deno.openKv(location), options);
}
