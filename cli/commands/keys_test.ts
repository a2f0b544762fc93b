import { strict as assert } from "node:assert";
import { keysCommand } from "./keys.ts";
import { JobseekError } from "../../src/domain/errors.ts";
import { ApiKeyRegistry } from "../../src/auth/api_keys.ts";
import { openStore } from "../../src/store/store.ts";
import { captureIo, createCliSandbox } from "../../tests/cli_process.ts";

/** Runs `jobseek keys ARGS` against a KV file and returns what it printed to stdout. */
async function keys(kv: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  const run = captureIo({ env: { JOBSEEK_KV: kv, ...env }, cwd: kv.slice(0, kv.lastIndexOf("/")) });
  await keysCommand(run.io).parseAsync(args, { from: "user" });
  return run.stdout();
}

async function withKvFile(fn: (kv: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir();
  try {
    await fn(`${dir}/keys.sqlite3`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

async function verify(kv: string, key: string) {
  const store = await openStore(kv);
  try {
    return await new ApiKeyRegistry(store.apiKeys, []).verify(key);
  } finally {
    store.close();
  }
}

Deno.test("keys create prints a working key alone on the last line", async () => {
  await withKvFile(async (kv) => {
    const out = await keys(kv, ["create", "--name", "alice", "--rate-limit", "30"]);
    const lines = out.trimEnd().split("\n");
    const key = lines.at(-1)!;
    assert.match(key, /^jsk_[A-Za-z0-9_-]+$/);
    assert.match(out, /shown only this once/);
    assert.deepEqual(await verify(kv, key), {
      subject: "key:alice",
      name: "alice",
      rateLimit: 30,
      via: "api_key",
    });
  });
});

Deno.test("keys list shows names, prefixes and limits but never a key", async () => {
  await withKvFile(async (kv) => {
    const key = (await keys(kv, ["create", "--name", "alice"])).trimEnd().split("\n").at(-1)!;
    await keys(kv, ["create", "--name", "bob", "--rate-limit", "5"]);
    const env = { JOBSEEK_API_KEYS: "ops:static-secret", JOBSEEK_RATE_LIMIT: "60" };
    const table = await keys(kv, ["list"], env);
    assert.match(table, /^NAME\s+PREFIX\s+CREATED\s+RATE LIMIT\/MIN/);
    assert.match(
      table,
      new RegExp(`alice\\s+${key.slice(0, 8)}…\\s+\\d{4}-\\d\\d-\\d\\dT.*default \\(60\\)`),
    );
    assert.match(table, /bob\s+jsk_\S+\s+\S+\s+5\s+search\n/);
    assert.match(table, /ops\s+\(static\)\s+JOBSEEK_API_KEYS/);
    assert.ok(!table.includes(key));
    assert.ok(!table.includes("static-secret"));
    const json = JSON.parse(await keys(kv, ["list", "--json"]));
    assert.deepEqual(json.map((row: { name: string }) => row.name), ["alice", "bob"]);
    assert.ok(!JSON.stringify(json).includes(key.slice(8)));
  });
});

Deno.test("keys revoke disables a key and fails clearly on an unknown name", async () => {
  await withKvFile(async (kv) => {
    const key = (await keys(kv, ["create", "--name", "alice"])).trimEnd().split("\n").at(-1)!;
    assert.equal(await keys(kv, ["revoke", "alice"]), "Revoked API key 'alice'.\n");
    assert.equal(await verify(kv, key), null);
    await assert.rejects(keys(kv, ["revoke", "alice"]), (error: unknown) => {
      assert.ok(error instanceof JobseekError);
      assert.equal(
        error.message,
        "Cannot revoke key 'alice': no key has that name (see `jobseek keys list`)",
      );
      return true;
    });
  });
});

Deno.test("keys set-limit sets a number or resets to the default", async () => {
  await withKvFile(async (kv) => {
    const key = (await keys(kv, ["create", "--name", "alice"])).trimEnd().split("\n").at(-1)!;
    assert.match(await keys(kv, ["set-limit", "alice", "12"]), /now allows 12 requests per minute/);
    assert.equal((await verify(kv, key))?.rateLimit, 12);
    assert.match(await keys(kv, ["set-limit", "alice", "default"]), /server default/);
    assert.equal((await verify(kv, key))?.rateLimit, undefined);
    await assert.rejects(keys(kv, ["set-limit", "nobody", "5"]), /no key has that name/);
  });
});

Deno.test("keys create refuses a taken name", async () => {
  await withKvFile(async (kv) => {
    await keys(kv, ["create", "--name", "alice"]);
    await assert.rejects(keys(kv, ["create", "--name", "alice"]), /the name 'alice' is taken/);
  });
});

Deno.test("jobseek keys (real CLI process): key on the last line, exit 1 on unknown name", async () => {
  await using sandbox = await createCliSandbox();
  const env = { JOBSEEK_KV: `${sandbox.home}/kv/jobseek.sqlite3` };
  const created = await sandbox.runProcess(["keys", "create", "--name", "ci"], { env });
  assert.equal(created.code, 0, created.stderr);
  const key = created.stdout.trimEnd().split("\n").at(-1)!;
  assert.match(key, /^jsk_[A-Za-z0-9_-]{43}$/);
  assert.equal((await verify(env.JOBSEEK_KV, key))?.name, "ci");
  const listed = await sandbox.runProcess(["keys", "list"], { env });
  assert.equal(listed.code, 0);
  assert.match(listed.stdout, /^ci\s+jsk_/m);
  assert.ok(!listed.stdout.includes(key));
  const unknown = await sandbox.runProcess(["keys", "revoke", "nobody"], { env });
  assert.equal(unknown.code, 1);
  assert.match(unknown.stderr, /Cannot revoke key 'nobody': no key has that name/);
  assert.equal(unknown.stdout, "");
});

Deno.test("keys create --scope ingest makes a feeder key, and keys list shows scopes", async () => {
  await withKvFile(async (kv) => {
    const out = await keys(kv, ["create", "--name", "feeder", "--scope", "ingest"]);
    assert.match(out, /with scope ingest/);
    const key = out.trimEnd().split("\n").at(-1)!;
    assert.deepEqual((await verify(kv, key))?.scopes, ["ingest"]);
    await keys(kv, ["create", "--name", "both", "--scope", "search", "--scope", "ingest"]);
    await keys(kv, ["create", "--name", "reader"]);
    const listed = JSON.parse(await keys(kv, ["list", "--json"])) as {
      name: string;
      scopes: string[];
    }[];
    assert.deepEqual(
      listed.map((row) => [row.name, row.scopes]),
      [["both", ["search", "ingest"]], ["feeder", ["ingest"]], ["reader", ["search"]]],
    );
    assert.match(await keys(kv, ["list"]), /SCOPES/);
    await assert.rejects(
      keys(kv, ["create", "--name", "bad", "--scope", "superuser"]),
      /scopes must be one or more of search, ingest, admin \(not superuser\)/,
    );
  });
});
