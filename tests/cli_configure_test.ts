/**
 * `jobseek configure` against a real server: the key is checked with one authenticated request
 * before it is stored, and the interactive prompt (driven through a pseudo-terminal) masks the
 * key, and exits 130 on Ctrl-C without changing anything.
 */
import { strict as assert } from "node:assert";
import { loadConfigFile } from "../cli/config_file.ts";
import { createCliSandbox } from "./cli_process.ts";
import { createTestSearch } from "./helpers.ts";
import { restTestJobs, startRestServer } from "./rest_server.ts";

const WRONG_KEY = "jsk_thisKeyWasNeverIssued0000000000000000000";

Deno.test("configure checks the key against the server", async (t) => {
  const search = await createTestSearch({ jobs: await restTestJobs() });
  const server = await startRestServer(search.store, search.service);
  try {
    await t.step("an accepted key is saved, naming the server that accepted it", async () => {
      await using cli = await createCliSandbox();
      const run = await cli.run(["configure", "--endpoint", server.url], {
        stdin: `${server.key}\n`,
      });
      assert.equal(run.code, 0, run.stderr);
      assert.equal(
        run.stdout,
        `Saved API key ${server.key.slice(0, 4)}****${server.key.slice(-4)} and endpoint ` +
          `${server.url} to ${cli.configFile}\n` +
          `The key was accepted by the server at ${server.url}.\n`,
      );
      assert.equal((await loadConfigFile(cli.env)).config.apiKey, server.key);
    });

    await t.step("a rejected key exits 1 and changes nothing", async () => {
      await using cli = await createCliSandbox();
      const first = await cli.run(["configure", "--endpoint", server.url], {
        stdin: `${server.key}\n`,
      });
      assert.equal(first.code, 0, first.stderr);
      const before = await Deno.readTextFile(cli.configFile);
      const run = await cli.run(["configure"], { stdin: `${WRONG_KEY}\n` });
      assert.equal(run.code, 1);
      assert.equal(run.stdout, "");
      assert.equal(
        run.stderr,
        `jobseek: The server at ${server.url} rejected the key: Invalid API key ` +
          "(AUTH_INVALID_KEY). Nothing was saved: check the key (operators issue them with " +
          "`jobseek keys create`) and the endpoint.\n",
      );
      assert.equal(await Deno.readTextFile(cli.configFile), before);
    });

    await t.step("an unreachable server saves nothing unless --no-verify", async () => {
      await using cli = await createCliSandbox();
      const endpoint = "http://no-such-host.invalid";
      const run = await cli.run(["configure", "--endpoint", endpoint], { stdin: `${WRONG_KEY}\n` });
      assert.equal(run.code, 1);
      assert.match(
        run.stderr,
        /^jobseek: Cannot reach the jobseek API at http:\/\/no-such-host\.invalid \(dns error/,
      );
      assert.match(
        run.stderr,
        /Nothing was saved \(use --no-verify to save it without checking\)\.\n$/,
      );
      await assert.rejects(Deno.stat(cli.configFile), Deno.errors.NotFound);

      const skip = await cli.run(["configure", "--endpoint", endpoint, "--no-verify"], {
        stdin: `${WRONG_KEY}\n`,
      });
      assert.equal(skip.code, 0, skip.stderr);
      assert.match(skip.stdout, /The key was not checked against the server \(--no-verify\)\.\n$/);
      assert.equal((await loadConfigFile(cli.env)).config.apiKey, WRONG_KEY);
    });

    await t.step("a server that is not jobseek is named as such", async () => {
      await using cli = await createCliSandbox();
      const other = Deno.serve(
        { port: 0, hostname: "127.0.0.1", onListen: () => {} },
        () => new Response("<html>Not Found</html>", { status: 404 }),
      );
      try {
        const endpoint = `http://127.0.0.1:${other.addr.port}`;
        const run = await cli.run(["configure", "--endpoint", endpoint], {
          stdin: `${WRONG_KEY}\n`,
        });
        assert.equal(run.code, 1);
        assert.match(
          run.stderr,
          /^jobseek: Cannot check the key: .* answered 404 Not Found \(not a jobseek server\?\)\./,
        );
      } finally {
        await other.shutdown();
      }
    });

    await t.step("on a terminal: prompts, masks the key, checks it", async () => {
      await using cli = await createCliSandbox();
      const run = await cli.runInTerminal(["configure"], [
        { expect: "Endpoint", send: `${server.url}\r` },
        { expect: "API key", send: `${server.key}\r` },
      ]);
      assert.deepEqual(run.stepsLeft, []);
      assert.equal(run.code, 0, run.output);
      assert.ok(!run.output.includes(server.key), "the key must not be echoed");
      assert.ok(!run.output.includes(server.key.slice(10, 30)));
      assert.match(run.output, /\*{10,}/, "typed key is masked with *");
      assert.match(
        run.output,
        new RegExp(`The key was accepted by the server at ${server.url}\\.`),
      );
      assert.deepEqual((await loadConfigFile(cli.env)).config, {
        apiKey: server.key,
        endpoint: server.url,
      });
    });

    await t.step(
      "on a terminal: Ctrl-C at the key prompt exits 130 and changes nothing",
      async () => {
        await using cli = await createCliSandbox();
        const configured = await cli.run(["configure", "--endpoint", server.url], {
          stdin: `${server.key}\n`,
        });
        assert.equal(configured.code, 0, configured.stderr);
        const before = await Deno.readTextFile(cli.configFile);
        const run = await cli.runInTerminal(["configure"], [
          { expect: "Endpoint", send: "\r" },
          { expect: "API key", send: "jsk_half\x03" },
        ]);
        assert.deepEqual(run.stepsLeft, []);
        assert.equal(run.code, 130, run.output);
        assert.match(run.output, /jobseek: Cancelled: nothing was changed\./);
        assert.equal(await Deno.readTextFile(cli.configFile), before);
      },
    );

    await t.step("on a terminal: a rejected key exits 1", async () => {
      await using cli = await createCliSandbox();
      const run = await cli.runInTerminal(["configure", "--endpoint", server.url], [
        { expect: "API key", send: `${WRONG_KEY}\r` },
      ]);
      assert.equal(run.code, 1, run.output);
      assert.match(run.output, /rejected the key: Invalid API key \(AUTH_INVALID_KEY\)/);
      await assert.rejects(Deno.stat(cli.configFile), Deno.errors.NotFound);
    });
  } finally {
    await server.close();
    await search.close();
  }
});
