/**
 * A full publish in a process of its own (src/search/publish_in_child.ts starts it): the settings
 * as one JSON argument, then one JSON line on stdout per event: `{"log": line}` for each log line,
 * `{"progress": PublishProgress}`, and last `{"published": PublishedIndex, "peak_rss_mib": n}` or
 * `{"error": message}`. A publish holds gigabytes the server does not need once it is done (and at
 * 1,000,000 postings more than a server's heap): here they cost this process, which ends, not the
 * one serving searches.
 *
 * @module
 */
import { createLogger } from "../log.ts";
import { openStore } from "../store/store.ts";
import { type OpenedEmbedder, openEmbedder } from "../model/open_embedder.ts";
import { findModel } from "../model/catalog.ts";
import type { Embedder } from "../model/embedder.ts";
import { publishIndex } from "./publish_index.ts";
import { compactIndex } from "./compact_index.ts";
import type { ChildPublishSettings } from "./publish_in_child.ts";

const encoder = new TextEncoder();
const send = (message: unknown) =>
  Deno.stdout.writeSync(encoder.encode(JSON.stringify(message) + "\n"));

/** This process's peak resident memory (MiB, Linux `VmHWM`), or null where /proc is not. */
function peakRssMib(): number | null {
  try {
    const status = Deno.readTextFileSync("/proc/self/status");
    const kib = status.match(/^VmHWM:\s+(\d+)\s+kB/m);
    return kib ? Math.round(Number(kib[1]) / 1024) : null;
  } catch {
    return null;
  }
}

const settings = JSON.parse(Deno.args[0]) as ChildPublishSettings;
// The server that started this publish holds the publish lease for it: once that server is gone
// (its end of stdin closes), nobody would take what this one publishes as theirs.
(async () => {
  for await (const _ of Deno.stdin.readable) { /* nothing is sent: only the end matters */ }
  Deno.exit(3);
})();
const logger = createLogger({ level: "debug", write: (line) => send({ log: JSON.parse(line) }) });
let code = 0;

/**
 * The catalog model the server embeds with, opened at its first text: a publish whose every text
 * has its vector in the store's cache (a rebuild, a purge, a restart's publish) embeds nothing, and
 * opening the model costs ~0.3 CPU-seconds and some 300 MB (docs/testing.md, "session 24").
 */
function modelAtFirstText(): Embedder & { close(): void } {
  const spec = findModel(settings.model.id);
  let opened: Promise<OpenedEmbedder> | undefined;
  return {
    // The names `openEmbedder` gives the model it opens (no fallback here: the same model or none).
    model: spec.stamp,
    dimensions: spec.dimensions,
    async embed(texts) {
      opened ??= openEmbedder({
        model: spec.id,
        modelDir: settings.model.modelDir,
        modelSource: settings.model.modelSource,
        // The server has the model already: nothing is fetched here.
        hubEndpoint: null,
        pip: null,
      }, { logger, noFallback: true });
      return (await opened).embed(texts);
    },
    close() {
      opened?.then((embedder) => embedder.close(), () => {});
    },
  };
}

async function publish(store: Awaited<ReturnType<typeof openStore>>) {
  const embedder = modelAtFirstText();
  try {
    const published = await publishIndex(store, {
      embedder,
      logger,
      retentionDays: settings.retentionDays,
      now: () => settings.now,
      onProgress: (progress) => send({ progress }),
    });
    send({ published, peak_rss_mib: peakRssMib() });
  } finally {
    embedder.close();
  }
}

const store = await openStore(settings.kvLocation, { logger });
try {
  if (settings.task?.compact) {
    // A merge embeds nothing: no model is opened.
    const compacted = await compactIndex(store, null, {
      model: settings.task.compact.embedderModel,
      logger,
    });
    send({ compacted, peak_rss_mib: peakRssMib() });
  } else {
    await publish(store);
  }
} catch (error) {
  send({ error: error instanceof Error ? error.message : String(error) });
  code = 1;
} finally {
  store.close();
}
Deno.exit(code);
