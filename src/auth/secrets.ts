/**
 * Random secrets and their digests, shared by API keys and OAuth tokens: both are 256 random bits,
 * shown once, and stored only as SHA-256 (a fast hash is enough for secrets that cannot be guessed).
 *
 * @module
 */
import { createHash } from "node:crypto";

/**
 * Bytes as unpadded base64url (RFC 4648 section 5).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { toBase64Url } from "./secrets.ts";
 *
 * assert.equal(toBase64Url(new Uint8Array([251, 255])), "-_8");
 * ```
 */
export function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** `prefix` followed by 32 random bytes in base64url (43 characters). */
export function randomSecret(prefix = ""): string {
  return prefix + toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/**
 * The SHA-256 digest of `text` (UTF-8). node:crypto's hash rather than `crypto.subtle`: every
 * request hashes its key, and the synchronous hash costs ~3 µs where the WebCrypto round trip
 * costs ~30 µs (measured with Deno 2.9; it was a fifth of the REST layer's CPU time).
 */
export function sha256(text: string): Promise<Uint8Array> {
  return Promise.resolve(new Uint8Array(createHash("sha256").update(text, "utf8").digest()));
}

/** Bytes as lower-case hex. */
export function toHex(bytes: Uint8Array): string {
  // A table and one string: this runs on every request (the key's hash is looked up by it).
  let hex = "";
  for (let i = 0; i < bytes.length; i++) hex += HEX[bytes[i]];
  return hex;
}

const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));

/**
 * The hex SHA-256 of `text`: what the store keeps of a secret.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { sha256Hex } from "./secrets.ts";
 *
 * assert.equal(
 *   await sha256Hex("abc"),
 *   "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
 * );
 * ```
 */
export async function sha256Hex(text: string): Promise<string> {
  return toHex(await sha256(text));
}
