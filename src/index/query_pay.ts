/**
 * Good pay asked for without a figure ("well paid remote jobs", "highest paying nurse jobs",
 * "jobs that pay well in Toronto", "software engineer good salary"): not the work. Searched, the
 * words found "Software Engineer, Pay" and "In Home Caregiver with Weekly Pay", and embedded they
 * moved the query's vector away from every title (session 41: "high paying jobs in toronto" said
 * nothing in Toronto was near its words). Read, the words go, and the search lists the strong
 * matches that state the most pay first (src/index/job_index.ts).
 *
 * Read where the words plainly ask for pay: a word of pay ("paid", "paying", "pay", "salary",
 * "wage") with one that says it is good, before or after it, and "lucrative". Not "pay" of a role
 * ("payroll", "pay analyst"), nor a figure (src/index/query_salary.ts reads those).
 *
 * @module
 */

/** What the words asked of pay, and the text without them. */
export interface QueryPay {
  /** The words, as folded to lower case ("well paid", "that pay well"). */
  matched: string;
  /** The query without them. */
  rest: string;
}

/** Words that say the pay is good, before a word of pay ("well paid", "high salary"). */
const GOOD = "well|highly|high|higher|highest|best|top|good|great|decent|better|big|competitive";
/** Words of pay after `GOOD`. */
const PAY = "paid|paying|pay|salary|salaries|salaried|wage|wages|earning|earnings|income|money";

/**
 * The phrases, each a regular expression's source over folded words: a good word before a pay
 * word ("with a good salary", "high-paying", "that make good money"), a pay verb before "well"
 * ("that pay well", "paying the best"), and "lucrative"; each with the benefits said beside it
 * ("with good pay and benefits"). The words that join them to the work go with them ("with",
 * "that").
 */
const PHRASES = [
  String
    .raw`(?:(?:with|for|offering)\s+(?:a\s+|an\s+)?|(?:(?:that|which|to)\s+)?(?:make|makes|making|earn|earns)\s+)?(?:very\s+|really\s+)?(?:${GOOD})[\s-]+(?:${PAY})`,
  String
    .raw`(?:(?:that|which|who)\s+)?(?:pay|pays|paying|paid)\s+(?:very\s+|really\s+)?(?:well|(?:good|great|big)(?:\s+money)?|a\s+lot|more|best|the\s+(?:most|best|highest))`,
  String.raw`lucrative`,
].map((phrase) => String.raw`${phrase}(?:\s+and\s+(?:good\s+|great\s+)?benefits)?`);

const PAY_WANTED = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:${PHRASES.join("|")})(?![\p{L}\p{N}])`,
  "iu",
);

/**
 * Good pay asked for in `text`, or null where none is.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(bestPaidIn("well paid remote jobs"), { matched: "well paid", rest: "remote jobs" });
 * assert.deepEqual(bestPaidIn("jobs that pay well"), { matched: "that pay well", rest: "jobs" });
 * assert.equal(bestPaidIn("software engineer with a good salary")?.rest, "software engineer");
 * assert.equal(bestPaidIn("highest-paying nurse jobs")?.rest, "nurse jobs");
 * assert.equal(bestPaidIn("payroll specialist"), null);
 * assert.equal(bestPaidIn("pay analyst"), null);
 * assert.equal(bestPaidIn("nurse jobs weekly pay"), null);
 * assert.equal(bestPaidIn("jobs that pay the best")?.rest, "jobs");
 * assert.equal(bestPaidIn("nurse jobs paying good money")?.rest, "nurse jobs");
 * assert.equal(bestPaidIn("nurse jobs with good pay and benefits")?.rest, "nurse jobs");
 * assert.equal(bestPaidIn("jobs that make good money")?.rest, "jobs");
 * assert.equal(bestPaidIn("competitive salary accountant")?.rest, "accountant");
 * ```
 */
export function bestPaidIn(text: string): QueryPay | null {
  const found = PAY_WANTED.exec(text);
  if (!found) return null;
  const rest = `${text.slice(0, found.index)} ${text.slice(found.index + found[0].length)}`
    .replace(/\s+/g, " ")
    .trim();
  return { matched: found[0].toLowerCase().replace(/\s+/g, " "), rest };
}
