/**
 * How a posting is kept under `["jobs", id]`. Older stores hold the posting as an object (V8's
 * serialisation: two bytes a character for any string with a character past Latin-1, 92% of real
 * descriptions). Stores whose first posting is written by this version hold UTF-8 JSON bytes of
 * the posting's fields in key order: about half the bytes, no V8 serialisation, and the same bytes
 * hashed for the change log's fingerprint, so a posting is encoded once (issue #40, session 22:
 * docs/scaling.md). Readers take both forms.
 *
 * @module
 */
import { z } from "zod";
import type { Job } from "../domain/job.ts";
import { sha256Hex } from "../crypto.ts";
import { KV_LIMITS, sizeOf } from "./kv_limits.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

/** A posting as it is written, with its fingerprint and the bytes KV will count for it. */
export interface EncodedPosting {
  value: Uint8Array | Job;
  fingerprint: string;
  bytes: number;
}

/**
 * The posting's fields in key order, absent ones left out, as JSON: what `jobFingerprint`
 * (src/domain/job_fingerprint.ts) hashes, and, as UTF-8, what a store of JSON postings keeps.
 */
function canonicalJson(job: Job): string {
  const fields = Object.entries(job).filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
  return JSON.stringify(fields);
}

/**
 * Encodes a posting for a store that keeps postings as JSON (`json`) or as objects. The
 * fingerprint equals `jobFingerprint(job)` either way. A posting whose UTF-8 is over KV's limit
 * for one value while V8's form is not (text of mostly three-byte characters, such as CJK, is 1.5
 * times larger in UTF-8) is kept as an object even in a JSON store: readers take both.
 */
export function encodePosting(job: Job, json: boolean): EncodedPosting {
  const utf8 = encoder.encode(canonicalJson(job));
  const fingerprint = sha256Hex(utf8).slice(0, 32);
  const bytes = sizeOf(utf8);
  if (json && bytes <= KV_LIMITS.valueBytes) return { value: utf8, fingerprint, bytes };
  return { value: job, fingerprint, bytes: sizeOf(job) };
}

/**
 * A posting as read: UTF-8 JSON bytes of its fields (see {@linkcode encodePosting}) turned back
 * into an object; any other value as it is. Bytes that are no such JSON are left as they are, to
 * fail the reader's schema as any corrupt record does.
 */
export function decodePosting(value: unknown): unknown {
  if (!(value instanceof Uint8Array)) return value;
  try {
    const fields: unknown = JSON.parse(decoder.decode(value));
    if (
      !Array.isArray(fields) ||
      !fields.every((field) =>
        Array.isArray(field) && field.length === 2 && typeof field[0] === "string"
      )
    ) {
      return value;
    }
    return Object.fromEntries(fields);
  } catch {
    return value;
  }
}

/** `schema` over a posting's stored value in either form. */
export function storedPosting<T>(schema: z.ZodType<T>): z.ZodType<T> {
  return z.preprocess(decodePosting, schema) as unknown as z.ZodType<T>;
}
