/**
 * When the postings a query asks for were posted, said in its words: "nursing vacancies in Leeds
 * this week", "jobs posted today in London", "software jobs posted in the last 7 days", "the latest
 * python jobs". Searched as words, "this week" and "today" named no job and pulled every cosine
 * under the cut ("Any nursing vacancies in Leeds this week?" had no strong match). Read at either end
 * of the query, as the pay is (src/index/query_salary.ts); the search applies the days as the
 * `since` filter (src/search/query_reading.ts). "Latest", "newest" and "most recent" ask for the
 * newest first, which the default order is: taken off, no filter.
 *
 * @module
 */
import { NUMBER_WORDS } from "../domain/number_words.ts";
import { asksOnly, JOB_WORDS } from "./query_phrasing.ts";
import { splitWords } from "./tokenize.ts";
import { ownValue } from "../domain/own_value.ts";

/** What the words say of when the postings were posted. */
export interface QueryPosted {
  /** The words as typed (folded). */
  matched: string;
  /**
   * How many days back from today (UTC) a posting may be: 0 for today. Absent where the words ask
   * only for the newest first ("latest").
   */
  days?: number;
  /** The query without them. */
  rest: string;
}

/** Phrases of a fixed span, folded, with their days. */
const SPANS: Record<string, number> = {
  "today": 0,
  "posted today": 0,
  "from today": 0,
  "added today": 0,
  "yesterday": 1,
  "since yesterday": 1,
  "posted yesterday": 1,
  "this week": 7,
  "past week": 7,
  "last week": 7,
  "the past week": 7,
  "the last week": 7,
  "posted this week": 7,
  "this month": 30,
  "past month": 30,
  "last month": 30,
  "the past month": 30,
  "the last month": 30,
  "posted this month": 30,
  "last 24 hours": 1,
  "past 24 hours": 1,
  "the last 24 hours": 1,
  "the past 24 hours": 1,
};

/**
 * Words that ask for the newest first, opening the query ("latest python jobs"). Not "new": it
 * opens roles too ("new business manager"), and "new jobs" is the phrasing's already.
 */
const NEWEST = ["most recent", "latest", "newest", "recent"];

/** Words after "recent" that say who is recent, not which postings ("a recent graduate"). */
const GRADUATES = new Set(["graduate", "graduates", "grad", "grads", "college", "university"]);

/** Words that end the words "recent" may describe: a job, a posting, what follows "for". */
const RECENT_ENDS = new Set([
  ...JOB_WORDS,
  "for",
  "posting",
  "postings",
  "listing",
  "listings",
  "ads",
  "adverts",
  "advertisements",
  "posts",
]);

/**
 * Whether the "recent" at `at` of `words` is a graduate's: a graduate word follows it within four
 * words, before a word for a job or a posting ("a recent computer science graduate", not "recent
 * postings for graduate nurses": reviewer R, session 43).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const words = (q: string) => q.split(" ");
 * assert.equal(recentGraduateAt(words("a recent computer science graduate"), 1), true);
 * assert.equal(recentGraduateAt(words("recent postings for graduate nurses"), 0), false);
 * assert.equal(recentGraduateAt(words("recent nursing jobs at a university"), 0), false);
 * ```
 */
export function recentGraduateAt(words: readonly string[], at: number): boolean {
  if (words[at] !== "recent") return false;
  const after = words.slice(at + 1, at + 5);
  const end = after.findIndex((word) => RECENT_ENDS.has(word));
  return (end < 0 ? after : after.slice(0, end)).some((word) => GRADUATES.has(word));
}

/** Words that say a span follows wherever they stand: "jobs posted this week in Leeds". */
const SAID_POSTED = new Set(["posted", "added"]);

/** Words before a span that belong to it: "posted in the last 7 days", "from this week". */
const LEADING = new Set(["posted", "added", "in", "within", "from", "during", "over"]);

/**
 * The span `words[from..]` names to its end ("last 7 days", "this week"), in days; undefined where
 * it names none.
 */
function spanDays(words: readonly string[]): number | undefined {
  const text = words.join(" ");
  const span = ownValue(SPANS, text);
  if (span !== undefined) return span;
  // "last 7 days", "past two weeks", "the last 3 months".
  const match = text.match(
    /^(?:the )?(?:last|past) (\d{1,3}|[a-z]+) (day|days|week|weeks|month|months)$/,
  );
  if (!match) return undefined;
  const count = /^\d+$/.test(match[1]) ? Number(match[1]) : ownValue(NUMBER_WORDS, match[1]);
  if (count === undefined || count < 1) return undefined;
  const unit = match[2].startsWith("day") ? 1 : match[2].startsWith("week") ? 7 : 30;
  return count * unit;
}

/**
 * When the query asks its postings to have been posted, where it says so at its end ("nurse jobs
 * in Leeds this week", "software jobs posted in the last 7 days") or asks for the newest at its
 * start ("latest python jobs"); null where it says neither, or where nothing would be left beside
 * it ("today" alone is searched as typed).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(postedIn("nurse jobs this week"), {
 *   matched: "this week",
 *   days: 7,
 *   rest: "nurse jobs",
 * });
 * assert.equal(postedIn("software jobs posted in the last 14 days")?.days, 14);
 * assert.deepEqual(postedIn("latest python jobs"), { matched: "latest", rest: "python jobs" });
 * assert.equal(postedIn("what are the latest python jobs")?.rest, "what are python jobs");
 * assert.equal(postedIn("latest fashion designer")?.matched, "latest");
 * assert.equal(postedIn("senior latest technologies engineer"), null);
 * assert.equal(postedIn("jobs for a recent graduate in berlin"), null);
 * assert.equal(postedIn("roles for a recent computer science graduate in canada"), null);
 * assert.equal(postedIn("recent nursing jobs at a university")?.matched, "recent");
 * assert.equal(postedIn("recent postings for graduate nurses")?.matched, "recent");
 * assert.equal(postedIn("latest graduate jobs")?.matched, "latest");
 * assert.equal(postedIn("week"), null);
 * assert.equal(postedIn("today"), null);
 * assert.equal(postedIn("this week", true)?.days, 7);
 * // Mid-query where "posted" or "added" says so.
 * assert.deepEqual(postedIn("jobs posted this week in amsterdam for english speakers"), {
 *   matched: "posted this week",
 *   days: 7,
 *   rest: "jobs in amsterdam for english speakers",
 * });
 * assert.equal(postedIn("nurse jobs added in the last 3 days near leeds")?.days, 3);
 * assert.equal(postedIn("jobs posted today")?.matched, "posted today");
 * ```
 */
export function postedIn(text: string, alone = false): QueryPosted | null {
  const words = splitWords(text);
  // The longest span at the end, with the words that lead into it; the whole text only where it
  // may be read alone (beside pay the words took out: "over 100k this week").
  for (let from = alone ? 0 : 1; from < words.length; from++) {
    const days = spanDays(words.slice(from));
    if (days === undefined) continue;
    let start = from;
    // "posted in the last 7 days" alone leaves nothing beside it, as "today" alone does.
    while (start > 0 && LEADING.has(words[start - 1])) start--;
    return { matched: words.slice(start).join(" "), days, rest: words.slice(0, start).join(" ") };
  }
  // "jobs posted this week in Amsterdam": "posted" or "added" says a span follows, anywhere.
  for (let at = 0; at < words.length - 1; at++) {
    if (!SAID_POSTED.has(words[at])) continue;
    let from = at + 1;
    while (from < words.length - 1 && LEADING.has(words[from])) from++;
    for (let end = words.length; end > from; end--) {
      const days = spanDays(words.slice(from, end));
      if (days === undefined) continue;
      const rest = [...words.slice(0, at), ...words.slice(end)];
      if (rest.length === 0 && !alone) break;
      return { matched: words.slice(at, end).join(" "), days, rest: rest.join(" ") };
    }
  }
  // "latest python jobs", "what are the latest python jobs": after the asking alone.
  for (const newest of NEWEST) {
    const said = newest.split(" ");
    const at = words.findIndex((_, k) => said.every((w, j) => words[k + j] === w));
    if (at < 0 || at + said.length >= words.length) continue;
    // "jobs for a recent graduate": the person is recent, not the postings ("latest graduate
    // jobs" still asks for the newest).
    if (newest.endsWith("recent") && recentGraduateAt(words, at + said.length - 1)) continue;
    // "the latest": the article goes with it.
    const from = words[at - 1] === "the" ? at - 1 : at;
    const before = words.slice(0, from);
    if (before.length > 0 && !asksOnly(before)) continue;
    return {
      matched: words.slice(from, at + said.length).join(" "),
      rest: [...before, ...words.slice(at + said.length)].join(" "),
    };
  }
  return null;
}
