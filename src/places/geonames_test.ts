import { strict as assert } from "node:assert";
import { buildFromFile, geoNames, keptCopy, TABLE_SOURCES } from "./geonames.ts";
import type { NameIndex } from "./name_index.ts";
import { decodePlaces, encodePlaces, type PlaceTables } from "./places_file.ts";

const fresh = buildFromFile();

function assertSameIndex(actual: NameIndex, expected: NameIndex) {
  const want = expected.parts();
  assert.deepEqual(actual.parts(), want);
  // Every name finds what it found in the table as built, in the same order.
  for (const key of want.names) assert.deepEqual(actual.places(key), expected.places(key), key);
  assert.deepEqual(actual.places("no such place anywhere"), []);
}

function assertSameTables(actual: PlaceTables, expected: PlaceTables) {
  assert.deepEqual(actual.name, expected.name);
  assert.deepEqual(actual.country, expected.country);
  assert.deepEqual(actual.admin1, expected.admin1);
  assert.deepEqual(actual.latitude, expected.latitude);
  assert.deepEqual(actual.longitude, expected.longitude);
  assert.deepEqual(actual.population, expected.population);
  assertSameIndex(actual.byName, expected.byName);
  assertSameIndex(actual.byAlternate, expected.byAlternate);
}

Deno.test("the kept copy of the places reads back as the tables built from the data file", () => {
  const bytes = encodePlaces(fresh, "key");
  assert.ok(bytes);
  const back = decodePlaces(bytes, "key");
  assert.ok(back);
  assertSameTables(back, fresh);
});

Deno.test("the places a process loads (from the kept copy when there is one) are those built", () => {
  assertSameTables(geoNames(), fresh);
});

Deno.test("a kept copy made for other code or data, or cut short, is not read", () => {
  const bytes = encodePlaces(fresh, "key")!;
  assert.equal(decodePlaces(bytes, "another key"), null);
  assert.equal(decodePlaces(bytes.subarray(0, bytes.length >> 1), "key"), null);
  assert.equal(decodePlaces(bytes.subarray(0, 6), "key"), null);
  assert.equal(decodePlaces(new TextEncoder().encode("cities500"), "key"), null);
});

Deno.test("a kept copy is keyed to the data file's size and time of change", () => {
  const dir = Deno.makeTempDirSync();
  try {
    const file = `${dir}/cities500.txt`;
    Deno.writeTextFileSync(file, "one place\n");
    Deno.utimeSync(file, 1_700_000_000, 1_700_000_000);
    const first = keptCopy(file);
    assert.ok(first);
    assert.equal(first.path, `${dir}/cities500.jobseek-places`);
    assert.equal(keptCopy(file)?.key, first.key);
    Deno.utimeSync(file, 1_700_000_000, 1_700_000_001);
    assert.notEqual(keptCopy(file)?.key, first.key);
    Deno.writeTextFileSync(file, "two places\n");
    Deno.utimeSync(file, 1_700_000_000, 1_700_000_000);
    assert.notEqual(keptCopy(file)?.key, first.key);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("the kept copy's key covers the source of every module the tables are built by", async () => {
  const root = new URL("../../", import.meta.url);
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", "src/places/geonames.ts"],
    cwd: root,
    stdout: "piped",
  }).output();
  const info = JSON.parse(new TextDecoder().decode(output.stdout)) as {
    modules: { specifier: string }[];
  };
  const ours = info.modules.map((m) => m.specifier).filter((s) => s.startsWith(root.href));
  const keyed = TABLE_SOURCES.map((source) => new URL(source, import.meta.url).href);
  assert.deepEqual(ours.sort(), keyed.sort());
});
