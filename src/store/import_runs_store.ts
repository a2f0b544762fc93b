/**
 * The record of each import run (`jobseek ingest`, a push, a pull): what it read, stored and
 * refused, for `jobseek index status` and the operator.
 *
 * @module
 */
import { ulid } from "ulid";
import { z } from "zod";
import { keys } from "./kv_keys.ts";
import type { KvAccess } from "./kv.ts";

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

/** Import runs in KV, newest first. */
export class ImportRunsStore {
  readonly #kv: KvAccess;

  constructor(kv: KvAccess) {
    this.#kv = kv;
  }

  async save(run: Omit<ImportRun, "id">): Promise<ImportRun> {
    const saved = { id: ulid(), ...run };
    await this.#kv.set(keys.importRun(saved.id), saved);
    return saved;
  }

  /** Import runs, newest first. */
  async list(limit = 20): Promise<ImportRun[]> {
    const runs: ImportRun[] = [];
    const entries = this.#kv.list({ prefix: keys.importRunsPrefix() }, ImportRunSchema, {
      reverse: true,
      limit,
    });
    for await (const entry of entries) runs.push(entry.value);
    return runs;
  }
}
