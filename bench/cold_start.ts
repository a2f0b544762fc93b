/**
 * Cold start of a search server in a fresh process: load the model, load the current snapshot from
 * the KV at `Deno.args[0]`, answer one query. Prints one JSON line; bench/main.ts runs it.
 *
 * @module
 */
import { parseSearchQuery } from "../src/domain/search_query.ts";
import { loadConfig } from "../src/config.ts";
import { openConfiguredEmbedder } from "../src/model/open_embedder.ts";
import { createLogger, silentLogger } from "../src/log.ts";
import { createSearchService } from "../src/search/search_service.ts";
import { openStore } from "../src/store/store.ts";

const processStart = performance.timeOrigin;
const moduleReady = performance.now();
let t = performance.now();
const config = loadConfig(Deno.env.toObject());
// What a server does on start: check every model file's sha256, then load it.
const embedder = await openConfiguredEmbedder(config, {
  logger: silentLogger,
  noFallback: true,
  useLiteWorkers: 0,
});
const modelMs = performance.now() - t;

t = performance.now();
const store = await openStore(Deno.args[0]);
let readMs = NaN;
const logger = createLogger({
  write: (line) => {
    const fields = JSON.parse(line);
    if (fields.msg === "index snapshot loaded") readMs = fields.read_ms;
  },
});
const service = createSearchService({ store, embedder, logger });
await service.start();
const snapshotMs = performance.now() - t;
if (!service.isReady()) throw new Error("Cannot measure: no snapshot in the store");

t = performance.now();
await service.search(parseSearchQuery({ q: "registered nurse" }));
const firstQueryMs = performance.now() - t;
const memory = Deno.memoryUsage();
service.stop();
await service.whenIdle();
store.close();

const line = JSON.stringify({
  process_start: processStart,
  modules_ms: moduleReady,
  model_ms: modelMs,
  snapshot_ms: snapshotMs,
  read_ms: readMs,
  first_query_ms: firstQueryMs,
  rss_mb: memory.rss / 2 ** 20,
  heap_mb: memory.heapUsed / 2 ** 20,
});
await Deno.stdout.write(new TextEncoder().encode(line + "\n"));
