import { strict as assert } from "node:assert";
import { JobseekError } from "../domain/errors.ts";
import { jobIdFromUrl } from "../domain/job.ts";
import { openStore, type Store } from "../store/store.ts";
import { importFiles, type ImportProgress } from "./import_files.ts";

const CSV_HEADER = "site,job_url,title,company,location,date_posted,description\n";

function csvRow(n: number, extra: { title?: string; date?: string; site?: string } = {}) {
  return `${extra.site ?? "indeed"},https://www.indeed.com/viewjob?jk=${n},${
    extra.title ?? `Job ${n}`
  },ACME,"Austin, TX",${extra.date ?? "2024-01-01"},Python and SQL\n`;
}

function jsonLine(n: number, title = `Posting ${n}`) {
  return JSON.stringify({
    job_title: title,
    company_name: "ACME",
    city: "Berlin",
    country: "DE",
    publish_time: "2024-02-02 10:00:00",
    job_url: `https://www.linkedin.com/jobs/view/${n}`,
    job_tags: [],
    data_source: "linkedin",
    job_description: "",
  }) + "\n";
}

async function withStore(fn: (store: Store, dir: string) => Promise<void>) {
  const store = await openStore(":memory:");
  const dir = await Deno.makeTempDir({ prefix: "jobseek_import_" });
  try {
    await fn(store, dir);
  } finally {
    store.close();
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("importFiles() imports CSV and JSONL and reports counts that add up", async () => {
  await withStore(async (store, dir) => {
    const csv = `${dir}/jobs.csv`;
    const jsonl = `${dir}/more.jsonl`;
    await Deno.writeTextFile(
      csv,
      CSV_HEADER + csvRow(1) + csvRow(2) + csvRow(3, { site: "zip_recruiter" }) +
        csvRow(4, { date: "not a date" }) + csvRow(1, { title: "Job 1 again" }),
    );
    await Deno.writeTextFile(jsonl, jsonLine(10) + "\n" + "{oops\n" + jsonLine(11));

    const report = await importFiles(store, [csv, jsonl]);
    const [a, b] = report.files;
    assert.deepEqual(
      [a.rows_read, a.inserted, a.updated, a.unchanged, a.duplicates, a.skipped_source, a.invalid],
      [5, 2, 0, 0, 1, 1, 1],
    );
    assert.deepEqual(a.skipped_by_site, { zip_recruiter: 1 });
    assert.deepEqual(a.invalid_examples, [
      `${csv}:5: bad date_posted 'not a date' (expected YYYY-MM-DD or M/D/YYYY)`,
    ]);
    assert.equal(a.format, "csv");
    assert.deepEqual([b.format, b.rows_read, b.inserted, b.invalid], ["jsonl", 3, 2, 1]);
    assert.match(b.invalid_examples[0], new RegExp(`^${jsonl}:3: not valid JSON`));
    const totals = report.totals;
    assert.deepEqual(
      [totals.rows_read, totals.inserted, totals.duplicates, totals.skipped_source, totals.invalid],
      [8, 4, 1, 1, 2],
    );
    assert.deepEqual(totals.skipped_by_site, { zip_recruiter: 1 });
    assert.equal(await store.postings.countJobs(), 4);
    // The later row with the same job_url is the one kept.
    const job1 = await store.postings.getJob(
      await jobIdFromUrl("https://www.indeed.com/viewjob?jk=1"),
    );
    assert.equal(job1?.job_title, "Job 1 again");

    const [run] = await store.importRuns.list(1);
    assert.equal(run.id, report.run_id);
    assert.deepEqual(run.files, [csv, jsonl]);
    assert.deepEqual([run.rows_read, run.inserted, run.duplicates, run.invalid], [8, 4, 1, 2]);
    assert.deepEqual(run.skipped_by_site, { zip_recruiter: 1 });
    assert.equal(run.invalid_examples.length, 2);
  });
});

Deno.test("importFiles() changes nothing on re-import and updates changed postings", async () => {
  await withStore(async (store, dir) => {
    const csv = `${dir}/jobs.csv`;
    await Deno.writeTextFile(csv, CSV_HEADER + csvRow(1) + csvRow(2));
    await importFiles(store, [csv]);
    const again = (await importFiles(store, [csv])).totals;
    assert.deepEqual([again.inserted, again.updated, again.unchanged], [0, 0, 2]);

    await Deno.writeTextFile(csv, CSV_HEADER + csvRow(1, { title: "Renamed" }) + csvRow(2));
    const changed = (await importFiles(store, [csv])).totals;
    assert.deepEqual([changed.inserted, changed.updated, changed.unchanged], [0, 1, 1]);
    assert.equal(await store.postings.countJobs(), 2);
  });
});

Deno.test("importFiles() writes nothing when any file cannot be imported", async () => {
  await withStore(async (store, dir) => {
    const good = `${dir}/good.csv`;
    const text = `${dir}/notes.txt`;
    const header = `${dir}/other.csv`;
    const binary = `${dir}/blob.csv`;
    const latin1 = `${dir}/latin1.csv`;
    const notJsonl = `${dir}/rows.jsonl`;
    await Deno.writeTextFile(good, CSV_HEADER + csvRow(1));
    await Deno.writeTextFile(text, "hello");
    await Deno.writeTextFile(header, "name,url\nA,https://x.org\n");
    await Deno.writeFile(binary, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0x14, 0]));
    await Deno.writeFile(
      latin1,
      new Uint8Array([...new TextEncoder().encode("title,job_url\n"), 0xe9]),
    );
    await Deno.writeTextFile(notJsonl, CSV_HEADER + csvRow(1));
    const missing = `${dir}/missing.csv`;
    const empty = `${dir}/empty.csv`;
    await Deno.writeTextFile(empty, "\n");

    await assert.rejects(
      () => importFiles(store, [good, text, header, binary, latin1, notJsonl, missing, empty, dir]),
      (error: Error) => {
        assert.ok(error instanceof JobseekError);
        assert.deepEqual(error.message.split("\n"), [
          `Cannot import ${text}: unsupported file type '.txt' (expected .csv, .jsonl, .json-lines or .ndjson)`,
          `Cannot import ${header}: the CSV header has no job_url or title column (is it JobSpy output?)`,
          `Cannot import ${binary}: it is a binary file, not text`,
          `Cannot import ${latin1}: it is not UTF-8 text`,
          `Cannot import ${notJsonl}: the first line is not a JSON object (is it JSON Lines?)`,
          `Cannot import ${missing}: no such file`,
          `Cannot import ${empty}: it is empty (no CSV header)`,
          `Cannot import ${dir}: it is a directory`,
        ]);
        return true;
      },
    );
    assert.equal(await store.postings.countJobs(), 0);
    assert.deepEqual(await store.importRuns.list(), []);
  });
});

Deno.test("importFiles() reports progress over all files up to the total", async () => {
  await withStore(async (store, dir) => {
    const a = `${dir}/a.csv`;
    const b = `${dir}/b.json-lines`;
    let rows = CSV_HEADER;
    for (let i = 0; i < 25; i++) rows += csvRow(i);
    await Deno.writeTextFile(a, rows);
    await Deno.writeTextFile(b, jsonLine(1) + jsonLine(2));
    const seen: ImportProgress[] = [];
    await importFiles(store, [a, b], { batchSize: 10, onProgress: (p) => seen.push(p) });
    assert.deepEqual(seen.map((p) => [p.file, p.rowsDone, p.rowsTotal]), [
      [a, 10, 27],
      [a, 20, 27],
      [a, 25, 27],
      [b, 27, 27],
    ]);
  });
});

Deno.test("importFiles() limits invalid examples", async () => {
  await withStore(async (store, dir) => {
    const csv = `${dir}/bad.csv`;
    let rows = CSV_HEADER;
    for (let i = 0; i < 30; i++) rows += csvRow(i, { date: "never" });
    await Deno.writeTextFile(csv, rows);
    const { totals } = await importFiles(store, [csv], { maxExamples: 3 });
    assert.equal(totals.invalid, 30);
    assert.deepEqual(totals.invalid_examples.map((e) => e.split(": ")[0]), [
      `${csv}:2`,
      `${csv}:3`,
      `${csv}:4`,
    ]);
  });
});
