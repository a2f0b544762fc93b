/**
 * Feed sources the servers pull on a schedule (`jobseek sources`): their settings and last run,
 * a lease per source so that of the servers sharing a store one pulls it, and when each posting
 * was last listed by each source, for expiry.
 *
 * @module
 */
import { z } from "zod";
import { JobseekError } from "../domain/errors.ts";
import { keys } from "./kv_keys.ts";
import type { KvAccess } from "./kv.ts";

export const SOURCE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

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
});
export type SourceRun = z.infer<typeof SourceRunSchema>;

const SourceRecordSchema = z.object({
  name: z.string().regex(SOURCE_NAME_PATTERN),
  /** An http(s) URL, or a file or folder path on the servers' machine. */
  location: z.string().min(1),
  everyMs: z.number().int().positive(),
  format: z.enum(["csv", "jsonl"]).optional(),
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
});
export type SourceRecord = z.infer<typeof SourceRecordSchema>;

const LeaseSchema = z.object({ owner: z.string(), until: z.number() });
const ListedAtSchema = z.number();

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
  async takeLease(name: string, owner: string, ms: number, now = Date.now()): Promise<boolean> {
    const held = await this.#kv.get(keys.sourceLease(name), LeaseSchema);
    if (held.value && held.value.owner !== owner && held.value.until > now) return false;
    return await this.#kv.commit((op) =>
      op.check(held).set(keys.sourceLease(name), { owner, until: now + ms })
    );
  }

  async releaseLease(name: string, owner: string): Promise<void> {
    const held = await this.#kv.get(keys.sourceLease(name), LeaseSchema);
    if (held.value?.owner !== owner) return;
    await this.#kv.commit((op) => op.check(held).delete(keys.sourceLease(name)));
  }

  /** Records that the source listed these postings (ids) at `at`. */
  async markListed(name: string, ids: string[], at: number): Promise<void> {
    const writer = this.#kv.splitCommit("record listed postings");
    for (const id of ids) {
      await writer.add((group) => group.set(keys.sourceListing(name, id), at));
    }
    await writer.flush();
  }

  /**
   * The postings that a source with an expiry listed once, are not in its current listing, and
   * were last listed longer ago than its `expireAfterMs`, unless another source still lists them.
   */
  async expiredIds(now = Date.now()): Promise<Set<string>> {
    const stale = new Set<string>();
    const fresh = new Set<string>();
    const sources = await this.listSources();
    // The common case, checked every 30 s by every server: no source expires anything.
    if (!sources.some((source) => source.expireAfterMs !== undefined)) return stale;
    for (const source of sources) {
      for await (
        const entry of this.#kv.list(
          { prefix: keys.sourceListingsPrefix(source.name) },
          ListedAtSchema,
        )
      ) {
        const id = String(entry.key.at(-1));
        const expired = source.expireAfterMs !== undefined && entry.value !== source.contentAt &&
          entry.value < now - source.expireAfterMs;
        (expired ? stale : fresh).add(id);
      }
    }
    for (const id of fresh) stale.delete(id);
    return stale;
  }
}
