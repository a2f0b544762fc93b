/**
 * Index data ⇄ snapshot bytes (pure; src/store/snapshot_store.ts chunks them into KV).
 *
 * ```
 * "JSNS" | u32 header length | header JSON | padding to 8 | sections, each stored 8-byte aligned
 * ```
 *
 * The header names the format version, the model, the counts, the postings' fields and, for each
 * section, where it starts (after the header's padding), how many bytes it is stored in, how many
 * it holds and its codec (src/index/zstd_section.ts): `zstd` (one frame with a content checksum)
 * where that saves a tenth or more, `zstd-delta32` for u32 values that mostly ascend (term
 * postings, offsets), `raw` otherwise (the int8 vectors hardly compress). Each section is
 * decompressed straight into a buffer of its own, which its typed array views: a cold start makes
 * no copy of the whole snapshot and none out of it (docs/scaling.md, item 11), and in a large
 * snapshot the sections of at least {@linkcode THREAD_SECTION_BYTES} are decompressed on a worker
 * thread while this one builds the postings (src/index/snapshot_worker.ts).
 *
 * Sections, in the order they are stored and read (a cold start decodes each as its bytes arrive
 * from the store): each posting's title vector row (`vectorOfDoc` u32); the postings without
 * descriptions as columns (one a field, in the header's order, holding the values of the postings
 * that have it: float64 when all are numbers, a dictionary of the distinct strings in JSON parts
 * with a u32 reference each when at most half are distinct, else the strings' UTF-8 in parts of
 * {@linkcode JOBS_PER_PART} with where each ends, JSON parts otherwise) with each posting's shape
 * (its fields in its order: `jobShapes` JSON, `jobShape` u32); each posting's repost group (u32)
 * and the postings' places as JSON (src/index/query_place.ts), made at publish so that a cold start
 * does not fold every title, company and city again; two text columns (src/index/text_column.ts:
 * UTF-8 one after another, u32 ends): each posting's fingerprint and the folded start of each
 * description that reposts compare; the words as one JSON object, and per text field the terms by
 * position (src/index/term_dictionary.ts: `start` u32, `ids` u32, `counts` u16) and each posting's
 * field length (`lengths` u32); last, the distinct title vectors as int8 with one f32 scale per
 * row, the most bytes and the least to decode, read while the rest is decoded. Snapshots written
 * before held the vectors first: they decode alike, with less of their read overlapped. The
 * descriptions stay in the store (at 1,000,000 real-length postings they were 3.6 GB, 72% of a
 * snapshot; docs/scaling.md). Everything a search reads is a typed array over a section's own
 * buffer: loading builds no object per term or per occurrence.
 *
 * The postings' columns are src/index/posting_columns.ts; reading sections (codecs, the worker
 * thread, JSON and text parts) is src/index/snapshot_sections.ts.
 *
 * @module
 */
import { z } from "zod";
import { descriptionColumnsOf, type JobIndexData } from "./job_index_data.ts";
import { TextColumn } from "./text_column.ts";
import type { Job } from "../domain/job.ts";
import { type BuiltSlice, joinedColumn } from "./posting_slice.ts";
import { concatPositionText } from "./position_text.ts";
import { REPOST_RULE, repostGroups } from "./reposts.ts";
import { buildGazetteer, type Gazetteer, gazetteerFromJson, gazetteerToJson } from "./gazetteer.ts";
import type { TextField } from "./ranking.ts";
import type { FieldTerms, PositionText, TermDictionary } from "./term_dictionary.ts";
import { type Codec, freeBuffer, storeSection } from "./zstd_section.ts";
import { collectGarbage } from "./collect_garbage.ts";
import { titleRowsAhead } from "./title_vectors.ts";
import { FIELD_KINDS, type FieldKind, jobColumnParts, readJobs } from "./posting_columns.ts";
import {
  type Arrived,
  corrupt,
  parseJson,
  type Redirect,
  Sections,
  type SectionTable,
} from "./snapshot_sections.ts";

/**
 * Bump when the layout or the meaning of a field changes; servers ignore other versions. 3: the
 * tokenizer's stems changed (Orama's stemmer, stemming exceptions), so Orama's saved terms of a
 * version 2 snapshot no longer meet the analysed queries. 4: zstd instead of gzip, the text fields'
 * terms as a binary dictionary instead of Orama's radix trees and `frequencies`, no Orama
 * documents, descriptions apart from the postings' JSON (loading 20,000 postings: 1.3 s → 0.36 s,
 * docs/search.md). 5: no section is one JavaScript string of the whole corpus (V8's strings end at
 * 2^29 characters, which the descriptions of ~620,000 real postings pass): descriptions are
 * written one by one as UTF-8 with byte offsets, the postings' JSON in parts of
 * {@linkcode JOBS_PER_PART}. 6: Orama indexes the text fields only (filters test the postings,
 * src/domain/filters.ts); postings carry work mode, seniority and coordinates. 7: no Orama index
 * at all, the terms by posting position with each posting's field lengths (an index of 1,000,000
 * postings no longer loads into an Orama instance); no descriptions, only the columns kept of them
 * (docs/scaling.md). 8: each section compressed (or not) on its own and decompressed into its own
 * buffer, instead of one zstd frame over the whole snapshot copied out of; the postings as columns
 * instead of JSON objects (a cold start of 1,000,000 postings: docs/scaling.md, item 11).
 */
export const SNAPSHOT_FORMAT_VERSION = 8;

/** Values per JSON part of a column: no string holds more than one part's JSON. */
export const JOBS_PER_PART = 100_000;

/**
 * A snapshot with a compressed section of at least this many bytes is decoded with a worker
 * thread (at 20,000 postings none is: starting one doubled the decoding's 0.12 s).
 */
export const THREAD_START_BYTES = 16 * 2 ** 20;

/**
 * With a worker thread, zstd sections of at least this many bytes are decompressed on it while
 * this thread decodes the rest: at 1,000,000 postings the description's terms, and the postings'
 * columns (parts of 100,000 values) one ahead of the part this thread parses. From 16 MiB down to
 * 1 MiB, the main thread's CPU in decoding 1,000,000 postings fell from 1.58 to 1.19 s (medians of
 * eight, alternated; 256 KiB: no less).
 */
export const THREAD_SECTION_BYTES = 2 ** 20;

/**
 * With a worker thread, sections this thread unpacks as soon as they arrive instead: the
 * description's term counts, stored right after its term ids, the largest section, which the worker
 * unpacks meanwhile. On the worker the counts came after the ids, the last thing a cold start of
 * 1,000,000 postings waited for (0.3 s after the ids' 0.9), while this thread waited idle.
 */
const HERE_SECTIONS: ReadonlySet<string> = new Set(["description.counts"]);

/**
 * Title vectors from which a decoding copies them into a kernel's memory as they arrive (default of
 * `DecodeOptions.vectorsAheadBytes`): ~44,000 rows of 384, where the copy after the decoding
 * begins to show (at 1,000,000 postings 352 MiB, ~0.5 s of a cold start's wall time).
 */
export const VECTORS_AHEAD_BYTES = 16 * 2 ** 20;

/**
 * Sections a cold start keeps as stored, decompressed when first read: the texts only a delta or a
 * publish compares (the repost texts, 286 MiB decompressed at 1,000,000 postings, and the
 * fingerprints), never a search (docs/scaling.md, item 14).
 */
const LATER_SECTIONS: ReadonlySet<string> = new Set(["repostTexts", "fingerprints"]);

/** The text fields of the term dictionary, in section order. */
const TERM_FIELDS: (keyof TermDictionary)[] = [
  "title",
  "tags",
  "company",
  "location",
  "description",
];

/** What a snapshot holds: index data with the terms of its text. */
export type SnapshotData = JobIndexData & { text: PositionText };

/** A section as stored ({@linkcode storeSection}) before its turn came, with its raw length. */
interface StoredSection {
  codec: Codec;
  bytes: Uint8Array;
  length: number;
}

/**
 * A publish's sections of a snapshot but the title vectors, stored before the vectors are looked
 * up ({@linkcode storeAllButVectors}), in their order, with the postings' count and fields.
 */
export class SectionsStoredAhead {
  constructor(
    readonly docCount: number,
    readonly jobFields: readonly [string, FieldKind][],
    readonly sections: readonly [string, StoredSection][],
  ) {}
}

/** What a publish encodes once it has the vectors: the rest was stored ahead. */
export type SnapshotDataStoredAhead =
  & Pick<SnapshotData, "model" | "dimensions" | "vectors" | "vectorScales">
  & { ahead: SectionsStoredAhead };

/**
 * A publish's sections of its snapshot but the title vectors, stored now from the postings and the
 * slices it built (src/index/posting_slice.ts) as the encoder would store them in their turn, each
 * one's raw bytes freed once stored ({@linkcode freeBuffer}): the repost texts (the repost groups,
 * which read them, made first) before the terms are joined (which holds every slice's terms and
 * the joined ones at once), the words, terms and lengths, then each posting's vector row and the
 * postings' columns, `jobs` emptied once the columns have read them. A publish of 1,000,000
 * postings held the text raw (~1.3 GB outside V8's heap) and the postings (most of its heap)
 * through the cached vectors' look-ups and then the encoding, where the vectors were held too: its
 * two peaks (docs/scaling.md, "(session 26, 2026-11-29)"). The slices are spent: only their
 * fingerprints, joined, are left to read.
 */
export function storeAllButVectors(
  data: { jobs: Job[]; slices: readonly BuiltSlice[]; vectorOfDoc: Uint32Array },
  options: { jobsPerPart?: number } = {},
): { ahead: SectionsStoredAhead; fingerprints: TextColumn } {
  const { jobs, slices } = data;
  const docCount = jobs.length;
  const storedNow = (sections: Iterable<[string, ArrayBufferView | StoredSection]>) =>
    Array.from(sections, ([name, made]): [string, StoredSection] => [
      name,
      ArrayBuffer.isView(made) ? storedSection(made, true) : made,
    ]);
  const repostTexts = joinedColumn(slices, "repostTexts");
  const groups = repostGroups(jobs, (p) => repostTexts.get(p));
  const repostSections = storedNow(textColumnSections("repostText", repostTexts));
  for (const { repostTexts } of slices) [repostTexts.bytes, repostTexts.ends].forEach(freeBuffer);
  // The groups' keys (one a posting) are garbage before the terms are joined, the peak of a
  // publish at 1,000,000 postings now: collected where a publish's process may.
  collectGarbage();
  const text = concatPositionText(slices.map((slice) => slice.text));
  // Copied into the joined text: each slice's terms go now, not at a collection.
  if (slices.length > 1) {
    for (const slice of slices) {
      for (const f of TERM_FIELDS) {
        const { start, ids, counts } = slice.text.terms[f];
        [start, ids, counts, slice.text.lengths[f]].forEach(freeBuffer);
      }
    }
  }
  const textSectionsStored = storedNow(textSections(text));
  const fingerprints = joinedColumn(slices, "fingerprints");
  const fields: [string, FieldKind][] = [];
  const sections = storedNow(
    (function* (): Generator<[string, ArrayBufferView | StoredSection]> {
      yield ["vectorOfDoc", data.vectorOfDoc];
      yield* jobSections(
        jobs,
        { groups, fingerprints, repostTexts: repostSections },
        undefined,
        options.jobsPerPart ?? JOBS_PER_PART,
        fields,
        true,
      );
      yield* textSectionsStored;
    })(),
  );
  return { ahead: new SectionsStoredAhead(docCount, fields, sections), fingerprints };
}

/**
 * `view` as stored ({@linkcode storeSection}); its raw bytes freed once compressed where `free`
 * ({@linkcode freeBuffer}: a section stored raw is the output and stays).
 */
function storedSection(view: ArrayBufferView, free: boolean): StoredSection {
  const section = storeSection(view);
  const length = view.byteLength;
  if (section.codec !== "raw" && free) freeBuffer(view);
  return { ...section, length };
}

/** A text column's two sections: its texts' UTF-8 (`${name}s`) and where each ends. */
function* textColumnSections(
  name: string,
  column: TextColumn,
): Generator<[string, ArrayBufferView]> {
  const section = column.section();
  yield [`${name}s`, section.bytes];
  yield [`${name}Ends`, section.ends];
}

/** The words of every text field as one JSON object, then per field its terms and lengths. */
function* textSections({ terms, lengths }: PositionText): Generator<[string, ArrayBufferView]> {
  yield [
    "words",
    new TextEncoder().encode(JSON.stringify(
      Object.fromEntries(TERM_FIELDS.map((f) => [f, terms[f].words])),
    )),
  ];
  for (const f of TERM_FIELDS) {
    yield [`${f}.start`, terms[f].start];
    yield [`${f}.ids`, terms[f].ids];
    yield [`${f}.counts`, terms[f].counts];
    yield [`${f}.lengths`, lengths[f]];
  }
}

const MAGIC = "JSNS";
/** Format 7 and older: one zstd frame over the whole snapshot. */
const WHOLE_FRAME_MAGIC = "JSNZ";

const count = z.number().int().nonnegative();

const HeaderSchema = z.object({
  formatVersion: z.number().int(),
  model: z.string(),
  dimensions: z.number().int().positive(),
  docCount: count,
  vectorRows: count,
  /** The bytes after the header's padding: what a whole snapshot holds. */
  bodyLength: count,
  /** Each posting field's name and kind, in the order a posting's keys come back. */
  jobFields: z.array(z.tuple([z.string(), z.enum(FIELD_KINDS)])),
  /**
   * The rule of src/index/reposts.ts the stored repost groups were made by (absent: 1). Groups of
   * another rule are worked out again from the repost texts when the snapshot is read, so that a
   * change of the rule needs no new format and no rebuild.
   */
  repostRule: count.optional(),
  /** Offset (from the body's start), stored length, length and codec (checked when read). */
  sections: z.record(z.string(), z.tuple([count, count, count, z.string()])),
}) satisfies z.ZodType<{ sections: SectionTable }>;

type Header = z.infer<typeof HeaderSchema>;

/** What the postings' sections take of the descriptions ({@linkcode jobSections}). */
interface DescriptionSections {
  groups: Uint32Array;
  fingerprints: TextColumn;
  repostTexts: Iterable<[string, ArrayBufferView | StoredSection]>;
}

/**
 * The postings' columns and the columns kept of the descriptions: each one's folded start for
 * reposts, each posting's fingerprint; the repost groups and the places. Given one at a time
 * ({@linkcode jobColumnParts}), each field's kind pushed onto `fields` before its first part.
 * `release`: `jobs` is emptied once the columns have read it.
 */
function* jobSections(
  jobs: Job[],
  described: DescriptionSections,
  gazetteerGiven: Gazetteer | undefined,
  perPart: number,
  fields: [string, FieldKind][],
  release: boolean,
): Generator<[string, ArrayBufferView | StoredSection]> {
  const encoder = new TextEncoder();
  // A key a posting and each shared key's texts, garbage now: collected where a publish may.
  if (release) collectGarbage();
  const gazetteer = encoder.encode(
    JSON.stringify(gazetteerToJson(gazetteerGiven ?? buildGazetteer(jobs))),
  );
  // What the repost groups and the gazetteer made on the way (a key a posting, the titles' words)
  // is garbage before the columns are gathered: where a publish's process may ask, collected now.
  if (release) collectGarbage();
  const parts = jobColumnParts(jobs, perPart, fields);
  // The first part is made once every posting is read into the columns' values: from there the
  // postings (without descriptions, most of a 1,000,000 publish's heap) are not needed.
  const first = parts.next();
  if (release) {
    jobs.length = 0;
    collectGarbage();
  }
  if (!first.done) yield first.value;
  yield* parts;
  // The postings and their columns' values are garbage now (at 1,000,000 postings about a GiB of
  // heap): collected before the largest sections are made, where a publish's process may ask.
  if (release) collectGarbage();
  yield ["repostGroups", described.groups];
  yield ["gazetteer", gazetteer];
  yield* textColumnSections("fingerprint", described.fingerprints);
  yield* described.repostTexts;
}

/** Serialises index data and the terms of its text into snapshot bytes. */
export async function encodeSnapshot(
  data: SnapshotData,
  options: { jobsPerPart?: number } = {},
): Promise<Uint8Array> {
  const pieces = await encodeSnapshotPieces(data, options);
  const out = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.byteLength, 0));
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.byteLength;
  }
  return out;
}

/**
 * {@linkcode encodeSnapshot}'s bytes as the pieces they are made of (the header, then each section
 * and its padding), which one after another are the snapshot: a publish writes them out without
 * joining them into one more copy of the whole snapshot (605 MiB at 1,000,000 postings). Each
 * section is made when its turn comes and compressed at once. `release` (a publish's): `data.jobs`
 * is emptied once the postings' columns have read it, so the postings can be collected while the
 * rest is encoded.
 */
export function encodeSnapshotPieces(
  data: SnapshotData | SnapshotDataStoredAhead,
  options: { jobsPerPart?: number; release?: boolean } = {},
): Promise<Uint8Array[]> {
  const encoder = new TextEncoder();
  const ahead = "ahead" in data ? data.ahead : null;
  const plain = "ahead" in data ? null : data;
  // Read before the sections are made: with `release`, the arrays are freed as they are stored.
  const docCount = ahead?.docCount ?? plain!.jobs.length;
  const vectorRows = data.vectorScales.length;
  const fields: [string, FieldKind][] = ahead ? [...ahead.jobFields] : [];
  // In the order the decoder reads them: the worker thread decompresses its sections in this order,
  // and a cold start decodes each as it arrives. The vectors last: the most bytes and the least to
  // decode, they are read while the postings are built (docs/scaling.md, item 14). Each is made
  // when its turn comes and compressed at once: the raw bytes of one section are held at a time.
  function* parts(): Generator<[string, ArrayBufferView | StoredSection]> {
    if (ahead) yield* ahead.sections;
    else {
      const data = plain!;
      yield ["vectorOfDoc", data.vectorOfDoc];
      const columns = descriptionColumnsOf(data);
      const groups = data.repostGroups ??
        repostGroups(data.jobs, (p) => columns.repostTexts.get(p));
      yield* jobSections(
        data.jobs,
        {
          groups,
          fingerprints: columns.fingerprints,
          repostTexts: textColumnSections("repostText", columns.repostTexts),
        },
        data.gazetteer,
        options.jobsPerPart ?? JOBS_PER_PART,
        fields,
        !!options.release,
      );
      yield* textSections(data.text);
    }
    yield ["vectorScales", data.vectorScales];
    yield ["vectors", data.vectors];
  }
  // The arrays the caller gave: kept as they are unless it let them go (`release`). What the
  // encoder made is freed once compressed (src/index/zstd_section.ts, `freeBuffer`).
  const given = new Set<ArrayBufferView | undefined>([
    data.vectorScales,
    data.vectors,
    ...(plain
      ? [
        plain.vectorOfDoc,
        plain.repostGroups,
        ...TERM_FIELDS.flatMap((f) => [
          plain.text.terms[f].start,
          plain.text.terms[f].ids,
          plain.text.terms[f].counts,
          plain.text.lengths[f],
        ]),
      ]
      : []),
  ]);
  const sections: Header["sections"] = {};
  const body: Uint8Array[] = [];
  let offset = 0;
  for (const [name, made] of parts()) {
    const section = ArrayBuffer.isView(made)
      ? storedSection(made, !!options.release || !given.has(made))
      : made;
    sections[name] = [offset, section.bytes.byteLength, section.length, section.codec];
    body.push(section.bytes);
    offset += Math.ceil(section.bytes.byteLength / 8) * 8;
  }
  const header: Header = {
    formatVersion: SNAPSHOT_FORMAT_VERSION,
    model: data.model,
    dimensions: data.dimensions,
    docCount,
    vectorRows,
    bodyLength: offset,
    jobFields: fields,
    repostRule: REPOST_RULE,
    sections,
  };
  const headerBytes = encoder.encode(JSON.stringify(header));
  const bodyStart = Math.ceil((8 + headerBytes.byteLength) / 8) * 8;
  const head = new Uint8Array(bodyStart);
  head.set(encoder.encode(MAGIC), 0);
  new DataView(head.buffer).setUint32(4, headerBytes.byteLength, true);
  head.set(headerBytes, 8);
  const pieces: Uint8Array[] = [head];
  for (const section of body) {
    pieces.push(section);
    const padding = Math.ceil(section.byteLength / 8) * 8 - section.byteLength;
    if (padding > 0) pieces.push(new Uint8Array(padding));
  }
  return Promise.resolve(pieces);
}

/**
 * Reads the header; throws when these are not whole snapshot bytes of this version. A cut
 * snapshot is told from a foreign file by its magic: it is `truncated or corrupt`.
 */
async function readHeader(
  bytes: Uint8Array,
  arrived: Arrived,
): Promise<{ header: Header; bodyStart: number }> {
  await arrived(Math.min(8, bytes.byteLength));
  const magic = bytes.byteLength >= 4 ? new TextDecoder().decode(bytes.subarray(0, 4)) : "";
  if (magic === WHOLE_FRAME_MAGIC) {
    throw corrupt(`format version 7 or older, expected ${SNAPSHOT_FORMAT_VERSION}`);
  }
  if (magic !== MAGIC) throw corrupt("not a jobseek index snapshot");
  if (bytes.byteLength < 8) throw corrupt(`truncated or corrupt (${bytes.byteLength} bytes)`);
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true);
  if (8 + length > bytes.byteLength) {
    throw corrupt(`truncated or corrupt (${bytes.byteLength} of more than ${8 + length} bytes)`);
  }
  await arrived(8 + length);
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + length)));
  } catch {
    throw corrupt("its header is corrupt");
  }
  // The version first: another format's header may have other fields.
  const version = (json as { formatVersion?: unknown } | null)?.formatVersion;
  if (version !== SNAPSHOT_FORMAT_VERSION) {
    throw corrupt(`format version ${version}, expected ${SNAPSHOT_FORMAT_VERSION}`);
  }
  const header = HeaderSchema.safeParse(json);
  if (!header.success) throw corrupt("its header is corrupt");
  const bodyStart = Math.ceil((8 + length) / 8) * 8;
  const whole = bodyStart + header.data.bodyLength;
  if (bytes.byteLength !== whole) {
    throw corrupt(`truncated or corrupt (${bytes.byteLength} of ${whole} bytes)`);
  }
  const keys = header.data.jobFields.map(([key]) => key);
  if (new Set(keys).size !== keys.length || keys.includes("__proto__")) {
    throw corrupt("its header is corrupt");
  }
  return { header: header.data, bodyStart };
}

/**
 * Options of {@linkcode decodeSnapshot}: zstd sections of at least `threadBytes` are decompressed
 * on a worker thread; `Infinity`: none. By default, {@linkcode THREAD_SECTION_BYTES} where a
 * section holds {@linkcode THREAD_START_BYTES} or more, else none.
 */
export interface DecodeOptions {
  threadBytes?: number;
  /**
   * Title vectors of at least this many bytes are copied into the memory of the kernel that will
   * search them as they arrive (default {@linkcode VECTORS_AHEAD_BYTES}); smaller ones are a view
   * on `bytes` that the index copies. A delta's few are merged, never searched as they are.
   */
  vectorsAheadBytes?: number;
  /**
   * For bytes still being read on a thread that can put some elsewhere
   * (`SnapshotReading.redirect`): the title vectors placed ahead are read straight into the
   * kernel's memory, never into `bytes`.
   */
  redirect?: Redirect;
  /**
   * For bytes still being read (src/store/snapshot_store.ts, `openSnapshot`): resolves once every
   * byte before `end` is in. Sections are decoded as they arrive, in the order they are stored.
   */
  arrived?: Arrived;
}

/**
 * Decodes snapshot bytes. Throws a RangeError naming the problem when the bytes are not a whole,
 * consistent snapshot of this format version. The worker thread it may start has ended when it
 * settles.
 */
export async function decodeSnapshot(
  bytes: Uint8Array,
  options: DecodeOptions = {},
): Promise<SnapshotData> {
  const arrived = options.arrived ?? (() => Promise.resolve());
  const { header, bodyStart } = await readHeader(bytes, arrived);
  const sections = new Sections(bytes, bodyStart, header.sections, arrived);
  try {
    const threaded = Object.entries(header.sections).some(([name, [, , length, codec]]) =>
      codec !== "raw" && length >= THREAD_START_BYTES && !LATER_SECTIONS.has(name)
    );
    const threadBytes = options.threadBytes ?? (threaded ? THREAD_SECTION_BYTES : Infinity);
    sections.startThread(
      threadBytes,
      threadBytes === Infinity ? LATER_SECTIONS : new Set([...LATER_SECTIONS, ...HERE_SECTIONS]),
    );
    if (threadBytes !== Infinity) sections.unpackEarly(HERE_SECTIONS);
    return await decodeSections(header, sections, {
      vectorsAheadBytes: options.vectorsAheadBytes ?? VECTORS_AHEAD_BYTES,
      redirect: options.redirect,
    });
  } finally {
    sections.close();
  }
}

/**
 * Every section, checked: what this thread can read first (vectors, postings, places), then what
 * the worker thread decompressed meanwhile (the large text sections).
 */
async function decodeSections(
  header: Header,
  sections: Sections,
  { vectorsAheadBytes, redirect }: { vectorsAheadBytes: number; redirect?: Redirect },
): Promise<SnapshotData> {
  const { docCount, vectorRows, dimensions } = header;
  const u32 = async (name: string) => {
    const bytes = await sections.read(name, 4);
    return new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  };
  const u16 = async (name: string) => {
    const bytes = await sections.read(name, 2);
    return new Uint16Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 2);
  };

  // The title vectors, the last section and most of the bytes, go straight into the memory of the
  // kernel that will search them (src/index/title_vectors.ts), piece by piece as they arrive while
  // this thread waits for the others: the index then takes them without a copy (issue #40, a cold
  // start at 1,000,000 postings: 352 MiB copied after the decoding).
  const vectorBytesTotal = vectorRows * dimensions;
  const rowsAhead = vectorBytesTotal >= vectorsAheadBytes &&
      sections.lengthOf("vectors") === vectorBytesTotal
    ? titleRowsAhead(vectorRows, dimensions)
    : null;
  const placing = rowsAhead &&
    sections.copyInto("vectors", new Uint8Array(rowsAhead.buffer, 0, rowsAhead.byteLength), {
      redirect,
    });
  // Awaited below; a decoding that fails before then reports its own error.
  placing?.catch(() => {});

  // A row out of range would give its posting no vector: it would silently never be found.
  const vectorOfDoc = await u32("vectorOfDoc");
  if (vectorOfDoc.length !== docCount) {
    throw corrupt(`${vectorOfDoc.length} vector rows of postings for ${docCount} postings`);
  }
  for (let p = 0; p < docCount; p++) {
    if (vectorOfDoc[p] >= vectorRows) {
      throw corrupt(`posting ${p} has vector row ${vectorOfDoc[p]}, of ${vectorRows} rows`);
    }
  }

  const jobs = await readJobs(sections, docCount, header.jobFields);
  const groups = await u32("repostGroups");
  if (groups.length !== docCount) throw corrupt("repost groups do not match the postings");
  for (let p = 0; p < docCount; p++) {
    if (groups[p] > p) throw corrupt(`posting ${p} is in the repost group of a later one`);
  }
  // Made by another rule: the index works them out again (`Reposts`) before it serves.
  const groupsOfThisRule = (header.repostRule ?? 1) === REPOST_RULE ? groups : undefined;
  let gazetteer: Gazetteer;
  try {
    gazetteer = gazetteerFromJson(await parseJson(sections, "gazetteer"));
  } catch (error) {
    if (error instanceof RangeError && !error.message.startsWith("Cannot decode")) {
      throw corrupt("section gazetteer is corrupt");
    }
    throw error;
  }
  const words = await parseJson(sections, "words") as Record<string, unknown> | null;

  const column = async (name: string, ends: string) => {
    const offsets = await u32(ends);
    const { length, load } = await sections.later(name);
    if (offsets.length !== docCount) throw corrupt(`${name} do not match the postings`);
    try {
      return TextColumn.ofSectionLater(load, length, offsets);
    } catch {
      throw corrupt(`${name} do not match the postings`);
    }
  };
  const fingerprints = await column("fingerprints", "fingerprintEnds");
  const repostTexts = await column("repostTexts", "repostTextEnds");

  const terms = {} as TermDictionary;
  const lengths = {} as Record<TextField, Uint32Array>;
  for (const f of TERM_FIELDS) {
    const fieldWords = words?.[f];
    const start = await u32(`${f}.start`);
    const ids = await u32(`${f}.ids`);
    const counts = await u16(`${f}.counts`);
    if (
      !Array.isArray(fieldWords) || start.length !== fieldWords.length + 1 ||
      start[fieldWords.length] !== ids.length || counts.length !== ids.length
    ) {
      throw corrupt(`the terms of ${f} do not match`);
    }
    // The description's 92,000,000 postings at 1,000,000 postings: the worker that decompressed
    // them found their largest on the way.
    const max = sections.maxOf(`${f}.ids`);
    if (max !== undefined) {
      if (max >= docCount) throw corrupt(`the terms of ${f} name no posting`);
    } else {
      for (let k = 0; k < ids.length; k++) {
        if (ids[k] >= docCount) throw corrupt(`the terms of ${f} name no posting`);
      }
    }
    terms[f] = { words: fieldWords, start, ids, counts } satisfies FieldTerms;
    lengths[f] = await u32(`${f}.lengths`);
    if (lengths[f].length !== docCount) throw corrupt(`the lengths of ${f} do not match`);
  }

  const scaleBytes = await sections.read("vectorScales", 4);
  const scales = new Float32Array(scaleBytes.buffer, scaleBytes.byteOffset, scaleBytes.length / 4);
  // Else a view: every index copies its rows into the kernel's memory.
  const vectorBytes = rowsAhead ?? await sections.view("vectors");
  if (scales.length !== vectorRows || vectorBytes.byteLength !== vectorRows * dimensions) {
    throw corrupt(`the vectors do not make ${vectorRows} rows of ${dimensions}`);
  }
  await placing;
  // Kept as int8: a search scans them so (src/index/title_vectors.ts).
  const vectors = new Int8Array(vectorBytes.buffer, vectorBytes.byteOffset, vectorBytes.byteLength);
  return {
    model: header.model,
    dimensions,
    jobs,
    vectors,
    vectorScales: scales,
    vectorOfDoc,
    repostTexts,
    fingerprints,
    repostGroups: groupsOfThisRule,
    gazetteer,
    text: { terms, lengths },
  };
}
