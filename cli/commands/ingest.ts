import { Command } from "@commander-js/extra-typings";
import { createLogger } from "../../src/log.ts";
import type { ImportReport } from "../../src/ingest/import_files.ts";
import { modelProgress } from "../model_progress.ts";
import { createProgressReporter } from "../progress.ts";
import { type CliIo, lineWriter, outputWidth } from "../io.ts";
import { displayWidth, renderTable, type TableColumn, truncate, wrapText } from "../table.ts";
import { kvOption, modelOption, resolveCommandConfig } from "../resolve_config.ts";
import { withStoreLifecycle } from "../store_lifecycle.ts";
import { ExitStatus } from "../exit_status.ts";

const REPORT_COLUMNS: TableColumn[] = [
  // Paths lose their start, so the file name stays visible on a narrow terminal.
  { header: "file", minWidth: 12, cut: "start" },
  { header: "read", align: "right" },
  { header: "inserted", align: "right" },
  { header: "updated", align: "right" },
  { header: "unchanged", align: "right" },
  { header: "duplicates", align: "right" },
  { header: "skipped", align: "right" },
  { header: "invalid", align: "right" },
];

/**
 * The import report in `width` columns: a table when its columns fit, else one block per file
 * (a table whose numbers wrap or vanish would be worse than none), then skipped sources and bad
 * rows.
 */
export function formatReport(report: ImportReport, width: number): string {
  const counts = (f: ImportReport["totals"]) =>
    [f.rows_read, f.inserted, f.updated, f.unchanged, f.duplicates, f.skipped_source, f.invalid]
      .map(String);
  const rows = [
    ...report.files.map((f) => [f.file, ...counts(f)]),
    ["total", ...counts(report.totals)],
  ];
  const t = report.totals;
  const table = renderTable(REPORT_COLUMNS, rows, width).trimEnd();
  const out: string[] = [];
  if (table.split("\n").every((line) => displayWidth(line) <= width)) out.push(table);
  else {
    for (const [file, ...numbers] of rows) {
      out.push(file === "total" ? "total:" : `${truncate(file, width - 1, "start")}:`);
      const pairs = numbers.map((n, i) => `${REPORT_COLUMNS[i + 1].header} ${n}`);
      out.push(...wrapText(pairs.join(", "), width - 2).map((line) => `  ${line}`));
    }
  }
  const skipped = Object.entries(t.skipped_by_site).map(([site, n]) => `${site}: ${n}`);
  if (skipped.length) out.push(...wrapText(`skipped sources: ${skipped.join(", ")}`, width));
  if (t.invalid_examples.length) {
    // Wrapped, not cut: the end of a reason says what to do ("... or date in the file name to
    // fall back on"), and was cut at the width even in a pipe (an operator's trial, session 57).
    out.push(
      "invalid rows (first ones):",
      ...t.invalid_examples.flatMap((example) => {
        // "FILE:LINE:" on its line, cut from the start as file names are; the reason below it.
        const where = /^(.*?:\d+:) (.*)$/s.exec(example);
        if (!where) return wrapText(example, width - 4).map((line) => `  ${line}`);
        return [
          `  ${truncate(where[1], width - 2, "start")}`,
          ...wrapText(where[2], width - 4).map((line) => `    ${line}`),
        ];
      }),
    );
  }
  return out.join("\n");
}

/**
 * What the operator should know of rows already past the retention: they are stored (a later,
 * longer retention would show them) but no search finds them.
 */
export function pastRetentionNote(report: ImportReport): string | undefined {
  const past = report.past_retention;
  if (!past || past.rows === 0) return undefined;
  return `note: ${past.rows} of the rows were published before ${past.published_before}, ` +
    `longer ago than the store's retention of ${past.retention_days} days: they are stored, but ` +
    "NO SEARCH WILL FIND THEM. To search them, lengthen the retention or turn it off: " +
    "`jobseek index lifecycle --retention-days 0` (then `jobseek index rebuild`, or let a " +
    "running server publish within 30 s).";
}

/**
 * `jobseek ingest FILE...`: import postings, then publish a new index snapshot. A relative file is
 * read from the run's working directory and named as given.
 */
export function ingestCommand(io: CliIo) {
  const print = (text: string) => io.stdout.writeSync(`${text}\n`);
  return new Command("ingest")
    .description(
      "Import job postings (JobSpy CSV or JSONL) and publish a new index snapshot; running servers pick it up.",
    )
    .argument("<files...>", "CSV or JSONL files")
    .addOption(kvOption())
    .addOption(modelOption("embedding model for the index (JOBSEEK_MODEL)"))
    .option("--no-index", "import only; do not rebuild and publish the index")
    .option("--json", "print the import report as JSON")
    .action(async (files, options, command) => {
      const { config: givenConfig } = await resolveCommandConfig(command, io);
      const [{ indexGap }, { openStore }, { importFiles, nothingImported }, {
        openConfiguredEmbedder,
      }, {
        needsIndexBuild,
        publishIndex,
      }] = await Promise.all([
        import("../../src/store/index_gap.ts"),
        import("../../src/store/store.ts"),
        import("../../src/ingest/import_files.ts"),
        import("../../src/model/open_embedder.ts"),
        import("../../src/search/publish_index.ts"),
      ]);
      const logger = createLogger({ level: "warn", write: lineWriter(io.stderr) });
      const store = await openStore(givenConfig.kvLocation, { logger });
      try {
        const config = await withStoreLifecycle(store, givenConfig, { filling: true });
        const importProgress = createProgressReporter({ label: "import", stderr: io.stderr });
        const report = await importFiles(store, files, {
          cwd: io.cwd,
          onProgress: (p) => importProgress.update(p.rowsDone, p.rowsTotal, p.file),
          retentionDays: config.retentionDays,
        });
        importProgress.finish(`read ${report.totals.rows_read} rows`);
        let snapshot: { snapshotId: string; docCount: number } | undefined;
        let published = false;
        if (options.index) {
          const fetching = modelProgress(io.stderr);
          const embedder = await openConfiguredEmbedder(config, {
            logger,
            onProgress: fetching.onProgress,
          })
            .finally(fetching.finish);
          try {
            // Nothing inserted or updated, the current index is one this model can serve, and it
            // holds every stored posting: building it again would give the same index, and cost
            // seconds per thousand postings. An earlier import that died before publishing left
            // a gap, which this run closes.
            const changed = report.totals.inserted + report.totals.updated;
            const currentId = await store.snapshots.currentSnapshotId();
            const meta = currentId ? await store.snapshots.readSnapshotMeta(currentId) : null;
            if (
              changed === 0 && currentId && meta && !(await needsIndexBuild(store, embedder)) &&
              !(await indexGap(store, { retentionDays: config.retentionDays }))
            ) {
              snapshot = { snapshotId: currentId, docCount: meta.docCount };
              published = false;
            } else {
              const indexProgress = createProgressReporter({
                label: "index",
                stderr: io.stderr,
              });
              snapshot = await publishIndex(store, {
                embedder,
                logger,
                retentionDays: config.retentionDays,
                onProgress: (p) => indexProgress.update(p.done, p.total, p.phase),
              });
              indexProgress.finish(`published snapshot ${snapshot.snapshotId}`);
              published = true;
            }
          } finally {
            embedder.close();
          }
        }
        if (options.json) print(JSON.stringify({ ...report, snapshot, published }, null, 2));
        else {
          const width = outputWidth(io.stdout);
          print(formatReport(report, width));
          const past = pastRetentionNote(report);
          const line = !snapshot
            ? undefined
            : published
            ? `index: snapshot ${snapshot.snapshotId} with ${snapshot.docCount} postings is current`
            : `index: no posting changed, so nothing was published; snapshot ` +
              `${snapshot.snapshotId} with ${snapshot.docCount} postings stays current`;
          if (line) print(wrapText(line, width).join("\n"));
          // Last, where it is read: the line above reads as success.
          if (past) print(wrapText(past, width).join("\n"));
        }
        const nothing = nothingImported(report.totals);
        if (nothing !== undefined) {
          // A cron job's import of a broken file looked like success (an operator's trial,
          // session 57), where the same file pulled as a source is a failed pull.
          const why = report.totals.invalid > 0 ? "; the reasons are above" : "";
          io.stderr.writeSync(`jobseek: ${nothing}${why}\n`);
          throw new ExitStatus(1);
        }
      } finally {
        store.close();
      }
    });
}
