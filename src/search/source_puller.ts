/**
 * Pulls feed sources (`jobseek sources add`): an http(s) URL fetched with a conditional GET
 * (ETag / Last-Modified, so an unchanged feed costs one 304), or a folder whose new files are
 * imported (a single file path is a folder of one). Rows are imported as `jobseek ingest` imports a
 * file. A running server pulls what is due (`createSourceScheduler`), one server per source at a
 * time (a lease in KV), and publishes when something changed.
 *
 * What a pull brings is the source's current listing: postings it listed before and no longer
 * lists leave the index once the source's `expireAfterMs` has passed (docs/operations.md).
 *
 * @module
 */
import { errorFields, type Logger } from "../log.ts";
import type { Store } from "../store/store.ts";
import type { SourceRecord, SourceRun } from "../store/sources_store.ts";
import {
  importFiles,
  type ImportFormat,
  type ImportReport,
  importTexts,
} from "../ingest/import_files.ts";
import type { BackgroundPublisher } from "./background_publisher.ts";

/** How long one pull may take before the request is abandoned. */
const FETCH_TIMEOUT_MS = 60_000;
const FEED_FILE = /\.(csv|jsonl|ndjson|json-lines)$/i;

export function isUrlSource(location: string): boolean {
  return /^https?:\/\//i.test(location);
}

function formatOf(source: SourceRecord, hint: string): ImportFormat {
  if (source.format) return source.format;
  return /json|ndjson/i.test(hint) ? "jsonl" : "csv";
}

function runOf(outcome: string, report?: ImportReport, at = Date.now()): SourceRun {
  const totals = report?.totals;
  return {
    at,
    ok: true,
    outcome,
    rows_read: totals?.rows_read ?? 0,
    inserted: totals?.inserted ?? 0,
    updated: totals?.updated ?? 0,
    unchanged: totals?.unchanged ?? 0,
    invalid: totals?.invalid ?? 0,
  };
}

/** The folder's feed files as `name size mtime`, with their paths. */
async function folderFiles(location: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const info = await Deno.stat(location);
  const paths: string[] = [];
  if (info.isFile) paths.push(location);
  else {
    for await (const entry of Deno.readDir(location)) {
      if (entry.isFile && FEED_FILE.test(entry.name)) paths.push(`${location}/${entry.name}`);
    }
  }
  for (const path of paths.sort()) {
    const stat = await Deno.stat(path);
    files.set(`${path.split("/").pop()} ${stat.size} ${stat.mtime?.getTime() ?? 0}`, path);
  }
  return files;
}

/**
 * Pulls `source` once and returns its record as it stands after the run (last run, validators,
 * files seen, next run); the caller saves it. Never throws for a source's own failure (an
 * unreachable URL, a 500, a missing folder): that is the run's outcome, with `ok: false`.
 */
export async function pullSource(
  store: Pick<Store, "postings" | "importRuns" | "sources">,
  source: SourceRecord,
  options: { fetch?: typeof fetch; now?: () => number } = {},
): Promise<{ record: SourceRecord; changed: number }> {
  const now = options.now ?? Date.now;
  const startedAt = now();
  const listed: string[] = [];
  const onStored = (ids: string[]) => listed.push(...ids);
  const next: SourceRecord = { ...source, nextRunAt: startedAt + source.everyMs };
  try {
    let report: ImportReport | undefined;
    if (isUrlSource(source.location)) {
      const headers: Record<string, string> = {};
      if (source.etag) headers["if-none-match"] = source.etag;
      if (source.lastModified) headers["if-modified-since"] = source.lastModified;
      const response = await (options.fetch ?? fetch)(source.location, {
        headers,
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      });
      if (response.status === 304) {
        // The feed is what it was: its current listing stays current.
        await response.body?.cancel();
        next.lastRun = runOf("not modified", undefined, now());
        return { record: next, changed: 0 };
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new Error(`${source.location} answered ${response.status}`);
      }
      const text = await response.text();
      const format = formatOf(source, response.headers.get("content-type") ?? source.location);
      report = await importTexts(store, [{ name: source.name, format, text }], { onStored });
      next.etag = response.headers.get("etag") ?? undefined;
      next.lastModified = response.headers.get("last-modified") ?? undefined;
    } else {
      const files = await folderFiles(source.location);
      const seen = new Set(source.filesSeen ?? []);
      const fresh = [...files].filter(([key]) => !seen.has(key)).map(([, path]) => path);
      next.filesSeen = [...files.keys()];
      if (fresh.length === 0) {
        next.lastRun = runOf("no new files", undefined, now());
        return { record: next, changed: 0 };
      }
      report = await importFiles(store, fresh, { onStored });
    }
    await store.sources.markListed(source.name, listed, startedAt);
    next.contentAt = startedAt;
    next.lastRun = runOf("imported", report, now());
    return { record: next, changed: report.totals.inserted + report.totals.updated };
  } catch (error) {
    next.lastRun = {
      ...runOf(error instanceof Error ? error.message : String(error), undefined, now()),
      ok: false,
    };
    return { record: next, changed: 0 };
  }
}

export interface SourceScheduler {
  /** Pulls every due source this server can lease; resolves when done. */
  tick(): Promise<void>;
  stop(): void;
}

/** Checks every `checkMs` (default 15 s) for due sources and pulls them. */
export function createSourceScheduler(options: {
  store: Pick<Store, "postings" | "importRuns" | "sources">;
  publisher?: BackgroundPublisher;
  logger: Logger;
  checkMs?: number;
  /** How long a pull may hold its source before another server may take it over. */
  leaseMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}): SourceScheduler {
  const { store, logger } = options;
  const now = options.now ?? Date.now;
  const owner = crypto.randomUUID();
  const leaseMs = options.leaseMs ?? 10 * 60_000;
  let running: Promise<void> | null = null;
  let stopped = false;

  async function tickOnce(): Promise<void> {
    for (const source of await store.sources.listSources()) {
      if (stopped || source.nextRunAt > now()) continue;
      if (!(await store.sources.takeLease(source.name, owner, leaseMs, now()))) continue;
      try {
        // Another server may have pulled it between the listing and the lease.
        const current = await store.sources.getSource(source.name);
        if (!current || current.nextRunAt > now()) continue;
        const { record, changed } = await pullSource(store, current, options);
        await store.sources.saveSource(record);
        const run = record.lastRun!;
        const fields = {
          source: record.name,
          outcome: run.outcome,
          rows_read: run.rows_read,
          inserted: run.inserted,
          updated: run.updated,
          invalid: run.invalid,
        };
        if (run.ok) logger.info("source pulled", fields);
        else logger.warn("source pulled", fields);
        if (changed > 0) options.publisher?.request(`source ${record.name}`);
      } finally {
        await store.sources.releaseLease(source.name, owner);
      }
    }
  }

  const scheduler: SourceScheduler = {
    tick() {
      running ??= tickOnce().catch((error) =>
        logger.error("cannot pull sources", errorFields(error))
      ).finally(() => running = null);
      return running;
    },
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
  const timer = setInterval(() => scheduler.tick(), options.checkMs ?? 15_000);
  Deno.unrefTimer(timer);
  return scheduler;
}
