/**
 * A small judged query set for tuning and reporting search quality on the real postings in
 * ../shared/data/jobspy. The queries were written first, as a person would type them, without
 * looking at the postings' wording; the judgements are rules over job titles (a title is all that
 * every posting has), checked by hand against the matching and the near-miss titles.
 *
 * Grade 2 = what the person asked for; grade 1 = a neighbouring occupation a person would accept
 * on the page but not want first. Everything else is grade 0.
 *
 * @module
 */

export interface JudgedQuery {
  q: string;
  /** Titles that are exactly what was asked for. */
  relevant: RegExp;
  /** Titles that are close enough to be acceptable (grade 1). */
  partial?: RegExp;
  /** Titles that match `relevant` but are only a neighbour of what was asked for (grade 1). */
  demote?: RegExp;
  /** Titles that match `relevant`/`partial` by accident and are not what was asked for. */
  exclude?: RegExp;
}

const DEV = String
  .raw`(develop|programm|entwickler|software[- ]?engineer|coder|full[- ]?stack|back[- ]?end|front[- ]?end|web engineer|application engineer|app engineer)`;

/** The grade of a title for a judged query: 2 relevant, 1 acceptable, 0 not relevant. */
export function gradeTitle(query: JudgedQuery, title: string): 0 | 1 | 2 {
  if (query.exclude?.test(title)) return 0;
  if (query.relevant.test(title)) return query.demote?.test(title) ? 1 : 2;
  return query.partial?.test(title) ? 1 : 0;
}

export const JUDGED_QUERIES: JudgedQuery[] = [
  {
    q: "computer programmer",
    relevant: new RegExp(DEV, "i"),
    partial: /\b(engineer|devops|sre|site reliability)\b/i,
    exclude: /business develop|sales|account|AI Trainer|develop(ment)? (manager|representative)/i,
  },
  {
    q: "RN jobs",
    relevant: /registered nurse|\bRN\b|\bR\.N\.|nurse practitioner/i,
    partial: /nurs/i,
  },
  {
    q: "nursing",
    relevant: /nurs/i,
    demote: /veterinary/i,
    partial: /\b(HCA|care assistant|health ?care assistant|caregiver|carer|CNA|patient care)\b/i,
  },
  {
    q: "truck driver",
    relevant:
      /(truck|lorry|HGV|CDL|\bAZ\b|delivery|van|class a)[^,]*driver|driver[^,]*(truck|CDL|HGV|class)|trucker/i,
    partial: /driver|courier|chauffeur/i,
    exclude: /device driver|driver develop|software/i,
  },
  {
    q: "warehouse work",
    relevant:
      /warehouse|picker|packer|forklift|material handler|order selector|stocker|lagermitarbeiter|logistikmitarbeiter/i,
    partial: /logistic|inventory|shipping|receiving|distribution/i,
    exclude: /data warehouse|engineer|analyst|develop/i,
  },
  {
    q: "security guard",
    relevant: /security (guard|officer)|patrol|guard\b/i,
    partial: /security (supervisor|manager)|loss prevention/i,
    exclude: /cyber|information security|it security|security (engineer|analyst|architect)/i,
  },
  {
    q: "teacher",
    relevant: /teacher|\btutor|lehrer|lecturer|educator|instructor|faculty/i,
    partial: /teaching|\bRECE\b|early childhood|education/i,
  },
  {
    q: "data analyst",
    relevant:
      /data analyst|analytics analyst|business intelligence|\bBI\b|reporting analyst|data & business|insights analyst/i,
    partial: /analyst|data scien|analytics/i,
    exclude: /security analyst|soc analyst/i,
  },
  {
    q: "machine learning engineer",
    relevant:
      /machine learning|\bML\b|\bMLOps\b|deep learning|\bAI engineer|\bAI[/ ]ML|data scientist|computer vision|\bNLP\b|\bLLM/i,
    partial: /\bAI\b|data scien|artificial intelligence|KI\b/i,
    exclude: /AI Trainer|trainer/i,
  },
  {
    q: "devops",
    relevant:
      /dev ?ops|site reliability|\bSRE\b|platform engineer|infrastructure engineer|cloud engineer/i,
    partial:
      /cloud|kubernetes|infrastructure|system(s)? engineer|systems? administrator|build|release|automation engineer/i,
    demote: /manager/i,
  },
  {
    q: "chef",
    relevant: /\bchef|\bcook\b|\bkoch\b/i,
    demote: /instructor/i,
    partial: /kitchen|culinary|catering|food prep/i,
  },
  {
    q: "restaurant waiter",
    relevant:
      /waiter|waitress|\bserver\b|waiting staff|bartender|barista|food (and|&) beverage|host(ess)?\b|kellner/i,
    partial: /restaurant|hospitality|front of house|food service|catering/i,
    exclude: /engineer|develop|administrator|sql server|windows server/i,
  },
  {
    q: "customer service representative",
    relevant:
      /customer (service|support|care|success|experience)|call cent(er|re)|contact cent(er|re)|help ?desk|service desk|client services/i,
    partial:
      /support (agent|specialist|associate|representative)|reception|front desk|sales associate/i,
    exclude: /engineer|develop/i,
  },
  {
    q: "accountant",
    relevant:
      /account(ant|ing)|bookkeep|buchhalt|tax (manager|associate|accountant)|controller|payroll/i,
    partial: /financ|FP&A|auditor/i,
    exclude: /account (manager|executive|director)|key account|engineer|develop|quality/i,
  },
  {
    q: "sales jobs",
    relevant: /sales|account executive|business development|vertrieb|account manager/i,
    partial: /retail|store associate|customer|commercial/i,
    exclude: /salesforce|engineer|develop|data scien|analyst/i,
  },
  {
    q: "react frontend developer",
    relevant: /front[- ]?end|react|\bUI\b|angular|vue|javascript|typescript/i,
    partial: /full[- ]?stack|web develop|web engineer/i,
    exclude: /react(or|ive)/i,
  },
  {
    q: "java developer",
    relevant: /\bjava\b/i,
    partial: /kotlin|spring|\bJVM\b|scala|back[- ]?end/i,
  },
  {
    q: "project manager",
    relevant:
      /project (manager|lead|leader|coordinator)|program(me)? manager|projektleiter|projektmanager|scrum master|delivery manager/i,
    partial: /product (manager|owner)|project|PMO/i,
  },
  {
    q: "care worker for elderly people",
    relevant:
      /care (assistant|worker|giver|aide)|caregiver|carer|support worker|home care|\bHCA\b|\bHHA\b|\bPCA\b|\bCNA\b|health ?care assistant|personal care|residential|nursing assistant|home health/i,
    partial: /\bcare\b|nurs|dementia|aged care|senior living/i,
    demote: /child|youth/i,
    exclude: /engineer|develop|customer care|data/i,
  },
  {
    q: "receptionist",
    relevant: /reception|front (desk|office)|concierge/i,
    partial:
      /administrative assistant|office assistant|admin assistant|secretary|office administrator|greeter/i,
    exclude: /engineer|develop/i,
  },
  {
    q: "human resources",
    relevant:
      /(?<![\/\d]\s?)\bHR\b|human resources|recruit|talent acquisition|people (partner|operations|manager)|personal(referent|sachbearbeiter)/i,
    partial: /payroll|talent|people|learning and development|training coordinator/i,
    exclude: /engineer|develop/i,
  },
  {
    q: "cleaner",
    relevant: /clean|janitor|housekeep|custodian|reinigung/i,
    partial: /porter|domestic|environmental services|facilities assistant/i,
    exclude: /data clean/i,
  },
  {
    q: "electrician",
    relevant: /electrician|elektriker|elektroniker|electrical (technician|installer|fitter)/i,
    partial: /electrical|maintenance technician|multi[- ]?trade|tradesman|handyman/i,
  },
  {
    q: "doctor",
    relevant:
      /physician|doctor|\bMD\b|radiologist|psychiatrist|surgeon|\bGP\b|general practitioner|hospitalist|anesthesiologist|pediatrician|arzt|ärztin|medical officer|dentist/i,
    partial: /nurse practitioner|clinician|medical|veterinar/i,
    demote: /physician assistant|veterinar/i,
    exclude: /post-?doc|engineer|develop/i,
  },
  {
    q: "summer camp job",
    relevant: /\bcamps?\b/i,
    partial: /summer|recreation|counsell?or|swim|lifeguard|youth|program assistant/i,
  },
  {
    q: "lifeguard",
    relevant: /lifeguard|swim/i,
    partial: /aquatic|recreation/i,
    exclude: /technician/i,
  },
  {
    q: "marketing",
    relevant:
      /marketing|social media|\bbrand\b|seo\b|content (manager|strategist|creator|writer)|campaign/i,
    partial: /public relations|\bPR\b|media|advertising|communications|growth/i,
    exclude: /engineer|develop|entwickler/i,
  },
  {
    q: "cyber security analyst",
    relevant:
      /cyber|information security|infosec|it[- ]security|security (engineer|analyst|architect|consultant|specialist|operations)|\bSOC\b|penetration|pentest|informationssicherheit/i,
    partial: /security|compliance|risk|identity|\bIAM\b/i,
    exclude: /security (guard|officer)|safety/i,
  },
  {
    q: "database administrator",
    relevant: /database|\bDBA\b|datenbank|data ?base/i,
    partial:
      /\bSQL\b|postgres|oracle|mongodb|data engineer|system administrator|systems administrator|data platform/i,
  },
  {
    q: "python developer",
    relevant: /python|django|flask|fastapi/i,
    partial: /back[- ]?end|data engineer|software (engineer|developer)/i,
  },
  {
    q: "pharmacy",
    relevant: /pharmac|apothek|dispens/i,
    partial: /medication|drug/i,
  },
  {
    q: "internship for students",
    relevant:
      /intern\b|internship|werkstudent|working student|praktik|student|trainee|co-?op\b|graduate|apprentice|ausbildung/i,
    partial: /junior|entry level|entry-level|\bjr\b/i,
    exclude: /internal|international/i,
  },
  {
    q: "cloud architect",
    relevant: /cloud|aws|azure|\bgcp\b|google cloud/i,
    partial: /architect|devops|platform|infrastructure/i,
  },
  {
    q: "mobile app developer",
    relevant:
      /mobile|\bios\b|android|flutter|react native|swift|kotlin|\bapp (developer|entwickler)/i,
    partial: /front[- ]?end|full[- ]?stack|software (engineer|developer)/i,
  },
  {
    q: "software tester",
    relevant: /\bQA\b|\btest|quality assurance|\bSDET\b|qualitätssicherung|tester/i,
    partial: /quality|validation|verification/i,
    exclude: /testament|contest|latest/i,
  },
  {
    q: "mechanic",
    relevant:
      /\bmechanics?\b|mechaniker|mechatroniker|(diesel|automotive|auto|vehicle|maintenance) tech/i,
    partial:
      /(maintenance|service|field|automotive|vehicle|hgv|trailer|tyre|tire) (technician|engineer|fitter)|fitter|repair/i,
    exclude: /software|develop|data|it support|help ?desk|pharmacy|laboratory|lab tech/i,
  },
];
