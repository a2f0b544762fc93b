/**
 * Requests per minute per principal (per API key on REST, per user on MCP), in a sliding window
 * kept in KV so that every server sharing the KV enforces one budget exactly.
 *
 * The window is the last 60 whole seconds: a subject's record holds, per second, how many requests
 * were admitted, and a request is admitted while the seconds still inside the window add up to
 * less than the limit. Unlike fixed one-minute windows, no 60 s span ever admits more than the
 * limit (fixed windows admit twice the limit across a boundary). Counting is batched: the requests
 * of one subject that arrive while its previous commit is in flight are decided together in the
 * next one, so a busy key costs one checked commit per round trip, not one per request, and the
 * count stays exact because every decision rests on a commit that checked the record it read.
 * A subject known to be over its limit is refused from memory until its budget can have come back:
 * flooding a throttled key costs no KV write at all. A subject far below its limit (at least
 * {@linkcode LEASE_MIN_HEADROOM} to spare) reserves a block of its budget with its commit, at most
 * 1% of what is left, and spends it from memory within the same second; what is not spent lapses
 * with the second. So a generous key costs about one commit per second per server, can be
 * refused up to 1% early, and is never admitted over its limit; a key near its limit, or with a
 * small one, is counted request by request.
 *
 * @module
 */
import { JobseekError } from "../domain/errors.ts";
import type { Principal } from "../domain/service.ts";
import type { RateBuckets, RateLimitStore } from "../store/rate_limit_store.ts";

export const RATE_WINDOW_MS = 60_000;
const BUCKET_MS = 1000;
const WINDOW_BUCKETS = RATE_WINDOW_MS / BUCKET_MS;
/** Largest random delay added to `retry_after`, so that throttled clients do not return in step. */
export const RATE_JITTER_MAX_SECONDS = 5;
/** Above this many remembered refusals or reservations, lapsed ones are dropped. */
const MAX_REMEMBERED_REFUSALS = 10_000;
/** Budget left in the window from which a server reserves blocks rather than single requests. */
export const LEASE_MIN_HEADROOM = 1000;
/** A reservation is at most this share of the budget left, and at most LEASE_MAX. */
const LEASE_SHARE = 0.01;
const LEASE_MAX = 10_000;

export interface RateLimiterOptions {
  /** Default requests per minute for principals without their own limit. */
  perMinute: number;
  /** Clock in ms since the epoch (tests pass a fixed one). */
  now?: () => number;
  /** Source of jitter in [0, 1) (tests pass a fixed one). */
  random?: () => number;
  /**
   * Of how many limiters that see a client's requests in turn this is one (default 1): each
   * enforces that share of every limit, rounded up, so that together they enforce the limit. The
   * search processes of one server each count per-address limits in memory.
   */
  splitAmong?: number;
}

interface Pending {
  cost: number;
  limit: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

type Decision = { admitted: true } | { admitted: false; retryAt: number };

/** Admissions reserved in KV for `second` and not yet spent by this server. */
interface Lease {
  second: number;
  limit: number;
  left: number;
}

/** The earliest time (ms) at which `cost` more fits under `limit`, given `buckets` in the window. */
function earliestFit(buckets: RateBuckets, used: number, cost: number, limit: number): number {
  if (cost > limit) return Infinity;
  let remaining = used;
  for (const [second, count] of buckets) {
    remaining -= count;
    // That second leaves the window once the current second is WINDOW_BUCKETS past it.
    if (remaining + cost <= limit) return (second + WINDOW_BUCKETS) * BUCKET_MS;
  }
  return 0;
}

/**
 * Decides a batch in arrival order against the buckets read from KV: admitted requests are added
 * to the current second, refused ones learn when they could fit. `buckets: null` when nothing was
 * admitted (then nothing needs writing).
 */
function decideBatch(
  stored: RateBuckets,
  batch: Pending[],
  now: number,
): { buckets: RateBuckets | null; result: { decisions: Decision[]; lease: number } } {
  const second = Math.floor(now / BUCKET_MS);
  // Seconds after `now` stay: another server (or this one's next batch) may have counted in a
  // later second than this decision's clock reads, after a slow read or a retried commit, and
  // dropping them would erase its admissions from the record this commit writes.
  const bySecond = (a: [number, number], b: [number, number]) => a[0] - b[0];
  const buckets = stored.filter(([s]) => s > second - WINDOW_BUCKETS).sort(bySecond);
  let used = buckets.reduce((sum, [, count]) => sum + count, 0);
  let admittedNow = 0;
  const result = batch.map((pending): Decision => {
    if (used + pending.cost <= pending.limit) {
      used += pending.cost;
      admittedNow += pending.cost;
      return { admitted: true };
    }
    const withNow: RateBuckets = admittedNow > 0
      ? [...buckets, [second, admittedNow] as [number, number]].sort(bySecond)
      : buckets;
    return { admitted: false, retryAt: earliestFit(withNow, used, pending.cost, pending.limit) };
  });
  // All admitted and plenty left: reserve a block for the rest of this second.
  const limit = Math.min(...batch.map((p) => p.limit));
  const headroom = limit - used;
  const lease = result.every((d) => d.admitted) && headroom >= LEASE_MIN_HEADROOM
    ? Math.min(LEASE_MAX, Math.floor(headroom * LEASE_SHARE))
    : 0;
  admittedNow += lease;
  if (admittedNow === 0) return { buckets: null, result: { decisions: result, lease } };
  const current = buckets.find(([s]) => s === second);
  if (current) current[1] += admittedNow;
  else {
    buckets.push([second, admittedNow]);
    buckets.sort(bySecond);
  }
  return { buckets, result: { decisions: result, lease } };
}

/** Counts requests and throws RATE_LIMITED once a principal exceeds its limit in the window. */
export class RateLimiter {
  readonly #store: RateLimitStore;
  readonly #perMinute: number;
  readonly #now: () => number;
  readonly #random: () => number;
  readonly #splitAmong: number;
  /** Per subject, the requests waiting for the next commit (present while a commit runs). */
  readonly #queues = new Map<string, Pending[]>();
  /** Per subject, until when (ms) a request cannot fit under a limit of at most `limit`. */
  readonly #refusedUntil = new Map<string, { until: number; limit: number }>();
  /** Per subject, admissions reserved for the current second (see the module documentation). */
  readonly #leases = new Map<string, Lease>();

  constructor(store: RateLimitStore, options: RateLimiterOptions) {
    if (!Number.isInteger(options.perMinute) || options.perMinute < 1) {
      throw new JobseekError(
        "INVALID_PARAMETER",
        `Cannot create rate limiter: perMinute must be a whole number >= 1, got ${options.perMinute}`,
      );
    }
    const splitAmong = options.splitAmong ?? 1;
    if (!Number.isInteger(splitAmong) || splitAmong < 1) {
      throw new JobseekError(
        "INVALID_PARAMETER",
        `Cannot create rate limiter: splitAmong must be a whole number >= 1, got ${splitAmong}`,
      );
    }
    this.#store = store;
    this.#perMinute = options.perMinute;
    this.#now = options.now ?? Date.now;
    this.#random = options.random ?? Math.random;
    this.#splitAmong = splitAmong;
  }

  /**
   * Counts `cost` requests of `principal` (an MCP batch counts each call in it). Throws
   * `JobseekError("RATE_LIMITED")` with `retryAfter` = whole seconds until enough of the window
   * has passed, plus jitter (at least 1), when they do not fit; then none of them is counted.
   */
  consume(principal: Principal, cost = 1): Promise<void> {
    return this.consumeSubject(principal.subject, principal.rateLimit ?? this.#perMinute, cost);
  }

  /** {@linkcode consume} for any subject (e.g. a client address) with its limit per minute. */
  async consumeSubject(subject: string, wholeLimit: number, cost = 1): Promise<void> {
    const limit = Math.ceil(wholeLimit / this.#splitAmong);
    const lease = this.#leases.get(subject);
    if (lease) {
      const second = Math.floor(this.#now() / BUCKET_MS);
      if (lease.second === second && lease.limit === limit && lease.left >= cost) {
        lease.left -= cost;
        return;
      }
      if (lease.second !== second) this.#leases.delete(subject);
    }
    // Another server's admissions only add to the window, so a refusal stands until it said.
    const refused = this.#refusedUntil.get(subject);
    if (refused) {
      const now = this.#now();
      if (now < refused.until && limit <= refused.limit) throw this.#limited(refused.until, now);
      if (now >= refused.until) this.#refusedUntil.delete(subject);
    }
    await new Promise<void>((resolve, reject) => {
      const queue = this.#queues.get(subject);
      const pending = { cost, limit, resolve, reject };
      if (queue) queue.push(pending);
      else {
        const fresh = [pending];
        this.#queues.set(subject, fresh);
        this.#drain(subject, fresh);
      }
    });
  }

  async #drain(subject: string, queue: Pending[]): Promise<void> {
    // Requests of the same tick join the first commit.
    await Promise.resolve();
    while (queue.length > 0) {
      const batch = queue.splice(0);
      const now = this.#now();
      try {
        const { decisions, lease } = await this.#store.updateRateBuckets(
          subject,
          RATE_WINDOW_MS + BUCKET_MS,
          (buckets) => decideBatch(buckets, batch, now),
        );
        if (lease > 0) this.#lease(subject, Math.floor(now / BUCKET_MS), batch, lease);
        decisions.forEach((decision, i) => {
          if (decision.admitted) return batch[i].resolve();
          if (batch[i].cost === 1 && Number.isFinite(decision.retryAt)) {
            this.#rememberRefusal(subject, decision.retryAt, batch[i].limit);
          }
          batch[i].reject(this.#limited(decision.retryAt, now));
        });
      } catch (error) {
        for (const pending of batch) pending.reject(error);
      }
    }
    // Synchronous with the last check of the loop: nothing can have been queued in between.
    this.#queues.delete(subject);
  }

  #lease(subject: string, second: number, batch: Pending[], left: number): void {
    if (this.#leases.size >= MAX_REMEMBERED_REFUSALS) {
      const current = Math.floor(this.#now() / BUCKET_MS);
      for (const [s, l] of this.#leases) if (l.second !== current) this.#leases.delete(s);
      if (this.#leases.size >= MAX_REMEMBERED_REFUSALS) return;
    }
    this.#leases.set(subject, { second, limit: Math.min(...batch.map((p) => p.limit)), left });
  }

  #rememberRefusal(subject: string, until: number, limit: number): void {
    if (this.#refusedUntil.size >= MAX_REMEMBERED_REFUSALS) {
      const now = this.#now();
      for (const [s, r] of this.#refusedUntil) if (r.until <= now) this.#refusedUntil.delete(s);
      if (this.#refusedUntil.size >= MAX_REMEMBERED_REFUSALS) return;
    }
    const known = this.#refusedUntil.get(subject);
    if (!known || known.until < until) this.#refusedUntil.set(subject, { until, limit });
  }

  #limited(retryAt: number, now: number): JobseekError {
    const wait = Number.isFinite(retryAt) ? retryAt - now : RATE_WINDOW_MS;
    const jitter = Math.floor(this.#random() * (RATE_JITTER_MAX_SECONDS + 1));
    return new JobseekError("RATE_LIMITED", "Rate limit exceeded", {
      retryAfter: Math.max(1, Math.ceil(wait / 1000) + jitter),
    });
  }
}
