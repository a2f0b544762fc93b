/**
 * Index data ⇄ snapshot bytes (pure; src/store/snapshot_store.ts chunks them into KV).
 *
 * ```
 * "JSNZ" | u32 length of the raw snapshot | zstd(raw snapshot)
 * raw snapshot: "JSNP" | u32 header length | header JSON | padding to 8 | sections...
 * ```
 *
 * Sections (each 8-byte aligned, listed in the header with offset and length): the distinct title
 * vectors as int8 with one f32 scale per row, `vectorOfDoc` u32, per text field the terms by
 * position (src/index/term_dictionary.ts: `start` u32, `ids` u32, `counts` u16) and each posting's
 * field length (`lengths` u32), the words as one JSON object, the postings as UTF-8 JSON arrays
 * without descriptions (`jobs.0`, `jobs.1`, ..., {@linkcode JOBS_PER_PART} each), and two text
 * columns (src/index/text_column.ts: UTF-8 one after another, u32 ends): the folded start of each
 * description that reposts compare, and each posting's fingerprint; each posting's repost group
 * (u32) and the postings' places as JSON (src/index/query_place.ts), made at publish so that a
 * cold start does not fold every title, company and city again. The descriptions stay in the
 * store (at 1,000,000 real-length postings they were 3.6 GB, 72% of a snapshot; docs/scaling.md).
 * Everything a search reads is a typed array copied out of the snapshot's bytes: loading builds no
 * object per term or per occurrence. zstd decompresses the 33 MiB of a 20,000-posting snapshot in ~50 ms,
 * gzip (`DecompressionStream`) took ~300 ms for the former 58.
 *
 * @module
 */
import { zstdCompressSync, zstdDecompressSync } from "node:zlib";
import { z } from "zod";
import type { Job } from "../domain/job.ts";
import { descriptionColumnsOf, type JobIndexData } from "./job_index_data.ts";
import { int8RowsOf } from "./title_vectors.ts";
import { TextColumn } from "./text_column.ts";
import { repostGroups } from "./reposts.ts";
import {
  buildGazetteer,
  type Gazetteer,
  gazetteerFromJson,
  gazetteerToJson,
} from "./query_place.ts";
import type { TextField } from "./ranking.ts";
import type { FieldTerms, PositionText, TermDictionary } from "./term_dictionary.ts";

/**
 * Bump when the layout or the meaning of a field changes; servers ignore other versions. 3: the
 * tokenizer's stems changed (Orama's stemmer, stemming exceptions), so Orama's saved terms of a
 * version 2 snapshot no longer meet the analysed queries. 4: zstd instead of gzip, the text fields'
 * terms as a binary dictionary instead of Orama's radix trees and `frequencies`, no Orama
 * documents, descriptions apart from the postings' JSON (loading 20,000 postings: 1.3 s → 0.36 s,
 * docs/search.md). 5: no section is one JavaScript string of the whole corpus (V8's strings end at
 * 2^29 characters, which the descriptions of ~620,000 real postings pass): descriptions are
 * written one by one as UTF-8 with byte offsets, the postings' JSON in parts of
 * {@linkcode JOBS_PER_PART}. 6: Orama indexes the text fields only (filters test the postings,
 * src/domain/filters.ts); postings carry work mode, seniority and coordinates. 7: no Orama index
 * at all, the terms by posting position with each posting's field lengths (an index of 1,000,000
 * postings no longer loads into an Orama instance); no descriptions, only the columns kept of them
 * (docs/scaling.md).
 */
export const SNAPSHOT_FORMAT_VERSION = 7;

/** Postings per JSON section: 100,000 real postings without descriptions are ~40 MB of JSON. */
export const JOBS_PER_PART = 100_000;

/** The text fields of the term dictionary, in section order. */
const TERM_FIELDS: (keyof TermDictionary)[] = [
  "title",
  "tags",
  "company",
  "location",
  "description",
];

/** What a snapshot holds: index data with the terms of its text. */
export type SnapshotData = JobIndexData & { text: PositionText };

const MAGIC = "JSNP";

const count = z.number().int().nonnegative();

const HeaderSchema = z.object({
  formatVersion: z.number().int(),
  model: z.string(),
  dimensions: z.number().int().positive(),
  docCount: count,
  vectorRows: count,
  sections: z.record(z.string(), z.tuple([count, count])),
});

type SectionTable = Header["sections"];
type Header = z.infer<typeof HeaderSchema>;

/**
 * Before the zstd frame: these 4 bytes and the length of what it holds (u32), so that it
 * decompresses into one buffer (node:zlib's default 16 KiB chunks, copied together, cost 40 ms).
 */
const OUTER_MAGIC = "JSNZ";

function asBytes(view: ArrayBufferView): Uint8Array {
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}

/**
 * The postings as JSON without their descriptions, in parts (no string holds more than one part's
 * JSON), and the columns kept of the descriptions: each one's folded start for reposts, each
 * posting's fingerprint.
 */
function jobSections(data: SnapshotData, perPart: number): [string, Uint8Array][] {
  const { jobs } = data;
  const encoder = new TextEncoder();
  const parts: [string, Uint8Array][] = [];
  for (let start = 0, n = 0; start < jobs.length || n === 0; start += perPart, n++) {
    const slim = jobs.slice(start, start + perPart).map((job) => ({ ...job, job_description: "" }));
    parts.push([`jobs.${n}`, encoder.encode(JSON.stringify(slim))]);
  }
  const columns = descriptionColumnsOf(data);
  const repostTexts = columns.repostTexts.section();
  const fingerprints = columns.fingerprints.section();
  const groups = data.repostGroups ??
    repostGroups(jobs, (p) => columns.repostTexts.get(p));
  const gazetteer = gazetteerToJson(data.gazetteer ?? buildGazetteer(jobs));
  return [
    ...parts,
    ["repostGroups", asBytes(groups)],
    ["gazetteer", encoder.encode(JSON.stringify(gazetteer))],
    ["repostTexts", repostTexts.bytes],
    ["repostTextEnds", asBytes(repostTexts.ends)],
    ["fingerprints", fingerprints.bytes],
    ["fingerprintEnds", asBytes(fingerprints.ends)],
  ];
}

/** Serialises index data and the terms of its text into compressed snapshot bytes. */
export function encodeSnapshot(
  data: SnapshotData,
  options: { jobsPerPart?: number } = {},
): Promise<Uint8Array> {
  const encoder = new TextEncoder();
  const { values, scales } = int8RowsOf(data);
  const { terms, lengths } = data.text;
  const words = Object.fromEntries(TERM_FIELDS.map((f) => [f, terms[f].words]));
  const parts: [string, Uint8Array][] = [
    ["vectorOfDoc", asBytes(data.vectorOfDoc)],
    ["vectorScales", asBytes(scales)],
    ["vectors", asBytes(values)],
    ...TERM_FIELDS.flatMap((f): [string, Uint8Array][] => [
      [`${f}.start`, asBytes(terms[f].start)],
      [`${f}.ids`, asBytes(terms[f].ids)],
      [`${f}.counts`, asBytes(terms[f].counts)],
      [`${f}.lengths`, asBytes(lengths[f])],
    ]),
    ["words", encoder.encode(JSON.stringify(words))],
    ...jobSections(data, options.jobsPerPart ?? JOBS_PER_PART),
  ];
  const sections: SectionTable = {};
  let offset = 0;
  for (const [name, bytes] of parts) {
    sections[name] = [offset, bytes.byteLength];
    offset += Math.ceil(bytes.byteLength / 8) * 8;
  }
  const header: Header = {
    formatVersion: SNAPSHOT_FORMAT_VERSION,
    model: data.model,
    dimensions: data.dimensions,
    docCount: data.jobs.length,
    vectorRows: scales.length,
    sections,
  };
  const headerBytes = encoder.encode(JSON.stringify(header));
  const bodyStart = Math.ceil((8 + headerBytes.byteLength) / 8) * 8;
  const raw = new Uint8Array(bodyStart + offset);
  raw.set(encoder.encode(MAGIC), 0);
  new DataView(raw.buffer).setUint32(4, headerBytes.byteLength, true);
  raw.set(headerBytes, 8);
  for (const [name, bytes] of parts) raw.set(bytes, bodyStart + sections[name][0]);
  const compressed = zstdCompressSync(raw);
  const bytes = new Uint8Array(8 + compressed.byteLength);
  bytes.set(encoder.encode(OUTER_MAGIC), 0);
  new DataView(bytes.buffer).setUint32(4, raw.byteLength, true);
  bytes.set(compressed, 8);
  return Promise.resolve(bytes);
}

/** Reads the header without decoding the rest; `null` if these are not snapshot bytes. */
function readHeader(raw: Uint8Array): { header: Header; bodyStart: number } | null {
  if (raw.byteLength < 8 || new TextDecoder().decode(raw.subarray(0, 4)) !== MAGIC) return null;
  const length = new DataView(raw.buffer, raw.byteOffset).getUint32(4, true);
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(raw.subarray(8, 8 + length)));
  } catch {
    throw new RangeError("Cannot decode snapshot: its header is corrupt");
  }
  // The version first: another format's header may have other fields.
  const version = (json as { formatVersion?: unknown } | null)?.formatVersion;
  if (version !== SNAPSHOT_FORMAT_VERSION) {
    throw new RangeError(
      `Cannot decode snapshot: format version ${version}, expected ${SNAPSHOT_FORMAT_VERSION}`,
    );
  }
  const header = HeaderSchema.safeParse(json);
  if (!header.success) throw new RangeError("Cannot decode snapshot: its header is corrupt");
  return { header: header.data, bodyStart: Math.ceil((8 + length) / 8) * 8 };
}

/**
 * Decompresses snapshot bytes, 8-byte aligned for the typed views on its sections. node:zlib
 * decompresses a cut zstd frame without complaint (to fewer bytes, or none), so the length recorded
 * before the frame is what tells a whole snapshot from a truncated one.
 */
function decompress(bytes: Uint8Array): Uint8Array {
  if (bytes.byteLength < 8 || new TextDecoder().decode(bytes.subarray(0, 4)) !== OUTER_MAGIC) {
    throw new RangeError("Cannot decode snapshot: not a jobseek index snapshot");
  }
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true);
  let raw: Uint8Array;
  try {
    raw = zstdDecompressSync(bytes.subarray(8), { chunkSize: Math.max(2 ** 16, length) });
  } catch (error) {
    throw new RangeError("Cannot decode snapshot: its compressed data is corrupt", {
      cause: error,
    });
  }
  if (raw.byteLength !== length) {
    throw new RangeError(
      `Cannot decode snapshot: truncated or corrupt (${raw.byteLength} of ${length} bytes)`,
    );
  }
  return raw.byteOffset % 8 === 0 ? raw : new Uint8Array(raw);
}

/**
 * Decodes compressed snapshot bytes. Throws a RangeError naming the problem when the bytes are not
 * a whole, consistent snapshot of this format version.
 */
export function decodeSnapshot(bytes: Uint8Array): Promise<SnapshotData> {
  try {
    return Promise.resolve(decodeRaw(decompress(bytes)));
  } catch (error) {
    return Promise.reject(error);
  }
}

function corrupt(what: string): RangeError {
  return new RangeError(`Cannot decode snapshot: ${what}`);
}

/**
 * Every section an index keeps is copied out of `raw`, so that the raw snapshot is freed once
 * decoded: views would keep all of it (the postings' JSON, 420 MB at 1,000,000 postings) for as long
 * as the index lives, and the vectors twice (usearch needs them at the start of a buffer of their
 * own, src/index/title_vectors.ts).
 */
function decodeRaw(raw: Uint8Array): SnapshotData {
  const read = readHeader(raw);
  if (!read) throw corrupt("not a jobseek index snapshot");
  const { header, bodyStart } = read;
  const { docCount, vectorRows, dimensions } = header;
  /** A section's bytes, checked to lie within the snapshot and to hold whole `size`-byte items. */
  const bytesOf = (name: string, size = 1): [at: number, length: number] => {
    const entry = header.sections[name];
    if (!entry || bodyStart + entry[0] + entry[1] > raw.byteLength) {
      throw corrupt(`section ${name} is missing or truncated`);
    }
    const at = raw.byteOffset + bodyStart + entry[0];
    if (at % size !== 0 || entry[1] % size !== 0) throw corrupt(`section ${name} is misaligned`);
    return [at, entry[1]];
  };
  const u32 = (name: string) => {
    const [at, length] = bytesOf(name, 4);
    return new Uint32Array(raw.buffer, at, length / 4).slice();
  };
  const u16 = (name: string) => {
    const [at, length] = bytesOf(name, 2);
    return new Uint16Array(raw.buffer, at, length / 2).slice();
  };
  const f32 = (name: string) => {
    const [at, length] = bytesOf(name, 4);
    return new Float32Array(raw.buffer, at, length / 4).slice();
  };
  const text = (name: string) => {
    const [at, length] = bytesOf(name);
    return new TextDecoder().decode(new Uint8Array(raw.buffer, at, length));
  };
  const json = (name: string): unknown => {
    try {
      return JSON.parse(text(name));
    } catch (error) {
      if (error instanceof SyntaxError) throw corrupt(`section ${name} is corrupt`);
      throw error;
    }
  };

  const [vectorsAt, vectorsLength] = bytesOf("vectors");
  const scales = f32("vectorScales");
  if (scales.length !== vectorRows || vectorsLength !== vectorRows * dimensions) {
    throw corrupt(`the vectors do not make ${vectorRows} rows of ${dimensions}`);
  }
  // Kept as int8: a search scans them so (src/index/title_vectors.ts).
  const vectors = new Int8Array(raw.buffer, vectorsAt, vectorsLength).slice();
  // A row out of range would give its posting no vector: it would silently never be found.
  const vectorOfDoc = u32("vectorOfDoc");
  if (vectorOfDoc.length !== docCount) {
    throw corrupt(`${vectorOfDoc.length} vector rows of postings for ${docCount} postings`);
  }
  for (let p = 0; p < docCount; p++) {
    if (vectorOfDoc[p] >= vectorRows) {
      throw corrupt(`posting ${p} has vector row ${vectorOfDoc[p]}, of ${vectorRows} rows`);
    }
  }

  const jobs: Job[] = [];
  for (let n = 0; `jobs.${n}` in header.sections; n++) {
    const part = json(`jobs.${n}`);
    if (!Array.isArray(part)) throw corrupt(`section jobs.${n} is corrupt`);
    for (const job of part) jobs.push(job);
  }
  if (jobs.length !== docCount) throw corrupt("posting count does not match its header");
  const column = (name: string, ends: string) => {
    const [at, length] = bytesOf(name);
    const offsets = u32(ends);
    if (offsets.length !== jobs.length) throw corrupt(`${name} do not match the postings`);
    try {
      return TextColumn.ofSection(new Uint8Array(raw.buffer, at, length).slice(), offsets);
    } catch {
      throw corrupt(`${name} do not match the postings`);
    }
  };
  const repostTexts = column("repostTexts", "repostTextEnds");
  const fingerprints = column("fingerprints", "fingerprintEnds");
  const groups = u32("repostGroups");
  if (groups.length !== docCount) throw corrupt("repost groups do not match the postings");
  for (let p = 0; p < docCount; p++) {
    if (groups[p] > p) throw corrupt(`posting ${p} is in the repost group of a later one`);
  }
  let gazetteer: Gazetteer;
  try {
    gazetteer = gazetteerFromJson(json("gazetteer"));
  } catch (error) {
    if (error instanceof RangeError && !error.message.startsWith("Cannot decode")) {
      throw corrupt("section gazetteer is corrupt");
    }
    throw error;
  }

  const words = json("words") as Record<string, unknown> | null;
  const terms = {} as TermDictionary;
  const lengths = {} as Record<TextField, Uint32Array>;
  for (const f of TERM_FIELDS) {
    const fieldWords = words?.[f];
    const start = u32(`${f}.start`);
    const ids = u32(`${f}.ids`);
    const counts = u16(`${f}.counts`);
    if (
      !Array.isArray(fieldWords) || start.length !== fieldWords.length + 1 ||
      start[fieldWords.length] !== ids.length || counts.length !== ids.length
    ) {
      throw corrupt(`the terms of ${f} do not match`);
    }
    for (let k = 0; k < ids.length; k++) {
      if (ids[k] >= docCount) throw corrupt(`the terms of ${f} name no posting`);
    }
    terms[f] = { words: fieldWords, start, ids, counts } satisfies FieldTerms;
    lengths[f] = u32(`${f}.lengths`);
    if (lengths[f].length !== docCount) throw corrupt(`the lengths of ${f} do not match`);
  }
  return {
    model: header.model,
    dimensions,
    jobs,
    vectors,
    vectorScales: scales,
    vectorOfDoc,
    repostTexts,
    fingerprints,
    repostGroups: groups,
    gazetteer,
    text: { terms, lengths },
  };
}
