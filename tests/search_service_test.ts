import { strict as assert } from "node:assert";
import { JobseekError } from "../src/domain/errors.ts";
import { jobIdFromUrl } from "../src/domain/job.ts";
import { parseSearchQuery } from "../src/domain/search_query.ts";
import { silentLogger } from "../src/log.ts";
import { publishIndex } from "../src/search/publish_index.ts";
import { createSearchService } from "../src/search/search_service.ts";
import { rankingForModel } from "../src/index/ranking.ts";
import { createTestSearch, defaultTestJobs } from "./helpers.ts";

Deno.test("createTestSearch() serves the default postings and closes cleanly", async () => {
  const search = await createTestSearch();
  try {
    assert.equal(search.service.isReady(), true);
    const outcome = await search.service.search(parseSearchQuery({ q: "teacher" }));
    const teachers = (await defaultTestJobs()).filter((j) => /teacher/i.test(j.job_title));
    assert.ok(teachers.length > 0, "the default set must hold teachers");
    for (const teacher of teachers) {
      assert.ok(outcome.results.some((r) => r.job_url === teacher.job_url), teacher.job_title);
    }
  } finally {
    await search.close();
  }
});

Deno.test("search service answers NOT_READY until started, then serves", async () => {
  const jobs = await defaultTestJobs(10);
  const search = await createTestSearch({ jobs });
  const { store, embedder } = search;
  const idle = createSearchService({ store, embedder, logger: silentLogger });
  try {
    assert.equal(idle.isReady(), false);
    await assert.rejects(
      idle.search(parseSearchQuery({ q: "nurse" })),
      (e) => e instanceof JobseekError && e.code === "NOT_READY" && /not loaded/.test(e.message),
    );
    await idle.start();
    assert.equal(idle.isReady(), true);
    const title = jobs[0].job_title;
    const found = await idle.search(parseSearchQuery({ q: title, top_k: "100" }));
    assert.ok(found.results.some((r) => r.job_url === jobs[0].job_url), title);
  } finally {
    idle.stop();
    await idle.whenIdle();
    await search.close();
  }
});

Deno.test("search service's minScore replaces the model's minimum and keeps its relative cut", async () => {
  const jobs = await defaultTestJobs(300);
  const search = await createTestSearch({ jobs });
  const { store, embedder } = search;
  const { cut } = rankingForModel(embedder.model);
  assert.ok(cut.relativeCut > 0, "the test needs a model with a relative cut");
  const high = createSearchService({ store, embedder, logger: silentLogger, minScore: 0.8 });
  const lenient = createSearchService({ store, embedder, logger: silentLogger, minScore: 0 });
  try {
    await high.start();
    await lenient.start();
    const query = parseSearchQuery({ q: "software developer", top_k: "100", sort: "relevance" });
    const usual = await search.service.search(query);
    const strict = await high.search(query);
    assert.ok(strict.total > 0 && strict.total < usual.total, `${strict.total} < ${usual.total}`);
    const strong = (r: { match?: string }) => r.match === "strong";
    assert.ok(strict.results.filter(strong).every((r) => r.score >= 0.8));
    // Before, a minimum of 0 turned the relative cut off and let every posting in.
    const wide = await lenient.search(query);
    assert.ok(wide.total < jobs.length / 2, `${wide.total} of ${jobs.length}`);
    const best = wide.results[0].score;
    for (const r of wide.results.filter(strong)) {
      assert.ok(r.score >= cut.relativeCut * best - 1e-4, `${r.score} kept under ${best}`);
    }
  } finally {
    high.stop();
    lenient.stop();
    await search.close();
  }
});

Deno.test("listCities() answers from the store, refreshed with each snapshot", async () => {
  const search = await createTestSearch({ jobs: await defaultTestJobs(30) });
  const { store, service, embedder } = search;
  try {
    assert.deepEqual(await service.listCities(), await store.postings.listCities());
    const job_url = "https://www.linkedin.com/jobs/view/990011";
    await store.postings.upsertJobs([{
      id: await jobIdFromUrl(job_url),
      job_title: "Ferry Deckhand",
      company_name: "Isles Ferries",
      city: "Stornoway",
      country: "GB",
      publish_time: "2026-11-01 07:00:00",
      job_url,
      job_tags: [],
      data_source: "linkedin",
      job_description: "",
    }]);
    // Same snapshot: the cached list.
    assert.ok(!(await service.listCities()).some((c) => c.city === "Stornoway"));
    const { snapshotId } = await publishIndex(store, { embedder, logger: silentLogger });
    const deadline = Date.now() + 10_000;
    while (service.snapshotId() !== snapshotId && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.deepEqual(
      await service.listCities({ country: "GB" }),
      await store.postings.listCities({ country: "GB" }),
    );
    assert.ok((await service.listCities()).some((c) => c.city === "Stornoway" && c.count === 1));
  } finally {
    await search.close();
  }
});

Deno.test("publishIndex() on an empty store publishes an index that finds nothing", async () => {
  const search = await createTestSearch({ jobs: [] });
  try {
    assert.equal(search.service.isReady(), true);
    const outcome = await search.service.search(parseSearchQuery({ q: "nurse" }));
    assert.equal(outcome.total, 0);
    assert.deepEqual(outcome.results, []);
  } finally {
    await search.close();
  }
});

Deno.test("a search that finds nothing searches the index once, also to name a filter that emptied it", async () => {
  const jobs = await defaultTestJobs(200);
  const search = await createTestSearch({ jobs });
  const { index } = search.service.served()!;
  const searched: number[] = [];
  const searchIndex = index.search.bind(index);
  index.search = (request) => {
    const result = searchIndex(request);
    searched.push(result.total);
    return result;
  };
  try {
    const nothing = await search.service.search(parseSearchQuery({ q: "asdfghjkl" }));
    assert.equal(nothing.total, 0);
    // Nothing comes near the words, and nothing else is to blame: said so, from the one search.
    assert.match(nothing.hint ?? "", /^No posting comes near these words/);
    assert.equal(nothing.applied, undefined);
    assert.deepEqual(searched, [0], "one search: no filter or place could have emptied the set");

    searched.length = 0;
    const teacher = jobs.find((job) => /teacher/i.test(job.job_title))!;
    const countries = new Set(jobs.map((job) => job.country));
    const nowhere = ["NZ", "JP", "BR", "KE", "IS"].find((code) => !countries.has(code))!;
    const filtered = await search.service.search(
      parseSearchQuery({ q: teacher.job_title, country: nowhere }),
    );
    assert.equal(filtered.total, 0);
    assert.deepEqual(filtered.applied?.emptied_by, ["country"]);
    // Counted from the empty search's own scores: at 1,000,000 postings each search again cost a
    // whole search's CPU (docs/scaling.md, session 20).
    assert.deepEqual(searched, [0], "one search: the counts without the filter come from it");
    assert.match(filtered.hint ?? "", /country=/);
  } finally {
    await search.close();
  }
});

Deno.test("a city filter over the place the words name: the count without it is of that place, said so", async () => {
  // Reviewer W51: "nurse in leeds" with city=Berlin said the 104 postings of every place, while
  // the search without the city (the link the page offers) is in Leeds.
  const jobs = await defaultTestJobs(400);
  const search = await createTestSearch({ jobs });
  try {
    const teacher = jobs.find((job) => /teacher/i.test(job.job_title) && job.city !== "")!;
    const words = `teacher in ${teacher.city}`;
    const there = await search.service.search(parseSearchQuery({ q: words }));
    assert.ok(there.total > 0, JSON.stringify(there.hint));
    const elsewhere = await search.service.search(parseSearchQuery({ q: "teacher" }));
    assert.ok(elsewhere.total > there.total, "the place narrows the words' postings");
    const overridden = await search.service.search(
      parseSearchQuery({ q: words, city: "Atlantis" }),
    );
    assert.equal(overridden.total, 0);
    assert.deepEqual(overridden.applied?.emptied_by, ["city"]);
    assert.equal(
      overridden.hint,
      `Nothing matches with city=Atlantis; without it the query finds ${there.total} posting${
        there.total === 1 ? "" : "s"
      } in ${there.query_place?.city}, the place the words name.`,
    );
    // A place the words do not ask for ("not in ...") is not one the count is of.
    const notThere = await search.service.search(
      parseSearchQuery({ q: `teacher not in ${teacher.city}`, city: "Atlantis" }),
    );
    assert.doesNotMatch(notThere.hint ?? "", /the place the words name/);
  } finally {
    await search.close();
  }
});

Deno.test("a misspelt city after 'not in' is the place not wanted, as typed right it is", async () => {
  // Reviewer R51b: "nurse not in manchster" was corrected, then searched in Manchester alone.
  const jobs = await defaultTestJobs(400);
  const search = await createTestSearch({ jobs });
  try {
    const typo = await search.service.search(parseSearchQuery({ q: "teacher not in toront" }));
    const right = await search.service.search(parseSearchQuery({ q: "teacher not in toronto" }));
    assert.equal(right.query_excluded?.place?.city, "Toronto");
    assert.deepEqual(typo.query_corrected?.words, [{ from: "toront", to: "toronto" }]);
    assert.equal(typo.query_place, undefined);
    assert.deepEqual(typo.query_excluded?.place, right.query_excluded?.place);
    assert.equal(typo.total, right.total);
    assert.ok(typo.results.every((r) => r.city !== "Toronto"));
  } finally {
    await search.close();
  }
});

Deno.test("a filter over a misspelt place the words name: the count without it is of the place corrected", async () => {
  // Reviewer R51b: "nurse in lodnon" with city=Berlin counted every place; without the city the
  // search is in London.
  const jobs = await defaultTestJobs(400);
  const search = await createTestSearch({ jobs });
  try {
    const there = await search.service.search(parseSearchQuery({ q: "teacher in toronto" }));
    const typo = await search.service.search(
      parseSearchQuery({ q: "teacher in toront", city: "Atlantis" }),
    );
    assert.equal(typo.total, 0);
    assert.match(
      typo.hint ?? "",
      new RegExp(
        `without it the query finds ${there.total} postings? in Toronto, the place the words name`,
      ),
    );
  } finally {
    await search.close();
  }
});
