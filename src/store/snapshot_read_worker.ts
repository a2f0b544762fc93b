/**
 * Worker thread of `SnapshotStore.openSnapshot` (src/store/snapshot_store.ts) for a store in a
 * SQLite file: opens the file itself, reads a snapshot's chunks in order into the shared buffer
 * it is given, and says how far it got. The thread that decodes the snapshot then spends none of
 * its time on the read (at 1,000,000 postings: 605 MiB, 0.6 s of its CPU copying chunks and
 * faulting in the buffer's pages). That thread hashes what has arrived while it waits for more:
 * since session 31 the read ends a cold start, and the hash was a third of this thread's work.
 *
 * @module
 */
import { z } from "zod";
import { silentLogger } from "../log.ts";
import { KvAccess } from "./kv.ts";
import { parseSnapshotKey } from "./kv_keys.ts";

const ChunkSchema = z.instanceof(Uint8Array);

/** What the thread is asked to read. */
export interface ReadRequest {
  file: string;
  prefix: Deno.KvKey;
  chunkCount: number;
  buffer: SharedArrayBuffer;
  /** A progress message every this many chunks. */
  every: number;
}

/**
 * Sent after the request: the bytes from `start` on go into `target` (shared memory, as many as it
 * holds) instead of the buffer, if none of them has been read yet. Answered with `redirected`.
 */
export interface RedirectRequest {
  redirect: { start: number; target: Uint8Array };
}

/** How far the read got (`done` at its end), or why it stopped; or a redirect's answer. */
export type ReadProgress =
  | { reached: number; done?: true }
  | { missing: number }
  | { cut: true }
  | { failed: string }
  | { redirected: boolean };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ReadRequest | RedirectRequest>) => void) | null;
  postMessage(message: ReadProgress): void;
};

/** Bytes read so far, and where the bytes of a redirect go. */
let offset = 0;
let redirect: { start: number; end: number; target: Uint8Array } | null = null;

scope.onmessage = ({ data }) => {
  if ("redirect" in data) {
    const { start, target } = data.redirect;
    const taken = redirect === null && offset <= start;
    if (taken) redirect = { start, end: start + target.byteLength, target };
    scope.postMessage({ redirected: taken });
    return;
  }
  read(data);
};

/** `bytes` from `at` on, split between the buffer and a redirect's target. */
function place(bytes: Uint8Array, value: Uint8Array, at: number): void {
  const end = at + value.byteLength;
  if (redirect === null || end <= redirect.start || at >= redirect.end) {
    bytes.set(value, at);
    return;
  }
  const from = Math.max(at, redirect.start);
  const to = Math.min(end, redirect.end);
  if (from > at) bytes.set(value.subarray(0, from - at), at);
  redirect.target.set(value.subarray(from - at, to - at), from - redirect.start);
  if (to < end) bytes.set(value.subarray(to - at), to);
}

async function read(data: ReadRequest): Promise<void> {
  const bytes = new Uint8Array(data.buffer);
  let kv: Deno.Kv | null = null;
  try {
    kv = await Deno.openKv(data.file);
    let n = 0;
    // Through the store's access, as on the main thread: a batch that meets another process's
    // write lock is read again; 500 chunks (32 MiB) a batch (docs/scaling.md).
    const chunks = new KvAccess(kv, silentLogger).list({ prefix: data.prefix }, ChunkSchema, {
      batchSize: 500,
    });
    for await (const entry of chunks) {
      const part = parseSnapshotKey(entry.key);
      const value = entry.value;
      if (part?.part !== "chunk" || part.n !== n) {
        // What came before the gap is whole: a reader may use it.
        scope.postMessage({ reached: offset });
        scope.postMessage({ missing: n });
        return;
      }
      if (offset + value.byteLength > bytes.byteLength) break;
      place(bytes, value, offset);
      offset += value.byteLength;
      n++;
      if (n % data.every === 0) scope.postMessage({ reached: offset });
    }
    if (n !== data.chunkCount || offset !== bytes.byteLength) {
      scope.postMessage({ cut: true });
      return;
    }
    scope.postMessage({ reached: offset, done: true });
  } catch (error) {
    scope.postMessage({ failed: error instanceof Error ? error.message : String(error) });
  } finally {
    kv?.close();
  }
}
