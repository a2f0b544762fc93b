/**
 * A snapshot section's codecs: how one is stored and read back into a buffer of its own, on this
 * thread or on the worker thread of `decodeSnapshot` (src/index/snapshot_worker.ts), and what that
 * thread is sent and answers. Kept apart from src/index/snapshot.ts so that the thread loads only
 * this.
 *
 * @module
 */
import { constants, zstdCompressSync, zstdDecompressSync } from "node:zlib";

/**
 * How a section is stored: as it is, as one zstd frame, or (u32 values, mostly ascending: term
 * postings, offsets) as the differences of consecutive values (modulo 2^32) with their bytes in
 * four planes, lowest first, in one zstd frame: the 350 MiB of the descriptions' postings at
 * 1,000,000 postings are stored in 70 MiB instead of 259 (docs/scaling.md, item 11).
 */
export const CODECS = ["raw", "zstd", "zstd-delta32"] as const;
export type Codec = (typeof CODECS)[number];

/** A section is stored compressed when that makes it smaller than this share of its bytes. */
const COMPRESS_BELOW = 0.9;

/** zstd frames with a content checksum: a changed byte fails the section, not just its meaning. */
const ZSTD_OPTIONS = { params: { [constants.ZSTD_c_checksumFlag]: 1 } };

/** u32 values as the differences of consecutive ones, in four byte planes. */
function delta32(values: Uint32Array): Uint8Array {
  const n = values.length;
  const planes = new Uint8Array(4 * n);
  let previous = 0;
  for (let i = 0; i < n; i++) {
    const delta = (values[i] - previous) >>> 0;
    previous = values[i];
    planes[i] = delta & 0xff;
    planes[n + i] = (delta >>> 8) & 0xff;
    planes[2 * n + i] = (delta >>> 16) & 0xff;
    planes[3 * n + i] = delta >>> 24;
  }
  return planes;
}

/**
 * The u32 values (as bytes, in a buffer of their own) of {@linkcode delta32}'s planes, and the
 * largest of them (-1: none), found in the same pass: a caller checking that every value is in
 * range need not read them all again.
 */
function undelta32(planes: Uint8Array): Unpacked {
  if (planes.byteLength % 4 !== 0) throw new RangeError("its planes are not of u32 values");
  const n = planes.byteLength / 4;
  const values = new Uint32Array(n);
  let value = 0;
  let max = -1;
  for (let i = 0; i < n; i++) {
    value = (value + (planes[i] | planes[n + i] << 8 | planes[2 * n + i] << 16 |
      planes[3 * n + i] << 24)) >>> 0;
    values[i] = value;
    if (value > max) max = value;
  }
  return { bytes: new Uint8Array(values.buffer), max };
}

/** A section read back, with its largest u32 value when its codec found it on the way. */
export interface Unpacked {
  bytes: Uint8Array;
  max?: number;
}

/**
 * Gives a buffer's memory back now, where `bytes` is the whole of a buffer nothing else may see
 * (its maker's own, not node:zlib's pool of small buffers): the buffer is detached, its views
 * empty. A large publish makes and drops hundreds of megabytes of them while it holds one thread
 * (each section's raw bytes once compressed, the codec that lost, the delta planes), which V8
 * would collect only after its peak (docs/scaling.md, "(session 20, 2026-11-29)").
 */
export function freeBuffer(bytes: ArrayBufferView): void {
  const { buffer } = bytes;
  if (
    buffer instanceof ArrayBuffer && bytes.byteOffset === 0 &&
    bytes.byteLength === buffer.byteLength && bytes.byteLength >= FREE_FROM_BYTES
  ) {
    buffer.transfer(0);
  }
}

/**
 * Buffers below this are left to the collector: node:zlib's outputs under 4 KiB are views on a
 * shared pool (which the whole-buffer check above tells apart as well).
 */
const FREE_FROM_BYTES = 4096;

/**
 * A section as stored: the smallest of zstd and (for u32 values) zstd of their differences,
 * where that saves at least a tenth of it, else its bytes. What it makes and does not return is
 * freed before it returns ({@linkcode freeBuffer}); `view` is left as it is.
 */
export function storeSection(view: ArrayBufferView): { codec: Codec; bytes: Uint8Array } {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  let best: { codec: Codec; bytes: Uint8Array } = { codec: "raw", bytes };
  if (bytes.byteLength === 0) return best;
  // The delta planes (as large as the values) are made and freed before the plain frame is: the
  // two are never held together (at 1,000,000 postings the description's ids are 368 MB).
  let delta: Uint8Array | undefined;
  if (view instanceof Uint32Array) {
    const planes = delta32(view);
    delta = zstdCompressSync(planes, ZSTD_OPTIONS);
    freeBuffer(planes);
  }
  const zstd = zstdCompressSync(bytes, ZSTD_OPTIONS);
  if (zstd.byteLength < bytes.byteLength * COMPRESS_BELOW) best = { codec: "zstd", bytes: zstd };
  else freeBuffer(zstd);
  if (delta !== undefined) {
    if (delta.byteLength < Math.min(best.bytes.byteLength, bytes.byteLength * COMPRESS_BELOW)) {
      if (best.codec === "zstd") freeBuffer(best.bytes);
      best = { codec: "zstd-delta32", bytes: delta };
    } else {
      freeBuffer(delta);
    }
  }
  return best;
}

/**
 * A compressed section read back: `length` bytes in a buffer of their own. Throws (node:zlib's
 * error, or a RangeError) when its bytes are corrupt; a cut frame decompresses to fewer bytes
 * without an error, which the caller checks.
 */
export function unpackSection(
  stored: Uint8Array,
  length: number,
  codec: "zstd" | "zstd-delta32",
): Unpacked {
  const bytes = unzstd(stored, length);
  return codec === "zstd-delta32" && bytes.byteLength === length ? undelta32(bytes) : { bytes };
}

/**
 * Decompresses a section that holds `length` bytes into one buffer of that length (node:zlib's
 * default 16 KiB chunks, copied together, cost time); it stops past `length`, where the section
 * is corrupt. Throws node:zlib's error when the frame is corrupt; a cut frame decompresses to
 * fewer bytes without one, which the caller checks.
 */
export function unzstd(compressed: Uint8Array, length: number): Uint8Array {
  const raw = zstdDecompressSync(compressed, {
    chunkSize: Math.max(64, length),
    maxOutputLength: Math.max(1, length),
  });
  return new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
}

/** What the worker thread is sent: one section's stored bytes, their length read back, its codec. */
export interface WorkerRequest {
  id: number;
  bytes: Uint8Array;
  length: number;
  codec: "zstd" | "zstd-delta32";
}

/** What it answers: the section (its buffer transferred), or why not. */
export type WorkerReply = { id: number; unpacked: Unpacked; error?: undefined } | {
  id: number;
  error: string;
};
