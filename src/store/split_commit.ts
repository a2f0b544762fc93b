/**
 * A write too large for one Deno KV commit, made in as few commits as KV's limits allow, each
 * group of mutations (an entity and its index entries, say) whole in one of them.
 *
 * @module
 */
import { checkedValue, KV_LIMITS, sizeOf } from "./kv_limits.ts";

/**
 * What KV counts per mutation beyond key and value: 489 mutations of 1.5 KiB vectors under a
 * 35-character model name went over the commit limit when only values plus 100 were counted.
 */
const MUTATION_OVERHEAD_BYTES = 100;

/** What a touched key's value may weigh: they are counted at this before they are computed. */
const TOUCH_BYTES = 64;

/** Mutations that must land in the same commit (an entity and its index entries, say). */
export interface MutationGroup {
  check(entry: Deno.AtomicCheck): MutationGroup;
  set(key: Deno.KvKey, value: unknown, options?: { expireIn?: number }): MutationGroup;
  delete(key: Deno.KvKey): MutationGroup;
  /** Adds `n` to a KvU64 counter (wrapping: a negative `n` subtracts). */
  sum(key: Deno.KvKey, n: bigint): MutationGroup;
  /**
   * Sets `key` once in the commit the group lands in, however many of its groups touch it, to
   * `value()` as the commit is sent (a "last written at" record, say).
   */
  touch(key: Deno.KvKey, value: () => unknown): MutationGroup;
}

type Mutation =
  | { kind: "check"; entry: Deno.AtomicCheck }
  | { kind: "set"; key: Deno.KvKey; value: unknown; expireIn?: number }
  | { kind: "delete"; key: Deno.KvKey }
  | { kind: "sum"; key: Deno.KvKey; n: bigint }
  | { kind: "touch"; key: Deno.KvKey; value: () => unknown };

/** A key as a string, to tell keys apart. */
function keyId(key: Deno.KvKey): string {
  return JSON.stringify(key, (_, v) => typeof v === "bigint" ? `${v}n` : v);
}

/** `n` as what KV's wrapping `sum` adds: a negative number as its 64-bit two's complement. */
function kvU64Addend(n: bigint): bigint {
  return BigInt.asUintN(64, n);
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
  /** The keys touched in the pending commit. */
  #touched = new Set<string>();
  /** Commits made so far. */
  commits = 0;

  readonly #maxChecks: number;
  readonly #overlap: boolean;
  /** With `overlap`: the commit sent last, until the next one is sent or the writer flushed. */
  #inFlight: Promise<void> | null = null;

  /**
   * `maxChecks`: checks one commit may hold on the store written (`commitChecksAt`). `overlap`:
   * `add` returns once a full commit is sent, not landed, so the caller builds the next one while
   * KV writes it; commits are still sent one after another, each once the one before it landed,
   * a failed one fails the next `add` or `flush`, and `flush` returns when every commit landed.
   */
  constructor(
    commit: (build: (op: Deno.AtomicOperation) => void) => Promise<void>,
    maxChecks: number = KV_LIMITS.commitChecks,
    options: { overlap?: boolean } = {},
  ) {
    this.#commit = commit;
    this.#maxChecks = maxChecks;
    this.#overlap = options.overlap ?? false;
  }

  /** Adds one group; commits what came before first when the group would not fit beside it. */
  async add(build: (group: MutationGroup) => void): Promise<void> {
    const group = collect(build);
    const touches = group.flatMap((m) => m.kind === "touch" ? [keyId(m.key)] : []);
    const fits = (touched: Set<string>) => {
      const { bytes, mutations, checks } = measure(group, touched);
      return this.#bytes + bytes <= KV_LIMITS.commitBytes &&
        this.#mutations + mutations <= KV_LIMITS.commitMutations &&
        this.#checks + checks <= this.#maxChecks;
    };
    if (!fits(this.#touched)) await this.#send();
    const { bytes, mutations, checks } = measure(group, this.#touched);
    this.#pending.push(...group);
    for (const id of touches) this.#touched.add(id);
    this.#bytes += bytes;
    this.#mutations += mutations;
    this.#checks += checks;
  }

  /** Commits what is pending; returns when every commit of this writer landed. */
  async flush(): Promise<void> {
    await this.#send();
    await this.#landed();
  }

  /**
   * Waits for the commit in flight, if any, whatever its outcome: a caller giving up on a write
   * returns only once what it sent has landed or failed.
   */
  async settle(): Promise<void> {
    await this.#inFlight?.catch(() => {});
  }

  /** Waits for the commit in flight, if any; throws what it threw. */
  async #landed(): Promise<void> {
    const inFlight = this.#inFlight;
    this.#inFlight = null;
    await inFlight;
  }

  /** Sends what is pending, once the commit before it landed; without `overlap`, waits for it. */
  async #send(): Promise<void> {
    await this.#landed();
    if (this.#pending.length === 0) return;
    const pending = this.#pending;
    this.#pending = [];
    this.#bytes = 0;
    this.#mutations = 0;
    this.#checks = 0;
    this.#touched = new Set();
    // One sum per counter and commit: the groups' additions to it, added up.
    const sums = new Map<string, { key: Deno.KvKey; n: bigint }>();
    // One set per touched key and commit, to the value of the last group that touched it.
    const touches = new Map<string, { key: Deno.KvKey; value: () => unknown }>();
    for (const m of pending) {
      if (m.kind === "touch") {
        const id = keyId(m.key);
        touches.delete(id);
        touches.set(id, m);
      }
      if (m.kind !== "sum") continue;
      const id = keyId(m.key);
      const sum = sums.get(id);
      if (sum) sum.n += m.n;
      else sums.set(id, { key: m.key, n: m.n });
    }
    const touched = [...touches.values()].map(({ key, value }) => {
      const written = value();
      if (sizeOf(written) > TOUCH_BYTES) {
        throw new RangeError(
          `Cannot touch ${keyId(key)}: a touched value is ${TOUCH_BYTES} bytes at most`,
        );
      }
      return { key, value: written };
    });
    const sent = this.#commit((op) => {
      for (const m of pending) {
        if (m.kind === "check") op.check(m.entry);
        else if (m.kind === "set") {
          if (m.expireIn === undefined) op.set(m.key, m.value);
          else op.set(m.key, m.value, { expireIn: m.expireIn });
        } else if (m.kind === "delete") op.delete(m.key);
      }
      for (const { key, n } of sums.values()) op.sum(key, kvU64Addend(n));
      for (const { key, value } of touched) op.set(key, value);
    }).then(() => {
      this.commits++;
    });
    if (!this.#overlap) return await sent;
    // Awaited by the next send or the flush; a writer abandoned after a failed call leaves no
    // unhandled rejection behind.
    sent.catch(() => {});
    this.#inFlight = sent;
  }
}

/** The mutations `build` makes, values over KV's limit refused. */
function collect(build: (group: MutationGroup) => void): Mutation[] {
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
    touch(key, value) {
      group.push({ kind: "touch", key, value });
      return builder;
    },
  };
  build(builder);
  return group;
}

/**
 * What a group counts against a commit's limits beside a pending commit that touched `touched`
 * (a touch counts once a commit, as a number's worth of value).
 */
function measure(
  group: Mutation[],
  touched: ReadonlySet<string>,
): { bytes: number; mutations: number; checks: number } {
  let bytes = 0;
  let mutations = 0;
  let checks = 0;
  const touches = new Set(touched);
  for (const m of group) {
    if (m.kind === "check") checks++;
    else if (m.kind === "touch") {
      const id = keyId(m.key);
      if (touches.has(id)) continue;
      touches.add(id);
      mutations++;
      bytes += sizeOf(m.key) + MUTATION_OVERHEAD_BYTES + TOUCH_BYTES;
    } else {
      mutations++;
      bytes += sizeOf(m.key) + MUTATION_OVERHEAD_BYTES +
        (m.kind === "set" ? sizeOf(m.value) : m.kind === "sum" ? 8 : 0);
    }
  }
  return { bytes, mutations, checks };
}
