/**
 * Paging through REST where a query matches more postings than the result set holds
 * (`RESULT_SET_MAX`): `total` stops at the cap, the pages tile the capped set without a gap or a
 * repeat, and pages past its end are empty but still say how many there are.
 */
import { strict as assert } from "node:assert";
import { type Job, jobIdFromUrl, SOURCES } from "../src/domain/job.ts";
import { RESULT_SET_MAX, TOP_K_MAX } from "../src/domain/search_query.ts";
import { createTestSearch } from "./helpers.ts";
import { getSearch, jsonBody, startRestServer } from "./rest_server.ts";

const MATCHING = RESULT_SET_MAX + 150;
const CITIES: [string, string][] = [["Berlin", "DE"], ["Austin", "US"], ["London", "GB"]];

/** Nurses at as many hospitals: one title (so one embedding), no two of them reposts. */
function nurses(): Promise<Job[]> {
  return Promise.all(Array.from({ length: MATCHING }, async (_, i) => {
    const [city, country] = CITIES[i % CITIES.length];
    const url = `https://jobs.example.com/nurse/${i}`;
    // Pairs share a minute, so the order's tie-break is exercised across page boundaries.
    const minute = Math.floor(i / 2);
    const day = new Date(Date.UTC(2025, 0, 1) + minute * 60_000).toISOString();
    return {
      id: await jobIdFromUrl(url),
      job_title: "Registered Nurse",
      company_name: `Hospital ${i}`,
      city,
      country,
      publish_time: `${day.slice(0, 10)} ${day.slice(11, 19)}`,
      job_url: url,
      job_tags: ["Nursing", "Patient care"],
      data_source: SOURCES[i % SOURCES.length],
      job_description: `Hospital ${i} in ${city} hires a registered nurse for ward ${i}: ` +
        `patient care, medication rounds and shift handovers (unit ${i * 7}).`,
    };
  }));
}

interface Page {
  total: number;
  ids: string[];
}

Deno.test("REST paging at the result-set cap", async (t) => {
  const search = await createTestSearch({ jobs: await nurses() });
  const server = await startRestServer(search.store, search.service);
  const page = async (params: Record<string, string>): Promise<Page> => {
    const response = await getSearch(server, { q: "registered nurse", ...params });
    const body = await jsonBody(response);
    assert.equal(response.status, 200, JSON.stringify(body));
    const results = body.results as { job_url: string }[];
    return { total: body.total as number, ids: results.map((r) => r.job_url) };
  };
  try {
    await t.step(`total is ${RESULT_SET_MAX} when ${MATCHING} postings match`, async () => {
      const first = await page({ top_k: String(TOP_K_MAX) });
      assert.equal(first.total, RESULT_SET_MAX);
      assert.equal(first.ids.length, TOP_K_MAX);
    });

    for (const sort of ["date", "relevance"]) {
      await t.step(
        `pages of ${TOP_K_MAX} (${sort} order) tile the capped set exactly`,
        async () => {
          const seen: string[] = [];
          for (let offset = 0; offset < RESULT_SET_MAX; offset += TOP_K_MAX) {
            const next = await page({ top_k: String(TOP_K_MAX), offset: String(offset), sort });
            assert.equal(next.total, RESULT_SET_MAX);
            assert.equal(next.ids.length, TOP_K_MAX, `page at offset ${offset}`);
            seen.push(...next.ids);
          }
          assert.equal(
            new Set(seen).size,
            RESULT_SET_MAX,
            `no posting on two pages (${new Set(seen).size} distinct of ${seen.length})`,
          );
          // Pages of another size cut the same order in other places: the same postings, in order.
          const odd: string[] = [];
          for (let offset = 0; offset < RESULT_SET_MAX; offset += 37) {
            odd.push(...(await page({ top_k: "37", offset: String(offset), sort })).ids);
          }
          assert.deepEqual(odd, seen);
        },
      );
    }

    await t.step("the last page is short, and pages past the cap are empty", async () => {
      const last = await page({ top_k: String(TOP_K_MAX), offset: String(RESULT_SET_MAX - 30) });
      assert.deepEqual([last.total, last.ids.length], [RESULT_SET_MAX, 30]);
      for (const offset of [RESULT_SET_MAX, RESULT_SET_MAX + 1, MATCHING, 1_000_000]) {
        const past = await page({ offset: String(offset) });
        assert.deepEqual(past, { total: RESULT_SET_MAX, ids: [] }, `offset ${offset}`);
      }
    });

    await t.step(
      "under a filter that leaves fewer than the cap, total counts them all",
      async () => {
        const berlin = await page({ city: "Berlin", top_k: String(TOP_K_MAX) });
        assert.equal(berlin.total, Math.ceil(MATCHING / CITIES.length));
      },
    );
  } finally {
    await server.close();
    await search.close();
  }
});
