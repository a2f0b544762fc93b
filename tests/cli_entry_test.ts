/**
 * The real `jobseek` process: what its entries (`cli/main.ts`, `main.ts`) hand to `runCli` is the
 * process's own environment, working directory and stdin, what the commands write goes to its
 * stdout or stderr, and it exits with the code `runCli` returns. Every other CLI test runs the
 * commands in its worker with a fake of each (tests/cli_process.ts), so these few runs are what
 * holds `processIo` (cli/process_io.ts) to the process.
 */
import { strict as assert } from "node:assert";
import { loadConfigFile } from "../cli/config_file.ts";
import { CLI_MAIN, createCliSandbox, DENO_RUN, TEST_PROCESS_ENV } from "./cli_process.ts";

const KEY = "jsk_EntryKeyForTestsOnly000000000000000000ABCD";

Deno.test("the jobseek process reads its environment, working directory and stdin, and exits with the CLI's code", async () => {
  await using cli = await createCliSandbox();
  await Deno.mkdir(`${cli.home}/work`);

  // Its working directory and its environment (JOBSEEK_CONFIG names the file): stdout, exit 0.
  const kv = await cli.runProcess(["config", "set", "kv", "srv/jobs.sqlite3"], {
    cwd: `${cli.home}/work`,
    env: { JOBSEEK_KV: "/elsewhere.sqlite3" },
  });
  assert.equal(kv.code, 0, kv.stderr);
  assert.equal(kv.stdout, `Set kv to ${cli.home}/work/srv/jobs.sqlite3 in ${cli.configFile}\n`);
  assert.equal(
    kv.stderr,
    "jobseek: note: JOBSEEK_KV is set and takes precedence over the config file.\n",
  );

  // Its stdin.
  const key = await cli.runProcess(["config", "set", "api_key"], { stdin: `${KEY}\n` });
  assert.equal(key.code, 0, key.stderr);
  assert.equal(key.stdout, `Set api_key to jsk_****ABCD in ${cli.configFile}\n`);
  assert.equal(key.stderr, "");
  assert.deepEqual((await loadConfigFile(cli.env)).config, {
    apiKey: KEY,
    kv: `${cli.home}/work/srv/jobs.sqlite3`,
  });

  // A failure: exit 1, the message on stderr, nothing on stdout.
  const failed = await cli.runProcess(["keys", "list"]);
  assert.equal(failed.code, 1);
  assert.equal(failed.stdout, "");
  assert.match(
    failed.stderr,
    new RegExp(`^jobseek: No store at ${cli.home}/work/srv/jobs\\.sqlite3\\. Point --kv`),
  );

  // A usage error: exit 2, commander's message, the command's usage line and where its help is,
  // on stderr. Not the whole help: 100 lines after it scrolled the one line that said what was
  // wrong off a terminal (tried as a person, session 32).
  const usage = await cli.runProcess(["search", "nurse", "--top-k", "many"]);
  assert.equal(usage.code, 2);
  assert.equal(usage.stdout, "");
  assert.equal(
    usage.stderr,
    "error: option '--top-k <n>' argument 'many' is invalid. must be a whole number.\n\n" +
      "Usage: jobseek search [options] [query...]\n" +
      "`jobseek search --help` lists the options, with examples.\n",
  );
});

Deno.test("--help and --version of both entries go to stdout and exit 0", async () => {
  await using cli = await createCliSandbox();
  const help = await cli.runProcess(["--help"]);
  assert.equal(help.code, 0, help.stderr);
  assert.equal(help.stderr, "");
  assert.match(help.stdout, /^Usage: jobseek \[options\] \[command\]\n/);
  assert.ok(help.stdout.endsWith(`\nConfig file: ${cli.configFile}\n`), help.stdout);

  // `main.ts`, the entry of `deno task serve` and `deno task stdio`.
  const version = await cli.runProcess(["--version"], { entry: "main.ts" });
  assert.equal(version.code, 0, version.stderr);
  assert.equal(version.stdout, "0.1.0\n");
  assert.equal(version.stderr, "");
});

Deno.test("a reader that stops reading stdout ends the process silently, as SIGPIPE would (141)", async () => {
  // `jobseek --help | head -1`: the pipe is closed here before the process writes to it.
  const child = new Deno.Command(Deno.execPath(), {
    args: [...DENO_RUN, CLI_MAIN, "--help"],
    env: { ...TEST_PROCESS_ENV },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  await child.stdout.cancel();
  const stderr = new TextDecoder().decode(await new Response(child.stderr).arrayBuffer());
  const { code } = await child.status;
  assert.equal(stderr, "");
  assert.equal(code, 141);
});

Deno.test("the jobseek process takes a relative path from the folder `deno task` was run in (INIT_CWD)", async () => {
  await using cli = await createCliSandbox();
  await Deno.mkdir(`${cli.home}/work`);
  const checkout = new URL("../", import.meta.url).pathname.replace(/\/$/, "");
  // `deno task jobseek` runs in the checkout and says where the person was.
  const underTask = await cli.runProcess(["keys", "list", "--kv", "mine.sqlite3"], {
    cwd: checkout,
    env: { INIT_CWD: `${cli.home}/work` },
  });
  assert.equal(underTask.code, 1);
  assert.match(underTask.stderr, new RegExp(`No store at ${cli.home}/work/mine\\.sqlite3\\.`));
  // Started elsewhere with INIT_CWD inherited (a script's or a test's child): where it runs.
  const inherited = await cli.runProcess(["keys", "list", "--kv", "mine.sqlite3"], {
    cwd: cli.home,
    env: { INIT_CWD: checkout },
  });
  assert.match(inherited.stderr, new RegExp(`No store at ${cli.home}/mine\\.sqlite3\\.`));
});
