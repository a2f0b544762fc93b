/**
 * Every command resolves its settings one way: flag > environment > config file > default
 * (cli/resolve_config.ts). Shown here for the store (`--kv`) and the model (`--model`) through the
 * CLI's entry: `index status --json` names the store it read and the model it compares the index
 * with, and `config list` says where each came from. Each store holds a different number of
 * postings, so a count also proves which store was read.
 */
import { strict as assert } from "node:assert";
import { loadConfigFile } from "../cli/config_file.ts";
import { openStore } from "../src/store/store.ts";
import { type CliRun, createCliSandbox } from "./cli_process.ts";
import { defaultTestJobs } from "./helpers.ts";

/** A store per name, under the sandbox's HOME, each holding as many postings as it is given. */
async function createStores<Name extends string>(
  home: string,
  postings: Record<Name, number>,
): Promise<Record<Name, string>> {
  const paths = {} as Record<Name, string>;
  for (const name of Object.keys(postings) as Name[]) {
    paths[name] = `${home}/${name}/jobs.sqlite3`;
    await createStore(paths[name], postings[name]);
  }
  return paths;
}

async function createStore(path: string, postings: number): Promise<void> {
  await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
  const store = await openStore(path);
  try {
    await store.postings.upsertJobs(await defaultTestJobs(postings));
  } finally {
    store.close();
  }
}

function status(run: CliRun): { store: string; postings: number; model: string } {
  assert.equal(run.code, 0, run.stderr);
  const body = JSON.parse(run.stdout);
  return { store: body.store, postings: body.stored_postings, model: body.model.id };
}

/** The value and source `config list` shows for `setting`. */
function listed(run: CliRun, setting: string): [string, string] {
  assert.equal(run.code, 0, run.stderr);
  const line = run.stdout.split("\n").find((l) => l.startsWith(`${setting} `));
  assert.ok(line, run.stdout);
  const [, value, ...source] = line.trim().split(/\s+/);
  return [value, source.join(" ")];
}

Deno.test("--kv and --model: a flag beats the environment, which beats the config file, which beats the default", async () => {
  await using cli = await createCliSandbox();
  const stores = {
    flag: `${cli.home}/flag/jobs.sqlite3`,
    env: `${cli.home}/env/jobs.sqlite3`,
    file: `${cli.home}/file/jobs.sqlite3`,
    // The default is relative to the directory the command runs in: the sandbox HOME.
    default: `${cli.home}/data/jobseek.sqlite3`,
  };
  await createStore(stores.flag, 1);
  await createStore(stores.env, 2);
  await createStore(stores.file, 3);
  await createStore(stores.default, 4);
  const set = async (...args: string[]) => {
    const run = await cli.run(["config", ...args]);
    assert.equal(run.code, 0, run.stderr);
  };
  await set("set", "kv", stores.file);
  await set("set", "model", "minilm-l6-int8");

  // Every layer set: the flags win, for the store and the model alike.
  const everyLayer = { JOBSEEK_KV: stores.env, JOBSEEK_MODEL: "minilm-l6-int8" };
  const flags = ["--kv", stores.flag, "--model", "use-lite"];
  assert.deepEqual(
    status(await cli.run(["index", "status", ...flags, "--json"], { env: everyLayer })),
    { store: stores.flag, postings: 1, model: "use-lite" },
  );
  const flagList = await cli.run(["config", "list", ...flags], { env: everyLayer });
  assert.deepEqual(listed(flagList, "kv"), [stores.flag, "flag"]);
  assert.deepEqual(listed(flagList, "model"), ["use-lite", "flag"]);

  // No flags: the environment beats the config file.
  const envOverFile = { JOBSEEK_KV: stores.env, JOBSEEK_MODEL: "use-lite" };
  assert.deepEqual(
    status(await cli.run(["index", "status", "--json"], { env: envOverFile })),
    { store: stores.env, postings: 2, model: "use-lite" },
  );
  const envList = await cli.run(["config", "list"], { env: envOverFile });
  assert.deepEqual(listed(envList, "kv"), [stores.env, "env JOBSEEK_KV"]);
  assert.deepEqual(listed(envList, "model"), ["use-lite", "env JOBSEEK_MODEL"]);

  // Nothing in the environment (empty counts as unset): the config file beats the default.
  await set("set", "model", "use-lite");
  const emptyEnv = { JOBSEEK_KV: "", JOBSEEK_MODEL: "" };
  assert.deepEqual(
    status(await cli.run(["index", "status", "--json"], { env: emptyEnv })),
    { store: stores.file, postings: 3, model: "use-lite" },
  );
  const fileList = await cli.run(["config", "list"], { env: emptyEnv });
  assert.deepEqual(listed(fileList, "kv"), [stores.file, "file"]);
  assert.deepEqual(listed(fileList, "model"), ["use-lite", "file"]);

  // Nothing anywhere: the defaults.
  await set("unset", "kv");
  await set("unset", "model");
  assert.deepEqual(status(await cli.run(["index", "status", "--json"])), {
    store: stores.default,
    postings: 4,
    model: "minilm-l6-int8",
  });
  const defaultList = await cli.run(["config", "list"]);
  assert.deepEqual(listed(defaultList, "kv"), [stores.default, "default"]);
  assert.deepEqual(listed(defaultList, "model"), ["minilm-l6-int8", "default"]);
});

Deno.test("the endpoint and key resolve as the store does: padded values trimmed, blank ones unset", async () => {
  await using cli = await createCliSandbox();
  const { file: fileStore, env: envStore } = await createStores(cli.home, { file: 1, env: 2 });
  for (const args of [["kv", fileStore], ["endpoint", "http://file.example:9000"]]) {
    const set = await cli.run(["config", "set", ...args]);
    assert.equal(set.code, 0, set.stderr);
  }
  // Blank in the environment: unset, for every setting alike, so the config file's values win.
  const blank = { JOBSEEK_KV: "  ", JOBSEEK_ENDPOINT: " \t", JOBSEEK_API_KEY: " " };
  const blankList = await cli.run(["config", "list"], { env: blank });
  assert.deepEqual(listed(blankList, "kv"), [fileStore, "file"]);
  assert.deepEqual(listed(blankList, "endpoint"), ["http://file.example:9000", "file"]);
  assert.match(blankList.stdout, /^api_key +\(not set\)/m);
  // Padded in the environment: trimmed, for the store as for the endpoint and the key.
  const padded = {
    JOBSEEK_KV: ` ${envStore} `,
    JOBSEEK_ENDPOINT: " http://env.example:9001 ",
    JOBSEEK_API_KEY: " jsk_0123456789abcdefWXYZ\n",
  };
  const paddedList = await cli.run(["config", "list"], { env: padded });
  assert.deepEqual(listed(paddedList, "kv"), [envStore, "env JOBSEEK_KV"]);
  assert.deepEqual(listed(paddedList, "endpoint"), [
    "http://env.example:9001",
    "env JOBSEEK_ENDPOINT",
  ]);
  assert.equal(listed(paddedList, "api_key")[1], "env JOBSEEK_API_KEY");
  assert.deepEqual(status(await cli.run(["index", "status", "--json"], { env: padded })), {
    store: envStore,
    postings: 2,
    model: "minilm-l6-int8",
  });
  // A flag of blanks is unset too: the environment's value is used.
  const blankFlags = await cli.run(["config", "list", "--kv", " ", "--endpoint", " "], {
    env: padded,
  });
  assert.deepEqual(listed(blankFlags, "kv"), [envStore, "env JOBSEEK_KV"]);
  assert.deepEqual(listed(blankFlags, "endpoint"), [
    "http://env.example:9001",
    "env JOBSEEK_ENDPOINT",
  ]);
});

Deno.test("index status --kv PATH reads that store, not the environment's or the config file's", async () => {
  await using cli = await createCliSandbox();
  const { named, other } = await createStores(cli.home, { named: 2, other: 5 });
  assert.equal((await cli.run(["config", "set", "kv", other])).code, 0);
  const env = { JOBSEEK_KV: other };
  const text = await cli.run(["index", "status", "--kv", named], { env });
  assert.equal(text.code, 0, text.stderr);
  assert.equal(text.stdout.split("\n")[0], `store: ${named}`);
  assert.match(text.stdout, /no index published; 2 postings stored/);
  // The group takes `--kv` before the subcommand too.
  const before = await cli.run(["index", "--kv", named, "status", "--json"], { env });
  assert.deepEqual(status(before), { store: named, postings: 2, model: "minilm-l6-int8" });
});

Deno.test("config set kv and model: checked, kept absolute, and kept by configure", async () => {
  await using cli = await createCliSandbox();
  await Deno.mkdir(`${cli.home}/work`);
  const kv = await cli.run(["config", "set", "kv", "srv/jobs.sqlite3"], {
    cwd: `${cli.home}/work`,
  });
  assert.equal(kv.code, 0, kv.stderr);
  // A later command runs from anywhere: the file keeps where the path pointed when it was set.
  assert.equal(kv.stdout, `Set kv to ${cli.home}/work/srv/jobs.sqlite3 in ${cli.configFile}\n`);

  const unknown = await cli.run(["config", "set", "model", "gpt-9"]);
  assert.equal(unknown.code, 1);
  assert.match(unknown.stderr, /^jobseek: Cannot set model: Unknown embedding model 'gpt-9'/);
  const model = await cli.run(["config", "set", "model", "use-lite"]);
  assert.equal(model.code, 0, model.stderr);

  const shadowed = await cli.run(["config", "set", "model", "use-lite"], {
    env: { JOBSEEK_MODEL: "minilm-l6-int8" },
  });
  assert.match(shadowed.stderr, /JOBSEEK_MODEL is set and takes precedence over the config file/);
  // A blank variable is unset by the one rule of every layer: it hides nothing, so no note.
  const blank = await cli.run(["config", "set", "model", "use-lite"], {
    env: { JOBSEEK_MODEL: "  " },
  });
  assert.equal(blank.code, 0, blank.stderr);
  assert.doesNotMatch(blank.stderr, /takes precedence/);

  const configure = await cli.run([
    "configure",
    "--no-verify",
    "--endpoint",
    "http://127.0.0.1:8123",
    "--api-key",
    "jsk_KeptSettingsKeyForTestsOnly0123456789abcd",
  ]);
  assert.equal(configure.code, 0, configure.stderr);
  const { config } = await loadConfigFile(cli.env);
  assert.equal(config.kv, `${cli.home}/work/srv/jobs.sqlite3`);
  assert.equal(config.model, "use-lite");
  assert.equal(config.endpoint, "http://127.0.0.1:8123");
});

Deno.test("operator commands use the config file's store without its key, and go on past a file they cannot use", async () => {
  await using cli = await createCliSandbox();
  const kv = `${cli.home}/srv/jobs.sqlite3`;
  await createStore(kv, 2);
  await Deno.mkdir(`${cli.home}/cfg`);
  // A key encrypted on another machine: this one has no secret to decrypt it with.
  const foreignKey = {
    alg: "AES-256-GCM",
    kdf: "HKDF-SHA256",
    salt: "AA",
    iv: "AA",
    ciphertext: "AA",
  };
  await Deno.writeTextFile(
    cli.configFile,
    JSON.stringify({ version: 1, kv, api_key: foreignKey }),
  );
  const fromFile = await cli.run(["index", "status", "--json"]);
  assert.equal(status(fromFile).store, kv);
  assert.equal(fromFile.stderr, "", "the key is not theirs to read, so not theirs to report");
  const search = await cli.run(["search", "nurse"]);
  assert.equal(search.code, 1);
  assert.match(search.stderr, /cannot be decrypted on this machine/);

  const notOurs = '{ "theme": "dark" }\n';
  await Deno.writeTextFile(cli.configFile, notOurs);
  const created = await cli.run(["keys", "create", "--name", "ops", "--kv", kv]);
  assert.equal(created.code, 0, created.stderr);
  assert.match(
    created.stderr,
    new RegExp(`^jobseek: warning: Cannot use the config file ${cli.configFile}: it is not a `),
  );
  assert.match(created.stdout, new RegExp(`^Created API key 'ops' in the store ${kv}`));
  assert.equal(await Deno.readTextFile(cli.configFile), notOurs);
});
