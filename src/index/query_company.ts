/**
 * A company written in a query ("jobs at Amazon", "software engineer at Google", "working for
 * Tesco"): a company the postings name, after "at" or "for". The search applies it as the
 * `company` filter (an explicit `company` parameter wins) and searches the rest of the words; its
 * words alone ("jobs at Amazon") list every posting of the company, as "jobs in Leeds" lists a
 * place's (docs/search.md, "A company in the query").
 *
 * After "at" or "for", and only a company's whole name: "delivery jobs" (Delivery Hero) stays
 * words. Before words for a job alone ("amazon jobs") only where the company's postings outnumber
 * the titles elsewhere that say its name (`employerBeforeJobs`; "starbucks jobs" stays words: two
 * casino baristas' titles say "Starbucks", and Starbucks has one posting).
 *
 * @module
 */
import { firstAtLeast } from "../domain/first_at_least.ts";
import { foldText } from "../domain/fold_text.ts";
import { JOB_WORDS } from "./query_phrasing.ts";

export interface QueryCompany {
  /** The company names of the postings the words name, as the postings write them. */
  names: string[];
  /** The words of the query that named the company, as typed. */
  matched: string;
  /** The query without "at"/"for" and the company, to be searched as usual. */
  rest: string;
}

/** Words that end a company's name without telling companies apart ("Tesco PLC", "SAP SE"). */
const LEGAL_WORDS = new Set(
  ("inc incorporated llc ltd limited gmbh ag se plc sarl bv nv corp corporation co company " +
    "group gruppe holding holdings sa srl pty lp llp kg ug").split(" "),
);

/** Words after "at"/"for" that never begin a company's name here ("at night", "for students"). */
const NOT_A_COMPANY = new Set(
  ("a an the my our your home night nights weekend weekends day days work a job jobs me you " +
    "students graduates beginners everyone people now once least most all").split(" "),
);

/** Words before "at"/"for" that only say "a job" ("working for Tesco", "opportunities at SAP"). */
const LEAD_IN = new Set([
  "working",
  "work",
  "opportunities",
  "opportunity",
  "employment",
  // "werken bij ING", "arbeiten bei Siemens" (a person's trial, session 56).
  "werken",
  "arbeiten",
]);

/** Words in the longest company name looked up. */
const LONGEST = 5;

/**
 * The name a company is found by: folded, without what follows a comma or stands in brackets,
 * without a web address's ending and without legal words ("Amazon.com" → "amazon", "Amazon Web
 * Services (AWS)" → "amazon web services", "Tesco PLC" → "tesco").
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(companyKey("Amazon.com"), "amazon");
 * assert.equal(companyKey("Amazon Web Services EMEA SARL, Dutch Branch"), "amazon web services emea");
 * assert.equal(companyKey("SAP SE"), "sap");
 * assert.equal(companyKey("]init[ AG"), "init");
 * ```
 */
export function companyKey(name: string): string {
  const main = name.split(",")[0].replace(/\([^)]*\)/g, " ")
    .replace(/\.(com|de|co\.uk|co|io|ai|net|org|nl)\b/gi, " ");
  const words = foldText(main).split(" ").filter(Boolean);
  // A single letter is what folding leaves of an abbreviation's dots ("B.V." → "b v").
  while (words.length > 1 && (LEGAL_WORDS.has(words.at(-1)!) || words.at(-1)!.length === 1)) {
    words.pop();
  }
  return words.join(" ");
}

/** The postings' companies by `companyKey` (`companiesByKey`). */
export interface CompanyNames {
  /** Each key's names as the postings write them, most postings first (then by name). */
  byKey: ReadonlyMap<string, readonly string[]>;
  /** The keys in order, so that those beginning with a name's words are found side by side. */
  keys: readonly string[];
  /** Each name's postings, as the postings write it. */
  postingsOf: ReadonlyMap<string, number>;
}

/** The postings' companies by `companyKey`. Names that fold to nothing are left out. */
export function companiesByKey(names: Iterable<string>): CompanyNames {
  // Each distinct name's key once: a million postings name some thousands of companies.
  const postings = new Map<string, number>();
  for (const name of names) postings.set(name, (postings.get(name) ?? 0) + 1);
  const counts = new Map<string, Map<string, number>>();
  for (const [name, count] of postings) {
    const key = companyKey(name);
    if (key === "") continue;
    const spelled = counts.get(key) ?? new Map<string, number>();
    spelled.set(name, count);
    counts.set(key, spelled);
  }
  const byKey = new Map<string, string[]>();
  for (const [key, spelled] of counts) {
    byKey.set(
      key,
      [...spelled].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([name]) => name),
    );
  }
  return { byKey, keys: [...byKey.keys()].sort(), postingsOf: postings };
}

/**
 * The names of the company called `key` and of those whose name goes on from it ("amazon":
 * Amazon.com, then Amazon Web Services; "nhs": NHS, then NHS Professionals); none where no
 * company is called `key`.
 */
function namesFrom(companies: CompanyNames, key: string): string[] {
  const { keys, byKey } = companies;
  const low = firstAtLeast(keys, key);
  // Only a company's own name: "for university students" names none, though many companies'
  // names begin with "University".
  if (keys[low] !== key) return [];
  const names: string[] = [];
  // A space sorts before any letter: the keys "key" and "key ..." come first, side by side.
  for (let k = low; k < keys.length && (keys[k] === key || keys[k].startsWith(`${key} `)); k++) {
    names.push(...byKey.get(keys[k])!);
  }
  return names;
}

/**
 * The company a query names after "at" or "for" (the longest name the postings use, with the
 * companies whose names go on from it); null when it names none.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const companies = companiesByKey(["Amazon.com", "Amazon", "Amazon Web Services", "Google"]);
 * assert.deepEqual(findCompany("jobs at Amazon", companies), {
 *   names: ["Amazon", "Amazon.com", "Amazon Web Services"], matched: "Amazon", rest: "jobs",
 * });
 * assert.equal(findCompany("software engineer at Google", companies)?.rest, "software engineer");
 * assert.deepEqual(findCompany("working for Amazon Web Services", companies), {
 *   names: ["Amazon Web Services"], matched: "Amazon Web Services", rest: "",
 * });
 * assert.equal(findCompany("amazon jobs", companies), null);
 * assert.equal(findCompany("nurse at night", companies), null);
 * // Several companies named together.
 * assert.deepEqual(findCompany("jobs at google or amazon in london", companies), {
 *   names: ["Google", "Amazon", "Amazon.com", "Amazon Web Services"],
 *   matched: "google or amazon",
 *   rest: "jobs in london",
 * });
 * assert.equal(findCompany("jobs at google, amazon", companies)?.matched, "google or amazon");
 * assert.equal(findCompany("jobs at google or a startup", companies)?.rest, "jobs or a startup");
 * ```
 */
export function findCompany(query: string, companies: CompanyNames): QueryCompany | null {
  const typed = query.trim().split(/\s+/).filter(Boolean);
  for (let at = 0; at < typed.length - 1; at++) {
    const word = foldText(typed[at]);
    // "Jobs bei Siemens", "vacatures bij Booking.com" (session 56).
    if (word !== "at" && word !== "for" && word !== "bei" && word !== "bij") continue;
    if (NOT_A_COMPANY.has(foldText(typed[at + 1]))) continue;
    const first = companyAt(typed, at + 1, companies);
    if (!first) continue;
    const found = [first];
    let end = at + 1 + first.length;
    // "at Google or Amazon", "at Lidl, Aldi or Tesco": each company named after the first.
    for (;;) {
      const joined = JOINING.has(foldText(typed[end] ?? "")) ? 1 : 0;
      const afterComma = joined === 0 && /,$/u.test(typed[end - 1]);
      if (joined === 0 && !afterComma) break;
      const next = companyAt(typed, end + joined, companies);
      if (!next) break;
      found.push(next);
      end += joined + next.length;
    }
    const from = at > 0 && LEAD_IN.has(foldText(typed[at - 1])) ? at - 1 : at;
    const rest = [...typed.slice(0, from), ...typed.slice(end)].join(" ");
    return {
      names: [...new Set(found.flatMap((company) => company.names))],
      matched: found.map((company) => company.matched).join(" or "),
      rest,
    };
  }
  return null;
}

/** Words for a job after an employer's name: "amazon jobs", "nhs vacancies", "tesco careers". */
const JOBS_AFTER_NAME = new Set([...JOB_WORDS, "hiring", "work"]);

/**
 * The company a query names before words for a job and nothing else ("amazon jobs", "NHS
 * vacancies", "Starbucks careers"): the same names as after "at" (`findCompany`), null where the
 * words are not a company's whole name. Whether the name is the employer or a word of the titles
 * ("salesforce jobs": "Salesforce Developer" at other companies) is for the caller to decide, which
 * sees the titles (src/index/job_index.ts `companyIn`).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const companies = companiesByKey(["Amazon.com", "Amazon", "Tesco PLC", "Delivery Hero"]);
 * assert.deepEqual(employerBeforeJobs("Amazon jobs", companies), {
 *   names: ["Amazon", "Amazon.com"], matched: "Amazon", rest: "jobs",
 * });
 * assert.equal(employerBeforeJobs("tesco careers", companies)?.matched, "tesco");
 * assert.equal(employerBeforeJobs("delivery jobs", companies), null);
 * assert.equal(employerBeforeJobs("amazon", companies), null);
 * assert.equal(employerBeforeJobs("amazon warehouse jobs", companies), null);
 * ```
 */
export function employerBeforeJobs(query: string, companies: CompanyNames): QueryCompany | null {
  const name = nameBeforeJobs(query);
  if (name === null) return null;
  const key = companyKey(name);
  if (key === "" || NOT_A_COMPANY.has(key)) return null;
  const names = namesFrom(companies, key);
  if (names.length === 0) return null;
  const rest = query.trim().split(/\s+/).slice(name.split(" ").length).join(" ");
  return { names, matched: name, rest };
}

/**
 * The words before words for a job and nothing else ("amazon" of "amazon jobs"), as typed: what
 * may name an employer (`employerBeforeJobs`); null where no word for a job ends the query.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(nameBeforeJobs("Amazon Web Services careers"), "Amazon Web Services");
 * assert.equal(nameBeforeJobs("amazon"), null);
 * assert.equal(nameBeforeJobs("jobs"), null);
 * ```
 */
export function nameBeforeJobs(query: string): string | null {
  const typed = query.trim().split(/\s+/).filter(Boolean);
  let end = typed.length;
  while (end > 0 && JOBS_AFTER_NAME.has(foldText(typed[end - 1]))) end--;
  if (end === 0 || end === typed.length || end > LONGEST) return null;
  return typed.slice(0, end).join(" ");
}

/** Words that join companies named together: "at Google or Amazon". */
const JOINING = new Set(["or", "and", "&"]);

/** The company whose name (the longest the postings use) opens `typed` at `from`, or null. */
function companyAt(
  typed: readonly string[],
  from: number,
  companies: CompanyNames,
): { names: string[]; matched: string; length: number } | null {
  for (let length = Math.min(LONGEST, typed.length - from); length >= 1; length--) {
    const words = typed.slice(from, from + length);
    // A comma ends the name ("at Amazon, Seattle"): what follows is no part of it.
    if (words.slice(0, -1).some((w) => /[,;]$/u.test(w))) continue;
    const key = companyKey(words.join(" "));
    if (key === "") continue;
    const names = namesFrom(companies, key);
    if (names.length === 0) continue;
    return { names, matched: words.join(" ").replace(/[,;:.!?]+$/u, ""), length };
  }
  return null;
}
