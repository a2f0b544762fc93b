/**
 * The postings' descriptions in a loaded index: kept as the snapshot's UTF-8 bytes and decoded one
 * at a time, for the hits of a page and for the reposts that must be compared. A search reads none
 * of them (the description's terms are in the index's text), and as strings they were the largest
 * part of a loaded index (~860 MB of one posting's text each at 1,000,000 real postings;
 * docs/scaling.md).
 *
 * @module
 */
import type { Job } from "../domain/job.ts";

/** No source: the posting's description is on the posting itself (or empty). */
const NONE = 0xffff;

/** Descriptions by posting position, each a byte range of one of a few UTF-8 buffers. */
export class Descriptions {
  readonly #sources: Uint8Array[];
  readonly #sourceOf: Uint16Array;
  readonly #start: Uint32Array;
  readonly #end: Uint32Array;
  // ignoreBOM: a description's leading U+FEFF is part of it.
  static readonly #decoder = new TextDecoder("utf-8", { ignoreBOM: true });

  private constructor(
    sources: Uint8Array[],
    sourceOf: Uint16Array,
    start: Uint32Array,
    end: Uint32Array,
  ) {
    this.#sources = sources;
    this.#sourceOf = sourceOf;
    this.#start = start;
    this.#end = end;
  }

  /** A snapshot's section: the descriptions one after another, `ends[p]` where posting p's ends. */
  static ofSection(bytes: Uint8Array, ends: Uint32Array): Descriptions {
    const n = ends.length;
    const start = new Uint32Array(n);
    for (let p = 1; p < n; p++) start[p] = ends[p - 1];
    for (let p = 0; p < n; p++) {
      if (ends[p] < start[p] || ends[p] > bytes.byteLength) {
        throw new RangeError("Cannot read descriptions: their byte offsets are out of order");
      }
    }
    return new Descriptions([bytes], new Uint16Array(n), start, ends);
  }

  get size(): number {
    return this.#sourceOf.length;
  }

  /** Posting p's description ("" when it has none here). */
  get(p: number): string {
    const source = this.#sourceOf[p];
    if (source === NONE || this.#end[p] === this.#start[p]) return "";
    return Descriptions.#decoder.decode(
      this.#sources[source].subarray(this.#start[p], this.#end[p]),
    );
  }

  /**
   * The descriptions of a merged index: `parts[i].newPosition[q]` is where part i's posting q
   * went (-1: dropped). A part without descriptions leaves its postings' descriptions on them.
   */
  static merged(
    size: number,
    parts: { descriptions: Descriptions | null; newPosition: Int32Array }[],
  ): Descriptions {
    const sources: Uint8Array[] = [];
    const sourceOf = new Uint16Array(size).fill(NONE);
    const start = new Uint32Array(size);
    const end = new Uint32Array(size);
    for (const { descriptions, newPosition } of parts) {
      if (!descriptions) continue;
      // The part's sources that a kept posting still reads, renumbered.
      const renumbered = new Map<number, number>();
      for (let q = 0; q < newPosition.length; q++) {
        const p = newPosition[q];
        const from = descriptions.#sourceOf[q];
        if (p < 0 || from === NONE) continue;
        let to = renumbered.get(from);
        if (to === undefined) {
          to = sources.length;
          if (to >= NONE) throw new RangeError("Cannot merge descriptions: too many sources");
          sources.push(descriptions.#sources[from]);
          renumbered.set(from, to);
        }
        sourceOf[p] = to;
        start[p] = descriptions.#start[q];
        end[p] = descriptions.#end[q];
      }
    }
    return new Descriptions(sources, sourceOf, start, end);
  }
}

/** Posting p's description: on the posting, or kept apart in `descriptions`. */
export function descriptionAt(
  data: { jobs: readonly Job[]; descriptions?: Descriptions },
  p: number,
): string {
  return data.jobs[p].job_description || (data.descriptions?.get(p) ?? "");
}
