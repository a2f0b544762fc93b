/**
 * Runs every example in the doc comments of `src/`, `cli/`, `fixtures/` and `bench/` in this one
 * worker (tests/doc_examples.ts has the why), and checks how examples are read and wrapped.
 */
import { strict as assert } from "node:assert";
import { DOC_DIRS, examplesOf, findExamples, moduleOf, runExample } from "./doc_examples.ts";

const ROOT = new URL("../", import.meta.url);
const examples = await findExamples(ROOT, DOC_DIRS);

for (const example of examples) {
  const where = example.file.href.slice(ROOT.href.length);
  Deno.test(`${where}#${example.firstLine}-${example.lastLine}`, async () => {
    await runExample(example);
  });
}

Deno.test("doc examples: every fenced JS or TS block of a doc comment, none other", () => {
  const file = new URL("file:///repo/src/thing.ts");
  const text = [
    "/**",
    " * Adds.",
    " *",
    " * ```ts",
    ' * import { strict as assert } from "node:assert";',
    " * assert.equal(add(1, 2), 3);",
    " * ```",
    " *",
    " * ```ts ignore",
    ' * add("not run");',
    " * ```",
    " *",
    " * ```sh",
    " * deno task serve",
    " * ```",
    " *",
    " * ```",
    " * add(2, 2);",
    " * ```",
    " */",
    "export function add(a: number, b: number) { return a + b; }",
    "// ```ts",
    "// notAnExample();",
    "// ```",
    "/* ```ts",
    "notADocComment();",
    "``` */",
  ].join("\n");
  const found = examplesOf(file, text);
  assert.deepEqual(found.map((e) => [e.firstLine, e.lastLine, e.code]), [
    [4, 7, 'import { strict as assert } from "node:assert";\nassert.equal(add(1, 2), 3);'],
  ]);
});

Deno.test("doc examples: imports stay, relative ones from the module's folder; used exports imported", () => {
  const example = {
    file: new URL("file:///repo/src/store/kv_limits.ts"),
    firstLine: 1,
    lastLine: 9,
    code: [
      'import { strict as assert } from "node:assert";',
      'import {\n  toHex,\n} from "../crypto.ts";',
      "const local = 1;",
      "assert.equal(sizeOf(toHex(new Uint8Array(local))), 7);",
      "await Promise.resolve(maxValueBytes);",
    ].join("\n"),
  };
  const module = moduleOf(example, ["sizeOf", "maxValueBytes", "local", "unused", "toHex"]);
  assert.match(module, /^import \{ strict as assert \} from "node:assert";$/m);
  assert.ok(module.includes('import {\n  toHex,\n} from "file:///repo/src/crypto.ts";'), module);
  assert.match(
    module,
    /^import \{ sizeOf, maxValueBytes \} from "file:\/\/\/repo\/src\/store\/kv_limits\.ts";$/m,
  );
  assert.match(module, /export default async function example\(\) \{\s*const local = 1;/);
  assert.doesNotMatch(module, /unused/);
});

Deno.test("doc examples: the folders hold examples, and a failing one fails its test", async () => {
  assert.ok(examples.length >= 100, `${examples.length} examples found`);
  for (const dir of ["src", "cli", "bench"]) {
    assert.ok(examples.some((e) => e.file.href.startsWith(new URL(`${dir}/`, ROOT).href)), dir);
  }
  const failing = {
    file: new URL("src/crypto.ts", ROOT),
    firstLine: 1,
    lastLine: 3,
    code:
      'import { strict as assert } from "node:assert";\nassert.equal(toHex(new Uint8Array([255])), "00");',
  };
  await assert.rejects(() => runExample(failing), /AssertionError|Expected values/);
});
