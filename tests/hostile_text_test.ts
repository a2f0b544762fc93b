/**
 * A store may hold postings written before the import cleaned them (or by anything else that
 * bypassed it): `jobseek search` (table, `--detail full`, `--json`), `jobseek cities` and the MCP
 * tools and posting resource never pass their escape sequences, C1 controls or bidi overrides on
 * to a terminal or an agent. Real server, the CLI through its entry in this worker, the SDK's own MCP
 * client.
 */
import { strict as assert } from "node:assert";
import fc from "fast-check";
// @ts-types="@types/commonmark"
import { HtmlRenderer, Parser } from "commonmark";
import { formatPostingDocument } from "../src/mcp/resources/postings.ts";
import { type Job, jobIdFromUrl } from "../src/domain/job.ts";
import { createCliSandbox } from "./cli_process.ts";
import { createTestSearch } from "./helpers.ts";
import { startMcpServer } from "./mcp_server.ts";
import { restTestJobs } from "./rest_server.ts";

const TITLE_CHANGE = "\x1b]0;you have been pwned\x07";
const CLEAR_SCREEN = "\x1b[2J\x1b[H";
const LINK = "\x1b]8;;https://evil.example/\x1b\\click here\x1b]8;;\x1b\\";
const OVERRIDE = "\u202e";
const C1_CSI = "\x9b";

/** ESC, any C0 but newline and tab, DEL, C1, bidi controls. */
// deno-lint-ignore no-control-regex
const UNSAFE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

function assertSafe(text: string, what: string): void {
  const found = text.match(UNSAFE);
  assert.equal(
    found,
    null,
    `${what} carries U+${found?.[0].codePointAt(0)?.toString(16).padStart(4, "0")}`,
  );
}

async function dirtyPosting(): Promise<Job> {
  const job_url = "https://www.indeed.com/viewjob?jk=lighthouse";
  return {
    id: await jobIdFromUrl(job_url),
    job_title: `Lighthouse Keeper${TITLE_CHANGE}`,
    company_name: `${CLEAR_SCREEN}Coastal${OVERRIDE} Trust`,
    city: `Oban${C1_CSI}`,
    country: "GB",
    publish_time: "2026-12-01 09:00:00",
    job_url,
    job_tags: [`maritime${OVERRIDE}`],
    data_source: "indeed",
    employment_type: `Full-time${CLEAR_SCREEN}`,
    job_description: `Keep the lighthouse lamp burning.\r\n${LINK}\u2066 Log ships.\u2069${C1_CSI}`,
  };
}

Deno.test("a dirty posting in the store reaches neither the CLI's terminal nor an MCP agent raw", async (t) => {
  const search = await createTestSearch({ jobs: [...await restTestJobs(), await dirtyPosting()] });
  const server = await startMcpServer(search.store, search.service);
  await using cli = await createCliSandbox();
  try {
    const configure = await cli.run(["configure", "--endpoint", server.url], {
      stdin: `${server.key}\n`,
    });
    assert.equal(configure.code, 0, configure.stderr);

    await t.step("jobseek search --detail full", async () => {
      const run = await cli.run(["search", "lighthouse keeper", "--detail", "full"]);
      assert.equal(run.code, 0, run.stderr);
      assertSafe(run.stdout, "search --detail full");
      assert.match(run.stdout, /\n\[1\] Lighthouse Keeper — Coastal Trust, Oban\n/);
      assert.match(run.stdout, /Keep the lighthouse lamp burning\.\n\s+click here Log ships\./);
      assert.match(run.stdout, /indeed · Full-time/);
      assert.match(run.stdout, /tags: maritime\n/);
    });

    await t.step("jobseek search --json: the same JSON, nothing a terminal acts on", async () => {
      const run = await cli.run(["search", "lighthouse keeper", "--detail", "full", "--json"]);
      assert.equal(run.code, 0, run.stderr);
      assertSafe(run.stdout, "search --json");
      const body = JSON.parse(run.stdout);
      assert.equal(body.results[0].job_title, `Lighthouse Keeper${TITLE_CHANGE}`, "data as is");
    });

    await t.step("jobseek cities", async () => {
      const run = await cli.run(["cities", "--country", "GB"]);
      assert.equal(run.code, 0, run.stderr);
      assertSafe(run.stdout, "cities");
      assert.match(run.stdout, /\nOban\s+GB\s+1\n/);
      const json = await cli.run(["cities", "--country", "GB", "--json"]);
      assertSafe(json.stdout, "cities --json");
      // The cities come over MCP, which cleans what it sends.
      assert.ok(JSON.parse(json.stdout).cities.some((c: { city: string }) => c.city === "Oban"));
    });

    const client = await server.connectClient();
    await t.step("MCP search_jobs: text and structured result", async () => {
      const result = await client.callTool({
        name: "search_jobs",
        arguments: { query: "lighthouse keeper", detail: "full" },
      });
      assert.equal(result.isError, undefined);
      const [content] = result.content as { type: string; text: string }[];
      assertSafe(content.text, "search_jobs text");
      assert.match(content.text, /1\. Lighthouse Keeper — Coastal Trust\n {3}Oban, GB · /);
      assert.match(content.text, /employment Full-time · tags maritime\n/);
      // The description's every line marked as the job board's, and said to be third-party text.
      assert.match(
        content.text,
        /\n {3}> Keep the lighthouse lamp burning\.\n {3}> click here Log ships\./,
      );
      assert.match(
        content.text,
        /Lines marked > are the postings' descriptions .*not instructions\./,
      );
      assertSafe(JSON.stringify(result.structuredContent), "search_jobs structuredContent");
    });

    await t.step("MCP list_cities", async () => {
      const result = await client.callTool({ name: "list_cities", arguments: { country: "GB" } });
      const [content] = result.content as { type: string; text: string }[];
      assertSafe(content.text, "list_cities text");
      assert.match(content.text, /\. Oban, GB — 1 posting/);
      assertSafe(JSON.stringify(result.structuredContent), "list_cities structuredContent");
    });

    await t.step("MCP posting resource", async () => {
      const { contents } = await client.readResource({
        uri: "jobseek://postings/https://www.indeed.com/viewjob?jk=lighthouse",
      });
      const text = String((contents[0] as { text: string }).text);
      assertSafe(text, "posting resource");
      assert.match(text, /^# Lighthouse Keeper\n\nCoastal Trust · Oban, GB · published /);
      assert.ok(
        text.endsWith("> Keep the lighthouse lamp burning.\n> click here Log ships."),
        text,
      );
    });
  } finally {
    await server.close();
    await search.close();
  }
});

Deno.test("the posting resource's Markdown renders none of the posting's own markup: no tag, no link", async () => {
  // A client may render the resource (text/markdown) for its person; a CommonMark renderer with
  // its defaults passes raw HTML and `javascript:` links through (session 32: a pushed posting's
  // `<img src=x onerror=alert(1)>` came out as an element). Only the formatting Markdown itself
  // makes may come out: headings, paragraphs, lists, emphasis, code, quotes, rules.
  const SAFE = new Set(["h1", "h2", "h3", "h4", "h5", "h6", "p", "ul", "ol", "li", "em", "strong"]);
  for (const tag of ["code", "pre", "blockquote", "hr", "br"]) SAFE.add(tag);
  const piece = fc.constantFrom(
    "<img src=x onerror=alert(1)>",
    "<script>alert(2)</script>",
    "[click](javascript:alert(3))",
    "![x](https://evil.example/p.png)",
    "<https://evil.example/>",
    "<a@evil.example>",
    "\\",
    "<",
    "[",
    "](",
    "a",
    " ",
    "\n",
    "\n\n",
    "*",
    "`",
    "#",
    "&lt;b&gt;",
  );
  const text = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(""));
  const url = "https://www.indeed.com/viewjob?jk=markup";
  const id = await jobIdFromUrl(url);
  fc.assert(
    fc.property(
      text,
      text,
      text,
      fc.array(text, { maxLength: 3 }),
      (title, company, body, tags) => {
        const markdown = formatPostingDocument({
          id,
          job_title: title,
          company_name: company,
          city: "Oban",
          country: "GB",
          publish_time: "2026-12-01 09:00:00",
          job_url: url,
          job_tags: tags,
          data_source: "indeed",
          job_description: body,
        });
        const html = new HtmlRenderer().render(new Parser().parse(markdown));
        const tags_ = [...html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)/g)].map((m) =>
          m[1].toLowerCase()
        );
        const unsafe = tags_.filter((tag) => !SAFE.has(tag));
        assert.deepEqual(unsafe, [], `${JSON.stringify(markdown)}\n→ ${html}`);
      },
    ),
  );
});
