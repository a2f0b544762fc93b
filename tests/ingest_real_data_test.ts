/**
 * Imports every real JobSpy CSV under ../shared/data/jobspy/ (never copied into the repo) and checks
 * the report, idempotency and a few postings field by field against their source rows.
 */
import { strict as assert } from "node:assert";
import { JobseekError } from "../src/domain/errors.ts";
import { type Job, jobIdFromUrl } from "../src/domain/job.ts";
import { type ImportCounts, importFiles, type ImportReport } from "../src/ingest/import_files.ts";
import { openStore, type Store } from "../src/store/store.ts";
import { realJobs } from "./helpers.ts";

const DATA_DIR = new URL("../../shared/data/jobspy/", import.meta.url);

/** Rows per folder as the data set's README lists them. */
const README_ROWS: Record<string, number> = {
  "collinshack-samples": 1326,
  "ethanhistory": 1000,
  "jobzoeker": 684,
  "job-hunter": 198,
  "resume-kit": 80,
  "jobless-titles": 9385,
};

async function listCsvFiles(dir: URL): Promise<string[]> {
  const files: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const url = new URL(entry.name + (entry.isDirectory ? "/" : ""), dir);
    if (entry.isDirectory) files.push(...await listCsvFiles(url));
    else if (entry.name.endsWith(".csv")) files.push(decodeURIComponent(url.pathname));
  }
  return files.sort();
}

function folderOf(path: string): string {
  return path.split("/").at(-2)!;
}

function assertCountsAddUp(report: ImportReport) {
  const all: [string, ImportCounts][] = [
    ...report.files.map((f) => [f.file, f] as [string, ImportCounts]),
    ["totals", report.totals],
  ];
  for (const [name, counts] of all) {
    const sum = counts.inserted + counts.updated + counts.unchanged + counts.duplicates +
      counts.skipped_source + counts.invalid;
    assert.equal(sum, counts.rows_read, name);
  }
  const keys = ["rows_read", "inserted", "updated", "unchanged", "duplicates", "skipped_source"];
  for (const key of [...keys, "invalid"] as (keyof ImportCounts)[]) {
    assert.equal(report.totals[key], report.files.reduce((n, f) => n + f[key], 0), key);
  }
}

async function jobAt(store: Store, url: string): Promise<Job> {
  const job = await store.postings.getJob(await jobIdFromUrl(url));
  assert.ok(job, `no posting for ${url}`);
  return job;
}

Deno.test("importFiles() imports every real JobSpy CSV, idempotently", async (t) => {
  const files = await listCsvFiles(DATA_DIR);
  assert.equal(files.length, 47);
  const store = await openStore(":memory:");
  try {
    const report = await importFiles(store, files);
    const first = report.totals;

    await t.step("counts add up per file and per folder", async () => {
      assertCountsAddUp(report);
      const perFolder: Record<string, number> = {};
      for (const f of report.files) {
        perFolder[folderOf(f.file)] = (perFolder[folderOf(f.file)] ?? 0) + f.rows_read;
      }
      assert.deepEqual(perFolder, README_ROWS);
      assert.equal(await store.postings.countJobs(), first.inserted);
      assert.ok(first.inserted > 11_000, `only ${first.inserted} inserted`);
      assert.ok(first.duplicates > 0);
    });

    await t.step("zip_recruiter rows are counted as skipped, per site", async () => {
      assert.deepEqual(first.skipped_by_site, { zip_recruiter: 300 });
      assert.equal(first.skipped_source, 300);
      for (const f of report.files) {
        const expected = folderOf(f.file) === "ethanhistory" ? { zip_recruiter: 100 } : {};
        assert.deepEqual(f.skipped_by_site, expected, f.file);
      }
      const zip = "https://www.ziprecruiter.com/jobs//j?lvk=06yE2sJ2wnylY-mExQC9SQ";
      assert.equal(await store.postings.getJob(await jobIdFromUrl(zip)), null);
    });

    await t.step("rows without any date are invalid, with file:line", () => {
      const resumeKit = report.files.find((f) => f.file.endsWith("resume-kit/jobspy_jobs.csv"))!;
      assert.equal(resumeKit.invalid, 45);
      assert.match(
        resumeKit.invalid_examples[0],
        /resume-kit\/jobspy_jobs\.csv:\d+: no date_posted \(and no search_date/,
      );
    });

    await t.step("postings carry the fields of their source rows", async () => {
      // jobs_Chicago.csv: Glenview, IL, US; yearly 29918.0-37883.0 USD; parttime.
      const petco = await jobAt(store, "https://www.indeed.com/viewjob?jk=27942281e52aa2d5");
      assert.deepEqual(
        [petco.job_title, petco.company_name, petco.city, petco.country, petco.base_salary],
        ["Sales Associate", "Petco", "Glenview", "US", "29918.0-37883.0 USD/YEAR"],
      );
      assert.deepEqual(
        [petco.publish_time, petco.data_source, petco.employment_type],
        ["2024-09-11 00:00:00", "indeed", "Part-time"],
      );
      assert.ok(petco.job_tags.includes("Retail") && petco.job_tags.includes("Sales"));

      // jobs.csv starts with a BOM and writes dates as M/D/YYYY: 12/17/2024, hourly 15-23 USD.
      const stock = await jobAt(store, "https://www.indeed.com/viewjob?jk=ba975280ef94fa11");
      assert.deepEqual(
        [stock.city, stock.country, stock.base_salary, stock.publish_time, stock.employment_type],
        ["Herkimer", "US", "15.0-23.0 USD/HOUR", "2024-12-17 00:00:00", "Part-time"],
      );

      // jobs_london.csv: 9/6/2024 is September 6th; "Medway, ENG, GB"; no salary in the row, but
      // its description ends "Pay: £16.00-£18.24 per hour" (src/ingest/stated_pay.ts), after
      // lines "Nights: £17.13" and "Sunday: £19.37" that are not read.
      const lgv = await jobAt(store, "https://uk.indeed.com/viewjob?jk=21935640fa738b35");
      assert.deepEqual(
        [lgv.city, lgv.country, lgv.publish_time, lgv.employment_type, lgv.base_salary],
        ["Medway", "GB", "2024-09-06 00:00:00", "Full-time", "16.0-18.24 GBP/HOUR"],
      );

      // ethanhistory: empty date_posted, search_date 2024-04-20; "Austin, TX".
      const setpoint = await jobAt(store, "https://www.linkedin.com/jobs/view/3906273723");
      assert.deepEqual(
        [setpoint.city, setpoint.country, setpoint.publish_time, setpoint.data_source],
        ["Austin", "US", "2024-04-20 00:00:00", "linkedin"],
      );
      assert.equal(setpoint.employment_type, undefined);

      // Glassdoor "United States", hourly 80.0-80.0 USD.
      const oracle = await jobAt(store, "https://www.glassdoor.com/job-listing/j?jl=1009239451188");
      assert.deepEqual(
        [oracle.city, oracle.country, oracle.base_salary, oracle.data_source],
        ["", "US", "80.0-80.0 USD/HOUR", "glassdoor"],
      );

      // glassdoor.ca "Sharon, CA" is in Canada, not California.
      const camp = await jobAt(store, "https://www.glassdoor.ca/job-listing/j?jl=1009707384202");
      assert.deepEqual(
        [camp.city, camp.country, camp.base_salary, camp.publish_time],
        ["Sharon", "CA", "18.0-18.0 USD/HOUR", "2025-04-12 00:00:00"],
      );

      // jobzoeker LinkedIn row with job_level, is_remote, job_function and industry.
      const foxtek = await jobAt(store, "https://www.linkedin.com/jobs/view/4199316528");
      assert.deepEqual(
        [foxtek.city, foxtek.country, foxtek.seniority_level, foxtek.employment_type],
        ["Amsterdam", "NL", "Mid-Senior level", "Full-time"],
      );
      for (
        const tag of ["Remote", "AI", "Information Technology", "IT Services and IT Consulting"]
      ) {
        assert.ok(foxtek.job_tags.includes(tag), `${tag} not in ${foxtek.job_tags}`);
      }
      assert.ok(foxtek.job_tags.length <= 12);

      // glassdoor.nl names only "Tilburg": other postings place Tilburg in NL, the board's country.
      const cm = await jobAt(store, "https://www.glassdoor.nl/job-listing/j?jl=1009702599874");
      assert.deepEqual(
        [cm.city, cm.country, cm.base_salary, cm.publish_time],
        ["Tilburg", "NL", "3500.0-4500.0 EUR/MONTH", "2025-04-08 00:00:00"],
      );

      // "MH, IN" names a state of India, no city.
      const tech = await jobAt(store, "https://in.indeed.com/viewjob?jk=5131b3bec06f3875");
      assert.deepEqual([tech.city, tech.country], ["", "IN"]);

      // jobless-titles: empty date_posted falls back to the file name's date (20260204).
      const waffle = await jobAt(store, "https://www.linkedin.com/jobs/view/4368591681");
      assert.deepEqual(
        [waffle.city, waffle.country, waffle.publish_time, waffle.job_description],
        ["Berlin", "DE", "2026-02-04 00:00:00", ""],
      );
      const grafana = await jobAt(store, "https://de.indeed.com/viewjob?jk=64d0612fe9641deb");
      assert.deepEqual([grafana.city, grafana.country], ["Remote", "DE"]);

      // Reposted in six weekly files with different dates: the last file's row wins.
      const repost = await jobAt(store, "https://www.linkedin.com/jobs/view/4349519884");
      assert.equal(repost.publish_time, "2026-04-24 00:00:00");
    });

    await t.step("postings carry the languages their work needs", async () => {
      // docs/import.md, "The languages a posting needs (session 40)".
      const languagesAt = async (url: string) => (await jobAt(store, url)).languages;
      // A German title, no description.
      assert.deepEqual(await languagesAt("https://de.indeed.com/viewjob?jk=0bea1011bff5b354"), [
        "de",
      ]);
      // "Cloud Support Engineer (German & English speaking)", no description.
      assert.deepEqual(await languagesAt("https://de.indeed.com/viewjob?jk=889bc7aa5ac73cc3"), [
        "en",
        "de",
      ]);
      // In Dutch: "Goede beheersing van de Nederlandse en Engelse taal".
      assert.deepEqual(
        await languagesAt("https://www.glassdoor.nl/job-listing/j?jl=1009714580251"),
        ["nl", "en"],
      );
      // In English: "Fluency in Dutch is a must".
      assert.deepEqual(await languagesAt("https://nl.indeed.com/viewjob?jk=3e4e849321bdae2f"), [
        "en",
        "nl",
      ]);
      // "Fluency in English; German is a plus", "Spanish (Preferred)": not asked.
      assert.deepEqual(await languagesAt("https://nl.indeed.com/viewjob?jk=3e2b7f1c4057b6c6"), [
        "en",
      ]);
      assert.deepEqual(await languagesAt("https://www.indeed.com/viewjob?jk=36dbc278f4292aa5"), [
        "en",
      ]);
      let german = 0;
      let asking = 0;
      for await (const job of store.postings.listJobs()) {
        const languages = job.languages ?? [];
        assert.equal(new Set(languages).size, languages.length, job.job_url);
        if (job.country === "DE" && languages[0] === "de") german++;
        if (languages.length > 1) asking++;
      }
      // 1,061 and 112 when written; a rule's change may move them a little.
      assert.ok(german > 900 && german < 1300, `${german} German postings in Germany`);
      assert.ok(asking > 80 && asking < 150, `${asking} postings ask for a language`);
    });

    await t.step(
      "postings with only a city get their country where the data tells it",
      async () => {
        // Before the fill 165 postings had a city and no country (docs/import.md); with the
        // fixture gazetteer 11 kept none, with GeoNames none does.
        let cityOnly = 0;
        for await (const place of store.postings.listJobPlaces()) {
          if (place.country === undefined && place.city !== "") cityOnly++;
        }
        assert.equal(cityOnly, 0);
        assert.deepEqual(report.countries_filled, {
          from_site: 164,
          from_other_postings: 0,
          from_places: 1,
          earlier_postings: 0,
        });
        const cities = await store.postings.listCities();
        const toronto = cities.filter((c) => c.city === "Toronto");
        assert.deepEqual(toronto.map((c) => c.country), ["CA"]);
        const named = new Set(cities.filter((c) => c.country !== undefined).map((c) => c.city));
        const alsoWithout = cities.filter((c) => c.country === undefined && named.has(c.city));
        assert.deepEqual(alsoWithout, []);
      },
    );

    await t.step("every city list_cities lists has a country", async () => {
      // These five were listed without one before GeoNames (the fixture gazetteer knew none).
      const cities = await store.postings.listCities();
      assert.deepEqual(cities.filter((c) => c.country === undefined), []);
      const countryOf = (city: string) =>
        cities.filter((c) => c.city === city).map((c) => c.country);
      for (const city of ["Vaughan", "Pickering", "Concord", "Midtown Toronto"]) {
        assert.ok(countryOf(city).includes("CA"), `${city}: ${countryOf(city)}`);
      }
      assert.deepEqual(countryOf("Bradford West Gwillimbury"), ["CA"]);
      assert.deepEqual(countryOf("Dallas-Fort Worth"), ["US"]);
    });

    await t.step("postings get their city's coordinates, remote ones none", async () => {
      let cities = 0;
      let located = 0;
      for await (const job of store.postings.listJobs()) {
        if (job.city === "Remote" || job.city === "") {
          assert.equal(job.latitude, undefined, job.job_url);
          continue;
        }
        cities++;
        if (job.latitude !== undefined && job.longitude !== undefined) located++;
      }
      // 170 postings are in places cities500 does not have (Whitby and North York, Ontario; Bad
      // Friedrichshall; the Randstad...): docs/import.md, "Coordinates".
      assert.deepEqual([cities, located], [10_058, 9_888]);
      // glassdoor.ca's "Concord" is Concord, Ontario (the board's country), not California's.
      const concord = await jobAt(store, "https://www.glassdoor.ca/job-listing/j?jl=1009705405585");
      assert.deepEqual([concord.city, concord.country, concord.latitude, concord.longitude], [
        "Concord",
        "CA",
        43.80011,
        -79.48291,
      ]);
    });

    await t.step("the real postings other suites read from disk are this import's", async () => {
      // tests/real_jobs_cache.ts: a kept file that no longer matches the importer fails here.
      const withoutClock = (jobs: Job[]) => jobs.map(({ first_seen: _, ...job }) => job);
      const imported: Job[] = [];
      for await (const job of store.postings.listJobs()) imported.push(job);
      assert.deepEqual(withoutClock(await realJobs()), withoutClock(imported));
    });

    await t.step("a second import changes nothing", async () => {
      const secondReport = await importFiles(store, files);
      assertCountsAddUp(secondReport);
      const second = secondReport.totals;
      assert.deepEqual([second.inserted, second.updated], [0, 0]);
      assert.equal(second.unchanged, first.inserted);
      assert.deepEqual(
        [second.rows_read, second.duplicates, second.skipped_source, second.invalid],
        [first.rows_read, first.duplicates, first.skipped_source, first.invalid],
      );
      assert.equal(await store.postings.countJobs(), first.inserted);
      const runs = await store.importRuns.list();
      assert.deepEqual(runs.map((r) => r.id), [secondReport.run_id, report.run_id]);
    });
  } finally {
    store.close();
  }
});

Deno.test("importFiles() refuses bad files with clear errors and writes nothing", async () => {
  const dir = await Deno.makeTempDir({ prefix: "jobseek_real_" });
  const store = await openStore(":memory:");
  try {
    const real = decodeURIComponent(
      new URL("collinshack-samples/jobs_london.csv", DATA_DIR).pathname,
    );
    const binary = `${dir}/export.csv`;
    await Deno.writeFile(binary, Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
    const txt = `${dir}/jobs.txt`;
    await Deno.copyFile(real, txt);
    const wrongHeader = `${dir}/wrong.csv`;
    await Deno.writeTextFile(wrongHeader, "name,link,when\nDev,https://x.org/1,2024-01-01\n");
    const missing = `${dir}/does-not-exist.csv`;

    for (const bad of [binary, txt, wrongHeader, missing]) {
      await assert.rejects(() => importFiles(store, [real, bad]), (error: Error) => {
        assert.ok(error instanceof JobseekError);
        assert.ok(error.message.startsWith(`Cannot import ${bad}: `), error.message);
        return true;
      });
    }
    assert.equal(await store.postings.countJobs(), 0);
    assert.deepEqual(await store.importRuns.list(), []);
  } finally {
    store.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("importFiles() reports a malformed row of a real CSV by line and imports the rest", async () => {
  const dir = await Deno.makeTempDir({ prefix: "jobseek_real_" });
  const store = await openStore(":memory:");
  try {
    const real = decodeURIComponent(
      new URL("collinshack-samples/jobs_london.csv", DATA_DIR).pathname,
    );
    const clean = await importFiles(store, [real]);
    assert.equal(clean.totals.invalid, 0);

    // Put a row with too few fields in front of the third record.
    const text = await Deno.readTextFile(real);
    const lines = text.split("\n");
    const records = clean.files[0].rows_read;
    let recordStarts = 0;
    let at = -1;
    for (let i = 1; i < lines.length && at < 0; i++) {
      if (/^[^,]*,indeed,https:/.test(lines[i]) && ++recordStarts === 3) at = i;
    }
    assert.ok(at > 0);
    lines.splice(at, 0, "broken,indeed,https://uk.indeed.com/viewjob?jk=broken");
    const copy = `${dir}/jobs_london_broken.csv`;
    await Deno.writeTextFile(copy, lines.join("\n"));

    const fresh = await openStore(":memory:");
    try {
      const report = await importFiles(fresh, [copy]);
      assert.equal(report.totals.rows_read, records + 1);
      assert.equal(report.totals.invalid, 1);
      assert.equal(report.totals.inserted, clean.totals.inserted);
      assert.match(
        report.totals.invalid_examples[0],
        new RegExp(`^${copy}:${at + 1}: malformed CSV row: Invalid Record Length`),
      );
    } finally {
      fresh.close();
    }
  } finally {
    store.close();
    await Deno.remove(dir, { recursive: true });
  }
});
