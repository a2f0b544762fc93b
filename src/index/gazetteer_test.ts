import { strict as assert } from "node:assert";
import fc from "fast-check";
import type { Job } from "../domain/job.ts";
import { buildGazetteer, type Gazetteer, mergedGazetteer } from "./gazetteer.ts";

/** What a gazetteer says, its maps' and sets' order aside (nothing reads the order). */
function said(gazetteer: Gazetteer) {
  const sorted = <T>(entries: Iterable<[string, T]>) =>
    [...entries].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
  return {
    cities: sorted(gazetteer.cities),
    // A city's countries in the order of its postings: the first posting there gives the spelling.
    placed: sorted(gazetteer.placed).map(([key, where]) => [key, [...where]]),
    countries: [...gazetteer.countries].sort(),
    ambiguous: [...gazetteer.ambiguous].sort(),
    jobWords: [...gazetteer.jobWords].sort(),
    longest: gazetteer.longest,
  };
}

const CITIES = ["München", "Munich", "MÜNCHEN", "Reading", "Remote", "", "New York", "Köln", "  "];
const COUNTRIES = ["DE", "GB", "US", undefined];
const TITLES = ["Reading Specialist", "Nurse", "Nurse in München", "New York Sales", "", "Köln"];
const TAGS = [[], ["reading"], ["Munich", "nurse"], ["new york"]];

const posting = fc.record({
  city: fc.nat(CITIES.length - 1),
  country: fc.nat(COUNTRIES.length - 1),
  title: fc.nat(TITLES.length - 1),
  tags: fc.nat(TAGS.length - 1),
});

function job(
  n: number,
  version: number,
  p: { city: number; country: number; title: number; tags: number },
): Job {
  const job_url = `https://example.com/${String(n).padStart(4, "0")}`;
  return {
    id: job_url,
    job_url,
    job_title: TITLES[p.title],
    company_name: "Acme",
    city: CITIES[p.city],
    ...(COUNTRIES[p.country] ? { country: COUNTRIES[p.country] } : {}),
    publish_time: `2025-01-0${1 + version} 00:00:00`,
    job_tags: TAGS[p.tags],
    data_source: "indeed",
    job_description: "",
  };
}

Deno.test("mergedGazetteer() property: a gazetteer merged delta after delta says what one built of its postings at once says", () => {
  fc.assert(
    fc.property(
      fc.array(fc.tuple(fc.boolean(), posting), { maxLength: 40 }),
      // Per delta and posting: 0-1 left alone, 2 removed, 3 added or updated as `later`.
      fc.array(fc.array(fc.tuple(fc.nat(3), posting), { minLength: 40, maxLength: 40 }), {
        minLength: 1,
        maxLength: 3,
      }),
      fc.boolean(),
      (start, deltas, again) => {
        let live = new Map<number, Job>();
        start.forEach(([inBase, p], n) => inBase && live.set(n, job(n, 0, p)));
        const inOrder = (jobs: Map<number, Job>) =>
          [...jobs.keys()].sort((a, b) => a - b).map((n) => jobs.get(n)!);
        let jobs = inOrder(live);
        let gazetteer = buildGazetteer(jobs);
        deltas.forEach((changes, d) => {
          const next = new Map(live);
          const added: Job[] = [];
          const dropped: Job[] = [];
          changes.forEach(([fate, p], n) => {
            if (fate < 2 || n >= start.length) return;
            const was = live.get(n);
            if (was) dropped.push(was);
            if (fate === 2) next.delete(n);
            else {
              const now = job(n, d + 1, p);
              next.set(n, now);
              added.push(now);
            }
          });
          const after = inOrder(next);
          const merged = mergedGazetteer(gazetteer, jobs, added, dropped);
          assert.deepEqual(said(merged), said(buildGazetteer(after)));
          // The gazetteer merged from is left as it was, and merging into it again still works.
          assert.deepEqual(said(gazetteer), said(buildGazetteer(jobs)));
          if (again) {
            assert.deepEqual(
              said(mergedGazetteer(gazetteer, jobs, added, dropped)),
              said(buildGazetteer(after)),
            );
          }
          [live, jobs, gazetteer] = [next, after, merged];
        });
      },
    ),
    { numRuns: 300 },
  );
});
