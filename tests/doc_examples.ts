/**
 * The examples in the doc comments of `src/`, `cli/`, `fixtures/` and `bench/`, read and run the
 * way `deno test --doc` runs them, but all in one worker.
 *
 * `deno test --doc` makes each example a module of its own and runs each module in a fresh worker:
 * 104 examples took 13 CPU-seconds, nearly all of it starting workers and loading the same code
 * again (docs/testing.md, "Fifth pass"). `deno task check` still type-checks every example with
 * Deno's own reading of them (`deno check --doc`); what is here only runs them.
 *
 * An example is a fenced block in a `/** ... *\/` comment whose language is a JavaScript or
 * TypeScript one, without the `ignore` attribute (a block with no language is not run: Deno 2.9
 * runs none of ours). As Deno does: its own imports stay
 * imports, a relative one read from the documented file's folder, and the documented module's
 * exports that the example names (and does not declare) are imported for it.
 *
 * @module
 */

/** The folders whose doc comments hold the examples (`deno task check` type-checks the same). */
export const DOC_DIRS: readonly string[] = ["src", "cli", "fixtures", "bench"];

/** One example: where it is, and its code. */
export interface DocExample {
  /** The documented module. */
  file: URL;
  /** Lines of its opening and closing fence, from 1. */
  firstLine: number;
  lastLine: number;
  code: string;
}

const LANGUAGES = new Set([
  "js",
  "javascript",
  "mjs",
  "cjs",
  "jsx",
  "ts",
  "typescript",
  "mts",
  "cts",
  "tsx",
]);

/** The examples of one module's text. */
export function examplesOf(file: URL, text: string): DocExample[] {
  const lines = text.split("\n");
  const examples: DocExample[] = [];
  let inComment = false;
  let fence: { line: number; run: boolean; code: string[] } | undefined;
  lines.forEach((line, index) => {
    if (!inComment) {
      // A doc comment opens at the start of a line (after indentation) and is not closed on it.
      if (/^\s*\/\*\*(?!.*\*\/)/.test(line)) inComment = true;
      return;
    }
    if (/\*\//.test(line)) {
      inComment = false;
      fence = undefined;
      return;
    }
    const body = line.replace(/^\s*\* ?/, "");
    const opening = /^```\s*([\w-]*)\s*(.*)$/.exec(body);
    if (fence === undefined) {
      if (opening) {
        const [, language, attributes] = opening;
        const run = LANGUAGES.has(language.toLowerCase()) && !/\bignore\b/.test(attributes);
        fence = { line: index + 1, run, code: [] };
      }
    } else if (/^```\s*$/.test(body)) {
      if (fence.run) {
        examples.push({
          file,
          firstLine: fence.line,
          lastLine: index + 1,
          code: fence.code.join("\n"),
        });
      }
      fence = undefined;
    } else {
      fence.code.push(body);
    }
  });
  return examples;
}

const IMPORT =
  /^\s*import\s+(?:[\s\S]*?\s+from\s+)?(["'])([^"']+)\1(?:\s+with\s*\{[^}]*\})?\s*;?/gm;

/**
 * The module that runs `example`: its imports at the top (relative ones made absolute), the
 * documented module's exports it uses, and its code as the body of an exported function.
 */
export function moduleOf(example: DocExample, exportNames: readonly string[]): string {
  const imports: string[] = [];
  const body = example.code.replace(IMPORT, (statement, _quote, specifier: string) => {
    const absolute = specifier.startsWith("./") || specifier.startsWith("../")
      ? new URL(specifier, example.file).href
      : specifier;
    imports.push(statement.trim().replace(specifier, absolute));
    return "";
  });
  const mentioned = (name: string) =>
    new RegExp(`(?<![\\w$.])${name.replace(/\$/g, "\\$")}(?![\\w$])`).test(body);
  const imported = (name: string) =>
    imports.some((statement) => new RegExp(`\\b${name}\\b`).test(statement));
  const declared = (name: string) =>
    new RegExp(`\\b(?:const|let|var|function|class)\\s+${name.replace(/\$/g, "\\$")}\\b`).test(
      body,
    );
  const used = exportNames.filter((name) =>
    name !== "default" && mentioned(name) && !imported(name) && !declared(name)
  );
  if (used.length > 0) imports.push(`import { ${used.join(", ")} } from "${example.file.href}";`);
  return `${imports.join("\n")}\nexport default async function example() {\n${body}\n}\n`;
}

/** The examples of every module under `dirs` (folders of the checkout), test files left out. */
export async function findExamples(root: URL, dirs: readonly string[]): Promise<DocExample[]> {
  const found: DocExample[] = [];
  const walk = async (dir: URL): Promise<void> => {
    const entries = [];
    for await (const entry of Deno.readDir(dir)) entries.push(entry);
    entries.sort((a, b) => a.name < b.name ? -1 : 1);
    for (const entry of entries) {
      const url = new URL(entry.name + (entry.isDirectory ? "/" : ""), dir);
      if (entry.isDirectory) await walk(url);
      else if (/\.(ts|tsx|js|mjs)$/.test(entry.name) && !/_test\.ts$/.test(entry.name)) {
        found.push(...examplesOf(url, await Deno.readTextFile(url)));
      }
    }
  };
  for (const dir of dirs) await walk(new URL(`${dir}/`, root));
  return found;
}

/** Writes the example's module to a temporary file, runs it, and removes the file. */
export async function runExample(example: DocExample): Promise<void> {
  const exportNames = Object.keys(await import(example.file.href));
  const name = example.file.pathname.split("/").pop()!.replace(/\.\w+$/, "");
  const path = await Deno.makeTempFile({
    prefix: `jobseek_doc_${name}_${example.firstLine}_${example.lastLine}_`,
    suffix: ".ts",
  });
  try {
    await Deno.writeTextFile(path, moduleOf(example, exportNames));
    // Loaded once imported: the file is not needed to run it.
    const module = await import(new URL(`file://${path}`).href);
    await Deno.remove(path);
    await module.default();
  } finally {
    await Deno.remove(path).catch(() => {});
  }
}
