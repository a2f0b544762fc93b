/**
 * The judged query sets the benches measure search quality on, read from bench/queries/ (one
 * query a line; how each set was written and judged: bench/queries/README.md), and the grade of a
 * posting for a query: 2 = what the person asked for, 1 = a neighbouring occupation a person
 * would accept on the page but not want first, 0 = anything else.
 *
 * Which set is for what:
 * - `JUDGED_QUERIES`: the first set on the real postings, tuned on.
 * - `MODEL_JUDGED_QUERIES`: the larger set on the real postings, by query kind; models and the
 *   ranking are chosen on it.
 * - `HELDOUT_JUDGED_QUERIES`: written with the model set but never tuned on; it only reports
 *   whether what was tuned carries over.
 * - `EVERYDAY_QUERIES`: the ten everyday searches of issue 9, judged on their first page.
 * - `SPOKEN_JUDGED_QUERIES` / `SPOKEN_HELDOUT_JUDGED_QUERIES`: queries phrased as people ask an
 *   agent or type in a search box (issue 36); the first may steer the fusion, the second never.
 * - `DESCRIBED_JUDGED_QUERIES` / `DESCRIBED_HELDOUT_JUDGED_QUERIES`: occupations described rather
 *   than named ("someone who fixes cars"; session 18); tuned on and held out alike.
 * - `OTHER_WORDS_HELDOUT_JUDGED_QUERIES`: occupations named in other words, a second held-out set
 *   ("cabbie", "night watchman"; session 19): never tuned on.
 * - `QUALIFIED_JUDGED_QUERIES` / `QUALIFIED_HELDOUT_JUDGED_QUERIES`: work described with a qualifier
 *   ("someone to look after elderly people at night", "driving a van part time"; session 20).
 * - `EMPLOYMENT_JUDGED_QUERIES` / `EMPLOYMENT_HELDOUT_JUDGED_QUERIES`: work with an employment type
 *   ("part time barista", "contract devops engineer"; session 22), each saying the type it asks.
 * - `SAID_JUDGED_QUERIES` / `SAID_HELDOUT_JUDGED_QUERIES`: work asked for with a place, home working,
 *   hours or an employment kind, as people say it ("phone answering job from home", "weekend jobs
 *   in Leeds for a student"; session 25), each a place query.
 * - `ABSENT_JUDGED_QUERIES`: jobs the real postings do not hold ("zookeeper", "work with horses";
 *   session 20): their strong set should be empty, the close tier still shows the nearest.
 * - `FIXTURE_JUDGED_QUERIES`: on the bundled postings, judged by the occupation each posting was
 *   generated from.
 *
 * @module
 */
import {
  type JudgedQuery,
  loadJudgedQueries,
  loadOccupationJudgedQueries,
  loadOccupations,
  loadTypedJudgedQueries,
  type OccupationJudgedQuery,
  type TypedJudgedQuery,
} from "../fixtures/data_files.ts";

export type { JudgedQuery, OccupationJudgedQuery, TypedJudgedQuery };

const QUERIES = new URL("./queries/", import.meta.url);

export const JUDGED_QUERIES: JudgedQuery[] = loadJudgedQueries(new URL("judged.jsonl", QUERIES));
export const MODEL_JUDGED_QUERIES: TypedJudgedQuery[] = loadTypedJudgedQueries(
  new URL("model.jsonl", QUERIES),
);
export const HELDOUT_JUDGED_QUERIES: TypedJudgedQuery[] = loadTypedJudgedQueries(
  new URL("heldout.jsonl", QUERIES),
);
export const EVERYDAY_QUERIES: TypedJudgedQuery[] = loadTypedJudgedQueries(
  new URL("everyday.jsonl", QUERIES),
);
export const SPOKEN_JUDGED_QUERIES: TypedJudgedQuery[] = loadTypedJudgedQueries(
  new URL("spoken.jsonl", QUERIES),
);
export const SPOKEN_HELDOUT_JUDGED_QUERIES: TypedJudgedQuery[] = loadTypedJudgedQueries(
  new URL("spoken_heldout.jsonl", QUERIES),
);
export const DESCRIBED_JUDGED_QUERIES: TypedJudgedQuery[] = loadTypedJudgedQueries(
  new URL("described.jsonl", QUERIES),
);
export const DESCRIBED_HELDOUT_JUDGED_QUERIES: TypedJudgedQuery[] = loadTypedJudgedQueries(
  new URL("described_heldout.jsonl", QUERIES),
);
export const OTHER_WORDS_HELDOUT_JUDGED_QUERIES: TypedJudgedQuery[] = loadTypedJudgedQueries(
  new URL("other_words_heldout.jsonl", QUERIES),
);
export const QUALIFIED_JUDGED_QUERIES: TypedJudgedQuery[] = loadTypedJudgedQueries(
  new URL("qualified.jsonl", QUERIES),
);
export const QUALIFIED_HELDOUT_JUDGED_QUERIES: TypedJudgedQuery[] = loadTypedJudgedQueries(
  new URL("qualified_heldout.jsonl", QUERIES),
);
export const SAID_JUDGED_QUERIES: TypedJudgedQuery[] = loadTypedJudgedQueries(
  new URL("said.jsonl", QUERIES),
);
export const SAID_HELDOUT_JUDGED_QUERIES: TypedJudgedQuery[] = loadTypedJudgedQueries(
  new URL("said_heldout.jsonl", QUERIES),
);
export const EMPLOYMENT_JUDGED_QUERIES: TypedJudgedQuery[] = loadTypedJudgedQueries(
  new URL("employment.jsonl", QUERIES),
);
export const EMPLOYMENT_HELDOUT_JUDGED_QUERIES: TypedJudgedQuery[] = loadTypedJudgedQueries(
  new URL("employment_heldout.jsonl", QUERIES),
);
export const ABSENT_JUDGED_QUERIES: TypedJudgedQuery[] = loadTypedJudgedQueries(
  new URL("absent.jsonl", QUERIES),
);
export const FIXTURE_JUDGED_QUERIES: OccupationJudgedQuery[] = loadOccupationJudgedQueries(
  new URL("fixture.jsonl", QUERIES),
  new Set(loadOccupations().map((occupation) => occupation.key)),
);

/**
 * The grade of a title for a query judged by title rules.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const nurse = { q: "nurse", relevant: /nurs/i, demote: /veterinary/i, partial: /carer/i };
 * assert.equal(gradeTitle(nurse, "Staff Nurse"), 2);
 * assert.equal(gradeTitle(nurse, "Veterinary Nurse"), 1);
 * assert.equal(gradeTitle(nurse, "Carer"), 1);
 * assert.equal(gradeTitle(nurse, "Cashier"), 0);
 * ```
 */
export function gradeTitle(query: JudgedQuery | TypedJudgedQuery, title: string): 0 | 1 | 2 {
  if (query.exclude?.test(title)) return 0;
  if (query.relevant.test(title)) return query.demote?.test(title) ? 1 : 2;
  return query.partial?.test(title) ? 1 : 0;
}

/**
 * The grade of a posting of `occupation` for a query judged by occupation.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const teacher = { q: "teacher", relevant: ["teacher"], partial: ["tutor"] };
 * assert.equal(gradeOccupation(teacher, "teacher"), 2);
 * assert.equal(gradeOccupation(teacher, "tutor"), 1);
 * assert.equal(gradeOccupation(teacher, "nurse"), 0);
 * ```
 */
export function gradeOccupation(query: OccupationJudgedQuery, occupation: string): 0 | 1 | 2 {
  if (query.relevant.includes(occupation)) return 2;
  return query.partial?.includes(occupation) ? 1 : 0;
}
