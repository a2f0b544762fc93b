/**
 * Operator commands that only read (`keys list`, `index status`) on a real KV file, run through the
 * CLI's entry in this worker: they name the store they opened, and when it does not exist they say
 * so and create nothing.
 */
import { strict as assert } from "node:assert";
import { SavedSearches } from "../src/alerts/saved_searches.ts";
import { DEFAULT_ALERTS } from "../src/config.ts";
import { openStore } from "../src/store/store.ts";
import { createCliSandbox } from "./cli_process.ts";

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

Deno.test("read-only operator commands never create a store", async () => {
  await using cli = await createCliSandbox();
  const defaultStore = `${cli.home}/data/jobseek.sqlite3`;
  const elsewhere = `${cli.home}/srv/store.sqlite3`;
  const cases = [
    { args: ["keys", "list"], store: defaultStore },
    { args: ["keys", "list", "--json"], store: defaultStore },
    { args: ["index", "status"], store: defaultStore },
    { args: ["index", "status", "--kv", elsewhere], store: elsewhere },
    { args: ["keys", "revoke", "alice"], store: defaultStore },
    { args: ["keys", "set-limit", "alice", "5"], store: defaultStore },
  ];
  for (const { args, store } of cases) {
    const run = await cli.run(args);
    assert.equal(run.code, 1, `${args.join(" ")}: ${run.stdout}${run.stderr}`);
    assert.equal(run.stdout, "", args.join(" "));
    assert.ok(
      run.stderr.startsWith(`jobseek: No store at ${store}. Point --kv or JOBSEEK_KV at`),
      run.stderr,
    );
  }
  const viaEnv = await cli.run(["keys", "list"], { env: { JOBSEEK_KV: elsewhere } });
  assert.equal(viaEnv.code, 1);
  assert.match(viaEnv.stderr, new RegExp(`No store at ${elsewhere}\\.`));
  assert.equal(await exists(`${cli.home}/data`), false, "no ./data directory was created");
  assert.equal(await exists(`${cli.home}/srv`), false);
});

Deno.test("operator commands name the store they opened", async () => {
  await using cli = await createCliSandbox();
  await Deno.mkdir(`${cli.home}/work`);
  const created = await cli.run(["keys", "create", "--name", "ops", "--kv", "srv/jobs.sqlite3"], {
    cwd: `${cli.home}/work`,
  });
  assert.equal(created.code, 0, created.stderr);
  const store = `${cli.home}/work/srv/jobs.sqlite3`;
  assert.match(
    created.stdout,
    new RegExp(`^Created API key 'ops' in the store ${store}, with scope search, allowing`),
  );
  assert.match(created.stdout.trimEnd().split("\n").at(-1)!, /^jsk_/, "the key stays last");

  const list = await cli.run(["keys", "list"], { env: { JOBSEEK_KV: store } });
  assert.equal(list.code, 0, list.stderr);
  assert.match(list.stdout, /^NAME\s+PREFIX/);
  assert.match(list.stdout, /\nops\s+jsk_/);
  assert.ok(list.stdout.endsWith(`store: ${store}\n`), list.stdout);

  const status = await cli.run(["index", "status", "--kv", store]);
  assert.equal(status.code, 0, status.stderr);
  assert.match(
    status.stdout,
    new RegExp(`^store: ${store}\nno index published; 0 postings stored`),
  );
  const json = await cli.run(["index", "status", "--kv", store, "--json"]);
  assert.equal(json.code, 0, json.stderr);
  assert.equal(JSON.parse(json.stdout).store, store);

  await cli.run(["keys", "revoke", "ops", "--kv", store]);
  const empty = await cli.run(["keys", "list", "--kv", store]);
  assert.equal(
    empty.stdout,
    `No API keys in the store ${store}. Create one with \`jobseek keys create --name NAME\`.\n`,
  );
});

Deno.test("a key or source name that names nothing: exit 1, and a message that says so", async () => {
  await using cli = await createCliSandbox();
  const created = await cli.run(["keys", "create", "--name", "ops"]);
  assert.equal(created.code, 0, created.stderr);
  const cases: [string[], string][] = [
    [["keys", "revoke", "nobody"], "Cannot revoke key 'nobody': no key has that name"],
    [["keys", "set-limit", "nobody", "5"], "Cannot set the limit of key 'nobody': no key has"],
    [["sources", "remove", "nobody"], "Cannot remove source 'nobody': no source has that name"],
    [["sources", "run", "nobody"], "Cannot pull source 'nobody': no source has that name"],
  ];
  for (const [args, message] of cases) {
    const run = await cli.run(args);
    assert.equal(run.code, 1, `${args.join(" ")}: ${run.stderr}`);
    assert.ok(run.stderr.startsWith(`jobseek: ${message}`), run.stderr);
  }
});

Deno.test("keys create refuses a revoked key's name that still owns saved searches, unless told to keep them", async () => {
  await using cli = await createCliSandbox();
  const store = `${cli.home}/data/jobseek.sqlite3`;
  assert.equal((await cli.run(["keys", "create", "--name", "ops"])).code, 0);
  const opened = await openStore(store);
  try {
    const saved = new SavedSearches({ store: opened.savedSearches, config: DEFAULT_ALERTS });
    await saved.create("key:ops", { name: "nurses", q: "nurse" }, "http://localhost:8000");
  } finally {
    opened.close();
  }
  assert.equal((await cli.run(["keys", "revoke", "ops"])).code, 0);
  const refused = await cli.run(["keys", "create", "--name", "ops"]);
  assert.equal(refused.code, 1, refused.stdout);
  assert.equal(refused.stdout, "");
  assert.ok(
    refused.stderr.startsWith(
      "jobseek: Cannot create key: the name 'ops' still owns 1 saved search of a revoked key",
    ),
    refused.stderr,
  );
  const kept = await cli.run(["keys", "create", "--name", "ops", "--keep-saved-searches"]);
  assert.equal(kept.code, 0, kept.stderr);
  assert.match(kept.stdout, /^Created API key 'ops'/);
});
