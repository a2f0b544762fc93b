import { Command } from "@commander-js/extra-typings";
import { loadConfig } from "../../src/config.ts";
import { createLogger } from "../../src/log.ts";
import type { Store } from "../../src/store/store.ts";
import { openExistingStore, storeName } from "../store_location.ts";
import { openConfiguredEmbedder } from "../../src/model/open_embedder.ts";
import { findModel } from "../../src/model/catalog.ts";
import { modelProgress } from "../model_progress.ts";
import { publishIndex } from "../../src/search/publish_index.ts";
import { createProgressReporter } from "../progress.ts";

const encoder = new TextEncoder();
const print = (text: string) => Deno.stdout.writeSync(encoder.encode(text + "\n"));

/** Both subcommands need postings, so a store that exists: neither creates one. */
async function withStore<T>(
  kv: string | undefined,
  work: (store: Store, name: string) => Promise<T>,
) {
  const env: Record<string, string | undefined> = Deno.env.toObject();
  if (kv !== undefined) env.JOBSEEK_KV = kv;
  const location = loadConfig(env).kvLocation;
  const store = await openExistingStore(location);
  try {
    return await work(store, storeName(location));
  } finally {
    store.close();
  }
}

/** `jobseek index status|rebuild`: inspect or rebuild the published search index. */
export function indexCommand() {
  const index = new Command("index").description("Inspect or rebuild the search index.");
  index.command("status")
    .description("Show the current index snapshot and the number of stored postings.")
    .option("--kv <location>", "Deno KV location (JOBSEEK_KV)")
    .option("--json", "print JSON")
    .action((options) =>
      withStore(options.kv, async (store, name) => {
        const snapId = await store.snapshots.currentSnapshotId();
        const meta = snapId ? await store.snapshots.readSnapshotMeta(snapId) : null;
        const model = findModel(loadConfig(Deno.env.toObject()).model);
        const status = {
          store: name,
          snapshot_id: snapId,
          snapshot: meta,
          stored_postings: await store.postings.countJobs(),
          model: { id: model.id, stamp: model.stamp },
        };
        if (!options.json) print(`store: ${name}`);
        if (options.json) print(JSON.stringify(status, null, 2));
        else if (!snapId || !meta) {
          print(`no index published; ${status.stored_postings} postings stored`);
          print(`model: ${model.id} (${model.stamp})`);
        } else {
          print(
            `snapshot ${snapId}: ${meta.docCount} postings, ${
              (meta.byteLength / 1048576).toFixed(1)
            } MiB, ` +
              `model ${meta.model}, created ${meta.createdAt}; ${status.stored_postings} postings stored`,
          );
          print(
            meta.model === model.stamp
              ? `model: ${model.id} (${model.stamp}), the one the index was built with`
              : `model: ${model.id} (${model.stamp}); the index was built with ${meta.model}, so a server rebuilds it on start`,
          );
        }
      })
    );
  index.command("rebuild")
    .description("Build an index from every stored posting and publish it.")
    .option("--kv <location>", "Deno KV location (JOBSEEK_KV)")
    .option("--model <id>", "embedding model for the index (JOBSEEK_MODEL)")
    .action((options) =>
      withStore(options.kv, async (store) => {
        const env: Record<string, string | undefined> = Deno.env.toObject();
        if (options.model !== undefined) env.JOBSEEK_MODEL = options.model;
        const logger = createLogger({ level: "warn" });
        const fetching = modelProgress();
        const embedder = await openConfiguredEmbedder(loadConfig(env), {
          logger,
          onProgress: fetching.onProgress,
        })
          .finally(fetching.finish);
        const progress = createProgressReporter({ label: "index" });
        const result = await publishIndex(store, {
          embedder,
          logger,
          onProgress: (p) => progress.update(p.done, p.total, p.phase),
        }).finally(() => embedder.close());
        progress.finish(`published snapshot ${result.snapshotId}`);
        print(`index: snapshot ${result.snapshotId} with ${result.docCount} postings is current`);
      })
    );
  return index;
}
