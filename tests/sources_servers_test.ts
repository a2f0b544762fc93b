/**
 * Pulls end to end: two `jobseek serve` processes on one store file, a feed served over real HTTP
 * and a folder that gets a file (each the first rows of a real weekly file); each source is pulled
 * once between the two servers, and its postings become searchable on both.
 */
import { strict as assert } from "node:assert";
import { ApiKeyRegistry } from "../src/auth/api_keys.ts";
import { parseJobspyCsv } from "../src/ingest/jobspy_csv.ts";
import { openStore } from "../src/store/store.ts";
import { defaultTestJobs } from "./helpers.ts";
import { runCliInWorker as runCli } from "./cli_process.ts";
import { feedServer } from "./feed_server.ts";
import { serverFleet, type ServerProcess } from "./server_process.ts";

const WEEKS = new URL("../../shared/data/jobspy/jobless-titles/", import.meta.url);

/**
 * The header and first `rows` rows of the `n`th weekly file, written to `path` (each of these rows
 * is one line). All 431 rows of each of two weeks were 862 titles for the servers to embed and
 * index: 2.4 CPU-seconds more for the test that show nothing a few dozen rows do not.
 */
async function weekFile(n: number, path: string, rows = 40): Promise<string> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(WEEKS)) {
    if (entry.name.endsWith(".csv")) names.push(entry.name);
  }
  const whole = await Deno.readTextFile(new URL(names.sort()[n], WEEKS));
  await Deno.writeTextFile(path, whole.split("\n").slice(0, rows + 1).join("\n") + "\n");
  return path;
}

/** The URLs of a file's postings. */
async function urlsOf(path: string): Promise<Set<string>> {
  const rows = await parseJobspyCsv(await Deno.readTextFile(path), { fileName: path });
  return new Set(rows.flatMap((row) => row.kind === "job" ? [row.job.job_url] : []));
}

/** Whether a search on `server` for `title` returns the posting at `url`. */
async function finds(server: ServerProcess, key: string, title: string, url: string) {
  const response = await fetch(
    `${server.url}/v1/search?${new URLSearchParams({ q: title, top_k: "100", sort: "relevance" })}`,
    { headers: { "x-api-key": key } },
  );
  const body = await response.json() as {
    results: { job_url: string; also_posted_at?: string[] }[];
  };
  return body.results.some((r) => r.job_url === url || r.also_posted_at?.includes(url));
}

async function eventually(what: string, check: () => Promise<boolean>, ms = 90_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    assert.ok(Date.now() < deadline, `${what} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

Deno.test({
  name: "a pulled feed and a folder drop are searchable on two servers sharing a store",
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  const fleet = await serverFleet("jobseek_pull_servers_");
  const { dir, kvPath } = fleet;
  const servers: ServerProcess[] = [];
  const feedFile = await weekFile(0, `${dir}/week1.csv`);
  const feed = feedServer(async () =>
    new Response(await Deno.readFile(feedFile), { headers: { "content-type": "text/csv" } })
  );
  try {
    const store = await openStore(kvPath);
    const key = (await new ApiKeyRegistry(store.apiKeys, []).create("reader")).key;
    await store.postings.upsertJobs(await defaultTestJobs(20));
    store.close();
    const env = {
      JOBSEEK_KV: kvPath,
      JOBSEEK_SOURCE_CHECK_MS: "300",
      JOBSEEK_RATE_LIMIT: "100000",
    };
    servers.push(await fleet.start(env));
    servers.push(await fleet.start(env));

    const feedUrl = feed.url;
    const added = await runCli(["sources", "add", "weekly", feedUrl, "--every", "1h"], env);
    assert.equal(added.code, 0, added.stderr);
    await Deno.mkdir(`${dir}/drop`);
    assert.equal(
      (await runCli(["sources", "add", "drop", `${dir}/drop`, "--every", "1s"], env)).code,
      0,
    );

    // One posting of the feed, found by its own title, on both servers.
    const [feedPosting] = [...(await urlsOf(feedFile))];
    const feedRows = await parseJobspyCsv(await Deno.readTextFile(feedFile));
    const feedTitle = feedRows.flatMap((r) =>
      r.kind === "job" && r.job.job_url === feedPosting ? [r.job.job_title] : []
    )[0];
    for (const server of servers) {
      await eventually("the feed's posting on every server", () =>
        finds(server, key, feedTitle, feedPosting));
    }
    assert.equal(feed.requests, 1, "one pull of the feed between the two servers");

    // A file dropped into the folder: new postings, on both servers.
    const dropFile = await weekFile(21, `${dir}/week22.csv`);
    const feedUrls = await urlsOf(feedFile);
    const fresh = [...(await urlsOf(dropFile))].filter((url) =>
      !feedUrls.has(url)
    );
    assert.ok(fresh.length > 0);
    await Deno.copyFile(dropFile, `${dir}/drop/week22.csv`);
    const dropRows = await parseJobspyCsv(await Deno.readTextFile(dropFile));
    const dropTitle = dropRows.flatMap((r) =>
      r.kind === "job" && r.job.job_url === fresh[0] ? [r.job.job_title] : []
    )[0];
    for (const server of servers) {
      await eventually("the dropped file's posting on every server", () =>
        finds(server, key, dropTitle, fresh[0]));
    }
    const listed = JSON.parse((await runCli(["sources", "list", "--json"], env)).stdout) as {
      name: string;
      lastRun: { ok: boolean; outcome: string; inserted: number };
    }[];
    assert.deepEqual(listed.map((s) => [s.name, s.lastRun.ok]), [["drop", true], ["weekly", true]]);
    assert.ok(listed.every((s) =>
      s.lastRun.inserted > 0 || s.lastRun.outcome === "no new files"
    ));
    const pulled = servers.flatMap((s) =>
      s.logs.filter((l) =>
        l.msg === "source pulled"
      )
    );
    assert.equal(pulled.filter((l) => l.source === "weekly").length, 1);
  } finally {
    await feed.close();
    await fleet.close();
  }
});
