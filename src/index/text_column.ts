/**
 * A column of short texts by posting position, kept as UTF-8 bytes and decoded one at a time: what
 * an index keeps of each posting beside the fields a search reads, without a string per posting
 * (the folded start of each description that reposts compare, each posting's fingerprint). The
 * descriptions themselves stay in the store (docs/scaling.md: ~3.6 GB at 1,000,000 postings).
 *
 * @module
 */

/** No source: the posting has no text here. */
const NONE = 0xffff;

/**
 * A buffer made when first read (a snapshot's section decompressed), then kept: columns merged
 * from one share it.
 */
class Later {
  #load: (() => Uint8Array) | null;
  #bytes: Uint8Array | null = null;

  constructor(load: () => Uint8Array) {
    this.#load = load;
  }

  get bytes(): Uint8Array {
    if (!this.#bytes) {
      this.#bytes = this.#load!();
      this.#load = null;
    }
    return this.#bytes;
  }
}

/** Texts by posting position, each a byte range of one of a few UTF-8 buffers. */
export class TextColumn {
  readonly #sources: (Uint8Array | Later)[];
  readonly #sourceOf: Uint16Array;
  readonly #start: Uint32Array;
  readonly #end: Uint32Array;
  // ignoreBOM: a text's leading U+FEFF is part of it.
  static readonly #decoder = new TextDecoder("utf-8", { ignoreBOM: true });

  private constructor(
    sources: (Uint8Array | Later)[],
    sourceOf: Uint16Array,
    start: Uint32Array,
    end: Uint32Array,
  ) {
    this.#sources = sources;
    this.#sourceOf = sourceOf;
    this.#start = start;
    this.#end = end;
  }

  /** Texts one after another in `bytes`, `ends[p]` the byte offset where text p ends. */
  static ofSection(bytes: Uint8Array, ends: Uint32Array): TextColumn {
    return TextColumn.#ofSource(bytes, bytes.byteLength, ends);
  }

  /**
   * As {@linkcode TextColumn.ofSection}, of `byteLength` bytes that `load` makes when a text is
   * first read (and must make that many: its caller checks).
   */
  static ofSectionLater(load: () => Uint8Array, byteLength: number, ends: Uint32Array): TextColumn {
    return TextColumn.#ofSource(new Later(load), byteLength, ends);
  }

  static #ofSource(source: Uint8Array | Later, byteLength: number, ends: Uint32Array): TextColumn {
    const n = ends.length;
    const start = new Uint32Array(n);
    for (let p = 1; p < n; p++) start[p] = ends[p - 1];
    for (let p = 0; p < n; p++) {
      if (ends[p] < start[p] || ends[p] > byteLength) {
        throw new RangeError("Cannot read texts: their byte offsets are out of order");
      }
    }
    return new TextColumn([source], new Uint16Array(n), start, ends);
  }

  #bytesOf(source: number): Uint8Array {
    const bytes = this.#sources[source];
    return bytes instanceof Later ? bytes.bytes : bytes;
  }

  /** A column of these texts (well-formed UTF-16: a lone surrogate cannot be UTF-8). */
  static of(texts: readonly string[]): TextColumn {
    const { bytes, ends } = TextColumn.encode(texts);
    return TextColumn.ofSection(bytes, ends);
  }

  /** The texts' UTF-8 one after another and where each ends, as `ofSection` reads them. */
  static encode(texts: readonly string[]): { bytes: Uint8Array; ends: Uint32Array } {
    const encoder = new TextEncoder();
    const encoded = texts.map((text) => encoder.encode(text));
    const ends = new Uint32Array(texts.length);
    let end = 0;
    encoded.forEach((bytes, p) => ends[p] = end += bytes.byteLength);
    const bytes = new Uint8Array(end);
    encoded.forEach((text, p) => bytes.set(text, p > 0 ? ends[p - 1] : 0));
    return { bytes, ends };
  }

  get size(): number {
    return this.#sourceOf.length;
  }

  /** Text p ("" when there is none). */
  get(p: number): string {
    const source = this.#sourceOf[p];
    if (source === NONE || this.#end[p] === this.#start[p]) return "";
    return TextColumn.#decoder.decode(this.#bytesOf(source).subarray(this.#start[p], this.#end[p]));
  }

  /** The texts of several columns one after another (their buffers shared, not copied). */
  static concat(columns: readonly TextColumn[]): TextColumn {
    const size = columns.reduce((sum, column) => sum + column.size, 0);
    let offset = 0;
    return TextColumn.merged(
      size,
      columns.map((column) => {
        const newPosition = Int32Array.from({ length: column.size }, (_, q) => offset + q);
        offset += column.size;
        return { column, newPosition };
      }),
    );
  }

  /** The texts' UTF-8 one after another and where each ends, copied without decoding. */
  section(): { bytes: Uint8Array; ends: Uint32Array } {
    const n = this.size;
    const ends = new Uint32Array(n);
    let end = 0;
    for (let p = 0; p < n; p++) {
      if (this.#sourceOf[p] !== NONE) end += this.#end[p] - this.#start[p];
      ends[p] = end;
    }
    const bytes = new Uint8Array(end);
    for (let p = 0, at = 0; p < n; p++) {
      const source = this.#sourceOf[p];
      if (source === NONE) continue;
      bytes.set(this.#bytesOf(source).subarray(this.#start[p], this.#end[p]), at);
      at = ends[p];
    }
    return { bytes, ends };
  }

  /** All texts, in order. */
  all(): string[] {
    return Array.from({ length: this.size }, (_, p) => this.get(p));
  }

  /**
   * The column of a merged index: `parts[i].newPosition[q]` is where part i's posting q went (-1:
   * dropped). The byte buffers are shared, not copied.
   */
  static merged(
    size: number,
    parts: { column: TextColumn; newPosition: Int32Array }[],
  ): TextColumn {
    const sources: (Uint8Array | Later)[] = [];
    const sourceOf = new Uint16Array(size).fill(NONE);
    const start = new Uint32Array(size);
    const end = new Uint32Array(size);
    for (const { column, newPosition } of parts) {
      // The part's buffers that a kept posting still reads, renumbered.
      const renumbered = new Map<number, number>();
      for (let q = 0; q < newPosition.length; q++) {
        const p = newPosition[q];
        const from = column.#sourceOf[q];
        if (p < 0 || from === NONE) continue;
        let to = renumbered.get(from);
        if (to === undefined) {
          to = sources.length;
          if (to >= NONE) throw new RangeError("Cannot merge texts: too many buffers");
          sources.push(column.#sources[from]);
          renumbered.set(from, to);
        }
        sourceOf[p] = to;
        start[p] = column.#start[q];
        end[p] = column.#end[q];
      }
    }
    return new TextColumn(sources, sourceOf, start, end);
  }
}
