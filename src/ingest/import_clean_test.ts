/**
 * Scraped postings carrying terminal escape sequences, control characters and bidi overrides are
 * stored clean by the real importer, from CSV and JSONL alike.
 */
import { strict as assert } from "node:assert";
import fc from "fast-check";
import type { Job } from "../domain/job.ts";
import { openStore, type Store } from "../store/store.ts";
import { importFiles } from "./import_files.ts";

// deno-lint-ignore no-control-regex
const FORBIDDEN = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const ONE_LINE = /[\n\t\r]/;

const TITLE_CHANGE = "\x1b]0;you have been pwned\x07";
const CLEAR_SCREEN = "\x1b[2J\x1b[H";
const LINK = "\x1b]8;;https://evil.example/\x1b\\Apply here\x1b]8;;\x1b\\";
const OVERRIDE = "\u202e";

const CSV_HEADER = "site,job_url,title,company,location,date_posted,description,skills\n";

function csvField(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

async function withStore(fn: (store: Store, dir: string) => Promise<void>) {
  const store = await openStore(":memory:");
  const dir = await Deno.makeTempDir({ prefix: "jobseek_clean_" });
  try {
    await fn(store, dir);
  } finally {
    store.close();
    await Deno.remove(dir, { recursive: true });
  }
}

async function storedJobs(store: Store): Promise<Job[]> {
  const jobs: Job[] = [];
  for await (const job of store.postings.listJobs()) jobs.push(job);
  return jobs;
}

/** Every text field of `job` is clean; one-line fields hold no line break or tab. */
function assertClean(job: Job): void {
  for (const [field, value] of Object.entries(job)) {
    const texts = Array.isArray(value) ? value : [value];
    for (const text of texts) {
      if (typeof text !== "string") continue;
      assert.ok(!FORBIDDEN.test(text), `${field}: ${JSON.stringify(text)}`);
      if (field !== "job_description") {
        assert.ok(!ONE_LINE.test(text), `${field}: ${JSON.stringify(text)}`);
      }
    }
  }
}

Deno.test("importFiles() stores CSV and JSONL postings without escape sequences or bidi controls", async () => {
  await withStore(async (store, dir) => {
    const csv = `${dir}/jobs.csv`;
    await Deno.writeTextFile(
      csv,
      CSV_HEADER + [
        "indeed",
        "https://www.indeed.com/viewjob?jk=1",
        `Senior Engineer${TITLE_CHANGE}`,
        `${CLEAR_SCREEN}Acme${OVERRIDE} Corp`,
        `Austin${CLEAR_SCREEN}, TX`,
        "2024-01-01",
        `Build things.\r\n${LINK} today.\x07\x9b31m`,
        `Go${OVERRIDE}`,
      ].map(csvField).join(",") + "\n",
    );
    const jsonl = `${dir}/jobs.jsonl`;
    await Deno.writeTextFile(
      jsonl,
      JSON.stringify({
        job_title: `Nurse\t(ICU)${OVERRIDE}`,
        company_name: `Clinic${TITLE_CHANGE}`,
        city: `Berlin${CLEAR_SCREEN}`,
        country: "DE",
        publish_time: "2024-02-02 10:00:00",
        job_url: "https://www.linkedin.com/jobs/view/2",
        job_tags: [`care${CLEAR_SCREEN}`],
        data_source: "linkedin",
        seniority_level: CLEAR_SCREEN,
        job_description: `Shifts:\nnights\u2066${LINK}\u2069`,
      }) + "\n",
    );
    const report = await importFiles(store, [csv, jsonl]);
    assert.equal(report.totals.inserted, 2, JSON.stringify(report.totals));

    const byTitle = new Map((await storedJobs(store)).map((job) => [job.job_title, job]));
    const fromCsv = byTitle.get("Senior Engineer");
    assert.ok(fromCsv, [...byTitle.keys()].join(" | "));
    assert.equal(fromCsv.company_name, "Acme Corp");
    assert.equal(fromCsv.city, "Austin");
    // An 8-bit CSI goes alone: what follows it is left as text.
    assert.equal(fromCsv.job_description, "Build things.\nApply here today.31m");
    const fromJsonl = byTitle.get("Nurse (ICU)");
    assert.ok(fromJsonl, [...byTitle.keys()].join(" | "));
    assert.equal(fromJsonl.company_name, "Clinic");
    assert.equal(fromJsonl.city, "Berlin");
    assert.deepEqual(fromJsonl.job_tags, ["care"]);
    // Only control characters: the field is absent, as an empty one is.
    assert.equal(fromJsonl.seniority_level, undefined);
    assert.equal(fromJsonl.job_description, "Shifts:\nnightsApply here");
  });
});

Deno.test("importFiles() quotes a bad row's text in its report without its control characters", async () => {
  await withStore(async (store, dir) => {
    const csv = `${dir}/bad.csv`;
    await Deno.writeTextFile(
      csv,
      CSV_HEADER +
        [
          "indeed",
          "https://www.indeed.com/viewjob?jk=3",
          "Cook",
          "A",
          "B",
          `soon${TITLE_CHANGE}`,
          "",
          "",
        ]
          .map(csvField).join(",") +
        "\n" +
        [`zip${CLEAR_SCREEN}`, "https://x.example/4", "Cook", "A", "B", "2024-01-01", "", ""]
          .map(csvField).join(",") +
        "\n",
    );
    const report = await importFiles(store, [csv]);
    assert.deepEqual(report.totals.invalid_examples, [
      `${csv}:2: bad date_posted 'soon' (expected YYYY-MM-DD or M/D/YYYY)`,
    ]);
    assert.deepEqual(report.totals.skipped_by_site, { zip: 1 });
  });
});

/** Text dense in controls, sequence openers and bidi characters, among ordinary ones. */
const hostile = fc.string({
  unit: fc.oneof(
    fc.integer({ min: 1, max: 0x9f }).map((code) => String.fromCharCode(code)),
    fc.constantFrom(TITLE_CHANGE, CLEAR_SCREEN, LINK, OVERRIDE, "\u2066", "\u200f", "\x1b]8;;"),
    fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
  ),
  maxLength: 40,
});

Deno.test("importFiles() stores any hostile text of a CSV or JSONL row clean", async () => {
  await fc.assert(
    fc.asyncProperty(hostile, hostile, hostile, hostile, async (title, company, city, text) => {
      await withStore(async (store, dir) => {
        const csv = `${dir}/jobs.csv`;
        await Deno.writeTextFile(
          csv,
          CSV_HEADER + [
            "glassdoor",
            "https://www.glassdoor.com/job-listing/1",
            `Welder ${title}`,
            company,
            `${city}, US`,
            "2024-03-03",
            text,
            title,
            // A NUL makes the whole file binary, refused before any row is read.
          ].map((field) => csvField(field.replaceAll("\0", ""))).join(",") + "\n",
        );
        const jsonl = `${dir}/jobs.jsonl`;
        await Deno.writeTextFile(
          jsonl,
          JSON.stringify({
            job_title: `Baker ${title}`,
            company_name: company,
            city,
            publish_time: "2024-02-02 10:00:00",
            job_url: "https://www.indeed.com/viewjob?jk=9",
            job_tags: [title, company],
            data_source: "indeed",
            job_description: text,
          }) + "\n",
        );
        await importFiles(store, [csv, jsonl]);
        const jobs = await storedJobs(store);
        assert.deepEqual(jobs.map((job) => job.job_title.split(" ")[0]).sort(), [
          "Baker",
          "Welder",
        ]);
        for (const job of jobs) assertClean(job);
      });
    }),
    { numRuns: 60 },
  );
});

Deno.test("importFiles() reports a JSONL line nested too deep to clean as invalid and goes on", async () => {
  await withStore(async (store, dir) => {
    const jsonl = `${dir}/deep.jsonl`;
    const base = {
      job_title: "Cook",
      company_name: "Diner",
      city: "Austin",
      publish_time: "2024-02-02 10:00:00",
      data_source: "indeed",
      job_description: "",
    };
    const deep = `${"[".repeat(50_000)}"x\\u001b[2J"${"]".repeat(50_000)}`;
    await Deno.writeTextFile(
      jsonl,
      JSON.stringify({ ...base, job_url: "https://www.indeed.com/viewjob?jk=d1" }).slice(0, -1) +
        `,"job_tags":${deep}}\n` +
        JSON.stringify({ ...base, job_url: "https://www.indeed.com/viewjob?jk=d2", job_tags: [] }) +
        "\n",
    );
    const report = await importFiles(store, [jsonl]);
    assert.equal(report.totals.inserted, 1);
    assert.equal(report.totals.invalid, 1);
    assert.match(report.totals.invalid_examples[0], /deep\.jsonl:1: job_tags/);
  });
});
