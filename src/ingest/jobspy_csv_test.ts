import { strict as assert } from "node:assert";
import { jobIdFromUrl } from "../domain/job.ts";
import type { ImportRow } from "./import_row.ts";
import { InvalidFileError } from "./import_row.ts";
import {
  countryHintFromUrl,
  dateFromFileName,
  formatBaseSalary,
  formatEmploymentType,
  formatSeniority,
  parseJobspyCsv,
  undoubledEscapes,
} from "./jobspy_csv.ts";
import fc from "fast-check";

function only<K extends ImportRow["kind"]>(rows: ImportRow[], kind: K) {
  return rows.filter((row): row is Extract<ImportRow, { kind: K }> => row.kind === kind);
}

const FULL_HEADER = "id,site,job_url,job_url_direct,title,company,location,date_posted,job_type," +
  "salary_source,interval,min_amount,max_amount,currency,is_remote,job_level,job_function," +
  "listing_type,emails,description,company_industry,skills\n";

Deno.test("parseJobspyCsv() maps every field of a full JobSpy row", async () => {
  const csv = FULL_HEADER +
    'li-1,linkedin,https://www.linkedin.com/jobs/view/1,,"  Senior  Python Engineer ",ACME GmbH,' +
    '"München, BY, DE",2025-04-04,"parttime, fulltime",direct_data,yearly,85000,120000.5,EUR,True,' +
    'mid-senior level,"Engineering and Information Technology",,,' +
    '"  We use Kubernetes, Kubernetes and AWS.  ",IT Services and IT Consulting,"FastAPI, Python"\n';
  const rows = await parseJobspyCsv(csv);
  assert.equal(rows.length, 1);
  const [row] = only(rows, "job");
  assert.equal(row.line, 2);
  assert.deepEqual(row.job, {
    id: await jobIdFromUrl("https://www.linkedin.com/jobs/view/1"),
    job_title: "Senior Python Engineer",
    company_name: "ACME GmbH",
    city: "München",
    country: "DE",
    publish_time: "2025-04-04 00:00:00",
    base_salary: "85000.0-120000.5 EUR/YEAR",
    job_url: "https://www.linkedin.com/jobs/view/1",
    job_tags: [
      "Remote",
      "FastAPI",
      "Python",
      "Engineering",
      "Information Technology",
      "IT Services and IT Consulting",
      "Kubernetes",
      "AWS",
    ],
    data_source: "linkedin",
    seniority_level: "Mid-Senior level",
    employment_type: "Full-time, Part-time",
    job_description: "We use Kubernetes, Kubernetes and AWS.",
    // Derived at import: is_remote, the title's "Senior" (src/ingest/work_mode.ts, seniority.ts).
    work_mode: "remote",
    seniority: "senior",
    // The title's English words (src/ingest/posting_languages.ts).
    languages: ["en"],
    // München, Bavaria, from GeoNames (src/ingest/coordinates.ts).
    latitude: 48.13743,
    longitude: 11.57549,
  });
});

Deno.test("parseJobspyCsv() reads the title-only layout and leaves optional fields absent", async () => {
  const csv = '"company","title","location","job_url","job_type","site","date_posted"\n' +
    '"","Backend Developer","Home Office, DE","https://de.indeed.com/viewjob?jk=9","",' +
    '"indeed","2026-02-04"\n';
  const [row] = only(await parseJobspyCsv(csv), "job");
  assert.deepEqual(row.job, {
    id: await jobIdFromUrl("https://de.indeed.com/viewjob?jk=9"),
    job_title: "Backend Developer",
    company_name: "",
    city: "Remote",
    country: "DE",
    publish_time: "2026-02-04 00:00:00",
    job_url: "https://de.indeed.com/viewjob?jk=9",
    job_tags: ["Backend"],
    data_source: "indeed",
    job_description: "",
    // "Home Office" is remote work (src/ingest/work_mode.ts); a remote posting has no coordinates.
    work_mode: "remote",
    languages: ["en"],
  });
});

Deno.test("parseJobspyCsv() strips a byte order mark from the header", async () => {
  const csv = "\uFEFFsite,job_url,title,date_posted\r\n" +
    "indeed,https://www.indeed.com/viewjob?jk=1,Cook,12/17/2024\r\n";
  const [row] = only(await parseJobspyCsv(csv), "job");
  assert.equal(row.job.job_title, "Cook");
  assert.equal(row.job.publish_time, "2024-12-17 00:00:00");
});

Deno.test("parseJobspyCsv() reads YYYY-MM-DD and M/D/YYYY dates", async () => {
  const csv = "site,job_url,title,date_posted\n" +
    "indeed,https://x.indeed.com/1,A,2024-09-11\n" +
    "indeed,https://x.indeed.com/2,B,9/6/2024\n" +
    "indeed,https://x.indeed.com/3,C,12/20/2024\n" +
    "indeed,https://x.indeed.com/4,D,20/12/2024\n";
  const times = only(await parseJobspyCsv(csv), "job").map((r) => r.job.publish_time);
  assert.deepEqual(times, [
    "2024-09-11 00:00:00",
    "2024-09-06 00:00:00",
    "2024-12-20 00:00:00",
    "2024-12-20 00:00:00",
  ]);
});

Deno.test("parseJobspyCsv() falls back to search_date, then to the file name's date", async () => {
  const withSearchDate = "site,job_url,title,date_posted,search_date\n" +
    "linkedin,https://www.linkedin.com/jobs/view/1,A,,2024-04-20\n";
  const [a] = only(await parseJobspyCsv(withSearchDate, { fileName: "x_20990101.csv" }), "job");
  assert.equal(a.job.publish_time, "2024-04-20 00:00:00");

  const plain =
    "site,job_url,title,date_posted\nlinkedin,https://www.linkedin.com/jobs/view/2,B,\n";
  const [b] = only(
    await parseJobspyCsv(plain, { fileName: "data/germany_it_jobs_20260204_224032.csv" }),
    "job",
  );
  assert.equal(b.job.publish_time, "2026-02-04 00:00:00");

  const [c] = only(await parseJobspyCsv(plain, { fileName: "all_jobs.csv" }), "invalid");
  assert.equal(c.line, 2);
  assert.match(c.reason, /^no date_posted/);
});

Deno.test("parseJobspyCsv() reports bad rows with their line and reason", async () => {
  const csv = "site,job_url,title,date_posted\n" +
    "indeed,,No URL,2024-01-01\n" +
    "indeed,https://www.indeed.com/viewjob?jk=2,,2024-01-01\n" +
    "indeed,not a url,Bad URL,2024-01-01\n" +
    "indeed,https://www.indeed.com/viewjob?jk=4,Bad date,yesterday\n" +
    "indeed,https://www.indeed.com/viewjob?jk=5,No such day,2024-02-30\n" +
    ",https://www.indeed.com/viewjob?jk=6,No site,2024-01-01\n" +
    "indeed,https://www.indeed.com/viewjob?jk=7,Good,2024-01-01\n";
  const rows = await parseJobspyCsv(csv);
  assert.deepEqual(only(rows, "invalid").map((r) => [r.line, r.reason]), [
    [2, "no job_url"],
    [3, "no title"],
    [4, "job_url is not an http(s) URL: 'not a url'"],
    [5, "bad date_posted 'yesterday' (expected YYYY-MM-DD or M/D/YYYY)"],
    [6, "bad date_posted '2024-02-30' (expected YYYY-MM-DD or M/D/YYYY)"],
    [7, "no site"],
  ]);
  assert.deepEqual(only(rows, "job").map((r) => r.line), [8]);
});

Deno.test("parseJobspyCsv() skips sites other than indeed, linkedin and glassdoor", async () => {
  const csv = "site,job_url,title,date_posted\n" +
    "zip_recruiter,https://www.ziprecruiter.com/jobs/1,A,2024-01-01\n" +
    "Glassdoor,https://www.glassdoor.com/job-listing/j?jl=2,B,2024-01-01\n" +
    "google,https://www.google.com/3,C,\n";
  const rows = await parseJobspyCsv(csv);
  assert.deepEqual(only(rows, "skipped").map((r) => [r.line, r.site]), [
    [2, "zip_recruiter"],
    [4, "google"],
  ]);
  assert.equal(only(rows, "job")[0].job.data_source, "glassdoor");
});

Deno.test("parseJobspyCsv() reports a malformed row by line and reads the rest", async () => {
  const csv = "site,job_url,title,date_posted,description\n" +
    'indeed,https://www.indeed.com/viewjob?jk=1,A,2024-01-01,"two\r\nlines"\n' +
    "indeed,https://www.indeed.com/viewjob?jk=2,B,2024-01-01,x,EXTRA FIELD\n" +
    "\n" +
    'indeed,https://www.indeed.com/viewjob?jk=3,"C" stray,2024-01-01,x\n' +
    "indeed,https://www.indeed.com/viewjob?jk=4,D,2024-01-01,x\n" +
    'indeed,https://www.indeed.com/viewjob?jk=5,E,2024-01-01,"never closed\n' +
    "indeed,https://www.indeed.com/viewjob?jk=6,F,2024-01-01,x\n";
  const rows = await parseJobspyCsv(csv);
  assert.deepEqual(rows.map((r) => [r.kind, r.line]), [
    ["job", 2],
    ["invalid", 4],
    ["invalid", 6],
    ["job", 7],
    ["invalid", 8],
    ["job", 9],
  ]);
  const reasons = only(rows, "invalid").map((r) => r.reason);
  assert.match(reasons[0], /^malformed CSV row: Invalid Record Length/);
  assert.match(reasons[1], /^malformed CSV row: Invalid Closing Quote/);
  assert.match(reasons[2], /^malformed CSV row: Quote Not Closed/);
  assert.deepEqual(only(rows, "job").map((r) => r.job.job_title), ["A", "D", "F"]);
});

Deno.test("parseJobspyCsv() rejects a file without job_url and title columns", async () => {
  await assert.rejects(
    () => parseJobspyCsv("name,url\nA,https://x.org\n"),
    (error: Error) =>
      error instanceof InvalidFileError &&
      error.message === "the CSV header has no job_url or title column (is it JobSpy output?)",
  );
  await assert.rejects(() => parseJobspyCsv("site,job_url\nindeed,https://x.org\n"), /no title/);
});

Deno.test("parseJobspyCsv() caps a long description below the KV value limit", async () => {
  const long = "’" + "x".repeat(40_000);
  const csv =
    `site,job_url,title,date_posted,description\nindeed,https://a.indeed.com/1,A,2024-01-01,${long}\n`;
  const [row] = only(await parseJobspyCsv(csv), "job");
  assert.equal(row.job.job_description.length, 24 * 1024);
  assert.ok(row.job.job_description.endsWith("..."));
});

Deno.test("formatBaseSalary() writes <min>-<max> <CURRENCY>/<PERIOD> with fractions", () => {
  assert.equal(
    formatBaseSalary("85000.0", "120000.0", "USD", "yearly"),
    "85000.0-120000.0 USD/YEAR",
  );
  assert.equal(formatBaseSalary("15", "23", "USD", "hourly"), "15.0-23.0 USD/HOUR");
  assert.equal(formatBaseSalary("3500", "4500", "EUR", "monthly"), "3500.0-4500.0 EUR/MONTH");
  assert.equal(formatBaseSalary("900", "1000", "GBP", "weekly"), "900.0-1000.0 GBP/WEEK");
  assert.equal(formatBaseSalary("200", "250.25", "cad", "daily"), "200.0-250.25 CAD/DAY");
  assert.equal(formatBaseSalary("", "80", "USD", "hourly"), "80.0-80.0 USD/HOUR");
  assert.equal(formatBaseSalary("120000", "85000", "USD", "yearly"), "85000.0-120000.0 USD/YEAR");
  assert.equal(formatBaseSalary("", "", "USD", "hourly"), undefined);
  assert.equal(formatBaseSalary("10", "20", "", "hourly"), undefined);
  assert.equal(formatBaseSalary("10", "20", "USD", ""), undefined);
  assert.equal(formatBaseSalary("ten", "", "USD", "hourly"), undefined);
});

Deno.test("formatEmploymentType() and formatSeniority() give readable text", () => {
  assert.equal(formatEmploymentType("fulltime"), "Full-time");
  assert.equal(
    formatEmploymentType("parttime, fulltime, perdiem"),
    "Full-time, Part-time, Per diem",
  );
  assert.equal(formatEmploymentType("temporary, internship"), "Temporary, Internship");
  assert.equal(formatEmploymentType("seasonal"), "Seasonal");
  assert.equal(formatEmploymentType(""), undefined);
  assert.equal(formatSeniority("mid-senior level"), "Mid-Senior level");
  assert.equal(formatSeniority("entry level"), "Entry level");
  assert.equal(formatSeniority("not applicable"), undefined);
  assert.equal(formatSeniority(""), undefined);
});

Deno.test("countryHintFromUrl() and dateFromFileName() read the file's context", () => {
  assert.equal(countryHintFromUrl("https://de.indeed.com/viewjob?jk=1"), "DE");
  assert.equal(countryHintFromUrl("https://uk.indeed.com/viewjob?jk=1"), "GB");
  assert.equal(countryHintFromUrl("https://www.indeed.com/viewjob?jk=1"), "US");
  assert.equal(countryHintFromUrl("https://www.glassdoor.ca/job-listing/j?jl=1"), "CA");
  assert.equal(countryHintFromUrl("https://www.linkedin.com/jobs/view/1"), undefined);
  assert.equal(dateFromFileName("x/germany_it_jobs_20260204_224032.csv"), "2026-02-04 00:00:00");
  assert.equal(dateFromFileName("2024-04-16_jobspy_data.csv"), "2024-04-16 00:00:00");
  assert.equal(dateFromFileName("jobs_20241399.csv"), undefined);
  assert.equal(dateFromFileName("all_jobs.csv"), undefined);
});

Deno.test("parseJobspyCsv() undoes Markdown escapes escaped twice, and only those", async () => {
  // A person's trial (session 56): "Sous Chef Instructor - Danforth" showed "in\-home" and
  // "40\+ hours" on its page; 386 of the real files' postings hold such text.
  const csv = "site,job_url,title,date_posted,description\n" +
    String
      .raw`indeed,https://ca.indeed.com/viewjob?jk=1,A,2024-01-01,"in\\-home, full\\-time, 40\\+ hours, Duties \\& more, \- kept, C:\\Users"` +
    "\n";
  const [row] = only(await parseJobspyCsv(csv), "job");
  assert.equal(
    row.job.job_description,
    String.raw`in\-home, full\-time, 40\+ hours, Duties \& more, \- kept, C:\\Users`,
  );
});

Deno.test("undoubledEscapes() changes nothing but a doubled backslash before punctuation", () => {
  fc.assert(
    fc.property(
      fc.string({ unit: fc.constantFrom("\\", "-", "+", "a", " ", "&", "é") }),
      (text) => {
        const out = undoubledEscapes(text);
        // Each doubled backslash before punctuation loses one backslash; nothing else changes.
        const doubled = text.match(/\\\\(?=[!-/:-@[-`{-~])/g)?.length ?? 0;
        assert.equal(out.length, text.length - doubled);
        assert.equal(out.replaceAll("\\", ""), text.replaceAll("\\", ""));
        if (!text.includes("\\\\")) assert.equal(out, text);
      },
    ),
    { numRuns: 500 },
  );
});
