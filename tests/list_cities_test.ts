/**
 * `listCities` answers from the index being served, so every city it lists is one a search finds
 * postings in, as many as it says: never a city whose postings are stored but not yet indexed.
 */
import { strict as assert } from "node:assert";
import { type Job, jobIdFromUrl } from "../src/domain/job.ts";
import { parseSearchQuery } from "../src/domain/search_query.ts";
import { silentLogger } from "../src/log.ts";
import { publishIndex } from "../src/search/publish_index.ts";
import { createSearchService } from "../src/search/search_service.ts";
import { openStore } from "../src/store/store.ts";
import { testEmbedder } from "./helpers.ts";

let serial = 0;

/** A lighthouse keeper's posting at `city`; each is another lighthouse (no two are reposts). */
async function keeper(city: string, country?: string): Promise<Job> {
  const n = serial++;
  const job_url = `https://www.indeed.com/viewjob?jk=keeper${n}`;
  return {
    id: await jobIdFromUrl(job_url),
    job_title: "Lighthouse Keeper",
    company_name: "Coastal Trust",
    city,
    ...(country === undefined ? {} : { country }),
    publish_time: `2026-12-01 09:${String(n % 60).padStart(2, "0")}:00`,
    job_url,
    job_tags: ["maritime"],
    data_source: "indeed",
    job_description: `Lighthouse number ${n} of the coast needs its light kept burning at night.`,
  };
}

async function keepers(places: [city: string, country: string | undefined, count: number][]) {
  const jobs: Job[] = [];
  for (const [city, country, count] of places) {
    for (let k = 0; k < count; k++) jobs.push(await keeper(city, country));
  }
  return jobs;
}

async function started(jobs: Job[]) {
  const store = await openStore(":memory:");
  const embedder = await testEmbedder();
  await store.postings.upsertJobs(jobs);
  await publishIndex(store, { embedder, logger: silentLogger });
  const service = createSearchService({ store, embedder, logger: silentLogger, pollMs: 50 });
  await service.start();
  const close = async () => {
    service.stop();
    await service.whenIdle();
    store.close();
  };
  return { store, embedder, service, close };
}

Deno.test("listCities() orders cities by postings, most first, then by name and country", async () => {
  const { service, close } = await started(
    await keepers([
      ["Wick", "GB", 2],
      ["Oban", "GB", 3],
      ["Lerwick", "GB", 1],
      ["Brest", "FR", 1],
      ["Portland", "US", 2],
      ["Portland", "AU", 2],
      ["Sark", undefined, 1],
      ["", "GB", 1],
    ]),
  );
  try {
    assert.deepEqual(await service.listCities(), [
      { city: "Oban", country: "GB", count: 3 },
      { city: "Portland", country: "AU", count: 2 },
      { city: "Portland", country: "US", count: 2 },
      { city: "Wick", country: "GB", count: 2 },
      { city: "Brest", country: "FR", count: 1 },
      { city: "Lerwick", country: "GB", count: 1 },
      // A posting without a country is listed without one; one without a city is not listed.
      { city: "Sark", count: 1 },
    ]);
    assert.deepEqual(await service.listCities({ country: "GB" }), [
      { city: "Oban", country: "GB", count: 3 },
      { city: "Wick", country: "GB", count: 2 },
      { city: "Lerwick", country: "GB", count: 1 },
    ]);
    assert.deepEqual(await service.listCities({ country: "NZ" }), []);
  } finally {
    await close();
  }
});

Deno.test("listCities() counts as many postings per city as a search filtered to it finds", async () => {
  const { service, close } = await started(
    await keepers([["Oban", "GB", 4], ["Wick", "GB", 2], ["Brest", "FR", 1], [
      "Sark",
      undefined,
      3,
    ]]),
  );
  try {
    const cities = await service.listCities();
    assert.deepEqual(cities.map((c) => c.count), [4, 3, 2, 1]);
    for (const { city, country, count } of cities) {
      const outcome = await service.search(
        parseSearchQuery({ q: "lighthouse keeper", city, ...(country ? { country } : {}) }),
      );
      assert.equal(outcome.total, count, `${city} ${country}`);
    }
  } finally {
    await close();
  }
});

Deno.test("listCities() lists a posting stored after the index was published only once the index has it", async () => {
  const { store, embedder, service, close } = await started(
    await keepers([["Oban", "GB", 2], ["Wick", "GB", 1]]),
  );
  try {
    const before = [
      { city: "Oban", country: "GB", count: 2 },
      { city: "Wick", country: "GB", count: 1 },
    ];
    assert.deepEqual(await service.listCities(), before);
    // An import wrote these and has not published yet: search cannot find them, so neither are
    // they listed.
    await store.postings.upsertJobs(await keepers([["Brest", "FR", 1], ["Wick", "GB", 2]]));
    assert.deepEqual(await service.listCities(), before);
    assert.equal(
      (await service.search(parseSearchQuery({ q: "lighthouse keeper", city: "Brest" }))).total,
      0,
    );

    const { snapshotId } = await publishIndex(store, { embedder, logger: silentLogger });
    const deadline = Date.now() + 10_000;
    while (service.snapshotId() !== snapshotId) {
      if (Date.now() > deadline) throw new Error("the new snapshot was not loaded");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.deepEqual(await service.listCities(), [
      { city: "Wick", country: "GB", count: 3 },
      { city: "Oban", country: "GB", count: 2 },
      { city: "Brest", country: "FR", count: 1 },
    ]);
  } finally {
    await close();
  }
});
