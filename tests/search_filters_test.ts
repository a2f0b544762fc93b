/**
 * The filters job seekers ask for, on the real JobSpy postings plus a few written for what the
 * real files lack (tests/real_index.ts: the real importer, index, model and search service, one
 * index shared with tests/filter_property_test.ts, where the property that each filter only
 * narrows the result set is). This file checks what each means. On the same index, the role leads:
 * a posting whose title carries a tail (terms, a place, pay) ranks with the postings titled exactly
 * as the query, not below sibling roles.
 */
import { writtenOut } from "../src/index/title_abbreviations.ts";
import { strict as assert } from "node:assert";
import fc from "fast-check";
import { createCliSandbox } from "./cli_process.ts";
import { assertFilterThenNearest } from "./helpers.ts";
import { realIndex } from "./real_index.ts";
import { rankingForModel } from "../src/index/ranking.ts";
import { FILTER_NAMES, type FilterParam, FILTERS } from "../src/domain/filters.ts";
import { searchJobsConfig } from "../src/mcp/tools/search_jobs.ts";
import { type JobResult, toSearchResponse } from "../src/domain/job.ts";
import { buildSearchPage } from "../src/mcp/tools/search_page.ts";
import { yearlySalary } from "../src/domain/salary.ts";
import type { JobseekError } from "../src/domain/errors.ts";
import { parseSearchQuery } from "../src/domain/search_query.ts";
import type { SearchOutcome } from "../src/domain/service.ts";
import { DEFAULT_PROFILE_RANKING } from "../src/search/profile_ranking.ts";

const REQUEST_ID = "00000000-0000-4000-8000-000000000000";

Deno.test("the real postings: what each filter means, and the role leads", async (t) => {
  const { service, real, written, jobs, embedder } = realIndex;
  const { cut } = rankingForModel(embedder.model);
  const search = (params: Record<string, unknown>) => service.search(parseSearchQuery(params));
  /** Every member of the result set, page by page. */
  const searchAll = async (params: Record<string, unknown>) => {
    const first = await search({ ...params, top_k: 100 });
    const all: JobResult[] = [...first.results];
    while (all.length < first.total) {
      all.push(...(await search({ ...params, top_k: 100, offset: all.length })).results);
    }
    return { ...first, all } as SearchOutcome & { all: JobResult[] };
  };
  /** The whole relevance-order list (its first 300): the strong matches, then the close ones. */
  const listed = async (params: Record<string, unknown>, readTo = 300) => {
    const first = await search({ ...params, sort: "relevance", top_k: 100 });
    const all: JobResult[] = [...first.results];
    const count = first.total + (first.close_total ?? 0);
    while (all.length < Math.min(count, readTo)) {
      const offset = all.length;
      all.push(...(await search({ ...params, sort: "relevance", top_k: 100, offset })).results);
    }
    return { ...first, all };
  };
  const urlOf = (title: string, city: string) =>
    jobs.find((j) => j.job_title === title && j.city === city)!.job_url;
  await t.step(
    "remote reads negations: 'not remote' and 'no remote work' are on-site",
    async () => {
      const byCity = new Map(written.map((j) => [j.city, j.work_mode]));
      assert.deepEqual(Object.fromEntries(byCity), {
        Hamburg: "onsite",
        Bremen: "onsite",
        Remote: "remote",
        Leipzig: "hybrid",
        Kathmandu: undefined,
      });
      const remote = await searchAll({ q: "backend developer", remote: "remote" });
      const cities = (o: { all: JobResult[] }) => new Set(o.all.map((r) => r.city));
      assert.ok(cities(remote).has("Remote"));
      assert.ok(!cities(remote).has("Hamburg") && !cities(remote).has("Bremen"));
      for (const r of remote.all) assert.equal(r.work_mode, "remote", r.job_url);
      const onsite = await searchAll({ q: "backend developer", remote: ["onsite"] });
      assert.ok(cities(onsite).has("Hamburg") && cities(onsite).has("Bremen"));
      for (const r of onsite.all) assert.equal(r.work_mode, "onsite", r.job_url);
      const either = await searchAll({ q: "backend developer", remote: "remote,hybrid" });
      assert.ok(cities(either).has("Leipzig") && cities(either).has("Remote"));
      assert.equal(either.applied?.filters.remote, "remote,hybrid");
    },
  );

  await t.step(
    "'remote' or 'work from home' in the query keeps what remote=remote keeps, the place setting the strong bar",
    async () => {
      // Session 20's judged query: its one fitting remote posting says "Remote" in its tags
      // (capitalised) and lies in Amsterdam; the place read from the text used to keep only the
      // city "Remote" and the lower-case tag, so the list was empty.
      const bookkeeping = await listed({ q: "remote work doing bookkeeping for small businesses" });
      assert.equal(bookkeeping.query_place?.remote, true);
      assert.ok(
        bookkeeping.all.some((r) => r.job_title === "Accounting Specialist"),
        JSON.stringify(bookkeeping.all.map((r) => [r.job_title, r.city, r.score])),
      );
      // Every way of saying it, at either end, against the filter over the rest of the words:
      // the same postings and scores (and never one that says it is not remote). The tiers differ
      // only as a place the words name sets the strong bar at its own best (docs/search.md,
      // session 26), where the filter sets none: whatever the filter makes strong is strong, and
      // what only the words make strong is within the relative cut of their best strong match
      // (session 48: "customer service" and its synonyms put "Customer Care Executive (WFH)" at
      // 0.603, over the remote best's bar 0.547, under the bar anywhere 0.7).
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom("remote", "work from home", "wfh", "working from home"),
          fc.constantFrom(
            "backend developer",
            "accountant",
            "customer service",
            "data analyst",
            "python developer",
            "recruiter",
            "nurse",
          ),
          fc.boolean(),
          async (phrase, role, first) => {
            const where = `${phrase} / ${role}`;
            const said = await listed({ q: first ? `${phrase} ${role}` : `${role} ${phrase}` });
            assert.equal(said.query_place?.remote, true, where);
            const filtered = await listed({ q: role, remote: "remote" });
            const row = (r: JobResult) => [r.job_url, r.score];
            // The filter's list, then, where it is less than a page, the remote postings nearest
            // the words as close matches up to a page (a place the words name, session 32).
            assertFilterThenNearest(said.all, filtered.all, row, where);
            const bestStrong = Math.max(
              0,
              ...said.all.filter((r) => r.match === "strong").map((r) => r.score),
            );
            for (const [k, r] of filtered.all.entries()) {
              const saidMatch = said.all[k].match;
              if (r.match === "strong") assert.equal(saidMatch, "strong", `${where}: ${r.job_url}`);
              else if (saidMatch === "strong") {
                assert.ok(
                  r.score >= cut.relativeCut * bestStrong - 0.001,
                  `${where}: ${r.job_url}`,
                );
              }
            }
            assert.equal(
              said.total,
              said.all.filter((r) => r.match === "strong").length,
              where,
            );
            assert.ok(said.total >= filtered.total, where);
            for (const r of said.all) assert.equal(r.work_mode, "remote", r.job_url);
          },
        ),
        { numRuns: 24, seed: 2111 },
      );
    },
  );

  await t.step("salary_min compares hourly pay as yearly pay (x 2,080)", async () => {
    const hourly = real.find((j) => j.base_salary === "50.0-85.0 USD/HOUR")!;
    assert.ok(hourly, "the real files have a 50-85 USD an hour posting");
    const q = hourly.job_title;
    const find = (o: { all: JobResult[] }) => o.all.find((r) => r.job_url === hourly.job_url);
    const at = (least: number) => searchAll({ q, salary_min: least, salary_currency: "USD" });
    // 85 an hour is 176,800 a year: well above a floor its hourly figure is far below.
    const kept = find(await at(176_800));
    assert.ok(kept, "kept at 176,800");
    assert.equal(kept.salary_yearly, 176_800);
    assert.equal(find(await at(176_801)), undefined);
    for (const r of (await at(100_000)).all) {
      assert.ok(r.salary_yearly! >= 100_000 && r.base_salary!.includes(" USD/"), r.job_url);
    }
    assert.equal(find(await searchAll({ q, salary_min: 1, salary_currency: "EUR" })), undefined);
    const broad = "developer";
    const withUnknown = await searchAll({
      q: broad,
      salary_min: 150_000,
      salary_include_unknown: true,
    });
    assert.ok(withUnknown.all.some((r) => r.base_salary === undefined));
    const withoutUnknown = await searchAll({ q: broad, salary_min: 150_000 });
    assert.ok(withoutUnknown.all.every((r) => r.base_salary !== undefined));
    assert.ok(withUnknown.total > withoutUnknown.total);
    // A currency alone keeps pay in it; the unknown pay kept without a pay filter changes nothing.
    const inUsd = await searchAll({ q: broad, salary_currency: "USD" });
    assert.ok(inUsd.total > 0 && inUsd.all.every((r) => r.base_salary?.includes(" USD/")));
    const plain = await search({ q: broad });
    const idle = await search({ q: broad, salary_include_unknown: true });
    assert.equal(idle.total, plain.total);
    assert.equal(idle.applied, undefined, "a qualifier alone is not a filter applied");
    // A radius around no place is refused, naming it (session 37: it was ignored, silently):
    // without words, as the query is parsed; with words that ask for no place near, as they are
    // read.
    const refusedRadius = (error: JobseekError) =>
      error.code === "INVALID_PARAMETER" && error.param === "radius_km" &&
      /^Invalid parameter 'radius_km': it only applies with 'near'/.test(error.message);
    assert.throws(() => parseSearchQuery({ profile: "nurse", radius_km: 5 }), refusedRadius);
    await assert.rejects(() => search({ q: broad, radius_km: 5 }), refusedRadius);
    // Beside a place the words ask for near, it is that place's radius (reviewer W: it was
    // refused, though the words said where to measure from).
    const near = await searchAll({ q: "nurse near Liverpool" });
    const wider = await searchAll({ q: "nurse near Liverpool", radius_km: 60 });
    assert.equal(near.query_place?.radius_km, 25);
    assert.equal(wider.query_place?.radius_km, 60);
    assert.ok(wider.total > near.total, `${wider.total} > ${near.total}`);
    const urls = new Set(wider.all.map((r) => r.job_url));
    assert.ok(near.all.every((r) => urls.has(r.job_url)));
  });

  await t.step("employment_type and seniority keep only what they name", async () => {
    const partTime = await searchAll({ q: "customer service", employment_type: "parttime" });
    assert.ok(partTime.total > 0);
    for (const r of partTime.all) assert.match(r.employment_type ?? "", /Part-time/, r.job_url);
    const senior = await searchAll({ q: "software engineer", seniority: ["senior", "lead"] });
    assert.ok(senior.total > 0);
    for (const r of senior.all) assert.ok(["senior", "lead"].includes(r.seniority!), r.job_url);
    const intern = await searchAll({ q: "intern", seniority: "intern" });
    assert.ok(intern.all.some((r) => /werkstudent|intern|praktikant/i.test(r.job_title)));
  });

  await t.step("company and exclude_company ignore case and accents", async () => {
    const agency = "Bundesagentur für Arbeit";
    const whole = await searchAll({ q: "system engineer" });
    const theirs = whole.all.filter((r) => r.company_name === agency);
    assert.ok(theirs.length > 0, "the query finds postings of the agency");
    const only = await searchAll({ q: "system engineer", company: "BUNDESAGENTUR FUR ARBEIT" });
    assert.deepEqual(only.all.map((r) => r.job_url), theirs.map((r) => r.job_url));
    const without = await searchAll({
      q: "system engineer",
      exclude_company: ["bundesagentur für arbeit"],
    });
    assert.equal(without.total, whole.total - theirs.length);
    assert.ok(without.all.every((r) => r.company_name !== agency));
  });

  await t.step("near Toronto reaches Vaughan and Pickering, not Kathmandu", async () => {
    const vaughan = urlOf("Games Customer Service Attendant", "Vaughan");
    const kathmandu = urlOf("Customer Service Attendant", "Kathmandu");
    const pickering = urlOf("Direct Care Worker", "Pickering");
    const urls = async (params: Record<string, unknown>) =>
      new Set((await searchAll(params)).all.map((r) => r.job_url));
    const attendants = await urls({ q: "customer service attendant" });
    assert.ok(attendants.has(vaughan) && attendants.has(kathmandu));
    const nearToronto = await urls({
      q: "customer service attendant",
      near: "Toronto",
      radius_km: 50,
    });
    assert.ok(nearToronto.has(vaughan), "Vaughan is 16 km from Toronto");
    assert.ok(!nearToronto.has(kathmandu));
    assert.ok(
      (await urls({ q: "direct care worker", near: "Toronto", radius_km: 50 })).has(pickering),
    );
    // Pickering lies 32 km from Toronto's centre: outside the default 25 km.
    assert.ok(!(await urls({ q: "direct care worker", near: "Toronto" })).has(pickering));
    assert.ok(
      (await urls({ q: "direct care worker", near: "43.70,-79.42", radius_km: 40 })).has(
        pickering,
      ),
    );
    const nearKathmandu = await urls({ q: "customer service attendant", near: "Kathmandu" });
    assert.deepEqual([...nearKathmandu], [kathmandu]);
    await assert.rejects(
      search({ q: "nurse", near: "Nowhereville Xq" }),
      /Invalid parameter 'near': no place called 'Nowhereville Xq' is known/,
    );
  });

  await t.step(
    "'near Manchester' in the query keeps what near=Manchester keeps: Salford too",
    async () => {
      // A person who asks for cleaning jobs near Manchester means the neighbouring towns; the
      // city alone ("in Manchester") has no cleaning posting, Salford (3 km away) has one.
      const cleaner = urlOf("Part time cleaner", "Salford");
      const near = await listed({ q: "part time cleaning jobs near manchester" });
      assert.deepEqual(near.query_place, {
        matched: "manchester",
        near: "Manchester, GB",
        radius_km: 25,
      });
      assert.equal(near.results[0].job_url, cleaner);
      assert.equal(near.results[0].match, "strong");
      // "in Manchester" asks the city, whose close matches of its own are listed (only a city with
      // nothing near the words is searched around: session 46).
      const inCity = await listed({ q: "part time cleaning jobs in manchester" });
      assert.equal(inCity.query_place?.city, "Manchester");
      assert.ok(!inCity.all.some((r) => r.job_url === cleaner));
      // An explicit `near` says where: the query's place gives way to it.
      const elsewhere = await listed({ q: "cleaner near manchester", near: "Leeds" });
      assert.equal(elsewhere.query_place, undefined);
      assert.ok(!elsewhere.all.some((r) => r.job_url === cleaner));
      let reachedNeighbours = 0;
      // Every way of saying it, against the filter over the rest of the words: the same
      // postings in the same order with the same scores (the tiers may differ: a place the
      // query names cuts its strong set against the best match there).
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom("near", "around", "close to", "bei"),
          fc.constantFrom("nurse", "cleaner", "warehouse operative", "software developer", "chef"),
          fc.constantFrom(
            ["Manchester", "Manchester, GB"],
            ["leeds", "Leeds, GB"],
            ["Köln", "Köln, DE"],
            ["cologne", "Köln, DE"],
            ["Toronto", "Toronto, CA"],
          ),
          async (preposition, role, [city, label]) => {
            const said = await listed({ q: `${role} ${preposition} ${city}` });
            const where = `${role} ${preposition} ${city}`;
            assert.equal(said.query_place?.near, label, where);
            const filtered = await listed({ q: role, near: label });
            const row = (r: JobResult) => [r.job_url, r.score];
            if (said.close_nearest_at_place) {
              // Nothing there near the words: the query's place lists its nearest postings, which
              // the filter (that only narrows) does not.
              assert.deepEqual(filtered.all, [], where);
              assert.ok(said.all.every((r) => r.match === "close"), where);
            } else {
              // The filter's list, then, where it is less than a page, the place's postings
              // nearest the words as close matches up to a page (session 32).
              assertFilterThenNearest(said.all, filtered.all, row, where);
            }
            if (said.all.some((r) => r.city !== label.split(",")[0])) reachedNeighbours++;
          },
        ),
        { numRuns: 30, seed: 2711 },
      );
      assert.ok(reachedNeighbours >= 10, `${reachedNeighbours} of 30 lists reach other towns`);
    },
  );

  await t.step(
    "pay in the query keeps what salary_min with the unknown kept keeps; a parameter replaces it",
    async () => {
      let narrowed = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom("registered nurse", "software engineer", "cleaner", "data analyst"),
          fc.constantFrom(
            ["£30k", 30000],
            ["$60,000+", 60000],
            ["45k", 45000],
            ["£15 an hour", 31200],
            ["min 80k", 80000],
            ["paying over £30k", 30000],
            ["that pay 45k", 45000],
          ),
          fc.boolean(),
          async (role, [pay, yearly], first) => {
            const q = first ? `${pay} ${role}` : `${role} ${pay}`;
            const said = await listed({ q });
            // "£" names its currency, compared like with like; "$" names several, so none.
            const currency = pay.includes("£") ? { salary_currency: "GBP" } : {};
            assert.deepEqual(said.query_salary, {
              matched: pay,
              salary_min: yearly,
              ...(pay.includes("£") ? { currency: "GBP" } : {}),
            }, q);
            assert.equal(said.applied, undefined, "the pay is said apart from the filters");
            const filtered = await listed({
              q: role,
              salary_min: yearly,
              ...currency,
              salary_include_unknown: true,
            });
            const row = (r: JobResult) => [r.job_url, r.score, r.match];
            assert.deepEqual(said.all.map(row), filtered.all.map(row), q);
            if (said.all.length < (await listed({ q: role })).all.length) narrowed++;
          },
        ),
        { numRuns: 24, seed: 2712 },
      );
      assert.ok(narrowed >= 5, `${narrowed} of 24 searches left out postings that pay less`);
      // Pay beside a place and nothing else ("$60k jobs in Chicago"): the postings there the
      // parameter keeps, those that state the pay as the strong matches (newest first), those
      // that state none as close ones (session 34).
      const paidThere = await listed({ q: "$60k jobs in Chicago" });
      assert.deepEqual(paidThere.query_salary, {
        matched: "$60k",
        salary_min: 60_000,
        alone: true,
      });
      const allThere = await listed({ q: "jobs in Chicago" });
      const floorThere = await listed({
        q: "jobs in Chicago",
        salary_min: 60_000,
        salary_include_unknown: true,
      });
      const strongThere = paidThere.all.filter((r) => r.match === "strong");
      assert.ok(strongThere.length > 0 && strongThere.length < paidThere.all.length);
      assert.ok(strongThere.every((r) => (yearlySalary(r.base_salary)?.max ?? 0) >= 60_000));
      assert.ok(
        paidThere.all.filter((r) => r.match === "close").every((r) => r.base_salary === undefined),
      );
      assert.ok(paidThere.all.length < allThere.all.length, `${paidThere.all.length}`);
      const urls = (all: JobResult[]) => all.map((r) => r.job_url).sort();
      assert.deepEqual(urls(paidThere.all), urls(floorThere.all));
      // Where no posting there states it, the hint says so and what the close matches are. (Eight
      // of Leeds' postings state their pay in their descriptions, up to 48,526 GBP a year:
      // docs/import.md, "Salary".)
      const pounds = await listed({ q: "jobs in Leeds over £50k" });
      assert.equal(pounds.total, 0);
      assert.ok((pounds.close_total ?? 0) > 1);
      assert.ok(pounds.all.every((r) => r.city === "Leeds" && r.base_salary === undefined));
      // Those around Leeds that state it are one query away (session 46).
      const around = await listed({ q: "over £50k jobs near Leeds" });
      assert.ok(around.total > 0);
      assert.equal(
        pounds.hint,
        "No posting in Leeds states pay reaching 50,000 GBP a year; the " +
          `${pounds.close_total} postings there that state no pay are listed as close matches. ` +
          `"over £50k jobs near Leeds" lists the ${around.total} strong matches within 25 km of Leeds.`,
      );
      // A salary parameter of the words' floor or higher says what pay to keep: the words' is not
      // applied, nor said.
      const given = await listed({ q: "registered nurse 20k", salary_min: 90000 });
      assert.equal(given.query_salary, undefined);
      assert.deepEqual(
        given.all.map((r) => r.job_url),
        (await listed({ q: "registered nurse", salary_min: 90000 })).all.map((r) => r.job_url),
      );
      // A lower one never widens what the words ask (session 37): their floor stands, said, and
      // only the postings that state pay are kept, as the parameter keeps them.
      const lower = await listed({ q: "registered nurse 90k", salary_min: 20000 });
      assert.equal(lower.query_salary?.salary_min, 90000);
      assert.equal(lower.query_salary?.stated_only, true);
      assert.equal(
        (await listed({ q: "registered nurse 90k" })).query_salary?.stated_only,
        undefined,
      );
      const words = await listed({ q: "registered nurse 90k" });
      assert.deepEqual(
        lower.all.map((r) => r.job_url),
        words.all.filter((r) => r.base_salary !== undefined).map((r) => r.job_url),
      );
      assert.ok(lower.all.every((r) => (yearlySalary(r.base_salary)?.max ?? 0) >= 90_000));
    },
  );

  await t.step(
    "pay alone lists exactly the postings that state at least it, newest first, and says so",
    async () => {
      const urlsOf = (all: JobResult[]) =>
        new Set(all.flatMap((r) => [r.job_url, ...(r.also_posted_at ?? [])]));
      for (
        const [q, matched, least, currency] of [
          ["jobs paying over 100k", "paying over 100k", 100_000, undefined],
          ["over 100k", "over 100k", 100_000, undefined],
          ["jobs between 100k and 150k", "between 100k and 150k", 100_000, undefined],
          ["$50 an hour jobs", "$50 an hour", 104_000, undefined],
          // A currency named is compared like with like: the euros of the Dutch postings only.
          ["jobs over €60k", "over €60k", 60_000, "EUR"],
          // Lakhs are rupees (session 49: "over 3 lakh" was not read as pay).
          ["jobs over 3 lakh", "over 3 lakh", 300_000, "INR"],
        ] as const
      ) {
        const stating = jobs.filter((j) => {
          const yearly = yearlySalary(j.base_salary);
          return yearly !== null && yearly.max >= least &&
            (currency === undefined || yearly.currency === currency);
        });
        // Enough to mean something, few enough to compare whole (the list is read to 600: with
        // the pay descriptions state, 439 postings state 100k a year or more in some currency, 142
        // of them in rupees).
        assert.ok(stating.length > 10 && stating.length < 600, `${q}: ${stating.length}`);
        const said = await listed({ q }, 600);
        assert.deepEqual(said.query_salary, {
          matched,
          salary_min: least,
          ...(currency ? { currency } : {}),
          alone: true,
        }, q);
        assert.equal(said.close_total, 0, q);
        // Each listed posting states it; every one that does is listed, or is a copy of one
        // listed, or a copy of a reposted job whose copy that stands for it states less or none
        // (filters judge the copy that stands for a job, as every filter does).
        const stated = new Set(stating.map((j) => j.job_url));
        assert.deepEqual(said.all.filter((r) => !stated.has(r.job_url)), [], q);
        const reached = urlsOf(said.all);
        const copyOfAnother = (job: (typeof jobs)[number]) =>
          jobs.some((other) =>
            other.job_url !== job.job_url && other.city === job.city &&
            other.job_title.toLowerCase() === job.job_title.toLowerCase() &&
            other.company_name.toLowerCase() === job.company_name.toLowerCase() &&
            !stated.has(other.job_url)
          );
        const missed = stating.filter((j) => !reached.has(j.job_url));
        assert.deepEqual(missed.filter((j) => !copyOfAnother(j)).map((j) => j.job_url), [], q);
        assert.ok(missed.length <= 2, `${q}: ${missed.length} copies left out`);
        const newestFirst = await searchAll({ q });
        const dates = newestFirst.all.map((r) => r.publish_time);
        assert.deepEqual(dates, [...dates].sort().reverse(), `${q}: newest first`);
      }
      // A filter narrows it as it narrows any list.
      const inUs = await listed({ q: "over 100k", country: "US" });
      assert.ok(inUs.total > 0 && inUs.all.every((r) => r.country === "US"));
      assert.ok(inUs.total < (await listed({ q: "over 100k" })).total);
      // No posting states so much: said, not "the query names no job".
      const none = await search({ q: "jobs paying over 10000k" });
      assert.equal(none.total, 0);
      assert.equal(none.hint, "No posting states pay reaching 10,000,000 a year.");
      // A day beside the pay is read too: both are filters ("this week" lists nothing here, and
      // the hint says so, counting at least the cap; 415 jobs state 100k, 260 before the pay
      // descriptions state was read, 434 before a remote job's copies under several places were
      // one job).
      const thisWeek = await search({ q: "over 100k this week" });
      assert.equal(thisWeek.query_posted?.matched, "this week");
      assert.equal(thisWeek.total, 0);
      assert.match(
        thisWeek.hint ?? "",
        /^Nothing matches with the day in the query \('this week': since \d{4}-\d\d-\d\d\); without it the query finds 415 postings\.$/,
      );
      assert.match(
        (await search({ q: "jobs posted this week" })).hint ?? "",
        /; without it the query finds at least 1000 postings\.$/,
      );
      // A higher salary parameter replaces the words' floor, as the words "over 100k" would say
      // it; a lower one never widens it (session 37: it listed what "over 50k" lists); a currency
      // parameter replaces only the currency.
      const urlsAll = async (params: Record<string, unknown>) =>
        (await listed(params)).all.map((r) => r.job_url);
      assert.deepEqual(
        await urlsAll({ q: "over 50k", salary_min: 100_000 }),
        await urlsAll({ q: "over 100k" }),
      );
      assert.deepEqual(
        await urlsAll({ q: "over 100k", salary_min: 50_000 }),
        await urlsAll({ q: "over 100k" }),
      );
      // A currency parameter beside pay in another one replaces the currency: "£30k" in euros is
      // "over €30k" in euros (the postings pay alone lists are the parameter's, not the words').
      const poundsInEuros = await urlsAll({ q: "£30k jobs", salary_currency: "EUR" });
      assert.ok(poundsInEuros.length > 0);
      assert.deepEqual(poundsInEuros, await urlsAll({ q: "over €30k", salary_currency: "EUR" }));
      const inDollars = await listed({ q: "over 100k", salary_currency: "USD" });
      assert.equal(inDollars.query_salary?.stated_only, true);
      assert.ok(inDollars.total > 0 && inDollars.total < 434, `${inDollars.total}`);
      assert.ok(
        inDollars.all.every((r) =>
          yearlySalary(r.base_salary)?.currency === "USD" &&
          yearlySalary(r.base_salary)!.max >= 100_000
        ),
      );
      const engineersInDollars = await listed({
        q: "software engineer over 100k",
        salary_currency: "USD",
      });
      assert.ok(engineersInDollars.all.length > 0);
      assert.ok(
        engineersInDollars.all.every((r) =>
          yearlySalary(r.base_salary)?.currency === "USD" &&
          yearlySalary(r.base_salary)!.max >= 100_000
        ),
      );
      // No posting states its pay in Swiss francs: a posting paying $35,000 is no "CHF 30k" job.
      // (Pounds were the example until the pay descriptions state was read: 93 postings state
      // £30k a year or more.)
      const francs = await search({ q: "CHF 30k" });
      assert.equal(francs.total, 0);
      assert.equal(francs.hint, "No posting states pay reaching 30,000 CHF a year.");
      // Beside work the pay still keeps the postings that state none.
      const nurse = await search({ q: "registered nurse over 100k" });
      assert.equal(nurse.query_salary?.alone, undefined);
      assert.ok(nurse.results.some((r) => yearlySalary(r.base_salary) === null));
      // MCP says the order the list is in: equally good matches are newest first.
      const mcpText = async (q: string) => {
        const query = parseSearchQuery({ q, sort: "relevance", top_k: 5 });
        const outcome = await service.search(query);
        return buildSearchPage(query, toSearchResponse(REQUEST_ID, outcome), { maxChars: 20_000 })
          .text;
      };
      assert.match(
        await mcpText("over 100k"),
        /^Found 415 jobs for "over 100k" \(showing 1-5, equally good matches, newest first\):/,
      );
      assert.match(await mcpText("registered nurse"), /\(showing 1-5, most relevant first\):/);
    },
  );

  await t.step(
    "'jobs in Leeds', 'remote jobs': every posting there, newest first, each copy once",
    async () => {
      // Every posting the index holds at a place, with its reposts: what a browse must list.
      const atPlace = (test: (job: (typeof jobs)[number]) => boolean) =>
        new Set(jobs.filter(test).map((job) => job.job_url));
      const listedUrls = (all: JobResult[]) =>
        new Set(all.flatMap((r) => [r.job_url, ...(r.also_posted_at ?? [])]));
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(
            ["Leeds", (j: (typeof jobs)[number]) => j.city === "Leeds"],
            ["Toronto", (j: (typeof jobs)[number]) => j.city === "Toronto"],
            ["Köln", (j: (typeof jobs)[number]) => j.city === "Köln" || j.city === "Cologne"],
            // Its districts written with its name too ("Amsterdam Centrum": session 56).
            ["Amsterdam", (j: (typeof jobs)[number]) => /^Amsterdam(?:$|[- ])/.test(j.city)],
          ),
          fc.constantFrom("jobs in {}", "{} jobs", "vacancies in {}", "all jobs in {}", "in {}"),
          fc.constantFrom("date", "relevance"),
          async ([place, test], phrasing, sort) => {
            const q = phrasing.replace("{}", place as string);
            const first = await search({ q, sort, top_k: 100 });
            const all: JobResult[] = [...first.results];
            while (all.length < first.total) {
              all.push(...(await search({ q, sort, top_k: 100, offset: all.length })).results);
            }
            const expected = atPlace(test as (job: (typeof jobs)[number]) => boolean);
            assert.ok(expected.size > 0, q);
            // Every result is a posting there, and every posting there is listed, itself or as a
            // copy of one listed; a remote job's copies elsewhere come with it (`also_posted_at`).
            for (const r of all) assert.ok(expected.has(r.job_url), `${q}: ${r.job_url}`);
            const listed = listedUrls(all);
            for (const url of expected) assert.ok(listed.has(url), `${q}: ${url} not listed`);
            const everyUrl = all.flatMap((r) => [r.job_url, ...(r.also_posted_at ?? [])]);
            assert.equal(everyUrl.length, listed.size, `${q}: a copy listed twice`);
            assert.equal(first.close_total, 0, q);
            for (const r of all) assert.equal(r.match, "strong", q);
            const dates = all.map((r) => r.publish_time);
            assert.deepEqual(dates, [...dates].sort().reverse(), `${q}: newest first`);
          },
        ),
        { numRuns: 30, seed: 2713 },
      );
      // "remote jobs": what remote=remote keeps (a repost group stands or falls with its kept
      // copy, as under the filter).
      const remote = await listed({ q: "remote jobs" });
      assert.deepEqual(remote.query_place, { matched: "remote", remote: true });
      assert.ok(remote.total > 700, `${remote.total} remote postings`);
      for (const r of remote.all) assert.equal(r.work_mode, "remote", r.job_url);
      // The place alone searches its name, as before; filler alone lists nothing. Asked for by a
      // preposition alone ("in Leeds", "near Manchester"), it lists the place as "jobs in" does.
      assert.equal((await search({ q: "Leeds" })).query_place, undefined);
      for (
        const [alone, withJobs] of [["in Leeds", "jobs in Leeds"], [
          "near Manchester",
          "jobs near Manchester",
        ]]
      ) {
        const [a, b] = [await listed({ q: alone }), await listed({ q: withJobs })];
        assert.ok(a.total > 5, `${alone}: ${a.total}`);
        assert.deepEqual(a.query_place, { ...b.query_place, matched: b.query_place?.matched });
        assert.deepEqual(a.all.map((r) => r.job_url), b.all.map((r) => r.job_url), alone);
      }
      // An employment type alone at a place ("part time jobs in Leeds"): every posting there,
      // those that state the type or say it the strong matches, the others close ones.
      const typedThere = await listed({ q: "part time jobs in Leeds" });
      const leeds = await listed({ q: "jobs in Leeds" });
      assert.deepEqual(typedThere.query_employment, {
        matched: "part time",
        employment_type: "parttime",
        alone: true,
      });
      assert.deepEqual(
        new Set(typedThere.all.map((r) => r.job_url)),
        new Set(leeds.all.map((r) => r.job_url)),
      );
      assert.ok(typedThere.total > 0 && typedThere.total < leeds.total, `${typedThere.total}`);
      for (const r of typedThere.all) {
        const says = /part[- ]?time/i.test(
          `${r.job_title} ${r.employment_type ?? ""} ${(r.job_tags ?? []).join(" ")}`,
        );
        assert.equal(r.match, says ? "strong" : "close", `${r.job_title} (${r.employment_type})`);
      }
      // Without a place, the postings that state the type or say it, anywhere, and only they:
      // Leeds' strong matches among them.
      const typedAnywhere = await listed({ q: "part time jobs" });
      assert.deepEqual(typedAnywhere.query_employment, typedThere.query_employment);
      assert.equal(typedAnywhere.close_total, 0);
      assert.ok(typedAnywhere.total > typedThere.total, `${typedAnywhere.total}`);
      for (const r of typedAnywhere.all) {
        // "(part-/full-time)" says both words too.
        const says = /\bpart\b.*\btime\b|parttime/i.test(
          `${r.job_title} ${r.employment_type ?? ""} ${(r.job_tags ?? []).join(" ")}`,
        );
        assert.ok(says && r.match === "strong", `${r.job_title} (${r.employment_type})`);
      }
      // The city as a filter keeps every job of the query with a copy there, shown as that copy:
      // 1DirectStaff's remote recruitment consultant, under four cities, stands as its copy under
      // Sheffield for "part time jobs" and as the one under Leeds for city=Leeds (session 52 lost it).
      const byUrl = new Map(jobs.map((job) => [job.job_url, job]));
      const typedWhole = await listed({ q: "part time jobs" }, Infinity);
      const filtered = await listed({ q: "part time jobs", city: "Leeds" }, Infinity);
      const keptJobs = typedWhole.all.filter((r) =>
        [r.job_url, ...(r.also_posted_at ?? [])].some((url) => byUrl.get(url)?.city === "Leeds")
      );
      assert.deepEqual(
        filtered.all.map((r) => [r.city, r.score, r.match]),
        keptJobs.map((r) => ["Leeds", r.score, r.match]),
      );
      const shownThere = filtered.all.filter((r) =>
        !typedWhole.all.some((whole) => whole.job_url === r.job_url)
      );
      assert.ok(shownThere.length > 0, "a job whose standing copy is elsewhere");
      for (const r of shownThere) {
        assert.equal(r.work_mode, "remote", r.job_url);
        const whole = keptJobs.find((k) => k.also_posted_at?.includes(r.job_url))!;
        assert.ok(r.also_posted_at?.includes(whole.job_url), "the copy that stood, beside it");
      }
      // Beside a profile, a place alone is the place (the profile names the work), on the map:
      // the profile's area around it, said as such.
      const profiled = await search({
        profile: "Registered nurse, eight years on acute medical wards. Looking for a nurse role.",
        q: "Liverpool",
      });
      assert.deepEqual(profiled.query_place, {
        matched: "Liverpool",
        near: "Liverpool, GB",
        radius_km: DEFAULT_PROFILE_RANKING.areaKm,
      });
      assert.deepEqual(profiled.derived?.places, ["Liverpool, GB"]);
      assert.ok(!profiled.derived?.roles.includes("Liverpool"));
      // Where the person is, the server cannot know: said, not guessed.
      for (const q of ["nurse jobs near me", "cleaner in my area", "warehouse work nearby"]) {
        const nearMe = await search({ q });
        assert.ok(nearMe.total > 0, q);
        assert.equal(
          nearMe.hint,
          'The search does not know where you are, so "near me" kept postings everywhere: name ' +
            'the place ("nurse near Leeds") or give `near`.',
          q,
        );
        assert.doesNotMatch((await search({ q, near: "Leeds" })).hint ?? "", /near me/, q);
        // A city or country parameter says where too: postings are not "everywhere".
        assert.doesNotMatch((await search({ q, city: "Leeds" })).hint ?? "", /near me/, q);
        assert.doesNotMatch((await search({ q, country: "GB" })).hint ?? "", /near me/, q);
      }
      // Words that name no job list nothing, and say what to add; "jobs near me" the place.
      for (
        const [q, hint] of [
          [
            "find me a job",
            'The query names no job: say what work ("nurse", "python developer"), or where in ' +
            'its words ("jobs in Leeds", "remote jobs") to list every posting there.',
          ],
          [
            "jobs near me",
            'The search does not know where you are: name the place ("jobs in Leeds") or give ' +
            '`near` to list every posting there, or say what work ("nurse near me").',
          ],
        ]
      ) {
        const named = await search({ q });
        assert.equal(named.total, 0, q);
        assert.equal(named.hint, hint, q);
      }
      // Words that come near no title, with nothing else to blame, say so (they said nothing).
      for (const q of ["minimum wage jobs", "xyzzy"]) {
        const none = await search({ q, sort: "relevance" });
        assert.equal(none.total + (none.close_total ?? 0), 0, q);
        assert.equal(
          none.hint,
          'No posting comes near these words: name the work in other words ("cashier", ' +
            '"warehouse operative", "python developer").',
          q,
        );
      }
      // Where nothing at the place the words name passes the day they name, that is said, not
      // that the words come near nothing ("jobs posted this week in Amsterdam for English
      // speakers", session 39). The real postings are older than a week.
      // What the words find without the day is counted where they ask, not anywhere: "warehouse
      // jobs posted today in toronto" said the 42 warehouse postings anywhere (reviewer W).
      const inLeeds = await search({ q: "care assistant jobs in Leeds" });
      const anywhere = await search({ q: "care assistant jobs" });
      assert.ok(inLeeds.total > 0 && inLeeds.total < anywhere.total);
      const today = await search({ q: "care assistant jobs posted today in Leeds" });
      assert.equal(today.total, 0);
      assert.match(
        today.hint ?? "",
        new RegExp(
          `^Nothing matches with the day in the query \\('posted today': since [-0-9]+\\); ` +
            `without it the query finds ${inLeeds.total} postings\\.$`,
        ),
      );
      for (
        const q of ["xyzzy jobs posted this week in Leeds", "jobs posted today in Leeds xyzzy"]
      ) {
        const dated = await search({ q, sort: "relevance" });
        assert.equal(dated.total + (dated.close_total ?? 0), 0, q);
        assert.match(
          dated.hint ?? "",
          /^No posting in Leeds was posted since \d{4}-\d{2}-\d{2} \('posted (this week|today)' in the query\)\.$/,
          q,
        );
      }
    },
  );

  await t.step("facets count the whole result set, filters respected", async () => {
    const fields = ["country", "city", "source", "remote", "employment_type", "seniority"];
    for (
      const params of [{ q: "developer" }, {
        q: "developer",
        country: "DE",
        remote: "remote,hybrid",
      }]
    ) {
      const found = await searchAll({ ...params, facets: fields.join(",") });
      assert.ok(found.total > 20);
      const expected: Record<string, Map<string, number>> = {};
      for (const field of fields) expected[field] = new Map();
      // A result counts once under each value of its copies the filters keep (a remote job's
      // copies under several cities: under each city).
      const byUrl = new Map(jobs.map((job) => [job.job_url, job]));
      const keeps = (job: (typeof jobs)[number]) =>
        (!("country" in params) || job.country === params.country) &&
        (!("remote" in params) || params.remote!.split(",").includes(job.work_mode ?? ""));
      for (const r of found.all) {
        const copies = [r.job_url, ...(r.also_posted_at ?? [])].map((url) => byUrl.get(url)!)
          .filter(keeps);
        const values: Record<string, Set<string>> = {};
        for (const field of fields) values[field] = new Set();
        const add = (field: string, value: string | undefined) => {
          if (value) values[field].add(value);
        };
        for (const copy of copies) {
          add("country", copy.country);
          add("city", copy.city);
          add("source", copy.data_source);
          add("remote", copy.work_mode);
          add("seniority", copy.seniority);
          for (const type of (copy.employment_type ?? "").split(", ")) {
            add("employment_type", type.toLowerCase().replace(/[^a-z]/g, "") || undefined);
          }
        }
        for (const field of fields) {
          for (const value of values[field]) {
            expected[field].set(value, (expected[field].get(value) ?? 0) + 1);
          }
        }
      }
      for (const field of fields) {
        const counted = Object.fromEntries(found.facets![field].map((f) => [f.value, f.count]));
        const known = field === "employment_type"
          ? Object.fromEntries(
            [...expected[field]].filter(([v]) =>
              ["fulltime", "parttime", "contract", "internship", "temporary"].includes(v)
            ),
          )
          : Object.fromEntries(expected[field]);
        assert.deepEqual(counted, known, `${field} for ${JSON.stringify(params)}`);
        const counts = found.facets![field].map((f) => f.count);
        assert.deepEqual(counts, [...counts].sort((a, b) => b - a), "most first");
      }
    }
    const plain = await search({ q: "developer" });
    assert.equal(plain.facets, undefined);
  });

  await t.step("a title with a tail ranks with its role", async () => {
    for (
      const [q, tailed] of [
        ["cleaner", "Cleaner - Permanent Full Time"],
        ["warehouse operative", "Warehouse Operative - Night Shift"],
        ["registered nurse", "Registered Nurse - Casual Pool"],
      ]
    ) {
      assert.ok(real.some((j) => j.job_title === tailed), `the data holds "${tailed}"`);
      const { results } = await search({ q, sort: "relevance", top_k: "100" });
      const exact = results.filter((r) => r.job_title.toLowerCase() === q);
      const position = results.findIndex((r) => r.job_title === tailed);
      assert.ok(position >= 0, `"${tailed}" is in the set for "${q}"`);
      // As good as the exact title: ahead of every posting that is not that role (read with its
      // abbreviations written out: "RN (Registered Nurse) - Addiction Treatment" is that role).
      const others = results.slice(0, position).filter((r) =>
        !writtenOut(r.job_title).toLowerCase().startsWith(q)
      );
      assert.deepEqual(others.map((r) => r.job_title), [], `${q}: ${exact.length} exact titles`);
      assert.ok(results[position].score >= 0.9, `${tailed}: ${results[position].score}`);
    }
  });
});

Deno.test("the MCP tool description and `jobseek search --help` show each filter with an example", async () => {
  for (const name of FILTER_NAMES) {
    const { example, list } = FILTERS[name] as FilterParam;
    assert.match(
      searchJobsConfig.description,
      new RegExp(`\`${name}\` \\(e\\.g\\. [^)]*${escape(list ? example.split(",")[0] : example)}`),
      name,
    );
  }
  await using cli = await createCliSandbox();
  const help = await cli.run(["search", "--help"]);
  assert.equal(help.code, 0);
  const text = help.stdout.replace(/\s+/g, " ");
  for (const name of FILTER_NAMES) {
    const { example, cliValue } = FILTERS[name] as FilterParam;
    const flag = `--${name.replaceAll("_", "-")}`;
    assert.ok(text.includes(`${flag} ${cliValue}`.trim()), `${flag} in --help`);
    if (cliValue) {
      const shown = example.includes(" ") ? `"${example}"` : example;
      assert.ok(text.includes(`Example: ${flag} ${shown}`), `${flag}'s example in --help`);
    }
  }
});

Deno.test("`jobseek search --help` names the other filters by their flags, as a person types them", async () => {
  // The table's texts are REST's and MCP's ("give `salary_currency`", "within `radius_km`", "see
  // list_cities"): in a terminal a person reading them typed `salary_currency` (session 32).
  await using cli = await createCliSandbox();
  const help = await cli.run(["search", "--help"]);
  assert.equal(help.code, 0);
  const text = help.stdout.replace(/\s+/g, " ");
  for (const name of FILTER_NAMES) {
    // A filter's own name in its own help is one of its values: `remote`, a way of working, in
    // --remote's ("`--remote`, `hybrid` or `onsite`" it read: reviewer R50c).
    const others = text.replace(
      new RegExp(`--${name.replaceAll("_", "-")} <[^>]*> [^]*?(?= --[a-z]|$)`),
      "",
    );
    assert.ok(!others.includes(`\`${name}\``), `\`${name}\` in --help: say --${name}`);
  }
  assert.ok(text.includes("Where the work is done: `remote`, `hybrid` or `onsite`"), text);
  assert.ok(!text.includes("list_cities"), "list_cities in --help");
  assert.ok(text.includes("give `--salary-currency` to compare like with like"), text);
  assert.ok(text.includes("within `--radius-km` of this place"), text);
  assert.ok(text.includes("(see `jobseek cities`)"), text);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

Deno.test("a city the words name with no strong match of its own lists the postings around it, and says so; the filters still only narrow", async () => {
  // Session 46 (a user trial): "registered nurse sydney" listed a receptionist and a porter as the
  // close matches in Sydney itself, while two registered nurses are in its suburbs. Since session
  // 56 one of them, in "Sydney Eastern Suburbs", is Sydney's own (a district written with its
  // name), so the case is a pharmacist's, whose one posting is in Hornsby.
  const { service } = realIndex;
  const all = async (params: Record<string, unknown>) => {
    const first = await service.search(
      parseSearchQuery({ ...params, sort: "relevance", top_k: 100 }),
    );
    return { ...first, urls: first.results.map((r) => r.job_url) };
  };
  const around = await all({ q: "pharmacist sydney" });
  assert.deepEqual(around.query_place, {
    matched: "sydney",
    near: "Sydney, AU",
    radius_km: 25,
    widened: true,
  });
  const strong = around.results.filter((r) => r.match === "strong");
  assert.ok(strong.length > 0 && strong.every((r) => /pharmacist/i.test(r.job_title)), `${strong}`);
  assert.ok(strong.every((r) => r.city !== "Sydney"), "none in the city itself is strong");
  // What "near sydney" lists, said so by MCP and the CLI as by the page.
  assert.deepEqual(around.urls, (await all({ q: "pharmacist near sydney" })).urls);
  const query = parseSearchQuery({ q: "pharmacist sydney" });
  const page = buildSearchPage(query, toSearchResponse(REQUEST_ID, around), { maxChars: 20_000 });
  assert.ok(
    page.text.includes(
      "Only postings within 25 km of Sydney, AU (nothing in Sydney itself is a strong match)",
    ),
    page.text,
  );
  // A filter only narrows that list; the `city` parameter stays exact.
  for (const filter of [{ employment_type: "parttime" }, { remote: "onsite" }, { country: "AU" }]) {
    const narrowed = await all({ q: "pharmacist sydney", ...filter });
    assert.equal(narrowed.query_place?.widened, true, JSON.stringify(filter));
    assert.ok(narrowed.urls.every((url) => around.urls.includes(url)), JSON.stringify(filter));
  }
  const exact = await all({ q: "pharmacist sydney", city: "Sydney" });
  assert.equal(exact.query_place?.widened, undefined);
  assert.ok(exact.results.every((r) => r.city === "Sydney"));
  // A filter that empties a city with strong matches of its own does not send the search around
  // it: the words alone list the city's.
  const inCity = await all({ q: "nurse in manchester", employment_type: "internship" });
  assert.deepEqual(inCity.query_place, { matched: "manchester", city: "Manchester" });
  // A city with close matches of its own keeps them ("nurse leeds": a midwife, health care
  // assistants), and offers the query that lists those around it, counted as it lists them.
  const leeds = await all({ q: "nurse leeds" });
  assert.deepEqual([leeds.total, leeds.query_place?.city], [0, "Leeds"]);
  assert.ok(leeds.results.every((r) => r.city === "Leeds"));
  // Said as a person would: the city by its name, not "the place in the query ('leeds')".
  const anywhere = await all({ q: "nurse" });
  assert.ok(
    leeds.hint?.startsWith(
      `No strong match in Leeds (without the place the query finds ${anywhere.total}); the ` +
        `${leeds.close_total} postings there nearest these words are listed`,
    ),
    leeds.hint,
  );
  const aroundLeeds = await all({ q: "nurse near leeds" });
  assert.ok(aroundLeeds.total > 0);
  assert.ok(
    leeds.hint?.endsWith(
      `"nurse near leeds" lists the ${aroundLeeds.total} strong matches within 25 km of Leeds.`,
    ),
    leeds.hint,
  );
  // A town without postings is searched around too.
  const eccles = await all({ q: "nurse in eccles" });
  assert.deepEqual([eccles.query_place?.near, eccles.query_place?.widened], ["Eccles, GB", true]);
  assert.ok(eccles.total > 0);
  // Nothing strong around the city either: the city's own nearest postings, as before.
  const london = await all({ q: "nurse in london" });
  assert.deepEqual([london.total, london.query_place?.city], [0, "London"]);
});
