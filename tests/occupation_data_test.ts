/**
 * The ESCO occupations are obtained like the model's files (src/model/occupation_data.ts): from the
 * operator's folder, pinned by sha256; a file that fails its pin is never read, and without any
 * source the search goes on without them, after one warning.
 */
import { strict as assert } from "node:assert";
import { createLogger } from "../src/log.ts";
import { ESCO_OCCUPATIONS, obtainOccupationData } from "../src/model/occupation_data.ts";
import { testOccupations } from "./helpers.ts";
import { parseOccupations } from "../src/index/occupation_labels.ts";
import {
  keptOccupationsCopy,
  OCCUPATION_SOURCES,
  readOccupations,
} from "../src/search/occupations.ts";
import { loadConfig } from "../src/config.ts";

const FILE = ESCO_OCCUPATIONS.files[0].name;

function recorder() {
  const lines: { level: string; msg: string }[] = [];
  const logger = createLogger({ write: (line) => lines.push(JSON.parse(line)) });
  return { lines, logger };
}

Deno.test("the occupations come from the operator's folder when it holds the pinned file", async () => {
  // The file as the test process obtained it (fetched on first need, verified).
  assert.ok(await testOccupations(), "the ESCO occupations could not be obtained");
  const cached = `${loadConfig(Deno.env.toObject()).modelDir}/${ESCO_OCCUPATIONS.id}/${FILE}`;
  const source = await Deno.makeTempDir({ prefix: "jobseek-esco-source-" });
  const modelDir = await Deno.makeTempDir({ prefix: "jobseek-models-" });
  try {
    await Deno.copyFile(cached, `${source}/${FILE}`);
    const { logger } = recorder();
    const text = await obtainOccupationData({ modelDir, modelSource: source, pip: null }, logger);
    assert.ok(text?.startsWith("id,description"));
    assert.equal(text, await Deno.readTextFile(`${modelDir}/${ESCO_OCCUPATIONS.id}/${FILE}`));
  } finally {
    await Deno.remove(source, { recursive: true });
    await Deno.remove(modelDir, { recursive: true });
  }
});

Deno.test("a file that fails its pin is refused, and the search goes without, after one warning", async () => {
  const source = await Deno.makeTempDir({ prefix: "jobseek-esco-source-" });
  const modelDir = await Deno.makeTempDir({ prefix: "jobseek-models-" });
  try {
    await Deno.writeTextFile(
      `${source}/${FILE}`,
      'id,description\nx,"tampered tampered Tampereds"\n',
    );
    const { lines, logger } = recorder();
    const text = await obtainOccupationData({ modelDir, modelSource: source, pip: null }, logger);
    assert.equal(text, null);
    const warnings = lines.filter((l) => l.level === "warn");
    assert.equal(warnings.length, 1);
    assert.match(warnings[0].msg, /Cannot obtain the ESCO occupations/);
    // Nothing that failed its pin is left where a later start would read it.
    const left = [...Deno.readDirSync(`${modelDir}/${ESCO_OCCUPATIONS.id}`)].map((e) => e.name);
    assert.deepEqual(left, []);
  } finally {
    await Deno.remove(source, { recursive: true });
    await Deno.remove(modelDir, { recursive: true });
  }
});

Deno.test("the occupations are parsed once per file and code, then read from the kept copy", async () => {
  assert.ok(await testOccupations(), "the ESCO occupations could not be obtained");
  const cached = `${loadConfig(Deno.env.toObject()).modelDir}/${ESCO_OCCUPATIONS.id}/${FILE}`;
  const dir = await Deno.makeTempDir({ prefix: "jobseek-esco-kept-" });
  try {
    const file = `${dir}/${FILE}`;
    await Deno.copyFile(cached, file);
    const parsed = parseOccupations(await Deno.readTextFile(file));
    assert.ok(parsed.length > 3000);
    // The first read parses and keeps its copy beside the file, named by the file and the code.
    assert.deepEqual(await readOccupations(file), parsed);
    const kept = keptOccupationsCopy(file)!;
    assert.equal(kept.path, `${file}.jobseek-occupations.json`);
    const copy = JSON.parse(await Deno.readTextFile(kept.path));
    assert.equal(copy.key, kept.key);
    assert.deepEqual(copy.occupations, parsed);
    // A later read takes the copy (a marked copy under the same key is what comes back)...
    const marked = [{ label: "kept copy", labels: "kept copy" }];
    await Deno.writeTextFile(kept.path, JSON.stringify({ key: kept.key, occupations: marked }));
    assert.deepEqual(await readOccupations(file), marked);
    // ...but never one made for other code or another file: that is parsed again and replaced.
    await Deno.writeTextFile(kept.path, JSON.stringify({ key: "other", occupations: marked }));
    assert.deepEqual(await readOccupations(file), parsed);
    assert.equal(JSON.parse(await Deno.readTextFile(kept.path)).key, kept.key);
    await Deno.writeTextFile(kept.path, JSON.stringify({ key: kept.key, occupations: marked }));
    await Deno.utime(file, new Date(), new Date(Date.now() - 60_000));
    assert.notEqual(keptOccupationsCopy(file)!.key, kept.key);
    assert.deepEqual(await readOccupations(file), parsed);
    // A copy cut short by a process that died is no copy.
    await Deno.writeTextFile(kept.path, '{"key":"');
    assert.deepEqual(await readOccupations(file), parsed);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the kept copy of the occupations is named after every module that decides it", () => {
  const reader = import.meta.resolve("../src/search/occupations.ts");
  const named = OCCUPATION_SOURCES.map((s) => new URL(s, reader).href);
  assert.ok(named.includes(import.meta.resolve("../src/index/occupation_labels.ts")));
  // The parser decides the copy with no module of ours beside it: one it came to import would have
  // to be named too, or a change to it would leave the copies of the old code in use.
  for (const href of named.filter((h) => !h.endsWith("/search/occupations.ts"))) {
    const source = Deno.readTextFileSync(new URL(href));
    assert.deepEqual(source.match(/from\s+"\.{1,2}\/[^"]+"/g) ?? [], [], href);
  }
});
