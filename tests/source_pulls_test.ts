/**
 * Pulls that went wrong look like failures: a real feed (../shared/data/jobspy/job-hunter, every
 * field quoted, descriptions over many lines) served from a local HTTP server on 127.0.0.1 header
 * only, cut at any byte, past the size cap, shrunk, or between 500s, never expires a posting; the
 * grace counts from the first good pull that left a posting out; a folder imports each file on its
 * own; a hung source does not hold the others; and `sources list` and `/healthz` name the failure.
 */
import { strict as assert } from "node:assert";
import fc from "fast-check";
import { parseJobspyCsv } from "../src/ingest/jobspy_csv.ts";
import { silentLogger } from "../src/log.ts";
import { createSourceScheduler, pullSource } from "../src/search/source_puller.ts";
import type { SourceRecord } from "../src/store/sources_store.ts";
import { openStore, type Store } from "../src/store/store.ts";
import { runCliInWorker as runCli } from "./cli_process.ts";
import { feedServer } from "./feed_server.ts";
import { startServerInWorker } from "./server_process.ts";
import { keeperLines } from "./keepers.ts";

const FEED = new URL(
  "../../shared/data/jobspy/job-hunter/backend_kathmandu_1.csv",
  import.meta.url,
);
const OTHER = new URL("../../shared/data/jobspy/job-hunter/backend_toronto_1.csv", import.meta.url);
const DAY = 86_400_000;
const encoder = new TextEncoder();

/** The feed's header line and each valid record's raw text (with its line end). */
async function feedParts(url: URL): Promise<{ header: string; records: string[] }> {
  const text = await Deno.readTextFile(url);
  // Rows end at a line end outside quotes.
  const rows: string[] = [];
  let quotes = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') quotes++;
    if (text[i] === "\n" && quotes % 2 === 0) {
      rows.push(text.slice(from, i + 1));
      from = i + 1;
    }
  }
  const header = rows[0];
  const records: string[] = [];
  for (const raw of rows.slice(1)) {
    const [row] = await parseJobspyCsv(header + raw, { fileName: "feed.csv" });
    if (row?.kind === "job") records.push(raw);
  }
  return { header, records };
}

function csv(text: string, chunked = false): Response {
  const headers = { "content-type": "text/csv" };
  if (!chunked) return new Response(text, { headers });
  // No Content-Length: the cap must be met while reading.
  const bytes = encoder.encode(text);
  return new Response(
    new ReadableStream({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 4096) controller.enqueue(bytes.slice(i, i + 4096));
        controller.close();
      },
    }),
    { headers },
  );
}

/** The byte offsets where a cut leaves whole rows only (after a line end outside quotes). */
function rowBoundaries(text: string): Set<number> {
  const bytes = encoder.encode(text);
  const boundaries = new Set<number>();
  let quotes = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 34) quotes++;
    if (bytes[i] === 10 && quotes % 2 === 0) boundaries.add(i + 1);
  }
  return boundaries;
}

function source(location: string, start: number, extra: Partial<SourceRecord> = {}): SourceRecord {
  return {
    name: "feed",
    location,
    everyMs: 3_600_000,
    expireAfterMs: DAY,
    createdAt: start,
    nextRunAt: start,
    ...extra,
  };
}

/** Pulls as a server does: the record saved after the run, where expiry reads it. */
async function pullSaved(
  store: Store,
  record: SourceRecord,
  options: Parameters<typeof pullSource>[2] = {},
): Promise<SourceRecord> {
  if (!(await store.sources.getSource(record.name))) await store.sources.addSource(record);
  const pulled = (await pullSource(store, record, options)).record;
  await store.sources.saveSource(pulled);
  return pulled;
}

async function storedCount(store: Store): Promise<number> {
  let n = 0;
  for await (const _ of store.postings.listJobs()) n++;
  return n;
}

const MAX_BYTES = 256 * 1024;
const MAX_DROP = 0.3;

Deno.test("property: broken pulls (header only, cut at any byte, oversized, shrunk, 500s) expire nothing", async () => {
  const { header, records } = await feedParts(FEED);
  const whole = header + records.join("");
  const boundaries = rowBoundaries(whole);
  const wholeBytes = encoder.encode(whole);
  const cuts = [...Array(wholeBytes.length).keys()].filter((i) => i > 0 && !boundaries.has(i));
  const padding = (await feedParts(OTHER)).records.join("");
  assert.ok(wholeBytes.length < MAX_BYTES && wholeBytes.length + padding.length > MAX_BYTES);
  const feed = feedServer();
  try {
    const broken = fc.oneof(
      fc.constant({ kind: "header only" as const }),
      fc.integer({ min: 0, max: cuts.length - 1 }).map((i) => ({
        kind: "cut" as const,
        at: cuts[i],
      })),
      fc.boolean().map((chunked) => ({ kind: "oversized" as const, chunked })),
      // More than the allowed share of the rows left out, any of them.
      fc.shuffledSubarray([...records.keys()], {
        minLength: 1,
        maxLength: Math.ceil(records.length * (1 - MAX_DROP)) - 1,
      }).map((kept) => ({ kind: "shrunk" as const, kept })),
      fc.constant({ kind: "500" as const }),
    );
    const step = fc.record({ pull: broken, wait: fc.integer({ min: 0, max: 3 * DAY }) });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const store = await openStore(":memory:");
        try {
          let clock = Date.parse("2026-03-01T00:00:00Z");
          const now = () => clock;
          const limits = { maxBytes: MAX_BYTES, maxDropShare: MAX_DROP };
          feed.answer = () => csv(whole);
          let record = source(feed.url, clock);
          record = await pullSaved(store, record, { now, limits });
          assert.equal(record.lastRun?.ok, true, record.lastRun?.outcome);
          const stored = await storedCount(store);
          for (const { pull, wait } of steps) {
            clock += wait;
            feed.answer = () => {
              switch (pull.kind) {
                case "header only":
                  return csv(header);
                case "cut":
                  return csv(new TextDecoder().decode(wholeBytes.slice(0, pull.at)));
                case "oversized":
                  return csv(whole + padding, pull.chunked);
                case "shrunk":
                  return csv(
                    header + pull.kept.sort((a, b) => a - b).map((i) => records[i]).join(""),
                  );
                case "500":
                  return new Response("oops", { status: 500 });
              }
            };
            record = await pullSaved(store, { ...record, etag: undefined }, { now, limits });
            assert.equal(record.lastRun?.ok, false, `${pull.kind}: ${record.lastRun?.outcome}`);
            assert.equal((await store.sources.expiredIds(clock)).size, 0, pull.kind);
          }
          assert.equal((await store.sources.expiredIds(clock + 365 * DAY)).size, 0);
          assert.equal(await storedCount(store), stored, "a failed pull imports nothing");
          // The control: three good pulls leaving out three postings do expire them.
          feed.answer = () => csv(header + records.slice(3).join(""));
          for (let i = 0; i < 3; i++) {
            clock += DAY;
            record = await pullSaved(store, record, { now, limits });
            assert.equal(record.lastRun?.ok, true, record.lastRun?.outcome);
          }
          assert.equal((await store.sources.expiredIds(clock)).size, 3);
        } finally {
          store.close();
        }
      }),
      { numRuns: 60, endOnFailure: true },
    );
  } finally {
    await feed.close();
  }
});

Deno.test("a header-only answer and a body cut mid-row are failed pulls, named as such", async () => {
  const { header, records } = await feedParts(FEED);
  const whole = header + records.join("");
  const feed = feedServer();
  const store = await openStore(":memory:");
  try {
    let clock = Date.parse("2026-03-01T00:00:00Z");
    const now = () => clock;
    feed.answer = () => csv(whole);
    let record = await pullSaved(store, source(feed.url, clock), { now });
    assert.equal(record.lastRun?.ok, true, record.lastRun?.outcome);
    assert.equal(record.lastGoodCount, records.length);
    feed.answer = () => csv(header);
    clock += DAY;
    record = await pullSaved(store, record, { now });
    assert.equal(record.lastRun?.ok, false);
    assert.match(record.lastRun!.outcome, /lists no postings \(a header alone, or empty\)/);
    // Every row invalid: failed, with the rows read and why they were refused (an operator's
    // trial, session 57: no reason, and "0 rows read" beside "40 rows, none valid").
    feed.answer = () => csv(header.trimEnd() + "\n" + "indeed,,Nurse,2026-02-01\n".repeat(3));
    record = await pullSaved(store, record, { now });
    assert.equal(record.lastRun?.ok, false);
    assert.match(record.lastRun!.outcome, /lists no postings \(3 rows, none valid\)/);
    assert.deepEqual([record.lastRun!.rows_read, record.lastRun!.invalid], [3, 3]);
    assert.equal(record.lastRun!.problems?.length, 3);
    assert.match(record.lastRun!.problems![0], /:2: /);
    // A web page answered 200 (a captcha, a sign-in): said as such, with the address.
    feed.answer = () =>
      new Response("<!DOCTYPE html><html><body>Are you a robot?</body></html>", {
        headers: { "content-type": "text/html; charset=utf-8" },
      });
    record = await pullSaved(store, record, { now });
    assert.equal(record.lastRun?.ok, false);
    assert.equal(
      record.lastRun!.outcome,
      `${feed.url} answered a web page (HTML), not a feed: a sign-in or captcha page, or the ` +
        "wrong address?",
    );
    for (
      const page of [
        "<html>\n<p>moved</p>\n",
        "<!-- login -->\n<!DOCTYPE html><html></html>\n",
        '<meta http-equiv="refresh" content="0; url=/login">\n',
        '\uFEFF<?xml version="1.0"?><!DOCTYPE html><html></html>\n',
      ]
    ) {
      feed.answer = () => csv(page);
      record = await pullSaved(store, record, { now });
      assert.match(record.lastRun!.outcome, /answered a web page \(HTML\)/, page);
    }
    // Cut after a third, the last row cut mid-field: as the issue found it.
    feed.answer = () => csv(whole.slice(0, Math.floor(whole.length / 3)));
    record = await pullSaved(store, record, { now });
    assert.equal(record.lastRun?.ok, false);
    assert.match(record.lastRun!.outcome, /cut mid-row/);
    // A whole third of the rows: more than 30% fewer than the last good pull.
    feed.answer = () => csv(header + records.slice(0, records.length / 3).join(""));
    record = await pullSaved(store, record, { now });
    assert.match(
      record.lastRun!.outcome,
      /lists 12 postings where the last good pull listed 36: more than 30% fewer/,
    );
    assert.equal(record.lastGoodAt, Date.parse("2026-03-01T00:00:00Z"));
    clock += 30 * DAY;
    assert.equal((await store.sources.expiredIds(clock)).size, 0);
    // The operator says the shrink is real: taken, and the grace starts now.
    record = await pullSaved(store, record, { now, acceptShrink: true });
    assert.equal(record.lastRun?.ok, true, record.lastRun?.outcome);
    assert.equal((await store.sources.expiredIds(clock + 2 * DAY)).size, 0, "one good pull");
    // A feed labelled text/html by a script that forgot its header is read as the feed it is
    // (reviewer C58).
    feed.answer = () => new Response(whole, { headers: { "content-type": "text/html" } });
    record = await pullSaved(store, record, { now });
    assert.equal(record.lastRun?.ok, true, record.lastRun?.outcome);
  } finally {
    await feed.close();
    store.close();
  }
});

Deno.test("a feed that never ends is read up to the cap, then failed", async () => {
  const { header, records } = await feedParts(FEED);
  const feed = feedServer();
  const store = await openStore(":memory:");
  try {
    let sent = 0;
    feed.answer = () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            const chunk = encoder.encode(sent === 0 ? header : records[sent % records.length]);
            sent++;
            controller.enqueue(chunk);
          },
        }),
        { headers: { "content-type": "text/csv" } },
      );
    const { record } = await pullSource(store, source(feed.url, Date.now()), {
      limits: { maxBytes: 1024 * 1024 },
    });
    assert.equal(record.lastRun?.ok, false);
    assert.match(record.lastRun!.outcome, /larger than 1 MB \(JOBSEEK_SOURCE_MAX_MB\)/);
    assert.equal(await storedCount(store), 0);
  } finally {
    await feed.close();
    store.close();
  }
});

Deno.test("the grace counts from the first good pull that left a posting out, over three good pulls", async () => {
  const { header, records } = await feedParts(FEED);
  const feed = feedServer();
  const store = await openStore(":memory:");
  try {
    let clock = Date.parse("2026-03-01T00:00:00Z");
    const now = () => clock;
    feed.answer = () => csv(header + records.join(""));
    let record = await pullSaved(store, source(feed.url, clock), { now });
    // 30 days of 500s: the grace does not run while the source fails.
    feed.answer = () => new Response("down", { status: 500 });
    for (let i = 0; i < 30; i++) {
      clock += DAY;
      record = await pullSaved(store, record, { now });
      assert.equal(record.lastRun?.ok, false);
    }
    assert.equal((await store.sources.expiredIds(clock)).size, 0);
    // Then a good listing without its last 10 rows (10% fewer).
    const kept = header + records.slice(0, -10).join("");
    feed.answer = () => csv(kept);
    const firstMissing = clock;
    record = await pullSaved(store, record, { now });
    assert.equal(record.lastRun?.ok, true, record.lastRun?.outcome);
    assert.equal(
      (await store.sources.expiredIds(clock + 2 * DAY)).size,
      0,
      "one pull left them out",
    );
    clock += 3 * DAY;
    record = await pullSaved(store, { ...record, etag: undefined }, { now });
    assert.equal((await store.sources.expiredIds(clock)).size, 0, "two pulls left them out");
    clock += 3_600_000;
    record = await pullSaved(store, { ...record, etag: undefined }, { now });
    const expired = await store.sources.expiredIds(clock);
    assert.equal(expired.size, 10, "three good pulls, the first a day ago");
    assert.ok(clock - firstMissing > DAY);
  } finally {
    await feed.close();
    store.close();
  }
});

Deno.test("a folder imports each file on its own and marks a file seen only once imported", async () => {
  const dir = await Deno.makeTempDir({ prefix: "jobseek_folder_each_" });
  const store = await openStore(":memory:");
  try {
    const { header, records } = await feedParts(FEED);
    await Deno.writeFile(`${dir}/a-garbage.csv`, new Uint8Array([0, 1, 2, 0xff, 0xfe, 10]));
    // Two good rows around a broken one (a stray quote).
    await Deno.writeTextFile(
      `${dir}/b-malformed.csv`,
      header + records[0] + '"broken","row with a "stray" quote\n' + records[1],
    );
    // Not a feed file by the importer's list of extensions (formatOfFile): never tried.
    await Deno.writeTextFile(`${dir}/notes.txt`, "not postings\n");
    let record: SourceRecord = {
      name: "drop",
      location: dir,
      everyMs: 60_000,
      createdAt: Date.now(),
      nextRunAt: Date.now(),
    };
    record = await pullSaved(store, record);
    const run = record.lastRun!;
    assert.equal(run.ok, false);
    assert.match(run.outcome, /imported 1 of 2 new files; Cannot import .*a-garbage\.csv: /);
    assert.equal(run.inserted, 2, "the malformed file's good rows are imported");
    assert.ok(
      run.problems?.some((line) => /b-malformed\.csv:\d+: malformed CSV row/.test(line)),
      JSON.stringify(run.problems),
    );
    assert.equal(record.filesSeen?.length, 1, "only the imported file is seen");
    // The garbage file is tried again; replaced by a good file, it is imported.
    await Deno.writeTextFile(`${dir}/a-garbage.csv`, header + records[2]);
    record = await pullSaved(store, record);
    assert.equal(record.lastRun?.ok, true, record.lastRun?.outcome);
    assert.equal(record.lastRun?.inserted, 1);
    assert.equal((await pullSource(store, record)).record.lastRun?.outcome, "no new files");
    // A file of which no row is valid could not be imported: a failed pull that names it (reviewer
    // C58: it was "imported"). Said once: seen as every file is, tried again when it changes, not
    // at every pull (reviewer C58b: each retry saved a run).
    await Deno.writeTextFile(`${dir}/c-invalid.csv`, "site,job_url,title\nindeed,,Nurse\n");
    const runsBefore = (await store.importRuns.list(100)).length;
    record = await pullSaved(store, record);
    assert.equal(record.lastRun?.ok, false);
    assert.match(
      record.lastRun!.outcome,
      /imported 0 of 1 new files; .*c-invalid\.csv: none of the 1 rows read could be imported \(1 invalid\)/,
    );
    assert.ok(record.lastRun!.problems?.some((p) => /c-invalid\.csv:2: /.test(p)));
    record = await pullSaved(store, record);
    assert.equal(record.lastRun?.outcome, "no new files");
    assert.equal((await store.importRuns.list(100)).length, runsBefore + 1);
    // A header alone is a day JobSpy found nothing: taken, no failure.
    await Deno.writeTextFile(`${dir}/d-empty-day.csv`, "site,job_url,title\n");
    record = await pullSaved(store, record);
    assert.equal(record.lastRun?.ok, true, record.lastRun?.outcome);
    await Deno.remove(`${dir}/c-invalid.csv`);
    await Deno.remove(`${dir}/d-empty-day.csv`);
    // A folder never expires postings, even with an expiry set before it was refused.
    await Deno.remove(`${dir}/b-malformed.csv`);
    record = { ...record, expireAfterMs: 1000, nextRunAt: 0 };
    record = await pullSaved(store, record);
    await store.sources.saveSource(record);
    assert.equal((await store.sources.expiredIds(Date.now() + 365 * DAY)).size, 0);
  } finally {
    store.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a hung source does not hold the others", async () => {
  // Answers only when the test ends, so that the server can shut down.
  const release = Promise.withResolvers<void>();
  const hung = feedServer(async () => {
    await release.promise;
    return new Response("late");
  });
  const feed = feedServer();
  const store = await openStore(":memory:");
  const scheduler = createSourceScheduler({
    store,
    logger: silentLogger,
    checkMs: 3_600_000,
    limits: { timeoutMs: 600_000 },
  });
  try {
    const { header, records } = await feedParts(FEED);
    feed.answer = () => csv(header + records.join(""));
    const start = Date.now();
    // Sorted by name, the hung source comes first.
    await store.sources.addSource({
      ...source(hung.url, start),
      name: "a-hung",
    });
    await store.sources.addSource({ ...source(feed.url, start), name: "b-good" });
    const ticked = scheduler.tick();
    for (let i = 0; i < 600; i++) {
      if ((await store.sources.getSource("b-good"))?.lastRun) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal((await store.sources.getSource("b-good"))?.lastRun?.ok, true);
    assert.equal((await store.sources.getSource("a-hung"))?.lastRun, undefined, "still pulling");
    scheduler.stop();
    await ticked;
  } finally {
    scheduler.stop();
    release.resolve();
    store.close();
    await feed.close();
    await hung.close();
  }
});

Deno.test({
  name: "sources list and /healthz name a failed pull's cause; folders refuse --expire-after",
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  const dir = await Deno.makeTempDir({ prefix: "jobseek_sources_fail_" });
  const feed = feedServer();
  const env = { JOBSEEK_KV: `${dir}/kv.sqlite3` };
  try {
    const { header, records } = await feedParts(FEED);
    feed.answer = () => csv(header + records.join(""));
    assert.equal(
      (await runCli([
        "sources",
        "add",
        "kathmandu",
        feed.url,
        "--every",
        "1h",
        "--expire-after",
        "3d",
      ], env)).code,
      0,
    );
    assert.equal((await runCli(["sources", "run", "kathmandu"], env)).code, 0);
    feed.answer = () => csv(header);
    const failed = await runCli(["sources", "run", "kathmandu"], env);
    assert.equal(failed.code, 1);
    assert.match(failed.stdout, /error: .*lists no postings/);
    const listed = await runCli(["sources", "list"], env);
    assert.match(listed.stdout, /kathmandu .*after 3d/);
    assert.match(
      listed.stdout,
      new RegExp(
        `kathmandu failed: ${
          feed.url.replace(/[.]/g, "\\.")
        }: the body lists no postings \\(a header alone, or empty\\) \\(last good pull`,
      ),
    );
    await Deno.mkdir(`${dir}/drop`);
    const folder = await runCli(
      ["sources", "add", "drop", `${dir}/drop`, "--every", "1h", "--expire-after", "1d"],
      env,
    );
    assert.notEqual(folder.code, 0);
    assert.match(folder.stderr, /--expire-after is for URL sources only/);

    // The server's /healthz names it. The server runs in this worker on the machine's model
    // settings (the worker's model and occupations): with `env` alone it took its model folder
    // from the working directory and fetched the model there with pip on a checkout's first run.
    const server = await startServerInWorker({ ...env, JOBSEEK_SOURCE_CHECK_MS: "100" });
    try {
      let body: { failed_sources?: { name: string; outcome: string }[] } = {};
      for (let i = 0; i < 100 && !body.failed_sources; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        body = await (await server.fetch("/healthz")).json();
      }
      assert.equal(body.failed_sources?.[0].name, "kathmandu");
      assert.match(body.failed_sources![0].outcome, /lists no postings/);
    } finally {
      await server.stop();
    }
  } finally {
    await feed.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a JSON Lines feed: no last line end is whole, a cut last line is a failed pull", async () => {
  const whole = keeperLines(1, 4);
  const feed = feedServer();
  const store = await openStore(":memory:");
  try {
    feed.answer = () =>
      new Response(whole, { headers: { "content-type": "application/x-ndjson" } });
    let record = await pullSaved(store, source(feed.url, Date.now()));
    assert.equal(record.lastRun?.ok, true, record.lastRun?.outcome);
    assert.equal(record.lastGoodCount, 3);
    feed.answer = () =>
      new Response(whole.slice(0, -5), { headers: { "content-type": "application/x-ndjson" } });
    record = await pullSaved(store, { ...record, etag: undefined });
    assert.equal(record.lastRun?.ok, false);
    assert.match(record.lastRun!.outcome, /its last line is no whole JSON object/);
  } finally {
    await feed.close();
    store.close();
  }
});
