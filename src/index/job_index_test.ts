import { strict as assert } from "node:assert";
import fc from "fast-check";
import type { Job } from "../domain/job.ts";
import { analyzeQuery } from "./analyze_query.ts";
import { assembleIndexData, embeddingTextOf, type JobIndexData } from "./job_index_data.ts";
import { buildPositionText } from "./position_text.ts";
import { AGREEMENT_TITLES, JobIndex, NEAREST_THERE, topRows } from "./job_index.ts";
import type { IndexHit, PlaceFilter } from "./index_search.ts";
import { withoutTypeTerms } from "./stated_type.ts";

function job(n: number, title: string, extra: Partial<Job> = {}): Job {
  return {
    id: `id-${String(n).padStart(4, "0")}`,
    job_title: title,
    company_name: "Acme",
    city: "Berlin",
    country: "DE",
    publish_time: `2025-01-${String((n % 28) + 1).padStart(2, "0")} 10:00:00`,
    job_url: `https://www.linkedin.com/jobs/view/${n}`,
    job_tags: [],
    data_source: "linkedin",
    job_description: "",
    ...extra,
  };
}

/** The narrowest vectors an index takes: one step of the SIMD kernel (src/domain/vector_width.ts). */
const DIMENSIONS = 16;

/** Unit vectors along axes: titles about the same thing share an axis. */
function axis(i: number, dimensions = DIMENSIONS): Float32Array {
  const v = new Float32Array(dimensions);
  v[i] = 1;
  return v;
}

/**
 * A unit vector at `cosine` from `query` (unit), toward `drawn`: cos · query + sin · (the drawn
 * vector's part across the query); `drawn` itself where it lies along the query.
 */
function atCosine(query: ArrayLike<number>, drawn: Float32Array, cosine: number): Float32Array {
  const along = drawn.reduce((sum, x, i) => sum + x * query[i], 0);
  const across = drawn.map((x, i) => x - along * query[i]);
  const norm = Math.hypot(...across);
  if (norm < 1e-3) return drawn;
  const sine = Math.sqrt(1 - cosine * cosine);
  return across.map((x, i) => cosine * query[i] + (sine * x) / norm);
}

function indexOf(jobs: Job[], vectors: Float32Array[]): JobIndexData {
  return assembleIndexData({ model: "test", dimensions: DIMENSIONS, jobs, vectors });
}

const nurseAxis = axis(0);
const codeAxis = axis(1);
const jobs = [
  job(1, "Registered Nurse", { city: "Chicago", country: "US", data_source: "indeed" }),
  job(2, "Nurse", { publish_time: "2025-02-01 00:00:00" }),
  job(3, "Staff Nurse", { city: "chicago", country: "US" }),
  job(4, "Software Developer"),
  job(5, "Registered Nurse", { publish_time: "2025-02-01 00:00:00", data_source: "glassdoor" }),
];
const index = new JobIndex(
  indexOf(jobs, [nurseAxis, nurseAxis, nurseAxis, codeAxis, nurseAxis]),
);

function search(q: string, vector: Float32Array, extra: object = {}) {
  return index.search({ query: analyzeQuery(q), vector, ...extra });
}

Deno.test("JobIndex.search() keeps postings at or above the minimum score, none else", () => {
  const result = search("nurse", nurseAxis);
  assert.deepEqual(result.hits.map((h) => h.job.id).sort(), [
    "id-0001",
    "id-0002",
    "id-0003",
    "id-0005",
  ]);
  assert.equal(result.total, 4);
  assert.ok(result.hits.every((h) => h.score >= 0.35 && h.score <= 1));
});

/**
 * A unit vector at `cosine` (0.25 or more) with axis 0, the query of the edge tests below, whose
 * int8 row gives that cosine exactly: the rest spread evenly over the other values, so that the
 * first is the row's largest (127 times its scale, `quantiseRows`).
 */
function titleAt(cosine: number): Float32Array {
  const rest = Math.sqrt((1 - cosine * cosine) / (DIMENSIONS - 1));
  return Float32Array.from({ length: DIMENSIONS }, (_, k) => k === 0 ? cosine : rest);
}

Deno.test("JobIndex.search() cuts exactly at the minimum: at it in, one step below out", () => {
  // Vector mode scores a posting by its cosine alone, so these titles score 0.36, 0.35 and 0.3499.
  const near = [job(1, "Above"), job(2, "At"), job(3, "Below")];
  const cut = new JobIndex(indexOf(near, [0.36, 0.35, 0.3499].map(titleAt)));
  const ids = (minScore: number) =>
    cut.search({ query: analyzeQuery("anything"), vector: axis(0), mode: "vector", minScore })
      .hits.map((h) => h.job.job_title).sort();
  assert.deepEqual(ids(0.35), ["Above", "At"]);
  assert.deepEqual(ids(0.36), ["Above"]);
  assert.deepEqual(ids(0.3), ["Above", "At", "Below"]);
});

/**
 * Postings without the query's word, scoring 0.5 x (cosine - 0.2) / 0.7 by their title alone under
 * {@linkcode EVEN_RANKING}: 0.35, 0.34997 (3,499.7 steps, rounded up to the minimum's 3,500),
 * 0.34993 (3,499.3, rounded down) and far below.
 */
const EDGE_TITLES = [job(1, "At"), job(2, "Rounds up"), job(3, "Rounds down"), job(4, "Far")];
const EDGE_VECTORS = [0.69, 0.68996, 0.6899, 0.1].map(titleAt);
const EVEN_RANKING = {
  vectorWeight: 0.5,
  vectorWeightUnmatched: 0.5,
  cosineFloor: 0.2,
  cosineCeiling: 0.9,
};

Deno.test("JobIndex.search() keeps a title-only match that rounds up to the minimum", () => {
  // No posting has the query's word: a shortcut that passes over titles too far from the query
  // must keep the one that rounds up.
  const index = new JobIndex(indexOf(EDGE_TITLES, EDGE_VECTORS));
  const ids = index.search({
    query: analyzeQuery("zzyzx"),
    vector: axis(0),
    minScore: 0.35,
    relativeCut: 0,
    ranking: EVEN_RANKING,
  }).hits.map((h) => h.job.job_title).sort();
  assert.deepEqual(ids, ["At", "Rounds up"]);
});

Deno.test("JobIndex.search() of a broad query keeps the same title-only matches at the minimum", () => {
  // As above, beside 16 postings with the query's word: most postings have it, so the scores are
  // computed by the branch-free passes, whose clamps and rounding must give the same steps.
  const nurses = Array.from(
    { length: 16 },
    (_, k) => job(10 + k, "Nurse", { company_name: `Clinic ${k}`, city: `Town ${k}` }),
  );
  const index = new JobIndex(
    indexOf([...EDGE_TITLES, ...nurses], [...EDGE_VECTORS, ...nurses.map(() => axis(2))]),
  );
  const ranking = EVEN_RANKING;
  const hits = index.search({
    query: analyzeQuery("nurse"),
    vector: axis(0),
    minScore: 0.35,
    relativeCut: 0,
    ranking,
    limit: 100,
  }).hits;
  const titled = hits.map((h) => h.job.job_title).filter((title) => title !== "Nurse").sort();
  assert.deepEqual(titled, ["At", "Rounds up"]);
  assert.equal(hits.filter((h) => h.job.job_title === "Nurse").length, 16);
  assert.equal(hits.find((h) => h.job.job_title === "At")?.score, 0.35);
  // A title below the cosine floor adds nothing, never less than nothing: half the keyword score.
  const keyword = index.scoresOf(analyzeQuery("nurse"), undefined, { mode: "keyword", ranking });
  for (const hit of hits.filter((h) => h.job.job_title === "Nurse")) {
    const p = index.data.jobs.findIndex((job) => job.id === hit.job.id);
    assert.equal(hit.score, Math.round(0.5 * keyword[p] * 10_000) / 10_000);
  }
});

Deno.test("JobIndex.search() orders by publish time, then score", () => {
  const result = search("registered nurse", nurseAxis);
  const order = result.hits.map((h) => h.job.id);
  // id-0005 and id-0002 share the newest time: the better score (full title match) first.
  assert.deepEqual(order.slice(0, 2), ["id-0005", "id-0002"]);
  for (let i = 1; i < result.hits.length; i++) {
    const [a, b] = [result.hits[i - 1], result.hits[i]];
    assert.ok(
      a.job.publish_time > b.job.publish_time ||
        (a.job.publish_time === b.job.publish_time && a.score >= b.score),
    );
  }
});

Deno.test("JobIndex.search() orders by score alone with sort=relevance", () => {
  const result = search("registered nurse", nurseAxis, { sort: "relevance" });
  const scores = result.hits.map((h) => h.score);
  assert.deepEqual(scores, [...scores].sort((a, b) => b - a));
  assert.equal(result.hits[0].job.job_title, "Registered Nurse");
});

Deno.test("JobIndex.search() filters by exact city, country, source and time window", () => {
  const ids = (extra: object) => search("nurse", nurseAxis, extra).hits.map((h) => h.job.id).sort();
  assert.deepEqual(ids({ filters: { city: "Chicago" } }), ["id-0001"]);
  assert.deepEqual(ids({ filters: { city: "chicago" } }), ["id-0003"]);
  assert.deepEqual(ids({ filters: { country: "US" } }), ["id-0001", "id-0003"]);
  assert.deepEqual(ids({ filters: { source: "glassdoor" } }), ["id-0005"]);
  // since is inclusive, until exclusive.
  assert.deepEqual(ids({ filters: { since: "2025-02-01 00:00:00" } }), ["id-0002", "id-0005"]);
  assert.deepEqual(ids({ filters: { until: "2025-02-01 00:00:00" } }), ["id-0001", "id-0003"]);
});

Deno.test("JobIndex.search() pages through the ordered set and reports its full size", () => {
  const all = search("nurse", nurseAxis).hits.map((h) => h.job.id);
  const page1 = search("nurse", nurseAxis, { offset: 0, limit: 3 });
  const page2 = search("nurse", nurseAxis, { offset: 3, limit: 3 });
  assert.equal(page1.total, 4);
  assert.equal(page2.total, 4);
  assert.deepEqual([...page1.hits, ...page2.hits].map((h) => h.job.id), all);
  assert.equal(search("nurse", nurseAxis, { offset: 10, limit: 3 }).hits.length, 0);
});

Deno.test("JobIndex.search() caps the result set at the 1,000 most relevant postings", () => {
  // Each its own job (a description of its own), or they would count once as reposts.
  const many = Array.from(
    { length: 1200 },
    (_, n) => job(n, n % 2 ? "Nurse" : "Night Nurse", { job_description: `Ward ${n}.` }),
  );
  const big = new JobIndex(indexOf(many, many.map(() => nurseAxis)));
  const result = big.search({
    query: analyzeQuery("night nurse"),
    vector: nurseAxis,
    sort: "relevance",
    limit: 1000,
  });
  assert.equal(result.total, 1000);
  // The 600 exact matches outrank the 600 partial ones, so all of them are in the set.
  assert.equal(result.hits.filter((h) => h.job.job_title === "Night Nurse").length, 600);
});

Deno.test("JobIndex.search() finds a posting by meaning alone when the vectors agree", () => {
  // "Software Developer" shares no word with the query, only the direction of its vector.
  const result = search("computer programmer", codeAxis);
  assert.deepEqual(result.hits.map((h) => h.job.id), ["id-0004"]);
});

Deno.test("embeddingTextOf() lower-cases the title and drops gender markers", () => {
  assert.equal(embeddingTextOf({ job_title: "JAVA Developer (m/w/d)" }), "java developer");
  assert.equal(embeddingTextOf({ job_title: "Koch (all genders) in Berlin" }), "koch in berlin");
});

Deno.test("JobIndex.search() ranks the same with its text built in slices as built at once", () => {
  const data = indexOf(jobs, [nurseAxis, nurseAxis, nurseAxis, codeAxis, nurseAxis]);
  const loaded = new JobIndex({ ...data, text: buildPositionText(jobs, 2) });
  for (const q of ["registered nurse", "nurse", "developer"]) {
    const request = { query: analyzeQuery(q), vector: nurseAxis, sort: "relevance" as const };
    assert.deepEqual(loaded.search(request), index.search(request));
  }
});

// The keyword score alone (mode "keyword"), on postings with descriptions, company and city.
const texts = [
  job(1, "Registered Nurse", { job_description: "Care for patients on a busy ward." }),
  job(2, "Software Engineer", {
    job_description: "We build tools for nurses and doctors. Our nurses love them.",
  }),
  job(3, "Warehouse Associate", { job_description: "Pick and pack orders." }),
  job(4, "Nurse Practitioner", { city: "Chicago" }),
  job(5, "Cashier", { company_name: "Nurse Bakery" }),
].map((j) => ({ ...j, company_name: j.company_name === "Acme" ? "" : j.company_name }))
  .map((j) => ({ ...j, city: j.city === "Berlin" ? "" : j.city }));
const textIndex = new JobIndex(indexOf(texts, texts.map(() => nurseAxis)));

function keywordScores(q: string): number[] {
  const { hits } = textIndex.search({ query: analyzeQuery(q), mode: "keyword", minScore: 0 });
  const byId = new Map(hits.map((h) => [h.job.id, h.score]));
  return texts.map((j) => byId.get(j.id) ?? 0);
}

Deno.test("keyword score: a full title match ~1 and a posting without the words 0", () => {
  const s = keywordScores("registered nurse");
  assert.ok(s[0] > 0.95, `full title match scored ${s[0]}`);
  assert.equal(s[2], 0);
  assert.ok(s.every((x) => x >= 0 && x <= 1));
});

Deno.test("keyword score: a word in the description counts at most half as much", () => {
  const s = keywordScores("nurse");
  assert.ok(s[1] > 0 && s[1] <= 0.5, `description-only match scored ${s[1]}`);
  assert.ok(s[3] > s[1]);
});

Deno.test("keyword score: rare words weigh more than common ones", () => {
  // "nurse" is in four postings, "registered" in one: the rare word decides more of the score.
  const s = keywordScores("registered nurse");
  assert.ok(s[3] < 0.5, `common word alone scored ${s[3]}`);
});

Deno.test("keyword score: words in company and location count", () => {
  assert.ok(keywordScores("chicago")[3] > 0.7);
  assert.ok(keywordScores("bakery")[4] > 0.7);
});

Deno.test("keyword score: a job word found only in the company name counts a quarter", () => {
  // "nurse" is in two titles and one company name: a job word, and the cashier is no nurse.
  const s = keywordScores("nurse");
  assert.ok(s[4] > 0 && s[4] <= 0.25, `company-only match scored ${s[4]}`);
  assert.ok(s[0] > 0.95);
});

Deno.test("keyword score: the company's own name in the description does not count", () => {
  const postings = [
    job(1, "Staff Accountant"),
    job(2, "Program Analyst", {
      company_name: "Rowbotham Accountants",
      job_description: "Rowbotham Accountants is hiring a program analyst for public policy work.",
    }),
  ];
  const accounts = new JobIndex(indexOf(postings, postings.map(() => nurseAxis)));
  const { hits } = accounts.search({
    query: analyzeQuery("accountant"),
    mode: "keyword",
    minScore: 0,
  });
  const score = new Map(hits.map((h) => [h.job.id, h.score]));
  assert.ok(score.get(postings[0].id)! > 0.95);
  assert.ok((score.get(postings[1].id) ?? 0) <= 0.25, `scored ${score.get(postings[1].id)}`);
});

Deno.test("keyword score: a query of unknown words or prefixes scores 0 everywhere", () => {
  assert.deepEqual(keywordScores("astronaut"), [0, 0, 0, 0, 0]);
  assert.deepEqual(keywordScores(""), [0, 0, 0, 0, 0]);
  // Orama matches prefixes; the score counts whole terms only ("ware" is not "warehouse").
  assert.deepEqual(keywordScores("ware"), [0, 0, 0, 0, 0]);
});

Deno.test("keyword score: a synonym counts where the title has it, not in the description", () => {
  const postings = [
    job(1, "Physician"),
    job(2, "Staff Nurse", { job_description: "Work alongside our physicians on the ward." }),
    job(3, "Doctor"),
  ];
  const clinic = new JobIndex(indexOf(postings, postings.map(() => nurseAxis)));
  const { hits } = clinic.search({ query: analyzeQuery("doctor"), mode: "keyword", minScore: 0 });
  const score = new Map(hits.map((h) => [h.job.id, h.score]));
  assert.ok(
    score.get(postings[0].id)! > 0.95,
    `synonym in the title scored ${score.get("id-0001")}`,
  );
  assert.equal(score.get(postings[1].id) ?? 0, 0);
  assert.ok(score.get(postings[2].id)! > 0.95);
});

// Occupations in other words (src/index/occupation_labels.ts): the taxonomy's label of the
// occupation a query names is embedded beside it, and each title takes the better cosine.
const barAxis = axis(2);
const elsewhere = axis(5);
const labelJobs = [
  job(11, "Bartender"),
  job(12, "Software Developer"),
  job(13, "Bar Staff"),
];
const labelIndex = new JobIndex(indexOf(labelJobs, [barAxis, codeAxis, barAxis]));

/** Unit vectors of the index's width, none near zero before it is normalised. */
const unitVector = fc.array(fc.float({ min: -1, max: 1, noNaN: true }), {
  minLength: DIMENSIONS,
  maxLength: DIMENSIONS,
}).filter((xs) => Math.hypot(...xs) > 0.1).map((xs) => {
  const n = Math.hypot(...xs);
  return Float32Array.from(xs, (x) => x / n);
});

Deno.test("JobIndex.search(): a label's cosine finds the titles the query's own words miss", () => {
  const query = analyzeQuery("mixologist");
  const without = labelIndex.search({ query, vector: elsewhere, sort: "relevance" });
  assert.equal(without.hits.length, 0);
  const found = labelIndex.search({
    query,
    vector: elsewhere,
    labelVectors: [barAxis],
    sort: "relevance",
  });
  assert.deepEqual(found.hits.map((h) => h.job.job_title).sort(), ["Bar Staff", "Bartender"]);
});

Deno.test("JobIndex.search(): labels change nothing where a posting has all the query's words", () => {
  const query = analyzeQuery("software developer");
  const plain = labelIndex.search({ query, vector: codeAxis, sort: "relevance", closeFloor: 0 });
  const labelled = labelIndex.search({
    query,
    vector: codeAxis,
    labelVectors: [barAxis],
    sort: "relevance",
    closeFloor: 0,
  });
  assert.deepEqual(labelled, plain);
});

Deno.test("JobIndex.scoresOf() property: a label never lowers a posting's score", () => {
  fc.assert(
    fc.property(
      fc.array(unitVector, { minLength: 3, maxLength: 3 }),
      unitVector,
      fc.array(unitVector, { minLength: 1, maxLength: 3 }),
      (titles, vector, labels) => {
        const index = new JobIndex(indexOf(labelJobs, titles));
        const query = analyzeQuery("mixologist");
        const plain = index.scoresOf(query, vector);
        const labelled = index.scoresOf(query, vector, { labelVectors: labels });
        for (let p = 0; p < plain.length; p++) assert.ok(labelled[p] >= plain[p]);
        index.close();
      },
    ),
    { numRuns: 50 },
  );
});

Deno.test("prepareForDeltas() works through the postings a slice at a time, letting timers run between slices, and stops when told", async () => {
  const many = Array.from({ length: 50 }, (_, n) => job(100 + n, `Nurse ${n % 3}`));
  const big = new JobIndex(indexOf(many, many.map(() => nurseAxis)));
  let ticks = 0;
  const timer = setInterval(() => ticks++, 0);
  try {
    await big.prepareForDeltas({ slice: 5 });
  } finally {
    clearInterval(timer);
  }
  // Ten slices: a search waiting on the event loop is served between them, not after them all.
  assert.ok(ticks >= 3, `timers ran ${ticks} times while it worked`);
  let asked = 0;
  await big.prepareForDeltas({ slice: 5, stop: () => ++asked > 2 });
  assert.equal(asked, 3, "it asks before each slice and stops at the first yes");
});

Deno.test("topRows() property: the rows of the largest values, largest first, ties by row", () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: -5, max: 5 }), { maxLength: 40 }),
      fc.integer({ min: 1, max: 8 }),
      (values, k) => {
        const array = Float32Array.from(values);
        const expected = values.map((v, r) => ({ v, r }))
          .sort((a, b) => b.v - a.v || a.r - b.r).slice(0, k).map(({ r }) => r);
        assert.deepEqual(topRows(array, k), expected);
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("JobIndex.search(): an occupation found by meaning is judged by the query's own nearest titles", () => {
  // Six titles, each on its own axis; the query nearest the first, then the second, ...
  const titles = Array.from({ length: 6 }, (_, i) => job(200 + i, `Mixer ${i}`));
  const index = new JobIndex(indexOf(titles, titles.map((_, i) => axis(i))));
  const weights = [6, 5, 4, 3, 2, 1];
  const norm = Math.hypot(...weights);
  const vector = new Float32Array(DIMENSIONS);
  weights.forEach((w, i) => vector[i] = w / norm);
  const judged: number[] = [];
  index.search({
    query: analyzeQuery("mixologist"),
    vector,
    labelVectorsIfUsed: (agreement) => {
      judged.push(agreement(axis(0)), agreement(axis(4)), agreement(axis(5)));
      return undefined;
    },
    sort: "relevance",
  });
  // The mean over the query's nearest AGREEMENT_TITLES (5) titles: the sixth is not among them.
  assert.equal(AGREEMENT_TITLES, 5);
  assert.ok(Math.abs(judged[0] - 1 / 5) < 0.01, String(judged[0]));
  assert.ok(Math.abs(judged[1] - 1 / 5) < 0.01, String(judged[1]));
  assert.ok(Math.abs(judged[2]) < 0.01, String(judged[2]));
  index.close();
});

// Described work with qualifiers (session 20): the work's own vector stands in for the query's
// where no posting has all the query's words, and nowhere else.
Deno.test("JobIndex.search(): the work's vector is used only where no posting has all the words", () => {
  const named = analyzeQuery("software developer");
  const plain = labelIndex.search({ query: named, vector: codeAxis, sort: "relevance" });
  const qualified = labelIndex.search({
    query: named,
    vector: codeAxis,
    workVector: barAxis,
    sort: "relevance",
  });
  assert.deepEqual(qualified, plain);
  // "serving drinks at night": no title has those words, so the work's vector ranks the titles.
  const described = analyzeQuery("serving drinks at night");
  const asTyped = labelIndex.search({ query: described, vector: elsewhere, sort: "relevance" });
  assert.equal(asTyped.hits.length, 0);
  const work = labelIndex.search({
    query: described,
    vector: elsewhere,
    workVector: barAxis,
    sort: "relevance",
  });
  assert.deepEqual(work.hits.map((h) => h.job.job_title).sort(), ["Bar Staff", "Bartender"]);
  assert.deepEqual(
    work,
    labelIndex.search({ query: described, vector: barAxis, sort: "relevance" }),
  );
});

Deno.test("JobIndex.scoresOf() property: the work's vector scores as the query's would, under the gate", () => {
  fc.assert(
    fc.property(
      fc.array(unitVector, { minLength: 3, maxLength: 3 }),
      unitVector,
      unitVector,
      fc.constantFrom("bartender", "serving drinks at night", "software developer part time"),
      (titles, vector, workVector, q) => {
        const index = new JobIndex(indexOf(labelJobs, titles));
        const query = analyzeQuery(q);
        const withWork = index.scoresOf(query, vector, { workVector });
        // Whether a posting has every word of the work: the type's words aside (session 46).
        const work = withoutTypeTerms(query) ?? query;
        const keywords = index.scoresOf(work, undefined, { mode: "keyword" });
        const fullMatch = keywords.some((k) => k >= 0.95);
        assert.deepEqual(withWork, index.scoresOf(query, fullMatch ? vector : workVector));
      },
    ),
    { numRuns: 200 },
  );
});

Deno.test("JobIndex.search() property: where nothing at the query's place reaches the close floor, its nearest postings there are its close matches, and filters still only narrow", () => {
  const ranking = {
    vectorWeight: 0.5,
    vectorWeightUnmatched: 1,
    cosineFloor: 0.2,
    cosineCeiling: 0.9,
  };
  const cut = { minScore: 0.45, relativeCut: 0.7, closeFloor: 0.28 };
  // One step of the score's rounding (src/index/result_cut.ts SCORE_STEPS), and a little more:
  // the search's cosines and `scoresOf`'s are the same values summed in other orders.
  const edge = 2e-4;
  fc.assert(
    fc.property(
      fc.array(
        fc.record({
          vector: unitVector,
          city: fc.constantFrom("Leeds", "Leeds", "Berlin"),
          source: fc.constantFrom("linkedin", "indeed"),
          day: fc.integer({ min: 1, max: 28 }),
          // The title's cosine with the query, as a share of the case's `reach`.
          share: fc.noBias(fc.integer({ min: 0, max: 100 })).map((n) => n / 100),
        }),
        { minLength: 1, maxLength: 80, size: "max" },
      ),
      // Two postings at the place among many: its rows are then scored one by one, not from the
      // kernel's pass over every row (a place of more than 1/32 of the rows).
      fc.boolean(),
      // The most a title relates to the query: mostly around the close floor (cosine ~0.4).
      fc.noBias(fc.integer({ min: 20, max: 50 })).map((n) => n / 100),
      unitVector,
      fc.option(fc.array(unitVector, { minLength: 1, maxLength: 2 }), { nil: undefined }),
      (drawn, fewThere, reach, vector, labelVectors) => {
        const cityOf = (n: number) => fewThere ? (n < 2 ? "Leeds" : "Berlin") : drawn[n].city;
        const postings = drawn.map((d, n) =>
          job(n + 1, `Role ${n + 1}`, {
            city: cityOf(n),
            country: cityOf(n) === "Leeds" ? "GB" : "DE",
            data_source: d.source,
            publish_time: `2025-01-${String(d.day).padStart(2, "0")} 10:00:00`,
          })
        );
        const titles = drawn.map((d) => atCosine(vector, d.vector, d.share * reach));
        const index = new JobIndex(indexOf(postings, titles));
        try {
          const query = analyzeQuery("mixologist");
          const asked = {
            query,
            vector,
            labelVectors,
            place: { cityKey: "leeds" },
            sort: "relevance" as const,
            limit: 1000,
            ranking,
            ...cut,
          };
          const result = index.search(asked);
          const scores = index.scoresOf(query, vector, { ranking, labelVectors });
          // By the index's own positions, as `scoresOf` gives them.
          const inIndex = index.data.jobs;
          const there = inIndex.flatMap((job, p) => job.city === "Leeds" ? [p] : []);
          const best = Math.max(0, ...there.map((p) => scores[p]));
          if (best >= cut.closeFloor + edge) {
            assert.equal(result.nearestThere, undefined);
          } else if (best < cut.closeFloor - edge) {
            const related = there.filter((p) => scores[p] > edge);
            assert.equal(result.total, 0);
            // (A score within a step of 0 may round either way.)
            if (related.length > 0) assert.equal(result.nearestThere, true);
            else if (there.every((p) => scores[p] < 1e-5)) {
              assert.equal(result.nearestThere, undefined);
            }
            const listed = result.hits.map((hit) => inIndex.indexOf(hit.job));
            // Every posting there that relates at all, up to a page; none that relates not at all.
            if (related.length <= NEAREST_THERE) {
              for (const p of related) assert.ok(listed.includes(p));
            } else assert.equal(listed.length, NEAREST_THERE);
            for (const p of listed) assert.ok(scores[p] > 0);
            for (const [k, hit] of result.hits.entries()) {
              assert.equal(hit.match, "close");
              assert.equal(hit.job.city, "Leeds");
              assert.ok(Math.abs(hit.score - scores[listed[k]]) <= edge);
              if (k > 0) assert.ok(hit.score <= result.hits[k - 1].score);
            }
            // None left out scores above one listed.
            const least = Math.min(...listed.map((p) => scores[p]));
            for (const p of there) if (!listed.includes(p)) assert.ok(scores[p] <= least + edge);
          }
          // A filter only removes postings: the same hits less those it rejects, in order.
          const filtered = index.search({ ...asked, filters: { source: "indeed" } });
          assert.deepEqual(
            filtered.hits.map((hit) => hit.job.id),
            result.hits.filter((hit) => hit.job.data_source === "indeed").map((hit) => hit.job.id),
          );
        } finally {
          index.close();
        }
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("JobIndex.search() property: places named together list what each lists alone, merged by score, and filters still only narrow", () => {
  const ranking = {
    vectorWeight: 0.5,
    vectorWeightUnmatched: 1,
    cosineFloor: 0.2,
    cosineCeiling: 0.9,
  };
  const served = { minScore: 0.45, relativeCut: 0.7, closeFloor: 0.28 };
  // With weak best matches rescued as strong, a place's bar may lie under the close floor: it
  // must then keep its own postings only (another place's own query leaves them out).
  const rescuing = { ...served, weakFloor: 0.2, weakRelativeCut: 0.9, rescueStrong: true };
  fc.assert(
    fc.property(
      fc.array(
        fc.record({
          vector: unitVector,
          city: fc.constantFrom("Leeds", "York", "Berlin"),
          source: fc.constantFrom("linkedin", "indeed"),
          remote: fc.boolean(),
          day: fc.integer({ min: 1, max: 28 }),
          share: fc.noBias(fc.integer({ min: 0, max: 100 })).map((n) => n / 100),
        }),
        { minLength: 1, maxLength: 60, size: "max" },
      ),
      // Up to a good match: each place's best then sets its own bar, or none is strong there.
      fc.noBias(fc.integer({ min: 20, max: 95 })).map((n) => n / 100),
      unitVector,
      // Two cities, or home working and a city ("remote or Leeds").
      fc.constantFrom<PlaceFilter[]>(
        [{ cityKey: "leeds" }, { cityKey: "york" }],
        [{ remote: true }, { cityKey: "leeds" }],
        [{ cityKey: "york" }, { cityKey: "berlin" }, { cityKey: "leeds" }],
      ),
      fc.constantFrom(served, rescuing),
      (drawn, reach, vector, places, cut) => {
        const postings = drawn.map((d, n) =>
          job(n + 1, `Role ${n + 1}`, {
            city: d.city,
            country: d.city === "Berlin" ? "DE" : "GB",
            data_source: d.source,
            work_mode: d.remote ? "remote" : "onsite",
            publish_time: `2025-01-${String(d.day).padStart(2, "0")} 10:00:00`,
          })
        );
        const titles = drawn.map((d) => atCosine(vector, d.vector, d.share * reach));
        const index = new JobIndex(indexOf(postings, titles));
        try {
          const asked = {
            query: analyzeQuery("mixologist"),
            vector,
            sort: "relevance" as const,
            limit: 1000,
            ranking,
            ...cut,
          };
          const listed = (hits: IndexHit[]) =>
            hits.map((hit) => [hit.job.id, hit.score, hit.match] as const);
          const together = index.search({ ...asked, place: { anyOf: places } });
          const alone = places.map((place) => index.search({ ...asked, place }));
          const byId = (a: readonly unknown[], b: readonly unknown[]) =>
            String(a[0]).localeCompare(String(b[0]));
          const strongOf = (hits: IndexHit[]) =>
            listed(hits.filter((hit) => hit.match === "strong"));
          const strongMerged = [
            ...new Map(alone.flatMap((one) => strongOf(one.hits)).map((hit) => [hit[0], hit]))
              .values(),
          ];
          assert.deepEqual(strongOf(together.hits).sort(byId), strongMerged.sort(byId));
          assert.equal(together.total, strongMerged.length);
          if (places.every((place) => place.cityKey !== undefined)) {
            // Places apart (cities): the close matches too, a place's nearest included. Home
            // working and a city overlap (a remote posting in Leeds): a place's nearest are added
            // only where no posting there is listed already.
            const merged = alone.flatMap((one) => listed(one.hits));
            assert.deepEqual([...listed(together.hits)].sort(byId), merged.sort(byId));
          }
          // The strong first, each tier best first.
          for (const [k, hit] of together.hits.entries()) {
            if (k === 0) continue;
            const before = together.hits[k - 1];
            assert.ok(before.match === "strong" || hit.match === "close");
            if (before.match === hit.match) assert.ok(hit.score <= before.score);
          }
          // A filter only removes postings: the same hits less those it rejects, in order.
          const filtered = index.search({
            ...asked,
            place: { anyOf: places },
            filters: { source: "indeed" },
          });
          assert.deepEqual(
            filtered.hits.map((hit) => hit.job.id),
            together.hits.filter((hit) => hit.job.data_source === "indeed").map((hit) =>
              hit.job.id
            ),
          );
        } finally {
          index.close();
        }
      },
    ),
    { numRuns: 300 },
  );
});
