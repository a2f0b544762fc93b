/**
 * Postings kept as UTF-8 JSON (issue #40, session 22): read back as written, fingerprinted as
 * before, and stores whose postings an earlier version wrote as objects still read, written and
 * purged as they were.
 *
 * @module
 */
import { strict as assert } from "node:assert";
import fc from "fast-check";
import type { Job } from "../domain/job.ts";
import { jobFingerprint } from "../domain/job_fingerprint.ts";
import { keys, NO_COUNTRY } from "./kv_keys.ts";
import { KV_LIMITS } from "./kv_limits.ts";
import { decodePosting, encodePosting } from "./posting_value.ts";
import { nursePosting, withStore } from "./testdata/test_store.ts";

const posting = nursePosting;

/** Hostile text: any UTF-16 code units, lone surrogates and NULs included. */
const text = fc.string({ unit: "binary", maxLength: 300 });

const job = fc.record({
  n: fc.nat(1000),
  job_title: text,
  company_name: text,
  city: text,
  country: fc.option(fc.constantFrom("NO", "JP", "DE"), { nil: undefined }),
  job_description: text,
  job_tags: fc.array(text, { maxLength: 3 }),
  first_seen: fc.option(fc.constant("2025-01-03 00:00:00"), { nil: undefined }),
}).map(({ n, ...fields }) => posting(n, fields));

Deno.test("encodePosting(): a posting's JSON bytes read back as the same posting, with the fingerprint jobFingerprint gives", () => {
  fc.assert(
    fc.property(job, fc.boolean(), (p, json) => {
      const encoded = encodePosting(p, json);
      assert.equal(encoded.fingerprint, jobFingerprint(p));
      if (json) {
        assert.ok(encoded.value instanceof Uint8Array);
        assert.equal(encoded.bytes, encoded.value.byteLength + 10);
      } else assert.equal(encoded.value, p);
      const defined = Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined));
      assert.deepEqual(decodePosting(encoded.value), json ? defined : p);
    }),
    { numRuns: 300 },
  );
});

Deno.test("decodePosting(): bytes that are no posting's JSON are left as they are, to fail the reader's schema", () => {
  const enc = new TextEncoder();
  for (
    const bytes of [
      new Uint8Array([0xff, 0xfe, 0x00]),
      enc.encode("{not json"),
      enc.encode('{"id":"a"}'),
      enc.encode('[["id"]]'),
      enc.encode("[[1,2]]"),
    ]
  ) assert.equal(decodePosting(bytes), bytes);
  assert.deepEqual(decodePosting({ id: "a" }), { id: "a" });
});

Deno.test("upsertJobs() on a new store keeps postings as JSON; one whose UTF-8 is over KV's value limit while V8's form is not is kept as an object and reads back the same", async () => {
  await withStore(async (store, kv) => {
    // 25,000 three-byte characters: 75,000 bytes of UTF-8, 50,000 of V8's two bytes a character.
    const cjk = posting(2, { job_description: "東".repeat(25_000) });
    assert.ok(new TextEncoder().encode(cjk.job_description).byteLength > KV_LIMITS.valueBytes);
    const counts = await store.postings.upsertJobs([posting(1), cjk]);
    assert.deepEqual(counts, { inserted: 2, updated: 0, unchanged: 0 });
    assert.ok((await kv.get(keys.job("job1"))).value instanceof Uint8Array);
    assert.equal(typeof (await kv.get(keys.job("job2"))).value, "object");
    assert.ok(!((await kv.get(keys.job("job2"))).value instanceof Uint8Array));
    const stored = await store.postings.getJobs(["job1", "job2"]);
    assert.deepEqual(stored.map(({ first_seen: _, ...fields }) => fields), [posting(1), cjk]);
    const changes = await store.postings.changedSince(0);
    for (const p of stored) assert.equal(changes.get(p.id), jobFingerprint(p));
    // Both forms side by side: a re-import finds both unchanged.
    assert.deepEqual(await store.postings.upsertJobs([posting(1), cjk]), {
      inserted: 0,
      updated: 0,
      unchanged: 2,
    });
  });
});

/**
 * What a version before session 22 left: postings as objects with their index entries and the
 * inserted count, in the keys that version wrote.
 */
async function earlierStore(kv: Deno.Kv, jobs: Job[]): Promise<void> {
  for (const p of jobs) {
    const stored = { ...p, first_seen: "2025-01-03 00:00:00" };
    await kv.atomic()
      .set(keys.job(p.id), stored)
      .set(keys.jobByCity(p.country ?? NO_COUNTRY, p.city, p.id), 1)
      .set(keys.jobByTime(p.publish_time, p.id), 1)
      .sum(keys.jobsInserted(), 1n)
      .commit();
  }
}

Deno.test("a store an earlier version wrote keeps postings as objects: read, re-imported, updated and purged as before", async () => {
  await withStore(async (store, kv) => {
    await earlierStore(kv, [
      posting(1, { country: undefined }),
      posting(2, { country: undefined }),
    ]);
    assert.deepEqual(
      (await store.postings.getJob("job1"))!,
      { ...posting(1, { country: undefined }), first_seen: "2025-01-03 00:00:00" },
    );
    const counts = await store.postings.upsertJobs([
      posting(1, { country: undefined }),
      posting(2, { country: undefined, job_title: "Senior nurse" }),
      posting(3, { country: undefined }),
    ], { now: Date.parse("2025-01-03T10:00:00Z") });
    assert.deepEqual(counts, { inserted: 1, updated: 1, unchanged: 1 });
    // Servers of the earlier version may share this store: they read objects only.
    for (const id of ["job1", "job2", "job3"]) {
      const raw = (await kv.get(keys.job(id))).value;
      assert.ok(raw !== null && typeof raw === "object" && !(raw instanceof Uint8Array), id);
    }
    assert.equal((await kv.get(keys.postingsAsJson())).value, null);
    const listed = [];
    for await (const p of store.postings.listJobs()) listed.push(p.job_title);
    assert.deepEqual(listed, ["Nurse 1", "Senior nurse", "Nurse 3"]);
    assert.deepEqual(
      await store.postings.purgeJobs(new Map([["job1", "retention"], ["job2", "source"]]), {
        seenBefore: Number.MAX_SAFE_INTEGER,
        sources: [],
      }),
      { retention: 1, source: 1 },
    );
    assert.deepEqual((await store.postings.getJobs(["job1", "job2", "job3"])).map((p) => p.id), [
      "job3",
    ]);
    assert.equal(await store.postings.countJobs(), 1);
  });
});

Deno.test("a JSON store reads, updates and purges postings in both forms, and skips JSON that fails the schema as any bad record", async () => {
  await withStore(async (store, kv, lines) => {
    await store.postings.upsertJobs([posting(1), posting(2)]);
    assert.equal((await kv.get(keys.postingsAsJson())).value, true);
    // An object in a JSON store (a posting too large for JSON) and a record that fails the schema.
    await kv.set(keys.job("job2"), { ...posting(2), first_seen: "2025-01-03 00:00:00" });
    await kv.set(
      keys.job("job1"),
      encodePosting({ ...posting(1), job_title: 42 } as unknown as Job, true).value,
    );
    assert.equal(await store.postings.getJob("job1"), null);
    assert.ok(lines.some((line) => line.includes("jobs/job1")));
    assert.equal((await store.postings.getJob("job2"))?.job_title, "Nurse 2");
    // The bad record's place is still read, so its index entry moves with the rewrite.
    await store.postings.upsertJobs([
      posting(1, { city: "Bergen" }),
      posting(2, { city: "Bergen" }),
    ]);
    assert.deepEqual(await store.postings.listCities(), [
      { city: "Bergen", country: "NO", count: 2 },
    ]);
    await store.postings.purgeJobs(new Map([["job1", "retention"], ["job2", "retention"]]), {
      seenBefore: Number.MAX_SAFE_INTEGER,
      sources: [],
    });
    assert.equal(await store.postings.countJobs(), 0);
    assert.deepEqual(await store.postings.listCities(), []);
  });
});

Deno.test("the first write decides the form once: JSON on a store that never held a posting (counted or not), objects on one an earlier version emptied", async () => {
  await withStore(async (store, kv) => {
    // A server counts the empty store before any import: the count is 0, the store still new.
    assert.equal(await store.postings.countJobs(), 0);
    await store.postings.upsertJobs([posting(1)]);
    assert.ok((await kv.get(keys.job("job1"))).value instanceof Uint8Array);
  });
  await withStore(async (store, kv) => {
    await earlierStore(kv, [posting(1)]);
    await store.postings.purgeJobs(new Map([["job1", "retention"]]), {
      seenBefore: Number.MAX_SAFE_INTEGER,
      sources: [],
    });
    assert.equal(await store.postings.countJobs(), 0);
    // Emptied, but an earlier version wrote here (and may still): objects, as it reads.
    await store.postings.upsertJobs([posting(2)]);
    const raw = (await kv.get(keys.job("job2"))).value;
    assert.ok(raw !== null && !(raw instanceof Uint8Array));
  });
});
