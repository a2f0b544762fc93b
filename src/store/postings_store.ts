/**
 * Postings, their city index and the records of import runs.
 *
 * @module
 */
import { ulid } from "ulid";
import { z } from "zod";
import { type CityCount, type Job, JobSchema } from "../domain/job.ts";
import { JobseekError } from "../domain/errors.ts";
import { keys, NO_COUNTRY, parseJobByCity } from "./kv_keys.ts";

/** What upsertJobs needs of a stored posting that may fail JobSchema: where it is indexed. */
const StoredPlaceSchema = z.object({ city: z.string(), country: z.string().optional() });
import { KV_LIMITS, type KvAccess, sizeOf } from "./kv.ts";

export interface UpsertCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

/** Row counts of an import; `rows_read` is exactly the sum of the other six. */
export interface ImportCounts {
  rows_read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Rows whose job_url comes again later in the same run; the later row is the one imported. */
  duplicates: number;
  /** Rows from a site other than indeed, linkedin or glassdoor. */
  skipped_source: number;
  invalid: number;
}

/** Counts plus what a person needs to act on them: skipped sites and examples of invalid rows. */
export interface ImportTotals extends ImportCounts {
  /** Skipped rows per source site, e.g. `{ zip_recruiter: 300 }`. */
  skipped_by_site: Record<string, number>;
  /** The first few invalid rows as `file:line: reason`. */
  invalid_examples: string[];
}

/** The record of one `jobseek ingest` run. */
export interface ImportRun extends ImportTotals {
  id: string;
  started_at: string;
  finished_at: string;
  files: string[];
}

const count = z.number().int().min(0);
const ImportRunSchema: z.ZodType<ImportRun> = z.object({
  id: z.string(),
  started_at: z.string(),
  finished_at: z.string(),
  files: z.array(z.string()),
  rows_read: count,
  inserted: count,
  updated: count,
  unchanged: count,
  duplicates: count,
  skipped_source: count,
  invalid: count,
  skipped_by_site: z.record(z.string(), count),
  invalid_examples: z.array(z.string()),
});

const ChangedAtSchema = z.number();

/** Postings are read and written in KV's `getMany` batches of ten. */
const UPSERT_BATCH = 10;

/** Postings by id, a `jobs_by_city` index entry per posting, and import runs. */
export class PostingsStore {
  readonly #kv: KvAccess;

  constructor(kv: KvAccess) {
    this.#kv = kv;
  }

  /**
   * Inserts or updates postings by id. A posting identical to the stored one is left alone, so a
   * re-import changes nothing. A new posting gets `first_seen` (now, UTC); an update keeps the
   * stored one. Each posting and its city index entry are written in one atomic
   * that checks the posting read before, so a concurrent change of the same posting is a
   * CONFLICT rather than a stale index entry.
   */
  async upsertJobs(jobs: Job[]): Promise<UpsertCounts> {
    const counts: UpsertCounts = { inserted: 0, updated: 0, unchanged: 0 };
    const list = [...new Map(jobs.map((job) => [job.id, job])).values()];
    for (let i = 0; i < list.length; i += UPSERT_BATCH) {
      const slice = list.slice(i, i + UPSERT_BATCH).map((job) => JobSchema.parse(job));
      const existing = await this.#kv.getMany(slice.map((job) => keys.job(job.id)), JobSchema);
      const writer = this.#kv.splitCommit("write postings");
      const now = new Date().toISOString().slice(0, 19).replace("T", " ");
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
        if (stored.value && JSON.stringify(stored.value) === JSON.stringify(job)) {
          counts.unchanged++;
          continue;
        }
        // A stored record that fails its schema still has a city index entry to move.
        const previous = stored.value ??
          (stored.versionstamp === null
            ? null
            : (await this.#kv.get(keys.job(job.id), StoredPlaceSchema)).value);
        await writer.add((group) => {
          group.check(stored).set(keys.job(job.id), job);
          if (previous) {
            group.delete(keys.jobByCity(previous.country ?? NO_COUNTRY, previous.city, job.id));
          }
          group.set(keys.jobByCity(job.country ?? NO_COUNTRY, job.city, job.id), 1);
          group.set(keys.jobsChangedAt(), Date.now());
        });
        if (previous) counts.updated++;
        else counts.inserted++;
      }
      await writer.flush();
    }
    return counts;
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

  async countJobs(): Promise<number> {
    let n = 0;
    for await (const _ of this.listJobPlaces()) n++;
    return n;
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

  async saveImportRun(run: Omit<ImportRun, "id">): Promise<ImportRun> {
    const saved = { id: ulid(), ...run };
    await this.#kv.set(keys.importRun(saved.id), saved);
    return saved;
  }

  /** Import runs, newest first. */
  async listImportRuns(limit = 20): Promise<ImportRun[]> {
    const runs: ImportRun[] = [];
    const entries = this.#kv.list({ prefix: keys.importRunsPrefix() }, ImportRunSchema, {
      reverse: true,
      limit,
    });
    for await (const entry of entries) runs.push(entry.value);
    return runs;
  }
}
