import { strict as assert } from "node:assert";
import { silentLogger } from "../log.ts";
import { KvAccess } from "./kv.ts";
import { commitChecksAt, KV_LIMITS, LOCAL_COMMIT_CHECKS } from "./kv_limits.ts";

Deno.test("SplitCommit never splits a group and starts a new commit when the next group would not fit", async () => {
  const kv = await Deno.openKv(":memory:");
  const access = new KvAccess(kv, silentLogger);
  try {
    const writer = access.splitCommit("test");
    // Three groups of 400 mutations: two fit in one commit (800 of 1,000), the third does not.
    for (let g = 0; g < 3; g++) {
      await writer.add((group) => {
        for (let i = 0; i < 400; i++) group.set(["g", g, i], i);
      });
    }
    await writer.flush();
    assert.equal(writer.commits, 2);
    let n = 0;
    for await (const _ of kv.list({ prefix: ["g"] })) n++;
    assert.equal(n, 1200);
  } finally {
    access.close();
  }
});

Deno.test("SplitCommit reports a failed check as a CONFLICT naming the write", async () => {
  const kv = await Deno.openKv(":memory:");
  const access = new KvAccess(kv, silentLogger);
  try {
    const stale = await kv.get(["k"]);
    await kv.set(["k"], "changed meanwhile");
    const writer = access.splitCommit("write k");
    await writer.add((group) => group.check(stale).set(["k"], "mine"));
    await assert.rejects(
      writer.flush(),
      /^JobseekError: Cannot write k: a concurrent writer changed the same records$/,
    );
    assert.equal((await kv.get(["k"])).value, "changed meanwhile");
  } finally {
    access.close();
  }
});

Deno.test("SplitCommit holds as many checks a commit as the store takes: 100 on a local file, 10 by default", async () => {
  const dir = await Deno.makeTempDir({ prefix: "jobseek_split_" });
  const kv = await Deno.openKv(`${dir}/kv.sqlite3`);
  try {
    for (const [maxChecks, commits] of [[LOCAL_COMMIT_CHECKS, 3], [undefined, 25]] as const) {
      const access = new KvAccess(kv, silentLogger, maxChecks);
      const writer = access.splitCommit("checked writes");
      // 250 records each written only if still as read: one check each.
      for (let i = 0; i < 250; i++) {
        const read = await kv.get(["c", String(maxChecks), i]);
        await writer.add((group) => group.check(read).set(["c", String(maxChecks), i], i));
      }
      await writer.flush();
      assert.equal(writer.commits, commits, `${maxChecks}`);
    }
    let n = 0;
    for await (const _ of kv.list({ prefix: ["c"] })) n++;
    assert.equal(n, 500);
  } finally {
    kv.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("commitChecksAt() gives KV Connect's 10 checks to URLs and 100 to local stores", () => {
  assert.equal(commitChecksAt("http://127.0.0.1:4512"), KV_LIMITS.commitChecks);
  assert.equal(commitChecksAt("https://api.deno.com/databases/x/connect"), KV_LIMITS.commitChecks);
  assert.equal(commitChecksAt("/var/lib/jobseek/kv.sqlite3"), LOCAL_COMMIT_CHECKS);
  assert.equal(commitChecksAt("./https-store.sqlite3"), LOCAL_COMMIT_CHECKS);
  assert.equal(commitChecksAt(":memory:"), LOCAL_COMMIT_CHECKS);
});

Deno.test("SplitCommit refuses a touched value over its size: the write fails and writes nothing of its commit", async () => {
  const kv = await Deno.openKv(":memory:");
  const access = new KvAccess(kv, silentLogger, 10);
  try {
    const writer = access.splitCommit("touch");
    await writer.add((group) => group.set(["a"], 1).touch(["at"], () => "x".repeat(100)));
    await assert.rejects(writer.flush(), /^RangeError: Cannot touch \["at"\]: a touched value/);
    assert.equal((await kv.get(["a"])).value, null);
  } finally {
    access.close();
  }
});
