/**
 * Postings written in slices, commits filled across slices up to KV's limits (issue #40): whatever
 * the split, every acknowledged posting is stored once, with exactly its own index entries, and
 * concurrent writers on one store file leave it consistent.
 *
 * @module
 */
import { strict as assert } from "node:assert";
import fc from "fast-check";
import { JobseekError } from "../domain/errors.ts";
import { type Job, JobSchema } from "../domain/job.ts";
import { jobFingerprint } from "../domain/job_fingerprint.ts";
import { formatUtc } from "../domain/lifecycle.ts";
import { silentLogger } from "../log.ts";
import { KvAccess } from "./kv.ts";
import { keys, NO_COUNTRY, parseJobByCity } from "./kv_keys.ts";
import { decodePosting } from "./posting_value.ts";
import { type Store, storeOn } from "./store.ts";

const CITIES = [
  { city: "Berlin", country: "DE" },
  { city: "Paris", country: "FR" },
  { city: "Oslo" },
  { city: "東京", country: "JP" },
];

function posting(id: number, version: number, place: number, descriptionBytes: number): Job {
  return {
    id: `job${id}`,
    job_title: `Nurse ${id}.${version}`,
    company_name: "Clinic",
    ...CITIES[place],
    publish_time: `2025-01-${String(1 + (version % 28)).padStart(2, "0")} 03:04:05`,
    job_url: `https://www.indeed.com/viewjob?jk=${id}`,
    job_tags: [],
    data_source: "indeed",
    // Long descriptions make KV's 800 KB a commit split slices as well as its checks do.
    job_description: `Care for patients ${version}. ${"x".repeat(descriptionBytes)}`,
  };
}

async function list(kv: Deno.Kv, prefix: Deno.KvKey): Promise<Deno.KvEntry<unknown>[]> {
  const entries: Deno.KvEntry<unknown>[] = [];
  for await (const entry of kv.list({ prefix })) entries.push(entry);
  return entries;
}

/**
 * What must hold of any store after any writes: each stored posting has exactly one city and one
 * publish-time entry, both its own; the count is the number stored; the change log names every
 * stored posting with its fingerprint; `jobs_changed_at` is at or after every change logged.
 */
async function assertConsistent(store: Store, kv: Deno.Kv): Promise<Map<string, Job>> {
  const stored = new Map<string, Job>();
  for await (const job of store.postings.listJobs()) stored.set(job.id, job);
  const byCity = (await list(kv, keys.jobsByCityPrefix())).map((e) => parseJobByCity(e.key)!);
  assert.deepEqual(
    byCity.map((p) => `${p.id}|${p.country}|${p.city}`).sort(),
    [...stored.values()].map((j) => `${j.id}|${j.country ?? NO_COUNTRY}|${j.city}`).sort(),
  );
  const byTime = (await list(kv, keys.jobsByTimePrefix())).map((e) =>
    `${String(e.key[2])}|${String(e.key[1])}`
  );
  assert.deepEqual(
    byTime.sort(),
    [...stored.values()].map((j) => `${j.id}|${j.publish_time}`).sort(),
  );
  assert.equal(await store.postings.countJobs(), stored.size);
  const changes = await store.postings.changedSince(0);
  for (const job of stored.values()) assert.equal(changes.get(job.id), jobFingerprint(job));
  const logged = (await list(kv, keys.jobChangesPrefix())).map((e) => e.key[1] as number);
  if (logged.length > 0) {
    assert.ok((await store.postings.changedAt())! >= Math.max(...logged));
  }
  return stored;
}

Deno.test("upsertJobs(): whatever the slices and the commits' split, every acknowledged posting is stored once, as last written, with only its own index entries", async () => {
  const write = fc.record({
    id: fc.integer({ min: 0, max: 30 }),
    version: fc.integer({ min: 0, max: 2 }),
    place: fc.integer({ min: 0, max: CITIES.length - 1 }),
    descriptionBytes: fc.constantFrom(10, 100, 30_000),
  });
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.array(write, { minLength: 1, maxLength: 60 }), { minLength: 1, maxLength: 5 }),
      fc.constantFrom(1, 3, 10, 100),
      async (calls, commitChecks) => {
        const dir = await Deno.makeTempDir({ prefix: "jobseek_batches_" });
        const kv = await Deno.openKv(`${dir}/kv.sqlite3`);
        // A second connection sees only what was committed: what a restart after kill -9 sees.
        const reader = await Deno.openKv(`${dir}/kv.sqlite3`);
        const store = storeOn(kv, { logger: silentLogger, commitChecks });
        try {
          const model = new Map<string, { job: Job; firstSeen: string; lastSeen: string }>();
          for (const [c, call] of calls.entries()) {
            const now = Date.UTC(2026, 0, 1 + c, 12);
            const firstSeen = new Date(now).toISOString().slice(0, 19).replace("T", " ");
            const jobs = call.map((w) => posting(w.id, w.version, w.place, w.descriptionBytes));
            // The last of a call's postings with one id is the one written.
            const last = new Map(jobs.map((job) => [job.id, job]));
            const expected = { inserted: 0, updated: 0, unchanged: 0 };
            for (const job of last.values()) {
              const before = model.get(job.id);
              if (!before) expected.inserted++;
              else if (JSON.stringify(before.job) === JSON.stringify(job)) expected.unchanged++;
              else expected.updated++;
              // Each call is on a later day: every posting it lists counts as seen then.
              model.set(job.id, {
                job,
                firstSeen: before?.firstSeen ?? firstSeen,
                lastSeen: firstSeen,
              });
            }
            assert.deepEqual(await store.postings.upsertJobs(jobs, { now }), expected);
            // Acknowledged: committed, every one of them.
            for (const job of last.values()) {
              const raw = (await reader.get(keys.job(job.id))).value;
              // A store whose first posting this version wrote keeps postings as JSON.
              assert.ok(raw instanceof Uint8Array);
              const { first_seen: _, ...fields } = decodePosting(raw) as Job;
              assert.deepEqual(fields, job);
            }
          }
          const stored = await assertConsistent(store, kv);
          assert.deepEqual(
            stored,
            new Map([...model].map(([id, m]) => [id, { ...m.job, first_seen: m.firstSeen }])),
          );
          assert.deepEqual(
            await store.postings.lastSeen([...model.keys()]),
            new Map([...model].map(([id, m]) => [id, m.lastSeen])),
          );
          // Rows imported again the same day change nothing: `jobs_changed_at` stays, and a
          // second time nothing at all is written.
          const changedAt = await store.postings.changedAt();
          const again = [...model.values()].map((m) => m.job);
          const sameDay = { now: Date.UTC(2026, 0, calls.length, 13) };
          assert.equal((await store.postings.upsertJobs(again, sameDay)).unchanged, model.size);
          assert.equal(await store.postings.changedAt(), changedAt);
          // Seen again today: a posting the last call listed was seen today already.
          const today = formatUtc(sameDay.now);
          const lastDay = formatUtc(Date.UTC(2026, 0, calls.length, 12));
          assert.deepEqual(
            await store.postings.lastSeen([...model.keys()]),
            new Map([...model].map(([id, m]) => [id, m.lastSeen === lastDay ? lastDay : today])),
          );
          const versions = async () => (await list(kv, [])).map((e) => e.versionstamp).join();
          const before = await versions();
          assert.equal((await store.postings.upsertJobs(again, sameDay)).unchanged, model.size);
          assert.equal(await versions(), before);
        } finally {
          store.close();
          reader.close();
          await Deno.remove(dir, { recursive: true });
        }
      },
    ),
    { numRuns: 40 },
  );
});

Deno.test("upsertJobs() from two writers at once on one store file: each call is stored or refused as a CONFLICT, and the store stays consistent", async () => {
  const dir = await Deno.makeTempDir({ prefix: "jobseek_batches_" });
  const path = `${dir}/kv.sqlite3`;
  const kvs = [await Deno.openKv(path), await Deno.openKv(path)];
  const stores = kvs.map((kv) => storeOn(kv, { logger: silentLogger, commitChecks: 100 }));
  try {
    const written = new Map<string, Set<string>>();
    const acknowledged = new Set<string>();
    let conflicts = 0;
    await Promise.all(stores.map(async (store, w) => {
      for (let round = 0; round < 6; round++) {
        // Overlapping ids, each writer its own versions and places.
        const jobs = Array.from(
          { length: 250 },
          (_, i) => posting(i + round * 40, w * 10 + round, (i + w) % CITIES.length, 2_000),
        );
        for (const job of jobs) {
          const versions = written.get(job.id) ?? new Set<string>();
          written.set(job.id, versions.add(job.job_title));
        }
        try {
          await store.postings.upsertJobs(jobs);
          for (const job of jobs) acknowledged.add(job.id);
        } catch (error) {
          if (!(error instanceof JobseekError && error.code === "CONFLICT")) throw error;
          conflicts++;
        }
      }
    }));
    const stored = await assertConsistent(stores[0], kvs[0]);
    for (const id of acknowledged) assert.ok(stored.has(id), `${id} was acknowledged`);
    for (const [id, job] of stored) {
      assert.ok(written.get(id)?.has(job.job_title), `${id} holds a version a writer wrote`);
      assert.ok(JobSchema.safeParse(job).success);
    }
    // Both writers got work done (a store that refused every call would pass the rest).
    assert.ok(acknowledged.size > 0);
    assert.ok(conflicts < 12);
  } finally {
    for (const store of stores) store.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("SplitCommit.touch() sets its key once in each commit a group touched it, to the value when sent, and never in the others", async () => {
  const kv = await Deno.openKv(":memory:");
  const access = new KvAccess(kv, silentLogger, 10);
  try {
    const writer = access.splitCommit("touch");
    let sent = 0;
    for (let i = 0; i < 25; i++) {
      // Records 0-9 and 20-24 touch; 10-19 (the second commit) do not.
      await writer.add((group) => {
        group.check({ key: ["r", i], versionstamp: null }).set(["r", i], i);
        if (i < 10 || i >= 20) group.touch(["at"], () => ++sent);
      });
    }
    await writer.flush();
    assert.equal(writer.commits, 3);
    assert.equal(sent, 2);
    assert.equal((await kv.get(["at"])).value, 2);
  } finally {
    access.close();
  }
});
