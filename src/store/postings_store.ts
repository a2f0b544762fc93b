/**
 * Postings, their city and publish-time indexes, when imports last saw them, their purge, and the
 * records of import runs.
 *
 * @module
 */
import { z } from "zod";
import { type CityCount, type Job, JobSchema } from "../domain/job.ts";
import { JobseekError } from "../domain/errors.ts";
import { jobFingerprint } from "../domain/job_fingerprint.ts";
import { formatUtc, parseUtc, seenAgain } from "../domain/lifecycle.ts";
import { keys, NO_COUNTRY, parseJobByCity } from "./kv_keys.ts";
import type { KvAccess } from "./kv.ts";
import { KV_LIMITS, sizeOf } from "./kv_limits.ts";

/**
 * What upsertJobs and the purge need of a stored posting that may fail JobSchema: where it is
 * indexed, and since when it is known.
 */
const StoredPlaceSchema = z.object({
  city: z.string(),
  country: z.string().optional(),
  publish_time: z.string().optional(),
  first_seen: z.string().optional(),
});
type StoredPlace = z.infer<typeof StoredPlaceSchema>;

const PublishTimeOnlySchema = z.object({ publish_time: z.string() });
const LastSeenSchema = z.number();
const CountSchema = z.instanceof(Deno.KvU64);
/** A change log entry's value: the written posting's fingerprint, or 1 where older code logged. */
const ChangeFingerprintSchema = z.union([z.string(), z.literal(1)]);

/** Why a purged posting had expired: past the retention, or gone from its source. */
export type PurgeReason = "retention" | "source";
export type PurgeCounts = Record<PurgeReason, number>;

const LastPurgeSchema = z.object({
  /** When the run ended (ms). */
  at: z.number(),
  retention: z.number().int().min(0),
  source: z.number().int().min(0),
  ms: z.number().min(0),
});
export type LastPurge = z.infer<typeof LastPurgeSchema>;

export interface UpsertCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

const ChangedAtSchema = z.number();

/**
 * Whether two postings hold the same fields, in whatever order their keys come: a stored posting
 * is read back in the schema's order, and an incoming one has `first_seen` added last, so with
 * fields after `first_seen` in the schema a plain JSON comparison called every such re-import an
 * update (measured: 197 of 431 rows of a real file), rewriting and republishing them.
 */
function sameFields(a: Job, b: Job): boolean {
  const canonical = (job: Job) =>
    JSON.stringify(
      Object.entries(job).filter(([, value]) => value !== undefined)
        .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)),
    );
  return canonical(a) === canonical(b);
}

/** How long the change log keeps a write (ms): index deltas are made from it. */
const CHANGE_LOG_MS = 7 * 24 * 3_600_000;

/**
 * Postings by id with a `jobs_by_city` and a `jobs_by_time` entry and a `jobs_last_seen` record
 * each, the purge counters, and import runs.
 */
export class PostingsStore {
  readonly #kv: KvAccess;
  /** Known once this process found or wrote the store's marker: no need to read it again. */
  #timeIndexComplete = false;
  #changeLogStarted = false;

  constructor(kv: KvAccess) {
    this.#kv = kv;
  }

  /**
   * Inserts or updates postings by id. A posting identical to the stored one is left alone, so a
   * re-import changes nothing. A new posting gets `first_seen` (now, UTC); an update keeps the
   * stored one. Each posting and its index entries (city, publish time) are written in one atomic
   * that checks the posting read before, so a concurrent change of the same posting is a
   * CONFLICT rather than a stale index entry.
   *
   * Every posting given counts as seen now (`last_seen`, a small record beside it): written with
   * a new or changed posting, and for an unchanged one only when the stored sighting is of an
   * earlier UTC day, so importing the same rows again costs no write that day and never moves
   * `jobs_changed_at` (no publish). That write checks the posting too: one a purge deleted
   * meanwhile fails the import instead of being reported as stored. `seen: false` is for
   * postings that are rewritten but were not in an import (a country filled in later).
   */
  async upsertJobs(
    jobs: Job[],
    options: { now?: number; seen?: boolean } = {},
  ): Promise<UpsertCounts> {
    const markSeen = options.seen ?? true;
    const counts: UpsertCounts = { inserted: 0, updated: 0, unchanged: 0 };
    const list = [...new Map(jobs.map((job) => [job.id, job])).values()];
    // Postings read together and written together, as many as one commit may check (each write
    // checks its posting): 100 on a local file, 10 over KV Connect. 100 postings a commit wrote
    // 5,000 postings 2.2-2.6x faster than 10 on a local file (docs/scaling.md).
    const batch = this.#kv.commitChecks;
    for (let i = 0; i < list.length; i += batch) {
      const slice = list.slice(i, i + batch).map((job) => JobSchema.parse(job));
      const [existing, seen] = await Promise.all([
        this.#kv.getMany(slice.map((job) => keys.job(job.id)), JobSchema),
        this.#kv.getMany(slice.map((job) => keys.jobLastSeen(job.id)), LastSeenSchema),
      ]);
      await this.#startChangeLog();
      const writer = this.#kv.splitCommit("write postings");
      const nowMs = options.now ?? Date.now();
      const now = formatUtc(nowMs);
      for (const [j, incoming] of slice.entries()) {
        const stored = existing[j];
        // When the service first saw a posting is the store's to say, never the import's.
        const { first_seen: _, ...fields } = incoming;
        const firstSeen = stored.versionstamp === null ? now : stored.value?.first_seen;
        const job: Job = firstSeen === undefined ? fields : { ...fields, first_seen: firstSeen };
        const bytes = sizeOf(job);
        if (bytes > KV_LIMITS.valueBytes) {
          throw new JobseekError(
            "INTERNAL_ERROR",
            `Cannot store posting ${job.id}: its ${bytes} bytes are over KV's limit of ` +
              `${KV_LIMITS.valueBytes} bytes for one value`,
          );
        }
        if (stored.value && sameFields(stored.value, job)) {
          counts.unchanged++;
          if (markSeen && seenAgain(seen[j].value, nowMs)) {
            await writer.add((group) => group.check(stored).set(keys.jobLastSeen(job.id), nowMs));
          }
          continue;
        }
        // A stored record that fails its schema still has index entries to move.
        const previous: StoredPlace | null = stored.value ??
          (stored.versionstamp === null
            ? null
            : (await this.#kv.get(keys.job(job.id), StoredPlaceSchema)).value);
        await writer.add((group) => {
          group.check(stored).set(keys.job(job.id), job);
          if (previous) {
            group.delete(keys.jobByCity(previous.country ?? NO_COUNTRY, previous.city, job.id));
            if (previous.publish_time !== undefined) {
              group.delete(keys.jobByTime(previous.publish_time, job.id));
            }
          }
          group.set(keys.jobByCity(job.country ?? NO_COUNTRY, job.city, job.id), 1);
          group.set(keys.jobByTime(job.publish_time, job.id), 1);
          if (markSeen) group.set(keys.jobLastSeen(job.id), nowMs);
          if (stored.versionstamp === null) group.sum(keys.jobsInserted(), 1n);
          const changedAt = Date.now();
          group.set(keys.jobsChangedAt(), changedAt);
          group.set(keys.jobChange(changedAt, job.id), jobFingerprint(job), {
            expireIn: CHANGE_LOG_MS,
          });
        });
        if (previous) counts.updated++;
        else counts.inserted++;
      }
      await writer.flush();
    }
    return counts;
  }

  /** When an import last saw each of these postings (UTC, `YYYY-MM-DD HH:MM:SS`), where known. */
  async lastSeen(ids: string[]): Promise<Map<string, string>> {
    const reads = await this.#kv.getMany(ids.map((id) => keys.jobLastSeen(id)), LastSeenSchema);
    const seen = new Map<string, string>();
    reads.forEach((read, i) => {
      if (read.value !== null) seen.set(ids[i], formatUtc(read.value));
    });
    return seen;
  }

  /**
   * Ids of the postings published before `cutoff` (`YYYY-MM-DD HH:MM:SS`), from the publish-time
   * index alone: the postings past a retention, or past it for longer than the purge period.
   */
  async publishedBefore(cutoff: string): Promise<Set<string>> {
    await this.ensureTimeIndex();
    const ids = new Set<string>();
    const prefix = keys.jobsByTimePrefix();
    for await (
      const key of this.#kv.listKeys({ prefix, end: [...prefix, cutoff] }, { batchSize: 1000 })
    ) {
      const id = key[2];
      if (key.length === 3 && typeof id === "string") ids.add(id);
    }
    return ids;
  }

  /**
   * Gives every stored posting its publish-time index entry, once per store: stores written
   * before that index existed lack it. Each entry is written in a commit that checks the posting
   * as read, so a posting an import changes meanwhile (which writes its own entry) gets no stale
   * one; such a conflict starts the pass again. Returns the number of entries written.
   */
  async ensureTimeIndex(): Promise<number> {
    if (this.#timeIndexComplete) return 0;
    const marker = await this.#kv.get(keys.jobsByTimeComplete(), z.literal(true));
    if (marker.value) {
      this.#timeIndexComplete = true;
      return 0;
    }
    for (let attempt = 1;; attempt++) {
      try {
        let written = 0;
        const indexed = new Set<string>();
        for await (const key of this.#kv.listKeys({ prefix: keys.jobsByTimePrefix() })) {
          indexed.add(`${String(key[1])}\u0000${String(key[2])}`);
        }
        const writer = this.#kv.splitCommit("index postings by publish time");
        const entries = this.#kv.list({ prefix: keys.jobsPrefix() }, PublishTimeOnlySchema, {
          batchSize: 500,
        });
        for await (const entry of entries) {
          const id = String(entry.key[1]);
          if (indexed.has(`${entry.value.publish_time}\u0000${id}`)) continue;
          await writer.add((group) =>
            group.check({ key: entry.key, versionstamp: entry.versionstamp })
              .set(keys.jobByTime(entry.value.publish_time, id), 1)
          );
          written++;
        }
        await writer.flush();
        await this.#kv.set(keys.jobsByTimeComplete(), true);
        this.#timeIndexComplete = true;
        return written;
      } catch (error) {
        if (!(error instanceof JobseekError && error.code === "CONFLICT") || attempt === 5) {
          throw error;
        }
      }
    }
  }

  /**
   * Deletes the given expired postings (id → why they expired) that no import has seen since
   * `seenBefore` (ms; a posting without a `last_seen` counts from its `first_seen`): each with its
   * index entries, its `last_seen` and what `sources` listed of it, in commits that check the
   * posting and its `last_seen` as read, so one an import saw or changed meanwhile stays. The
   * purge counters grow in the same commits, so they count exactly what is gone, whatever
   * happens to the process between commits. Returns what this call deleted.
   */
  async purgeJobs(
    candidates: Map<string, PurgeReason>,
    options: { seenBefore: number; sources: string[] },
  ): Promise<PurgeCounts> {
    const purged: PurgeCounts = { retention: 0, source: 0 };
    const ids = [...candidates.keys()];
    // Each posting costs four deletions and one per source; a commit holds 1,000 mutations and
    // 100 checks (two per posting).
    const batch = Math.max(1, Math.min(40, Math.floor(900 / (4 + options.sources.length))));
    for (let i = 0; i < ids.length; i += batch) {
      const slice = ids.slice(i, i + batch);
      const [postings, seen] = await Promise.all([
        this.#kv.getMany(slice.map((id) => keys.job(id)), StoredPlaceSchema),
        this.#kv.getMany(slice.map((id) => keys.jobLastSeen(id)), LastSeenSchema),
      ]);
      const doomed = slice.flatMap((id, j) => {
        const posting = postings[j];
        if (posting.versionstamp === null || !posting.value) return [];
        const firstSeen = posting.value.first_seen;
        const seenAt = seen[j].value ?? (firstSeen === undefined ? 0 : parseUtc(firstSeen));
        if (seenAt >= options.seenBefore) return [];
        return [{ id, reason: candidates.get(id)!, posting, seen: seen[j] }];
      });
      const commit = (group: typeof doomed) =>
        this.#kv.commit((op) => {
          for (const { id, reason, posting, seen } of group) {
            const place = posting.value!;
            op.check(posting).check(seen)
              .delete(keys.job(id))
              .delete(keys.jobByCity(place.country ?? NO_COUNTRY, place.city, id))
              .delete(keys.jobLastSeen(id))
              .sum(keys.purged(reason), 1n);
            if (place.publish_time !== undefined) op.delete(keys.jobByTime(place.publish_time, id));
            for (const source of options.sources) op.delete(keys.sourceListing(source, id));
          }
        });
      const count = (group: typeof doomed) => {
        for (const { reason } of group) purged[reason]++;
      };
      if (doomed.length === 0) continue;
      if (await commit(doomed)) count(doomed);
      else {
        // Someone changed one of them meanwhile: purge the others one by one.
        for (const one of doomed) if (await commit([one])) count([one]);
      }
    }
    return purged;
  }

  /** How many postings purges have deleted since the store began, by why they had expired. */
  async purgedCounts(): Promise<PurgeCounts> {
    const [retention, source] = await this.#kv.getMany(
      [keys.purged("retention"), keys.purged("source")],
      CountSchema,
    );
    return {
      retention: Number(retention.value?.value ?? 0n),
      source: Number(source.value?.value ?? 0n),
    };
  }

  async saveLastPurge(run: LastPurge): Promise<void> {
    await this.#kv.set(keys.lastPurge(), run);
  }

  async lastPurge(): Promise<LastPurge | null> {
    return (await this.#kv.get(keys.lastPurge(), LastPurgeSchema)).value;
  }

  async getJob(id: string): Promise<Job | null> {
    return (await this.#kv.get(keys.job(id), JobSchema)).value;
  }

  /** Every posting, in id order. */
  async *listJobs(): AsyncIterable<Job> {
    for await (
      const entry of this.#kv.list({ prefix: keys.jobsPrefix() }, JobSchema, { batchSize: 500 })
    ) {
      yield entry.value;
    }
  }

  /**
   * How many postings are stored: inserted less purged, two counters kept in the commits that
   * insert and purge. A store older than the counters is counted once, posting by posting, and
   * the counter set from that count in a commit that fails if anything was inserted or purged
   * during it (then the next call counts again).
   */
  async countJobs(): Promise<number> {
    const [inserted, counted, retention, source] = await this.#kv.getMany<unknown>(
      [
        keys.jobsInserted(),
        keys.jobsInsertedCounted(),
        keys.purged("retention"),
        keys.purged("source"),
      ],
      z.unknown(),
    );
    const number = (read: { value: unknown }) =>
      read.value instanceof Deno.KvU64 ? read.value.value : 0n;
    const purged = number(retention) + number(source);
    if (counted.value === true) return Number(number(inserted) - purged);
    let n = 0;
    for await (const _ of this.listJobPlaces()) n++;
    await this.#kv.commit((op) =>
      op.check(inserted).check(counted).check(retention).check(source)
        .set(keys.jobsInserted(), new Deno.KvU64(BigInt(n) + purged))
        .set(keys.jobsInsertedCounted(), true)
    );
    return n;
  }

  /** Records, once per store, from when the change log holds every posting written. */
  async #startChangeLog(): Promise<void> {
    if (this.#changeLogStarted) return;
    const from = await this.#kv.get(keys.jobChangesFrom(), ChangedAtSchema);
    if (from.value === null) {
      await this.#kv.commit((op) => op.check(from).set(keys.jobChangesFrom(), Date.now()));
    }
    this.#changeLogStarted = true;
  }

  /**
   * What the change log holds: every posting written since `startedAt` (ms; writes before it were
   * made by code that kept no log), and of those the ones written since `keptFrom` (entries
   * expire; an hour of margin). Null before the first write.
   */
  async changeLog(now = Date.now()): Promise<{ startedAt: number; keptFrom: number } | null> {
    const from = (await this.#kv.get(keys.jobChangesFrom(), ChangedAtSchema)).value;
    return from === null ? null : { startedAt: from, keptFrom: now - CHANGE_LOG_MS + 3_600_000 };
  }

  /**
   * The postings written (inserted or updated) at `since` (ms) or later, each with the
   * fingerprint (src/domain/job_fingerprint.ts) of its last write then; null for a write logged
   * before fingerprints were.
   */
  async changedSince(since: number): Promise<Map<string, string | null>> {
    const changes = new Map<string, string | null>();
    const prefix = keys.jobChangesPrefix();
    for await (
      const entry of this.#kv.list(
        { prefix, start: [...prefix, since] },
        ChangeFingerprintSchema,
        { batchSize: 1000 },
      )
    ) {
      const id = entry.key[2];
      if (entry.key.length !== 3 || typeof id !== "string") continue;
      // In time order: a later write of the posting replaces what an earlier one said.
      changes.delete(id);
      changes.set(id, typeof entry.value === "string" ? entry.value : null);
    }
    return changes;
  }

  /** The postings stored under these ids (those that are), in the order given. */
  async getJobs(ids: string[]): Promise<Job[]> {
    const reads = await this.#kv.getMany(ids.map((id) => keys.job(id)), JobSchema);
    return reads.flatMap((read) => read.value ? [read.value] : []);
  }

  /** When postings were last written (ms since the epoch); null before the first. */
  async changedAt(): Promise<number | null> {
    return (await this.#kv.get(keys.jobsChangedAt(), ChangedAtSchema)).value;
  }

  /** Cities with their country and number of postings, most postings first. */
  async listCities(options: { country?: string } = {}): Promise<CityCount[]> {
    const counts = new Map<string, CityCount>();
    for await (const place of this.#places(options.country)) {
      if (place.city === "") continue;
      const id = `${place.country}\u0000${place.city}`;
      const current = counts.get(id);
      if (current) current.count++;
      else {
        counts.set(
          id,
          place.country === NO_COUNTRY
            ? { city: place.city, count: 1 }
            : { city: place.city, country: place.country, count: 1 },
        );
      }
    }
    return [...counts.values()].sort((a, b) =>
      b.count - a.count || a.city.localeCompare(b.city) ||
      (a.country ?? "").localeCompare(b.country ?? "")
    );
  }

  /**
   * Every posting's id, city and country, read from the city index alone: the import fills in
   * missing countries from the other postings' places without reading any posting in full.
   */
  async *listJobPlaces(): AsyncIterable<{ id: string; city: string; country?: string }> {
    for await (const { id, city, country } of this.#places()) {
      yield country === NO_COUNTRY ? { id, city } : { id, city, country };
    }
  }

  async *#places(country?: string) {
    const prefix = country === undefined
      ? keys.jobsByCityPrefix()
      : [...keys.jobsByCityPrefix(), country];
    for await (const key of this.#kv.listKeys({ prefix }, { batchSize: 1000 })) {
      const place = parseJobByCity(key);
      if (place) yield place;
    }
  }
}
