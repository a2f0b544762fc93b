/**
 * Query → what each side of the index searches for. Job titles are full of abbreviations
 * ("RN", "HGV", "SRE") that neither the keyword index nor the sentence encoder can resolve on their
 * own, so the common ones are spelled out: the keyword side searches the abbreviation and its
 * expansion as alternatives, and the encoder sees both. Occupations with several names
 * ("programmer", "developer") are searched under each of them, on the keyword side only
 * (docs/search.md, "Occupation synonyms").
 *
 * @module
 */
import {
  ableWithNamed,
  asksOnly,
  doerOfWork,
  MOST_READ_WORDS,
  openWorkNamed,
  roleWords,
  subjectOfDegree,
  withoutClause,
  withoutCohortYear,
  workDoneWithNamed,
  workerOfField,
  workWords,
} from "./query_phrasing.ts";
import { alternativesOf } from "./query_alternatives.ts";
import { splitWords, tokenize } from "./tokenize.ts";
import { itAsTerm, namesItField } from "./it_field.ts";
import {
  employmentAlone,
  employmentIn,
  withoutEitherType,
  withTypesSpelledOut,
} from "./query_employment.ts";
import { type QuerySalary, salaryIn } from "./query_salary.ts";
import { bestPaidIn } from "./query_pay.ts";
import { postedIn, recentGraduateAt } from "./query_posted.ts";
import {
  type QuerySeniority,
  type QuerySeniorityBeside,
  seniorityAlone,
  seniorityBeside,
  studentSaid,
} from "./query_seniority.ts";
import {
  type QueryShift,
  shiftAlone,
  type TimeOfDay,
  timeOfDayIn,
  withoutEitherTime,
} from "./query_shift.ts";
import { type QueryWorkMode, workModeAlone, workModeBeside } from "./query_work_mode.ts";
import { languageAlone, languageBeside, type QueryLanguage } from "./query_language.ts";
import { sponsorshipIn, type VisaPlace } from "./query_sponsorship.ts";
import { exclusionIn, type QueryExclusion } from "./query_exclusion.ts";
import { type EmploymentType, ruledOutBy } from "../domain/job.ts";
import { ownValue } from "../domain/own_value.ts";
import { connectorsInEnglish, englishOfJobName } from "./job_names_abroad.ts";
import { INFORMAL_NAMES } from "./informal_names.ts";
import { joinedCompounds } from "./query_spelling.ts";
import { sensesOfWords, SYSTEM_WORDS, type WordSense } from "./word_senses.ts";
import { specialtyOf, type WorkSpecialty } from "./specialty.ts";

/** Common abbreviations in job titles, as a person would spell them out. */
const ABBREVIATIONS: Record<string, string> = {
  rn: "registered nurse",
  lpn: "licensed practical nurse",
  lvn: "licensed vocational nurse",
  cna: "certified nursing assistant",
  hca: "health care assistant",
  hha: "home health aide",
  emt: "emergency medical technician",
  gp: "general practitioner",
  hgv: "heavy goods vehicle driver",
  // "cdl jobs" asks for the driving the licence is for (zoo 7: "cdl class a jobs texas").
  cdl: "commercial truck driver",
  sre: "site reliability engineer",
  qa: "quality assurance",
  sdet: "software development engineer in test",
  swe: "software engineer",
  hr: "human resources",
  pm: "project manager",
  dba: "database administrator",
  ux: "user experience",
  ui: "user interface",
  bi: "business intelligence",
  ml: "machine learning",
  ai: "artificial intelligence",
  nlp: "natural language processing",
  seo: "search engine optimization",
  sdr: "sales development representative",
  csr: "customer service representative",
  cfo: "chief financial officer",
  cto: "chief technology officer",
  ceo: "chief executive officer",
  cpa: "certified public accountant",
  // Accountancy's qualifications, named beside the work ("accountant ACCA qualified"): the encoder
  // read "acca" near "assistant" and listed healthcare assistants as strong matches (session 59).
  acca: "qualified accountant",
  cima: "chartered management accountant",
  aat: "accounting technician",
  cfa: "chartered financial analyst",
  k8s: "kubernetes",
  js: "javascript",
  // "junior dev", "python dev": the encoder and the titles' words read "dev" as the first half of
  // "Dev Ops" (session 41: "junior dev no degree" listed only DevOps engineers).
  dev: "developer",
  devs: "developers",
  // The encoder does not know the short form: "physio jobs" met "Computational Scientist".
  physio: "physiotherapist",
  ...INFORMAL_NAMES,
};

/**
 * Words spelled out only beside the words that make them the job (`ABBREVIATIONS` spells out a
 * word wherever it stands): "personnel officer" is an HR officer, "security personnel" security
 * staff; "till operator" a cashier, "jobs till christmas" no till; "shelf stacker" a stocker, a
 * "pedestrian stacker" a forklift (reviewer R, session 43). Session 43's tuned paraphrase set:
 * "personnel officer" listed security officers, "till operator" machine operators, "shelf stacker"
 * full-stack developers.
 */
const IN_CONTEXT: ReadonlyMap<string, { long: string; next?: readonly string[]; before?: string }> =
  new Map(Object.entries({
    personnel: {
      long: "human resources",
      next: ["officer", "officers", "manager", "assistant", "advisor", "adviser", "administrator"],
    },
    till: { long: "checkout cashier", next: ["operator", "operators", "staff", "assistant"] },
    stacker: { long: "stocker", before: "shelf" },
    // "biz dev" is business development, not a developer (reviewer R50c: 222 software developers,
    // made visible by `query_work`); its "dev" is not spelled out (`longOf`).
    biz: { long: "business development", next: ["dev", "devs"] },
    stackers: { long: "stockers", before: "shelf" },
  }));

/** What `word` at `at` of `words` is spelled out as where its context makes it the job. */
function inContextLong(word: string, at: number, words: readonly string[]): string | undefined {
  const context = IN_CONTEXT.get(word);
  if (!context) return undefined;
  if (context.next && context.next.includes(words[at + 1] ?? "")) return context.long;
  if (context.before && words[at - 1] === context.before) return context.long;
  return undefined;
}

/**
 * What "admin" stands for at `at` of `words`: a system's administrator after a system's name
 * ("linux admin"), administrative work otherwise, as people say "admin jobs" and "temp admin work"
 * (the assistant where nothing follows: "admin" alone names the office job, not its field).
 */
function adminLong(words: readonly string[], at: number): string {
  if (at > 0 && SYSTEM_WORDS.has(words[at - 1])) return "administrator";
  return at === words.length - 1 ? "administrative assistant" : "administrative";
}

/** After "dev", words that make it part of another name: "dev ops engineer". */
const DEV_OPS = new Set(["ops", "sec", "secops", "rel"]);

/** Expansion → abbreviation, so that "registered nurse" also finds "RN" titles. */
const PHRASES = Object.entries(ABBREVIATIONS).map(([short, long]) => ({ short, long }));

/**
 * Words and phrases that name the same occupation in job titles (other words, British and American
 * spellings, the German words of the postings): a query with one of them also searches each of the
 * others, as alternatives. Our own list, from the titles the judged sets missed and the common
 * names of jobs; only true equivalents, not neighbours ("bookkeeper" is near "accountant" but not
 * the same job, so it is not here). Not "teacher"/"educator": the stemmer gives "educator" and
 * "education" one term.
 */
const SYNONYMS: readonly (readonly string[])[] = [
  // Software: "developer" titles rarely say "programmer", German ones say "Entwickler".
  [
    "programmer",
    "developer",
    "software engineer",
    "software developer",
    "entwickler",
    "softwareentwickler",
  ],
  ["tester", "test engineer", "qa engineer"],
  ["helpdesk", "help desk", "service desk"],
  ["sysadmin", "system administrator"],
  ["cybersecurity", "cyber security", "information security", "infosec"],
  // Health and care.
  ["doctor", "physician"],
  // A doctor in training: British titles say "Resident Medical Officer (RMO)" (session 47).
  ["junior doctor", "resident doctor", "resident medical officer", "foundation doctor"],
  ["physiotherapist", "physical therapist", "physio"],
  ["veterinarian", "vet", "veterinary surgeon"],
  // "vet" before another job is "veterinary", not the veterinarian ("vet nurse" listed surgeons).
  ["vet nurse", "veterinary nurse"],
  ["vet tech", "vet technician", "veterinary technician"],
  ["dentist", "dental surgeon"],
  ["caregiver", "carer", "care worker", "care assistant", "support worker"],
  [
    "nursing assistant",
    "nurse aide",
    "nursing aide",
    "healthcare assistant",
    "health care assistant",
  ],
  ["healthcare", "health care"],
  ["lab", "laboratory"],
  // Law, office, sales.
  ["lawyer", "attorney", "solicitor"],
  ["paralegal", "legal assistant"],
  ["administrative assistant", "admin assistant"],
  ["salesperson", "sales representative", "sales rep", "salesman", "saleswoman"],
  // Session 43, the tuned paraphrase set's worst lines: "phone sales" met office administrators,
  // "shop assistant" assistant store managers.
  // Session 47: the titles also write "Tele Sales", "Inside Sales", "Cold caller", "voice sales".
  [
    "phone sales",
    "telesales",
    "telephone sales",
    "tele sales",
    "inside sales",
    "cold caller",
    "voice sales",
  ],
  ["shop assistant", "retail assistant", "sales assistant", "customer assistant"],
  // Session 48: "customer support" left "Customer Service Representative" titles to the keyword
  // score of their descriptions (one strong at 0.733, the same title close at 0.681).
  ["customer service", "customer support", "customer care"],
  ["realtor", "real estate agent", "estate agent"],
  // Hospitality, cleaning.
  ["chef", "cook"],
  ["waiter", "waitress", "waitstaff", "waiting staff", "restaurant server"],
  ["bartender", "barman", "barmaid", "bar staff"],
  ["dishwasher", "kitchen porter"],
  ["receptionist", "front desk"],
  ["housekeeper", "room attendant", "maid", "chambermaid"],
  ["cleaner", "janitor", "custodian"],
  ["flight attendant", "cabin crew"],
  // Trades, transport, public service.
  ["mechanic", "automotive technician", "vehicle technician"],
  // "handyman" met cleaners, "ambulance crew" fast-food crews (session 43).
  ["handyman", "maintenance technician", "maintenance worker"],
  ["ambulance crew", "paramedic", "emergency medical technician"],
  ["switchboard operator", "pbx operator", "telephone operator"],
  ["assembly line worker", "assembler", "production operative", "production worker"],
  ["carpenter", "joiner"],
  // A British decorator paints rooms: the titles say "Painter" (session 47).
  ["decorator", "painter and decorator", "painter"],
  ["truck", "lorry"],
  // A lorry's driver is an HGV driver in British titles (session 47: "lorry driver" listed 4 of
  // the 16 HGV drivers, the rest under taxi and tow-truck drivers).
  ["lorry driver", "truck driver", "hgv driver", "lgv driver"],
  ["driver", "chauffeur"],
  ["security guard", "security officer"],
  ["police officer", "police constable"],
  ["firefighter", "fireman"],
  ["postman", "mail carrier", "postal worker"],
  // Education and training. "Kids" in the query, "children" in the titles (session 48: "working
  // with kids" listed care coordinators before the children's workers).
  ["kids", "children"],
  ["lecturer", "professor"],
  // A doctorate's post: the titles say "PhD Candidate", "PhD Position" (session 47).
  ["doctoral researcher", "doctoral candidate", "phd", "phd candidate", "phd student", "doktorand"],
  ["internship", "intern", "praktikum", "praktikant"],
  ["working student", "werkstudent"],
  // British and American spellings the stemmer keeps apart.
  ["laborer", "labourer"],
  ["labor", "labour"],
  ["center", "centre"],
  ["programme", "program"],
  ["counselor", "counsellor"],
  ["pediatric", "paediatric"],
  ["orthopedic", "orthopaedic"],
  ["anesthetist", "anaesthetist"],
];

/**
 * Each synonym → the others of its group, as word lists. A name in two groups would keep only the
 * last one's others (session 47: "phone sales" nearly lost "telesales" so), so it stops the load.
 */
const SYNONYMS_OF = new Map<string, string[][]>();
for (const group of SYNONYMS) {
  for (const name of group) {
    if (SYNONYMS_OF.has(name)) throw new Error(`"${name}" is in two synonym groups`);
    SYNONYMS_OF.set(name, group.filter((other) => other !== name).map((o) => o.split(" ")));
  }
}

/**
 * Synonyms that name another job before these words: a customer service engineer repairs what was
 * sold, a customer support engineer is technical support (reviewer R48: "customer support
 * engineer" had 12 strong matches, 45 with the customer service representatives).
 */
const ANOTHER_JOB_BEFORE: ReadonlyMap<string, ReadonlySet<string>> = (() => {
  const engineers = new Set(["engineer", "engineers", "technician", "technicians"]);
  return new Map(["customer service", "customer support", "customer care"].map((name) => [
    name,
    engineers,
  ]));
})();

/** Words in the longest synonym. */
const LONGEST_SYNONYM = Math.max(...SYNONYMS.flat().map((name) => name.split(" ").length));

/**
 * The synonyms in the query's words, longest first where they overlap ("health care assistant" is
 * one name, not "health" + "care assistant"), as [start, length, the other names].
 */
function synonymsIn(words: string[]): [number, number, string[][]][] {
  const found: [number, number, string[][]][] = [];
  const taken = new Set<number>();
  for (let length = LONGEST_SYNONYM; length >= 1; length--) {
    for (let start = 0; start + length <= words.length; start++) {
      const name = words.slice(start, start + length).join(" ");
      const others = SYNONYMS_OF.get(name);
      if (!others || ANOTHER_JOB_BEFORE.get(name)?.has(words[start + length])) continue;
      const span = Array.from({ length }, (_, k) => start + k);
      if (span.some((k) => taken.has(k))) continue;
      span.forEach((k) => taken.add(k));
      found.push([start, length, others]);
    }
  }
  return found;
}

export interface AnalyzedQuery {
  /**
   * Alternative term lists for the keyword side; a posting's keyword score is its best score over
   * them. The first is the query as typed.
   */
  termVariants: string[][];
  /**
   * Per variant, the terms a posting must have in its title or tags for that variant to count:
   * the words of the synonym it puts in ("physician" in a nurse posting's description does not make
   * it a doctor's job, nor "officer" in "Police Officer" a security officer). Empty: none.
   */
  titleTerms: string[][];
  /** The text given to the sentence encoder: lower-cased, abbreviations spelled out beside them. */
  embeddingText: string;
  /**
   * Where the work is named as alternatives ("nurse or midwife": src/index/query_alternatives.ts),
   * each one read as if asked alone: a search scores and cuts each so
   * (`IndexSearch.alternatives`), and `termVariants` holds every one's.
   */
  alternatives?: AnalyzedQuery[];
  /**
   * The `alternatives` are the work as typed and in English, its German or Dutch job names read
   * (`inEnglish`): one work, not two the person named.
   */
  inEnglishToo?: true;
  /**
   * `embeddingText` without when, how long or from where the work is done ("at night", "part
   * time", "on weekends": `workWords`), present only where the query says so: the encoder's text
   * where no posting has all the query's words (`IndexSearch.workVector`).
   */
  workText?: string;
  /**
   * The employment type named at an end of the query ("part time barista": `parttime`, matched
   * "part time"; src/index/query_employment.ts): its words are kept out of `embeddingText` and
   * `workText` (they are not the role), and still searched by the keyword side, so a posting that
   * says them scores by them. Not a filter (docs/search.md, session 22).
   */
  employment?: { type: EmploymentType; matched: string };
  /**
   * The hours the query names and nothing else beside a place ("night shift jobs in London":
   * `typeAlone`); then its words name no job (`namesNoWork`).
   */
  shift?: QueryShift;
  /**
   * The seniority the query names and nothing else beside a place ("entry level jobs in London":
   * `typeAlone`, src/index/query_seniority.ts); then its words name no job (`namesNoWork`).
   */
  seniority?: QuerySeniority;
  /**
   * The side of the day said beside the work ("care assistant mornings": `day`; "security guard
   * night shift": `night`; src/index/query_shift.ts `timeOfDayIn`): the work's postings whose
   * titles say the other side alone are close matches, where some strong match does not.
   */
  timeOfDay?: TimeOfDay;
  /**
   * The kinds of work the words name by a stem two kinds share ("office admin": the office's work
   * and its administration, not an officer's or a system administrator's;
   * src/index/word_senses.ts): the postings whose titles say only the other kind are close
   * matches, where some strong match does not.
   */
  senses?: WordSense[];
  /**
   * The specialty the work names before its head noun ("compliance officer"; src/index/specialty.ts):
   * where no title has every word of the work, a title of the head noun after another specialty
   * ("Security Officer") is a close match, where some strong match is not one.
   */
  specialty?: WorkSpecialty;
  /**
   * The seniority said beside the work ("entry level marketing jobs", "senior nurse":
   * src/index/query_seniority.ts): its words stay the query's, and the work's postings stated at a
   * level it rules out are close matches, not strong ones (docs/search.md, session 35).
   */
  seniorityBeside?: QuerySeniorityBeside;
  /**
   * How the work is done, said first or last beside the work ("data analyst hybrid":
   * src/index/query_work_mode.ts): the work is searched, and its postings done that way are the
   * strong matches (docs/search.md, session 36).
   */
  workModeBeside?: QueryWorkMode;
  /**
   * How the work is done, named and nothing else beside a place ("hybrid jobs in Amsterdam":
   * `typeAlone`, src/index/query_work_mode.ts); then its words name no job (`namesNoWork`).
   */
  workMode?: QueryWorkMode;
  /**
   * The language the work must be done in, named and nothing else beside a place ("english
   * speaking jobs in Berlin", "jobs without german": `typeAlone`, src/index/query_language.ts);
   * then its words name no job (`namesNoWork`).
   */
  language?: QueryLanguage;
  /**
   * The language said first or last beside the work ("german speaking customer support",
   * "software jobs that require no german"): the work is searched without its words, and its
   * postings whose languages fit are the strong matches (as `workModeBeside`'s way of working).
   */
  languageBeside?: QueryLanguage;
  /**
   * Work said after the work as not wanted ("hospital jobs that aren't nursing", "it jobs except
   * help desk": src/index/query_exclusion.ts): its words are searched by neither side, and the
   * postings whose title or tags say them are left out of the list.
   */
  exclusion?: QueryExclusion;
  /**
   * The pay the query names ("£30k marketing manager": 30,000 a year; src/index/query_salary.ts):
   * its words are searched by neither side (a number names no job); the search applies it as
   * `salary_min` with the postings that state no pay kept, where no salary filter is given.
   */
  salary?: Omit<QuerySalary, "rest">;
  /**
   * Good pay asked for without a figure ("well paid remote jobs", "highest paying nurse jobs";
   * src/index/query_pay.ts): its words are searched by neither side; in relevance order the
   * strong matches that state the most pay come first (src/index/job_index.ts).
   */
  bestPaid?: { matched: string };
  /**
   * When the query asks its postings to have been posted ("nurse jobs this week": 7 days; "latest
   * python jobs": the newest first, no days; src/index/query_posted.ts): its words are searched by
   * neither side; the search applies the days as `since`, where no `since` parameter is given.
   */
  posted?: { matched: string; days?: number };
  /**
   * A sponsored work visa asked for ("software engineer visa sponsorship", "jobs that sponsor
   * visas": src/index/query_sponsorship.ts): its words are searched by neither side; the postings
   * that say they sponsor one are the strong matches where any of the work's are, those that say
   * they do not (and, where the visa is one place's, "h1b", those elsewhere) are left out.
   */
  sponsorship?: { matched: string; where?: VisaPlace };
}

/**
 * "In person" and "in the office", said as how the work is done: the asking takes "in" ("in" opens
 * a request), which left "person" to embed ("Personal Home Health Provider" for "in person jobs in
 * Houston") and "office" to read as office work. `text` without them, or null where it says neither.
 * "In office" only where it ends the words or stands before a word for a job ("jobs in office
 * administration", "in office work" are the work), "in person" not inside other words ("in
 * person-centred care").
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(onSiteSaidPlainly("in person jobs"), "jobs");
 * assert.equal(onSiteSaidPlainly("In-Person customer service"), "customer service");
 * assert.equal(onSiteSaidPlainly("nurse jobs in the office"), "nurse jobs");
 * assert.equal(onSiteSaidPlainly("in office"), "");
 * assert.equal(onSiteSaidPlainly("jobs in office administration"), null);
 * assert.equal(onSiteSaidPlainly("in office work"), null);
 * assert.equal(onSiteSaidPlainly("carer in person-centred care"), null);
 * assert.equal(onSiteSaidPlainly("help in person's home"), null);
 * ```
 */
export function onSiteSaidPlainly(text: string): string | null {
  const IN_PERSON = /(?<![\p{L}\p{N}])in[- ]person(?![\p{L}\p{N}]|[-'’]\p{L})/giu;
  const IN_OFFICE =
    /(?<![\p{L}\p{N}])in (?:the )?office(?=\s*(?:$|[,;.!?]|(?:jobs?|roles?|positions?)(?![\p{L}\p{N}])))/giu;
  const without = text.replace(IN_PERSON, " ").replace(IN_OFFICE, " ");
  return without === text ? null : without.replace(/\s+/g, " ").trim();
}

/**
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const q = analyzeQuery("RN jobs");
 * assert.deepEqual(q.termVariants, [["rn"], ["regist", "nurs"]]);
 * // "jobs" is the phrasing around the role, not the role (src/index/query_phrasing.ts).
 * assert.equal(q.embeddingText, "rn (registered nurse)");
 * ```
 */
export function analyzeQuery(typed: string): AnalyzedQuery {
  // "p/t" is part time (src/index/query_employment.ts), wherever in the query it is said.
  const asTyped = connectorsInEnglish(withTypesSpelledOut(typed));
  const plain = onSiteSaidPlainly(asTyped);
  if (plain === null) return analyzeWords(asTyped);
  // Beside the work, "in person" names nothing a title says: the work is read alone (keeping the
  // word "onsite" searched would leave out every posting that does not say it). With no work
  // named, or only other readings alone, it is how the work is done: "onsite", which the way of
  // working alone reads (src/index/query_work_mode.ts).
  const without = analyzeWords(plain);
  return namesNoWork(without) || typeAlone(without) !== null
    ? analyzeWords(`${plain} onsite`)
    : without;
}

/**
 * {@linkcode analyzeQuery} of words that say no "in person": a list of work before its last "or"
 * ("nurse, midwife or carer") read as alternatives, where it reads as such; the commas are gone
 * once the text is split into words, and "nurse midwife" was one alternative (reviewer R44).
 */
function analyzeWords(asTyped: string): AnalyzedQuery {
  const listed = asTyped.replace(/\s*[,;]\s*(?=[^,;]*\bor\b)/giu, " or ");
  if (listed !== asTyped) {
    const asList = analyzeText(listed);
    if ((asList.alternatives?.length ?? 0) > 2) return asList;
  }
  return analyzeText(asTyped);
}

/**
 * "... or anything", "... or something similar", "... and similar roles" at the end: the asking's,
 * naming no work (reviewer R44: "nurse or anything" listed 41 nurses, where "nurse" lists 104, and
 * "nurse or similar" searched "similar" as work).
 */
const OR_ANYTHING =
  /\s+(?:or|and)\s+(?:anything|something|whatever|similar|the like|related)(?:\s+(?:else|similar|related|really|like that|like it|roles?|jobs?|work|positions?))*[\s.!?]*$/iu;

/**
 * Whom an agent asks for, after the work ("taxi or chauffeur work for my user", "... for my client
 * who ..."): the asking's, as "my user wants" before the work is (reviewer W44: "for my user" was
 * searched as work).
 */
const FOR_WHOM =
  /\s+for\s+(?:my|the|our|this|a)\s+(?:user|client|candidate|applicant|jobseeker|job seeker|customer)\b/giu;

/** {@linkcode analyzeWords} of one text as it is. */
function analyzeText(text: string): AnalyzedQuery {
  const unasked = text.replace(FOR_WHOM, "");
  const asTyped = OR_ANYTHING.test(unasked) ? unasked.replace(OR_ANYTHING, "") : unasked;
  // Pay alone ("over 100k") is read too: it lists the postings that state it, which the number
  // searched as a word would not find (src/search/query_reading.ts, `paysAlone`).
  const salary = salaryIn(asTyped);
  // Good pay asked for without a figure ("well paid remote jobs"): the strong matches that state
  // the most pay first (src/index/query_pay.ts); the words are searched by neither side.
  // Not in a text pasted as the query: a CV's "lucrative enterprise deals" asks for nothing.
  const paid = splitWords(asTyped).length > MOST_READ_WORDS
    ? null
    : bestPaidIn(salary ? salary.rest : asTyped);
  const unpaid = paid?.rest ?? salary?.rest ?? asTyped;
  // When it was posted, likewise where words are left beside it ("today" alone stays words).
  // Beside pay, a day alone is read too ("over 100k this week": both are filters).
  const when = postedIn(unpaid, salary !== null);
  const posted = when && (splitWords(when.rest).length > 0 || salary) ? when : null;
  const afterPosted = posted ? posted.rest : unpaid;
  // A sponsored visa, anywhere in the words ("visa sponsorship software engineer", "nurse jobs
  // with visa sponsorship"): not a pasted CV's, which may say its holder needs none.
  const read = splitWords(afterPosted).length > MOST_READ_WORDS ? null : sponsorshipIn(afterPosted);
  // "no visa sponsorship needed" asks for nothing, and is no work: its words are searched by neither
  // side (reviewer R50c: "software engineer no visa sponsorship needed" had no strong match).
  const sponsored = read?.declined ? null : read;
  const beforeStudent = read ? read.rest : afterPosted;
  // "suitable for a university student" is "for a student" (`studentSaid`): a level.
  // "internship summer 2027": the year is the intake's (`withoutCohortYear`).
  const readWords = studentSaid(withoutCohortYear(splitWords(beforeStudent)));
  // "a recent computer science graduate": the graduate's "recent" names no work (reviewer R).
  const student = readWords.filter((_, at) => !recentGraduateAt(readWords, at));
  const typed = student.length < splitWords(beforeStudent).length
    ? student.join(" ")
    : beforeStudent;
  const typedWords = splitWords(typed);
  // The phrasing around the role ("I want to work as a", "... vacancies") is searched by neither
  // side (src/index/query_phrasing.ts).
  // "delivery guy" is the delivery driver (`workerOfField`): both sides search the title.
  // "life guard" is the lifeguard (`joinedCompounds`): titles write it whole.
  // What is not wanted, after the work ("hospital jobs that aren't nursing"), is searched by
  // neither side: searched, the unwanted work was what the search found first. Read as typed:
  // "help desk" is no "helpdesk" in the titles that write it apart.
  const unwanted = exclusionIn(roleWords(typedWords));
  // "something with animals", "a psychology degree" and "good with numbers" name their work by
  // what follows (`openWorkNamed`, `subjectOfDegree`, `ableWithNamed`), numbers by the work done
  // with them (`workDoneWithNamed`); a pasted CV's "BSc degree in ..." names no search.
  const asked = unwanted ? unwanted.rest : typedWords;
  const said = asked.length > MOST_READ_WORDS
    ? asked
    : subjectOfDegree(besideType(workDoneWithNamed, openWorkNamed(ableWithNamed(asked))));
  const named = joinedCompounds(workerOfField(said));
  const roleAsTyped = roleWords(named);
  // The language the work is done in, first or last ("german speaking customer support",
  // "software jobs that require no german"), decides the tiers, as the way of working does; read
  // before the clauses go, one of which may say it.
  const spoken = languageBeside(roleAsTyped);
  // "driving jobs" is the driver's work (`doerOfWork`): both sides search the doer; what is asked
  // of the job in a clause ("... jobs that use vue") neither side searches but its tools.
  // Either of two types ("part time or full time nurse") is no type asked: neither is searched.
  const roleAndTypes = withoutClause(doerOfWork(spoken ? roleWords(spoken.rest) : roleAsTyped));
  const eitherType = withoutEitherType(roleAndTypes) ?? roleAndTypes;
  // Either time of the day ("nurse days or nights") likewise.
  const roleOnly = withoutEitherTime(eitherType) ?? eitherType;
  // The employment type at an end is not the role: the encoder embeds the rest ("part time
  // barista": "barista"); the keyword side still searches every word.
  const employment = employmentIn(roleOnly.join(" "));
  const role = employment ? splitWords(employment.rest) : roleOnly;
  // A level beside the work ("entry level marketing", "part time junior barista") is searched by
  // the encoder with the work, not by the keyword side: there "entry level" made every "Entry-Level
  // QA Engineer" a match for marketing. The level decides the tiers instead (`seniorityBeside`).
  let beside = seniorityBeside(role, typedWords);
  // An internship asked for is an intern's post: "marketing intern" listed a Head of Marketing
  // first among its strong matches (zoo 7, session 43), the type being no filter. The keyword
  // side still searches the type's words, as for every type.
  const internship = !beside && employment?.type === "internship";
  if (internship) {
    beside = { matched: employment.matched, levels: ["intern"], ruledOut: ruledOutBy(["intern"]) };
  }
  // How the work is done beside it ("data analyst hybrid") decides the tiers too: searched as a
  // word, "hybrid" lifted a "Senior DevOps Engineer (Berlin, hybrid)" over the backend engineers
  // of "senior backend engineer berlin hybrid". Either may stand between the other and the work
  // ("senior hybrid python developer", "hybrid senior python developer").
  let modeBeside = workModeBeside(role);
  if (!modeBeside && beside) modeBeside = workModeBeside(without(role, beside.matched));
  if (!beside && modeBeside) {
    beside = seniorityBeside(without(role, modeBeside.matched), typedWords);
  }
  const words = without(
    without(roleOnly, internship ? undefined : beside?.matched),
    modeBeside?.matched,
  );
  const query = words.length === typedWords.length && roleOnly === roleAsTyped &&
      named === typedWords && !unwanted
    ? typed
    : words.join(" ");
  // The keyword side's terms: "it" the field read as titles index it (src/index/it_field.ts).
  const itField = namesItField(unwanted ? unwanted.rest.join(" ") : typed);
  const keywordTerms = (text: string) => tokenize(itAsTerm(text, itField));
  const variants: { terms: string[]; titleTerms: string[] }[] = [
    // "show me jobs", "what jobs are available": the asking alone names no job.
    { terms: asksOnly(typedWords) ? [] : keywordTerms(query), titleTerms: [] },
  ];
  const longOf = (word: string, at: number, of: readonly string[]) =>
    word === "admin"
      ? adminLong(of, at)
      : (word === "dev" || word === "devs") && (DEV_OPS.has(of[at + 1]) || of[at - 1] === "biz")
      ? undefined
      : ownValue(ABBREVIATIONS, word) ?? inContextLong(word, at, of) ?? englishOfJobName(word);
  const spelled = (word: string, at: number, of: readonly string[]) => {
    const long = longOf(word, at, of);
    return long ? `${word} (${long})` : word;
  };
  const embeddingWords = role.map((word, at) => spelled(word, at, role));
  // The work without when or how long it is done ("driving a van part time": "driving a van");
  // both sides still search the words as typed.
  // Nor its level: where no posting has every word, "junior copywriter" embedded whole met junior
  // developers before any writer (zoo 6); the level decides the tiers (`seniorityBeside`).
  const work = workWords(internship ? role : without(role, beside?.matched));
  const workText = work.length < role.length
    ? work.map((word, at) => spelled(word, at, work)).join(" ")
    : undefined;
  // When the work is done, of the words beside it: a posting whose title says the other side of
  // the day ("Care Assistant (Nights)" for "care assistant mornings") is a close match only
  // (src/index/job_index.ts). Not in a text pasted as the query.
  const timeOfDay = role.length > MOST_READ_WORDS
    ? undefined
    : timeOfDayIn(wordsBesideWork(role, work));
  // Neither in a text pasted as the query: its "office" or "admin" says nothing of the work's kind.
  const senses = role.length > MOST_READ_WORDS ? [] : sensesOfWords(work);
  const specialty = role.length > MOST_READ_WORDS ? undefined : specialtyOf(work);
  // The words as typed too, where they were read as others ("delivery boy": a posting says it;
  // "health care assistant": titles write it apart as often).
  // Not the words before the work was named by what followed: "something", "degree" name none.
  const typedSource = said === asked ? typedWords : said;
  const typedRoleWords = roleWords(typedSource);
  const typedRole = named === typedSource
    ? []
    : keywordTerms((exclusionIn(typedRoleWords)?.rest ?? typedRoleWords).join(" "));
  if (typedRole.length > 1) variants.push({ terms: typedRole, titleTerms: [] });
  for (const [at, word] of words.entries()) {
    const long = longOf(word, at, words);
    if (long) {
      const terms = keywordTerms(words.map((w) => (w === word ? long : w)).join(" "));
      // "admin" spelled out counts where the title says it: "office admin" as "office
      // administrative assistant" made every "Healthcare Assistant" a strong match by "assistant".
      const titleTerms = word === "admin" ? keywordTerms(long.split(" ")[0]) : [];
      variants.push({ terms, titleTerms });
    }
  }
  // Two names of the same work ("Maler und Lackierer": painter and painter) each spelled out alone
  // left the other's foreign word in every variant, which no title says: no strong match, where
  // "painter and decorator" has four (a person's trial, session 56). So also all of them at once.
  const longs = words.map((word, at) => longOf(word, at, words));
  if (longs.filter(Boolean).length > 1) {
    const spelledOut = words.flatMap((word, at) => (longs[at] ?? word).split(" "));
    // What each word's own variant asks of the title ("admin" spelled out counts where the title
    // says it, above) is asked of this one too (reviewer C57: "hr admin").
    const titleTerms = words.flatMap((word, at) =>
      word === "admin" && longs[at] ? keywordTerms(longs[at]!.split(" ")[0]) : []
    );
    variants.push({ terms: [...new Set(keywordTerms(spelledOut.join(" ")))], titleTerms });
  }
  const joined = ` ${words.join(" ")} `;
  for (const { short, long } of PHRASES) {
    if (long.includes(" ") && joined.includes(` ${long} `)) {
      variants.push({
        terms: keywordTerms(joined.replace(` ${long} `, ` ${short} `)),
        titleTerms: [],
      });
    }
  }
  for (const [start, length, others] of synonymsIn(words)) {
    for (const other of others) {
      const replaced = [...words.slice(0, start), ...other, ...words.slice(start + length)];
      variants.push({
        terms: keywordTerms(replaced.join(" ")),
        titleTerms: tokenize(other.join(" ")),
      });
    }
  }
  // The first of equal variants wins: the one with the fewest conditions comes first.
  const unique = new Map<string, { terms: string[]; titleTerms: string[] }>();
  for (const variant of variants) {
    const key = variant.terms.join(" ");
    if (variant.terms.length > 0 && !unique.has(key)) unique.set(key, variant);
  }
  const kept = unique.size > 0 ? [...unique.values()] : [variants[0]];
  const analyzed: AnalyzedQuery = {
    termVariants: kept.map((v) => v.terms),
    titleTerms: kept.map((v) => v.titleTerms),
    embeddingText: embeddingWords.join(" ") || query.toLowerCase().trim(),
    ...(workText ? { workText } : {}),
    ...(timeOfDay ? { timeOfDay } : {}),
    ...(senses.length > 0 ? { senses } : {}),
    ...(specialty ? { specialty } : {}),
    ...(beside ? { seniorityBeside: beside } : {}),
    ...(modeBeside ? { workModeBeside: modeBeside } : {}),
    ...(spoken ? { languageBeside: spoken.reading } : {}),
    ...(unwanted ? { exclusion: unwanted.exclusion } : {}),
    ...(employment ? { employment: { type: employment.type, matched: employment.matched } } : {}),
    ...(salary ? { salary: withoutRest(salary) } : {}),
    ...(paid ? { bestPaid: { matched: paid.matched } } : {}),
    ...(sponsored
      ? {
        sponsorship: {
          matched: sponsored.matched,
          ...(sponsored.where ? { where: sponsored.where } : {}),
        },
      }
      : {}),
    ...(posted
      ? {
        posted: {
          matched: posted.matched,
          ...(posted.days !== undefined ? { days: posted.days } : {}),
        },
      }
      : {}),
  };
  // The type said once is every alternative's ("nurse or midwife part time": a part-time nurse or
  // a part-time midwife), as the words of each one's own query: beside the last alone it was
  // asked of the last alone, and left out, of none (reviewer R44).
  const besideWork = [internship ? undefined : beside?.matched, modeBeside?.matched];
  const workAlone = besideWork.reduce((rest: string[], said) => without(rest, said), role);
  return withAlternatives(
    analyzed,
    unjoined(workAlone, typedWords),
    employment ? splitWords(employment.matched) : [],
  );
}

/**
 * `words` with each compound the reading joined ("care worker": "careworker", `joinedCompounds`)
 * as it was typed, so that an alternative read alone is read as its own query is (reviewer R44:
 * "care worker or support worker" lost the words "care worker" that "care worker" searches).
 */
function unjoined(words: readonly string[], typed: readonly string[]): string[] {
  return words.flatMap((word) => {
    if (typed.includes(word)) return [word];
    const at = typed.findIndex((first, k) => first + (typed[k + 1] ?? "") === word);
    return at >= 0 ? [typed[at], typed[at + 1]] : [word];
  });
}

/**
 * The alternatives a search scores `analyzed` as: each the work names ("nurse or midwife"), and
 * each one's English where it names a job in German or Dutch ("java ontwikkelaar or tester":
 * "java ontwikkelaar", "java developer", "tester"; reviewer C58: an alternative kept only its
 * German or Dutch text, which the English fix had mended for a work named alone).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const texts = (q: string) => searchedAlternatives(analyzeQuery(q)).map((a) => a.embeddingText);
 * assert.deepEqual(texts("java ontwikkelaar or tester"), [
 *   "java ontwikkelaar (developer)",
 *   "java developer",
 *   "tester",
 * ]);
 * assert.deepEqual(texts("ontwikkelaar"), ["ontwikkelaar (developer)", "developer"]);
 * assert.deepEqual(texts("nurse"), []);
 * ```
 */
export function searchedAlternatives(analyzed: AnalyzedQuery): AnalyzedQuery[] {
  return (analyzed.alternatives ?? []).flatMap((one) =>
    one.inEnglishToo && one.alternatives ? one.alternatives : [one]
  );
}

/**
 * `words` with each German or Dutch job name in English ("software ontwikkelaar": "software
 * developer"); null where none is.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(inEnglish(["software", "ontwikkelaar"]), ["software", "developer"]);
 * assert.deepEqual(inEnglish(["krankenschwester"]), ["nurse"]);
 * assert.equal(inEnglish(["software", "developer"]), null);
 * ```
 */
export function inEnglish(words: readonly string[]): string[] | null {
  const english = words.flatMap((word) => englishOfJobName(word)?.split(" ") ?? [word]);
  return english.join(" ") === words.join(" ") ? null : english;
}

/**
 * `analyzed` searching each alternative the work's `words` name (`alternativesOf`: "nurse or
 * midwife") as if asked alone: the keyword side's variants of each, and each one's text for the
 * encoder (`AnalyzedQuery.alternatives`), each with the type's words (`typeWords`) after it. The
 * readings beside the work (a level, a way of working, a place) stay the whole query's. `analyzed` as it is where an alternative names no work of its own
 * ("part time or full time nurse" is one nurse's work at either type).
 */
function withAlternatives(
  analyzed: AnalyzedQuery,
  words: readonly string[],
  typeWords: readonly string[],
): AnalyzedQuery {
  const groups = alternativesOf(words);
  const english = groups === null ? inEnglish(words) : null;
  if (groups === null && english === null) return analyzed;
  // A job named in German or Dutch is searched as typed and in English ("software ontwikkelaar":
  // "software developer"), each as a query of its own: embedded with the foreign word beside its
  // English, the text was far from the English titles of the place's postings ("software
  // ontwikkelaar Utrecht" had no strong match where "software developer Utrecht" has 7: a person's
  // trial, session 57). The words as typed are this analysis, which reads no English again.
  const each = groups?.map((group) => analyzeWords([...group, ...typeWords].join(" "))) ??
    [analyzed, analyzeWords([...english!, ...typeWords].join(" "))];
  if (each.some((one) => namesNoWork(one) || typeAlone(one) !== null)) return analyzed;
  const unique = new Map<string, string[]>();
  for (const one of each) {
    one.termVariants.forEach((terms, k) => {
      const key = terms.join(" ");
      if (!unique.has(key)) unique.set(key, one.titleTerms[k]);
    });
  }
  const whole: AnalyzedQuery = {
    ...analyzed,
    termVariants: [...unique.keys()].map((key) => key.split(" ")),
    titleTerms: [...unique.values()],
    alternatives: each,
    ...(groups === null ? { inEnglishToo: true as const } : {}),
  };
  // A specialty is one work's: "cashier or nurse" names none; a work and its English are one.
  if (groups !== null) delete whole.specialty;
  return whole;
}

/**
 * `name` applied to `words` without an employment type at either end ("good with numbers part
 * time", "part time jobs helping people"), the type put back where it was, so that what the words
 * name is read beside a type as alone (session 49); `words` where `name` reads nothing.
 */
function besideType(name: (words: string[]) => string[], words: string[]): string[] {
  const employment = employmentIn(words.join(" "));
  if (!employment) return name(words);
  const rest = splitWords(employment.rest);
  const named = name(rest);
  if (named === rest) return words;
  const typeAtEnd = rest.every((word, k) => words[k] === word);
  return typeAtEnd
    ? [...named, ...words.slice(rest.length)]
    : [...words.slice(0, words.length - rest.length), ...named];
}

/**
 * `words` without what was read beside the work (`said`: a level, `seniorityBeside`, or how the
 * work is done, `workModeBeside`; at the start or end of the work, which an employment type or
 * "hiring" may stand before), its first place.
 */
function without(words: string[], said: string | undefined): string[] {
  if (said === undefined) return words;
  const phrase = said.split(" ");
  if (words.length <= phrase.length) return words;
  for (let from = 0; from + phrase.length <= words.length; from++) {
    if (phrase.every((word, k) => words[from + k] === word)) {
      return [...words.slice(0, from), ...words.slice(from + phrase.length)];
    }
  }
  return words;
}

/**
 * Whether the query's words name no job: only the phrasing around one ("jobs", "find me a job",
 * "vacancies"), which neither side searches. Such a query lists nothing, or with a place every
 * posting there (src/index/job_index.ts).
 */
export function namesNoWork(query: AnalyzedQuery): boolean {
  return query.termVariants.every((terms) => terms.length === 0);
}

/** What a query naming no job reads as: a type, hours, a level, a way of working, a language, or several. */
type AloneParts = Pick<
  AnalyzedQuery,
  "employment" | "shift" | "seniority" | "workMode" | "language"
>;

/** Each kind of reading said alone, in the order one that reads the whole text is preferred. */
const ALONE_KINDS: readonly ((text: string) => AloneParts | null)[] = [
  (text) => {
    const seniority = seniorityAlone(text);
    return seniority ? { seniority } : null;
  },
  (text) => {
    const workMode = workModeAlone(text);
    return workMode ? { workMode } : null;
  },
  (text) => {
    const type = employmentAlone(text);
    return type ? { employment: { type: type.type, matched: type.matched } } : null;
  },
  (text) => {
    const shift = shiftAlone(text);
    return shift ? { shift } : null;
  },
  (text) => {
    const language = languageAlone(text);
    return language ? { language } : null;
  },
];

/** Words for a job as such between two readings ("remote jobs no experience"). */
const BETWEEN_READINGS = new Set(["jobs", "job", "roles", "role", "work", "positions", "and"]);

/** Longer queries are never read as several readings alone (each a few words). */
const MOST_WORDS_ALONE = 12;

/**
 * `words[from..]` as readings of distinct kinds one after another, none of a kind in `taken`:
 * "entry level hybrid" as a level and a way of working, "part time evening" as a type and hours;
 * null where a word is of none.
 */
function splitAlone(words: readonly string[], from: number, taken: AloneParts): AloneParts | null {
  if (from === words.length) return {};
  if (BETWEEN_READINGS.has(words[from])) return splitAlone(words, from + 1, taken);
  for (let end = words.length; end > from; end--) {
    const span = words.slice(from, end).join(" ");
    for (const kind of ALONE_KINDS) {
      const part = kind(span);
      if (part === null || Object.keys(part).some((key) => key in taken)) continue;
      const rest = splitAlone(words, end, { ...taken, ...part });
      if (rest !== null) return { ...part, ...rest };
    }
  }
  return null;
}

/**
 * What `text` reads as alone: one kind that reads it whole ("part time jobs"), else several kinds
 * one after another ("entry level hybrid jobs", "night shift part time"), each at most once;
 * `employment` where the query read a type beside the rest already ("part-time evening jobs").
 */
function partsAlone(text: string, employment?: AnalyzedQuery["employment"]): AloneParts | null {
  if (!employment) {
    for (const kind of ALONE_KINDS) {
      const whole = kind(text);
      if (whole) return whole;
    }
  }
  const words = splitWords(text);
  if (words.length > MOST_WORDS_ALONE) return null;
  const taken: AloneParts = employment ? { employment } : {};
  const parts = splitAlone(words, 0, taken);
  // A type read before needs one more reading or nothing but words for a job as such: "part time
  // nurse" names a job, "contract work" none.
  if (parts === null || Object.keys({ ...taken, ...parts }).length === 0) return null;
  return { ...taken, ...parts };
}

/**
 * The query read as an employment type, hours, a seniority or how the work is done and nothing
 * else ("part time jobs", "contract work", "night shift jobs", "entry level jobs", "hybrid jobs"),
 * or as several of them ("entry level hybrid jobs", "part-time evening jobs": a posting must be all
 * of them to be a strong match; src/index/query_employment.ts, query_shift.ts, query_seniority.ts,
 * query_work_mode.ts): its words then name no job (`namesNoWork`) and `employment`, `shift`,
 * `seniority` and `workMode` hold what they name, which a search lists the postings by (at a place
 * the words name, that place's; src/index/job_index.ts); null where the words name more, or none.
 */
export function typeAlone(query: AnalyzedQuery): AnalyzedQuery | null {
  if (namesNoWork(query)) return null;
  const parts = partsAlone(query.embeddingText, query.employment);
  if (parts === null) return null;
  return {
    termVariants: [[]],
    titleTerms: [[]],
    embeddingText: query.embeddingText,
    ...parts,
    // The language said beside what is read alone ("part-time jobs for a student, no Dutch
    // required": reviewer W found it dropped without a word).
    ...(query.languageBeside && !parts.language ? { language: query.languageBeside } : {}),
    ...(query.salary ? { salary: query.salary } : {}),
    ...(query.bestPaid ? { bestPaid: query.bestPaid } : {}),
    ...(query.posted ? { posted: query.posted } : {}),
    ...(query.sponsorship ? { sponsorship: query.sponsorship } : {}),
  };
}

/** The pay read, without the query left once it is taken out (which the analysis keeps apart). */
function withoutRest({ rest: _rest, ...pay }: QuerySalary): Omit<QuerySalary, "rest"> {
  return pay;
}

/** The words of `role` that `work` (some of them, in order) leaves out, each as often as left. */
function wordsBesideWork(role: readonly string[], work: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const word of work) left.set(word, (left.get(word) ?? 0) + 1);
  return role.filter((word) => {
    const n = left.get(word) ?? 0;
    if (n > 0) left.set(word, n - 1);
    return n === 0;
  });
}
