/**
 * Derives a posting's tags: a short, deduplicated list that search and people can use, from the
 * source's own fields plus skill and technology terms found in the title and description.
 *
 * @module
 */
import { LiteralScan, PrefilteredPattern, PrefilterText } from "./literal_prefilter.ts";

/** At most this many tags per posting, so tags stay a summary and not a word list. */
export const MAX_TAGS = 12;

interface Term {
  tag: string;
  patterns: PrefilteredPattern[];
}

function term(tag: string, ...patterns: RegExp[]): Term {
  return { tag, patterns: patterns.map((p) => new PrefilteredPattern(p)) };
}

/**
 * Skill and technology terms looked for in the title and the description. Words that are also
 * plain English ("React", "Swift", "Excel", "Flask", "Go", "AI") only count in their usual
 * capitalisation or context.
 */
const TECH_TERMS: Term[] = [
  term("Python", /\bpython\b/i),
  term("Java", /\bjava\b(?!\s*script)/i),
  term("JavaScript", /\bjavascript\b/i),
  term("TypeScript", /\btypescript\b/i),
  term("Go", /\bgolang\b/i, /(?<![\w-])Go(?= developer| engineer| programming|\s*[,/)])/),
  term("Rust", /\brust\b(?!-)/i),
  term("C++", /(?<![\w+])c\+\+(?![\w+])/i),
  term("C#", /(?<![\w#])c#(?![\w#])/i),
  term(".NET", /(?<![\w.])\.net\b/i, /\bdotnet\b/i, /\basp\.net\b/i),
  term("Ruby", /\bruby\b/i),
  term("PHP", /\bphp\b/i),
  term("Kotlin", /\bkotlin\b/i),
  term("Swift", /\bSwift\b/),
  term("Scala", /\bscala\b/i),
  term("MATLAB", /\bmatlab\b/i),
  term("SQL", /\bsql\b/i),
  term("PostgreSQL", /\bpostgres(?:ql)?\b/i),
  term("MySQL", /\bmysql\b/i),
  term("MongoDB", /\bmongo(?:db)?\b/i),
  term("Redis", /\bredis\b/i),
  term("Elasticsearch", /\belastic\s?search\b/i),
  term("Kafka", /\bkafka\b/i),
  term("Spark", /\bapache spark\b/i, /\b(?:py)?spark\b(?= |,|\.|\))/i),
  term("Hadoop", /\bhadoop\b/i),
  term("Airflow", /\bairflow\b/i),
  term("dbt", /\bdbt\b/i),
  term("Snowflake", /\bSnowflake\b/),
  term("Databricks", /\bdatabricks\b/i),
  term("AWS", /\baws\b/i, /\bamazon web services\b/i),
  term("Azure", /\bazure\b/i),
  term("GCP", /\bgcp\b/i, /\bgoogle cloud\b/i),
  term("Docker", /\bdocker\b/i),
  term("Kubernetes", /\bkubernetes\b/i, /\bk8s\b/i),
  term("Terraform", /\bterraform\b/i),
  term("Ansible", /\bansible\b/i),
  term("Linux", /\blinux\b/i),
  term("Git", /\bgit\b/i),
  term("CI/CD", /\bci\s*\/\s*cd\b/i),
  term("Jenkins", /\bjenkins\b/i),
  term("React", /\bReact(?:\.?js)?\b/, /\breact(?:\.js|js| native)\b/i),
  term("Angular", /\bangular(?:js)?\b/i),
  term("Vue.js", /\bvue(?:\.?js)?\b/i),
  term("Node.js", /\bnode\.?js\b/i),
  term("Next.js", /\bnext\.js\b/i),
  term("HTML", /\bhtml5?\b/i),
  term("CSS", /\bcss3?\b/i),
  term("GraphQL", /\bgraphql\b/i),
  term("REST APIs", /\brest(?:ful)?\s+(?:apis?|services?)\b/i, /\brestful\b/i),
  term("Microservices", /\bmicro-?services?\b/i),
  term("Django", /\bdjango\b/i),
  term("Flask", /\bFlask\b(?! of)/),
  term("Spring Boot", /\bspring\s?boot\b/i, /\bspring framework\b/i),
  term("Backend", /\bback-?\s?end\b/i),
  term("Frontend", /\bfront-?\s?end\b/i),
  term("Full Stack", /\bfull[-\s]?stack\b/i),
  term("Machine Learning", /\bmachine learning\b/i, /\bML\b/),
  term("Deep Learning", /\bdeep learning\b/i),
  term("AI", /\bAI\b/, /\bartificial intelligence\b/i, /\bGenAI\b/i),
  term("LLM", /\bllms?\b/i, /\blarge language models?\b/i),
  term("NLP", /\bnlp\b/i, /\bnatural language processing\b/i),
  term("Computer Vision", /\bcomputer vision\b/i),
  term("TensorFlow", /\btensorflow\b/i),
  term("PyTorch", /\bpytorch\b/i),
  term("Pandas", /\bpandas\b/i),
  term("Data Science", /\bdata scien(?:ce|tists?)\b/i),
  term("Data Engineering", /\bdata engineer(?:s|ing)?\b/i),
  term("Data Analysis", /\bdata analy(?:sis|sts?|tics)\b/i),
  term("Power BI", /\bpower\s?bi\b/i),
  term("Tableau", /\btableau\b/i),
  term("Excel", /\bExcel\b/, /\bms excel\b/i),
  term("SAP", /\bSAP\b/),
  term("Salesforce", /\bsalesforce\b/i),
  term("Jira", /\bjira\b/i),
  term("Agile", /\bagile\b/i),
  term("Scrum", /\bscrum\b/i),
  term("DevOps", /\bdevops\b/i),
  term("Cybersecurity", /\bcyber\s?security\b/i, /\binformation security\b/i),
  term("Cloud", /\bcloud\b/i),
  term("Embedded", /\bembedded\s+(?:systems?|software|c|linux)\b/i),
  term("iOS", /\bios\b/i),
  term("Android", /\bandroid\b/i),
  term("Figma", /\bfigma\b/i),
  term("UX/UI", /\bux\b/i, /\buser experience\b/i),
];

/** Broad job areas, looked for in the title only: in descriptions they are too common to mean much. */
const ROLE_TERMS: Term[] = [
  term("Nursing", /\bnurs(?:e|es|ing)\b/i, /\bRN\b/),
  term("Sales", /\bsales\b/i),
  term("Marketing", /\bmarketing\b/i),
  term("Accounting", /\baccount(?:ant|ing)\b/i),
  term("Finance", /\bfinanc(?:e|ial)\b/i),
  term("Customer Service", /\bcustomer (?:service|support|success)\b/i),
  term("Project Management", /\bproject manag(?:er|ement)\b/i),
  term("Product Management", /\bproduct (?:manager|management|owner)\b/i),
  term("Teaching", /\bteach(?:er|ing)\b/i),
  term("Logistics", /\blogistics\b/i, /\bwarehouse\b/i),
  term("Design", /\bdesign(?:er)?\b/i),
  term("Consulting", /\bconsult(?:ant|ing)\b/i),
  term("Research", /\bresearch(?:er)?\b/i),
  term("Security", /\bsecurity\b/i),
  term("Testing", /\b(?:qa|quality assurance|test(?:er|ing)?)\b/i),
];

/**
 * Industry names that contain commas themselves; a list of industries is otherwise split at its
 * commas ("IT Services and IT Consulting, Software Development, and ...").
 */
const COMMA_INDUSTRIES = [
  "Technology, Information and Internet",
  "Technology, Information and Media",
  "Transportation, Logistics, Supply Chain and Storage",
  "Wellness and Fitness Services, Spectator Sports",
];

function termsIn(text: PrefilterText, terms: Term[]): string[] {
  return terms.filter((t) => t.patterns.some((p) => p.test(text))).map((t) => t.tag);
}

/** The lower-case literals of the terms' patterns, for one pass over a long text. */
function literalScanOf(terms: Term[]): LiteralScan {
  return new LiteralScan(
    terms.flatMap((t) => t.patterns.map((p) => p.literal))
      .flatMap((literal) => literal?.lowerCase ? [literal.text] : []),
  );
}

const TECH_SCAN = literalScanOf(TECH_TERMS);

/** Terms found in a long text, the most frequent first; `scan` holds the terms' literals. */
function rankedTermsIn(text: string, terms: Term[], scan: LiteralScan): string[] {
  const searched = new PrefilterText(text, scan);
  const counts: [string, number][] = [];
  for (const t of terms) {
    let n = 0;
    for (const p of t.patterns) n += p.count(searched);
    if (n > 0) counts.push([t.tag, n]);
  }
  // Stable sort keeps vocabulary order between equally frequent terms.
  return counts.sort((a, b) => b[1] - a[1]).map(([tag]) => tag);
}

/** "Research, Analyst, and Information Technology" -> three functions. */
export function splitJobFunctions(text: string): string[] {
  return text.split(/,\s*(?:and\s+)?|\s+and\s+/).map((s) => s.trim()).filter(Boolean);
}

/** "IT Services and IT Consulting, Software Development, and X" -> three industries. */
export function splitIndustries(text: string): string[] {
  let protectedText = text.trim();
  const kept: string[] = [];
  COMMA_INDUSTRIES.forEach((name, i) => {
    if (protectedText.includes(name)) {
      protectedText = protectedText.replaceAll(name, `\uE000${i}\uE000`);
      kept[i] = name;
    }
  });
  return protectedText.split(/,\s*(?:and\s+)?/).map((s) =>
    s.trim().replace(/\uE000(\d+)\uE000/g, (_, i) => kept[Number(i)])
  ).filter(Boolean);
}

export interface JobTagSources {
  title: string;
  description?: string;
  /** A source's own skill list, comma-separated. */
  skills?: string;
  jobFunction?: string;
  industry?: string;
  isRemote?: boolean;
}

/**
 * Tags of a posting, most telling first: Remote, the source's skills, terms in the title, job
 * functions, industries, then terms in the description by frequency. Deduplicated without regard to
 * case and cut at {@link MAX_TAGS}.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(
 *   deriveJobTags({ title: "Senior Python Developer", description: "Docker, AWS and more AWS." }),
 *   ["Python", "AWS", "Docker"],
 * );
 * ```
 */
export function deriveJobTags(sources: JobTagSources): string[] {
  const title = new PrefilterText(sources.title);
  const candidates = [
    ...(sources.isRemote ? ["Remote"] : []),
    ...(sources.skills ?? "").split(/[,;|]/),
    ...termsIn(title, TECH_TERMS),
    ...termsIn(title, ROLE_TERMS),
    ...splitJobFunctions(sources.jobFunction ?? ""),
    ...splitIndustries(sources.industry ?? ""),
    ...rankedTermsIn(sources.description ?? "", TECH_TERMS, TECH_SCAN),
  ];
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const candidate of candidates) {
    const tag = candidate.replace(/\s+/g, " ").trim();
    const key = tag.toLowerCase();
    if (tag === "" || tag.length > 60 || seen.has(key) || key === "other") continue;
    seen.add(key);
    tags.push(tag);
    if (tags.length === MAX_TAGS) break;
  }
  return tags;
}
