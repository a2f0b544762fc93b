/**
 * Search over real postings (a few JobSpy CSVs from ../shared/data/jobspy, imported with the real
 * importer, indexed with the real model). Expectations about filters, order and paging are computed
 * from the stored postings, independently of the index.
 */
import { strict as assert } from "node:assert";
import { cachingTestEmbedder, testEmbedder } from "./helpers.ts";
import type { Job, JobResult } from "../src/domain/job.ts";
import { parseSearchQuery } from "../src/domain/search_query.ts";
import type { SearchOutcome } from "../src/domain/service.ts";
import { importFiles } from "../src/ingest/import_files.ts";
import { silentLogger } from "../src/log.ts";
import { publishIndex } from "../src/search/publish_index.ts";
import { createSearchService, type JobSearchService } from "../src/search/search_service.ts";
import { openStore } from "../src/store/store.ts";

const DATA = new URL("../../shared/data/jobspy/", import.meta.url);
const FILES = [
  "collinshack-samples/jobs_Chicago.csv",
  "collinshack-samples/jobs_Manchester.csv",
  "collinshack-samples/jobs_Houston.csv",
  "ethanhistory/2024-04-16_jobspy_data.csv",
];

type Params = Record<string, string>;

Deno.test("search over real postings", async (t) => {
  const store = await openStore(":memory:");
  const embedder = await testEmbedder();
  const services: JobSearchService[] = [];
  try {
    await importFiles(store, FILES.map((f) => decodeURIComponent(new URL(f, DATA).pathname)));
    // The postings' vectors from the kept file (tests/vector_cache.ts); queries from the model.
    const kept = await cachingTestEmbedder();
    await publishIndex(store, { embedder: kept, logger: silentLogger });
    await kept.save();
    const service = createSearchService({ store, embedder, logger: silentLogger });
    services.push(service);
    await service.start();
    const stored: Job[] = [];
    for await (const job of store.postings.listJobs()) stored.push(job);
    const byUrl = new Map(stored.map((job) => [job.job_url, job]));

    const search = (params: Params) => service.search(parseSearchQuery(params));
    /** Every result of a search, page by page (top_k 100). */
    const searchAll = async (params: Params): Promise<SearchOutcome & { all: JobResult[] }> => {
      const first = await search({ ...params, top_k: "100" });
      const all = [...first.results];
      while (all.length < first.total) {
        const page = await search({ ...params, top_k: "100", offset: String(all.length) });
        assert.equal(page.total, first.total);
        assert.ok(page.results.length > 0);
        all.push(...page.results);
      }
      // The result set: in relevance order the close matches follow it.
      return { ...first, all: all.slice(0, first.total) };
    };

    await t.step("a paraphrase finds the occupation: 'computer programmer'", async () => {
      const { results } = await search({
        q: "computer programmer",
        sort: "relevance",
        top_k: "15",
      });
      const coding = /programm|software|developer|engineer/i;
      assert.ok(results.slice(0, 10).filter((r) => coding.test(r.job_title)).length >= 8);
      // Some are found by meaning: titles with neither word of the query.
      assert.ok(
        results.some((r) => /software (engineer|developer)/i.test(r.job_title)),
        results.map((r) => r.job_title).join(" | "),
      );
    });

    await t.step("a paraphrase finds the occupation: 'RN jobs'", async () => {
      const { results, total } = await search({ q: "RN jobs", sort: "relevance", top_k: "10" });
      assert.ok(total >= 10);
      for (const r of results) assert.match(r.job_title, /nurs|\bRNs?\b/i);
      assert.ok(results.filter((r) => !/\bRNs?\b/i.test(r.job_title)).length >= 3);
    });

    await t.step("an unrelated query finds nothing", async () => {
      for (const q of ["banana bread recipe", "asdfghjkl qwerty"]) {
        assert.equal((await search({ q })).total, 0, q);
      }
    });

    const base = await searchAll({ q: "nurse", sort: "relevance" });
    const baseUrls = new Set(base.all.map((r) => r.job_url));

    await t.step("results are ordered by publish time, then score", async () => {
      const { all } = await searchAll({ q: "nurse" });
      assert.equal(all.length, base.total);
      for (let i = 1; i < all.length; i++) {
        const [a, b] = [all[i - 1], all[i]];
        assert.ok(
          a.publish_time > b.publish_time ||
            (a.publish_time === b.publish_time && a.score >= b.score),
          `${i}: ${a.publish_time} ${a.score} before ${b.publish_time} ${b.score}`,
        );
      }
      const relevance = base.all.map((r) => r.score);
      assert.deepEqual(relevance, [...relevance].sort((a, b) => b - a));
      assert.ok(relevance.every((s) => s >= 0 && s <= 1));
    });

    await t.step("filters keep exactly the postings that match them", async () => {
      const times = [...new Set(base.all.map((r) => r.publish_time))].sort();
      const middle = times[Math.floor(times.length / 2)];
      const cases: [Params, (job: Job) => boolean][] = [
        [{ city: "Chicago" }, (j) => j.city === "Chicago"],
        [{ city: "chicago" }, (j) => j.city === "chicago"],
        [{ country: "GB" }, (j) => j.country === "GB"],
        [
          { country: "US", source: "indeed" },
          (j) => j.country === "US" && j.data_source === "indeed",
        ],
        [{ source: "linkedin" }, (j) => j.data_source === "linkedin"],
        [{ since: middle }, (j) => j.publish_time >= middle],
        [{ until: middle }, (j) => j.publish_time < middle],
        [
          { since: times[0], until: middle },
          (j) => j.publish_time >= times[0] && j.publish_time < middle,
        ],
        [
          { since: middle.slice(0, 10) },
          (j) => j.publish_time >= `${middle.slice(0, 10)} 00:00:00`,
        ],
      ];
      let nonEmpty = 0;
      for (const [filters, keep] of cases) {
        const expected = [...baseUrls].filter((url) => keep(byUrl.get(url)!)).sort();
        const got = await searchAll({ q: "nurse", ...filters });
        assert.equal(got.total, expected.length, JSON.stringify(filters));
        assert.deepEqual(got.all.map((r) => r.job_url).sort(), expected, JSON.stringify(filters));
        if (expected.length > 0) nonEmpty++;
      }
      assert.ok(nonEmpty >= 6, "the cases must exercise the filters");
    });

    await t.step("pages follow one another and report the whole set's size", async () => {
      const whole = await search({ q: "nurse", top_k: "100" });
      const pages: JobResult[] = [];
      for (let offset = 0; offset < whole.total; offset += 7) {
        const page = await search({ q: "nurse", top_k: "7", offset: String(offset) });
        assert.equal(page.total, whole.total);
        assert.equal(page.results.length, Math.min(7, whole.total - offset));
        pages.push(...page.results);
      }
      assert.deepEqual(pages, whole.results);
      const beyond = await search({ q: "nurse", offset: String(whole.total + 5) });
      assert.equal(beyond.total, whole.total);
      assert.deepEqual(beyond.results, []);
    });

    await t.step("detail=full adds the description, summary leaves it out", async () => {
      const summary = await search({ q: "nurse", top_k: "5" });
      const full = await search({ q: "nurse", top_k: "5", detail: "full" });
      assert.ok(summary.results.every((r) => !("job_description" in r)));
      full.results.forEach((r, i) => {
        assert.equal(r.job_description, byUrl.get(r.job_url)!.job_description);
        assert.deepEqual({ ...r, job_description: undefined }, {
          ...summary.results[i],
          job_description: undefined,
        });
      });
    });

    await t.step("a second server loading the same snapshot answers identically", async () => {
      const other = createSearchService({ store, embedder, logger: silentLogger });
      services.push(other);
      await other.start();
      assert.equal(other.snapshotId(), service.snapshotId());
      for (const params of [{ q: "nurse" }, { q: "software engineer", sort: "relevance" }]) {
        const a = await service.search(parseSearchQuery(params));
        const b = await other.search(parseSearchQuery(params));
        assert.deepEqual(b.results, a.results);
        assert.equal(b.total, a.total);
      }
    });

    await t.step(
      "listCities() counts the indexed postings per city (here every stored one)",
      async () => {
        const cities = await service.listCities({ country: "US" });
        const houston = stored.filter((j) => j.city === "Houston" && j.country === "US").length;
        assert.equal(cities.find((c) => c.city === "Houston")?.count, houston);
        assert.ok(cities.every((c) => c.country === "US"));
      },
    );
  } finally {
    for (const service of services) {
      service.stop();
      await service.whenIdle();
    }
    store.close();
  }
});
