/**
 * The sole user of Deno KV. Postings, cities, import runs, embeddings, index snapshots, API keys,
 * rate-limit windows and OAuth records all live here, so any number of stateless servers can share
 * one KV.
 *
 * @module
 */
import { ulid } from "ulid";
import { type CityCount, type Job, JobSchema } from "../domain/job.ts";
import { JobseekError } from "../domain/errors.ts";
import { keys, NO_COUNTRY } from "./kv_keys.ts";

/** Deno KV's hard limits (denokv limits.rs), with a margin. */
const MAX_VALUE_BYTES = 65_536;
const MAX_COMMIT_BYTES = 800_000;
const MAX_COMMIT_MUTATIONS = 1000;
/** Snapshot chunk size: under the 64 KiB value limit. */
const SNAPSHOT_CHUNK_BYTES = 60 * 1024;
/** Chunks per commit: 12 × 60 KiB stays under the 800 KiB commit limit. */
const SNAPSHOT_CHUNKS_PER_COMMIT = 12;

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

export interface SnapshotMeta {
  formatVersion: number;
  chunkCount: number;
  byteLength: number;
  sha256: string;
  docCount: number;
  model: string;
  createdAt: string;
}

export interface Snapshot {
  id: string;
  meta: SnapshotMeta;
  bytes: Uint8Array;
}

export interface ApiKeyRecord {
  name: string;
  keyHash: string;
  /** First characters of the key, to recognise it in listings without revealing it. */
  prefix: string;
  createdAt: string;
  /** Requests per minute; absent means the server default. */
  rateLimit?: number;
}

export interface OAuthRecord {
  [field: string]: unknown;
}

/**
 * Kinds of OAuth records: registered clients, authorization codes, access and refresh tokens, the
 * spent marks of consent forms, and grants (one sign-in and the tokens rotated from it).
 */
export type OAuthRecordKind = "client" | "code" | "access" | "refresh" | "consent" | "grant";

/** What a sweep of OAuth records removed. */
export interface OAuthSweep {
  /** Registered clients that never completed a sign-in in time. */
  pendingClients: number;
  /** Codes, tokens, consent marks and grants past their `expiresAt`. */
  expired: number;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Estimates the size KV will store for a value. V8 serialises each string with one byte per
 * character while all its characters are Latin-1 and two bytes per character otherwise, so a UTF-8
 * length would under-count CJK text and a whole-value check would over-count mixed values.
 */
function sizeOf(value: unknown): number {
  if (typeof value === "string") {
    // deno-lint-ignore no-control-regex
    return 5 + (/[^\u0000-\u00ff]/.test(value) ? value.length * 2 : value.length);
  }
  if (Array.isArray(value)) return 5 + value.reduce((n: number, v) => n + sizeOf(v), 0);
  if (value !== null && typeof value === "object") {
    return Object.entries(value).reduce((n, [k, v]) => n + sizeOf(k) + sizeOf(v), 5);
  }
  return 9;
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * How long one KV call keeps retrying while SQLite reports the file busy. Another process (a
 * second server, `jobseek ingest`, `jobseek keys`) holds the write lock for milliseconds at a
 * time, so this is a ceiling for pathological contention, not a wait anyone should see.
 */
const BUSY_RETRY_MS = 15_000;
const BUSY_FIRST_DELAY_MS = 1;
const BUSY_MAX_DELAY_MS = 100;

/**
 * True for SQLite's "database is locked"/"busy": another process holds the lock and the call did
 * nothing, so repeating it is safe (a commit that throws this was rolled back; measured: three
 * processes retrying checked commits on one counter lost no increment).
 */
export function isBusyError(error: unknown): boolean {
  return error instanceof Error && /database is (locked|busy)|SQLITE_BUSY/i.test(error.message);
}

/**
 * Runs `call`, and again with jittered exponential backoff while it fails with a busy database.
 * The jitter keeps processes that collided from colliding again in step.
 */
export async function retryWhileBusy<T>(call: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + BUSY_RETRY_MS;
  let delay = BUSY_FIRST_DELAY_MS;
  while (true) {
    try {
      return await call();
    } catch (error) {
      if (!isBusyError(error) || Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, delay * (0.5 + Math.random())));
    delay = Math.min(delay * 2, BUSY_MAX_DELAY_MS);
  }
}

/**
 * A subject's recent admitted requests for the sliding rate window: per whole second (ms since
 * the epoch / 1000), how many. Only seconds inside the window are kept, so a value holds at most
 * one entry per second of the window whatever the limit.
 */
export type RateBuckets = [second: number, count: number][];

export class KvStore {
  readonly #kv: Deno.Kv;

  constructor(kv: Deno.Kv) {
    this.#kv = kv;
  }

  /** Opens the KV at a path (`:memory:`, a SQLite file, or a KV Connect URL). */
  static async open(location: string): Promise<KvStore> {
    if (location !== ":memory:" && !/^https?:\/\//.test(location)) {
      const dir = location.replace(/[\\/][^\\/]*$/, "");
      if (dir && dir !== location) await Deno.mkdir(dir, { recursive: true });
    }
    return new KvStore(await Deno.openKv(location));
  }

  close(): void {
    this.#kv.close();
  }

  // ---- postings -------------------------------------------------------------------------------

  /**
   * Inserts or updates postings by id. A posting identical to the stored one is left alone, so a
   * re-import changes nothing. Each posting and its city index entry are written in one atomic.
   */
  async upsertJobs(jobs: Job[]): Promise<UpsertCounts> {
    const counts: UpsertCounts = { inserted: 0, updated: 0, unchanged: 0 };
    const unique = new Map(jobs.map((job) => [job.id, job]));
    const list = [...unique.values()];
    for (let i = 0; i < list.length; i += 10) {
      const slice = list.slice(i, i + 10);
      const existing = await retryWhileBusy(() =>
        this.#kv.getMany<Job[]>(slice.map((job) => keys.job(job.id)))
      );
      let op = this.#kv.atomic();
      let opBytes = 0;
      let opMutations = 0;
      for (let j = 0; j < slice.length; j++) {
        const job = JobSchema.parse(slice[j]);
        const entry = existing[j];
        const bytes = sizeOf(job);
        if (bytes > MAX_VALUE_BYTES) {
          throw new JobseekError(
            "INTERNAL_ERROR",
            `Cannot store posting ${job.id}: ${bytes} bytes`,
          );
        }
        if (entry.value && JSON.stringify(entry.value) === JSON.stringify(job)) {
          counts.unchanged++;
          continue;
        }
        if (opBytes + bytes > MAX_COMMIT_BYTES || opMutations + 4 > MAX_COMMIT_MUTATIONS) {
          await this.#commit(op);
          op = this.#kv.atomic();
          opBytes = 0;
          opMutations = 0;
        }
        op.check(entry).set(keys.job(job.id), job);
        if (entry.value) {
          op.delete(keys.jobByCity(entry.value.country ?? NO_COUNTRY, entry.value.city, job.id));
          counts.updated++;
        } else {
          counts.inserted++;
        }
        op.set(keys.jobByCity(job.country ?? NO_COUNTRY, job.city, job.id), 1);
        op.set(keys.jobsChangedAt(), Date.now());
        opBytes += bytes + 200;
        opMutations += 4;
      }
      if (opMutations > 0) await this.#commit(op);
    }
    return counts;
  }

  async #commit(op: Deno.AtomicOperation): Promise<void> {
    const result = await retryWhileBusy(() => op.commit());
    if (!result.ok) {
      throw new JobseekError(
        "CONFLICT",
        "Cannot write: a concurrent writer changed the same records",
      );
    }
  }

  async getJob(id: string): Promise<Job | null> {
    return (await this.#get<Job>(keys.job(id))).value;
  }

  /** Every posting, in id order. */
  async *listJobs(): AsyncIterable<Job> {
    for await (
      const entry of this.#list<Job>({ prefix: keys.jobsPrefix() }, { batchSize: 500 })
    ) {
      yield entry.value;
    }
  }

  async countJobs(): Promise<number> {
    let n = 0;
    for await (const _ of this.#list({ prefix: keys.jobsByCityPrefix() }, { batchSize: 1000 })) {
      n++;
    }
    return n;
  }

  /** Cities with their country and number of postings, most postings first. */
  async listCities(options: { country?: string } = {}): Promise<CityCount[]> {
    const prefix = options.country === undefined
      ? keys.jobsByCityPrefix()
      : [...keys.jobsByCityPrefix(), options.country];
    const counts = new Map<string, CityCount>();
    for await (const entry of this.#list({ prefix }, { batchSize: 1000 })) {
      const [, country, city] = entry.key as [string, string, string, string];
      if (city === "") continue;
      const id = `${country}\u0000${city}`;
      const current = counts.get(id);
      if (current) current.count++;
      else {
        counts.set(id, country === NO_COUNTRY ? { city, count: 1 } : { city, country, count: 1 });
      }
    }
    return [...counts.values()].sort((a, b) =>
      b.count - a.count || a.city.localeCompare(b.city) ||
      (a.country ?? "").localeCompare(b.country ?? "")
    );
  }

  // ---- import runs ----------------------------------------------------------------------------

  async saveImportRun(run: Omit<ImportRun, "id">): Promise<ImportRun> {
    const saved = { id: ulid(), ...run };
    await this.#set(keys.importRun(saved.id), saved);
    return saved;
  }

  /** Import runs, newest first. */
  async listImportRuns(limit = 20): Promise<ImportRun[]> {
    const runs: ImportRun[] = [];
    for await (
      const entry of this.#list<ImportRun>({ prefix: keys.importRunsPrefix() }, {
        reverse: true,
        limit,
      })
    ) runs.push(entry.value);
    return runs;
  }

  // ---- embedding cache ------------------------------------------------------------------------

  /** Cached vectors for the given text hashes; missing ones are absent from the map. */
  async getEmbeddings(model: string, textHashes: string[]): Promise<Map<string, Float32Array>> {
    const found = new Map<string, Float32Array>();
    for (let i = 0; i < textHashes.length; i += 10) {
      const slice = textHashes.slice(i, i + 10);
      const entries = await retryWhileBusy(() =>
        this.#kv.getMany<Uint8Array[]>(slice.map((hash) => keys.embedding(model, hash)))
      );
      entries.forEach((entry, j) => {
        if (entry.value) {
          const copy = entry.value.slice();
          found.set(slice[j], new Float32Array(copy.buffer, 0, copy.byteLength / 4));
        }
      });
    }
    return found;
  }

  async putEmbeddings(model: string, vectors: Map<string, Float32Array>): Promise<void> {
    let op = this.#kv.atomic();
    let opBytes = 0;
    let mutations = 0;
    for (const [hash, vector] of vectors) {
      const bytes = new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength).slice();
      if (opBytes + bytes.byteLength > MAX_COMMIT_BYTES || mutations >= MAX_COMMIT_MUTATIONS) {
        await this.#commit(op);
        op = this.#kv.atomic();
        opBytes = 0;
        mutations = 0;
      }
      op.set(keys.embedding(model, hash), bytes);
      // KV counts more per mutation than key + value: 489 mutations of 1.5 KiB vectors (384-d)
      // with a 35-character model name went over the 819,200-byte limit at +100.
      opBytes += bytes.byteLength + 400;
      mutations++;
    }
    if (mutations > 0) await this.#commit(op);
  }

  // ---- index snapshots ------------------------------------------------------------------------

  /**
   * Writes a snapshot as chunks over several commits, then makes it current with one atomic flip
   * that checks the pointer it replaces: of two racing publishers only one wins, and a publisher
   * that dies half-way leaves the previous snapshot current. Keeps the previous snapshot for
   * rollback and deletes older ones.
   */
  async publishSnapshot(
    bytes: Uint8Array,
    meta: Omit<SnapshotMeta, "chunkCount" | "byteLength" | "sha256" | "createdAt">,
  ): Promise<string> {
    const previous = await this.#get<string>(keys.currentSnapshot());
    const snapId = ulid();
    const chunkCount = Math.ceil(bytes.byteLength / SNAPSHOT_CHUNK_BYTES);
    for (let first = 0; first < chunkCount; first += SNAPSHOT_CHUNKS_PER_COMMIT) {
      const op = this.#kv.atomic();
      for (let n = first; n < Math.min(chunkCount, first + SNAPSHOT_CHUNKS_PER_COMMIT); n++) {
        op.set(
          keys.snapshotChunk(snapId, n),
          // slice, not subarray: KV would serialise a view's whole underlying buffer.
          bytes.slice(n * SNAPSHOT_CHUNK_BYTES, (n + 1) * SNAPSHOT_CHUNK_BYTES),
        );
      }
      await this.#commit(op);
    }
    const fullMeta: SnapshotMeta = {
      ...meta,
      chunkCount,
      byteLength: bytes.byteLength,
      sha256: await sha256Hex(bytes),
      createdAt: new Date().toISOString(),
    };
    await this.#set(keys.snapshotMeta(snapId), fullMeta);
    const flip = this.#kv.atomic().check(previous).set(keys.currentSnapshot(), snapId);
    const flipped = await retryWhileBusy(() => flip.commit());
    if (!flipped.ok) {
      await this.#deleteSnapshot(snapId);
      throw new JobseekError(
        "CONFLICT",
        "Cannot publish snapshot: another snapshot was published at the same time",
      );
    }
    await this.#pruneSnapshots([snapId, previous.value].filter((id): id is string => !!id));
    return snapId;
  }

  /**
   * What the current index lacks: null when it holds every stored posting as last written, else
   * the counts, and whether postings were written after it was built (an import that stopped
   * before publishing, or one running now).
   */
  async indexGap(): Promise<{ stored: number; indexed: number; changedSince: boolean } | null> {
    const current = await this.currentSnapshotId();
    const meta = current ? await this.readSnapshotMeta(current) : null;
    if (!meta) return null;
    const stored = await this.countJobs();
    const changedAt = (await this.#get<number>(keys.jobsChangedAt())).value;
    const changedSince = changedAt !== null && changedAt > Date.parse(meta.createdAt);
    if (stored === meta.docCount && !changedSince) return null;
    return { stored, indexed: meta.docCount, changedSince };
  }

  /** Ids of the snapshots kept (the current one and the previous, for rollback), newest first. */
  async listSnapshotIds(): Promise<string[]> {
    const ids = new Set<string>();
    for await (const entry of this.#list({ prefix: keys.snapshotsPrefix() })) {
      if (entry.key[2] === "meta") ids.add(entry.key[1] as string);
    }
    // Ids are ULIDs: their order is the order they were published in.
    return [...ids].sort().reverse();
  }

  async currentSnapshotId(): Promise<string | null> {
    return (await this.#get<string>(keys.currentSnapshot())).value;
  }

  async readSnapshotMeta(snapId: string): Promise<SnapshotMeta | null> {
    return (await this.#get<SnapshotMeta>(keys.snapshotMeta(snapId))).value;
  }

  /** Reads a snapshot and verifies its hash; `null` if it does not exist (or was pruned). */
  async readSnapshot(snapId: string): Promise<Snapshot | null> {
    const meta = await this.readSnapshotMeta(snapId);
    if (!meta) return null;
    const bytes = new Uint8Array(meta.byteLength);
    let offset = 0;
    let n = 0;
    for await (
      const entry of this.#list<Uint8Array>({
        prefix: [...keys.snapshotPrefix(snapId), "chunk"],
      }, { batchSize: 50 })
    ) {
      if (entry.key[3] !== n) {
        throw new JobseekError("INTERNAL_ERROR", `Snapshot ${snapId} misses chunk ${n}`);
      }
      bytes.set(entry.value, offset);
      offset += entry.value.byteLength;
      n++;
    }
    if (
      n !== meta.chunkCount || offset !== meta.byteLength ||
      (await sha256Hex(bytes)) !== meta.sha256
    ) {
      throw new JobseekError("INTERNAL_ERROR", `Cannot load snapshot ${snapId}: it is corrupt`);
    }
    return { id: snapId, meta, bytes };
  }

  /**
   * Calls `onChange` with the current snapshot id whenever it changes. `kv.watch` reports writes of
   * this process (and of remote KV) at once; a cheap poll catches writes of other processes to a
   * local SQLite file, which `watch` does not see (FACTS.md).
   */
  watchCurrentSnapshot(
    onChange: (snapId: string | null) => void,
    options: { pollMs?: number; signal?: AbortSignal } = {},
  ): void {
    // An already aborted signal never fires "abort": starting would leak the watch and the timer.
    if (options.signal?.aborted) return;
    let last: string | null | undefined;
    const report = (id: string | null) => {
      if (id === last) return;
      last = id;
      onChange(id);
    };
    const stream = this.#kv.watch<[string]>([keys.currentSnapshot()]);
    const reader = stream.getReader();
    options.signal?.addEventListener("abort", () => reader.cancel().catch(() => {}));
    (async () => {
      try {
        while (true) {
          const { value, done } = await reader.read();
          if (done) return;
          report(value[0].value);
        }
      } catch {
        // The KV was closed or the watch cancelled: polling (or nothing) goes on.
      }
    })();
    const pollMs = options.pollMs ?? 1500;
    const timer = setInterval(() => {
      this.currentSnapshotId().then(report, () => {});
    }, pollMs);
    options.signal?.addEventListener("abort", () => clearInterval(timer));
  }

  async #pruneSnapshots(keep: string[]): Promise<void> {
    const ids = new Set<string>();
    for await (const entry of this.#list({ prefix: keys.snapshotsPrefix() })) {
      ids.add(entry.key[1] as string);
    }
    for (const id of ids) if (!keep.includes(id)) await this.#deleteSnapshot(id);
  }

  async #deleteSnapshot(snapId: string): Promise<void> {
    let op = this.#kv.atomic();
    let mutations = 0;
    for await (const entry of this.#list({ prefix: keys.snapshotPrefix(snapId) })) {
      op.delete(entry.key);
      if (++mutations === 500) {
        await this.#commit(op);
        op = this.#kv.atomic();
        mutations = 0;
      }
    }
    if (mutations > 0) await this.#commit(op);
  }

  // ---- API keys -------------------------------------------------------------------------------

  /** Stores a new key (by hash). Names are unique; a taken name is a CONFLICT. */
  async createApiKey(record: ApiKeyRecord): Promise<void> {
    const op = this.#kv.atomic()
      .check({ key: keys.apiKeyByName(record.name), versionstamp: null })
      .check({ key: keys.apiKey(record.keyHash), versionstamp: null })
      .set(keys.apiKey(record.keyHash), record)
      .set(keys.apiKeyByName(record.name), record.keyHash);
    const result = await retryWhileBusy(() => op.commit());
    if (!result.ok) {
      throw new JobseekError("CONFLICT", `Cannot create key: the name '${record.name}' is taken`);
    }
  }

  async findApiKey(keyHash: string): Promise<ApiKeyRecord | null> {
    return (await this.#get<ApiKeyRecord>(keys.apiKey(keyHash))).value;
  }

  async listApiKeys(): Promise<ApiKeyRecord[]> {
    const records: ApiKeyRecord[] = [];
    for await (const entry of this.#list<ApiKeyRecord>({ prefix: keys.apiKeysPrefix() })) {
      records.push(entry.value);
    }
    return records.sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Deletes a key by name; false when no key has that name. */
  async revokeApiKey(name: string): Promise<boolean> {
    while (true) {
      const byName = await this.#get<string>(keys.apiKeyByName(name));
      if (!byName.value) return false;
      const op = this.#kv.atomic().check(byName)
        .delete(keys.apiKeyByName(name))
        .delete(keys.apiKey(byName.value));
      // A concurrent change of the same key (a new limit) is no reason not to revoke it.
      if ((await retryWhileBusy(() => op.commit())).ok) return true;
    }
  }

  async setApiKeyRateLimit(name: string, rateLimit: number | undefined): Promise<boolean> {
    const byName = await this.#get<string>(keys.apiKeyByName(name));
    if (!byName.value) return false;
    const entry = await this.#get<ApiKeyRecord>(keys.apiKey(byName.value));
    if (!entry.value) return false;
    const updated: ApiKeyRecord = { ...entry.value };
    if (rateLimit === undefined) delete updated.rateLimit;
    else updated.rateLimit = rateLimit;
    const op = this.#kv.atomic().check(entry).set(keys.apiKey(byName.value), updated);
    return (await retryWhileBusy(() => op.commit())).ok;
  }

  // ---- rate limits ----------------------------------------------------------------------------

  /**
   * Reads `subject`'s rate buckets, lets `decide` compute the next ones, and commits them only if
   * no other writer (this process or another) changed them meanwhile; on a conflict it reads again
   * and decides again, so `decide` may run several times and must not act on its own. The record
   * expires `ttlMs` after the last write. Returns what the committed `decide` returned.
   */
  async updateRateBuckets<R>(
    subject: string,
    ttlMs: number,
    decide: (buckets: RateBuckets) => { buckets: RateBuckets | null; result: R },
  ): Promise<R> {
    const key = keys.rateBuckets(subject);
    while (true) {
      const entry = await this.#get<RateBuckets>(key);
      const { buckets, result } = decide(entry.value ?? []);
      // Nothing admitted: nothing to write, and nothing another writer could invalidate.
      if (buckets === null) return result;
      const op = this.#kv.atomic().check(entry).set(key, buckets, { expireIn: ttlMs });
      if ((await retryWhileBusy(() => op.commit())).ok) return result;
    }
  }

  // ---- OAuth records --------------------------------------------------------------------------

  async putOAuthRecord(
    kind: OAuthRecordKind,
    id: string,
    value: OAuthRecord,
    expireInMs?: number,
  ): Promise<void> {
    await this.#set(oauthKey(kind, id), value, expireInMs ? { expireIn: expireInMs } : {});
  }

  async getOAuthRecord<T extends OAuthRecord>(
    kind: OAuthRecordKind,
    id: string,
  ): Promise<T | null> {
    const value = (await this.#get<T>(oauthKey(kind, id))).value;
    if (value && typeof value.expiresAt === "number" && value.expiresAt < Date.now()) return null;
    return value;
  }

  /** Reads and deletes a one-time record (authorization code, refresh token) atomically. */
  async consumeOAuthRecord<T extends OAuthRecord>(
    kind: "code" | "refresh" | "consent",
    id: string,
  ): Promise<T | null> {
    const key = oauthKey(kind, id);
    const entry = await this.#get<T>(key);
    if (!entry.value) return null;
    const op = this.#kv.atomic().check(entry).delete(key);
    if (!(await retryWhileBusy(() => op.commit())).ok) return null;
    const value = entry.value;
    if (typeof value.expiresAt === "number" && value.expiresAt < Date.now()) return null;
    return value;
  }

  async deleteOAuthRecord(kind: OAuthRecordKind, id: string) {
    await retryWhileBusy(() => this.#kv.delete(oauthKey(kind, id)));
  }

  /**
   * Marks `id` (e.g. a consent form's hash) used for `ttlMs`; true for the first caller only,
   * whichever server it runs on.
   */
  async claimOnce(id: string, ttlMs: number): Promise<boolean> {
    const key = oauthKey("consent", id);
    const op = this.#kv.atomic().check({ key, versionstamp: null })
      .set(key, { expiresAt: Date.now() + ttlMs }, { expireIn: Math.max(1, ttlMs) });
    return (await retryWhileBusy(() => op.commit())).ok;
  }

  /**
   * Counts one client registration unless `cap` registrations were counted in this clock hour
   * and the one before; returns null when counted, else the ms until the older hour lapses.
   */
  async countRegistration(now: number, cap: number): Promise<number | null> {
    const hour = now - (now % HOUR_MS);
    const currentKey = keys.oauthRegistrations(hour);
    while (true) {
      const [previous, current] = await retryWhileBusy(() =>
        this.#kv.getMany<[number, number]>([keys.oauthRegistrations(hour - HOUR_MS), currentKey])
      );
      if ((previous.value ?? 0) + (current.value ?? 0) >= cap) return hour + HOUR_MS - now;
      const op = this.#kv.atomic().check(current)
        .set(currentKey, (current.value ?? 0) + 1, { expireIn: 2 * HOUR_MS + 60_000 });
      if ((await retryWhileBusy(() => op.commit())).ok) return null;
    }
  }

  /** A random 32-byte secret under `name`, created by the first server that asks. */
  async sharedSecret(name: string): Promise<Uint8Array> {
    const key = keys.secret(name);
    while (true) {
      const entry = await this.#get<Uint8Array>(key);
      if (entry.value) return entry.value;
      const op = this.#kv.atomic().check(entry)
        .set(key, crypto.getRandomValues(new Uint8Array(32)));
      await retryWhileBusy(() => op.commit());
    }
  }

  /**
   * Deletes OAuth records nobody can use any more: clients registered more than `pendingClientMs`
   * ago that never completed a sign-in, and codes, tokens, consent marks and grants past their
   * `expiresAt`. KV's own expiry normally removes them first; the sweep covers records written
   * without one (by older versions) and stores whose expiry runs late.
   */
  async sweepOAuth(now: number, pendingClientMs: number): Promise<OAuthSweep> {
    const result: OAuthSweep = { pendingClients: 0, expired: 0 };
    for await (const entry of this.#list<OAuthRecord>({ prefix: keys.oauthClientsPrefix() })) {
      const client = entry.value;
      const issuedMs = Number(client.client_id_issued_at) * 1000;
      if (client.activated_at === undefined && issuedMs + pendingClientMs < now) {
        await retryWhileBusy(() => this.#kv.delete(entry.key));
        result.pendingClients++;
      }
    }
    const prefixes = [
      keys.oauthCode(""),
      keys.oauthAccessToken(""),
      keys.oauthRefreshToken(""),
      keys.oauthConsent(""),
      keys.oauthGrant(""),
    ].map((key) => key.slice(0, 1));
    for (const prefix of prefixes) {
      for await (const entry of this.#list<OAuthRecord>({ prefix })) {
        const expiresAt = entry.value?.expiresAt;
        if (typeof expiresAt === "number" && expiresAt < now) {
          await retryWhileBusy(() => this.#kv.delete(entry.key));
          result.expired++;
        }
      }
    }
    return result;
  }

  // ---- KV calls, retried on a busy database ---------------------------------------------------

  #get<T>(key: Deno.KvKey): Promise<Deno.KvEntryMaybe<T>> {
    return retryWhileBusy(() => this.#kv.get<T>(key));
  }

  async #set(key: Deno.KvKey, value: unknown, options?: { expireIn?: number }): Promise<void> {
    await retryWhileBusy(() => this.#kv.set(key, value, options));
  }

  /**
   * `kv.list`, resumed from its cursor when a batch read meets a busy database, so a long listing
   * (an index build reading every posting) survives a writer in another process.
   */
  async *#list<T>(
    selector: Deno.KvListSelector,
    options: Deno.KvListOptions = {},
  ): AsyncIterableIterator<Deno.KvEntry<T>> {
    let cursor: string | undefined;
    let yielded = 0;
    const deadline = () => Date.now() + BUSY_RETRY_MS;
    let giveUpAt = deadline();
    while (true) {
      const limit = options.limit === undefined ? undefined : options.limit - yielded;
      if (limit !== undefined && limit <= 0) return;
      const iterator = this.#kv.list<T>(selector, { ...options, limit, cursor });
      try {
        for await (const entry of iterator) {
          yielded++;
          yield entry;
          cursor = iterator.cursor;
          giveUpAt = deadline();
        }
        return;
      } catch (error) {
        if (!isBusyError(error) || Date.now() > giveUpAt) throw error;
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
      }
    }
  }

  /**
   * Every posting's id, city and country, read from the city index alone: the import fills in
   * missing countries from the other postings' places without reading any posting in full.
   */
  async *listJobPlaces(): AsyncIterable<{ id: string; city: string; country?: string }> {
    for await (
      const entry of this.#list({ prefix: keys.jobsByCityPrefix() }, { batchSize: 1000 })
    ) {
      const [, country, city, id] = entry.key as [string, string, string, string];
      yield country === NO_COUNTRY ? { id, city } : { id, city, country };
    }
  }
}

function oauthKey(kind: OAuthRecordKind, id: string) {
  switch (kind) {
    case "client":
      return keys.oauthClient(id);
    case "code":
      return keys.oauthCode(id);
    case "access":
      return keys.oauthAccessToken(id);
    case "refresh":
      return keys.oauthRefreshToken(id);
    case "consent":
      return keys.oauthConsent(id);
    case "grant":
      return keys.oauthGrant(id);
  }
}
