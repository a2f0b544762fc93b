/**
 * What the files test processes keep between runs (tests/real_jobs_cache.ts: the real postings,
 * the real postings' index) are named after: a kept file is used only by the code that made it.
 *
 * @module
 */
import { strict as assert } from "node:assert";
import { codeFingerprintParts, keepFile, markKeptFileUsed } from "./real_jobs_cache.ts";

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

Deno.test("keepFile puts the whole file in place, keeps the others used lately (at most ten) and drops a dead run's", async () => {
  const dir = await Deno.makeTempDir({ prefix: "jobseek_kept_" });
  try {
    const old = new Date(Date.now() - 5 * 3_600_000);
    // Eleven files of other code used within the last hour (r00 the latest), more than the three
    // kept whatever their age, and two last used three and four hours ago.
    const recent = Array.from({ length: 11 }, (_, n) => `r${String(n).padStart(2, "0")}`);
    for (const [n, name] of recent.entries()) {
      await Deno.writeTextFile(`${dir}/${name}.index.sqlite3`, name);
      await Deno.utime(`${dir}/${name}.index.sqlite3`, old, new Date(Date.now() - n * 60_000));
    }
    for (const [n, name] of ["o3", "o4"].entries()) {
      await Deno.writeTextFile(`${dir}/${name}.index.sqlite3`, name);
      await Deno.utime(
        `${dir}/${name}.index.sqlite3`,
        old,
        new Date(Date.now() - (3 + n) * 3_600_000),
      );
    }
    await Deno.writeTextFile(`${dir}/a.jobs`, "another kind");
    await Deno.writeTextFile(`${dir}/dead.index.sqlite3.1.x.partial`, "cut");
    await Deno.utime(`${dir}/dead.index.sqlite3.1.x.partial`, old, old);
    await Deno.writeTextFile(`${dir}/live.index.sqlite3.2.y.partial`, "being written");
    await keepFile(dir, "new.index.sqlite3", (path) => Deno.writeTextFile(path, "whole"));
    const names: string[] = [];
    for await (const entry of Deno.readDir(dir)) names.push(entry.name);
    assert.deepEqual(names.sort(), [
      "a.jobs",
      "live.index.sqlite3.2.y.partial",
      "new.index.sqlite3",
      // The ten most lately used; r10 is the eleventh.
      ...recent.slice(0, 10).map((name) => `${name}.index.sqlite3`),
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

Deno.test("keepFile keeps three files of other code however old, the most lately used: a file read is used", async () => {
  const dir = await Deno.makeTempDir({ prefix: "jobseek_kept_" });
  try {
    // Written five to eight hours ago, `w8` first; none used since, all past the two hours.
    for (const hours of [5, 6, 7, 8]) {
      const at = new Date(Date.now() - hours * 3_600_000);
      await Deno.writeTextFile(`${dir}/w${hours}.jobs`, "kept");
      await Deno.utime(`${dir}/w${hours}.jobs`, at, at);
    }
    // Read by a run of its code just now: the oldest written is the most lately used.
    await markKeptFileUsed(`${dir}/w8.jobs`);
    await keepFile(dir, "new.jobs", (path) => Deno.writeTextFile(path, "whole"));
    const names: string[] = [];
    for await (const entry of Deno.readDir(dir)) names.push(entry.name);
    assert.deepEqual(names.sort(), ["new.jobs", "w5.jobs", "w6.jobs", "w8.jobs"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
