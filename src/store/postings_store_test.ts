import { strict as assert } from "node:assert";
import fc from "fast-check";
import { JobseekError } from "../domain/errors.ts";
import type { Job } from "../domain/job.ts";
import { keys } from "./kv_keys.ts";
import { withStore } from "./testdata/test_store.ts";
import { indexGap } from "./index_gap.ts";

function posting(n: number, place: { city: string; country?: string }): Job {
  return {
    id: `job${n}`,
    job_title: `Nurse ${n}`,
    company_name: "Clinic",
    ...place,
    publish_time: "2025-01-02 03:04:05",
    job_url: `https://www.indeed.com/viewjob?jk=${n}`,
    job_tags: [],
    data_source: "indeed",
    job_description: "Care for patients.",
  };
}

Deno.test("upsertJobs() moves a posting whose city changed: the old city's index entry goes, counts follow", async () => {
  await withStore(async (store) => {
    await store.postings.upsertJobs([
      posting(1, { city: "Berlin", country: "DE" }),
      posting(2, { city: "Berlin", country: "DE" }),
    ]);
    const counts = await store.postings.upsertJobs([posting(1, { city: "Paris", country: "FR" })]);
    assert.deepEqual(counts, { inserted: 0, updated: 1, unchanged: 0 });
    assert.deepEqual(await store.postings.listCities(), [
      { city: "Berlin", country: "DE", count: 1 },
      { city: "Paris", country: "FR", count: 1 },
    ]);
    assert.equal(await store.postings.countJobs(), 2);
    const places = [];
    for await (const place of store.postings.listJobPlaces()) places.push(place);
    assert.deepEqual(places.sort((a, b) => a.id.localeCompare(b.id)), [
      { id: "job1", city: "Paris", country: "FR" },
      { id: "job2", city: "Berlin", country: "DE" },
    ]);
  });
});

Deno.test("upsertJobs() refuses a posting over KV's value limit by name, and writes nothing of it", async () => {
  await withStore(async (store) => {
    const huge = { ...posting(1, { city: "Oslo" }), job_description: "x".repeat(70_000) };
    await assert.rejects(
      store.postings.upsertJobs([huge]),
      (error: unknown) =>
        error instanceof JobseekError && error.code === "INTERNAL_ERROR" &&
        /^Cannot store posting job1: its \d+ bytes are over KV's limit of 65536 bytes for one value$/
          .test(error.message),
    );
    assert.equal(await store.postings.getJob("job1"), null);
    assert.equal(await store.postings.countJobs(), 0);
  });
});

Deno.test("importRuns.save() refuses a record over KV's value limit with an error naming its key", async () => {
  await withStore(async (store) => {
    const run = {
      started_at: "2025-01-01T00:00:00.000Z",
      finished_at: "2025-01-01T00:00:01.000Z",
      files: ["a.csv"],
      rows_read: 0,
      inserted: 0,
      updated: 0,
      unchanged: 0,
      duplicates: 0,
      skipped_source: 0,
      invalid: 0,
      skipped_by_site: {},
      invalid_examples: Array.from({ length: 1000 }, (_, i) => `a.csv:${i}: ${"y".repeat(80)}`),
    };
    await assert.rejects(
      store.importRuns.save(run),
      /^JobseekError: Cannot store import_runs\/\w+: its \d+ bytes are over KV's limit/,
    );
    assert.deepEqual(await store.importRuns.list(), []);
  });
});

Deno.test("getJob() and listJobs() read a posting that fails its schema as absent, with a warning naming its key", async () => {
  await withStore(async (store, kv, lines) => {
    await store.postings.upsertJobs([posting(1, { city: "Oslo" }), posting(2, { city: "Oslo" })]);
    await kv.set(keys.job("job2"), { ...posting(2, { city: "Oslo" }), job_title: 42 });
    assert.equal(await store.postings.getJob("job2"), null);
    const listed = [];
    for await (const job of store.postings.listJobs()) listed.push(job.id);
    assert.deepEqual(listed, ["job1"]);
    const warnings = lines.map((line) => JSON.parse(line)).filter((l) => l.level === "warn");
    assert.equal(warnings.length, 2);
    for (const warning of warnings) {
      assert.equal(warning.msg, "ignoring a store record that fails its schema");
      assert.equal(warning.key, "jobs/job2");
      assert.match(warning.error, /^job_title: /);
    }
  });
});

Deno.test("upsertJobs() over a posting that fails its schema replaces it and moves its city index entry", async () => {
  await withStore(async (store, kv) => {
    await store.postings.upsertJobs([posting(1, { city: "Oslo", country: "NO" })]);
    await kv.set(keys.job("job1"), {
      ...posting(1, { city: "Oslo", country: "NO" }),
      job_title: 42,
    });
    const counts = await store.postings.upsertJobs([posting(1, { city: "Bergen", country: "NO" })]);
    assert.deepEqual(counts, { inserted: 0, updated: 1, unchanged: 0 });
    assert.equal((await store.postings.getJob("job1"))?.city, "Bergen");
    assert.deepEqual(await store.postings.listCities(), [
      { city: "Bergen", country: "NO", count: 1 },
    ]);
  });
});

Deno.test("indexGap() names postings written after the current snapshot even when their number did not change", async () => {
  await withStore(async (store) => {
    await store.postings.upsertJobs([posting(1, { city: "Oslo" }), posting(2, { city: "Oslo" })]);
    // As a publish records it: the last write it read, which may share its millisecond with what
    // comes next.
    const postingsChangedAt = (await store.postings.changedAt())!;
    await store.snapshots.publishSnapshot(new Uint8Array(10), {
      formatVersion: 1,
      docCount: 2,
      model: "m",
      postingsChangedAt,
    });
    assert.equal(await indexGap(store), null);
    await store.postings.upsertJobs([{ ...posting(2, { city: "Oslo" }), job_title: "Chef" }]);
    assert.ok((await store.postings.changedAt())! > postingsChangedAt);
    assert.deepEqual(await indexGap(store), { stored: 2, indexed: 2, changedSince: true });
  });
});

Deno.test("upsertJobs() beside a snapshot publish: both complete and every posting is stored once", async () => {
  await withStore(async (store) => {
    const jobs = Array.from({ length: 300 }, (_, i) => posting(i, { city: `City ${i % 7}` }));
    const [counts, snapId] = await Promise.all([
      store.postings.upsertJobs(jobs),
      store.snapshots.publishSnapshot(new Uint8Array(2_000_000), {
        formatVersion: 1,
        docCount: 0,
        model: "m",
      }),
    ]);
    assert.deepEqual(counts, { inserted: 300, updated: 0, unchanged: 0 });
    assert.equal(await store.postings.countJobs(), 300);
    assert.equal(await store.snapshots.currentSnapshotId(), snapId);
    assert.equal((await store.snapshots.readSnapshot(snapId))?.bytes.byteLength, 2_000_000);
    const gap = await indexGap(store);
    assert.equal(gap?.stored, 300);
    assert.equal(gap?.indexed, 0);
  });
});

Deno.test("countJobs() keeps the stored count through inserts, updates, purges and a store older than its counter", async () => {
  const scanned = async (store: Parameters<Parameters<typeof withStore>[0]>[0]) => {
    let n = 0;
    for await (const _ of store.postings.listJobPlaces()) n++;
    return n;
  };
  const step = fc.oneof(
    fc.record({
      upsert: fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { maxLength: 30 }),
      city: fc.constantFrom("Berlin", "Paris"),
    }),
    fc.record({ purge: fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { maxLength: 20 }) }),
    fc.constant({ forget: true as const }),
  );
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
      await withStore(async (store, kv) => {
        for (const s of steps) {
          if ("upsert" in s) {
            await store.postings.upsertJobs(s.upsert.map((n) => posting(n, { city: s.city })));
          } else if ("purge" in s) {
            await store.postings.purgeJobs(
              new Map(s.purge.map((n) => [`job${n}`, n % 2 ? "retention" : "source"] as const)),
              { seenBefore: Number.MAX_SAFE_INTEGER, sources: [] },
            );
          } else {
            // What a store written before the counter holds: postings, no counter.
            await kv.delete(keys.jobsInserted());
            await kv.delete(keys.jobsInsertedCounted());
          }
          assert.equal(await store.postings.countJobs(), await scanned(store));
        }
      });
    }),
    { numRuns: 60 },
  );
});

Deno.test("countriesOfCities() and listPlacesWithoutCountry() tell what a scan of every place tells", async () => {
  // Country codes next to each other and the empty slot of "no country", cities that
  // begin with one another, and ids the caller sets aside.
  const place = fc.record({
    city: fc.constantFrom("", "Remote", "Concord", "Concordia", "Toronto", "Tor"),
    country: fc.option(fc.constantFrom("AA", "AB", "BA", "CA", "US", "ZW"), { nil: undefined }),
  });
  await fc.assert(
    fc.asyncProperty(
      fc.array(place, { maxLength: 25 }),
      fc.uniqueArray(fc.nat({ max: 30 }), { maxLength: 8 }),
      fc.array(fc.constantFrom<string>("", "Concord", "Concordia", "Toronto", "Tor", "Oslo"), {
        maxLength: 5,
      }),
      async (places, excepted, cities) => {
        await withStore(async (store) => {
          await store.postings.upsertJobs(places.map((p, n) => posting(n, p)));
          const exceptIds = new Set(excepted.map((n) => `job${n}`));
          const scanned: { id: string; city: string; country?: string }[] = [];
          for await (const p of store.postings.listJobPlaces()) scanned.push(p);

          const expected = new Map<string, Set<string>>();
          for (const p of scanned) {
            if (p.country === undefined || p.city === "" || exceptIds.has(p.id)) continue;
            if (!cities.includes(p.city)) continue;
            expected.set(p.city, (expected.get(p.city) ?? new Set()).add(p.country));
          }
          // Both ways of reading: a read per country and city, and one pass over the index.
          for (const keysPerLookup of [0, Infinity]) {
            assert.deepEqual(
              await store.postings.countriesOfCities(cities, exceptIds, keysPerLookup),
              expected,
            );
          }

          const without: { id: string; city: string }[] = [];
          for await (const p of store.postings.listPlacesWithoutCountry()) without.push(p);
          assert.deepEqual(
            without,
            scanned.filter((p) => p.country === undefined).map(({ id, city }) => ({ id, city })),
          );
        });
      },
    ),
    { numRuns: 150 },
  );
});
