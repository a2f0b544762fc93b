import { strict as assert } from "node:assert";
import fc from "fast-check";
import type { Job } from "../domain/job.ts";
import { buildOrama } from "./testdata/orama_db.ts";
import { buildPositionText, concatPositionText, positionTextOf } from "./position_text.ts";
import { positionTextOfOrama } from "./testdata/orama_internals.ts";

const WORDS = ["nurse", "welder", "care", "ward", "berlin", "acme", "night", "shift", "köln", "go"];

const text = (max: number) =>
  fc.array(fc.constantFrom(...WORDS), { maxLength: max }).map((w) => w.join(" "));

const jobArbitrary = fc.record({
  job_title: text(4).map((t) => t || "cook"),
  company_name: text(2),
  city: text(1),
  job_tags: fc.array(text(2), { maxLength: 2 }),
  job_description: text(12),
});

type TextFields = Pick<
  Job,
  "job_title" | "company_name" | "city" | "job_tags" | "job_description"
>;

function jobsOf(records: TextFields[]): Job[] {
  return records.map((r, n) => ({
    ...r,
    id: `id-${n}`,
    publish_time: "2026-01-01 00:00:00",
    job_url: `https://example.com/${n}`,
    data_source: "indeed",
  }));
}

Deno.test("the text built a slice of postings at a time equals the text built at once", () => {
  fc.assert(
    fc.property(
      fc.array(jobArbitrary, { minLength: 1, maxLength: 40 }),
      fc.integer({ min: 1, max: 12 }),
      (records, slice) => {
        const jobs = jobsOf(records);
        assert.deepEqual(buildPositionText(jobs, slice), buildPositionText(jobs, jobs.length));
      },
    ),
    { numRuns: 150, seed: 20261127 },
  );
});

Deno.test("concatPositionText() numbers the second run's postings after the first's", () => {
  const [a, b] = [
    jobsOf([{
      job_title: "nurse",
      company_name: "",
      city: "",
      job_tags: [],
      job_description: "",
    }]),
    jobsOf([{
      job_title: "welder nurse",
      company_name: "",
      city: "",
      job_tags: [],
      job_description: "",
    }]),
  ];
  const joined = concatPositionText([buildPositionText(a), buildPositionText(b)]);
  const { words, start, ids } = joined.terms.title;
  const nurse = words.indexOf("nurs");
  assert.deepEqual(words, ["nurs", "welder"]);
  assert.deepEqual(Array.from(ids.subarray(start[nurse], start[nurse + 1])), [0, 1]);
  assert.deepEqual(Array.from(joined.lengths.title), [1, 2]);
});

/**
 * Text as postings carry it: words of the small vocabulary above, words Object.prototype names
 * ("constructor"), stems that meet ("nursing", "nurses"), stop words, repeats, symbols, accents,
 * and any Unicode at all.
 */
const hostileText = fc.array(
  fc.oneof(
    fc.constantFrom(
      ...WORDS,
      "constructor",
      "__proto__",
      "toString",
      "nursing",
      "Nurses",
      "the",
      "C++",
      "C#",
      "Nürnberg",
      "(m/w/d)",
      "東京",
      "ǅ",
      "\u0301e",
    ),
    fc.string({ unit: "grapheme", maxLength: 6 }),
    fc.string({ unit: "binary", maxLength: 4 }),
  ),
  { maxLength: 30 },
).map((w) => w.join(" "));

Deno.test("positionTextOf() holds the terms, counts and lengths Orama's index of the same postings holds", () => {
  const hostileJob = fc.record({
    job_title: hostileText.map((t) => t || "cook"),
    company_name: fc.oneof(hostileText, fc.constantFrom("Acme", "nurse")),
    city: hostileText,
    job_tags: fc.array(hostileText, { maxLength: 3 }),
    job_description: fc.oneof(
      hostileText,
      // Past the 1,000 characters indexed, a word cut at the edge.
      fc.tuple(hostileText, fc.integer({ min: 990, max: 1010 })).map(([t, n]) =>
        "nurse ".repeat(Math.ceil(n / 6)).slice(0, n) + t
      ),
    ),
  });
  fc.assert(
    fc.property(fc.array(hostileJob, { maxLength: 25 }), (records) => {
      const jobs = jobsOf(records);
      assert.deepEqual(positionTextOf(jobs), positionTextOfOrama(buildOrama(jobs), jobs.length));
    }),
    { numRuns: 300, seed: 20261129 },
  );
});
