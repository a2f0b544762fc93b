/**
 * `jobseek search` and `jobseek cities`, run through the CLI's entry (`runCli`) in this worker,
 * against a real server (REST and MCP on `Deno.serve`, real search over a small known set of
 * postings, real keys and rate limits in `:memory:` KV).
 */
import { strict as assert } from "node:assert";
import type { SearchResponse } from "../src/domain/job.ts";
import { createCliSandbox } from "./cli_process.ts";
import { createTestSearch, testPosting } from "./helpers.ts";
import { getSearch, jsonBody, restTestJobs, startRestServer } from "./rest_server.ts";
import { refusedPort } from "./server_process.ts";
import { fetchCities } from "../cli/commands/cities.ts";

/** A port nothing listens on: bound once, then released. */
Deno.test("jobseek search and cities against a running server", async (t) => {
  const search = await createTestSearch({ jobs: await restTestJobs() });
  const server = await startRestServer(search.store, search.service);
  await using cli = await createCliSandbox();
  const direct = async (params: Record<string, string>) =>
    (await jsonBody(await getSearch(server, params))) as unknown as SearchResponse;
  try {
    await t.step("configure, then search --json prints the API's response as is", async () => {
      const configure = await cli.run(["configure", "--endpoint", server.url], {
        stdin: `${server.key}\n`,
      });
      assert.equal(configure.code, 0, configure.stderr);

      // An explicit order, so that the comparison holds whatever the CLI's default order is.
      const run = await cli.run([
        "search",
        "software",
        "engineer",
        "--top-k",
        "5",
        "--sort",
        "relevance",
        "--json",
      ]);
      assert.equal(run.code, 0, run.stderr);
      const body = JSON.parse(run.stdout) as SearchResponse;
      // Verbatim: the server's compact JSON, not a re-serialisation.
      assert.equal(run.stdout, `${JSON.stringify(body)}\n`);
      assert.deepEqual(Object.keys(body), [
        "request_id",
        "total",
        "search_time_ms",
        "results",
        "close_total",
      ]);
      const expected = await direct({ q: "software engineer", top_k: "5", sort: "relevance" });
      assert.ok(expected.results.length === 5 && expected.total > 5, "fixture should have pages");
      assert.equal(body.total, expected.total);
      assert.deepEqual(body.results, expected.results);
    });

    await t.step("search passes every filter to the API", async () => {
      const run = await cli.run([
        "search",
        "software engineer",
        "--country",
        "de",
        "--source",
        "linkedin",
        "--since",
        "2024-01-01",
        "--until",
        "2025-01-01",
        "--sort",
        "relevance",
        "--detail",
        "full",
        "--json",
      ]);
      assert.equal(run.code, 0, run.stderr);
      const body = JSON.parse(run.stdout) as SearchResponse;
      const expected = await direct({
        q: "software engineer",
        country: "DE",
        source: "linkedin",
        since: "2024-01-01",
        until: "2025-01-01",
        sort: "relevance",
        detail: "full",
      });
      assert.ok(body.results.length > 0);
      assert.deepEqual(body.results, expected.results);
      for (const job of body.results) {
        assert.ok(["Berlin", "Munich"].includes(job.city), job.city);
        assert.equal(job.data_source, "linkedin");
        assert.equal(typeof job.job_description, "string");
      }
    });

    await t.step(
      "flag values are read as people type them: words in any case, pay as said",
      async () => {
        const run = await cli.run([
          "search",
          "software engineer",
          "--source",
          "LinkedIn",
          "--remote",
          "Remote,On-site",
          "--employment-type",
          "Full time",
          "--salary-min",
          "€30k",
          "--salary-include-unknown",
          "--json",
        ]);
        assert.equal(run.code, 0, run.stderr);
        const body = JSON.parse(run.stdout) as SearchResponse;
        assert.deepEqual(body.applied?.filters, {
          source: "linkedin",
          remote: "remote,onsite",
          salary_min: "30000",
          salary_currency: "EUR",
          salary_include_unknown: "true",
          employment_type: "fulltime",
        });
        // `--salary-currency` of its own wins over the one said with the amount.
        const own = await cli.run([
          "search",
          "nurse",
          "--salary-min",
          "£30,000",
          "--salary-currency",
          "USD",
          "--json",
        ]);
        assert.equal(own.code, 0, own.stderr);
        assert.deepEqual((JSON.parse(own.stdout) as SearchResponse).applied?.filters, {
          salary_min: "30000",
          salary_currency: "USD",
        });
        // What is no pay is a usage error, before any request.
        const bad = await cli.run(["search", "nurse", "--salary-min", "thirty"]);
        assert.equal(bad.code, 2);
        assert.equal(bad.stdout, "");
        assert.match(bad.stderr, /'thirty' is no amount of pay \(a year's, e\.g\. 30000, 30k/);
      },
    );

    await t.step("search prints a table within 120 columns and the page line", async () => {
      const expected = await direct({
        q: "software engineer",
        top_k: "3",
        offset: "2",
        sort: "relevance",
      });
      const run = await cli.run([
        "search",
        "software engineer",
        "--top-k",
        "3",
        "--offset",
        "2",
        "--sort",
        "relevance",
      ]);
      assert.equal(run.code, 0, run.stderr);
      const lines = run.stdout.trimEnd().split("\n");
      assert.match(lines[0], /^\s*#\s+title\s+company\s+city\s+date\s+salary\s+score$/);
      assert.equal(lines.length, 5);
      for (const line of lines) assert.ok(line.length <= 120, `too wide: ${line}`);
      expected.results.forEach((job, i) => {
        const row = lines[i + 1];
        assert.ok(row.trimStart().startsWith(`${i + 3}  ${job.job_title.slice(0, 12)}`), row);
        assert.ok(row.includes(job.company_name) && row.includes(job.city), row);
        assert.ok(row.includes(job.publish_time.slice(0, 10)), row);
        assert.ok(row.endsWith(job.score.toFixed(2)), row);
      });
      // The strong matches, then the close ones ("Data Scientist" for this fixture since session
      // 21's title share), counted apart in the page line.
      const close = expected.close_total ?? 0;
      assert.equal(
        lines[4],
        close
          ? `Showing 3-5 of ${expected.total + close} (${expected.total} strong, ${close} close)`
          : `Showing 3-5 of ${expected.total}`,
      );
    });

    await t.step("a wrong key exits 1 with the API's error and code", async () => {
      const run = await cli.run(["search", "nurse", "--api-key", "jsk_not_a_real_key"]);
      assert.equal(run.code, 1);
      assert.equal(run.stdout, "");
      assert.match(
        run.stderr,
        /^jobseek: Invalid API key \(AUTH_INVALID_KEY\)\. Check the key with `jobseek config list`/,
      );
    });

    await t.step("a bad parameter exits 1 naming it", async () => {
      const run = await cli.run(["search", "nurse", "--since", "2024-13-01", "--json"]);
      assert.equal(run.code, 1);
      assert.equal(run.stdout, "", "--json prints nothing on an error");
      assert.match(run.stderr, /^jobseek: Invalid parameter --since: .*\(INVALID_PARAMETER\)\n$/);
    });

    await t.step("--top-k beyond 1-100 is clamped like the server does, and says so", async () => {
      const run = await cli.run(["search", "software", "--top-k", "500", "--json"]);
      assert.equal(run.code, 0, run.stderr);
      assert.equal(
        run.stderr,
        "jobseek: note: --top-k 500 is more than 100, the most per page; showing 100 per page.\n",
      );
      const body = JSON.parse(run.stdout) as SearchResponse;
      assert.equal(body.results.length, Math.min(100, body.total));
      const zero = await cli.run(["search", "software", "--top-k", "0", "--json"]);
      assert.equal(zero.code, 0, zero.stderr);
      assert.match(zero.stderr, /--top-k 0 is less than 1 per page; showing 1 per page\./);
      assert.equal((JSON.parse(zero.stdout) as SearchResponse).results.length, 1);
      const fine = await cli.run(["search", "software", "--top-k", "100", "--json"]);
      assert.equal(fine.stderr, "");
    });

    await t.step("a usage error exits 2", async () => {
      const run = await cli.run(["search", "nurse", "--top-k", "many"]);
      assert.equal(run.code, 2);
      assert.match(run.stderr, /--top-k.*must be a whole number/);
    });

    await t.step("a flag that takes one value, given two, exits 2 naming both", async () => {
      // Commander kept the last: `--city Leeds --city London` searched London alone (W50).
      for (
        const [flag, first, second] of [
          ["--city", "Toronto", "London"],
          ["--country", "CA", "de"],
          ["--source", "indeed", "linkedin"],
          ["--top-k", "2", "3"],
          ["--offset", "0", "10"],
          ["--detail", "full", "summary"],
          ["--sort", "relevance", "date"],
          ["--cv", "one.txt", "two.txt"],
        ]
      ) {
        const run = await cli.run(["search", "nurse", flag, first, flag, second, "--json"]);
        assert.equal(run.code, 2, `${flag}: ${run.stderr}`);
        assert.equal(run.stdout, "");
        assert.match(
          run.stderr,
          new RegExp(
            `^error: option '${flag} <[a-z]+>' argument '${second}' is invalid\\. takes one ` +
              `value, and '${first}' was given before it\\.\n`,
          ),
        );
      }
      // Every command that talks to a server, and its other one-value flags, alike (W51).
      for (
        const [args, flag, first, second] of [
          [["cities", "--country", "CA", "--country", "DE"], "--country", "CA", "DE"],
          [["cities", "--limit", "3", "--limit", "5"], "--limit", "3", "5"],
          [
            ["search", "nurse", "--endpoint", "http://a.test", "--endpoint", "http://b.test"],
            "--endpoint",
            "http://a.test",
            "http://b.test",
          ],
        ] as const
      ) {
        const run = await cli.run([...args]);
        assert.equal(run.code, 2, `${args}: ${run.stderr}`);
        assert.match(
          run.stderr,
          new RegExp(
            `^error: option '${flag} <[a-z]+>' argument '${second}' is invalid\\. takes one value, and '${first}' was given before it\\.\n`,
          ),
        );
      }
      // The same value twice is that value (`--country ca` is CA); a list flag takes every value.
      const same = await cli.run([
        "search",
        "nurse",
        "--country",
        "ca",
        "--country",
        "CA",
        "--json",
      ]);
      assert.equal(same.code, 0, same.stderr);
      const both = await cli.run([
        "search",
        "nurse",
        "--employment-type",
        "fulltime",
        "--employment-type",
        "parttime",
        "--json",
      ]);
      assert.equal(both.code, 0, both.stderr);
      assert.equal(
        (JSON.parse(both.stdout) as SearchResponse).applied?.filters?.employment_type,
        "fulltime,parttime",
      );
    });

    await t.step("a hint names the flags and the query, not the API's parameters", async () => {
      // A person's trial (session 56): the CLI printed "give near, city or country, or name a
      // place in q", names a terminal does not use.
      const run = await cli.run(["search", "jobs", "near", "me"]);
      assert.equal(run.code, 0, run.stderr);
      const flat = run.stdout.replace(/\s+/g, " ");
      assert.match(flat, /or give --near to list every posting there/);
      assert.doesNotMatch(flat, /`|give near\b/);
      // The filters applied and what empties the list, as flags too ("salary_min=300000" was
      // printed).
      const paid = await cli.run(["search", "nurse", "--salary-min", "900000", "--country", "GB"]);
      assert.equal(paid.code, 0, paid.stderr);
      const said = paid.stdout.replace(/\s+/g, " ");
      assert.match(said, /--salary-min 900000/, said);
      assert.doesNotMatch(said, /salary_min=|country=/, said);
    });

    await t.step("the server's refusal of paging names the flag", async () => {
      const run = await cli.run(["search", "nurse", "--offset", "-5"]);
      assert.equal(run.code, 1);
      assert.equal(
        run.stderr,
        "jobseek: Invalid parameter --offset: must be 0 or more (INVALID_PARAMETER)\n",
      );
    });

    await t.step(
      "an empty or blank query is no query: a usage error, not the API's `q`",
      async () => {
        // It went to the server and came back as "q is required (MISSING_QUERY)", exit 1: a name
        // the person never typed (tried as a person, session 32).
        for (const words of [[""], ["  "], ["", " "]]) {
          const run = await cli.run(["search", ...words]);
          assert.equal(run.code, 2, JSON.stringify(words));
          assert.match(run.stderr, /^error: give a query or --cv FILE\n/);
          assert.doesNotMatch(run.stderr, /MISSING_QUERY|\bq\b/);
          assert.equal(run.stdout, "");
        }
      },
    );

    await t.step("429 says how long to wait", async () => {
      const { key } = await server.apiKeys.create("cli-slow", { rateLimit: 1 });
      const first = await cli.run(["search", "nurse", "--api-key", key]);
      assert.equal(first.code, 0, first.stderr);
      const second = await cli.run(["search", "nurse", "--api-key", key]);
      assert.equal(second.code, 1);
      assert.match(second.stderr, /^jobseek: Rate limit exceeded: retry after \d+ seconds?\.\n$/);
    });

    await t.step("an unreachable endpoint exits 1 with a hint", async () => {
      const endpoint = `http://127.0.0.1:${await refusedPort()}`;
      for (const command of [["search", "nurse"], ["cities"]]) {
        const run = await cli.run([...command, "--endpoint", endpoint]);
        assert.equal(run.code, 1);
        assert.ok(run.stderr.startsWith(`jobseek: Cannot reach the jobseek API at ${endpoint} (`));
        assert.match(run.stderr, /\(tcp connect error: Connection refused \(os error 111\)\)/);
        assert.match(run.stderr, /Set it with `jobseek configure` or --endpoint\./);
      }
    });

    await t.step(
      "another server's page is named as not a jobseek server, for cities too",
      async () => {
        // Reviewer M52: cities said "Streamable HTTP error: Unexpected content type: null".
        await using other = Deno.serve(
          { port: 0, hostname: "127.0.0.1", onListen: () => {} },
          () => new Response("hello", { headers: { "content-type": "text/plain" } }),
        );
        const endpoint = `http://127.0.0.1:${other.addr.port}`;
        const run = await cli.run(["cities", "--endpoint", endpoint]);
        assert.equal(run.code, 1);
        assert.equal(
          run.stderr,
          `jobseek: Cannot read the answer from ${endpoint}/mcp: it is not JSON. Is it a jobseek ` +
            "server?\n",
        );
      },
    );

    await t.step("a name that does not resolve is reported as a DNS failure", async () => {
      const endpoint = "http://no-such-host.invalid";
      for (const command of [["search", "nurse"], ["cities"]]) {
        const run = await cli.run([...command, "--endpoint", endpoint]);
        assert.equal(run.code, 1);
        assert.ok(run.stderr.startsWith(`jobseek: Cannot reach the jobseek API at ${endpoint} (`));
        assert.match(run.stderr, /\(dns error: /);
      }
    });

    await t.step("a TLS handshake with a plain-HTTP server names the TLS failure", async () => {
      const endpoint = server.url.replace("http://", "https://");
      const run = await cli.run(["search", "nurse", "--endpoint", endpoint]);
      assert.equal(run.code, 1);
      assert.ok(run.stderr.startsWith(`jobseek: Cannot reach the jobseek API at ${endpoint} (`));
      assert.doesNotMatch(run.stderr, /\(fetch failed\)/);
      assert.match(run.stderr, /corrupt message|tls|InvalidContentType/i);
    });

    await t.step("cities reports the tool's own error, not the MCP stream probe", async () => {
      // The command reads a country's name as its code (session 57) and refuses what is none
      // itself, so the tool's refusal is asked for without it.
      await assert.rejects(
        () => fetchCities(server.url, server.key, { country: "germany" }),
        (error: Error) => {
          assert.equal(error.message, "Invalid parameter --country: must be two uppercase letters");
          return true;
        },
      );
      // A usage error, as every flag's bad value is.
      const run = await cli.run(["cities", "--country", "atlantis"]);
      assert.equal(run.code, 2);
      assert.equal(run.stdout, "");
      assert.match(run.stderr, /'atlantis' is no country's name or code/);
    });

    await t.step("cities --json lists cities from the MCP endpoint", async () => {
      const expected = await search.service.listCities();
      assert.equal(expected.length, 5);
      const run = await cli.run(["cities", "--json"]);
      assert.equal(run.code, 0, run.stderr);
      assert.deepEqual(JSON.parse(run.stdout), { cities: expected, total_cities: 5 });

      const germany = await cli.run(["cities", "--country", "Germany", "--json", "--limit", "1"]);
      assert.equal(germany.code, 0, germany.stderr);
      const deCities = await search.service.listCities({ country: "DE" });
      assert.deepEqual(JSON.parse(germany.stdout), {
        cities: deCities.slice(0, 1),
        total_cities: deCities.length,
      });
    });

    await t.step("cities prints a table; a wrong key fails like search", async () => {
      const run = await cli.run(["cities", "--limit", "2"]);
      assert.equal(run.code, 0, run.stderr);
      const expected = (await search.service.listCities()).slice(0, 2);
      const lines = run.stdout.trimEnd().split("\n");
      assert.match(lines[0], /^city\s+country\s+postings$/);
      expected.forEach((c, i) => {
        assert.match(lines[i + 1], new RegExp(`^${c.city}\\s+${c.country}\\s+${c.count}$`));
      });
      assert.equal(lines[3], "Showing 2 of 5 cities");

      const bad = await cli.run(["cities", "--api-key", "jsk_not_a_real_key"]);
      assert.equal(bad.code, 1);
      assert.match(bad.stderr, /^jobseek: Invalid API key \(AUTH_INVALID_KEY\)/);
    });
  } finally {
    await server.close();
    await search.close();
  }
});

Deno.test("jobseek cities lists every city, past the tool's own first 100", async () => {
  const jobs = await Promise.all(
    Array.from({ length: 120 }, (_, n) =>
      testPosting({
        job_title: "Nurse",
        city: `Town ${String(n).padStart(3, "0")}`,
        country: "GB",
        job_url: `https://uk.indeed.com/viewjob?jk=town${n}`,
      })),
  );
  const search = await createTestSearch({ jobs });
  const server = await startRestServer(search.store, search.service);
  try {
    await using cli = await createCliSandbox();
    const run = await cli.run([
      "cities",
      "--json",
      "--endpoint",
      server.url,
      "--api-key",
      server.key,
    ]);
    assert.equal(run.code, 0, run.stderr);
    const listed = JSON.parse(run.stdout);
    assert.deepEqual([listed.cities.length, listed.total_cities], [120, 120]);
  } finally {
    await server.close();
    await search.close();
  }
});

Deno.test("jobseek cities asks a server that takes no limit (before session 52) again without it", async () => {
  // An MCP server of the SDK with the old tool: `country` only, unknown arguments refused.
  // @ts-types="@modelcontextprotocol/sdk/server/mcp"
  const { McpServer } = await import("@modelcontextprotocol/sdk/server/mcp.js");
  // @ts-types="@modelcontextprotocol/sdk/server/webStandardStreamableHttp"
  const { WebStandardStreamableHTTPServerTransport } = await import(
    "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js"
  );
  const { z } = await import("zod");
  const asked: unknown[] = [];
  await using old = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen: () => {} },
    async (req) => {
      // As jobseek answers: no server-to-client stream (the SDK's GET would stay open).
      if (req.method !== "POST") return new Response(null, { status: 405 });
      const server = new McpServer({ name: "old-jobseek", version: "0.0.1" });
      server.registerTool(
        "list_cities",
        // `limit` let through to the handler, which refuses it as the old tool did.
        { inputSchema: { country: z.string().optional(), limit: z.unknown().optional() } },
        (args: Record<string, unknown>) => {
          asked.push(args);
          if ("limit" in args) {
            return {
              isError: true,
              content: [{
                type: "text" as const,
                text: "Unknown argument 'limit': list_cities takes only country",
              }],
            };
          }
          const cities = [{ city: "Leeds", country: "GB", count: 3 }];
          return {
            content: [{ type: "text" as const, text: "1 city" }],
            structuredContent: { cities },
          };
        },
      );
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      await server.connect(transport);
      return await transport.handleRequest(req);
    },
  );
  await using cli = await createCliSandbox();
  const endpoint = `http://127.0.0.1:${old.addr.port}`;
  const run = await cli.run(["cities", "--json", "--endpoint", endpoint, "--api-key", "jsk_x"]);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(JSON.parse(run.stdout), {
    cities: [{ city: "Leeds", country: "GB", count: 3 }],
  });
  assert.deepEqual(asked, [{ limit: 5000 }, {}]);
});
