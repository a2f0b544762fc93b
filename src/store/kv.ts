/**
 * Deno KV plumbing shared by the record stores: retries while another process holds the SQLite
 * lock, reads through a schema (a record that fails it is logged and treated as absent, never
 * cast), checked commits, and writes split over as many commits as KV's limits require.
 *
 * @module
 */
import type { z } from "zod";
import { JobseekError } from "../domain/errors.ts";
import type { Logger } from "../log.ts";

/**
 * Deno KV's hard limits (denokv `limits.rs`): one value 64 KiB; one commit 1,000 mutations, 100
 * checks and 800 KiB of keys and values. The commit size keeps a margin under KV's 819,200 bytes.
 */
export const KV_LIMITS = {
  valueBytes: 65_536,
  commitBytes: 800_000,
  commitMutations: 1000,
  commitChecks: 100,
} as const;

/**
 * What KV counts per mutation beyond key and value: 489 mutations of 1.5 KiB vectors under a
 * 35-character model name went over the commit limit when only values plus 100 were counted.
 */
const MUTATION_OVERHEAD_BYTES = 100;

/**
 * Estimates the size KV will store for a value or key part. V8 serialises each string with one
 * byte per character while all its characters are Latin-1 and two bytes per character otherwise,
 * so a UTF-8 length would under-count CJK text and a whole-value check would over-count mixed
 * values. Byte arrays are stored as they are.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { sizeOf } from "./kv.ts";
 *
 * assert.equal(sizeOf("abc"), 8);
 * assert.equal(sizeOf("東京"), 9);
 * assert.equal(sizeOf(new Uint8Array(1000)), 1010);
 * ```
 */
export function sizeOf(value: unknown): number {
  if (typeof value === "string") {
    // deno-lint-ignore no-control-regex
    return 5 + (/[^\u0000-\u00ff]/.test(value) ? value.length * 2 : value.length);
  }
  if (ArrayBuffer.isView(value)) return 10 + value.byteLength;
  if (Array.isArray(value)) return 5 + value.reduce((n: number, v) => n + sizeOf(v), 0);
  if (value !== null && typeof value === "object") {
    return Object.entries(value).reduce((n, [k, v]) => n + sizeOf(k) + sizeOf(v), 5);
  }
  return 9;
}

/** A key as one readable string for messages and logs, e.g. `api_keys/3f2a…`. */
export function formatKey(key: Deno.KvKey): string {
  return key.map(String).join("/");
}

/**
 * How long one KV call keeps retrying while SQLite reports the file busy. Another process (a
 * second server, `jobseek ingest`, `jobseek keys`) holds the write lock for milliseconds at a
 * time, so this is a ceiling for pathological contention, not a wait anyone should see.
 */
const BUSY_RETRY_MS = 15_000;
const BUSY_FIRST_DELAY_MS = 1;
const BUSY_MAX_DELAY_MS = 100;

/**
 * True for SQLite's "database is locked"/"busy": another process holds the lock and the call did
 * nothing, so repeating it is safe (a commit that throws this was rolled back; measured: three
 * processes retrying checked commits on one counter lost no increment).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { isBusyError } from "./kv.ts";
 *
 * assert.equal(isBusyError(new Error("database is locked")), true);
 * assert.equal(isBusyError(new Error("value too large")), false);
 * ```
 */
export function isBusyError(error: unknown): boolean {
  return error instanceof Error && /database is (locked|busy)|SQLITE_BUSY/i.test(error.message);
}

/**
 * Runs `call`, and again with jittered exponential backoff while it fails with a busy database.
 * The jitter keeps processes that collided from colliding again in step.
 */
export async function retryWhileBusy<T>(call: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + BUSY_RETRY_MS;
  let delay = BUSY_FIRST_DELAY_MS;
  while (true) {
    try {
      return await call();
    } catch (error) {
      if (!isBusyError(error) || Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, delay * (0.5 + Math.random())));
    delay = Math.min(delay * 2, BUSY_MAX_DELAY_MS);
  }
}

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

/** Mutations that must land in the same commit (an entity and its index entries, say). */
export interface MutationGroup {
  check(entry: Deno.AtomicCheck): MutationGroup;
  set(key: Deno.KvKey, value: unknown, options?: { expireIn?: number }): MutationGroup;
  delete(key: Deno.KvKey): MutationGroup;
  /** Adds `n` to a KvU64 counter (wrapping: a negative `n` subtracts). */
  sum(key: Deno.KvKey, n: bigint): MutationGroup;
}

type Mutation =
  | { kind: "check"; entry: Deno.AtomicCheck }
  | { kind: "set"; key: Deno.KvKey; value: unknown; expireIn?: number }
  | { kind: "delete"; key: Deno.KvKey }
  | { kind: "sum"; key: Deno.KvKey; n: bigint };

/** `n` as what KV's wrapping `sum` adds: a negative number as its 64-bit two's complement. */
function kvU64Addend(n: bigint): bigint {
  return BigInt.asUintN(64, n);
}

/** A Deno KV handle whose every call retries while busy and whose reads go through a schema. */
export class KvAccess {
  readonly #kv: Deno.Kv;
  readonly #logger: Logger;
  readonly #closed = new AbortController();

  constructor(kv: Deno.Kv, logger: Logger) {
    this.#kv = kv;
    this.#logger = logger;
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

  /** Reads any number of keys, in KV's batches of ten. */
  async getMany<T>(keys: Deno.KvKey[], schema: z.ZodType<T>): Promise<Read<T>[]> {
    const reads: Read<T>[] = [];
    for (let i = 0; i < keys.length; i += 10) {
      const entries = await retryWhileBusy(() => this.#kv.getMany(keys.slice(i, i + 10)));
      for (const entry of entries) {
        reads.push({
          key: entry.key,
          value: entry.value === null ? null : this.parse(entry.key, entry.value, schema),
          versionstamp: entry.versionstamp,
        });
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

  /** A writer that splits its groups of mutations over as few commits as KV's limits allow. */
  splitCommit(what: string): SplitCommit {
    return new SplitCommit((build) => this.commitOrThrow(build, what));
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
      try {
        for await (const entry of iterator) {
          yielded++;
          yield entry;
          cursor = iterator.cursor;
          giveUpAt = deadline();
        }
        return;
      } catch (error) {
        if (!isBusyError(error) || Date.now() > giveUpAt) throw error;
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
      }
    }
  }
}

function checkedValue(key: Deno.KvKey, value: unknown): unknown {
  const bytes = sizeOf(value);
  if (bytes > KV_LIMITS.valueBytes) {
    throw new JobseekError(
      "INTERNAL_ERROR",
      `Cannot store ${formatKey(key)}: its ${bytes} bytes are over KV's limit of ` +
        `${KV_LIMITS.valueBytes} bytes for one value`,
    );
  }
  return value;
}

/**
 * Collects groups of mutations and commits them in as few atomics as KV's limits allow. A group
 * is never split, so an entity and its index entries stay consistent; the write as a whole is not
 * atomic. Call {@linkcode SplitCommit.flush} at the end.
 */
export class SplitCommit {
  readonly #commit: (build: (op: Deno.AtomicOperation) => void) => Promise<void>;
  #pending: Mutation[] = [];
  #bytes = 0;
  #mutations = 0;
  #checks = 0;
  /** Commits made so far. */
  commits = 0;

  constructor(commit: (build: (op: Deno.AtomicOperation) => void) => Promise<void>) {
    this.#commit = commit;
  }

  /** Adds one group; commits what came before first when the group would not fit beside it. */
  async add(build: (group: MutationGroup) => void): Promise<void> {
    const group: Mutation[] = [];
    const builder: MutationGroup = {
      check(entry) {
        group.push({ kind: "check", entry });
        return builder;
      },
      set(key, value, options) {
        group.push({ kind: "set", key, value: checkedValue(key, value), ...options });
        return builder;
      },
      delete(key) {
        group.push({ kind: "delete", key });
        return builder;
      },
      sum(key, n) {
        group.push({ kind: "sum", key, n });
        return builder;
      },
    };
    build(builder);
    let bytes = 0;
    let mutations = 0;
    let checks = 0;
    for (const m of group) {
      if (m.kind === "check") checks++;
      else {
        mutations++;
        bytes += sizeOf(m.key) + MUTATION_OVERHEAD_BYTES +
          (m.kind === "set" ? sizeOf(m.value) : m.kind === "sum" ? 8 : 0);
      }
    }
    if (
      this.#bytes + bytes > KV_LIMITS.commitBytes ||
      this.#mutations + mutations > KV_LIMITS.commitMutations ||
      this.#checks + checks > KV_LIMITS.commitChecks
    ) await this.flush();
    this.#pending.push(...group);
    this.#bytes += bytes;
    this.#mutations += mutations;
    this.#checks += checks;
  }

  /** Commits what is pending. */
  async flush(): Promise<void> {
    if (this.#pending.length === 0) return;
    const pending = this.#pending;
    this.#pending = [];
    this.#bytes = 0;
    this.#mutations = 0;
    this.#checks = 0;
    // One sum per counter and commit: the groups' additions to it, added up.
    const sums = new Map<string, { key: Deno.KvKey; n: bigint }>();
    for (const m of pending) {
      if (m.kind !== "sum") continue;
      const id = JSON.stringify(m.key, (_, v) => typeof v === "bigint" ? `${v}n` : v);
      const sum = sums.get(id);
      if (sum) sum.n += m.n;
      else sums.set(id, { key: m.key, n: m.n });
    }
    await this.#commit((op) => {
      for (const m of pending) {
        if (m.kind === "check") op.check(m.entry);
        else if (m.kind === "set") {
          if (m.expireIn === undefined) op.set(m.key, m.value);
          else op.set(m.key, m.value, { expireIn: m.expireIn });
        } else if (m.kind === "delete") op.delete(m.key);
      }
      for (const { key, n } of sums.values()) op.sum(key, kvU64Addend(n));
    });
    this.commits++;
  }
}
