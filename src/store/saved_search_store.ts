/**
 * Saved searches and what their deliveries need to deliver each new posting once: the records and
 * their owner's list, the feed and unsubscribe tokens, per delivery channel the mark of the last
 * acknowledged delivery, the postings it carried, a delivery written before it is sent (so that a
 * server killed while sending leaves it to another), and a lease per saved search so that of the
 * servers sharing a store one delivers it at a time.
 *
 * @module
 */
import { z } from "zod";
import { DIGEST_PERIODS } from "../domain/deliveries.ts";
import { JobseekError } from "../domain/errors.ts";
import { keys } from "./kv_keys.ts";
import { releaseLease, takeLease } from "./lease.ts";
import type { KvAccess } from "./kv.ts";

export const WebhookDeliverySchema = z.object({
  id: z.string(),
  type: z.literal("webhook"),
  url: z.string(),
  /** `whsec_` and base64: shown once, when the delivery is created. */
  secret: z.string(),
});
export const EmailDeliverySchema = z.object({
  id: z.string(),
  type: z.literal("email"),
  to: z.string(),
  every: z.enum(DIGEST_PERIODS),
  /** The one-click unsubscribe token (its sha256 is indexed). */
  unsubscribeToken: z.string(),
  /**
   * The confirmation link's token (its sha256 is indexed): nothing but one confirmation mail goes
   * to the address until it is confirmed. A delivery stored before confirmations has none and
   * counts as confirmed.
   */
  confirmToken: z.string().optional(),
  /** When the address confirmed (ms). */
  confirmedAt: z.number().optional(),
  /**
   * When the address unsubscribed by its link (ms): nothing more is sent to it, whatever the owner
   * does; the saved search and its other deliveries go on.
   */
  unsubscribedAt: z.number().optional(),
});
export const StoredDeliverySchema = z.discriminatedUnion("type", [
  WebhookDeliverySchema,
  EmailDeliverySchema,
]);
export type StoredDelivery = z.infer<typeof StoredDeliverySchema>;

export const SavedSearchRecordSchema = z.object({
  id: z.string(),
  owner: z.string(),
  name: z.string(),
  /**
   * The search parameters as given (validated by `parseSearchQuery` on the way in). A `radius_km`
   * without `near`, accepted and ignored until session 37 and refused since, is read as absent:
   * a saved search stored then must not fail every delivery and edit for it.
   */
  params: z.record(z.string(), z.unknown()).transform((params) => {
    const near = params.near;
    if (params.radius_km === undefined || (typeof near === "string" && near.trim() !== "")) {
      return params;
    }
    const { radius_km: _ignored, ...rest } = params;
    return rest;
  }),
  deliver: z.array(StoredDeliverySchema),
  /**
   * The words of `params.q` the search read as others when it was saved (its `query_corrected`),
   * kept with the query as typed: every delivery searches them so, whatever the postings arriving
   * later add to the index's words (one posting that writes "Nurce" would otherwise make a saved
   * "nurce" a search for that one posting). Absent when nothing was corrected, and on saved
   * searches stored before it existed (read as the search reads them today).
   */
  readAs: z.object({
    typed: z.string(),
    q: z.string(),
    words: z.array(z.object({ from: z.string(), to: z.string() })),
  }).optional(),
  paused: z.boolean(),
  /** The feed URL's token: owner-readable, so `GET` can show the URL again. */
  feedToken: z.string(),
  /** The base URL the feed and unsubscribe links are made from. */
  baseUrl: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type SavedSearchRecord = z.infer<typeof SavedSearchRecordSchema>;

const TokenTargetSchema = z.object({
  id: z.string(),
  kind: z.enum(["feed", "unsubscribe", "confirm"]),
});
export type TokenTarget = z.infer<typeof TokenTargetSchema>;

/** A channel's mark: the time (ms) the last acknowledged delivery's search ran. */
const MarkSchema = z.object({ searchedAt: z.number() });

export const PendingDeliverySchema = z.object({
  /** The Standard Webhooks `webhook-id` (or the email's Message-ID): the same on every retry. */
  messageId: z.string(),
  /** The JSON body (webhook) or the digest's payload (email), exactly as first made. */
  body: z.string(),
  /** The postings it carries and their reposts' ids: what becomes "sent" once acknowledged. */
  postingIds: z.array(z.string()),
  count: z.number().int(),
  rest: z.number().int(),
  searchedAt: z.number(),
  firstAttemptAt: z.number(),
  attempts: z.number().int(),
  nextAttemptAt: z.number(),
});
export type PendingDelivery = z.infer<typeof PendingDeliverySchema>;

export const ChannelStateSchema = z.object({
  /** Since when every attempt failed (ms), while retrying. */
  failingSince: z.number().optional(),
  /** True once the retries ran out (24 h): the saved search shows as failing. */
  failing: z.boolean().optional(),
  lastError: z.string().optional(),
  lastDeliveredAt: z.number().optional(),
  /** Email: when the next digest is due (ms). */
  nextDueAt: z.number().optional(),
  /** Email, unconfirmed: when its one confirmation mail was sent (ms). */
  confirmationSentAt: z.number().optional(),
  /** Email, unconfirmed: when to try the confirmation mail again after a failure or a refusal. */
  confirmationRetryAt: z.number().optional(),
  /**
   * Email, unconfirmed: its mail is held back by the owner's daily cap on confirmation mails until
   * `confirmationRetryAt` (shown to the owner, and logged once).
   */
  confirmationHeldByCap: z.boolean().optional(),
});
export type ChannelState = z.infer<typeof ChannelStateSchema>;

const SentSchema = z.literal(1);

/** When each confirmation mail an owner caused in the window went out (ms). */
const SentTimesSchema = z.array(z.number());

/** Why a confirmation mail may not go yet, and when it may (ms). */
export interface ConfirmationHold {
  /** `address`: the address had one in the window; `key`: the owner's cap is reached. */
  by: "address" | "key";
  until: number;
}

/** How long a delivered posting is remembered (a repost of it later is not new): 120 days. */
const SENT_KEPT_MS = 120 * 24 * 3600_000;

/** Saved-search records, their tokens, marks, sent postings, pending deliveries and leases. */
export class SavedSearchStore {
  readonly #kv: KvAccess;

  constructor(kv: KvAccess) {
    this.#kv = kv;
  }

  /**
   * Adds a saved search unless its owner already has `maxPerOwner`; LIMIT_EXCEEDED then. The
   * owner's count is checked in the commit, so two racing adds cannot both pass the limit.
   */
  async add(
    record: SavedSearchRecord,
    tokens: {
      feedHash: string;
      unsubscribe: { hash: string }[];
      confirm?: { hash: string }[];
    },
    maxPerOwner: number,
  ): Promise<void> {
    // Only the owner's own concurrent adds contend here: retry with jitter until one place is
    // decided for each.
    for (let attempt = 0; attempt < 200; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * 10));
      const counter = await this.#kv.get(keys.savedSearchCount(record.owner), z.number());
      const owned = counter.value ?? 0;
      if (owned >= maxPerOwner) {
        throw new JobseekError(
          "LIMIT_EXCEEDED",
          `Cannot save the search: this key already has ${owned} saved searches, the most ` +
            `allowed (${maxPerOwner}); remove one first`,
        );
      }
      const ok = await this.#kv.commit((op) => {
        op.check(counter)
          .check({ key: keys.savedSearch(record.id), versionstamp: null })
          .set(keys.savedSearch(record.id), record)
          .set(keys.savedSearchByOwner(record.owner, record.id), true)
          .set(keys.savedSearchCount(record.owner), owned + 1)
          .set(keys.savedSearchByToken(tokens.feedHash), { id: record.id, kind: "feed" });
        for (const { hash } of tokens.unsubscribe) {
          op.set(keys.savedSearchByToken(hash), { id: record.id, kind: "unsubscribe" });
        }
        for (const { hash } of tokens.confirm ?? []) {
          op.set(keys.savedSearchByToken(hash), { id: record.id, kind: "confirm" });
        }
      });
      if (ok) return;
    }
    throw new JobseekError("CONFLICT", "Cannot save the search: too many concurrent changes");
  }

  async get(id: string): Promise<SavedSearchRecord | null> {
    return (await this.#kv.get(keys.savedSearch(id), SavedSearchRecordSchema)).value;
  }

  /** The owner's saved search, or null: another owner's is as absent as a missing one. */
  async getOwned(owner: string, id: string): Promise<SavedSearchRecord | null> {
    const record = await this.get(id);
    return record?.owner === owner ? record : null;
  }

  async ownedIds(owner: string): Promise<string[]> {
    const ids: string[] = [];
    for await (const key of this.#kv.listKeys({ prefix: keys.savedSearchesByOwnerPrefix(owner) })) {
      ids.push(String(key.at(-1)));
    }
    return ids;
  }

  async listOwned(owner: string): Promise<SavedSearchRecord[]> {
    const ids = await this.ownedIds(owner);
    const reads = await this.#kv.getMany(ids.map(keys.savedSearch), SavedSearchRecordSchema);
    return reads.flatMap((read) => read.value ? [read.value] : []);
  }

  /** Every saved search (the deliverer's pass). */
  async *all(): AsyncIterable<SavedSearchRecord> {
    for await (
      const entry of this.#kv.list({ prefix: keys.savedSearchesPrefix() }, SavedSearchRecordSchema)
    ) yield entry.value;
  }

  /**
   * Replaces a record; tokens no longer used are dropped and new ones indexed. False when the
   * record changed since `before` was read (the caller reads again).
   */
  async replace(
    before: SavedSearchRecord,
    after: SavedSearchRecord,
    tokens: { add: { hash: string; kind: TokenTarget["kind"] }[]; remove: string[] },
  ): Promise<boolean> {
    const current = await this.#kv.get(keys.savedSearch(before.id), SavedSearchRecordSchema);
    if (current.value === null || JSON.stringify(current.value) !== JSON.stringify(before)) {
      return false;
    }
    return await this.#kv.commit((op) => {
      op.check(current).set(keys.savedSearch(after.id), after);
      for (const hash of tokens.remove) op.delete(keys.savedSearchByToken(hash));
      for (const { hash, kind } of tokens.add) {
        op.set(keys.savedSearchByToken(hash), { id: after.id, kind });
      }
    });
  }

  /** Removes a saved search and everything kept for it; false when the owner has none of that id. */
  async remove(owner: string, id: string, tokenHashes: string[]): Promise<boolean> {
    const current = await this.#kv.get(keys.savedSearch(id), SavedSearchRecordSchema);
    if (current.value?.owner !== owner) return false;
    const counterKey = keys.savedSearchCount(owner);
    const counter = await this.#kv.get(counterKey, z.number());
    const ok = await this.#kv.commit((op) => {
      op.check(current).check(counter).delete(keys.savedSearch(id))
        .delete(keys.savedSearchByOwner(owner, id))
        .set(counterKey, Math.max(0, (counter.value ?? 1) - 1));
      for (const hash of tokenHashes) op.delete(keys.savedSearchByToken(hash));
    });
    if (!ok) return await this.remove(owner, id, tokenHashes);
    for (
      const prefix of [
        keys.alertMarksPrefix(id),
        keys.alertSentPrefix(id),
        keys.alertPendingPrefix(id),
        keys.alertStatesPrefix(id),
      ]
    ) {
      for await (const key of this.#kv.listKeys({ prefix })) await this.#kv.delete(key);
    }
    await this.#kv.delete(keys.alertLease(id));
    return true;
  }

  async byToken(tokenHash: string): Promise<TokenTarget | null> {
    return (await this.#kv.get(keys.savedSearchByToken(tokenHash), TokenTargetSchema)).value;
  }

  /** The channel's mark (ms), or null before its first acknowledged delivery. */
  async mark(id: string, channel: string): Promise<number | null> {
    return (await this.#kv.get(keys.alertMark(id, channel), MarkSchema)).value?.searchedAt ?? null;
  }

  /** Which of `postingIds` the channel already delivered. */
  async sentAmong(id: string, channel: string, postingIds: string[]): Promise<Set<string>> {
    const reads = await this.#kv.getMany(
      postingIds.map((postingId) => keys.alertSent(id, channel, postingId)),
      SentSchema,
    );
    const sent = new Set<string>();
    reads.forEach((read, i) => {
      if (read.versionstamp !== null) sent.add(postingIds[i]);
    });
    return sent;
  }

  /**
   * Records an acknowledged delivery: its postings sent, the mark moved (never back), and the
   * pending delivery (if any) gone, in as few commits as KV allows; the pending record goes last,
   * so that a crash between commits repeats a delivery rather than losing one.
   */
  async acknowledge(
    id: string,
    channel: string,
    delivered: { postingIds: string[]; searchedAt: number; at: number },
  ): Promise<void> {
    const writer = this.#kv.splitCommit("record a delivery");
    for (const postingId of new Set(delivered.postingIds)) {
      await writer.add((group) =>
        group.set(keys.alertSent(id, channel, postingId), 1, { expireIn: SENT_KEPT_MS })
      );
    }
    await writer.flush();
    const mark = await this.#kv.get(keys.alertMark(id, channel), MarkSchema);
    const state = await this.state(id, channel);
    await this.#kv.commit((op) => {
      if ((mark.value?.searchedAt ?? 0) < delivered.searchedAt) {
        op.set(keys.alertMark(id, channel), { searchedAt: delivered.searchedAt });
      }
      op.set(keys.alertState(id, channel), {
        ...(state.nextDueAt !== undefined ? { nextDueAt: state.nextDueAt } : {}),
        lastDeliveredAt: delivered.at,
      }).delete(keys.alertPending(id, channel));
    });
  }

  /** Sets a channel's mark without a delivery (a new channel starts at its creation). */
  async setMark(id: string, channel: string, searchedAt: number): Promise<void> {
    await this.#kv.set(keys.alertMark(id, channel), { searchedAt });
  }

  async pending(id: string, channel: string): Promise<PendingDelivery | null> {
    return (await this.#kv.get(keys.alertPending(id, channel), PendingDeliverySchema)).value;
  }

  /** Every pending delivery, with its saved search and channel. */
  async *allPending(): AsyncIterable<{ id: string; channel: string; pending: PendingDelivery }> {
    for await (
      const entry of this.#kv.list({ prefix: keys.alertPendingPrefix() }, PendingDeliverySchema)
    ) {
      yield { id: String(entry.key[1]), channel: String(entry.key[2]), pending: entry.value };
    }
  }

  async savePending(id: string, channel: string, pending: PendingDelivery): Promise<void> {
    await this.#kv.set(keys.alertPending(id, channel), pending);
  }

  async dropPending(id: string, channel: string): Promise<void> {
    await this.#kv.delete(keys.alertPending(id, channel));
  }

  async state(id: string, channel: string): Promise<ChannelState> {
    return (await this.#kv.get(keys.alertState(id, channel), ChannelStateSchema)).value ?? {};
  }

  async states(id: string): Promise<Map<string, ChannelState>> {
    const states = new Map<string, ChannelState>();
    for await (
      const entry of this.#kv.list({ prefix: keys.alertStatesPrefix(id) }, ChannelStateSchema)
    ) states.set(String(entry.key.at(-1)), entry.value);
    return states;
  }

  async saveState(id: string, channel: string, state: ChannelState): Promise<void> {
    await this.#kv.set(keys.alertState(id, channel), state);
  }

  /**
   * Claims a confirmation mail, for both of its limits in one commit (servers sharing a store
   * cannot together pass either): the one mail an address may get per `windowMs`, whichever key
   * asked, and one of the `perOwner` mails the owner (its API key) may cause per `windowMs`. Null
   * when both allow it, the claim recorded; otherwise which limit holds it (the key's cap when
   * both do) and when both allow it again (ms).
   */
  async claimConfirmation(
    claim: { addressHash: string; owner: string; now: number },
    limits: { windowMs: number; perOwner: number },
  ): Promise<ConfirmationHold | null> {
    const { addressHash, owner, now } = claim;
    const { windowMs, perOwner } = limits;
    const addressKey = keys.confirmationSent(addressHash);
    const ownerKey = keys.confirmationsByOwner(owner);
    for (let attempt = 0;; attempt++) {
      // Another server's claim for the same key or address won the commit: read again.
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * 10));
      const last = await this.#kv.get(addressKey, z.number());
      const sent = await this.#kv.get(ownerKey, SentTimesSchema);
      const recent = (sent.value ?? []).filter((at) => now - at < windowMs).sort((a, b) => a - b);
      const addressFree = last.value === null || now - last.value >= windowMs
        ? null
        : last.value + windowMs;
      // The owner may send again once enough of its mails are a window old to leave room for one.
      const ownerFree = recent.length < perOwner
        ? null
        : recent[recent.length - perOwner] + windowMs;
      if (addressFree !== null || ownerFree !== null) {
        return {
          by: ownerFree !== null ? "key" : "address",
          until: Math.max(addressFree ?? 0, ownerFree ?? 0),
        };
      }
      const ok = await this.#kv.commit((op) =>
        op.check(last).check(sent)
          .set(addressKey, now, { expireIn: Math.max(1, windowMs) })
          .set(ownerKey, [...recent, now], { expireIn: Math.max(1, windowMs) })
      );
      if (ok) return null;
    }
  }

  /**
   * Gives back a claim whose mail was not sent (the SMTP server refused it): the address's day and
   * the owner's mail.
   */
  async releaseConfirmation(
    claim: { addressHash: string; owner: string; now: number },
  ): Promise<void> {
    const addressKey = keys.confirmationSent(claim.addressHash);
    const ownerKey = keys.confirmationsByOwner(claim.owner);
    for (let attempt = 0; attempt < 20; attempt++) {
      const last = await this.#kv.get(addressKey, z.number());
      const sent = await this.#kv.get(ownerKey, SentTimesSchema);
      const times = [...(sent.value ?? [])];
      const mine = times.indexOf(claim.now);
      if (mine >= 0) times.splice(mine, 1);
      const ok = await this.#kv.commit((op) => {
        op.check(last, sent);
        if (last.value === claim.now) op.delete(addressKey);
        // The expiry only clears the record away: a claim reads the times by their age.
        if (mine >= 0) op.set(ownerKey, times, { expireIn: 24 * 3600_000 });
      });
      if (ok) return;
    }
  }

  /** Takes the saved search's delivery lease for `ms` unless another owner holds a live one. */
  takeLease(id: string, owner: string, ms: number, now = Date.now()): Promise<boolean> {
    return takeLease(this.#kv, keys.alertLease(id), owner, ms, now);
  }

  releaseLease(id: string, owner: string): Promise<void> {
    return releaseLease(this.#kv, keys.alertLease(id), owner);
  }
}
