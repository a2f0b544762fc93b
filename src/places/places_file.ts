/**
 * The built GeoNames tables as bytes, and back: what src/places/geonames.ts keeps beside the data
 * file so that a process reads its places in a tenth of the time it takes to build them.
 *
 * Layout: the magic, a u32 length, a JSON header (the key the bytes were made for, the counts and
 * each section's length), then the sections, each starting at a multiple of 8. A string list is
 * its strings' UTF-8 joined by newlines (no GeoNames name or folded key holds one: the data file
 * is one place a line).
 *
 * @module
 */
import { NameIndex, type NameIndexParts } from "./name_index.ts";

/** The places, one entry per place in every array, and the names to them. */
export interface PlaceTables {
  name: string[];
  country: string[];
  /** GeoNames admin1 code (`08` Ontario, `NY`, `ENG`, `02` Bavaria); "" when GeoNames has none. */
  admin1: string[];
  latitude: Float64Array<ArrayBuffer>;
  longitude: Float64Array<ArrayBuffer>;
  population: Uint32Array<ArrayBuffer>;
  /** Folded name or ASCII name → the places of that name. */
  byName: NameIndex;
  /** Folded alternate name → the places that have it but not as their name. */
  byAlternate: NameIndex;
}

const MAGIC = "JSPLACES";

type Section = string[] | Int32Array | Uint32Array | Float64Array;

interface Header {
  key: string;
  places: number;
  lengths: number[];
}

/** Distinct values of `values` and, per value, its number among them. */
function coded(values: string[]): { codes: string[]; of: Uint32Array } {
  const numbers = new Map<string, number>();
  const of = new Uint32Array(values.length);
  values.forEach((value, i) => {
    let n = numbers.get(value);
    if (n === undefined) numbers.set(value, n = numbers.size);
    of[i] = n;
  });
  return { codes: [...numbers.keys()], of };
}

function indexSections(index: NameIndex): Section[] {
  const { slots, names, hashes, head, place, next } = index.parts();
  return [names, slots, hashes, head, place, next];
}

/**
 * The tables as bytes, for `key`; null when a string holds a newline and so cannot be kept
 * (then the places are built each time, as without a kept copy).
 */
export function encodePlaces(tables: PlaceTables, key: string): Uint8Array | null {
  const country = coded(tables.country);
  const admin1 = coded(tables.admin1);
  const sections: Section[] = [
    tables.name,
    country.codes,
    country.of,
    admin1.codes,
    admin1.of,
    tables.latitude,
    tables.longitude,
    tables.population,
    ...indexSections(tables.byName),
    ...indexSections(tables.byAlternate),
  ];
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  for (const section of sections) {
    if (Array.isArray(section)) {
      // An empty list would read back as one empty string.
      if (section.length === 0 || section.some((s) => s.includes("\n"))) return null;
      parts.push(encoder.encode(section.join("\n")));
    } else {
      parts.push(new Uint8Array(section.buffer, section.byteOffset, section.byteLength));
    }
  }
  const header: Header = { key, places: tables.name.length, lengths: parts.map((p) => p.length) };
  const headerBytes = encoder.encode(JSON.stringify(header));
  const start = padded(MAGIC.length + 4 + headerBytes.length);
  const total = parts.reduce((sum, part) => sum + padded(part.length), start);
  const bytes = new Uint8Array(total);
  bytes.set(encoder.encode(MAGIC));
  new DataView(bytes.buffer).setUint32(MAGIC.length, headerBytes.length, true);
  bytes.set(headerBytes, MAGIC.length + 4);
  let offset = start;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += padded(part.length);
  }
  return bytes;
}

/** The tables `bytes` hold; null unless they were made for `key` and are whole. */
export function decodePlaces(bytes: Uint8Array, key: string): PlaceTables | null {
  const decoder = new TextDecoder();
  if (bytes.length < MAGIC.length + 4) return null;
  if (decoder.decode(bytes.subarray(0, MAGIC.length)) !== MAGIC) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = view.getUint32(MAGIC.length, true);
  let header: Header;
  try {
    header = JSON.parse(
      decoder.decode(bytes.subarray(MAGIC.length + 4, MAGIC.length + 4 + headerLength)),
    );
  } catch {
    return null;
  }
  if (header.key !== key || header.lengths?.length !== 20) return null;
  let offset = padded(MAGIC.length + 4 + headerLength);
  let section = 0;
  const next = (): Uint8Array => {
    const length = header.lengths[section++];
    if (offset + length > bytes.length) throw new RangeError("cut short");
    const part = bytes.subarray(offset, offset + length);
    offset += padded(length);
    return part;
  };
  // Copies, not views: a view would keep the whole file's buffer, strings' bytes too, alive.
  const strings = () => decoder.decode(next()).split("\n");
  const int32 = () => new Int32Array(next().slice().buffer);
  const uint32 = () => new Uint32Array(next().slice().buffer);
  const float64 = () => new Float64Array(next().slice().buffer);
  const index = () => {
    const parts: NameIndexParts = {
      names: strings(),
      slots: int32(),
      hashes: uint32(),
      head: int32(),
      place: int32(),
      next: int32(),
    };
    const { names, slots, hashes, head, place } = parts;
    // A table whose arrays disagree could send a probe round the slots for ever.
    const sound = (slots.length & (slots.length - 1)) === 0 && slots.length > names.length &&
      hashes.length === names.length && head.length === names.length &&
      parts.next.length === place.length;
    if (!sound) throw new RangeError("arrays disagree");
    return NameIndex.fromParts(parts);
  };
  try {
    const name = strings();
    const countryCodes = strings();
    const countryOf = uint32();
    const admin1Codes = strings();
    const admin1Of = uint32();
    const tables: PlaceTables = {
      name,
      country: decoded(countryOf, countryCodes),
      admin1: decoded(admin1Of, admin1Codes),
      latitude: float64(),
      longitude: float64(),
      population: uint32(),
      byName: index(),
      byAlternate: index(),
    };
    const places = header.places;
    const whole = [name, tables.country, tables.admin1, tables.latitude, tables.longitude]
      .every((column) => column.length === places) &&
      tables.population.length === places &&
      tables.country.every((c) => c !== undefined) && tables.admin1.every((c) => c !== undefined);
    return whole ? tables : null;
  } catch {
    return null;
  }
}

/** Per number, its code (undefined when out of range); a loop, as `Array.from` maps 3 times slower. */
function decoded(numbers: Uint32Array, codes: string[]): string[] {
  const values: string[] = [];
  for (let i = 0; i < numbers.length; i++) values.push(codes[numbers[i]]);
  return values;
}

function padded(length: number): number {
  return Math.ceil(length / 8) * 8;
}
