/**
 * Pulls feed sources (`jobseek sources add`): an http(s) URL fetched with a conditional GET
 * (ETag / Last-Modified, so an unchanged feed costs one 304), or a folder whose new files are
 * imported (a single file path is a folder of one). Rows are imported as `jobseek ingest` imports a
 * file. A running server pulls what is due (`createSourceScheduler`), one server per source at a
 * time (a lease in KV), and publishes when something changed.
 *
 * A URL's pull is trusted only when it looks whole (not cut mid-row, not past the size cap, not
 * empty, not far smaller than the last good pull); a pull that does not is a failed pull, of which
 * nothing is imported and because of which nothing expires. A good pull is the source's current
 * listing: postings it listed before and no longer lists leave the index once three good pulls in
 * a row left them out, the first of them `expireAfterMs` ago (docs/operations.md, "What a failed
 * pull looks like").
 *
 * @module
 */
import { errorFields, type Logger } from "../log.ts";
import type { Store } from "../store/store.ts";
import { isUrlSource, type SourceRecord, type SourceRun } from "../store/sources_store.ts";
import {
  formatOfFile,
  importFiles,
  type ImportFormat,
  type ImportReport,
  importTexts,
  nothingImported,
  type ParsedFile,
} from "../ingest/import_files.ts";
import { JobseekError } from "../domain/errors.ts";
import { cleanLine } from "../domain/clean_text.ts";
import type { BackgroundPublisher } from "./background_publisher.ts";

export { isUrlSource };

/** Defaults of the pull limits (JOBSEEK_SOURCE_TIMEOUT_SECONDS, _MAX_MB, _MAX_DROP_PERCENT). */
export const DEFAULT_PULL_LIMITS: PullLimits = {
  timeoutMs: 60_000,
  maxBytes: 64 * 1024 * 1024,
  maxDropShare: 0.3,
};

export interface PullLimits {
  /** How long one pull (answer and body) may take before it is abandoned as failed. */
  timeoutMs: number;
  /** A body past this many bytes is a failed pull; reading stops there. */
  maxBytes: number;
  /** A URL pull listing more than this share fewer postings than its last good pull failed. */
  maxDropShare: number;
}

const MAX_PROBLEMS = 10;

/** Why a pull is not trusted: nothing of it is imported and nothing expires. */
/**
 * A body that opens as markup does: a web page, whatever comes first in it (a comment, `<head>`, a
 * `<meta>` refresh, an XML declaration). No JobSpy CSV or JSON Lines feed opens with "<"
 * (reviewer C58b: a login page opening with a comment was read as a CSV again).
 */
const HTML_START = /^\uFEFF?\s*</;

class BrokenPull extends Error {
  /** The rows read, and why the first invalid ones were refused ("feed:2: no job_url"). */
  constructor(
    message: string,
    readonly rows?: { read: number; invalid: number; problems: string[] },
  ) {
    super(message);
  }
}

function formatOf(source: SourceRecord, hint: string): ImportFormat {
  if (source.format) return source.format;
  return /json|ndjson/i.test(hint) ? "jsonl" : "csv";
}

function runOf(outcome: string, report?: ImportReport, at = Date.now()): SourceRun {
  const totals = report?.totals;
  const run: SourceRun = {
    at,
    ok: true,
    outcome,
    rows_read: totals?.rows_read ?? 0,
    inserted: totals?.inserted ?? 0,
    updated: totals?.updated ?? 0,
    unchanged: totals?.unchanged ?? 0,
    invalid: totals?.invalid ?? 0,
  };
  const problems = totals?.invalid_examples.slice(0, MAX_PROBLEMS) ?? [];
  if (problems.length > 0) run.problems = problems;
  return run;
}

/** The folder's feed files as `name size mtime`, with their paths. */
async function folderFiles(location: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const info = await Deno.stat(location);
  const paths: string[] = [];
  if (info.isFile) paths.push(location);
  else {
    for await (const entry of Deno.readDir(location)) {
      if (entry.isFile && formatOfFile(entry.name) !== undefined) {
        paths.push(`${location}/${entry.name}`);
      }
    }
  }
  for (const path of paths.sort()) {
    const stat = await Deno.stat(path);
    files.set(`${path.split("/").pop()} ${stat.size} ${stat.mtime?.getTime() ?? 0}`, path);
  }
  return files;
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 100) / 100} MB`;
}

/** Reads the body up to `maxBytes`; past it, stops reading and fails the pull. */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get("content-length"));
  const tooLarge = () =>
    new BrokenPull(
      `the answer is larger than ${megabytes(maxBytes)} (JOBSEEK_SOURCE_MAX_MB): not read`,
    );
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return "";
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let read = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    read += value.byteLength;
    if (read > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join("");
}

function isJson(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

/**
 * Throws {@link BrokenPull} unless the body looks like a whole listing: not cut mid-row (a CSV
 * ends with a line end and leaves no quoted field open; a JSON Lines body's last line is whole
 * JSON); it lists at least one posting; and it lists no more than `maxDropShare` fewer postings than the last good pull.
 */
function checkWhole(
  text: string,
  format: ImportFormat,
  files: readonly ParsedFile[],
  source: SourceRecord,
  maxDropShare: number,
): number {
  if (format === "csv") {
    const endsWhole = text.endsWith("\n") || (!text.includes("\n") && text.endsWith("\r"));
    if (!endsWhole) {
      throw new BrokenPull("the body was cut mid-row (it does not end with a line end)");
    }
    if ((text.split('"').length - 1) % 2 === 1) {
      throw new BrokenPull("the body was cut mid-row (a quoted field is left open at its end)");
    }
  } else {
    // JSON Lines writers differ on the last line end; a cut line is never a whole JSON value.
    const last = text.trimEnd().split("\n").at(-1) ?? "";
    if (last.trim() !== "" && !isJson(last)) {
      throw new BrokenPull("the body was cut mid-row (its last line is no whole JSON object)");
    }
  }
  const listed = new Set(
    files.flatMap((file) => file.rows.flatMap((row) => row.kind === "job" ? [row.job.id] : [])),
  );
  if (listed.size === 0) {
    const rows = files.reduce((n, file) => n + file.rows.length, 0);
    // Why none was valid, as an import of the body as a file says it (an operator's trial,
    // session 57: "40 rows, none valid" came with no reason, and "0 rows read").
    const invalid = files.flatMap((file) =>
      file.rows.flatMap((row) =>
        row.kind === "invalid" ? [cleanLine(`${file.file}:${row.line}: ${row.reason}`)] : []
      )
    );
    throw new BrokenPull(
      rows === 0
        ? "the body lists no postings (a header alone, or empty)"
        : `the body lists no postings (${rows} rows, none valid)`,
      { read: rows, invalid: invalid.length, problems: invalid.slice(0, MAX_PROBLEMS) },
    );
  }
  const before = source.lastGoodCount;
  if (before !== undefined && listed.size < before * (1 - maxDropShare)) {
    throw new BrokenPull(
      `the body lists ${listed.size} postings where the last good pull listed ${before}: more ` +
        `than ${Math.round(maxDropShare * 100)}% fewer (JOBSEEK_SOURCE_MAX_DROP_PERCENT; ` +
        "`jobseek sources run NAME --accept-shrink` takes it as it is)",
    );
  }
  return listed.size;
}

/**
 * Pulls `source` once and returns its record as it stands after the run (last run, validators,
 * files seen, next run); the caller saves it. Never throws for a source's own failure (an
 * unreachable URL, a 500, a missing folder, a body that does not look whole): that is the run's
 * outcome, with `ok: false`, and then nothing of the answer is imported and nothing expires.
 */
export async function pullSource(
  store: Pick<Store, "postings" | "importRuns" | "sources">,
  source: SourceRecord,
  options: {
    fetch?: typeof fetch;
    now?: () => number;
    limits?: Partial<PullLimits>;
    /** Aborts the pull (a server stopping). */
    signal?: AbortSignal;
    /** Takes a URL's listing however much it shrank (an operator's `--accept-shrink`). */
    acceptShrink?: boolean;
  } = {},
): Promise<{ record: SourceRecord; changed: number }> {
  const limits = { ...DEFAULT_PULL_LIMITS, ...options.limits };
  const now = options.now ?? Date.now;
  const startedAt = now();
  const next: SourceRecord = { ...source, nextRunAt: startedAt + source.everyMs };
  const failed = (
    message: string,
    rows?: BrokenPull["rows"],
  ): { record: SourceRecord; changed: number } => {
    next.lastRun = { ...runOf(message, undefined, now()), ok: false };
    if (rows) {
      Object.assign(next.lastRun, { rows_read: rows.read, invalid: rows.invalid });
      if (rows.problems.length > 0) next.lastRun.problems = rows.problems;
    }
    return { record: next, changed: 0 };
  };
  try {
    if (!isUrlSource(source.location)) return await pullFolder(store, source, next, now);
    const headers: Record<string, string> = {};
    if (source.etag) headers["if-none-match"] = source.etag;
    if (source.lastModified) headers["if-modified-since"] = source.lastModified;
    const timeout = AbortSignal.timeout(limits.timeoutMs);
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
    let response: Response;
    let text: string;
    try {
      response = await (options.fetch ?? fetch)(source.location, { headers, signal });
      if (response.status === 304) {
        // The feed is what it was: its current listing is still the last good one.
        await response.body?.cancel();
        await store.sources.recordGoodPull(source.name, startedAt);
        next.lastGoodAt = startedAt;
        next.lastRun = runOf("not modified", undefined, now());
        return { record: next, changed: 0 };
      }
      if (!response.ok) {
        await response.body?.cancel();
        return failed(`${source.location} answered ${response.status}`);
      }
      text = await readCapped(response, limits.maxBytes);
    } catch (error) {
      if (timeout.aborted) {
        return failed(
          `${source.location} did not answer in full within ${limits.timeoutMs / 1000} s ` +
            "(JOBSEEK_SOURCE_TIMEOUT_SECONDS)",
        );
      }
      throw error;
    }
    // A sign-in or captcha page answered 200 was refused as "the CSV header has no job_url or
    // title column", naming neither the page nor the URL (an operator's trial, session 57). Told
    // by the body alone: a script that prints CSV may label it text/html (reviewer C58).
    if (HTML_START.test(text)) {
      return failed(
        `${source.location} answered a web page (HTML), not a feed: a sign-in or captcha page, or ` +
          "the wrong address?",
      );
    }
    const format = formatOf(source, response.headers.get("content-type") ?? source.location);
    let listedCount = 0;
    const listed = new Set<string>();
    const report = await importTexts(store, [{ name: source.name, format, text }], {
      onStored: (ids) => ids.forEach((id) => listed.add(id)),
      beforeWrite: (files) => {
        listedCount = checkWhole(
          text,
          format,
          files,
          source,
          options.acceptShrink ? 1 : limits.maxDropShare,
        );
      },
    });
    await store.sources.recordGoodPull(source.name, startedAt, listed);
    next.etag = response.headers.get("etag") ?? undefined;
    next.lastModified = response.headers.get("last-modified") ?? undefined;
    next.lastGoodCount = listedCount;
    next.lastGoodAt = startedAt;
    next.contentAt = startedAt;
    next.lastRun = runOf("imported", report, now());
    return { record: next, changed: report.totals.inserted + report.totals.updated };
  } catch (error) {
    if (error instanceof BrokenPull) {
      return failed(`${source.location}: ${error.message}`, error.rows);
    }
    return failed(error instanceof Error ? error.message : String(error));
  }
}

/**
 * A folder: each new file is imported on its own, and taken as seen only once imported; a file
 * that cannot be imported is named in the outcome and tried again at the next pull. A folder
 * never expires postings (it brings new files, not a whole listing).
 */
async function pullFolder(
  store: Pick<Store, "postings" | "importRuns" | "sources">,
  source: SourceRecord,
  next: SourceRecord,
  now: () => number,
): Promise<{ record: SourceRecord; changed: number }> {
  const startedAt = now();
  const files = await folderFiles(source.location);
  const seen = new Set(source.filesSeen ?? []);
  const fresh = [...files].filter(([key]) => !seen.has(key));
  // Files gone from the folder are forgotten; those still there stay seen.
  next.filesSeen = [...files.keys()].filter((key) => seen.has(key));
  // A file or folder read whole is a good pull, new files or none: a failure after it said "no
  // good pull yet" (an operator's trial, session 57). It expires nothing either way.
  if (fresh.length === 0) {
    next.lastGoodAt = startedAt;
    next.lastRun = runOf("no new files", undefined, now());
    return { record: next, changed: 0 };
  }
  const run = runOf("", undefined);
  const problems: string[] = [];
  const fileProblems: string[] = [];
  let imported = 0;
  let changed = 0;
  for (const [key, path] of fresh) {
    const listed: string[] = [];
    try {
      const report = await importFiles(store, [path], {
        onStored: (ids) => listed.push(...ids),
      });
      // A file no posting could be read from failed, as `jobseek ingest` takes it (reviewer C58:
      // it was "imported"). It is said once and seen, as any file is: tried again when it changes,
      // not at every pull (reviewer C58b: a retry every 15 s saved a run each time). A header
      // alone is a day JobSpy found nothing: seen, no failure.
      const nothing = report.totals.rows_read > 0 ? nothingImported(report.totals) : undefined;
      if (nothing !== undefined) {
        for (const field of ["rows_read", "invalid"] as const) run[field] += report.totals[field];
        problems.push(...report.totals.invalid_examples);
        fileProblems.push(`${path}: ${nothing}`);
        next.filesSeen.push(key);
        continue;
      }
      await store.sources.markListed(source.name, listed, startedAt);
      next.filesSeen.push(key);
      imported++;
      changed += report.totals.inserted + report.totals.updated;
      for (const field of ["rows_read", "inserted", "updated", "unchanged", "invalid"] as const) {
        run[field] += report.totals[field];
      }
      problems.push(...report.totals.invalid_examples);
    } catch (error) {
      if (!(error instanceof JobseekError)) throw error;
      fileProblems.push(error.message);
    }
  }
  const failedFiles = fresh.length - imported;
  next.contentAt = startedAt;
  if (failedFiles === 0) next.lastGoodAt = startedAt;
  next.lastRun = {
    ...run,
    at: now(),
    ok: failedFiles === 0,
    outcome: failedFiles === 0
      ? "imported"
      : `imported ${imported} of ${fresh.length} new files; ${fileProblems.join("; ")}`,
    ...(problems.length + fileProblems.length > 0
      ? { problems: [...fileProblems, ...problems].slice(0, MAX_PROBLEMS) }
      : {}),
  };
  return { record: next, changed };
}

/** A source whose last pull failed, as `/healthz` shows it. */
export interface FailingSource {
  name: string;
  /** When the failed pull ended (ISO 8601). */
  at: string;
  /** Why it failed. */
  outcome: string;
  /** When its last good pull was (ISO 8601), if it had one. */
  last_good_at?: string;
}

export interface SourceScheduler {
  /** Starts pulling every due source this server can lease; resolves when those pulls are done. */
  tick(): Promise<void>;
  /** The sources whose last pull failed, as of the last check (any server's pulls). */
  failing(): FailingSource[];
  stop(): void;
}

/**
 * Checks every `checkMs` (default 15 s) for due sources and pulls them, each on its own: a source
 * that hangs holds its own pull (up to its timeout), never the others'.
 */
export function createSourceScheduler(options: {
  store: Pick<Store, "postings" | "importRuns" | "sources">;
  publisher?: BackgroundPublisher;
  logger: Logger;
  checkMs?: number;
  /** How long a pull may hold its source before another server may take it over. */
  leaseMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
  limits?: Partial<PullLimits>;
}): SourceScheduler {
  const { store, logger } = options;
  const now = options.now ?? Date.now;
  const owner = crypto.randomUUID();
  const leaseMs = options.leaseMs ?? 10 * 60_000;
  const inFlight = new Map<string, Promise<void>>();
  const stopping = new AbortController();
  let failing: FailingSource[] = [];
  let checking: Promise<Promise<void>[]> | null = null;

  async function pullOne(name: string): Promise<void> {
    if (!(await store.sources.takeLease(name, owner, leaseMs, now()))) return;
    try {
      // Another server may have pulled it between the listing and the lease.
      const current = await store.sources.getSource(name);
      if (!current || current.nextRunAt > now() || stopping.signal.aborted) return;
      const { record, changed } = await pullSource(store, current, {
        ...options,
        signal: stopping.signal,
      });
      if (stopping.signal.aborted) return;
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
      else logger.warn("source pull failed", fields);
      if (changed > 0) options.publisher?.request(`source ${record.name}`);
    } finally {
      await store.sources.releaseLease(name, owner);
    }
  }

  async function check(): Promise<Promise<void>[]> {
    const started: Promise<void>[] = [];
    const sources = await store.sources.listSources();
    failing = sources.flatMap((source) =>
      source.lastRun && !source.lastRun.ok
        ? [{
          name: source.name,
          at: new Date(source.lastRun.at).toISOString(),
          outcome: source.lastRun.outcome,
          ...(source.lastGoodAt ? { last_good_at: new Date(source.lastGoodAt).toISOString() } : {}),
        }]
        : []
    );
    for (const source of sources) {
      if (stopping.signal.aborted || source.nextRunAt > now() || inFlight.has(source.name)) {
        continue;
      }
      const pull = pullOne(source.name)
        .catch((error) =>
          logger.error("cannot pull source", { source: source.name, ...errorFields(error) })
        )
        .finally(() => inFlight.delete(source.name));
      inFlight.set(source.name, pull);
      started.push(pull);
    }
    return started;
  }

  const scheduler: SourceScheduler = {
    async tick() {
      // One listing at a time; the pulls it starts run on their own.
      checking ??= check().catch((error) => {
        logger.error("cannot pull sources", errorFields(error));
        return [];
      }).finally(() => checking = null);
      await Promise.all(await checking);
    },
    failing: () => failing,
    stop() {
      stopping.abort();
      clearInterval(timer);
    },
  };
  const timer = setInterval(() => scheduler.tick(), options.checkMs ?? 15_000);
  Deno.unrefTimer(timer);
  return scheduler;
}
