/**
 * What the CLI prints fits the terminal by display columns: the search table lines up with CJK and
 * emoji titles (string-width), and the ingest report fits a narrow terminal. Also: ingesting data
 * that changed nothing publishes nothing. Runs the CLI in this worker against a real server and a
 * real KV file, and as the real process in a pseudo-terminal for the terminal's width.
 */
import { strict as assert } from "node:assert";
import stringWidth from "string-width";
import type { Job, SearchResponse } from "../src/domain/job.ts";
import { formatResults, refusalInFlags } from "../cli/commands/search.ts";
import { createCliSandbox } from "./cli_process.ts";
import { createTestSearch } from "./helpers.ts";
import { restTestJobs, startRestServer } from "./rest_server.ts";

/** Each keeps "Software Engineer", so that the search below finds it. */
const WIDE_TITLES = [
  "Software Engineer 東京本社のバックエンドチーム（正社員）",
  "Software Engineer 🚀🌍 Remote-first team",
  "소프트웨어 Software Engineer 서울 본사 개발팀",
  "Software Engineer confirmé — équipe produit à Paris",
];

/** Display column where the date (YYYY-MM-DD) starts in a table row. */
function dateColumn(line: string): number {
  const at = line.search(/\d{4}-\d\d-\d\d/);
  assert.ok(at > 0, `no date in: ${line}`);
  return stringWidth(line.slice(0, at));
}

Deno.test("the search table lines up wide characters by display width", async () => {
  const jobs: Job[] = (await restTestJobs()).map((job, i) =>
    i < WIDE_TITLES.length * 4 && i % 4 === 0 ? { ...job, job_title: WIDE_TITLES[i / 4] } : job
  );
  const search = await createTestSearch({ jobs });
  const server = await startRestServer(search.store, search.service);
  await using cli = await createCliSandbox();
  try {
    const env = { JOBSEEK_API_KEY: server.key, JOBSEEK_ENDPOINT: server.url };
    const run = await cli.run(["search", "software engineer", "--top-k", "100"], { env });
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stdout.trimEnd().split("\n");
    const rows = lines.slice(1, -1);
    const wide = rows.filter((row) => WIDE_TITLES.some((t) => row.includes(t.slice(0, 20))));
    assert.equal(wide.length, WIDE_TITLES.length, `expected rows with wide titles:\n${run.stdout}`);
    const column = dateColumn(lines[0].replace("date", "0000-00-00"));
    for (const row of rows) {
      assert.ok(stringWidth(row) <= 120, `wider than 120 columns: ${row}`);
      assert.equal(dateColumn(row), column, `date column drifts in: ${row}`);
    }
  } finally {
    await server.close();
    await search.close();
  }
});

Deno.test("ingest fits the terminal, and unchanged data publishes nothing", async () => {
  await using cli = await createCliSandbox();
  const dir = `${cli.home}/exports/jobspy-scrapes/2026-11-20/a-rather-long-directory-name`;
  await Deno.mkdir(dir, { recursive: true });
  const fixture = await Deno.readTextFile(new URL("../fixtures/jobs.jsonl", import.meta.url));
  const lines = fixture.split("\n").filter(Boolean).slice(0, 40);
  const file = `${dir}/indeed-and-linkedin-postings.jsonl`;
  await Deno.writeTextFile(
    file,
    [...lines, '{"job_title": "no url, so invalid"}'].join("\n") + "\n",
  );
  const kv = `${cli.home}/store/jobs.sqlite3`;

  const first = await cli.runInTerminal(["ingest", file, "--kv", kv], [], { columns: 60 });
  assert.equal(first.code, 0, first.output);
  const report = first.output.replace(/\r/g, "").split("\n")
    // Progress lines are redrawn in place (ANSI); the report is what is left after them.
    .filter((line) => line !== "" && !line.includes("\x1b"));
  // 60 columns cannot hold the eight columns of the table: one block per file instead.
  const start = report.findIndex((l) => l.startsWith("…"));
  assert.ok(start >= 0, first.output);
  assert.match(report[start], /^…\S*\/indeed-and-linkedin-postings\.jsonl:$/);
  assert.equal(
    report[start + 1] + " " + report[start + 2].trim(),
    "  read 41, inserted 40, updated 0, unchanged 0, duplicates 0, skipped 0, invalid 1",
  );
  assert.equal(report[start + 3], "total:");
  for (const line of report.slice(start)) {
    assert.ok(stringWidth(line) <= 60, `wider than 60 columns: ${line}`);
  }
  assert.match(first.output, /index: snapshot (\S+) with 40 postings\r?\nis current/);
  const snapshot = first.output.match(/index: snapshot (\S+) with/)![1];

  const again = await cli.run(["ingest", file, "--kv", kv]);
  assert.equal(again.code, 0, again.stderr);
  // A pipe gets 120 columns: the table form.
  assert.match(again.stdout, /^file\s+read\s+inserted\s+updated\s+unchanged\s+duplicates/);
  assert.match(again.stdout, /\ntotal\s+41\s+0\s+0\s+40\s+0\s+0\s+1\n/);
  assert.ok(
    again.stdout.includes(
      `index: no posting changed, so nothing was published; snapshot ${snapshot} with 40 ` +
        "postings stays current\n",
    ),
    again.stdout,
  );
  const status = await cli.run(["index", "status", "--kv", kv, "--json"]);
  assert.equal(JSON.parse(status.stdout).snapshot_id, snapshot);

  const json = await cli.run(["ingest", file, "--kv", kv, "--json"]);
  const body = JSON.parse(json.stdout);
  assert.equal(body.published, false);
  assert.equal(body.snapshot.snapshotId, snapshot);

  // One changed posting: a new index is published.
  const changed = JSON.parse(lines[0]);
  changed.job_title = "Physics Teacher (changed)";
  await Deno.writeTextFile(file, [JSON.stringify(changed), ...lines.slice(1)].join("\n") + "\n");
  const third = await cli.run(["ingest", file, "--kv", kv]);
  assert.equal(third.code, 0, third.stderr);
  assert.match(third.stdout, /\ntotal\s+40\s+0\s+1\s+39\s/);
  const next = third.stdout.match(/index: snapshot (\S+) with 40 postings is current/);
  assert.ok(next && next[1] !== snapshot, third.stdout);

  // A file no posting could be read from fails, as a pull of it as a source does: a cron job's
  // import of it looked like success (an operator's trial, session 57).
  const broken = `${cli.home}/broken.csv`;
  await Deno.writeTextFile(
    broken,
    "site,job_url,title,date_posted\nindeed,,Nurse,2026-11-01\nindeed,,Chef,2026-11-02\n",
  );
  const none = await cli.run(["ingest", broken, "--kv", kv, "--no-index"]);
  assert.equal(none.code, 1);
  assert.match(none.stdout, /broken\.csv:2:\n {4}no job_url\n/);
  // A reason longer than the width is wrapped, never cut (an operator's trial, session 57).
  const undated = `${cli.home}/undated.csv`;
  await Deno.writeTextFile(
    undated,
    "site,job_url,title,date_posted\nindeed,https://uk.indeed.com/viewjob?jk=1,Nurse,\n",
  );
  const narrow = await cli.runInTerminal(["ingest", undated, "--kv", kv, "--no-index"], [], {
    columns: 60,
  });
  const told = narrow.output.replace(/\r/g, "").replace(/\s+/g, " ");
  assert.match(
    told,
    /undated\.csv:2: no date_posted \(and no search_date or date in the file name to fall back on\)/,
  );
  const invalidPart = narrow.output.slice(
    narrow.output.indexOf("invalid rows (first ones):"),
    narrow.output.indexOf("jobseek: none"),
  );
  assert.doesNotMatch(invalidPart, /…/);
  for (const line of invalidPart.replace(/\r/g, "").split("\n")) {
    assert.ok(stringWidth(line) <= 60, `wider than 60 columns: ${line}`);
  }
  assert.equal(
    none.stderr.split("\n").filter((line) => line.startsWith("jobseek:")).join("\n"),
    "jobseek: none of the 2 rows read could be imported (2 invalid); the reasons are above",
  );
  const header = `${cli.home}/header.csv`;
  await Deno.writeTextFile(header, "site,job_url,title,date_posted\n");
  const empty = await cli.run(["ingest", header, "--kv", kv, "--no-index"]);
  assert.equal(empty.code, 1);
  assert.match(empty.stderr, /^jobseek: no row was read \(a header alone, or empty\)$/m);
});

Deno.test("the search table says how the work is done beside the city, where the posting says", () => {
  // "remote or hybrid jobs in Berlin" listed seven Berlin rows and no way to tell which were
  // remote and which hybrid: the MCP text and the web page say it (tried as a person, session 32).
  const result = (title: string, city: string, work_mode?: string) => ({
    score: 0.9,
    job_title: title,
    city,
    country: "DE",
    company_name: "Acme",
    publish_time: "2026-11-20 09:00:00",
    job_url: `https://example.com/${title}`,
    job_tags: [],
    data_source: "linkedin",
    ...(work_mode ? { work_mode } : {}),
  });
  const response = {
    request_id: "00000000-0000-4000-8000-000000000000",
    total: 4,
    search_time_ms: 1,
    results: [
      result("MLOps Engineer", "Berlin", "hybrid"),
      result("Data Engineer", "Berlin", "remote"),
      result("Site Engineer", "Berlin", "onsite"),
      result("Python Developer", "Remote", "remote"),
      result("Audit Manager", "Berlin"),
    ],
  } as unknown as SearchResponse;
  const rows = formatResults(response, 0, 120).split("\n").slice(1, 6);
  const city = (title: string) => rows.find((row) => row.includes(title))!.split(/\s{2,}/)[3];
  assert.equal(city("MLOps Engineer"), "Berlin (hybrid)");
  assert.equal(city("Data Engineer"), "Berlin (remote)");
  assert.equal(city("Site Engineer"), "Berlin (on-site)");
  assert.equal(city("Python Developer"), "Remote");
  assert.equal(city("Audit Manager"), "Berlin");
});

Deno.test("the notes under the search table break at spaces to fit a terminal, and stay a line each in a pipe", () => {
  const response = {
    request_id: "00000000-0000-4000-8000-000000000000",
    total: 1,
    search_time_ms: 1,
    results: [{
      score: 0.9,
      job_title: "Nurse",
      city: "Berlin",
      country: "DE",
      company_name: "Acme",
      publish_time: "2026-11-20 09:00:00",
      job_url: "https://example.com/nurse",
      job_tags: [],
      data_source: "linkedin",
    }],
    query_seniority: { matched: "senior", seniority: ["senior"] },
    query_work_mode: { matched: "hybrid", work_mode: "hybrid" },
  } as unknown as SearchResponse;
  const notesOf = (text: string) => text.slice(text.indexOf("Showing")).split("\n").slice(1, -1);
  // A terminal 60 columns wide: no line past its edge, no word broken, nothing lost.
  const wrapped = notesOf(formatResults(response, 0, 60, "relevance", true));
  assert.ok(wrapped.length > 2, wrapped.join("\n"));
  for (const line of wrapped) assert.ok(stringWidth(line) <= 60, line);
  const piped = notesOf(formatResults(response, 0, 60, "relevance"));
  assert.equal(piped.length, 2);
  assert.equal(wrapped.join(" "), piped.join(" "));
});

Deno.test("a server's refusal names the search's flags, not REST's parameters", () => {
  // "jobseek search nurse --radius-km 60" said "'radius_km' ... give 'near' too" (reviewer W).
  assert.equal(
    refusalInFlags(
      "Invalid parameter 'radius_km': it only applies with 'near' (the place to search around); " +
        "give 'near' too, or leave 'radius_km' out (INVALID_PARAMETER)",
    ),
    "Invalid parameter --radius-km: it only applies with --near (the place to search around); " +
      "give --near too, or leave --radius-km out (INVALID_PARAMETER)",
  );
  // A quoted value stays a value; a name that is no filter stays as written.
  assert.equal(
    refusalInFlags("Invalid parameter 'near': no place called 'remote' is known"),
    "Invalid parameter --near: no place called 'remote' is known",
  );
  // Paging and order are flags too (`--offset -5` said 'offset', reviewer W50); a parameter that is
  // no flag of this command stays as the server wrote it.
  assert.equal(
    refusalInFlags("Invalid parameter 'top_k': too big"),
    "Invalid parameter --top-k: too big",
  );
  assert.equal(
    refusalInFlags("Invalid parameter 'offset': must be 0 or more"),
    "Invalid parameter --offset: must be 0 or more",
  );
  assert.equal(
    refusalInFlags("Invalid parameter 'profile': must not be empty"),
    "Invalid parameter 'profile': must not be empty",
  );
});
