/**
 * The kinds of value a search parameter takes (a time, a name, a list, a number, true or false),
 * each as one zod schema that reads a query-string text, JSON and an MCP argument alike, and as the
 * JSON Schema forms the OpenAPI document gives for the same values. The filter table
 * (src/domain/filters.ts) and the search query (src/domain/search_query.ts) are built from them.
 *
 * @module
 */
import { z } from "zod";

/** A JSON Schema fragment, for the OpenAPI document. */
export type JsonSchema = Record<string, unknown>;

/**
 * The characters JavaScript's `trim()` removes, as a regex class every dialect reads alike (the
 * OpenAPI document's patterns are checked by Python tools, whose `\s` differs).
 */
export const WS = String
  .raw`[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]`;
/** Any character but those. */
export const NOT_WS = `[^${WS.slice(1)}`;
/** A blank text, which means "not given". */
export const BLANK: JsonSchema = { type: "string", pattern: `^${WS}*$` };

/** Values a list filter takes at most. */
export const LIST_MAX = 20;
/** Characters a name (city, company, place) may have. */
export const NAME_MAX = 200;

/**
 * Empty strings (`?city=`) mean "not given", as a URL builder with blank fields would intend; so
 * does JSON `null` (`"city": null`), which JSON clients and agents send for unset optional fields.
 */
export function blankAsAbsent(value: unknown): unknown {
  return value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;
}

const TIME_PATTERN = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;

/** Completes a date-only value to midnight and rejects impossible dates such as 2024-02-30. */
function completeTime(value: string, ctx: z.RefinementCtx): string {
  const full = value.length === 10 ? `${value} 00:00:00` : value;
  const parsed = new Date(`${full.replace(" ", "T")}Z`);
  if (
    Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 19) !== full.replace(" ", "T")
  ) {
    ctx.addIssue({ code: "custom", message: "is not a valid date/time" });
    return z.NEVER;
  }
  return full;
}

export const timeParam = z.preprocess(
  blankAsAbsent,
  z.string().regex(TIME_PATTERN, "must look like YYYY-MM-DD or YYYY-MM-DD HH:MM:SS")
    .transform(completeTime).optional(),
);

/** Calendar dates, with or without a time (February 29 left out: the document is stricter). */
export const TIME_FORM: JsonSchema = {
  type: "string",
  pattern: String.raw`^[0-9]{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|` +
    String.raw`(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))` +
    String.raw`(?: (?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9])?$`,
};

/** A name of at most `NAME_MAX` characters (counted before trimming), trimmed. */
export const nameText = z.string().max(NAME_MAX, `must be at most ${NAME_MAX} characters`)
  .transform((s) => s.trim());

/** A name of at most `NAME_MAX` characters, exactly as given (`city`, matched exactly). */
export const exactNameText = z.string().max(NAME_MAX, `must be at most ${NAME_MAX} characters`);

/**
 * Several values: one string, or a JSON array of strings (a query string gives the array when
 * the parameter is repeated, src/http/search_routes.ts). With `words`, a string is split at commas
 * (`remote=remote,hybrid`) and an array holds one word an item; names are never split
 * (`company=Acme, Inc.`). Blank array items are ignored, as a blank string is; a blank between
 * commas is an error. The OpenAPI forms below say the same.
 */
export function listParam<T extends z.ZodType<string, string>>(item: T, words: boolean) {
  const strings = z.union([
    z.string(),
    z.array(z.string()).max(LIST_MAX, `must have at most ${LIST_MAX} values`),
  ], { error: "must be a string or a list of strings" }).transform((value) =>
    Array.isArray(value)
      ? value.filter((v) => v.trim() !== "").map((v) => words ? v : v.trim())
      : (words ? value.split(",") : [value]).map((v) => v.trim())
  ).pipe(z.array(item));
  return z.preprocess(
    (value) => {
      const given = blankAsAbsent(value);
      // Only blank texts are blank items: `[null]` is no list of strings.
      return Array.isArray(given) && given.every((v) => typeof v === "string" && v.trim() === "")
        ? undefined
        : given;
    },
    strings.transform((list) => [...new Set(list)]).optional(),
  );
}

/** The OpenAPI forms of a list of fixed words: a comma-separated string or an array of them. */
export function wordListForms(words: readonly string[]): JsonSchema[] {
  const word = `(?:${words.join("|")})`;
  return [
    { type: "string", pattern: `^${WS}*${word}(?:${WS}*,${WS}*${word})*${WS}*$` },
    {
      type: "array",
      items: { anyOf: [{ type: "string", enum: [...words] }, BLANK] },
      maxItems: LIST_MAX,
    },
  ];
}

/** The OpenAPI forms of a list of names: one string, or an array of them. */
export const NAME_LIST_FORMS: JsonSchema[] = [
  { type: "string", maxLength: NAME_MAX },
  { type: "array", items: { type: "string", maxLength: NAME_MAX }, maxItems: LIST_MAX },
];

/** A decimal number, with an exponent as a query string may carry one (`1.5e+3`). */
const NUMBER_PATTERN = String.raw`\+?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?`;

/**
 * A number of at least 0, as JSON or as a numeric string; above `clampAt` it is taken as
 * `clampAt` (as `top_k` is clamped), so the only errors are what is no number or below 0.
 */
export function numberParam(clampAt = Infinity) {
  const number = z.number().refine(Number.isFinite, "must be a number")
    .refine((n) => n >= 0, "must be 0 or more").transform((n) => Math.min(n, clampAt));
  return z.preprocess(
    blankAsAbsent,
    z.union([
      number,
      // A minus before a number under 0 is read, so that "-5" is told it must be 0 or more (it was
      // "must be a number": reviewer W51); "-0" and "-+5" stay refused as no number, as the OpenAPI
      // document's pattern says.
      z.string().trim().regex(
        new RegExp(`^(?:-(?=[0-9.]*[1-9]))?${NUMBER_PATTERN}$`),
        "must be a number",
      )
        // Too large to represent ("1e400") is as large as a number gets.
        .transform((text) => Math.min(Number(text), Number.MAX_VALUE)).pipe(number),
    ], { error: "must be a number" }).optional(),
  );
}

export const NUMBER_FORMS: JsonSchema[] = [
  { type: "number", minimum: 0 },
  { type: "string", pattern: `^${WS}*${NUMBER_PATTERN}${WS}*$` },
];

export const booleanParam = z.preprocess(
  blankAsAbsent,
  z.union([
    z.boolean(),
    z.enum(["true", "false"]).transform((s) => s === "true"),
  ], { error: "must be true or false" }).optional(),
);
