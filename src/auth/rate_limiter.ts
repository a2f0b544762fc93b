/**
 * Requests per minute per principal (per API key on REST, per user on MCP), counted in KV fixed
 * windows so that every server sharing the KV enforces one budget.
 *
 * @module
 */
import { JobseekError } from "../domain/errors.ts";
import type { Principal } from "../domain/service.ts";
import type { KvStore } from "../store/kv_store.ts";

export const RATE_WINDOW_MS = 60_000;
/** Largest random delay added to `retry_after`, so that throttled clients do not return in step. */
export const RATE_JITTER_MAX_SECONDS = 5;

export interface RateLimiterOptions {
  /** Default requests per minute for principals without their own limit. */
  perMinute: number;
  /** Clock in ms since the epoch (tests pass a fixed one). */
  now?: () => number;
  /** Source of jitter in [0, 1) (tests pass a fixed one). */
  random?: () => number;
}

/** Counts requests and throws RATE_LIMITED once a principal exceeds its limit in a window. */
export class RateLimiter {
  readonly #store: KvStore;
  readonly #perMinute: number;
  readonly #now: () => number;
  readonly #random: () => number;
  /** Per subject, the count in flight; the next one waits for it (see {@linkcode #count}). */
  readonly #inFlight = new Map<string, Promise<unknown>>();

  constructor(store: KvStore, options: RateLimiterOptions) {
    if (!Number.isInteger(options.perMinute) || options.perMinute < 1) {
      throw new JobseekError(
        "INVALID_PARAMETER",
        `Cannot create rate limiter: perMinute must be a whole number >= 1, got ${options.perMinute}`,
      );
    }
    this.#store = store;
    this.#perMinute = options.perMinute;
    this.#now = options.now ?? Date.now;
    this.#random = options.random ?? Math.random;
  }

  /**
   * Counts one request of `principal`. Throws `JobseekError("RATE_LIMITED")` with `retryAfter` =
   * whole seconds until the window ends plus jitter (at least 1) when the limit is exceeded.
   */
  async consume(principal: Principal): Promise<void> {
    const limit = principal.rateLimit ?? this.#perMinute;
    const now = this.#now();
    const windowStart = now - (now % RATE_WINDOW_MS);
    const count = await this.#count(principal.subject, windowStart);
    if (count <= limit) return;
    const untilWindowEnd = Math.ceil((windowStart + RATE_WINDOW_MS - now) / 1000);
    const jitter = Math.floor(this.#random() * (RATE_JITTER_MAX_SECONDS + 1));
    throw new JobseekError("RATE_LIMITED", "Rate limit exceeded", {
      retryAfter: Math.max(1, untilWindowEnd + jitter),
    });
  }

  /**
   * Counts one hit, one at a time per subject within this process. The KV counter is a checked
   * read-modify-write: concurrent hits of one key would mostly conflict and retry (measured: 16
   * concurrent clients on one key fell to ~1,800 counts/s, and some gave up after 50 retries),
   * while queued they cost one get + one commit each (~7,000/s per key) and the count stays exact.
   * Other servers sharing the KV still race, which the store's retry resolves.
   */
  #count(subject: string, windowStart: number): Promise<number> {
    const previous = this.#inFlight.get(subject) ?? Promise.resolve();
    // The record outlives its window a little so that a slow clock on another server still finds it.
    const hit = () => this.#store.hitRateWindow(subject, windowStart, 2 * RATE_WINDOW_MS);
    const counted = previous.then(hit, hit);
    const settled = counted.then(() => {}, () => {});
    this.#inFlight.set(subject, settled);
    settled.then(() => {
      if (this.#inFlight.get(subject) === settled) this.#inFlight.delete(subject);
    });
    return counted;
  }
}
