/**
 * Postings, their city and publish-time index entries, when imports last saw them, and the change
 * log index deltas are made from. Their expiry (the purge) is src/store/postings_purge.ts.
 *
 * @module
 */
import { z } from "zod";
import { type CityCount, type Job, JobSchema } from "../domain/job.ts";
import { JobseekError } from "../domain/errors.ts";
import { formatUtc, parseUtc, seenAgain } from "../domain/lifecycle.ts";
import { keys, NO_COUNTRY, parseJobByCity } from "./kv_keys.ts";
import type { KvAccess, Read } from "./kv.ts";
import { KV_LIMITS } from "./kv_limits.ts";
import { encodePosting, storedPosting } from "./posting_value.ts";
import {
  type LastPurge,
  LastSeenSchema,
  PostingsPurge,
  type PurgeCounts,
  type PurgeReason,
  type StoredPlace,
  StoredPlaceSchema,
} from "./postings_purge.ts";

export type { LastPurge, PurgeCounts, PurgeReason } from "./postings_purge.ts";

/** A change log entry's value: the written posting's fingerprint, or 1 where older code logged. */
const ChangeFingerprintSchema = z.union([z.string(), z.literal(1)]);

export interface UpsertCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

const ChangedAtSchema = z.number();

/** A posting as stored, in either form (src/store/posting_value.ts). */
const StoredJobSchema = storedPosting(JobSchema);

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

/**
 * One read of the city index under a country and city costs what passing this many keys of a full
 * listing does (measured in memory: about 45 µs a read, 5.5 µs a key).
 */
const KEYS_PER_LOOKUP = 8;

/** How long the change log keeps a write (ms): index deltas are made from it. */
const CHANGE_LOG_MS = 7 * 24 * 3_600_000;

/**
 * Postings by id with a `jobs_by_city` and a `jobs_by_time` entry and a `jobs_last_seen` record
 * each, their count, and the change log; the purge is {@linkcode PostingsPurge}'s.
 */
export class PostingsStore {
  readonly #kv: KvAccess;
  readonly #purge: PostingsPurge;
  #changeLogStarted = false;
  /** Whether this store keeps postings as JSON, once known (it never changes after). */
  #asJson: boolean | null = null;

  constructor(kv: KvAccess) {
    this.#kv = kv;
    this.#purge = new PostingsPurge(kv);
  }

  /**
   * Inserts or updates postings by id. A posting identical to the stored one is left alone, so a
   * re-import changes nothing. A new posting gets `first_seen` (now, UTC); an update keeps the
   * stored one. Each posting and its index entries (city, publish time) are written in one atomic
   * that checks the posting read before, so a concurrent change of the same posting is a
   * CONFLICT rather than a stale index entry.
   *
   * Every posting given counts as seen now (`last_seen`, a small record beside it): written with
   * a changed posting (a new one's sighting is its `first_seen`, one key less to write), and for
   * an unchanged one only when the stored sighting is of an earlier UTC day, so importing the same rows again costs no write that day and never moves
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
    // Postings read together, as many as one commit may check (each write checks its posting):
    // 100 on a local file, 10 over KV Connect. 100 postings a commit wrote 5,000 postings 2.2-2.6x
    // faster than 10 on a local file (docs/scaling.md).
    const batch = this.#kv.commitChecks;
    await this.#startChangeLog();
    const asJson = list.length > 0 && await this.#postingsAsJson();
    // One writer for the whole call, so commits are filled across slices (docs/scaling.md, issue
    // #40); the next slice is read while one is built, and the next commit built while one is
    // written (session 18): KV's thread and this one each took about half of the time.
    const writer = this.#kv.splitCommit("write postings", { overlap: true });
    // Postings were last written when the commit that wrote them was sent: one record a commit
    // that changes postings (it was set once a posting), at or after every change log entry in it.
    // Past the record as read, not only the clock: a write in the millisecond a publish read it
    // must still read as newer than what that publish holds (index_gap.ts compares them).
    let lastChangedAt = (await this.changedAt()) ?? 0;
    const changedAt = () => (lastChangedAt = Math.max(lastChangedAt + 1, Date.now()));
    const read = (from: number) => {
      const slice = list.slice(from, from + batch).map((job) => JobSchema.parse(job));
      return this.#readStored(slice, markSeen).then((stored) => ({ slice, ...stored }));
    };
    let next = list.length > 0 ? read(0) : null;
    try {
      for (let i = 0; next !== null; i += batch) {
        const { slice, existing, seen } = await next;
        // The next slice is read while this one is built and written.
        next = i + batch < list.length ? read(i + batch) : null;
        next?.catch(() => {});
        const nowMs = options.now ?? Date.now();
        const now = formatUtc(nowMs);
        for (const [j, incoming] of slice.entries()) {
          const stored = existing[j];
          // When the service first saw a posting is the store's to say, never the import's.
          const { first_seen: _, ...fields } = incoming;
          const firstSeen = stored.versionstamp === null ? now : stored.value?.first_seen;
          const job: Job = firstSeen === undefined ? fields : { ...fields, first_seen: firstSeen };
          const encoded = encodePosting(job, asJson);
          const bytes = encoded.bytes;
          if (bytes > KV_LIMITS.valueBytes) {
            throw new JobseekError(
              "INTERNAL_ERROR",
              `Cannot store posting ${job.id}: its ${bytes} bytes are over KV's limit of ` +
                `${KV_LIMITS.valueBytes} bytes for one value`,
            );
          }
          if (stored.value && sameFields(stored.value, job)) {
            counts.unchanged++;
            // A posting never seen again since it was inserted was last seen when first seen.
            const lastSeen = seen.get(job.id) ??
              (stored.value.first_seen === undefined ? null : parseUtc(stored.value.first_seen));
            if (markSeen && seenAgain(lastSeen, nowMs)) {
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
            group.check(stored).set(keys.job(job.id), encoded.value);
            if (previous) {
              group.delete(keys.jobByCity(previous.country ?? NO_COUNTRY, previous.city, job.id));
              if (previous.publish_time !== undefined) {
                group.delete(keys.jobByTime(previous.publish_time, job.id));
              }
            }
            group.set(keys.jobByCity(job.country ?? NO_COUNTRY, job.city, job.id), 1);
            group.set(keys.jobByTime(job.publish_time, job.id), 1);
            // A new posting's sighting is its `first_seen` (the purge and `lastSeen` read it so):
            // one key less a new posting, of five.
            if (markSeen && stored.versionstamp !== null) {
              group.set(keys.jobLastSeen(job.id), nowMs);
            }
            if (stored.versionstamp === null) group.sum(keys.jobsInserted(), 1n);
            group.touch(keys.jobsChangedAt(), changedAt);
            group.set(keys.jobChange(Date.now(), job.id), encoded.fingerprint, {
              expireIn: CHANGE_LOG_MS,
            });
          });
          if (previous) counts.updated++;
          else counts.inserted++;
        }
      }
      await writer.flush();
    } finally {
      // No read or commit of this call is still on its way when it returns or throws.
      await (next ?? Promise.resolve()).catch(() => {});
      await writer.settle();
    }
    return counts;
  }

  /**
   * The stored postings under these ids, and when an import last saw those that are stored (only
   * theirs matter: a new posting's sighting is written with it).
   */
  async #readStored(slice: Job[], markSeen: boolean): Promise<{
    existing: Read<Job>[];
    seen: Map<string, number>;
  }> {
    const existing = await this.#kv.getMany(slice.map((job) => keys.job(job.id)), StoredJobSchema);
    const seen = new Map<string, number>();
    const ids = markSeen
      ? slice.filter((_, j) => existing[j].value !== null).map((job) => job.id)
      : [];
    if (ids.length > 0) {
      const reads = await this.#kv.getMany(ids.map((id) => keys.jobLastSeen(id)), LastSeenSchema);
      reads.forEach((read, k) => {
        if (read.value !== null) seen.set(ids[k], read.value);
      });
    }
    return { existing, seen };
  }

  /** When an import last saw each of these postings (UTC, `YYYY-MM-DD HH:MM:SS`), where known. */
  async lastSeen(ids: string[]): Promise<Map<string, string>> {
    const reads = await this.#kv.getMany(ids.map((id) => keys.jobLastSeen(id)), LastSeenSchema);
    const seen = new Map<string, string>();
    reads.forEach((read, i) => {
      if (read.value !== null) seen.set(ids[i], formatUtc(read.value));
    });
    // Not seen again since inserted: seen when first seen.
    const unseen = ids.filter((id) => !seen.has(id));
    const places = await this.#kv.getMany(unseen.map((id) => keys.job(id)), StoredPlaceSchema);
    places.forEach((place, i) => {
      if (place.value?.first_seen !== undefined) seen.set(unseen[i], place.value.first_seen);
    });
    return seen;
  }

  /** The postings published before `cutoff` ({@linkcode PostingsPurge.publishedBefore}). */
  publishedBefore(cutoff: string): Promise<Set<string>> {
    return this.#purge.publishedBefore(cutoff);
  }

  /** A store without postings needs no pass ({@linkcode PostingsPurge.markTimeIndexedIfEmpty}). */
  markTimeIndexedIfEmpty(): Promise<void> {
    return this.#purge.markTimeIndexedIfEmpty();
  }

  /** Gives every posting its publish-time entry ({@linkcode PostingsPurge.ensureTimeIndex}). */
  ensureTimeIndex(): Promise<number> {
    return this.#purge.ensureTimeIndex();
  }

  /** Deletes expired postings no import saw since ({@linkcode PostingsPurge.purgeJobs}). */
  purgeJobs(
    candidates: Map<string, PurgeReason>,
    options: { seenBefore: number; sources: string[] },
  ): Promise<PurgeCounts> {
    return this.#purge.purgeJobs(candidates, options);
  }

  /** How many postings purges have deleted, by why ({@linkcode PostingsPurge.purgedCounts}). */
  purgedCounts(): Promise<PurgeCounts> {
    return this.#purge.purgedCounts();
  }

  saveLastPurge(run: LastPurge): Promise<void> {
    return this.#purge.saveLastPurge(run);
  }

  lastPurge(): Promise<LastPurge | null> {
    return this.#purge.lastPurge();
  }

  async getJob(id: string): Promise<Job | null> {
    return (await this.#kv.get(keys.job(id), StoredJobSchema)).value;
  }

  /** Every posting, in id order. */
  async *listJobs(): AsyncIterable<Job> {
    for await (
      const entry of this.#kv.list({ prefix: keys.jobsPrefix() }, StoredJobSchema, {
        batchSize: 500,
      })
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

  /**
   * Whether postings are written as UTF-8 JSON: on a store marked so, or on one that never held a
   * posting (then marked, in a commit that fails if a posting is inserted meanwhile). A store that
   * holds postings without the mark was written by an earlier version, whose servers may still
   * share it and read only objects: its postings stay objects (docs/scaling.md, session 22).
   */
  async #postingsAsJson(): Promise<boolean> {
    while (this.#asJson === null) {
      const [mark, inserted] = await this.#kv.getMany<unknown>(
        [keys.postingsAsJson(), keys.jobsInserted()],
        z.unknown(),
      );
      if (mark.value === true) this.#asJson = true;
      // The count is set to 0 by `countJobs` on an empty store; past 0 a posting was written.
      else if (
        (inserted.value instanceof Deno.KvU64 && inserted.value.value > 0n) ||
        await this.#holdsPostings()
      ) {
        this.#asJson = false;
      } else if (
        await this.#kv.commit((op) =>
          op.check(mark).check(inserted).set(keys.postingsAsJson(), true)
        )
      ) {
        this.#asJson = true;
      }
    }
    return this.#asJson;
  }

  async #holdsPostings(): Promise<boolean> {
    for await (const _ of this.#kv.listKeys({ prefix: keys.jobsPrefix() }, { limit: 1 })) {
      return true;
    }
    return false;
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
    const reads = await this.#kv.getMany(ids.map((id) => keys.job(id)), StoredJobSchema);
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

  /** The postings the city index holds without a country: their ids and cities. */
  async *listPlacesWithoutCountry(): AsyncIterable<{ id: string; city: string }> {
    for await (const { id, city } of this.#places(NO_COUNTRY)) yield { id, city };
  }

  /**
   * The countries the stored postings, those of `exceptIds` aside, place each of `cities` in. Read
   * from the city index a country and a city at a time, so the cost grows with the cities asked
   * about and the countries stored, not with the postings: an import read every posting's place to
   * learn this, a million keys for each push to a store of a million postings. Where those reads
   * would cost more than one pass over the index (a run with many cities and no countries), it
   * makes that pass instead; `keysPerLookup` is what one read costs in keys passed (tests set it).
   */
  async countriesOfCities(
    cities: Iterable<string>,
    exceptIds: ReadonlySet<string>,
    keysPerLookup = KEYS_PER_LOOKUP,
  ): Promise<Map<string, Set<string>>> {
    const found = new Map<string, Set<string>>();
    const add = (city: string, country: string) =>
      found.set(city, (found.get(city) ?? new Set()).add(country));
    const asked = new Set([...cities].filter((city) => city !== ""));
    if (asked.size === 0) return found;
    const countries: string[] = [];
    for await (const country of this.#countries()) {
      if (country !== NO_COUNTRY) countries.push(country);
    }
    if (countries.length * asked.size * keysPerLookup > await this.countJobs()) {
      for await (const { id, city, country } of this.#places()) {
        if (country !== NO_COUNTRY && asked.has(city) && !exceptIds.has(id)) add(city, country);
      }
      return found;
    }
    for (const country of countries) {
      for (const city of asked) {
        const prefix = [...keys.jobsByCityPrefix(), country, city];
        // Usually the first key answers; past it only postings of `exceptIds` are skipped.
        for await (const key of this.#kv.listKeys({ prefix }, { batchSize: 16 })) {
          const place = parseJobByCity(key);
          if (place === null || exceptIds.has(place.id)) continue;
          add(city, country);
          break;
        }
      }
    }
    return found;
  }

  /** The distinct countries of the city index, each found by one read past the one before. */
  async *#countries(): AsyncIterable<string> {
    const prefix = keys.jobsByCityPrefix();
    let start: Deno.KvKey | undefined;
    while (true) {
      let country: string | undefined;
      for await (
        const key of this.#kv.listKeys(start ? { prefix, start } : { prefix }, { limit: 1 })
      ) {
        if (typeof key[1] === "string") country = key[1];
      }
      if (country === undefined) return;
      yield country;
      // The country's code and a NUL sort after every key of the country and before the next one.
      start = [...prefix, country + "\u0000"];
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
