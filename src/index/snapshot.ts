/**
 * Index data ⇄ snapshot bytes (pure; src/store/kv_store.ts chunks them into KV).
 *
 * The text side is Orama's own `save()` output as JSON (loading it took 0.4 s for 20,000 postings,
 * re-inserting them 2-3 s); the vectors are not in Orama (its `save()` writes each twice as JSON
 * numbers, 347 MiB for 20,000, FACTS.md) but kept once, as a binary block:
 *
 * ```
 * "JSNP" | u32 header length | header JSON | padding to 8 | sections...
 * ```
 *
 * Sections (each 8-byte aligned, listed in the header with offset and length): the distinct title
 * vectors as int8 with one f32 scale per row, `vectorOfDoc` u32, the postings as a UTF-8 JSON
 * array, and Orama's saved index as UTF-8 JSON. The whole is gzipped.
 *
 * @module
 */
import type { RawData } from "@orama/orama";
import type { Job } from "../domain/job.ts";
import type { JobIndexData } from "./job_index.ts";

/**
 * Bump when the layout or the meaning of a field changes; servers ignore other versions. 3: the
 * tokenizer's stems changed (Orama's stemmer, stemming exceptions), so Orama's saved terms of a
 * version 2 snapshot no longer meet the analysed queries.
 */
export const SNAPSHOT_FORMAT_VERSION = 3;

const MAGIC = "JSNP";

interface SectionTable {
  [name: string]: [offset: number, length: number];
}

interface Header {
  formatVersion: number;
  model: string;
  dimensions: number;
  docCount: number;
  vectorRows: number;
  sections: SectionTable;
}

async function pipeBytes(
  bytes: Uint8Array,
  transform: CompressionStream | DecompressionStream,
): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(transform);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Quantises unit vectors to int8 with one scale per row: a quarter of the bytes, cosines ±0.01. */
function quantise(vectors: Float32Array, dimensions: number) {
  const rows = vectors.length / dimensions;
  const values = new Int8Array(vectors.length);
  const scales = new Float32Array(rows);
  for (let r = 0; r < rows; r++) {
    let max = 0;
    for (let k = 0; k < dimensions; k++) max = Math.max(max, Math.abs(vectors[r * dimensions + k]));
    const scale = max > 0 ? max / 127 : 1;
    scales[r] = scale;
    for (let k = 0; k < dimensions; k++) {
      values[r * dimensions + k] = Math.round(vectors[r * dimensions + k] / scale);
    }
  }
  return { values, scales };
}

function dequantise(values: Int8Array, scales: Float32Array, dimensions: number): Float32Array {
  const vectors = new Float32Array(values.length);
  for (let r = 0; r < scales.length; r++) {
    const scale = scales[r];
    for (let k = 0, i = r * dimensions; k < dimensions; k++, i++) vectors[i] = values[i] * scale;
  }
  return vectors;
}

function asBytes(view: ArrayBufferView): Uint8Array {
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}

/** Serialises index data, with Orama's saved index, into gzipped snapshot bytes. */
export async function encodeSnapshot(
  data: JobIndexData & { orama: RawData },
): Promise<Uint8Array> {
  const encoder = new TextEncoder();
  const { values, scales } = quantise(data.vectors, data.dimensions);
  const parts: [string, Uint8Array][] = [
    ["vectorOfDoc", asBytes(data.vectorOfDoc)],
    ["vectorScales", asBytes(scales)],
    ["vectors", asBytes(values)],
    ["jobs", encoder.encode(JSON.stringify(data.jobs))],
    ["orama", encoder.encode(JSON.stringify(data.orama))],
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
  return await pipeBytes(raw, new CompressionStream("gzip"));
}

/** Reads the format version without decoding the rest; `null` if these are not snapshot bytes. */
function readHeader(raw: Uint8Array): { header: Header; bodyStart: number } | null {
  if (raw.byteLength < 8 || new TextDecoder().decode(raw.subarray(0, 4)) !== MAGIC) return null;
  const length = new DataView(raw.buffer, raw.byteOffset).getUint32(4, true);
  const header = JSON.parse(new TextDecoder().decode(raw.subarray(8, 8 + length))) as Header;
  return { header, bodyStart: Math.ceil((8 + length) / 8) * 8 };
}

/**
 * Decodes gzipped snapshot bytes. Throws a RangeError naming the problem when the bytes are not a
 * snapshot of this format version.
 */
export async function decodeSnapshot(
  bytes: Uint8Array,
): Promise<JobIndexData & { orama: RawData }> {
  const raw = await pipeBytes(bytes, new DecompressionStream("gzip"));
  const read = readHeader(raw);
  if (!read) throw new RangeError("Cannot decode snapshot: not a jobseek index snapshot");
  const { header, bodyStart } = read;
  if (header.formatVersion !== SNAPSHOT_FORMAT_VERSION) {
    throw new RangeError(
      `Cannot decode snapshot: format version ${header.formatVersion}, expected ${SNAPSHOT_FORMAT_VERSION}`,
    );
  }
  const section = (name: string): [number, number] => {
    const entry = header.sections[name];
    if (!entry || bodyStart + entry[0] + entry[1] > raw.byteLength) {
      throw new RangeError(`Cannot decode snapshot: section ${name} is missing or truncated`);
    }
    return [raw.byteOffset + bodyStart + entry[0], entry[1]];
  };
  const u32 = (name: string) => {
    const [at, length] = section(name);
    return new Uint32Array(raw.buffer, at, length / 4);
  };
  const f32 = (name: string) => {
    const [at, length] = section(name);
    return new Float32Array(raw.buffer, at, length / 4);
  };
  const text = (name: string) => {
    const [at, length] = section(name);
    return new TextDecoder().decode(new Uint8Array(raw.buffer, at, length));
  };
  const [vectorsAt, vectorsLength] = section("vectors");
  const vectors = dequantise(
    new Int8Array(raw.buffer, vectorsAt, vectorsLength),
    f32("vectorScales"),
    header.dimensions,
  );
  const jobs = JSON.parse(text("jobs")) as Job[];
  if (jobs.length !== header.docCount) {
    throw new RangeError("Cannot decode snapshot: posting count does not match its header");
  }
  return {
    model: header.model,
    dimensions: header.dimensions,
    jobs,
    vectors,
    vectorOfDoc: u32("vectorOfDoc"),
    orama: JSON.parse(text("orama")) as RawData,
  };
}
