import { strict as assert } from "node:assert";
import { silentLogger } from "../log.ts";
import { KvAccess } from "./kv.ts";

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
