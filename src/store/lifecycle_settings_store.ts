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

export class LifecycleSettingsStore {
  readonly #kv: KvAccess;

  constructor(kv: KvAccess) {
    this.#kv = kv;
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
   */
  async resolve(
    fallback: LifecycleSettings,
    options: { claim?: string } = {},
  ): Promise<LifecycleSettings & { stored: StoredLifecycle | null }> {
    const current = await this.#kv.get(keys.lifecycleSettings(), StoredLifecycleSchema);
    if (current.value) return { ...pick(current.value), stored: current.value };
    if (options.claim === undefined) return { ...pick(fallback), stored: null };
    const record: StoredLifecycle = { ...pick(fallback), setBy: options.claim, setAt: Date.now() };
    // Two servers starting at once: the first to commit sets them, the other takes its values.
    const claimed = await this.#kv.commit((op) =>
      op.check(current).set(keys.lifecycleSettings(), record)
    );
    if (claimed) return { ...pick(record), stored: record };
    return await this.resolve(fallback);
  }
}

function pick(settings: LifecycleSettings): LifecycleSettings {
  return { retentionDays: settings.retentionDays, purgeAfterDays: settings.purgeAfterDays };
}
