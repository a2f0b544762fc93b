import { strict as assert } from "node:assert";
import { silentLogger } from "../log.ts";
import { KvAccess } from "./kv.ts";
import { commitChecksAt, KV_LIMITS, LOCAL_COMMIT_CHECKS } from "./kv_limits.ts";
import { SplitCommit } from "./split_commit.ts";
import fc from "fast-check";

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

Deno.test("SplitCommit with overlap: one commit in flight at a time, in order; flush returns when all landed; a failed commit fails the call and nothing after it is sent", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 12 }),
      fc.option(fc.nat({ max: 11 }), { nil: undefined }),
      fc.array(fc.nat({ max: 3 }), { minLength: 12, maxLength: 12 }),
      async (sizes, failAt, delays) => {
        const kv = await Deno.openKv(":memory:");
        const access = new KvAccess(kv, silentLogger);
        try {
          const stale = await kv.get(["stale"]);
          await kv.set(["stale"], "changed meanwhile");
          const failing = failAt !== undefined && failAt < sizes.length ? failAt : -1;
          let inFlight = 0;
          let most = 0;
          let sent = 0;
          const writer = new SplitCommit(
            async (build) => {
              inFlight++;
              most = Math.max(most, inFlight);
              const delay = delays[sent++ % delays.length];
              try {
                await new Promise((resolve) => setTimeout(resolve, delay));
                await access.commitOrThrow(build, "write groups");
              } finally {
                inFlight--;
              }
            },
            100,
            { overlap: true },
          );
          const write = async () => {
            for (const [g, size] of sizes.entries()) {
              await writer.add((group) => {
                if (g === failing) group.check(stale);
                for (let i = 0; i < size; i++) group.set(["g", g, i], i);
              });
            }
            await writer.flush();
          };
          let failed: unknown = null;
          try {
            await write();
          } catch (error) {
            failed = error;
            await writer.settle();
          }
          // Nothing is on its way once the call returned or threw.
          assert.equal(inFlight, 0);
          assert.equal(most, 1);
          const landed = new Map<number, number>();
          for await (const entry of kv.list({ prefix: ["g"] })) {
            const g = entry.key[1] as number;
            landed.set(g, (landed.get(g) ?? 0) + 1);
          }
          // Every group landed whole or not at all, and those that landed are the first ones.
          for (const [g, n] of landed) assert.equal(n, sizes[g]);
          const groups = [...landed.keys()].sort((a, b) => a - b);
          assert.deepEqual(groups, groups.map((_, i) => i));
          if (failing < 0) {
            assert.equal(failed, null);
            assert.equal(landed.size, sizes.length);
          } else {
            assert.match(String(failed), /CONFLICT|concurrent writer/);
            assert.ok(landed.size <= failing, `group ${failing} failed, ${landed.size} landed`);
          }
        } finally {
          access.close();
        }
      },
    ),
    { numRuns: 60 },
  );
});

Deno.test("SplitCommit with overlap returns from add while the full commit is written, and flush waits for it", async () => {
  const kv = await Deno.openKv(":memory:");
  const access = new KvAccess(kv, silentLogger);
  try {
    let release = () => {};
    const gate = new Promise<void>((resolve) => release = resolve);
    let landed = 0;
    const writer = new SplitCommit(
      async (build) => {
        await gate;
        await access.commitOrThrow(build, "write groups");
        landed++;
      },
      100,
      { overlap: true },
    );
    // Two groups of 600 mutations: the second does not fit beside the first, which is sent.
    for (let g = 0; g < 2; g++) {
      await writer.add((group) => {
        for (let i = 0; i < 600; i++) group.set(["g", g, i], i);
      });
    }
    assert.equal(landed, 0);
    let flushed = false;
    const flush = writer.flush().then(() => flushed = true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(flushed, false);
    release();
    await flush;
    assert.equal(landed, 2);
    assert.equal(writer.commits, 2);
  } finally {
    access.close();
  }
});
