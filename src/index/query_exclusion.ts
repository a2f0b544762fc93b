/**
 * Work a person says they do not want, after the work they do: "hospital jobs that aren't
 * nursing", "engineering jobs but not software", "it jobs except help desk", "nurse jobs not
 * nights". Searched as words, the unwanted work was what the search found first ("healthcare jobs
 * not nursing" listed nurses, "it jobs except help desk" help desks). Its words are searched by
 * neither side, and the postings whose title or tags say them are left out of the list, as
 * postings of another company are when the query names one (src/index/job_index.ts).
 *
 * @module
 */
import { withoutJobWords } from "./query_seniority.ts";
import { MOST_READ_WORDS } from "./query_phrasing.ts";

/** What the words leave out. */
export interface QueryExclusion {
  /** The words that said it, folded ("that aren't nursing"). */
  matched: string;
  /** The unwanted work's words ("nursing"). */
  words: string[];
}

/** How people open what they do not want, after the work, folded ("aren't" is "aren t"). */
const OPENINGS = [
  "that aren t",
  "that arent",
  "that are not",
  "that isn t",
  "that isnt",
  "that is not",
  "which aren t",
  "which are not",
  "but not",
  "not",
  "except for",
  "except",
  "excluding",
  "other than",
  "apart from",
].map((opening) => opening.split(" "));

/**
 * Words after which the rest is no work: a place, a time, an amount ("not in london"), a need
 * ("german is not required": src/index/query_language.ts reads it).
 */
const NOT_WORK_FIRST = new Set([
  "in",
  "at",
  "near",
  "on",
  "for",
  "a",
  "an",
  "the",
  "too",
  "more",
  "required",
  "needed",
  "necessary",
  // "nurse jobs not requiring experience": what the person does not bring, not work.
  "requiring",
  "needing",
  "with",
]);

/** After "not in", words that open no field: "not in the office", "not in person". */
const NOT_A_FIELD = new Set([
  ...NOT_WORK_FIRST,
  "person",
  "office",
  "house",
  "home",
  "my",
  "your",
  "our",
  "this",
  "that",
]);

/**
 * Words that open a clause after the unwanted work ("not sales for someone with ..."). Not "and"
 * ("not in sales and marketing" is both unwanted: reviewer R, session 43); "with" only before a
 * person or what they bring (`WITH_A_PERSON`): "not working with children" is the unwanted work.
 */
const CLAUSE_AFTER = new Set(["for", "who", "where", "that", "which", "but", "paying"]);

/** After "with", words that open a clause about the person ("with someone", "with experience"). */
const WITH_A_PERSON = new Set([
  "someone",
  "somebody",
  "a",
  "an",
  "my",
  "good",
  "experience",
  "some",
]);

/** At most this many words of unwanted work: a longer tail is a sentence, not a name. */
const MOST_WORDS = 3;

/**
 * What `words` (a query's words as the role reads them) say is not wanted, and the words before
 * it and after it where a clause follows; null where they say nothing so.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const words = (q: string) => q.split(" ");
 * assert.deepEqual(exclusionIn(words("hospital jobs that aren t nursing")), {
 *   exclusion: { matched: "that aren t nursing", words: ["nursing"] },
 *   rest: ["hospital", "jobs"],
 * });
 * assert.deepEqual(exclusionIn(words("it jobs except help desk"))?.exclusion.words, ["help", "desk"]);
 * assert.equal(exclusionIn(words("healthcare jobs not nursing"))?.rest.join(" "), "healthcare jobs");
 * assert.deepEqual(exclusionIn(words("jobs not nursing"))?.rest, ["jobs"]);
 * assert.deepEqual(exclusionIn(words("finance jobs not sales and marketing"))?.exclusion.words, words("sales and marketing"));
 * assert.deepEqual(exclusionIn(words("teacher jobs not working with children"))?.exclusion.words, words("working with children"));
 * assert.deepEqual(exclusionIn(words("jobs not in sales for someone with customer service experience")), {
 *   exclusion: { matched: "not in sales", words: ["sales"] },
 *   rest: words("jobs for someone with customer service experience"),
 * });
 * assert.deepEqual(exclusionIn(words("software engineer not in sales"))?.exclusion.words, ["sales"]);
 * assert.equal(exclusionIn(words("nurse jobs not in the office")), null);
 * assert.equal(exclusionIn(words("nurse jobs not in person")), null);
 * assert.equal(exclusionIn(words("not for profit manager")), null);
 * assert.equal(exclusionIn(words("nurse")), null);
 * assert.equal(exclusionIn(words("jobs where german is not required")), null);
 * assert.equal(exclusionIn(words("nurse jobs not requiring experience")), null);
 * ```
 */
export function exclusionIn(
  words: readonly string[],
): { exclusion: QueryExclusion; rest: string[] } | null {
  // A longer text is a CV or a posting pasted as the query, whose last "not" is no asking.
  if (words.length > MOST_READ_WORDS) return null;
  for (let at = 1; at < words.length; at++) {
    const opening = OPENINGS.find((said) => said.every((word, k) => words[at + k] === word));
    if (!opening) continue;
    // The unwanted work ends where a clause about the person or the job opens ("not in sales for
    // someone with customer service experience": reviewer W, session 43, found sales first).
    const after = words.slice(at + opening.length);
    const clause = after.findIndex((word, k) =>
      k > 0 &&
      (CLAUSE_AFTER.has(word) || (word === "with" && WITH_A_PERSON.has(after[k + 1] ?? "")))
    );
    const tail = clause < 0 ? [] : after.slice(clause);
    let unwanted = withoutJobWords(clause < 0 ? after : after.slice(0, clause));
    // "software engineer not in sales": a field after "in" (a place there has been read as a
    // place not wanted before the words are: src/search/query_reading.ts); reviewer W, session 41.
    if (unwanted[0] === "in" && unwanted.length > 1 && !NOT_A_FIELD.has(unwanted[1])) {
      unwanted = unwanted.slice(1);
    }
    if (unwanted.length === 0 || unwanted.length > MOST_WORDS) continue;
    if (NOT_WORK_FIRST.has(unwanted[0])) continue;
    // With no work named ("jobs that are not nursing"), what is not wanted is still not searched
    // (it had listed nursing assistants first): the rest names no work, and a place's list, or
    // the hint to name the work, follows.
    const rest = [...words.slice(0, at), ...tail];
    return {
      exclusion: {
        matched: words.slice(at, words.length - tail.length).join(" "),
        words: unwanted,
      },
      rest,
    };
  }
  return null;
}
