import { strict as assert } from "node:assert";
import fc from "fast-check";
import { storeSection, unpackSection } from "./zstd_section.ts";

/** A section stored and read back as `decodeSnapshot` reads it. */
function roundTrip(view: ArrayBufferView): { codec: string; back: Uint8Array } {
  const { codec, bytes } = storeSection(view);
  const back = codec === "raw" ? bytes.slice() : unpackSection(bytes, view.byteLength, codec).bytes;
  return { codec, back };
}

const bytesOf = (view: ArrayBufferView) =>
  new Uint8Array(view.buffer, view.byteOffset, view.byteLength);

Deno.test("a section comes back as it was stored, whichever codec stored it", () => {
  fc.assert(
    fc.property(
      fc.array(fc.nat({ max: 2 ** 32 - 1 }), { maxLength: 3000 }),
      fc.boolean(),
      (values, sorted) => {
        if (sorted) values.sort((a, b) => a - b);
        const u32 = Uint32Array.from(values);
        assert.deepEqual(roundTrip(u32).back, bytesOf(u32));
        const u16 = Uint16Array.from(values);
        assert.deepEqual(roundTrip(u16).back, bytesOf(u16));
      },
    ),
    { numRuns: 200 },
  );
});

Deno.test("ascending u32 values are stored as their differences, other sections not", () => {
  // Postings of terms: ascending runs, each starting low again (a difference past 2^31).
  const ids = Uint32Array.from({ length: 100_000 }, (_, k) => (k % 1000) * 97 + (k >> 10));
  const { codec, back } = roundTrip(ids);
  assert.equal(codec, "zstd-delta32");
  assert.deepEqual(back, bytesOf(ids));
  // The largest value, found as they are summed.
  const stored = storeSection(ids);
  assert.equal(
    unpackSection(stored.bytes, ids.byteLength, "zstd-delta32").max,
    ids.reduce((a, b) => Math.max(a, b), -1),
  );
  assert.equal(roundTrip(new Uint16Array(ids)).codec, "zstd");
  // Bytes that do not compress are stored as they are.
  const noise = crypto.getRandomValues(new Uint8Array(4096));
  assert.equal(roundTrip(noise).codec, "raw");
  assert.equal(roundTrip(new Uint8Array()).codec, "raw");
});

Deno.test("a delta section whose bytes are damaged fails to read, its checksum says so", () => {
  const ids = Uint32Array.from({ length: 10_000 }, (_, k) => k * 3);
  const { codec, bytes } = storeSection(ids);
  assert.equal(codec, "zstd-delta32");
  const damaged = bytes.slice();
  damaged[Math.floor(bytes.length / 2)] ^= 0x5a;
  assert.throws(() => unpackSection(damaged, ids.byteLength, "zstd-delta32"));
});
