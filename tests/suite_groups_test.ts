/**
 * `deno task test` runs the test files in groups: each module of `tests/groups/` imports a few of
 * them, and `deno test --parallel` runs each module in a worker of its own. Every worker loads the
 * code (and, for most files of `tests/`, the embedding model and the GeoNames places) afresh before
 * its first test; fifteen of the REST, MCP and OAuth files took 33 CPU-seconds as fifteen workers
 * and 9 as one, and the 53 unit test files beside the code 43 CPU-seconds as 53 workers and 33 as
 * three (docs/testing.md, "Where the suite's time goes"). The task leaves every `*_test.ts` out of
 * what it finds by itself (`--ignore`), so the groups are what runs them. A file still runs alone
 * as `deno test -A tests/FILE_test.ts` or `deno test -A src/.../FILE_test.ts`.
 *
 * A file that no group imports would never run in `deno task test`, and one that two import, or
 * that the task also finds itself, would run twice: this test fails on either.
 */
import { strict as assert } from "node:assert";
import { DOC_DIRS } from "./doc_examples.ts";

const ROOT = new URL("../", import.meta.url);
const GROUPS = new URL("./groups/", import.meta.url);
/** Where the unit tests sit beside the code; `tests/` holds the end-to-end files. */
const UNIT_DIRS = ["src", "cli", "fixtures", "bench"];

async function names(dir: URL, pattern: RegExp): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isFile && pattern.test(entry.name)) found.push(entry.name);
  }
  return found.sort();
}

/** Test files under `dir` (relative to the checkout), at any depth. */
async function testFilesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of Deno.readDir(new URL(`${dir}/`, ROOT))) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) found.push(...await testFilesUnder(path));
    else if (entry.isFile && /_test\.ts$/.test(entry.name)) found.push(path);
  }
  return found;
}

Deno.test("deno task test runs every test file once, in the groups of tests/groups/", async () => {
  const testFiles = [
    ...(await names(new URL("tests/", ROOT), /_test\.ts$/)).map((name) => `tests/${name}`),
    ...(await Promise.all(UNIT_DIRS.map(testFilesUnder))).flat(),
  ].sort();
  const groupOf = new Map<string, string[]>();
  for (const group of await names(GROUPS, /\.ts$/)) {
    const text = await Deno.readTextFile(new URL(group, GROUPS));
    // Only side-effect imports of test files: a group registers their tests, nothing else.
    const imports = [...text.matchAll(/^import\s+(.*?);?$/gm)].map((m) => m[1]);
    for (const spec of imports) {
      const match = /^"\.\.\/([a-z0-9_]+_test\.ts)"$/.exec(spec) ??
        /^"\.\.\/\.\.\/((?:src|cli|fixtures|bench)\/[a-z0-9_/]+_test\.ts)"$/.exec(spec);
      assert.ok(match, `tests/groups/${group}: import ${spec} is not a test file`);
      const file = match[0].startsWith('"../../') ? match[1] : `tests/${match[1]}`;
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

  const config = JSON.parse(await Deno.readTextFile(new URL("deno.json", ROOT)));
  const task = config.tasks.test;
  const args: string[] = (typeof task === "string" ? task : task.command).split(/\s+/);
  // The tests run without deno test's own type check (`--no-check`) only because the task first
  // runs `typecheck`, which checks every module and doc example: a type error still fails it.
  if (args.includes("--no-check")) {
    assert.deepEqual(task.dependencies, ["typecheck"], "the test task type-checks first");
    assert.match(
      config.tasks.typecheck,
      /^deno check --doc main\.ts cli\/ src\/ tests\/ bench\/ fixtures\/$/,
    );
  }
  assert.ok(
    args.includes("tests/groups/*.ts"),
    `the test task runs the groups: ${args.join(" ")}`,
  );
  // Only the groups: a folder or file named besides them would run its test files a second time
  // (or, with --doc, its doc examples in a worker each: tests/doc_examples_test.ts runs them).
  const named = args.filter((arg) => /^(\.\/)?[\w.-]+\/|\.ts$/.test(arg));
  const notGroups = named.filter((arg) => !/^(\.\/)?tests\/groups\/[\w*]+\.ts$/.test(arg));
  assert.deepEqual(notGroups, [], `the test task names only tests/groups/: ${args.join(" ")}`);
  assert.ok(!args.includes("--doc"), "doc examples run in tests/doc_examples_test.ts");
  assert.deepEqual([...DOC_DIRS].sort(), [...UNIT_DIRS].sort(), "the doc examples' folders");
});
