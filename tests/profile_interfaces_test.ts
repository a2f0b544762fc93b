/**
 * A CV as the query on every interface, end to end with real files (tests/fixtures/cv/: a Word
 * CV and a PDF CV): REST `POST /v1/search` with `profile`, MCP `search_jobs` and the
 * `jobs_for_my_cv` prompt through the SDK's own client, and `jobseek search --cv FILE` through the
 * CLI's entry. One real server over a small known set of postings (tests/rest_server.ts: 8 roles in
 * 5 cities), the real model; bad input on each interface.
 */
import { strict as assert } from "node:assert";
// @ts-types="@modelcontextprotocol/sdk/types"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { type SearchResponse, SearchResponseSchema } from "../src/domain/job.ts";
import { readCvText } from "../cli/cv_text.ts";
import { createCliSandbox } from "./cli_process.ts";
import { createTestSearch } from "./helpers.ts";
import { startMcpServer } from "./mcp_server.ts";
import { jsonBody, restTestJobs } from "./rest_server.ts";

const FIXTURES = new URL("./fixtures/cv/", import.meta.url);
const DOCX = new URL("nurse_london.docx", FIXTURES).pathname;
const PDF = new URL("backend_berlin.pdf", FIXTURES).pathname;

const NURSE_ICU = "Registered Nurse - Intensive Care Unit";
const GO_BACKEND = "Backend Software Engineer (Go)";
const NOT_SOFTWARE = [NURSE_ICU, "Staff Accountant", "CDL-A Truck Driver"];

function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
}

Deno.test("a CV as the query: REST, MCP and the CLI with real PDF and Word files", async (t) => {
  const search = await createTestSearch({ jobs: await restTestJobs() });
  const server = await startMcpServer(search.store, search.service);
  await using cli = await createCliSandbox();
  const rest = (init: RequestInit & { path?: string }) =>
    server.fetch(init.path ?? "/v1/search", {
      ...init,
      headers: { "x-api-key": server.key, "content-type": "application/json", ...init.headers },
    });
  const postProfile = (body: Record<string, unknown>) =>
    rest({ method: "POST", body: JSON.stringify(body) });
  const nurseCv = (await readCvText(DOCX)).text;
  const backendCv = (await readCvText(PDF)).text;
  try {
    await t.step("the files' text is read, Word tables and PDF pages included", () => {
      assert.match(nurseCv, /ICU Staff Nurse, St Thomas' Hospital, London/);
      assert.match(nurseCv, /Patient care, ICU, IV therapy, Triage/);
      assert.match(backendCv, /Looking for a senior backend engineer\s+position \(Go\) in Berlin/);
      // The second page.
      assert.match(backendCv, /Go, PostgreSQL, Kubernetes, Kafka, Docker/);
    });

    await t.step(
      "REST: POST with the Word CV's text finds the ICU nurse job in London",
      async () => {
        const response = await postProfile({ profile: nurseCv });
        const body = await jsonBody(response);
        assert.equal(response.status, 200, JSON.stringify(body));
        const parsed = SearchResponseSchema.strict().parse(body);
        assert.equal(parsed.results[0].job_title, NURSE_ICU);
        assert.ok(parsed.results.every((r) => r.city === "London"));
        assert.deepEqual(parsed.derived!.places, ["London, GB"]);
        assert.ok(parsed.derived!.roles.some((r) => /nurse/i.test(r)));
        assert.deepEqual(parsed.derived!.skills, ["Patient care", "ICU", "IV therapy", "Triage"]);
        assert.equal(parsed.derived!.seniority, "senior");
        // Best fit first: a profile orders by relevance unless asked.
        for (let i = 1; i < parsed.results.length; i++) {
          assert.ok(parsed.results[i - 1].score >= parsed.results[i].score);
        }
      },
    );

    await t.step(
      "REST: the PDF CV finds the Go backend job in Berlin, no other trade",
      async () => {
        const body = await jsonBody(await postProfile({ profile: backendCv, top_k: 10 }));
        const parsed = body as unknown as SearchResponse;
        assert.equal(parsed.results[0].job_title, GO_BACKEND);
        assert.equal(parsed.results[0].city, "Berlin");
        assert.ok(parsed.results.every((r) => !NOT_SOFTWARE.includes(r.job_title)));
        assert.deepEqual(parsed.derived!.places, ["Berlin, DE"]);
      },
    );

    await t.step("REST: filters narrow a profile search as they narrow q", async () => {
      const body = await jsonBody(await postProfile({ profile: nurseCv, country: "US" }));
      const parsed = body as unknown as SearchResponse;
      assert.ok(parsed.total > 0 && parsed.results.every((r) => r.country === "US"));
      assert.deepEqual(parsed.applied, { filters: { country: "US" } });
      const dated = await jsonBody(
        await postProfile({ profile: nurseCv, country: "US", sort: "date" }),
      );
      assert.equal((dated as unknown as SearchResponse).total, parsed.total);
    });

    await t.step("REST: bad profiles are 400s naming profile; GET says to use POST", async () => {
      const cases: [RequestInit & { path?: string }, RegExp][] = [
        [{ method: "POST", body: JSON.stringify({ profile: "" }) }, /'profile': must not be empty/],
        [
          { method: "POST", body: JSON.stringify({ profile: "x".repeat(20_001) }) },
          /'profile': must be at most 20000 characters/,
        ],
        [
          { method: "POST", body: JSON.stringify({ profile: ["a"] }) },
          /'profile': must be a string/,
        ],
        [
          { path: `/v1/search?q=nurse&profile=${encodeURIComponent("Staff nurse")}` },
          /'profile': a profile is too long for a URL; send it in the JSON body of POST/,
        ],
        [
          { path: `/v1/search?profile=${encodeURIComponent("Staff nurse")}` },
          /'profile': a profile is too long for a URL/,
        ],
      ];
      for (const [init, message] of cases) {
        const response = await rest(init);
        const body = await jsonBody(response);
        assert.equal(response.status, 400, JSON.stringify(body));
        assert.equal(body.error_code, "INVALID_PARAMETER");
        assert.match(String(body.error), message);
      }
      const neither = await jsonBody(await postProfile({ top_k: 5 }));
      assert.equal(neither.error_code, "MISSING_QUERY");
    });

    const client = await server.connectClient();

    await t.step("MCP: the tools stay exactly search_jobs and list_cities", async () => {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((tool) => tool.name).sort(), ["list_cities", "search_jobs"]);
    });

    await t.step(
      "MCP: search_jobs with the PDF CV as profile, derived as data and a line",
      async () => {
        const result = await client.callTool({
          name: "search_jobs",
          arguments: { profile: backendCv, top_k: 5 },
        }) as CallToolResult;
        assert.ok(!result.isError, textOf(result));
        const structured = result.structuredContent as unknown as SearchResponse;
        assert.equal(structured.results[0].job_title, GO_BACKEND);
        assert.deepEqual(structured.derived!.places, ["Berlin, DE"]);
        const text = textOf(result);
        assert.match(
          text,
          // Strong matches, and close ones after them where the profile has any.
          /^Found \d+ (jobs?|strong match(es)? and \d+ close match(es)?) for the profile \(showing 1-\d+, (?:the strong matches first, then the close ones, each )?most relevant first\):/,
        );
        assert.match(
          text,
          /\nDerived from the profile: roles [^\n]*backend engineer[^\n]*; skills Go,/i,
        );
        // The CV itself is not echoed back.
        assert.ok(!text.includes("jonas@example.dev"));
      },
    );

    await t.step("MCP: a bad profile is a tool error naming it", async () => {
      const result = await client.callTool({
        name: "search_jobs",
        arguments: { profile: "x".repeat(20_001) },
      }) as CallToolResult;
      assert.equal(result.isError, true);
      assert.equal(textOf(result), "Invalid parameter 'profile': must be at most 20000 characters");
      const neither = await client.callTool({ name: "search_jobs", arguments: {} });
      assert.equal(textOf(neither as CallToolResult), "query is required");
    });

    await t.step(
      "MCP: a profile naming no role says to give `query`, the tool's argument",
      async () => {
        // An agent that followed "or give `q` beside it" was refused: "Unknown argument 'q'".
        const result = await client.callTool({
          name: "search_jobs",
          arguments: { profile: "+++ ??? ---" },
        }) as CallToolResult;
        assert.match(
          textOf(result),
          /No role could be read from the profile: .* give `query` beside it/,
        );
        assert.doesNotMatch(textOf(result), /`q`/);
        const { hint } = result.structuredContent as { hint: string };
        assert.match(hint, /give `query` beside it/);
      },
    );

    await t.step("MCP: the prompt jobs_for_my_cv is listed with its arguments", async () => {
      const { prompts } = await client.listPrompts();
      assert.deepEqual(prompts.map((p) => p.name), ["jobs_for_my_cv"]);
      assert.deepEqual(
        prompts[0].arguments?.map((a) => [a.name, a.required ?? false]),
        [["cv", true], ["city", false], ["remote", false]],
      );
    });

    await t.step("MCP: prompts/get hands the agent the CV and how to search with it", async () => {
      const plain = await client.getPrompt({ name: "jobs_for_my_cv", arguments: { cv: nurseCv } });
      assert.equal(plain.messages.length, 1);
      assert.equal(plain.messages[0].role, "user");
      const text = (plain.messages[0].content as { text: string }).text;
      assert.match(text, /Call `search_jobs` once with `profile`: the whole CV below/);
      assert.match(text, /Read `derived`/);
      assert.match(text, /never invent one/);
      assert.ok(text.includes(nurseCv));
      assert.ok(!text.includes("`near`:") && !text.includes('`remote`: ["remote"]'));
      const placed = await client.getPrompt({
        name: "jobs_for_my_cv",
        arguments: { cv: nurseCv, city: "Toronto", remote: "yes" },
      });
      const placedText = (placed.messages[0].content as { text: string }).text;
      assert.match(placedText, /`near`: "Toronto" and `radius_km`: 50/);
      assert.match(placedText, /`remote`: \["remote"\]/);
      await assert.rejects(
        client.getPrompt({ name: "jobs_for_my_cv", arguments: { cv: " " } }),
        /cv must not be empty/,
      );
      await assert.rejects(
        client.getPrompt({ name: "jobs_for_my_cv", arguments: {} }),
        /cv/,
      );
    });

    await t.step(
      "CLI: search --cv reads a .docx, says what it derived, then the table",
      async () => {
        const configure = await cli.run(["configure", "--endpoint", server.url], {
          stdin: `${server.key}\n`,
        });
        assert.equal(configure.code, 0, configure.stderr);
        const run = await cli.run(["search", "--cv", DOCX]);
        assert.equal(run.code, 0, run.stderr);
        const lines = run.stdout.split("\n");
        assert.match(lines[0], /^Derived from the profile: roles .*Nurse.*; places London, GB/);
        assert.match(run.stdout, /Registered Nurse - Intensive Care Unit/);
        assert.match(run.stdout, /Showing 1-\d+ of \d+/);
      },
    );

    await t.step("CLI: search --cv reads a .pdf; --json prints the API's answer", async () => {
      const run = await cli.run(["search", "--cv", PDF, "--json", "--top-k", "3"]);
      assert.equal(run.code, 0, run.stderr);
      const body = JSON.parse(run.stdout) as SearchResponse;
      assert.equal(body.results[0].job_title, GO_BACKEND);
      assert.deepEqual(body.derived!.places, ["Berlin, DE"]);
    });

    await t.step("CLI: a query beside --cv is searched as the wished role", async () => {
      const run = await cli.run(["search", "data scientist", "--cv", PDF, "--json"]);
      assert.equal(run.code, 0, run.stderr);
      const body = JSON.parse(run.stdout) as SearchResponse;
      assert.equal(body.derived!.roles[0], "data scientist");
      assert.equal(body.results[0].job_title, "Data Scientist");
    });

    await t.step("CLI: unreadable or unsupported files fail clearly, exit 1", async () => {
      const dir = await Deno.makeTempDir();
      try {
        await Deno.writeTextFile(`${dir}/cv.odt`, "x");
        await Deno.writeTextFile(`${dir}/broken.pdf`, "not a pdf");
        await Deno.writeTextFile(`${dir}/broken.docx`, "not a zip");
        await Deno.writeTextFile(`${dir}/empty.txt`, "  \n");
        const cases: [string, RegExp][] = [
          [`${dir}/cv.odt`, /a \.odt file is not read; give a \.txt, \.md, \.pdf or \.docx file/],
          [`${dir}/missing.pdf`, /missing\.pdf: no such file/],
          [`${dir}/broken.pdf`, /broken\.pdf: it is not a PDF that can be read/],
          [`${dir}/broken.docx`, /broken\.docx: it is not a Word \(\.docx\) file that can be read/],
          [`${dir}/empty.txt`, /empty\.txt: it is empty/],
          [dir, /it is a directory|a file without an extension/],
        ];
        for (const [path, message] of cases) {
          const run = await cli.run(["search", "--cv", path]);
          assert.equal(run.code, 1, `${path}: ${run.stderr}`);
          assert.match(run.stderr, new RegExp(`^jobseek: Cannot read the CV .*${message.source}`));
          assert.equal(run.stdout, "");
        }
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    });

    await t.step("CLI: neither a query nor --cv is a usage error, exit 2", async () => {
      const run = await cli.run(["search"]);
      assert.equal(run.code, 2);
      assert.match(run.stderr, /give a query or --cv FILE/);
    });
  } finally {
    await server.close();
    await search.close();
  }
});
