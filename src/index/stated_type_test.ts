import { strict as assert } from "node:assert";
import fc from "fast-check";
import { type EmploymentType, employmentTypesOf, type Job } from "../domain/job.ts";
import { analyzeQuery } from "./analyze_query.ts";
import { assembleIndexData } from "./job_index_data.ts";
import { JobIndex } from "./job_index.ts";
import { STATED_TYPE_VALUE, StatedTypes } from "./stated_type.ts";

const DIMENSIONS = 16;

function axis(i: number): Float32Array {
  const v = new Float32Array(DIMENSIONS);
  v[i] = 1;
  return v;
}

/** How people write each type in a query. */
const SAID: Record<EmploymentType, string[]> = {
  parttime: ["part time", "Part-Time", "parttime"],
  fulltime: ["full time", "Full-time", "fulltime"],
  contract: ["contract", "Contract"],
  temporary: ["temporary", "temp"],
  internship: ["internship", "intern", "summer internship"],
};

/** How sources write each type in `employment_type` (JobSpy's words, any case). */
const STATED: Record<EmploymentType, string[]> = {
  parttime: ["Part-time", "parttime", "PART_TIME"],
  fulltime: ["Full-time", "fulltime"],
  contract: ["Contract", "contract"],
  temporary: ["Temporary", "temporary"],
  internship: ["Internship", "internship"],
};

const TYPES = Object.keys(SAID) as EmploymentType[];

/** Roles the type is read beside, each titled as a posting titles it. */
const ROLES = [
  ["barista", "Barista"],
  ["devops engineer", "DevOps Engineer"],
  ["registered nurse", "Registered Nurse"],
  ["warehouse operative", "Warehouse Operative"],
  ["delivery driver", "Delivery Driver"],
  ["java developer", "Senior Java Developer"],
  ["kitchen porter", "Kitchen Porter"],
];

/** Descriptions, the same for every posting of a case; some say the type's words in passing. */
const DESCRIPTIONS = [
  "",
  "Join our friendly team. Weekly pay, free parking.",
  "We are hiring now: {said} position, apply today.",
  "Benefits include {said} hours on request and training.",
];

/** `employment_type` as a source writes a list of types. */
const written = (types: EmploymentType[]) =>
  fc.tuple(...types.map((t) => fc.constantFrom(...STATED[t]))).map((words) => words.join(", "));

/** Some of the types, at least one, `must` among them if given, `never` not. */
const typesWith = (must: EmploymentType | null, never: EmploymentType) =>
  fc.subarray(TYPES.filter((t) => t !== never && t !== must), {
    minLength: must ? 0 : 1,
  }).map((others) => must ? [must, ...others] : others);

const stated = fc.constantFrom(...TYPES).chain((type) =>
  fc.record({
    type: fc.constant(type),
    said: fc.constantFrom(...SAID[type]),
    role: fc.constantFrom(...ROLES),
    first: fc.boolean(),
    description: fc.constantFrom(...DESCRIPTIONS),
    asked: typesWith(type, type).chain((types) =>
      fc.shuffledSubarray(types, { minLength: types.length })
    ).chain(written),
    other: typesWith(null, type).chain(written),
    // Others of the type elsewhere: a type's postings of other work are not what is asked.
    elsewhere: written([type]),
  })
);

function posting(n: number, title: string, extra: Partial<Job>): Job {
  return {
    id: `id-${n}`,
    job_title: title,
    company_name: ["Acme", "Globex", "Initech", "Umbrella", "Hooli"][n % 5],
    city: "Leeds",
    country: "GB",
    publish_time: `2025-03-${String(10 + n).padStart(2, "0")} 10:00:00`,
    job_url: `https://www.linkedin.com/jobs/view/${n}`,
    job_tags: [],
    data_source: "linkedin",
    job_description: "",
    ...extra,
  };
}

Deno.test("a posting stated as the query's employment type never ranks below the same posting stated otherwise", () => {
  fc.assert(
    fc.property(stated, (c) => {
      const q = c.first ? `${c.said} ${c.role[0]}` : `${c.role[0]} ${c.said}`;
      const query = analyzeQuery(q);
      assert.equal(query.employment?.type, c.type, q);
      const description = c.description.replace("{said}", c.said);
      // The one stating the asked type is the oldest: without the lift, the date would put it
      // last among equal scores.
      const jobs = [
        posting(1, c.role[1], { employment_type: c.asked, job_description: description }),
        posting(2, c.role[1], { employment_type: c.other, job_description: description }),
        posting(3, c.role[1], { job_description: description }),
        posting(4, "Office Cleaner", { employment_type: c.elsewhere }),
        posting(5, "Sales Assistant", {}),
      ];
      const vectors = [axis(0), axis(0), axis(0), axis(1), axis(2)];
      const index = new JobIndex(
        assembleIndexData({ model: "test", dimensions: DIMENSIONS, jobs, vectors }),
      );
      const result = index.search({
        query,
        vector: axis(0),
        sort: "relevance",
        closeFloor: 0,
        limit: 100,
      });
      const ids = result.hits.map((h) => h.job.id);
      const at = (id: string) => ids.indexOf(id);
      // Nothing is left out: the postings that state another type or none are listed too.
      for (const id of ["id-1", "id-2", "id-3"]) assert.ok(at(id) >= 0, `${q}: ${id} in ${ids}`);
      assert.ok(at("id-1") < at("id-2"), `${q}: ${c.asked} above ${c.other}: ${ids}`);
      assert.ok(at("id-1") < at("id-3"), `${q}: ${c.asked} above no type: ${ids}`);
      const score = (id: string) => result.hits[at(id)].score;
      // Stated otherwise or not at all is the same: only the asked type counts.
      assert.equal(score("id-2"), score("id-3"), q);
    }),
    { numRuns: 200, seed: 2222 },
  );
});

Deno.test("a stated type counts only for the words that named it, read as the filter reads it", () => {
  const jobs = [
    { employment_type: "Full-time, Part-time" },
    { employment_type: "Full-time" },
    { employment_type: "part_time" },
    {},
  ] as Job[];
  const stated = new StatedTypes(jobs);
  const empty = {
    positions: new Uint32Array(),
    values: new Float32Array(),
    inTitle: new Uint8Array(),
    idf: 2,
    saidIn: { titles: 0, names: 0 },
  };
  const lift = stated.liftFor(analyzeQuery("part time barista"))!;
  const time = lift("time", empty);
  // Those the filter `employment_type=parttime` keeps, and no other.
  assert.deepEqual(
    [...time.positions],
    jobs.flatMap((j, p) => employmentTypesOf(j).includes("parttime") ? [p] : []),
  );
  assert.deepEqual([...time.values], [STATED_TYPE_VALUE, STATED_TYPE_VALUE]);
  assert.equal(time.idf, 2);
  // The role's words are not lifted, nor is a query that reads no type.
  assert.equal(lift("barista", empty), empty);
  assert.equal(stated.liftFor(analyzeQuery("barista")), undefined);
  // "summer" says when, not the type.
  const summer = stated.liftFor(analyzeQuery("summer internship in marketing"))!;
  assert.equal(summer("summer", empty), empty);
});

Deno.test("an internship asked for: a posting typed Internship is a strong match whatever its title, the same work typed otherwise close", () => {
  for (const said of SAID.internship) {
    for (const [role, title] of ROLES) {
      const q = `${role} ${said}`;
      const jobs = [
        posting(1, title, { employment_type: "Internship" }),
        posting(2, title, { employment_type: "Full-time" }),
        posting(3, title, {}),
      ];
      const index = new JobIndex(
        assembleIndexData({
          model: "test",
          dimensions: DIMENSIONS,
          jobs,
          vectors: [axis(0), axis(0), axis(0)],
        }),
      );
      const result = index.search({
        query: analyzeQuery(q),
        vector: axis(0),
        sort: "relevance",
        closeFloor: 0,
        limit: 100,
      });
      const tier = (id: string) => result.hits.find((h) => h.job.id === id)?.match;
      assert.equal(tier("id-1"), "strong", q);
      // The same work typed otherwise, or not at all, is listed as a close match.
      assert.equal(tier("id-2"), "close", q);
      assert.equal(tier("id-3"), "close", q);
    }
  }
});
