/**
 * What the files test processes keep between runs (tests/real_jobs_cache.ts: the real postings,
 * the real postings' index) are named after: a kept file is used only by the code that made it.
 *
 * @module
 */
import { strict as assert } from "node:assert";
import { codeFingerprintParts, keepFile } from "./real_jobs_cache.ts";

Deno.test("a kept file's name changes with the source of every module its maker loads, and only then", async () => {
  const dir = await Deno.makeTempDir({ prefix: "jobseek_kept_" });
  try {
    const entry = new URL(`file://${dir}/maker.ts`);
    await Deno.writeTextFile(
      entry,
      'import { part } from "./deep/part.ts";\nexport const x = part;\n',
    );
    await Deno.mkdir(`${dir}/deep`);
    await Deno.writeTextFile(`${dir}/deep/part.ts`, "export const part = 1;\n");
    const first = await codeFingerprintParts(entry);
    assert.deepEqual(await codeFingerprintParts(entry), first, "the same sources, the same name");
    // A module two imports away, changed by one character.
    await Deno.writeTextFile(`${dir}/deep/part.ts`, "export const part = 2;\n");
    const changed = await codeFingerprintParts(entry);
    assert.notDeepEqual(changed, first);
    // A module the maker stops loading no longer counts.
    await Deno.writeTextFile(entry, "export const x = 1;\n");
    const alone = await codeFingerprintParts(entry);
    assert.ok(!alone.some((part) => part.includes("part.ts")), JSON.stringify(alone));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("keepFile puts the whole file in place, keeps three of the others and drops a dead run's", async () => {
  const dir = await Deno.makeTempDir({ prefix: "jobseek_kept_" });
  try {
    const old = new Date(Date.now() - 2 * 3_600_000);
    for (const [n, name] of ["a", "b", "c", "d"].entries()) {
      await Deno.writeTextFile(`${dir}/${name}.index.sqlite3`, name);
      // Older the later in the alphabet: `d` is the oldest.
      await Deno.utime(`${dir}/${name}.index.sqlite3`, old, new Date(Date.now() - n * 60_000));
    }
    await Deno.writeTextFile(`${dir}/a.jobs`, "another kind");
    await Deno.writeTextFile(`${dir}/dead.index.sqlite3.1.x.partial`, "cut");
    await Deno.utime(`${dir}/dead.index.sqlite3.1.x.partial`, old, old);
    await Deno.writeTextFile(`${dir}/live.index.sqlite3.2.y.partial`, "being written");
    await keepFile(dir, "new.index.sqlite3", (path) => Deno.writeTextFile(path, "whole"));
    const names: string[] = [];
    for await (const entry of Deno.readDir(dir)) names.push(entry.name);
    assert.deepEqual(names.sort(), [
      "a.index.sqlite3",
      "a.jobs",
      "b.index.sqlite3",
      "c.index.sqlite3",
      "live.index.sqlite3.2.y.partial",
      "new.index.sqlite3",
    ]);
    assert.equal(await Deno.readTextFile(`${dir}/new.index.sqlite3`), "whole");
    // A maker that fails leaves nothing in place, and no part of its file.
    await assert.rejects(
      keepFile(dir, "failed.index.sqlite3", async (path) => {
        await Deno.writeTextFile(path, "half");
        throw new Error("died");
      }),
      /died/,
    );
    const after: string[] = [];
    for await (const entry of Deno.readDir(dir)) after.push(entry.name);
    assert.ok(!after.some((name) => name.startsWith("failed")), JSON.stringify(after));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
