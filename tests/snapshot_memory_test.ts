/**
 * A served index does not keep its snapshot's bytes alive (tests/snapshot_memory_child.ts, in a
 * process of its own: collecting garbage on demand takes a V8 flag).
 */
import { strict as assert } from "node:assert";
import { repostTextOf } from "../src/index/reposts.ts";
import { DENO_RUN } from "./cli_process.ts";

Deno.test("an index decoded from a snapshot lets the snapshot's bytes be collected", async () => {
  const output = await new Deno.Command(Deno.execPath(), {
    args: [
      ...DENO_RUN,
      "--v8-flags=--expose-gc",
      new URL("./snapshot_memory_child.ts", import.meta.url).pathname,
    ],
    stderr: "inherit",
  }).output();
  assert.ok(output.success, "the child ran");
  const result = JSON.parse(new TextDecoder().decode(output.stdout).trim().split("\n").pop()!);
  assert.deepEqual(result, {
    snapshotCollected: true,
    repostText: repostTextOf("Ward work with patients, shifts and care plans. Posting 3."),
  });
});
