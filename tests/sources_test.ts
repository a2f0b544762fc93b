/**
 * Feeds pulled on a schedule: the 22 weekly snapshots of one real German IT feed
 * (../shared/data/jobspy/jobless-titles, February to June 2026) served week after week from a
 * local HTTP server as one source, with conditional GETs and a 3-day expiry; a folder that gets
 * new files; broken pulls that expire nothing; servers sharing a store pulling a due source exactly once; and the CLI.
 */
import { strict as assert } from "node:assert";
import { parseJobspyCsv } from "../src/ingest/jobspy_csv.ts";
import { silentLogger } from "../src/log.ts";
import { publishIndex } from "../src/search/publish_index.ts";
import { createSourceScheduler, pullSource } from "../src/search/source_puller.ts";
import type { SourceRecord } from "../src/store/sources_store.ts";
import { openStore } from "../src/store/store.ts";
import { cachingTestEmbedder } from "./helpers.ts";
import { runCliInWorker as runCli } from "./cli_process.ts";
import { feedServer } from "./feed_server.ts";

const WEEKS = new URL("../../shared/data/jobspy/jobless-titles/", import.meta.url);
const DAY = 86_400_000;

async function weeklyFiles(): Promise<string[]> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(WEEKS)) {
    if (entry.name.endsWith(".csv")) names.push(entry.name);
  }
  return names.sort().map((name) => decodeURIComponent(new URL(name, WEEKS).pathname));
}

/** A feed serving `current` with an ETag, answering 304 to its ETag; it counts the 304s. */
function etagFeed() {
  const state = { current: "", etag: "", notModified: 0 };
  const feed = feedServer((request) => {
    if (request.headers.get("if-none-match") === state.etag) {
      state.notModified++;
      return new Response(null, { status: 304, headers: { etag: state.etag } });
    }
    return new Response(state.current, {
      headers: { "content-type": "text/csv", etag: state.etag },
    });
  });
  return Object.assign(feed, {
    state,
    serve(text: string, etag: string) {
      state.current = text;
      state.etag = `"${etag}"`;
    },
  });
}

async function idsOf(text: string): Promise<Set<string>> {
  const rows = await parseJobspyCsv(text, { fileName: "feed.csv" });
  return new Set(rows.flatMap((row) => row.kind === "job" ? [row.job.id] : []));
}

Deno.test("a weekly feed: pulled conditionally, postings it drops expire after the grace", async () => {
  const store = await openStore(":memory:");
  // The feed's titles are real postings' titles: their vectors come from the kept file.
  const embedder = await cachingTestEmbedder();
  const feed = etagFeed();
  try {
    const start = Date.parse("2026-02-04T12:00:00Z");
    let clock = start;
    const now = () => clock;
    let source: SourceRecord = {
      name: "jobless",
      location: feed.url,
      everyMs: 7 * DAY,
      expireAfterMs: 3 * DAY,
      createdAt: start,
      nextRunAt: start,
    };
    await store.sources.addSource(source);
    const everListed = new Set<string>();
    // The rule, modelled: a posting the feed left out expires once three good pulls in a row
    // (a 304 is one: the listing stands) left it out, the first of them 3 days ago or more.
    const missing = new Map<string, { since: number; pulls: number }>();
    const goodPull = (listed?: Set<string>) => {
      for (const id of everListed) {
        const left = listed ? !listed.has(id) : missing.has(id);
        if (!left) missing.delete(id);
        else {
          const entry = missing.get(id) ?? { since: clock, pulls: 0 };
          entry.pulls++;
          missing.set(id, entry);
        }
      }
    };
    const files = await weeklyFiles();
    assert.equal(files.length, 22);
    for (const [week, file] of files.entries()) {
      clock = start + week * 7 * DAY;
      const text = await Deno.readTextFile(file);
      const listed = await idsOf(text);
      feed.serve(text, `week-${week}`);
      const pulled = await pullSource(store, source, { now });
      source = pulled.record;
      for (const id of listed) everListed.add(id);
      goodPull(listed);
      assert.equal(source.lastRun?.ok, true, source.lastRun?.outcome);
      assert.equal(source.lastRun?.outcome, "imported");
      assert.equal(source.nextRunAt, clock + 7 * DAY);
      // The same week again: a 304, nothing imported, nothing expires.
      const again = await pullSource(store, source, { now });
      assert.equal(again.record.lastRun?.outcome, "not modified");
      assert.equal(again.changed, 0);
      source = again.record;
      goodPull();
      const expected = [...missing].filter(([, { since, pulls }]) =>
        pulls >= 3 && since <= clock - 3 * DAY
      ).map(([id]) => id).sort();
      if (week >= 2) assert.ok(expected.length > 0, "the feed drops postings every week");
      assert.deepEqual([...await store.sources.expiredIds(clock)].sort(), expected, `week ${week}`);
      if (week === 0 || week === 10 || week === files.length - 1) {
        const { docCount } = await publishIndex(store, { embedder, logger: silentLogger, now });
        // Within the grace, a posting the feed dropped is still served.
        assert.equal(docCount, everListed.size - expected.length, `week ${week}`);
        const meta = await store.snapshots.readSnapshotMeta(
          (await store.snapshots.currentSnapshotId())!,
        );
        assert.equal(meta?.expiredCount ?? 0, expected.length);
      }
    }
    await embedder.save();
    assert.equal(feed.state.notModified, 22, "every repeated pull was a 304");
    assert.ok(everListed.size > (await idsOf(await Deno.readTextFile(files.at(-1)!))).size);
  } finally {
    await feed.close();
    store.close();
  }
});

Deno.test("a folder source takes each new file once", async () => {
  const dir = await Deno.makeTempDir({ prefix: "jobseek_folder_" });
  const store = await openStore(":memory:");
  try {
    const files = await weeklyFiles();
    let source: SourceRecord = {
      name: "drop",
      location: dir,
      everyMs: 60_000,
      createdAt: Date.now(),
      nextRunAt: Date.now(),
    };
    const pull = async () => (source = (await pullSource(store, source)).record).lastRun!;
    assert.equal((await pull()).outcome, "no new files");
    assert.ok(source.lastGoodAt !== undefined, "an empty folder read whole is a good pull");
    await Deno.copyFile(files[0], `${dir}/week1.csv`);
    await Deno.writeTextFile(`${dir}/notes.txt`, "not a feed");
    const first = await pull();
    assert.equal(first.outcome, "imported");
    assert.ok(first.inserted > 100);
    assert.equal((await pull()).outcome, "no new files");
    await Deno.copyFile(files[1], `${dir}/week2.csv`);
    const beforeSecond = Date.now();
    const second = await pull();
    assert.equal(second.outcome, "imported");
    assert.equal(
      second.rows_read,
      (await parseJobspyCsv(await Deno.readTextFile(files[1]))).length,
    );
    // Each whole read is a good pull, new files or none; a failure after one keeps its time
    // (an operator's trial, session 57: "no good pull yet" after a good one).
    const good = source.lastGoodAt;
    assert.ok(good !== undefined && good >= beforeSecond);
    // A missing folder is the run's error, not a crash.
    source = { ...source, location: `${dir}/gone` };
    const broken = await pull();
    assert.equal(broken.ok, false);
    assert.match(broken.outcome, /No such file|not found/i);
    assert.equal(source.lastGoodAt, good);
  } finally {
    store.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("servers sharing a store pull a due source once", async () => {
  const dir = await Deno.makeTempDir({ prefix: "jobseek_sources_lease_" });
  const feed = etagFeed();
  const stores = [await openStore(`${dir}/kv.sqlite3`), await openStore(`${dir}/kv.sqlite3`)];
  const schedulers = stores.map((store) =>
    createSourceScheduler({ store, logger: silentLogger, checkMs: 3_600_000 })
  );
  try {
    feed.serve(await Deno.readTextFile((await weeklyFiles())[0]), "one");
    await stores[0].sources.addSource({
      name: "shared",
      location: feed.url,
      everyMs: 3_600_000,
      createdAt: Date.now(),
      nextRunAt: Date.now(),
    });
    await Promise.all(schedulers.map((s) => s.tick()));
    await Promise.all(schedulers.map((s) => s.tick()));
    assert.equal(feed.requests, 1, "one pull between the two servers");
    const record = await stores[1].sources.getSource("shared");
    assert.equal(record?.lastRun?.outcome, "imported");
    assert.ok(record!.nextRunAt > Date.now() + 3_000_000);
  } finally {
    for (const scheduler of schedulers) scheduler.stop();
    for (const store of stores) store.close();
    await feed.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test({
  name: "jobseek sources add, run, list and remove",
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  const dir = await Deno.makeTempDir({ prefix: "jobseek_sources_cli_" });
  const feed = etagFeed();
  const env = { JOBSEEK_KV: `${dir}/kv.sqlite3` };
  try {
    feed.serve(await Deno.readTextFile((await weeklyFiles())[0]), "one");
    const added = await runCli(
      ["sources", "add", "jobless", feed.url, "--every", "6h", "--expire-after", "3d"],
      env,
    );
    assert.equal(added.code, 0, added.stderr);
    assert.match(
      added.stdout,
      /Added source 'jobless'.*pulled every 6h by a running server, the first time within 15s\.\n$/s,
    );
    // Faster than servers look for due sources: said as it will be (an operator's trial, session
    // 57: "pulled every 10s", pulled every 15 s).
    const fast = await runCli(["sources", "add", "fast", feed.url, "--every", "10s"], env);
    assert.equal(fast.code, 0, fast.stderr);
    assert.match(
      fast.stdout.replace(/\s+/g, " "),
      /pulled every 15s \(servers look for due sources every 15s, JOBSEEK_SOURCE_CHECK_MS, so not every 10s\)/,
    );
    assert.equal((await runCli(["sources", "remove", "fast"], env)).code, 0);
    const ran = await runCli(["sources", "run", "jobless"], env);
    assert.equal(ran.code, 0, ran.stderr);
    assert.match(ran.stdout, /jobless: imported; \d+ rows read, \d+ inserted/);
    assert.match(ran.stdout, /index: snapshot \S+ with \d+ postings is current/);
    const listed = JSON.parse((await runCli(["sources", "list", "--json"], env)).stdout);
    assert.equal(listed[0].name, "jobless");
    assert.equal(listed[0].everyMs, 6 * 3_600_000);
    assert.equal(listed[0].expireAfterMs, 3 * DAY);
    assert.equal(listed[0].lastRun.ok, true);
    assert.match((await runCli(["sources", "list"], env)).stdout, /jobless.*6h.*imported/);
    const status = JSON.parse((await runCli(["index", "status", "--json"], env)).stdout);
    assert.equal(status.expired_postings, 0, "nothing expires within the first pull");
    assert.equal(status.snapshot.docCount, status.stored_postings);
    const badEvery = await runCli(["sources", "add", "x", feed.url, "--every", "soon"], env);
    assert.notEqual(badEvery.code, 0);
    assert.match(badEvery.stderr, /90s, 30m, 6h or 3d/);
    const badPlace = await runCli(["sources", "add", "y", `${dir}/nowhere`, "--every", "1h"], env);
    assert.notEqual(badPlace.code, 0);
    assert.match(badPlace.stderr, /neither an http\(s\) URL nor an existing file or folder/);
    // `--format` offers the importer's formats, no other (IMPORT_FORMATS).
    const badFormat = await runCli(
      ["sources", "add", "z", feed.url, "--every", "1h", "--format", "xml"],
      env,
    );
    assert.notEqual(badFormat.code, 0);
    assert.match(badFormat.stderr, /Allowed choices are csv, jsonl/);
    const duplicate = await runCli(["sources", "add", "jobless", feed.url, "--every", "1h"], env);
    assert.notEqual(duplicate.code, 0);
    assert.match(duplicate.stderr, /'jobless' exists/);
    assert.equal((await runCli(["sources", "remove", "jobless"], env)).code, 0);
    assert.match((await runCli(["sources", "list"], env)).stdout, /No sources/);
  } finally {
    await feed.close();
    await Deno.remove(dir, { recursive: true });
  }
});
