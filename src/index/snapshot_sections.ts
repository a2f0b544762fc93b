/**
 * A snapshot's sections as a decoder reads them (src/index/snapshot.ts has the format): each
 * checked against the header's table (within the snapshot, a known codec, its length) and
 * decompressed into a buffer of its own, the large ones on a worker thread
 * (src/index/snapshot_worker.ts) while the caller reads the others; and the readers of JSON and
 * text sections.
 *
 * @module
 */
import {
  type Codec,
  CODECS,
  type Unpacked,
  unpackSection,
  type WorkerReply,
  type WorkerRequest,
} from "./zstd_section.ts";

/** Each section's offset (from the body's start), stored length, length and codec. */
export type SectionTable = Record<string, [number, number, number, string]>;

/** Resolves once every byte of the snapshot before `end` is in (they may still be arriving). */
export type Arrived = (end: number) => Promise<void>;

/**
 * Asks the read to put the snapshot's bytes from `start` on into `target` instead (true when it
 * will): `SnapshotReading.redirect` (src/store/snapshot_store.ts).
 */
export type Redirect = (start: number, target: Uint8Array) => Promise<boolean>;

/** The error of bytes that are not a whole, consistent snapshot, naming what is wrong. */
export function corrupt(what: string): RangeError {
  return new RangeError(`Cannot decode snapshot: ${what}`);
}

/** How much of a section `copyInto` copies at a time as it arrives. */
const COPY_STEP_BYTES = 8 * 2 ** 20;

/** The worker thread ended before it answered: no fault of the snapshot's. */
class ThreadDied extends Error {}

/**
 * A snapshot's sections, each checked (within the snapshot, a known codec, its length) and read
 * into a buffer of its own: decompressed, or copied out of the snapshot's bytes when stored raw
 * (a view would keep all of them for as long as the index lives).
 */
export class Sections {
  readonly #bytes: Uint8Array;
  readonly #bodyStart: number;
  readonly #table: SectionTable;
  /** Sections being decompressed on the worker thread. */
  readonly #threaded = new Map<string, Promise<Unpacked>>();
  /** The largest u32 value of each section read whose codec found it. */
  readonly #max = new Map<string, number>();
  readonly #arrived: Arrived;
  #worker: Worker | null = null;
  #open = true;
  /** Sections being unpacked on this thread ahead of their turn (`unpackEarly`). */
  readonly #early = new Map<string, Promise<Uint8Array>>();

  constructor(
    bytes: Uint8Array,
    bodyStart: number,
    table: SectionTable,
    arrived: Arrived = () => Promise.resolve(),
  ) {
    this.#bytes = bytes;
    this.#bodyStart = bodyStart;
    this.#table = table;
    this.#arrived = arrived;
  }

  has(name: string): boolean {
    return Object.hasOwn(this.#table, name);
  }

  /** The bytes a section holds (once unpacked), as its header says; undefined when it has none. */
  lengthOf(name: string): number | undefined {
    return this.has(name) ? this.#table[name][2] : undefined;
  }

  /** The section's stored bytes (a view) and what it holds; throws when they cannot be right. */
  #entry(name: string): { stored: Uint8Array; length: number; codec: Codec } {
    const entry = this.has(name) ? this.#table[name] : undefined;
    const at = entry && this.#bodyStart + entry[0];
    if (!entry || at! + entry[1] > this.#bytes.byteLength) {
      throw corrupt(`section ${name} is missing or truncated`);
    }
    const [, storedLength, length, codec] = entry;
    if (!(CODECS as readonly string[]).includes(codec)) {
      throw corrupt(`section ${name} has an unknown codec (${codec})`);
    }
    if (codec === "raw" && storedLength !== length) {
      throw corrupt(`section ${name} is stored in ${storedLength} bytes, not its ${length}`);
    }
    return {
      stored: this.#bytes.subarray(at, at! + storedLength),
      length,
      codec: codec as Codec,
    };
  }

  /** {@linkcode Sections.#entry} once its stored bytes are in. */
  async #arrivedEntry(name: string): Promise<{ stored: Uint8Array; length: number; codec: Codec }> {
    const entry = this.#entry(name);
    await this.#arrived(entry.stored.byteOffset - this.#bytes.byteOffset + entry.stored.byteLength);
    return entry;
  }

  /**
   * Sends the compressed sections of at least `threadBytes` (but those `except` names) to a worker
   * thread, which decompresses them one after another, in the snapshot's order, while this thread
   * reads the others.
   */
  startThread(threadBytes: number, except: ReadonlySet<string> = new Set()): void {
    const large = Object.keys(this.#table).filter((name) => {
      const [, , length, codec] = this.#table[name];
      return codec !== "raw" && length >= threadBytes && !except.has(name);
    });
    if (large.length === 0) return;
    let worker: Worker;
    try {
      worker = new Worker(new URL("./snapshot_worker.ts", import.meta.url).href, {
        type: "module",
      });
    } catch {
      // No thread can be started here (no permission to read its module): all on this one.
      return;
    }
    this.#worker = worker;
    const waiting = new Map<
      number,
      { resolve: (unpacked: Unpacked) => void; reject: (e: Error) => void }
    >();
    const failAll = (error: ThreadDied) => {
      for (const { reject } of waiting.values()) reject(error);
      waiting.clear();
    };
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      const waiter = waiting.get(reply.id);
      waiting.delete(reply.id);
      if (reply.error !== undefined) waiter?.reject(new Error(reply.error));
      else waiter?.resolve(reply.unpacked);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      failAll(new ThreadDied(`its worker thread died (${event.message})`));
    };
    large.forEach((name, id) => {
      const result = new Promise<Unpacked>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
      });
      // Awaited when the section is read; a decode that fails before then never reads it.
      result.catch(() => {});
      this.#threaded.set(name, result);
    });
    // Each is sent once its bytes are in; the worker decompresses them in the snapshot's order.
    (async () => {
      for (const [id, name] of large.entries()) {
        let entry;
        try {
          entry = await this.#arrivedEntry(name);
        } catch (error) {
          // The reader awaits the same bytes first and reports why they did not come; the
          // sections sent before are still coming back.
          for (const later of large.keys()) {
            if (later < id) continue;
            waiting.get(later)?.reject(error as Error);
            waiting.delete(later);
          }
          return;
        }
        if (this.#worker !== worker) return;
        const { stored, length, codec } = entry;
        // Shared memory (a snapshot read on a thread) is shared, not copied: the view goes as it
        // is. Else a copy of the section's stored bytes: a view would send all of the snapshot's.
        const shared = stored.buffer instanceof SharedArrayBuffer;
        const sent = shared ? stored : new Uint8Array(stored);
        worker.postMessage(
          {
            id,
            bytes: sent,
            length,
            codec: codec as "zstd" | "zstd-delta32",
          } satisfies WorkerRequest,
          shared ? [] : [sent.buffer as ArrayBuffer],
        );
      }
    })();
  }

  /**
   * The largest u32 value of a section read, when its codec found it on the way (-1: none);
   * undefined otherwise.
   */
  maxOf(name: string): number | undefined {
    return this.#max.get(name);
  }

  /** Ends the worker thread, if one was started; a `copyInto` under way stops. */
  close(): void {
    this.#open = false;
    this.#worker?.terminate();
    this.#worker = null;
  }

  /** The section's bytes in a buffer of their own, holding whole `size`-byte items. */
  async read(name: string, size = 1): Promise<Uint8Array> {
    const threaded = this.#threaded.get(name);
    let bytes: Uint8Array;
    if (threaded) {
      const { length } = await this.#arrivedEntry(name);
      try {
        const unpacked = await threaded;
        bytes = unpacked.bytes;
        if (unpacked.max !== undefined) this.#max.set(name, unpacked.max);
      } catch (error) {
        // Not the snapshot's fault: the next load may well succeed.
        if (error instanceof ThreadDied) {
          throw new Error(`Cannot decode snapshot: ${error.message}`);
        }
        throw new RangeError(`Cannot decode snapshot: section ${name} is corrupt`, {
          cause: error,
        });
      }
      checkLength(name, bytes, length);
    } else {
      bytes = await this.#readHere(name);
    }
    if (bytes.byteLength % size !== 0) throw corrupt(`section ${name} is misaligned`);
    return bytes;
  }

  /**
   * A section stored raw as a view on the snapshot's bytes, without a copy: for what its reader
   * copies anyway (the vectors, which the index copies into its kernel's memory). It keeps the
   * whole snapshot's bytes alive for as long as it is held. Others as `read` gives them.
   */
  async view(name: string): Promise<Uint8Array> {
    const { stored, codec } = await this.#arrivedEntry(name);
    return codec === "raw" ? stored : await this.read(name);
  }

  /**
   * Copies a section into `target` (as long as the section holds) as its bytes arrive, a piece of
   * `step` bytes at a time, so that this thread copies what came while it waits for the rest; a
   * compressed one is read whole first. Stops, leaving `target` part filled, once `close` is called.
   * A section stored raw is first offered to `redirect` (`SnapshotReading.redirect`, for `target`
   * in shared memory): when the read takes it, its bytes go there as they are read, with no copy.
   */
  async copyInto(
    name: string,
    target: Uint8Array,
    options: { step?: number; redirect?: Redirect } = {},
  ): Promise<void> {
    const { stored, length, codec } = this.#entry(name);
    if (length !== target.byteLength) {
      throw corrupt(`section ${name} holds ${length} bytes, not ${target.byteLength}`);
    }
    if (codec !== "raw") {
      target.set(await this.read(name));
      return;
    }
    const start = stored.byteOffset - this.#bytes.byteOffset;
    if (options.redirect && target.buffer instanceof SharedArrayBuffer) {
      if (await options.redirect(start, target)) return await this.#arrived(start + length);
    }
    const step = options.step ?? COPY_STEP_BYTES;
    for (let at = 0; at < length && this.#open; at += step) {
      const end = Math.min(length, at + step);
      await this.#arrived(start + end);
      if (!this.#open) return;
      target.set(stored.subarray(at, end), at);
    }
  }

  /**
   * Unpacks these sections on this thread as soon as their bytes are in, ahead of their turn to be
   * read: while this thread waits for the worker's sections, it does what the worker would do
   * after them. For sections not sent to the worker (`startThread`'s `except`).
   */
  unpackEarly(names: Iterable<string>): void {
    for (const name of names) {
      if (!this.has(name) || this.#threaded.has(name)) continue;
      const early = this.#arrivedEntry(name).then(({ stored, length, codec }) => {
        // A decoding that failed meanwhile reads nothing more.
        if (!this.#open) throw new Error(`Cannot decode snapshot: it was given up`);
        return this.#unpack(name, stored, length, codec);
      });
      // Awaited when the section is read; a decode that fails before then never reads it.
      early.catch(() => {});
      this.#early.set(name, early);
    }
  }

  /** A section not sent to the worker thread, read on this one. */
  async #readHere(name: string): Promise<Uint8Array> {
    const early = this.#early.get(name);
    if (early) return await early;
    const { stored, length, codec } = await this.#arrivedEntry(name);
    return this.#unpack(name, stored, length, codec);
  }

  /**
   * A section kept as it is stored (a copy), to be unpacked by `load` when first needed, which
   * throws as `read` would on corrupt bytes. For what a cold start need not decode (the texts
   * only a delta or a publish compares): `startThread` must have been told to leave it.
   */
  async later(name: string): Promise<{ length: number; load: () => Uint8Array }> {
    const { stored, length, codec } = await this.#arrivedEntry(name);
    const copy = new Uint8Array(stored);
    // Not through `this`: the loader outlives the decoding (an index holds it) and must not keep
    // the whole snapshot's bytes, which this object holds, alive with it.
    return { length, load: () => unpackStored(name, copy, length, codec).bytes };
  }

  #unpack(name: string, stored: Uint8Array, length: number, codec: Codec): Uint8Array {
    const unpacked = unpackStored(name, stored, length, codec);
    if (unpacked.max !== undefined) this.#max.set(name, unpacked.max);
    return unpacked.bytes;
  }
}

/** A section's stored bytes unpacked into a buffer of their own (a copy, when stored raw). */
function unpackStored(name: string, stored: Uint8Array, length: number, codec: Codec): Unpacked {
  if (codec === "raw") return { bytes: new Uint8Array(stored) };
  let unpacked: Unpacked;
  try {
    unpacked = unpackSection(stored, length, codec);
  } catch (error) {
    throw new RangeError(`Cannot decode snapshot: section ${name} is corrupt`, { cause: error });
  }
  checkLength(name, unpacked.bytes, length);
  // Typed arrays need their items aligned; a buffer of its own starts at 0.
  if (unpacked.bytes.byteOffset % 8 !== 0) unpacked.bytes = unpacked.bytes.slice();
  return unpacked;
}

/** node:zlib decompresses a cut frame to fewer bytes (or none) without complaint. */
function checkLength(name: string, bytes: Uint8Array, length: number): void {
  if (bytes.byteLength !== length) {
    throw corrupt(`section ${name} holds ${bytes.byteLength} bytes, its header says ${length}`);
  }
}

/** A JSON section's value; throws naming the section when it is not JSON. */
export async function parseJson(sections: Sections, name: string): Promise<unknown> {
  const text = new TextDecoder().decode(await sections.read(name));
  try {
    return JSON.parse(text);
  } catch (error) {
    if (error instanceof SyntaxError) throw corrupt(`section ${name} is corrupt`);
    throw error;
  }
}

/** The values of JSON parts `${name}.0`, `${name}.1`, ... one after another. */
export async function jsonArray(sections: Sections, name: string): Promise<unknown[]> {
  const parts: unknown[][] = [];
  for (let n = 0; n === 0 || sections.has(`${name}.${n}`); n++) {
    const part = await parseJson(sections, `${name}.${n}`);
    if (!Array.isArray(part)) throw corrupt(`section ${name}.${n} is corrupt`);
    parts.push(part);
  }
  if (parts.length === 1) return parts[0];
  const values: unknown[] = [];
  for (const part of parts) for (const value of part) values.push(value);
  return values;
}

/** A text section read as one string: a leading U+FEFF is part of it. */
const textDecoder = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * The strings of text parts `${name}.0`, `${name}.1`, ... sliced out of each part's text at
 * `${name}.ends` (V8 keeps a long slice as a view on the part's string: no copy). A string may not
 * run from one part into the next.
 */
export async function textArray(sections: Sections, name: string): Promise<string[]> {
  const endBytes = await sections.read(`${name}.ends`, 4);
  const ends = new Uint32Array(endBytes.buffer, endBytes.byteOffset, endBytes.byteLength / 4);
  const values = new Array<string>(ends.length);
  const mismatch = () => corrupt(`section ${name}.ends does not match its parts`);
  let k = 0;
  let start = 0;
  for (let n = 0, base = 0; n === 0 || sections.has(`${name}.${n}`); n++) {
    const text = textDecoder.decode(await sections.read(`${name}.${n}`));
    const last = base + text.length;
    for (; k < ends.length && ends[k] <= last; k++) {
      if (ends[k] < start || start < base) throw mismatch();
      values[k] = text.slice(start - base, ends[k] - base);
      start = ends[k];
    }
    base = last;
    if (start !== base) throw mismatch();
  }
  if (k !== ends.length) throw mismatch();
  return values;
}
