/**
 * A profile as the query, below the transports: the index's scores-given entry point makes the
 * set exactly as `search` does, and a profile search keeps the result-set rules of a `q` search
 * (filters only narrow, both orders hold the same members, pages tile the set) on the real model
 * and a small known set of postings (tests/rest_server.ts: 8 roles in 5 cities).
 */
import { strict as assert } from "node:assert";
import type { Job } from "../src/domain/job.ts";
import { parseSearchQuery, type SearchQuery } from "../src/domain/search_query.ts";
import { analyzeQuery } from "../src/index/analyze_query.ts";
import { assembleIndexData, embeddingTextOf } from "../src/index/job_index_data.ts";
import { JobIndex } from "../src/index/job_index.ts";
import { rankingForModel } from "../src/index/ranking.ts";
import { searchByProfile } from "../src/search/profile_search.ts";
import { DEFAULT_PROFILE_RANKING, seniorityFactor } from "../src/search/profile_ranking.ts";
import { cachingTestEmbedder, defaultTestJobs, testEmbedder } from "./helpers.ts";
import { restTestJobs } from "./rest_server.ts";

async function indexOf(jobs: Job[]) {
  const embedder = await testEmbedder();
  // The postings' vectors from the kept file (tests/vector_cache.ts); queries from the model.
  const kept = await cachingTestEmbedder();
  const vectors = await kept.embed(jobs.map(embeddingTextOf));
  await kept.save();
  const index = new JobIndex(assembleIndexData({
    model: embedder.model,
    dimensions: embedder.dimensions,
    jobs,
    vectors,
  })).prepare();
  const embed = (texts: string[]) => embedder.embed(texts);
  return { index, embed, ...rankingForModel(embedder.model) };
}

const NURSE_CV = [
  "Amara Okafor — Registered Nurse, London",
  "Profile: ICU nurse with six years of experience. I am looking for a Registered Nurse role in " +
  "intensive care in London.",
  "Experience",
  "2021 – present   ICU Staff Nurse, St Thomas' Hospital, London",
  "Skills: Patient care, ICU, IV therapy",
].join("\n");

Deno.test("JobIndex.searchScores() makes the set JobIndex.search() makes for the same scores", async () => {
  const { index, embed, ranking, cut } = await indexOf(await defaultTestJobs(400));
  const queries = ["nurse", "software engineer", "warehouse", "pharmacist berlin", "chef"];
  const filterSets = [{}, { country: "US" }, { since: "2024-06-01 00:00:00" }];
  let compared = 0;
  for (const q of queries) {
    const query = analyzeQuery(q);
    const [vector] = await embed([query.embeddingText]);
    const scores = index.scoresOf(query, vector, { ranking });
    for (const filters of filterSets) {
      for (const sort of ["date", "relevance"] as const) {
        const request = { filters, sort, limit: 1000, ...cut };
        const direct = index.search({ query, vector, ranking, ...request });
        const given = index.searchScores(scores, request);
        assert.equal(given.total, direct.total, `${q} ${JSON.stringify(filters)} ${sort}`);
        assert.deepEqual(
          given.hits.map((h) => [h.job.id, h.score, h.alsoPostedAt]),
          direct.hits.map((h) => [h.job.id, h.score, h.alsoPostedAt]),
        );
        compared += direct.total;
      }
    }
  }
  assert.ok(compared > 100, "the queries should find postings");
});

Deno.test("a profile search keeps the result-set rules of a q search", async (t) => {
  const { index, embed, ranking, cut } = await indexOf(await restTestJobs());
  const run = (raw: Record<string, unknown>) =>
    searchByProfile(index, parseSearchQuery({ profile: NURSE_CV, top_k: 100, ...raw }), {
      embed,
      ranking,
      cut,
    });

  await t.step("the nurse's profile finds the ICU nurse posting in London first", async () => {
    const outcome = await run({});
    assert.equal(outcome.results[0].job_title, "Registered Nurse - Intensive Care Unit");
    assert.equal(outcome.results[0].city, "London");
    assert.ok(outcome.results.every((r) => r.city === "London"), "the profile's place narrows");
    assert.deepEqual(outcome.derived?.places, ["London, GB"]);
    // The wished title, and the person's own ("ICU nurse with six years": session 58), lead.
    assert.deepEqual(outcome.derived!.roles.slice(0, 2).sort(), ["ICU nurse", "Registered Nurse"]);
    assert.equal(outcome.derived?.seniority, "senior");
  });

  await t.step("a summary pasted as the profile names its role in its opening words", async () => {
    for (
      const profile of [
        "Data scientist with 6 years of Python experience.",
        "Data scientist, 6 years of Python. Built forecasting models in Python with pandas and " +
        "scikit-learn, deployed them on AWS, mentoring junior analysts.",
      ]
    ) {
      const outcome = await searchByProfile(index, parseSearchQuery({ profile, top_k: 10 }), {
        embed,
        ranking,
        cut,
      });
      assert.deepEqual(outcome.derived?.roles, ["Data scientist"], profile);
      assert.equal(outcome.results[0]?.job_title, "Data Scientist", profile);
    }
  });

  await t.step("an explicit country replaces the profile's place", async () => {
    const outcome = await run({ country: "DE" });
    assert.ok(outcome.total > 0);
    assert.ok(outcome.results.every((r) => r.country === "DE"));
    assert.ok(outcome.results.some((r) => r.job_title.startsWith("Registered Nurse")));
  });

  await t.step("filters only narrow: a filtered set is the unfiltered set's members", async () => {
    const wide = await run({ country: "US" });
    for (const filters of [{ source: "indeed" }, { since: "2024-03-01" }, { city: "Austin" }]) {
      const narrow = await run({ country: "US", ...filters });
      const members = new Map(wide.results.map((r) => [r.job_url, r.score]));
      for (const r of narrow.results) assert.equal(members.get(r.job_url), r.score, r.job_url);
    }
  });

  await t.step("both orders hold the same members; pages tile the set", async () => {
    const byScore = await run({ country: "US", sort: "relevance" });
    const byDate = await run({ country: "US", sort: "date" });
    assert.equal(byScore.total, byDate.total);
    assert.deepEqual(
      byScore.results.map((r) => r.job_url).sort(),
      byDate.results.map((r) => r.job_url).sort(),
    );
    for (let i = 1; i < byScore.results.length; i++) {
      assert.ok(byScore.results[i - 1].score >= byScore.results[i].score);
    }
    const pages = [];
    for (let offset = 0; offset < byScore.total; offset += 2) {
      pages.push(...(await run({ country: "US", sort: "relevance", top_k: 2, offset })).results);
    }
    assert.deepEqual(pages.map((r) => r.job_url), byScore.results.map((r) => r.job_url));
  });

  await t.step("a profile orders by fit unless an order is asked for", () => {
    assert.equal(parseSearchQuery({ profile: NURSE_CV }).sort, "relevance");
    assert.equal(parseSearchQuery({ profile: NURSE_CV, sort: "date" }).sort, "date");
    assert.equal(parseSearchQuery({ q: "nurse" }).sort, "date");
  });

  await t.step(
    "q beside a profile is searched as a wished role, its place as a place",
    async () => {
      const outcome = await run({ q: "truck driver in Austin" });
      assert.equal(outcome.derived?.roles[0], "truck driver");
      assert.deepEqual(outcome.derived?.places, ["Austin, US"]);
      assert.equal(outcome.results[0].job_title, "CDL-A Truck Driver");
    },
  );

  await t.step("q beside a profile is read as a q search reads it", async () => {
    // "near" a city: that city is the profile's place, with the profile's own area.
    const near = await run({ q: "nurse near Berlin" });
    assert.deepEqual(near.query_place, {
      matched: "Berlin",
      near: "Berlin, DE",
      radius_km: DEFAULT_PROFILE_RANKING.areaKm,
    });
    assert.equal(near.derived?.roles[0], "nurse");
    assert.deepEqual(near.derived?.places, ["Berlin, DE"]);
    // The strong matches are there; the close ones after them may reach the rest of the country.
    const strong = (o: { total: number; results: { city: string }[] }) =>
      o.results.slice(0, o.total).map((r) => r.city);
    assert.ok(near.total > 0 && strong(near).every((city) => city === "Berlin"));
    // A place alone beside a profile is the place: the profile names the work.
    const alone = await run({ q: "Berlin" });
    // These postings are not on the map: the city is kept by its name, and said so.
    assert.deepEqual(alone.query_place, { matched: "Berlin", city: "Berlin" });
    assert.ok(!alone.derived?.roles.includes("Berlin"), String(alone.derived?.roles));
    assert.ok(alone.total > 0 && strong(alone).every((city) => city === "Berlin"));
    const remote = await run({ q: "remote" });
    assert.deepEqual(remote.query_place, { matched: "remote", remote: true });
    assert.ok(!remote.derived?.roles.includes("remote"), String(remote.derived?.roles));
    // It replaces the profile's places, as a city would (reviewer R54: beside a CV in Berlin it
    // listed on-site Berlin jobs): remote postings, anywhere (on the real postings:
    // tests/close_matches_test.ts).
    assert.deepEqual(remote.derived?.places, ["remote"]);
    for (const r of remote.results) {
      const remoteJob = r.work_mode === "remote" || r.city === "Remote" ||
        (r.job_tags ?? []).includes("remote");
      assert.ok(remoteJob, `${r.job_title} in ${r.city}`);
    }
    // Words that say only how the work is done name no role: the profile's alone are searched,
    // and the hint says so (reviewer C58b: "full time" beside a CV led as a role).
    const plain = await run({});
    for (const how of ["full time", "entry level", "night shift"]) {
      const beside = await run({ q: how });
      assert.deepEqual(beside.derived?.roles, plain.derived?.roles, how);
      assert.deepEqual(beside.results.map((r) => r.job_url), plain.results.map((r) => r.job_url));
      assert.equal(
        beside.hint,
        `"${how}" names no work, so the CV's roles are searched alone; \`employment_type\`, ` +
          "`seniority` or `remote` keep only the postings of a type, level or way of working.",
      );
    }
    // Pay in the words: the same set as the salary parameter with the unknown kept, and the
    // words left are the role.
    const paid = await run({ q: "nurse $100k", country: "US" });
    assert.deepEqual(paid.query_salary, { matched: "$100k", salary_min: 100_000 });
    assert.equal(paid.derived?.roles[0], "nurse");
    const given = await run({
      q: "nurse",
      country: "US",
      salary_min: 100_000,
      salary_include_unknown: true,
    });
    const urls = (o: { results: { job_url: string; score: number }[] }) =>
      o.results.map((r) => [r.job_url, r.score]);
    assert.deepEqual(urls(paid), urls(given));
    assert.ok(paid.total < (await run({ q: "nurse", country: "US" })).total, "the pay narrows");
    // "near me": said where the profile names no place, not where its address says where.
    const placeless = await searchByProfile(
      index,
      parseSearchQuery({
        profile: "Registered nurse, six years on acute medical wards. Looking for a nurse role.",
        q: "nurse jobs near me",
      }),
      { embed, ranking, cut },
    );
    assert.match(placeless.hint ?? "", /does not know where you are/);
    assert.doesNotMatch((await run({ q: "nurse jobs near me" })).hint ?? "", /where you are/);
  });

  await t.step("facets count the profile's whole set", async () => {
    const outcome = await run({ country: "US", facets: ["source"] });
    const counted = outcome.facets!.source.reduce((sum, f) => sum + f.count, 0);
    assert.equal(counted, outcome.total);
  });

  await t.step(
    "filters that leave nothing say how many the profile finds without them",
    async () => {
      const outcome = await run({ source: "linkedin", since: "2030-01-01" });
      assert.equal(outcome.total, 0);
      const unfiltered = (await run({})).total;
      assert.equal(
        outcome.hint,
        `Nothing fits the profile with these filters; without them it finds ${unfiltered} posting${
          unfiltered === 1 ? "" : "s"
        }.`,
      );
    },
  );

  await t.step(
    "nothing near the profile's places says so and how to search elsewhere",
    async () => {
      const outcome = await searchByProfile(
        index,
        parseSearchQuery({ profile: "Pharmacist in London. Looking for a pharmacist job." }),
        { embed, ranking, cut },
      );
      assert.equal(outcome.total, 0);
      assert.match(outcome.hint!, /near London, GB\. Give `near`, `city` or `country`/);
    },
  );

  await t.step("a profile naming no role says how to name one", async () => {
    const outcome = await searchByProfile(
      index,
      parseSearchQuery({ profile: "+++ ??? ---" }),
      { embed, ranking, cut },
    );
    assert.equal(outcome.total, 0);
    assert.deepEqual(outcome.derived?.roles, []);
    assert.match(outcome.hint!, /No role could be read from the profile/);
  });
});

Deno.test("seniorityFactor() ranks other levels lower, a student's non-student jobs lowest", () => {
  assert.equal(seniorityFactor(["senior"], "senior"), 1);
  assert.equal(seniorityFactor(["senior"], undefined), 1);
  assert.ok(seniorityFactor(["senior"], "lead") > seniorityFactor(["senior"], "junior"));
  assert.ok(seniorityFactor(["senior"], "junior") > seniorityFactor(["senior"], "intern"));
  assert.equal(seniorityFactor(["intern"], "intern"), 1);
  assert.ok(seniorityFactor(["intern"], undefined) > seniorityFactor(["intern"], "senior"));
  assert.equal(seniorityFactor([], "executive"), 1);
});

Deno.test("parseSearchQuery() takes a profile beside or instead of q, and names it when bad", () => {
  const both = parseSearchQuery({ q: "nurse", profile: "  Staff nurse, London  " });
  assert.deepEqual([both.q, both.profile], ["nurse", "Staff nurse, London"]);
  const alone: SearchQuery = parseSearchQuery({ query: null, profile: "Nurse" }, "query");
  assert.deepEqual([alone.q, alone.profile], ["", "Nurse"]);
  const error = (raw: Record<string, unknown>, field: "q" | "query" = "q") => {
    try {
      parseSearchQuery(raw, field);
    } catch (e) {
      return e as Error & { code: string; param?: string };
    }
    assert.fail(`accepted ${JSON.stringify(raw)}`);
  };
  assert.equal(error({ profile: "   " }).message, "Invalid parameter 'profile': must not be empty");
  assert.equal(
    error({ profile: "x".repeat(20_001) }).message,
    "Invalid parameter 'profile': must be at most 20000 characters",
  );
  assert.equal(error({ profile: 42 }).message, "Invalid parameter 'profile': must be a string");
  assert.equal(error({ q: " ", profile: "Nurse" }).code, "INVALID_PARAMETER");
  assert.equal(error({}).message, "q is required");
  assert.equal(error({}, "query").message, "query is required");
  // 20,000 characters once trimmed: spaces around do not count.
  assert.equal(parseSearchQuery({ profile: ` ${"x".repeat(20_000)} ` }).profile!.length, 20_000);
});
