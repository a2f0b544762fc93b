import { strict as assert } from "node:assert";
import fc from "fast-check";
import type { Job } from "../domain/job.ts";
import { buildPositionText, concatPositionText } from "./position_text.ts";

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
