import { strict as assert } from "node:assert";
import type { Job } from "../domain/job.ts";
import { assembleIndexData } from "./job_index.ts";
import { buildOrama, JobIndex, saveOrama, splitSavedOrama } from "./orama_index.ts";
import { decodeSnapshot, encodeSnapshot } from "./snapshot.ts";
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
  return { ...data, orama: saveOrama(buildOrama(jobs)) };
}

Deno.test("decodeSnapshot() restores what encodeSnapshot() saved", async () => {
  const data = sampleData();
  const bytes = await encodeSnapshot(data);
  const copy = await decodeSnapshot(bytes);
  assert.equal(copy.model, "test-model");
  assert.equal(copy.dimensions, 8);
  assert.deepEqual(copy.jobs, data.jobs);
  const split = splitSavedOrama(data.orama);
  assert.deepEqual(copy.orama, JSON.parse(JSON.stringify(split.orama)));
  assert.deepEqual(copy.terms, split.terms);
  // Orama's documents and frequencies stay out: the postings and the term counts replace them.
  assert.deepEqual(Object.keys((copy.orama.docs as { docs: object }).docs), []);
  assert.deepEqual(Array.from(copy.vectorOfDoc), Array.from(data.vectorOfDoc));
  assert.equal(copy.vectors.length, 80);
  // Vectors travel as int8: each component within half a quantisation step.
  for (let i = 0; i < data.vectors.length; i++) {
    assert.ok(Math.abs(copy.vectors[i] - data.vectors[i]) < 0.005, `component ${i}`);
  }
});

Deno.test("decodeSnapshot() gives an index that finds what the original finds", async () => {
  const data = sampleData();
  const copy = await decodeSnapshot(await encodeSnapshot(data));
  // The original reads Orama's radix trees and frequencies, the copy the snapshot's term dictionary.
  // Same (quantised) vectors on both sides: this compares the text side.
  const before = new JobIndex({ ...data, vectors: copy.vectors });
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
        assert.deepEqual(result, before.search(request), `${q} ${mode} ${JSON.stringify(filters)}`);
      }
    }
  }
  assert.ok(found > 0);
});

Deno.test("encodeSnapshot() is stable: a decoded snapshot encodes to the same bytes' content", async () => {
  const once = await decodeSnapshot(await encodeSnapshot(sampleData()));
  const twice = await decodeSnapshot(await encodeSnapshot(once));
  assert.deepEqual(Array.from(twice.vectors), Array.from(once.vectors));
});

Deno.test("decodeSnapshot() rejects bytes that are not a snapshot, or a cut one", async () => {
  const gz = async (bytes: Uint8Array) =>
    new Uint8Array(
      await new Response(
        new Blob([bytes as Uint8Array<ArrayBuffer>]).stream()
          .pipeThrough(new CompressionStream("gzip")),
      ).arrayBuffer(),
    );
  await assert.rejects(
    decodeSnapshot(await gz(new TextEncoder().encode("hello"))),
    /not a jobseek/,
  );
  const good = await encodeSnapshot(sampleData());
  await assert.rejects(decodeSnapshot(good.slice(0, good.length - 40)));
  await assert.rejects(decodeSnapshot(new Uint8Array([1, 2, 3])));
});
