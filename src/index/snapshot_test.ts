import { strict as assert } from "node:assert";
import { zstdCompressSync, zstdDecompressSync } from "node:zlib";
import type { Job } from "../domain/job.ts";
import { assembleIndexData } from "./job_index_data.ts";
import { JobIndex } from "./job_index.ts";
import { buildPositionText } from "./position_text.ts";
import { decodeSnapshot, encodeSnapshot, SNAPSHOT_FORMAT_VERSION } from "./snapshot.ts";
import { repostGroups, repostTextOf } from "./reposts.ts";
import { buildGazetteer } from "./query_place.ts";
import { jobFingerprint } from "../domain/job_fingerprint.ts";
import { analyzeQuery } from "./analyze_query.ts";

function sampleData() {
  const jobs: Job[] = Array.from({ length: 50 }, (_, n) => ({
    id: `id-${n}`,
    job_title: n % 3 ? `Nurse ${n}` : `Développeur logiciel ${n}`,
    company_name: "Clinic",
    city: n % 2 ? "Köln" : "",
    publish_time: "2025-03-01 08:00:00",
    job_url: `https://de.indeed.com/viewjob?jk=${n}`,
    job_tags: ["care"],
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
  const vectors = Array.from({ length: 10 }, (_, r) => {
    const v = Float32Array.from({ length: 8 }, (_, k) => Math.sin(r * 7 + k));
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  });
  const data = assembleIndexData({
    model: "test-model",
    dimensions: 8,
    jobs,
    vectors: jobs.map((_, n) => vectors[n % 10]),
  });
  return { ...data, text: buildPositionText(jobs) };
}

/** Postings as a snapshot carries them: without their descriptions (the store keeps those). */
function withoutDescriptions(jobs: Job[]): Job[] {
  return jobs.map((job) => ({ ...job, job_description: "" }));
}

Deno.test("a snapshot's postings in several JSON parts come back whole and in order", async () => {
  const data = sampleData();
  for (const jobsPerPart of [1, 7, 50, 1000]) {
    const copy = await decodeSnapshot(await encodeSnapshot(data, { jobsPerPart }));
    assert.deepEqual(copy.jobs, withoutDescriptions(data.jobs), `${jobsPerPart} per part`);
  }
  // The header lists every part, ten postings each.
  const raw = zstdDecompressSync(
    (await encodeSnapshot(data, { jobsPerPart: 10 })).subarray(8),
  );
  const headerLength = new DataView(raw.buffer, raw.byteOffset).getUint32(4, true);
  const header = JSON.parse(new TextDecoder().decode(raw.subarray(8, 8 + headerLength)));
  assert.deepEqual(
    Object.keys(header.sections).filter((name) => name.startsWith("jobs.")),
    ["jobs.0", "jobs.1", "jobs.2", "jobs.3", "jobs.4"],
  );
});

Deno.test("decodeSnapshot() restores what encodeSnapshot() saved", async () => {
  const data = sampleData();
  const bytes = await encodeSnapshot(data);
  const copy = await decodeSnapshot(bytes);
  assert.equal(copy.model, "test-model");
  assert.equal(copy.dimensions, 8);
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
  assert.equal(copy.vectors.length, 80);
  // Vectors travel and stay int8 with a scale per row: each component within half a step.
  assert.ok(copy.vectors instanceof Int8Array);
  for (let i = 0; i < data.vectors.length; i++) {
    const component = copy.vectors[i] * copy.vectorScales![Math.floor(i / 8)];
    assert.ok(Math.abs(component - data.vectors[i]) < 0.005, `component ${i}`);
  }
});

Deno.test("decodeSnapshot() gives an index that finds what the original finds", async () => {
  const data = sampleData();
  const copy = await decodeSnapshot(await encodeSnapshot(data));
  // The original's terms are as built, the copy's as decoded. Same (quantised) vectors on both
  // sides: this compares the text side.
  const before = new JobIndex({ ...data, vectors: copy.vectors, vectorScales: copy.vectorScales });
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
          vector: data.vectors.slice(0, 8),
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

Deno.test("encodeSnapshot() is stable: a decoded snapshot encodes to the same bytes", async () => {
  const bytes = await encodeSnapshot(sampleData());
  const once = await decodeSnapshot(bytes);
  const again = await encodeSnapshot(once);
  assert.deepEqual(again, bytes);
  assert.deepEqual(await decodeSnapshot(again), once);
});

/** Decompresses snapshot bytes, lets `edit` change the raw snapshot, and compresses it again. */
function rewrapped(bytes: Uint8Array, edit: (raw: Uint8Array) => Uint8Array): Uint8Array {
  const raw = edit(new Uint8Array(zstdDecompressSync(bytes.subarray(8))));
  const compressed = zstdCompressSync(raw);
  const out = new Uint8Array(8 + compressed.byteLength);
  out.set(bytes.subarray(0, 4));
  new DataView(out.buffer).setUint32(4, raw.byteLength, true);
  out.set(compressed, 8);
  return out;
}

/** The raw snapshot's header, edited by `edit`, written back in place (same length or shorter). */
function withHeader(raw: Uint8Array, edit: (header: Record<string, unknown>) => void): Uint8Array {
  const length = new DataView(raw.buffer).getUint32(4, true);
  const header = JSON.parse(new TextDecoder().decode(raw.subarray(8, 8 + length)));
  edit(header);
  const text = JSON.stringify(header).padEnd(length, " ");
  assert.equal(text.length, length, "the edited header must not grow");
  raw.set(new TextEncoder().encode(text), 8);
  return raw;
}

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

Deno.test("decodeSnapshot() rejects damaged compressed data as corrupt", async () => {
  const good = await encodeSnapshot(sampleData());
  const damaged = good.slice();
  for (let i = 8; i < 40; i++) damaged[i] ^= 0x5a;
  await assert.rejects(decodeSnapshot(damaged), /Cannot decode snapshot: .*corrupt/);
});

Deno.test("decodeSnapshot() rejects another format version, naming both", async () => {
  const bytes = rewrapped(
    await encodeSnapshot(sampleData()),
    (raw) => withHeader(raw, (h) => h.formatVersion = SNAPSHOT_FORMAT_VERSION - 1),
  );
  await assert.rejects(
    decodeSnapshot(bytes),
    new RegExp(
      `format version ${SNAPSHOT_FORMAT_VERSION - 1}, expected ${SNAPSHOT_FORMAT_VERSION}`,
    ),
  );
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
    decodeSnapshot(rewrapped(bytes, (raw) => withHeader(raw, (h) => h.docCount = 49))),
    /Cannot decode snapshot: 50 vector rows of postings for 49 postings/,
  );
  await assert.rejects(
    decodeSnapshot(rewrapped(bytes, (raw) => withHeader(raw, (h) => h.vectorRows = 9))),
    /Cannot decode snapshot: the vectors do not make 9 rows of 8/,
  );
});

Deno.test("decodeSnapshot() rejects a term dictionary naming a posting that does not exist", async () => {
  const data = sampleData();
  data.text.terms.title.ids[0] = data.jobs.length;
  await assert.rejects(
    decodeSnapshot(await encodeSnapshot(data)),
    /Cannot decode snapshot: the terms of title name no posting/,
  );
});
