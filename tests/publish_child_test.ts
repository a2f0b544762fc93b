/**
 * A full publish in a process of its own (src/search/publish_child.ts) opens the model only when a
 * text has no vector in the store's cache: a rebuild of postings already embedded loads no model.
 */
import { strict as assert } from "node:assert";
import { loadConfig } from "../src/config.ts";
import { importTexts } from "../src/ingest/import_files.ts";
import { createLogger } from "../src/log.ts";
import { publishInChild } from "../src/search/publish_in_child.ts";
import { openStore } from "../src/store/store.ts";
import { publishTestIndex } from "./helpers.ts";
import { keeperLine, keeperLines } from "./keepers.ts";

function recorder() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({ level: "debug", write: (line) => lines.push(JSON.parse(line)) });
  return { lines, logger };
}

Deno.test("a publish process opens the model only for a text the store has no vector of", async () => {
  const dir = await Deno.makeTempDir({ prefix: "jobseek-publish-child-" });
  const kvLocation = `${dir}/kv.sqlite3`;
  const store = await openStore(kvLocation);
  try {
    const config = loadConfig(Deno.env.toObject());
    const settings = () => ({
      kvLocation,
      model: { id: config.model, modelDir: config.modelDir },
      retentionDays: 60,
      now: Date.now(),
    });
    await importTexts(store, [{ name: "keepers.jsonl", format: "jsonl", text: keeperLines(0, 3) }]);
    // Published here first: the keepers' title has its vector in the store's cache.
    await publishTestIndex(store);
    const rebuild = recorder();
    assert.equal((await publishInChild(settings(), { logger: rebuild.logger })).docCount, 3);
    assert.equal(rebuild.lines.find((l) => l.msg === "index published")?.embedded, 0);
    assert.deepEqual(rebuild.lines.filter((l) => l.msg === "embedding model ready"), []);
    // A title never embedded: the model is opened for it.
    const pilot = keeperLine(3, { job_title: "Harbour Pilot" });
    await importTexts(store, [{ name: "pilot.jsonl", format: "jsonl", text: pilot }]);
    const next = recorder();
    assert.equal((await publishInChild(settings(), { logger: next.logger })).docCount, 4);
    assert.equal(next.lines.find((l) => l.msg === "index published")?.embedded, 1);
    assert.equal(next.lines.filter((l) => l.msg === "embedding model ready").length, 1);
  } finally {
    store.close();
    await Deno.remove(dir, { recursive: true });
  }
});
