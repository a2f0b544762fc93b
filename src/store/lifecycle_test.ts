import { strict as assert } from "node:assert";
import { DAY_MS, formatUtc } from "../domain/lifecycle.ts";
import type { Job } from "../domain/job.ts";
import { keys } from "./kv_keys.ts";
import { expiredPostings, purgeExpired } from "./lifecycle.ts";
import { indexGap } from "./index_gap.ts";
import { openStore, storeOn } from "./store.ts";
import { nursePosting, withStore } from "./testdata/test_store.ts";

const NOW = Date.UTC(2026, 10, 25, 12);

/** The nurse `n`, published `daysOld` days before `NOW`. */
function posting(n: number, daysOld: number): Job {
  return nursePosting(n, { publish_time: formatUtc(NOW - daysOld * DAY_MS) });
}

Deno.test("upsertJobs() records last_seen once a day: a re-import the same day writes nothing", async () => {
  await withStore(async (store, kv) => {
    const jobs = [posting(1, 1), posting(2, 1)];
    assert.deepEqual(await store.postings.upsertJobs(jobs, { now: NOW }), {
      inserted: 2,
      updated: 0,
      unchanged: 0,
    });
    const changedAt = await store.postings.changedAt();
    const stamp = async () => (await kv.get(keys.jobLastSeen("job1"))).versionstamp;
    const first = await stamp();
    assert.deepEqual(
      await store.postings.lastSeen(["job1", "job3"]),
      new Map([["job1", formatUtc(NOW)]]),
    );

    // Hours later, same day: unchanged, and not a single write.
    const again = await store.postings.upsertJobs(jobs, { now: NOW + 3 * 3_600_000 });
    assert.deepEqual(again, { inserted: 0, updated: 0, unchanged: 2 });
    assert.equal(await stamp(), first);

    // Next day: still unchanged, the posting record and jobs_changed_at untouched, last_seen moves.
    const postingStamp = (await kv.get(keys.job("job1"))).versionstamp;
    const nextDay = await store.postings.upsertJobs(jobs, { now: NOW + DAY_MS });
    assert.deepEqual(nextDay, { inserted: 0, updated: 0, unchanged: 2 });
    assert.equal((await kv.get(keys.job("job1"))).versionstamp, postingStamp);
    assert.equal(await store.postings.changedAt(), changedAt);
    assert.equal((await store.postings.lastSeen(["job1"])).get("job1"), formatUtc(NOW + DAY_MS));
    assert.equal((await store.postings.getJob("job1"))?.first_seen, formatUtc(NOW));
  });
});

Deno.test("the publish-time index follows updates, and a store written before it gets it once", async () => {
  await withStore(async (store, kv) => {
    await store.postings.upsertJobs([posting(1, 90), posting(2, 10)], { now: NOW });
    const cutoff = formatUtc(NOW - 60 * DAY_MS);
    assert.deepEqual(await store.postings.publishedBefore(cutoff), new Set(["job1"]));
    // Re-dated: the old entry goes with the update.
    await store.postings.upsertJobs([posting(1, 5)], { now: NOW });
    assert.deepEqual(await store.postings.publishedBefore(cutoff), new Set());

    // A store from before the index: postings without entries and without the marker.
    for await (const entry of kv.list({ prefix: ["jobs_by_time"] })) await kv.delete(entry.key);
    await kv.delete(keys.jobsByTimeComplete());
    await kv.set(keys.job("job3"), posting(3, 70));
    await kv.set(keys.jobByCity("NO", "Oslo", "job3"), 1);
    const fresh = storeOn(kv);
    assert.deepEqual(await fresh.postings.publishedBefore(cutoff), new Set(["job3"]));
    assert.equal(await fresh.postings.ensureTimeIndex(), 0, "once per store");
    let entries = 0;
    for await (const _ of kv.list({ prefix: ["jobs_by_time"] })) entries++;
    assert.equal(entries, 3);
  });
});

Deno.test("indexGap() notices postings past the retention with nothing written, and a changed retention", async () => {
  await withStore(async (store) => {
    await store.postings.upsertJobs([posting(1, 59), posting(2, 10)], { now: NOW });
    await store.snapshots.publishSnapshot(new Uint8Array(10), {
      formatVersion: 1,
      docCount: 2,
      model: "m",
      retentionDays: 60,
      oldestPublishTime: posting(1, 59).publish_time,
    });
    assert.equal(await indexGap(store, { now: NOW, retentionDays: 60 }), null);
    // Two days on, job1 is 61 days old: the same store, an index that must change.
    const later = await indexGap(store, { now: NOW + 2 * DAY_MS, retentionDays: 60 });
    assert.equal(later?.stored, 1);
    assert.equal(later?.indexed, 2);
    assert.equal(later?.changedSince, false);
    assert.match(later?.lifecycle ?? "", /past the retention of 60 days/);
    // A server with another retention rebuilds.
    assert.match(
      (await indexGap(store, { now: NOW, retentionDays: 90 }))?.lifecycle ?? "",
      /retention/,
    );
  });
});

Deno.test("purgeExpired() deletes only what expired longer ago than the purge period and was not seen since, counts it, and leaves no index gap", async () => {
  await withStore(async (store, kv) => {
    const policy = { retentionDays: 60, purgeAfterDays: 30 };
    const seenLongAgo = NOW - 40 * DAY_MS;
    // Ages 10 (live), 70 (expired 10 days ago), 95 and 120 (expired over 30 days ago).
    await store.postings.upsertJobs([10, 70, 95, 120].map((age, i) => posting(i, age)), {
      now: seenLongAgo,
    });
    // Expired as long, but an import saw it yesterday: it stays.
    await store.postings.upsertJobs([posting(4, 100)], { now: NOW - DAY_MS });
    // Gone from a source with a 3-day grace 40 days ago; and one gone only 5 days ago.
    await store.sources.addSource({
      name: "feed",
      location: "https://feeds.example/feed.csv",
      everyMs: DAY_MS,
      expireAfterMs: 3 * DAY_MS,
      createdAt: seenLongAgo,
      nextRunAt: NOW,
      contentAt: NOW - DAY_MS,
    });
    await store.postings.upsertJobs([posting(5, 1), posting(6, 1)], { now: seenLongAgo });
    // Three good pulls in a row leave each out: job5 from 40 days ago, job6 from 8.
    await store.sources.markListed("feed", ["job5"], seenLongAgo);
    for (let i = 0; i < 3; i++) {
      await store.sources.recordGoodPull("feed", seenLongAgo + 3_600_000 + i, new Set(["job6"]));
    }
    await store.sources.markListed("feed", ["job6"], NOW - 8 * DAY_MS);
    for (let i = 0; i < 3; i++) {
      await store.sources.recordGoodPull("feed", NOW - 8 * DAY_MS + 3_600_000 + i, new Set());
    }

    const expired = await expiredPostings(store, { now: NOW, retentionDays: 60 });
    assert.deepEqual([...expired.bySource].sort(), ["job5", "job6"]);
    assert.deepEqual([...expired.byRetention].sort(), ["job1", "job2", "job3", "job4"]);
    await store.snapshots.publishSnapshot(new Uint8Array(10), {
      formatVersion: 1,
      docCount: 1,
      model: "m",
      retentionDays: 60,
      oldestPublishTime: posting(0, 10).publish_time,
    });
    assert.equal(await indexGap(store, { now: NOW, retentionDays: 60 }), null);

    const run = await purgeExpired(store, { now: NOW, policy });
    assert.deepEqual({ retention: run.retention, source: run.source }, { retention: 2, source: 1 });
    assert.equal(run.candidates, 4, "job2, job3, job4 and job5 were expired long enough");
    const left = [];
    for await (const job of store.postings.listJobs()) left.push(job.id);
    assert.deepEqual(left.sort(), ["job0", "job1", "job4", "job6"]);
    // Nothing of them is left behind: index entries, last_seen, the source's listing.
    for (const id of ["job2", "job3", "job5"]) {
      for (const key of [keys.jobLastSeen(id), keys.sourceListing("feed", id)]) {
        assert.equal((await kv.get(key)).versionstamp, null, `${key.join("/")}`);
      }
    }
    assert.equal(await store.postings.countJobs(), 4);
    assert.deepEqual(await store.postings.purgedCounts(), { retention: 2, source: 1 });
    assert.equal((await store.postings.lastPurge())?.retention, 2);
    // The purged postings were not in the index: no gap, no publish.
    assert.equal(await indexGap(store, { now: NOW, retentionDays: 60 }), null);
    // Again: nothing more to do, the counts stay.
    const again = await purgeExpired(store, { now: NOW, policy });
    assert.equal(again.retention + again.source, 0);
    assert.deepEqual(await store.postings.purgedCounts(), { retention: 2, source: 1 });
    // With the purge off, nothing goes.
    const off = await purgeExpired(store, {
      now: NOW + 365 * DAY_MS,
      policy: { retentionDays: 60, purgeAfterDays: 0 },
    });
    assert.equal(off.candidates, 0);
  });
});

Deno.test("a store opened empty is marked as indexed by publish time; one opened with postings unmarked is not", async () => {
  const dir = await Deno.makeTempDir({ prefix: "jobseek_time_index_" });
  try {
    const marked = async (file: string) => {
      const kv = await Deno.openKv(`${dir}/${file}`);
      const value = (await kv.get(keys.jobsByTimeComplete())).value;
      kv.close();
      return value === true;
    };
    const store = await openStore(`${dir}/new.sqlite3`);
    try {
      // No pass over the postings at the first retention check: there were none to miss.
      assert.ok(await marked("new.sqlite3"));
      await store.postings.upsertJobs([posting(1, 90), posting(2, 10)], { now: NOW });
      assert.deepEqual(
        await store.postings.publishedBefore(formatUtc(NOW - 60 * DAY_MS)),
        new Set(["job1"]),
      );
    } finally {
      store.close();
    }
    const kv = await Deno.openKv(`${dir}/old.sqlite3`);
    // A store from before the index: a posting without its entry, no marker.
    await kv.set(keys.job("job3"), posting(3, 70));
    kv.close();
    const old = await openStore(`${dir}/old.sqlite3`);
    try {
      assert.ok(!(await marked("old.sqlite3")));
      assert.deepEqual(
        await old.postings.publishedBefore(formatUtc(NOW - 60 * DAY_MS)),
        new Set(["job3"]),
      );
    } finally {
      old.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
