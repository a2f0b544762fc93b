/**
 * Feed sources the servers pull on a schedule (`jobseek sources`): their settings and last run,
 * a lease per source so that of the servers sharing a store one pulls it, and each posting's
 * listing state by each source (listed, or missing since when and for how many pulls), for expiry.
 *
 * @module
 */
import { IMPORT_FORMATS } from "../domain/import_format.ts";
import { z } from "zod";
import { JobseekError } from "../domain/errors.ts";
import { keys } from "./kv_keys.ts";
import { releaseLease, takeLease } from "./lease.ts";
import type { KvAccess } from "./kv.ts";

export const SOURCE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * A posting a source stopped listing expires only after this many good pulls in a row left it out
 * (and its `expireAfterMs` has passed since the first of them): one pull that looked whole but was
 * not cannot expire anything (docs/operations.md, "What a failed pull looks like").
 */
export const MISSING_PULLS_TO_EXPIRE = 3;

/** Only an http(s) URL source lists its whole catalogue on each pull, so only it can expire. */
export function isUrlSource(location: string): boolean {
  return /^https?:\/\//i.test(location);
}

const SourceRunSchema = z.object({
  /** When the run finished (ms). */
  at: z.number(),
  ok: z.boolean(),
  /** `imported`, `not modified` (304), `no new files`, or the error. */
  outcome: z.string(),
  rows_read: z.number().int().min(0),
  inserted: z.number().int().min(0),
  updated: z.number().int().min(0),
  unchanged: z.number().int().min(0),
  invalid: z.number().int().min(0),
  /** The first invalid rows or failed files, as `file:line: reason` (or `NAME:line` for a URL). */
  problems: z.array(z.string()).optional(),
});
export type SourceRun = z.infer<typeof SourceRunSchema>;

const SourceRecordSchema = z.object({
  name: z.string().regex(SOURCE_NAME_PATTERN),
  /** An http(s) URL, or a file or folder path on the servers' machine. */
  location: z.string().min(1),
  everyMs: z.number().int().positive(),
  format: z.enum(IMPORT_FORMATS).optional(),
  /** A posting this source used to list leaves the index when not listed for this long. */
  expireAfterMs: z.number().int().positive().optional(),
  createdAt: z.number(),
  nextRunAt: z.number(),
  lastRun: SourceRunSchema.optional(),
  /** When the source's current listing was read (ms): its postings carry this listing time. */
  contentAt: z.number().optional(),
  /** The last answer's validators, for a conditional GET. */
  etag: z.string().optional(),
  lastModified: z.string().optional(),
  /** A folder's files already imported (`name size mtime`), so that only new ones are taken. */
  filesSeen: z.array(z.string()).optional(),
  /** How many postings the last good pull of a URL listed: a pull listing far fewer failed. */
  lastGoodCount: z.number().int().min(0).optional(),
  /** When the last good pull was (ms); with `lastRun` failed, the source has been failing since. */
  lastGoodAt: z.number().optional(),
});
export type SourceRecord = z.infer<typeof SourceRecordSchema>;

/**
 * When the source's current run of listing the posting began (stores written before session 29 hold
 * when it was last listed; nothing reads it), and, once a good pull left it out, when the first such
 * pull was and how many good pulls in a row have left it out. A plain number is how stores written
 * before the missing-pulls rule hold it: listed, nothing yet known missing.
 */
const ListingSchema = z.union([
  z.number().transform((listedAt) => ({ listedAt }) as Listing),
  z.object({
    listedAt: z.number(),
    missingSince: z.number().optional(),
    /** Stops at {@link MISSING_PULLS_TO_EXPIRE} (stores written before session 29 count on). */
    missingPulls: z.number().int().min(0).optional(),
  }),
]);
interface Listing {
  listedAt: number;
  missingSince?: number;
  missingPulls?: number;
}

/** Source records by name, their leases, and when each listed each posting. */
export class SourcesStore {
  readonly #kv: KvAccess;

  constructor(kv: KvAccess) {
    this.#kv = kv;
  }

  /** Adds a source; a taken name is a CONFLICT. */
  async addSource(record: SourceRecord): Promise<void> {
    const added = await this.#kv.commit((op) =>
      op.check({ key: keys.source(record.name), versionstamp: null })
        .set(keys.source(record.name), record)
    );
    if (!added) {
      throw new JobseekError("CONFLICT", `Cannot add source: '${record.name}' exists`);
    }
  }

  async getSource(name: string): Promise<SourceRecord | null> {
    return (await this.#kv.get(keys.source(name), SourceRecordSchema)).value;
  }

  async listSources(): Promise<SourceRecord[]> {
    const records: SourceRecord[] = [];
    for await (const entry of this.#kv.list({ prefix: keys.sourcesPrefix() }, SourceRecordSchema)) {
      records.push(entry.value);
    }
    return records.sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Replaces a source's record (after a run). */
  async saveSource(record: SourceRecord): Promise<void> {
    await this.#kv.set(keys.source(record.name), record);
  }

  /** Removes a source and what it listed; false when there is none of that name. */
  async removeSource(name: string): Promise<boolean> {
    const existing = await this.#kv.get(keys.source(name), SourceRecordSchema);
    if (existing.versionstamp === null) return false;
    await this.#kv.delete(keys.source(name));
    for await (const key of this.#kv.listKeys({ prefix: keys.sourceListingsPrefix(name) })) {
      await this.#kv.delete(key);
    }
    return true;
  }

  /** Takes the source's pull lease for `ms` unless another owner holds a live one. */
  takeLease(name: string, owner: string, ms: number, now = Date.now()): Promise<boolean> {
    return takeLease(this.#kv, keys.sourceLease(name), owner, ms, now);
  }

  releaseLease(name: string, owner: string): Promise<void> {
    return releaseLease(this.#kv, keys.sourceLease(name), owner);
  }

  /** Records that the source listed these postings (ids) at `at`. */
  async markListed(name: string, ids: string[], at: number): Promise<void> {
    const writer = this.#kv.splitCommit("record listed postings");
    for (const id of ids) {
      await writer.add((group) => group.set(keys.sourceListing(name, id), { listedAt: at }));
    }
    await writer.flush();
  }

  /**
   * Records a good pull of a URL source at `at`: the postings in `listed` are listed now; every
   * other posting it listed before is missing from one more good pull in a row (counted from the
   * first that left it out). Without `listed` (a 304: the listing is the last good one), the
   * postings already missing are missing once more and the others stay listed.
   *
   * Only entries whose state changes are written: a posting newly listed, one missing (once more,
   * up to {@link MISSING_PULLS_TO_EXPIRE} pulls: the count stops there), one listed again after it
   * went missing. A posting still listed keeps its entry, so `listedAt`
   * is when its current run of listings began; when it was last seen is the source's `lastGoodAt`
   * (docs/scaling.md, "A pull's writes in proportion to the change"). Returns how many entries it
   * wrote.
   */
  async recordGoodPull(name: string, at: number, listed?: ReadonlySet<string>): Promise<number> {
    const writer = this.#kv.splitCommit("record a good pull");
    const unseen = new Set(listed);
    let written = 0;
    for await (
      const entry of this.#kv.list({ prefix: keys.sourceListingsPrefix(name) }, ListingSchema)
    ) {
      const id = String(entry.key.at(-1));
      const value = entry.value as Listing;
      unseen.delete(id);
      const wasMissing = value.missingSince !== undefined;
      const missing = listed ? !listed.has(id) : wasMissing;
      if (!missing && !wasMissing) continue;
      // The count stops at the rule's number: the expiry cannot tell more pulls from that many,
      // and a posting long gone would otherwise be rewritten on every pull for ever.
      if (missing && (value.missingPulls ?? 0) >= MISSING_PULLS_TO_EXPIRE) continue;
      const next: Listing = missing
        ? {
          listedAt: value.listedAt,
          missingSince: value.missingSince ?? at,
          missingPulls: (value.missingPulls ?? 0) + 1,
        }
        : { listedAt: at };
      written++;
      await writer.add((group) => group.set(entry.key, next));
    }
    for (const id of unseen) {
      written++;
      await writer.add((group) => group.set(keys.sourceListing(name, id), { listedAt: at }));
    }
    await writer.flush();
    return written;
  }

  /**
   * The postings that a URL source with an expiry listed once and that its last
   * {@link MISSING_PULLS_TO_EXPIRE} (or more) good pulls in a row left out, the first of them longer
   * ago than its `expireAfterMs`, unless another source still lists them.
   */
  async expiredIds(now = Date.now()): Promise<Set<string>> {
    const stale = new Set<string>();
    const fresh = new Set<string>();
    const sources = await this.listSources();
    // The common case, checked every 30 s by every server: no source expires anything.
    if (!sources.some((source) => canExpire(source))) return stale;
    for (const source of sources) {
      for await (
        const entry of this.#kv.list(
          { prefix: keys.sourceListingsPrefix(source.name) },
          ListingSchema,
        )
      ) {
        const id = String(entry.key.at(-1));
        const { missingSince, missingPulls = 0 } = entry.value as Listing;
        const expired = canExpire(source) && missingSince !== undefined &&
          missingPulls >= MISSING_PULLS_TO_EXPIRE && missingSince <= now - source.expireAfterMs!;
        (expired ? stale : fresh).add(id);
      }
    }
    for (const id of fresh) stale.delete(id);
    return stale;
  }
}

/** A folder's expiry (set before it was refused) is ignored: it imports new files only. */
function canExpire(source: SourceRecord): boolean {
  return source.expireAfterMs !== undefined && isUrlSource(source.location);
}
