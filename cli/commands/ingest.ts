import { Command } from "@commander-js/extra-typings";
import { loadConfig } from "../../src/config.ts";
import { createLogger } from "../../src/log.ts";
import { KvStore } from "../../src/store/kv_store.ts";
import { importFiles, type ImportReport } from "../../src/ingest/import_files.ts";
import { createUseLiteEmbedder } from "../../src/index/embedder.ts";
import { publishIndex } from "../../src/search/publish_index.ts";
import { createProgressReporter } from "../progress.ts";

const encoder = new TextEncoder();
const print = (text: string) => Deno.stdout.writeSync(encoder.encode(text + "\n"));

function formatReport(report: ImportReport): string {
  const header = [
    "file",
    "read",
    "inserted",
    "updated",
    "unchanged",
    "duplicates",
    "skipped",
    "invalid",
  ];
  const rows = report.files.map((f) =>
    [
      f.file,
      f.rows_read,
      f.inserted,
      f.updated,
      f.unchanged,
      f.duplicates,
      f.skipped_source,
      f.invalid,
    ].map(String)
  );
  const t = report.totals;
  rows.push(
    [
      "total",
      t.rows_read,
      t.inserted,
      t.updated,
      t.unchanged,
      t.duplicates,
      t.skipped_source,
      t.invalid,
    ].map(String),
  );
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  const out = [line(header), ...rows.map(line)];
  const skipped = Object.entries(t.skipped_by_site).map(([site, n]) => `${site}: ${n}`);
  if (skipped.length) out.push(`skipped sources: ${skipped.join(", ")}`);
  if (t.invalid_examples.length) {
    out.push("invalid rows (first ones):", ...t.invalid_examples.map((e) => `  ${e}`));
  }
  return out.join("\n");
}

/** `jobseek ingest FILE...`: import postings, then publish a new index snapshot. */
export function ingestCommand() {
  return new Command("ingest")
    .description(
      "Import job postings (JobSpy CSV or JSONL) and publish a new index snapshot; running servers pick it up.",
    )
    .argument("<files...>", "CSV or JSONL files")
    .option("--kv <location>", "Deno KV location (JOBSEEK_KV)")
    .option("--no-index", "import only; do not rebuild and publish the index")
    .option("--json", "print the import report as JSON")
    .action(async (files, options) => {
      const env: Record<string, string | undefined> = Deno.env.toObject();
      if (options.kv !== undefined) env.JOBSEEK_KV = options.kv;
      const config = loadConfig(env);
      const logger = createLogger({ level: "warn" });
      const store = await KvStore.open(config.kvLocation);
      try {
        const importProgress = createProgressReporter({ label: "import" });
        const report = await importFiles(store, files, {
          onProgress: (p) => importProgress.update(p.rowsDone, p.rowsTotal, p.file),
        });
        importProgress.finish(`imported ${report.totals.rows_read} rows`);
        let snapshot: { snapshotId: string; docCount: number } | undefined;
        if (options.index) {
          const embedder = await createUseLiteEmbedder();
          const indexProgress = createProgressReporter({ label: "index" });
          try {
            snapshot = await publishIndex(store, {
              embedder,
              logger,
              onProgress: (p) => indexProgress.update(p.done, p.total, p.phase),
            });
          } finally {
            embedder.close();
          }
          indexProgress.finish(`published snapshot ${snapshot.snapshotId}`);
        }
        if (options.json) print(JSON.stringify({ ...report, snapshot }, null, 2));
        else {
          print(formatReport(report));
          if (snapshot) {
            print(
              `index: snapshot ${snapshot.snapshotId} with ${snapshot.docCount} postings is current`,
            );
          }
        }
      } finally {
        store.close();
      }
    });
}
