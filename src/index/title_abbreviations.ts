/**
 * Abbreviations job titles use for the role ("RN - Med/Surg", "HGV Class 1 Driver", "Sr. Mgr,
 * Ops", "Vet Tech"), written out, so that the sentence encoder and the keyword side read the role
 * the title names: all-MiniLM-L6-v2 puts "rn" nowhere near "nurse", and a search for "nurse" has
 * no word of "RN - Med/Surg" (docs/search.md, "(session 20, 2026-11-29)").
 *
 * The table was written from general knowledge of job titles before any search with it was run
 * (no entry for a query of the judged sets), then each entry checked against the real postings'
 * titles for other meanings. Left out for them: "PM" (project or product manager, or the
 * afternoon), "PA" (a US state, a physician or a personal assistant), "PT" (part time or a
 * physical therapist), "OT" (overtime, operational technology or an occupational therapist), "TA"
 * (talent acquisition or a teaching assistant), "MA"/"MT" (US states), "CS", "CAD" (a currency),
 * "AI" and "IT" (the encoder knows them). Dropped after the check: "SDR" (a sales development
 * representative, but "SDR Waveforms" is a software-defined radio), "AE" (an account executive,
 * or a country code). Read by context: "Dev" (development before a word, developer at the end,
 * never in "Dev Ops"), "Ops" (never after "Dev"), "Admin" (administrative before an assistant,
 * officer, ..., else administrator), "Tech" only in "Tech Lead" (a technical lead; elsewhere it
 * is a technician, technical or technology: "Field Tech", "Revenue Tech", "Legal AI Tech").
 *
 * @module
 */

/**
 * Acronyms, matched as whole words in capitals only: "RN" is a registered nurse, "rn" in running
 * text may be anything.
 */
const ACRONYMS: Readonly<Record<string, string>> = {
  // Health and care.
  RN: "Registered Nurse",
  RGN: "Registered General Nurse",
  RMN: "Registered Mental Health Nurse",
  LPN: "Licensed Practical Nurse",
  LVN: "Licensed Vocational Nurse",
  CNA: "Certified Nursing Assistant",
  HCA: "Healthcare Assistant",
  NP: "Nurse Practitioner",
  CRNA: "Certified Registered Nurse Anesthetist",
  EMT: "Emergency Medical Technician",
  GP: "General Practitioner",
  ODP: "Operating Department Practitioner",
  MLT: "Medical Laboratory Technician",
  CMA: "Certified Medical Assistant",
  HCSW: "Healthcare Support Worker",
  RMO: "Resident Medical Officer",
  // Education.
  SEN: "Special Educational Needs",
  LSA: "Learning Support Assistant",
  NQT: "Newly Qualified Teacher",
  ECT: "Early Career Teacher",
  // Transport.
  HGV: "Heavy Goods Vehicle",
  LGV: "Large Goods Vehicle",
  CDL: "Commercial Driver's License",
  PCV: "Passenger Carrying Vehicle",
  FLT: "Forklift",
  // Software and data.
  SWE: "Software Engineer",
  SDE: "Software Development Engineer",
  SRE: "Site Reliability Engineer",
  QA: "Quality Assurance",
  QC: "Quality Control",
  UX: "User Experience",
  UI: "User Interface",
  BI: "Business Intelligence",
  ML: "Machine Learning",
  DBA: "Database Administrator",
  // Business.
  HR: "Human Resources",
  CSR: "Customer Service Representative",
  BDR: "Business Development Representative",
  BDM: "Business Development Manager",
  VP: "Vice President",
  GM: "General Manager",
  CEO: "Chief Executive Officer",
  CFO: "Chief Financial Officer",
  CTO: "Chief Technology Officer",
  COO: "Chief Operating Officer",
  CPA: "Certified Public Accountant",
  PMO: "Project Management Office",
  // Hospitality and trades.
  FOH: "Front of House",
  BOH: "Back of House",
  KP: "Kitchen Porter",
  HVAC: "Heating, Ventilation and Air Conditioning",
};

/** Shortened words, matched as whole words in any case, with or without a full stop. */
const SHORT_WORDS: Readonly<Record<string, string>> = {
  sr: "Senior",
  snr: "Senior",
  jr: "Junior",
  jnr: "Junior",
  mgr: "Manager",
  asst: "Assistant",
  assoc: "Associate",
  engr: "Engineer",
  exec: "Executive",
  ops: "Operations",
  coord: "Coordinator",
  rep: "Representative",
  supv: "Supervisor",
  supvr: "Supervisor",
  dir: "Director",
  mgmt: "Management",
  maint: "Maintenance",
  tchr: "Teacher",
  eng: "Engineer",
};

const ACRONYM = new RegExp(
  `(?<![\\p{L}\\p{N}&.'])(${Object.keys(ACRONYMS).join("|")})(?![\\p{L}\\p{N}&'])`,
  "gu",
);
const SHORT_WORD = new RegExp(
  `(?<![\\p{L}\\p{N}&.'-])(?<!\\bdev\\.?[\\s/]*)(${
    Object.keys(SHORT_WORDS).join("|")
  })\\.?(?![\\p{L}\\p{N}&'-])`,
  "giu",
);
/** "Dev" not in "Dev Ops"/"Dev/Ops": development before a word, developer at the end. */
const DEV = /(?<![\p{L}\p{N}&.'-])dev\.?(?![\p{L}\p{N}&'-])(?![\s/]*ops\b)/giu;
const BEFORE_WORD = /^\s+\p{L}/u;
const ADMINISTRATIVE =
  /^\s+(?:assistant|officer|support|clerk|coordinator|executive|team|role|manager)\b/iu;
const ADMIN = /(?<![\p{L}\p{N}&.'-])admin\.?(?![\p{L}\p{N}&'-])/giu;
const TECH_LEAD = /(?<![\p{L}\p{N}&.'-])tech(\s+)lead\b/giu;

/** What follows a match of a `replace` callback's arguments (match, offset, whole string). */
function after(m: unknown[]): string {
  const [match, offset, whole] = m as [string, number, string];
  return whole.slice(offset + match.length);
}

function devWord(m: unknown[]): string {
  return BEFORE_WORD.test(after(m)) ? "Development" : "Developer";
}

function adminWord(m: unknown[]): string {
  return ADMINISTRATIVE.test(after(m)) ? "Administrative" : "Administrator";
}

/**
 * The title with its abbreviations written out ("RN - Med/Surg" → "Registered Nurse - Med/Surg",
 * "Sr. Software Dev Engineer" → "Senior Software Development Engineer"); every other character as
 * it was.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(writtenOut("RN - Med/Surg"), "Registered Nurse - Med/Surg");
 * assert.equal(writtenOut("HGV Class 1 Driver"), "Heavy Goods Vehicle Class 1 Driver");
 * assert.equal(writtenOut("Sr. Mgr, Ops"), "Senior Manager, Operations");
 * assert.equal(writtenOut("Dev Ops Engineer"), "Dev Ops Engineer");
 * assert.equal(writtenOut("Shift starts 7pm"), "Shift starts 7pm");
 * ```
 */
export function writtenOut(title: string): string {
  return title
    .replace(ACRONYM, (_, acronym: string) => ACRONYMS[acronym])
    .replace(DEV, (...m) => devWord(m))
    .replace(ADMIN, (...m) => adminWord(m))
    .replace(TECH_LEAD, (_, space: string) => `Technical${space}Lead`)
    .replace(SHORT_WORD, (_, word: string) => SHORT_WORDS[word.toLowerCase()]);
}

/**
 * The words a title's abbreviations stand for, for the keyword side to read beside the title as
 * written (so that "nurse" finds "RN - Med/Surg" and "rn" still does): empty when it has none.
 */
export function writtenOutWords(title: string): string {
  const words: string[] = [];
  const collect = (text: string) => {
    words.push(text);
    return text;
  };
  title
    .replace(ACRONYM, (_, acronym: string) => collect(ACRONYMS[acronym]))
    .replace(DEV, (...m) => collect(devWord(m)))
    .replace(ADMIN, (...m) => collect(adminWord(m)))
    .replace(TECH_LEAD, () => collect("Technical"))
    .replace(SHORT_WORD, (_, word: string) => collect(SHORT_WORDS[word.toLowerCase()]));
  return words.join(" ");
}
