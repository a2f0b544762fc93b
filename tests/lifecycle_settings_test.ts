/**
 * Retention and purge the operator chose, the same everywhere: the store keeps them, the first
 * server's environment sets them when it has none, purging is off unless turned on, and a search
 * over a store whose postings are all past the retention says so.
 */
import { strict as assert } from "node:assert";
import { loadConfig } from "../src/config.ts";
import { parseSearchQuery } from "../src/domain/search_query.ts";
import { importFiles } from "../src/ingest/import_files.ts";
import { silentLogger } from "../src/log.ts";
import { publishIndex } from "../src/search/publish_index.ts";
import { createSearchService } from "../src/search/search_service.ts";
import { openStore } from "../src/store/store.ts";
import { firstWeeklyFile } from "./keepers.ts";
import { realJobs, testEmbedder } from "./helpers.ts";

Deno.test("purging is off unless the operator turns it on", () => {
  assert.equal(loadConfig({}).purgeAfterDays, 0);
  assert.equal(loadConfig({}).purgeFromEnv, false);
  assert.equal(loadConfig({ JOBSEEK_PURGE_AFTER_DAYS: "30" }).purgeAfterDays, 30);
  assert.equal(loadConfig({ JOBSEEK_PURGE_AFTER_DAYS: "30" }).purgeFromEnv, true);
});

Deno.test("the first process that claims them stores its settings; later ones get the store's", async () => {
  const dir = await Deno.makeTempDir({ prefix: "jobseek_lifecycle_settings_" });
  try {
    const stores = [
      await openStore(`${dir}/kv.sqlite3`),
      await openStore(`${dir}/kv.sqlite3`),
    ];
    try {
      // A command that claims nothing uses its own values and stores nothing.
      assert.deepEqual(
        await stores[0].lifecycle.resolve({ retentionDays: 7, purgeAfterDays: 0 }),
        { retentionDays: 7, purgeAfterDays: 0, stored: null },
      );
      // Two servers starting at once with different environments: one set, both agree.
      const [a, b] = await Promise.all([
        stores[0].lifecycle.resolve({ retentionDays: 60, purgeAfterDays: 30 }, { claim: "one" }),
        stores[1].lifecycle.resolve({ retentionDays: 0, purgeAfterDays: 0 }, { claim: "two" }),
      ]);
      assert.deepEqual(
        [a.retentionDays, a.purgeAfterDays],
        [b.retentionDays, b.purgeAfterDays],
      );
      const stored = await stores[1].lifecycle.get();
      assert.equal(stored?.retentionDays, a.retentionDays);
      // Later processes get the store's, whatever they were given.
      const later = await stores[0].lifecycle.resolve({ retentionDays: 1, purgeAfterDays: 1 }, {
        claim: "three",
      });
      assert.equal(later.retentionDays, a.retentionDays);
      // The operator changes them.
      await stores[0].lifecycle.set({ retentionDays: 0, purgeAfterDays: 0 }, "operator");
      assert.deepEqual(
        await stores[1].lifecycle.resolve({ retentionDays: 60, purgeAfterDays: 30 }),
        { retentionDays: 0, purgeAfterDays: 0, stored: await stores[1].lifecycle.get() },
      );
    } finally {
      for (const store of stores) store.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("no default hides what a store holds: with no retention named, a store of postings takes none", async () => {
  // An operator's trial (session 57): a server started with the defaults on a store of 11,517
  // imported postings stored the 60-day default and hid every one, /healthz saying ok.
  const defaults = loadConfig({});
  assert.equal(defaults.retentionDays, 60);
  assert.equal(defaults.retentionFromEnv, false);
  assert.equal(loadConfig({ JOBSEEK_RETENTION_DAYS: "60" }).retentionFromEnv, true);
  const held = await openStore(":memory:");
  const empty = await openStore(":memory:");
  const named = await openStore(":memory:");
  try {
    const jobs = (await realJobs()).slice(0, 3);
    await held.postings.upsertJobs(jobs);
    await named.postings.upsertJobs(jobs);
    // An operator command on it stores nothing, and says what the first server would take.
    assert.deepEqual(await held.lifecycle.resolve(defaults), {
      retentionDays: 0,
      purgeAfterDays: 0,
      stored: null,
      keptSearchable: 3,
    });
    // The first server stores none as the store's retention, and says how many it kept.
    const first = await held.lifecycle.resolve(defaults, { claim: "the first server" });
    assert.equal(first.retentionDays, 0);
    assert.equal(first.keptSearchable, 3);
    assert.equal((await held.lifecycle.get())?.retentionDays, 0);
    // An empty store takes the default (the server fills it itself, re-dated into it), unless an
    // import is about to fill it.
    assert.equal((await empty.lifecycle.resolve(defaults)).retentionDays, 60);
    assert.equal((await empty.lifecycle.resolve(defaults, { filling: true })).retentionDays, 0);
    // A retention the environment names is the operator's choice, whatever the store holds.
    const chosen = await named.lifecycle.resolve(loadConfig({ JOBSEEK_RETENTION_DAYS: "60" }), {
      claim: "the first server",
    });
    assert.equal(chosen.retentionDays, 60);
    assert.equal(chosen.keptSearchable, undefined);
  } finally {
    for (const store of [held, empty, named]) store.close();
  }
});

Deno.test("a search over a store whose postings are all past the retention says so", async () => {
  const store = await openStore(":memory:");
  const embedder = await testEmbedder();
  const service = createSearchService({ store, embedder, logger: silentLogger });
  try {
    // February 2026: all of it past a 60-day retention now.
    const report = await importFiles(store, [await firstWeeklyFile()]);
    const stored = report.totals.inserted;
    const { docCount } = await publishIndex(store, {
      embedder,
      logger: silentLogger,
      retentionDays: 60,
    });
    assert.equal(docCount, 0);
    await service.start();
    const outcome = await service.search(parseSearchQuery({ q: "software developer" }));
    assert.equal(outcome.total, 0);
    assert.equal(
      outcome.hint,
      `No posting is searchable: all ${stored} stored postings were published longer ago than ` +
        "the store's retention of 60 days. An operator keeps them searchable with " +
        "`jobseek index lifecycle --retention-days 0` (or a longer retention).",
    );
  } finally {
    service.stop();
    await service.whenIdle();
    store.close();
  }
});
