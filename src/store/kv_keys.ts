/**
 * The only place Deno KV key tuples are spelled. Secondary indexes are named by their lookup.
 *
 * @module
 */

export const keys = {
  job: (id: string) => ["jobs", id] as const,
  jobsPrefix: () => ["jobs"] as const,
  jobByCity: (country: string, city: string, id: string) =>
    ["jobs_by_city", country, city, id] as const,
  jobsByCityPrefix: () => ["jobs_by_city"] as const,
  /** When postings were last written (ms), to tell an index that lacks some of them. */
  jobsChangedAt: () => ["jobs_changed_at"] as const,
  /**
   * A posting written at `at` (ms): the change log an index delta is made from (expires after a
   * week; an index older than that is rebuilt whole).
   */
  jobChange: (at: number, id: string) => ["jobs_changes", at, id] as const,
  jobChangesPrefix: () => ["jobs_changes"] as const,
  /** Since when (ms) the change log is kept: older changes are not in it. */
  jobChangesFrom: () => ["jobs_changes_from"] as const,
  /** Postings by `publish_time`: those past the retention are one range of keys. */
  jobByTime: (publishTime: string, id: string) => ["jobs_by_time", publishTime, id] as const,
  jobsByTimePrefix: () => ["jobs_by_time"] as const,
  /** Set once every stored posting has its `jobs_by_time` entry (stores older than the index). */
  jobsByTimeComplete: () => ["jobs_by_time_complete"] as const,
  /** When an import last saw the posting (ms), written at most once a day (lifecycle.ts). */
  jobLastSeen: (id: string) => ["jobs_last_seen", id] as const,
  /**
   * How many postings were ever inserted (a KvU64 sum, grown in the insert's commit): less the
   * purged ones, the number stored, without reading every posting.
   */
  jobsInserted: () => ["jobs_inserted"] as const,
  /** Set once `jobs_inserted` was set from a count of the store (stores older than the counter). */
  jobsInsertedCounted: () => ["jobs_inserted_counted"] as const,
  /**
   * Set (true) on a store whose first posting was written by a version that keeps postings as
   * UTF-8 JSON (src/store/posting_value.ts); a store holding postings without it keeps objects.
   */
  postingsAsJson: () => ["jobs_as_json"] as const,
  /** How many postings the purge deleted, by why they had expired (a KvU64 sum). */
  purged: (reason: "retention" | "source") => ["jobs_purged", reason] as const,
  /** The last purge run: when, and what it deleted. */
  lastPurge: () => ["jobs_last_purge"] as const,

  importRun: (runId: string) => ["import_runs", runId] as const,
  importRunsPrefix: () => ["import_runs"] as const,

  embedding: (model: string, textHash: string) => ["embeddings", model, textHash] as const,

  snapshotMeta: (snapId: string) => ["index_snapshots", snapId, "meta"] as const,
  snapshotChunk: (snapId: string, n: number) => ["index_snapshots", snapId, "chunk", n] as const,
  snapshotChunksPrefix: (snapId: string) => ["index_snapshots", snapId, "chunk"] as const,
  snapshotPrefix: (snapId: string) => ["index_snapshots", snapId] as const,
  snapshotsPrefix: () => ["index_snapshots"] as const,
  currentSnapshot: () => ["index_current"] as const,
  /** Who may publish now, and until when (ms): one server of those sharing a store at a time. */
  publishLease: () => ["index_publish_lease"] as const,

  source: (name: string) => ["sources", name] as const,
  sourcesPrefix: () => ["sources"] as const,
  /** Who pulls the source now, and until when (ms). */
  sourceLease: (name: string) => ["source_leases", name] as const,
  /** When the source last listed the posting (ms). */
  sourceListing: (name: string, id: string) => ["source_listings", name, id] as const,
  sourceListingsPrefix: (name: string) => ["source_listings", name] as const,
  /** The store's retention and purge settings (src/store/lifecycle_settings_store.ts). */
  lifecycleSettings: () => ["settings", "lifecycle"] as const,

  apiKey: (keyHash: string) => ["api_keys", keyHash] as const,
  apiKeysPrefix: () => ["api_keys"] as const,
  apiKeyByName: (name: string) => ["api_keys_by_name", name] as const,

  rateBuckets: (subject: string) => ["rate_buckets", subject] as const,

  oauthClient: (clientId: string) => ["oauth_clients", clientId] as const,
  oauthCode: (codeHash: string) => ["oauth_codes", codeHash] as const,
  oauthAccessToken: (tokenHash: string) => ["oauth_access_tokens", tokenHash] as const,
  oauthRefreshToken: (tokenHash: string) => ["oauth_refresh_tokens", tokenHash] as const,
  oauthConsent: (formTokenHash: string) => ["oauth_consents", formTokenHash] as const,
  oauthGrant: (grantId: string) => ["oauth_grants", grantId] as const,
  oauthClientsPrefix: () => ["oauth_clients"] as const,
  /** The prefixes of the OAuth records that carry an `expiresAt`. */
  oauthExpiringPrefixes: () =>
    [
      ["oauth_codes"],
      ["oauth_access_tokens"],
      ["oauth_refresh_tokens"],
      ["oauth_consents"],
      ["oauth_grants"],
    ] as const,
  /** Random secrets the servers sharing a store share (e.g. the consent-form signing key). */
  secret: (name: string) => ["secrets", name] as const,
  /** A web page session by the hash of its cookie's token (src/store/web_session_store.ts). */
  webSession: (tokenHash: string) => ["web_sessions", tokenHash] as const,
  /** The CV a web session searched last, kept while the session lasts (its results page's). */
  webSessionCv: (tokenHash: string) => ["web_session_cvs", tokenHash] as const,

  /** Saved searches (src/store/saved_search_store.ts), by id, and their owner's list. */
  savedSearch: (id: string) => ["saved_searches", id] as const,
  savedSearchesPrefix: () => ["saved_searches"] as const,
  savedSearchByOwner: (owner: string, id: string) =>
    ["saved_searches_by_owner", owner, id] as const,
  savedSearchesByOwnerPrefix: (owner: string) => ["saved_searches_by_owner", owner] as const,
  /** How many saved searches the owner has: checked by every add, so racing adds count right. */
  savedSearchCount: (owner: string) => ["saved_search_counts", owner] as const,
  /** A feed URL's, an email's unsubscribe or confirmation token (sha256) to its saved search. */
  savedSearchByToken: (tokenHash: string) => ["saved_search_tokens", tokenHash] as const,
  /** Per delivery channel: when the last acknowledged delivery searched (its mark). */
  alertMark: (id: string, channel: string) => ["alert_marks", id, channel] as const,
  alertMarksPrefix: (id: string) => ["alert_marks", id] as const,
  /** Per delivery channel: the postings an acknowledged delivery carried (and their reposts). */
  alertSent: (id: string, channel: string, postingId: string) =>
    ["alert_sent", id, channel, postingId] as const,
  alertSentPrefix: (id: string) => ["alert_sent", id] as const,
  /** A delivery written before it is sent, kept until acknowledged or given up. */
  alertPending: (id: string, channel: string) => ["alert_pending", id, channel] as const,
  alertPendingPrefix: (id?: string) =>
    (id === undefined ? ["alert_pending"] : ["alert_pending", id]) as Deno.KvKey,
  /** Per delivery channel: retrying, failing, last delivery. */
  alertState: (id: string, channel: string) => ["alert_states", id, channel] as const,
  alertStatesPrefix: (id: string) => ["alert_states", id] as const,
  /** Which server delivers this saved search now, and until when (ms). */
  alertLease: (id: string) => ["alert_leases", id] as const,
  /** When a confirmation mail last went to an address (by its sha256), whichever key asked. */
  confirmationSent: (addressHash: string) => ["alert_confirmations_sent", addressHash] as const,
  /** When the confirmation mails an owner (API key) caused in the last 24 h went out (ms). */
  confirmationsByOwner: (owner: string) => ["alert_confirmations_by_owner", owner] as const,
};

/** The empty-string slot used in `jobs_by_city` for postings whose country is unknown. */
export const NO_COUNTRY = "";

/** The posting a `jobs_by_city` key stands for, or null for a key of another shape. */
export function parseJobByCity(
  key: Deno.KvKey,
): { country: string; city: string; id: string } | null {
  const [kind, country, city, id] = key;
  if (
    key.length !== 4 || kind !== "jobs_by_city" || typeof country !== "string" ||
    typeof city !== "string" || typeof id !== "string"
  ) return null;
  return { country, city, id };
}

/**
 * What an `index_snapshots` key is: the snapshot's meta record or its chunk number `n`; null for
 * a key of another shape.
 */
export function parseSnapshotKey(
  key: Deno.KvKey,
): { snapId: string; part: "meta" } | { snapId: string; part: "chunk"; n: number } | null {
  const [kind, snapId, part, n] = key;
  if (kind !== "index_snapshots" || typeof snapId !== "string") return null;
  if (key.length === 3 && part === "meta") return { snapId, part };
  if (key.length === 4 && part === "chunk" && typeof n === "number") return { snapId, part, n };
  return null;
}
