/**
 * The postings without their descriptions as columns of a snapshot (src/index/snapshot.ts): one
 * column a field, holding the values of the postings that have it, and each posting's shape (its
 * fields in its order), so that every posting comes back exactly as it was given, key order
 * included. A cold start of 1,000,000 postings builds them in 1.9-2.2 s against 3.8-4.0 s from the
 * objects' JSON (docs/scaling.md, item 11).
 *
 * @module
 */
import type { Job } from "../domain/job.ts";
import { corrupt, jsonArray, parseJson, type Sections, textArray } from "./snapshot_sections.ts";

/**
 * How a column of the postings holds its values: float64 (all numbers), a dictionary of the
 * distinct values with a u32 reference each (at most half of them distinct; strings, or JSON
 * values such as tag lists, which the postings holding one then share, frozen), the strings'
 * UTF-8 one after another with where each ends (all strings, none with a lone surrogate: one
 * decoded text a part, sliced, is cheaper than JSON's string per value), JSON otherwise.
 */
export const FIELD_KINDS = ["f64", "dict", "text", "json"] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/** `values` as JSON arrays of at most `perPart` each, named `${name}.0`, `${name}.1`, ... */
function* jsonParts(
  name: string,
  values: unknown[],
  perPart: number,
): Generator<[string, ArrayBufferView]> {
  const encoder = new TextEncoder();
  for (let start = 0, n = 0; start < values.length || n === 0; start += perPart, n++) {
    yield [`${name}.${n}`, encoder.encode(JSON.stringify(values.slice(start, start + perPart)))];
  }
}

/**
 * Strings as parts of at most `perPart`, `${name}.0`, `${name}.1`, ... (each its strings' UTF-8 one
 * after another), and `${name}.ends`: where each string ends in all of them (UTF-16 units).
 */
function* textParts(
  name: string,
  values: string[],
  perPart: number,
): Generator<[string, ArrayBufferView]> {
  const encoder = new TextEncoder();
  const ends = new Uint32Array(values.length);
  let end = 0;
  values.forEach((value, k) => ends[k] = end += value.length);
  for (let start = 0, n = 0; start < values.length || n === 0; start += perPart, n++) {
    yield [`${name}.${n}`, encoder.encode(values.slice(start, start + perPart).join(""))];
  }
  yield [`${name}.ends`, ends];
}

/**
 * The postings without their descriptions as one column a field (in the order fields first
 * appear), each holding the values of the postings that have it, as {@linkcode FieldKind} says,
 * and each posting's shape: its fields in its order (`jobShapes`: the distinct shapes as lists of
 * field numbers, JSON; `jobShape`: each posting's, u32).
 */
export function jobColumns(
  jobs: readonly Job[],
  perPart: number,
): { fields: [string, FieldKind][]; parts: [string, ArrayBufferView][] } {
  const fields: [string, FieldKind][] = [];
  const parts = [...jobColumnParts(jobs, perPart, fields)];
  return { fields, parts };
}

/**
 * {@linkcode jobColumns}'s parts one at a time, each field's kind pushed onto `fields` before its
 * first part: a publish compresses each part as it comes and lets it go, and a column's values
 * once its parts are out (at 1,000,000 postings the columns' raw bytes and values are hundreds of
 * megabytes, held all at once before; docs/scaling.md, "Peak RSS (session 19, later)"). The
 * postings are read before the first part is given: the caller may let them go then.
 */
export function* jobColumnParts(
  jobs: readonly Job[],
  perPart: number,
  fields: [string, FieldKind][],
): Generator<[string, ArrayBufferView]> {
  const fieldOf = new Map<string, number>();
  const shapeOf = new Map<string, number>();
  const shapes: number[][] = [];
  const jobShape = new Uint32Array(jobs.length);
  let lastKeys: string[] = [];
  let lastShape: number | undefined;
  // First each posting's shape and how many values each field has, then the values into arrays of
  // that size: grown by pushes, the arrays of 1,000,000 postings' fields left as much garbage again
  // at the encoding's peak (docs/scaling.md, "(session 20, 2026-11-29)").
  const counts: number[] = [];
  jobs.forEach((job, p) => {
    // A publish's postings are slim already (src/search/publish_index.ts, `keptPosting`): the
    // same keys in the same order.
    const keys = Object.keys(job);
    if (!keys.includes("job_description")) keys.push("job_description");
    // Most postings have the shape the one before had: found without joining their keys.
    let shape = sameKeys(keys, lastKeys) ? lastShape : undefined;
    const id = shape === undefined ? keys.join("\u0000") : "";
    shape ??= shapeOf.get(id);
    if (shape === undefined) {
      shapeOf.set(id, shape = shapes.length);
      shapes.push(keys.map((key) => {
        let field = fieldOf.get(key);
        if (field === undefined) {
          fieldOf.set(key, field = counts.length);
          counts.push(0);
        }
        return field;
      }));
    }
    jobShape[p] = shape;
    lastKeys = keys;
    lastShape = shape;
    for (const field of shapes[shape]) counts[field]++;
  });
  const names = [...fieldOf.keys()];
  const values: unknown[][] = counts.map((n) => new Array(n));
  const next = new Array<number>(counts.length).fill(0);
  jobs.forEach((job, p) => {
    // The value `{ ...job, job_description: "" }` holds under each key.
    for (const field of shapes[jobShape[p]]) {
      const key = names[field];
      values[field][next[field]++] = key === "job_description"
        ? ""
        : (job as unknown as Record<string, unknown>)[key];
    }
  });
  yield ["jobShapes", new TextEncoder().encode(JSON.stringify(shapes))];
  yield ["jobShape", jobShape];
  for (let i = 0; i < names.length; i++) {
    const column = values[i];
    // This column's values are let go once its parts are out.
    values[i] = [];
    yield* columnParts(names[i], i, column, perPart, fields);
  }
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/** One column's parts ({@linkcode jobColumnParts}), its kind pushed onto `fields` first. */
function* columnParts(
  key: string,
  i: number,
  column: unknown[],
  perPart: number,
  fields: [string, FieldKind][],
): Generator<[string, ArrayBufferView]> {
  if (column.every((v) => typeof v === "number")) {
    fields.push([key, "f64"]);
    yield [`jobs.${i}.f64`, Float64Array.from(column as number[])];
    return;
  }
  if (column.every((v) => typeof v === "string")) {
    const refOf = new Map<string, number>();
    const refs = Uint32Array.from(column as string[], (v) => {
      let ref = refOf.get(v);
      if (ref === undefined) refOf.set(v, ref = refOf.size);
      return ref;
    });
    if (refOf.size * 2 <= column.length) {
      fields.push([key, "dict"]);
      yield* jsonParts(`jobs.${i}.dict`, [...refOf.keys()], perPart);
      yield [`jobs.${i}.refs`, refs];
      return;
    }
    refOf.clear();
    if ((column as string[]).every((v) => v.isWellFormed())) {
      fields.push([key, "text"]);
      yield* textParts(`jobs.${i}`, column as string[], perPart);
      return;
    }
  }
  // Other values (the tag lists) by their JSON: 1,579 distinct lists among 1,000,000 composed
  // postings, so a cold start parses each list once instead of once a posting.
  const refOf = new Map<string, number>();
  const distinct: unknown[] = [];
  const refs = Uint32Array.from(column, (v) => {
    const json = JSON.stringify(v) ?? "null";
    let ref = refOf.get(json);
    if (ref === undefined) {
      refOf.set(json, ref = refOf.size);
      distinct.push(v);
    }
    return ref;
  });
  if (refOf.size * 2 <= column.length) {
    fields.push([key, "dict"]);
    yield* jsonParts(`jobs.${i}.dict`, distinct, perPart);
    yield [`jobs.${i}.refs`, refs];
    return;
  }
  fields.push([key, "json"]);
  yield* jsonParts(`jobs.${i}`, column, perPart);
}

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
}

/** A column of the postings: its k-th value, of the postings that have the field. */
type Column = (k: number) => unknown;

/** A column of the postings, checked to hold `values` values. */
async function readColumn(
  sections: Sections,
  [key, kind]: [string, FieldKind],
  i: number,
  values: number,
): Promise<Column> {
  const mismatch = () => corrupt(`the values of ${key} do not match the postings`);
  if (kind === "f64") {
    const bytes = await sections.read(`jobs.${i}.f64`, 8);
    const numbers = new Float64Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 8);
    if (numbers.length !== values) throw mismatch();
    return (k) => numbers[k];
  }
  if (kind === "dict") {
    const dict = await jsonArray(sections, `jobs.${i}.dict`);
    // A list or object is shared by every posting that holds it: frozen, so that changing one
    // posting's cannot change the others'.
    dict.forEach(deepFreeze);
    const bytes = await sections.read(`jobs.${i}.refs`, 4);
    const refs = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
    if (refs.length !== values) throw mismatch();
    for (let k = 0; k < refs.length; k++) {
      if (refs[k] >= dict.length) throw mismatch();
    }
    return (k) => dict[refs[k]];
  }
  if (kind === "text") {
    const list = await textArray(sections, `jobs.${i}`);
    if (list.length !== values) throw mismatch();
    return (k) => list[k];
  }
  const list = await jsonArray(sections, `jobs.${i}`);
  if (list.length !== values) throw mismatch();
  return (k) => list[k];
}

/** Shapes held by at least this many postings get a function of their own that makes them. */
const SHAPE_MAKER_POSTINGS = 64;

/**
 * A function making a posting of this shape from the columns in one object literal, its keys in
 * the shape's order. Built key by key from `{}`, a posting was reshaped at every key and held its
 * fields apart from itself, and a cold start of 1,000,000 postings spent a third more of its
 * decoding CPU on that and on collecting it (docs/scaling.md, item 14). The keys are JSON string
 * literals and the field numbers integers checked against the header, so the code made is only
 * ever that literal; `__proto__` is refused as a key when the header is read (src/index/snapshot.ts).
 */
function shapeMaker(
  shape: number[],
  keys: string[],
): (columns: Column[], next: number[]) => Job {
  const fields = shape.map((f) => `${JSON.stringify(keys[f])}: c[${f}](n[${f}]++)`);
  return new Function("c", "n", `return { ${fields.join(", ")} };`) as (
    columns: Column[],
    next: number[],
  ) => Job;
}

/**
 * The postings from their columns, each with its keys in its shape's order. Measured at 1,000,000
 * postings: 1.9-2.2 s against 3.8-4.0 s for the objects' JSON (docs/scaling.md).
 */
export async function readJobs(
  sections: Sections,
  docCount: number,
  jobFields: [string, FieldKind][],
): Promise<Job[]> {
  const shapes = await parseJson(sections, "jobShapes");
  const shapeBytes = await sections.read("jobShape", 4);
  const jobShape = new Uint32Array(shapeBytes.buffer, shapeBytes.byteOffset, shapeBytes.length / 4);
  if (
    !Array.isArray(shapes) ||
    !shapes.every((shape) =>
      Array.isArray(shape) && new Set(shape).size === shape.length &&
      shape.every((f) => Number.isInteger(f) && f >= 0 && f < jobFields.length)
    )
  ) {
    throw corrupt("section jobShapes is corrupt");
  }
  if (jobShape.length !== docCount) throw corrupt("the postings' shapes do not match them");
  // How many postings have each field: its column holds as many values.
  const perShape = new Array<number>(shapes.length).fill(0);
  for (let p = 0; p < docCount; p++) {
    if (jobShape[p] >= shapes.length) throw corrupt("the postings' shapes do not match them");
    perShape[jobShape[p]]++;
  }
  const counts = new Array<number>(jobFields.length).fill(0);
  shapes.forEach((shape: number[], s) => {
    for (const f of shape) counts[f] += perShape[s];
  });
  const columns: Column[] = [];
  for (const [i, field] of jobFields.entries()) {
    columns.push(await readColumn(sections, field, i, counts[i]));
  }
  const keys = jobFields.map(([key]) => key);
  const next = new Array<number>(jobFields.length).fill(0);
  const jobs: Job[] = new Array(docCount);
  const makers = shapes.map((shape: number[], s) =>
    perShape[s] >= SHAPE_MAKER_POSTINGS ? shapeMaker(shape, keys) : null
  );
  for (let p = 0; p < docCount; p++) {
    const maker = makers[jobShape[p]];
    if (maker) {
      jobs[p] = maker(columns, next);
      continue;
    }
    const shape: number[] = shapes[jobShape[p]];
    const job: Record<string, unknown> = {};
    for (let k = 0; k < shape.length; k++) {
      const f = shape[k];
      job[keys[f]] = columns[f](next[f]++);
    }
    jobs[p] = job as Job;
  }
  return jobs;
}
