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
 * "AI" and "IT" (the encoder knows them).
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
  // Education.
  SEN: "Special Educational Needs",
  LSA: "Learning Support Assistant",
  NQT: "Newly Qualified Teacher",
  ECT: "Early Career Teacher",
  // Transport.
  HGV: "Heavy Goods Vehicle",
  LGV: "Large Goods Vehicle",
  CDL: "Commercial Driver's License",
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
  SDR: "Sales Development Representative",
  BDM: "Business Development Manager",
  AE: "Account Executive",
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
};
