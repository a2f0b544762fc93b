/**
 * The posting lifecycle in one process, on a real KV, the real model and real files: a posting is
 * searchable exactly while it is within the retention and not expired by its source (a property
 * over generated publish and listing times); a serving process's background publisher notices
 * postings crossing the retention with nothing written and publishes without them; re-importing a
 * real file reports every row unchanged, publishes nothing, and still moves `last_seen`; the
 * bundled postings are re-dated into the retention when they seed a store.
 */
import { strict as assert } from "node:assert";
import fc from "fast-check";
import { DAY_MS, formatUtc, retentionCutoff } from "../src/domain/lifecycle.ts";
import { parseSearchQuery } from "../src/domain/search_query.ts";
import { importFiles } from "../src/ingest/import_files.ts";
import { createLogger, silentLogger } from "../src/log.ts";
import { BUNDLED_POSTINGS } from "../cli/bundled_postings.ts";
import { fixturesWithinRetention } from "../src/runtime.ts";
import { createBackgroundPublisher } from "../src/search/background_publisher.ts";
import { publishIndex } from "../src/search/publish_index.ts";
import { createSearchService, type JobSearchService } from "../src/search/search_service.ts";
import { indexGap } from "../src/store/index_gap.ts";
import { openStore, type Store } from "../src/store/store.ts";
import { firstWeeklyFile, keeper } from "./keepers.ts";
import { cachingTestEmbedder, testEmbedder } from "./helpers.ts";

const NOW = Date.UTC(2026, 10, 25, 12);

/** The URLs a search for lighthouse keepers finds (reposts included). */
async function keepersFound(service: JobSearchService): Promise<Set<string>> {
  const outcome = await service.search(
    parseSearchQuery({ q: "lighthouse keeper", top_k: "100", sort: "relevance" }),
  );
  return new Set(outcome.results.flatMap((r) => [r.job_url, ...(r.also_posted_at ?? [])]));
}

async function withService<T>(store: Store, work: (service: JobSearchService) => Promise<T>) {
  const service = createSearchService({
    store,
    embedder: await testEmbedder(),
    logger: silentLogger,
  });
  try {
    await service.start();
    return await work(service);
  } finally {
    service.stop();
    await service.whenIdle();
  }
}

Deno.test("a posting is searchable iff it is within the retention and not expired by its source", async () => {
  const embedder = await testEmbedder();
  const expireAfterMs = 3 * DAY_MS;
  const contentAt = NOW - 3_600_000;
  const postingArb = fc.record({
    // Around the retentions tried below, and exactly on a cutoff now and then.
    ageMs: fc.oneof(
      fc.integer({ min: 0, max: 130 * DAY_MS }),
      fc.constantFrom(7, 30, 60).chain((days) =>
        fc.integer({ min: -2, max: 2 }).map((s) => days * DAY_MS + s * 1000)
      ),
    ),
    // Not listed by the source; in its current listing; or last listed that long ago.
    listing: fc.oneof(
      fc.constant<"never" | "current">("never"),
      fc.constant<"never" | "current">("current"),
      fc.integer({ min: 2 * 3_600_000, max: 10 * DAY_MS }),
    ),
  });
  await fc.assert(
    fc.asyncProperty(
      fc.array(postingArb, { minLength: 1, maxLength: 10 }),
      fc.constantFrom(0, 7, 30, 60),
      async (postings, retentionDays) => {
        const store = await openStore(":memory:");
        try {
          const jobs = postings.map((p, n) => keeper(n, formatUtc(NOW - p.ageMs)));
          await store.postings.upsertJobs(jobs, { now: NOW });
          await store.sources.addSource({
            name: "feed",
            location: "https://feeds.example/feed.csv",
            everyMs: DAY_MS,
            expireAfterMs,
            createdAt: NOW - 30 * DAY_MS,
            nextRunAt: NOW + DAY_MS,
            contentAt,
          });
          // Listed long ago; then each posting with a number leaves the listing that long ago,
          // left out by three good pulls in a row from then on.
          const listed = new Set(
            postings.flatMap((p, n) => p.listing === "never" ? [] : [jobs[n].id]),
          );
          await store.sources.markListed("feed", [...listed], NOW - 11 * DAY_MS);
          const departures = postings.flatMap((p, n) =>
            typeof p.listing === "number" ? [{ id: jobs[n].id, at: NOW - p.listing }] : []
          ).sort((a, b) => a.at - b.at);
          for (const { id, at } of departures) {
            listed.delete(id);
            for (let i = 0; i < 3; i++) {
              await store.sources.recordGoodPull("feed", at + i, listed);
            }
          }
          await publishIndex(store, {
            embedder,
            logger: silentLogger,
            retentionDays,
            now: () => NOW,
          });
          const cutoff = retentionCutoff(NOW, retentionDays);
          const expected = new Set(
            postings.flatMap((p, n) => {
              const withinRetention = cutoff === null || jobs[n].publish_time >= cutoff;
              const goneFromSource = typeof p.listing === "number" &&
                NOW - p.listing <= NOW - expireAfterMs;
              return withinRetention && !goneFromSource ? [jobs[n].job_url] : [];
            }),
          );
          const found = await withService(store, keepersFound);
          assert.deepEqual([...found].sort(), [...expected].sort());
          // The check a server runs finds the index as it should be.
          assert.equal(await indexGap(store, { now: NOW, retentionDays }), null);
        } finally {
          store.close();
        }
      },
    ),
    { numRuns: 25 },
  );
});

Deno.test("a serving process publishes again when indexed postings pass the retention, with nothing written", async () => {
  const store = await openStore(":memory:");
  const embedder = await testEmbedder();
  const logs: Record<string, unknown>[] = [];
  const logger = createLogger({ write: (line) => logs.push(JSON.parse(line)) });
  let clock = NOW;
  const publisher = createBackgroundPublisher({
    store,
    embedder,
    logger,
    gapCheckMs: 50,
    lifecycle: { retentionDays: 60, purgeAfterDays: 30 },
    now: () => clock,
  });
  const service = createSearchService({ store, embedder, logger: silentLogger });
  try {
    // 10 to 100 days old, every 10 days.
    const jobs = Array.from(
      { length: 10 },
      (_, n) => keeper(n, formatUtc(NOW - (n + 1) * 10 * DAY_MS + 3_600_000)),
    );
    await store.postings.upsertJobs(jobs, { now: NOW });
    await publishIndex(store, {
      embedder,
      logger: silentLogger,
      retentionDays: 60,
      now: () => clock,
    });
    await service.start();
    const url = (n: number) => jobs[n].job_url;
    assert.deepEqual([...await keepersFound(service)].sort(), [0, 1, 2, 3, 4, 5].map(url).sort());
    const changedAt = await store.postings.changedAt();

    // Two days on, the posting 60 days less an hour old has passed the retention.
    clock = NOW + 2 * DAY_MS;
    const deadline = Date.now() + 30_000;
    while ((await keepersFound(service)).has(url(5))) {
      assert.ok(Date.now() < deadline, "the aged-out posting left the results within 30 s");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.deepEqual([...await keepersFound(service)].sort(), [0, 1, 2, 3, 4].map(url).sort());
    assert.equal(await store.postings.changedAt(), changedAt, "no posting was written");
    const noticed = logs.find((line) => line.msg === "the index holds postings that have expired");
    assert.equal(noticed?.level, "info");
    assert.match(String(noticed?.reason), /past the retention of 60 days/);
    await publisher.whenIdle();
    const meta = await store.snapshots.readSnapshotMeta(
      (await store.snapshots.currentSnapshotId())!,
    );
    assert.equal(meta?.docCount, 5);
    assert.equal(meta?.agedOutCount, 5);
    assert.equal(meta?.retentionDays, 60);
    // Published once: the check after it finds nothing to do.
    assert.equal(await publisher.closeGap(), false);
  } finally {
    publisher.stop();
    service.stop();
    await service.whenIdle();
    await publisher.whenIdle();
    store.close();
  }
});

Deno.test("re-importing a real file: every row unchanged, nothing to publish, and last_seen moves on", async () => {
  const store = await openStore(":memory:");
  // A real file's titles: their vectors from the kept file (tests/vector_cache.ts).
  const embedder = await cachingTestEmbedder();
  try {
    const file = await firstWeeklyFile();
    const first = await importFiles(store, [file], { now: NOW });
    assert.ok(first.totals.inserted > 100);
    await publishIndex(store, { embedder, logger: silentLogger });
    await embedder.save();
    const ids: string[] = [];
    for await (const job of store.postings.listJobs()) ids.push(job.id);
    const seenFirst = await store.postings.lastSeen(ids);
    assert.equal(seenFirst.size, ids.length);
    assert.ok([...seenFirst.values()].every((t) => t === formatUtc(NOW)));

    const later = NOW + 2 * DAY_MS + 3_600_000;
    const again = await importFiles(store, [file], { now: later });
    assert.equal(again.totals.unchanged, first.totals.inserted);
    assert.equal(again.totals.inserted + again.totals.updated, 0);
    assert.equal(await indexGap(store), null, "nothing for a publish to do");
    const seenAgain = await store.postings.lastSeen(ids);
    assert.ok([...seenAgain.values()].every((t) => t === formatUtc(later)));
    for (const id of ids.slice(0, 20)) {
      assert.equal((await store.postings.getJob(id))?.first_seen, formatUtc(NOW), "kept");
    }
  } finally {
    store.close();
  }
});

Deno.test("the bundled postings seed a store within the retention, newest first as before", async () => {
  const text = await fixturesWithinRetention(BUNDLED_POSTINGS, 60, NOW);
  const rows = text.trim().split("\n").map((line) =>
    JSON.parse(line) as { publish_time: string; job_url: string }
  );
  const original = (await fixturesWithinRetention(BUNDLED_POSTINGS, 0)).trim().split("\n").map((
    line,
  ) => JSON.parse(line) as { publish_time: string; job_url: string });
  assert.equal(rows.length, original.length);
  const times = rows.map((row) => row.publish_time).sort();
  assert.equal(times.at(-1), formatUtc(NOW));
  assert.ok(times[0] >= retentionCutoff(NOW, 30)!, `${times[0]} within half the retention`);
  // The order of publication is kept (times a second apart may now share one).
  const moved = new Map(rows.map((row) => [row.job_url, row.publish_time]));
  const before = [...original].sort((a, b) => a.publish_time.localeCompare(b.publish_time));
  for (let i = 1; i < before.length; i++) {
    assert.ok(
      moved.get(before[i - 1].job_url)! <= moved.get(before[i].job_url)!,
      before[i].job_url,
    );
  }
});
