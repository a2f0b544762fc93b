/**
 * The ESCO occupations are obtained like the model's files (src/model/occupation_data.ts): from the
 * operator's folder, pinned by sha256; a file that fails its pin is never read, and without any
 * source the search goes on without them, after one warning.
 */
import { strict as assert } from "node:assert";
import { createLogger } from "../src/log.ts";
import { ESCO_OCCUPATIONS, obtainOccupationData } from "../src/model/occupation_data.ts";
import { testOccupations } from "./helpers.ts";
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
