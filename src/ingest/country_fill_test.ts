import { strict as assert } from "node:assert";
import { type Job, jobIdFromUrl } from "../domain/job.ts";
import { openStore, type Store } from "../store/store.ts";
import { boardCountry } from "./country_fill.ts";
import { importFiles, type ImportReport } from "./import_files.ts";

const HEADER = "site,job_url,title,company,location,date_posted,description\n";

interface Row {
  url: string;
  location: string;
  title?: string;
}

function siteOf(url: string): string {
  return url.includes("linkedin") ? "linkedin" : url.includes("glassdoor") ? "glassdoor" : "indeed";
}

function csv(rows: Row[]): string {
  return HEADER +
    rows.map((row) =>
      `${siteOf(row.url)},${row.url},${row.title ?? "Registered Nurse"},ACME,"${row.location}",` +
      "2025-04-10,Patient care\n"
    ).join("");
}

async function withStore(fn: (store: Store, write: (rows: Row[]) => Promise<string>) => unknown) {
  const store = await openStore(":memory:");
  const dir = await Deno.makeTempDir({ prefix: "jobseek_country_" });
  let n = 0;
  const write = async (rows: Row[]) => {
    const path = `${dir}/jobs_${++n}.csv`;
    await Deno.writeTextFile(path, csv(rows));
    return path;
  };
  try {
    await fn(store, write);
  } finally {
    store.close();
    await Deno.remove(dir, { recursive: true });
  }
}

async function posting(store: Store, url: string): Promise<Job> {
  const job = await store.postings.getJob(await jobIdFromUrl(url));
  assert.ok(job, `no posting for ${url}`);
  return job;
}

async function countryOf(store: Store, url: string): Promise<string | undefined> {
  return (await posting(store, url)).country;
}

function assertCountsAddUp(report: ImportReport) {
  for (const counts of [...report.files, report.totals]) {
    const { inserted, updated, unchanged, duplicates, skipped_source, invalid } = counts;
    assert.equal(
      inserted + updated + unchanged + duplicates + skipped_source + invalid,
      counts.rows_read,
    );
  }
}

const GD_CA = (n: number) => `https://www.glassdoor.ca/job-listing/j?jl=${n}`;
const GD_NL = (n: number) => `https://www.glassdoor.nl/job-listing/j?jl=${n}`;
const UK_INDEED = (n: number) => `https://uk.indeed.com/viewjob?jk=${n}`;
const CA_INDEED = (n: number) => `https://ca.indeed.com/viewjob?jk=${n}`;
const US_INDEED = (n: number) => `https://www.indeed.com/viewjob?jk=${n}`;
const LINKEDIN = (n: number) => `https://www.linkedin.com/jobs/view/${n}`;

Deno.test("boardCountry() reads the national boards of the real data and their domains", () => {
  const cases: [string, string | undefined][] = [
    ["https://www.glassdoor.ca/job-listing/j?jl=1", "CA"],
    ["https://www.glassdoor.nl/job-listing/j?jl=1", "NL"],
    ["https://www.glassdoor.de/job-listing/j?jl=1", "DE"],
    ["https://www.glassdoor.co.uk/job-listing/j?jl=1", "GB"],
    ["https://www.glassdoor.co.in/job-listing/j?jl=1", "IN"],
    ["https://www.glassdoor.com.au/job-listing/j?jl=1", "AU"],
    ["https://nl.glassdoor.be/job-listing/j?jl=1", "BE"],
    ["https://ca.indeed.com/viewjob?jk=1", "CA"],
    ["https://uk.indeed.com/viewjob?jk=1", "GB"],
    ["https://www.indeed.co.uk/viewjob?jk=1", "GB"],
    ["https://de.indeed.com/viewjob?jk=1", "DE"],
    ["https://in.indeed.com/viewjob?jk=1", "IN"],
    ["https://au.indeed.com/viewjob?jk=1", "AU"],
    ["https://nl.indeed.com/viewjob?jk=1", "NL"],
    // Boards that also serve countries without a site of their own name none.
    ["https://www.indeed.com/viewjob?jk=1", undefined],
    ["https://www.glassdoor.com/job-listing/j?jl=1", undefined],
    ["https://www.linkedin.com/jobs/view/1", undefined],
    ["https://careers.example.de/jobs/1", undefined],
  ];
  for (const [url, expected] of cases) assert.equal(boardCountry(url), expected, url);
});

Deno.test("a glassdoor.ca posting in Toronto gets CA, and Toronto is listed once", async () => {
  await withStore(async (store, write) => {
    const file = await write([
      { url: GD_CA(1), location: "Toronto" },
      { url: CA_INDEED(2), location: "Toronto, ON" },
      { url: CA_INDEED(3), location: "Toronto, ON, CA" },
    ]);
    const report = await importFiles(store, [file]);
    assert.equal(await countryOf(store, GD_CA(1)), "CA");
    assert.deepEqual(report.countries_filled, {
      from_site: 1,
      from_other_postings: 0,
      from_places: 0,
      earlier_postings: 0,
    });
    assert.deepEqual(await store.postings.listCities(), [{
      city: "Toronto",
      country: "CA",
      count: 3,
    }]);
  });
});

Deno.test("a national board's city counts as known there when GeoNames has it there", async () => {
  await withStore(async (store, write) => {
    // No posting places any of them; GeoNames has each in the board's country (Vaughan, Pickering
    // and Concord are the real glassdoor.ca postings that had no country; Emmen is also Swiss).
    const file = await write([
      { url: GD_CA(1), location: "Toronto" },
      { url: GD_NL(2), location: "Amsterdam" },
      { url: GD_NL(3), location: "Sneek" },
      { url: GD_NL(4), location: "Emmen" },
      { url: GD_CA(5), location: "Vaughan" },
      { url: GD_CA(6), location: "Pickering" },
      { url: GD_CA(7), location: "Concord" },
    ]);
    await importFiles(store, [file]);
    for (const [url, country] of [[GD_CA(1), "CA"], [GD_NL(2), "NL"], [GD_NL(3), "NL"]]) {
      assert.equal(await countryOf(store, url), country, url);
    }
    // Emmen in Drenthe, not Emmen near Lucerne; Concord in Ontario, not the bigger one in
    // California: the board's country decides which place the coordinates are.
    const emmen = await posting(store, GD_NL(4));
    assert.deepEqual([emmen.country, emmen.latitude, emmen.longitude], ["NL", 52.77917, 6.90694]);
    const concord = await posting(store, GD_CA(7));
    assert.deepEqual([concord.country, concord.latitude, concord.longitude], [
      "CA",
      43.80011,
      -79.48291,
    ]);
    assert.equal((await posting(store, GD_CA(5))).country, "CA");
    assert.equal((await posting(store, GD_CA(6))).country, "CA");
  });
});

Deno.test("a board's name that nothing places anywhere takes the board's country", async () => {
  await withStore(async (store, write) => {
    // Neither GeoNames nor any posting knows these names whole: a neighbourhood (inside Toronto,
    // where its coordinates are taken from) and a town too small for cities500 on its own.
    const file = await write([
      { url: GD_CA(1), location: "Midtown Toronto" },
      { url: GD_CA(2), location: "Bradford West Gwillimbury" },
    ]);
    const report = await importFiles(store, [file]);
    const midtown = await posting(store, GD_CA(1));
    assert.deepEqual([midtown.country, midtown.latitude, midtown.longitude], [
      "CA",
      43.70011,
      -79.4163,
    ]);
    const bradford = await posting(store, GD_CA(2));
    assert.deepEqual([bradford.country, bradford.latitude], ["CA", undefined]);
    assert.equal(report.countries_filled.from_site, 2);
  });
});

Deno.test("a posting from no board gets the country GeoNames gives its city alone", async () => {
  await withStore(async (store, write) => {
    const file = await write([
      // Only Canada has a Vaughan.
      { url: LINKEDIN(1), location: "Vaughan" },
      // A metropolitan area: Dallas and Fort Worth, both in the US.
      { url: "https://www.glassdoor.com/job-listing/j?jl=2", location: "Dallas-Fort Worth" },
      // California's Concord has 129,000 people, New South Wales' 14,000: too close to choose.
      { url: LINKEDIN(3), location: "Concord" },
    ]);
    const report = await importFiles(store, [file]);
    assert.equal(await countryOf(store, LINKEDIN(1)), "CA");
    const dallas = await posting(store, "https://www.glassdoor.com/job-listing/j?jl=2");
    assert.deepEqual([dallas.country, dallas.latitude, dallas.longitude], [
      "US",
      32.78306,
      -96.80667,
    ]);
    const concord = await posting(store, LINKEDIN(3));
    assert.deepEqual([concord.country, concord.latitude], [undefined, undefined]);
    assert.equal(report.countries_filled.from_places, 2);
  });
});

Deno.test("a posting from no national board gets its city's only country elsewhere", async () => {
  await withStore(async (store, write) => {
    const file = await write([
      { url: LINKEDIN(1), location: "Oakville" },
      { url: CA_INDEED(2), location: "Oakville, ON" },
      { url: US_INDEED(3), location: "Tilburg" },
      { url: GD_NL(4), location: "Tilburg, Noord-Brabant, Nederland" },
    ]);
    const report = await importFiles(store, [file]);
    assert.equal(await countryOf(store, LINKEDIN(1)), "CA");
    assert.equal(await countryOf(store, US_INDEED(3)), "NL");
    assert.equal(report.countries_filled.from_other_postings, 2);
  });
});

Deno.test("a city placed in two countries elsewhere keeps a lone posting without a country", async () => {
  await withStore(async (store, write) => {
    const file = await write([
      { url: LINKEDIN(1), location: "London" },
      { url: UK_INDEED(2), location: "London, ENG, GB" },
      { url: CA_INDEED(3), location: "London, ON" },
      // The board settles it where the other postings cannot.
      { url: GD_CA(4), location: "London" },
    ]);
    const report = await importFiles(store, [file]);
    assert.equal(await countryOf(store, LINKEDIN(1)), undefined);
    assert.equal(await countryOf(store, GD_CA(4)), "CA");
    assert.deepEqual(
      (await store.postings.listCities()).map((c) => [c.city, c.country, c.count]),
      [["London", "CA", 2], ["London", undefined, 1], ["London", "GB", 1]],
    );
    assertCountsAddUp(report);
  });
});

Deno.test("a board whose country the city is not known in gives no country at all", async () => {
  await withStore(async (store, write) => {
    // Bolton is only known in England here, but a glassdoor.ca posting means Bolton, Ontario.
    const file = await write([
      { url: GD_CA(1), location: "Bolton" },
      { url: UK_INDEED(2), location: "Bolton, ENG, GB" },
    ]);
    const report = await importFiles(store, [file]);
    assert.equal(await countryOf(store, GD_CA(1)), undefined);
    assert.deepEqual(report.countries_filled, {
      from_site: 0,
      from_other_postings: 0,
      from_places: 0,
      earlier_postings: 0,
    });
  });
});

Deno.test("a remote posting without a country does not get one from its board", async () => {
  await withStore(async (store, write) => {
    const file = await write([
      { url: "https://de.indeed.com/viewjob?jk=1", location: "Remote" },
      { url: "https://de.indeed.com/viewjob?jk=2", location: "Home Office, DE" },
    ]);
    await importFiles(store, [file]);
    const remote = await posting(store, "https://de.indeed.com/viewjob?jk=1");
    assert.deepEqual([remote.city, remote.country], ["Remote", undefined]);
  });
});

Deno.test("stored postings count as elsewhere, and get a country when a later run tells it", async () => {
  await withStore(async (store, write) => {
    const first = await importFiles(store, [
      await write([{ url: LINKEDIN(1), location: "Oakville" }]),
    ]);
    assert.equal(await countryOf(store, LINKEDIN(1)), undefined);
    assert.equal(first.countries_filled.earlier_postings, 0);

    const second = await importFiles(store, [
      await write([{ url: CA_INDEED(2), location: "Oakville, ON" }]),
    ]);
    assert.equal(await countryOf(store, LINKEDIN(1)), "CA");
    assert.equal(second.countries_filled.earlier_postings, 1);
    // The run's own rows are counted as before; the earlier posting is reported apart.
    assert.deepEqual([second.totals.rows_read, second.totals.inserted], [1, 1]);
    assertCountsAddUp(second);

    const third = await importFiles(store, [
      await write([{ url: LINKEDIN(3), location: "Oakville" }]),
    ]);
    assert.equal(await countryOf(store, LINKEDIN(3)), "CA");
    assert.equal(third.countries_filled.from_other_postings, 1);
    assert.deepEqual(await store.postings.listCities(), [{
      city: "Oakville",
      country: "CA",
      count: 3,
    }]);
  });
});

Deno.test("re-importing postings whose country was filled in changes nothing", async () => {
  await withStore(async (store, write) => {
    const file = await write([
      { url: GD_CA(1), location: "Toronto" },
      { url: LINKEDIN(2), location: "Oakville" },
      { url: CA_INDEED(3), location: "Oakville, ON" },
      { url: LINKEDIN(4), location: "London" },
      { url: UK_INDEED(5), location: "London, ENG, GB" },
      { url: CA_INDEED(6), location: "London, ON" },
      { url: LINKEDIN(2), location: "Oakville", title: "Charge Nurse" },
    ]);
    const first = await importFiles(store, [file]);
    assertCountsAddUp(first);
    assert.deepEqual(
      [first.totals.rows_read, first.totals.inserted, first.totals.duplicates],
      [7, 6, 1],
    );
    const cities = await store.postings.listCities();

    const again = await importFiles(store, [file]);
    assertCountsAddUp(again);
    assert.deepEqual(
      [again.totals.inserted, again.totals.updated, again.totals.unchanged],
      [0, 0, 6],
    );
    assert.deepEqual(again.countries_filled, {
      from_site: 1,
      from_other_postings: 1,
      from_places: 0,
      earlier_postings: 0,
    });
    assert.deepEqual(await store.postings.listCities(), cities);
    assert.equal((await posting(store, LINKEDIN(2))).job_title, "Charge Nurse");
  });
});
