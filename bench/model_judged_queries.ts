/**
 * A larger judged query set for the real postings in ../shared/data/jobspy, written 2026-11-22 to
 * measure (and tune) search relevance across many occupations, not only the IT ones that
 * dominate the data.
 *
 * How it was written: the queries were written first, as a person would type them, before any
 * search result was looked at (no search service, bench or jobseek code was run). The title rules
 * were then written and checked against the data's distinct job titles only (with a small script
 * over the CSV files): each rule was read against the titles it catches and against the near-miss
 * titles it must not catch. The count in the comment next to each query is the number of postings
 * (rows, over all CSV files) whose title is grade 2, and how many distinct titles they have.
 *
 * Two kinds of query, half each:
 * - "paraphrase": names the occupation in a person's everyday words, which are NOT the words the
 *   postings' titles use ("till operator" for cashier postings, "sparky" for electrician). Every
 *   paraphrase query has at least one grade-2 posting in the data.
 * - "keyword": uses words the titles do use ("certified nursing assistant", "data engineer").
 *
 * Grade 2 = what the person asked for; grade 1 = a neighbouring occupation a person would accept
 * on the page but not want first (`partial`, or a `relevant` title caught by `demote`). Everything
 * else is grade 0; `exclude` removes titles that match by accident. See `gradeTitle()` in
 * ./judged_queries.ts. None of these queries repeats one of bench/judged_queries.ts or
 * bench/fixture_judged_queries.ts.
 *
 * @module
 */

import type { JudgedQuery } from "./judged_queries.ts";

/** A judged query tagged with how it names the occupation. */
export interface TypedJudgedQuery extends JudgedQuery {
  /** "paraphrase": other words than the titles use; "keyword": the titles' own words. */
  kind: "paraphrase" | "keyword" | "place";
  /** For "place" queries: where the relevant postings must be (checked by the bench, not here). */
  place?: { city?: string; country?: string; remote?: boolean };
}

/** Software development titles, English and German (shared by the developer queries). */
const DEV = String
  .raw`develop|programm|entwickler|software[- ]?engineer|software[- ]?ingenieur|coder\b|full[- ]?stack|back[- ]?end|front[- ]?end|web engineer|application engineer|\bSDE\b`;
/** Titles that contain a developer word but are not software development. */
const NOT_DEV =
  /business develop|sales develop|develop(ment)? (manager|representative|executive|associate)|fundraising|partner develop|professional develop|AI Trainer|research and development specialist|product designer & developer/i;

export const MODEL_JUDGED_QUERIES: TypedJudgedQuery[] = [
  // ---------------------------------------------------------------- paraphrase
  {
    // UK everyday words for a cashier; no title says "till".
    q: "till operator", // 8 postings, 6 titles at grade 2
    kind: "paraphrase",
    relevant: /cashier|kassier/i,
    partial:
      /sales assistant|retail (sales|assistant)|store associate|console operator|front of house|crew member/i,
    exclude: /engineer|develop|platform|clean/i,
  },
  {
    // A handyman is the general maintenance person; titles say maintenance technician/worker.
    q: "handyman", // 15 postings, 13 titles at grade 2
    kind: "paraphrase",
    relevant:
      /maintenance (technician|worker|associate|mechanic|fitter)|multi[- ]?trade|multi[- ]?skilled|handy ?man|hausmeister|maintenance o\/n/i,
    partial: /maintenance|painter|electrician|facilities|facility manager/i,
    exclude: /engineer|software|develop|road maintenance|\bIT\b|security|facilitator/i,
  },
  {
    q: "shop assistant", // 11 postings, 11 titles at grade 2
    kind: "paraphrase",
    relevant:
      /sales (associate|assistant|advisor)|retail (sales|assistant|stock|keyholder)|store associate|shop assistant|verkäufer|customer assistant/i,
    partial:
      /cashier|stock associate|merchandis|retail|store manager|floor supervisor|sales consultant/i,
    demote: /manager/i,
    exclude: /engineer|develop|travel|insurance|saas/i,
  },
  {
    // A person's word for a programmer; the titles say developer/engineer/Entwickler.
    q: "coder", // 5785 postings, 2880 titles at grade 2
    kind: "paraphrase",
    relevant: new RegExp(DEV, "i"),
    partial: /\b(devops|sre|site reliability|programmer)\b|engineer/i,
    exclude: new RegExp(NOT_DEV.source + String.raw`|medical.*coder|coding HCC`, "i"),
  },
  {
    // Looking after someone's children; titles say nanny, childcare worker, sitter.
    q: "childminder", // 7 postings, 7 titles at grade 2
    kind: "paraphrase",
    relevant:
      /\bnann(y|ies)\b|babysit|childcare worker|child care worker|au pair|sitter for|casual childcare/i,
    partial: /childcare|child care|early childhood|preschool|youth worker|children/i,
    exclude: /cook|pet sitter|patient sitter/i,
  },
  {
    q: "lorry driver", // 18 postings, 16 titles at grade 2
    kind: "paraphrase",
    relevant:
      /\b(hgv|lgv)\b[^,]*driver|driver[^,]*\b(hgv|class [12]|c\+e)\b|class [12][^,]*driver|lorry|class 2 night driver|tipper driver|\bshunter\b/i,
    partial: /driver|courier/i,
    exclude: /hgv technician|bus driver|taxi|delivery boy|software|device/i,
  },
  {
    // "Mixologist" for the person behind the bar; titles say bartender/bar staff.
    q: "mixologist", // 12 postings, 9 titles at grade 2
    kind: "paraphrase",
    relevant: /bar ?tender|bar ?staff|barstaff|mixolog|\bbar team|wait \/ bar/i,
    partial:
      /\bbar (manager|supervisor)|cocktail|barista|food (and|&) beverage|wait ?staff|waiter|\bserver\b/i,
    demote: /manager|supervisor/i,
    exclude: /system|windows server|engineer|administrator/i,
  },
  {
    // Old-fashioned word for HR; titles say HR, people & culture.
    q: "personnel officer", // 8 postings, 7 titles at grade 2
    kind: "paraphrase",
    relevant:
      /(?<![\/\d]\s?)\bHR\b(?!\s*\+)|human resources|people (&|and) culture|people operations|personalreferent|personalsachbearbeiter|employee relations/i,
    partial: /recruit|talent acquisition|payroll|learning and development/i,
    exclude: /engineer|develop|\$|£|hourly|\/hr|digital HR/i,
  },
  {
    // A bouncer/doorman watches a door; titles say security guard/officer.
    q: "bouncer", // 83 postings, 81 titles at grade 2
    kind: "paraphrase",
    relevant:
      /security (guard|officer|patrol)|door ?(man|supervisor)|\bSIA\b.*(guard|officer)|(armed|flex|unarmed|patrol|rover|floater) officer|\bguard\b/i,
    partial: /security (supervisor|support|site|shift)|loss prevention|patrol|safety officer/i,
    exclude:
      /cyber|information security|security (engineer|analyst|architect|software|business|delivery|specialist)|lifeguard|gate guard\/vehicle/i,
  },
  {
    // The everyday "nurse's aide"; titles say CNA, nursing assistant, health care assistant.
    q: "nurse's aide", // 58 postings, 33 titles at grade 2
    kind: "paraphrase",
    relevant:
      /nursing assistant|nurse (aide|assistant)|\bCNA\b|health ?care assistant|\bHCA\b|assistant in nursing|\bAIN\b|healthcare support worker|health care support worker|\bHCSW\b/i,
    partial:
      /care assistant|caregiver|carer\b|\b(HHA|PCA)\b|home health aide|patient (care|sitter)|personal care/i,
  },
  {
    q: "pot washer", // 6 postings, 3 titles at grade 2
    kind: "paraphrase",
    relevant: /kitchen porter|dish ?wash|pot ?wash|kitchen hand|steward/i,
    partial: /kitchen (staff|team)|catering assistant|cleaner|prep cook/i,
  },
  {
    // Hotel night desk work; titles say night auditor / night receptionist.
    q: "hotel night clerk", // 23 postings, 16 titles at grade 2
    kind: "paraphrase",
    relevant:
      /night audit|overnight auditor|night receptionist|night front office|front desk clerk|guest service agent.*night|night.*guest service|supervisor-front office night/i,
    partial: /front desk|reception|guest service|night (porter|manager)|hotel/i,
    exclude: /security|bank night nurse/i,
  },
  {
    // Filling shelves in shops; titles say stocker, night fill, stock associate.
    q: "shelf stacker", // 26 postings, 21 titles at grade 2
    kind: "paraphrase",
    relevant:
      /stocker|night fill|stock (associate|crew|keeper)|re-?stock|replenish|night filler|grocery night crew|overnight stock/i,
    partial: /merchandis|inventory|receiv|freight associate|grocery/i,
    exclude: /manager|engineer/i,
  },
  {
    // "Vet nurse" in everyday words; titles say veterinary technician / veterinary nurse.
    q: "vet nurse", // 7 postings, 7 titles at grade 2
    kind: "paraphrase",
    relevant: /veterinary (nurse|technician|tech)|vet (tech|nurse)/i,
    partial: /veterinar|kennel/i,
  },
  {
    q: "ambulance crew", // 7 postings, 7 titles at grade 2
    kind: "paraphrase",
    relevant: /paramedic|\bEMT\b|emergency medical tech|ambulance/i,
    partial: /emergency response|first aid|medical courier/i,
    exclude: /security officer/i,
  },
  {
    // UK "chemist" = the pharmacist; titles with "chemist" alone are lab chemists (grade 0).
    q: "dispensing chemist", // 6 postings, 6 titles at grade 2
    kind: "paraphrase",
    relevant: /pharmacist|apotheker/i,
    partial: /pharmacy|dispens/i,
    demote: /student/i,
    exclude: /radiochemist|shift chemist|senior chemist/i,
  },
  {
    // A hospital doctor in training; titles say RMO, resident medical officer, registrar.
    q: "junior doctor", // 3 postings, 3 titles at grade 2
    kind: "paraphrase",
    relevant: /\bRMO\b|resident medical officer|registrar|assistenzarzt|house officer/i,
    partial: /physician|doctor|obstetric|gyn(a)?ecolog|consultant (obstetric|physician)/i,
    exclude: /physician assistant|lease|records|post-?doc/i,
  },
  {
    q: "radiology tech", // 5 postings, 5 titles at grade 2
    kind: "paraphrase",
    relevant:
      /x-?ray (tech|technician|technologist)|radiograph|medical imaging technolog|radiologic/i,
    partial: /radiolog|sonograph|ultrasound/i,
    exclude: /radiochemist|engineer/i,
  },
  {
    // UK slang for electrician.
    q: "sparky", // 6 postings, 6 titles at grade 2
    kind: "paraphrase",
    relevant:
      /electrician|elektriker|electrical (technician|installer|fitter)|electrician\/fitter/i,
    partial: /electrical|low voltage (tech|field)|multi[- ]?skilled|multi tradesman/i,
    exclude: /electrical (design )?engineer|engineers?\b(?!.*electrician)/i,
  },
  {
    // A decorator paints rooms; titles say painter.
    q: "decorator", // 4 postings, 4 titles at grade 2
    kind: "paraphrase",
    relevant: /\bpainters?\b|decorator/i,
    partial: /spray painter|paint shop/i,
    exclude: /software/i,
  },
  {
    q: "hairdresser", // 1 postings, 1 titles at grade 2
    kind: "paraphrase",
    relevant: /barber|hair ?dress|hair ?stylist|friseur/i,
    partial: /beautician|esthetician|salon|tanning/i,
  },
  {
    q: "beauty therapist", // 2 postings, 2 titles at grade 2
    kind: "paraphrase",
    relevant: /beautician|esthetician|aesthetician|beauty therap|kosmetik/i,
    partial: /barber|tanning|salon|nail/i,
  },
  {
    q: "gym instructor", // 3 postings, 3 titles at grade 2
    kind: "paraphrase",
    relevant: /fitness (trainer|instructor|coach)|personal trainer|gym instructor/i,
    partial: /swimming instructor|(soccer|sports) coach/i,
    exclude: /customer service|career coach|recovery coach|learning and development coach/i,
  },
  {
    q: "swim teacher", // 4 postings, 1 titles at grade 2
    kind: "paraphrase",
    relevant: /swimming instructor|swim (instructor|teacher|coach)/i,
    partial: /lifeguard|aquatic|swimming|fitness/i,
    exclude: /technician/i,
  },
  {
    // UK "nursery teacher"; titles say early childhood educator, RECE, preschool educator.
    q: "nursery teacher", // 6 postings, 4 titles at grade 2
    kind: "paraphrase",
    relevant:
      /early childhood educator|\bRECE\b|erzieher|preschool|pre-school|infant program|kindergarten|nursery (nurse|practitioner|teacher)/i,
    partial: /assistant educator|childcare|child care|teacher|educator/i,
    // A coach for preschoolers is a neighbour, not a nursery teacher.
    demote: /coach/i,
    exclude: /product operations educator|automation expert/i,
  },
  {
    q: "psychiatric nurse", // 5 postings, 2 titles at grade 2
    kind: "paraphrase",
    relevant: /mental health nurse|\bRMN\b|psychiatric nurse|community mental health nurse/i,
    partial: /mental health|\bnurse\b|psychiatr/i,
    exclude: /support worker|technician|therapist|case manager|veterinary|assistant|\bHCSW\b/i,
  },
  {
    q: "addiction counsellor", // 4 postings, 4 titles at grade 2
    kind: "paraphrase",
    relevant:
      /(drug|alcohol|substance|addiction|\bAOD\b)[^,]*(counsel|coach|practitioner)|recovery (coach|practitioner)|counsel[^,]*(substance|addiction)/i,
    partial: /addiction|substance|detox|rehab|drug|alcohol|youth counsell?or|residential counsel/i,
    exclude: /legal|general counsel|camp|counsel,|privacy counsel|regulatory|backup|back-up/i,
  },
  {
    q: "corporate attorney", // 11 postings, 9 titles at grade 2
    kind: "paraphrase",
    relevant:
      /legal counsel|general counsel|privacy counsel|regulatory (product )?(compliance )?counsel|senior counsel|bedrijfsjurist|syndikus|rechtsanwalt|attorney|lawyer/i,
    partial: /paralegal|head of legal|legal operations|compliance (specialist|officer|manager)/i,
    exclude: /camp counsel|youth counsel|counsell?or|residential counsel|engineer/i,
  },
  {
    // "Salesman" is what a person says; the titles say sales executive/representative.
    q: "salesman", // 35 postings, 26 titles at grade 2
    kind: "paraphrase",
    relevant:
      /sales (executive|representative|rep\b|consultant|agent)|telesales|tele sales|account executive|sales associate|salesman|saleswoman|vertriebsmitarbeiter|außendienst/i,
    partial: /sales|business development|account manager|vertrieb/i,
    exclude:
      /salesforce|sales engineer|sales operations|sales reporting|engineer|develop(er|ment engineer)/i,
  },
  {
    q: "headhunter", // 16 postings, 7 titles at grade 2
    kind: "paraphrase",
    relevant:
      /recruit(er|ment consultant|ing consultant)|talent acquisition|headhunter|personalberater/i,
    partial: /recruit|(?<![\/\d]\s?)\bHR\b|talent/i,
    exclude: /recruitment open afternoon|engineer|develop|\$|£|\/hr/i,
  },
  {
    // Selling by phone; titles say telesales, cold caller, inside sales, voice process.
    q: "phone sales", // 9 postings, 9 titles at grade 2
    kind: "paraphrase",
    relevant:
      /tele ?sales|cold caller|inside sales|international voice sales|calling agent|outbound/i,
    partial:
      /sales (executive|representative|agent)|call cent(er|re)|voice process|customer sales/i,
  },
  {
    // Short for system administrator (Systemadministrator in the German titles).
    q: "sysadmin", // 92 postings, 57 titles at grade 2
    kind: "paraphrase",
    relevant:
      /system ?administrator|systems administrator|systemadministrator|sysadmin|server administrator|it-?administrator|administrator (linux|windows)/i,
    partial:
      /system(s)? engineer|systemingenieur|infrastructure|\bIT[- ]support|devops|site reliability/i,
    exclude:
      /database administrator|lease administrator|records|inventory administrator|LIMS|weekend nights administrator|helpdesk administrator/i,
  },
  {
    // Someone who builds websites; titles say web developer / frontend developer.
    q: "website builder", // 551 postings, 251 titles at grade 2
    kind: "paraphrase",
    relevant:
      /web ?(developer|entwickler|engineer|application developer|development)|webentwickler|wordpress|front[- ]?end|frontend/i,
    partial: /full[- ]?stack|javascript|typescript|react|\bUI\b|\bUX\b/i,
    demote: /manager|lead\b/i,
    exclude: /web3|backend/i,
  },
  {
    q: "switchboard operator", // 4 postings, 4 titles at grade 2
    kind: "paraphrase",
    relevant: /\bPBX\b|switchboard|telephonist|communications operator|call handler/i,
    partial: /call cent(er|re)|reception|control room operator|dispatch/i,
  },
  {
    q: "garbage collector", // 3 postings, 3 titles at grade 2
    kind: "paraphrase",
    relevant:
      /waste collection|refuse|bin (man|lorry)|sanitation worker|recycling (operative|center)|garbage/i,
    partial: /waste|recycling|cleaning vehicles|water cart/i,
    exclude: /security guard|garbage collection|JVM/i,
  },
  {
    // UK "petrol station" = US "gas station"; Australian titles say console operator.
    q: "petrol station attendant", // 4 postings, 4 titles at grade 2
    kind: "paraphrase",
    relevant: /gas station|petrol station|console operator|service station|tankstelle/i,
    partial: /cashier|attendant|convenience/i,
  },
  {
    // "Head cook" for the chef who runs a kitchen; titles say head chef / sous chef.
    q: "head cook", // 4 postings, 2 titles at grade 2
    kind: "paraphrase",
    relevant: /head chef|sous chef|executive chef|chef de cuisine|kitchen manager|küchenchef/i,
    partial: /\bchefs?\b|\bcook\b|chef de partie|\bCDP\b/i,
    demote: /instructor/i,
  },
  {
    q: "fast food worker", // 13 postings, 11 titles at grade 2
    kind: "paraphrase",
    relevant:
      /crew member|crew\b.*mcdonald|mcdonald|subway|sandwich artist|restaurant team member|food service (associate|team member)/i,
    partial: /team member|food (&|and) beverage|culinary|kitchen|cook|cashier|barista/i,
    exclude: /engineer|software|clean/i,
  },
  {
    q: "hotel maid", // 9 postings, 8 titles at grade 2
    kind: "paraphrase",
    relevant:
      /housekeep|room attendant|chambermaid|zimmermädchen|public area attendant|lobby attendant/i,
    partial: /clean|hotel|porter|\bmaid\b/i,
    exclude: /executive housekeeper\/kitchen|data/i,
  },
  {
    // A doctoral researcher is a PhD candidate/position in the titles.
    q: "doctoral researcher", // 19 postings, 14 titles at grade 2
    kind: "paraphrase",
    relevant: /\bPhD\b|doctoral|doktorand/i,
    partial: /researcher|research (assistant|associate|fellow)|wissenschaftliche/i,
    // A postdoc is the step after the doctorate: a neighbour, not what was asked for.
    demote: /post-?doc/i,
  },
  {
    // Watching cameras; titles say CCTV operator, surveillance operator, control room operator.
    q: "security camera monitoring", // 10 postings, 9 titles at grade 2
    kind: "paraphrase",
    relevant:
      /\bCCTV\b|surveillance operator|control room operat|security operations center officer|GSOC|alarm response/i,
    partial: /security (guard|officer)|loss prevention|control room/i,
    exclude: /engineer/i,
  },
  {
    // Working on a production line; titles say production operative/operator, packer, line worker.
    q: "assembly line worker", // 25 postings, 21 titles at grade 2
    kind: "paraphrase",
    relevant:
      /production (operative|operator|worker|associate|packer|packaging)|line (worker|operator)|manufacturing operators?|machine operator|assembly (worker|operator)|produktionsmitarbeiter|factory labourer|bakery operative/i,
    partial: /operative|operator|production|packer|batch|manufactur/i,
    demote: /supervisor|manager/i,
    exclude:
      /engineer|develop|computer operator|data entry|console operator|cctv|control room|pbx|communications operator|tow truck|plant operator/i,
  },

  // ---------------------------------------------------------------- keyword
  {
    q: "certified nursing assistant", // 24 postings, 16 titles at grade 2
    kind: "keyword",
    relevant: /certified nurs(e|ing) assistant|\bCNA\b/i,
    partial:
      /nursing assistant|health ?care assistant|care assistant|caregiver|\b(HHA|PCA)\b|home health aide/i,
  },
  {
    q: "health care assistant nights", // 24 postings, 13 titles at grade 2
    kind: "keyword",
    relevant:
      /health ?care assistant|\bHCA\b|care assistant|health care support worker|healthcare support worker/i,
    partial: /support worker|carer|caregiver|\bCNA\b|nursing assistant/i,
    // Nights are asked for, but a day-shift HCA is still the occupation: grade 1.
    demote: /^(?!.*(night|nights)).*$/i,
  },
  {
    q: "support worker", // 103 postings, 57 titles at grade 2
    kind: "keyword",
    relevant: /support worker|direct support professional|\bDSP\b|support facilitator/i,
    partial: /care (worker|assistant)|carer|caregiver|youth worker|community worker|residential/i,
    exclude: /customer support|IT support|technical support|engineer/i,
  },
  {
    q: "direct support professional", // 17 postings, 10 titles at grade 2
    kind: "keyword",
    relevant: /direct support professional|\bDSP\b|direct care (staff|worker)/i,
    partial:
      /support worker|care worker|residential|habilitation|community living|behavior technician/i,
    exclude: /\bDSP engineer|signal/i,
  },
  {
    q: "security officer overnight", // 17 postings, 17 titles at grade 2
    kind: "keyword",
    relevant: /security (officer|guard)|(armed|flex|unarmed|patrol) officer/i,
    partial: /security|patrol|surveillance|cctv/i,
    exclude:
      /cyber|information security|security (engineer|analyst|architect|software|business|delivery|specialist|systems)/i,
    // Overnight is asked for: security officers without a night shift in the title are grade 1.
    demote: /^(?!.*(overnight|night|graveyard|10pm|9pm|1130pm)).*$/i,
  },
  {
    q: "warehouse operative", // 28 postings, 22 titles at grade 2
    kind: "keyword",
    relevant:
      /warehouse (operative|associate|worker|assistant|packer|labourer|person|clerk|technician)|despatch (warehouse )?operative|logistics operative|lagermitarbeiter/i,
    partial: /warehouse|picker|packer|forklift|material handler|stocker|loader|dock staff|freight/i,
    demote: /supervisor|manager|leading hand/i,
    exclude: /data warehouse|engineer|develop|analyst|commercial cleaner/i,
  },
  {
    q: "forklift operator", // 4 postings, 4 titles at grade 2
    kind: "keyword",
    relevant: /forklift|fork lift|\bFLT\b|reach truck|staplerfahrer/i,
    partial: /warehouse|material handler|loader|picker|dock/i,
  },
  {
    q: "delivery driver", // 7 postings, 7 titles at grade 2
    kind: "keyword",
    relevant:
      /delivery driver|courier driver|collection (&|and) delivery driver|delivery boy|package delivery driver|driver[^,]*delivery|cannabis delivery/i,
    partial: /driver|courier|mover/i,
    exclude: /security guard|software|device/i,
  },
  {
    q: "front desk agent", // 18 postings, 16 titles at grade 2
    kind: "keyword",
    relevant: /front desk|guest service agent|front office (executive|coordinator)|receptionist/i,
    partial: /front office|reception|concierge|night audit|guest (service|relations)/i,
    demote: /manager|team leader/i,
  },
  {
    q: "line cook", // 11 postings, 10 titles at grade 2
    kind: "keyword",
    relevant:
      /\bline cook|\bcook\b|\bCDP\b|chef de partie|grill chef|prep cook|kitchen hand\/cook/i,
    partial: /\bchefs?\b|kitchen|culinary/i,
    demote: /head|sous|instructor/i,
    exclude: /corn cook/i,
  },
  {
    q: "food and beverage attendant", // 6 postings, 6 titles at grade 2
    kind: "keyword",
    relevant:
      /food (&|and) beverage (attendant|assistant)|F&B (employee|attendant)|food service (associate|team member)/i,
    partial:
      /food (&|and) beverage|wait ?staff|waiter|server|bar staff|catering assistant|front of house|hospitality/i,
    demote: /manager/i,
    exclude: /sql server|server (administrator|engineer)|software/i,
  },
  {
    q: "registered nurse ICU", // 6 postings, 5 titles at grade 2
    kind: "keyword",
    relevant:
      /(registered nurse|\bRN\b|staff nurse|nurse)[^,]*(ICU|intensive care|critical care)|(ICU|critical care)[^,]*(nurse|\bRN\b)/i,
    partial: /registered nurse|\bRN\b|staff nurse|\bnurse\b/i,
  },
  {
    q: "licensed practical nurse", // 17 postings, 16 titles at grade 2
    kind: "keyword",
    relevant: /licensed (practical|vocational) nurse|\bLPN\b|\bLVN\b/i,
    partial: /registered nurse|\bRN\b|enrolled nurse|\bnurse\b|nursing/i,
  },
  {
    q: "pharmacy technician", // 3 postings, 3 titles at grade 2
    kind: "keyword",
    relevant: /pharmacy (tech|technician|assistant)|pharmazeutisch/i,
    partial: /pharmac/i,
  },
  {
    q: "veterinary surgeon", // 5 postings, 4 titles at grade 2
    kind: "keyword",
    relevant: /veterinary surgeon|veterinarian|tierarzt|\bvet\b(?! tech)/i,
    partial: /veterinar/i,
  },
  {
    q: "data engineer", // 136 postings, 86 titles at grade 2
    kind: "keyword",
    relevant:
      /data engineer|dateningenieur|analytics engineer|data platform engineer|ETL developer|big data/i,
    partial:
      /data (architect|scien|analyst|infrastructure|platform)|\bETL\b|data warehouse|databricks|spark/i,
    demote: /manager|head of/i,
  },
  {
    q: "full stack developer", // 1243 postings, 602 titles at grade 2
    kind: "keyword",
    relevant: /full[- ]?stack|fullstack/i,
    partial: /front[- ]?end|back[- ]?end|web (developer|engineer)|software (engineer|developer)/i,
    demote: /manager|intern|werkstudent|working student/i,
  },
  {
    q: "senior software engineer", // 1225 postings, 659 titles at grade 2
    kind: "keyword",
    relevant:
      /(senior|\bsr\.?|staff|principal|lead)\b[^,]*(software[- ]?(engineer|developer|entwickler)|softwareentwickler|\b(backend|frontend|full[- ]?stack) (engineer|developer))/i,
    partial: new RegExp(DEV, "i"),
    exclude: new RegExp(NOT_DEV.source + "|manager", "i"),
  },
  {
    q: "junior frontend developer", // 18 postings, 11 titles at grade 2
    kind: "keyword",
    relevant: /(junior|\bjr\.?|entry)[^,]*front[- ]?end/i,
    partial: /front[- ]?end|web developer|\bUI developer|react|angular|vue/i,
    exclude: /react(or|ive)/i,
  },
  {
    q: "site reliability engineer", // 367 postings, 131 titles at grade 2
    kind: "keyword",
    relevant: /site reliability|\bSRE\b/i,
    partial:
      /devops|platform engineer|infrastructure engineer|cloud engineer|reliability engineer|observability/i,
    exclude: /integrity reliability|battery/i,
  },
  {
    q: "business analyst", // 71 postings, 49 titles at grade 2
    kind: "keyword",
    relevant: /business analyst|business-analyst|businessanalyst|requirements engineer/i,
    partial: /business (intelligence|systems|data)|systems analyst|functional consultant|analyst/i,
    exclude: /security analyst|soc analyst/i,
  },
  {
    q: "business intelligence analyst", // 31 postings, 24 titles at grade 2
    kind: "keyword",
    relevant:
      /business intelligence|\bBI\b[^,]*(analyst|analist|developer|consultant|specialist)|power ?bi/i,
    partial: /data analyst|reporting|analytics|data visuali[sz]ation|insights/i,
    demote: /head of|manager/i,
  },
  {
    q: "financial analyst", // 11 postings, 10 titles at grade 2
    kind: "keyword",
    relevant:
      /financ(e|ial) analyst|FP&A|financial planning|finanzanalyst|corporate finance analyst/i,
    partial: /financ|controller|equity|investment|accountant|revenue analyst/i,
    exclude: /business analyst|\bdata analyst/i,
  },
  {
    q: "customer service executive", // 37 postings, 31 titles at grade 2
    kind: "keyword",
    relevant:
      /customer (service|care|support|relationship) (executive|associate|representative|rep|agent|officer|attendant)|\bCSR\b|\bCSA\b|\bCSE\b/i,
    partial:
      /customer (service|support|care)|call cent(er|re)|voice process|non voice|email support|member service/i,
    exclude: /engineer|develop|training specialist/i,
  },
  {
    q: "inside sales", // 4 postings, 4 titles at grade 2
    kind: "keyword",
    relevant: /inside sales|tele ?sales|internal sales|innendienst/i,
    partial:
      /sales (executive|representative|development representative|agent)|business development representative|cold caller/i,
    exclude: /salesforce|engineer/i,
  },
  {
    q: "CNC machinist", // 8 postings, 8 titles at grade 2
    kind: "keyword",
    relevant: /\bCNC\b|machinist|zerspanungsmechaniker/i,
    partial: /machine operator|lathe|mill\b|fabricator|fitter/i,
  },
  {
    q: "production operative night shift", // 13 postings, 11 titles at grade 2
    kind: "keyword",
    relevant:
      /production (operative|operator|worker|associate|packer|packaging)|manufacturing operators?|line operator|machine operator/i,
    partial: /operative|production|packer|factory/i,
    exclude: /engineer|manager|supervisor/i,
    // Nights are asked for: production jobs without a night/3rd shift in the title are grade 1.
    demote: /^(?!.*(night|3rd|third|overnight|graveyard)).*$/i,
  },
  {
    q: "residential support worker", // 17 postings, 13 titles at grade 2
    kind: "keyword",
    relevant:
      /residential[^,]*(support worker|care worker|childcare worker|youth counsel|aide|counsel)|children'?s residential/i,
    partial: /support worker|care worker|youth|children'?s home|residential/i,
    exclude: /cleaner/i,
  },
  {
    q: "French teacher", // 6 postings, 3 titles at grade 2
    kind: "keyword",
    relevant: /french teacher|teacher[^,]*french|französischlehrer/i,
    partial: /teacher|tutor|instructor|educator/i,
  },
  {
    q: "camp counselor", // 14 postings, 9 titles at grade 2
    kind: "keyword",
    relevant: /camp counsel|counsel+or[^,]*camp|camp (leader|teacher|assistant)|summer camp/i,
    partial: /\bcamp\b|counsell?or|summer program|youth/i,
    exclude: /substance|mental health|addiction|drug/i,
  },
  {
    q: "network engineer", // 41 postings, 27 titles at grade 2
    kind: "keyword",
    relevant:
      /network (engineer|administrator|architect)|netzwerk(techniker|administrator|ingenieur)|netzwerk-/i,
    partial:
      /network|system(s)? (engineer|administrator)|infrastructure engineer|systemadministrator/i,
    exclude: /neural network|network protocols/i,
  },
  {
    q: "golang backend engineer", // 86 postings, 54 titles at grade 2
    kind: "keyword",
    relevant: /\bgo\b|golang/i,
    partial: /back[- ]?end|backend|platform engineer|site reliability/i,
    exclude: /go-to-market|go to market|on the go|\bgo live/i,
  },
  {
    q: "SAP developer", // 56 postings, 47 titles at grade 2
    kind: "keyword",
    relevant: /\bSAP\b[^,]*(develop|entwickler|programm|abap|engineer)|\bABAP\b/i,
    partial: /\bSAP\b/i,
    exclude: /sales specialist/i,
  },
  {
    q: "kubernetes platform engineer", // 265 postings, 161 titles at grade 2
    kind: "keyword",
    relevant: /kubernetes|\bk8s\b|openshift|platform engineer/i,
    partial: /devops|site reliability|\bSRE\b|cloud engineer|infrastructure engineer/i,
  },
  {
    q: "embedded software engineer", // 95 postings, 68 titles at grade 2
    kind: "keyword",
    relevant: /embedded|firmware|embedded[- ]?software/i,
    partial: /\bC\+\+|RTOS|hardware|FPGA|microcontroller|automotive/i,
  },
  {
    q: "QA automation engineer", // 26 postings, 24 titles at grade 2
    kind: "keyword",
    relevant:
      /(\bQA\b|test|quality assurance|qualitätssicherung)[^,]*(automation|automatisierung)|automation (tester|test engineer)|test automation|\bSDET\b/i,
    partial:
      /\bQA\b|\btest(er|ing)?\b|quality assurance|quality engineer|software development engineer in test/i,
    exclude: /quality assurance (auditor|inspector|specialist – fresh)/i,
  },
  {
    q: "salesforce developer", // 14 postings, 8 titles at grade 2
    kind: "keyword",
    relevant:
      /salesforce[^,]*(develop|engineer|entwickler|architect)|(develop|engineer)[^,]*salesforce/i,
    partial: /salesforce|mulesoft|\bCRM\b/i,
  },
  {
    q: ".NET developer", // 141 postings, 95 titles at grade 2
    kind: "keyword",
    relevant: /\.net|dot ?net|\bC#/i,
    partial: /microsoft|azure|back[- ]?end/i,
  },
  {
    q: "scrum master", // 3 postings, 3 titles at grade 2
    kind: "keyword",
    relevant: /scrum master|agile coach/i,
    partial: /agile|project manager|delivery manager|product owner/i,
  },
  {
    q: "product manager", // 64 postings, 37 titles at grade 2
    kind: "keyword",
    relevant: /product (manager|owner|lead)|produktmanager|product management/i,
    partial:
      /product (operations|ops|analyst|director|marketing)|program(me)? manager|technical program/i,
    exclude: /product (engineer|designer|security|support engineer)/i,
  },
  {
    q: "UX designer", // 23 postings, 19 titles at grade 2
    kind: "keyword",
    relevant:
      /\bUX\b|user experience|UI\/UX|product designer|interaction designer|conversational designer/i,
    partial: /\bUI\b|designer|design/i,
    exclude: /UX (&|and) front-?end developer|design engineer|engineer/i,
  },
  {
    q: "working student", // 149 postings, 113 titles at grade 2
    kind: "keyword",
    relevant: /working student|werkstudent|student (assistant|job)|studentische hilfskraft/i,
    partial: /intern|praktik|student|trainee|thesis|afstudeer/i,
  },
  {
    q: "data entry operator", // 12 postings, 11 titles at grade 2
    kind: "keyword",
    relevant: /data entry|computer operator|back ?office/i,
    partial: /document verification|non voice|records management|clerk/i,
  },
  {
    q: "commercial cleaner", // 23 postings, 20 titles at grade 2
    kind: "keyword",
    relevant:
      /commercial cleaner|cleaner|cleaning (crew|attendant|supervisor)|janitor|custodian|custodial|reinigung/i,
    partial: /housekeep|porter|sanitation|hygiene/i,
    demote: /supervisor|lead/i,
    exclude: /data clean|gebäudereiniger/i,
  },
  {
    q: "LLM engineer", // 91 postings, 58 titles at grade 2
    kind: "keyword",
    relevant: /\bLLMs?\b|large language model|generative ai|gen ?ai\b|\bRAG\b/i,
    partial: /\bAI\b|machine learning|\bML\b|\bNLP\b|natural language|\bKI\b/i,
    exclude: /AI Trainer|sought for AI training|expertise for AI training/i,
  },
];
