/**
 * The retention and purge settings of a store, kept in the store itself so that every process on
 * it (servers, `ingest`, `index status`, cron jobs) agrees on what is searchable and what is
 * deleted, whatever its own environment says. The first server's environment sets them when the
 * store has none; `jobseek index lifecycle` changes them (docs/operations.md, "Retention and
 * purge").
 *
 * @module
 */
import { z } from "zod";
import { keys } from "./kv_keys.ts";
import type { KvAccess } from "./kv.ts";

const StoredLifecycleSchema = z.object({
  retentionDays: z.number().int().min(0),
  purgeAfterDays: z.number().int().min(0),
  /** Who set them: `the first server's environment` or `jobseek index lifecycle`. */
  setBy: z.string(),
  /** When (ms). */
  setAt: z.number(),
});
export type StoredLifecycle = z.infer<typeof StoredLifecycleSchema>;

export interface LifecycleSettings {
  retentionDays: number;
  purgeAfterDays: number;
}

/** What a process would use where the store has no settings: its environment's, or the defaults. */
export interface LifecycleFallback extends LifecycleSettings {
  /**
   * Whether the environment named the retention: where it did not, a store that holds postings
   * (or is being filled) takes none rather than the default.
   */
  retentionFromEnv?: boolean;
}

/** The settings in force, with what was stored, and the postings a default would have hidden. */
export type ResolvedLifecycle = LifecycleSettings & {
  stored: StoredLifecycle | null;
  /**
   * Set where the store had no settings and held postings, and the environment named no retention:
   * how many it held. The retention is then none (`retentionDays` 0), not the default.
   */
  keptSearchable?: number;
};

export class LifecycleSettingsStore {
  readonly #kv: KvAccess;
  readonly #storedPostings: () => Promise<number>;

  /** `storedPostings`: how many postings the store holds (`PostingsStore.countJobs`). */
  constructor(kv: KvAccess, storedPostings: () => Promise<number>) {
    this.#kv = kv;
    this.#storedPostings = storedPostings;
  }

  async get(): Promise<StoredLifecycle | null> {
    return (await this.#kv.get(keys.lifecycleSettings(), StoredLifecycleSchema)).value;
  }

  /** Sets them (an operator's choice), replacing what was stored. */
  async set(settings: LifecycleSettings, setBy: string, at = Date.now()): Promise<StoredLifecycle> {
    const record: StoredLifecycle = { ...pick(settings), setBy, setAt: at };
    await this.#kv.set(keys.lifecycleSettings(), record);
    return record;
  }

  /**
   * The settings in force: those stored; else, with `claim`, `fallback` stored now (the first
   * server's environment), else `fallback` alone (a process that sets nothing).
   *
   * No default hides what a store holds: where the store has none and the environment names no
   * retention, a store that already holds postings, or that `filling` (an import) is about to
   * fill, takes no retention. The default of 60 days had hidden all 11,517 postings of an imported
   * store at its first server's start, `/healthz` saying ok (an operator's trial, session 57). A
   * store the server fills itself (the bundled postings, re-dated into the retention) or that
   * pushes and pulls fill later keeps the default.
   */
  async resolve(
    fallback: LifecycleFallback,
    options: { claim?: string; filling?: boolean } = {},
  ): Promise<ResolvedLifecycle> {
    const current = await this.#kv.get(keys.lifecycleSettings(), StoredLifecycleSchema);
    if (current.value) return { ...pick(current.value), stored: current.value };
    let settings = pick(fallback);
    let keptSearchable: number | undefined;
    if (fallback.retentionFromEnv === false && settings.retentionDays > 0) {
      const held = await this.#storedPostings();
      if (held > 0 || options.filling) {
        settings = { ...settings, retentionDays: 0 };
        keptSearchable = held;
      }
    }
    const kept = keptSearchable === undefined ? {} : { keptSearchable };
    if (options.claim === undefined) return { ...settings, stored: null, ...kept };
    const record: StoredLifecycle = { ...settings, setBy: options.claim, setAt: Date.now() };
    // Two servers starting at once: the first to commit sets them, the other takes its values.
    const claimed = await this.#kv.commit((op) =>
      op.check(current).set(keys.lifecycleSettings(), record)
    );
    if (claimed) return { ...pick(record), stored: record, ...kept };
    return await this.resolve(fallback);
  }
}

function pick(settings: LifecycleSettings): LifecycleSettings {
  return { retentionDays: settings.retentionDays, purgeAfterDays: settings.purgeAfterDays };
}
