/**
 * The layering README.md promises, checked on the real module graph (`deno info`): imports point
 * down the layers below, no module imports itself back through others, the folders of `src/` form
 * no circle, the domain depends on nothing but itself and leaf helpers, the places (GeoNames) on
 * nothing but the domain, nothing under `src/` reaches up to the CLI, tests, bench or fixtures
 * (by import, or by a URL it reads), only the configuration reads the environment, in the CLI only
 * `cli/process_io.ts` reads the process's environment, working directory and standard streams (the
 * commands get them from `runCli`'s `io`), only `src/store/` talks to Deno KV, and every source
 * file is loaded by an entry point (a helper only tests use sits in a `testdata/` folder).
 *
 * ## Layers
 *
 * Lowest first; a module imports its own part and parts of lower layers only, never a part of a
 * higher layer nor a sibling on its own layer (`LAYERS`):
 *
 * 0. domain: `src/domain/` and the leaf helpers `src/crypto.ts` (with its worker,
 *    `src/crypto_worker.ts`), `src/log.ts`, `src/deno_child.ts`, `src/loaded_on_first_use.ts`
 * 1. places: `src/places/` (GeoNames), which the importer and the index both read
 * 2. store, index, model: storage, the search index, the embedding models, none knowing another
 * 3. ingest, config: the importer writes through the store; the configuration checks the model it
 *    names against the catalog (`src/model/catalog.ts`)
 * 4. search, auth, alerts: the services over the store, the index, the models and the importer
 *    (alerts: saved searches and their deliveries, over the domain's search interface)
 * 5. mcp: the MCP server, which knows only the domain's service interface
 * 6. http: REST and OAuth routes, mounting the MCP server at `/mcp`
 * 7. web: the web page, the operator console and `/metrics` (`src/web/`), on top of the HTTP app
 * 8. runtime: `src/runtime.ts`, which puts a server together
 * 9. cli
 * 10. main: `main.ts`
 *
 * ## Entry points
 *
 * The graph is read from every module that starts a program or a thread: `main.ts`, the CLI, the
 * scripts `deno task` runs from `src/` or `cli/` (the kernel's build script), and every module a
 * source file names by `new URL("./x.ts", import.meta.url)`: the workers and the CV reader's child
 * process (src/ingest/cv_child.ts). A `new Worker(...)` in a file that names no module so is a
 * failure: the test could not see what it starts.
 *
 * Shared helpers go below all their users (text folding in the domain, place names in
 * `src/places/`), not into one of two siblings.
 */
import { strict as assert } from "node:assert";
import { z } from "zod";

const ROOT = new URL("../", import.meta.url);

/**
 * The layers, lowest first: per layer its parts, each a list of folders (ending in `/`) and
 * modules. See the module doc for why each part sits where it does.
 */
const LAYERS: Record<string, string[]>[] = [
  {
    domain: [
      "src/domain/",
      "src/crypto.ts",
      "src/crypto_worker.ts",
      "src/log.ts",
      "src/deno_child.ts",
      "src/loaded_on_first_use.ts",
    ],
  },
  { places: ["src/places/"] },
  { store: ["src/store/"], index: ["src/index/"], model: ["src/model/"] },
  { ingest: ["src/ingest/"], config: ["src/config.ts"] },
  { search: ["src/search/"], auth: ["src/auth/"], alerts: ["src/alerts/"] },
  { mcp: ["src/mcp/"] },
  { http: ["src/http/"] },
  { web: ["src/web/"] },
  { runtime: ["src/runtime.ts"] },
  { cli: ["cli/"] },
  { main: ["main.ts"] },
];

/** The part of the layers a module belongs to, with its layer's rank; null if none. */
function partOf(module: string): { part: string; rank: number } | null {
  for (const [rank, parts] of LAYERS.entries()) {
    for (const [part, members] of Object.entries(parts)) {
      const member = (m: string) => m.endsWith("/") ? module.startsWith(m) : module === m;
      if (members.some(member)) return { part, rank };
    }
  }
  return null;
}

/** The shipped code's source files, not its tests nor their helpers. */
async function sourceFiles(): Promise<string[]> {
  const files: string[] = ["main.ts"];
  const walk = async (dir: string) => {
    for await (const entry of Deno.readDir(new URL(dir, ROOT))) {
      const path = `${dir}${entry.name}`;
      if (entry.isDirectory && entry.name !== "testdata") await walk(`${path}/`);
      else if (/\.ts$/.test(entry.name) && !/_test\.ts$/.test(entry.name)) files.push(path);
    }
  };
  await walk("src/");
  await walk("cli/");
  return files.sort();
}

/** Every file a source file names relative to itself: `new URL("./x", import.meta.url)`. */
async function urlReads(files: string[]): Promise<{ from: string; to: string }[]> {
  const reads: { from: string; to: string }[] = [];
  for (const from of files) {
    const source = await Deno.readTextFile(new URL(from, ROOT));
    for (const match of source.matchAll(/new URL\(\s*(["'`])([^"'`$]+)\1,\s*import\.meta\.url/g)) {
      const to = new URL(match[2], new URL(from, ROOT)).href;
      reads.push({ from, to: repoPath(to) ?? to });
    }
  }
  return reads;
}

const SOURCES = await sourceFiles();
const URL_READS = await urlReads(SOURCES);

/** The scripts `deno task` runs from the shipped code's folders (`deno run ... src/x.ts`). */
async function taskScripts(): Promise<string[]> {
  const { tasks } = JSON.parse(await Deno.readTextFile(new URL("deno.json", ROOT)));
  const commands = Object.values(tasks as Record<string, string | { command: string }>)
    .map((task) => typeof task === "string" ? task : task.command);
  return commands.flatMap((command) =>
    [...command.matchAll(/\bdeno run\b[^&|;]*?\s((?:src|cli)\/[\w/.-]+\.ts|main\.ts)\b/g)]
      .map((match) => match[1])
  );
}

const ENTRY_POINTS = [
  ...new Set([
    "main.ts",
    "cli/main.ts",
    ...await taskScripts(),
    ...URL_READS.map((read) => read.to).filter((to) => /^(src|cli)\/.*\.ts$/.test(to)),
  ]),
].sort();

const InfoSchema = z.object({
  modules: z.array(z.object({
    specifier: z.string(),
    dependencies: z.array(z.object({
      code: z.object({ specifier: z.string() }).optional(),
      type: z.object({ specifier: z.string() }).optional(),
    })).optional(),
  })),
});

/** Module (path relative to the repository) -> the repository modules it imports. */
async function moduleGraph(): Promise<Map<string, string[]>> {
  const graph = new Map<string, string[]>();
  for (const entry of ENTRY_POINTS) {
    const output = await new Deno.Command(Deno.execPath(), {
      args: ["info", "--json", entry],
      cwd: ROOT,
      stdout: "piped",
      stderr: "piped",
    }).output();
    if (!output.success) throw new Error(new TextDecoder().decode(output.stderr));
    const info = InfoSchema.parse(JSON.parse(new TextDecoder().decode(output.stdout)));
    for (const module of info.modules) {
      const path = repoPath(module.specifier);
      if (!path) continue;
      const deps = (module.dependencies ?? [])
        .flatMap((d) => [d.code?.specifier, d.type?.specifier])
        .map((s) => s && repoPath(s))
        .filter((p): p is string => !!p);
      graph.set(path, [...new Set(deps)]);
    }
  }
  return graph;
}

function repoPath(specifier: string): string | null {
  return specifier.startsWith(ROOT.href) ? specifier.slice(ROOT.href.length) : null;
}

/** Strongly connected components of more than one node, or of one node importing itself. */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) {
        found.push(component.sort());
      }
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** `src/http/app.ts` -> `src/http`; top-level modules (`src/config.ts`, `main.ts`) stand alone. */
function folderOf(path: string): string {
  const parts = path.split("/");
  return parts.length > 2 ? parts.slice(0, 2).join("/") : path;
}

function folderGraph(modules: Map<string, string[]>): Map<string, string[]> {
  const folders = new Map<string, Set<string>>();
  for (const [module, deps] of modules) {
    const from = folderOf(module);
    const targets = folders.get(from) ?? new Set<string>();
    for (const dep of deps) {
      const to = folderOf(dep);
      if (to !== from) targets.add(to);
    }
    folders.set(from, targets);
  }
  return new Map([...folders].map(([folder, deps]) => [folder, [...deps]]));
}

const graph = await moduleGraph();

Deno.test("the entry points read include every worker and the kernel's build script", () => {
  const workers = SOURCES.filter((module) => /_worker\.ts$/.test(module));
  assert.ok(workers.length >= 6, `${workers}`);
  assert.deepEqual(workers.filter((module) => !ENTRY_POINTS.includes(module)), []);
  assert.ok(ENTRY_POINTS.includes("src/index/dot_kernel_build.ts"), `${ENTRY_POINTS}`);
  assert.ok(ENTRY_POINTS.includes("src/ingest/cv_child.ts"), `${ENTRY_POINTS}`);
  assert.deepEqual(ENTRY_POINTS.filter((module) => !graph.has(module)), []);
});

Deno.test("every Worker is started from a module named by URL, so its imports are checked", async () => {
  const blind: string[] = [];
  for (const module of SOURCES) {
    const source = await Deno.readTextFile(new URL(module, ROOT));
    if (!/\bnew Worker\(/.test(source)) continue;
    if (!URL_READS.some((read) => read.from === module && /\.ts$/.test(read.to))) {
      blind.push(module);
    }
  }
  assert.deepEqual(blind, []);
});

Deno.test("the module graph holds every part of the layers the entry points load", () => {
  const loaded = new Set([...graph.keys()].map((m) => partOf(m)?.part));
  const parts = LAYERS.flatMap((layer) => Object.keys(layer));
  assert.deepEqual(parts.filter((part) => !loaded.has(part)), []);
});

Deno.test("every source file of src/ and cli/ is loaded by an entry point: no module serves only tests", () => {
  // A helper of the tests alone sits in a `testdata/` folder beside them (src/store/testdata/),
  // which `sourceFiles` leaves out; shipped code nothing runs is dead.
  assert.deepEqual(SOURCES.filter((module) => !graph.has(module)), []);
});

Deno.test("every module the entry points load sits in a layer", () => {
  assert.deepEqual([...graph.keys()].filter((m) => partOf(m) === null), []);
});

Deno.test("imports point down the layers: none up, none to a sibling", () => {
  const against: string[] = [];
  for (const [module, deps] of graph) {
    const from = partOf(module);
    for (const dep of deps) {
      const to = partOf(dep);
      if (!from || !to || to.part === from.part || to.rank < from.rank) continue;
      const how = to.rank === from.rank ? "a sibling" : "a higher layer";
      against.push(`${module} -> ${dep} (${from.part} imports ${to.part}, ${how})`);
    }
  }
  assert.deepEqual(against, [], `imports against the layers:\n  ${against.join("\n  ")}`);
});

Deno.test("no module imports itself back through others", () => {
  assert.deepEqual(circles(graph), []);
});

Deno.test("the folders of src/ and the CLI form no import circle", () => {
  assert.deepEqual(circles(folderGraph(graph)), []);
});

Deno.test("the domain imports only itself and leaf helpers that import nothing of ours", () => {
  // A leaf such as src/crypto.ts (platform primitives only) cannot pull a layer into the domain.
  const isLeaf = (module: string) => (graph.get(module) ?? []).length === 0;
  const outside = [...graph]
    .filter(([module]) => module.startsWith("src/domain/"))
    .flatMap(([module, deps]) =>
      deps.filter((d) => !d.startsWith("src/domain/") && !isLeaf(d)).map((d) => `${module} -> ${d}`)
    );
  assert.deepEqual(outside, []);
});

Deno.test("the places import only the domain: the importer and the index both stand on them", () => {
  const outside = [...graph]
    .filter(([module]) => module.startsWith("src/places/"))
    .flatMap(([module, deps]) =>
      deps.filter((d) => !d.startsWith("src/places/") && !d.startsWith("src/domain/"))
        .map((d) => `${module} -> ${d}`)
    );
  assert.deepEqual(outside, []);
  // Below both: neither may be reached from the places, directly or through the domain.
  const reached = new Set<string>();
  const visit = (module: string) => {
    if (reached.has(module)) return;
    reached.add(module);
    for (const dep of graph.get(module) ?? []) visit(dep);
  };
  for (const module of graph.keys()) if (module.startsWith("src/places/")) visit(module);
  assert.deepEqual([...reached].filter((m) => /^src\/(index|ingest)\//.test(m)), []);
});

Deno.test("nothing under src/ imports the CLI, the tests, the bench or the fixtures", () => {
  const upward = [...graph]
    .filter(([module]) => module.startsWith("src/"))
    .flatMap(([module, deps]) =>
      deps.filter((d) => /^(cli|tests|bench|fixtures)\//.test(d) || d === "main.ts")
        .map((d) => `${module} -> ${d}`)
    );
  assert.deepEqual(upward, []);
});

Deno.test("nothing under src/ reads the CLI, the tests, the bench or the fixtures by URL or path", async () => {
  const upward = URL_READS
    .filter((read) => read.from.startsWith("src/") && /^(cli|tests|bench|fixtures)\//.test(read.to))
    .map((read) => `${read.from} reads ${read.to}`);
  // A path from the working directory (`Deno.readTextFile("fixtures/x")`) is a read too.
  for (const module of SOURCES.filter((m) => m.startsWith("src/"))) {
    const code = (await Deno.readTextFile(new URL(module, ROOT)))
      .replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
    for (
      const match of code.matchAll(
        /(["'`])(?:\.\.?\/)*((?:cli|tests|bench|fixtures)\/[^"'`\s]*)\1/g,
      )
    ) {
      upward.push(`${module} names ${match[2]}`);
    }
  }
  assert.deepEqual(upward, []);
});

Deno.test("under src/ only the configuration reads the environment", async () => {
  const readers: string[] = [];
  for (const module of graph.keys()) {
    if (!module.startsWith("src/") || module === "src/config.ts") continue;
    const source = await Deno.readTextFile(new URL(module, ROOT));
    if (/Deno\.env\b/.test(source)) readers.push(module);
  }
  assert.deepEqual(readers, []);
});

Deno.test("only src/store/ talks to Deno KV: no other module opens one or names its types", async () => {
  const talkers: string[] = [];
  for (const module of graph.keys()) {
    if (module.startsWith("src/store/")) continue;
    const source = await Deno.readTextFile(new URL(module, ROOT));
    const line = source.split("\n").find((text) =>
      /\bDeno\.(openKv|Kv\w*|AtomicOperation)\b/.test(text)
    );
    if (line !== undefined) talkers.push(`${module}: ${line.trim()}`);
  }
  assert.deepEqual(talkers, []);
});

/** What a command must take from `runCli`'s `io` (cli/io.ts) instead of from the process. */
const PROCESS_IO =
  /\bDeno\.(env|cwd|chdir|stdin|stdout|stderr|exit|exitCode|consoleSize|args|addSignalListener)\b|\bprocess\.(env|cwd|chdir|stdin|stdout|stderr|exit|exitCode|argv)\b/;

Deno.test("in cli/ only cli/process_io.ts reads the process's I/O, and the entry hands it over", async () => {
  const readers: string[] = [];
  for (const module of graph.keys()) {
    if (!module.startsWith("cli/") || module === "cli/process_io.ts") continue;
    const source = (await Deno.readTextFile(new URL(module, ROOT)))
      // The process entry itself: `Deno.exit(await runCli(Deno.args, processIo()));`.
      .replace(/^if \(import\.meta\.main\) \{\n[^\n]*\n\}$/m, "");
    const line = source.split("\n").find((text) => PROCESS_IO.test(text));
    if (line !== undefined) readers.push(`${module}: ${line.trim()}`);
  }
  assert.deepEqual(readers, []);
});
