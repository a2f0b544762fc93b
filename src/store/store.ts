/**
 * The store: every record jobseek keeps, in one Deno KV, so that any number of stateless servers
 * can share it. One sub-store per kind of record; a consumer is handed only the ones it uses.
 *
 * @module
 */
import { createLogger, type Logger } from "../log.ts";
import { KvAccess } from "./kv.ts";
import { createStoreFile } from "./kv_file.ts";
import { ImportRunsStore } from "./import_runs_store.ts";
import { PostingsStore } from "./postings_store.ts";
import { EmbeddingStore } from "./embedding_store.ts";
import { SnapshotStore } from "./snapshot_store.ts";
import { ApiKeyStore } from "./api_key_store.ts";
import { RateLimitStore } from "./rate_limit_store.ts";
import { commitChecksAt, KV_LIMITS } from "./kv_limits.ts";
import { OAuthStore } from "./oauth_store.ts";
import { SecretStore } from "./secret_store.ts";
import { SourcesStore } from "./sources_store.ts";
import { WebSessionStore } from "./web_session_store.ts";
import { LifecycleSettingsStore } from "./lifecycle_settings_store.ts";
import { SavedSearchStore } from "./saved_search_store.ts";

export interface Store {
  /** Postings, their city index and import runs. */
  readonly postings: PostingsStore;
  readonly importRuns: ImportRunsStore;
  /** Vectors of posting texts, per model. */
  readonly embeddings: EmbeddingStore;
  /** Index snapshots and the current-snapshot pointer. */
  readonly snapshots: SnapshotStore;
  readonly apiKeys: ApiKeyStore;
  readonly rateLimits: RateLimitStore;
  readonly oauth: OAuthStore;
  /** Secrets the servers sharing the store share. */
  readonly secrets: SecretStore;
  /** Feed sources pulled on a schedule, and what each listed. */
  readonly sources: SourcesStore;
  /** Sessions of the web page, signed in with an API key. */
  readonly webSessions: WebSessionStore;
  /** The retention and purge settings every process on the store uses. */
  readonly lifecycle: LifecycleSettingsStore;
  /** Saved searches and their deliveries' marks, sent postings, pending deliveries and leases. */
  readonly savedSearches: SavedSearchStore;
  /** Closes the KV; watches of the current snapshot stop. */
  close(): void;
}

export interface StoreOptions {
  /** Receives a warning for every record that fails its schema; default: stderr. */
  logger?: Logger;
  /**
   * Checks one commit may hold (`commitChecksAt`); default the least any backend takes. `openStore`
   * sets it from the location.
   */
  commitChecks?: number;
  /**
   * The SQLite file the store is in, when it is one (`openStore` sets it): a worker thread may
   * open it too, to read a snapshot off the thread that decodes it.
   */
  file?: string;
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
  const access = new KvAccess(
    kv,
    options.logger ?? createLogger(),
    options.commitChecks ?? KV_LIMITS.commitChecks,
  );
  const postings = new PostingsStore(access);
  return {
    postings,
    importRuns: new ImportRunsStore(access),
    embeddings: new EmbeddingStore(access),
    snapshots: new SnapshotStore(access, options.file),
    apiKeys: new ApiKeyStore(access),
    rateLimits: new RateLimitStore(access),
    oauth: new OAuthStore(access),
    secrets: new SecretStore(access),
    sources: new SourcesStore(access),
    webSessions: new WebSessionStore(access),
    lifecycle: new LifecycleSettingsStore(access, () => postings.countJobs()),
    savedSearches: new SavedSearchStore(access),
    close: () => access.close(),
  };
}

/** Files SQLite keeps beside the store while it is open (write-ahead log, shared memory). */
const SQLITE_SIBLINGS = ["-wal", "-shm", "-journal"];

/**
 * Creates a store file only its owner may read (0600), in a folder only its owner may enter
 * (0700) when the folder is new: the store holds the consent-form signing key and OAuth records.
 * The file is laid out for postings' large records ({@linkcode createStoreFile}). Returns false
 * when the file exists (its permissions and layout are the operator's).
 */
async function createPrivateFile(path: string): Promise<boolean> {
  const dir = path.replace(/[\\/][^\\/]*$/, "");
  if (dir && dir !== path) await Deno.mkdir(dir, { recursive: true, mode: 0o700 });
  try {
    await Deno.lstat(path);
    return false;
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  return await createStoreFile(path);
}

/**
 * Opens the store at a location: `:memory:`, a SQLite file, or a KV Connect URL. A new file is
 * created 0600 (and its new folder 0700) before SQLite opens it, and so are its sidecar files.
 */
export async function openStore(location: string, options: StoreOptions = {}): Promise<Store> {
  const isFile = location !== ":memory:" && !/^https?:\/\//.test(location);
  const created = isFile && await createPrivateFile(location);
  const kv = await Deno.openKv(location);
  // SQLite gives its sidecars the database's mode; this holds even where a build would not.
  if (created && Deno.build.os !== "windows") {
    try {
      for (const suffix of SQLITE_SIBLINGS) {
        await Deno.chmod(location + suffix, 0o600).catch((error) => {
          if (!(error instanceof Deno.errors.NotFound)) throw error;
        });
      }
    } catch (error) {
      kv.close();
      throw error;
    }
  }
  const store = storeOn(kv, {
    commitChecks: commitChecksAt(location),
    ...(isFile ? { file: location } : {}),
    ...options,
  });
  // Only spares a pass later (which then runs as for any store without the mark): no reason to
  // refuse a store that cannot take the write now.
  await store.postings.markTimeIndexedIfEmpty().catch(() => {});
  return store;
}
