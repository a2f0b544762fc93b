/**
 * "IT", the field, for the keyword side. "it" is a stop word there (the pronoun of every
 * description), so "it support technician" searched "support technician" by keywords and listed
 * maintenance technicians above every IT Support Engineer; "entry level it jobs" named no work at
 * all (docs/search.md, session 37). A title that names the field is indexed with one term for it,
 * {@linkcode IT_TERM}, and a query's "it" that names the field is searched as that term.
 *
 * One term, not the words "information technology": two terms made the field worth two words of
 * a query, so "IT helpdesk" left out "Help Desk Technician" (the help desk words, half the query)
 * and "it manager" lifted every "IT Technician". Left out of what the encoder reads: it knows
 * "IT", and "information technology support technician" embeds further from "IT Support
 * Engineer" (0.550) than the words typed do (0.622).
 *
 * @module
 */

/** The term a title naming the field is indexed with, and a query's "it" searched as. */
export const IT_TERM = "infotech";

/** "IT" in capitals, a whole word ("IT Support", "IT-Systemadministrator"). */
const IT_IN_CAPITALS = /(?<![\p{L}\p{N}])IT(?![\p{L}\p{N}])/u;

/**
 * Whether a title names the field: "IT" in capitals (a title in capitals throughout says nothing
 * by its case, "WE NEED IT NOW") or "information technology" in any case.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(titleSaysIt("IT Support Engineer (m/w/d)"), true);
 * assert.equal(titleSaysIt("IT-Systemadministrator"), true);
 * assert.equal(titleSaysIt("Information Technology Specialist"), true);
 * assert.equal(titleSaysIt("Make it happen: Sales Associate"), false);
 * assert.equal(titleSaysIt("ITALIAN CHEF"), false);
 * assert.equal(titleSaysIt("WE NEED IT NOW"), false);
 * ```
 */
export function titleSaysIt(title: string): boolean {
  return (IT_IN_CAPITALS.test(title) && /\p{Ll}/u.test(title)) ||
    /information technology/i.test(title);
}

/**
 * Words after which "it" is the field ("it support", "remote it jobs", "it manager"): the work and
 * what people say of it. After any other word, or before none, "it" is the pronoun ("is it
 * remote", "a job i can do it from home", "it s a nurse job": a query's words reach here split,
 * "it's" as "it s").
 */
const FIELD_WORDS = new Set(
  ("jobs job work roles role positions position vacancies vacancy openings careers career sector " +
    "industry field department team staff support helpdesk help service services desk manager " +
    "managers management technician technicians tech specialist specialists analyst analysts " +
    "administrator administrators admin consultant consultants consulting project projects " +
    "engineer engineers engineering director head recruiter recruiters recruitment sales auditor " +
    "audit security operations ops infrastructure system systems network networking trainee " +
    "trainees graduate graduates apprentice apprenticeship apprenticeships intern interns " +
    "internship internships contractor contract contracts lead architect officer assistant " +
    "coordinator professional professionals teacher trainer lecturer skills governance risk " +
    "compliance procurement business partner generalist delivery programme program worker " +
    "workers technical developer developers administration guy guys gal person people problems " +
    "issues")
    .split(" "),
);

/**
 * Work that is the field's by its own name, whose titles seldom say "IT" ("Help Desk Technician",
 * "Service Desk Analyst", "Network Engineer"): beside it, "it" adds nothing to search for.
 */
const IT_WORK = [
  "helpdesk",
  "help desk",
  "service desk",
  "servicedesk",
  "desktop support",
  "sysadmin",
  "system administrator",
  "systems administrator",
  "network",
  "networks",
  "devops",
  "software",
  "developer",
  "programmer",
  "cybersecurity",
  "cyber security",
  "infosec",
  "cloud",
  "data centre",
  "data center",
];

/** Words before a last "it" that make it the field: "jobs in it", "head of it", "career in it". */
const FIELD_BEFORE_LAST = new Set(["in", "into", "of", "for"]);

/**
 * Whether a query's "it" names the field: "it" alone, before a word of the work (`FIELD_WORDS`:
 * "it support", "remote it jobs"), or last after "in", "of", "for" ("jobs in it", "head of it"),
 * but not beside work that is the field's by name (`IT_WORK`: "IT helpdesk"). Read on the words
 * as typed, before "jobs" or a place is taken off them.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(namesItField("it support technician"), true);
 * assert.equal(namesItField("entry level IT jobs"), true);
 * assert.equal(namesItField("jobs in it"), true);
 * assert.equal(namesItField("it"), true);
 * assert.equal(namesItField("is it remote"), false);
 * assert.equal(namesItField("jobs where it pays well"), false);
 * assert.equal(namesItField("it s a nurse job"), false);
 * assert.equal(namesItField("italian chef"), false);
 * // The work says the field already: searched as typed.
 * assert.equal(namesItField("IT helpdesk"), false);
 * ```
 */
export function namesItField(text: string): boolean {
  const words = text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (words.length === 1) return words[0] === "it";
  // "IT helpdesk", "it network engineer": the work is the field's by its own name, and most of its
  // titles do not say "IT" ("Help Desk Technician"): the words are searched as they were.
  const joined = ` ${words.join(" ")} `;
  if (IT_WORK.some((work) => joined.includes(` ${work} `))) return false;
  return words.some((word, at) => {
    if (word !== "it") return false;
    const next = words[at + 1];
    if (next !== undefined) return FIELD_WORDS.has(next);
    return FIELD_BEFORE_LAST.has(words[at - 1]);
  });
}

/**
 * The keyword side's text of a query's words: "information technology" as {@linkcode IT_TERM},
 * and each "it" too where the query's "it" names the field (`namesItField` of the words as typed).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(itAsTerm("it support technician", true), "infotech support technician");
 * assert.equal(itAsTerm("remote it", true), "remote infotech");
 * assert.equal(itAsTerm("where it is quiet", false), "where it is quiet");
 * assert.equal(itAsTerm("information technology", false), "infotech");
 * assert.equal(itAsTerm("italian", true), "italian");
 * ```
 */
export function itAsTerm(text: string, itNamesField: boolean): string {
  const written = text.replace(/information technology/gi, IT_TERM);
  return itNamesField
    ? written.replace(/(?<![\p{L}\p{N}])it(?![\p{L}\p{N}])/giu, IT_TERM)
    : written;
}
