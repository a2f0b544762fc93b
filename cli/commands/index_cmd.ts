import {
  Command,
  type CommandUnknownOpts,
  InvalidArgumentError,
} from "@commander-js/extra-typings";
import type { Config } from "../../src/config.ts";
import { createLogger } from "../../src/log.ts";
import type { Store } from "../../src/store/store.ts";
import type { StoredLifecycle } from "../../src/store/lifecycle_settings_store.ts";
import { openExistingStore } from "../store_location.ts";
import { findModel } from "../../src/model/catalog.ts";
import { type CliIo, lineWriter } from "../io.ts";
import { modelProgress } from "../model_progress.ts";
import { createProgressReporter } from "../progress.ts";
import { kvOption, modelOption, resolveCommandConfig } from "../resolve_config.ts";
import { withStoreLifecycle } from "../store_lifecycle.ts";

/**
 * Both subcommands need postings, so a store that exists: neither creates one. `work` gets it with
 * its name (its absolute path, or its URL).
 */
async function withStore<T>(
  command: CommandUnknownOpts,
  io: CliIo,
  work: (store: Store, name: string, config: Readonly<Config>) => Promise<T>,
) {
  const { config } = await resolveCommandConfig(command, io);
  const store = await openExistingStore(config.kvLocation);
  try {
    return await work(store, config.kvLocation, await withStoreLifecycle(store, config));
  } finally {
    store.close();
  }
}

/** The stored postings by where they are in their lifecycle, for `index status`. */
async function postingCounts(store: Store, config: Readonly<Config>) {
  const stored = await store.postings.countJobs();
  const { expiredPostings } = await import("../../src/store/lifecycle.ts");
  const expired = await expiredPostings(store, {
    now: Date.now(),
    retentionDays: config.retentionDays,
  });
  const purged = await store.postings.purgedCounts();
  const lastPurge = await store.postings.lastPurge();
  const expiredCount = expired.bySource.size + expired.byRetention.size;
  return {
    stored_postings: stored,
    // Left the result sets: their sources stopped listing them, or past the retention.
    expired_postings: expiredCount,
    live_postings: stored - expiredCount,
    purged_postings: purged.retention + purged.source,
    lifecycle: {
      retention_days: config.retentionDays,
      purge_after_days: config.purgeAfterDays,
      // Where they come from: the store's settings (null: none stored yet).
      settings: await store.lifecycle.get(),
      expired_by_source: expired.bySource.size,
      expired_by_retention: expired.byRetention.size,
      purged_by_retention: purged.retention,
      purged_by_source: purged.source,
      last_purge: lastPurge && {
        at: new Date(lastPurge.at).toISOString(),
        purged_by_retention: lastPurge.retention,
        purged_by_source: lastPurge.source,
        ms: lastPurge.ms,
      },
    },
  };
}

/** The postings part of the status line: as before when nothing has expired or been purged. */
function describePostings(
  counts: Awaited<ReturnType<typeof postingCounts>>,
  config: Readonly<Config>,
): string {
  const { lifecycle } = counts;
  const why = [
    lifecycle.expired_by_source > 0 ? `${lifecycle.expired_by_source} gone from their sources` : "",
    lifecycle.expired_by_retention > 0
      ? `${lifecycle.expired_by_retention} past the retention of ${config.retentionDays} days`
      : "",
  ].filter(Boolean).join(", ");
  const expired = counts.expired_postings > 0
    ? ` (${counts.live_postings} live, ${counts.expired_postings} expired: ${why})`
    : "";
  const purged = counts.purged_postings > 0
    ? `; ${counts.purged_postings} expired postings purged so far`
    : "";
  return `${counts.stored_postings} postings stored${expired}${purged}`;
}

/** `jobseek index status|rebuild`: inspect or rebuild the published search index. */
export function indexCommand(io: CliIo) {
  const print = (text: string) => io.stdout.writeSync(`${text}\n`);
  // `--kv` before the subcommand too (`jobseek index --kv PATH status`), where commander would
  // otherwise refuse it as unknown to `index`.
  const index = new Command("index").description("Inspect or rebuild the search index.")
    .addOption(kvOption());
  index.command("status")
    .description(
      "Show the current index snapshot, checked as a server would load it, and the number of " +
        "stored postings; exits 1 when the snapshot cannot be loaded.",
    )
    .addOption(kvOption())
    .addOption(modelOption("the model servers run with, to compare the index with (JOBSEEK_MODEL)"))
    .option("--json", "print JSON")
    .action((options, command) =>
      withStore(command, io, async (store, name, config) => {
        const snapId = await store.snapshots.currentSnapshotId();
        const meta = snapId ? await store.snapshots.readSnapshotMeta(snapId) : null;
        const model = findModel(config.model);
        // The index's code (and its native vector library) only where there is a snapshot to check.
        const checked = snapId
          ? await (await import("../../src/search/snapshot_check.ts")).checkSnapshot(
            store.snapshots,
            snapId,
          )
          : null;
        const fix = `jobseek index rebuild --kv ${name}`;
        const status = {
          store: name,
          snapshot_id: snapId,
          snapshot: meta,
          snapshot_check: checked?.check ?? null,
          ...(checked?.check === "corrupt" ? { problem: checked.problem, fix } : {}),
          ...await postingCounts(store, config),
          model: { id: model.id, stamp: model.stamp },
        };
        const stored = describePostings(status, config);
        if (!options.json) print(`store: ${name}`);
        if (options.json) print(JSON.stringify(status, null, 2));
        else if (!snapId) {
          print(`no index published; ${stored}`);
          print(`model: ${model.id} (${model.stamp})`);
        } else if (checked?.check === "corrupt" || !meta) {
          print(`snapshot ${snapId}: CORRUPT; ${stored}`);
        } else {
          print(
            `snapshot ${snapId}: ${meta.docCount} postings, ${
              (meta.byteLength / 1048576).toFixed(1)
            } MiB, ` +
              `model ${meta.model}, created ${meta.createdAt}; ${stored}`,
          );
          print(
            checked?.check === "old_format"
              ? `format: version ${meta.formatVersion}, this version reads ${checked.reads}, so a server rebuilds it on start`
              : "check: read whole and decoded as a server loads it: it loads",
          );
          print(
            meta.model === model.stamp
              ? `model: ${model.id} (${model.stamp}), the one the index was built with`
              : `model: ${model.id} (${model.stamp}); the index was built with ${meta.model}, so a server rebuilds it on start`,
          );
        }
        // Last: the lines above are as they were before the settings were the store's.
        if (!options.json) print(describeLifecycle(await store.lifecycle.get(), config));
        if (checked?.check === "corrupt") {
          throw new Error(
            `The current index snapshot ${snapId} cannot be loaded: ${checked.problem}. Servers ` +
              `serve the previous snapshot if it loads, else nothing. Fix: \`${fix}\` builds ` +
              "and publishes a new one from the stored postings.",
          );
        }
      })
    );
  index.command("rebuild")
    .description("Build an index from every stored posting and publish it.")
    .addOption(kvOption())
    .addOption(modelOption("embedding model for the index (JOBSEEK_MODEL)"))
    .action((_options, command) =>
      withStore(command, io, async (store, _name, config) => {
        const [{ openConfiguredEmbedder }, { publishIndex }] = await Promise.all([
          import("../../src/model/open_embedder.ts"),
          import("../../src/search/publish_index.ts"),
        ]);
        const logger = createLogger({ level: "warn", write: lineWriter(io.stderr) });
        const fetching = modelProgress(io.stderr);
        const embedder = await openConfiguredEmbedder(config, {
          logger,
          onProgress: fetching.onProgress,
        })
          .finally(fetching.finish);
        const progress = createProgressReporter({ label: "index", stderr: io.stderr });
        const result = await publishIndex(store, {
          embedder,
          logger,
          retentionDays: config.retentionDays,
          onProgress: (p) => progress.update(p.done, p.total, p.phase),
        }).finally(() => embedder.close());
        progress.finish(`published snapshot ${result.snapshotId}`);
        print(`index: snapshot ${result.snapshotId} with ${result.docCount} postings is current`);
      })
    );
  index.command("lifecycle")
    .description(
      "Show or set the store's retention and purge, which every server and command on the store " +
        'uses (docs/operations.md, "Retention and purge").',
    )
    .option(
      "--retention-days <days>",
      "postings published longer ago leave the search results; 0: never",
      wholeDays,
    )
    .option(
      "--purge-after-days <days>",
      "expired postings are deleted this long after they expired; 0: never (the default)",
      wholeDays,
    )
    .addOption(kvOption())
    .action((options, command) =>
      withStore(command, io, async (store, name, config) => {
        if (options.retentionDays !== undefined || options.purgeAfterDays !== undefined) {
          await store.lifecycle.set({
            retentionDays: options.retentionDays ?? config.retentionDays,
            purgeAfterDays: options.purgeAfterDays ?? config.purgeAfterDays,
          }, "jobseek index lifecycle");
        }
        print(`store: ${name}`);
        print(describeLifecycle(await store.lifecycle.get(), config));
        if (options.retentionDays !== undefined || options.purgeAfterDays !== undefined) {
          print(
            "Running servers use it from their next index check (within 30 s) and publish again; " +
              "`jobseek ingest` and `index rebuild` use it from now on.",
          );
        }
      })
    );
  return index;
}

function wholeDays(value: string): number {
  if (!/^\d+$/.test(value.trim())) {
    throw new InvalidArgumentError("must be a whole number of days (0: never).");
  }
  return Number(value);
}

/**
 * The lifecycle line of `index status` and `index lifecycle`.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { loadConfig } from "../../src/config.ts";
 * // A store of postings with none stored, no retention named: none, said as such.
 * assert.match(
 *   describeLifecycle(null, { ...loadConfig({}), retentionDays: 0 }),
 *   /retention off \(keep all\).*the store holds postings and no retention is named, so none is/,
 * );
 * assert.match(
 *   describeLifecycle(null, loadConfig({})),
 *   /retention 60 days.*this process's environment or the defaults/,
 * );
 * ```
 */
export function describeLifecycle(
  stored: StoredLifecycle | null,
  config: Readonly<Config>,
): string {
  const retention = stored?.retentionDays ?? config.retentionDays;
  const purge = stored?.purgeAfterDays ?? config.purgeAfterDays;
  const where = stored
    ? `the store's settings, set by ${stored.setBy} at ${
      new Date(stored.setAt).toISOString().slice(0, 19)
    }Z`
    : !config.retentionFromEnv && retention === 0
    // No default hides what a store holds (src/store/lifecycle_settings_store.ts): "the
    // defaults" said a retention of none came from them (reviewer C58).
    ? "not stored yet: the store holds postings and no retention is named, so none is; the " +
      "first server stores it"
    : "not stored yet: this process's environment or the defaults; the first server stores them";
  return `lifecycle: retention ${retention > 0 ? `${retention} days` : "off (keep all)"}; ` +
    `purge ${purge > 0 ? `${purge} days after a posting expired` : "off (nothing is deleted)"} ` +
    `(${where})`;
}
