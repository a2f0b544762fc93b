/**
 * `jobseek sources`: feeds a running server pulls on a schedule (add, list, remove, run). Kept in
 * the store, so every server sharing it sees them; of those servers, one pulls each due source.
 *
 * @module
 */
import {
  Command,
  type CommandUnknownOpts,
  InvalidArgumentError,
  Option,
} from "@commander-js/extra-typings";
import { JobseekError } from "../../src/domain/errors.ts";
import { IMPORT_FORMATS } from "../../src/domain/import_format.ts";
import { formatUtc } from "../../src/domain/lifecycle.ts";
import { createLogger } from "../../src/log.ts";
import {
  isUrlSource,
  SOURCE_NAME_PATTERN,
  type SourceRecord,
} from "../../src/store/sources_store.ts";
import type { Store } from "../../src/store/store.ts";
import type { Config } from "../../src/config.ts";
import { type CliIo, lineWriter, outputWidth, resolvePath } from "../io.ts";
import { ExitStatus } from "../exit_status.ts";
import { renderTable } from "../table.ts";
import { withOperatorStore } from "../store_location.ts";
import { kvOption, modelOption, resolveCommandConfig } from "../resolve_config.ts";
import { withStoreLifecycle } from "../store_lifecycle.ts";

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * A duration such as `90s`, `30m`, `6h` or `3d`, in ms.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(parseDuration("6h"), 21_600_000);
 * assert.equal(parseDuration("3d"), 259_200_000);
 * ```
 */
export function parseDuration(value: string): number {
  const match = value.trim().match(/^(\d+)\s*([smhd])$/);
  if (!match || Number(match[1]) < 1) {
    throw new InvalidArgumentError("must be a whole number and a unit: 90s, 30m, 6h or 3d.");
  }
  return Number(match[1]) * UNITS[match[2]];
}

function describeDuration(ms: number): string {
  for (const [unit, size] of Object.entries(UNITS).reverse()) {
    if (ms % size === 0) return `${ms / size}${unit}`;
  }
  return `${ms}ms`;
}

/** The `sources` command group. */
export function sourcesCommand(io: CliIo) {
  const write = (text: string) => io.stdout.write(text);
  async function withStore<T>(
    command: CommandUnknownOpts,
    fn: (store: Store, name: string, config: Readonly<Config>) => Promise<T>,
    { create = false } = {},
  ): Promise<T> {
    const { config } = await resolveCommandConfig(command, io);
    return await withOperatorStore(
      config.kvLocation,
      async (store, name) => fn(store, name, await withStoreLifecycle(store, config)),
      { create },
    );
  }

  const add = new Command("add")
    .description("Add a feed the servers pull on a schedule: an http(s) URL, a file or a folder.")
    .argument("<name>", "unique name (letters, digits, . _ -)")
    .argument("<location>", "URL of a JobSpy CSV or JSON Lines feed, or a path on the servers")
    .requiredOption("--every <duration>", "how often to pull: 30m, 6h, 1d", parseDuration)
    .addOption(
      new Option("--format <format>", "csv or jsonl (default: from the answer or file name)")
        .choices(IMPORT_FORMATS),
    )
    .option(
      "--expire-after <duration>",
      "postings this feed stops listing leave the index after this long (e.g. 3d)",
      parseDuration,
    )
    .addOption(kvOption())
    .action(async (name, location, opts, command) => {
      if (!SOURCE_NAME_PATTERN.test(name)) {
        throw new JobseekError(
          "INVALID_PARAMETER",
          `Cannot add source: the name '${name}' must be 1-64 letters, digits, '.', '_' or '-'`,
        );
      }
      if (opts.expireAfter !== undefined && !isUrlSource(location)) {
        throw new JobseekError(
          "INVALID_PARAMETER",
          "Cannot add source: --expire-after is for URL sources only. A folder or file brings new " +
            "files, not a whole listing, so what it no longer holds cannot be told from what it " +
            "never held: its postings do not expire (docs/operations.md).",
        );
      }
      const path = isUrlSource(location)
        ? location
        : await Deno.realPath(resolvePath(io.cwd, location)).catch(() => {
          throw new JobseekError(
            "INVALID_PARAMETER",
            `Cannot add source: ${location} is neither an http(s) URL nor an existing file or folder`,
          );
        });
      await withStore(command, async (store, where, config) => {
        const record: SourceRecord = {
          name,
          location: path,
          everyMs: opts.every,
          createdAt: Date.now(),
          nextRunAt: Date.now(),
        };
        if (opts.format) record.format = opts.format;
        if (opts.expireAfter) record.expireAfterMs = opts.expireAfter;
        await store.sources.addSource(record);
        // Servers look for due sources every JOBSEEK_SOURCE_CHECK_MS: "--every 10s" was said as
        // "pulled every 10s" and pulled every 15 s (an operator's trial, session 57).
        const check = config.sourceCheckMs;
        const every = opts.every < check
          ? `${describeDuration(check)} (servers look for due sources every ${
            describeDuration(check)
          }, JOBSEEK_SOURCE_CHECK_MS, so not every ${describeDuration(opts.every)})`
          : describeDuration(opts.every);
        await write(
          `Added source '${name}' (${path}) to the store ${where}: pulled every ${every} by a ` +
            `running server, the first time within ${describeDuration(check)}.\n`,
        );
      }, { create: true });
    });

  const list = new Command("list")
    .description("List sources with their last run.")
    .option("--json", "print JSON for scripts")
    .addOption(kvOption())
    .action(async (opts, command) => {
      await withStore(command, async (store, where) => {
        const sources = await store.sources.listSources();
        if (opts.json) {
          await write(JSON.stringify(sources, null, 2) + "\n");
          return;
        }
        if (sources.length === 0) {
          await write(`No sources in the store ${where}. Add one with \`jobseek sources add\`.\n`);
          return;
        }
        const table = renderTable(
          [
            { header: "NAME", minWidth: 6 },
            { header: "LOCATION", minWidth: 12 },
            { header: "EVERY" },
            { header: "EXPIRES" },
            { header: "LAST RUN" },
            { header: "ROWS", align: "right" },
            { header: "NEW", align: "right" },
            { header: "OUTCOME", minWidth: 10 },
          ],
          sources.map((s) => [
            s.name,
            s.location,
            describeDuration(s.everyMs),
            s.expireAfterMs && isUrlSource(s.location)
              ? `after ${describeDuration(s.expireAfterMs)}`
              : "never",
            s.lastRun ? formatUtc(s.lastRun.at) : "-",
            String(s.lastRun?.rows_read ?? "-"),
            String(s.lastRun ? s.lastRun.inserted + s.lastRun.updated : "-"),
            s.lastRun ? (s.lastRun.ok ? s.lastRun.outcome : "FAILED (below)") : "-",
          ]),
          outputWidth(io.stdout),
        );
        // A failure's cause in full, never cut to the column's width.
        const failures = sources.flatMap((s) =>
          s.lastRun && !s.lastRun.ok
            ? [
              `${s.name} failed: ${s.lastRun.outcome}` +
              (s.lastGoodAt
                ? ` (last good pull ${new Date(s.lastGoodAt).toISOString().slice(0, 19)}Z;`
                : " (no good pull yet;") +
              " nothing of a failed pull is imported and nothing expires)\n",
              ...(s.lastRun.problems ?? []).filter((line) => !s.lastRun!.outcome.includes(line))
                .map((line) => `  ${line}\n`),
            ]
            : []
        );
        await write(`${table}${failures.join("")}store: ${where}\n`);
      });
    });

  /** A name that names no source: NOT_FOUND, as for keys (`jobseek keys revoke`). */
  const noSource = (verb: string, name: string) =>
    `Cannot ${verb} source '${name}': no source has that name (see \`jobseek sources list\`)`;

  const remove = new Command("remove")
    .description("Remove a source (its postings stay; those it alone listed no longer expire).")
    .argument("<name>", "name of the source")
    .addOption(kvOption())
    .action(async (name, _opts, command) => {
      await withStore(command, async (store) => {
        if (!(await store.sources.removeSource(name))) {
          throw new JobseekError("NOT_FOUND", noSource("remove", name));
        }
        await write(`Removed source '${name}'.\n`);
      });
    });

  const run = new Command("run")
    .description("Pull a source now, from this process, and publish the index if it changed.")
    .argument("<name>", "name of the source")
    .option(
      "--accept-shrink",
      "take a URL's listing even when it lists far fewer postings than its last good pull",
    )
    .addOption(kvOption())
    .addOption(modelOption("embedding model for the index it publishes (JOBSEEK_MODEL)"))
    .action(async (name, opts, command) => {
      await withStore(command, async (store, _where, config) => {
        const source = await store.sources.getSource(name);
        if (!source) throw new JobseekError("NOT_FOUND", noSource("pull", name));
        const { pullSource } = await import("../../src/search/source_puller.ts");
        const { record, changed } = await pullSource(store, source, {
          limits: config.sourcePullLimits,
          acceptShrink: opts.acceptShrink === true,
        });
        await store.sources.saveSource(record);
        const last = record.lastRun!;
        await write(
          `${name}: ${last.ok ? last.outcome : `error: ${last.outcome}`}; ${last.rows_read} rows ` +
            `read, ${last.inserted} inserted, ${last.updated} updated, ${last.unchanged} ` +
            `unchanged, ${last.invalid} invalid.\n` +
            (last.problems ?? []).filter((line) => !last.outcome.includes(line))
              .map((line) => `  ${line}\n`).join(""),
        );
        if (changed > 0) {
          const [{ openConfiguredEmbedder }, { publishIndex }] = await Promise.all([
            import("../../src/model/open_embedder.ts"),
            import("../../src/search/publish_index.ts"),
          ]);
          const logger = createLogger({ write: lineWriter(io.stderr) });
          const embedder = await openConfiguredEmbedder(config, { logger });
          try {
            const { snapshotId, docCount } = await publishIndex(store, {
              embedder,
              logger,
              retentionDays: config.retentionDays,
            });
            await write(`index: snapshot ${snapshotId} with ${docCount} postings is current\n`);
          } finally {
            embedder.close();
          }
        }
        // The line above is the report: the run fails without another message.
        if (!last.ok) throw new ExitStatus(1);
      });
    });

  return new Command("sources")
    .description("Feeds the servers pull on a schedule (URLs, files, folders).")
    .addCommand(add)
    .addCommand(list)
    .addCommand(remove)
    .addCommand(run);
}
