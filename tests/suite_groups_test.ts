/**
 * `deno task test` runs the files of `tests/` in groups: each module of `tests/groups/` imports a
 * few of them, and `deno test --parallel` runs each module in a worker of its own. Every worker
 * loads the code, the embedding model and the GeoNames places afresh, about 1.6 CPU-seconds before
 * its first test; fifteen of the REST, MCP and OAuth files took 33 CPU-seconds as fifteen workers
 * and 9 as one (docs/testing.md, "Where the suite's time goes"). A file still runs alone as
 * `deno test -A tests/FILE_test.ts`.
 *
 * A file that no group imports would never run in `deno task test`, and one that two import, or
 * that the task also names itself, would run twice: this test fails on either.
 */
import { strict as assert } from "node:assert";

const TESTS = new URL("./", import.meta.url);
const GROUPS = new URL("./groups/", import.meta.url);

async function names(dir: URL, pattern: RegExp): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isFile && pattern.test(entry.name)) found.push(entry.name);
  }
  return found.sort();
}

Deno.test("deno task test runs every file of tests/ once, in the groups of tests/groups/", async () => {
  const testFiles = await names(TESTS, /_test\.ts$/);
  const groupOf = new Map<string, string[]>();
  for (const group of await names(GROUPS, /\.ts$/)) {
    const text = await Deno.readTextFile(new URL(group, GROUPS));
    // Only side-effect imports of test files: a group registers their tests, nothing else.
    const imports = [...text.matchAll(/^import\s+(.*?);?$/gm)].map((m) => m[1]);
    for (const spec of imports) {
      const file = /^"\.\.\/([a-z0-9_]+_test\.ts)"$/.exec(spec)?.[1];
      assert.ok(file, `tests/groups/${group}: import ${spec} is not a test file of tests/`);
      groupOf.set(file, [...groupOf.get(file) ?? [], group]);
    }
  }
  const unknown = [...groupOf.keys()].filter((file) => !testFiles.includes(file));
  assert.deepEqual(unknown, [], "groups import files that do not exist");
  const missing = testFiles.filter((file) => !groupOf.has(file));
  assert.deepEqual(
    missing,
    [],
    "test files no group imports: add each to a module of tests/groups/",
  );
  const twice = [...groupOf].filter(([, groups]) => groups.length > 1);
  assert.deepEqual(twice, [], "test files imported by more than one group");

  const config = JSON.parse(await Deno.readTextFile(new URL("../deno.json", import.meta.url)));
  const args: string[] = config.tasks.test.split(/\s+/);
  assert.ok(
    args.includes("tests/groups/*.ts"),
    `the test task runs the groups: ${config.tasks.test}`,
  );
  const direct = args.filter((arg) => /^(\.\/)?tests\/?$|^(\.\/)?tests\/[^/]+$/.test(arg));
  assert.deepEqual(direct, [], "the test task names tests/ or its files besides the groups");
});
