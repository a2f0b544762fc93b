/**
 * The job posting model: the one place where field names and formats are defined.
 * Everything else (store, index, REST, MCP, CLI, OpenAPI) derives from these schemas.
 *
 * @module
 */
import { z } from "zod";
import { sha256Hex } from "../crypto.ts";
import { yearlySalary } from "./salary.ts";

/** The job boards we accept postings from (JobSpy's site names). */
export const SOURCES = ["indeed", "linkedin", "glassdoor"] as const;
export const SourceSchema = z.enum(SOURCES);
export type Source = z.infer<typeof SourceSchema>;

/** `YYYY-MM-DD HH:MM:SS`, always UTC. */
export const PUBLISH_TIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
export const PublishTimeSchema = z.string().regex(PUBLISH_TIME_PATTERN).describe(
  "UTC time the posting was published, `YYYY-MM-DD HH:MM:SS`.",
);

/** `<min>-<max> <CURRENCY>/<PERIOD>`, both amounts with a fractional part. */
export const BASE_SALARY_PATTERN = /^\d+\.\d+-\d+\.\d+ [A-Z]{3}\/(HOUR|DAY|WEEK|MONTH|YEAR)$/;
export const BaseSalarySchema = z.string().regex(BASE_SALARY_PATTERN).describe(
  "Salary range `<min>-<max> <CURRENCY>/<PERIOD>`, e.g. `85000.0-120000.0 USD/YEAR`.",
);

/** Where the work is done, as the `remote` filter names it. */
export const WORK_MODES = ["remote", "hybrid", "onsite"] as const;
export const WorkModeSchema = z.enum(WORK_MODES);
export type WorkMode = z.infer<typeof WorkModeSchema>;

/** Whether a posting sponsors a work visa, as its text says (src/ingest/visa_sponsorship.ts). */
export const VISA_SPONSORSHIPS = ["offered", "not_offered"] as const;
export const VisaSponsorshipSchema = z.enum(VISA_SPONSORSHIPS);
export type VisaSponsorship = z.infer<typeof VisaSponsorshipSchema>;

/**
 * The ways of working a query asks for alone, as the `remote` filter names them: one, or home
 * working with another ("remote or hybrid jobs in Berlin": `remote,hybrid`).
 */
export const WORK_MODES_ASKED = ["hybrid", "onsite", "remote,hybrid", "remote,onsite"] as const;
export type WorkModesAsked = (typeof WORK_MODES_ASKED)[number];

/** Seniority as the `seniority` filter names it, derived from the title and JobSpy's `job_level`. */
export const SENIORITIES = ["intern", "junior", "mid", "senior", "lead", "executive"] as const;
export const SenioritySchema = z.enum(SENIORITIES);
export type Seniority = z.infer<typeof SenioritySchema>;

/**
 * The levels a posting stated at is not what a query asking `levels` beside the work wants (a head
 * of marketing for "entry level marketing"): a first job rules out senior, lead and executive posts,
 * a senior post intern and junior ones. "Mid" rules out nothing and is ruled out by nothing: the
 * board's "Mid-Senior level" is most postings' level and says little.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(ruledOutBy(["junior", "intern"]), ["senior", "lead", "executive"]);
 * assert.deepEqual(ruledOutBy(["senior"]), ["intern", "junior"]);
 * assert.deepEqual(ruledOutBy(["mid"]), []);
 * ```
 */
export function ruledOutBy(levels: readonly Seniority[]): Seniority[] {
  if (levels.includes("senior")) return ["intern", "junior"];
  if (levels.includes("junior") || levels.includes("intern")) {
    return ["senior", "lead", "executive"];
  }
  return [];
}

/**
 * The languages a posting may need, as ISO 639-1 codes: those of the postings' descriptions and
 * those postings ask for ("fluent German", "Spanish/English bilingual").
 */
export const LANGUAGES = [
  "en",
  "de",
  "nl",
  "fr",
  "es",
  "it",
  "pt",
  "pl",
  "ru",
  "tr",
  "ar",
  "zh",
  "ja",
  "ko",
  "hi",
  "sv",
  "da",
  "no",
  "fi",
  "cs",
] as const;
export const LanguageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof LanguageSchema>;

/** Employment types as the `employment_type` filter names them (JobSpy's `job_type` values). */
export const EMPLOYMENT_TYPES = [
  "fulltime",
  "parttime",
  "contract",
  "internship",
  "temporary",
] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

/** JobSpy writes employment types as words ("Full-time, Part-time" once stored). */
export function employmentTypesOf(job: Pick<Job, "employment_type">): string[] {
  return (job.employment_type ?? "").split(",").map((t) => t.toLowerCase().replace(/[^a-z]/g, ""))
    .filter((t) => t !== "");
}

export const CountryCodeSchema = z.string().regex(/^[A-Z]{2}$/).describe(
  "ISO 3166-1 alpha-2 country code.",
);

/** A posting as the store and the index hold it. */
export const JobSchema = z.object({
  id: z.string().min(1).describe("Stable id derived from job_url."),
  job_title: z.string().min(1),
  company_name: z.string(),
  city: z.string().describe("City of the job; empty when the source names none."),
  country: CountryCodeSchema.optional(),
  publish_time: PublishTimeSchema,
  base_salary: BaseSalarySchema.optional(),
  job_url: z.url(),
  job_tags: z.array(z.string()),
  data_source: SourceSchema,
  seniority_level: z.string().min(1).optional(),
  employment_type: z.string().min(1).optional(),
  job_description: z.string(),
  /**
   * When this service first stored the posting (UTC, `YYYY-MM-DD HH:MM:SS`), kept across
   * re-imports; absent on postings stored before it was recorded.
   */
  first_seen: PublishTimeSchema.optional(),
  /** Remote, hybrid or on-site, when the posting's fields or text say (derived at import). */
  work_mode: WorkModeSchema.optional(),
  /** Normalised seniority, when the title or `job_level` says (derived at import). */
  seniority: SenioritySchema.optional(),
  /**
   * The languages the work needs: the posting's own language first, then those it asks for
   * ("fluent German"), each once (derived at import, src/ingest/posting_languages.ts).
   */
  languages: z.array(LanguageSchema).optional(),
  /** Whether the work visa is sponsored, where the posting says (derived at import). */
  visa_sponsorship: VisaSponsorshipSchema.optional(),
  /**
   * The region (state, province) the source names where it names no city ("MH, IN" is
   * "Maharashtra"), by its English name; absent where a city is named (its region is its point's).
   */
  region: z.string().min(1).max(200).optional(),
  /** Where the city lies (GeoNames, at import); absent for remote jobs and unknown places. */
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
});
export type Job = z.infer<typeof JobSchema>;

/** A strong match is in the result set; a close one lies under its cut, above a low floor. */
export const MATCH_TIERS = ["strong", "close"] as const;
export type MatchTier = (typeof MATCH_TIERS)[number];

/** One entry of `results` in a search response (spec 2.2). */
export const JobResultSchema = z.object({
  score: z.number().min(0).max(1).describe("Semantic relevance in [0, 1], higher is better."),
  job_title: z.string().describe("Job title."),
  city: z.string().describe("City of the job; empty when the source names none."),
  country: CountryCodeSchema.optional().describe(
    "ISO 3166-1 alpha-2 country code of the job; absent when unknown.",
  ),
  region: z.string().optional().describe(
    "The region (state, province) the posting names where it names no city, by its English " +
      "name (`Maharashtra` for `MH, IN`); absent where a city is named.",
  ),
  company_name: z.string().describe("Hiring company."),
  publish_time: PublishTimeSchema,
  base_salary: BaseSalarySchema.optional(),
  salary_yearly: z.number().int().min(0).optional().describe(
    "The yearly equivalent of `base_salary`'s maximum in its currency (hourly x 2,080, daily x 260, " +
      "weekly x 52, monthly x 12): what `salary_min` compares; absent without a salary.",
  ),
  job_url: z.string().describe("Link to the posting on its job board; also its identity."),
  job_tags: z.array(z.string()).describe("Tags of the posting (skills, remote, ...)."),
  data_source: SourceSchema.describe("Job board the posting came from."),
  seniority_level: z.string().optional().describe(
    "Seniority, e.g. `mid-senior level`; absent when unknown.",
  ),
  employment_type: z.string().optional().describe(
    "Employment type, e.g. `fulltime`; absent when unknown.",
  ),
  work_mode: WorkModeSchema.optional().describe(
    "`remote`, `hybrid` or `onsite`, when the posting says; what the `remote` filter tests.",
  ),
  seniority: SenioritySchema.optional().describe(
    "Normalised seniority (`intern` ... `executive`) from the title and job level, when known; " +
      "what the `seniority` filter tests.",
  ),
  languages: z.array(LanguageSchema).optional().describe(
    "The languages the work needs, as ISO 639-1 codes: the language the posting is written in " +
      'first, then those it asks for ("fluent German": `de`; not one it calls a plus), e.g. ' +
      '`["en", "de"]`; absent when unknown.',
  ),
  visa_sponsorship: VisaSponsorshipSchema.optional().describe(
    '`offered` where the posting says it sponsors a work visa ("Visa sponsorship available"), ' +
      '`not_offered` where it says it does not ("must be authorized to work without ' +
      'sponsorship"); absent where it does not say (most postings). What the ' +
      "`visa_sponsorship` filter tests.",
  ),
  job_description: z.string().optional().describe("Full description; only when detail is `full`."),
  first_seen: PublishTimeSchema.optional().describe(
    "When this service first saw the posting (UTC); what `added_since` filters on.",
  ),
  also_posted_at: z.array(z.string()).optional().describe(
    "URLs of reposts of this job (same title, company and place, and a near-identical " +
      "description or the same closing terms of pay, hours and schedule), which the result set " +
      "counts once, here; absent when there are none.",
  ),
  match: z.enum(MATCH_TIERS).optional().describe(
    "`strong`: in the result set (what `total` counts and the default newest-first order " +
      "shows); `close`: under its cut but above a low floor, listed after the strong matches in " +
      "relevance order and in `closest`. Always present in search responses.",
  ),
});
export type JobResult = z.infer<typeof JobResultSchema>;

const QueryOnePlaceSchema = z.object({
  matched: z.string().describe("The words of the query that named the place."),
  city: z.string().optional().describe("The city, as the postings write it."),
  region: z.string().optional().describe(
    'A region of `country` the query named ("Texas", "Bavaria", "Ontario"): the postings whose ' +
      'city lies in it; beside `city` ("Portland, Maine"), the city\'s postings that lie in it or ' +
      "whose region is not known.",
  ),
  country: CountryCodeSchema.optional(),
  area: z.string().optional().describe(
    'A part of the world the query named ("Europe", "the EU", "DACH", "North America"): the ' +
      "postings of its countries.",
  ),
  remote: z.boolean().optional().describe("True when the query asked for remote work."),
  near: z.string().optional().describe(
    'When the query asked for the postings around a city ("near Manchester", "around Köln"): ' +
      "the place, as GeoNames names it with its country; the postings within `radius_km` of it " +
      "are kept, in whatever town (as the `near` filter keeps them).",
  ),
  radius_km: z.number().optional().describe("With `near`: the radius in kilometres."),
});

export const QueryPlaceSchema = QueryOnePlaceSchema.extend({
  widened: z.literal(true).optional().describe(
    'With `near`: the query named a city alone ("registered nurse sydney"), and no posting in the ' +
      "city itself is a strong match or near the words: the postings within `radius_km` of it are " +
      'searched instead (its suburbs), as the words with "near" before the city would. The `city` ' +
      "filter stays exact.",
  ),
  places: z.array(QueryOnePlaceSchema).min(2).optional().describe(
    'When the query named several places together ("nurse in Berlin or Munich", "remote or ' +
      'London", up to 5): each place as one place is said, the postings at any of them kept. ' +
      "`city`, `country`, ... are then absent; `remote` is true where it applies to every one " +
      '("remote jobs in Leeds or York"); `matched` is the words of them all.',
  ),
});
export type QueryPlaceResult = z.infer<typeof QueryPlaceSchema>;

export const QueryEmploymentSchema = z.object({
  matched: z.string().describe('The words of the query that named it ("part time").'),
  employment_type: z.enum(EMPLOYMENT_TYPES).describe("The type, as `employment_type` names it."),
  alone: z.literal(true).optional().describe(
    'Present where the words named the type and no job ("part time jobs"): the postings that ' +
      "state it or say it are the strong matches (beside a place or company the words name, its " +
      "others close ones); absent, the type lifts the postings of the work the words name.",
  ),
});
export type QueryEmploymentResult = z.infer<typeof QueryEmploymentSchema>;

export const QuerySenioritySchema = z.object({
  matched: z.string().describe('The words of the query that named it ("entry level").'),
  seniority: z.array(SenioritySchema).describe("The levels, as the `seniority` filter names them."),
  beside_work: z.literal(true).optional().describe(
    'Present where the words named the level beside the work ("entry level marketing jobs", ' +
      '"senior nurse"): the work is searched, and its postings whose title or job level says the ' +
      "level are the strong matches, the work's others close ones; where none of the work's " +
      "strong matches says it, those that say no level it rules out (senior, lead or executive " +
      "for a junior or intern one; intern or junior for a senior one). Absent, the level alone " +
      "lists its postings.",
  ),
  no_level_asked: z.literal(true).optional().describe(
    'With `beside_work`: the words say what the person lacks ("no experience"), not a level: the ' +
      "work's postings that say no level it rules out are the strong matches, whether they say a " +
      "first job's level or none.",
  ),
  none_at_level: z.literal(true).optional().describe(
    "With `beside_work`: none of the work's strong matches says the level, so those that say no " +
      "level it rules out are the strong matches (and the `seniority` filter would keep none of " +
      "them).",
  ),
});
export type QuerySeniorityResult = z.infer<typeof QuerySenioritySchema>;

export const QueryWorkModeSchema = z.object({
  matched: z.string().describe('The words of the query that named it ("hybrid jobs").'),
  work_mode: z.enum(WORK_MODES_ASKED).describe(
    "How the work is done, as `remote` names it (`remote,hybrid`: either).",
  ),
  beside_work: z.literal(true).optional().describe(
    'Present where the words named it first or last beside the work ("data analyst hybrid", ' +
      '"hybrid python developer"): the work is searched, and its postings done that way are the ' +
      "strong matches, the work's others close ones (of a level said beside the work too, where " +
      "one is). Absent, the way of working alone lists its postings.",
  ),
  none_in_mode: z.literal(true).optional().describe(
    "With `beside_work`: none of the work's strong matches is done that way, so they all stay " +
      "the strong matches (and the `remote` filter would keep none of them).",
  ),
});
export type QueryWorkModeResult = z.infer<typeof QueryWorkModeSchema>;

/**
 * The names of each language in English, German and Dutch, as postings and people write them
 * (alternatives joined by "|", the first the one a sentence uses): what the import reads a
 * posting's languages by (src/ingest/posting_languages.ts), what a query names them by
 * (src/index/query_language.ts), and how the answers say them.
 */
export const LANGUAGE_NAMES: Record<Language, { en: string; de: string; nl: string }> = {
  en: { en: "English", de: "Englisch", nl: "Engels" },
  de: { en: "German", de: "Deutsch", nl: "Duits" },
  nl: { en: "Dutch|Flemish", de: "Niederländisch", nl: "Nederlands|Vlaams" },
  fr: { en: "French", de: "Französisch", nl: "Frans" },
  es: { en: "Spanish|Castilian", de: "Spanisch", nl: "Spaans" },
  it: { en: "Italian", de: "Italienisch", nl: "Italiaans" },
  pt: { en: "Portuguese", de: "Portugiesisch", nl: "Portugees" },
  pl: { en: "Polish", de: "Polnisch", nl: "Pools" },
  ru: { en: "Russian", de: "Russisch", nl: "Russisch" },
  tr: { en: "Turkish", de: "Türkisch", nl: "Turks" },
  ar: { en: "Arabic", de: "Arabisch", nl: "Arabisch" },
  zh: { en: "Chinese|Mandarin|Cantonese", de: "Chinesisch", nl: "Chinees" },
  ja: { en: "Japanese", de: "Japanisch", nl: "Japans" },
  ko: { en: "Korean", de: "Koreanisch", nl: "Koreaans" },
  hi: { en: "Hindi", de: "Hindi", nl: "Hindi" },
  sv: { en: "Swedish", de: "Schwedisch", nl: "Zweeds" },
  da: { en: "Danish", de: "Dänisch", nl: "Deens" },
  no: { en: "Norwegian", de: "Norwegisch", nl: "Noors" },
  fi: { en: "Finnish", de: "Finnisch", nl: "Fins" },
  cs: { en: "Czech", de: "Tschechisch", nl: "Tsjechisch" },
};

/** The languages' names in English, as a sentence says them. */
export const LANGUAGE_NAMES_IN_ENGLISH = Object.fromEntries(
  Object.entries(LANGUAGE_NAMES).map(([code, names]) => [code, names.en.split("|")[0]]),
) as Record<Language, string>;

export const QueryLanguageSchema = z.object({
  matched: z.string().describe('The words of the query that named it ("english speaking").'),
  needs: z.enum(["only", "uses", "not", "several"]).describe(
    '`only`: the work needs no language but `language` ("english speaking"); `uses`: it needs ' +
      '`language` ("german speaking"); `not`: it does not need `language` ("no german ' +
      'required"); `several`: it needs two or more ("bilingual").',
  ),
  language: LanguageSchema.optional().describe(
    "ISO 639-1 code of the language named; absent for `several`.",
  ),
  beside_work: z.literal(true).optional().describe(
    'Present where the words named it first or last beside the work ("german speaking customer ' +
      'support"): the work is searched, and its postings whose `languages` fit are the strong ' +
      "matches, the work's others close ones. Absent, the language alone lists its postings.",
  ),
  none_in_language: z.literal(true).optional().describe(
    "With `beside_work`: none of the work's strong matches fits, so they all stay the strong " +
      "matches. Alone beside a place: no posting there is known to fit (a posting without a " +
      "description is known by its title's words only), so all of them are close matches.",
  ),
});
export type QueryLanguageResult = z.infer<typeof QueryLanguageSchema>;

export const QueryVisaSponsorshipSchema = z.object({
  matched: z.string().describe('The words of the query that asked for it ("visa sponsorship").'),
  where: z.string().optional().describe(
    'Where the visa named is valid, as a sentence says it: "the United States" ("h1b", "green ' +
      'card", "us visa"), "the United Kingdom" ("tier 2", "skilled worker visa", "certificate of ' +
      'sponsorship"), "the EU" ("eu visa", "blue card"); the postings elsewhere are left out, as ' +
      "those that say they sponsor none are. Absent where the query names a place outside it " +
      '("h1b jobs in London": the place said is what is asked).',
  ),
  countries: z.array(CountryCodeSchema).optional().describe(
    "With `where`: its countries (ISO 3166-1 alpha-2).",
  ),
  beside_work: z.literal(true).optional().describe(
    'Present where the words named work too ("software engineer visa sponsorship"): the work is ' +
      "searched, and its postings that say they sponsor a work visa are the strong matches, the " +
      "work's others close ones. Absent, the ask alone lists the postings that say they sponsor " +
      "one (beside a place, that place's others are close matches).",
  ),
  none_offered: z.literal(true).optional().describe(
    "With `beside_work`: none of the work's strong matches says it sponsors a visa, so they all " +
      "stay the strong matches. Alone beside a place: no posting there says it does, so all of " +
      "them are close matches.",
  ),
});
export type QueryVisaSponsorshipResult = z.infer<typeof QueryVisaSponsorshipSchema>;

/**
 * What a search read as a sponsored work visa asked for, in words for people and agents; null
 * when it read none. Said in every case: the postings that say they sponsor none are left out.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const beside = { matched: "visa sponsorship", beside_work: true as const };
 * assert.equal(
 *   queryVisaSponsorshipInWords({ query_visa_sponsorship: beside }),
 *   'Read "visa sponsorship" as a sponsored work visa asked for, not as the work: the postings ' +
 *     "of the work that say they sponsor one are the strong matches, the others close ones; " +
 *     "those that say they do not are left out.",
 * );
 * assert.match(
 *   queryVisaSponsorshipInWords({
 *     query_visa_sponsorship: { ...beside, none_offered: true as const },
 *   })!,
 *   /none of the work's strong matches says it sponsors one, so they all stay the strong matches/,
 * );
 * assert.match(
 *   queryVisaSponsorshipInWords({ query_visa_sponsorship: { matched: "with visa sponsorship" } })!,
 *   /: only the postings that say they sponsor one are listed\./,
 * );
 * assert.equal(queryVisaSponsorshipInWords({}), null);
 * ```
 */
export function queryVisaSponsorshipInWords(
  response: {
    query_visa_sponsorship?: QueryVisaSponsorshipResult;
    query_place?: QueryPlaceResult;
    query_company?: QueryCompanyResult;
  },
  inAlerts?: InAlerts,
): string | null {
  const read = response.query_visa_sponsorship;
  if (!read) return null;
  const where = read.where ? ` in ${read.where}` : "";
  const said = `Read "${read.matched}" as a sponsored work visa asked for${where}, not as the work`;
  const denied = read.where
    ? `those that say they do not, and postings elsewhere, are left out`
    : "those that say they do not are left out";
  if (read.beside_work) {
    if (read.none_offered) {
      return `${said}: none of the work's strong matches says it sponsors one, so they all stay ` +
        `the strong matches; ${denied}.`;
    }
    const those = "the postings of the work that say they sponsor one";
    if (inAlerts === IN_ALERTS) return `${said}: only ${those} are sent.`;
    return `${said}: ${those} are the strong matches, the others close ones; ${denied}.`;
  }
  const there = listedThere(response);
  if (read.none_offered) {
    return `${said}: no posting${there ? " there" : ""} says it sponsors one, so the postings` +
      `${there ? " there" : ""} are listed as close matches; ${denied}.`;
  }
  const those = `the postings${there ? " there" : ""} that say they sponsor one`;
  if (inAlerts === IN_ALERTS) return `${said}: only ${those} are sent.`;
  if (!there) return `${said}: only ${those} are listed.`;
  return `${said}: ${those} are the strong matches, the others close ones; ${denied}.`;
}

/**
 * How a posting's languages are known, said beside what they are asked to be: most postings of
 * some countries have no description (all the real German ones), and a title says little
 * (reviewer W, session 40: an English title in Germany was taken for work needing no German).
 */
const AS_KNOWN = " (as their description says, or their title where they have none)";

/**
 * "To need German", "not to need German": what no posting is known (a posting whose languages
 * were not read fits nothing, `fitsLanguages`).
 */
function knownToNeed(read: QueryLanguageResult): string {
  return read.needs === "not"
    ? `not to need ${LANGUAGE_NAMES_IN_ENGLISH[read.language!]}`
    : `to ${languageNeedInWords(read)}`;
}

/**
 * What a language reading asks, in words: "need no language but English", "need German", "do not
 * need German", "need two languages or more".
 */
function languageNeedInWords(read: QueryLanguageResult): string {
  const name = read.language ? LANGUAGE_NAMES_IN_ENGLISH[read.language] : "";
  switch (read.needs) {
    case "only":
      return `need no language but ${name}`;
    case "uses":
      return `need ${name}`;
    case "not":
      return `do not need ${name}`;
    case "several":
      return "need two languages or more";
  }
}

export const QueryExclusionSchema = z.object({
  matched: z.string().describe(
    'The words of the query that said it ("that aren\'t nursing", "not in Berlin").',
  ),
  words: z.array(z.string()).optional().describe(
    'The unwanted work\'s words ("nursing"); absent where only a place is not wanted.',
  ),
  place: QueryPlaceSchema.optional().describe(
    'The place not wanted ("developer jobs not in Berlin"), or the places ("nurse jobs not in ' +
      'London or Manchester": `places`), as `query_place` names them.',
  ),
});
export type QueryExclusionResult = z.infer<typeof QueryExclusionSchema>;

/**
 * What a search read as work not wanted ("hospital jobs that aren't nursing"), in words for people
 * and agents; null when it read none.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(
 *   queryExclusionInWords({
 *     query_excluded: { matched: "that aren't nursing", words: ["nursing"] },
 *   }),
 *   'Read "that aren\'t nursing" as work not wanted: the postings whose title says "nursing" are ' +
 *     "left out.",
 * );
 * assert.equal(
 *   queryExclusionInWords({
 *     query_excluded: { matched: "not in berlin", place: { matched: "berlin", city: "Berlin" } },
 *   }),
 *   'Read "not in berlin" as a place not wanted: the postings in Berlin are left out.',
 * );
 * assert.equal(queryExclusionInWords({}), null);
 * ```
 */
export function queryExclusionInWords(
  response: { query_excluded?: QueryExclusionResult },
): string | null {
  const read = response.query_excluded;
  if (!read) return null;
  if (read.place) {
    return `Read "${read.matched}" as a place not wanted: the ${
      queryPlaceInWords(read.place)
    } are left out.`;
  }
  return `Read "${read.matched}" as work not wanted: the postings whose title says ` +
    `"${(read.words ?? []).join(" ")}" are left out.`;
}

export const QueryAlternativesSchema = z.object({
  matched: z.string().describe('The words of the query that named the work ("nurse or midwife").'),
  each: z.array(z.string()).min(2).describe(
    'Each piece of work, as it is searched ("nurse", "midwife"; "sales or marketing manager": ' +
      '"sales manager", "marketing manager").',
  ),
});
export type QueryAlternativesResult = z.infer<typeof QueryAlternativesSchema>;

/**
 * What a search read as work named as alternatives ("nurse or midwife"), in words for people and
 * agents; null when it read none.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(
 *   queryAlternativesInWords({
 *     query_alternatives: { matched: "nurse or midwife", each: ["nurse", "midwife"] },
 *   }),
 *   'Read "nurse or midwife" as either of "nurse" and "midwife": the list holds what each lists ' +
 *     "searched alone.",
 * );
 * assert.equal(queryAlternativesInWords({}), null);
 * ```
 */
export function queryAlternativesInWords(
  response: { query_alternatives?: QueryAlternativesResult },
): string | null {
  const read = response.query_alternatives;
  if (!read) return null;
  const each = read.each.map((work) => `"${work}"`);
  return `Read "${read.matched}" as either of ${each.slice(0, -1).join(", ")} and ${
    each[each.length - 1]
  }: the list holds what each lists searched alone.`;
}

export const QueryShiftSchema = z.object({
  matched: z.string().describe('The words of the query that named them ("night shift").'),
  says: z.array(z.string()).describe(
    "The words a title or its tags says the hours with (`night`, `overnight`).",
  ),
});
export type QueryShiftResult = z.infer<typeof QueryShiftSchema>;

export const QueryPostedSchema = z.object({
  matched: z.string().describe('The words of the query that named it ("this week", "latest").'),
  since: z.string().optional().describe(
    "The day (`YYYY-MM-DD`, UTC) the postings are kept from, as `since` keeps them; absent where " +
      'the words ask only for the newest first ("latest").',
  ),
});
export type QueryPostedResult = z.infer<typeof QueryPostedSchema>;

export const QueryPaySchema = z.object({
  matched: z.string().describe('The words of the query that asked for good pay ("well paid").'),
  none_stated: z.literal(true).optional().describe(
    "None of the strong matches listed (after the filters) states pay: they are in their order.",
  ),
});
export type QueryPayResult = z.infer<typeof QueryPaySchema>;

export const QuerySalarySchema = z.object({
  matched: z.string().describe(
    'The words of the query that named the pay ("£30k", "$25 an hour").',
  ),
  salary_min: z.number().describe(
    "The least yearly pay applied, as `salary_min` compares it (an hourly figure x 2,080, ...).",
  ),
  currency: z.string().optional().describe(
    'The currency the pay was named in (ISO 4217: "£" is `GBP`, "€" `EUR`, a code itself), ' +
      "applied as `salary_currency`: postings paid in another are left out. Absent where none " +
      'or only "$" (the dollar of several countries) was named.',
  ),
  alone: z.literal(true).optional().describe(
    'Present where the pay is all the words ask but for a place or company ("jobs paying over ' +
      '100k", "£40k jobs in London"): the postings that state pay reaching it are the strong ' +
      "matches, newest first (with no place or company the only ones listed; beside one, its " +
      "postings that state no pay are the close ones); absent, the postings that state no pay " +
      "are kept among the work's.",
  ),
  stated_only: z.literal(true).optional().describe(
    "Present where a `salary_min` (lower than the words' pay) or `salary_currency` parameter " +
      "beside the words leaves out the postings that state no pay, as it does alone unless " +
      "`salary_include_unknown`.",
  ),
});
export type QuerySalaryResult = z.infer<typeof QuerySalarySchema>;

export const QueryCompanySchema = z.object({
  matched: z.string().describe('The words of the query that named the company ("Amazon").'),
  company: z.array(z.string()).describe(
    "The company names of the postings it stands for, as the postings write them.",
  ),
});
export type QueryCompanyResult = z.infer<typeof QueryCompanySchema>;

export const QueryCorrectedSchema = z.object({
  q: z.string().describe(
    'The query as searched, the misspelt words replaced ("nurse jobs in Leeds" for "nurce jobs ' +
      'in Leeds").',
  ),
  words: z.array(z.object({
    from: z.string().describe("The word as typed, lower-cased, accents folded."),
    to: z.string().describe("The word of the postings searched instead."),
  })).min(1).describe("Each word changed, in the order of the query."),
});
export type QueryCorrectedResult = z.infer<typeof QueryCorrectedSchema>;

export const QueryWorkSchema = z.object({
  searched_as: z.string().describe(
    "The work as its meaning was searched, where that holds words the query did not: a name a " +
      'title uses ("sparky (electrician)", "rn (registered nurse)", "driver" for "driving jobs"), ' +
      'or the work a phrase names ("accounting and finance" for "good with numbers", "job helping ' +
      'others" for "i want to help people").',
  ),
  also_as: z.string().optional().describe(
    "The work in English, searched too where the query names it in German or Dutch " +
      '("software developer" for "software ontwikkelaar"): the list holds what either finds.',
  ),
});
export type QueryWorkResult = z.infer<typeof QueryWorkSchema>;

/**
 * How the work was searched, where the words were read as others, in words for people and agents
 * (a list of support workers for "i want to help people" said nothing of why); null otherwise.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(
 *   queryWorkInWords({ query_work: { searched_as: "accounting and finance" } }),
 *   'Searched the work as "accounting and finance", as job titles name it.',
 * );
 * assert.equal(
 *   queryWorkInWords({
 *     query_work: { searched_as: "software ontwikkelaar (developer)", also_as: "software developer" },
 *   }),
 *   'Searched the work as "software ontwikkelaar (developer)" and as "software developer", as ' +
 *     "job titles name it.",
 * );
 * assert.equal(queryWorkInWords({}), null);
 * ```
 */
export function queryWorkInWords(response: { query_work?: QueryWorkResult }): string | null {
  const read = response.query_work;
  if (!read) return null;
  const also = read.also_as === undefined ? "" : ` and as "${read.also_as}"`;
  return `Searched the work as "${read.searched_as}"${also}, as job titles name it.`;
}

export const AppliedFiltersSchema = z.record(z.string(), z.string()).describe(
  "Each filter parameter given, by name (see the filter table in docs/search.md), with its value " +
    "as the search read it: times completed to `YYYY-MM-DD HH:MM:SS`, lists joined by commas.",
);
export type AppliedFilters = z.infer<typeof AppliedFiltersSchema>;

export const FacetCountSchema = z.object({
  value: z.string(),
  count: z.number().int().min(1),
});
export type FacetCount = z.infer<typeof FacetCountSchema>;

export const AppliedSchema = z.object({
  filters: AppliedFiltersSchema.describe(
    "The filter parameters the result set was narrowed by (only narrowed: relevance is decided " +
      "by the query alone).",
  ),
  emptied_by: z.array(z.string()).optional().describe(
    "When the set is empty but the query alone finds postings: the filters (or `query_place`, " +
      "`query_company`) that leave nothing on their own, or all applied ones when none does alone.",
  ),
});
export type Applied = z.infer<typeof AppliedSchema>;

/**
 * One line naming the filters a search applied, for people and agents; null without filters.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(
 *   describeApplied({ filters: { city: "Berlin", since: "2026-11-01 00:00:00" } }),
 *   "Filters applied: city=Berlin, since=2026-11-01 00:00:00.",
 * );
 * assert.equal(describeApplied({ filters: {} }), null);
 * ```
 */
export function describeApplied(applied: Applied | undefined): string | null {
  const named = Object.entries(applied?.filters ?? {}).map(([name, value]) => `${name}=${value}`);
  return named.length > 0 ? `Filters applied: ${named.join(", ")}.` : null;
}

/**
 * The place a query named, in words for people and agents: what the search then keeps. A city or
 * country and "remote" apply together (remote postings in that place), and "remote" is not a place
 * one searches "in". Several places are said as a list joined by "or" (the postings at any).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(queryPlaceInWords({ matched: "remote", remote: true }), "remote postings");
 * assert.equal(queryPlaceInWords({ matched: "in Leeds", city: "Leeds" }), "postings in Leeds");
 * assert.equal(
 *   queryPlaceInWords({
 *     matched: "Berlin or Munich",
 *     places: [{ matched: "Berlin", city: "Berlin" }, { matched: "Munich", city: "München" }],
 *   }),
 *   "postings in Berlin or München",
 * );
 * assert.equal(
 *   queryPlaceInWords({
 *     matched: "remote or London",
 *     places: [{ matched: "remote", remote: true }, { matched: "London", city: "London" }],
 *   }),
 *   "remote postings or postings in London",
 * );
 * assert.equal(
 *   queryPlaceInWords({ matched: "Leeds", near: "Leeds, GB", radius_km: 25 }),
 *   "postings within 25 km of Leeds, GB",
 * );
 * assert.equal(
 *   queryPlaceInWords({ matched: "sydney", near: "Sydney, AU", radius_km: 25, widened: true }),
 *   "postings within 25 km of Sydney, AU (nothing in Sydney itself is a strong match)",
 * );
 * assert.equal(
 *   queryPlaceInWords({ matched: "remote germany", country: "DE", remote: true }),
 *   "remote postings in Germany",
 * );
 * assert.equal(queryPlaceInWords({ matched: "uk", country: "GB" }), "postings in United Kingdom");
 * ```
 */
export function queryPlaceInWords(place: QueryPlaceResult): string {
  if (place.places !== undefined && place.places.length > 1) {
    const remote = place.remote === true;
    const plain = place.places.every((one) =>
      one.near === undefined && (one.city ?? one.region ?? one.country ?? one.area) !== undefined &&
      (one.remote === true) === false
    );
    if (plain) {
      const wheres = place.places.map(whereOf);
      return `${remote ? "remote " : ""}postings in ${orList(wheres)}`;
    }
    return orList(
      place.places.map((one) => queryPlaceInWords({ ...one, remote: one.remote || remote })),
    );
  }
  if (place.near !== undefined) {
    const within = `within ${place.radius_km} km of ${place.near}` +
      (place.widened
        ? ` (nothing in ${place.near.replace(/, [A-Z]{2}$/, "")} itself is a strong match)`
        : "");
    return place.remote ? `remote postings ${within}` : `postings ${within}`;
  }
  const where = whereOf(place);
  if (!place.remote) return `postings in ${where}`;
  return where ? `remote postings in ${where}` : "remote postings";
}

/**
 * A place's words: a country alone by its name ("Germany"); after a city or region its code is
 * short enough ("Springfield, Illinois, US"). Reviewer W, session 43: "Searching postings in NL".
 */
function whereOf(place: Omit<QueryPlaceResult, "matched" | "places">): string {
  const country = place.country !== undefined && place.city === undefined &&
      place.region === undefined
    ? countryName(place.country)
    : place.country;
  return [place.city, place.region, country, place.area].filter(Boolean).join(", ");
}

const REGION_NAMES = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });

/**
 * Codes people give for a country that are no ISO 3166-1 code of one, and the code they mean: the
 * postings never carry them (`country` is matched exactly, as the spec says), so a search with
 * `country=UK` finds nothing, and says which code to use (src/search/search_hint.ts). A person's
 * trial (session 57): the page had named "UK" the United Kingdom beside a count of 0.
 */
export const COUNTRY_CODES_MEANT: Readonly<Record<string, string>> = { UK: "GB", EL: "GR" };

/**
 * A country's English name from its ISO code ("DE": "Germany"); the code where none is known, or
 * where it is one of {@linkcode COUNTRY_CODES_MEANT} (no posting's).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(countryName("GB"), "United Kingdom");
 * assert.equal(countryName("UK"), "UK");
 * ```
 */
export function countryName(code: string): string {
  if (Object.hasOwn(COUNTRY_CODES_MEANT, code)) return code;
  try {
    return REGION_NAMES.of(code) ?? code;
  } catch {
    return code;
  }
}

/** "A or B", "A, B or C". */
function orList(items: readonly string[]): string {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}

/**
 * Where a search was narrowed, in words for "No strong match in Rotterdam": the city filter, the
 * place the query named, the country, or the filters in general; "" without any.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(searchPlaceInWords({ applied: { filters: { city: "Rotterdam" } } }), " in Rotterdam");
 * assert.equal(searchPlaceInWords({}), "");
 * const two = {
 *   matched: "berlin or amsterdam",
 *   places: [{ matched: "berlin", city: "Berlin" }, { matched: "amsterdam", city: "Amsterdam" }],
 * };
 * assert.equal(searchPlaceInWords({ query_place: two }), " in Berlin or Amsterdam");
 * assert.equal(
 *   searchPlaceInWords({ query_place: { ...two, remote: true } }),
 *   " among remote postings in Berlin or Amsterdam",
 * );
 * ```
 */
export function searchPlaceInWords(
  response: { applied?: Applied; query_place?: QueryPlaceResult },
): string {
  const filters = (response.applied?.filters ?? {}) as Record<string, unknown>;
  const named = response.query_place;
  if (typeof filters.city === "string") return ` in ${filters.city}`;
  // "nurse in Berlin or Munich": "in Berlin or München", as the places are said; remote there
  // too, "among remote postings in Berlin or München" ("Closest matches remote postings in ...").
  if (named?.places) {
    const said = queryPlaceInWords(named);
    return said.startsWith("remote ") ? ` among ${said}` : ` ${said.replace(/^postings /, "")}`;
  }
  if (named?.city) return ` in ${named.city}`;
  if (named?.near) return ` within ${named.radius_km} km of ${named.near}`;
  if (typeof filters.country === "string") return ` in ${filters.country}`;
  if (named?.country) return ` in ${named.country}`;
  if (named?.remote) return " among remote postings";
  return Object.keys(filters).length > 0 ? " under these filters" : "";
}

/**
 * The words of the query searched as others (`query_corrected`), in words for people and agents
 * (the web page, MCP and the CLI say it alike); null when none was.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const query_corrected = { q: "nurse in Leeds", words: [{ from: "nurce", to: "nurse" }] };
 * assert.equal(
 *   queryCorrectedInWords({ query_corrected }),
 *   'Showing results for "nurse in Leeds" (you typed "nurce": no posting has that word).',
 * );
 * assert.equal(queryCorrectedInWords({}), null);
 * ```
 */
export function queryCorrectedInWords(
  response: { query_corrected?: QueryCorrectedResult },
): string | null {
  const read = response.query_corrected;
  if (!read) return null;
  const typed = read.words.map((word) => `"${word.from}"`).join(", ");
  const none = read.words.length === 1 ? "no posting has that word" : "no posting has these words";
  return `Showing results for "${read.q}" (you typed ${typed}: ${none}).`;
}

/**
 * Where a reading's sentence below is said in a saved search's alerts (its digest and its feed)
 * instead of a search's answer: an alert sends the strong matches alone (docs/alerts.md, "What is
 * new") and takes no filter, so its words end with what is sent, not with how to ask for a filter.
 */
export const IN_ALERTS: unique symbol = Symbol("in alerts");
export type InAlerts = typeof IN_ALERTS;

/**
 * What a search read as the employment type in its query, in words for people and agents (the web
 * page, MCP and the CLI say it alike), with how to ask for the filter in their terms (`filter`:
 * "employment_type=parttime", "--employment-type parttime"); null when the query named none. Where
 * the filter is applied already, it is not offered again. In newest-first order (`sort` "date") a
 * stated type decides which postings are strong matches, not where they stand, and the words say
 * that instead.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const response = { query_employment: { matched: "part time", employment_type: "parttime" as const } };
 * assert.equal(
 *   queryEmploymentInWords(response, (t) => `employment_type=${t}`),
 *   'Read "part time" as the employment type (parttime), not as the work: postings that state ' +
 *     "it or say it rank a little higher than they would without it (how near they are to the " +
 *     "work counts for more), and the rest are not left out " +
 *     "(most postings state no type); " +
 *     "employment_type=parttime keeps only the postings that state it.",
 * );
 * assert.match(
 *   queryEmploymentInWords(response, (t) => t, "date")!,
 *   /postings that state it or say it are counted as matches more readily than they would be /,
 * );
 * assert.equal(queryEmploymentInWords({}, (t) => t), null);
 * // The type alone, no place named: those are listed, and only they.
 * const alone = { query_employment: { ...response.query_employment, alone: true as const } };
 * assert.equal(
 *   queryEmploymentInWords(alone, (t) => `employment_type=${t}`),
 *   'Read "part time" as the employment type (parttime), not as the work: only the postings ' +
 *     "that state it or say it are listed; employment_type=parttime keeps only those that state it.",
 * );
 * assert.equal(
 *   queryEmploymentInWords(response, IN_ALERTS),
 *   'Read "part time" as the employment type (parttime), not as the work.',
 * );
 * ```
 */
export function queryEmploymentInWords(
  response: ReadAlone,
  filter: ((type: EmploymentType) => string) | InAlerts,
  sort: "date" | "relevance" = "relevance",
): string | null {
  const read = response.query_employment;
  if (!read) return null;
  const said = `Read "${read.matched}" as the employment type (${read.employment_type}), not as ` +
    "the work";
  if (filter === IN_ALERTS) return `${said}.`;
  if (response.applied?.filters.employment_type !== undefined) return `${said}.`;
  if (read.alone && !listedThere(response)) {
    // "part time jobs": no work and no place named; every other posting would be a close match.
    return `${said}: only the postings that state it or say it are listed${
      alsoReadAlone(response, "query_employment")
    }; ${filter(read.employment_type)} keeps only those that state it.`;
  }
  // "state it": the posting's `employment_type` counts on the keyword side as the words would
  // (src/index/stated_type.ts); "say it": its title or text has the words.
  const lift = sort === "date"
    ? "are counted as matches more readily than they would be without it"
    // "a little": a Full-time "Cleaner" still leads "part time cleaning" over a Part-time "Office
    // Cleaner" (reviewer W52 read "rank higher" as above every posting of another type).
    : "rank a little higher than they would without it (how near they are to the work counts " +
      "for more)";
  return `${said}: postings that state it or say it ${lift}, ` +
    `and the rest are not left out (most postings state no type); ${
      filter(read.employment_type)
    } keeps only the postings that state it.`;
}

/**
 * Whether a response's readings alone were listed at a place or company its words name ("hybrid
 * jobs in Amsterdam": the postings there that say hybrid first, the others there close ones),
 * not anywhere ("hybrid jobs": those that say hybrid, and only they).
 */
function listedThere(
  response: { query_place?: QueryPlaceResult; query_company?: QueryCompanyResult },
): boolean {
  return response.query_place !== undefined || response.query_company !== undefined;
}

/** The readings alone a response may carry, in the order their sentences name each other. */
const READ_ALONE = [
  "query_employment",
  "query_seniority",
  "query_work_mode",
  "query_shift",
  "query_language",
] as const;

/** The fields of a response the readings' sentences below read. */
interface ReadAlone {
  query_seniority?: QuerySeniorityResult;
  query_work_mode?: QueryWorkModeResult;
  query_employment?: QueryEmploymentResult;
  query_shift?: QueryShiftResult;
  query_language?: QueryLanguageResult;
  query_place?: QueryPlaceResult;
  query_company?: QueryCompanyResult;
  applied?: Applied;
  /** The strong matches' count: where none is, a reading says so rather than which they are. */
  total?: number;
  /** The close matches' count: where none is listed either, no sentence speaks of a list. */
  close_total?: number;
}

/**
 * The words of the other readings alone a response carries beside `own` ("senior hybrid roles in
 * Amsterdam": a strong match is both), quoted, for " where they are also ..."; "" where none.
 */
function alsoReadAlone(response: ReadAlone, own: (typeof READ_ALONE)[number]): string {
  const others = READ_ALONE
    .filter((name) => name !== own && response[name] !== undefined)
    .filter((name) => name !== "query_seniority" || !response.query_seniority?.beside_work)
    .filter((name) => name !== "query_work_mode" || !response.query_work_mode?.beside_work)
    .filter((name) => name !== "query_language" || !response.query_language?.beside_work)
    .map((name) => `"${response[name]!.matched}"`);
  return others.length === 0 ? "" : ` where they are also ${others.join(" and ")}`;
}

/**
 * What a search read as how the work is done, alone beside a place, in words for people and
 * agents, with how to ask for the filter in their terms (`filter`: `remote "hybrid"`, "--remote
 * hybrid"); null when it named none. Where the filter is applied already, it is not offered again.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const amsterdam = { matched: "in Amsterdam", city: "Amsterdam" };
 * const hybrid = {
 *   query_work_mode: { matched: "hybrid", work_mode: "hybrid" as const },
 *   query_place: amsterdam,
 * };
 * assert.equal(
 *   queryWorkModeInWords(hybrid, (mode) => `remote=${mode}`),
 *   'Read "hybrid" as how the work is done (hybrid), not as the work: the postings there that ' +
 *     "say hybrid are the strong matches, the others close ones; remote=hybrid keeps only the first.",
 * );
 * const onsite = {
 *   query_work_mode: { matched: "on-site", work_mode: "onsite" as const },
 *   query_place: amsterdam,
 * };
 * assert.match(queryWorkModeInWords(onsite, (m) => m)!, /say neither remote nor hybrid, are the/);
 * // Read with a seniority alone: a strong match is both.
 * const both = { ...hybrid, query_seniority: { matched: "senior", seniority: ["senior" as const] } };
 * assert.match(
 *   queryWorkModeInWords(both, (m) => m)!,
 *   /say hybrid are the strong matches where they are also "senior", the others/,
 * );
 * const either = {
 *   query_work_mode: { matched: "remote or hybrid", work_mode: "remote,hybrid" as const },
 *   query_place: amsterdam,
 * };
 * assert.equal(
 *   queryWorkModeInWords(either, (mode) => `remote=${mode}`),
 *   'Read "remote or hybrid" as how the work is done (remote or hybrid), not as the work: the ' +
 *     "postings there that say remote or hybrid are the strong matches, the others close ones; " +
 *     "remote=remote,hybrid keeps only the first.",
 * );
 * assert.equal(queryWorkModeInWords({}, (mode) => mode), null);
 * // No place named: the postings that say it anywhere, and only they.
 * assert.equal(
 *   queryWorkModeInWords({ query_work_mode: hybrid.query_work_mode }, (m) => m),
 *   'Read "hybrid" as how the work is done (hybrid), not as the work: only the postings that ' +
 *     "say hybrid are listed; hybrid keeps only those whose work mode says it.",
 * );
 * assert.equal(
 *   queryWorkModeInWords(hybrid, IN_ALERTS),
 *   'Read "hybrid" as how the work is done (hybrid), not as the work: only the postings there ' +
 *     "that say hybrid are sent.",
 * );
 * ```
 */
export function queryWorkModeInWords(
  response: ReadAlone,
  filter: ((mode: string) => string) | InAlerts,
): string | null {
  const read = response.query_work_mode;
  if (!read) return null;
  if (read.beside_work) return workModeBesideInWords(read, response, filter);
  const modes = read.work_mode.split(",");
  const said = `Read "${read.matched}" as how the work is done (${modes.join(" or ")}), not as ` +
    "the work";
  const saying = modes.map((mode) => mode === "onsite" ? "on-site" : mode).join(" or ");
  const there = listedThere(response);
  const postings = there ? "the postings there" : "the postings";
  // On-site is what most postings are without saying it; the filter keeps those that say it.
  const those = modes.includes("onsite")
    ? `${postings} that say ${saying}, or say neither remote nor hybrid,`
    : `${postings} that say ${saying}`;
  const also = alsoReadAlone(response, "query_work_mode");
  if (filter === IN_ALERTS) return `${said}: only ${those} are sent${also}.`;
  if (response.applied?.filters.remote !== undefined) return `${said}.`;
  if (!there) {
    // "hybrid jobs": no place named; every other posting would be a close match.
    return `${said}: only ${those} are listed${also}; ${
      filter(read.work_mode)
    } keeps only those whose work mode says it.`;
  }
  const only = modes.includes("onsite") ? `those that say ${saying}` : "the first";
  return `${said}: ${those} are the strong matches${also}, the others close ones; ${
    filter(read.work_mode)
  } keeps only ${only}.`;
}

/**
 * `queryWorkModeInWords` of how the work is done said beside the work ("data analyst hybrid").
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const beside = {
 *   query_work_mode: { matched: "hybrid", work_mode: "hybrid" as const, beside_work: true as const },
 * };
 * assert.equal(
 *   queryWorkModeInWords(beside, (mode) => `remote=${mode}`),
 *   'Read "hybrid" as how the work is done (hybrid) beside the work: the postings of the work ' +
 *     "that say hybrid are the strong matches, the others close ones; remote=hybrid keeps only " +
 *     "those whose fields say it.",
 * );
 * assert.equal(
 *   queryWorkModeInWords(beside, IN_ALERTS),
 *   'Read "hybrid" as how the work is done (hybrid) beside the work: only the postings of the ' +
 *     "work that say hybrid are sent.",
 * );
 * const none = {
 *   query_work_mode: { ...beside.query_work_mode, none_in_mode: true as const },
 * };
 * assert.equal(
 *   queryWorkModeInWords(none, (mode) => `remote=${mode}`),
 *   'Read "hybrid" as how the work is done (hybrid) beside the work: none of the work\'s ' +
 *     "strong matches says hybrid, so they all stay the strong matches.",
 * );
 * ```
 */
function workModeBesideInWords(
  read: QueryWorkModeResult,
  response: ReadAlone,
  filter: ((mode: string) => string) | InAlerts,
): string {
  const said = `Read "${read.matched}" as how the work is done (${read.work_mode}) beside the work`;
  const saying = read.work_mode === "onsite" ? "on-site" : read.work_mode;
  if (read.none_in_mode) {
    if (response.total === 0 && filter !== IN_ALERTS) {
      return `${said}: none of the work's postings says ${saying}, and none is a strong match ` +
        "here; every posting listed is a close one.";
    }
    return `${said}: none of the work's strong matches says ${saying}, so they all stay the strong ` +
      "matches.";
  }
  // On-site is what most postings are without saying it, as read alone (`#ofWorkMode`).
  const those = read.work_mode === "onsite"
    ? "the postings of the work that say on-site, or say neither remote nor hybrid,"
    : `the postings of the work that say ${saying}`;
  if (filter === IN_ALERTS) return `${said}: only ${those} are sent.`;
  if (response.applied?.filters.remote !== undefined) return `${said}.`;
  // The filter reads the fields alone: a title that says "hybrid" is a strong match it drops, and
  // few postings' fields say on-site (the page offers no link to it: src/web/search_page.tsx).
  const only = read.work_mode === "onsite"
    ? "those whose fields say on-site"
    : "those whose fields say it";
  return `${said}: ${those} are the strong matches, the others close ones; ${
    filter(read.work_mode)
  } keeps only ${only}.`;
}

/**
 * What a search read as the hours alone beside a place ("night shift jobs in Houston"), in words
 * for people and agents; null when it named none. No filter keeps only them: the words are the
 * titles' own.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const houston = { matched: "in Houston", city: "Houston" };
 * const nights = {
 *   query_shift: { matched: "night shift", says: ["night", "nights", "overnight"] },
 *   query_place: houston,
 * };
 * assert.equal(
 *   queryShiftInWords(nights),
 *   'Read "night shift" as the hours, not as the work: the postings there whose title says ' +
 *     "night, nights or overnight are the strong matches, the others close ones.",
 * );
 * assert.equal(
 *   queryShiftInWords(nights, IN_ALERTS),
 *   'Read "night shift" as the hours, not as the work: only the postings there whose title says ' +
 *     "night, nights or overnight are sent.",
 * );
 * assert.equal(queryShiftInWords({}), null);
 * // No place named: the postings whose title says them, anywhere, and only they.
 * assert.match(queryShiftInWords({ query_shift: nights.query_shift })!, /: only the postings who/);
 * ```
 */
export function queryShiftInWords(response: ReadAlone, inAlerts?: InAlerts): string | null {
  const read = response.query_shift;
  if (!read) return null;
  const words = read.says.length > 1
    ? `${read.says.slice(0, -1).join(", ")} or ${read.says[read.says.length - 1]}`
    : read.says.join("");
  const said = `Read "${read.matched}" as the hours, not as the work`;
  const there = listedThere(response);
  const those = `the postings${there ? " there" : ""} whose title says ${words}`;
  const also = alsoReadAlone(response, "query_shift");
  if (inAlerts === IN_ALERTS) return `${said}: only ${those} are sent${also}.`;
  // "night shift jobs": no place named; every other posting would be a close match.
  if (!there) return `${said}: only ${those} are listed${also}.`;
  return `${said}: ${those} are the strong matches${also}, the others close ones.`;
}

/**
 * What a search read as the language the work is done in ("english speaking jobs in Berlin",
 * "german speaking customer support"), in words for people and agents; null when it named none.
 * No filter keeps only them: the postings' `languages` are read at import.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const berlin = { matched: "in Berlin", city: "Berlin" };
 * const english = {
 *   query_language: { matched: "english speaking", needs: "only" as const, language: "en" as const },
 *   query_place: berlin,
 * };
 * assert.equal(
 *   queryLanguageInWords(english),
 *   'Read "english speaking" as the language of the work, not as the work: the postings there ' +
 *     "that need no language but English (as their description says, or their title where they " +
 *     "have none) are the strong matches, the others close ones.",
 * );
 * assert.equal(
 *   queryLanguageInWords(english, IN_ALERTS),
 *   'Read "english speaking" as the language of the work, not as the work: only the postings ' +
 *     "there that need no language but English (as their description says, or their title where " +
 *     "they have none) are sent.",
 * );
 * const beside = {
 *   query_language: {
 *     matched: "german speaking",
 *     needs: "uses" as const,
 *     language: "de" as const,
 *     beside_work: true as const,
 *   },
 * };
 * assert.equal(
 *   queryLanguageInWords(beside),
 *   'Read "german speaking" as the language of the work: the postings of the work that need ' +
 *     "German (as their description says, or their title where they have none) are the strong " +
 *     "matches, the others close ones.",
 * );
 * assert.match(
 *   queryLanguageInWords({
 *     query_language: { ...beside.query_language, none_in_language: true as const },
 *   })!,
 *   /none of the work's strong matches is known to need German, so they all stay the strong/,
 * );
 * // "No german": none is known not to need it.
 * assert.match(
 *   queryLanguageInWords({
 *     query_language: {
 *       matched: "no german",
 *       needs: "not" as const,
 *       language: "de" as const,
 *       beside_work: true as const,
 *       none_in_language: true as const,
 *     },
 *   })!,
 *   /none of the work's strong matches is known not to need German, so they all stay/,
 * );
 * // Alone at a place where no posting is known to fit: all are close matches.
 * assert.equal(
 *   queryLanguageInWords({
 *     ...english,
 *     query_language: { ...english.query_language, none_in_language: true as const },
 *   }),
 *   'Read "english speaking" as the language of the work, not as the work: no posting there is ' +
 *     "known to need no language but English (a posting without a description is known by its " +
 *     "title's words only), so the postings there are listed as close matches.",
 * );
 * assert.equal(queryLanguageInWords({}), null);
 * ```
 */
export function queryLanguageInWords(response: ReadAlone, inAlerts?: InAlerts): string | null {
  const read = response.query_language;
  if (!read) return null;
  const needs = languageNeedInWords(read);
  if (read.beside_work) {
    const said = `Read "${read.matched}" as the language of the work`;
    if (read.none_in_language) {
      return `${said}: none of the work's strong matches is known ${
        knownToNeed(read)
      }, so they all stay the strong matches.`;
    }
    const those = `the postings of the work that ${needs}${AS_KNOWN}`;
    if (inAlerts === IN_ALERTS) return `${said}: only ${those} are sent.`;
    return `${said}: ${those} are the strong matches, the others close ones.`;
  }
  const said = `Read "${read.matched}" as the language of the work, not as the work`;
  const there = listedThere(response);
  if (read.none_in_language) {
    return `${said}: no posting${there ? " there" : ""} is known ${
      knownToNeed(read)
    } (a posting without a description is known by its title's words only), so the postings` +
      `${there ? " there" : ""} are listed as close matches.`;
  }
  const those = `the postings${there ? " there" : ""} that ${needs}${AS_KNOWN}`;
  const also = alsoReadAlone(response, "query_language");
  if (inAlerts === IN_ALERTS) return `${said}: only ${those} are sent${also}.`;
  if (!there) return `${said}: only ${those} are listed${also}.`;
  return `${said}: ${those} are the strong matches${also}, the others close ones.`;
}

/**
 * What a search read as when its postings were posted, in words for people and agents, with how
 * to ask for another day in their terms (`filter`: "since", "--since"); null when it named none.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(
 *   queryPostedInWords({ query_posted: { matched: "this week", since: "2026-11-23" } }, "since"),
 *   'Read "this week" as when the postings were posted, not as the work: only those posted on ' +
 *     "2026-11-23 or later are listed; since sets a later day.",
 * );
 * assert.equal(
 *   queryPostedInWords({ query_posted: { matched: "latest" } }, "since"),
 *   'Read "latest" as the newest first, not as the work.',
 * );
 * assert.equal(queryPostedInWords({}, "since"), null);
 * assert.equal(
 *   queryPostedInWords({ query_posted: { matched: "this week", since: "2026-11-23" } }, IN_ALERTS),
 *   'Read "this week" as when the postings were posted, not as the work: only those posted on ' +
 *     "2026-11-23 or later are sent.",
 * );
 * ```
 */
export function queryPostedInWords(
  response: { query_posted?: QueryPostedResult },
  filter: string | InAlerts,
): string | null {
  const read = response.query_posted;
  if (!read) return null;
  if (read.since === undefined) {
    // A saved search sends what is new, best first: the order the words asked for is not its.
    return filter === IN_ALERTS
      ? `Read "${read.matched}" as asking for new postings, not as the work: each one sent is new.`
      : `Read "${read.matched}" as the newest first, not as the work.`;
  }
  const said = `Read "${read.matched}" as when the postings were posted, not as the work: only ` +
    `those posted on ${read.since} or later are`;
  return filter === IN_ALERTS ? `${said} sent.` : `${said} listed; ${filter} sets a later day.`;
}

/**
 * What a search read as a seniority alone in its query ("entry level jobs in London"), in words for
 * people and agents (the web page, MCP and the CLI say it alike), with how to ask for the filter in
 * their terms (`filter`: `seniority "junior,intern"`, "--seniority junior,intern"); null when the
 * query named none. Where the filter is applied already, it is not offered again.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const response = {
 *   query_seniority: { matched: "entry level", seniority: ["junior" as const, "intern" as const] },
 *   query_place: { matched: "in London", city: "London" },
 * };
 * assert.equal(
 *   querySeniorityInWords(response, (levels) => `seniority=${levels}`),
 *   'Read "entry level" as the seniority (junior, intern), not as the work: the postings ' +
 *     "whose title or job level says it are the strong matches, the others there close ones; " +
 *     "seniority=junior,intern keeps only the first.",
 * );
 * assert.equal(querySeniorityInWords({}, (levels) => levels), null);
 * // No place named: the filter would keep the same postings, so it is not offered.
 * assert.equal(
 *   querySeniorityInWords({ query_seniority: response.query_seniority }, (levels) => levels),
 *   'Read "entry level" as the seniority (junior, intern), not as the work: only the postings ' +
 *     "whose title or job level says it are listed.",
 * );
 * assert.equal(
 *   querySeniorityInWords(response, IN_ALERTS),
 *   'Read "entry level" as the seniority (junior, intern), not as the work: only the postings ' +
 *     "whose title or job level says it are sent.",
 * );
 * // Beside the work: the work is searched, the levels it rules out are close matches at most.
 * const beside = {
 *   query_seniority: {
 *     matched: "entry level",
 *     seniority: ["junior" as const, "intern" as const],
 *     beside_work: true as const,
 *   },
 * };
 * assert.equal(
 *   querySeniorityInWords(beside, (levels) => `seniority=${levels}`),
 *   'Read "entry level" as the seniority (junior, intern) beside the work: the postings of the ' +
 *     "work whose title or job level says junior or intern are the strong matches, the others " +
 *     "close ones; seniority=junior,intern keeps only the postings whose seniority is junior or " +
 *     "intern.",
 * );
 * assert.match(querySeniorityInWords(beside, IN_ALERTS)!, /^Read .*: only the postings of the/);
 * // None of the work's postings is of the level: what is listed instead, and no filter offered.
 * const none = {
 *   query_seniority: { ...beside.query_seniority, none_at_level: true as const },
 * };
 * assert.equal(
 *   querySeniorityInWords(none, (levels) => `seniority=${levels}`),
 *   'Read "entry level" as the seniority (junior, intern) beside the work: none of the work\'s ' +
 *     "postings says junior or intern, so those that say no senior, lead or executive level are " +
 *     "the strong matches; the others are close ones.",
 * );
 * // Where nothing is strong at all, no rule names an empty set.
 * assert.match(
 *   querySeniorityInWords({ ...none, total: 0 }, (levels) => `seniority=${levels}`)!,
 *   /none that would stand in for them is a strong match here; every posting listed is a close one\.$/,
 * );
 * // "No experience" asks for no level (session 57): the work's postings of no level ruled out.
 * const lacking = {
 *   total: 20,
 *   query_seniority: {
 *     matched: "no experience",
 *     seniority: ["junior" as const, "intern" as const],
 *     beside_work: true as const,
 *     no_level_asked: true as const,
 *   },
 * };
 * assert.equal(
 *   querySeniorityInWords(lacking, (levels) => `seniority=${levels}`),
 *   'Read "no experience" as asking for no level beside the work: the postings of the work that ' +
 *     "say no senior, lead or executive level are the strong matches, the others close ones; " +
 *     "seniority=junior,intern keeps only those whose seniority is junior or intern.",
 * );
 * assert.match(
 *   querySeniorityInWords({ ...lacking, total: 0 }, (levels) => `seniority=${levels}`)!,
 *   /is a strong match here; every posting listed is a close one\.$/,
 * );
 * assert.equal(
 *   querySeniorityInWords({ ...lacking, total: 0, close_total: 0 }, (l) => `seniority=${l}`),
 *   'Read "no experience" as asking for no level beside the work.',
 * );
 * assert.equal(
 *   querySeniorityInWords(
 *     { ...lacking, applied: { filters: { seniority: "junior" } } },
 *     (levels) => `seniority=${levels}`,
 *   ),
 *   'Read "no experience" as asking for no level beside the work.',
 * );
 * ```
 */
export function querySeniorityInWords(
  response: ReadAlone,
  filter: ((levels: string) => string) | InAlerts,
): string | null {
  const read = response.query_seniority;
  if (!read) return null;
  if (read.beside_work) return seniorityBesideInWords(read, response, filter);
  const said = `Read "${read.matched}" as the seniority (${read.seniority.join(", ")}), not as ` +
    "the work";
  const those = "the postings whose title or job level says it";
  if (filter === IN_ALERTS) {
    return `${said}: only ${those} are sent${alsoReadAlone(response, "query_seniority")}.`;
  }
  if (response.applied?.filters.seniority !== undefined) return `${said}.`;
  if (!listedThere(response)) {
    // "entry level jobs": no place named; the filter would keep the same postings.
    return `${said}: only ${those} are listed${alsoReadAlone(response, "query_seniority")}.`;
  }
  return `${said}: ${those} are the strong matches${
    alsoReadAlone(response, "query_seniority")
  }, the others there close ones; ${filter(read.seniority.join(","))} keeps only the first.`;
}

/** `querySeniorityInWords` of a level said beside the work. */
function seniorityBesideInWords(
  read: QuerySeniorityResult,
  response: ReadAlone,
  filter: ((levels: string) => string) | InAlerts,
): string {
  const or = (levels: readonly string[]) =>
    levels.length === 1 ? levels[0] : `${levels.slice(0, -1).join(", ")} or ${levels.at(-1)}`;
  const said =
    `Read "${read.matched}" as the seniority (${read.seniority.join(", ")}) beside the ` +
    "work";
  const ruledOut = `say no ${or(ruledOutBy(read.seniority))} level`;
  if (read.no_level_asked) {
    // Said as the other readings are: with a `seniority` filter, or nothing strong, the rule would
    // name a set that is not listed (reviewer C57).
    const asking = `Read "${read.matched}" as asking for no level beside the work`;
    if (filter === IN_ALERTS) return `${asking}: only the postings that ${ruledOut} are sent.`;
    if (response.applied?.filters.seniority !== undefined) return `${asking}.`;
    if (response.total === 0) {
      // Nothing listed at all ("receptionist no experience glasgow", where no posting is in
      // Glasgow): the reading alone, the hint says the rest (a person's trial, session 57).
      if (response.close_total === 0) return `${asking}.`;
      return `${asking}: none of the work's postings that ${ruledOut} is a strong match here; ` +
        "every posting listed is a close one.";
    }
    return `${asking}: the postings of the work that ${ruledOut} are the strong matches, the ` +
      `others close ones; ${filter(read.seniority.join(","))} keeps only those whose seniority is ${
        or(read.seniority)
      }.`;
  }
  if (read.none_at_level) {
    if (response.total === 0 && filter !== IN_ALERTS) {
      // Nothing else is strong either (a place, another reading): the rule would name an empty
      // set beside "No strong match" (reviewer W, session 43).
      return `${said}: none of the work's postings says ${
        or(read.seniority)
      }, and none that would stand in for them is a strong match here; every posting listed is a ` +
        "close one.";
    }
    const listed = filter === IN_ALERTS ? "only those are sent" : "the others are close ones";
    return `${said}: none of the work's postings says ${
      or(read.seniority)
    }, so those that ${ruledOut} are the strong matches; ${listed}.`;
  }
  const those = `the postings of the work whose title or job level says ${or(read.seniority)}`;
  if (filter === IN_ALERTS) return `${said}: only ${those} are sent.`;
  if (response.applied?.filters.seniority !== undefined) return `${said}.`;
  return `${said}: ${those} are the strong matches, the others close ones; ${
    filter(read.seniority.join(","))
  } keeps only the postings whose seniority is ${or(read.seniority)}.`;
}

/**
 * What a search read as a company in its query, in words for people and agents; null when it named
 * none.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(
 *   queryCompanyInWords({ query_company: { matched: "Amazon", company: ["Amazon.com", "Amazon"] } }),
 *   'Only postings of Amazon.com, Amazon: the query named it ("Amazon").',
 * );
 * const many = ["Deutsche Bahn", "Deutsche Bank", "Deutsche Börse", "Deutsche Telekom"];
 * assert.equal(
 *   queryCompanyInWords({ query_company: { matched: "Deutsche", company: many } }),
 *   'Only postings of Deutsche Bahn, Deutsche Bank, Deutsche Börse and 1 more: the query named it ' +
 *     '("Deutsche").',
 * );
 * ```
 */
export function queryCompanyInWords(
  response: { query_company?: QueryCompanyResult },
): string | null {
  const read = response.query_company;
  if (!read) return null;
  const shown = read.company.length > 3
    ? `${read.company.slice(0, 3).join(", ")} and ${read.company.length - 3} more`
    : read.company.join(", ");
  return `Only postings of ${shown}: the query named it ("${read.matched}").`;
}

/**
 * What a search read as pay in its query, in words for people and agents, with how to ask for
 * a higher floor in their terms (`filter`: "salary_min", "--salary-min"); null when it named none.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(
 *   querySalaryInWords({ query_salary: { matched: "£30k", salary_min: 30000 } }, "salary_min"),
 *   'Read "£30k" as pay, not as the work: postings that state less than 30,000 a year in their ' +
 *     "own currency are left out, those that state no pay are kept; salary_min sets a higher floor.",
 * );
 * assert.equal(
 *   querySalaryInWords(
 *     { query_salary: { matched: "over 100k", salary_min: 100000, alone: true } },
 *     "salary_min",
 *   ),
 *   'Read "over 100k" as pay: only postings that state pay reaching 100,000 a year in their own ' +
 *     "currency are listed; salary_min sets a higher floor.",
 * );
 * assert.equal(
 *   querySalaryInWords(
 *     { query_salary: { matched: "over €60k", salary_min: 60000, currency: "EUR", alone: true } },
 *     IN_ALERTS,
 *   ),
 *   'Read "over €60k" as pay: only postings that state pay reaching 60,000 EUR a year are sent.',
 * );
 * assert.equal(
 *   querySalaryInWords(
 *     { query_salary: { matched: "£30k", salary_min: 30000, currency: "GBP" } },
 *     "salary_min",
 *   ),
 *   'Read "£30k" as pay, not as the work: postings that state less than 30,000 GBP a year, or ' +
 *     "pay in another currency, are left out, those that state no pay are kept; salary_min sets " +
 *     "a higher floor.",
 * );
 * const inLondon = {
 *   query_salary: { matched: "£40k", salary_min: 40000, currency: "GBP", alone: true as const },
 *   query_place: { matched: "in London", city: "London" },
 * };
 * assert.equal(
 *   querySalaryInWords(inLondon, "salary_min"),
 *   'Read "£40k" as pay: the postings there that state pay reaching 40,000 GBP a year are the ' +
 *     "strong matches, those that state no pay close ones; salary_min sets a higher floor.",
 * );
 * assert.equal(
 *   querySalaryInWords(inLondon, IN_ALERTS),
 *   'Read "£40k" as pay: only the postings there that state pay reaching 40,000 GBP a year are ' +
 *     "sent.",
 * );
 * // Beside a salary parameter, the postings that state no pay are left out too.
 * assert.equal(
 *   querySalaryInWords(
 *     { query_salary: { matched: "90k", salary_min: 90000, stated_only: true } },
 *     "salary_min",
 *   ),
 *   'Read "90k" as pay, not as the work: postings that state less than 90,000 a year in their ' +
 *     "own currency or no pay are left out; salary_min sets a higher floor.",
 * );
 * assert.equal(querySalaryInWords({}, "salary_min"), null);
 * assert.match(
 *   querySalaryInWords({ query_salary: { matched: "£30k", salary_min: 30000 } }, IN_ALERTS)!,
 *   /those that state no pay are kept\.$/,
 * );
 * ```
 */
export function querySalaryInWords(
  response: Pick<SearchResponse, "query_salary" | "query_place" | "query_company">,
  filter: string | InAlerts,
): string | null {
  const read = response.query_salary;
  if (!read) return null;
  // With no currency the floor is each posting's own ("over 100k" lets rupees through): said, so
  // that a person names one ("£100k", "100k USD"; a person's trial, session 57).
  const least = `${read.salary_min.toLocaleString("en-US")}${
    read.currency ? ` ${read.currency}` : ""
  }`;
  const aYear = read.currency ? "a year" : "a year in their own currency";
  // "£40k jobs in London": the place's postings that state no pay are its close matches.
  const there = response.query_place !== undefined || response.query_company !== undefined;
  // "jobs paying over 100k": the pay is what the list is of, so a posting must state it.
  // A posting's pay is its range's top (`salary_min` compares it): pay "reaching" the figure.
  const said = read.alone && there && filter !== IN_ALERTS
    ? `Read "${read.matched}" as pay: the postings there that state pay reaching ${least} ${aYear} ` +
      "are the strong matches, those that state no pay close ones"
    : read.alone
    ? `Read "${read.matched}" as pay: only ${there ? "the " : ""}postings ${
      there ? "there " : ""
    }that state pay reaching ${least} ${aYear} are ${filter === IN_ALERTS ? "sent" : "listed"}`
    : read.stated_only
    ? `Read "${read.matched}" as pay, not as the work: postings that state less than ${least} ${aYear}` +
      `${read.currency ? ", pay in another currency," : ""} or no pay are left out`
    : `Read "${read.matched}" as pay, not as the work: postings that state less than ${least} ${aYear}` +
      `${read.currency ? ", or pay in another currency," : ""} are left out, those that ` +
      "state no pay are kept";
  // A lower floor does not widen the words' (session 37): only a higher one is another floor.
  return filter === IN_ALERTS ? `${said}.` : `${said}; ${filter} sets a higher floor.`;
}

/**
 * What a search read as good pay asked for without a figure, in words for people and agents; null
 * when the query asked for none. In newest-first order (`sort` "date") the words change nothing
 * but what is searched, and the sentence says where the best paid are listed first.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const read = { query_pay: { matched: "well paid" }, total: 12 };
 * assert.equal(
 *   queryPayInWords(read, "relevance"),
 *   'Read "well paid" as pay, not as the work: the strong matches that state pay come first, ' +
 *     "the best paid first (by the top of each range as a yearly figure, compared across " +
 *     "currencies at rough rates); the others follow, none is left out.",
 * );
 * assert.match(
 *   queryPayInWords({ ...read, query_pay: { matched: "well paid", none_stated: true } }, "relevance")!,
 *   /none of the strong matches listed states pay, so they are listed best match first\.$/,
 * );
 * assert.match(queryPayInWords(read, "date")!, /in relevance order those that state the most pay/);
 * assert.equal(queryPayInWords({}, "relevance"), null);
 * assert.equal(
 *   queryPayInWords({ query_pay: { matched: "best paying" }, total: 0 }, "relevance"),
 *   'Read "best paying" as pay, not as the work.',
 * );
 * ```
 */
export function queryPayInWords(
  response: Pick<SearchResponse, "query_pay"> & { total?: number },
  sort: "date" | "relevance" | InAlerts,
): string | null {
  const read = response.query_pay;
  if (!read) return null;
  const said = `Read "${read.matched}" as pay, not as the work`;
  // "best paying jobs": nothing else named, nothing listed (the hint says what to name).
  if (sort === IN_ALERTS || response.total === 0) return `${said}.`;
  if (read.none_stated) {
    return sort === "date"
      ? `${said}: none of the strong matches listed states pay.`
      : `${said}: none of the strong matches listed states pay, so they are listed best match ` +
        "first.";
  }
  if (sort === "date") {
    return `${said}: newest first, the strong matches are listed by date; in relevance order those ` +
      "that state the most pay come first.";
  }
  return `${said}: the strong matches that state pay come first, the best paid first (by the top ` +
    "of each range as a yearly figure, compared across currencies at rough rates); the others " +
    "follow, none is left out.";
}

/** How a surface writes the parameters the reading sentences offer (MCP's names, the CLI's flags). */
export interface ParameterSpelling {
  employmentType: (type: EmploymentType) => string;
  seniority: (levels: string) => string;
  remote: (modes: string) => string;
  since: string;
  salaryMin: string;
}

/**
 * What the words were read as beside the place, a sentence each, in the order MCP's text and the
 * CLI say them: the employment type, the seniority, the way of working, the hours, the day, the
 * company, the pay, good pay asked for.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const spelling = {
 *   employmentType: (type: string) => `--employment-type ${type}`,
 *   seniority: (levels: string) => `--seniority ${levels}`,
 *   remote: (modes: string) => `--remote ${modes}`,
 *   since: "--since",
 *   salaryMin: "--salary-min",
 * };
 * const said = queryReadingsInWords({
 *   query_seniority: { matched: "senior", seniority: ["senior" as const] },
 *   query_work_mode: { matched: "hybrid", work_mode: "hybrid" as const },
 *   query_place: { matched: "in Amsterdam", city: "Amsterdam" },
 * }, spelling, "relevance");
 * assert.equal(said.length, 2);
 * assert.match(said[1], /--remote hybrid keeps only the first/);
 * ```
 */
export function queryReadingsInWords(
  response: Pick<
    SearchResponse,
    | "query_employment"
    | "query_seniority"
    | "query_work_mode"
    | "query_shift"
    | "query_language"
    | "query_visa_sponsorship"
    | "query_work"
    | "query_excluded"
    | "query_alternatives"
    | "query_posted"
    | "query_company"
    | "query_salary"
    | "query_pay"
    | "query_place"
    | "applied"
  >,
  spelling: ParameterSpelling,
  sort: "date" | "relevance",
): string[] {
  return [
    queryWorkInWords(response),
    queryAlternativesInWords(response),
    queryEmploymentInWords(response, spelling.employmentType, sort),
    querySeniorityInWords(response, spelling.seniority),
    queryWorkModeInWords(response, spelling.remote),
    queryShiftInWords(response),
    queryLanguageInWords(response),
    queryVisaSponsorshipInWords(response),
    queryExclusionInWords(response),
    queryPostedInWords(response, spelling.since),
    queryCompanyInWords(response),
    querySalaryInWords(response, spelling.salaryMin),
    queryPayInWords(response, sort),
  ].filter((said) => said !== null);
}

/**
 * How many close matches a page in `sort` order counts but does not list: newest first lists the
 * strong matches alone, so where there are some, its close matches are only counted (relevance
 * order lists them after the strong ones; with no strong match the closest are listed apart). The
 * web page, MCP and the CLI each say so in their words, with the way to list them.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(closeMatchesNotListed({ total: 6, close_total: 142 }, "date"), 142);
 * assert.equal(closeMatchesNotListed({ total: 6, close_total: 142 }, "relevance"), 0);
 * assert.equal(closeMatchesNotListed({ total: 0, close_total: 3 }, "date"), 0);
 * ```
 */
export function closeMatchesNotListed(
  response: { total: number; close_total?: number },
  sort: "date" | "relevance",
): number {
  return sort === "date" && response.total > 0 ? response.close_total ?? 0 : 0;
}

/**
 * One line per counted field, for people and agents: `remote: remote 12, hybrid 3.`
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(describeFacets({ source: [{ value: "indeed", count: 3 }] }), [
 *   "Counts by source: indeed 3.",
 * ]);
 * ```
 */
export function describeFacets(facets: Record<string, FacetCount[]> | undefined): string[] {
  return Object.entries(facets ?? {}).map(([field, counts]) =>
    `Counts by ${field}: ${
      counts.length === 0
        ? "none"
        : counts.map(({ value, count }) => `${value} ${count}`).join(", ")
    }.`
  );
}

/** The body of a successful search (spec 2.1). */
/** What a search derived from a `profile` (src/domain/profile.ts, src/search/profile/derive_profile.ts). */
export const DerivedSchema = z.object({
  roles: z.array(z.string()).describe(
    "The roles searched for, strongest first: the ones the profile asks for, then the ones it " +
      "names as held, recent ones first.",
  ),
  skills: z.array(z.string()).describe("The skills listed in the profile, as written."),
  places: z.array(z.string()).describe(
    'Where the person lives or wants to work ("Leeds, GB", "DE"), and `remote` when they want ' +
      "remote work: the result set keeps postings near these (within 60 km of a city), and an " +
      "explicit `city`, `country` or `near` replaces them.",
  ),
  seniority: SenioritySchema.nullable().describe(
    "The level the person works at (`intern` for students); postings of other levels rank lower. " +
      "Null when the profile does not say.",
  ),
});
export type Derived = z.infer<typeof DerivedSchema>;

export const SearchResponseSchema = z.object({
  request_id: z.uuid().describe("Id of this request, also in the logs and `x-request-id`."),
  total: z.number().int().min(0).describe(
    "Size of the whole result set (all pages), at most 1,000: the strong matches that pass the " +
      "filters.",
  ),
  close_total: z.number().int().min(0).optional().describe(
    "How many close matches (under the result set's cut, above a low floor) pass the filters, at " +
      "most 1,000: `sort=relevance` pages through the `total` strong matches and then these. " +
      "Always present in search responses.",
  ),
  search_time_ms: z.number().int().min(0).describe("Time the search took, in milliseconds."),
  results: z.array(JobResultSchema).describe("This page of the result set, in order."),
  query_place: QueryPlaceSchema.optional().describe(
    'The place the query named ("nurse jobs in Toronto"), applied as a filter beside `city` and ' +
      "`country`; a `city`/`country` parameter that contradicts it, or `near`, replaces it.",
  ),
  query_company: QueryCompanySchema.optional().describe(
    'The company the query named after "at" or "for" ("jobs at Amazon", "software engineer at ' +
      'Google"): only its postings are searched (its words alone list them all), and a `company` ' +
      "parameter narrows further.",
  ),
  query_employment: QueryEmploymentSchema.optional().describe(
    'The employment type the query named at its start or end ("part time barista", "contract ' +
      "devops engineer\"): its words are not searched as the role's meaning (a posting that says " +
      "them, or states that type, scores higher by them), and it is not a filter: most postings " +
      "state no type, and " +
      "the `employment_type` filter keeps only those that state it.",
  ),
  query_posted: QueryPostedSchema.optional().describe(
    'When the query asked its postings to have been posted ("nurse jobs in Leeds this week", ' +
      '"jobs posted today", "in the last 7 days"): applied as `since`, where no `since` parameter ' +
      'names that day or a later one; "latest" and "newest" ask only for the newest first. Its words are not searched.',
  ),
  query_work_mode: QueryWorkModeSchema.optional().describe(
    'How the work is done, named and nothing else beside a place or company ("hybrid jobs in ' +
      'Amsterdam", "on-site jobs in Houston", "remote or hybrid jobs in Berlin": `remote,hybrid`): ' +
      "the postings there done that way are the strong matches (hybrid: those whose fields, title " +
      "or tags say so; on-site: those that say so or say neither remote nor hybrid), the place's " +
      "others close ones; the `remote` filter keeps only those whose fields say it.",
  ),
  query_shift: QueryShiftSchema.optional().describe(
    'The hours the query named and nothing else beside a place or company ("night shift jobs in ' +
      'Houston", "weekend jobs in Leeds"): the postings there whose title or tags say them are the ' +
      "strong matches, the place's others close ones (no filter keeps only them).",
  ),
  query_work: QueryWorkSchema.optional().describe(
    "How the work's meaning was searched, where the query's words were read as others (a name " +
      "titles use, or the work a phrase names); absent where the words were searched as typed.",
  ),
  query_visa_sponsorship: QueryVisaSponsorshipSchema.optional().describe(
    'A sponsored work visa asked for ("software engineer visa sponsorship", "nurse jobs with visa ' +
      'sponsorship", "jobs that sponsor visas", "h1b jobs"): its words are not searched; the ' +
      "postings that say they sponsor one (`visa_sponsorship: offered`) are the strong matches " +
      "where any of the work's strong matches is, and those that say they do not are left out. " +
      "The `visa_sponsorship` filter keeps only the postings that say so.",
  ),
  query_language: QueryLanguageSchema.optional().describe(
    'The language the work must be done in, named beside a place ("english speaking jobs in ' +
      'Berlin", "jobs in Amsterdam for English speakers", "jobs in Germany without German") or ' +
      'beside the work ("german speaking customer support"): the postings whose `languages` fit ' +
      "are the strong matches, the others close ones (no filter keeps only them). English is " +
      "asked as the one language a person has: what needs no other.",
  ),
  query_alternatives: QueryAlternativesSchema.optional().describe(
    'Work named as alternatives ("nurse or midwife", "sales or marketing manager"): each is ' +
      "searched as if asked alone, and the list holds what each lists (strong where its own " +
      "search makes it strong), each posting at its better score.",
  ),
  query_excluded: QueryExclusionSchema.optional().describe(
    'Work said after the work as not wanted ("hospital jobs that aren\'t nursing", "it jobs except ' +
      'help desk", "nurse jobs not nights"): its words are not searched, and the postings whose ' +
      "title or tags say them are left out of the list (as another company's are when the query " +
      "names one).",
  ),
  query_seniority: QuerySenioritySchema.optional().describe(
    'The seniority the query named and nothing else beside a place or company ("entry level ' +
      'jobs in London", "senior roles in Leeds"): the postings there of that level (their title ' +
      "or the board's job level says it) are the strong matches, the place's others close ones; " +
      "the `seniority` filter keeps only the first. With `beside_work`, the level was named " +
      'beside the work ("entry level marketing jobs"): the work\'s postings of that level are ' +
      "the strong matches, its others close ones.",
  ),
  query_corrected: QueryCorrectedSchema.optional().describe(
    "The words of the query no posting has that were searched as a word of the postings' titles " +
      'or tags one edit away (two from 8 letters): "nurce" as "nurse". Absent when no word was ' +
      "changed; words under 4 letters, with digits, words of English and words any posting has are " +
      "never changed.",
  ),
  query_salary: QuerySalarySchema.optional().describe(
    'The pay the query named ("£30k marketing manager", "cleaner £12 an hour"): its words are not ' +
      "searched, and it is applied as `salary_min` with the postings that state no pay kept " +
      "(most state none). A higher `salary_min` parameter replaces it, a lower one does not widen " +
      "it; a `salary_currency` parameter replaces its currency.",
  ),
  query_pay: QueryPaySchema.optional().describe(
    'Good pay asked for without a figure ("well paid remote jobs", "highest paying nurse jobs", ' +
      '"jobs that pay well in Toronto"): its words are not searched. In relevance order the strong ' +
      "matches that state pay come first, the best paid first (by the top of the stated range as " +
      "a yearly figure, `salary_yearly`, compared across currencies at rough fixed rates), then " +
      "the others in their order; the close matches, the newest-first order and which postings " +
      "are listed are as without the words. `salary_min` keeps only the postings paid at least a " +
      "figure.",
  ),
  applied: AppliedSchema.optional().describe(
    "The filters that narrowed the result set, and which emptied it; absent without filters.",
  ),
  facets: z.record(z.string(), z.array(FacetCountSchema)).optional().describe(
    "With `facets`: for each field asked, how many of the result set's members (all pages) have " +
      "each value, most first; members without a value are not counted.",
  ),
  closest: z.array(JobResultSchema).optional().describe(
    "In newest-first order (`sort=date`), when no strong match passes the filters: the close " +
      "matches that do, best first, paged by `offset`/`top_k` as `sort=relevance` would page " +
      "them (each with `match: close`). Never a posting that fails a filter; absent otherwise.",
  ),
  close_nearest_at_place: z.literal(true).optional().describe(
    "Present (true) when nothing at the place the query names reaches the close matches' floor: " +
      "the close matches are then that place's postings nearest the words (at most 10, each " +
      "relating to them at least a little), not matches of them.",
  ),
  hint: z.string().optional().describe(
    "Why the result set is empty or smaller than it might be (a filter that matched nothing, a " +
      "city written with other case or accents), or what the query asked that the search could " +
      'not apply ("near me"), and what to change; absent otherwise.',
  ),
  derived: DerivedSchema.optional().describe(
    "With `profile`: the roles, skills, places and seniority the search derived from it and " +
      "ranked by; absent otherwise.",
  ),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

/**
 * Cities `list_cities` lists unless asked for more, and the most it lists. All of them (1,279 on
 * the real files) made 105 KB of text and structured content, past what an agent's client takes
 * in one result (reviewer M52, session 52).
 */
export const CITIES_DEFAULT = 100;
export const CITIES_MAX = 5000;

export const CityCountSchema = z.object({
  city: z.string().describe("City name, exactly as the `city` filter of a search expects it."),
  country: CountryCodeSchema.optional(),
  count: z.number().int().min(0).describe("Number of postings in this city."),
});
export type CityCount = z.infer<typeof CityCountSchema>;

/**
 * Derives a posting's id from its URL so that re-importing the same posting updates it in place.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const a = await jobIdFromUrl("https://www.indeed.com/viewjob?jk=1");
 * assert.equal(a, await jobIdFromUrl("https://www.indeed.com/viewjob?jk=1"));
 * assert.equal(a.length, 32);
 * ```
 */
export function jobIdFromUrl(jobUrl: string): Promise<string> {
  // The first 128 bits of the URL's SHA-256, in hex.
  return Promise.resolve(sha256Hex(jobUrl.trim()).slice(0, 32));
}

/** Projects a stored posting onto the result shape; optional fields stay absent, never null. */
/**
 * Where a posting is, as a place line shows it: its city, else the region it names alone ("MH, IN"
 * shows "Maharashtra"), else "".
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(cityOrRegion({ city: "Leeds" }), "Leeds");
 * assert.equal(cityOrRegion({ city: "", region: "Maharashtra" }), "Maharashtra");
 * assert.equal(cityOrRegion({ city: "" }), "");
 * ```
 */
export function cityOrRegion(posting: { city: string; region?: string }): string {
  return posting.city !== "" ? posting.city : posting.region ?? "";
}

export function toJobResult(
  job: Job,
  score: number,
  detail: "summary" | "full",
  alsoPostedAt?: string[],
  match?: MatchTier,
): JobResult {
  const result: JobResult = {
    score,
    job_title: job.job_title,
    city: job.city,
    // Next to the city it qualifies ("Remote, US" and "Remote, DE" are different jobs).
    ...(job.country !== undefined ? { country: job.country } : {}),
    ...(job.region !== undefined ? { region: job.region } : {}),
    company_name: job.company_name,
    publish_time: job.publish_time,
    job_url: job.job_url,
    job_tags: job.job_tags,
    data_source: job.data_source,
  };
  if (job.base_salary !== undefined) result.base_salary = job.base_salary;
  const yearly = yearlySalary(job.base_salary);
  if (yearly) result.salary_yearly = yearly.max;
  if (job.seniority_level !== undefined) result.seniority_level = job.seniority_level;
  if (job.employment_type !== undefined) result.employment_type = job.employment_type;
  if (job.work_mode !== undefined) result.work_mode = job.work_mode;
  if (job.seniority !== undefined) result.seniority = job.seniority;
  if (job.languages !== undefined) result.languages = job.languages;
  if (job.visa_sponsorship !== undefined) result.visa_sponsorship = job.visa_sponsorship;
  if (detail === "full") result.job_description = job.job_description;
  if (job.first_seen !== undefined) result.first_seen = job.first_seen;
  if (alsoPostedAt?.length) result.also_posted_at = alsoPostedAt;
  if (match !== undefined) result.match = match;
  return result;
}

/**
 * The search response both REST and MCP send: the service's outcome under the request's id. The
 * service builds results with {@linkcode toJobResult}, so optional fields are already absent.
 */
export function toSearchResponse(
  requestId: string,
  outcome: Omit<SearchResponse, "request_id">,
): SearchResponse {
  return {
    request_id: requestId,
    total: outcome.total,
    search_time_ms: Math.round(outcome.search_time_ms),
    results: outcome.results,
    // The spec's fields first, in its order; what this service adds after them.
    ...(outcome.close_total !== undefined ? { close_total: outcome.close_total } : {}),
    ...(outcome.closest ? { closest: outcome.closest } : {}),
    ...(outcome.close_nearest_at_place ? { close_nearest_at_place: true as const } : {}),
    ...(outcome.query_place ? { query_place: outcome.query_place } : {}),
    ...(outcome.query_company ? { query_company: outcome.query_company } : {}),
    ...(outcome.query_employment ? { query_employment: outcome.query_employment } : {}),
    ...(outcome.query_seniority ? { query_seniority: outcome.query_seniority } : {}),
    ...(outcome.query_work_mode ? { query_work_mode: outcome.query_work_mode } : {}),
    ...(outcome.query_shift ? { query_shift: outcome.query_shift } : {}),
    ...(outcome.query_language ? { query_language: outcome.query_language } : {}),
    ...(outcome.query_visa_sponsorship
      ? { query_visa_sponsorship: outcome.query_visa_sponsorship }
      : {}),
    ...(outcome.query_work ? { query_work: outcome.query_work } : {}),
    ...(outcome.query_excluded ? { query_excluded: outcome.query_excluded } : {}),
    ...(outcome.query_alternatives ? { query_alternatives: outcome.query_alternatives } : {}),
    ...(outcome.query_posted ? { query_posted: outcome.query_posted } : {}),
    ...(outcome.query_salary ? { query_salary: outcome.query_salary } : {}),
    ...(outcome.query_pay ? { query_pay: outcome.query_pay } : {}),
    ...(outcome.query_corrected ? { query_corrected: outcome.query_corrected } : {}),
    ...(outcome.applied ? { applied: outcome.applied } : {}),
    ...(outcome.facets ? { facets: outcome.facets } : {}),
    ...(outcome.hint ? { hint: outcome.hint } : {}),
    ...(outcome.derived ? { derived: outcome.derived } : {}),
  };
}
