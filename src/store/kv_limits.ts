/**
 * What Deno KV accepts in one value and one commit, and the size it counts for what is written, so
 * that a writer can refuse a value, or split a write, before KV sees it.
 *
 * @module
 */
import { JobseekError } from "../domain/errors.ts";
import { formatKey } from "./format_key.ts";

/**
 * Deno KV's hard limits (denokv `limits.rs`): one value 64 KiB; one commit 1,000 mutations, 10
 * checks over KV Connect (denokv 0.14's `MAX_CHECKS`; a local SQLite file takes 100) and 800 KiB of
 * keys and values. The commit size keeps a margin under KV's 819,200 bytes.
 */
export const KV_LIMITS = {
  valueBytes: 65_536,
  commitBytes: 800_000,
  commitMutations: 1000,
  commitChecks: 10,
} as const;

/** Checks a commit may hold on a store in this process (`:memory:` or a SQLite file). */
export const LOCAL_COMMIT_CHECKS = 100;

/**
 * Checks a commit may hold at a store location: 10 over KV Connect (an `http(s)` URL), 100 on a
 * local file or in memory. More checks a commit let a writer that checks each record it read
 * write more records at once (postings: 2.2-2.6x faster at 100 than at 10, docs/scaling.md).
 */
export function commitChecksAt(location: string): number {
  return /^https?:\/\//.test(location) ? KV_LIMITS.commitChecks : LOCAL_COMMIT_CHECKS;
}

/**
 * Estimates the size KV will store for a value or key part. V8 serialises each string with one
 * byte per character while all its characters are Latin-1 and two bytes per character otherwise,
 * so a UTF-8 length would under-count CJK text and a whole-value check would over-count mixed
 * values. Byte arrays are stored as they are.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { sizeOf } from "./kv_limits.ts";
 *
 * assert.equal(sizeOf("abc"), 8);
 * assert.equal(sizeOf("東京"), 9);
 * assert.equal(sizeOf(new Uint8Array(1000)), 1010);
 * ```
 */
export function sizeOf(value: unknown): number {
  if (typeof value === "string") {
    // deno-lint-ignore no-control-regex
    return 5 + (/[^\u0000-\u00ff]/.test(value) ? value.length * 2 : value.length);
  }
  if (ArrayBuffer.isView(value)) return 10 + value.byteLength;
  if (Array.isArray(value)) return 5 + value.reduce((n: number, v) => n + sizeOf(v), 0);
  if (value !== null && typeof value === "object") {
    return Object.entries(value).reduce((n, [k, v]) => n + sizeOf(k) + sizeOf(v), 5);
  }
  return 9;
}

/** `value`, or a refusal naming `key` when it is over KV's limit for one value. */
export function checkedValue(key: Deno.KvKey, value: unknown): unknown {
  const bytes = sizeOf(value);
  if (bytes > KV_LIMITS.valueBytes) {
    throw new JobseekError(
      "INTERNAL_ERROR",
      `Cannot store ${formatKey(key)}: its ${bytes} bytes are over KV's limit of ` +
        `${KV_LIMITS.valueBytes} bytes for one value`,
    );
  }
  return value;
}
