import { strict as assert } from "node:assert";
import type { Job } from "../domain/job.ts";
import { openStore, type Store, storeOn } from "../store/store.ts";
import { keys } from "../store/kv_keys.ts";
import { JobseekError } from "../domain/errors.ts";
import { createUseLiteEmbedder } from "../model/use_lite_embedder.ts";
import { faultyPooledEmbedder, WORKER_FAULTS } from "../model/testdata/faulty_embedder.ts";
import { silentLogger } from "../log.ts";
import { jobIdFromUrl } from "../domain/job.ts";
import fc from "fast-check";
import type { Embedder } from "../model/embedder.ts";
import { assembleIndexData, embeddingTextOf } from "../index/job_index_data.ts";
import {
  embedWithCache,
  indexBuildReason,
  keptPosting,
  needsIndexBuild,
  publishIndex,
} from "./publish_index.ts";
import { decodeSnapshot, encodeSnapshot, SNAPSHOT_FORMAT_VERSION } from "../index/snapshot.ts";
import { buildPositionText } from "../index/position_text.ts";

Deno.test("needsIndexBuild() is true without an index, false after publishing, true for an old format", async () => {
  const store = await openStore(":memory:");
  const embedder = await createUseLiteEmbedder({ workers: 0 });
  try {
    assert.equal(await needsIndexBuild(store, embedder), true);
    const url = "https://www.indeed.com/viewjob?jk=needs-build";
    await store.postings.upsertJobs([{
      id: await jobIdFromUrl(url),
      job_title: "Registered Nurse",
      company_name: "Clinic",
      city: "Austin",
      country: "US",
      publish_time: "2026-11-01 00:00:00",
      job_url: url,
      job_tags: ["nursing"],
      data_source: "indeed",
      job_description: "Care for patients.",
    }]);
    await publishIndex(store, { embedder, logger: silentLogger });
    assert.equal(await needsIndexBuild(store, embedder), false);

    await store.snapshots.publishSnapshot(new Uint8Array([1, 2, 3]), {
      formatVersion: SNAPSHOT_FORMAT_VERSION - 1,
      docCount: 1,
      model: embedder.model,
    });
    assert.equal(await needsIndexBuild(store, embedder), true);
    assert.equal(
      await indexBuildReason(store, embedder),
      `the current snapshot has format version ${SNAPSHOT_FORMAT_VERSION - 1}, this server ` +
        `writes ${SNAPSHOT_FORMAT_VERSION}`,
    );
    await store.snapshots.publishSnapshot(new Uint8Array([1, 2, 3]), {
      formatVersion: SNAPSHOT_FORMAT_VERSION,
      docCount: 1,
      model: "another-model",
    });
    assert.equal(await needsIndexBuild(store, embedder), true);
    // A newer server's snapshot is never built over by an older server.
    await store.snapshots.publishSnapshot(new Uint8Array([1, 2, 3]), {
      formatVersion: SNAPSHOT_FORMAT_VERSION + 1,
      docCount: 1,
      model: embedder.model,
    });
    assert.equal(await needsIndexBuild(store, embedder), false);
  } finally {
    embedder.close();
    store.close();
  }
});

/** The ids of every snapshot with any record in KV (meta or chunks). */
async function snapshotIdsInKv(kv: Deno.Kv): Promise<string[]> {
  const ids = new Set<string>();
  for await (const entry of kv.list({ prefix: keys.snapshotsPrefix() })) {
    ids.add(String(entry.key[1]));
  }
  return [...ids].sort();
}

/** A posting of the Leeds depot, its id from the Indeed job key `key`. */
async function depotPosting(key: string, n: number, title: string) {
  const url = `https://www.indeed.com/viewjob?jk=${key}`;
  return {
    id: await jobIdFromUrl(url),
    job_title: title,
    company_name: "Depot",
    city: "Leeds",
    country: "GB",
    publish_time: "2026-11-01 00:00:00",
    job_url: url,
    job_tags: [],
    data_source: "indeed" as const,
    job_description: `Posting ${n}.`,
  };
}

Deno.test("publishIndex() fails with the worker's error when an embedding worker fails midway, leaving the current snapshot and no partial one", async () => {
  const kv = await Deno.openKv(":memory:");
  const store = storeOn(kv);
  const inline = await createUseLiteEmbedder({ workers: 0 });
  try {
    const posting = (n: number, title: string) => depotPosting(`pool-${n}`, n, title);
    await store.postings.upsertJobs(
      await Promise.all(Array.from({ length: 5 }, (_, n) => posting(n, `Forklift Driver ${n}`))),
    );
    const { snapshotId } = await publishIndex(store, { embedder: inline, logger: silentLogger });
    const kept = await snapshotIdsInKv(kv);
    // An import's new postings: 100 titles the cache lacks, in slices of 32 over 2 workers that
    // each embed one slice and fail on the next.
    await store.postings.upsertJobs(
      await Promise.all(
        Array.from({ length: 100 }, (_, n) => posting(100 + n, `Night Porter ${n}`)),
      ),
    );
    for (const [mode, message] of WORKER_FAULTS) {
      const pooled = await faultyPooledEmbedder(mode);
      try {
        await assert.rejects(
          publishIndex(store, { embedder: pooled, logger: silentLogger }),
          (error: Error) => error instanceof JobseekError && message.test(error.message),
          mode,
        );
      } finally {
        pooled.close();
      }
      assert.equal(await store.snapshots.currentSnapshotId(), snapshotId, mode);
      assert.deepEqual(await snapshotIdsInKv(kv), kept, mode);
    }
  } finally {
    inline.close();
    store.close();
  }
});

Deno.test("publishIndex() indexing the postings a few at a time publishes the same snapshot as all at once", async () => {
  const store = await openStore(":memory:");
  const embedder = await createUseLiteEmbedder({ workers: 0 });
  try {
    const jobs = await Promise.all(
      ["Registered Nurse", "Line Cook", "Nurse Assistant", "Welder", "Night Nurse", "Cook"].flatMap(
        (title, n) =>
          [0, 1].map(async (copy) => {
            const url = `https://www.indeed.com/viewjob?jk=slice-${n}-${copy}`;
            return {
              id: await jobIdFromUrl(url),
              job_title: title,
              company_name: n % 2 ? "Clinic" : "Diner",
              city: copy ? "Austin" : "Leeds",
              country: copy ? "US" : "GB",
              publish_time: `2026-11-0${n + 1} 00:00:00`,
              job_url: url,
              job_tags: ["care"],
              data_source: "indeed" as const,
              // One description runs past the indexed 1,000 characters, its end not indexed.
              job_description: `${title} wanted for ward ${n}. Care for patients.` +
                (n === 3 && copy ? " Welding shifts.".repeat(80) + " Zeppelin pilot." : ""),
            };
          }),
      ),
    );
    await store.postings.upsertJobs(jobs);
    const snapshotBytes = async (slice?: number, textThreads?: number) => {
      const { snapshotId } = await publishIndex(store, {
        embedder,
        logger: silentLogger,
        slice,
        textThreads,
      });
      return (await store.snapshots.readSnapshot(snapshotId))!.bytes;
    };
    const whole = await snapshotBytes();
    // On this thread, and on worker threads (more slices than threads, and the other way round).
    for (const slice of [1, 5, 11]) {
      for (const threads of [0, 2, 3]) {
        assert.deepEqual(await snapshotBytes(slice, threads), whole, `${slice} ${threads}`);
      }
    }
  } finally {
    embedder.close();
    store.close();
  }
});

/** A model stand-in whose vectors follow the text's characters: repeats give equal vectors. */
function charEmbedder(dimensions = 16): Embedder {
  return {
    model: "char-test@1",
    dimensions,
    embed: (texts) =>
      Promise.resolve(texts.map((text) => {
        const vector = new Float32Array(dimensions);
        for (let i = 0; i < text.length; i++) {
          vector[(text.charCodeAt(i) * (i + 1)) % dimensions] += (i % 3) - 0.7;
        }
        const norm = Math.hypot(...vector) || 1;
        return vector.map((v) => v / norm);
      })),
  };
}

Deno.test("publishIndex() quantises each title's vector as it comes into the rows assembleIndexData builds from float32 vectors", async () => {
  const embedder = charEmbedder();
  await fc.assert(
    fc.asyncProperty(
      // Postings naming a few titles, often the same one; some titles' vectors cached before.
      fc.array(fc.nat(7), { minLength: 1, maxLength: 40 }),
      fc.array(fc.nat(7), { maxLength: 4 }),
      async (titles, cachedFirst) => {
        const store = await openStore(":memory:");
        try {
          const jobs = await Promise.all(
            titles.map((t, n) => depotPosting(`rows-${n}`, n, `Role ${t} ${"x".repeat(t)}`)),
          );
          await store.postings.upsertJobs(jobs);
          const cachedTexts = [...new Set(cachedFirst.map((t) => `Role ${t} ${"x".repeat(t)}`))];
          await embedWithCache(store, embedder, cachedTexts);
          const { snapshotId } = await publishIndex(store, { embedder, logger: silentLogger });
          const data = await decodeSnapshot(
            (await store.snapshots.readSnapshot(snapshotId))!.bytes,
          );
          // What the publish built before: every posting's float32 vector, rows by identity.
          const texts = data.jobs.map(embeddingTextOf);
          const { vectors } = await embedWithCache(store, embedder, [...new Set(texts)]);
          const expected = assembleIndexData({
            model: embedder.model,
            dimensions: embedder.dimensions,
            jobs: data.jobs,
            vectors: texts.map((text) => vectors.get(text)!),
          });
          assert.deepEqual(data.vectorOfDoc, expected.vectorOfDoc);
          assert.deepEqual(data.vectorScales, expected.vectorScales);
          assert.deepEqual(data.vectors, expected.vectors);
        } finally {
          store.close();
        }
      },
    ),
    { numRuns: 25 },
  );
});

Deno.test("a posting a publish keeps is the posting without its description, equal values shared", () => {
  const word = fc.constantFrom("Köln", "", "\ud800", "🙂", '"q"', "Nurse", "__proto__", "x");
  fc.assert(
    fc.property(
      fc.array(
        fc.record({
          job_title: word,
          city: word,
          job_tags: fc.array(word, { maxLength: 3 }),
          // A string that reads like a list's JSON is not taken for the list.
          company_name: fc.oneof(word, fc.constant('["Nurse"]')),
          latitude: fc.option(fc.double({ noNaN: true }), { nil: undefined }),
          job_description: fc.option(word, { nil: undefined }),
        }, { requiredKeys: ["job_title", "city", "job_tags", "company_name"] }),
        { maxLength: 30 },
      ),
      (drawn) => {
        const shared = { strings: new Map(), lists: new Map() };
        const kept = drawn.map((job) => keptPosting(job as unknown as Job, shared));
        kept.forEach((posting, n) => {
          const expected = { ...drawn[n], job_description: "" };
          assert.deepEqual(posting, expected);
          // Key order too: a snapshot stores each posting's keys in its order.
          assert.deepEqual(Object.keys(posting), Object.keys(expected));
          assert.equal(Object.getPrototypeOf(posting), Object.prototype);
        });
        for (let a = 0; a < kept.length; a++) {
          for (let b = 0; b < a; b++) {
            if (JSON.stringify(kept[a].job_tags) === JSON.stringify(kept[b].job_tags)) {
              assert.equal(kept[a].job_tags, kept[b].job_tags);
            }
          }
        }
      },
    ),
    { numRuns: 300 },
  );
});

/** A published snapshot's bytes. */
async function snapshotOf(store: Store, snapshotId: string): Promise<Uint8Array> {
  return (await store.snapshots.readSnapshot(snapshotId))!.bytes;
}

/**
 * The store's postings as a publish reads them, encoded in one piece with nothing let go on the
 * way (`encodeSnapshot`): what a publish must write, byte for byte.
 */
async function encodedWhole(store: Store, embedder: Embedder): Promise<Uint8Array> {
  const jobs: Job[] = [];
  for await (const job of store.postings.listJobs()) jobs.push(job);
  const texts = jobs.map(embeddingTextOf);
  const { vectors } = await embedWithCache(store, embedder, [...new Set(texts)]);
  const data = assembleIndexData({
    model: embedder.model,
    dimensions: embedder.dimensions,
    jobs,
    vectors: texts.map((t) => vectors.get(t)!),
  });
  return await encodeSnapshot({ ...data, text: buildPositionText(jobs) });
}

Deno.test("a publish's snapshot is, byte for byte, the one encoded from its postings in one piece", async () => {
  const embedder = charEmbedder();
  // Hostile and empty text, and few values, so that titles, companies and descriptions repeat
  // (reposts, shared words, dictionary columns) and a description passes the indexed 1,000
  // characters.
  const text = fc.constantFrom(
    "",
    "Nurse",
    "Night Nurse",
    "\ud800 lone",
    "🙂 Köln",
    '"quoted" <script>alert(1)</script>',
    "__proto__",
    "\uFEFFWard",
    "Care for patients on the ward. ".repeat(40),
  );
  const posting = fc.record({
    title: fc.constantFrom("Nurse", "Line Cook", "\ud800", "__proto__", "🙂", "Welder Welder"),
    company: text,
    city: fc.constantFrom("", "Leeds", "Köln", "Remote"),
    tags: fc.array(text, { maxLength: 3 }),
    description: fc.array(text, { maxLength: 3 }).map((parts) => parts.join(" ")),
    country: fc.option(fc.constantFrom("GB", "DE"), { nil: undefined }),
  });
  await fc.assert(
    fc.asyncProperty(
      fc.array(posting, { minLength: 1, maxLength: 30 }),
      fc.constantFrom(2, 7, 1000),
      // On this thread, and on text threads (src/index/position_text_pool.ts).
      fc.constantFrom(0, 2),
      async (drawn, slice, textThreads) => {
        const store = await openStore(":memory:");
        try {
          await store.postings.upsertJobs(
            await Promise.all(drawn.map(async (d, n) => ({
              ...(await depotPosting(`bytes-${n}`, n, d.title)),
              company_name: d.company,
              city: d.city,
              job_tags: d.tags,
              job_description: d.description,
              ...(d.country ? { country: d.country } : {}),
            }))),
          );
          const { snapshotId } = await publishIndex(store, {
            embedder,
            logger: silentLogger,
            slice,
            textThreads,
          });
          assert.deepEqual(
            await snapshotOf(store, snapshotId),
            await encodedWhole(store, embedder),
          );
        } finally {
          store.close();
        }
      },
    ),
    { numRuns: 40 },
  );
});

Deno.test("a publish that frees what it has stored (sections past 4 KiB) writes the bytes encoded in one piece, in one slice or several", async () => {
  const embedder = charEmbedder();
  const store = await openStore(":memory:");
  try {
    // Enough postings that every slice's terms and repost texts pass the size the encoder frees
    // from: a slice freed before it is stored would be written empty.
    await store.postings.upsertJobs(
      await Promise.all(Array.from({ length: 3000 }, async (_, n) => ({
        ...(await depotPosting(`freed-${n}`, n, `Forklift Driver ${n % 300}`)),
        job_tags: [`shift ${n % 7}`],
        job_description: `Drive forklifts in bay ${n % 40}. Care for the depot, ${n}. `.repeat(3),
      }))),
    );
    const whole = await encodedWhole(store, embedder);
    for (const slice of [5000, 1000]) {
      const { snapshotId } = await publishIndex(store, {
        embedder,
        logger: silentLogger,
        slice,
        textThreads: 0,
      });
      assert.deepEqual(await snapshotOf(store, snapshotId), whole, `slices of ${slice}`);
    }
  } finally {
    store.close();
  }
});
