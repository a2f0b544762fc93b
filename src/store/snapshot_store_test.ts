import { strict as assert } from "node:assert";
import fc from "fast-check";
import { JobseekError } from "../domain/errors.ts";
import { keys } from "./kv_keys.ts";
import { withStore } from "./testdata/test_store.ts";
import { openStore, type Store } from "./store.ts";

const META = { formatVersion: 1, docCount: 0, model: "test-model" };

/** Distinct bytes of a given length, so every chunk differs. */
function bytesOf(length: number, seed: number): Uint8Array {
  return Uint8Array.from({ length }, (_, i) => (i * 31 + seed) & 0xff);
}

/** Where two byte arrays first differ (their length, where one is longer), or -1: no diff printed. */
function firstDifference(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : n;
}

/** The id of every snapshot with any record (meta or chunk) in KV. */
async function snapshotIdsInKv(kv: Deno.Kv): Promise<string[]> {
  const ids = new Set<string>();
  for await (const entry of kv.list({ prefix: keys.snapshotsPrefix() })) {
    ids.add(String(entry.key[1]));
  }
  return [...ids].sort();
}

Deno.test("publishSnapshot() writes a snapshot over several commits that reads back byte for byte", async () => {
  await withStore(async (store) => {
    // 1 MB: 18 chunks of 60 KiB, more than one commit's 800 KB.
    const bytes = bytesOf(1_000_000, 7);
    const id = await store.snapshots.publishSnapshot(bytes, META);
    const read = await store.snapshots.readSnapshot(id);
    assert.equal(read?.meta.chunkCount, 17);
    assert.deepEqual(read?.bytes, bytes);
    assert.equal(await store.snapshots.currentSnapshotId(), id);
  });
});

Deno.test("readSnapshotVerifying() of a large snapshot hashes it on a thread as it reads, and finds a damaged or missing chunk", async () => {
  await withStore(async (store, kv) => {
    // 9 MB: past the size hashed on a thread of its own, 147 chunks.
    const bytes = bytesOf(9_000_000, 3);
    const id = await store.snapshots.publishSnapshot(bytes, META);
    const read = await store.snapshots.readSnapshotVerifying(id);
    assert.deepEqual(read?.bytes, bytes);
    await read?.verified;
    // One chunk's bytes changed, its length kept: only the hash can tell.
    const chunk = (await kv.get<Uint8Array>(keys.snapshotChunk(id, 100))).value!;
    chunk[5] ^= 1;
    await kv.set(keys.snapshotChunk(id, 100), chunk);
    const damaged = await store.snapshots.readSnapshotVerifying(id);
    await assert.rejects(
      damaged!.verified,
      new RegExp(`Cannot load snapshot ${id}: it is corrupt`),
    );
    // A chunk gone: the read fails, and its hashing thread ends (the sanitizers would see it).
    await kv.delete(keys.snapshotChunk(id, 40));
    await assert.rejects(
      store.snapshots.readSnapshotVerifying(id),
      new RegExp(`Snapshot ${id} misses chunk 40`),
    );
  });
});

/**
 * What `openSnapshot` promises, on the thread that decodes (a memory store) and on a worker thread
 * of its own (a store in a file, `threadFrom: 0`): the bytes as they arrive, a missing chunk failing
 * what comes after it, damage found by the hash, a cancelled read.
 */
async function openSnapshotBehaves(store: Store, kv: Deno.Kv, threadFrom?: number) {
  const bytes = bytesOf(9_000_000, 5);
  const id = await store.snapshots.publishSnapshot(bytes, META);
  const reading = (await store.snapshots.openSnapshot(id, { threadFrom }))!;
  for (const end of [1, 61_440, 4_000_000, 9_000_000]) {
    await reading.arrived(end);
    assert.deepEqual(reading.bytes.subarray(0, end), bytes.subarray(0, end));
  }
  await reading.read;
  await reading.verified;
  // Past the end nothing comes: a decoder asking for more reads a corrupt header.
  await assert.rejects(reading.arrived(9_000_001), /it is corrupt/);

  // One chunk's bytes changed, its length kept: only the hash can tell.
  const chunk = (await kv.get<Uint8Array>(keys.snapshotChunk(id, 100))).value!;
  chunk[5] ^= 1;
  await kv.set(keys.snapshotChunk(id, 100), chunk);
  const damaged = (await store.snapshots.openSnapshot(id, { threadFrom }))!;
  await damaged.read;
  await assert.rejects(damaged.verified, new RegExp(`Cannot load snapshot ${id}: it is corrupt`));

  await kv.delete(keys.snapshotChunk(id, 40));
  const cut = (await store.snapshots.openSnapshot(id, { threadFrom }))!;
  const chunk40 = 40 * 61_440;
  await cut.arrived(chunk40);
  assert.deepEqual(cut.bytes.subarray(0, chunk40), bytes.subarray(0, chunk40));
  const missing = new RegExp(`Snapshot ${id} misses chunk 40`);
  await assert.rejects(cut.arrived(chunk40 + 1), missing);
  await assert.rejects(cut.read, missing);
  await assert.rejects(cut.verified, missing);

  // A reader that will not use the bytes stops the read (and its hashing thread).
  const abandoned = (await store.snapshots.openSnapshot(id, { threadFrom }))!;
  abandoned.cancel();
  const cancelled = new RegExp(`Reading snapshot ${id} was cancelled`);
  await assert.rejects(abandoned.read, cancelled);
  await assert.rejects(abandoned.arrived(chunk40 + 1), cancelled);
}

Deno.test("openSnapshot() hands bytes over as they arrive, and a missing chunk fails what comes after it", async () => {
  await withStore((store, kv) => openSnapshotBehaves(store, kv));
});

Deno.test("openSnapshot() of a store in a file reads on a thread of its own, as it reads on this one", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/store.sqlite3`;
  const store = await openStore(path);
  const kv = await Deno.openKv(path);
  try {
    await openSnapshotBehaves(store, kv, 0);
    // Shared with the thread that read it, not copied out of it.
    const id = await store.snapshots.publishSnapshot(bytesOf(100_000, 9), META);
    const read = (await store.snapshots.openSnapshot(id, { threadFrom: 0 }))!;
    await read.verified;
    assert.ok(read.bytes.buffer instanceof SharedArrayBuffer);
    const below = (await store.snapshots.openSnapshot(id, { threadFrom: 100_001 }))!;
    await below.verified;
    assert.ok(below.bytes.buffer instanceof ArrayBuffer);
  } finally {
    kv.close();
    store.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("openSnapshot() on a thread puts the bytes a redirect asks for into its buffer, still checking their hash", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/store.sqlite3`;
  const store = await openStore(path);
  const kv = await Deno.openKv(path);
  try {
    // 1 MB in 17 chunks of 60 KiB: ranges that start and end inside chunks or on their edges.
    const bytes = bytesOf(1_000_000, 11);
    const id = await store.snapshots.publishSnapshot(bytes, META);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        async (a, b) => {
          const [start, end] = a <= b ? [a, b] : [b, a];
          const reading = (await store.snapshots.openSnapshot(id, { threadFrom: 0 }))!;
          const target = new Uint8Array(new SharedArrayBuffer(end - start));
          // Asked before the thread has read anything: taken.
          assert.equal(await reading.redirect!(start, target), true);
          await reading.arrived(1_000_000);
          await reading.verified;
          assert.equal(firstDifference(target, bytes.subarray(start, end)), -1);
          const elsewhere = new Uint8Array(bytes);
          elsewhere.fill(0, start, end);
          assert.equal(firstDifference(reading.bytes, elsewhere), -1);
        },
      ),
      { numRuns: 12, seed: 31 },
    );
    // Too late, once read: nothing is moved, every byte is where it was.
    const late = (await store.snapshots.openSnapshot(id, { threadFrom: 0 }))!;
    await late.verified;
    const target = new Uint8Array(new SharedArrayBuffer(1_000));
    assert.equal(await late.redirect!(5_000, target), false);
    assert.equal(firstDifference(late.bytes, bytes), -1);
    assert.equal(firstDifference(target, new Uint8Array(1_000)), -1);
    // The redirected bytes are hashed with the rest: damage there is found.
    const chunk = (await kv.get<Uint8Array>(keys.snapshotChunk(id, 10))).value!;
    chunk[5] ^= 1;
    await kv.set(keys.snapshotChunk(id, 10), chunk);
    const damaged = (await store.snapshots.openSnapshot(id, { threadFrom: 0 }))!;
    assert.equal(
      await damaged.redirect!(500_000, new Uint8Array(new SharedArrayBuffer(500_000))),
      true,
    );
    await assert.rejects(damaged.verified, new RegExp(`Cannot load snapshot ${id}: it is corrupt`));
    // A thread cannot write into memory it is handed a copy of.
    const copied = (await store.snapshots.openSnapshot(id, { threadFrom: 0 }))!;
    await assert.rejects(copied.redirect!(0, new Uint8Array(10)), /not shared/);
    await copied.read.catch(() => {});
  } finally {
    kv.close();
    store.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("publishSnapshot() by two publishers at once: one is current, the other gets CONFLICT and leaves no record", async () => {
  await withStore(async (store, kv) => {
    // Both read the pointer before either flips it, so whichever flips second fails; which one
    // that is depends on the machine's load (hashing, chunk writes), so either may win.
    const contents = [bytesOf(200_000, 1), bytesOf(2_000_000, 2)];
    const settled = await Promise.allSettled(
      contents.map((bytes) => store.snapshots.publishSnapshot(bytes, META)),
    );
    const won = settled.findIndex((s) => s.status === "fulfilled");
    const lost = settled.findIndex((s) => s.status === "rejected");
    assert.ok(won >= 0 && lost >= 0, "one publish wins and the other loses");
    const winner = (settled[won] as PromiseFulfilledResult<string>).value;
    const reason = (settled[lost] as PromiseRejectedResult).reason;
    assert.ok(reason instanceof JobseekError);
    assert.equal(reason.code, "CONFLICT");
    assert.match(reason.message, /another snapshot was published at the same time/);
    assert.equal(await store.snapshots.currentSnapshotId(), winner);
    assert.deepEqual(await snapshotIdsInKv(kv), [winner]);
    assert.deepEqual((await store.snapshots.readSnapshot(winner))?.bytes, contents[won]);
  });
});

Deno.test("publishSnapshot() keeps the current and the previous snapshot and deletes older ones", async () => {
  await withStore(async (store, kv) => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      ids.push(await store.snapshots.publishSnapshot(bytesOf(100_000, i), META));
    }
    assert.deepEqual(await store.snapshots.listSnapshotIds(), [ids[3], ids[2]]);
    assert.deepEqual(await snapshotIdsInKv(kv), [ids[2], ids[3]]);
  });
});

Deno.test("publishSnapshot() leaves a newer snapshot that another publisher is still writing alone", async () => {
  await withStore(async (store, kv) => {
    // The largest ULID: a publisher that started later than this one.
    const newer = "7ZZZZZZZZZZZZZZZZZZZZZZZZZ";
    await kv.set(keys.snapshotChunk(newer, 0), new Uint8Array(10));
    const older = "00000000000000000000000000";
    await kv.set(keys.snapshotChunk(older, 0), new Uint8Array(10));
    const id = await store.snapshots.publishSnapshot(bytesOf(1000, 0), META);
    assert.deepEqual(await snapshotIdsInKv(kv), [id, newer]);
  });
});

Deno.test("readSnapshotMeta() reads a meta record that fails its schema as absent, with a warning naming its key", async () => {
  await withStore(async (store, kv, lines) => {
    const id = await store.snapshots.publishSnapshot(bytesOf(1000, 0), META);
    await kv.set(keys.snapshotMeta(id), { formatVersion: "5", chunkCount: 1 });
    assert.equal(await store.snapshots.readSnapshotMeta(id), null);
    assert.equal(await store.snapshots.readSnapshot(id), null);
    const warning = JSON.parse(lines.at(-1)!);
    assert.equal(warning.level, "warn");
    assert.equal(warning.msg, "ignoring a store record that fails its schema");
    assert.equal(warning.key, `index_snapshots/${id}/meta`);
    assert.match(warning.error, /formatVersion/);
  });
});

Deno.test("watchCurrentSnapshot() goes on reporting after its handler throws, and logs the failure", async () => {
  await withStore(async (store, _kv, lines) => {
    const seen: (string | null)[] = [];
    const waiters: { count: number; resolve: () => void }[] = [];
    const seenCount = (count: number) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      return Promise.race([
        new Promise<void>((resolve) => {
          if (seen.length >= count) resolve();
          else waiters.push({ count, resolve });
        }),
        new Promise<void>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`watch stopped after ${seen}`)), 5000);
        }),
      ]).finally(() => clearTimeout(timer));
    };
    const stop = new AbortController();
    // A poll far slower than the test: only the watch can report the snapshots in time.
    store.snapshots.watchCurrentSnapshot((id) => {
      seen.push(id);
      for (const w of waiters) if (seen.length >= w.count) w.resolve();
      if (seen.length === 2) throw new Error("handler broke");
    }, { pollMs: 600_000, signal: stop.signal });
    try {
      const first = await store.snapshots.publishSnapshot(bytesOf(1000, 1), META);
      await seenCount(2);
      const next = await store.snapshots.publishSnapshot(bytesOf(1000, 2), META);
      await seenCount(3);
      assert.deepEqual(seen, [null, first, next]);
      const failure = lines.map((line) => JSON.parse(line)).find((l) => l.level === "error");
      assert.equal(failure?.msg, "the handler of a new index snapshot failed");
      assert.equal(failure?.error, "Error: handler broke");
    } finally {
      stop.abort();
    }
  });
});

Deno.test("watchCurrentSnapshot() never reports a poll's older pointer after a newer one was reported", async () => {
  await withStore(async (store) => {
    const first = await store.snapshots.publishSnapshot(bytesOf(1000, 1), META);
    let nextReported = () => {};
    const reported = new Promise<void>((resolve) => nextReported = resolve);
    // One poll reads the pointer before the flip and answers only after the watch has reported
    // the flip: a slow read on a loaded machine, made certain here.
    const snapshots = store.snapshots as { currentSnapshotId(): Promise<string | null> };
    const read = snapshots.currentSnapshotId.bind(store.snapshots);
    let slowPolls = 1;
    snapshots.currentSnapshotId = async () => {
      const id = await read();
      if (id === first && slowPolls > 0) {
        slowPolls--;
        await reported;
      }
      return id;
    };
    const seen: (string | null)[] = [];
    const stop = new AbortController();
    // The flip may be reported before publishSnapshot() returns its id: any other id is it.
    store.snapshots.watchCurrentSnapshot((id) => {
      seen.push(id);
      if (id !== first) nextReported();
    }, { pollMs: 5, signal: stop.signal });
    try {
      while (slowPolls > 0) await new Promise((resolve) => setTimeout(resolve, 5));
      const next = await store.snapshots.publishSnapshot(bytesOf(1000, 2), META);
      await reported;
      // Polls go on meanwhile; any that reports the older pointer again would show here.
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.deepEqual(seen, [first, next]);
    } finally {
      stop.abort();
    }
  });
});

Deno.test("a snapshot large enough to be hashed on a thread as it is written records the hash of its bytes, and reads back", async () => {
  await withStore(async (store) => {
    // 9 MB: past the size whose hash is computed a chunk at a time on a thread.
    const bytes = bytesOf(9_000_000, 11);
    const id = await store.snapshots.publishSnapshot(bytes, META);
    const expected = new Uint8Array(
      await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>),
    ).toHex();
    assert.equal((await store.snapshots.readSnapshotMeta(id))?.sha256, expected);
    const read = await store.snapshots.readSnapshot(id);
    assert.deepEqual(read?.bytes, bytes);
  });
});

Deno.test("publishSnapshot() of pieces writes and hashes what they make one after another, wherever they are cut", async () => {
  await fc.assert(
    fc.asyncProperty(
      // Past the size hashed on a thread (8 MiB) or not; cuts anywhere, chunk edges (60 KiB)
      // included, and empty pieces.
      fc.constantFrom(1_000_000, 9_000_000),
      fc.array(fc.oneof(fc.nat(), fc.constantFrom(61_440, 122_880, 122_881)), { maxLength: 6 }),
      async (length, at) => {
        const bytes = bytesOf(length, at.length);
        const cuts = [0, ...at.map((n) => n % (length + 1)).sort((a, b) => a - b), length];
        const pieces = cuts.slice(1).map((end, k) => bytes.slice(cuts[k], end));
        await withStore(async (store) => {
          const id = await store.snapshots.publishSnapshot(pieces, META);
          const read = await store.snapshots.readSnapshot(id);
          assert.deepEqual(read?.bytes, bytes);
          const expected = new Uint8Array(
            await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>),
          ).toHex();
          assert.equal(read?.meta.sha256, expected);
          assert.equal(read?.meta.byteLength, length);
        });
      },
    ),
    { numRuns: 12, seed: 20261129 },
  );
});
