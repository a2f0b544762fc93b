/**
 * Every posting field has a cap: a row that breaks one is an invalid row named by `file:line` (or
 * the pushed body's or the source's name and line) on every import path, and the rows around it are
 * stored; a NUL byte in a field is cleaned the same way in a file, a folder and a push.
 */
import { strict as assert } from "node:assert";
import { importFiles, importTexts } from "../src/ingest/import_files.ts";
import { FIELD_CAPS } from "../src/ingest/import_row.ts";
import { pullSource } from "../src/search/source_puller.ts";
import { openStore, type Store } from "../src/store/store.ts";
import { runCliInWorker as runCli } from "./cli_process.ts";
import { feedServer } from "./feed_server.ts";
import { keeperLine } from "./keepers.ts";

const HEADER = "site,job_url,title,company,location,date_posted,description\n";

function row(n: number, fields: { title?: string; company?: string; description?: string } = {}) {
  const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;
  return [
    "linkedin",
    `https://www.linkedin.com/jobs/view/90000${n}`,
    quote(fields.title ?? `Harbour Pilot ${n}`),
    quote(fields.company ?? "Port of Rotterdam"),
    '"Rotterdam, NL"',
    "2026-11-20",
    quote(fields.description ?? `Guide ships into the harbour, shift ${n}.`),
  ].join(",") + "\n";
}

/** Good rows on lines 2 and 4 around a row whose title and company are 100,000 characters. */
const OVERLONG = HEADER + row(1) +
  row(2, { title: "T".repeat(100_000), company: "C".repeat(100_000) }) + row(3);
const REASON = `job_title: 100000 characters, over its cap of ${FIELD_CAPS.job_title}`;

async function urls(store: Store): Promise<string[]> {
  const found: string[] = [];
  for await (const job of store.postings.listJobs()) found.push(job.job_url);
  return found.sort();
}

const LONG_URL = `https://www.linkedin.com/jobs/view/4?${"q".repeat(2000)}`;
const STORED = [1, 3].map((n) => `https://www.linkedin.com/jobs/view/90000${n}`);

Deno.test("an over-long row is an invalid row on every path, and the rows around it are stored", async () => {
  const dir = await Deno.makeTempDir({ prefix: "jobseek_caps_" });
  try {
    await Deno.writeTextFile(`${dir}/rows.csv`, OVERLONG);
    // A file (jobseek ingest).
    const fileStore = await openStore(":memory:");
    const report = await importFiles(fileStore, [`${dir}/rows.csv`]);
    assert.equal(report.totals.invalid, 1);
    assert.deepEqual(report.totals.invalid_examples, [`${dir}/rows.csv:3: ${REASON}`]);
    assert.deepEqual(await urls(fileStore), STORED);
    fileStore.close();
    // A pushed body (POST /v1/postings imports it so).
    const pushStore = await openStore(":memory:");
    const pushed = await importTexts(pushStore, [
      { name: "request body", format: "csv", text: OVERLONG },
    ]);
    assert.deepEqual(pushed.totals.invalid_examples, [`request body:3: ${REASON}`]);
    assert.deepEqual(await urls(pushStore), STORED);
    pushStore.close();
    // A URL source.
    const feed = feedServer(() =>
      new Response(OVERLONG, { headers: { "content-type": "text/csv" } })
    );
    const sourceStore = await openStore(":memory:");
    try {
      const { record } = await pullSource(sourceStore, {
        name: "harbour",
        location: feed.url,
        everyMs: 3_600_000,
        createdAt: Date.now(),
        nextRunAt: Date.now(),
      });
      assert.equal(record.lastRun?.ok, true, record.lastRun?.outcome);
      assert.equal(record.lastRun?.invalid, 1);
      assert.deepEqual(record.lastRun?.problems, [`harbour:3: ${REASON}`]);
      assert.deepEqual(await urls(sourceStore), STORED);
    } finally {
      sourceStore.close();
      await feed.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a push names the line of every row it did not store, past the 20 it quotes", async () => {
  const store = await openStore(":memory:");
  try {
    // Lines 2-31: 30 rows over a cap; 32: another board's; 33 and 34: one URL twice; 35: a good row.
    const overlong = Array.from(
      { length: 30 },
      (_, k) => row(100 + k, { title: "T".repeat(5000) }),
    );
    const text = HEADER + overlong.join("") +
      row(200).replace("linkedin", "zip_recruiter") + row(300) + row(300) + row(400);
    const report = await importTexts(store, [{ name: "request body", format: "csv", text }]);
    const [file] = report.files;
    assert.equal(file.invalid, 30);
    assert.equal(file.invalid_examples.length, 20);
    assert.deepEqual(file.invalid_lines, Array.from({ length: 30 }, (_, k) => k + 2));
    assert.deepEqual(file.skipped_lines, [32]);
    assert.deepEqual(file.duplicate_lines, [33]);
    // Every row read is stored or named by its line: the report says exactly what was stored.
    const named = file.invalid_lines.length + file.skipped_lines.length +
      file.duplicate_lines.length;
    assert.equal(file.inserted + named, file.rows_read);
    assert.deepEqual(
      await urls(store),
      [300, 400].map((n) => `https://www.linkedin.com/jobs/view/90000${n}`),
    );
  } finally {
    store.close();
  }
});

Deno.test("a JSON Lines row over a cap is invalid too, each cap on its own", async () => {
  const store = await openStore(":memory:");
  try {
    const text = [
      keeperLine(1),
      keeperLine(2, { company_name: "C".repeat(FIELD_CAPS.company_name + 1) }),
      keeperLine(3, { city: "R".repeat(FIELD_CAPS.city + 1) }),
      keeperLine(4, { job_url: LONG_URL }),
      keeperLine(5, { company_name: "C".repeat(FIELD_CAPS.company_name) }),
    ].join("\n");
    const report = await importTexts(store, [{ name: "request body", format: "jsonl", text }]);
    assert.deepEqual(report.totals.invalid_examples, [
      `request body:2: company_name: ${
        FIELD_CAPS.company_name + 1
      } characters, over its cap of 200`,
      `request body:3: city: ${FIELD_CAPS.city + 1} characters, over its cap of 200`,
      `request body:4: job_url: ${LONG_URL.length} characters, over its cap of 2000`,
    ]);
    assert.equal(report.totals.inserted, 2, "a value at its cap is taken");
  } finally {
    store.close();
  }
});

Deno.test({
  name: "jobseek ingest names the over-long row by file:line and imports the rows around it",
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  const dir = await Deno.makeTempDir({ prefix: "jobseek_caps_cli_" });
  try {
    await Deno.writeTextFile(`${dir}/rows.csv`, OVERLONG);
    const env = { JOBSEEK_KV: `${dir}/kv.sqlite3` };
    const ran = await runCli(["ingest", `${dir}/rows.csv`], env);
    assert.equal(ran.code, 0, ran.stderr);
    assert.match(ran.stdout + ran.stderr, /rows\.csv:3:\s+job_title: 100000 characters, over its/);
    const status = JSON.parse((await runCli(["index", "status", "--json"], env)).stdout);
    assert.equal(status.stored_postings, 2);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a NUL byte in a field is cleaned alike in a file, a folder and a push", async () => {
  const dir = await Deno.makeTempDir({ prefix: "jobseek_nul_" });
  const text = HEADER + row(1, { description: "Guide ships\0 into the harbour." }) + row(2);
  await Deno.writeTextFile(`${dir}/rows.csv`, text);
  const stores = [
    await openStore(":memory:"),
    await openStore(":memory:"),
    await openStore(":memory:"),
  ];
  try {
    const file = await importFiles(stores[0], [`${dir}/rows.csv`]);
    const pushed = await importTexts(stores[1], [{ name: "request body", format: "csv", text }]);
    const { record } = await pullSource(stores[2], {
      name: "drop",
      location: dir,
      everyMs: 60_000,
      createdAt: Date.now(),
      nextRunAt: Date.now(),
    });
    assert.equal(record.lastRun?.ok, true, record.lastRun?.outcome);
    assert.equal(file.totals.inserted, 2);
    assert.equal(pushed.totals.inserted, 2);
    assert.equal(record.lastRun?.inserted, 2);
    const [a, b, c] = await Promise.all(stores.map(async (store) => {
      const jobs = [];
      for await (const job of store.postings.listJobs()) {
        const { first_seen: _, ...rest } = job;
        jobs.push(rest);
      }
      return jobs.sort((x, y) => x.id.localeCompare(y.id));
    }));
    assert.deepEqual(a, b);
    assert.deepEqual(a, c);
    assert.ok(!a.some((job) => job.job_description.includes("\0")));
  } finally {
    for (const store of stores) store.close();
    await Deno.remove(dir, { recursive: true });
  }
});
