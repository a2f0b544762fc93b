/**
 * The Deno KV handle the record stores share: every call retries while another process holds the
 * SQLite lock (src/store/retry_while_busy.ts), reads go through a schema (a record that fails it
 * is logged and treated as absent, never cast), commits are checked, and a write too large for one
 * commit is split over as many as KV's limits require (src/store/split_commit.ts).
 *
 * @module
 */
import type { z } from "zod";
import { JobseekError } from "../domain/errors.ts";
import type { Logger } from "../log.ts";
import { formatKey } from "./format_key.ts";
import { checkedValue, KV_LIMITS } from "./kv_limits.ts";
import { BUSY_RETRY_MS, isBusyError, retryWhileBusy } from "./retry_while_busy.ts";
import { SplitCommit } from "./split_commit.ts";

/** Batches of ten keys {@linkcode KvAccess.getMany} asks for at once. */
const GET_MANY_AT_ONCE = 10;

/**
 * One record as read: `value` is null when the key is absent or its record fails the schema;
 * `versionstamp` is the stored one either way, so a check on it guards an overwrite of either.
 */
export interface Read<T> {
  key: Deno.KvKey;
  value: T | null;
  versionstamp: string | null;
}

/** A listed record that passed its schema. */
export interface Listed<T> {
  key: Deno.KvKey;
  value: T;
  versionstamp: string;
}

/** A Deno KV handle whose every call retries while busy and whose reads go through a schema. */
export class KvAccess {
  readonly #kv: Deno.Kv;
  readonly #logger: Logger;
  readonly #closed = new AbortController();
  readonly #commitChecks: number;

  constructor(kv: Deno.Kv, logger: Logger, commitChecks: number = KV_LIMITS.commitChecks) {
    this.#kv = kv;
    this.#logger = logger;
    this.#commitChecks = commitChecks;
  }

  /** Checks one commit may hold on this store (`commitChecksAt` in src/store/kv_limits.ts). */
  get commitChecks(): number {
    return this.#commitChecks;
  }

  get logger(): Logger {
    return this.#logger;
  }

  /** Aborted by {@linkcode KvAccess.close}: watches and polls stop with it. */
  get closed(): AbortSignal {
    return this.#closed.signal;
  }

  close(): void {
    if (this.#closed.signal.aborted) return;
    this.#closed.abort();
    this.#kv.close();
  }

  /** `value` parsed by `schema`, or null with a warning naming the key when it fails. */
  parse<T>(key: Deno.KvKey, value: unknown, schema: z.ZodType<T>): T | null {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    this.#logger.warn("ignoring a store record that fails its schema", {
      key: formatKey(key),
      error: parsed.error.issues.map((issue) =>
        `${issue.path.join(".") || "(value)"}: ${issue.message}`
      ).join("; "),
    });
    return null;
  }

  async get<T>(key: Deno.KvKey, schema: z.ZodType<T>): Promise<Read<T>> {
    const entry = await retryWhileBusy(() => this.#kv.get(key));
    return {
      key,
      value: entry.value === null ? null : this.parse(key, entry.value, schema),
      versionstamp: entry.versionstamp,
    };
  }

  /**
   * Reads any number of keys, in KV's batches of ten, several batches asked at once: one after
   * another, a slice of 100 postings waited for ten round trips to KV's thread.
   */
  async getMany<T>(keys: Deno.KvKey[], schema: z.ZodType<T>): Promise<Read<T>[]> {
    const reads: Read<T>[] = [];
    for (let i = 0; i < keys.length; i += 10 * GET_MANY_AT_ONCE) {
      const batches: Promise<Deno.KvEntryMaybe<unknown>[]>[] = [];
      for (let j = i; j < Math.min(keys.length, i + 10 * GET_MANY_AT_ONCE); j += 10) {
        batches.push(retryWhileBusy(() => this.#kv.getMany(keys.slice(j, j + 10))));
      }
      for (const entries of await Promise.all(batches)) {
        for (const entry of entries) {
          reads.push({
            key: entry.key,
            value: entry.value === null ? null : this.parse(entry.key, entry.value, schema),
            versionstamp: entry.versionstamp,
          });
        }
      }
    }
    return reads;
  }

  /** Listed records that pass `schema`; the others are logged and skipped. */
  async *list<T>(
    selector: Deno.KvListSelector,
    schema: z.ZodType<T>,
    options: Deno.KvListOptions = {},
  ): AsyncIterable<Listed<T>> {
    for await (const entry of this.#list(selector, options)) {
      const value = this.parse(entry.key, entry.value, schema);
      if (value !== null) yield { key: entry.key, value, versionstamp: entry.versionstamp };
    }
  }

  /** Listed keys, for index entries whose key is the record and records about to be deleted. */
  async *listKeys(
    selector: Deno.KvListSelector,
    options: Deno.KvListOptions = {},
  ): AsyncIterable<Deno.KvKey> {
    for await (const entry of this.#list(selector, options)) yield entry.key;
  }

  /** Writes one value; a value over KV's limit is refused before KV sees it. */
  async set(key: Deno.KvKey, value: unknown, options: { expireIn?: number } = {}): Promise<void> {
    await this.commitOrThrow((op) => op.set(key, checkedValue(key, value), options), "write");
  }

  async delete(key: Deno.KvKey): Promise<void> {
    await retryWhileBusy(() => this.#kv.delete(key));
  }

  /**
   * Builds and commits one atomic; false when one of its checks failed (another writer changed a
   * checked record), so the caller reads again or reports the conflict.
   */
  async commit(build: (op: Deno.AtomicOperation) => void): Promise<boolean> {
    const op = this.#kv.atomic();
    build(op);
    return (await retryWhileBusy(() => op.commit())).ok;
  }

  /** {@linkcode KvAccess.commit}, with a failed check reported as a CONFLICT naming `what`. */
  async commitOrThrow(build: (op: Deno.AtomicOperation) => void, what: string): Promise<void> {
    if (!(await this.commit(build))) {
      throw new JobseekError(
        "CONFLICT",
        `Cannot ${what}: a concurrent writer changed the same records`,
      );
    }
  }

  /**
   * A writer that splits its groups of mutations over as few commits as KV's limits allow;
   * `overlap`: see {@linkcode SplitCommit}.
   */
  splitCommit(what: string, options: { overlap?: boolean } = {}): SplitCommit {
    return new SplitCommit(
      (build) => this.commitOrThrow(build, what),
      this.#commitChecks,
      options,
    );
  }

  /** KV's watch of `keys`, values unparsed: callers parse what they read. */
  watch(keys: Deno.KvKey[]): ReadableStream<Deno.KvEntryMaybe<unknown>[]> {
    return this.#kv.watch(keys);
  }

  /**
   * `kv.list`, resumed from its cursor when a batch read meets a busy database, so a long listing
   * (an index build reading every posting) survives a writer in another process.
   */
  async *#list(
    selector: Deno.KvListSelector,
    options: Deno.KvListOptions,
  ): AsyncIterable<Deno.KvEntry<unknown>> {
    let cursor: string | undefined;
    let yielded = 0;
    const deadline = () => Date.now() + BUSY_RETRY_MS;
    let giveUpAt = deadline();
    while (true) {
      const limit = options.limit === undefined ? undefined : options.limit - yielded;
      if (limit !== undefined && limit <= 0) return;
      const iterator = this.#kv.list(selector, { ...options, limit, cursor });
      let yieldedHere = 0;
      try {
        for await (const entry of iterator) {
          yielded++;
          yieldedHere++;
          yield entry;
          giveUpAt = deadline();
        }
        return;
      } catch (error) {
        if (!isBusyError(error) || Date.now() > giveUpAt) throw error;
        // The cursor after the last entry the iterator returned, asked for only now: KV encodes it
        // anew at each read of `cursor`, and reading it after every entry cost 15% of a listing
        // of 100,000 keys.
        if (yieldedHere > 0) cursor = iterator.cursor;
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
      }
    }
  }
}
