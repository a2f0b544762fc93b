/**
 * Hashing, byte encodings, constant-time comparison and random secrets: what API keys, OAuth
 * tokens, posting ids, the vector cache, index snapshots, model files and the CLI's config file
 * need. Platform primitives only (node:crypto, WebCrypto, `Uint8Array`'s own base64 and hex), so
 * there is nothing of our own to get wrong.
 *
 * @module
 */
import { createHash, timingSafeEqual } from "node:crypto";

/**
 * The SHA-256 digest of `data` (a string is hashed as UTF-8), computed at once. node:crypto's
 * hash rather than `crypto.subtle`: every request hashes its key, and the synchronous hash costs
 * ~3 µs where the WebCrypto round trip costs ~30 µs (measured with Deno 2.9; it was a fifth of the
 * REST layer's CPU time). For megabytes use {@linkcode sha256HexOffThread}.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { sha256 } from "./crypto.ts";
 *
 * assert.equal(sha256("abc").length, 32);
 * ```
 */
export function sha256(data: string | Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(hasher(data).digest());
}

/**
 * The SHA-256 of `data` as lower-case hex (64 characters): what the store keeps of a secret.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { sha256Hex } from "./crypto.ts";
 *
 * assert.equal(sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
 * ```
 */
export function sha256Hex(data: string | Uint8Array): string {
  // Straight to hex: Deno's node:crypto builds a Buffer for digest() that costs more than the hash.
  return hasher(data).digest("hex");
}

function hasher(data: string | Uint8Array) {
  const hash = createHash("sha256");
  return typeof data === "string" ? hash.update(data, "utf8") : hash.update(data);
}

/**
 * The SHA-256 of `bytes` as lower-case hex, computed by WebCrypto, which Deno runs on a worker
 * thread: hashing a 23 MB model file or a large index snapshot does not stall requests meanwhile
 * (node:crypto's hash would hold the event loop for the whole input).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { sha256HexOffThread } from "./crypto.ts";
 *
 * assert.equal(
 *   await sha256HexOffThread(new Uint8Array()),
 *   "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
 * );
 * ```
 */
export async function sha256HexOffThread(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return new Uint8Array(digest).toHex();
}

/** Chunks a {@linkcode Sha256Thread} sends its thread at a time. */
const CHUNKS_A_MESSAGE = 64;

/**
 * A SHA-256 computed on a worker thread (node:crypto's, src/crypto_worker.ts) from chunks handed to
 * it as they come, their buffers transferred, not copied: a large snapshot is hashed while it is
 * read, and this thread neither hashes nor copies for it (WebCrypto's digest first copies its
 * whole input on the calling thread: 0.4 s for 822 MiB; docs/scaling.md, item 11).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { Sha256Thread } from "./crypto.ts";
 *
 * const hash = new Sha256Thread();
 * hash.update(new TextEncoder().encode("a"));
 * hash.update(new TextEncoder().encode("bc"));
 * assert.equal(
 *   await hash.digestHex(),
 *   "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
 * );
 * ```
 */
export class Sha256Thread {
  readonly #worker = new Worker(new URL("./crypto_worker.ts", import.meta.url).href, {
    type: "module",
  });
  #batch: Uint8Array[] = [];
  readonly #digest: Promise<string>;
  #asked = false;

  constructor() {
    this.#digest = new Promise<string>((resolve, reject) => {
      this.#worker.onmessage = (event: MessageEvent<string>) => resolve(event.data);
      // Handled here from the start: a thread that dies before the digest is asked for must not
      // take the process down with an uncaught error.
      this.#worker.onerror = (event) => {
        event.preventDefault();
        reject(new Error(`Cannot hash: its worker thread died (${event.message})`));
      };
    });
    // Awaited by `digestHex`; a hash closed without a digest is never awaited.
    this.#digest.catch(() => {});
  }

  /** Hands `chunk` over: its buffer belongs to the thread from now on (unusable here). */
  update(chunk: Uint8Array): void {
    if (this.#asked) throw new Error("Cannot hash more: the digest was asked for");
    // Only a buffer that is this chunk alone goes across whole; a view is copied first.
    const own = chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength &&
      chunk.buffer instanceof ArrayBuffer;
    this.#batch.push(own ? chunk : new Uint8Array(chunk));
    if (this.#batch.length === CHUNKS_A_MESSAGE) this.#send();
  }

  #send(): void {
    const chunks = this.#batch;
    this.#batch = [];
    this.#worker.postMessage({ chunks }, chunks.map((chunk) => chunk.buffer as ArrayBuffer));
  }

  /** The hash of every chunk handed over, in lower-case hex; the thread ends then. */
  digestHex(): Promise<string> {
    if (!this.#asked) {
      this.#asked = true;
      if (this.#batch.length > 0) this.#send();
      this.#worker.postMessage({ end: true });
    }
    return this.#digest.finally(() => this.close());
  }

  /** Ends the thread without a digest (or after one). */
  close(): void {
    this.#worker.terminate();
  }
}

/**
 * Bytes as lower-case hex.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { toHex } from "./crypto.ts";
 *
 * assert.equal(toHex(new Uint8Array([0, 15, 255])), "000fff");
 * ```
 */
export function toHex(bytes: Uint8Array): string {
  return bytes.toHex();
}

/**
 * Bytes as padded standard base64 (RFC 4648 section 4).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { toBase64 } from "./crypto.ts";
 *
 * assert.equal(toBase64(new Uint8Array([251, 255])), "+/8=");
 * ```
 */
export function toBase64(bytes: Uint8Array): string {
  return bytes.toBase64();
}

/**
 * Standard base64 (padding optional) as bytes. Throws SyntaxError on any other character.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { fromBase64 } from "./crypto.ts";
 *
 * assert.deepEqual(fromBase64("+/8="), new Uint8Array([251, 255]));
 * assert.throws(() => fromBase64("-_8"), SyntaxError);
 * ```
 */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.fromBase64(text) as Uint8Array<ArrayBuffer>;
}

/**
 * Bytes as unpadded base64url (RFC 4648 section 5): safe in URLs, forms and file names.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { toBase64Url } from "./crypto.ts";
 *
 * assert.equal(toBase64Url(new Uint8Array([251, 255])), "-_8");
 * ```
 */
export function toBase64Url(bytes: Uint8Array): string {
  return bytes.toBase64({ alphabet: "base64url", omitPadding: true });
}

/**
 * Base64url (padding optional) as bytes. Throws SyntaxError on any other character, so `+` and
 * `/` (standard base64) are refused.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { fromBase64Url } from "./crypto.ts";
 *
 * assert.deepEqual(fromBase64Url("-_8"), new Uint8Array([251, 255]));
 * assert.throws(() => fromBase64Url("+/8"), SyntaxError);
 * ```
 */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.fromBase64(text, { alphabet: "base64url" }) as Uint8Array<ArrayBuffer>;
}

/**
 * Whether `a` and `b` hold the same bytes (strings as UTF-8), in time that depends only on their
 * lengths: comparing a presented secret's digest with a stored one reveals nothing through timing.
 * Lengths are not secret here (digests and challenges have fixed lengths), so unequal lengths
 * answer false at once.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { constantTimeEqual } from "./crypto.ts";
 *
 * assert.equal(constantTimeEqual("abc", "abc"), true);
 * assert.equal(constantTimeEqual("abc", "abd"), false);
 * assert.equal(constantTimeEqual("abc", "abcd"), false);
 * ```
 */
export function constantTimeEqual(a: string | Uint8Array, b: string | Uint8Array): boolean {
  const x = typeof a === "string" ? new TextEncoder().encode(a) : a;
  const y = typeof b === "string" ? new TextEncoder().encode(b) : b;
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * `bytes` random bytes in base64url after `prefix`: 32 bytes (256 bits, 43 characters) by default,
 * enough for a secret that is stored only as a fast hash, since it cannot be guessed.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { randomSecret } from "./crypto.ts";
 *
 * assert.match(randomSecret("jsk_"), /^jsk_[A-Za-z0-9_-]{43}$/);
 * assert.match(randomSecret("", 16), /^[A-Za-z0-9_-]{22}$/);
 * ```
 */
export function randomSecret(prefix = "", bytes = 32): string {
  return prefix + toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}
