/**
 * Imports postings from JobSpy CSV and JSON Lines files into the store: every file is read and
 * checked before anything is written, bad rows are counted and reported, and re-importing the same
 * files changes nothing.
 *
 * @module
 */
import { resolve } from "node:path";
import { cleanLine } from "../domain/clean_text.ts";
import { JobseekError } from "../domain/errors.ts";
import type { Job } from "../domain/job.ts";
import { retentionCutoff } from "../domain/lifecycle.ts";
import type { PostingsStore } from "../store/postings_store.ts";
import type { ImportCounts, ImportTotals } from "../store/import_runs_store.ts";
import type { Store } from "../store/store.ts";
import { CityCountries, fillCountries, type FilledCountry, lacksCountry } from "./country_fill.ts";
import type { ImportFormat } from "../domain/import_format.ts";
import { type ImportRow, InvalidFileError } from "./import_row.ts";
import { parseJobspyCsv } from "./jobspy_csv.ts";
import { parseJobsJsonl } from "./jsonl.ts";
import { ownValue } from "../domain/own_value.ts";

export type { ImportFormat };

export type { ImportCounts, ImportTotals };

export interface FileImportReport extends ImportTotals {
  file: string;
  format: ImportFormat;
  /**
   * The line of every invalid row, in order (`invalid_examples` quotes the first few with their
   * reasons): with `skipped_lines` and `duplicate_lines`, exactly which rows were not stored. Kept
   * in the report alone, never in the stored run, whose record must stay small.
   */
  invalid_lines: number[];
  /** The line of every row from a board other than indeed, linkedin and glassdoor. */
  skipped_lines: number[];
  /** The line of every row whose URL a later row of the same import repeats (that row wins). */
  duplicate_lines: number[];
}

/** Postings given a country their location did not name (docs/import.md). */
export interface CountriesFilled {
  /** Postings of this run placed in the country of the national board they come from. */
  from_site: number;
  /** Postings of this run placed in the only country the other postings give their city. */
  from_other_postings: number;
  /** Postings of this run placed by GeoNames alone: one country's place of that name dominates. */
  from_places: number;
  /** Postings stored by earlier runs that got a country now, from what this run added. */
  earlier_postings: number;
}

/** Imported rows already past the retention: stored, but no search finds them. */
export interface PastRetention {
  retention_days: number;
  /** The oldest `publish_time` within the retention when the import ran. */
  published_before: string;
  rows: number;
}

export interface ImportReport {
  run_id: string;
  started_at: string;
  finished_at: string;
  files: FileImportReport[];
  totals: ImportTotals;
  countries_filled: CountriesFilled;
  /** With `retentionDays`: how many of the rows stored are past it. */
  past_retention?: PastRetention;
}

export interface ImportProgress {
  file: string;
  /** Rows written or accounted for so far, over all files. */
  rowsDone: number;
  /** Rows of all files together. */
  rowsTotal: number;
}

export interface ImportFilesOptions {
  onProgress?: (progress: ImportProgress) => void;
  /** Receives the ids of the postings the import stored or found unchanged, batch by batch. */
  onStored?: (ids: string[]) => void;
  /** How many invalid rows to quote, per file and for the run; default 20. */
  maxExamples?: number;
  /** Postings per store write; default 200. */
  batchSize?: number;
  /** The import's clock (ms): what `first_seen`, `last_seen` and the retention are judged on. */
  now?: number;
  /** The retention (`JOBSEEK_RETENTION_DAYS`): the report counts the rows past it. */
  retentionDays?: number;
  /**
   * What the run's record names as what it imported, instead of the files' names: a push is
   * "push by KEY" where its report names its rows "body:LINE" (an operator's trial, session 57:
   * the console's "From" said "body", not whose).
   */
  recordedAs?: string;
  /**
   * The directory a relative path is read from (the CLI's run's); unset, the process's. The report
   * names each file as given.
   */
  cwd?: string;
  /**
   * Called with every file's rows once all are read, before anything is written: throwing stops
   * the import with nothing written (a feed pull that does not look whole).
   */
  beforeWrite?: (files: readonly ParsedFile[]) => void;
}

const FORMATS: Record<string, ImportFormat> = {
  ".csv": "csv",
  ".jsonl": "jsonl",
  ".json-lines": "jsonl",
  ".ndjson": "jsonl",
};

function extensionOf(path: string): string {
  const base = path.split(/[\\/]/).pop() ?? path;
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot).toLowerCase() : "";
}

/**
 * The format a file is read as, by its extension in any case; undefined for a file no importer
 * reads. The one list of feed files: `jobseek ingest` and a scheduled source's folder both ask it.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(formatOfFile("feeds/Week.NDJSON"), "jsonl");
 * assert.equal(formatOfFile("jobs.csv"), "csv");
 * assert.equal(formatOfFile("notes.txt"), undefined);
 * ```
 */
export function formatOfFile(path: string): ImportFormat | undefined {
  return ownValue(FORMATS, extensionOf(path));
}

async function readText(path: string): Promise<string> {
  let bytes: Uint8Array;
  try {
    const info = await Deno.stat(path);
    if (info.isDirectory) throw new InvalidFileError("it is a directory");
    bytes = await Deno.readFile(path);
  } catch (error) {
    if (error instanceof InvalidFileError) throw error;
    if (error instanceof Deno.errors.NotFound) throw new InvalidFileError("no such file");
    if (error instanceof Deno.errors.PermissionDenied) {
      throw new InvalidFileError("permission denied");
    }
    throw new InvalidFileError((error as Error).message);
  }
  // A stray NUL in a scraped field is cleaned as a push cleans it (src/domain/clean_text.ts); a
  // file of many (an image, UTF-16 text) is no import file.
  const head = bytes.subarray(0, 64 * 1024);
  let zeros = 0;
  for (let i = head.indexOf(0); i !== -1; i = head.indexOf(0, i + 1)) zeros++;
  if (zeros > Math.max(1, head.length / 100)) {
    throw new InvalidFileError("it is a binary file, not text");
  }
  try {
    // Strips a UTF-8 byte order mark, as spreadsheet programs write one.
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new InvalidFileError("it is not UTF-8 text");
  }
}

/** A file (or text) read and split into rows, nothing yet written. */
export interface ParsedFile {
  file: string;
  format: ImportFormat;
  rows: ImportRow[];
}

async function parseFile(path: string, cwd?: string, now?: number): Promise<ParsedFile> {
  const at = cwd === undefined ? path : resolve(cwd, path);
  const format = formatOfFile(path);
  if (format === undefined) {
    const extension = extensionOf(path);
    // A missing file or a directory is the more useful message (a typo, a folder given).
    const info = await Deno.stat(at).catch((error) => {
      if (error instanceof Deno.errors.NotFound) throw new InvalidFileError("no such file");
      return undefined;
    });
    if (info?.isDirectory) throw new InvalidFileError("it is a directory");
    throw new InvalidFileError(
      `unsupported file type${extension ? ` '${extension}'` : ""} (expected ${
        Object.keys(FORMATS).slice(0, -1).join(", ")
      } or ${Object.keys(FORMATS).at(-1)})`,
    );
  }
  return await parseText(path, format, await readText(at), { now });
}

/** `now`: the import's clock, which a row dated ahead of it is refused by (`postedAhead`). */
async function parseText(
  file: string,
  format: ImportFormat,
  text: string,
  context: { fallbackPublishTime?: string; now?: number } = {},
): Promise<ParsedFile> {
  if (format === "csv") {
    if (text.trim() === "") throw new InvalidFileError("it is empty (no CSV header)");
    return { file, format, rows: await parseJobspyCsv(text, { fileName: file, ...context }) };
  }
  return { file, format, rows: await parseJobsJsonl(text, context) };
}

interface CountryFill {
  /** This run's postings that get a country, by id. */
  run: Map<string, FilledCountry>;
  /** Postings of earlier runs that get a country, ready to store. */
  earlier: Job[];
}

/**
 * Decides the countries of postings with only a city before anything is written, from this run's
 * postings and the stored ones together. Stored postings without a country are decided again, so
 * the order of the runs does not decide whether a posting gets one, and a store filled before this
 * rule existed gets its countries at its next import. What the stored postings tell is read only
 * for the cities of the postings decided (the rules ask about no other): 48 ms for the 52 such
 * cities of the real files re-imported into a store of their 11,517 postings, where reading every
 * posting's place grew with the store (a million keys for each push at a million postings).
 */
async function fillMissingCountries(store: PostingsStore, runJobs: Job[]): Promise<CountryFill> {
  const runIds = new Set(runJobs.map((job) => job.id));
  const earlierCandidates: { id: string; city: string }[] = [];
  for await (const place of store.listPlacesWithoutCountry()) {
    // This run's rows replace what is stored under their ids, so only the rows count.
    if (!runIds.has(place.id) && lacksCountry(place)) earlierCandidates.push(place);
  }
  const decided = [
    ...runJobs.filter(lacksCountry).map((job) => job.city),
    ...earlierCandidates.map((place) => place.city),
  ];
  const evidence = new CityCountries();
  for (const [city, countries] of await store.countriesOfCities(decided, runIds)) {
    for (const country of countries) evidence.add(city, country);
  }
  for (const job of runJobs) if (job.country !== undefined) evidence.add(job.city, job.country);
  const earlierJobs: Job[] = [];
  // Every one is read: even a city nothing places anywhere gets its board's country.
  for (const { id } of earlierCandidates) {
    const job = await store.getJob(id);
    if (job && lacksCountry(job)) earlierJobs.push(job);
  }
  const filled = fillCountries([...runJobs, ...earlierJobs], evidence);
  const run = new Map<string, FilledCountry>();
  const earlier: Job[] = [];
  for (const [i, fill] of filled) {
    if (i < runJobs.length) run.set(fill.job.id, fill);
    else earlier.push(fill.job);
  }
  return { run, earlier };
}

/**
 * Why an import took no posting at all, or undefined: the files held no row, or none of their rows
 * could be read as a posting (each reason is in the report). Rows unchanged or from boards not
 * taken are no failure. `jobseek ingest` exits 1 on it, and a folder source takes such a file for
 * one that could not be imported (reviewer C58: it was "imported", and never tried again).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const totals = { rows_read: 40, inserted: 0, updated: 0, unchanged: 0, skipped_source: 0 };
 * const report = (more: object) => ({ ...totals, ...more }) as never;
 * assert.equal(
 *   nothingImported(report({ invalid: 40 })),
 *   "none of the 40 rows read could be imported (40 invalid)",
 * );
 * assert.equal(nothingImported(report({ rows_read: 0 })), "no row was read (a header alone, or empty)");
 * assert.equal(nothingImported(report({ unchanged: 40 })), undefined);
 * ```
 */
export function nothingImported(totals: ImportCounts): string | undefined {
  const { rows_read, inserted, updated, unchanged, skipped_source, invalid } = totals;
  if (inserted + updated + unchanged + skipped_source > 0) return undefined;
  if (rows_read === 0) return "no row was read (a header alone, or empty)";
  return `none of the ${rows_read} rows read could be imported (${invalid} invalid)`;
}

/** An import's counts before any row is read. */
export function emptyCounts(): ImportCounts {
  return {
    rows_read: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    duplicates: 0,
    skipped_source: 0,
    invalid: 0,
  };
}

function addCounts(total: ImportCounts, part: ImportCounts): void {
  for (const key of Object.keys(emptyCounts()) as (keyof ImportCounts)[]) total[key] += part[key];
}

/**
 * Imports the given files. Throws a JobseekError (`Cannot import FILE: reason`, one line per bad
 * file) and writes nothing when any file cannot be read as an import file; bad rows inside a good
 * file are counted as invalid and the rest is imported. Saves a run record and returns the report.
 */
export function importFiles(
  store: Pick<Store, "postings" | "importRuns">,
  paths: string[],
  options: ImportFilesOptions = {},
): Promise<ImportReport> {
  return importParsed(
    store,
    paths.map((path) => ({ name: path, parse: () => parseFile(path, options.cwd, options.now) })),
    { ...options, param: "file" },
  );
}

/** Text to import that did not come from a file: a pushed body (`POST /v1/postings`). */
export interface ImportText {
  /** How the report and its invalid rows name it (e.g. `request body`). */
  name: string;
  format: ImportFormat;
  text: string;
  /** The date (`YYYY-MM-DD HH:MM:SS`) a row without one gets: a push's `date_posted` or arrival. */
  fallbackPublishTime?: string;
}

/**
 * Imports texts as `importFiles` imports files, with the same checks and report. Throws a
 * JobseekError (`Cannot import NAME: reason`, param `body`) when a text cannot be read as an
 * import at all (an empty CSV).
 */
export function importTexts(
  store: Pick<Store, "postings" | "importRuns">,
  texts: ImportText[],
  options: ImportFilesOptions = {},
): Promise<ImportReport> {
  return importParsed(
    store,
    texts.map(({ name, format, text, fallbackPublishTime }) => ({
      name,
      parse: () => parseText(name, format, text, { fallbackPublishTime, now: options.now }),
    })),
    { ...options, param: "body" },
  );
}

async function importParsed(
  { postings, importRuns }: Pick<Store, "postings" | "importRuns">,
  sources: { name: string; parse: () => Promise<ParsedFile> }[],
  options: ImportFilesOptions & { param: string },
): Promise<ImportReport> {
  const maxExamples = options.maxExamples ?? 20;
  const batchSize = options.batchSize ?? 200;
  const startedAt = new Date().toISOString();
  const cutoff = retentionCutoff(options.now ?? Date.now(), options.retentionDays ?? 0);
  let pastRetention = 0;

  const parsed: ParsedFile[] = [];
  const problems: string[] = [];
  for (const source of sources) {
    try {
      parsed.push(await source.parse());
    } catch (error) {
      if (!(error instanceof InvalidFileError)) throw error;
      problems.push(`Cannot import ${source.name}: ${error.message}`);
    }
  }
  if (problems.length > 0) {
    throw new JobseekError("INVALID_PARAMETER", problems.join("\n"), { param: options.param });
  }

  options.beforeWrite?.(parsed);

  // The last row with a given job_url wins, as if the files had been imported one by one.
  const winner = new Map<string, string>();
  parsed.forEach((file, f) =>
    file.rows.forEach((row, r) => {
      if (row.kind === "job") winner.set(row.job.id, `${f}:${r}`);
    })
  );

  const runJobs = parsed.flatMap((file, f) =>
    file.rows.flatMap((row, r) =>
      row.kind === "job" && winner.get(row.job.id) === `${f}:${r}` ? [row.job] : []
    )
  );
  const countries = await fillMissingCountries(postings, runJobs);
  const countriesFilled: CountriesFilled = {
    from_site: [...countries.run.values()].filter((fill) => fill.reason === "site").length,
    from_other_postings: [...countries.run.values()]
      .filter((fill) => fill.reason === "other_postings").length,
    from_places: [...countries.run.values()].filter((fill) => fill.reason === "places").length,
    earlier_postings: 0,
  };

  const rowsTotal = parsed.reduce((n, file) => n + file.rows.length, 0);
  let rowsBefore = 0;
  const reports: FileImportReport[] = [];
  for (const [f, file] of parsed.entries()) {
    const report: FileImportReport = {
      file: file.file,
      format: file.format,
      ...emptyCounts(),
      rows_read: file.rows.length,
      skipped_by_site: {},
      invalid_examples: [],
      invalid_lines: [],
      skipped_lines: [],
      duplicate_lines: [],
    };
    let batch: Job[] = [];
    const flush = async (rowsDone: number) => {
      if (batch.length > 0) {
        const counts = await postings.upsertJobs(batch, { now: options.now });
        if (cutoff !== null) {
          pastRetention += batch.filter((job) => job.publish_time < cutoff).length;
        }
        options.onStored?.(batch.map((job) => job.id));
        report.inserted += counts.inserted;
        report.updated += counts.updated;
        report.unchanged += counts.unchanged;
        batch = [];
      }
      options.onProgress?.({ file: file.file, rowsDone: rowsBefore + rowsDone, rowsTotal });
    };
    for (const [r, row] of file.rows.entries()) {
      if (row.kind === "invalid") {
        report.invalid++;
        report.invalid_lines.push(row.line);
        if (report.invalid_examples.length < maxExamples) {
          // A reason may quote the row (a bad URL or date): it is scraped text too.
          report.invalid_examples.push(cleanLine(`${file.file}:${row.line}: ${row.reason}`));
        }
      } else if (row.kind === "skipped") {
        report.skipped_source++;
        report.skipped_lines.push(row.line);
        const site = cleanLine(row.site);
        report.skipped_by_site[site] = (report.skipped_by_site[site] ?? 0) + 1;
      } else if (winner.get(row.job.id) !== `${f}:${r}`) {
        report.duplicates++;
        report.duplicate_lines.push(row.line);
      } else {
        batch.push(countries.run.get(row.job.id)?.job ?? row.job);
        if (batch.length === batchSize) await flush(r + 1);
      }
    }
    await flush(file.rows.length);
    rowsBefore += file.rows.length;
    reports.push(report);
  }

  if (countries.earlier.length > 0) {
    // Stored postings this run did not list: their country changes, not when they were seen.
    const counts = await postings.upsertJobs(countries.earlier, {
      now: options.now,
      seen: false,
    });
    countriesFilled.earlier_postings = counts.updated;
  }

  const totals: ImportTotals = { ...emptyCounts(), skipped_by_site: {}, invalid_examples: [] };
  for (const report of reports) {
    addCounts(totals, report);
    for (const [site, n] of Object.entries(report.skipped_by_site)) {
      totals.skipped_by_site[site] = (totals.skipped_by_site[site] ?? 0) + n;
    }
    totals.invalid_examples.push(
      ...report.invalid_examples.slice(0, maxExamples - totals.invalid_examples.length),
    );
  }
  const finishedAt = new Date().toISOString();
  const run = await importRuns.save({
    started_at: startedAt,
    finished_at: finishedAt,
    files: options.recordedAs !== undefined
      ? [options.recordedAs]
      : reports.map((report) => report.file),
    ...totals,
  });
  return {
    run_id: run.id,
    started_at: startedAt,
    finished_at: finishedAt,
    files: reports,
    totals,
    countries_filled: countriesFilled,
    ...(cutoff === null ? {} : {
      past_retention: {
        retention_days: options.retentionDays!,
        published_before: cutoff,
        rows: pastRetention,
      },
    }),
  };
}
