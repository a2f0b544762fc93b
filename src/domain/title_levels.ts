/**
 * The words a title states its level in, per level of the `seniority` filter (src/ingest/seniority.ts
 * reads a posting's level from them at import; the search reads a title that says a level the query
 * asks beside the work, src/index/job_index.ts). Words that look like a level but name a role are not
 * among them: "Account Executive", "Staff Nurse", "Sales Associate".
 *
 * @module
 */
import type { Seniority } from "./job.ts";

/** Title patterns per level, most specific first. */
export const TITLE_LEVELS: [Seniority, RegExp][] = [
  [
    "intern",
    /\b(?:intern|internship|interns|praktikant(?:in)?|praktikum|werkstudent(?:in)?|working student|co-?op student|summer students?|student (?:jobs?|workers?))\b/i,
  ],
  [
    "executive",
    /\b(?:chief|ceo|cto|cfo|coo|cio|ciso|cmo|vp|svp|evp|vice[- ]president|president|director|managing director|executive director|geschäftsführer(?:in)?|bereichsleiter(?:in)?)\b/i,
  ],
  [
    "lead",
    /\b(?:lead|leader|head of|team ?lead|teamleiter(?:in)?|teamleitung|leiter(?:in)?|supervisor|foreman|forewoman)\b/i,
  ],
  [
    "senior",
    /\b(?:senior(?![ -](?:living|citizens?|cent(?:er|re)|community|high))|sr\.?|(?:principal|staff) (?:engineer|developer|scientist|architect|software|data|product|designer|consultant))\b/i,
  ],
  [
    "junior",
    /\b(?:junior(?![ -](?:school|high|college))|jr\.?|entry[- ]level|graduate|trainee|apprentice|auszubildende[r]?|einsteiger)\b/i,
  ],
  ["mid", /\b(?:mid[- ]?level|intermediate|mid[- ]senior)\b/i],
];

/**
 * Whether the title says one of `levels` at all, whatever else it says ("Junior or Senior Frontend
 * Developer" says junior, though its seniority is senior, the first level its title names).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(titleSaysLevel("Junior / Senior Frontend Developer", ["junior"]), true);
 * assert.equal(titleSaysLevel("Senior Frontend Developer", ["junior", "intern"]), false);
 * // A school's or a home's name is no level.
 * assert.equal(titleSaysLevel("Junior School French Teacher", ["junior"]), false);
 * assert.equal(titleSaysLevel("Senior Living Coordinator", ["senior"]), false);
 * // A student's job is an intern's; a job serving students is not.
 * assert.equal(titleSaysLevel("Accounting Canada Summer Student Job", ["intern"]), true);
 * assert.equal(titleSaysLevel("Student Services Advisor", ["intern"]), false);
 * ```
 */
export function titleSaysLevel(title: string, levels: readonly Seniority[]): boolean {
  return TITLE_LEVELS.some(([level, pattern]) => levels.includes(level) && pattern.test(title));
}

/**
 * Words a title says a trade's experience in, which are no level of the `seniority` filter but not
 * a first job either: "Journeyman Electrician", "Fully Qualified Electrician" were the strong
 * matches of "electrician apprentice" (reviewer W, session 43).
 */
const EXPERIENCED = /\b(?:journey(?:man|men|woman|person)|fully[- ]qualified|experienced)\b/i;

/**
 * Whether the title asks for experience a first job (junior, intern) does not bring.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(titleSaysExperienced("Journeyman Electrician"), true);
 * assert.equal(titleSaysExperienced("Fully Qualified Electrician"), true);
 * assert.equal(titleSaysExperienced("Apprentice Electrician"), false);
 * ```
 */
export function titleSaysExperienced(title: string): boolean {
  return EXPERIENCED.test(title);
}

/** A manager's title ("Business Analyst - Manager", "Store Manager", "Projektmanagerin"). */
const MANAGES = /manager(?:in|innen|s)?\b/i;
/** A manager's first post, which graduates and trainees are hired into (reviewers C58, C58b). */
const FIRST_MANAGER_POST = /\bassistant\s+(?:[\p{L}-]+\s+)?manager|\bmanager\s+in\s+training\b/iu;

/**
 * Whether the title is a manager's above a first post: no first job either, where the work asked
 * is not a manager's ("entry level finance jobs new york" listed a consulting manager paid
 * $141,200-$294,300 as its strong match: a person's trial, session 57).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(titleSaysManager("Financial Services - Business Analyst - Manager"), true);
 * assert.equal(titleSaysManager("Projektmanagerin (m/w/d)"), true);
 * assert.equal(titleSaysManager("Management Accountant"), false);
 * assert.equal(titleSaysManager("Care Assistant"), false);
 * // A manager's first post is one a graduate is hired into.
 * assert.equal(titleSaysManager("Retail Assistant Manager"), false);
 * assert.equal(titleSaysManager("Manager in Training"), false);
 * assert.equal(titleSaysManager("Assistant Store Manager"), false);
 * ```
 */
export function titleSaysManager(title: string): boolean {
  return MANAGES.test(title) && !FIRST_MANAGER_POST.test(title);
}
