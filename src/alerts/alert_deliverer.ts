/**
 * What is new for a saved search, and its delivery: by webhook (Standard Webhooks signatures,
 * retried with backoff) and by email digest; and its Atom feed, a window of recent matches that
 * reading does not change. Each delivery channel keeps its own mark and the postings it delivered (src/store/saved_search_store.ts); a delivery is written to
 * the store before it is sent and acknowledged after, under a lease per saved search, so that of
 * the servers sharing a store one delivers it, and one killed while sending leaves the same
 * delivery (same `webhook-id`) to another.
 *
 * @module
 */
import { monotonicFactory } from "ulid";
import { Webhook } from "standardwebhooks";
import type { AlertsConfig } from "../config.ts";
import { z } from "zod";
import { DELIVERY_TYPES } from "../domain/deliveries.ts";
import { jobIdFromUrl, type JobResult, JobResultSchema } from "../domain/job.ts";
import { formatUtc } from "../domain/lifecycle.ts";
import { parseSearchQuery } from "../domain/search_query.ts";
import type { SearchService } from "../domain/service.ts";
import { errorFields, type Logger } from "../log.ts";
import type {
  PendingDelivery,
  SavedSearchRecord,
  SavedSearchStore,
  StoredDelivery,
} from "../store/saved_search_store.ts";
import { atomFeed } from "./atom_feed.ts";
import { digestMessage, sendDigest } from "./email_digest.ts";
import { confirmationMessage } from "./confirmation_mail.ts";
import { sha256Hex } from "../crypto.ts";
import {
  awaitsConfirmation,
  CONFIRM_PATH,
  confirmDeadline,
  type EmailDelivery,
  FEED_PATH,
  isConfirmed,
  mayMail,
  periodMs,
  readAsApplies,
  removeDeliveries,
  UNSUBSCRIBE_PATH,
} from "./saved_searches.ts";
import { checkWebhookUrl, type Resolve } from "./webhook_address.ts";
import { postPinned } from "./post_pinned.ts";
import { type QueryReading, readingOf } from "./query_reading.ts";
import { filtersInWords, runUrl, withoutListShape } from "../domain/param_labels.ts";

const ulid = monotonicFactory();

/**
 * Most deliveries a webhook gets at once after the first, for a pending one's catch-up and for
 * the postings past a delivery's `DELIVERY_MAX` (19 more: a thousand postings in all).
 */
const REST_ROUNDS = 19;

/** Most postings a delivery carries; the rest are counted. */
export const DELIVERY_MAX = 50;
/**
 * How far before a channel's mark the next search looks: a posting stored before a delivery's
 * search but published into the index only after it is still new (postings already delivered
 * are skipped by id).
 */
export const MARK_LAG_MS = 15 * 60_000;
/** A webhook's answer is read no further than this. */
const RESPONSE_READ_MAX = 64 * 1024;
const WEBHOOK_TIMEOUT_MS = 10_000;
/** A delivery body stays under KV's 64 KiB value limit with room for its record. */
const BODY_MAX = 56 * 1024;
const SEARCH_PAGE = 100;
/**
 * An address gets at most one confirmation mail in this time, whichever key and saved search asked
 * for it: removing an email delivery and adding it again (or asking from 50 saved searches) cannot
 * mail one address over and over.
 */
export const CONFIRMATION_WINDOW_MS = 24 * 3600_000;

export interface NewPosting {
  postingId: string;
  /** Its id and its reposts' ids: all become "sent" with it. */
  groupIds: string[];
  result: JobResult;
}

/** A saved search's feed: what arrived since it was saved, then its latest earlier matches. */
export interface WhatIsNew {
  /** Strong matches first seen since the search was saved, newest arrival first. */
  fresh: NewPosting[];
  /** Up to 50 in all with `fresh`: matches first seen before it was saved, latest posted first. */
  earlier: NewPosting[];
  reading: QueryReading;
  savedAt: Date;
}

/**
 * How many of a feed's entries are new, in words: "3 new since this search was saved
 * (2026-11-30 14:02 UTC), newest first; then its latest earlier matches, by posting date.", or
 * "Nothing new since ...: these are its latest matches from before, by posting date."
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const savedAt = new Date("2026-11-30T14:02:09Z");
 * assert.equal(
 *   whatIsNewInWords({ fresh: [], earlier: [], savedAt }),
 *   "Nothing new since this search was saved (2026-11-30 14:02 UTC), and nothing matched before.",
 * );
 * ```
 */
export function whatIsNewInWords(
  news: { fresh: readonly unknown[]; earlier: readonly unknown[]; savedAt: Date },
): string {
  const when = `since this search was saved (${
    news.savedAt.toISOString().slice(0, 16).replace("T", " ")
  } UTC)`;
  const { fresh, earlier } = news;
  if (fresh.length === 0) {
    return earlier.length === 0
      ? `Nothing new ${when}, and nothing matched before.`
      : `Nothing new ${when}: ${
        earlier.length === 1 ? "this is its latest match" : "these are its latest matches"
      } from before, by posting date.`;
  }
  return `${fresh.length} new ${when}, newest first${
    earlier.length > 0 ? "; then its latest earlier matches, by posting date" : ""
  }.`;
}

export interface NewPostings {
  postings: NewPosting[];
  /** New postings beyond those listed. */
  rest: number;
  searchedAt: number;
  /** What the saved search's query was read as by this search. */
  reading: QueryReading;
}

export const ChannelOutcomeSchema = z.object({
  delivery_id: z.string(),
  type: z.enum(DELIVERY_TYPES),
  outcome: z.enum([
    "delivered",
    "nothing_new",
    "retrying",
    "failing",
    "unconfirmed",
    "unsubscribed",
  ])
    .describe(
      "`unconfirmed`: an email address that has not confirmed yet; `unsubscribed`: one that " +
        "followed a digest's unsubscribe link. Nothing was sent to either.",
    ),
  count: z.number().int().min(0).describe("New postings this delivery carried."),
  rest: z.number().int().min(0).describe("New postings beyond those carried."),
  message_id: z.string().optional().describe("The `webhook-id` (or the email's Message-ID)."),
  error: z.string().optional(),
  results: z.array(JobResultSchema).optional().describe("The postings delivered."),
});

/** What one delivery channel did in a run: the answers' shape, the schema's. */
export type ChannelOutcome = z.infer<typeof ChannelOutcomeSchema>;

export interface AlertDelivererOptions {
  store: SavedSearchStore;
  service: SearchService;
  config: Readonly<AlertsConfig>;
  logger: Logger;
  resolve?: Resolve;
  now?: () => number;
  /**
   * Whether a saved search's owner (a key's subject) may still have it delivered: false once the
   * key is revoked, so that what a revoked key set up (webhooks, digests) stops with it. Without
   * it every owner may.
   */
  ownerActive?: (owner: string) => Promise<boolean>;
  /**
   * Whether this server serves the web search page (`JOBSEEK_WEB` not `off`): a digest then links
   * the page that lists every new posting, where it lists 50 (`#moreUrl`).
   */
  searchPage?: boolean;
}

/** A saved search's parameters as a delivery carries them: a profile by its length alone. */
export function paramsToSend(params: Record<string, unknown>): Record<string, unknown> {
  const { profile, ...rest } = params;
  return typeof profile === "string" ? { ...rest, profile_chars: profile.length } : rest;
}

/**
 * The `added_since` a saved search's new postings from `fromMs` are searched with (and linked
 * with): the later of that time and the saved search's own `added_since`.
 */
function addedSince(record: SavedSearchRecord, fromMs: number): string {
  const own = parseSearchQuery(record.params, "q").added_since;
  return [formatUtc(Math.floor(fromMs / 1000) * 1000), own].filter((t) => t !== undefined).sort()
    .at(-1)!;
}

/** A saved search's filters in words, for its digest and feed, where it has any. */
function filtersOf(record: SavedSearchRecord): { filters?: string } {
  const filters = filtersInWords(record.params);
  return filters ? { filters } : {};
}

/** Delivers saved searches' new postings; `start()` runs its checks on a timer. */
export class AlertDeliverer {
  readonly #store: SavedSearchStore;
  readonly #service: SearchService;
  readonly #config: Readonly<AlertsConfig>;
  readonly #logger: Logger;
  readonly #resolve?: Resolve;
  readonly #now: () => number;
  readonly #ownerActive: (owner: string) => Promise<boolean>;
  /** The process id first: an operator (or a test) can tell which server holds a lease. */
  readonly #owner = `${Deno.pid}:${crypto.randomUUID()}`;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running: Promise<void> | null = null;
  #lastSnapshot: string | null | undefined = undefined;
  /** The saved searches this deliverer saw paused and has not seen resumed since. */
  readonly #seenPaused = new Set<string>();
  readonly #searchPage: boolean;
  #stopped = false;

  constructor(options: AlertDelivererOptions) {
    this.#store = options.store;
    this.#service = options.service;
    this.#config = options.config;
    this.#logger = options.logger;
    this.#resolve = options.resolve;
    this.#now = options.now ?? Date.now;
    this.#ownerActive = options.ownerActive ?? (() => Promise.resolve(true));
    this.#searchPage = options.searchPage ?? false;
  }

  /**
   * The channel's new postings now: first seen since its mark (less the lag), matching the saved
   * search's strong set, not delivered on it before (a repost of a delivered posting included),
   * best first, at most `limit` with the count of the rest.
   */
  async newFor(
    record: SavedSearchRecord,
    channel: string,
    limit = DELIVERY_MAX,
  ): Promise<NewPostings> {
    const searchedAt = this.#now();
    const found = await this.#strongSince(
      record,
      await this.#windowStart(record, channel),
      limit,
      (ids) => this.#store.sentAmong(record.id, channel, ids),
    );
    return { ...found, searchedAt };
  }

  /** Where a channel's new postings start (ms): its mark less the lag, not before the search. */
  async #windowStart(record: SavedSearchRecord, channel: string): Promise<number> {
    const mark = (await this.#store.mark(record.id, channel)) ?? record.createdAt;
    return Math.max(record.createdAt, mark - MARK_LAG_MS);
  }

  /**
   * The saved search's strong matches first seen at or after `fromMs`, best first, at most `limit`
   * with the count of the rest; a result is left out when `skip` names one of its posting's or
   * reposts' ids, or when it shares one with a result already listed.
   */
  async #strongSince(
    record: SavedSearchRecord,
    fromMs: number,
    limit: number,
    skip: (ids: string[]) => Promise<Set<string>>,
  ): Promise<{ postings: NewPosting[]; rest: number; reading: QueryReading }> {
    // The words corrected when it was saved stay corrected, whatever words postings added since.
    const kept = readAsApplies(record) ? record.readAs : undefined;
    const since = addedSince(record, fromMs);
    const { sort: _s, ...params } = withoutListShape(record.params);
    const query = parseSearchQuery(
      {
        ...params,
        ...(kept ? { q: kept.q } : {}),
        added_since: since,
        sort: "relevance",
        top_k: SEARCH_PAGE,
        detail: "summary",
      },
      "q",
    );
    let reading: QueryReading | undefined;
    const postings: NewPosting[] = [];
    const listed = new Set<string>();
    let rest = 0;
    for (let offset = 0;; offset += SEARCH_PAGE) {
      const outcome = await this.#service.search({ ...query, offset });
      reading ??= readingOf(
        record.params.q,
        kept ? { q: kept.q, words: kept.words } : undefined,
        outcome,
      );
      // A close match (under the strong set's cut) is never news; a result without a tier is.
      const strong = outcome.results.filter((r) => r.match !== "close");
      const groups = await Promise.all(strong.map(async (result) => {
        const ids = await Promise.all(
          [result.job_url, ...(result.also_posted_at ?? [])].map(jobIdFromUrl),
        );
        return { postingId: ids[0], groupIds: ids, result };
      }));
      const skipped = await skip(groups.flatMap((g) => g.groupIds));
      for (const group of groups) {
        if (group.groupIds.some((id) => skipped.has(id) || listed.has(id))) continue;
        for (const id of group.groupIds) listed.add(id);
        if (postings.length < limit) postings.push(group);
        else rest++;
      }
      const done = strong.length < outcome.results.length || outcome.results.length === 0 ||
        offset + SEARCH_PAGE >= outcome.total;
      if (done) break;
    }
    return { postings, rest, reading: reading! };
  }

  /** Starts the periodic check: a new index, due retries, due digests. */
  start(): void {
    const tick = () => {
      if (this.#stopped) return;
      this.#timer = setTimeout(async () => {
        await this.check().catch((error) =>
          this.#logger.error("alert check failed", errorFields(error))
        );
        tick();
      }, this.#config.checkMs);
    };
    tick();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running?.catch(() => {});
  }

  /** One check; concurrent callers share the one running. */
  check(): Promise<void> {
    this.#running ??= this.#check().finally(() => this.#running = null);
    return this.#running;
  }

  async #check(): Promise<void> {
    if (!this.#service.isReady()) return;
    const snapshot = this.#service.info?.().snapshot ?? null;
    const newIndex = snapshot !== this.#lastSnapshot;
    const now = this.#now();
    const due = new Set<string>();
    for await (const { id, pending } of this.#store.allPending()) {
      if (pending.nextAttemptAt <= now) due.add(id);
    }
    const records: SavedSearchRecord[] = [];
    for await (const record of this.#store.all()) records.push(record);
    // Servers sharing a store take the saved searches in different orders, so they split the
    // work instead of queueing on the same leases.
    records.sort(() => Math.random() - 0.5);
    for (const record of records) {
      if (this.#stopped) return;
      // Paused or not, its owner's key revoked or not: the address was asked and did not answer.
      if ((await this.#unconfirmedExpired(record, now)).size > 0) {
        await this.#withLease(record.id, () => this.#removeUnconfirmed(record.id)).catch((error) =>
          this.#logger.warn("cannot remove an unconfirmed delivery", {
            saved_search: record.id,
            ...errorFields(error),
          })
        );
      }
      if (record.paused) this.#seenPaused.add(record.id);
      if (record.paused && !due.has(record.id)) continue;
      // Resumed since the last check: what became new while it was paused goes now, not at the
      // next publish, which on a quiet server may be hours away (W51, an alerts trial, session 59).
      const resumed = !record.paused && this.#seenPaused.delete(record.id);
      const hasWebhook = record.deliver.some((d) => d.type === "webhook");
      const emailDue = await this.#emailDue(record, now) ||
        await this.#confirmationDue(record, now);
      if (!due.has(record.id) && !((newIndex || resumed) && hasWebhook) && !emailDue) continue;
      const delivered = await this.#withLease(record.id, () => this.#deliverRecord(record)).then(
        // Null: another holds the lease.
        (done) => done !== null,
        (error) => {
          // One saved search that cannot be delivered (its search fails) holds up no other.
          this.#logger.warn("cannot deliver a saved search", {
            saved_search: record.id,
            ...errorFields(error),
          });
          return false;
        },
      );
      // A resume not delivered (another holds the lease, or the search failed) is tried again at
      // the next check (reviewer C59).
      if (resumed && !delivered) this.#seenPaused.add(record.id);
    }
    // The saved searches removed while paused are forgotten.
    const ids = new Set(records.map((record) => record.id));
    for (const id of this.#seenPaused) if (!ids.has(id)) this.#seenPaused.delete(id);
    this.#lastSnapshot = snapshot;
  }

  /** The ids of the saved search's email deliveries whose time to confirm is over. */
  async #unconfirmedExpired(record: SavedSearchRecord, now: number): Promise<Set<string>> {
    const expired = new Set<string>();
    for (const d of record.deliver) {
      if (d.type !== "email" || !awaitsConfirmation(d)) continue;
      const deadline = confirmDeadline(d, await this.#store.state(record.id, d.id));
      if (deadline !== null && deadline <= now) expired.add(d.id);
    }
    return expired;
  }

  /**
   * Removes the saved search's unconfirmed email deliveries whose time is over, under its lease;
   * the saved search and its other deliveries stay.
   */
  async #removeUnconfirmed(id: string): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = await this.#store.get(id);
      if (!current) return;
      const expired = await this.#unconfirmedExpired(current, this.#now());
      if (expired.size === 0) return;
      if (!(await removeDeliveries(this.#store, current, expired, this.#now()))) continue;
      for (const delivery of expired) {
        await this.#store.dropPending(id, delivery);
        // The delivery id, not the address: the log keeps no address that never said yes.
        this.#logger.info("unconfirmed email delivery removed", { saved_search: id, delivery });
      }
      return;
    }
  }

  /** The scheduled deliveries of one saved search, under its lease. */
  async #deliverRecord(record: SavedSearchRecord): Promise<void> {
    // Re-read under the lease: another server may have changed or removed it.
    const current = await this.#store.get(record.id);
    if (!current) return;
    const until = this.#catchUpUntil();
    const ownerActive = await this.#ownerActive(current.owner);
    for (const delivery of current.deliver) {
      // Past half the lease, the rest wait for the next check: each may take a webhook's 10 s, and
      // the lease must outlast the last (reviewer C59b: five slow webhooks outlasted it).
      if (this.#now() >= until) break;
      // A revoked key's saved searches are kept (the same person's new key may take them over:
      // `keys create --keep-saved-searches`) but
      // send nothing, retries included.
      // An address that unsubscribed gets nothing more, retries included.
      if (
        current.paused || !ownerActive ||
        (delivery.type === "email" && delivery.unsubscribedAt !== undefined)
      ) {
        await this.#store.dropPending(current.id, delivery.id);
        continue;
      }
      if (delivery.type === "email" && !isConfirmed(delivery)) {
        await this.#sendConfirmation(current, delivery);
        continue;
      }
      if (delivery.type === "email" && !(await this.#digestDue(current, delivery, this.#now()))) {
        const pending = await this.#store.pending(current.id, delivery.id);
        if (!pending || pending.nextAttemptAt > this.#now()) continue;
      }
      await this.#deliverThenCatchUp(current, delivery, false, until);
    }
  }

  async #emailDue(record: SavedSearchRecord, now: number): Promise<boolean> {
    if (record.paused) return false;
    for (const d of record.deliver) {
      if (await this.#digestDue(record, d, now)) return true;
    }
    return false;
  }

  async #digestDue(record: SavedSearchRecord, d: StoredDelivery, now: number): Promise<boolean> {
    if (d.type !== "email" || !mayMail(d)) return false;
    const state = await this.#store.state(record.id, d.id);
    return (state.nextDueAt ?? record.createdAt + periodMs(d.every)) <= now;
  }

  /** Whether one of the saved search's unconfirmed addresses is owed its confirmation mail. */
  async #confirmationDue(record: SavedSearchRecord, now: number): Promise<boolean> {
    if (record.paused) return false;
    for (const d of record.deliver) {
      if (d.type !== "email" || !awaitsConfirmation(d)) continue;
      const state = await this.#store.state(record.id, d.id);
      if (state.confirmationSentAt === undefined && (state.confirmationRetryAt ?? 0) <= now) {
        return true;
      }
    }
    return false;
  }

  /**
   * Sends an unconfirmed address its one confirmation mail, unless it was sent, or the address got
   * one (for any key) in the last 24 h, or the saved search's owner (its API key) caused its cap of
   * them in the last 24 h: then when both allow it, if still unconfirmed.
   */
  async #sendConfirmation(record: SavedSearchRecord, delivery: EmailDelivery): Promise<void> {
    const state = await this.#store.state(record.id, delivery.id);
    const now = this.#now();
    if (state.confirmationSentAt !== undefined || (state.confirmationRetryAt ?? 0) > now) return;
    const { smtpUrl, mailFrom } = this.#config;
    if (!smtpUrl || !mailFrom || !delivery.confirmToken) return;
    const claim = {
      addressHash: sha256Hex(`confirmation-address:${delivery.to.toLowerCase()}`),
      owner: record.owner,
      now,
    };
    const hold = await this.#store.claimConfirmation(claim, {
      windowMs: CONFIRMATION_WINDOW_MS,
      perOwner: this.#config.confirmationsPerKeyPerDay,
    });
    if (hold !== null) {
      const { confirmationHeldByCap: wasHeld, ...rest } = state;
      const byCap = hold.by === "key";
      await this.#store.saveState(record.id, delivery.id, {
        ...rest,
        confirmationRetryAt: hold.until,
        ...(byCap ? { confirmationHeldByCap: true } : {}),
      });
      if (byCap && !wasHeld) {
        // Once per delivery held, not at each try; ids, never the address.
        this.#logger.warn("confirmation mail held: the key's daily cap", {
          saved_search: record.id,
          delivery: delivery.id,
          owner: record.owner,
          cap: this.#config.confirmationsPerKeyPerDay,
          until: new Date(hold.until).toISOString(),
        });
      }
      return;
    }
    try {
      await sendDigest(
        smtpUrl,
        confirmationMessage({
          from: mailFrom,
          to: delivery.to,
          params: record.params,
          owner: record.owner,
          every: delivery.every,
          site: record.baseUrl,
          confirmUrl: `${record.baseUrl}${CONFIRM_PATH}/${delivery.confirmToken}`,
          messageId: `<${ulid()}@jobseek>`,
        }),
      );
    } catch (error) {
      // Not sent: the address may have it from the next attempt, backing off while mail fails;
      // neither its day nor the key's mail is used up.
      await this.#store.releaseConfirmation(claim);
      const error_ = error instanceof Error ? error.message : String(error);
      const failingSince = state.failingSince ?? now;
      const delay = Math.min(Math.max(this.#config.retryBaseMs, now - failingSince), 3600_000);
      const { confirmationHeldByCap: _held, ...rest } = state;
      await this.#store.saveState(record.id, delivery.id, {
        ...rest,
        failingSince,
        lastError: error_.slice(0, 300),
        confirmationRetryAt: now + delay,
      });
      this.#logger.warn("confirmation mail failed", {
        saved_search: record.id,
        delivery: delivery.id,
        error: error_.slice(0, 300),
      });
      return;
    }
    const {
      failingSince: _f,
      lastError: _e,
      confirmationRetryAt: _r,
      confirmationHeldByCap: _h,
      ...rest
    } = state;
    await this.#store.saveState(record.id, delivery.id, { ...rest, confirmationSentAt: now });
    this.#logger.info("confirmation mail sent", {
      saved_search: record.id,
      delivery: delivery.id,
    });
  }

  async #withLease<T>(id: string, work: () => Promise<T>): Promise<T | null> {
    // An owner per taking, not per server: a `send` and this server's own check must exclude
    // each other too.
    const owner = `${this.#owner}:${crypto.randomUUID()}`;
    if (!(await this.#store.takeLease(id, owner, this.#config.leaseMs, this.#now()))) {
      return null;
    }
    try {
      return await work();
    } finally {
      await this.#store.releaseLease(id, owner).catch(() => {});
    }
  }

  /**
   * Delivers what is new to every delivery of the saved search now (`POST .../send`), under its
   * lease; null when another server holds it.
   */
  async sendNow(record: SavedSearchRecord): Promise<ChannelOutcome[] | null> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const outcomes = await this.#withLease(record.id, async () => {
        const current = (await this.#store.get(record.id)) ?? record;
        const until = this.#catchUpUntil();
        const all: ChannelOutcome[] = [];
        for (const delivery of current.deliver) {
          if (delivery.type === "email" && delivery.unsubscribedAt !== undefined) {
            // Its address said no: the key holder cannot send it a digest anyway.
            all.push({
              delivery_id: delivery.id,
              type: "email",
              outcome: "unsubscribed",
              count: 0,
              rest: 0,
            });
            continue;
          }
          if (delivery.type === "email" && !isConfirmed(delivery)) {
            // Its address has not said yes: a digest asked for by the key holder is not sent.
            all.push({
              delivery_id: delivery.id,
              type: "email",
              outcome: "unconfirmed",
              count: 0,
              rest: 0,
            });
            continue;
          }
          all.push(...await this.#deliverThenCatchUp(current, delivery, true, until));
        }
        return all;
      });
      if (outcomes !== null) return outcomes;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return null;
  }

  /**
   * Until when a lease just taken lets deliveries start: a scheduled run's next channel and any
   * webhook's catch-up (`#deliverThenCatchUp`). Half the lease, for every delivery of the saved
   * search together, so that the last one started ends (10 s at most, the webhook's timeout)
   * before another server may take the saved search and deliver the same postings again
   * (reviewers C59 and C59b).
   */
  #catchUpUntil(): number {
    return this.#now() + this.#config.leaseMs / 2;
  }

  /**
   * Delivers to one channel; a webhook then gets what a delivery left: what became new meanwhile
   * where that was a pending delivery (a retry, or one a killed server left: the index it would
   * have been checked against has been seen already), and the postings past its 50 (`rest`), at
   * once and up to `REST_ROUNDS` deliveries more, while `until` (`#catchUpUntil`) has not passed.
   * The rest had waited for the next publish, and where none came within the 15 minutes "new"
   * allows they were never sent (an alerts trial, session 59: 10 of 60 arrived only because an
   * unrelated push came 17 s later). An email's rest is said in the digest: a second digest at
   * once would be two mails.
   */
  async #deliverThenCatchUp(
    record: SavedSearchRecord,
    delivery: StoredDelivery,
    now: boolean,
    until: number,
  ): Promise<ChannelOutcome[]> {
    const hadPending = (await this.#store.pending(record.id, delivery.id)) !== null;
    const outcomes = [await this.#deliverChannel(record, delivery, now)];
    if (delivery.type !== "webhook") return outcomes;
    for (let round = 0; round < REST_ROUNDS && this.#now() < until; round++) {
      const last = outcomes[outcomes.length - 1];
      if (last.outcome !== "delivered" || !((hadPending && round === 0) || last.rest > 0)) break;
      const next = await this.#deliverChannel(record, delivery, now);
      if (next.outcome === "nothing_new") break;
      outcomes.push(next);
    }
    return outcomes;
  }

  /** Sends the channel's pending delivery, or makes one of what is new and sends it. */
  async #deliverChannel(
    record: SavedSearchRecord,
    delivery: StoredDelivery,
    now: boolean,
  ): Promise<ChannelOutcome> {
    let pending = await this.#store.pending(record.id, delivery.id);
    const base = { delivery_id: delivery.id, type: delivery.type };
    if (pending && !now && pending.nextAttemptAt > this.#now()) {
      return { ...base, outcome: "retrying", count: pending.count, rest: pending.rest };
    }
    if (!pending) {
      const fresh = await this.newFor(record, delivery.id);
      if (fresh.postings.length === 0) {
        if (delivery.type === "email") {
          // An empty digest is not sent; the next one is due a period later.
          await this.#store.saveState(record.id, delivery.id, {
            ...(await this.#store.state(record.id, delivery.id)),
            nextDueAt: this.#now() + periodMs(delivery.every),
          });
        }
        return { ...base, outcome: "nothing_new", count: 0, rest: fresh.rest };
      }
      pending = this.#pendingOf(record, delivery, fresh);
      // Written before it is sent: a server killed while sending leaves it to another.
      await this.#store.savePending(record.id, delivery.id, pending);
    }
    const error = await this.#attempt(record, delivery, pending);
    const results = (JSON.parse(pending.body) as { data: { results: JobResult[] } }).data.results;
    if (error === null) {
      await this.#store.acknowledge(record.id, delivery.id, {
        postingIds: pending.postingIds,
        searchedAt: pending.searchedAt,
        at: this.#now(),
      });
      if (delivery.type === "email") {
        const state = await this.#store.state(record.id, delivery.id);
        await this.#store.saveState(record.id, delivery.id, {
          ...state,
          nextDueAt: this.#now() + periodMs(delivery.every),
        });
      }
      this.#logger.info("alert delivered", {
        saved_search: record.id,
        delivery: delivery.id,
        message_id: pending.messageId,
        count: pending.count,
      });
      return {
        ...base,
        outcome: "delivered",
        count: pending.count,
        rest: pending.rest,
        message_id: pending.messageId,
        results,
      };
    }
    return await this.#failed(record, delivery, pending, error);
  }

  #pendingOf(
    record: SavedSearchRecord,
    delivery: StoredDelivery,
    fresh: NewPostings,
  ): PendingDelivery {
    const messageId = delivery.type === "webhook" ? `msg_${ulid()}` : `<${ulid()}@jobseek>`;
    let kept = fresh.postings;
    let rest = fresh.rest;
    const bodyOf = () =>
      JSON.stringify({
        type: "saved_search.new_postings",
        timestamp: new Date(fresh.searchedAt).toISOString(),
        data: {
          saved_search_id: record.id,
          name: record.name,
          // The saved search's parameters (its filters too), which `query` (the words as read)
          // leaves out: a receiver saw "nurse" and not that it was nurses in GB (reviewer W51). A
          // profile (a CV, up to 20,000 characters) is said by its length: sent whole to a
          // receiver at each delivery, it was a person's CV, and past the body's bound (C51).
          params: paramsToSend(record.params),
          query: fresh.reading,
          count: kept.length,
          rest,
          results: kept.map((p) => p.result),
        },
      });
    let body = bodyOf();
    // Hostile postings can be long: carry fewer and count the others, never fail the delivery.
    while (new TextEncoder().encode(body).length > BODY_MAX && kept.length > 1) {
      rest += kept.length - Math.floor(kept.length / 2);
      kept = kept.slice(0, Math.floor(kept.length / 2));
      body = bodyOf();
    }
    const now = this.#now();
    return {
      messageId,
      body,
      postingIds: kept.flatMap((p) => p.groupIds),
      count: kept.length,
      rest,
      searchedAt: fresh.searchedAt,
      firstAttemptAt: now,
      attempts: 0,
      nextAttemptAt: now,
    };
  }

  /** One attempt: null when acknowledged, else why not. */
  async #attempt(
    record: SavedSearchRecord,
    delivery: StoredDelivery,
    pending: PendingDelivery,
  ): Promise<string | null> {
    try {
      if (delivery.type === "webhook") return await this.#postWebhook(delivery, pending);
      const { smtpUrl, mailFrom } = this.#config;
      if (!smtpUrl || !mailFrom) return "email delivery is not configured on this server";
      const payload = JSON.parse(pending.body) as {
        data: { results: JobResult[]; rest: number; query?: QueryReading };
      };
      await sendDigest(
        smtpUrl,
        digestMessage({
          from: mailFrom,
          to: delivery.to,
          name: record.name,
          results: payload.data.results,
          rest: payload.data.rest,
          // A delivery written by a version before readings has none.
          reading: payload.data.query,
          ...filtersOf(record),
          ...(payload.data.rest > 0 ? await this.#moreUrl(record, delivery.id) : {}),
          unsubscribeUrl: `${record.baseUrl}${UNSUBSCRIBE_PATH}/${delivery.unsubscribeToken}`,
          messageId: pending.messageId,
        }),
      );
      return null;
    } catch (error) {
      return error instanceof Error ? error.message.slice(0, 300) : String(error).slice(0, 300);
    }
  }

  /**
   * The search page that lists every posting new to a channel (its window, as `newFor` searches
   * it): the saved search's parameters, its words as kept, and `added_since`; none for a CV's.
   */
  async #moreUrl(record: SavedSearchRecord, channel: string): Promise<{ moreUrl?: string }> {
    if (!this.#searchPage || typeof record.params.profile === "string") return {};
    const kept = readAsApplies(record) ? record.readAs : undefined;
    const page = runUrl({
      ...withoutListShape(record.params),
      ...(kept ? { q: kept.q } : {}),
      added_since: addedSince(record, await this.#windowStart(record, channel)),
    });
    return { moreUrl: `${record.baseUrl}${page}` };
  }

  async #postWebhook(
    delivery: Extract<StoredDelivery, { type: "webhook" }>,
    pending: PendingDelivery,
  ): Promise<string | null> {
    // Checked again at every attempt: the name may point elsewhere since it was saved.
    const target = await checkWebhookUrl(delivery.url, {
      allowHosts: this.#config.webhookAllowHosts,
      resolve: this.#resolve,
      publicHosts: this.#config.webhookPublic,
    });
    const at = new Date(this.#now());
    const signature = new Webhook(delivery.secret).sign(pending.messageId, at, pending.body);
    const status = await postPinned({
      url: target.url,
      addresses: target.addresses,
      headers: {
        "content-type": "application/json",
        "user-agent": "jobseek-webhooks/1",
        "webhook-id": pending.messageId,
        "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
        "webhook-signature": signature,
      },
      body: pending.body,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      readMax: RESPONSE_READ_MAX,
    });
    if (status >= 200 && status < 300) return null;
    if (status >= 300 && status < 400) {
      return `the receiver answered ${status} (a redirect, which is not followed)`;
    }
    return `the receiver answered ${status}`;
  }

  async #failed(
    record: SavedSearchRecord,
    delivery: StoredDelivery,
    pending: PendingDelivery,
    error: string,
  ): Promise<ChannelOutcome> {
    const now = this.#now();
    const attempts = pending.attempts + 1;
    const base = { delivery_id: delivery.id, type: delivery.type, error };
    const state = await this.#store.state(record.id, delivery.id);
    this.#logger.warn("alert delivery failed", {
      saved_search: record.id,
      delivery: delivery.id,
      message_id: pending.messageId,
      attempts,
      error,
    });
    if (now - pending.firstAttemptAt >= this.#config.retryForMs) {
      // The postings stay new: the next delivery (after a new index) carries them again.
      await this.#store.dropPending(record.id, delivery.id);
      await this.#store.saveState(record.id, delivery.id, {
        ...state,
        failing: true,
        failingSince: state.failingSince ?? pending.firstAttemptAt,
        lastError: error,
      });
      return { ...base, outcome: "failing", count: pending.count, rest: pending.rest };
    }
    const delay = Math.min(this.#config.retryBaseMs * 2 ** (attempts - 1), 3600_000) *
      (0.5 + Math.random());
    await this.#store.savePending(record.id, delivery.id, {
      ...pending,
      attempts,
      nextAttemptAt: now + Math.round(delay),
    });
    await this.#store.saveState(record.id, delivery.id, {
      ...state,
      failingSince: state.failingSince ?? pending.firstAttemptAt,
      lastError: error,
    });
    return {
      ...base,
      outcome: "retrying",
      count: pending.count,
      rest: pending.rest,
      message_id: pending.messageId,
    };
  }

  /**
   * What is new for the saved search, as its feed and the page's "What is new" list it (session
   * 39): its strong matches first seen since it was saved (`fresh`), newest arrival first; then,
   * up to 50 in all, the latest of its matches first seen before it was saved (`earlier`), by
   * their posting date, said as such. Until session 39 the feed listed the first of these alone,
   * within 14 days: on the real postings (stored once, published months before) every feed was
   * empty, as is any search saved on a store that has not taken in postings since. A person who
   * subscribes expects the feed to show what matches now, and what arrives on top of it.
   */
  async whatIsNew(record: SavedSearchRecord): Promise<WhatIsNew> {
    const none = () => Promise.resolve(new Set<string>());
    const savedAt = formatUtc(Math.floor(record.createdAt / 1000) * 1000);
    const seenAt = (p: NewPosting) => p.result.first_seen ?? p.result.publish_time;
    // Up to 1,000 of the best: the newest 50 are taken from those.
    const found = await this.#strongSince(record, record.createdAt, 1000, none);
    const fresh = (await Promise.all(found.postings.map((p) => this.#asFirstCopy(p))))
      .filter((p) => seenAt(p) >= savedAt)
      .sort((a, b) =>
        // Ties by id: two reads of the same postings list them alike.
        seenAt(b).localeCompare(seenAt(a)) || a.postingId.localeCompare(b.postingId)
      ).slice(0, DELIVERY_MAX);
    let earlier: NewPosting[] = [];
    if (fresh.length < DELIVERY_MAX) {
      const listed = new Set(fresh.flatMap((p) => p.groupIds));
      const all = await this.#strongSince(record, 0, 1000, none);
      earlier = (await Promise.all(
        all.postings.filter((p) => !p.groupIds.some((id) => listed.has(id)))
          .map((p) => this.#asFirstCopy(p)),
      )).filter((p) => seenAt(p) < savedAt)
        .sort((a, b) =>
          b.result.publish_time.localeCompare(a.result.publish_time) ||
          a.postingId.localeCompare(b.postingId)
        ).slice(0, DELIVERY_MAX - fresh.length);
    }
    return { fresh, earlier, reading: found.reading, savedAt: new Date(record.createdAt) };
  }

  /**
   * The feed: `whatIsNew` as Atom, its subtitle saying how many are new since the search was
   * saved, or that none is and the entries are its latest earlier matches. A read changes nothing
   * in the store: every reader (a second device, a link preview) sees the same entries, and a
   * reader tells what it has not shown yet by the entries' ids, as feed readers do.
   */
  async readFeed(record: SavedSearchRecord): Promise<string> {
    const news = await this.whatIsNew(record);
    return atomFeed({
      savedSearchId: record.id,
      name: record.name,
      selfUrl: `${record.baseUrl}${FEED_PATH}/${record.feedToken}`,
      entries: [...news.fresh, ...news.earlier].map((p) => ({
        postingId: p.postingId,
        result: p.result,
      })),
      reading: news.reading,
      ...filtersOf(record),
      emptySince: news.savedAt,
      news: whatIsNewInWords(news),
    });
  }

  /**
   * A job with reposts as its first copy (earliest `first_seen`, then lowest id): the copy a
   * result shows is the best-scoring one, which a later repost can change, while a feed entry's id
   * and time must stay what a reader saw first. A job first seen before the feed's window is
   * then left out, as a delivery leaves out a repost of what it delivered.
   */
  async #asFirstCopy(posting: NewPosting): Promise<NewPosting> {
    const { result } = posting;
    const getJob = this.#service.getJob?.bind(this.#service);
    if (posting.groupIds.length < 2 || !getJob) return posting;
    const urls = [result.job_url, ...(result.also_posted_at ?? [])];
    const copies = await Promise.all(urls.map(async (url, k) => ({
      id: posting.groupIds[k],
      url,
      seen: (await getJob(url))?.first_seen ?? result.first_seen ?? result.publish_time,
    })));
    const first = copies.reduce((a, b) =>
      b.seen < a.seen || (b.seen === a.seen && b.id < a.id) ? b : a
    );
    if (first.url === result.job_url) return posting;
    return {
      ...posting,
      postingId: first.id,
      result: {
        ...result,
        job_url: first.url,
        first_seen: first.seen,
        also_posted_at: urls.filter((url) => url !== first.url),
      },
    };
  }
}
