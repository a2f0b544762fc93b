/**
 * The web page in a real Chromium, against `jobseek serve` (run in this worker, listening on a
 * port) on a store holding the bundled fixtures and hostile postings. The browser runs under Node (tests/browser/web_browser.mjs,
 * puppeteer-core): each of its scenarios is one test here. Never skipped: without Chromium (which
 * `.ci/run` installs) every scenario fails, naming what is missing.
 *
 * `JOBSEEK_SCREENSHOTS=docs/web` keeps the screenshots docs/web.md shows.
 *
 * @module
 */
import { strict as assert } from "node:assert";
import { ApiKeyRegistry } from "../src/auth/api_keys.ts";
import { importFiles } from "../src/ingest/import_files.ts";
import { openStore } from "../src/store/store.ts";
import { publishTestIndex } from "./helpers.ts";
import { type ServerProcess, startServerInWorker } from "./server_process.ts";

const SCRIPT = new URL("./browser/web_browser.mjs", import.meta.url).pathname;
const FIXTURES = new URL("../fixtures/jobs.jsonl", import.meta.url).pathname;
const CHROMIUM = Deno.env.get("CHROMIUM") ?? "/usr/bin/chromium";

/** Scraped text that would run if any page put it into HTML unescaped. */
const HOSTILE_TITLE =
  `Lighthouse Keeper <script>alert("title")</script><img src=x onerror=alert(1)>`;
const HOSTILE_POSTINGS = [
  {
    job_title: HOSTILE_TITLE,
    company_name: `"><svg onload=alert(2)>Coastal Trust`,
    city: "Oban",
    country: "GB",
    publish_time: new Date(Date.now() - 86_400_000).toISOString().slice(0, 19).replace("T", " "),
    job_url: `https://www.indeed.com/viewjob?jk=lighthouse"><script>alert(3)</script>`,
    // One word of 100 letters, as scraped tags may be: it must not widen a phone's page.
    job_tags: ["<b>maritime</b>", "lighthouse keeping", `lamp${"o".repeat(92)}room`],
    data_source: "indeed",
    job_description: "Keep the lighthouse lamp burning.\n<script>alert(4)</script>\n" +
      '<iframe src="https://evil.example/"></iframe><a href="javascript:alert(5)">apply</a>',
  },
];

const CV_TEXT = `Jane Doe - Registered Nurse

Experienced registered nurse with 6 years in intensive care and emergency nursing.
Skills: patient care, ICU, medication administration, triage.
Looking for a nurse position in Toronto.
`;

interface Scenario {
  name: string;
  ok: boolean;
  error?: string;
  ms: number;
}

function scenarioNames(): string[] {
  // The list is the script's own (`--list`): a scenario added there is a test here.
  const source = Deno.readTextFileSync(SCRIPT);
  const body = source.slice(source.indexOf("const scenarios = {"));
  return [...body.matchAll(/^ {2}async "([^"]+)"\(\)/gm)].map((m) => m[1]);
}

let run: Promise<Map<string, Scenario>> | undefined;
let server: ServerProcess | undefined;
let tmp: string | undefined;

/**
 * The store the page is served from: the bundled postings and the hostile ones through the real
 * importer, their index published with the kept vectors, and the two keys. `jobseek ingest` and
 * `jobseek keys create` did this as three processes (about 3.7 CPU-seconds, most of it embedding
 * the bundled titles again); those commands are tested in the CLI's own files.
 */
async function prepareStore(
  kvPath: string,
  hostile: string,
): Promise<{ userKey: string; adminKey: string }> {
  const store = await openStore(kvPath);
  try {
    const report = await importFiles(store, [FIXTURES, hostile]);
    assert.equal(report.totals.invalid, 0);
    await publishTestIndex(store);
    // A source, so that the console lists one with its "Run now" (never due while the page is
    // tried: nothing is pulled).
    await store.sources.addSource({
      name: "weekly-jobspy-feed-of-the-north",
      location: "https://feeds.example.org/jobspy/weekly-north.csv",
      everyMs: 7 * 86_400_000,
      createdAt: Date.now(),
      nextRunAt: Date.now() + 30 * 86_400_000,
    });
    const keys = new ApiKeyRegistry(store.apiKeys, []);
    const user = await keys.create("web-user", { rateLimit: 100_000 });
    const admin = await keys.create("web-admin", {
      scopes: ["admin", "search"],
      rateLimit: 100_000,
    });
    return { userKey: user.key, adminKey: admin.key };
  } finally {
    store.close();
  }
}

async function runBrowser(): Promise<Map<string, Scenario>> {
  await Deno.stat(CHROMIUM).catch(() => {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install Debian's package (apt-get install -y chromium), ` +
        "as .ci/run does, or set CHROMIUM",
    );
  });
  tmp = await Deno.makeTempDir({ prefix: "jobseek_web_" });
  const env = { JOBSEEK_KV: `${tmp}/store.sqlite3` };
  const hostile = `${tmp}/hostile.jsonl`;
  await Deno.writeTextFile(hostile, HOSTILE_POSTINGS.map((p) => JSON.stringify(p)).join("\n"));
  const cvFile = `${tmp}/nurse_cv.txt`;
  await Deno.writeTextFile(cvFile, CV_TEXT);
  const { userKey, adminKey } = await prepareStore(env.JOBSEEK_KV, hostile);
  // What the page does is the point, not the server's process: it runs in this worker, and
  // Chromium reaches it on its port.
  server = await startServerInWorker(env);
  await server.ready(120_000);
  const screenshots = Deno.env.get("JOBSEEK_SCREENSHOTS");
  const child = new Deno.Command("node", {
    args: [SCRIPT],
    env: {
      WEB_URL: server.url,
      USER_KEY: userKey,
      ADMIN_KEY: adminKey,
      CV_FILE: cvFile,
      HOSTILE_QUERY: "lighthouse keeper",
      CHROMIUM,
      ...(screenshots ? { SCREENSHOTS: screenshots } : {}),
    },
    stdout: "piped",
    stderr: "piped",
  });
  const out = await child.output();
  const stdout = new TextDecoder().decode(out.stdout);
  const results = new Map<string, Scenario>();
  for (const line of stdout.split("\n")) {
    if (!line.startsWith("{")) continue;
    const scenario = JSON.parse(line) as Scenario;
    results.set(scenario.name, scenario);
  }
  if (results.size === 0) {
    throw new Error(
      `the browser script reported nothing (exit ${out.code}): ${
        new TextDecoder().decode(out.stderr)
      }`,
    );
  }
  return results;
}

const names = scenarioNames();
for (const [i, name] of names.entries()) {
  Deno.test({
    name: `web page in Chromium: ${name}`,
    // One server and one browser run serve every scenario.
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      try {
        run ??= runBrowser();
        const results = await run;
        const scenario = results.get(name);
        assert.ok(scenario, `the browser script did not run "${name}"`);
        assert.ok(scenario.ok, scenario.error);
      } finally {
        if (i === names.length - 1) {
          await server?.stop();
          if (tmp) await Deno.remove(tmp, { recursive: true }).catch(() => {});
        }
      }
    },
  });
}
