/**
 * No API key on the terminal: the documented ways to give the CLI a key (environment, stdin,
 * `configure`) never put it in the arguments, so neither `deno task`'s echo of its command line nor
 * anything the CLI prints shows it. Runs the real CLI process through `deno task` (what `deno task`
 * prints is the point) and the CLI in this worker for the rest, against a real server.
 */
import { strict as assert } from "node:assert";
import { createCliSandbox } from "./cli_process.ts";
import { createTestSearch } from "./helpers.ts";
import { restTestJobs, startRestServer } from "./rest_server.ts";

Deno.test("the documented ways to pass a key never show it", async (t) => {
  const search = await createTestSearch({ jobs: await restTestJobs() });
  const server = await startRestServer(search.store, search.service);
  await using cli = await createCliSandbox();
  const leaks = (text: string) => text.includes(server.key) || text.includes(server.key.slice(8));
  try {
    await t.step("deno task jobseek with JOBSEEK_API_KEY: the task line has no key", async () => {
      const run = await cli.runProcess(
        ["search", "nurse", "--endpoint", server.url, "--top-k", "1"],
        { task: "plain", env: { JOBSEEK_API_KEY: server.key } },
      );
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stderr, /Task jobseek deno run/, "deno task still echoes its command");
      assert.ok(!leaks(run.stderr + run.stdout), run.stderr);
      assert.match(run.stdout, /Showing 1-1 of \d+/);
    });

    await t.step("deno task -q jobseek with --api-key-stdin prints only the results", async () => {
      const run = await cli.runProcess(
        ["search", "nurse", "--endpoint", server.url, "--api-key-stdin"],
        { task: "quiet", stdin: `${server.key}\n` },
      );
      assert.equal(run.code, 0, run.stderr);
      assert.equal(run.stderr, "");
      assert.ok(!leaks(run.stdout));
      const cities = await cli.runProcess(["cities", "--endpoint", server.url, "--api-key-stdin"], {
        task: "quiet",
        stdin: `${server.key}\n`,
      });
      assert.equal(cities.code, 0, cities.stderr);
      assert.match(cities.stdout, /^city\s+country\s+postings\n/);
    });

    await t.step("configure through deno task reads the key from stdin", async () => {
      const run = await cli.runProcess(["configure", "--endpoint", server.url], {
        task: "plain",
        stdin: `${server.key}\n`,
      });
      assert.equal(run.code, 0, run.stderr);
      assert.ok(!leaks(run.stderr + run.stdout), run.stderr + run.stdout);
      const list = await cli.run(["config", "list", "--api-key-stdin"], {
        stdin: "jsk_fromStdinKey000000000000WXYZ\n",
      });
      assert.match(list.stdout, /api_key\s+jsk_\*\*\*\*WXYZ\s+stdin/);
    });

    await t.step("help shows --api-key-stdin and not --api-key", async () => {
      for (const command of ["search", "cities", "configure"]) {
        const run = await cli.run([command, "--help"]);
        assert.equal(run.code, 0, run.stderr);
        assert.doesNotMatch(run.stdout, /--api-key <key>/, command);
        assert.match(run.stdout, command === "configure" ? /stdin/ : /--api-key-stdin/, command);
      }
    });

    await t.step(
      "--api-key-stdin with nothing piped in is an error, not a missing key",
      async () => {
        const run = await cli.run(
          ["search", "nurse", "--endpoint", server.url, "--api-key-stdin"],
          {
            stdin: "",
          },
        );
        assert.equal(run.code, 1);
        assert.match(
          run.stderr,
          /^jobseek: --api-key-stdin was given but stdin's first line is empty/,
        );
      },
    );
  } finally {
    await server.close();
    await search.close();
  }
});
