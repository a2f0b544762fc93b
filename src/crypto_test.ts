import { strict as assert } from "node:assert";
import {
  constantTimeEqual,
  fromBase64,
  fromBase64Url,
  randomSecret,
  sha256,
  sha256Hex,
  sha256HexOffThread,
  Sha256Thread,
  toBase64,
  toBase64Url,
  toHex,
} from "./crypto.ts";

/** FIPS 180-2 / NIST CAVS vectors: the empty string, one block, two blocks, and a million "a". */
const SHA256_VECTORS: [string, string][] = [
  ["", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
  ["abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
  [
    "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
    "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
  ],
  ["a".repeat(1_000_000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"],
];

Deno.test("sha256Hex() and sha256HexOffThread() give the published SHA-256 vectors", async () => {
  for (const [input, expected] of SHA256_VECTORS) {
    const label = `${input.slice(0, 20)} (${input.length})`;
    assert.equal(sha256Hex(input), expected, label);
    assert.equal(sha256Hex(new TextEncoder().encode(input)), expected, label);
    assert.equal(toHex(sha256(input)), expected, label);
    assert.equal(await sha256HexOffThread(new TextEncoder().encode(input)), expected, label);
  }
});

Deno.test("Sha256Thread hashes the chunks it is handed, in order, as one input", async () => {
  for (const [input, expected] of SHA256_VECTORS) {
    const bytes = new TextEncoder().encode(input);
    const hash = new Sha256Thread();
    // Chunks of 7,000 bytes, each in a buffer of its own (handed over), past one message's 64;
    // every third a view on a larger buffer (copied before it goes).
    for (let at = 0, n = 0; at < bytes.length; at += 7_000, n++) {
      const chunk = bytes.slice(at, at + 7_000);
      if (n % 3 === 2) {
        const wider = new Uint8Array(chunk.length + 2);
        wider.set(chunk, 1);
        hash.update(wider.subarray(1, 1 + chunk.length));
        assert.equal(wider.byteLength, chunk.length + 2, "a view's buffer stays usable");
      } else hash.update(chunk);
    }
    assert.equal(await hash.digestHex(), expected, `${input.slice(0, 20)} (${input.length})`);
  }
});

Deno.test("Sha256Thread ends its thread when closed without a digest: the process can exit", async () => {
  // A live worker keeps a Deno process running: a process that hashes, closes and has nothing
  // else to do exits only if close() ended the thread. (The bound is a guard against a hang.)
  const script = `import { Sha256Thread } from ${
    JSON.stringify(import.meta.resolve("./crypto.ts"))
  };
    const hash = new Sha256Thread();
    hash.update(new Uint8Array([1, 2, 3]));
    hash.close();
    console.log("closed");`;
  const child = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--node-modules-dir=manual", script],
    stdout: "piped",
    stderr: "piped",
    signal: AbortSignal.timeout(20_000),
  }).output();
  assert.equal(new TextDecoder().decode(child.stdout), "closed\n");
  assert.ok(child.success, `the process was killed, still running: ${child.signal}`);
});

Deno.test("sha256Hex() hashes strings as UTF-8", () => {
  // "é" is c3 a9 in UTF-8; as Latin-1 (one byte e9) it would hash differently.
  assert.equal(sha256Hex("é"), sha256Hex(new Uint8Array([0xc3, 0xa9])));
  assert.notEqual(sha256Hex("é"), sha256Hex(new Uint8Array([0xe9])));
});

Deno.test("toBase64Url() encodes the bytes that differ from base64, without padding", () => {
  // 0xfb 0xff use the two characters base64 and base64url disagree on (+/ versus -_).
  assert.equal(toBase64Url(new Uint8Array([0xfb, 0xff])), "-_8");
  assert.equal(toBase64(new Uint8Array([0xfb, 0xff])), "+/8=");
  assert.equal(toBase64Url(new Uint8Array([0xff, 0xff, 0xff])), "____");
  assert.equal(toBase64Url(new Uint8Array([0x00])), "AA");
  assert.equal(toBase64Url(new Uint8Array([0x00, 0x00])), "AAA");
  assert.equal(toBase64Url(new Uint8Array([])), "");
});

Deno.test("fromBase64Url() and fromBase64() invert their encoders on every byte value", () => {
  const every = Uint8Array.from({ length: 256 }, (_, i) => i);
  for (let length = 0; length <= 4; length++) {
    const bytes = every.slice(256 - length);
    assert.deepEqual(fromBase64Url(toBase64Url(bytes)), bytes);
    assert.deepEqual(fromBase64(toBase64(bytes)), bytes);
  }
  assert.deepEqual(fromBase64Url(toBase64Url(every)), every);
  assert.deepEqual(fromBase64(toBase64(every)), every);
  assert.deepEqual(fromBase64Url("-_8="), new Uint8Array([0xfb, 0xff]));
});

Deno.test("fromBase64Url() refuses the standard alphabet and junk; fromBase64() the url one", () => {
  for (const bad of ["+/8", "ab.c", "ab!d", "A"]) {
    assert.throws(() => fromBase64Url(bad), SyntaxError, bad);
  }
  for (const bad of ["-_8=", "ab!d", "A"]) assert.throws(() => fromBase64(bad), SyntaxError, bad);
});

Deno.test("constantTimeEqual() is true only for the same bytes, whatever the lengths", () => {
  assert.equal(constantTimeEqual("", ""), true);
  assert.equal(constantTimeEqual("abc", "abc"), true);
  assert.equal(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2])), true);
  assert.equal(constantTimeEqual("abc", "abd"), false);
  assert.equal(constantTimeEqual("abc", "Abc"), false);
  // A prefix is not equal in either order, nor is the empty string.
  assert.equal(constantTimeEqual("abc", "abcd"), false);
  assert.equal(constantTimeEqual("abcd", "abc"), false);
  assert.equal(constantTimeEqual("", "a"), false);
  assert.equal(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2, 0])), false);
  // Strings are compared as UTF-8: "é" (two bytes) is not "Ã©" (four).
  assert.equal(constantTimeEqual("é", "Ã©"), false);
});

Deno.test("randomSecret() gives 256 random bits in base64url after its prefix", () => {
  const secrets = new Set(Array.from({ length: 100 }, () => randomSecret("jsa_")));
  assert.equal(secrets.size, 100);
  for (const secret of secrets) {
    assert.match(secret, /^jsa_[A-Za-z0-9_-]{43}$/);
    assert.equal(fromBase64Url(secret.slice(4)).length, 32);
  }
  assert.match(randomSecret("", 16), /^[A-Za-z0-9_-]{22}$/);
});
