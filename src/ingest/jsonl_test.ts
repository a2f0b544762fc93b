import { strict as assert } from "node:assert";
import { jobIdFromUrl } from "../domain/job.ts";
import { type ImportRow, InvalidFileError } from "./import_row.ts";
import { parseJobsJsonl } from "./jsonl.ts";
import { parseJobspyCsv } from "./jobspy_csv.ts";

const posting = {
  job_title: "Backend Engineer",
  company_name: "ACME",
  city: "Berlin",
  country: "DE",
  publish_time: "2025-01-02 03:04:05",
  base_salary: "60000.0-80000.0 EUR/YEAR",
  job_url: "https://www.linkedin.com/jobs/view/42",
  job_tags: ["Go", "Kubernetes"],
  data_source: "linkedin",
  seniority_level: "Mid-Senior level",
  employment_type: "Full-time",
  job_description: "Build things.",
};

function reasons(rows: ImportRow[]): [number, string][] {
  return rows.flatMap((r) => r.kind === "invalid" ? [[r.line, r.reason] as [number, string]] : []);
}

Deno.test("parseJobsJsonl() reads postings and derives their id from job_url", async () => {
  const rows = await parseJobsJsonl(JSON.stringify(posting) + "\n");
  assert.deepEqual(rows, [{
    kind: "job",
    line: 1,
    // Berlin's coordinates come from GeoNames, as for CSV rows (src/ingest/coordinates.ts).
    job: {
      id: await jobIdFromUrl(posting.job_url),
      ...posting,
      // Derived at import from the job level (src/ingest/seniority.ts) and the title and text
      // (src/ingest/posting_languages.ts).
      seniority: "mid",
      languages: ["en"],
      latitude: 52.52437,
      longitude: 13.41053,
    },
  }]);
});

Deno.test("parseJobsJsonl() keeps the languages a row gives and refuses unknown codes", async () => {
  const rows = await parseJobsJsonl(
    [
      JSON.stringify({ ...posting, languages: ["de", "en"] }),
      JSON.stringify({ ...posting, job_url: "https://a.org/2", languages: null }),
      JSON.stringify({ ...posting, job_url: "https://a.org/3", languages: ["german"] }),
    ].join("\n"),
  );
  assert.ok(rows[0].kind === "job" && rows[1].kind === "job");
  assert.deepEqual(rows[0].job.languages, ["de", "en"]);
  // Null is absent: derived, as for a row without it.
  assert.deepEqual(rows[1].job.languages, ["en"]);
  assert.equal(rows[2].kind, "invalid");
});

Deno.test("parseJobsJsonl() ignores blank lines and counts lines as in the file", async () => {
  const { country: _country, ...noCountry } = posting;
  const text = "\n" + JSON.stringify(noCountry) + "\r\n   \n" +
    JSON.stringify({ ...posting, job_url: "https://www.indeed.com/viewjob?jk=7" }) + "\n\n";
  const rows = await parseJobsJsonl(text);
  assert.deepEqual(rows.map((r) => [r.kind, r.line]), [["job", 2], ["job", 4]]);
  assert.ok(rows[0].kind === "job" && !("country" in rows[0].job));
});

Deno.test("parseJobsJsonl() fills in what summary results leave out and normalises times", async () => {
  const { job_description: _d, job_tags: _t, ...summary } = posting;
  const [row] = await parseJobsJsonl(
    JSON.stringify({ ...summary, score: 0.9, publish_time: "2025-01-02", base_salary: null }),
  );
  assert.ok(row.kind === "job");
  assert.equal(row.job.job_description, "");
  assert.deepEqual(row.job.job_tags, []);
  assert.equal(row.job.publish_time, "2025-01-02 00:00:00");
  assert.ok(!("base_salary" in row.job));
  assert.ok(!("score" in row.job));
});

Deno.test("parseJobsJsonl() reports each bad line with its reason and reads the rest", async () => {
  const lines = [
    JSON.stringify(posting),
    "{not json",
    "[1, 2]",
    JSON.stringify({ ...posting, job_url: undefined }),
    JSON.stringify({ ...posting, job_url: "mailto:jobs@acme.example" }),
    JSON.stringify({ ...posting, job_url: "https://a.org/5", country: "Germany" }),
    JSON.stringify({ ...posting, job_url: "https://a.org/6", publish_time: "soon" }),
    JSON.stringify({ ...posting, job_url: "https://a.org/7", base_salary: "lots" }),
    JSON.stringify({ ...posting, job_url: "https://a.org/8", job_title: "" }),
    JSON.stringify({ ...posting, job_url: "https://a.org/9", data_source: "zip_recruiter" }),
    JSON.stringify({ ...posting, job_url: "https://a.org/10" }),
    // A code in lower case would never match the `country` filter (`DE`): refused, not stored.
    JSON.stringify({ ...posting, job_url: "https://a.org/11", country: "de" }),
  ];
  const rows = await parseJobsJsonl(lines.join("\n"));
  const found = reasons(rows);
  assert.deepEqual(found.map(([line]) => line), [2, 3, 4, 5, 6, 7, 8, 9, 12]);
  assert.match(found[0][1], /^not valid JSON \(/);
  assert.equal(found[1][1], "not a JSON object");
  assert.equal(found[2][1], "no job_url");
  assert.equal(found[3][1], "job_url is not an http(s) URL: 'mailto:jobs@acme.example'");
  assert.match(found[4][1], /^country: /);
  assert.match(found[5][1], /^publish_time: /);
  assert.match(found[6][1], /^base_salary: /);
  // As a CSV row without one says it.
  assert.equal(found[7][1], "no title");
  assert.match(found[8][1], /^country: /);
  assert.deepEqual(rows[9], { kind: "skipped", line: 10, site: "zip_recruiter" });
  assert.deepEqual(rows.filter((r) => r.kind === "job").map((r) => r.line), [1, 11]);
});

Deno.test("parseJobsJsonl() reads a JobSpy record written as JSON as its CSV row is read", async () => {
  // pandas' to_json(orient="records", lines=True) of a JobSpy frame: its column names, dates in
  // milliseconds, null for what is missing. Its description was dropped without a word (an
  // operator's trial, session 57).
  const record = {
    id: "li-1",
    site: "linkedin",
    job_url: "https://www.linkedin.com/jobs/view/42",
    title: "Staff Nurse",
    company: "Leeds Clinic",
    location: "Leeds, England, United Kingdom",
    date_posted: Date.UTC(2026, 10, 20),
    job_type: "fulltime",
    min_amount: 30000,
    max_amount: 35000,
    currency: "GBP",
    interval: "yearly",
    is_remote: false,
    description: "**Role** Caring for patients on the ward.",
    company_industry: null,
  };
  const csvRow =
    `site,job_url,title,company,location,date_posted,job_type,min_amount,max_amount,currency,interval,is_remote,description\n` +
    `linkedin,https://www.linkedin.com/jobs/view/42,Staff Nurse,Leeds Clinic,"Leeds, England, United Kingdom",2026-11-20,fulltime,30000,35000,GBP,yearly,False,**Role** Caring for patients on the ward.\n`;
  const [fromJson] = await parseJobsJsonl(JSON.stringify(record) + "\n");
  const [fromCsv] = await parseJobspyCsv(csvRow);
  assert.equal(fromJson.kind, "job");
  // The same posting; the CSV's line 2 is the JSON's line 1 (no header).
  assert.deepEqual({ ...fromJson, line: 2 }, fromCsv);
  if (fromJson.kind === "job") {
    assert.equal(fromJson.job.job_description, "**Role** Caring for patients on the ward.");
    assert.equal(fromJson.job.company_name, "Leeds Clinic");
    assert.equal(fromJson.job.publish_time, "2026-11-20 00:00:00");
  }
});

Deno.test("parseJobsJsonl() rejects a file that is not JSON Lines", async () => {
  await assert.rejects(
    () => parseJobsJsonl("site,job_url,title\nindeed,https://x.org,A\n"),
    (error: Error) =>
      error instanceof InvalidFileError &&
      error.message === "the first line is not a JSON object (is it JSON Lines?)",
  );
  assert.deepEqual(await parseJobsJsonl("\n\n"), []);
});

Deno.test("a row is dated ahead of the import's own clock, not the wall's (reviewer C58)", async () => {
  const now = Date.UTC(2100, 0, 1);
  const line = JSON.stringify({ ...posting, publish_time: "2099-06-01" });
  const [atThatTime] = await parseJobsJsonl(line, { now });
  assert.equal(atThatTime.kind, "job");
  const [today] = await parseJobsJsonl(line);
  assert.equal(today.kind, "invalid");
  const csv =
    "site,job_url,title,date_posted\nindeed,https://uk.indeed.com/viewjob?jk=9,Nurse,2099-06-01\n";
  assert.equal((await parseJobspyCsv(csv, { now }))[0].kind, "job");
  assert.equal((await parseJobspyCsv(csv))[0].kind, "invalid");
});
