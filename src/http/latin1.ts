/**
 * Bytes as text one character a byte, and back: HTTP/1.1 heads are ASCII, and reading them as
 * Latin-1 keeps every other byte as it came, so a head rewritten this way is forwarded unchanged.
 *
 * @module
 */

/**
 * Each byte as the character of the same code.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(latin1(new Uint8Array([71, 69, 84, 0xe9])), "GET\u00e9");
 * ```
 */
export function latin1(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    text += String.fromCharCode(...bytes.subarray(i, i + 8192));
  }
  return text;
}

/**
 * Each character as the byte of the same code: the inverse of {@linkcode latin1}.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(fromLatin1("GET\u00e9"), new Uint8Array([71, 69, 84, 0xe9]));
 * ```
 */
export function fromLatin1(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}
