/**
 * Orama's internals that the tests' reference reads, in one place: per text field, the radix tree,
 * term frequencies and field lengths in `save()`'s output, and the internal id of a document, read
 * into terms by position (`positionTextOfOrama`) for src/index/position_text_test.ts to compare the
 * publish's own terms with. No shipped code reads them since session 19. Orama types these loosely
 * (`unknown`, unions of tree kinds) and may reshape them in any release, so each is checked here
 * and a shape that differs fails at once with an error naming the Orama version this was written
 * for, not as a wrong comparison.
 *
 * The checks are shallow (an object, a root node): enough to catch a renamed or restructured field.
 *
 * @module
 */
import { z } from "zod";
import { type AnyOrama, components, type RawData } from "@orama/orama";
import { TEXT_FIELDS } from "../indexed_text.ts";
import type { TextField } from "../ranking.ts";
import type { FieldTerms, PositionText, TermDictionary } from "../term_dictionary.ts";
import { type OramaDb, saveOrama } from "./orama_db.ts";

/** The @orama/orama version (pinned in deno.json) whose internals this module reads. */
export const ORAMA_VERSION = "3.1.18";

/** A node of Orama's radix tree in its `save()` output (`w`: its whole word, `e`: a word ends). */
export interface SavedRadixNode {
  w: string;
  e: boolean;
  d: number[];
  c: [string, SavedRadixNode][];
}

/** Orama's `save()` output of its index, as far as the snapshot reads it. */
export interface SavedOramaIndex {
  indexes: Record<string, { type: string; node: SavedRadixNode; isArray: boolean }>;
  /** Per field, per internal id: occurrences of each term divided by the field's length. */
  frequencies: Record<string, Record<number, Record<string, number> | undefined>>;
  /** Per field, per internal id: the field's length in tokens. */
  fieldLengths: Record<string, Record<number, number | undefined>>;
}

/** Orama's saved data with its index and documents store read. */
export interface SavedOrama {
  raw: RawData;
  index: SavedOramaIndex;
  /** How many documents Orama holds (its documents store's `count`). */
  docCount: number;
}

/** An object, its entries unread: a field's map has an entry per posting (20,000). */
const anyRecord = z.custom<Record<string, unknown>>(
  (value) => typeof value === "object" && value !== null && !Array.isArray(value),
  { message: "expected an object" },
);

function perField<T extends z.ZodType>(fields: readonly string[], schema: T) {
  return z.looseObject(Object.fromEntries(fields.map((f) => [f, schema])));
}

const savedNodeSchema = z.looseObject({
  w: z.string(),
  e: z.boolean(),
  d: z.array(z.number()),
  c: z.array(z.tuple([z.string(), z.unknown()])),
});

function savedSchema(fields: readonly string[]) {
  return z.looseObject({
    internalDocumentIDStore: z.unknown(),
    index: z.looseObject({
      indexes: perField(
        fields,
        z.looseObject({ type: z.literal("Radix"), node: savedNodeSchema, isArray: z.boolean() }),
      ),
      frequencies: perField(fields, anyRecord),
      fieldLengths: perField(fields, anyRecord),
    }),
    docs: z.looseObject({ docs: anyRecord, count: z.number().int().nonnegative() }),
    sorting: z.unknown(),
    pinning: z.unknown(),
    language: z.string(),
  });
}

function shapeError(what: string, error: z.ZodError): TypeError {
  const issue = error.issues[0];
  const where = issue.path.length > 0 ? issue.path.join(".") : "(root)";
  return new TypeError(
    `Cannot read ${what}: its shape differs from what src/index/testdata/orama_internals.ts reads in ` +
      `@orama/orama ${ORAMA_VERSION} (${where}: ${issue.message})`,
  );
}

/**
 * Orama's saved data (`save()`, or what a snapshot carries), checked to hold the text fields' saved
 * radix trees, frequencies and field lengths, and its documents store's count. Throws a TypeError
 * naming the Orama version when it does not.
 */
export function savedOramaOf(raw: unknown, textFields: readonly string[]): SavedOrama {
  const checked = savedSchema(textFields).safeParse(raw);
  if (!checked.success) throw shapeError("Orama's saved index", checked.error);
  // Checked above; the original keeps every field Orama's `load()` needs.
  const data = raw as RawData & { index: SavedOramaIndex; docs: { count: number } };
  return { raw: data, index: data.index, docCount: data.docs.count };
}

/** Orama's internal id of the document whose `id` is `id`. */
export function internalIdOf(db: AnyOrama, id: string): number {
  return components.internalDocumentIDStore.getInternalDocumentId(db.internalDocumentIDStore, id);
}

/** Orama's radix tree in its saved form as a `FieldTerms`; counts from Orama's `frequencies`. */
function fieldTermsOf(
  root: SavedRadixNode,
  frequencies: Record<number, Record<string, number> | undefined>,
  lengths: Record<number, number | undefined>,
  positionOf: Uint32Array,
): FieldTerms {
  const nodes: SavedRadixNode[] = [];
  const visit = (node: SavedRadixNode) => {
    if (node.e && node.d.length > 0) nodes.push(node);
    for (const [, child] of node.c) visit(child);
  };
  visit(root);
  nodes.sort((a, b) => a.w < b.w ? -1 : a.w > b.w ? 1 : 0);
  const start = new Uint32Array(nodes.length + 1);
  nodes.forEach((node, t) => start[t + 1] = start[t] + node.d.length);
  const ids = new Uint32Array(start[nodes.length]);
  const counts = new Uint16Array(ids.length);
  nodes.forEach((node, t) => {
    // Positions ascending within a word: merges and scans then read memory in order.
    const sorted = node.d.toSorted((a, b) => positionOf[a] - positionOf[b]);
    sorted.forEach((id, k) => {
      ids[start[t] + k] = positionOf[id];
      // Orama stores occurrences / field length.
      const count = Math.round((frequencies[id]?.[node.w] ?? 0) * (lengths[id] ?? 0));
      if (count > 0xffff) {
        throw new RangeError(`Cannot save index: "${node.w}" occurs ${count} times`);
      }
      counts[start[t] + k] = count;
    });
  });
  return { words: nodes.map((node) => node.w), start, ids, counts };
}

/**
 * The text of `count` postings that Orama indexed (their document ids `"0"`, `"1"`, ... their
 * positions) as terms and field lengths by position, read from Orama's `save()` output. Orama's
 * own structures are dropped after: a search reads only this.
 */
export function positionTextOfOrama(db: OramaDb, count: number): PositionText {
  const { index } = savedOramaOf(saveOrama(db), TEXT_FIELDS);
  const positionOf = new Uint32Array(count + 1);
  const idOfPosition = new Uint32Array(count);
  for (let p = 0; p < count; p++) {
    const id = internalIdOf(db, String(p));
    positionOf[id] = p;
    idOfPosition[p] = id;
  }
  const terms = {} as TermDictionary;
  const lengths = {} as Record<TextField, Uint32Array>;
  for (const field of TEXT_FIELDS) {
    const fieldLengths = index.fieldLengths[field];
    terms[field] = fieldTermsOf(
      index.indexes[field].node,
      index.frequencies[field],
      fieldLengths,
      positionOf,
    );
    const byPosition = new Uint32Array(count);
    for (let p = 0; p < count; p++) byPosition[p] = fieldLengths[idOfPosition[p]] ?? 0;
    lengths[field] = byPosition;
  }
  return { terms, lengths };
}
