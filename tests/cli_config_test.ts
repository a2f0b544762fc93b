/**
 * The client's settings as a person meets them: `jobseek configure`, `config list|set|unset`, the
 * config file on disk, and which value wins. Every test runs the CLI through its entry, `runCli`, in
 * this worker (tests/cli_process.ts).
 */
import { strict as assert } from "node:assert";
import { loadConfigFile } from "../cli/config_file.ts";
import { createCliSandbox } from "./cli_process.ts";

const KEY_A = "jsk_AAAAfirstKeyForTestsOnly0123456789abcdWXYZ";
const KEY_B = "jsk_BBBBsecondKeyForTestsOnly987654321zyxwQRST";

function mode(info: Deno.FileInfo): number {
  return (info.mode ?? 0) & 0o777;
}

Deno.test("jobseek configure stores the key encrypted in an owner-only file", async () => {
  await using cli = await createCliSandbox();
  const run = await cli.run(["configure", "--no-verify", "--endpoint", "http://127.0.0.1:8123/"], {
    stdin: `${KEY_A}\n`,
  });
  assert.equal(run.code, 0, run.stderr);
  assert.match(
    run.stdout,
    /Saved API key jsk_\*\*\*\*WXYZ and endpoint http:\/\/127\.0\.0\.1:8123/,
  );
  assert.ok(!run.stdout.includes(KEY_A), "configure must not echo the key");

  assert.equal(mode(await Deno.stat(cli.configFile)), 0o600);
  assert.equal(mode(await Deno.stat(`${cli.home}/cfg`)), 0o700);
  const text = await Deno.readTextFile(cli.configFile);
  assert.ok(!text.includes(KEY_A), "the raw key must not be in the file");
  assert.ok(!text.includes(KEY_A.slice(4, 20)), "no part of the key may be in the file");
  assert.ok(!text.includes(btoa(KEY_A).slice(0, 20)), "nor its base64");

  const secret = await Deno.stat(cli.secretFile);
  assert.equal(mode(secret), 0o600);
  assert.equal(secret.size, 32);

  const loaded = await loadConfigFile(cli.env);
  assert.deepEqual(loaded.config, { apiKey: KEY_A, endpoint: "http://127.0.0.1:8123" });
});

Deno.test("jobseek configure replaces the stored key and keeps the endpoint", async () => {
  await using cli = await createCliSandbox();
  const first = await cli.run([
    "configure",
    "--no-verify",
    "--endpoint",
    "https://jobs.example.com",
    "--api-key",
    KEY_A,
  ]);
  assert.equal(first.code, 0, first.stderr);
  const before = await Deno.readTextFile(cli.configFile);

  const second = await cli.run(["configure", "--no-verify"], { stdin: `${KEY_B}\r\n` });
  assert.equal(second.code, 0, second.stderr);
  const loaded = await loadConfigFile(cli.env);
  assert.deepEqual(loaded.config, { apiKey: KEY_B, endpoint: "https://jobs.example.com" });
  assert.notEqual(await Deno.readTextFile(cli.configFile), before);

  const list = await cli.run(["config", "list"]);
  assert.equal(list.code, 0, list.stderr);
  assert.match(list.stdout, /api_key\s+jsk_\*\*\*\*QRST\s+file/);
  assert.ok(!list.stdout.includes(KEY_B));
});

Deno.test("jobseek configure refuses an empty key and a non-http endpoint", async () => {
  await using cli = await createCliSandbox();
  const empty = await cli.run(["configure", "--no-verify"], { stdin: "\n" });
  assert.equal(empty.code, 1);
  assert.match(empty.stderr, /^jobseek: Cannot configure: An API key is required/);

  const ftp = await cli.run(["configure", "--endpoint", "ftp://example.com"], { stdin: KEY_A });
  assert.equal(ftp.code, 1);
  assert.match(ftp.stderr, /must be an http:\/\/ or https:\/\/ URL/);
  await assert.rejects(Deno.stat(cli.configFile), Deno.errors.NotFound);
});

/** Files the CLI did not write and cannot read, each with the reason the CLI must give. */
const UNREADABLE_FILES: { name: string; text: string; reason: RegExp }[] = [
  {
    name: "another program's JSON",
    text: '{\n  "theme": "dark",\n  "endpoint": 42\n}\n',
    reason: /it is not a jobseek config file \(it has no "version": 1\)/,
  },
  {
    name: "a hand-written plaintext key",
    text: `{ "version": 1, "endpoint": "https://jobs.example.com", "api_key": "${KEY_A}" }\n`,
    reason: /its api_key is plain text, and jobseek only reads a key it encrypted/,
  },
  { name: "a corrupt file", text: '{ "version": 1, "endpo', reason: /it is not valid JSON/ },
];

for (const file of UNREADABLE_FILES) {
  Deno.test(`${file.name} as config file is never changed, and every command says how to fix it`, async () => {
    await using cli = await createCliSandbox();
    await Deno.mkdir(`${cli.home}/cfg`);
    await Deno.writeTextFile(cli.configFile, file.text);
    const before = await Deno.stat(cli.configFile);
    const fix = new RegExp(
      `Cannot use the config file ${cli.configFile}: .*It was left as it is\\. If it is not ` +
        "jobseek's, point JOBSEEK_CONFIG at another file \\(or unset it\\); if it is, move it aside " +
        `\\(mv '${cli.configFile}' '${cli.configFile}\\.bak'\\) and run \`jobseek configure\` again`,
    );

    const runs = {
      list: await cli.run(["config", "list"]),
      search: await cli.run(["search", "nurse"]),
      configure: await cli.run(["configure", "--endpoint", "http://127.0.0.1:1"], {
        stdin: `${KEY_B}\n`,
      }),
      configureFlags: await cli.run([
        "configure",
        "--endpoint",
        "http://x.example",
        "--api-key",
        KEY_B,
      ]),
      set: await cli.run(["config", "set", "endpoint", "https://other.example"]),
      setKey: await cli.run(["config", "set", "api_key", KEY_B]),
      unset: await cli.run(["config", "unset", "api_key"]),
    };
    for (const [name, run] of Object.entries(runs)) {
      assert.equal(run.code, 1, `${name}: ${run.stderr}`);
      assert.match(run.stderr, file.reason, name);
      assert.match(run.stderr, fix, name);
    }
    for (const name of ["configure", "configureFlags", "set", "setKey", "unset"] as const) {
      assert.match(runs[name].stderr, /Nothing was changed\.\n$/, name);
      assert.equal(runs[name].stdout, "", name);
    }
    // list still shows what a call would use, and marks the file.
    assert.match(runs.list.stdout, /api_key\s+\(not set\)/);
    assert.ok(runs.list.stdout.includes(`config file: ${cli.configFile} (cannot be used)`));

    // A key from the environment lets a search go on, with the file's problem as a warning.
    const withEnv = await cli.run(
      ["search", "nurse", "--endpoint", "http://no-such-host.invalid"],
      {
        env: { JOBSEEK_API_KEY: KEY_B },
      },
    );
    assert.match(withEnv.stderr, /^jobseek: warning: Cannot use the config file/);
    assert.match(withEnv.stderr, /Cannot reach the jobseek API at http:\/\/no-such-host\.invalid/);

    assert.equal(await Deno.readTextFile(cli.configFile), file.text);
    const after = await Deno.stat(cli.configFile);
    assert.equal(after.mtime?.getTime(), before.mtime?.getTime());
    assert.equal(after.ino, before.ino, "the file must not have been replaced");
    assert.deepEqual(
      [...Deno.readDirSync(`${cli.home}/cfg`)].map((e) => e.name),
      ["config.json"],
      "no temporary or backup file is left beside it",
    );
  });
}

Deno.test("a config file whose key cannot be decrypted here is kept, and configure refuses to overwrite it", async () => {
  await using cli = await createCliSandbox();
  assert.equal(
    (await cli.run([
      "configure",
      "--no-verify",
      "--api-key",
      KEY_A,
      "--endpoint",
      "http://localhost:8000",
    ])).code,
    0,
  );
  const text = await Deno.readTextFile(cli.configFile);
  // Another machine's secret: the file was copied here, or the secret was replaced.
  await Deno.writeFile(cli.secretFile, crypto.getRandomValues(new Uint8Array(32)));

  const list = await cli.run(["config", "list"]);
  assert.equal(list.code, 1);
  assert.match(list.stderr, /cannot be decrypted .*It was left as it is/);
  assert.match(list.stdout, /api_key\s+\(not set\)/);
  const configure = await cli.run(["configure", "--no-verify"], { stdin: `${KEY_B}\n` });
  assert.equal(configure.code, 1);
  assert.match(configure.stderr, /Nothing was changed/);
  assert.equal(await Deno.readTextFile(cli.configFile), text);

  // The documented fix works: move it aside, configure again.
  await Deno.rename(cli.configFile, `${cli.configFile}.bak`);
  const again = await cli.run(["configure", "--no-verify"], { stdin: `${KEY_B}\n` });
  assert.equal(again.code, 0, again.stderr);
  assert.equal(await Deno.readTextFile(`${cli.configFile}.bak`), text);
});

Deno.test("a secret file of the wrong size is never replaced", async () => {
  await using cli = await createCliSandbox();
  await Deno.mkdir(`${cli.home}/.config/jobseek`, { recursive: true });
  await Deno.writeTextFile(cli.secretFile, "not a secret\n");
  const run = await cli.run(["configure", "--no-verify", "--endpoint", "http://localhost:8000"], {
    stdin: `${KEY_A}\n`,
  });
  assert.equal(run.code, 1);
  assert.match(run.stderr, /secret .*\.secret is not a jobseek secret \(13 bytes, expected 32\)/);
  assert.equal(await Deno.readTextFile(cli.secretFile), "not a secret\n");
  await assert.rejects(Deno.stat(cli.configFile), Deno.errors.NotFound);
});

Deno.test("config list masks the key and names where each setting comes from", async () => {
  await using cli = await createCliSandbox();
  const none = await cli.run(["config", "list"]);
  assert.equal(none.code, 0, none.stderr);
  assert.match(none.stdout, /api_key\s+\(not set\)/);
  assert.match(none.stdout, /endpoint\s+http:\/\/localhost:8000\s+default/);
  assert.ok(none.stdout.includes(`config file: ${cli.configFile}`));

  await cli.run([
    "configure",
    "--no-verify",
    "--api-key",
    KEY_A,
    "--endpoint",
    "http://file.example:1",
  ]);
  const file = await cli.run(["config", "list"]);
  assert.match(file.stdout, /api_key\s+jsk_\*\*\*\*WXYZ\s+file/);
  assert.match(file.stdout, /endpoint\s+http:\/\/file\.example:1\s+file/);

  const env = { JOBSEEK_API_KEY: KEY_B, JOBSEEK_ENDPOINT: "http://env.example:2" };
  const fromEnv = await cli.run(["config", "list"], { env });
  assert.match(fromEnv.stdout, /api_key\s+jsk_\*\*\*\*QRST\s+env JOBSEEK_API_KEY/);
  assert.match(fromEnv.stdout, /endpoint\s+http:\/\/env\.example:2\s+env JOBSEEK_ENDPOINT/);

  const flagKey = "jsk_CCCCflagKeyForTestsOnly000000000000000LMNO";
  const fromFlag = await cli.run(
    ["config", "list", "--api-key", flagKey, "--endpoint", "https://flag.example"],
    { env },
  );
  assert.match(fromFlag.stdout, /api_key\s+jsk_\*\*\*\*LMNO\s+flag/);
  assert.match(fromFlag.stdout, /endpoint\s+https:\/\/flag\.example\s+flag/);
  for (const key of [KEY_A, KEY_B, flagKey]) {
    assert.ok(!`${file.stdout}${fromEnv.stdout}${fromFlag.stdout}`.includes(key));
  }
});

Deno.test("config set and unset change one setting and validate it", async () => {
  await using cli = await createCliSandbox();
  const set = await cli.run(["config", "set", "endpoint", "https://jobs.example.com/"]);
  assert.equal(set.code, 0, set.stderr);
  assert.equal(set.stdout, `Set endpoint to https://jobs.example.com in ${cli.configFile}\n`);
  assert.equal(mode(await Deno.stat(cli.configFile)), 0o600);

  const setKey = await cli.run(["config", "set", "api_key", KEY_A]);
  assert.equal(setKey.code, 0, setKey.stderr);
  assert.deepEqual((await loadConfigFile(cli.env)).config, {
    apiKey: KEY_A,
    endpoint: "https://jobs.example.com",
  });
  assert.ok(!(await Deno.readTextFile(cli.configFile)).includes(KEY_A));

  const bad = await cli.run(["config", "set", "endpoint", "jobs.example.com"]);
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /^jobseek: Cannot use endpoint 'jobs\.example\.com': not a URL/);

  const unknown = await cli.run(["config", "set", "colour", "blue"]);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /Allowed choices are api_key, endpoint, kv, model/);

  const unset = await cli.run(["config", "unset", "api_key"]);
  assert.equal(unset.code, 0, unset.stderr);
  assert.equal(unset.stdout, `Removed api_key from ${cli.configFile}\n`);
  const before = await Deno.readTextFile(cli.configFile);
  const again = await cli.run(["config", "unset", "api_key"]);
  assert.equal(again.code, 0, again.stderr);
  assert.equal(again.stdout, `Nothing to remove: api_key is not stored in ${cli.configFile}\n`);
  assert.equal(await Deno.readTextFile(cli.configFile), before);
  assert.deepEqual((await loadConfigFile(cli.env)).config, {
    endpoint: "https://jobs.example.com",
  });

  const shadowed = await cli.run(["config", "set", "endpoint", "http://localhost:9000"], {
    env: { JOBSEEK_ENDPOINT: "http://env.example" },
  });
  assert.match(shadowed.stderr, /JOBSEEK_ENDPOINT is set and takes precedence/);
});

Deno.test("an invalid JOBSEEK_ENDPOINT is reported with its source", async () => {
  await using cli = await createCliSandbox();
  const run = await cli.run(["search", "nurse", "--api-key", KEY_A], {
    env: { JOBSEEK_ENDPOINT: "localhost:8000" },
  });
  assert.equal(run.code, 1);
  assert.match(run.stderr, /Cannot use endpoint 'localhost:8000'.*\(from JOBSEEK_ENDPOINT\)/);
});

Deno.test("config unset with no config file creates none", async () => {
  await using cli = await createCliSandbox();
  const run = await cli.run(["config", "unset", "endpoint"]);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, `Nothing to remove: endpoint is not stored in ${cli.configFile}\n`);
  await assert.rejects(Deno.stat(cli.configFile), Deno.errors.NotFound);
});

Deno.test("config set api_key reads the key from stdin, so it is never an argument", async () => {
  await using cli = await createCliSandbox();
  const run = await cli.run(["config", "set", "api_key"], { stdin: `${KEY_A}\n` });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, `Set api_key to jsk_****WXYZ in ${cli.configFile}\n`);
  assert.equal((await loadConfigFile(cli.env)).config.apiKey, KEY_A);

  const empty = await cli.run(["config", "set", "api_key"], { stdin: "" });
  assert.equal(empty.code, 1);
  assert.match(empty.stderr, /^jobseek: Cannot set api_key: An API key is required/);
  const noUrl = await cli.run(["config", "set", "endpoint"]);
  assert.equal(noUrl.code, 1);
  assert.equal(noUrl.stderr, "jobseek: Cannot set endpoint: give the URL.\n");
  assert.equal((await loadConfigFile(cli.env)).config.apiKey, KEY_A);
});
