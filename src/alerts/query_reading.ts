/**
 * What a saved search's query was read as, for its deliveries: the corrections kept when it was
 * saved, and the place, company, pay, employment type, seniority, way of working and the day
 * postings are asked since ("this week": the day it means at this delivery) the search read in it
 * at the delivery.
 * Webhooks carry it as JSON (`data.query`); the digest and the feed say it in words, so that a
 * person told "3 new postings" sees what was searched ("Searched as "registered nurse in
 * Liverpool" ..."), the words the postings' side supplied (a company's names) cleaned by the
 * transport as every posting field is.
 *
 * @module
 */
import { z } from "zod";
import {
  DerivedSchema,
  IN_ALERTS,
  queryAlternativesInWords,
  QueryAlternativesSchema,
  queryCompanyInWords,
  QueryCompanySchema,
  type QueryCorrectedResult,
  QueryCorrectedSchema,
  queryEmploymentInWords,
  QueryEmploymentSchema,
  queryExclusionInWords,
  QueryExclusionSchema,
  queryLanguageInWords,
  QueryLanguageSchema,
  queryPayInWords,
  QueryPaySchema,
  queryPlaceInWords,
  QueryPlaceSchema,
  queryPostedInWords,
  QueryPostedSchema,
  querySalaryInWords,
  QuerySalarySchema,
  querySeniorityInWords,
  QuerySenioritySchema,
  queryShiftInWords,
  QueryShiftSchema,
  queryVisaSponsorshipInWords,
  QueryVisaSponsorshipSchema,
  queryWorkInWords,
  queryWorkModeInWords,
  QueryWorkModeSchema,
  QueryWorkSchema,
} from "../domain/job.ts";
import { describeDerived } from "../domain/profile.ts";
import { parseSearchQuery } from "../domain/search_query.ts";
import { withoutListShape } from "../domain/param_labels.ts";
import type { SearchOutcome, SearchService } from "../domain/service.ts";

export const QueryReadingSchema = z.object({
  q: z.string().optional().describe("The saved search's `q`, as typed."),
  query_corrected: QueryCorrectedSchema.optional().describe(
    "The words of `q` searched as others: those read when the search was saved (see the saved " +
      "search's `query_corrected`).",
  ),
  query_place: QueryPlaceSchema.optional(),
  query_company: QueryCompanySchema.optional(),
  query_salary: QuerySalarySchema.optional(),
  query_pay: QueryPaySchema.optional(),
  query_employment: QueryEmploymentSchema.optional(),
  query_seniority: QuerySenioritySchema.optional(),
  query_posted: QueryPostedSchema.optional(),
  query_work_mode: QueryWorkModeSchema.optional(),
  query_shift: QueryShiftSchema.optional(),
  query_language: QueryLanguageSchema.optional(),
  query_visa_sponsorship: QueryVisaSponsorshipSchema.optional(),
  query_work: QueryWorkSchema.optional(),
  query_excluded: QueryExclusionSchema.optional(),
  query_alternatives: QueryAlternativesSchema.optional(),
  derived: DerivedSchema.optional().describe(
    "A saved search of a `profile`: the roles, skills, places and seniority derived from it, " +
      "as the search's `derived` (a receiver had an empty `query`: the profile is not sent).",
  ),
});
/** A saved search's query as read for one delivery: the search response's `query_*` fields. */
export type QueryReading = z.infer<typeof QueryReadingSchema>;

/** Parameters that page, order or shape a list: no part of what a search reads its query as. */
function readParams(params: Record<string, unknown>): Record<string, unknown> {
  const { sort: _s, ...rest } = withoutListShape(params);
  return rest;
}

/**
 * The search's `query_corrected` for a saved search's parameters now, read when the saved search
 * is made or its `q` changes: the words read against the served index without a search where the
 * service can (`readWords`), else one search of a single result.
 */
export function correctionWith(
  service: SearchService,
): (params: Record<string, unknown>) => Promise<QueryCorrectedResult | undefined> {
  return async (params) => {
    const query = parseSearchQuery({ ...readParams(params), top_k: 1, detail: "summary" }, "q");
    if (service.readWords) return service.readWords(query).query_corrected;
    return (await service.search(query)).query_corrected;
  };
}

/**
 * The reading a delivery reports: the typed `q`, the kept corrections, the outcome's readings.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const either = { matched: "nurse or midwife", each: ["nurse", "midwife"] };
 * assert.deepEqual(readingOf("nurse or midwife", undefined, { query_alternatives: either }), {
 *   q: "nurse or midwife",
 *   query_alternatives: either,
 * });
 * ```
 */
export function readingOf(
  q: unknown,
  kept: QueryCorrectedResult | undefined,
  outcome: Partial<SearchOutcome>,
): QueryReading {
  const reading: QueryReading = {};
  if (typeof q === "string") reading.q = q;
  const corrected = kept ?? outcome.query_corrected;
  if (corrected) reading.query_corrected = corrected;
  if (outcome.query_place) reading.query_place = outcome.query_place;
  if (outcome.query_company) reading.query_company = outcome.query_company;
  if (outcome.query_salary) reading.query_salary = outcome.query_salary;
  if (outcome.query_pay) reading.query_pay = outcome.query_pay;
  if (outcome.query_employment) reading.query_employment = outcome.query_employment;
  if (outcome.query_seniority) reading.query_seniority = outcome.query_seniority;
  if (outcome.query_posted) reading.query_posted = outcome.query_posted;
  if (outcome.query_work_mode) reading.query_work_mode = outcome.query_work_mode;
  if (outcome.query_shift) reading.query_shift = outcome.query_shift;
  if (outcome.query_language) reading.query_language = outcome.query_language;
  if (outcome.query_work) reading.query_work = outcome.query_work;
  if (outcome.query_visa_sponsorship) {
    reading.query_visa_sponsorship = outcome.query_visa_sponsorship;
  }
  if (outcome.query_excluded) reading.query_excluded = outcome.query_excluded;
  if (outcome.query_alternatives) reading.query_alternatives = outcome.query_alternatives;
  if (outcome.derived) reading.derived = outcome.derived;
  return reading;
}

/**
 * The reading in words, one sentence a line, for a digest and a feed (not yet cleaned or escaped:
 * a company's names are the postings' text); a profile's derivation last (alone where no `q`).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(
 *   readingInWords({
 *     q: "registerd nurce in Liverpool",
 *     query_corrected: {
 *       q: "registered nurse in Liverpool",
 *       words: [{ from: "registerd", to: "registered" }, { from: "nurce", to: "nurse" }],
 *     },
 *     query_place: { matched: "Liverpool", city: "Liverpool" },
 *   }),
 *   [
 *     'Searched as "registered nurse in Liverpool" (you typed "registerd nurce in Liverpool").',
 *     'Only postings in Liverpool: the query named it ("Liverpool").',
 *   ],
 * );
 * assert.deepEqual(readingInWords({ q: "nurse" }), ['Searched for "nurse".']);
 * // Several places: read again at each delivery, as at the first search.
 * assert.deepEqual(
 *   readingInWords({
 *     q: "nurse in Leeds or Bradford",
 *     query_place: {
 *       matched: "Leeds or Bradford",
 *       places: [{ matched: "Leeds", city: "Leeds" }, { matched: "Bradford", city: "Bradford" }],
 *     },
 *   }),
 *   [
 *     'Searched for "nurse in Leeds or Bradford".',
 *     'Only postings in Leeds or Bradford: the query named it ("Leeds or Bradford").',
 *   ],
 * );
 * const level = { matched: "entry level", seniority: ["junior" as const, "intern" as const] };
 * assert.equal(
 *   readingInWords({ q: "entry level jobs in Berlin", query_seniority: level }).at(-1),
 *   'Read "entry level" as the seniority (junior, intern), not as the work: only the postings ' +
 *     "whose title or job level says it are sent.",
 * );
 * // Work named as alternatives.
 * assert.equal(
 *   readingInWords({
 *     q: "nurse or midwife",
 *     query_alternatives: { matched: "nurse or midwife", each: ["nurse", "midwife"] },
 *   })[1],
 *   'Read "nurse or midwife" as either of "nurse" and "midwife": the list holds what each lists ' +
 *     "searched alone.",
 * );
 * // How the work is done, and when the postings were posted with the day it means at this delivery.
 * assert.deepEqual(
 *   readingInWords({
 *     q: "hybrid jobs this week",
 *     query_work_mode: { matched: "hybrid", work_mode: "hybrid" },
 *     query_posted: { matched: "this week", since: "2026-11-23" },
 *   }).slice(1),
 *   [
 *     'Read "hybrid" as how the work is done (hybrid), not as the work: only the postings that ' +
 *     "say hybrid are sent.",
 *     'Read "this week" as when the postings were posted, not as the work: only those posted on ' +
 *     "2026-11-23 or later are sent.",
 *   ],
 * );
 * ```
 */
export function readingInWords(reading: QueryReading): string[] {
  const profile = reading.derived ? [`${describeDerived(reading.derived)}.`] : [];
  if (reading.q === undefined) return profile;
  const lines = [
    reading.query_corrected
      ? `Searched as "${reading.query_corrected.q}" (you typed "${reading.q}").`
      : `Searched for "${reading.q}".`,
  ];
  const place = reading.query_place;
  if (place) {
    lines.push(`Only ${queryPlaceInWords(place)}: the query named it ("${place.matched}").`);
  }
  const company = queryCompanyInWords(reading);
  if (company) lines.push(company);
  // Each part in the words the search's answers say it in, ended as an alert means it: what is sent.
  for (
    const said of [
      queryWorkInWords(reading),
      queryAlternativesInWords(reading),
      querySalaryInWords(reading, IN_ALERTS),
      queryPayInWords(reading, IN_ALERTS),
      queryEmploymentInWords(reading, IN_ALERTS),
      querySeniorityInWords(reading, IN_ALERTS),
      queryWorkModeInWords(reading, IN_ALERTS),
      queryShiftInWords(reading, IN_ALERTS),
      queryLanguageInWords(reading, IN_ALERTS),
      queryVisaSponsorshipInWords(reading, IN_ALERTS),
      queryExclusionInWords(reading),
      queryPostedInWords(reading, IN_ALERTS),
    ]
  ) {
    if (said) lines.push(said);
  }
  return [...lines, ...profile];
}

/**
 * A saved search's kept corrections (its `query_corrected`), in words for `/saved` and `jobseek
 * alerts show`; null when none were kept.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(
 *   keptCorrectionInWords({ q: "nurse in Leeds", words: [{ from: "nurce", to: "nurse" }] }),
 *   'Searched as "nurse in Leeds" ("nurce" read as "nurse" when it was saved).',
 * );
 * assert.equal(keptCorrectionInWords(undefined), null);
 * ```
 */
export function keptCorrectionInWords(kept: QueryCorrectedResult | undefined): string | null {
  if (!kept) return null;
  const read = kept.words.map((word) => `"${word.from}" read as "${word.to}"`).join(", ");
  return `Searched as "${kept.q}" (${read} when it was saved).`;
}
