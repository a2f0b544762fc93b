/**
 * Orama's internals that jobseek reads, in one place: per text field, the radix tree, term
 * frequencies and field lengths in `save()`'s output (read into terms by position,
 * src/index/term_dictionary.ts), and the internal id of a document. Orama types these loosely
 * (`unknown`, unions of tree kinds) and may reshape them in any release, so each is checked here,
 * once per slice of postings indexed, and a shape that differs fails at once with an error naming
 * the Orama version this was written for, not as wrong scores later. The rest of the code reads
 * Orama through this module only.
 *
 * The checks are shallow (an object, a root node): enough to catch a renamed or restructured field,
 * and cheap on 25,000 postings.
 *
 * @module
 */
import { z } from "zod";
import { type AnyOrama, components, type RawData } from "@orama/orama";

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
    `Cannot read ${what}: its shape differs from what src/index/orama_internals.ts reads in ` +
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
