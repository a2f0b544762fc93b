/**
 * Index deltas: what changed since a published index, and merging it into the index a server
 * serves without reloading or rebuilding the rest (docs/search.md, "Deltas").
 *
 * A delta carries the postings added or updated since its base, as a small snapshot of their own
 * (their term dictionary, field lengths and int8 title vectors, encoded as a full snapshot is), and
 * the ids of the postings to drop (updated, expired, past the retention, purged). Applying it is a
 * merge of typed arrays by posting id: the merged index holds its postings in id order, as an index
 * built from the store at once does, and computes IDF and average field lengths over the merged
 * postings, so it answers every search exactly as that index would (tests/index_delta_test.ts).
 *
 * @module
 */
import { z } from "zod";
import type { Job } from "../domain/job.ts";
import { assembleIndexData, descriptionColumnsOf } from "./job_index_data.ts";
import { buildPositionText } from "./position_text.ts";
import { TextColumn } from "./text_column.ts";
import type { FieldTerms, PositionText, TermDictionary } from "./term_dictionary.ts";
import { JobIndex } from "./job_index.ts";
import { mergedGazetteer } from "./gazetteer.ts";
import { mergedRepostGroups } from "./reposts.ts";
import type { TextField } from "./ranking.ts";
import { decodeSnapshot, encodeSnapshot, type SnapshotData } from "./snapshot.ts";

const TEXT_FIELDS: TextField[] = ["title", "tags", "company", "location", "description"];

/** The start of delta bytes: tells a delta from a full snapshot (`JSNS`) before decoding. */
const DELTA_MAGIC = "JDLT";

export interface IndexDelta {
  /** The postings added or updated, with their vectors and terms. */
  added: SnapshotData;
  /** Postings to drop: updated ones (their new version is in `added`), expired, purged. */
  removed: string[];
}

const DeltaHeaderSchema = z.object({ removed: z.array(z.string()) });

/** The postings as a small index of their own, in the form a snapshot carries. */
export function deltaData(
  options: { model: string; dimensions: number; jobs: Job[]; vectors: Float32Array[] },
): SnapshotData {
  return { ...assembleIndexData(options), text: buildPositionText(options.jobs) };
}

/**
 * Delta bytes: `JDLT`, the header's length (u32, little-endian), the header (JSON: the removed
 * ids), padding to 8 bytes, then the added postings as snapshot bytes (src/index/snapshot.ts).
 */
export async function encodeDelta(
  delta: { added: SnapshotData; removed: string[] },
): Promise<Uint8Array> {
  const header = new TextEncoder().encode(JSON.stringify({ removed: delta.removed }));
  const body = await encodeSnapshot(delta.added);
  const start = Math.ceil((8 + header.byteLength) / 8) * 8;
  const bytes = new Uint8Array(start + body.byteLength);
  bytes.set(new TextEncoder().encode(DELTA_MAGIC), 0);
  new DataView(bytes.buffer).setUint32(4, header.byteLength, true);
  bytes.set(header, 8);
  bytes.set(body, start);
  return bytes;
}

/** Whether `bytes` are a delta rather than a full snapshot. */
export function isDelta(bytes: Uint8Array): boolean {
  return bytes.byteLength >= 8 && new TextDecoder().decode(bytes.subarray(0, 4)) === DELTA_MAGIC;
}

/** Reads delta bytes; throws `Cannot decode delta: ...` on anything it cannot trust. */
export async function decodeDelta(bytes: Uint8Array): Promise<IndexDelta> {
  if (!isDelta(bytes)) throw new RangeError("Cannot decode delta: not a delta");
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true);
  const start = Math.ceil((8 + length) / 8) * 8;
  if (start > bytes.byteLength) throw new RangeError("Cannot decode delta: truncated header");
  let header: z.infer<typeof DeltaHeaderSchema>;
  try {
    header = DeltaHeaderSchema.parse(
      JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + length))),
    );
  } catch (error) {
    throw new RangeError(`Cannot decode delta: bad header (${(error as Error).message})`);
  }
  const added = await decodeSnapshot(bytes.subarray(start));
  return { added, removed: header.removed };
}

/**
 * `base` with `delta` merged in: the removed postings and the old versions of updated ones
 * dropped, the added ones inserted in id order with their terms, field lengths and vectors. The
 * base is left as it was (a search running on it finishes there). Vector rows no posting uses
 * any more are dropped.
 */
export function applyDelta(base: JobIndex, delta: IndexDelta): JobIndex {
  const { data } = base;
  const added = delta.added;
  if (added.model !== data.model || added.dimensions !== data.dimensions) {
    throw new RangeError(
      `Cannot apply delta: it holds ${added.dimensions}-d vectors of ${added.model}, the index ` +
        `${data.dimensions}-d vectors of ${data.model}`,
    );
  }
  const addText = added.text;
  const baseText = base.positionText();
  const drop = new Set(delta.removed);
  for (const job of added.jobs) drop.add(job.id);

  // New positions: both lists merged by id (the base is in id order, as published or merged).
  const addOrder = added.jobs.map((_, q) => q).sort((a, b) =>
    compareIds(added.jobs[a], added.jobs[b])
  );
  const baseNew = new Int32Array(data.jobs.length).fill(-1);
  const addNew = new Int32Array(added.jobs.length);
  const jobs: Job[] = [];
  const dropped: Job[] = [];
  let q = 0;
  for (let p = 0; p < data.jobs.length; p++) {
    const job = data.jobs[p];
    if (drop.has(job.id)) {
      dropped.push(job);
      continue;
    }
    while (q < addOrder.length && compareIds(added.jobs[addOrder[q]], job) < 0) {
      addNew[addOrder[q]] = jobs.length;
      jobs.push(added.jobs[addOrder[q++]]);
    }
    baseNew[p] = jobs.length;
    jobs.push(job);
  }
  while (q < addOrder.length) {
    addNew[addOrder[q]] = jobs.length;
    jobs.push(added.jobs[addOrder[q++]]);
  }
  const n = jobs.length;

  // Vectors (int8, as snapshots hold them): the base rows still used, then the delta's.
  const { dimensions } = data;
  const kept = { values: data.vectors, scales: data.vectorScales };
  const fresh = { values: added.vectors, scales: added.vectorScales };
  const baseRows = kept.scales.length;
  const rowMap = new Int32Array(baseRows).fill(-1);
  let rows = 0;
  for (let p = 0; p < data.jobs.length; p++) {
    if (baseNew[p] >= 0 && rowMap[data.vectorOfDoc[p]] < 0) rowMap[data.vectorOfDoc[p]] = rows++;
  }
  const addRows = fresh.scales.length;
  const vectors = new Int8Array((rows + addRows) * dimensions);
  const vectorScales = new Float32Array(rows + addRows);
  // Rows are copied a run at a time (rows kept keep their order): a view a row cost 100,000 views.
  for (let r = 0; r < baseRows;) {
    if (rowMap[r] < 0) {
      r++;
      continue;
    }
    let end = r + 1;
    while (end < baseRows && rowMap[end] === rowMap[end - 1] + 1) end++;
    vectors.set(kept.values.subarray(r * dimensions, end * dimensions), rowMap[r] * dimensions);
    vectorScales.set(kept.scales.subarray(r, end), rowMap[r]);
    r = end;
  }
  vectors.set(fresh.values, rows * dimensions);
  vectorScales.set(fresh.scales, rows);
  const vectorOfDoc = new Uint32Array(n);
  for (let p = 0; p < data.jobs.length; p++) {
    if (baseNew[p] >= 0) vectorOfDoc[baseNew[p]] = rowMap[data.vectorOfDoc[p]];
  }
  for (let k = 0; k < added.jobs.length; k++) vectorOfDoc[addNew[k]] = rows + added.vectorOfDoc[k];

  const terms = {} as TermDictionary;
  const lengths = {} as Record<TextField, Uint32Array>;
  for (const field of TEXT_FIELDS) {
    terms[field] = mergeTerms(baseText.terms[field], baseNew, addText.terms[field], addNew);
    const merged = new Uint32Array(n);
    const fromBase = baseText.lengths[field];
    for (let p = 0; p < fromBase.length; p++) if (baseNew[p] >= 0) merged[baseNew[p]] = fromBase[p];
    const fromAdded = addText.lengths[field];
    for (let k = 0; k < fromAdded.length; k++) merged[addNew[k]] = fromAdded[k];
    lengths[field] = merged;
  }
  const text: PositionText = { terms, lengths };
  const baseColumns = descriptionColumnsOf(data);
  const addedColumns = descriptionColumnsOf(added);
  const [repostTexts, fingerprints] = (["repostTexts", "fingerprints"] as const).map((name) =>
    TextColumn.merged(n, [
      { column: baseColumns[name], newPosition: baseNew },
      { column: addedColumns[name], newPosition: addNew },
    ])
  );
  // Reposts and places from the postings that changed and what the base had worked out: building
  // them from every posting again was most of an apply's time at 100,000 postings (docs/scaling.md,
  // session 23).
  const changed = [...added.jobs, ...dropped];
  const repostGroups = mergedRepostGroups(
    jobs,
    (p) => repostTexts.get(p),
    { groups: base.repostGroups(), newPosition: baseNew },
    changed,
  );
  const gazetteer = mergedGazetteer(base.gazetteer(), data.jobs, added.jobs, dropped);
  return new JobIndex({
    model: data.model,
    dimensions,
    jobs,
    vectors,
    vectorScales,
    vectorOfDoc,
    repostTexts,
    fingerprints,
    text,
    repostGroups,
    gazetteer,
  });
}

/**
 * `deltas` (oldest first) applied to `base`: several are merged first ({@linkcode mergedDeltas},
 * work in proportion to the deltas) and the base rebuilt once, where applying them one by one
 * rebuilt the whole index once a delta (a server starting cold on a chain of 49 deltas at 1,000,000
 * postings did 49 applies over the whole index). The same index either way, posting for posting
 * (tests/index_delta_test.ts).
 */
export function applyChain(base: JobIndex, deltas: IndexDelta[]): JobIndex {
  if (deltas.length === 0) throw new RangeError("Cannot apply a chain of deltas: it is empty");
  return applyDelta(base, deltas.length === 1 ? deltas[0] : mergedDeltas(deltas));
}

/**
 * A chain of deltas, oldest first, as one delta against the same base (a compaction's merge,
 * src/search/compact_index.ts): its added postings are the chain's in their last version (one
 * added and removed later is gone), its removed every posting any of them removed or replaced.
 * The base merged with it is the base merged with the chain, posting for posting; the work is the
 * deltas' size, never the base's. Each delta's added postings are an index of their own, so the
 * merge is {@linkcode applyDelta} over the first one's.
 */
export function mergedDeltas(deltas: IndexDelta[]): IndexDelta {
  if (deltas.length === 0) throw new RangeError("Cannot merge deltas: there are none");
  // Neighbours merged in pairs, then the pairs, ...: each posting is merged once a round, log2 of
  // the deltas' count in all, where one after another merged the earliest deltas' postings once a
  // delta (2.5 s of 3.6 for 11 deltas of 1,000 postings, at a load of 11).
  let round = deltas;
  while (round.length > 1) {
    const next: IndexDelta[] = [];
    for (let k = 0; k < round.length; k += 2) {
      next.push(k + 1 < round.length ? mergedPair(round[k], round[k + 1]) : round[k]);
    }
    round = next;
  }
  const index = new JobIndex(round[0].added);
  // Laid out as a publish lays out postings, so the merged delta is no larger than it must be.
  const added = compactedData(index);
  index.close();
  const removed = new Set(round[0].removed);
  // A posting in `added` replaces its base version anyway (applyDelta drops it).
  for (const job of added.jobs) removed.delete(job.id);
  return { added, removed: [...removed].sort() };
}

/** `later` merged into `earlier`: one delta that does what both do, one after the other. */
function mergedPair(earlier: IndexDelta, later: IndexDelta): IndexDelta {
  const index = new JobIndex(earlier.added);
  const merged = applyDelta(index, later);
  index.close();
  const added: SnapshotData = { ...merged.data, text: merged.positionText() };
  merged.close();
  return { added, removed: [...earlier.removed, ...later.removed] };
}

function compareIds(a: Job, b: Job): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * One field's terms of both sides by their new positions: the words' sorted union, each word's
 * postings those of the base still kept, then the added ones. A word no posting has any more is
 * left out, as an index built at once would not have it.
 */
function mergeTerms(
  base: FieldTerms,
  baseNew: Int32Array,
  add: FieldTerms,
  addNew: Int32Array,
): FieldTerms {
  // One pass of plain loops over typed arrays: at 100,000 postings the descriptions have 9 million
  // entries, and merging them was a third of an apply's time. Sized for every entry of both and
  // returned as views of what was filled: the dropped postings' entries are all that is spare (a
  // slice would copy them all, which an index of 1,000,000 postings has no room for).
  const outWords: string[] = [];
  const start: number[] = [0];
  const ids = new Uint32Array(base.ids.length + add.ids.length);
  const counts = new Uint16Array(ids.length);
  const baseWords = base.words;
  const addWords = add.words;
  let at = 0;
  let i = 0;
  let j = 0;
  while (i < baseWords.length || j < addWords.length) {
    const a = i < baseWords.length ? baseWords[i] : undefined;
    const b = j < addWords.length ? addWords[j] : undefined;
    const fromBase = b === undefined || (a !== undefined && a <= b);
    const fromAdd = a === undefined || (b !== undefined && b <= a);
    if (fromBase) {
      for (let k = base.start[i], end = base.start[i + 1]; k < end; k++) {
        const p = baseNew[base.ids[k]];
        if (p < 0) continue;
        ids[at] = p;
        counts[at++] = base.counts[k];
      }
      i++;
    }
    if (fromAdd) {
      for (let k = add.start[j], end = add.start[j + 1]; k < end; k++) {
        ids[at] = addNew[add.ids[k]];
        counts[at++] = add.counts[k];
      }
      j++;
    }
    // A word no posting has any more is left out, as an index built at once would not have it.
    if (at > start[start.length - 1]) {
      outWords.push(fromBase ? a! : b!);
      start.push(at);
    }
  }
  return {
    words: outWords,
    start: Uint32Array.from(start),
    ids: ids.subarray(0, at),
    counts: counts.subarray(0, at),
  };
}

/**
 * What a compaction writes of an index with deltas merged in (src/search/compact_index.ts): its
 * data as a full publish of the same postings lays it out, so that the snapshot reads, searches
 * and compresses as that one. Merging leaves two things otherwise: a title's vector row once in the
 * base and again in each delta that brought a posting of it (kept once here, rows in the order
 * their postings first use them), and the postings of a word that a delta added after the base's
 * (put back in position order, which the `zstd-delta32` codec also stores smaller).
 */
export function compactedData(index: JobIndex): SnapshotData {
  const { data } = index;
  const { dimensions } = data;
  const n = data.jobs.length;
  const rowOf = new Map<string, number[]>();
  const newRow = new Int32Array(data.vectorScales.length).fill(-1);
  const order: number[] = [];
  const vectorOfDoc = new Uint32Array(n);
  for (let p = 0; p < n; p++) {
    const r = data.vectorOfDoc[p];
    if (newRow[r] < 0) {
      // Rows of one title are byte for byte the same (the cached vector, quantised alike).
      const values = data.vectors.subarray(r * dimensions, (r + 1) * dimensions);
      const key = `${data.vectorScales[r]}:${rowHash(values)}`;
      const candidates = rowOf.get(key) ?? [];
      const same = candidates.find((k) =>
        sameRow(values, data.vectors.subarray(order[k] * dimensions, (order[k] + 1) * dimensions))
      );
      if (same !== undefined) newRow[r] = same;
      else {
        newRow[r] = order.length;
        candidates.push(order.length);
        rowOf.set(key, candidates);
        order.push(r);
      }
    }
    vectorOfDoc[p] = newRow[r];
  }
  const vectors = new Int8Array(order.length * dimensions);
  const vectorScales = new Float32Array(order.length);
  order.forEach((r, row) => {
    vectors.set(data.vectors.subarray(r * dimensions, (r + 1) * dimensions), row * dimensions);
    vectorScales[row] = data.vectorScales[r];
  });
  const text = index.positionText();
  const terms = {} as TermDictionary;
  for (const field of TEXT_FIELDS) terms[field] = inPositionOrder(text.terms[field]);
  const { repostTexts, fingerprints } = descriptionColumnsOf(data);
  return {
    model: data.model,
    dimensions,
    jobs: data.jobs,
    vectors,
    vectorScales,
    vectorOfDoc,
    repostTexts,
    fingerprints,
    text: { terms, lengths: text.lengths },
  };
}

/** FNV-1a over a row's bytes: which rows may be the same. */
function rowHash(values: Int8Array): number {
  let h = 0x811c9dc5;
  for (let k = 0; k < values.length; k++) h = Math.imul(h ^ (values[k] & 0xff), 0x01000193);
  return h >>> 0;
}

function sameRow(a: Int8Array, b: Int8Array): boolean {
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/** A field's terms with each word's postings in position order (a copy where any is not). */
function inPositionOrder(field: FieldTerms): FieldTerms {
  let ids: Uint32Array | null = null;
  let counts: Uint16Array | null = null;
  for (let w = 0; w + 1 < field.start.length; w++) {
    const from = field.start[w];
    const to = field.start[w + 1];
    let sorted = true;
    for (let k = from + 1; k < to && sorted; k++) sorted = field.ids[k - 1] < field.ids[k];
    if (sorted) continue;
    ids ??= field.ids.slice();
    counts ??= field.counts.slice();
    const at = Array.from({ length: to - from }, (_, k) => from + k)
      .sort((a, b) => field.ids[a] - field.ids[b]);
    at.forEach((k, j) => {
      ids![from + j] = field.ids[k];
      counts![from + j] = field.counts[k];
    });
  }
  return ids === null ? field : { words: field.words, start: field.start, ids, counts: counts! };
}
