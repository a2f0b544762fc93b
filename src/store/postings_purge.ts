/**
 * The expiry side of the postings: the publish-time index a retention reads, the purge of expired
 * postings with their index entries, and its counters and last run. src/store/postings_store.ts
 * writes the postings and offers these through its own methods.
 *
 * @module
 */
import { z } from "zod";
import { JobseekError } from "../domain/errors.ts";
import { parseUtc } from "../domain/lifecycle.ts";
import { keys, NO_COUNTRY } from "./kv_keys.ts";
import type { KvAccess } from "./kv.ts";
import { storedPosting } from "./posting_value.ts";

/**
 * What the writes and the purge need of a stored posting that may fail JobSchema: where it is
 * indexed, and since when it is known.
 */
const PlaceFieldsSchema = z.object({
  city: z.string(),
  country: z.string().optional(),
  publish_time: z.string().optional(),
  first_seen: z.string().optional(),
});
export type StoredPlace = z.infer<typeof PlaceFieldsSchema>;
export const StoredPlaceSchema = storedPosting<StoredPlace>(PlaceFieldsSchema);

/** A posting's `last_seen` record: when an import last saw it (ms). */
export const LastSeenSchema = z.number();

const PublishTimeOnlySchema = storedPosting(z.object({ publish_time: z.string() }));
const CountSchema = z.instanceof(Deno.KvU64);

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

/** The publish-time index, the purge and its counters. */
export class PostingsPurge {
  readonly #kv: KvAccess;
  /** Known once this process found or wrote the store's marker: no need to read it again. */
  #timeIndexComplete = false;
  /** The pass running now, which a second caller waits for instead of making its own. */
  #timeIndexPass: Promise<number> | null = null;

  constructor(kv: KvAccess) {
    this.#kv = kv;
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
  ensureTimeIndex(): Promise<number> {
    if (this.#timeIndexComplete) return Promise.resolve(0);
    // A server's gap check and its first delta both ask, at start: one pass, not two.
    return this.#timeIndexPass ??= this.#indexByTime().finally(() => this.#timeIndexPass = null);
  }

  /**
   * Marks a store that holds no posting yet as indexed by publish time: every posting written
   * from now on gets its entry as it is written, so the pass of {@linkcode ensureTimeIndex} has
   * nothing to do. Without the mark a new store made that pass over every posting at its first
   * retention check (5.8 s at 100,000 postings, on an idle machine), which at a server's start is
   * the first push's delta.
   */
  async markTimeIndexedIfEmpty(): Promise<void> {
    if (this.#timeIndexComplete) return;
    if ((await this.#kv.get(keys.jobsByTimeComplete(), z.literal(true))).value) return;
    for await (const _ of this.#kv.listKeys({ prefix: keys.jobsPrefix() }, { limit: 1 })) return;
    await this.#kv.set(keys.jobsByTimeComplete(), true);
    this.#timeIndexComplete = true;
  }

  async #indexByTime(): Promise<number> {
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
}
