import { strict as assert } from "node:assert";
import type { Job } from "../src/domain/job.ts";
import { parseSearchQuery } from "../src/domain/search_query.ts";
import { createTestSearch, testPosting as posting } from "./helpers.ts";
import { toSearchResponse } from "../src/domain/job.ts";
import { buildSearchPage } from "../src/mcp/tools/search_page.ts";
import { formatResults } from "../cli/commands/search.ts";
import { parseJobspyCsv } from "../src/ingest/jobspy_csv.ts";

const REQUEST_ID = "00000000-0000-4000-8000-000000000000";

/** The titles of a relevance-order search's strong and close matches (each sorted), up to 20. */
async function tiersOf(
  search: Awaited<ReturnType<typeof createTestSearch>>,
  q: string,
): Promise<{ strong: string[]; close: string[] }> {
  const out = await search.service.search(parseSearchQuery({ q, sort: "relevance", top_k: "20" }));
  const of = (match: string) =>
    out.results.filter((r) => r.match === match).map((r) => r.job_title).sort();
  return { strong: of("strong"), close: of("close") };
}

/** Postings of several occupations and places, plus one job posted three times. */
async function postings(): Promise<Job[]> {
  const repost = {
    job_title: "Registered Nurse - ICU",
    company_name: "St. Mary Hospital",
    city: "Liverpool",
    country: "GB",
    job_description: "Care for patients in the intensive care unit.  Nights and weekends. " +
      "Band 5, full time, with a preceptorship for newly qualified nurses and paid parking.",
  };
  return [
    await posting({
      ...repost,
      job_url: "https://uk.indeed.com/a",
      publish_time: "2024-05-20 09:00:00",
    }),
    await posting({
      ...repost,
      job_url: "https://uk.indeed.com/b",
      publish_time: "2024-05-19 09:00:00",
    }),
    await posting({
      ...repost,
      job_url: "https://www.linkedin.com/jobs/view/c",
      data_source: "linkedin",
      // The same text with other spacing and a tracking footer past the compared start.
      job_description: "Care for patients in the intensive care unit. Nights and weekends. " +
        "Band 5, full time, with a preceptorship for newly qualified nurses and paid parking. " +
        "x".repeat(400) + " ref 123",
    }),
    // Same title and company, another city: another job.
    await posting({ ...repost, city: "Leeds", job_url: "https://uk.indeed.com/d" }),
    // Same title, company and city, another description: a second opening, not a repost.
    await posting({
      ...repost,
      job_url: "https://uk.indeed.com/e",
      publish_time: "2024-05-18 09:00:00",
      job_description: "Lead the day team of the intensive care unit: rotas, audits and the " +
        "training of newly qualified nurses. Band 6, full time, with a leadership course.",
    }),
    await posting({ job_title: "Registered Nurse", city: "Toronto", country: "CA" }),
    await posting({ job_title: "Staff Nurse", city: "Toronto", country: "CA" }),
    await posting({ job_title: "Nurse Practitioner", city: "Zürich", country: "CH" }),
    await posting({
      job_title: "Registered Nurse",
      city: "Remote",
      country: "US",
      job_tags: ["remote"],
      // As the importer reads the tag (src/ingest/work_mode.ts); "remote" in a query reads it.
      work_mode: "remote",
    }),
    await posting({ job_title: "Registered Nurse", city: "Berlin", country: "DE" }),
    await posting({ job_title: "Barista", city: "Toronto", country: "CA" }),
    await posting({
      job_title: "Python Developer",
      city: "Berlin",
      country: "DE",
      job_tags: ["remote"],
      work_mode: "remote",
    }),
    await posting({ job_title: "Python Developer", city: "Berlin", country: "DE" }),
    await posting({ job_title: "Truck Driver", city: "Chicago", country: "US" }),
  ];
}

Deno.test("a result set shows a reposted job once, with its other URLs", async () => {
  const search = await createTestSearch({ jobs: await postings() });
  try {
    const out = await search.service.search(parseSearchQuery({ q: "icu nurse", top_k: "100" }));
    const liverpool = out.results.filter((r) => r.city === "Liverpool");
    assert.deepEqual(
      liverpool.map((r) => r.job_url).toSorted(),
      ["https://uk.indeed.com/a", "https://uk.indeed.com/e"],
      "three copies of one job count once; another opening there stays apart",
    );
    const reposted = liverpool.find((r) => r.job_url === "https://uk.indeed.com/a");
    assert.deepEqual(reposted?.also_posted_at?.toSorted(), [
      "https://uk.indeed.com/b",
      "https://www.linkedin.com/jobs/view/c",
    ]);
    assert.equal(
      liverpool.find((r) => r.job_url === "https://uk.indeed.com/e")?.also_posted_at,
      undefined,
    );
    assert.equal(out.results.filter((r) => r.city === "Leeds").length, 1);
    assert.equal(out.total, out.results.length, "total counts the job once");
    const urls = out.results.map((r) => r.job_url);
    assert.equal(new Set(urls).size, urls.length);
  } finally {
    await search.close();
  }
});

Deno.test("a remote job listed under several places is shown once, by a copy that names its place", async () => {
  const remote = {
    job_title: "Software Developer - AI Trainer (Contract)",
    company_name: "DataAnnotation",
    work_mode: "remote" as const,
    job_description: "Train AI models to write better code: solve coding problems and grade " +
      "the answers of chatbots. Work from home on your own schedule, paid hourly.",
  };
  const search = await createTestSearch({
    jobs: [
      await posting({ ...remote, city: "Charlotte", country: "US", job_url: "https://gd/1" }),
      await posting({ ...remote, city: "Tampa", country: "US", job_url: "https://gd/2" }),
      // The newest copy names no place: a place filter would keep nothing of it.
      await posting({
        ...remote,
        city: "",
        country: undefined,
        job_url: "https://li/3",
        publish_time: "2024-06-01 09:00:00",
      }),
      // The same text on site in one city is another job, as for any on-site posting.
      await posting({
        ...remote,
        work_mode: "onsite",
        city: "Tampa",
        country: "US",
        job_url: "https://gd/4",
      }),
    ],
  });
  try {
    const out = await search.service.search(parseSearchQuery({ q: "ai trainer", top_k: "10" }));
    const remoteHits = out.results.filter((r) => r.work_mode === "remote");
    assert.equal(remoteHits.length, 1, "three copies of the remote job count once");
    assert.equal(remoteHits[0].country, "US", "a copy that names its place stands for it");
    assert.equal(remoteHits[0].also_posted_at?.length, 2);
    assert.equal(out.results.length, 2, "the on-site posting stays a job of its own");
    const inUs = await search.service.search(
      parseSearchQuery({ q: "ai trainer", country: "US", remote: "remote" }),
    );
    assert.deepEqual(inUs.results.map((r) => r.job_url), [remoteHits[0].job_url]);
    // A place the words name lets the copy there stand, with the others beside it.
    for (const city of ["Tampa", "Charlotte"]) {
      const there = await search.service.search(
        parseSearchQuery({ q: `ai trainer in ${city}`, remote: "remote" }),
      );
      assert.deepEqual(there.results.map((r) => [r.city, r.also_posted_at?.length]), [[city, 2]]);
    }
  } finally {
    await search.close();
  }
});

Deno.test("a town its postings' titles name is read as the place, and a word of the work's titles is not", async () => {
  // Reviewer M52: 52 towns of the real postings were no place ("jobs in pforzheim").
  const search = await createTestSearch({
    jobs: [
      await posting({
        job_title: "Barista - Starbucks Worcester",
        city: "Worcester",
        country: "GB",
      }),
      await posting({
        job_title: "Process Engineer - Pforzheim near Stuttgart",
        city: "Pforzheim",
        country: "DE",
      }),
      await posting({
        job_title: "Process Engineer - Pforzheim near Stuttgart",
        city: "Frankfurt",
        country: "DE",
        job_url: "https://de.indeed.com/viewjob?jk=pf2",
      }),
      await posting({ job_title: "Accountant", city: "Stuttgart", country: "DE" }),
      await posting({ job_title: "Java Spring Boot Developer", city: "Berlin", country: "DE" }),
      await posting({ job_title: "Nurse", city: "Spring", country: "US" }),
    ],
  });
  try {
    const placeOf = async (q: string) =>
      (await search.service.search(parseSearchQuery({ q }))).query_place?.city ?? null;
    assert.equal(await placeOf("jobs in worcester"), "Worcester");
    assert.equal(await placeOf("process engineer in pforzheim"), "Pforzheim");
    assert.equal(await placeOf("java spring developer"), null);
  } finally {
    await search.close();
  }
});

Deno.test("a hint names the place and the words as searched: misspelt or in lower case, as the postings write them", async () => {
  const search = await createTestSearch({
    jobs: [
      await posting({ job_title: "Software Engineer", city: "Berlin", country: "DE" }),
      await posting({ job_title: "Software Engineer", city: "Munich", country: "DE" }),
      await posting({ job_title: "Night Receptionist", city: "London", country: "GB" }),
      await posting({ job_title: "Hotel Porter", city: "London", country: "GB" }),
    ],
  });
  try {
    // Reviewers W52 and M52: "Nothing in londn ... ("softwre engineer" lists ...)".
    const typo = await search.service.search(parseSearchQuery({ q: "softwre engineer in londn" }));
    assert.match(
      typo.hint ?? "",
      /^Nothing in London is near these words \("software engineer" lists/,
    );
    assert.match(typo.hint ?? "", /"jobs in London" lists all 2 postings there\.$/);
    const lower = await search.service.search(parseSearchQuery({ q: "software engineer london" }));
    assert.match(lower.hint ?? "", /^Nothing in London is near/);
  } finally {
    await search.close();
  }
});

/**
 * A care home's postings as JobSpy writes them (invented text): the Leeds job posted twice the
 * same day in two wordings with the same terms, a night-shift job there, the same job in Bradford.
 * No row has pay of its own; each states it in its terms.
 */
function careHomeCsv(): string {
  const terms = (schedule: string) =>
    `\n\nJob Types: Full-time, Part-time, Permanent\n\nPay: £12.20-£12.50 per hour\n\n` +
    `Expected hours: 40 per week\n\nSchedule:\n\n* ${schedule}\n\nWork Location: In person`;
  const rows: [string, string, string][] = [
    [
      "hca1",
      "Leeds, ENG, GB",
      "**Overview**\nWe are looking for a kind health care assistant to support our residents with " +
      "personal care, meals and companionship." + terms("Day shift"),
    ],
    [
      "hca2",
      "Leeds, ENG, GB",
      "**Job Overview**\nJoin our team as a health care assistant: help the people we support with " +
      "their everyday routines and keep their care records." + terms("Day shift"),
    ],
    [
      "hca3",
      "Leeds, ENG, GB",
      "**Overview**\nOur night team needs a health care assistant to keep residents safe and " +
      "comfortable through the night." + terms("Night shift"),
    ],
    [
      "hca4",
      "Bradford, ENG, GB",
      "**Overview**\nWe are looking for a kind health care assistant to support our residents with " +
      "personal care, meals and companionship." + terms("Day shift"),
    ],
  ];
  const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;
  return "site,job_url,title,company,location,date_posted,description\n" + rows.map(
    ([jk, location, description]) =>
      [
        "indeed",
        `https://uk.indeed.com/viewjob?jk=${jk}`,
        "Health Care Assistant",
        "Hbn Caring Services",
        location,
        "2024-12-19",
        description,
      ].map(quote).join(","),
  ).join("\n");
}

Deno.test("a job worded twice with the same terms is listed once; its night shift and other branch are not", async () => {
  const jobs = (await parseJobspyCsv(careHomeCsv())).map((row) => {
    assert.equal(row.kind, "job");
    return (row as Extract<typeof row, { kind: "job" }>).job;
  });
  const search = await createTestSearch({ jobs: [...jobs, ...await postings()] });
  try {
    const out = await search.service.search(
      parseSearchQuery({ q: "health care assistant", top_k: "100" }),
    );
    const care = out.results.filter((r) => r.company_name === "Hbn Caring Services");
    assert.deepEqual(
      care.map((r) => [r.city, r.job_url, r.also_posted_at?.length ?? 0]).toSorted(),
      [
        ["Bradford", "https://uk.indeed.com/viewjob?jk=hca4", 0],
        ["Leeds", care.find((r) => r.also_posted_at)?.job_url, 1],
        ["Leeds", "https://uk.indeed.com/viewjob?jk=hca3", 0],
      ].toSorted(),
    );
    const reposted = care.find((r) => r.also_posted_at)!;
    assert.deepEqual(
      [reposted.job_url, ...reposted.also_posted_at!].toSorted(),
      ["https://uk.indeed.com/viewjob?jk=hca1", "https://uk.indeed.com/viewjob?jk=hca2"],
    );
    // The pay the descriptions state is each result's pay, and what a pay floor compares.
    assert.ok(care.every((r) => r.base_salary === "12.2-12.5 GBP/HOUR"), JSON.stringify(care));
    const floor = await search.service.search(parseSearchQuery({
      q: "health care assistant",
      salary_min: "25000",
      salary_currency: "GBP",
    }));
    assert.equal(
      floor.results.filter((r) => r.company_name === "Hbn Caring Services").length,
      3,
      "12.50 an hour is 26,000 a year",
    );
  } finally {
    await search.close();
  }
});

Deno.test("a place in the query filters by it; explicit city or country wins", async (t) => {
  const search = await createTestSearch({ jobs: await postings() });
  const run = (params: Record<string, string>) => search.service.search(parseSearchQuery(params));
  try {
    await t.step("'nurse jobs in Toronto' gives Toronto's nurses only", async () => {
      const out = await run({ q: "nurse jobs in Toronto" });
      assert.deepEqual(out.query_place, { matched: "Toronto", city: "Toronto" });
      assert.ok(out.total >= 1);
      assert.ok(out.results.every((r) => r.city === "Toronto"), JSON.stringify(out.results));
      assert.ok(out.results.every((r) => /nurse/i.test(r.job_title)), "the barista stays out");
    });
    await t.step("a city written without its accent finds the city", async () => {
      const out = await run({ q: "nurse zurich" });
      assert.equal(out.query_place?.city, "Zürich");
      assert.deepEqual(out.results.map((r) => r.city), ["Zürich"]);
    });
    await t.step("a country name filters by its code", async () => {
      const out = await run({ q: "nurse germany" });
      assert.deepEqual(out.query_place, { matched: "germany", country: "DE" });
      assert.deepEqual(out.results.map((r) => r.country), ["DE"]);
    });
    await t.step("'remote' keeps remote postings", async () => {
      const out = await run({ q: "remote python developer" });
      assert.equal(out.query_place?.remote, true);
      assert.equal(out.total, 1);
      assert.deepEqual(out.results[0].job_tags, ["remote"]);
    });
    await t.step("an explicit city wins over the place in the text", async () => {
      const out = await run({ q: "nurse jobs in Toronto", city: "Berlin" });
      assert.equal(out.query_place, undefined);
      assert.ok(out.results.every((r) => r.city === "Berlin"));
    });
    await t.step(
      "a query that is only a place searches the word, and offers the place's list",
      async () => {
        const out = await run({ q: "Toronto" });
        assert.equal(out.query_place, undefined);
        // After what the words found: here no strong match.
        assert.equal(
          out.hint,
          "No posting is a strong match for these words; the 3 close matches are listed apart " +
            '(`closest`), best first. Searched "Toronto" as words, as a title would say it; ' +
            '"jobs in Toronto" lists all 3 postings there.',
        );
        // The count is what the list would hold under the filters, and "remote" is its own list.
        assert.match(
          (await run({ q: "Toronto", country: "CA" })).hint ?? "",
          /"jobs in Toronto" lists all 3 postings there that pass the filters\.$/,
        );
        assert.equal(
          (await run({ q: "remote" })).hint?.replace(/^.*best first\. /, ""),
          'Searched "remote" as words, as a title would say it; "remote jobs" lists all 2 remote ' +
            "postings.",
        );
        // Quotes typed around the place are no part of what to type.
        assert.match(
          (await run({ q: '"Toronto"' })).hint ?? "",
          /Searched "Toronto" as words, as a title would say it; "jobs in Toronto" lists all 3 /,
        );
        // Not where the words name more than the place, nor where the place has no postings.
        assert.equal((await run({ q: "barista" })).hint, undefined);
        // A place alone without postings says so, as "jobs in Ulaanbaatar" would.
        assert.equal((await run({ q: "Ulaanbaatar" })).hint, "No posting is in Ulaanbaatar.");
      },
    );
    await t.step("a place without postings is applied, named as GeoNames names it", async () => {
      const out = await run({ q: "nurse jobs in Ulaanbaatar" });
      assert.deepEqual(out.query_place, {
        matched: "Ulaanbaatar",
        city: "Ulan Bator",
        country: "MN",
      });
      assert.equal(out.total, 0);
      // Said as having no postings at all (session 57), with what the words find elsewhere.
      assert.match(out.hint ?? "", /^No posting is in Ulaanbaatar; "nurse" lists the \d+ postings/);
    });
    await t.step("another name of a city with postings finds its postings", async () => {
      const out = await run({ q: "nurse practitioner in Zurigo" });
      assert.equal(out.query_place?.city, "Zürich");
      assert.deepEqual(out.results.map((r) => r.city), ["Zürich"]);
    });
    await t.step("a job word that is also a town somewhere is searched, not applied", async () => {
      const out = await run({ q: "truck driver jobs in mobile" });
      assert.equal(out.query_place, undefined);
    });
  } finally {
    await search.close();
  }
});

Deno.test("filters that match nothing explain themselves", async (t) => {
  const search = await createTestSearch({ jobs: await postings() });
  const run = (params: Record<string, string>) => search.service.search(parseSearchQuery(params));
  try {
    await t.step("a city in other case names the spelling to use (city stays exact)", async () => {
      const out = await run({ q: "nurse", city: "toronto" });
      assert.equal(out.total, 0);
      assert.equal(
        out.hint,
        "No postings have the city 'toronto' (city is matched exactly); the postings write it 'Toronto'.",
      );
    });
    await t.step("a filter that excludes everything says how many match without it", async () => {
      const out = await run({ q: "truck driver", country: "DE" });
      assert.equal(out.total, 0);
      assert.equal(
        out.hint,
        "Nothing matches with country=DE; without it the query finds 1 posting.",
      );
    });
    await t.step("the words themselves finding nothing are blamed, not a filter", async () => {
      const out = await run({ q: "asdfghjkl qwertz", country: "DE" });
      assert.equal(out.total, 0);
      assert.match(out.hint ?? "", /^No posting comes near these words: name the work/);
    });
    await t.step("no hint on a good result", async () => {
      const out = await run({ q: "truck driver" });
      assert.equal(out.total, 1);
      assert.equal(out.hint, undefined);
    });
  } finally {
    await search.close();
  }
});

Deno.test("words that find nothing at the place they name point to the place's own list", async () => {
  const search = await createTestSearch({
    jobs: [
      await posting({ job_title: "Sous Chef", city: "Berlin", country: "DE" }),
      await posting({
        job_title: "Kitchen Assistant",
        city: "Berlin",
        country: "DE",
        employment_type: "Part-time",
      }),
      await posting({ job_title: "Pharmacist", city: "Berlin", country: "DE" }),
      await posting({ job_title: "Barista", city: "Toronto", country: "CA" }),
      await posting({
        job_title: "Hybrid Cloud Architect",
        city: "Toronto",
        country: "CA",
        work_mode: "hybrid",
      }),
    ],
  });
  try {
    const run = (params: Record<string, string>) => search.service.search(parseSearchQuery(params));
    // Words with strong matches elsewhere and nothing near them in Berlin: the place's own list
    // is offered, not "nothing matches with the place" (read as if Berlin had no postings).
    // Read alone, how the work is done lists every posting there, none a strong match.
    const elsewhere = await run({ q: "hybrid jobs in Berlin" });
    assert.deepEqual([elsewhere.total, elsewhere.close_total], [0, 3]);
    assert.equal(
      elsewhere.hint,
      'Nothing in Berlin is "hybrid" ("hybrid jobs" lists the one posting elsewhere): all 3 postings ' +
        "there are listed apart as close matches (`closest`).",
    );
    const nothing = await run({ q: "qwertzuiop asdfghjkl in Berlin" });
    assert.deepEqual(
      [nothing.total, nothing.close_total, nothing.closest, nothing.close_nearest_at_place],
      [0, 0, undefined, undefined],
    );
    assert.equal(
      nothing.hint,
      'Nothing in Berlin is near these words; "jobs in Berlin" lists all 3 postings there.',
    );
    // The count is what the suggested query lists.
    assert.equal((await run({ q: "jobs in Berlin" })).total, 3);
    const filtered = await run({
      q: "qwertzuiop asdfghjkl in Berlin",
      employment_type: "parttime",
    });
    assert.equal(
      filtered.hint,
      'Nothing in Berlin is near these words; "jobs in Berlin" lists the one posting there ' +
        "that passes the filters.",
    );
    // Pay the words name is a filter too: the count is under it, and the query suggested names it,
    // so that it lists what it is said to.
    assert.equal(
      (await run({ q: "qwertzuiop asdfghjkl £30k in Berlin" })).hint,
      'Nothing in Berlin is near these words; "£30k jobs in Berlin" lists all 3 postings there ' +
        "that pass the filters.",
    );
    // None there states its pay: the 3 are listed as close matches (session 34).
    const paid = await run({ q: "£30k jobs in Berlin" });
    assert.deepEqual([paid.total, paid.close_total], [0, 3]);
    // A place's own list: what emptied it is counted at the place, not over every posting.
    const browsed = await run({ q: "jobs in Berlin", employment_type: "internship" });
    assert.equal(browsed.total, 0);
    assert.deepEqual(browsed.applied?.emptied_by, ["employment_type"]);
    assert.equal(
      browsed.hint,
      "Nothing matches with employment_type=internship; without it the query finds 3 postings.",
    );
    const nowhere = await run({ q: "jobs in Ulaanbaatar" });
    assert.deepEqual(nowhere.applied?.emptied_by, ["query_place"]);
    assert.equal(nowhere.hint, "No posting is in Ulaanbaatar.");
    // A place without postings, and words with matches there, say nothing of the kind.
    assert.doesNotMatch(
      (await run({ q: "qwertzuiop asdfghjkl in Ulaanbaatar" })).hint ?? "",
      /lists/,
    );
    assert.doesNotMatch((await run({ q: "chef in Berlin" })).hint ?? "", /lists/);
  } finally {
    await search.close();
  }
});

Deno.test("a place without the asked job lists its nearest jobs there as close matches, never strong ones", async () => {
  // Berlin has kitchen jobs near a barista's, but no barista; the bundled postings showed a sous
  // chef and a pharmacist as strong matches for "barista berlin" before weak matches were rescued
  // only unfiltered. They are close matches now, said to be the nearest there.
  const search = await createTestSearch({
    jobs: [
      await posting({ job_title: "Barista", city: "Toronto", country: "CA" }),
      await posting({ job_title: "Sous Chef", city: "Berlin", country: "DE" }),
      await posting({ job_title: "Kitchen Assistant", city: "Berlin", country: "DE" }),
      await posting({ job_title: "Pharmacist", city: "Berlin", country: "DE" }),
    ],
  });
  try {
    const run = (params: Record<string, string>) => search.service.search(parseSearchQuery(params));
    const dated = await run({ q: "barista berlin" });
    assert.deepEqual([dated.total, dated.results, dated.close_nearest_at_place], [0, [], true]);
    const nearest = dated.closest ?? [];
    assert.ok(nearest.length > 0 && nearest.length === dated.close_total);
    for (const hit of nearest) assert.deepEqual([hit.city, hit.match], ["Berlin", "close"]);
    assert.equal(
      dated.hint,
      `Nothing in Berlin is near these words ("barista" lists the one posting elsewhere): ${
        nearest.length === 1
          ? "the one posting there nearest them is listed as a close match"
          : `the ${nearest.length} postings there nearest them are listed as close matches, ` +
            "best first"
      }; "jobs in Berlin" lists all 3 postings there.`,
    );
    // In relevance order they are the list itself, best first, as `closest` was.
    const ranked = await run({ q: "barista berlin", sort: "relevance" });
    assert.deepEqual(ranked.results, nearest);
    // A `city` filter only narrows: the query's own matches (the barista) are not in Berlin.
    const filtered = await run({ q: "barista", city: "Berlin" });
    assert.deepEqual([filtered.results, filtered.closest, filtered.close_nearest_at_place], [
      [],
      undefined,
      undefined,
    ]);
    assert.match(filtered.hint ?? "", /; without it the query finds 1 posting\.$/);
    assert.deepEqual((await run({ q: "barista" })).results.map((r) => r.job_title), ["Barista"]);
  } finally {
    await search.close();
  }
});

Deno.test("a company named before words for a job is the employer where its postings outnumber the titles elsewhere that say it", async () => {
  const search = await createTestSearch({
    jobs: [
      await posting({
        job_title: "Warehouse Associate",
        city: "Leeds",
        company_name: "Amazon.com",
      }),
      await posting({ job_title: "Software Engineer", city: "Berlin", company_name: "Amazon" }),
      await posting({
        job_title: "Cloud Support Engineer",
        city: "Berlin",
        company_name: "Amazon",
      }),
      await posting({
        job_title: "Amazon Connect Consultant",
        city: "Leeds",
        company_name: "Reply",
      }),
      await posting({ job_title: "Account Executive", city: "London", company_name: "Salesforce" }),
      await posting({ job_title: "Salesforce Developer", city: "Leeds", company_name: "Acme Ltd" }),
      await posting({ job_title: "Salesforce Administrator", city: "York", company_name: "Beta" }),
      await posting({ job_title: "Registered Nurse", city: "Leeds", company_name: "NHS" }),
      await posting({ job_title: "Barista", city: "Worcester", company_name: "Starbucks" }),
      await posting({
        job_title: "Starbucks Barista",
        city: "Las Vegas",
        company_name: "El Cortez",
      }),
      // A company named as a reading ("remote jobs") or a place: the words say the reading.
      ...await Promise.all(
        ["Product Designer", "Payroll Specialist", "Account Executive"].map((job_title) =>
          posting({ job_title, city: "Remote", company_name: "Remote.com" })
        ),
      ),
      await posting({ job_title: "Graduate Engineer", city: "Leeds", company_name: "Graduate" }),
      await posting({ job_title: "Data Analyst", city: "Leeds", company_name: "Graduate Ltd" }),
    ],
  });
  try {
    const run = (q: string) => search.service.search(parseSearchQuery({ q, sort: "relevance" }));
    // Session 48: "amazon jobs" listed one strong match, a title that says "Amazon", where "jobs
    // at Amazon" lists every posting of Amazon's.
    for (const q of ["amazon jobs", "Amazon careers", "NHS vacancies"]) {
      const out = await run(q);
      const at = await run(`jobs at ${q.split(" ")[0]}`);
      assert.deepEqual(out.query_company, at.query_company, q);
      assert.deepEqual(out.results.map((r) => r.job_url), at.results.map((r) => r.job_url), q);
    }
    assert.equal((await run("amazon jobs")).total, 3);
    // Where the titles elsewhere that say the name outnumber the company's own postings, the name
    // is a word of the work: "salesforce jobs" lists the Salesforce developers.
    const salesforce = await run("salesforce jobs");
    assert.equal(salesforce.query_company, undefined);
    assert.ok(salesforce.results.some((r) => r.job_title === "Salesforce Developer"));
    // As many titles elsewhere as postings of its own: the words, which list the casino's barista
    // whose title says "Starbucks" too.
    const starbucks = await run("starbucks jobs");
    assert.equal(starbucks.query_company, undefined);
    assert.ok(starbucks.results.some((r) => r.job_title === "Starbucks Barista"));
    for (const q of ["remote jobs", "graduate jobs"]) {
      assert.equal((await run(q)).query_company, undefined, q);
    }
    assert.equal((await run("remote jobs")).query_place?.remote, true);
  } finally {
    await search.close();
  }
});

Deno.test("a company named after 'at' or 'for' is what the query asks: only its postings", async () => {
  const search = await createTestSearch({
    jobs: [
      await posting({
        job_title: "Warehouse Associate",
        city: "Leeds",
        company_name: "Amazon.com",
      }),
      await posting({ job_title: "Software Engineer", city: "Berlin", company_name: "Amazon.com" }),
      await posting({
        job_title: "Cloud Support Engineer",
        city: "Berlin",
        company_name: "Amazon",
      }),
      await posting({ job_title: "Software Engineer", city: "Munich", company_name: "Google" }),
      await posting({ job_title: "Data Analyst", city: "Munich", company_name: "Google" }),
      await posting({ job_title: "Registered Nurse", city: "Leeds", company_name: "NHS" }),
      await posting({ job_title: "Software Engineer", city: "Leeds", company_name: "Acme Ltd" }),
    ],
  });
  try {
    const run = (params: Record<string, string>) => search.service.search(parseSearchQuery(params));
    const companyOf = (out: Awaited<ReturnType<typeof run>>) =>
      [...out.results, ...(out.closest ?? [])].map((r) => r.company_name).sort();
    // Its words alone list every posting of it, as "jobs in Leeds" lists a place's.
    // Asking words alone name no job, as "jobs" does: the company's every posting.
    const asked = await run({ q: "what jobs are available at Amazon?" });
    assert.deepEqual([asked.total, asked.query_company?.matched], [3, "Amazon"]);
    const amazon = await run({ q: "jobs at Amazon" });
    assert.deepEqual(amazon.query_company, {
      matched: "Amazon",
      company: ["Amazon.com", "Amazon"],
    });
    assert.deepEqual(companyOf(amazon), ["Amazon", "Amazon.com", "Amazon.com"]);
    assert.equal(amazon.total, 3);
    // With a role: the role there, and only there ("software engineer" alone finds three).
    const google = await run({ q: "software engineer at Google", sort: "relevance" });
    assert.deepEqual(companyOf(google).filter((c) => c !== "Google"), []);
    assert.equal(google.results[0]?.job_title, "Software Engineer");
    // A `company` parameter narrows further: nothing is both, though each alone has one.
    const both = await run({ q: "software engineer at Amazon", company: "Google" });
    assert.equal(both.total, 0);
    assert.deepEqual(both.applied?.emptied_by, ["company", "query_company"]);
    assert.equal(
      both.hint,
      "Nothing matches with company=Google, the company in the query ('Amazon'); without them " +
        "the query finds 3 postings.",
    );
    assert.deepEqual(both.query_company?.company, ["Amazon.com", "Amazon"]);
    // The words find postings, but none of the company's (none even close): its own list is
    // offered too (session 35).
    const googleCount = (await run({ q: "jobs at Google" })).total;
    assert.ok(googleCount > 1);
    const nurse = await run({ q: "registered nurse at Google" });
    assert.deepEqual([nurse.total, nurse.close_total], [0, 0]);
    assert.equal(
      nurse.hint,
      "Nothing matches with the company in the query ('Google'); without it the query finds 1 " +
        `posting. "jobs at Google" lists all ${googleCount} of its postings.`,
    );
    // The words find nothing anywhere: the company's own list is offered (session 34).
    const far = await run({ q: "qwertzuiop asdfghjkl at Google" });
    assert.deepEqual([far.total, far.close_total], [0, 0]);
    assert.equal(
      far.hint,
      `Nothing at Google is near these words; "jobs at Google" lists all ${googleCount} of its ` +
        "postings.",
    );
    // "amazon jobs" names it too, where no title elsewhere says its name (session 48; before, its
    // words were searched).
    assert.equal((await run({ q: "amazon jobs" })).query_company?.matched, "amazon");
  } finally {
    await search.close();
  }
});

Deno.test("a region in the query lists the postings whose city lies in it", async () => {
  const search = await createTestSearch({
    jobs: [
      await posting({ job_title: "Software Developer", city: "Houston", country: "US" }),
      await posting({ job_title: "Software Developer", city: "Austin", country: "US" }),
      await posting({ job_title: "Software Developer", city: "Los Angeles", country: "US" }),
      await posting({ job_title: "Software Developer", city: "Atlanta", country: "US" }),
      await posting({ job_title: "Registered Nurse", city: "Dallas", country: "US" }),
      await posting({ job_title: "Texas Roadhouse Server", city: "Atlanta", country: "US" }),
    ],
  });
  try {
    const run = (params: Record<string, string>) => search.service.search(parseSearchQuery(params));
    const texas = await run({ q: "developer in Texas", sort: "relevance" });
    assert.deepEqual(texas.query_place, {
      matched: "Texas",
      region: "Texas",
      country: "US",
    });
    const strongThere = texas.results.filter((r) => r.match === "strong").map((r) => r.city);
    assert.deepEqual(strongThere.sort(), ["Austin", "Houston"]);
    // The region's other postings nearest the words follow as close matches (up to a page).
    assert.ok(texas.results.every((r) => ["Austin", "Dallas", "Houston"].includes(r.city!)));
    // Every posting there, as "jobs in Leeds" lists a city's.
    const all = await run({ q: "jobs in Texas" });
    assert.deepEqual(all.results.map((r) => r.city).sort(), ["Austin", "Dallas", "Houston"]);
    assert.deepEqual((await run({ q: "jobs in California" })).results.map((r) => r.city), [
      "Los Angeles",
    ]);
    // Said last without "in" ("nurse texas"), though one title uses the word: Texas has more
    // postings than titles say "Texas".
    const last = await run({ q: "registered nurse texas", sort: "relevance" });
    assert.equal(last.query_place?.region, "Texas");
    assert.equal(last.results[0].city, "Dallas");
    assert.deepEqual(last.results.map((r) => r.city).sort(), ["Austin", "Dallas", "Houston"]);
  } finally {
    await search.close();
  }
});

/**
 * A JobSpy CSV of postings as the boards write them, each `[jk, title, location]`: Indian ones
 * with a region and no city ("MH, IN").
 */
function boardCsv(rows: [string, string, string][], company = "Clinic"): string {
  const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;
  return "site,job_url,title,company,location,date_posted,description\n" + rows.map(
    ([jk, title, location]) =>
      [
        "indeed",
        `https://in.indeed.com/viewjob?jk=${jk}`,
        title,
        company,
        location,
        "2024-12-19",
        `${title} wanted.`,
      ].map(quote).join(","),
  ).join("\n");
}

/** Indian postings that name only their region, beside others that name their city. */
function regionOnlyCsv(): string {
  return boardCsv([
    ["in1", "Staff Nurse", "MH, IN"],
    ["in2", "ICU Staff Nurse", "MH, IN"],
    ["in3", "Customer Care Executive only for mumbai candidates", "MH, IN"],
    ["in4", "Staff Nurse", "KA, IN"],
    ["in5", "Staff Nurse", "Thane, MH, IN"],
    ["in6", "Registered Nurse", "Leeds, ENG, GB"],
    ["de1", "Staff Nurse", "Berlin, BE, DE"],
    ["de2", "Registered Nurse", "BE, DE"],
  ]);
}

Deno.test("postings that name only their region are in it, and at its cities where they have none", async () => {
  const jobs = (await parseJobspyCsv(regionOnlyCsv())).map((row) => {
    assert.equal(row.kind, "job");
    return (row as Extract<typeof row, { kind: "job" }>).job;
  });
  // The region is kept, by its English name, only where no city is named.
  assert.deepEqual(jobs.map((job) => [job.city, job.country, job.region]), [
    ["", "IN", "Maharashtra"],
    ["", "IN", "Maharashtra"],
    ["", "IN", "Maharashtra"],
    ["", "IN", "Karnataka"],
    ["Thane", "IN", undefined],
    ["Leeds", "GB", undefined],
    ["Berlin", "DE", undefined],
    ["", "DE", "Berlin"],
  ]);
  const search = await createTestSearch({ jobs });
  try {
    const run = (q: string) => search.service.search(parseSearchQuery({ q, sort: "relevance" }));
    const urls = (out: { results: { job_url: string }[] }) =>
      out.results.map((r) => r.job_url.slice(-3)).sort();
    // Mumbai has no posting of its own: its region's postings that name no city stand in, though
    // one title uses "mumbai" (fewer titles than such postings). Thane's names another city.
    const mumbai = await run("nurse in mumbai");
    assert.deepEqual(mumbai.query_place, { matched: "mumbai", city: "Mumbai", country: "IN" });
    assert.deepEqual(urls(mumbai), ["in1", "in2"]);
    assert.ok(mumbai.results.every((r) => r.match === "strong"));
    assert.deepEqual(mumbai.results.map((r) => [r.city, r.region]).slice(0, 1), [
      ["", "Maharashtra"],
    ]);
    assert.equal((await run("customer care executive mumbai")).query_place?.city, "Mumbai");
    // Another region's city lists its own region's, not Maharashtra's.
    assert.deepEqual(urls(await run("nurse in bangalore")), ["in4"]);
    // The region counts them beside its cities' postings.
    assert.deepEqual(urls(await run("jobs in maharashtra")), ["in1", "in2", "in3", "in5"]);
    assert.deepEqual(urls(await run("nurse in leeds")), ["in6"]);
    // A city with postings of its own lists those alone, its country said or not.
    assert.deepEqual(urls(await run("nurse in Berlin, Germany")), ["de1"]);
    assert.deepEqual(urls(await run("nurse in Berlin")), ["de1"]);
    // Every place line shows the region where there is no city.
    const response = toSearchResponse(REQUEST_ID, mumbai);
    const mcp = buildSearchPage(parseSearchQuery({ q: "nurse in mumbai" }), response, {
      maxChars: 20_000,
    });
    assert.ok(mcp.text.includes("Maharashtra, IN"), mcp.text);
    assert.ok(formatResults(response, 0, 160, "relevance").includes("Maharashtra"));
  } finally {
    await search.close();
  }
});

Deno.test("a word of the titles that is only another name of a city with region-only postings is the word", async () => {
  // Session 54: "Deli" (Delhi in Malay) was Delhi wherever Delhi's postings naming only their
  // region ("DL, IN") outnumbered the titles saying "deli", as "only for mumbai candidates" is
  // Mumbai: "deli counter jobs in leeds" listed Delhi's postings, Leeds unread.
  const csv = boardCsv([
    ["d1", "Staff Nurse", "DL, IN"],
    ["d2", "Sales Executive", "DL, IN"],
    ["d3", "Customer Care Executive", "DL, IN"],
    ["l1", "Deli Assistant", "Leeds, ENG, GB"],
    ["l2", "Care Assistant", "Leeds, ENG, GB"],
  ], "Shop");
  const jobs = (await parseJobspyCsv(csv)).map((row) =>
    (row as Extract<typeof row, { kind: "job" }>).job
  );
  const search = await createTestSearch({ jobs });
  try {
    const run = (q: string) => search.service.search(parseSearchQuery({ q, sort: "relevance" }));
    const leeds = await run("deli assistant jobs in leeds");
    assert.equal(leeds.query_place?.city, "Leeds");
    assert.equal(leeds.results[0]?.job_title, "Deli Assistant");
    const plain = await run("deli assistant");
    assert.equal(plain.query_place, undefined);
    assert.equal(plain.results[0]?.job_title, "Deli Assistant");
    // The city's own name stays the city.
    assert.equal((await run("nurse delhi")).query_place?.country, "IN");
    // A word of English naming a town without postings is the word (reviewer R54b: "retail sale"
    // was jobs in Salé, Morocco); after "in" it is the town.
    assert.equal((await run("retail sale")).query_place, undefined);
    assert.equal((await run("car sale jobs")).query_place, undefined);
    assert.equal((await run("jobs in sale")).query_place?.city, "Sale");
  } finally {
    await search.close();
  }
});

Deno.test("home working and a place in one query keep the remote postings of that place", async () => {
  const search = await createTestSearch({
    jobs: [
      await posting({
        job_title: "Python Developer",
        city: "Remote",
        country: "DE",
        job_tags: ["remote"],
        work_mode: "remote",
      }),
      await posting({ job_title: "Python Developer", city: "Berlin", country: "DE" }),
      await posting({
        job_title: "Python Developer",
        city: "Remote",
        country: "GB",
        job_tags: ["remote"],
        work_mode: "remote",
      }),
      await posting({ job_title: "Python Developer", city: "London", country: "GB" }),
    ],
  });
  try {
    const run = (params: Record<string, string>) => search.service.search(parseSearchQuery(params));
    const out = await run({ q: "remote python developer Germany" });
    assert.deepEqual(out.query_place, { matched: "remote, Germany", country: "DE", remote: true });
    assert.deepEqual(out.results.map((r) => [r.city, r.country]), [["Remote", "DE"]]);
    // The hints name the place by its own words, home working beside them.
    const nothing = await run({ q: "qwertzuiop asdfghjkl work from home UK" });
    assert.equal(
      nothing.hint,
      'Nothing among the remote postings in UK is near these words; "remote jobs in UK" lists ' +
        "the one posting there.",
    );
    assert.equal((await run({ q: "remote jobs in the UK" })).total, 1);
    assert.equal(
      (await run({ q: "remote jobs in France" })).hint,
      "No posting is remote in France.",
    );
  } finally {
    await search.close();
  }
});

Deno.test("the hours alone at a place list its postings, those whose title says them first", async () => {
  const search = await createTestSearch({
    jobs: [
      await posting({ job_title: "Night Receptionist", city: "London", country: "GB" }),
      await posting({ job_title: "Overnight Security Officer", city: "London", country: "GB" }),
      await posting({
        job_title: "Receptionist",
        city: "London",
        country: "GB",
        // A description's "nights" may be anything: the title does not say it.
        job_description: "Front desk work, days and nights on a rota, no weekends.",
      }),
      await posting({ job_title: "Night Auditor", city: "Houston", country: "US" }),
      await posting({ job_title: "Weekend Supervisor", city: "Houston", country: "US" }),
    ],
  });
  try {
    const run = (params: Record<string, string>) => search.service.search(parseSearchQuery(params));
    const titles = (out: Awaited<ReturnType<typeof run>>) => out.results.map((r) => r.job_title);
    const nights = await run({ q: "night shift jobs in London", sort: "relevance" });
    assert.deepEqual(titles(nights).slice(0, 2).sort(), [
      "Night Receptionist",
      "Overnight Security Officer",
    ]);
    assert.equal(nights.total, 2);
    assert.deepEqual(nights.results.map((r) => [r.city, r.match]), [
      ["London", "strong"],
      ["London", "strong"],
      ["London", "close"],
    ]);
    // Said, as the other readings are, by REST and in MCP's text.
    assert.deepEqual(nights.query_shift, {
      matched: "night shift",
      says: ["night", "nights", "overnight", "nightshift"],
    });
    const mcp = buildSearchPage(
      parseSearchQuery({ q: "night shift jobs in London" }),
      toSearchResponse(REQUEST_ID, nights),
      { maxChars: 20_000 },
    );
    assert.ok(
      mcp.text.includes(
        'Read "night shift" as the hours, not as the work: the postings there whose title says ' +
          "night, nights, overnight or nightshift are the strong matches",
      ),
      mcp.text,
    );
    for (const said of ["overnight jobs in London", "nights in London", "night work in London"]) {
      assert.equal((await run({ q: said })).total, 2, said);
    }
    // Where no posting there says the hours, the place's postings are all close matches (the
    // words searched had listed its few nearest by meaning, near no title: session 42).
    const weekends = await run({ q: "weekend jobs in London", sort: "relevance" });
    assert.equal(weekends.total, 0);
    assert.equal(weekends.query_shift?.matched, "weekend");
    assert.deepEqual(
      weekends.results.map((r) => [r.city, r.match]),
      Array(3).fill(["London", "close"]),
    );
    assert.equal((await run({ q: "weekend jobs in Houston" })).total, 1);
    // Hours beside the work are the work's ("night auditor"), and alone with no place, words.
    assert.deepEqual(titles(await run({ q: "night auditor in Houston" })), ["Night Auditor"]);
    // A filter only narrows the place's list.
    const filtered = await run({ q: "night shift jobs in London", source: "indeed" });
    assert.ok(filtered.total <= nights.total);
  } finally {
    await search.close();
  }
});

Deno.test("a seniority alone at a place lists its postings, those of that level first", async () => {
  const search = await createTestSearch({
    jobs: [
      await posting({
        job_title: "Junior Analyst",
        city: "Berlin",
        country: "DE",
        seniority: "junior",
      }),
      // The board's job level says it ("Entry level"), not the title.
      await posting({
        job_title: "Marketing Assistant",
        city: "Berlin",
        country: "DE",
        seniority_level: "Entry level",
        seniority: "junior",
      }),
      await posting({
        job_title: "Werkstudent IT",
        city: "Berlin",
        country: "DE",
        seniority: "intern",
      }),
      await posting({
        job_title: "Senior Engineer",
        city: "Berlin",
        country: "DE",
        seniority: "senior",
      }),
      await posting({ job_title: "Barista", city: "Berlin", country: "DE" }),
      await posting({
        job_title: "Junior Developer",
        city: "Leeds",
        country: "GB",
        seniority: "junior",
      }),
      await posting({ job_title: "Customer Experience Engineer", city: "Leeds", country: "GB" }),
      await posting({ job_title: "Customer Service Advisor", city: "Leeds", country: "GB" }),
    ],
  });
  try {
    const run = (params: Record<string, string>) => search.service.search(parseSearchQuery(params));
    const titles = (out: Awaited<ReturnType<typeof run>>) => out.results.map((r) => r.job_title);
    const entry = await run({ q: "entry level jobs in Berlin", sort: "relevance" });
    assert.deepEqual(entry.query_seniority, {
      matched: "entry level",
      seniority: ["junior", "intern"],
    });
    assert.equal(entry.total, 3);
    assert.deepEqual(titles(entry).slice(0, 3).sort(), [
      "Junior Analyst",
      "Marketing Assistant",
      "Werkstudent IT",
    ]);
    // The place's others are close matches: nothing there is left out.
    assert.deepEqual(entry.results.slice(3).map((r) => [r.city, r.match]), [
      ["Berlin", "close"],
      ["Berlin", "close"],
    ]);
    for (
      const said of [
        "no experience needed jobs in Berlin",
        "Entry-level roles in Berlin",
        // After the place, "with no experience" is the level, not phrasing dropped (session 34).
        "jobs in Berlin with no experience",
        "jobs in Berlin no experience needed",
      ]
    ) {
      const read = await run({ q: said });
      assert.equal(read.total, 3, said);
      assert.deepEqual(read.query_seniority?.seniority, ["junior", "intern"], said);
    }
    const graduate = await run({ q: "graduate jobs in Berlin" });
    assert.deepEqual(graduate.query_seniority?.seniority, ["junior"]);
    assert.equal(graduate.total, 2);
    assert.deepEqual(titles(await run({ q: "senior roles in Berlin" })), ["Senior Engineer"]);
    // Where no posting there is of the level, every posting there is a close match, and the
    // hint says why and how many are of the level elsewhere (the words alone list them).
    const seniorLeeds = await run({ q: "senior roles in Leeds", sort: "relevance" });
    assert.deepEqual(seniorLeeds.query_seniority?.seniority, ["senior"]);
    assert.equal(seniorLeeds.total, 0);
    assert.deepEqual(seniorLeeds.results.map((r) => [r.city, r.match]), [
      ["Leeds", "close"],
      ["Leeds", "close"],
      ["Leeds", "close"],
    ]);
    assert.equal(
      seniorLeeds.hint,
      'Nothing in Leeds is "senior" ("senior jobs" lists the one posting elsewhere): all 3 ' +
        'postings there are listed as close matches (`match: "close"`).',
    );
    // In date order the strong set is empty and the place's postings are apart.
    const byDate = await run({ q: "senior roles in Leeds" });
    assert.deepEqual([byDate.results.length, byDate.closest?.length], [0, 3]);
    assert.match(byDate.hint ?? "", /listed apart as close matches \(`closest`\)\.$/);
    // A filter only narrows what is listed there.
    const juniorThere = await run({
      q: "senior roles in Leeds",
      seniority: "junior",
      sort: "relevance",
    });
    assert.deepEqual(juniorThere.results.map((r) => r.job_title), ["Junior Developer"]);
    assert.match(
      juniorThere.hint ?? "",
      /: the one posting there that passes the filters is listed as a close match /,
    );
    // A level beside the work keeps the work's words (and rules levels out: "a level said beside
    // the work", below); alone without a place, the level's postings anywhere (the next test).
    const analyst = await run({ q: "junior analyst in Berlin" });
    assert.equal(analyst.query_seniority?.beside_work, true);
    assert.equal(titles(analyst)[0], "Junior Analyst");
    assert.ok((await run({ q: "entry level jobs" })).query_seniority);
    // A filter only narrows the place's list.
    const filtered = await run({ q: "entry level jobs in Berlin", seniority: "intern" });
    assert.deepEqual(titles(filtered), ["Werkstudent IT"]);
    // MCP and the CLI say what was read, and how to keep only that level.
    const response = toSearchResponse(REQUEST_ID, entry);
    const mcp = buildSearchPage(parseSearchQuery({ q: "entry level jobs in Berlin" }), response, {
      maxChars: 20_000,
    });
    assert.ok(
      mcp.text.includes('Read "entry level" as the seniority (junior, intern), not as the work'),
      mcp.text,
    );
    assert.ok(mcp.text.includes('seniority "junior,intern" keeps only the first'), mcp.text);
    assert.deepEqual(mcp.structured.query_seniority, entry.query_seniority);
    const table = formatResults(response, 0, 120, "relevance");
    assert.ok(table.includes("--seniority junior,intern keeps only the first"), table);
  } finally {
    await search.close();
  }
});

Deno.test("how the work is done, alone at a place ('hybrid jobs in Amsterdam'), lists the postings done that way first", async () => {
  const search = await createTestSearch({
    jobs: [
      await posting({
        job_title: "Data Analyst",
        city: "Amsterdam",
        country: "NL",
        work_mode: "hybrid",
      }),
      await posting({
        job_title: "Designer",
        city: "Amsterdam",
        country: "NL",
        work_mode: "remote",
      }),
      await posting({ job_title: "Barista", city: "Amsterdam", country: "NL" }),
      await posting({ job_title: "Nurse", city: "Amsterdam", country: "NL", work_mode: "onsite" }),
      await posting({ job_title: "Chef", city: "Houston", country: "US" }),
    ],
  });
  try {
    const run = (params: Record<string, string>) => search.service.search(parseSearchQuery(params));
    const titles = (out: Awaited<ReturnType<typeof run>>) => out.results.map((r) => r.job_title);
    const hybrid = await run({ q: "hybrid jobs in Amsterdam", sort: "relevance" });
    assert.deepEqual(hybrid.query_work_mode, { matched: "hybrid", work_mode: "hybrid" });
    assert.equal(hybrid.total, 1);
    assert.equal(titles(hybrid)[0], "Data Analyst");
    // The place's others are close matches: nothing there is left out.
    assert.equal(hybrid.results.length, 4);
    assert.ok(hybrid.results.slice(1).every((r) => r.match === "close" && r.city === "Amsterdam"));
    // On-site: those that say so, or say neither remote nor hybrid.
    const onsite = await run({ q: "on-site jobs in Amsterdam" });
    assert.deepEqual(titles(onsite).sort(), ["Barista", "Nurse"]);
    // "In person" and "in the office" say it too ("in" is not a request there).
    // Said back as typed, not as read ("on site", "onsite").
    assert.equal(onsite.query_work_mode?.matched, "on-site");
    for (const q of ["in person jobs in Amsterdam", "jobs in the office in Amsterdam"]) {
      const said = await run({ q });
      assert.equal(said.query_work_mode?.work_mode, "onsite", q);
      assert.match(said.query_work_mode?.matched ?? "", /^in (?:person|the office)$/, q);
      assert.deepEqual(titles(said).sort(), ["Barista", "Nurse"], q);
    }
    // Where no posting there is done that way, the place's postings are close matches.
    const houston = await run({ q: "hybrid jobs in Houston", sort: "relevance" });
    assert.deepEqual(houston.query_work_mode, { matched: "hybrid", work_mode: "hybrid" });
    assert.deepEqual(titles(houston), ["Chef"]);
    assert.equal(houston.results[0].match, "close");
    // A filter only narrows; the response says how to keep only those that say it.
    assert.deepEqual(titles(await run({ q: "on-site jobs in Amsterdam", remote: "onsite" })), [
      "Nurse",
    ]);
    const response = toSearchResponse(REQUEST_ID, hybrid);
    const mcp = buildSearchPage(parseSearchQuery({ q: "hybrid jobs in Amsterdam" }), response, {
      maxChars: 20_000,
    });
    assert.ok(mcp.text.includes('Read "hybrid" as how the work is done (hybrid)'), mcp.text);
    assert.ok(mcp.text.includes('remote "hybrid" keeps only the first'), mcp.text);
    const table = formatResults(response, 0, 120, "relevance");
    assert.ok(table.includes("--remote hybrid keeps only the first"), table);
  } finally {
    await search.close();
  }
});

Deno.test("several readings alone at a place ('senior hybrid roles in Amsterdam', 'part-time evening jobs') list the postings that are all of them first", async () => {
  const search = await createTestSearch({
    jobs: [
      await posting({
        job_title: "Senior Data Analyst",
        seniority: "senior",
        city: "Amsterdam",
        country: "NL",
        work_mode: "hybrid",
      }),
      await posting({
        job_title: "Senior Designer",
        city: "Amsterdam",
        country: "NL",
        seniority: "senior",
      }),
      await posting({
        job_title: "Junior Tester",
        seniority: "junior",
        city: "Amsterdam",
        country: "NL",
        work_mode: "hybrid",
      }),
      await posting({
        job_title: "Evening Cleaner",
        city: "Leeds",
        country: "GB",
        employment_type: "parttime",
      }),
      await posting({ job_title: "Evening Cook", city: "Leeds", country: "GB" }),
      // The title says hybrid where the board's field does not.
      await posting({
        job_title: "Senior Platform Engineer (Amsterdam, hybrid)",
        seniority: "senior",
        city: "Amsterdam",
        country: "NL",
      }),
      await posting({
        job_title: "Barista",
        city: "Leeds",
        country: "GB",
        employment_type: "parttime",
      }),
      await posting({
        job_title: "Intern Developer",
        seniority: "intern",
        city: "Remote",
        country: "DE",
        work_mode: "remote",
      }),
      await posting({
        job_title: "Staff Engineer",
        seniority: "senior",
        city: "Remote",
        country: "DE",
        work_mode: "remote",
      }),
    ],
  });
  try {
    const run = (params: Record<string, string>) => search.service.search(parseSearchQuery(params));
    const strong = (out: Awaited<ReturnType<typeof run>>) =>
      out.results.filter((r) => r.match === "strong").map((r) => r.job_title);
    const both = await run({ q: "senior hybrid roles in Amsterdam", sort: "relevance" });
    assert.deepEqual(both.query_seniority, { matched: "senior", seniority: ["senior"] });
    assert.deepEqual(both.query_work_mode, { matched: "hybrid", work_mode: "hybrid" });
    assert.deepEqual(strong(both).sort(), [
      "Senior Data Analyst",
      "Senior Platform Engineer (Amsterdam, hybrid)",
    ]);
    // The place's others are close matches: each is one of the two or neither.
    assert.equal(both.results.length, 4);
    // Each sentence says a strong match is the other reading too.
    const mcp = buildSearchPage(
      parseSearchQuery({ q: "senior hybrid roles in Amsterdam" }),
      toSearchResponse(REQUEST_ID, both),
      { maxChars: 20_000 },
    );
    assert.ok(mcp.text.includes('are the strong matches where they are also "senior"'), mcp.text);
    assert.ok(mcp.text.includes('are the strong matches where they are also "hybrid"'), mcp.text);
    const evening = await run({ q: "part-time evening jobs in Leeds", sort: "relevance" });
    assert.equal(evening.query_employment?.employment_type, "parttime");
    assert.deepEqual(strong(evening), ["Evening Cleaner"]);
    // After home working the level still reads: "remote jobs no experience".
    const remote = await run({ q: "remote jobs no experience", sort: "relevance" });
    assert.deepEqual(remote.query_seniority?.seniority, ["junior", "intern"]);
    assert.deepEqual(strong(remote), ["Intern Developer"]);
    // Where no posting there is all of them, the others are read without the one none is too
    // (the hours first), and the response says so.
    const none = await run({ q: "junior evening jobs in Amsterdam", sort: "relevance" });
    assert.deepEqual(none.query_seniority?.seniority, ["junior"]);
    assert.equal(none.query_shift, undefined);
    assert.deepEqual(strong(none), ["Junior Tester"]);
    assert.equal(
      none.hint,
      'Nothing in Amsterdam is "evening" as well: the strong matches are what the rest of the ' +
        "query names.",
    );
    // Two none there is too are both left out, and both said.
    const two = await run({ q: "senior part-time evening jobs in Amsterdam", sort: "relevance" });
    assert.deepEqual(two.query_seniority?.seniority, ["senior"]);
    assert.equal(two.query_employment, undefined);
    assert.equal(
      two.hint,
      'Nothing in Amsterdam is "evening" and "part-time" as well: the strong matches are what the ' +
        "rest of the query names.",
    );
    // A filter only narrows: the seniority filter keeps the strong match alone.
    assert.deepEqual(
      (await run({ q: "senior hybrid roles in Amsterdam", seniority: "senior", remote: "hybrid" }))
        .results.map((r) => r.job_title),
      ["Senior Data Analyst"],
    );
  } finally {
    await search.close();
  }
});

Deno.test("'remote or hybrid jobs in Berlin' lists Berlin's postings, those remote or hybrid first; 'remote' alone stays a place", async () => {
  const search = await createTestSearch({
    jobs: [
      await posting({ job_title: "Designer", city: "Berlin", country: "DE", work_mode: "hybrid" }),
      await posting({ job_title: "Engineer", city: "Berlin", country: "DE", work_mode: "remote" }),
      await posting({ job_title: "Barista", city: "Berlin", country: "DE" }),
      await posting({ job_title: "Nurse", city: "Berlin", country: "DE", work_mode: "onsite" }),
      await posting({ job_title: "Chef", city: "Leeds", country: "GB", work_mode: "hybrid" }),
      await posting({ job_title: "Cook", city: "Paris", country: "FR" }),
    ],
  });
  try {
    const run = (params: Record<string, string>) => search.service.search(parseSearchQuery(params));
    const strong = (out: Awaited<ReturnType<typeof run>>) =>
      out.results.filter((r) => r.match === "strong").map((r) => r.job_title).sort();
    for (const q of ["remote or hybrid jobs in Berlin", "hybrid/remote jobs in Berlin"]) {
      const either = await run({ q, sort: "relevance" });
      assert.equal(either.query_work_mode?.work_mode, "remote,hybrid", q);
      assert.deepEqual(either.query_place, { matched: "Berlin", city: "Berlin" }, q);
      assert.deepEqual(strong(either), ["Designer", "Engineer"], q);
      // Berlin's others are close matches; Leeds' hybrid posting is not listed.
      assert.deepEqual(either.results.map((r) => r.city), Array(4).fill("Berlin"), q);
    }
    // A way said twice is one; every way named is every posting there.
    const twice = await run({ q: "hybrid or remote or hybrid jobs in Berlin" });
    assert.equal(twice.query_work_mode?.work_mode, "remote,hybrid");
    const every = await run({ q: "remote, hybrid or onsite jobs in Berlin", sort: "relevance" });
    assert.equal(every.query_work_mode, undefined);
    assert.deepEqual([every.total, every.query_place?.remote], [4, undefined]);
    // "In person" is on-site there too.
    const inPerson = await run({ q: "remote or in person jobs in Berlin", sort: "relevance" });
    assert.equal(inPerson.query_work_mode?.work_mode, "remote,onsite");
    assert.deepEqual(strong(inPerson), ["Barista", "Engineer", "Nurse"]);
    // Neither way at the place: its own list is offered, not "remote" and the place together.
    const neither = await run({ q: "remote or hybrid jobs in Paris" });
    assert.deepEqual(neither.query_place, { matched: "Paris", city: "Paris" });
    assert.match(
      neither.hint ?? "",
      /^Nothing in Paris is "remote or hybrid" \("remote or hybrid jobs" lists the 3 postings elsewhere\): the one posting there is listed apart as a close match/,
    );
    // Home working alone with a city is still the remote postings there.
    assert.deepEqual(strong(await run({ q: "remote jobs in Berlin" })), ["Engineer"]);
    // A filter only narrows.
    const hybridOnly = await run({ q: "remote or hybrid jobs in Berlin", remote: "hybrid" });
    assert.deepEqual(hybridOnly.results.map((r) => r.job_title), ["Designer"]);
    const response = toSearchResponse(
      REQUEST_ID,
      await run({ q: "remote or hybrid jobs in Berlin" }),
    );
    const mcp = buildSearchPage(
      parseSearchQuery({ q: "remote or hybrid jobs in Berlin" }),
      response,
      {
        maxChars: 20_000,
      },
    );
    assert.ok(
      mcp.text.includes('Read "remote or hybrid" as how the work is done (remote or hybrid)'),
      mcp.text,
    );
    assert.ok(mcp.text.includes('remote "remote,hybrid" keeps only the first'), mcp.text);
  } finally {
    await search.close();
  }
});

Deno.test("a reading alone with no place ('hybrid jobs', 'part time work', 'work from home') lists its postings anywhere, and only they", async () => {
  const search = await createTestSearch({
    jobs: [
      await posting({
        job_title: "Data Analyst",
        city: "Amsterdam",
        country: "NL",
        work_mode: "hybrid",
      }),
      await posting({ job_title: "Designer", city: "Berlin", country: "DE", work_mode: "remote" }),
      await posting({ job_title: "Chef", city: "Houston", country: "US", work_mode: "hybrid" }),
      await posting({ job_title: "Barista", city: "Leeds", country: "GB" }),
      await posting({
        job_title: "Nurse",
        city: "Leeds",
        country: "GB",
        employment_type: "parttime",
      }),
      await posting({ job_title: "Night Porter", city: "Leeds", country: "GB" }),
      await posting({
        job_title: "Junior Tester",
        seniority: "junior",
        city: "Houston",
        country: "US",
      }),
      // "Hybrid" names what is worked on, not how.
      await posting({ job_title: "Hybrid Cloud Engineer", city: "Berlin", country: "DE" }),
    ],
  });
  try {
    const run = (params: Record<string, string>) => search.service.search(parseSearchQuery(params));
    const titles = (out: Awaited<ReturnType<typeof run>>) =>
      out.results.map((r) => r.job_title).sort();
    const listed = async (q: string, expected: string[], extra: Record<string, string> = {}) => {
      for (const sort of ["relevance", "date"]) {
        const out = await run({ q, sort, ...extra });
        assert.deepEqual(titles(out), expected, `${q} (${sort})`);
        // Every other posting would be a close match: none is listed.
        assert.ok(out.results.every((r) => r.match === "strong"), `${q} (${sort})`);
        assert.deepEqual([out.total, out.close_total], [expected.length, 0], `${q} (${sort})`);
        assert.equal(out.query_place, undefined, q);
      }
      return await run({ q, ...extra });
    };
    const hybrid = await listed("hybrid jobs", ["Chef", "Data Analyst"]);
    assert.deepEqual(hybrid.query_work_mode, { matched: "hybrid", work_mode: "hybrid" });
    const either = await listed("remote or hybrid jobs", ["Chef", "Data Analyst", "Designer"]);
    assert.deepEqual(either.query_work_mode, {
      matched: "remote or hybrid",
      work_mode: "remote,hybrid",
    });
    for (const q of ["part time jobs", "part time work", "Part-time", "part time only"]) {
      const type = await listed(q, ["Nurse"]);
      assert.equal(type.query_employment?.alone, true, q);
      assert.equal(type.query_employment?.employment_type, "parttime", q);
    }
    assert.equal(
      (await listed("night shift jobs", ["Night Porter"])).query_shift?.matched,
      "night shift",
    );
    assert.deepEqual(
      (await listed("entry level jobs", ["Junior Tester"])).query_seniority?.seniority,
      [
        "junior",
        "intern",
      ],
    );
    // Beside a job, the type lifts the work's postings and is said so.
    assert.equal((await run({ q: "part time nurse" })).query_employment?.alone, undefined);
    // Two readings no posting is both: the one left out is said, with no place to name.
    const unmet = await run({ q: "entry level hybrid jobs" });
    assert.deepEqual(titles(unmet), ["Junior Tester"]);
    assert.equal(
      unmet.hint,
      'No posting is "hybrid" as well: the strong matches are what the rest of the query names.',
    );
    // Where no posting anywhere is it, the words are searched as before.
    assert.equal((await run({ q: "weekend jobs" })).query_shift, undefined);
    assert.equal((await run({ q: "temporary jobs" })).query_employment?.alone, undefined);
    // Home working said otherwise beside another way is both ways too.
    for (const q of ["wfh or hybrid jobs", "work from home or hybrid jobs"]) {
      const both = await listed(q, ["Chef", "Data Analyst", "Designer"]);
      assert.equal(both.query_work_mode?.work_mode, "remote,hybrid", q);
    }
    // At a place with none, the place's postings are listed, all close matches; what the words
    // find elsewhere is what they list elsewhere, read alone.
    const leeds = await run({ q: "hybrid jobs in Leeds" });
    assert.equal(leeds.query_work_mode?.work_mode, "hybrid");
    assert.match(
      leeds.hint ?? "",
      /^Nothing in Leeds is "hybrid" \("hybrid jobs" lists the 2 postings elsewhere\): /,
    );
    // A filter only narrows.
    assert.deepEqual(titles(await run({ q: "hybrid jobs", city: "Houston" })), ["Chef"]);
    assert.deepEqual(titles(await run({ q: "hybrid jobs", remote: "remote" })), []);
    // Home working asked for in other words than "remote" is the place, alone too.
    for (const q of ["work from home", "wfh", "working from home", "remote only"]) {
      const home = await run({ q });
      assert.deepEqual(home.query_place, { matched: q.replace(/ only$/, ""), remote: true }, q);
      assert.deepEqual(titles(home), ["Designer"], q);
    }
    // Each surface says the postings are listed, and only they.
    const mcp = (q: string) =>
      buildSearchPage(parseSearchQuery({ q }), toSearchResponse(REQUEST_ID, hybrid), {
        maxChars: 20_000,
      }).text;
    assert.ok(
      mcp("hybrid jobs").includes(
        'Read "hybrid" as how the work is done (hybrid), not as the work: only the postings that ' +
          'say hybrid are listed; remote "hybrid" keeps only those whose work mode says it.',
      ),
      mcp("hybrid jobs"),
    );
    const table = formatResults(
      toSearchResponse(REQUEST_ID, await run({ q: "part time jobs" })),
      0,
      120,
      "relevance",
    );
    assert.ok(
      table.replace(/\s+/g, " ").includes(
        "only the postings that state it or say it are listed; --employment-type parttime keeps " +
          "only those that state it",
      ),
      table,
    );
  } finally {
    await search.close();
  }
});

Deno.test("'no experience' beside the work asks for none: 'experience' is not searched", async () => {
  const search = await createTestSearch({
    jobs: [
      await posting({ job_title: "Customer Experience Engineer", city: "Leeds", country: "GB" }),
      await posting({ job_title: "Customer Service Advisor", city: "Leeds", country: "GB" }),
      await posting({ job_title: "Warehouse Operative", city: "Leeds", country: "GB" }),
    ],
  });
  try {
    const run = (q: string) =>
      search.service.search(parseSearchQuery({ q, sort: "relevance", top_k: 10 }));
    const plain = await run("customer service");
    for (
      const q of [
        "customer service no experience",
        "customer service jobs with no experience",
        "no experience customer service jobs",
        "customer service, no experience needed",
      ]
    ) {
      const read = await run(q);
      assert.deepEqual(
        read.results.map((r) => [r.job_title, r.match]),
        plain.results.map((r) => [r.job_title, r.match]),
        q,
      );
      assert.equal(read.results[0].job_title, "Customer Service Advisor", q);
    }
  } finally {
    await search.close();
  }
});

Deno.test("'no experience' beside the work is no level asked: the work's postings of no level stay strong beside a trainee's", async () => {
  // A person's trial (session 56): "warehouse operative no experience" made two "Warehouse
  // Management Trainee" postings the strong matches and every plain operative a close one.
  const leeds = { city: "Leeds", country: "GB" };
  const search = await createTestSearch({
    jobs: [
      await posting({ job_title: "Warehouse Operative", ...leeds }),
      await posting({ job_title: "Warehouse Operative - Nights", ...leeds }),
      await posting({ job_title: "Warehouse Operative Trainee", ...leeds, seniority: "junior" }),
      await posting({ job_title: "Senior Warehouse Operative", ...leeds, seniority: "senior" }),
    ],
  });
  try {
    const tiers = async (q: string) =>
      Object.fromEntries(
        (await search.service.search(parseSearchQuery({ q, sort: "relevance", top_k: 10 })))
          .results.map((r) => [r.job_title, r.match]),
      );
    for (const q of ["warehouse operative no experience", "no experience warehouse operative"]) {
      assert.deepEqual(await tiers(q), {
        "Warehouse Operative": "strong",
        "Warehouse Operative - Nights": "strong",
        "Warehouse Operative Trainee": "strong",
        "Senior Warehouse Operative": "close",
      }, q);
    }
    // A level asked for is still what it says: the trainee alone is strong.
    const asked = await tiers("trainee warehouse operative");
    assert.equal(asked["Warehouse Operative Trainee"], "strong");
    assert.equal(asked["Warehouse Operative"], "close");
  } finally {
    await search.close();
  }
});

Deno.test("a level said beside the work makes the work's postings of that level the strong matches, the others close: 'entry level marketing jobs'", async () => {
  const leeds = { city: "Leeds", country: "GB" };
  const search = await createTestSearch({
    jobs: [
      await posting({ job_title: "Junior Marketing Assistant", ...leeds, seniority: "junior" }),
      await posting({ job_title: "Marketing Assistant", ...leeds }),
      // The board's level says it, not the title.
      await posting({
        job_title: "Marketing Coordinator",
        ...leeds,
        seniority_level: "Entry level",
        seniority: "junior",
      }),
      await posting({ job_title: "Head of Marketing", ...leeds, seniority: "lead" }),
      await posting({ job_title: "Senior Marketing Manager", ...leeds, seniority: "senior" }),
      // Its title's first level is senior, and it says junior too.
      await posting({
        job_title: "Junior or Senior Marketing Manager",
        ...leeds,
        seniority: "senior",
      }),
      // Entry level, and not marketing: "entry level" is not searched as words of the work.
      await posting({ job_title: "Entry Level QA Engineer", ...leeds, seniority: "junior" }),
      await posting({ job_title: "Barista", ...leeds }),
      await posting({ job_title: "Head Barista", ...leeds, seniority: "lead" }),
      await posting({
        job_title: "Junior Barista",
        city: "Berlin",
        country: "DE",
        seniority: "junior",
      }),
    ],
  });
  try {
    const run = (params: Record<string, string>) =>
      search.service.search(parseSearchQuery({ sort: "relevance", top_k: "20", ...params }));
    const strong = (out: Awaited<ReturnType<typeof run>>) =>
      out.results.filter((r) => r.match === "strong").map((r) => r.job_title).sort();
    const tier = (out: Awaited<ReturnType<typeof run>>, title: string) =>
      out.results.find((r) => r.job_title === title)?.match;
    const plain = await run({ q: "marketing jobs" });
    assert.equal(tier(plain, "Head of Marketing"), "strong");
    assert.equal(plain.query_seniority, undefined);
    const ofTheLevel = [
      "Junior Marketing Assistant",
      "Junior or Senior Marketing Manager",
      "Marketing Coordinator",
    ];
    for (
      const q of [
        "entry level marketing jobs",
        "Entry-level marketing jobs",
        "junior marketing",
        "graduate marketing jobs",
      ]
    ) {
      const read = await run({ q });
      assert.equal(read.query_seniority?.beside_work, true, q);
      assert.deepEqual(strong(read), ofTheLevel, q);
      // The work's others are close matches: none is left out.
      for (
        const other of ["Marketing Assistant", "Head of Marketing", "Senior Marketing Manager"]
      ) {
        assert.equal(tier(read, other), "close", `${q}: ${other}`);
      }
      assert.notEqual(tier(read, "Entry Level QA Engineer"), "strong", q);
      // Newest first lists the strong set alone.
      const newest = await run({ q, sort: "date" });
      assert.deepEqual(newest.results.map((r) => r.job_title).sort(), ofTheLevel, q);
    }
    // "No experience" asks for no level (session 57): the work's postings that state none are
    // strong beside those of a first job's; those of a level it rules out are still close.
    const lacking = await run({ q: "marketing jobs, no experience needed" });
    assert.equal(lacking.query_seniority?.beside_work, true);
    assert.equal(lacking.query_seniority?.no_level_asked, true);
    assert.equal(lacking.query_seniority?.none_at_level, undefined);
    assert.deepEqual(strong(lacking), [...ofTheLevel, "Marketing Assistant"].sort());
    for (const other of ["Head of Marketing", "Senior Marketing Manager"]) {
      assert.equal(tier(lacking, other), "close", other);
    }
    const entry = await run({ q: "entry level marketing jobs" });
    assert.deepEqual(entry.query_seniority, {
      matched: "entry level",
      seniority: ["junior", "intern"],
      beside_work: true,
    });
    // Among the close matches, the levels it rules out come last.
    const closeTitles = entry.results.filter((r) => r.match === "close").map((r) => r.job_title);
    assert.ok(
      closeTitles.indexOf("Marketing Assistant") < closeTitles.indexOf("Head of Marketing") &&
        closeTitles.indexOf("Marketing Assistant") <
          closeTitles.indexOf("Senior Marketing Manager"),
      closeTitles.join(", "),
    );
    // Read after an employment type or "hiring" too.
    for (
      const q of ["full time junior marketing assistant", "hiring junior marketing assistants"]
    ) {
      assert.deepEqual((await run({ q })).query_seniority?.seniority, ["junior"], q);
    }
    // Asked senior: the senior posts are the strong matches, the junior ones close.
    const senior = await run({ q: "senior marketing manager" });
    assert.deepEqual(senior.query_seniority?.seniority, ["senior"]);
    assert.equal(tier(senior, "Senior Marketing Manager"), "strong");
    assert.notEqual(tier(senior, "Junior Marketing Assistant"), "strong");
    // Where none of the work's postings there is of the level, those of no level it rules out
    // are the strong matches: the barista, not the head barista; anywhere, the junior barista.
    const barista = await run({ q: "entry level barista in Leeds" });
    assert.deepEqual(strong(barista), ["Barista"]);
    assert.equal(tier(barista, "Head Barista"), "close");
    assert.equal(barista.query_seniority?.none_at_level, true);
    assert.equal(entry.query_seniority?.none_at_level, undefined);
    const said = buildSearchPage(
      parseSearchQuery({ q: "entry level barista in Leeds" }),
      toSearchResponse(REQUEST_ID, barista),
      { maxChars: 20_000 },
    );
    assert.ok(said.text.includes("none of the work's postings says junior or intern"), said.text);
    assert.deepEqual(strong(await run({ q: "entry level barista" })), ["Junior Barista"]);
    // Where a filter leaves no strong match, the hint counts the strong matches without it.
    const emptied = await run({ q: "entry level marketing jobs", country: "US" });
    assert.equal(emptied.total, 0);
    assert.ok(emptied.hint?.includes(`finds ${entry.total} postings`), emptied.hint);
    // A filter narrows the list as it narrows any.
    const filtered = await run({ q: "entry level marketing jobs", seniority: "junior" });
    assert.ok(filtered.results.every((r) => r.seniority === "junior"));
    // MCP and the CLI say what was read.
    const response = toSearchResponse(REQUEST_ID, entry);
    const mcp = buildSearchPage(parseSearchQuery({ q: "entry level marketing jobs" }), response, {
      maxChars: 20_000,
    });
    assert.ok(
      mcp.text.includes(
        'Read "entry level" as the seniority (junior, intern) beside the work: the postings of ' +
          "the work whose title or job level says junior or intern are the strong matches",
      ),
      mcp.text,
    );
    const table = formatResults(response, 0, 120, "relevance");
    assert.ok(
      table.includes("--seniority junior,intern keeps only the postings whose seniority"),
      table,
    );
  } finally {
    await search.close();
  }
});

Deno.test("how the work is done said beside the work ('data analyst hybrid') makes the work's postings done that way the strong matches, the others close", async () => {
  const berlin = { city: "Berlin", country: "DE" };
  const search = await createTestSearch({
    jobs: [
      await posting({ job_title: "Data Analyst", ...berlin, work_mode: "hybrid" }),
      // The title says it where the board's fields do not.
      await posting({ job_title: "Data Analyst (Berlin, hybrid)", ...berlin }),
      await posting({ job_title: "Data Analyst", ...berlin }),
      await posting({ job_title: "Senior Data Analyst", ...berlin, seniority: "senior" }),
      await posting({
        job_title: "Senior Data Analyst",
        ...berlin,
        seniority: "senior",
        work_mode: "hybrid",
      }),
      await posting({
        job_title: "Data Analyst",
        city: "Leeds",
        country: "GB",
        work_mode: "remote",
      }),
      // Hybrid, and not the work: "hybrid" is not searched as a word of the work.
      await posting({ job_title: "DevOps Engineer (hybrid)", ...berlin, work_mode: "hybrid" }),
      await posting({ job_title: "Barista", ...berlin }),
    ],
  });
  try {
    const run = (params: Record<string, string>) =>
      search.service.search(parseSearchQuery({ sort: "relevance", top_k: "20", ...params }));
    const strong = (out: Awaited<ReturnType<typeof run>>) =>
      out.results.filter((r) => r.match === "strong").map((r) => r.job_title).sort();
    const all = (out: Awaited<ReturnType<typeof run>>) =>
      out.results.map((r) => `${r.job_title} ${r.city}`).sort();
    const plain = await run({ q: "data analyst" });
    assert.equal(plain.query_work_mode, undefined);
    for (const q of ["data analyst hybrid", "Hybrid data analyst", "data analyst hybrid working"]) {
      const out = await run({ q });
      assert.equal(out.query_work_mode?.beside_work, true, q);
      assert.equal(out.query_work_mode?.work_mode, "hybrid", q);
      assert.equal(out.query_work_mode?.none_in_mode, undefined, q);
      assert.deepEqual(strong(out), [
        "Data Analyst",
        "Data Analyst (Berlin, hybrid)",
        "Senior Data Analyst",
      ], q);
      // Nothing lost: the work's others are close matches, as without the way of working.
      assert.deepEqual(
        all(out).filter((t) => t.includes("Analyst")),
        all(plain).filter((t) => t.includes("Analyst")),
        q,
      );
      assert.ok(!strong(out).includes("DevOps Engineer (hybrid)"), q);
    }
    // With a level beside the work too: a strong match is both.
    for (
      const q of [
        "senior data analyst hybrid",
        "hybrid senior data analyst",
        "senior hybrid data analyst",
      ]
    ) {
      const senior = await run({ q });
      assert.equal(senior.query_seniority?.beside_work, true, q);
      assert.equal(senior.query_work_mode?.beside_work, true, q);
      assert.deepEqual(strong(senior), ["Senior Data Analyst"], q);
      assert.equal(senior.results[0].job_title, "Senior Data Analyst", q);
    }
    // Ways of working alone name no work.
    assert.equal((await run({ q: "hybrid hybrid" })).query_work_mode?.beside_work, undefined);
    // A filter still only narrows what the words list: `remote=hybrid` keeps those whose fields
    // say it, not the one whose title alone does.
    const filtered = await run({ q: "data analyst hybrid", remote: "hybrid" });
    assert.deepEqual(strong(filtered), ["Data Analyst", "Senior Data Analyst"]);
    assert.equal(filtered.close_total, 0);
    // "Hybrid cloud engineer": the word names the role; "hybrid jobs": read alone.
    assert.equal((await run({ q: "hybrid cloud engineer" })).query_work_mode, undefined);
    assert.equal(
      (await run({ q: "hybrid jobs in Berlin" })).query_work_mode?.beside_work,
      undefined,
    );
    // None of the work's postings done that way: all of them stay strong, and it says so.
    const baristas = await run({ q: "barista hybrid" });
    assert.equal(baristas.query_work_mode?.none_in_mode, true);
    assert.deepEqual(strong(baristas), strong(await run({ q: "barista" })));
  } finally {
    await search.close();
  }
});

Deno.test("a title that says a level the words rule out makes a posting of no stated level ruled out: 'senior accountant' and a summer student's job", async () => {
  const leeds = { city: "Leeds", country: "GB" };
  const search = await createTestSearch({
    jobs: [
      await posting({ job_title: "Accountant", ...leeds }),
      await posting({ job_title: "Management Accountant", ...leeds }),
      // The board stated no level; the title says a student's job.
      await posting({ job_title: "Summer Student Accountant", ...leeds }),
      await posting({ job_title: "Barista", ...leeds }),
    ],
  });
  try {
    const out = await search.service.search(
      parseSearchQuery({ q: "senior accountant", sort: "relevance", top_k: "20" }),
    );
    // None of the accountants says senior: those of no level it rules out are the strong ones.
    assert.equal(out.query_seniority?.none_at_level, true);
    const tier = (title: string) => out.results.find((r) => r.job_title === title)?.match;
    assert.equal(tier("Accountant"), "strong");
    assert.equal(tier("Management Accountant"), "strong");
    assert.equal(tier("Summer Student Accountant"), "close");
  } finally {
    await search.close();
  }
});

Deno.test("an employment type beside the work makes a posting whose title says the other of its pair a close match: 'part time cleaner'", async () => {
  const leeds = { city: "Leeds", country: "GB" };
  const search = await createTestSearch({
    jobs: [
      await posting({ job_title: "Cleaner - Permanent Full Time", ...leeds }),
      await posting({ job_title: "Cleaner", ...leeds }),
      await posting({ job_title: "Office Cleaner", ...leeds, employment_type: "Part-time" }),
      // The title says the type, whatever the board stated.
      await posting({ job_title: "Part-time Cleaner", ...leeds, employment_type: "Full-time" }),
      // A title that says both says the asked one too.
      await posting({ job_title: "Cleaner (Full Time or Part Time)", ...leeds }),
      await posting({ job_title: "Porter", ...leeds }),
      await posting({ job_title: "Night Auditor - Full Time", ...leeds }),
    ],
  });
  try {
    const run = (q: string) =>
      search.service.search(parseSearchQuery({ q, sort: "relevance", top_k: "20" }));
    const strong = (out: Awaited<ReturnType<typeof run>>) =>
      out.results.filter((r) => r.match === "strong").map((r) => r.job_title).sort();
    const cleaners = await run("part time cleaner");
    assert.ok(!strong(cleaners).includes("Cleaner - Permanent Full Time"), "a full-time title");
    for (const title of ["Cleaner", "Part-time Cleaner", "Cleaner (Full Time or Part Time)"]) {
      assert.ok(strong(cleaners).includes(title), title);
    }
    assert.equal(
      cleaners.results.find((r) => r.job_title === "Cleaner - Permanent Full Time")?.match,
      "close",
    );
    // Asked full time, it is the part-time title that is the close match.
    const full = await run("cleaner full time");
    assert.ok(strong(full).includes("Cleaner - Permanent Full Time"));
    assert.ok(!strong(full).includes("Part-time Cleaner"));
    // Where every strong match of the work says the other type, they stay strong.
    assert.deepEqual(strong(await run("part time night auditor")), ["Night Auditor - Full Time"]);
  } finally {
    await search.close();
  }
});

Deno.test("a side of the day beside the work makes a posting whose title says the other side a close match: 'care assistant mornings'", async () => {
  // Session 46: "care assistant mornings" listed "Health Care Assistant (Nights)" first.
  const leeds = { city: "Leeds", country: "GB" };
  const search = await createTestSearch({
    jobs: [
      await posting({ job_title: "Care Assistant - Nights", ...leeds }),
      await posting({ job_title: "Night Care Assistant", ...leeds }),
      await posting({ job_title: "Care Assistant", ...leeds }),
      await posting({ job_title: "Care Assistant - Days", ...leeds }),
      // A title that says both says the asked side too.
      await posting({ job_title: "Care Assistant (Days and Nights)", ...leeds }),
      await posting({ job_title: "Night Porter", ...leeds }),
      await posting({ job_title: "Porter", ...leeds }),
      await posting({ job_title: "Security Officer (Nights)", ...leeds }),
    ],
  });
  try {
    const tiers = (q: string) => tiersOf(search, q);
    for (
      const q of [
        "care assistant mornings",
        "care assistant weekday mornings",
        "care assistant days",
      ]
    ) {
      const { strong, close } = await tiers(q);
      for (const title of ["Care Assistant - Nights", "Night Care Assistant"]) {
        assert.ok(!strong.includes(title), `${q}: ${title} strong`);
        assert.ok(close.includes(title), `${q}: ${title} left out`);
      }
      for (
        const title of [
          "Care Assistant",
          "Care Assistant - Days",
          "Care Assistant (Days and Nights)",
        ]
      ) {
        assert.ok(strong.includes(title), `${q}: ${title}`);
      }
    }
    // Asked nights, the days are the close match.
    const nights = await tiers("care assistant nights");
    assert.ok(nights.strong.includes("Night Care Assistant"), `${nights.strong}`);
    assert.ok(nights.close.includes("Care Assistant - Days"), `${nights.close}`);
    // The work's own words say the night: nothing read beside it.
    assert.ok((await tiers("night porter")).strong.includes("Night Porter"));
    const porters = await tiers("porter days");
    assert.ok(porters.strong.includes("Porter"), `${porters.strong}`);
    assert.ok(!porters.strong.includes("Night Porter"), `${porters.strong}`);
    // Where every strong match of the work says the other side, they stay strong.
    assert.deepEqual((await tiers("security officer days")).strong, ["Security Officer (Nights)"]);
  } finally {
    await search.close();
  }
});

Deno.test("a word two kinds of work share makes the other kind's titles close matches: 'office admin', 'admin', 'police officer'", async () => {
  // Session 47: the stemmer gives "office" and "officer" one term, and "administrative" and
  // "administrator" another; "admin" listed eight system administrators in its first ten.
  const leeds = { city: "Leeds", country: "GB" };
  const search = await createTestSearch({
    jobs: [
      await posting({ job_title: "Administrative Assistant", ...leeds }),
      await posting({ job_title: "Office Administrator", ...leeds }),
      await posting({ job_title: "Office Manager", ...leeds }),
      await posting({ job_title: "IT System Administrator (m/w/d)", ...leeds }),
      await posting({ job_title: "Linux Administrator", ...leeds }),
      await posting({ job_title: "Security Officer", ...leeds }),
      await posting({ job_title: "Police Officer", ...leeds }),
      await posting({ job_title: "Healthcare Assistant", ...leeds }),
    ],
  });
  try {
    const tiers = (q: string) => tiersOf(search, q);
    for (const q of ["admin", "office admin", "admin jobs", "temp admin work"]) {
      const { strong, close } = await tiers(q);
      for (const title of ["IT System Administrator (m/w/d)", "Linux Administrator"]) {
        assert.ok(!strong.includes(title), `${q}: ${title} strong`);
        assert.ok(close.includes(title), `${q}: ${title} left out`);
      }
      assert.ok(strong.includes("Administrative Assistant"), `${q}: ${strong}`);
      assert.ok(!strong.includes("Security Officer"), `${q}: ${strong}`);
      // "admin" spelled out as "administrative assistant" names no healthcare assistant.
      assert.ok(!strong.includes("Healthcare Assistant"), `${q}: ${strong}`);
    }
    // A system's administrator asked for is that work.
    const asked = [
      ["linux admin", "Linux Administrator"],
      ["it admin", "IT System Administrator (m/w/d)"],
      ["system administrator", "IT System Administrator (m/w/d)"],
    ];
    for (const [q, title] of asked) {
      const { strong } = await tiers(q);
      assert.ok(strong.includes(title), `${q}: ${strong}`);
    }
    const officers = await tiers("officer jobs");
    assert.deepEqual(officers.strong, ["Police Officer", "Security Officer"]);
    assert.ok(officers.close.includes("Office Manager"), `${officers.close}`);
    const police = await tiers("police officer");
    assert.ok(police.strong.includes("Police Officer"), `${police.strong}`);
    assert.ok(!police.strong.includes("Office Manager"), `${police.strong}`);
    const office = await tiers("office jobs");
    assert.ok(office.strong.includes("Office Manager"), `${office.strong}`);
    assert.ok(!office.strong.includes("Security Officer"), `${office.strong}`);
    assert.ok(!office.strong.includes("Police Officer"), `${office.strong}`);
  } finally {
    await search.close();
  }
});

Deno.test("'customer support' makes care work's support and care close matches, and 'support worker' keeps them", async () => {
  // Session 49: "remote customer support" listed three care support workers among its five strong
  // matches by "support" alone: the remote customer service postings score low, and the place's
  // bar is cut against the best of them.
  const home = { city: "Leeds", country: "GB", job_tags: ["remote"], work_mode: "remote" as const };
  const office = { city: "York", country: "GB" };
  const search = await createTestSearch({
    jobs: [
      await posting({ job_title: "Sr. Customer Service Associate", ...home }),
      await posting({
        job_title: "Customer Care Executive (WFH) only for mumbai candidates",
        ...home,
      }),
      await posting({ job_title: "Direct Support Professional (DSP)", ...home }),
      await posting({ job_title: "Support Worker/Carer", ...home }),
      await posting({ job_title: "Support Worker", ...home }),
      await posting({ job_title: "Customer Support Associate", ...office }),
      await posting({ job_title: "Customer Service Representative", ...office }),
      await posting({ job_title: "Care Assistant", ...office }),
    ],
  });
  try {
    for (const q of ["remote customer support", "customer service from home", "customer support"]) {
      const { strong, close } = await tiersOf(search, q);
      assert.ok(strong.includes("Sr. Customer Service Associate"), `${q}: ${strong}`);
      assert.ok(!strong.includes("Direct Support Professional (DSP)"), `${q}: ${strong}`);
      assert.ok(close.includes("Direct Support Professional (DSP)"), `${q}: ${close}`);
    }
    // Where the words name care work too, its own titles stay strong (reviewer R49: "client
    // support worker" had one strong match left).
    for (
      const q of ["support worker", "client support worker", "support worker customer service"]
    ) {
      const carers = await tiersOf(search, q);
      assert.ok(carers.strong.includes("Support Worker/Carer"), `${q}: ${carers.strong}`);
    }
  } finally {
    await search.close();
  }
});

Deno.test("'excel' is the spreadsheet: a title of excellence is a close match", async () => {
  // Session 49: the stemmer gives "excel" and "excellence" one term, and "excel" listed two
  // "Operational Excellence" engineers among its strong matches.
  const leeds = { city: "Leeds", country: "GB" };
  const search = await createTestSearch({
    jobs: [
      // Excel in the description, as most postings that ask for it say it; the title near it by
      // meaning alone, so that no title says "excel" and the best match is weak.
      await posting({
        job_title: "Spreadsheet Data Entry Clerk",
        job_description: "Excel every day.",
        ...leeds,
      }),
      await posting({
        job_title: "Data Entry Operator (MS Office)",
        job_description: "MS Excel and Word.",
        ...leeds,
      }),
      await posting({
        job_title: "Computer Data Entry Operator",
        job_description: "Typing speed of 30 words a minute and a good knowledge of MS Excel.",
        ...leeds,
      }),
      await posting({
        job_title: "Revenue Analyst - Hotels",
        job_description: "Advanced Excel (pivot tables, VLOOKUP) and hotel revenue reports.",
        ...leeds,
      }),
      await posting({ job_title: "Senior Engineer, Operational Excellence", ...leeds }),
      await posting({ job_title: "Centre of Excellence Lead", ...leeds }),
      await posting({ job_title: "Nurse", ...leeds }),
    ],
  });
  try {
    for (const q of ["excel", "excel jobs"]) {
      const { strong, close } = await tiersOf(search, q);
      assert.ok(strong.includes("Spreadsheet Data Entry Clerk"), `${q}: ${strong}`);
      for (
        const title of ["Senior Engineer, Operational Excellence", "Centre of Excellence Lead"]
      ) {
        assert.ok(!strong.includes(title), `${q}: ${title} strong`);
      }
      assert.ok(close.includes("Centre of Excellence Lead"), `${q}: ${close}`);
    }
  } finally {
    await search.close();
  }
});

Deno.test("where no posting has every word, a title of the head noun after another specialty is a close match: 'compliance officer'", async () => {
  // Session 47: "compliance officer" listed nine security officers as strong matches after its one
  // compliance specialist, "teaching assistant" nursing assistants among its assistant educators.
  const leeds = { city: "Leeds", country: "GB" };
  const titles = [
    "Trade Compliance Specialist",
    "Compliance Analyst",
    "Security Officer",
    "Security Officer (Nights)",
    "Senior Officer",
    "Mental Health Nurse",
    "Registered Nurse",
    "Nurse",
    "Assistant Educator",
    "Nursing Assistant",
    "Healthcare Assistant",
  ];
  const search = await createTestSearch({
    jobs: await Promise.all(titles.map((title) => posting({ job_title: title, ...leeds }))),
  });
  try {
    const tiers = (q: string) => tiersOf(search, q);
    const compliance = await tiers("compliance officer");
    for (const title of ["Compliance Analyst", "Trade Compliance Specialist", "Senior Officer"]) {
      assert.ok(compliance.strong.includes(title), `${title}: ${compliance.strong}`);
    }
    for (const title of ["Security Officer", "Security Officer (Nights)"]) {
      assert.ok(compliance.close.includes(title), `${title}: ${compliance.close}`);
    }
    const teaching = await tiers("teaching assistant");
    assert.deepEqual(teaching.strong, ["Assistant Educator"]);
    assert.ok(teaching.close.includes("Nursing Assistant"), `${teaching.close}`);
    // The specialty in other words is the best match, and stays strong.
    const psychiatric = await tiers("psychiatric nurse");
    assert.ok(psychiatric.strong.includes("Mental Health Nurse"), `${psychiatric.strong}`);
    assert.ok(psychiatric.close.includes("Registered Nurse"), `${psychiatric.close}`);
    // A title with every word of the work: no specialty is ruled out.
  } finally {
    await search.close();
  }
  // A title with every word of the work, though long and under a full keyword match: the work's
  // own titles lead, and no specialty is ruled out ("social worker": "Community Worker" stays).
  const social = await createTestSearch({
    jobs: await Promise.all(
      [
        "Community Mental Health Nurse/Occupational Therapist/Social Worker",
        "Community Worker",
        "Support Worker",
      ].map((title) => posting({ job_title: title, ...leeds })),
    ),
  });
  try {
    const { strong } = await tiersOf(social, "social worker");
    assert.ok(strong.includes("Community Worker"), `${strong}`);
  } finally {
    await social.close();
  }
});

Deno.test("the query a place's hint offers for the words elsewhere lists as many postings as it says", async () => {
  const leeds = { city: "Leeds", country: "GB" };
  const search = await createTestSearch({
    jobs: [
      await posting({ job_title: "Senior Nurse", ...leeds, seniority: "senior" }),
      await posting({ job_title: "Staff Nurse", ...leeds }),
      await posting({ job_title: "Junior Nurse", ...leeds, seniority: "junior" }),
      await posting({ job_title: "Barista", city: "Berlin", country: "DE" }),
      await posting({ job_title: "Cook", city: "Berlin", country: "DE" }),
    ],
  });
  try {
    const run = (q: string) => search.service.search(parseSearchQuery({ q }));
    const there = await run("senior nurse in Berlin");
    const offered = /\("([^"]+)" lists (?:the one posting|the (\d+) postings) elsewhere\)/.exec(
      there.hint ?? "",
    );
    assert.ok(offered, there.hint);
    const listed = await run(offered[1]);
    assert.equal(Number(offered[2] ?? 1), listed.total, there.hint);
  } finally {
    await search.close();
  }
});

Deno.test("a posting of the level counts as of the work's level only where it names the work: 'apprentice plumber' with no plumber", async () => {
  const leeds = { city: "Leeds", country: "GB" };
  const search = await createTestSearch({
    jobs: [
      // Near "apprentice plumber" by the level's words alone (engineer W, on the real postings).
      await posting({ job_title: "Graduate Engineer Trainee", ...leeds, seniority: "junior" }),
      await posting({
        job_title: "Trainee Civil Construction Operative",
        ...leeds,
        seniority: "junior",
      }),
      await posting({ job_title: "Sanitation Worker", ...leeds }),
      await posting({ job_title: "Barista", ...leeds }),
    ],
  });
  try {
    const read = await search.service.search(
      parseSearchQuery({ q: "apprentice plumber", sort: "relevance" }),
    );
    // No plumber's posting is an apprentice's: it says so, rather than listing the trainees of
    // other work as the level's postings.
    assert.equal(read.query_seniority?.none_at_level, true);
    // No trainee of other work is strong (since session 39 nothing is: no posting holds
    // "plumber", and its nearest by meaning are close matches); the list keeps them all.
    assert.deepEqual(read.results.filter((r) => r.match === "strong" && r.seniority), []);
    assert.ok(read.results.some((r) => r.job_title === "Sanitation Worker"));
  } finally {
    await search.close();
  }
  // A senior post sharing one word of two with the work is not of the work's level.
  const data = await createTestSearch({
    jobs: [
      await posting({ job_title: "Senior Data Scientist", ...leeds, seniority: "senior" }),
      await posting({ job_title: "Senior Data Engineer", ...leeds, seniority: "senior" }),
      await posting({ job_title: "Data Scientist", ...leeds }),
      await posting({ job_title: "Barista", ...leeds }),
    ],
  });
  try {
    const read = await data.service.search(
      parseSearchQuery({ q: "senior data scientist", sort: "relevance" }),
    );
    assert.deepEqual(
      read.results.filter((r) => r.match === "strong").map((r) => r.job_title),
      ["Senior Data Scientist"],
    );
  } finally {
    await data.close();
  }
});

Deno.test("what a job offers, after the work, does not hide the work: 'nurse jobs with sign on bonus'", async () => {
  const search = await createTestSearch({
    jobs: [
      await posting({ job_title: "Staff Nurse", city: "Leeds", country: "GB" }),
      await posting({
        job_title: "Registered Nurse",
        city: "Leeds",
        country: "GB",
        job_description: "Ward nurse. A £2,000 sign on bonus after three months.",
      }),
      await posting({ job_title: "Barista", city: "Leeds", country: "GB" }),
      await posting({ job_title: "Bonus Analyst", city: "Leeds", country: "GB" }),
      await posting({ job_title: "OTR Truck Driver", city: "Houston", country: "US" }),
      await posting({ job_title: "Truck Driver", city: "Dallas", country: "US" }),
      await posting({ job_title: "CDL B Driver", city: "Austin", country: "US" }),
      await posting({ job_title: "Delivery Manager", city: "Austin", country: "US" }),
    ],
  });
  try {
    const run = (q: string) =>
      search.service.search(parseSearchQuery({ q, sort: "relevance", top_k: 10 }));
    // What the job asks, after the work ("truck driver cdl"): the truck drivers are strong, the
    // one that says the licence first.
    const truckers = (await run("truck driver cdl")).results.filter((r) => r.match === "strong");
    for (const title of ["OTR Truck Driver", "Truck Driver"]) {
      assert.ok(truckers.some((r) => r.job_title === title), title);
    }
    assert.ok(!truckers.some((r) => r.job_title === "Delivery Manager"));
    const nurses = await run("nurse jobs");
    // The nurses are what it asks for, as strong matches; the one offering the bonus first. Said
    // with no word before the offer too (session 35).
    for (const q of ["nurse jobs with sign on bonus", "nurse jobs sign on bonus"]) {
      const offered = await run(q);
      assert.equal(offered.total, nurses.total, q);
      assert.deepEqual(
        offered.results.filter((r) => r.match === "strong").map((r) => r.job_title),
        ["Registered Nurse", "Staff Nurse"],
        q,
      );
    }
  } finally {
    await search.close();
  }
});

Deno.test("what a person is good with names the work done with it: 'great with kids', 'good with computers'", async () => {
  const search = await createTestSearch({
    jobs: [
      await posting({ job_title: "Childcare Worker", city: "Leeds", country: "GB" }),
      await posting({ job_title: "Residential Children's Support Worker", city: "Leeds" }),
      await posting({ job_title: "Nanny", city: "Leeds", country: "GB" }),
      await posting({ job_title: "IT Support Technician", city: "Leeds", country: "GB" }),
      await posting({ job_title: "Accountant", city: "Leeds", country: "GB" }),
      await posting({ job_title: "Math Student", city: "Leeds", country: "GB" }),
      await posting({ job_title: "Support Worker", city: "Leeds", country: "GB" }),
      await posting({ job_title: "People & Culture Specialist", city: "Leeds", country: "GB" }),
      await posting({ job_title: "Warehouse Operative", city: "Leeds", country: "GB" }),
      await posting({ job_title: "Staff Nurse", city: "Leeds", country: "GB" }),
      await posting({
        job_title: "Registered Nurse",
        city: "Leeds",
        country: "GB",
        job_description: "Ward nurse. Visa sponsorship for overseas nurses.",
      }),
    ],
  });
  try {
    // Read as "good" and an offer after it (as "nurse with visa sponsorship" is), "great with
    // kids" searched "great" alone and listed no one who works with children. The children's
    // title is strong by its word ("kids" searches "children" too); the rest are near by meaning.
    for (const q of ["great with kids", "i'm really good with kids"]) {
      const { strong, close } = await tiersOf(search, q);
      assert.deepEqual(strong, ["Residential Children's Support Worker"], q);
      assert.deepEqual(close, ["Childcare Worker", "Nanny"], q);
    }
    const computers = await tiersOf(search, "good with computers");
    assert.deepEqual(computers, { strong: [], close: ["IT Support Technician"] });
    // Numbers as the work done with them (session 49: "good with numbers" listed one math student
    // as its one close match).
    for (const q of ["good with numbers", "i like working with numbers"]) {
      assert.deepEqual((await tiersOf(search, q)).strong, ["Accountant"], q);
    }
    // Session 49: "i want to help people" listed "People & Culture" posts by "people", nothing
    // strong.
    const helping = await tiersOf(search, "i want to help people");
    assert.ok(helping.strong.includes("Support Worker"), `${helping.strong}`);
    assert.ok(
      ![...helping.strong, ...helping.close].includes("People & Culture Specialist"),
      `${helping.strong} / ${helping.close}`,
    );

    // What a job offers after "with" still leaves the work: the nurses, not the offer.
    const nurses = await tiersOf(search, "nurse with visa sponsorship");
    assert.deepEqual(nurses.strong, ["Registered Nurse", "Staff Nurse"]);
  } finally {
    await search.close();
  }
});

Deno.test("when a query asks its postings posted ('this week', 'today'), only those are listed, and it says so", async () => {
  // One clock for the postings' days and the search's: read twice, a run across midnight UTC
  // would date "today" by one day and search it by the next. Two days behind the machine's, so
  // that a search counting from its own clock instead is seen.
  const now = Date.now() - 2 * 86_400_000;
  const day = (ago: number) =>
    new Date(now - ago * 86_400_000).toISOString().slice(0, 10) + " 09:00:00";
  const search = await createTestSearch({
    now: () => now,
    jobs: [
      await posting({
        job_title: "Staff Nurse",
        city: "Leeds",
        country: "GB",
        publish_time: day(0),
      }),
      await posting({
        job_title: "Ward Nurse",
        city: "Leeds",
        country: "GB",
        publish_time: day(3),
      }),
      await posting({
        job_title: "Practice Nurse",
        city: "Leeds",
        country: "GB",
        publish_time: day(20),
      }),
      await posting({ job_title: "Barista", city: "Leeds", country: "GB", publish_time: day(1) }),
    ],
  });
  try {
    const run = (params: Record<string, string>) => search.service.search(parseSearchQuery(params));
    const titles = (out: Awaited<ReturnType<typeof run>>) => out.results.map((r) => r.job_title);
    const week = await run({ q: "Any nurse vacancies in Leeds this week?" });
    assert.deepEqual(titles(week), ["Staff Nurse", "Ward Nurse"]);
    assert.deepEqual(week.query_posted, { matched: "this week", since: day(7).slice(0, 10) });
    assert.deepEqual(titles(await run({ q: "nurse jobs posted today" })), ["Staff Nurse"]);
    assert.deepEqual(titles(await run({ q: "nurse jobs in the last 30 days" })), [
      "Staff Nurse",
      "Ward Nurse",
      "Practice Nurse",
    ]);
    // The place's postings since then where the words name no job.
    assert.deepEqual(titles(await run({ q: "jobs in Leeds this week" })), [
      "Staff Nurse",
      "Barista",
      "Ward Nurse",
    ]);
    // Words with nothing near them there: the query suggested keeps the day, and lists the count.
    const far = await run({ q: "qwertzuiop asdfghjkl in Leeds this week" });
    assert.equal(
      far.hint,
      'Nothing in Leeds is near these words; "jobs in Leeds this week" lists all 3 postings there ' +
        "that pass the filters.",
    );
    // The words of when alone beside the place: "posted in" goes with them.
    assert.deepEqual(titles(await run({ q: "jobs in Leeds posted in the last 5 days" })), [
      "Staff Nurse",
      "Barista",
      "Ward Nurse",
    ]);
    // A `since` parameter never widens what the words ask: a month back, the week still applies
    // (and is said); two days back, the parameter is the narrower and replaces the words' day,
    // which is then not said as read (it said "this week" was read as the newest first).
    const wider = await run({ q: "nurse jobs this week", since: day(30).slice(0, 10) });
    assert.deepEqual(titles(wider), ["Staff Nurse", "Ward Nurse"]);
    assert.deepEqual(wider.query_posted, { matched: "this week", since: day(7).slice(0, 10) });
    assert.equal(wider.applied?.filters.since, `${day(30).slice(0, 10)} 00:00:00`);
    const narrower = await run({ q: "nurse jobs this week", since: day(2).slice(0, 10) });
    assert.deepEqual(titles(narrower), ["Staff Nurse"]);
    assert.equal(narrower.query_posted, undefined);
    assert.equal(narrower.applied?.filters.since, `${day(2).slice(0, 10)} 00:00:00`);
    // On the words' own day, the parameter says the same: either way the week's nurses.
    const same = await run({ q: "nurse jobs this week", since: day(7).slice(0, 10) });
    assert.deepEqual(titles(same), ["Staff Nurse", "Ward Nurse"]);
    // "Latest" asks for the newest first: no posting is left out.
    const latest = await run({ q: "the latest nurse jobs" });
    assert.equal(latest.total, 3);
    assert.deepEqual(latest.query_posted, { matched: "the latest" });
    // The day alone, with no place and no job: every posting since then, newest first ("latest
    // jobs": every posting).
    assert.deepEqual(titles(await run({ q: "jobs posted this week" })), [
      "Staff Nurse",
      "Barista",
      "Ward Nurse",
    ]);
    assert.deepEqual(titles(await run({ q: "new jobs today" })), ["Staff Nurse"]);
    assert.equal((await run({ q: "latest jobs" })).total, 4);
    // Where nothing was posted then, the hint names the day.
    const none = await run({ q: "barista jobs posted today" });
    assert.equal(none.total, 0);
    // As the words said it, not as a parameter the person never gave ("since=...").
    assert.match(none.hint ?? "", /the day in the query \('posted today': since \d{4}-\d\d-\d\d\)/);
    // A parameter given is named as given.
    const given = await run({ q: "barista jobs", since: day(0).slice(0, 10) });
    assert.match(given.hint ?? "", /since=\d{4}-\d\d-\d\d 00:00:00/);
    // MCP and the CLI say what was read.
    const response = toSearchResponse(REQUEST_ID, week);
    const mcp = buildSearchPage(parseSearchQuery({ q: "nurse this week" }), response, {
      maxChars: 20_000,
    });
    assert.ok(
      mcp.text.includes('Read "this week" as when the postings were posted, not as the work'),
      mcp.text,
    );
    assert.ok(formatResults(response, 0, 120, "date").includes("--since sets a later day"));
  } finally {
    await search.close();
  }
});

Deno.test("a part of the world in the query lists its countries' postings; a country parameter narrows or replaces it", async () => {
  const search = await createTestSearch({ jobs: await postings() });
  try {
    const run = (params: Record<string, string>) => search.service.search(parseSearchQuery(params));
    const countries = (out: Awaited<ReturnType<typeof run>>) =>
      [...new Set(out.results.map((r) => r.country))].sort();
    const europe = await run({ q: "nurse jobs in Europe", top_k: "50" });
    assert.deepEqual(europe.query_place, { matched: "Europe", area: "Europe" });
    assert.deepEqual(countries(europe), ["CH", "DE", "GB"]);
    // A country of the area narrows it; another replaces it (the place said is set aside).
    assert.deepEqual(countries(await run({ q: "nurse jobs in Europe", country: "DE" })), ["DE"]);
    const elsewhere = await run({ q: "nurse jobs in Europe", country: "CA" });
    assert.deepEqual(countries(elsewhere), ["CA"]);
    assert.equal(elsewhere.query_place?.area, undefined);
    const remote = await run({ q: "remote jobs in North America" });
    assert.deepEqual(remote.query_place, {
      matched: "remote, North America",
      area: "North America",
      remote: true,
    });
    assert.deepEqual(remote.results.map((r) => [r.job_title, r.country]), [[
      "Registered Nurse",
      "US",
    ]]);
    assert.equal(
      (await run({ q: "remote jobs in Latin America" })).hint,
      "No posting is remote in Latin America.",
    );
  } finally {
    await search.close();
  }
});

Deno.test("with detail full, a posting with no description says so in the CLI and MCP text", async () => {
  // A person's trial (session 57): the block had no text, read as a description cut to nothing.
  const search = await createTestSearch({
    jobs: [
      await posting({
        job_title: "Night Porter",
        city: "Leeds",
        country: "GB",
        job_description: "",
      }),
      await posting({
        job_title: "Hotel Night Porter",
        city: "Leeds",
        country: "GB",
        job_description: "Nights, 4 on 4 off.",
      }),
    ],
  });
  try {
    const query = parseSearchQuery({ q: "night porter", detail: "full", sort: "relevance" });
    const response = toSearchResponse(REQUEST_ID, await search.service.search(query));
    assert.deepEqual(response.results.map((r) => r.job_description).sort(), [
      "",
      "Nights, 4 on 4 off.",
    ]);
    const said = "(The posting has no description.)";
    const mcp = buildSearchPage(query, response, { maxChars: 20_000 }).text;
    const cli = formatResults(response, 0, 120, "relevance");
    for (const text of [mcp, cli]) {
      assert.equal(text.split(said).length, 2, text);
      assert.ok(text.includes("Nights, 4 on 4 off."), text);
    }
  } finally {
    await search.close();
  }
});
