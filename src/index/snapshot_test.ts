import { strict as assert } from "node:assert";
import fc from "fast-check";
import type { Job } from "../domain/job.ts";
import { assembleIndexData } from "./job_index_data.ts";
import { JobIndex } from "./job_index.ts";
import { buildPositionText } from "./position_text.ts";
import {
  decodeSnapshot,
  encodeSnapshot,
  encodeSnapshotPieces,
  SNAPSHOT_FORMAT_VERSION,
} from "./snapshot.ts";
import { REPOST_RULE, repostGroups, repostTextOf } from "./reposts.ts";
import { buildGazetteer } from "./gazetteer.ts";
import { jobFingerprint } from "../domain/job_fingerprint.ts";
import { analyzeQuery } from "./analyze_query.ts";
import { unpackSection } from "./zstd_section.ts";

/** The sample's ten distinct title vectors, unit length; a query may be one of them. */
const SAMPLE_VECTORS = Array.from({ length: 10 }, (_, r) => {
  const v = Float32Array.from({ length: 16 }, (_, k) => Math.sin(r * 7 + k));
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
});

/** `distinctTags`: every posting its own tag list (stored as JSON, where shared ones are not). */
function sampleData(
  { distinctTags = false, edit = (_jobs: Job[]) => {} }: {
    distinctTags?: boolean;
    edit?: (jobs: Job[]) => void;
  } = {},
) {
  const jobs: Job[] = Array.from({ length: 50 }, (_, n) => ({
    id: `id-${n}`,
    job_title: n % 3 ? `Nurse ${n}` : `Développeur logiciel ${n}`,
    company_name: "Clinic",
    city: n % 2 ? "Köln" : "",
    publish_time: "2025-03-01 08:00:00",
    job_url: `https://de.indeed.com/viewjob?jk=${n}`,
    job_tags: distinctTags ? ["care", `ward ${n}`] : ["care"],
    data_source: "indeed",
    // A leading byte-order mark, a lone surrogate (UTF-8 cannot carry it) and empty descriptions
    // must come back as they were.
    job_description: n === 0
      ? "\uFEFFWard work first"
      : n % 11 === 0
      ? `lone \ud800 surrogate ${n}`
      : n % 13 === 0
      ? ""
      : `Ward work 🙂 with "quotes"\nand lines, ${n}.`,
    ...(n % 5 ? { country: "DE" } : {}),
    // Coordinates are posting fields like any other: they travel in the postings' JSON.
    ...(n % 2 && n % 5 ? { latitude: 50.93333, longitude: 6.95 } : {}),
  }));
  edit(jobs);
  const data = assembleIndexData({
    model: "test-model",
    dimensions: 16,
    jobs,
    vectors: jobs.map((_, n) => SAMPLE_VECTORS[n % 10]),
  });
  return { ...data, text: buildPositionText(jobs) };
}

/** Postings as a snapshot carries them: without their descriptions (the store keeps those). */
function withoutDescriptions(jobs: Job[]): Job[] {
  return jobs.map((job) => ({ ...job, job_description: "" }));
}

Deno.test("a snapshot's postings in several JSON parts come back whole and in order", async () => {
  const data = sampleData({ distinctTags: true });
  for (const jobsPerPart of [1, 7, 50, 1000]) {
    const copy = await decodeSnapshot(await encodeSnapshot(data, { jobsPerPart }));
    assert.deepEqual(copy.jobs, withoutDescriptions(data.jobs), `${jobsPerPart} per part`);
  }
  // The header lists every part of a column, ten values each: the ids (all distinct strings) as
  // texts with their ends, the tags (distinct lists) as JSON.
  const header = headerOf(await encodeSnapshot(data, { jobsPerPart: 10 }));
  const partsOf = (key: string, kind: string) => {
    const i = header.jobFields.findIndex(([name]: [string]) => name === key);
    assert.deepEqual(header.jobFields[i], [key, kind]);
    return Object.keys(header.sections).filter((name) => name.startsWith(`jobs.${i}.`))
      .map((name) => name.slice(`jobs.${i}.`.length));
  };
  assert.deepEqual(partsOf("id", "text"), ["0", "1", "2", "3", "4", "ends"]);
  assert.deepEqual(partsOf("job_tags", "json"), ["0", "1", "2", "3", "4"]);
});

Deno.test("a publish's encoding that lets the postings go as it reads them writes the same bytes", async () => {
  for (const distinctTags of [false, true]) {
    const data = sampleData({ distinctTags });
    const jobs = [...data.jobs];
    const whole = await encodeSnapshot(data, { jobsPerPart: 7 });
    const pieces = await encodeSnapshotPieces(data, { jobsPerPart: 7, release: true });
    const joined = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.byteLength, 0));
    pieces.reduce((at, piece) => (joined.set(piece, at), at + piece.byteLength), 0);
    assert.deepEqual(joined, whole);
    // The caller's array is emptied: nothing but the encoder held the postings.
    assert.equal(data.jobs.length, 0);
    assert.deepEqual((await decodeSnapshot(joined)).jobs, withoutDescriptions(jobs));
  }
});

Deno.test("a publish's encoding frees what it has stored and writes the same bytes; a caller's data is left whole", async () => {
  // Enough postings that every u32 section passes the size the encoder frees from (4 KiB).
  const make = () => {
    const jobs: Job[] = Array.from({ length: 3000 }, (_, n) => ({
      id: `id-${n}`,
      job_title: `Nurse ${n % 700}`,
      company_name: `Clinic ${n % 40}`,
      city: n % 3 ? "Köln" : "Bonn",
      publish_time: "2025-03-01 08:00:00",
      job_url: `https://de.indeed.com/viewjob?jk=${n}`,
      job_tags: ["care"],
      data_source: "indeed",
      job_description: `Ward work ${n % 13} with care, shift ${n}.`,
    }));
    const data = assembleIndexData({
      model: "test-model",
      dimensions: 16,
      jobs,
      vectors: jobs.map((_, n) =>
        Float32Array.from({ length: 16 }, (_, k) => Math.sin((n % 700) * 7 + k))
      ),
    });
    return { ...data, text: buildPositionText(jobs) };
  };
  const kept = make();
  const jobs = [...kept.jobs];
  const whole = await encodeSnapshot(kept);
  // What the caller gave is as it was: only what the encoder made was freed.
  assert.equal(kept.vectorScales.length, 3000);
  assert.equal(kept.vectorOfDoc.length, 3000);
  assert.equal(kept.text.terms.description.ids.length, make().text.terms.description.ids.length);
  const pieces = await encodeSnapshotPieces(make(), { release: true });
  const joined = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.byteLength, 0));
  pieces.reduce((at, piece) => (joined.set(piece, at), at + piece.byteLength), 0);
  assert.deepEqual(joined, whole);
  const back = await decodeSnapshot(joined);
  assert.deepEqual(back.jobs, withoutDescriptions(jobs));
  assert.deepEqual(back.vectorScales, kept.vectorScales);
  assert.deepEqual(back.text.terms.description.ids, kept.text.terms.description.ids);
});

Deno.test("tag lists most postings share are stored once, and come back shared and frozen", async () => {
  const data = sampleData();
  const bytes = await encodeSnapshot(data);
  const header = headerOf(bytes);
  const i = header.jobFields.findIndex(([name]: [string]) => name === "job_tags");
  assert.deepEqual(header.jobFields[i], ["job_tags", "dict"]);
  const copy = await decodeSnapshot(bytes);
  assert.deepEqual(copy.jobs, withoutDescriptions(data.jobs));
  const [first, second] = copy.jobs;
  assert.equal(first.job_tags, second.job_tags);
  assert.ok(Object.isFrozen(first.job_tags));
  // Changing one posting's list would change every posting's: it throws instead.
  assert.throws(() => (first.job_tags as string[]).push("night"), TypeError);
  assert.deepEqual(second.job_tags, ["care"]);
});

Deno.test("a snapshot's postings come back as they were given, keys in their order", async () => {
  // A lone surrogate (UTF-8 cannot carry it) and a leading byte-order mark among them.
  const word = fc.constantFrom(
    "nurse",
    "Köln",
    "🙂",
    '"q"',
    "\\",
    "",
    "a\nb",
    "\ud800",
    "\ufeffx",
    "x",
  );
  const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
  const jobArbitrary = fc.record({
    job_title: fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(" ") || "t"),
    company_name: fc.constantFrom("Clinic", "Acme", ""),
    city: word,
    country: optional(fc.constantFrom("DE", "FR")),
    publish_time: fc.constantFrom("2025-03-01 08:00:00", "2025-03-02 09:30:00"),
    job_tags: fc.array(word, { maxLength: 3 }),
    data_source: fc.constantFrom("indeed" as const, "linkedin" as const),
    seniority: optional(fc.constantFrom("junior" as const, "senior" as const)),
    latitude: optional(fc.double({ min: -90, max: 90, noNaN: true })),
    longitude: optional(fc.double({ min: -180, max: 180, noNaN: true })),
  });
  await fc.assert(
    fc.asyncProperty(
      fc.array(jobArbitrary, { minLength: 1, maxLength: 30 }),
      fc.integer({ min: 1, max: 12 }),
      // 70 copies: every shape is common enough to get a function of its own that makes it.
      fc.constantFrom(1, 70),
      fc.boolean(),
      async (drawn, jobsPerPart, copies, oddKey) => {
        // Absent fields are absent, not undefined: as the store's schema gives them. A key no
        // posting schema has, of quotes, a backslash and a line separator, goes into the code
        // made for a shape as a string literal and must come back as itself.
        const jobs = Array.from({ length: copies }, () => drawn).flat().map((fields, n) => {
          const job = Object.fromEntries(
            Object.entries({
              id: `id-${n}`,
              ...fields,
              ...(oddKey && n % 2 ? { ['we"ird\\ key\u2028}']: n } : {}),
              job_url: `https://example.com/${n}`,
              job_description: `text ${n}`,
            }).filter(([, value]) => value !== undefined),
          ) as unknown as Job;
          return job;
        });
        const vector = Float32Array.from({ length: 16 }, (_, k) => k === 0 ? 1 : 0);
        const data = {
          ...assembleIndexData({
            model: "test-model",
            dimensions: 16,
            jobs,
            vectors: jobs.map(() => vector),
          }),
          text: buildPositionText(jobs),
        };
        const copy = await decodeSnapshot(await encodeSnapshot(data, { jobsPerPart }));
        const expected = withoutDescriptions(jobs);
        assert.deepEqual(copy.jobs, expected);
        copy.jobs.forEach((job, p) => assert.deepEqual(Object.keys(job), Object.keys(expected[p])));
      },
    ),
    { numRuns: 100 },
  );
});

Deno.test("decodeSnapshot() restores what encodeSnapshot() saved", async () => {
  const data = sampleData();
  const bytes = await encodeSnapshot(data);
  const copy = await decodeSnapshot(bytes);
  assert.equal(copy.model, "test-model");
  assert.equal(copy.dimensions, 16);
  assert.deepEqual(copy.jobs, withoutDescriptions(data.jobs));
  // What the index needs of the descriptions travels instead: the folded starts reposts compare
  // (a byte-order mark, a lone surrogate and an empty description included) and the fingerprints.
  assert.deepEqual(
    copy.repostTexts?.all(),
    data.jobs.map((job) => repostTextOf(job.job_description)),
  );
  assert.deepEqual(copy.fingerprints?.all(), data.jobs.map(jobFingerprint));
  // Made at publish, so that a cold start need not: the places and the repost groups.
  assert.deepEqual(copy.gazetteer, buildGazetteer(data.jobs));
  assert.deepEqual(Array.from(copy.repostGroups!), Array.from(repostGroups(data.jobs)));
  assert.deepEqual(copy.text, data.text);
  assert.deepEqual(Array.from(copy.vectorOfDoc), Array.from(data.vectorOfDoc));
  // Vectors travel as the index holds them: int8 with a scale per row, unchanged.
  assert.equal(copy.vectors.length, 160);
  assert.deepEqual(Array.from(copy.vectors), Array.from(data.vectors));
  assert.deepEqual(Array.from(copy.vectorScales), Array.from(data.vectorScales));
});

for (const vectorsAheadBytes of [undefined, 0]) {
  Deno.test(`decodeSnapshot() gives an index that finds what the original finds (vectors ahead from ${vectorsAheadBytes ?? "the default"} bytes)`, async () => {
    const data = sampleData();
    const copy = await decodeSnapshot(await encodeSnapshot(data), { vectorsAheadBytes });
    // The original's terms are as built, the copy's as decoded; the vectors are the same int8 rows
    // on both sides.
    const before = new JobIndex(data);
    const after = new JobIndex(copy);
    let found = 0;
    // Words of every text field (title, tags, company, city, description), one unknown word, and a
    // prefix ("nurs" is not a word of any posting: lookups are exact).
    for (
      const q of [
        "nurse köln",
        "développeur",
        "care",
        "clinic",
        "ward quotes",
        "lines 7",
        "zebra",
        "nurs",
      ]
    ) {
      for (const mode of ["keyword", "hybrid"] as const) {
        for (const filters of [undefined, { country: "DE" }, { city: "Köln" }]) {
          const request = {
            query: analyzeQuery(q),
            vector: SAMPLE_VECTORS[0],
            mode,
            filters,
            sort: "relevance" as const,
          };
          const result = after.search(request);
          found += result.total;
          // The loaded postings carry no descriptions: the store has them.
          const expected = before.search(request);
          expected.hits = expected.hits.map((hit) => ({
            ...hit,
            job: { ...hit.job, job_description: "" },
          }));
          assert.deepEqual(result, expected, `${q} ${mode} ${JSON.stringify(filters)}`);
        }
      }
    }
    assert.ok(found > 0);
  });
}

Deno.test("decodeSnapshot() gives the vectors as a view on the snapshot's bytes, which the index copies", async () => {
  const data = sampleData();
  const bytes = await encodeSnapshot(data);
  const copy = await decodeSnapshot(bytes);
  assert.equal(copy.vectors.buffer, bytes.buffer);
  for (const screenVectors of [false, true]) {
    // An index holding a view would keep the whole snapshot's bytes for as long as it serves.
    const index = new JobIndex(copy, { screenVectors });
    assert.notEqual(index.data.vectors.buffer, bytes.buffer);
    assert.equal(index.data.vectors.length, copy.vectors.length);
    index.close();
  }
});

Deno.test("decodeSnapshot() puts large vectors in a kernel's memory, which one index takes as it is; others copy them", async () => {
  const data = sampleData();
  const bytes = await encodeSnapshot(data);
  const whole = await decodeSnapshot(bytes);
  const copy = await decodeSnapshot(bytes, { vectorsAheadBytes: 0 });
  assert.ok(copy.vectors.buffer !== bytes.buffer, "the vectors are a view on the snapshot");
  assert.deepEqual([...copy.vectors], [...whole.vectors]);
  const first = new JobIndex(copy);
  assert.ok(first.data.vectors.buffer === copy.vectors.buffer, "the first index copied the rows");
  // A kernel's memory holds its query and cosines too: a second index must not share it.
  const second = new JobIndex(copy);
  assert.ok(second.data.vectors.buffer !== copy.vectors.buffer, "two indexes share one kernel");
  const reference = new JobIndex(whole);
  for (const vector of SAMPLE_VECTORS.slice(0, 3)) {
    const request = {
      query: analyzeQuery("nurse"),
      vector,
      mode: "hybrid" as const,
      sort: "relevance" as const,
    };
    const expected = reference.search(request);
    for (const index of [first, second]) {
      assert.deepEqual(index.search(request), expected);
    }
  }
  for (const index of [first, second, reference]) index.close();
});

Deno.test("encodeSnapshot() is stable: a decoded snapshot encodes to the same bytes", async () => {
  const bytes = await encodeSnapshot(sampleData());
  const once = await decodeSnapshot(bytes);
  const again = await encodeSnapshot(once);
  assert.deepEqual(again, bytes);
  assert.deepEqual(await decodeSnapshot(again), once);
});

/** The header of snapshot bytes. */
// deno-lint-ignore no-explicit-any
function headerOf(bytes: Uint8Array): any {
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true);
  return JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + length)));
}

/** A copy of snapshot bytes whose header `edit` changed, written back in place (never longer). */
// deno-lint-ignore no-explicit-any
function withHeader(bytes: Uint8Array, edit: (header: any) => void): Uint8Array {
  const out = bytes.slice();
  const length = new DataView(out.buffer).getUint32(4, true);
  const header = headerOf(out);
  edit(header);
  const text = JSON.stringify(header).padEnd(length, " ");
  assert.equal(text.length, length, "the edited header must not grow");
  out.set(new TextEncoder().encode(text), 8);
  return out;
}

/** Where a section's stored bytes start in snapshot bytes. */
function sectionStart(bytes: Uint8Array, name: string): number {
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true);
  return Math.ceil((8 + length) / 8) * 8 + headerOf(bytes).sections[name][0];
}

/** The name of a section stored with `codec`, of at least `minLength` bytes. */
function sectionStoredAs(bytes: Uint8Array, codec: string, minLength = 0): string {
  const sections = headerOf(bytes).sections as Record<string, [number, number, number, string]>;
  const name = Object.keys(sections).find((name) =>
    sections[name][3] === codec && sections[name][2] >= minLength
  );
  assert.ok(name, `a section stored as ${codec}`);
  return name;
}

/** `n` rounded up to a multiple of 8. */
const ceil8 = (n: number) => Math.ceil(n / 8) * 8;

/**
 * Snapshot bytes written again with every section stored raw, after `edit` changed the sections'
 * bytes or the header: what an encoder that wrote them wrong would give, every length consistent.
 */
function rebuilt(
  bytes: Uint8Array,
  // deno-lint-ignore no-explicit-any
  edit: (sections: Map<string, Uint8Array>, header: any) => void,
): Uint8Array {
  const header = headerOf(bytes);
  const sections = new Map<string, Uint8Array>();
  const table = Object.entries<[number, number, number, "raw" | "zstd" | "zstd-delta32"]>(
    header.sections,
  );
  for (const [name, [, stored, length, codec]] of table) {
    const at = sectionStart(bytes, name);
    const data = bytes.subarray(at, at + stored);
    sections.set(name, codec === "raw" ? data.slice() : unpackSection(data, length, codec).bytes);
  }
  edit(sections, header);
  header.sections = {};
  let offset = 0;
  for (const [name, data] of sections) {
    header.sections[name] = [offset, data.byteLength, data.byteLength, "raw"];
    offset += ceil8(data.byteLength);
  }
  header.bodyLength = offset;
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  const bodyStart = ceil8(8 + headerBytes.byteLength);
  const out = new Uint8Array(bodyStart + offset);
  out.set(bytes.subarray(0, 4));
  new DataView(out.buffer).setUint32(4, headerBytes.byteLength, true);
  out.set(headerBytes, 8);
  for (const [name, data] of sections) out.set(data, bodyStart + header.sections[name][0]);
  return out;
}

/** A section's bytes as u32 values (a view). */
const u32s = (bytes: Uint8Array) =>
  new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);

Deno.test("decodeSnapshot() rejects bytes that are not a snapshot, naming that", async () => {
  await assert.rejects(
    decodeSnapshot(new TextEncoder().encode("hello, world")),
    /^RangeError: Cannot decode snapshot: not a jobseek index snapshot$/,
  );
  await assert.rejects(decodeSnapshot(new Uint8Array([1, 2, 3])), /not a jobseek index snapshot/);
});

Deno.test("decodeSnapshot() rejects a cut snapshot as truncated, not as a foreign file", async () => {
  const good = await encodeSnapshot(sampleData());
  for (const cut of [40, Math.floor(good.length / 2)]) {
    await assert.rejects(
      decodeSnapshot(good.slice(0, good.length - cut)),
      /^RangeError: Cannot decode snapshot: truncated or corrupt \(\d+ of \d+ bytes\)$/,
      `cut ${cut} bytes`,
    );
  }
});

Deno.test("decodeSnapshot() rejects damaged bytes as corrupt", async () => {
  const good = await encodeSnapshot(sampleData());
  const damaged = good.slice();
  for (let i = 8; i < 40; i++) damaged[i] ^= 0x5a;
  await assert.rejects(decodeSnapshot(damaged), /Cannot decode snapshot: .*corrupt/);
});

Deno.test("decodeSnapshot() rejects a section whose compressed bytes are damaged, naming it", async () => {
  const good = await encodeSnapshot(sampleData());
  const name = sectionStoredAs(good, "zstd", 64);
  const [, stored] = headerOf(good).sections[name];
  // Each byte of the frame past its header (magic, descriptor, window), one at a time: its
  // checksum catches what its structure does not.
  for (let at = 6; at < stored; at++) {
    const damaged = good.slice();
    damaged[sectionStart(good, name) + at] ^= 0x5a;
    await assert.rejects(
      decodeSnapshot(damaged),
      new RegExp(`^RangeError: Cannot decode snapshot: section ${name.replace(".", "\\.")} `),
      `byte ${at} of ${name}`,
    );
  }
  // Likewise on the worker thread, which then ends (the test's sanitizers would see it).
  const damaged = good.slice();
  damaged[sectionStart(good, name) + Math.floor(stored / 2)] ^= 0x5a;
  await assert.rejects(
    decodeSnapshot(damaged, { threadBytes: 0 }),
    new RegExp(
      `^RangeError: Cannot decode snapshot: section ${name.replace(".", "\\.")} is corrupt$`,
    ),
  );
});

Deno.test("decodeSnapshot() decompresses on a worker thread what it would on its own", async () => {
  const data = sampleData();
  const bytes = await encodeSnapshot(data);
  assert.deepEqual(await decodeSnapshot(bytes, { threadBytes: 0 }), await decodeSnapshot(bytes));
  assert.deepEqual(
    await decodeSnapshot(bytes, { threadBytes: 200 }),
    await decodeSnapshot(bytes, { threadBytes: Infinity }),
  );
});

/**
 * Bytes that arrive in pieces of the given sizes, a macrotask apart, into a buffer that is zero
 * where they have not: a decoder that read past what had arrived would find zeros.
 */
function arriving(whole: Uint8Array, pieces: number[], failAt = Infinity, shared = false) {
  // Shared, as a snapshot read on a thread of its own is (src/store/snapshot_store.ts).
  const bytes = new Uint8Array(
    shared ? new SharedArrayBuffer(whole.byteLength) : new ArrayBuffer(whole.byteLength),
  );
  let reached = 0;
  let failure: Error | null = null;
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  (async () => {
    for (let k = 0; reached < whole.byteLength; k++) {
      await tick();
      const end = Math.min(whole.byteLength, reached + Math.max(1, pieces[k % pieces.length]));
      if (end > failAt) {
        failure = new Error("the store failed mid-read");
        return;
      }
      bytes.set(whole.subarray(reached, end), reached);
      reached = end;
    }
  })();
  const arrived = async (end: number) => {
    while (reached < end) {
      if (failure) throw failure;
      await tick();
    }
  };
  return { bytes, arrived };
}

Deno.test("decodeSnapshot() of bytes still arriving decodes what it decodes whole, reading none early", async () => {
  const whole = await encodeSnapshot(sampleData(), { jobsPerPart: 7 });
  // deepEqual sees no private fields: the text columns are compared by their texts.
  const comparable = (data: Awaited<ReturnType<typeof decodeSnapshot>>) => ({
    ...data,
    repostTexts: data.repostTexts?.all(),
    fingerprints: data.fingerprints?.all(),
  });
  const expected = comparable(await decodeSnapshot(whole));
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.integer({ min: 1, max: 4096 }), { minLength: 1, maxLength: 8 }),
      fc.constantFrom(0, 200, Infinity),
      fc.constantFrom(0, Infinity),
      fc.boolean(),
      async (pieces, threadBytes, vectorsAheadBytes, shared) => {
        const { bytes, arrived } = arriving(whole, pieces, Infinity, shared);
        const data = await decodeSnapshot(bytes, { arrived, threadBytes, vectorsAheadBytes });
        const { vectors, ...rest } = comparable(data);
        assert.deepEqual({ ...rest, vectors: [...vectors] }, {
          ...expected,
          vectors: [...expected.vectors],
        });
      },
    ),
    { numRuns: 40, seed: 27 },
  );
});

Deno.test("decodeSnapshot() of bytes that stop arriving fails with the reason they stopped", async () => {
  const whole = await encodeSnapshot(sampleData());
  for (const failAt of [4, 100, Math.floor(whole.byteLength / 2), whole.byteLength - 1]) {
    for (const threadBytes of [0, Infinity]) {
      const { bytes, arrived } = arriving(whole, [512], failAt);
      await assert.rejects(
        decodeSnapshot(bytes, { arrived, threadBytes }),
        /^Error: the store failed mid-read$/,
      );
    }
  }
});

Deno.test("decodeSnapshot() leaves the repost texts compressed until one is read; damaged, that read names them", async () => {
  const good = await encodeSnapshot(sampleData());
  const [, stored, , codec] = headerOf(good).sections.repostTexts;
  assert.equal(codec, "zstd");
  const damaged = good.slice();
  damaged[sectionStart(good, "repostTexts") + Math.floor(stored / 2)] ^= 0x5a;
  for (const threadBytes of [0, Infinity]) {
    // Only a delta or a publish reads them: the index loads and searches without them.
    const data = await decodeSnapshot(damaged, { threadBytes });
    const index = new JobIndex(data).prepare();
    const found = index.search({
      query: analyzeQuery("nurse"),
      vector: SAMPLE_VECTORS[0],
      mode: "hybrid",
      sort: "relevance",
    });
    assert.ok(found.total > 0 && found.hits.length > 0);
    index.close();
    assert.equal(data.fingerprints?.get(3), jobFingerprint(sampleData().jobs[3]));
    for (let attempt = 0; attempt < 2; attempt++) {
      assert.throws(
        () => data.repostTexts?.get(0),
        /^RangeError: Cannot decode snapshot: section repostTexts is corrupt$/,
      );
    }
  }
});

Deno.test("decodeSnapshot() rejects a section whose length is not its header's", async () => {
  const good = await encodeSnapshot(sampleData());
  const zstd = sectionStoredAs(good, "zstd", 64);
  const length = headerOf(good).sections[zstd][2];
  for (const threadBytes of [Infinity, 0]) {
    await assert.rejects(
      decodeSnapshot(withHeader(good, (h) => h.sections[zstd][2] = length - 1), { threadBytes }),
      /^RangeError: Cannot decode snapshot: section .+ is corrupt$/,
      "longer than its header says: node:zlib stops there",
    );
  }
  // A frame cut short decompresses to fewer bytes without an error of node:zlib's.
  await assert.rejects(
    decodeSnapshot(withHeader(good, (h) => h.sections[zstd][1] -= 8)),
    new RegExp(`^RangeError: Cannot decode snapshot: section ${zstd.replace(".", "\\.")} holds`),
  );
  const raw = sectionStoredAs(good, "raw", 4);
  await assert.rejects(
    decodeSnapshot(withHeader(good, (h) => h.sections[raw][2] -= 1)),
    /^RangeError: Cannot decode snapshot: section .+ is stored in \d+ bytes, not its \d+$/,
  );
  // A u32 section of 4n - 1 bytes.
  await assert.rejects(
    decodeSnapshot(withHeader(good, (h) => {
      h.sections.vectorOfDoc[3] = "raw";
      h.sections.vectorOfDoc[1] = h.sections.vectorOfDoc[2] = 7;
    })),
    /^RangeError: Cannot decode snapshot: section vectorOfDoc is misaligned$/,
  );
  await assert.rejects(
    decodeSnapshot(withHeader(good, (h) => delete h.sections.fingerprints)),
    /^RangeError: Cannot decode snapshot: section fingerprints is missing or truncated$/,
  );
});

Deno.test("decodeSnapshot() rejects a section of an unknown codec, naming it", async () => {
  const good = await encodeSnapshot(sampleData());
  const name = sectionStoredAs(good, "zstd");
  await assert.rejects(
    decodeSnapshot(withHeader(good, (h) => h.sections[name][3] = "lz4")),
    new RegExp(
      `^RangeError: Cannot decode snapshot: section ${
        name.replace(".", "\\.")
      } has an unknown codec \\(lz4\\)$`,
    ),
  );
});

Deno.test("decodeSnapshot() reads sections stored raw as it reads compressed ones", async () => {
  const data = sampleData();
  const bytes = await encodeSnapshot(data);
  const raw = rebuilt(bytes, () => {});
  assert.ok(raw.byteLength > bytes.byteLength);
  assert.deepEqual(await decodeSnapshot(raw), await decodeSnapshot(bytes));
});

Deno.test("decodeSnapshot() rejects postings' columns that do not match the postings", async () => {
  const good = await encodeSnapshot(sampleData({ distinctTags: true }));
  const fields = headerOf(good).jobFields as [string, string][];
  const field = (kind: string) => {
    const i = fields.findIndex(([, k]) => k === kind);
    assert.ok(i >= 0, `a column of ${kind}`);
    return { i, key: fields[i][0] };
  };
  const dict = field("dict");
  await assert.rejects(
    decodeSnapshot(rebuilt(good, (s) => u32s(s.get(`jobs.${dict.i}.refs`)!)[3] = 1e6)),
    new RegExp(`^RangeError: Cannot decode snapshot: the values of ${dict.key} do not match`),
    "a reference past the dictionary",
  );
  const f64 = field("f64");
  await assert.rejects(
    decodeSnapshot(rebuilt(good, (s) => {
      s.set(`jobs.${f64.i}.f64`, s.get(`jobs.${f64.i}.f64`)!.subarray(8));
    })),
    new RegExp(`^RangeError: Cannot decode snapshot: the values of ${f64.key} do not match`),
    "a value short",
  );
  const text = field("text");
  await assert.rejects(
    decodeSnapshot(rebuilt(good, (s) => u32s(s.get(`jobs.${text.i}.ends`)!)[3] = 1e6)),
    new RegExp(`^RangeError: Cannot decode snapshot: section jobs\\.${text.i}\\.ends does not`),
    "a string past its part",
  );
  await assert.rejects(
    decodeSnapshot(rebuilt(good, (s) => {
      const ends = u32s(s.get(`jobs.${text.i}.ends`)!);
      ends[4] = ends[2];
    })),
    /does not match its parts/,
    "ends out of order",
  );
  const json = field("json");
  await assert.rejects(
    decodeSnapshot(
      rebuilt(good, (s) => s.set(`jobs.${json.i}.0`, new TextEncoder().encode("[1,"))),
    ),
    new RegExp(`^RangeError: Cannot decode snapshot: section jobs\\.${json.i}\\.0 is corrupt$`),
  );
  await assert.rejects(
    decodeSnapshot(rebuilt(good, (s) => u32s(s.get("jobShape")!)[7] = 99)),
    /^RangeError: Cannot decode snapshot: the postings' shapes do not match them$/,
  );
  await assert.rejects(
    decodeSnapshot(rebuilt(good, (s) => {
      s.set("jobShapes", new TextEncoder().encode(JSON.stringify([[0, 1, fields.length]])));
    })),
    /^RangeError: Cannot decode snapshot: section jobShapes is corrupt$/,
  );
  await assert.rejects(
    decodeSnapshot(withHeader(good, (h) => h.jobFields[1] = h.jobFields[0])),
    /^RangeError: Cannot decode snapshot: its header is corrupt$/,
    "a field twice",
  );
});

Deno.test("decodeSnapshot() names an older format's snapshot as such", async () => {
  // Format 7 and older: "JSNZ", the raw length, one zstd frame.
  await assert.rejects(
    decodeSnapshot(new TextEncoder().encode("JSNZ\x10\0\0\0(\xb5/\xfd")),
    new RegExp(
      `^RangeError: Cannot decode snapshot: format version 7 or older, expected ${SNAPSHOT_FORMAT_VERSION}$`,
    ),
  );
});

Deno.test("decodeSnapshot() rejects another format version, naming both", async () => {
  const bytes = withHeader(
    await encodeSnapshot(sampleData()),
    (h) => h.formatVersion = SNAPSHOT_FORMAT_VERSION - 1,
  );
  await assert.rejects(
    decodeSnapshot(bytes),
    new RegExp(
      `format version ${SNAPSHOT_FORMAT_VERSION - 1}, expected ${SNAPSHOT_FORMAT_VERSION}`,
    ),
  );
});

Deno.test("decodeSnapshot() works out again repost groups stored by another rule, and keeps this rule's", async () => {
  // One remote job under three places (REPOST_RULE 2 joins them; rule 1 kept each place apart).
  const data = sampleData({
    edit: (jobs) => {
      for (const n of [20, 21, 22]) {
        Object.assign(jobs[n], {
          job_title: "Python Developer - Remote",
          work_mode: "remote",
          job_description: "Remote role.",
        });
      }
    },
  });
  const bytes = await encodeSnapshot(data);
  const current = await decodeSnapshot(bytes);
  assert.equal(headerOf(bytes).repostRule, REPOST_RULE);
  assert.deepEqual(Array.from(current.repostGroups!.subarray(20, 23)), [20, 20, 20]);
  for (const rule of [undefined, REPOST_RULE - 1]) {
    const older = await decodeSnapshot(withHeader(bytes, (h) => {
      if (rule === undefined) delete h.repostRule;
      else h.repostRule = rule;
    }));
    assert.equal(older.repostGroups, undefined, `rule ${rule}: not taken as stored`);
    assert.deepEqual(new JobIndex(older).prepare().repostGroups(), current.repostGroups);
  }
});

Deno.test("decodeSnapshot() rejects a posting whose vector row is out of range (not dropped)", async () => {
  const data = sampleData();
  const rows = data.vectors.length / data.dimensions;
  data.vectorOfDoc[7] = rows;
  await assert.rejects(
    decodeSnapshot(await encodeSnapshot(data)),
    new RegExp(
      `^RangeError: Cannot decode snapshot: posting 7 has vector row ${rows}, of ${rows} rows$`,
    ),
  );
});

Deno.test("decodeSnapshot() rejects a header whose counts disagree with the sections", async () => {
  const bytes = await encodeSnapshot(sampleData());
  await assert.rejects(
    decodeSnapshot(withHeader(bytes, (h) => h.docCount = 49)),
    /Cannot decode snapshot: 50 vector rows of postings for 49 postings/,
  );
  // Fewer rows than the postings name is caught by the postings' rows; more, by the vectors.
  await assert.rejects(
    decodeSnapshot(withHeader(bytes, (h) => h.vectorRows = 9)),
    /Cannot decode snapshot: posting \d+ has vector row 9, of 9 rows/,
  );
  await assert.rejects(
    decodeSnapshot(withHeader(bytes, (h) => h.vectorRows = 11)),
    /Cannot decode snapshot: the vectors do not make 11 rows of 16/,
  );
});

Deno.test("decodeSnapshot() rejects a term dictionary naming a posting that does not exist", async () => {
  const data = sampleData();
  data.text.terms.title.ids[0] = data.jobs.length;
  const bytes = await encodeSnapshot(data);
  // Stored as differences: the largest is found as they are summed, here or on the worker.
  assert.equal(headerOf(bytes).sections["title.ids"][3], "zstd-delta32");
  for (const threadBytes of [Infinity, 0]) {
    await assert.rejects(
      decodeSnapshot(bytes, { threadBytes }),
      /Cannot decode snapshot: the terms of title name no posting/,
    );
  }
  // Stored as they are: every value is read.
  await assert.rejects(
    decodeSnapshot(rebuilt(bytes, () => {})),
    /Cannot decode snapshot: the terms of title name no posting/,
  );
});
