/**
 * Words of two kinds of work that the keyword side cannot tell apart: the stemmer gives "office"
 * and "officer" one term ("offic"), and "administrative" and "administrator" another
 * ("administr"), so "office admin" met every "Security Officer" and "System Administrator" by
 * their words (session 47: "office admin" listed an IT system administrator first and healthcare
 * assistants after it; "admin" listed ten system administrators among its strong matches). The
 * terms stay shared, as the snapshot holds them; what a query means is read from its words here,
 * and a posting whose title says only the other kind of work is a close match where some strong
 * match says the asked kind or neither (src/index/job_index.ts, as a type or a side of the day
 * said beside the work).
 *
 * @module
 */

/** The kind of work a query's word names where a stem names two. */
export type WordSense =
  | "office"
  | "officer"
  | "office administration"
  | "customer support"
  | "excel"
  | "software development";

const OFFICE = /(?<![\p{L}\p{N}])offices?(?![\p{L}\p{N}])/iu;
const OFFICER = /(?<![\p{L}\p{N}])officers?(?![\p{L}\p{N}])/iu;

/**
 * Words that make an administrator a system's (before "admin" in a query, anywhere in a title):
 * "linux admin", "IT System Administrator", "Kubernetes Administrator".
 */
export const SYSTEM_WORDS: ReadonlySet<string> = new Set([
  "system",
  "systems",
  "sys",
  "it",
  "database",
  "db",
  "network",
  "linux",
  "unix",
  "windows",
  "server",
  "cloud",
  "web",
  "site",
  "salesforce",
  "sap",
  "jira",
  "office365",
  "m365",
  "azure",
  "aws",
  "kubernetes",
  "openshift",
  "devops",
  "software",
  "lims",
  "sql",
  "oracle",
  "vmware",
]);

/** A title's administrator of a system written as one word ("Systemadministrator", "Sysadmin"). */
const SYSTEM_ADMIN_WORD = /systemadministrat|sysadmin|netzwerkadministrat/iu;

const ADMINISTRATION = /^(?:admin|administrative|administration)$/;

/**
 * A customer's side of "support", "service" or "care" in a query's words. Not a client's: "client
 * care" and "client support worker" are care work's own words (reviewer R49).
 */
const CUSTOMER = /^customers?$/;
const CUSTOMER_WORK = /^(?:support|service|services|care)$/;

/** Excel, the spreadsheet, which the stemmer gives "excellence" and "excellent"'s term ("excel"). */
const EXCEL = /(?<![\p{L}\p{N}])excel(?![\p{L}\p{N}])/iu;
const EXCELLENCE = /excellen/iu;

/**
 * A title of care work: what "support" and "care" name beside a person cared for rather than a
 * customer ("Support Worker/Carer", "Direct Support Professional"). Session 49: "remote customer
 * support" listed three care support workers among its five strong matches by "support" alone.
 */
const CARE_WORK =
  /(?<![\p{L}\p{N}])(?:carers?|care\s*givers?|care\s+(?:workers?|assistants?|staff|homes?|team)|support\s+workers?|direct\s+support|disability|aged\s+care|home\s+care|personal\s+care|patient\s+care|residential|nursing|nurses?)(?![\p{L}\p{N}])/iu;

/** Who is cared for, said in a query (who cares is said in `CARE_WORK`'s words). */
const CARED_FOR = /^(?:patients?|residents?)$/;

/** A title that names a customer's service, whatever else it names. */
const SERVES_CUSTOMERS =
  /(?<![\p{L}\p{N}])(?:customers?|clients?|consumers?|call|contact|help\s*desk|service\s+desk)(?![\p{L}\p{N}])/iu;

/**
 * A query's words of a developer ("developer", "dev"), and those that make it a business's rather
 * than software's ("business developer", "account development representative").
 */
const DEVELOPER = /^(?:developers?|devs?)$/;
const NOT_SOFTWARE_DEVELOPMENT = new Set([
  "business",
  "biz",
  "bizdev",
  "sales",
  "property",
  "estate",
  "land",
  "commercial",
  "partner",
  "partners",
  "partnership",
  "partnerships",
  "account",
  "accounts",
  "market",
  "markets",
  "talent",
  "people",
  "leadership",
  "organisational",
  "organizational",
  "curriculum",
  "course",
  "learning",
  "community",
  "international",
]);
/**
 * A query's words of software ("software development", "web development"): "development" alone is
 * a business's, a charity's or a person's as often ("development executive", "learning and
 * development", "development officer": reviewer C59).
 */
const SOFTWARE_WORDS = new Set([
  "software",
  "web",
  "app",
  "apps",
  "mobile",
  "frontend",
  "backend",
  "fullstack",
  "java",
  "python",
  "javascript",
  "typescript",
  "php",
  "ruby",
  "golang",
  "rust",
  "game",
  "games",
  "ios",
  "android",
  "net",
  "dotnet",
  // "full stack", "front end", "back end" development (reviewer C59b).
  "stack",
  "front",
  "back",
  "embedded",
  "firmware",
  "salesforce",
  "wordpress",
  "react",
  "node",
  "devops",
  "blockchain",
  "sql",
  "cloud",
  "data",
]);

/**
 * A title's development of a business, a market or property ("Sales Developer", "Business
 * Development | Responsible AI", "Property Developer"); `SOFTWARE_TITLE` makes it software's too.
 */
const OTHER_DEVELOPMENT =
  /(?<![\p{L}\p{N}])(?:business|biz|sales|property|real\s+estate|land|commercial|partner(?:ship)?s?|accounts?|markets?|talent|people|leadership|organi[sz]ational)[\s-]+develop(?:er|ers|ment)(?![\p{L}\p{N}])/iu;
const SOFTWARE_TITLE =
  /(?<![\p{L}\p{N}])(?:software|web|app|apps|mobile|front[\s-]?end|back[\s-]?end|full[\s-]?stack|java|python|\.net|c\+\+|sql|cloud|data|engineer|engineering|programmer|it)(?![\p{L}\p{N}])/iu;

/**
 * The kinds of work `words` (a query's words, lower case) name by a shared stem: "office" without
 * "officer" is the office's work and "officer" without "office" an officer's (both: neither);
 * "admin", "administrative" or "administration" with no system's word in the query is the
 * office's administration (a system's administrator is "sysadmin", "linux admin", "it admin");
 * "customer" with "support", "service" or "care" is a customer's support, not care work (unless
 * the words name care work too); "excel" is the spreadsheet, not excellence.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(sensesOfWords(["office", "admin"]), ["office", "office administration"]);
 * assert.deepEqual(sensesOfWords(["admin"]), ["office administration"]);
 * assert.deepEqual(sensesOfWords(["temp", "admin", "jobs"]), ["office administration"]);
 * assert.deepEqual(sensesOfWords(["police", "officer"]), ["officer"]);
 * assert.deepEqual(sensesOfWords(["linux", "admin"]), []);
 * assert.deepEqual(sensesOfWords(["system", "administrator"]), []);
 * assert.deepEqual(sensesOfWords(["office", "officer"]), []);
 * assert.deepEqual(sensesOfWords(["nurse"]), []);
 * assert.deepEqual(sensesOfWords(["customer", "support"]), ["customer support"]);
 * assert.deepEqual(sensesOfWords(["customer", "services", "officer"]), ["officer", "customer support"]);
 * assert.deepEqual(sensesOfWords(["client", "care"]), []);
 * assert.deepEqual(sensesOfWords(["support", "worker", "customer", "service"]), []);
 * assert.deepEqual(sensesOfWords(["customer", "service", "nurse"]), []);
 * assert.deepEqual(sensesOfWords(["support", "worker"]), []);
 * assert.deepEqual(sensesOfWords(["customer", "success", "manager"]), []);
 * assert.deepEqual(sensesOfWords(["advanced", "excel"]), ["excel"]);
 * assert.deepEqual(sensesOfWords(["software", "developer"]), ["software development"]);
 * assert.deepEqual(sensesOfWords(["junior", "dev"]), ["software development"]);
 * assert.deepEqual(sensesOfWords(["business", "developer"]), []);
 * assert.deepEqual(sensesOfWords(["development", "executive"]), []);
 * assert.deepEqual(sensesOfWords(["web", "development"]), ["software development"]);
 * assert.deepEqual(sensesOfWords(["full", "stack", "development"]), ["software development"]);
 * ```
 */
export function sensesOfWords(words: readonly string[]): WordSense[] {
  const senses: WordSense[] = [];
  const office = words.some((word) => word === "office" || word === "offices");
  const officer = words.some((word) => word === "officer" || word === "officers");
  const administration = words.some((word) => ADMINISTRATION.test(word)) &&
    !words.some((word) => SYSTEM_WORDS.has(word));
  // An administration's officer works in an office ("admin officer": "Office Administrator").
  if (office !== officer && !(officer && administration)) {
    senses.push(office ? "office" : "officer");
  }
  if (administration) senses.push("office administration");
  // Not where the words name care work too ("support worker customer service", "patient care
  // customer service", "customer service nurse": reviewer R49 found their own work made close).
  if (
    words.some((word) => CUSTOMER.test(word)) && words.some((word) => CUSTOMER_WORK.test(word)) &&
    !CARE_WORK.test(words.join(" ")) && !words.some((word) => CARED_FOR.test(word))
  ) {
    senses.push("customer support");
  }
  // Session 49: "excel" listed "Senior Engineer, Operational Excellence" among its strong matches.
  if (words.includes("excel")) senses.push("excel");
  // Session 59: "software developer Utrecht" listed "Sales Developer" and "Business Development"
  // among its strong matches by "developer" (a synonym) and the stem "develop".
  if (
    (words.some((word) => DEVELOPER.test(word)) ||
      (words.includes("development") && words.some((word) => SOFTWARE_WORDS.has(word)))) &&
    !words.some((word) => NOT_SOFTWARE_DEVELOPMENT.has(word))
  ) {
    senses.push("software development");
  }
  return senses;
}

/** Whether a title's administrator is a system's ("IT System Administrator", "Sysadmin"). */
function administersSystems(title: string): boolean {
  if (SYSTEM_ADMIN_WORD.test(title)) return true;
  if (!/admin/iu.test(title)) return false;
  // "IT" in capitals is the field; "it" in lower case a pronoun, as src/index/it_field.ts reads it.
  if (/(?<![\p{L}\p{N}])IT(?![\p{L}\p{N}])/u.test(title)) return true;
  // Not "site": a "Site Administrator" keeps a building site's office.
  return title.toLowerCase().split(/[^\p{L}\p{N}]+/u).some((word) =>
    word !== "it" && word !== "site" && SYSTEM_WORDS.has(word)
  );
}

/**
 * Whether `title` names only the other kind of work than `asked` by the shared stem: an
 * officer's title for the office ("Security Officer" for "office admin"), an office's for an
 * officer ("Office Manager" for "police officer"), a system's administrator for the office's
 * administration, care work for a customer's support, excellence for Excel. A title that names
 * both names the asked kind too.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.ok(saysOtherSense("Security Officer", "office"));
 * assert.ok(!saysOtherSense("Front Office Coordinator", "office"));
 * assert.ok(!saysOtherSense("Office Support Officer", "office"));
 * assert.ok(saysOtherSense("Office Manager", "officer"));
 * assert.ok(saysOtherSense("IT System Administrator (m/w/d)", "office administration"));
 * assert.ok(saysOtherSense("Kubernetes Administrator/Private Cloud Engineer", "office administration"));
 * assert.ok(saysOtherSense("Fachinformatiker/IT-Systemadministrator", "office administration"));
 * assert.ok(!saysOtherSense("General Administrative Assistant", "office administration"));
 * assert.ok(!saysOtherSense("Sales - Office Administrator", "office administration"));
 * assert.ok(!saysOtherSense("Healthcare Assistant", "office administration"));
 * assert.ok(saysOtherSense("Support Worker/Carer", "customer support"));
 * assert.ok(saysOtherSense("Direct Support Professional (DSP)", "customer support"));
 * assert.ok(!saysOtherSense("Customer Care Executive (WFH)", "customer support"));
 * assert.ok(!saysOtherSense("Client Support Worker", "customer support"));
 * assert.ok(!saysOtherSense("Senior Technical Support Engineer", "customer support"));
 * assert.ok(saysOtherSense("Senior Engineer, Operational Excellence", "excel"));
 * assert.ok(!saysOtherSense("Excel Specialist - Excellent Pay", "excel"));
 * assert.ok(saysOtherSense("Sales Developer", "software development"));
 * assert.ok(saysOtherSense("Business Development | Responsible AI", "software development"));
 * assert.ok(!saysOtherSense("Software Engineer", "software development"));
 * assert.ok(!saysOtherSense("Business Developer - Data Platform", "software development"));
 * ```
 */
export function saysOtherSense(title: string, asked: WordSense): boolean {
  if (asked === "software development") {
    return OTHER_DEVELOPMENT.test(title) && !SOFTWARE_TITLE.test(title);
  }
  if (asked === "customer support") return CARE_WORK.test(title) && !SERVES_CUSTOMERS.test(title);
  if (asked === "excel") return EXCELLENCE.test(title) && !EXCEL.test(title);
  if (asked === "office administration") return administersSystems(title);
  const office = OFFICE.test(title);
  const officer = OFFICER.test(title);
  return asked === "office" ? officer && !office : office && !officer;
}
