/**
 * A second judged query set, on the bundled postings (fixtures/jobs.jsonl, what a new install
 * searches first). `generatePostings()` (fixtures/generate.ts) knows the occupation each posting
 * was generated from, so relevance is judged by occupation, not by title: a posting is relevant
 * whatever its title says. The queries were written as a person would type them, from the list
 * of occupation keys alone, before looking at the generated titles; they are a held-out check for
 * the parameters tuned on the real-data set (bench/judged_queries.ts).
 *
 * Grade 2 = the occupation asked for; grade 1 = a neighbouring occupation a person would accept on
 * the page but not want first; every other occupation is grade 0.
 *
 * @module
 */

export interface OccupationJudgedQuery {
  q: string;
  /** Occupation keys (fixtures/occupations.ts) that are what was asked for. */
  relevant: string[];
  /** Occupation keys that are acceptable neighbours. */
  partial?: string[];
}

/** The grade of a posting of `occupation` for a judged query: 2 relevant, 1 acceptable, 0 not. */
export function gradeOccupation(query: OccupationJudgedQuery, occupation: string): 0 | 1 | 2 {
  if (query.relevant.includes(occupation)) return 2;
  return query.partial?.includes(occupation) ? 1 : 0;
}

const DEVELOPERS = ["software_engineer", "frontend_developer", "mobile_developer"];

export const FIXTURE_JUDGED_QUERIES: OccupationJudgedQuery[] = [
  {
    q: "accountant",
    relevant: ["accountant"],
    partial: ["bookkeeper", "financial_analyst"],
  },
  {
    q: "computer programmer",
    relevant: DEVELOPERS,
    partial: ["devops_engineer", "data_engineer", "ml_engineer", "qa_engineer"],
  },
  {
    // Same trade, other stack: a Python developer accepts other developer postings further down.
    q: "python backend developer",
    relevant: ["software_engineer", "data_engineer"],
    partial: ["frontend_developer", "mobile_developer", "ml_engineer", "devops_engineer"],
  },
  {
    q: "software engineer",
    relevant: ["software_engineer"],
    partial: [
      "frontend_developer",
      "mobile_developer",
      "devops_engineer",
      "data_engineer",
      "ml_engineer",
      "qa_engineer",
    ],
  },
  {
    q: "data scientist",
    relevant: ["data_scientist"],
    partial: ["ml_engineer", "data_analyst", "research_scientist"],
  },
  {
    q: "machine learning",
    relevant: ["ml_engineer"],
    partial: ["data_scientist", "research_scientist"],
  },
  {
    q: "IT helpdesk",
    relevant: ["it_support"],
    partial: ["systems_administrator"],
  },
  {
    q: "cyber security",
    relevant: ["cybersecurity_analyst"],
    partial: ["systems_administrator"],
  },
  {
    q: "teacher",
    relevant: ["teacher"],
    partial: ["tutor"],
  },
  {
    q: "nurse",
    relevant: ["registered_nurse"],
    partial: ["nursing_assistant", "medical_assistant"],
  },
  {
    q: "caregiver",
    relevant: ["nursing_assistant"],
    partial: ["registered_nurse", "social_worker"],
  },
  {
    q: "doctor",
    relevant: ["physician"],
  },
  {
    q: "physical therapist",
    relevant: ["physiotherapist"],
  },
  {
    q: "pharmacist",
    relevant: ["pharmacist"],
  },
  {
    q: "electrician",
    relevant: ["electrician"],
    partial: ["maintenance_technician", "hvac_technician"],
  },
  {
    q: "plumber",
    relevant: ["plumber"],
    partial: ["hvac_technician"],
  },
  {
    q: "welding",
    relevant: ["welder"],
    partial: ["cnc_machinist"],
  },
  {
    q: "truck driver",
    relevant: ["truck_driver"],
    partial: ["forklift_operator"],
  },
  {
    q: "warehouse work",
    relevant: ["warehouse_associate", "forklift_operator"],
    partial: ["logistics_coordinator"],
  },
  {
    q: "factory worker",
    relevant: ["production_operator"],
    partial: ["cnc_machinist", "quality_inspector", "warehouse_associate"],
  },
  {
    q: "construction worker",
    relevant: ["construction_laborer"],
    partial: ["carpenter", "construction_manager"],
  },
  {
    q: "bookkeeping",
    relevant: ["bookkeeper"],
    partial: ["accountant"],
  },
  {
    q: "lawyer",
    relevant: ["lawyer"],
    partial: ["paralegal"],
  },
  {
    q: "waitress",
    relevant: ["restaurant_server"],
    partial: ["barista"],
  },
  {
    q: "hotel receptionist",
    relevant: ["hotel_front_desk"],
    partial: ["administrative_assistant", "housekeeper"],
  },
  {
    q: "cashier",
    relevant: ["retail_associate"],
    partial: ["barista"],
  },
  {
    q: "sales",
    relevant: ["sales_representative"],
    partial: ["retail_associate", "customer_success"],
  },
  {
    q: "marketing manager",
    relevant: ["marketing_specialist"],
    partial: ["content_writer"],
  },
  {
    q: "recruiter",
    relevant: ["recruiter"],
    partial: ["hr_generalist"],
  },
  {
    q: "graphic designer",
    relevant: ["graphic_designer"],
    partial: ["ux_designer"],
  },
  {
    q: "call center",
    relevant: ["customer_service"],
    partial: ["customer_success"],
  },
  {
    q: "police",
    relevant: ["police_officer"],
    partial: ["security_officer"],
  },
  {
    q: "security guard",
    relevant: ["security_officer"],
    partial: ["police_officer"],
  },
  {
    q: "project manager",
    relevant: ["project_manager"],
    partial: ["product_manager", "construction_manager"],
  },
  {
    q: "lab technician",
    relevant: ["lab_technician"],
    partial: ["research_scientist", "quality_inspector"],
  },
  {
    q: "social worker",
    relevant: ["social_worker"],
  },
];
