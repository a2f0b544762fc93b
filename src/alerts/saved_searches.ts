/**
 * Saved searches as their owners see them: create, list, read, change and remove, each owner's
 * alone (another owner's id is as absent as a missing one). The search parameters are validated
 * by the search's own parser (`parseSearchQuery`), so a saved search accepts exactly what
 * `POST /v1/search` accepts, with the same errors.
 *
 * @module
 */
import { cleanLine } from "../domain/clean_text.ts";
import { monotonicFactory } from "ulid";
import { z } from "zod";
import { DELIVERY_TYPES, DIGEST_PERIODS, type DigestPeriod } from "../domain/deliveries.ts";
import { JobseekError } from "../domain/errors.ts";
import { type QueryCorrectedResult, QueryCorrectedSchema } from "../domain/job.ts";
import { parseSearchQuery, REST_SEARCH_PARAMS } from "../domain/search_query.ts";
import { sha256Hex } from "../crypto.ts";
import { parseNear } from "../places/mod.ts";
import type { AlertsConfig } from "../config.ts";
import type {
  ChannelState,
  SavedSearchRecord,
  SavedSearchStore,
  StoredDelivery,
} from "../store/saved_search_store.ts";
import { checkWebhookUrl, type Resolve } from "./webhook_address.ts";
import { ownValue } from "../domain/own_value.ts";

const ulid = monotonicFactory();

export const NAME_MAX_LENGTH = 200;
export const DELIVERIES_MAX = 5;
export const FEED_PATH = "/v1/feeds";
export const UNSUBSCRIBE_PATH = "/v1/unsubscribe";
export const CONFIRM_PATH = "/v1/confirm";
/**
 * How long an email delivery waits for its address to confirm, from its confirmation mail; then it
 * is removed (src/alerts/alert_deliverer.ts). A month covers a holiday away from the inbox, and a
 * key holder who still wants the digest adds the address again.
 */
export const UNCONFIRMED_KEEP_MS = 30 * 24 * 3600_000;

/** Fields of a saved search's body that are not search parameters. */
const OWN_FIELDS = new Set(["name", "deliver", "paused", "rotate_feed_url"]);
/** Search parameters a saved search keeps: every field of `POST /v1/search`. */
const SEARCH_FIELDS = new Set([...REST_SEARCH_PARAMS, "profile"]);

export const DeliverInputSchema = z.array(
  z.discriminatedUnion("type", [
    z.object({ type: z.literal("webhook"), url: z.string().min(1).max(2000) }),
    z.object({
      type: z.literal("email"),
      to: z.email().max(254),
      every: z.enum(DIGEST_PERIODS).default("daily"),
    }),
  ]),
).max(DELIVERIES_MAX);
export type DeliverInput = z.infer<typeof DeliverInputSchema>[number];

/** A character that is neither white space nor one that renders as nothing (U+200B, U+FEFF). */
const SHOWN_CHARACTER = /[^\s\p{Default_Ignorable_Code_Point}\p{Cf}]/u;

// A name is one line, shown in mail subjects, the feed, webhooks and terminals: a line break, a
// control or a bidi character in it becomes a space or goes, as in a posting's title (it was
// kept, and sent raw in REST answers and webhooks: reviewer W, session 42).
// A name of zero-width spaces alone passed as a name, and its card, mail subject and feed title
// read as blank (reviewer W50): it needs a character that shows.
const NameSchema = z.string().transform((s) => cleanLine(s).trim()).pipe(
  z.string().min(1, "must not be empty").max(
    NAME_MAX_LENGTH,
    `must be at most ${NAME_MAX_LENGTH} characters`,
  ).regex(SHOWN_CHARACTER, "must hold a character that shows, not only spaces or invisible ones"),
);

function invalid(param: string, why: string): JobseekError {
  return new JobseekError("INVALID_PARAMETER", `Invalid parameter '${param}': ${why}`, { param });
}

function parseName(value: unknown): string {
  const parsed = NameSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw invalid("name", issue.code === "invalid_type" ? "must be a string" : issue.message);
}

function parseDeliver(value: unknown): DeliverInput[] {
  if (value === undefined || value === null) return [];
  const parsed = DeliverInputSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw invalid("deliver", deliverIssueInWords(parsed.error.issues[0], value));
}

/** What each delivery is, as a refusal of one that is not says it. */
const DELIVERY_SHAPE = '{"type": "webhook", "url": "https://..."} or {"type": "email", "to": ' +
  '"name@example.com", "every": "daily" | "weekly"}';
/** The fields of a delivery, in words. */
const DELIVERY_FIELD_WORDS: Record<string, string> = {
  type: '"webhook" or "email"',
  url: "an https:// URL",
  to: "an email address",
  every: '"daily" or "weekly"',
};

/**
 * Why `deliver` was refused, in words a person fixing the request reads: which delivery (counted
 * from 1) and which of its fields, never the schema library's own text ("Invalid input: expected
 * string, received undefined (at 0.to)", said to a person who wrote `"email"` for `"to"`; session
 * 38).
 */
function deliverIssueInWords(issue: z.core.$ZodIssue, value: unknown): string {
  const [index, field] = issue.path;
  if (typeof index !== "number") {
    return issue.code === "too_big"
      ? `must list at most ${DELIVERIES_MAX} deliveries`
      : `must be a list of deliveries, each ${DELIVERY_SHAPE}`;
  }
  const which = `delivery ${index + 1}`;
  const name = typeof field === "string" ? field : undefined;
  if (name === undefined || name === "type" || issue.code === "invalid_union") {
    return `${which} must be ${DELIVERY_SHAPE}`;
  }
  const words = ownValue(DELIVERY_FIELD_WORDS, name) ?? name;
  if (issue.code === "invalid_type") {
    // zod's issue does not carry the input: the delivery's own field says whether it was given.
    const delivery = Array.isArray(value) ? value[index] : undefined;
    const given = typeof delivery === "object" && delivery !== null &&
      (delivery as Record<string, unknown>)[name] !== undefined;
    return !given ? `${which} needs '${name}' (${words})` : `${which}: '${name}' must be ${words}`;
  }
  if (issue.code === "too_big") {
    return `${which}: '${name}' must be at most ${issue.maximum} characters`;
  }
  if (issue.code === "too_small") return `${which} needs '${name}' (${words})`;
  return `${which}: '${name}' must be ${words}`;
}

/**
 * Refuses a field of a saved search's body that is neither a search parameter nor one of its own:
 * a misspelt filter ("locaton") saved silently would deliver its search unfiltered for as long as
 * it runs (an alerts trial, session 59: it was refused on a change and kept quiet on creation).
 */
function refuseUnknownFields(raw: Record<string, unknown>): void {
  const unknown = Object.keys(raw).find((key) => !OWN_FIELDS.has(key) && !SEARCH_FIELDS.has(key));
  if (unknown !== undefined) {
    throw invalid(unknown, "is not a search parameter or a field of a saved search");
  }
}

/**
 * The search parameters of a body, validated as `POST /v1/search` validates them. Fields that are
 * neither are left out: a stored saved search's, from a version that took a parameter since
 * removed, is not refused at every change (reviewer C59); a body's are refused before
 * (`refuseUnknownFields`).
 */
function parseParams(raw: Record<string, unknown>): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (SEARCH_FIELDS.has(key) && value !== null && value !== undefined) params[key] = value;
  }
  const query = parseSearchQuery(params, "q");
  // What the search service refuses at search time is refused now, not at every delivery.
  if (query.near !== undefined && parseNear(query.near) === null) {
    throw invalid(
      "near",
      `no place called '${query.near.slice(0, 100)}' is known; give a city (e.g. 'Toronto', ` +
        "'Springfield, IL', 'Berlin, DE') or 'lat,lon' (e.g. '43.65,-79.38')",
    );
  }
  return params;
}

/**
 * What a search does, as one string: parameters written differently but parsed alike match, and a
 * filter's values in any order (a list filter keeps postings with any of them).
 */
function searchKey(params: Record<string, unknown>): string {
  const query: Record<string, unknown> = { ...parseSearchQuery(params, "q") };
  return JSON.stringify(
    Object.keys(query).sort().map((key) => {
      const value = query[key];
      return [key, Array.isArray(value) ? [...value].sort() : value ?? null];
    }),
  );
}

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_")
    .replace(/=+$/, "");
}

function webhookSecret(): string {
  return `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))}`;
}

export function tokenHash(token: string): string {
  return sha256Hex(`saved-search-token:${token}`);
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The answers' shapes, for the OpenAPI document (src/http/openapi_saved_searches.ts). */
export const DeliveryViewSchema = z.object({
  id: z.string().describe("The delivery's id (`wh_...` or `em_...`)."),
  type: z.enum(DELIVERY_TYPES),
  url: z.string().optional().describe("A webhook's URL."),
  to: z.string().optional().describe("An email digest's address."),
  every: z.enum(DIGEST_PERIODS).optional().describe("How often a digest is due."),
  secret: z.string().optional().describe(
    "A new webhook's signing secret (`whsec_...`, Standard Webhooks): only in the answer that " +
      "created the delivery.",
  ),
  state: z.enum(["ok", "retrying", "failing", "unconfirmed", "unsubscribed"]).describe(
    "`retrying` while a delivery is retried; `failing` once its retries ran out (24 h); " +
      "`unconfirmed`: an email address that has not yet followed the link of its confirmation " +
      "mail, which gets nothing else until it does; `unsubscribed`: the address followed a " +
      "digest's unsubscribe link and gets nothing more from this saved search (removing the " +
      "delivery and adding it again asks the address to confirm again).",
  ),
  last_error: z.string().optional(),
  unsubscribed_at: z.string().optional().describe("When an `unsubscribed` address did so."),
  confirm_by: z.string().optional().describe(
    "An `unconfirmed` address whose confirmation mail was sent: the time (30 days after the " +
      "mail) the delivery is removed if the address has not confirmed by then.",
  ),
  confirmation_held_until: z.string().optional().describe(
    "An `unconfirmed` address whose confirmation mail is held back because the key has caused " +
      "its daily cap of confirmation mails (`JOBSEEK_CONFIRMATIONS_PER_KEY_PER_DAY` in any 24 h): " +
      "when it is tried again.",
  ),
  last_delivered_at: z.string().optional(),
  failing_since: z.string().optional(),
});

export const SavedSearchViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  params: z.record(z.string(), z.unknown()).describe("The search parameters, as given."),
  query_corrected: QueryCorrectedSchema.optional().describe(
    "The words of `q` the search read as others when the saved search was made (or its `q` " +
      "changed), as the search's own `query_corrected` said then: every delivery searches " +
      "`query_corrected.q`, so postings arriving later that happen to use a word as typed do not " +
      "change what is delivered. Absent when no word was corrected.",
  ),
  deliver: z.array(DeliveryViewSchema),
  paused: z.boolean(),
  state: z.enum(["active", "paused", "failing"]),
  feed_url: z.string().describe(
    "The Atom feed of what is new, readable without a key; `rotate_feed_url` replaces it.",
  ),
  created_at: z.string(),
  updated_at: z.string(),
});

/** A delivery as its owner sees it; a webhook's secret only in the answer that created it. */
export type DeliveryView = z.infer<typeof DeliveryViewSchema>;
/** A saved search as its owner sees it: the answers' one shape, the schema's. */
export type SavedSearchView = z.infer<typeof SavedSearchViewSchema>;

export interface SavedSearchesOptions {
  store: SavedSearchStore;
  config: Readonly<AlertsConfig>;
  resolve?: Resolve;
  now?: () => number;
  /**
   * The search's `query_corrected` for these parameters now (src/alerts/query_reading.ts asks the
   * search service), kept with a saved search as what its query was read as. Without it nothing
   * is kept and each delivery reads the query as the search reads it then.
   */
  correctionOf?: (params: Record<string, unknown>) => Promise<QueryCorrectedResult | undefined>;
}

/** Saved searches of one owner at a time. */
export class SavedSearches {
  readonly #store: SavedSearchStore;
  readonly #config: Readonly<AlertsConfig>;
  readonly #resolve?: Resolve;
  readonly #now: () => number;
  readonly #correctionOf?: SavedSearchesOptions["correctionOf"];

  constructor(options: SavedSearchesOptions) {
    this.#store = options.store;
    this.#config = options.config;
    this.#resolve = options.resolve;
    this.#now = options.now ?? Date.now;
    this.#correctionOf = options.correctionOf;
  }

  /** What the query's words are read as now, to be kept with the saved search (see `readAs`). */
  async #readAs(params: Record<string, unknown>): Promise<SavedSearchRecord["readAs"]> {
    if (!this.#correctionOf || typeof params.q !== "string") return undefined;
    let corrected: QueryCorrectedResult | undefined;
    try {
      corrected = await this.#correctionOf(params);
    } catch (error) {
      // Saved while no index serves: nothing to read it against, so each delivery reads it.
      if (error instanceof JobseekError && error.code === "NOT_READY") return undefined;
      throw error;
    }
    return corrected ? { typed: params.q, q: corrected.q, words: corrected.words } : undefined;
  }

  get store(): SavedSearchStore {
    return this.#store;
  }

  /** New deliveries from their input; an existing webhook of the same URL keeps its secret. */
  async #deliveries(
    owner: string,
    inputs: DeliverInput[],
    existing: StoredDelivery[] = [],
  ): Promise<StoredDelivery[]> {
    const deliveries: StoredDelivery[] = [];
    const confirmed = inputs.some((input) => input.type === "email")
      ? await this.#confirmedAddresses(owner)
      : new Set<string>();
    for (const input of inputs) {
      if (input.type === "webhook") {
        await checkWebhookUrl(input.url, {
          allowHosts: this.#config.webhookAllowHosts,
          resolve: this.#resolve,
          publicHosts: this.#config.webhookPublic,
        });
        const same = existing.find((d) => d.type === "webhook" && d.url === input.url);
        deliveries.push(
          same ?? { id: `wh_${ulid()}`, type: "webhook", url: input.url, secret: webhookSecret() },
        );
      } else {
        if (!this.#config.smtpUrl || !this.#config.mailFrom) {
          throw invalid(
            "deliver",
            "email delivery is not configured on this server (the operator sets " +
              "JOBSEEK_SMTP_URL and JOBSEEK_MAIL_FROM)",
          );
        }
        const same = existing.find((d) =>
          d.type === "email" && d.to === input.to && d.every === input.every
        );
        deliveries.push(
          same ?? {
            id: `em_${ulid()}`,
            type: "email",
            to: input.to,
            every: input.every,
            unsubscribeToken: randomToken(),
            confirmToken: randomToken(),
            // An address that said yes to this key's digests (another period, another saved
            // search) is not asked again: the key holder could rename a saved search anyway.
            ...(confirmed.has(input.to.toLowerCase()) ? { confirmedAt: this.#now() } : {}),
          },
        );
      }
    }
    return deliveries;
  }

  /**
   * The addresses (lower-cased) that confirmed a digest of any of the owner's saved searches and
   * unsubscribed from none of them: an address that said no is asked again, not assumed.
   */
  async #confirmedAddresses(owner: string): Promise<Set<string>> {
    const addresses = new Set<string>();
    const unsubscribed = new Set<string>();
    for (const record of await this.#store.listOwned(owner)) {
      for (const d of record.deliver) {
        if (d.type !== "email") continue;
        if (d.unsubscribedAt !== undefined) unsubscribed.add(d.to.toLowerCase());
        else if (isConfirmed(d)) addresses.add(d.to.toLowerCase());
      }
    }
    for (const address of unsubscribed) addresses.delete(address);
    return addresses;
  }

  async create(
    owner: string,
    raw: Record<string, unknown>,
    baseUrl: string,
  ): Promise<SavedSearchView> {
    refuseUnknownFields(raw);
    const name = parseName(raw.name);
    const params = parseParams(raw);
    const deliver = await this.#deliveries(owner, parseDeliver(raw.deliver));
    const paused = parsePaused(raw.paused) ?? false;
    const readAs = await this.#readAs(params);
    const now = this.#now();
    const record: SavedSearchRecord = {
      id: `ss_${ulid()}`,
      owner,
      name,
      params,
      ...(readAs ? { readAs } : {}),
      deliver,
      paused,
      feedToken: randomToken(),
      baseUrl,
      createdAt: now,
      updatedAt: now,
    };
    await this.#store.add(record, {
      feedHash: tokenHash(record.feedToken),
      unsubscribe: unsubscribeTokens(deliver).map((t) => ({ hash: tokenHash(t) })),
      confirm: confirmTokens(deliver).map((t) => ({ hash: tokenHash(t) })),
    }, this.#config.maxPerOwner);
    await this.#initChannels(record, deliver, now);
    return this.#view(record, new Map(), new Set(deliver.map((d) => d.id)));
  }

  /**
   * A new delivery's mark is its creation: what was there before is not new to it. (The feed keeps
   * no mark: it shows a window of recent matches. A mark stored for it by an earlier version,
   * channel "feed", is never read again.)
   */
  async #initChannels(record: SavedSearchRecord, added: StoredDelivery[], now: number) {
    for (const channel of added.map((d) => d.id)) {
      if ((await this.#store.mark(record.id, channel)) === null) {
        await this.#store.setMark(record.id, channel, now);
      }
    }
    for (const d of added) {
      // An unconfirmed address's schedule starts when it confirms (`confirm`).
      if (d.type === "email" && mayMail(d)) {
        await this.#store.saveState(record.id, d.id, { nextDueAt: now + periodMs(d.every) });
      }
    }
  }

  /**
   * The owner's saved search that runs the same search as these parameters (deliveries and name
   * aside), or null. Invalid input, the name included, throws as `create` would: what would be
   * refused is never "already saved".
   */
  async findSame(owner: string, raw: Record<string, unknown>): Promise<SavedSearchView | null> {
    refuseUnknownFields(raw);
    parseName(raw.name);
    const wanted = searchKey(parseParams(raw));
    for (const view of await this.list(owner)) {
      let key: string;
      try {
        key = searchKey(view.params);
      } catch {
        // One saved under older rules that no longer parses is not this search, and not an error
        // of the one being saved.
        continue;
      }
      if (key === wanted) return view;
    }
    return null;
  }

  async list(owner: string): Promise<SavedSearchView[]> {
    const records = await this.#store.listOwned(owner);
    const views = [];
    for (const record of records.sort((a, b) => a.id < b.id ? -1 : 1)) {
      views.push(this.#view(record, await this.#store.states(record.id)));
    }
    return views;
  }

  async get(owner: string, id: string): Promise<SavedSearchView> {
    const record = await this.#owned(owner, id);
    return this.#view(record, await this.#store.states(record.id));
  }

  async #owned(owner: string, id: string): Promise<SavedSearchRecord> {
    const record = await this.#store.getOwned(owner, id);
    if (!record) throw notFound(id);
    return record;
  }

  /**
   * Changes the name, parameters (merged: a field set to null is removed), deliveries (replaced),
   * pause, or rotates the feed URL (the old one stops working).
   */
  async update(owner: string, id: string, raw: Record<string, unknown>): Promise<SavedSearchView> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const before = await this.#owned(owner, id);
      const after: SavedSearchRecord = { ...before, updatedAt: this.#now() };
      if ("name" in raw) after.name = parseName(raw.name);
      refuseUnknownFields(raw);
      const paramKeys = Object.keys(raw).filter((key) => !OWN_FIELDS.has(key));
      if (paramKeys.length > 0) {
        const merged: Record<string, unknown> = { ...before.params };
        for (const key of paramKeys) {
          if (raw[key] === null) delete merged[key];
          else merged[key] = raw[key];
        }
        after.params = parseParams(merged);
        if (after.params.q !== before.params.q) {
          const readAs = await this.#readAs(after.params);
          if (readAs) after.readAs = readAs;
          else delete after.readAs;
        }
      }
      let added: StoredDelivery[] = [];
      if ("deliver" in raw) {
        after.deliver = await this.#deliveries(owner, parseDeliver(raw.deliver), before.deliver);
        added = after.deliver.filter((d) => !before.deliver.some((b) => b.id === d.id));
      }
      const paused = parsePaused(raw.paused);
      if (paused !== undefined) after.paused = paused;
      if (raw.rotate_feed_url !== undefined && typeof raw.rotate_feed_url !== "boolean") {
        throw invalid("rotate_feed_url", "must be a boolean");
      }
      if (raw.rotate_feed_url === true) after.feedToken = randomToken();
      const remove: string[] = [];
      const add: { hash: string; kind: "feed" | "unsubscribe" | "confirm" }[] = [];
      for (
        const [kind, tokensOf] of [["unsubscribe", unsubscribeTokens], [
          "confirm",
          confirmTokens,
        ]] as const
      ) {
        const oldTokens = new Set(tokensOf(before.deliver));
        const newTokens = new Set(tokensOf(after.deliver));
        remove.push(...[...oldTokens].filter((t) => !newTokens.has(t)).map(tokenHash));
        add.push(
          ...[...newTokens].filter((t) => !oldTokens.has(t)).map((t) => ({
            hash: tokenHash(t),
            kind,
          })),
        );
      }
      if (after.feedToken !== before.feedToken) {
        remove.push(tokenHash(before.feedToken));
        add.push({ hash: tokenHash(after.feedToken), kind: "feed" });
      }
      if (!(await this.#store.replace(before, after, { add, remove }))) continue;
      await this.#initChannels(after, added, after.updatedAt);
      return this.#view(
        after,
        await this.#store.states(after.id),
        new Set(added.map((d) => d.id)),
      );
    }
    throw new JobseekError(
      "CONFLICT",
      "Cannot change the saved search: too many concurrent changes",
    );
  }

  async remove(owner: string, id: string): Promise<void> {
    const record = await this.#owned(owner, id);
    const hashes = [
      record.feedToken,
      ...unsubscribeTokens(record.deliver),
      ...confirmTokens(record.deliver),
    ].map(tokenHash);
    if (!(await this.#store.remove(owner, id, hashes))) throw notFound(id);
  }

  /** The owner's record, for the deliverer. */
  record(owner: string, id: string): Promise<SavedSearchRecord> {
    return this.#owned(owner, id);
  }

  /** Whether an unsubscribe token belongs to a saved search (its page says so before the button). */
  async knowsUnsubscribeToken(token: string): Promise<boolean> {
    const target = await this.#store.byToken(tokenHash(token));
    return target?.kind === "unsubscribe" && (await this.#store.get(target.id)) !== null;
  }

  /**
   * Ends the email delivery an unsubscribe token belongs to: its address gets nothing more from
   * the saved search (a digest sent now included), while the saved search and its other
   * deliveries, the owner's own webhook among them, go on. It had paused the whole saved search,
   * which the owner could resume, mailing the address again (reviewer W, session 42). False for
   * an unknown token.
   */
  async unsubscribe(token: string): Promise<boolean> {
    const target = await this.#store.byToken(tokenHash(token));
    if (target?.kind !== "unsubscribe") return false;
    for (let attempt = 0; attempt < 5; attempt++) {
      const before = await this.#store.get(target.id);
      const delivery = before?.deliver.find((d): d is EmailDelivery =>
        d.type === "email" && d.unsubscribeToken === token
      );
      if (!before || !delivery) return false;
      if (delivery.unsubscribedAt !== undefined) return true;
      const now = this.#now();
      const after = {
        ...before,
        deliver: before.deliver.map((d) =>
          d === delivery ? { ...delivery, unsubscribedAt: now } : d
        ),
        updatedAt: now,
      };
      if (await this.#store.replace(before, after, { add: [], remove: [] })) {
        await this.#store.dropPending(before.id, delivery.id);
        return true;
      }
    }
    return false;
  }

  /**
   * The saved search and email delivery a confirmation token belongs to, or null (unknown, or its
   * delivery or saved search removed).
   */
  async byConfirmToken(
    token: string,
  ): Promise<{ record: SavedSearchRecord; delivery: EmailDelivery } | null> {
    const target = await this.#store.byToken(tokenHash(token));
    if (target?.kind !== "confirm") return null;
    const record = await this.#store.get(target.id);
    const delivery = record?.deliver.find((d): d is EmailDelivery =>
      d.type === "email" && d.confirmToken === token
    );
    return record && delivery ? { record, delivery } : null;
  }

  /**
   * Confirms the email delivery a confirmation token belongs to; confirming again changes nothing.
   * Its digests are due a period after the confirmation; the first covers what became new since
   * the delivery was made. Null for an unknown token.
   */
  async confirm(
    token: string,
  ): Promise<{ record: SavedSearchRecord; delivery: EmailDelivery } | null> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const found = await this.byConfirmToken(token);
      if (!found) return null;
      if (found.delivery.confirmedAt !== undefined) return found;
      const now = this.#now();
      const delivery = { ...found.delivery, confirmedAt: now };
      const after = {
        ...found.record,
        deliver: found.record.deliver.map((d) => d.id === delivery.id ? delivery : d),
      };
      if (!(await this.#store.replace(found.record, after, { add: [], remove: [] }))) continue;
      const { confirmationRetryAt: _retry, confirmationHeldByCap: _held, ...state } = await this
        .#store.state(
          after.id,
          delivery.id,
        );
      await this.#store.saveState(after.id, delivery.id, {
        ...state,
        nextDueAt: now + periodMs(delivery.every),
      });
      return { record: after, delivery };
    }
    throw new JobseekError("CONFLICT", "Cannot confirm: too many concurrent changes");
  }

  /** The saved search a feed token names, or null (unknown or rotated token). */
  async byFeedToken(token: string): Promise<SavedSearchRecord | null> {
    const target = await this.#store.byToken(tokenHash(token));
    if (target?.kind !== "feed") return null;
    const record = await this.#store.get(target.id);
    return record?.feedToken === token ? record : null;
  }

  #view(
    record: SavedSearchRecord,
    states: Map<string, ChannelState>,
    showSecrets: Set<string> = new Set(),
  ): SavedSearchView {
    const deliver = record.deliver.map((d): DeliveryView => {
      const state = states.get(d.id) ?? {};
      const view: DeliveryView = d.type === "webhook"
        ? {
          id: d.id,
          type: "webhook",
          url: d.url,
          ...(showSecrets.has(d.id) ? { secret: d.secret } : {}),
          state: "ok",
        }
        : { id: d.id, type: "email", to: d.to, every: d.every, state: "ok" };
      view.state = d.type === "email" && d.unsubscribedAt !== undefined
        ? "unsubscribed"
        : d.type === "email" && !isConfirmed(d)
        ? "unconfirmed"
        : state.failing
        ? "failing"
        : state.failingSince !== undefined
        ? "retrying"
        : "ok";
      if (state.lastError) view.last_error = state.lastError;
      if (d.type === "email" && d.unsubscribedAt !== undefined) {
        view.unsubscribed_at = iso(d.unsubscribedAt);
      }
      const confirmBy = confirmDeadline(d, state);
      if (confirmBy !== null) view.confirm_by = iso(confirmBy);
      const heldUntil = capHeldUntil(d, state);
      if (heldUntil !== null) view.confirmation_held_until = iso(heldUntil);
      if (state.failingSince !== undefined) view.failing_since = iso(state.failingSince);
      if (state.lastDeliveredAt !== undefined) view.last_delivered_at = iso(state.lastDeliveredAt);
      return view;
    });
    return {
      id: record.id,
      name: record.name,
      params: record.params,
      ...(readAsApplies(record)
        ? { query_corrected: { q: record.readAs!.q, words: record.readAs!.words } }
        : {}),
      deliver,
      paused: record.paused,
      state: record.paused
        ? "paused"
        : deliver.some((d) => d.state === "failing")
        ? "failing"
        : "active",
      feed_url: `${record.baseUrl}${FEED_PATH}/${record.feedToken}`,
      created_at: iso(record.createdAt),
      updated_at: iso(record.updatedAt),
    };
  }
}

function parsePaused(value: unknown): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "boolean") throw invalid("paused", "must be a boolean");
  return value;
}

function unsubscribeTokens(deliver: StoredDelivery[]): string[] {
  return deliver.flatMap((d) => d.type === "email" ? [d.unsubscribeToken] : []);
}

function confirmTokens(deliver: StoredDelivery[]): string[] {
  return deliver.flatMap((d) => d.type === "email" && d.confirmToken ? [d.confirmToken] : []);
}

export type EmailDelivery = Extract<StoredDelivery, { type: "email" }>;

/**
 * Whether an email delivery's address said yes: it confirmed, or the delivery was stored before
 * confirmations existed (no token).
 */
export function isConfirmed(d: EmailDelivery): boolean {
  return d.confirmToken === undefined || d.confirmedAt !== undefined;
}

/** Whether an email delivery may get digests: its address said yes and has not unsubscribed. */
export function mayMail(d: EmailDelivery): boolean {
  return isConfirmed(d) && d.unsubscribedAt === undefined;
}

/** Whether an email delivery still waits for its address's yes (and may be asked for it). */
export function awaitsConfirmation(d: EmailDelivery): boolean {
  return !isConfirmed(d) && d.unsubscribedAt === undefined;
}

/**
 * When an unconfirmed email delivery is removed: `UNCONFIRMED_KEEP_MS` after its confirmation mail.
 * Null for any other delivery, and for one whose mail was not sent yet (held back by the
 * address's day, or refused by the mail server): it has not been asked.
 */
export function confirmDeadline(d: StoredDelivery, state: ChannelState): number | null {
  if (d.type !== "email" || !awaitsConfirmation(d) || state.confirmationSentAt === undefined) {
    return null;
  }
  return state.confirmationSentAt + UNCONFIRMED_KEEP_MS;
}

/**
 * Until when an unconfirmed email delivery's confirmation mail is held back by its owner's daily
 * cap on confirmation mails, or null.
 */
export function capHeldUntil(d: StoredDelivery, state: ChannelState): number | null {
  if (d.type !== "email" || !awaitsConfirmation(d) || state.confirmationSentAt !== undefined) {
    return null;
  }
  if (!state.confirmationHeldByCap || state.confirmationRetryAt === undefined) return null;
  return state.confirmationRetryAt;
}

/**
 * Removes deliveries from a saved search, their unsubscribe and confirmation links with them;
 * false when the record changed since `before` was read.
 */
export function removeDeliveries(
  store: SavedSearchStore,
  before: SavedSearchRecord,
  ids: Set<string>,
  now: number,
): Promise<boolean> {
  const gone = before.deliver.filter((d) => ids.has(d.id));
  return store.replace(
    before,
    { ...before, deliver: before.deliver.filter((d) => !ids.has(d.id)), updatedAt: now },
    { add: [], remove: [...unsubscribeTokens(gone), ...confirmTokens(gone)].map(tokenHash) },
  );
}

/**
 * Whether the saved search's kept reading is of its query as it stands: a `q` changed by a version
 * that did not keep one (or by hand in the store) is read anew.
 */
export function readAsApplies(record: SavedSearchRecord): boolean {
  return record.readAs !== undefined && record.readAs.typed === record.params.q;
}

export function periodMs(every: DigestPeriod): number {
  return (every === "daily" ? 1 : 7) * 24 * 3600_000;
}

export function notFound(id: string): JobseekError {
  return new JobseekError("NOT_FOUND", `Not found: no saved search '${id.slice(0, 100)}'`);
}
