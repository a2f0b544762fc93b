import { strict as assert } from "node:assert";
import type { Job } from "../domain/job.ts";
import { buildSlice, type BuiltSlice, joinedColumn } from "./posting_slice.ts";
import { concatPositionText } from "./position_text.ts";

/** Built slices as one run of postings, in the order given. */
function joinSlices(slices: readonly BuiltSlice[]) {
  return {
    text: concatPositionText(slices.map((slice) => slice.text)),
    repostTexts: joinedColumn(slices, "repostTexts"),
    fingerprints: joinedColumn(slices, "fingerprints"),
  };
}
import { PositionTextPool } from "./position_text_pool.ts";

const WORDS = ["nurse", "welder", "care", "ward", "night", "shift", "köln", "cook", "driver"];

function texts(count: number, seed: number): Job[] {
  return Array.from({ length: count }, (_, n) => ({
    id: `id-${seed}-${n}`,
    job_url: `https://example.com/${seed}/${n}`,
    publish_time: "2026-01-01 00:00:00",
    data_source: "indeed" as const,
    job_title: `${WORDS[(n * seed) % WORDS.length]} ${WORDS[(n + seed) % WORDS.length]}`,
    job_tags: n % 2 ? [WORDS[n % WORDS.length]] : [],
    company_name: `Acme ${n % 3}`,
    city: n % 4 ? "Köln" : "Leeds",
    job_description: WORDS.slice(0, 1 + (n % WORDS.length)).join(" "),
  }));
}

Deno.test("PositionTextPool builds slices on worker threads as this thread does, in the order sent", async () => {
  const slices = [texts(40, 1), texts(7, 2), texts(25, 3), texts(1, 4), texts(33, 5)];
  const pool = new PositionTextPool(2);
  for (const slice of slices) await pool.add(slice);
  const threaded = joinSlices(await pool.finish());
  const here = joinSlices([buildSlice(slices.flat())]);
  assert.deepEqual(threaded.text, here.text);
  assert.deepEqual(threaded.repostTexts.all(), here.repostTexts.all());
  assert.deepEqual(threaded.fingerprints.all(), here.fingerprints.all());
  assert.deepEqual(threaded.fingerprints.section(), here.fingerprints.section());
  assert.deepEqual(threaded.repostTexts.section(), here.repostTexts.section());
});

Deno.test("PositionTextPool fails with the worker's reason when a slice cannot be indexed, and ends its threads", async () => {
  const pool = new PositionTextPool(2);
  await pool.add(texts(10, 1));
  // A posting as no importer writes it: tags that are not a list.
  await pool.add([{ ...texts(1, 2)[0], job_tags: "care" as unknown as string[] }]);
  await assert.rejects(pool.finish(), /^Error: Cannot build the text index: .*join/);
});

Deno.test("PositionTextPool refuses a thread count that is not a positive whole number", () => {
  for (const threads of [0, -1, 1.5, NaN]) {
    assert.throws(() => new PositionTextPool(threads), /Cannot build text: .* worker threads/);
  }
});

Deno.test("PositionTextPool refuses more slices once one failed, rather than wait for its thread", async () => {
  const pool = new PositionTextPool(1);
  await pool.add([{ ...texts(1, 2)[0], job_tags: "care" as unknown as string[] }]);
  // The one thread answers the bad slice with an error: the next slice must not wait forever.
  await assert.rejects(pool.add(texts(5, 1)), /Cannot build the text index/);
  await assert.rejects(pool.finish(), /Cannot build the text index/);
});
