/**
 * What a profile (a CV, a LinkedIn "about" text, a free description of the job a person wants)
 * asks for: the roles held and wanted, skills, places and remote wishes, and seniority. A profile
 * search ranks postings against these (src/search/profile_search.ts), not against one vector of the
 * whole text, which mean-pools the roles and skills into everything else (docs/search.md, "A
 * profile as the query").
 *
 * Heuristics, no model: section headings in English and German, date ranges on experience lines,
 * job-title head nouns, wish phrases ("looking for a role as ..."), and the places the index has
 * postings in (injected, so the function stays pure). Roles weigh by where they come from: a
 * stated wish most, then the headline, then experience by recency; a past role of another kind
 * than the wished one (a store manager retraining as a developer) weighs little.
 *
 * @module
 */
import { SENIORITIES, type Seniority } from "../domain/job.ts";
import { PROFILE_MAX_LENGTH } from "../domain/profile.ts";
import { foldText } from "../domain/fold_text.ts";
import { countryCode } from "../ingest/location.ts";
import { seniorityOf } from "../ingest/seniority.ts";
import { stem } from "../index/tokenize.ts";

/** Where a role was read. */
export type RoleSource = "wish" | "headline" | "experience";

export interface DerivedRole {
  /** The role as searched: cleaned of dates, employers and asides ("staff nurse"). */
  title: string;
  /** 0..1: how much postings of this role count (a wish 1, an old unrelated role little). */
  weight: number;
  from: RoleSource;
}

export interface DerivedPlace {
  /** The city as the postings write it, when the index knows it. */
  city?: string;
  /** ISO 3166-1 alpha-2. */
  country?: string;
  /** Where the city lies, when its postings say. */
  latitude?: number;
  longitude?: number;
  /** Stated in a wish ("looking for ... in Leeds") rather than only in the address. */
  wished: boolean;
}

export interface DerivedProfile {
  /** Strongest first; at most `MAX_ROLES`. */
  roles: DerivedRole[];
  /** As written in the skills section (or a licences/tools section), at most `MAX_SKILLS`. */
  skills: string[];
  /** Cities (with their country) and countries the person lives in or wants to work in. */
  places: DerivedPlace[];
  /** The person wants remote work (or work from home). */
  remote: boolean;
  /** The level the person works at (or, for students, `intern`). */
  seniority?: Seniority;
  /** Levels whose postings fit the person without a penalty (their own and the wished ones). */
  levels: Seniority[];
}

/** What the index knows of places: cities it has postings in, by their folded name. */
export interface PlaceLookup {
  /** The city the words name (compared folded), with its country and position, or undefined. */
  city(words: string): KnownCity | undefined;
}

export interface KnownCity {
  city: string;
  country: string;
  latitude?: number;
  longitude?: number;
}

type FoundPlace = Omit<DerivedPlace, "wished">;

export const MAX_ROLES = 8;
export const MAX_SKILLS = 30;

/** Section headings (folded), by what the section holds. */
const HEADINGS: [kind: Section, words: string[]][] = [
  ["wish", [
    "what i am looking for",
    "what i m looking for",
    "looking for",
    "objective",
    "career objective",
    "job objective",
    "desired position",
    "desired role",
    "target role",
    "gesuchte position",
    "wunschposition",
  ]],
  ["summary", [
    "profile",
    "profile summary",
    "summary",
    "professional summary",
    "about me",
    "about",
    "personal statement",
    "personal profile",
    "profil",
    "kurzprofil",
    "uber mich",
    "profiel",
    "perfil",
    "a propos",
    "over mij",
    "sobre mi",
  ]],
  ["experience", [
    "experience",
    "work experience",
    "professional experience",
    "work history",
    "employment",
    "employment history",
    "career history",
    "experience and employment",
    "teaching experience",
    "tech experience",
    "relevant experience",
    "previous career",
    "work",
    "berufserfahrung",
    "berufliche erfahrung",
    "werdegang",
    "beruflicher werdegang",
    "praxiserfahrung",
    "experience professionnelle",
    "experiences professionnelles",
    "werkervaring",
    "experiencia",
    "experiencia laboral",
    "experiencia profesional",
  ]],
  ["education", [
    "education",
    "education and qualifications",
    "educational qualification",
    "educational qualifications",
    "qualifications",
    "academic background",
    "ausbildung",
    "studium",
    "bildungsweg",
    "schulbildung",
    "formation",
    "opleiding",
    "opleidingen",
    "educacion",
    "formacion",
  ]],
  ["skills", [
    "skills",
    "key skills",
    "core skills",
    "technical skills",
    "skills and competencies",
    "competencies",
    "tools",
    "technologies",
    "tech stack",
    "licences",
    "licenses",
    "licenses certifications",
    "licences certifications",
    "certifications",
    "kenntnisse",
    "fachkenntnisse",
    "it kenntnisse",
    "fahigkeiten",
    "competences",
    "vaardigheden",
    "habilidades",
    "top skills",
  ]],
  ["other", [
    "languages",
    "sprachen",
    "interests",
    "hobbies",
    "references",
    "projects",
    "personal details",
    "personal information",
    "declaration",
    "contact",
    "awards",
    "volunteering",
    "publications",
    "certificates",
    "zertifikate",
  ]],
];

type Section = "head" | "wish" | "summary" | "experience" | "education" | "skills" | "other";

const HEADING_OF = new Map<string, Section>(
  HEADINGS.flatMap(([kind, words]) => words.map((w) => [w, kind] as const)),
);

/**
 * Nouns that end a job title (compared by stem), English and German: "Staff Nurse", "Class 1
 * Driver", "Senior Platform Engineer", "SAP-Entwickler". Words of the same trade share a group,
 * so that "Java Developer" and "Backend Engineer" count as one kind of role.
 */
const HEAD_GROUPS: string[][] = [
  ["developer", "engineer", "programmer", "entwickler", "softwareentwickler", "coder", "architect"],
  ["nurse", "rgn", "rn", "midwife", "krankenschwester", "pfleger", "pflegefachkraft"],
  ["driver", "chauffeur", "fahrer", "courier", "trucker"],
  ["teacher", "educator", "tutor", "instructor", "lecturer", "lehrer", "lehrerin", "professor"],
  ["manager", "head", "director", "vp", "cto", "ceo", "cfo", "chief", "leiter", "lead", "leader"],
  ["analyst", "scientist", "statistician"],
  ["accountant", "controller", "bookkeeper", "auditor", "buchhalter"],
  ["assistant", "aide", "carer", "caregiver", "worker", "helper"],
  ["officer", "guard", "warden"],
  ["executive", "representative", "agent", "associate", "advisor", "adviser", "telecaller"],
  ["consultant", "berater", "specialist", "expert", "spezialist"],
  ["designer"],
  ["administrator", "admin"],
  ["technician", "mechanic", "electrician", "fitter", "welder", "machinist", "techniker"],
  ["operator", "operative", "handler", "picker", "packer", "loader", "stocker"],
  ["clerk", "cashier", "receptionist", "secretary"],
  ["chef", "cook", "koch", "baker", "waiter", "waitress", "barista", "bartender", "server"],
  ["cleaner", "housekeeper", "porter", "janitor", "custodian"],
  ["coordinator", "supervisor", "planner", "dispatcher"],
  ["intern", "internship", "student", "trainee", "apprentice", "werkstudent", "werkstudentin"],
  ["praktikant", "praktikantin", "hiwi"],
  ["recruiter", "writer", "editor", "marketer", "lawyer", "paralegal", "pharmacist"],
  ["therapist", "physiotherapist", "doctor", "physician", "surgeon", "paramedic", "dentist"],
  ["counsellor", "counselor", "coach", "trainer"],
  ["labourer", "laborer", "plumber", "carpenter", "joiner", "painter", "roofer", "bricklayer"],
];

const HEAD_GROUP = new Map<string, number>(
  HEAD_GROUPS.flatMap((group, g) => group.map((word) => [word, g] as const)),
);

/** German compounds end in their head noun: "SAP-Entwickler", "Softwareentwicklerin". */
const GERMAN_HEAD =
  /(entwickler|ingenieur|berater|leiter|fahrer|lehrer|pfleger|techniker)(?:in|innen)?$/;

/**
 * The group of a word as a head noun: compared as written (folded), plurals and German feminine
 * endings dropped. Not by stem: "management" and "manager" share one, and "Application
 * Management" is no manager's job.
 */
function groupOfWord(word: string): number | undefined {
  const direct = HEAD_GROUP.get(word) ??
    (word.length > 4 && word.endsWith("s") ? HEAD_GROUP.get(word.slice(0, -1)) : undefined) ??
    (word.endsWith("innen") ? HEAD_GROUP.get(word.slice(0, -5)) : undefined) ??
    (word.endsWith("in") ? HEAD_GROUP.get(word.slice(0, -2)) : undefined);
  if (direct !== undefined) return direct;
  const german = word.match(GERMAN_HEAD);
  return german ? HEAD_GROUP.get(german[1]) : undefined;
}

/** A wish ends at a gerund where a role noun belongs: "teaching position" → "teacher". */
const GERUNDS: Record<string, string> = {
  teaching: "teacher",
  driving: "driver",
  nursing: "nurse",
  accounting: "accountant",
  development: "developer",
  engineering: "engineer",
  consulting: "consultant",
  management: "manager",
  tutoring: "tutor",
  cleaning: "cleaner",
  caring: "carer",
};

/** Phrases that open a wish: what follows names the job the person wants. */
const WISH_OPENERS = new RegExp(
  String
    .raw`\b(?:(?:i\s+am|i'm|am|currently)\s+)?(?:looking|searching|seeking|hoping|aiming)\s+(?:for|to\s+(?:find|work\s+as|join|become|move\s+into))|` +
    String
      .raw`\bseek(?:ing)?\b|\bwould\s+like\s+(?:to\s+work\s+as|a)\b|\binterested\s+in\b|\b(?:want|wish)\s+to\s+(?:work\s+as|become|find)\b|` +
    String
      .raw`\bto\s+work\s+as\b|\bnext\s+(?:role|step|position|job)\s+as\b|\bopen\s+to\b|\bavailable\s+for\b|` +
    String.raw`\bich\s+suche\b|\bsuche\s+(?:eine|einen|ein)\b|\bauf\s+der\s+suche\s+nach\b`,
  "i",
);

/** Words of a wish that say nothing about the role. */
const WISH_FILLER = new Set(
  (
    "a an the my first next new another full time full-time part time part-time permanent " +
    "temporary position positions role roles job jobs post posts opportunity opportunities " +
    "vacancy work employment career challenge as for some any suitable good great " +
    "challenging exciting rewarding eine einen ein neue neuen position stelle als rolle " +
    "gerne gern im in a la"
  ).split(" "),
);

const MONTH = String
  .raw`(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|januar|februar|m[aä]rz|mai|juni|juli|okt|dez|janvier|mei|okt)[a-zäé]*\.?`;
const DATE = String.raw`(?:(?:${MONTH}\s*,?\s*)?(?:19|20)\d\d|\d{1,2}\s*[./]\s*(?:19|20)\d\d)`;
const OPEN_END = String
  .raw`(?:present|now|today|current(?:ly)?|date|till\s+date|to\s+date|till\s+now|ongoing|heute|jetzt|aktuell|dato|nu)`;
/** A period of work: "2019 - now", "March 2020 – present", "04/2022 – today", "seit 04/2019". */
const DATE_RANGE = new RegExp(
  String
    .raw`(?:\b(?:since|seit|ab|from)\s+${DATE})|(?:${DATE}\s*(?:-|–|—|to|bis|until|till)\s*(?:${DATE}|${OPEN_END}))`,
  "i",
);
const YEAR = /(?:19|20)\d\d/g;

/** Between a title and the employer, place or dates on one line. */
const TITLE_BREAK = /\s+[-–—|·•@]\s+|\s*[|·•]\s*|\s*[–—]\s*|,\s+|\s{3,}|\t+|\s+at\s+|\s+bei\s+/i;

/** Markdown and list markers at the start of a line, emphasis anywhere. */
function plainLine(line: string): string {
  return line
    .replace(/^\s*(?:#{1,6}\s+|>\s*)/, "")
    .replace(/^\s*(?:[-*+•·◦▪►–]\s+|\d{1,2}[.)]\s+)/, "")
    .replace(/\*\*|__|\*|`/g, "")
    .replace(/\s+$/, "")
    .replace(/^\s+/, "");
}

function headingOf(line: string): Section | undefined {
  const text = foldText(line.replace(/[:：]\s*$/, ""));
  if (text === "" || text.split(" ").length > 6) return undefined;
  return HEADING_OF.get(text) ?? HEADING_OF.get(text.replace(/^(my|your|key|main) /, ""));
}

/** The stems of a text's words, without asides in brackets. */
function wordsOf(text: string): string[] {
  return foldText(text).split(" ").filter((w) => w !== "");
}

/**
 * The group of a role's head noun (the last word, or the word before "of": "Head of
 * Engineering"), or undefined when the title ends in no known head noun. Roles of one group are
 * one kind of work ("Java Developer", "Backend Engineer").
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(headGroupOf("Java Developer"), headGroupOf("Senior Backend Engineer"));
 * assert.notEqual(headGroupOf("Store Manager"), headGroupOf("Frontend Developer"));
 * assert.equal(headGroupOf("Application Management"), undefined);
 * ```
 */
export function headGroupOf(title: string): number | undefined {
  const words = wordsOf(title);
  // "Head of Engineering", "Director of Sales": the head comes before "of".
  const of = words.findIndex((w) => w === "of" || w === "for" || w === "im" || w === "fur");
  const candidates = of > 0 ? [words[of - 1]] : words.slice(-1);
  for (const word of candidates) {
    const group = groupOfWord(word);
    if (group !== undefined) return group;
  }
  return undefined;
}

function hasHeadNoun(text: string): boolean {
  return headGroupOf(text) !== undefined;
}

/** A candidate title cleaned: asides in brackets, trailing "in Berlin", extra spaces. */
function cleanTitle(text: string): string {
  return text
    .replace(/\([^)]*\)|\[[^\]]*\]/g, " ")
    .replace(/[*_`"“”]/g, " ")
    .replace(/\s+(?:in|at|im|bei)\s+\p{Lu}[\p{L}-]*(?:\s+\p{Lu}[\p{L}-]*)?\s*$/u, "")
    .replace(/^[\s,;:.\-–—]+|[\s,;:.\-–—]+$/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** The segment of a line that is a job title, if any: the first with a head noun. */
function titleIn(line: string): string | undefined {
  const withoutDates = line.replace(new RegExp(DATE_RANGE.source, "gi"), " ")
    .replace(/\(\s*\)/g, " ");
  for (const segment of withoutDates.split(TITLE_BREAK)) {
    const title = cleanTitle(segment);
    const words = wordsOf(title);
    if (words.length === 0 || words.length > 7) continue;
    if (
      /\b(?:gmbh|ltd|inc|llc|plc|university|universitat|school|hospital|college|bootcamp|course|academy|certificate|degree|diploma)\b/i
        .test(title)
    ) {
      continue;
    }
    if (hasHeadNoun(title)) return title;
  }
  return undefined;
}

/** The year a period of work ends (an open end is `now`), or undefined. */
function endYear(range: string, now: number): number | undefined {
  if (
    new RegExp(OPEN_END + String.raw`\s*$`, "i").test(range.trim()) ||
    /\b(?:since|seit|ab)\b/i.test(range)
  ) {
    return now;
  }
  const years = range.match(YEAR);
  return years ? Number(years[years.length - 1]) : undefined;
}

/** Title abbreviations the postings spell out (the search expands others: src/index/analyze_query.ts). */
const TITLE_ABBREVIATIONS: Record<string, string> = {
  rgn: "registered general nurse",
  rmn: "registered mental health nurse",
  rnld: "learning disability nurse",
  lgv: "lgv driver",
  hgv: "hgv driver",
};

/** A title that is only an abbreviation ("RGN") spelled out. */
function expandAbbreviations(title: string): string {
  return TITLE_ABBREVIATIONS[title.trim().toLowerCase()] ?? title;
}

/** Where a wish stops naming the role: conditions, times, purposes. */
const WISH_END =
  /[.!?;:](?:\s|$)|\s+for\s+(?:the|a|an|\d)|\s+(?:where|which|that|so that|to help|to use|with a focus|starting|beginning|later|ideally|preferably|nights?|days?|gerne|wo|but|because|since)\b/i;

/** Alternatives of a wish clause: "French or English teaching position" → two roles. */
function wishRoles(clause: string, lookup: PlaceLookup | undefined): string[] {
  let text = clause.replace(/\([^)]*\)/g, " ").split(WISH_END)[0];
  // Places and settings after the role: "in Berlin", "in the North West", "in a product company".
  const cut = text.search(
    /\s+(?:in|im|at|within|near|around|across|für|fur|bei)\s+(?:the\s+|a\s+|an\s+|der\s+|die\s+|dem\s+)?(?:\p{Lu}|area|region|raum|remote|hybrid|home|office|product|company|companies|startup|team|reputed|leading|large|small|good|industry|europe)/u,
  );
  if (cut >= 0) text = text.slice(0, cut);
  const lowerPlace = text.match(/\s+(?:in|near|around)\s+(\S+)/gi)?.find((m) =>
    lookup?.city(m.trim().split(/\s+/)[1]) !== undefined
  );
  if (lowerPlace) text = text.slice(0, text.indexOf(lowerPlace));
  text = text.replace(/\s+(?:,\s*)?(?:remote|hybrid|on-?site)\b.*$/i, "");
  const parts = text.split(/\s*,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\/or\s+|\s+oder\s+|\s+\/\s+/i)
    .map((part) =>
      part.split(/\s+/).filter((w) => !WISH_FILLER.has(w.toLowerCase()) && !/^\d/.test(w))
        .join(" ")
    )
    .filter((part) => part !== "");
  if (parts.length === 0) return [];
  // "French or English teaching": the last alternative's head completes the bare ones.
  const last = parts[parts.length - 1].split(" ");
  const tail = last.length > 1 ? last.slice(1).join(" ") : "";
  const tailIsHead = tail !== "" &&
    (hasHeadNoun(tail) || GERUNDS[last[last.length - 1]] !== undefined);
  return parts.map((part, i) => {
    let role = i < parts.length - 1 && tailIsHead && !hasHeadNoun(part) &&
        part.split(" ").length <= 2
      ? `${part} ${tail}`
      : part;
    const words = role.split(" ");
    const noun = GERUNDS[words[words.length - 1].toLowerCase()];
    if (noun && words[words.length - 2]?.toLowerCase() !== "of") {
      role = [...words.slice(0, -1), noun].join(" ");
    }
    return cleanTitle(expandAbbreviations(role));
  }).filter((role) => role !== "" && wordsOf(role).length <= 8);
}

/**
 * Words that make a piece of a wish a condition rather than a role: "comfortable with night
 * shifts", "to relocate to Pune", "Mumbai preferred", "from home".
 */
const NOT_A_ROLE =
  /^(?:to|from|with|and|or|in|at|on|by|as|of|into|within|near|but|also)\b|\b(?:preferred|prefer|relocat\w*|comfortable|willing|able|available|shifts?|hours?|weeks?|offs?|home|salary|visa|permit|sponsorship|notice|period|immediately|asap|days?|nights?|weekends?|time)\b/i;

/**
 * Whether a piece of a wish names work: a title with a head noun ("Staff Nurse"), or a field of
 * work of two or three words ("customer service", "machine learning"), never a condition.
 */
function isWishedRole(role: string): boolean {
  if (NOT_A_ROLE.test(role)) return false;
  if (hasHeadNoun(role)) return true;
  const words = wordsOf(role).length;
  return words >= 2 && words <= 3;
}

/** Sentences of a text, roughly: at full stops and line ends. */
function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?])\s+|\n+/).map((s) => s.trim()).filter((s) => s !== "");
}

/** The wish clauses of a text: what follows "looking for", "seeking", "ich suche", ... */
function wishClauses(text: string): string[] {
  const clauses: string[] = [];
  for (const sentence of sentencesOf(text)) {
    const match = sentence.match(WISH_OPENERS);
    if (!match) continue;
    clauses.push(sentence.slice(match.index! + match[0].length).trim());
  }
  return clauses;
}

interface Line {
  text: string;
  section: Section;
}

/** The lines of a profile with the section each is in, markup and list markers removed. */
function sectionLines(text: string): Line[] {
  const lines: Line[] = [];
  let section: Section = "head";
  for (const raw of text.split(/\r?\n/)) {
    const line = plainLine(raw);
    if (line === "") {
      lines.push({ text: "", section });
      continue;
    }
    const heading = headingOf(line);
    if (heading) {
      section = heading;
      lines.push({ text: "", section });
      continue;
    }
    // "Skills: Java, Kotlin" or "Objective: To work as ...": a heading with its text on one line.
    const inline = line.match(/^([^:]{2,40}):\s+(.+)$/);
    const inlineHeading = inline ? headingOf(inline[1]) : undefined;
    if (inline && inlineHeading) {
      lines.push({ text: inline[2], section: inlineHeading });
      continue;
    }
    lines.push(
      { text: line, section, bullet: /^\s*(?:[-*+•·◦▪►]\s|\d{1,2}[.)]\s)/.test(raw) } as Line,
    );
  }
  return lines;
}

/**
 * Running text, with lines that a hard wrap split joined again ("... in the" / "North West
 * (Liverpool, ...)."), so that a wish and its places read as one sentence.
 */
function flowText(lines: Line[]): string {
  let text = "";
  let previous: Line | undefined;
  for (const line of lines) {
    if (line.text === "") {
      text += "\n";
      previous = undefined;
      continue;
    }
    const joins = previous !== undefined && previous.section === line.section &&
      !/[.!?:;]$/.test(previous.text) && !(line as { bullet?: boolean }).bullet &&
      (/^[\p{Ll}\d(]/u.test(line.text) || previous.text.length >= 60);
    text += (joins ? " " : "\n") + line.text;
    previous = line;
  }
  return text.trim();
}

/**
 * The skills sections' lines, with a list item that a hard wrap split joined again ("budgeting
 * and" / "forecasting", "CRM (Salesforce," / "Zendesk)").
 */
function skillLines(lines: Line[]): string[] {
  const joined: string[] = [];
  let open = false;
  for (const { text, section } of lines) {
    if (section !== "skills" || text === "") {
      open = false;
      continue;
    }
    const previous = joined[joined.length - 1];
    const wrapped = previous !== undefined && previous.length >= 60 &&
      /[\p{L}\p{N}]$/u.test(previous) && /^\p{Ll}/u.test(text);
    if (previous !== undefined && (open || wrapped)) joined[joined.length - 1] += ` ${text}`;
    else joined.push(text);
    const last = joined[joined.length - 1];
    open = (last.match(/\(/g) ?? []).length > (last.match(/\)/g) ?? []).length;
  }
  return joined;
}

/** Skills as listed: items split at commas, bullets and pipes, short ones only. */
function skillsOf(lines: Line[]): string[] {
  const skills: string[] = [];
  const seen = new Set<string>();
  for (const text of skillLines(lines)) {
    if (/^(?:languages?|sprachen|interests|hobbies)\b/i.test(text)) continue;
    const body = text.replace(/^[^:]{2,30}:\s+/, "");
    // Commas inside brackets list the bracket's own items: "CRM (Salesforce, Zendesk)".
    const items = body.split(/\s*(?:[;|·•]|,(?![^()]*\))|\s-\s|\s{2,})\s*/).flatMap((item) => {
      const inner = item.match(/\(([^)]*,[^)]*)\)/);
      return inner ? [item.replace(inner[0], ""), ...inner[1].split(",")] : [item];
    });
    for (const item of items) {
      const skill = item.replace(/\([^)]*\)/g, "").replace(/[.*]+$/, "").trim();
      const key = foldText(skill);
      if (key === "" || key.split(" ").length > 4 || skill.length > 40 || seen.has(key)) continue;
      // A year or a grade is no skill ("BLS and ACLS (AHA), 2023").
      if (/^[\d\s.,%/+-]+$/.test(skill)) continue;
      seen.add(key);
      skills.push(skill);
      if (skills.length >= MAX_SKILLS) return skills;
    }
  }
  return skills;
}

/**
 * Places named in a text: cities the index knows and countries, longest names first. A name
 * after a city and a comma qualifies it ("Oakville, Ontario", "Bronx, NY") and is no place of its
 * own. Proper nouns only, unless `anyCase` (a wish written in lower case: "in leeds or bradford").
 */
function placesIn(
  text: string,
  lookup: PlaceLookup | undefined,
  anyCase = false,
): FoundPlace[] {
  const found: ({ at: number } & FoundPlace)[] = [];
  const matches = [...text.matchAll(/[^\s,;()|·•/]+(?:,)?/g)];
  const tokens = matches.map((m) => m[0]);
  // A two-letter code is a country only in an address ("Amsterdam, NL"), not in a sentence
  // ("Kubernetes platforms, CI/CD"): on a short line, before its end, a separator or a postcode.
  const codeFits = (k: number) => {
    const at = matches[k].index! + matches[k][0].length;
    const lineStart = text.lastIndexOf("\n", matches[k].index!) + 1;
    const next = text.indexOf("\n", at);
    const lineEnd = next === -1 ? text.length : next;
    const short = text.slice(lineStart, lineEnd).split(/\s+/).length <= 10;
    return short && /^\s*(?:$|[·|;)]|\d|[A-Z]\d[A-Z])/.test(text.slice(at, lineEnd));
  };
  const words = tokens.map((t) => t.replace(/[,.:]+$/, ""));
  const afterComma = (k: number) => k > 0 && tokens[k - 1].endsWith(",");
  const taken = new Set<number>();
  for (let length = 3; length >= 1; length--) {
    for (let start = 0; start + length <= words.length; start++) {
      const span = Array.from({ length }, (_, k) => start + k);
      if (span.some((k) => taken.has(k))) continue;
      if (span.slice(0, -1).some((k) => tokens[k].endsWith(","))) continue;
      const phrase = words.slice(start, start + length).join(" ");
      if (!anyCase && !/^\p{Lu}/u.test(phrase)) continue;
      // "Oakville, Ontario": a name after a city of another country qualifies it; "Liverpool,
      // Wirral" lists two.
      const before = afterComma(start)
        ? found.find((f) => f.city && f.at === start - 1)
        : undefined;
      let city = lookup?.city(phrase);
      if (before && city && city.country !== before.country) city = undefined;
      const qualifier = before !== undefined && city === undefined;
      const region = afterComma(start)
        ? regionCountry(phrase, words.slice(start + length).join(" "))
        : undefined;
      const country = region ??
        (qualifier && !/^[A-Z]{2}$/.test(phrase) && !countryCode(phrase)
          ? undefined
          : /^[A-Z]{2}$/.test(phrase)
          ? (afterComma(start) && codeFits(start) ? countryCode(phrase) : undefined)
          : countryCode(phrase.replace(/^the\s+/i, "")) ??
            (anyCase ? countryCode(capitalised(phrase)) : undefined));
      if (city) found.push({ at: start + length - 1, ...city });
      else if (country) found.push({ at: start + length - 1, country });
      else continue;
      span.forEach((k) => taken.add(k));
    }
  }
  return found.sort((x, y) => x.at - y.at).map(({ at: _, ...place }) => place);
}

function capitalised(text: string): string {
  return text.replace(/(^|\s)\p{L}/gu, (c) => c.toUpperCase());
}

/** US states and Canadian provinces by code and name: "Austin, TX", "Halifax, Nova Scotia". */
const REGIONS: Record<string, string> = Object.fromEntries([
  ...(
    "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH " +
    "NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY"
  ).split(" ").map((code) => [code, "US"]),
  ...(
    "Alabama Alaska Arizona Arkansas California Colorado Connecticut Delaware Florida Georgia " +
    "Hawaii Idaho Illinois Indiana Iowa Kansas Kentucky Louisiana Maine Maryland Massachusetts " +
    "Michigan Minnesota Mississippi Missouri Montana Nebraska Nevada Ohio Oklahoma Oregon " +
    "Pennsylvania Tennessee Texas Utah Vermont Virginia Washington Wisconsin Wyoming"
  ).split(" ").map((name) => [name, "US"]),
  ...["ON", "BC", "QC", "AB", "MB", "NS", "NB", "PE", "SK", "NL", "YT", "NT", "NU"].map((
    code,
  ) => [code, "CA"]),
  ...[
    "Ontario",
    "Quebec",
    "Québec",
    "Alberta",
    "Manitoba",
    "Saskatchewan",
    "Nova Scotia",
    "New Brunswick",
    "British Columbia",
  ].map((name) => [name, "CA"]),
]);

/** A US ZIP code or a Canadian postal code right after a region: "NY 10461", "ON L6H 1A1". */
const POSTAL_CODE = /^(?:\d{5}(?:-\d{4})?|[A-Z]\d[A-Z]\s?\d[A-Z]\d)\b/;

/**
 * The country a region after a comma stands for. A code that is also a country's ("DE", "IN",
 * "CA") is the region only before a postal code ("Wilmington, DE 19801"); without one it is the
 * country ("Berlin, DE").
 */
function regionCountry(region: string, after: string): string | undefined {
  const country = REGIONS[region];
  if (!country) return undefined;
  if (/^[A-Z]{2}$/.test(region) && countryCode(region) !== undefined) {
    return POSTAL_CODE.test(after.trim()) ? country : undefined;
  }
  return country;
}

/** Telephone prefixes: the country a CV's phone number is in, when nothing else says. */
const PHONE_COUNTRIES: [RegExp, string][] = [
  [/\+\s?91[\s-]?\d/, "IN"],
  [/\+\s?49[\s-]?\d/, "DE"],
  [/\+\s?31[\s-]?\d/, "NL"],
  [/\+\s?44[\s-]?\d|\b07\d{3}\s?\d{6}\b|\b07\d{3}\s\d{3}\s\d{3}\b/, "GB"],
  [/\+\s?61[\s-]?\d/, "AU"],
  [/\+\s?43[\s-]?\d/, "AT"],
  [/\+\s?41[\s-]?\d/, "CH"],
];

/** "I am an experienced staff nurse with ...": the role a person names themselves by. */
const SELF_DESCRIPTION =
  /\b(?:i\s+am|i'm|i’m|ich\s+bin|je\s+suis|ik\s+ben|working\s+as|worked\s+as|work\s+as)\s+(?:an?\s+|ein(?:e)?\s+|een\s+|un(?:e)?\s+)?(?:(?:experienced|qualified|certified|licensed|registered|passionate|dedicated|motivated|skilled|erfahrene[rn]?)\s+)?([\p{L}][\p{L}\s/+#.-]{2,60}?)(?=\s+(?:with|in|at|for|who|and|based|from|mit|bei|since|seit)\b|[,.;:!?]|$)/giu;

const RELOCATION =
  /\b(?:relocat(?:e|ion|ing)|move\s+to|moving\s+to|umzug(?:sbereit)?|umziehen|bundesweit|deutschlandweit)\b/i;

const REMOTE_WISH =
  /\b(?:remote|work(?:ing)? from home|wfh|home[- ]?office|telework|fully distributed)\b/i;

/** A first line that is only a name: "MARK HOLLAND", "Claire Donnelly RGN" (its first words). */
function nameWords(line: string): number {
  const words = line.split(/\s+/);
  let k = 0;
  while (
    k < words.length && k < 3 && /^\p{Lu}[\p{L}'.-]*$/u.test(words[k]) &&
    !hasHeadNoun(words[k]) && !/^(?:senior|junior|lead|head|chief|staff)$/i.test(words[k])
  ) k++;
  return k >= 2 ? k : 0;
}

/**
 * Derives what a profile asks for. Pure: the places the index knows come in `places`.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const profile = deriveProfile(
 *   "Staff nurse with 6 years in A&E. I am looking for a Registered Nurse post in Leeds.",
 *   { places: { city: (w) => w === "Leeds" ? { city: "Leeds", country: "GB" } : undefined } },
 * );
 * assert.equal(profile.roles[0].title, "Registered Nurse");
 * assert.deepEqual(profile.places, [{ city: "Leeds", country: "GB", wished: true }]);
 * assert.equal(profile.seniority, "senior");
 * ```
 */
export function deriveProfile(
  text: string,
  options: { places?: PlaceLookup; now?: Date } = {},
): DerivedProfile {
  const now = (options.now ?? new Date()).getUTCFullYear();
  const lookup = options.places;
  const lines = sectionLines(text.slice(0, PROFILE_MAX_LENGTH));
  const filled = lines.filter((l) => l.text !== "");
  const roles: DerivedRole[] = [];
  const keyOf = (title: string) => wordsOf(title).map(stem).join(" ");
  const add = (title: string, weight: number, from: RoleSource) => {
    const key = keyOf(title);
    if (key === "") return;
    const known = roles.find((r) => keyOf(r.title) === key);
    if (known) known.weight = Math.max(known.weight, weight);
    else roles.push({ title, weight, from });
  };

  // Wishes: a wish section's text, and "looking for ..." anywhere.
  const clauses = wishClauses(flowText(lines));
  const wishSection = flowText(lines.filter((l) => l.section === "wish"));
  clauses.push(...sentencesOf(wishSection).filter((sentence) => !WISH_OPENERS.test(sentence)));
  const wishPlaces: FoundPlace[] = [];
  let remote = false;
  for (const clause of clauses) {
    for (const role of wishRoles(clause, lookup)) {
      if (isWishedRole(role)) add(role, 1, "wish");
    }
    const where = clause.search(/\s(?:in|near|around|to|im|raum|relocate)\s/i);
    wishPlaces.push(...placesIn(clause, lookup, false));
    if (where >= 0) wishPlaces.push(...placesIn(clause.slice(where), lookup, true));
    if (REMOTE_WISH.test(clause)) remote = true;
  }

  // "I am a product designer with ...", "as a nurse I ...": how the person names themselves.
  for (const match of flowText(lines).matchAll(SELF_DESCRIPTION)) {
    const phrase = cleanTitle(match[1]);
    if (hasHeadNoun(phrase) && wordsOf(phrase).length <= 6) add(phrase, 0.95, "headline");
  }

  // "Willing to relocate to ...", "open to relocation within ...": places wished, no role.
  for (const sentence of sentencesOf(flowText(lines))) {
    const relocate = sentence.match(RELOCATION);
    if (relocate) {
      wishPlaces.push(...placesIn(sentence.slice(relocate.index!), lookup, true));
    }
  }

  // The headline: a title on the short lines before the first section (the name line's tail).
  const head = filled.filter((l) => l.section === "head").slice(0, 6);
  head.forEach(({ text: line }, i) => {
    if (line.split(/\s+/).length > 14) return;
    const named = i === 0 ? nameWords(line) : 0;
    const rest = line.split(/\s+/).slice(named).join(" ");
    for (const part of rest.split(/\s+[-–—|·]\s+|\s*[—–|·]\s*|,\s+|\s+\/\s+|\s+&\s+/)) {
      const title = cleanTitle(part);
      const words = wordsOf(title);
      if (words.length === 0 || words.length > 6 || /\d{3,}|\byears?\b/i.test(title)) continue;
      if (hasHeadNoun(title)) add(expandAbbreviations(title), 0.95, "headline");
    }
  });

  // Experience: a title on a line with a period of work, or on the line before a period.
  const periods: { title: string; end: number; order: number }[] = [];
  const used = new Set<number>();
  filled.forEach(({ text: line, section }, i) => {
    if (section === "education" || section === "skills" || section === "other") return;
    const range = line.match(DATE_RANGE);
    if (!range) return;
    const end = endYear(range[0], now) ?? now;
    // The title beside the period, above it, or (two-column layouts, Word tables) below it; a
    // title line belongs to one period only.
    let title = titleIn(line);
    for (const k of [i - 1, i + 1]) {
      if (title || k < 0 || k >= filled.length || used.has(k)) continue;
      if (DATE_RANGE.test(filled[k].text)) continue;
      title = titleIn(filled[k].text);
      if (title) used.add(k);
    }
    if (title) periods.push({ title, end, order: periods.length });
  });
  periods.sort((a, b) => b.end - a.end || a.order - b.order);
  const wished = roles.filter((r) => r.from === "wish");
  const anchors = wished.length > 0 ? wished : roles.filter((r) => r.from === "headline");
  const anchorGroups = new Set(anchors.map((r) => headGroupOf(r.title)));
  periods.forEach(({ title, end }, rank) => {
    for (const part of title.split(/\s+\/\s+|\s+&\s+|\s+and\s+/)) {
      if (!hasHeadNoun(part)) continue;
      const recency = Math.max(0.5, 0.9 - 0.05 * rank - 0.04 * Math.max(0, now - end));
      // A past role of another kind than the one the person names for themselves weighs little:
      // a store manager retraining as a developer is not looking for store jobs.
      const related = anchors.length === 0 || anchorGroups.has(headGroupOf(part));
      add(part, related ? recency : Math.min(recency, UNRELATED_WEIGHT), "experience");
    }
  });
  roles.sort((a, b) => b.weight - a.weight);

  // Places: wished ones, else those of the head lines (the address), else the phone's country.
  const headText = head.map(({ text: line }, i) =>
    i === 0 && nameWords(line) > 0 ? line.split(/\s+/).slice(nameWords(line)).join(" ") : line
  ).join("\n");
  const wishedKeys = new Set(wishPlaces.map((p) => `${p.city ?? ""}|${p.country ?? ""}`));
  const places: DerivedPlace[] = dedupePlaces([...wishPlaces, ...placesIn(headText, lookup)])
    .map((p) => ({ ...p, wished: wishedKeys.has(`${p.city ?? ""}|${p.country ?? ""}`) }));
  if (!places.some((p) => p.country)) {
    const phone = PHONE_COUNTRIES.find(([pattern]) => pattern.test(headText));
    if (phone) places.push({ country: phone[1], wished: false });
  }
  const { seniority, levels } = seniorityOfProfile(text, roles, lines);
  return {
    roles: roles.slice(0, MAX_ROLES),
    skills: skillsOf(lines),
    places,
    remote,
    ...(seniority ? { seniority } : {}),
    levels,
  };
}

/** The most a past role of another kind than the wished ones weighs. */
export const UNRELATED_WEIGHT = 0.4;

function dedupePlaces(places: FoundPlace[]): FoundPlace[] {
  const seen = new Set<string>();
  const kept: FoundPlace[] = [];
  // A country named beside its own cities adds nothing: "Berlin, Germany".
  const cityCountries = new Set(places.filter((p) => p.city).map((p) => p.country));
  for (const place of places) {
    if (!place.city && cityCountries.has(place.country)) continue;
    const key = `${place.city ?? ""}|${place.country ?? ""}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(place);
  }
  return kept;
}

const STUDENT =
  /\b(?:student(?:in)?|werkstudent(?:in)?|internship|intern|praktikum|praktikant(?:in)?|thesis|abschlussarbeit|hiwi)\b/i;
/**
 * A person who is studying now says so: "I am a student", "Student – M.Sc. ...", "enrolled",
 * "3rd semester", "working student". Not "internship" or "studying" alone, which a worker's CV
 * mentions too ("after an internship at ...", "studying for the ACCA").
 */
const STUDYING =
  /\b(?:(?:i am|i'm|currently)\s+(?:a\s+)?(?:\w+\s+)?student|student\s+[–—-]\s+|enrolled\s+(?:in|at)|\d+(?:st|nd|rd|th)\s+semester|working student|werkstudent(?:in)?)\b/i;
const JUNIOR =
  /\b(?:junior\s+(?:\w+\s+){0,2}(?:developer|engineer|analyst|designer|accountant|consultant|associate|manager)|entry[- ]level|first (?:role|job|position)|graduate (?:role|programme|program|position)|career chang(?:er|e)|retrained|bootcamp|berufseinsteiger(?:in)?|quereinsteiger(?:in)?)\b/i;
const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
};
const YEARS = new RegExp(
  String.raw`\b(\d{1,2}(?:\.\d)?|${
    Object.keys(NUMBER_WORDS).join("|")
  })\+?\s*(?:years?|yrs?|jahre[n]?)\b`,
  "gi",
);

/** The level of a number of years in work. */
function levelOfYears(years: number): Seniority {
  if (years < 2) return "junior";
  if (years < 5) return "mid";
  return "senior";
}

function yearsIn(text: string): number {
  let years = 0;
  for (const match of text.matchAll(YEARS)) {
    const value = NUMBER_WORDS[match[1].toLowerCase()] ?? Number(match[1]);
    if (value <= 45) years = Math.max(years, value);
  }
  return years;
}

/**
 * The person's level: a student's is `intern`; otherwise a junior who says so, the level the
 * wished or headline titles state ("Senior ...", "Head of ..."), else the years of experience the
 * introduction names.
 */
function seniorityOfProfile(
  text: string,
  roles: DerivedRole[],
  lines: Line[],
): { seniority?: Seniority; levels: Seniority[] } {
  const named = roles.filter((r) => r.from !== "experience");
  const intro = flowText(
    lines.filter((l) => l.section === "head" || l.section === "wish" || l.section === "summary"),
  );
  if (named.some((r) => STUDENT.test(r.title)) || STUDYING.test(intro)) {
    return { seniority: "intern", levels: ["intern"] };
  }
  const stated = named.map((r) => seniorityOf({ job_title: r.title }))
    .filter((s): s is Seniority => s !== undefined);
  const years = yearsIn(intro) || yearsIn(text.slice(0, 3000));
  let seniority: Seniority | undefined;
  if (JUNIOR.test(intro) || named.some((r) => /\bjunior\b/i.test(r.title))) seniority = "junior";
  else if (stated.length > 0) seniority = highest(stated);
  else if (years > 0) seniority = levelOfYears(years);
  if (!seniority) return { levels: [] };
  const levels = new Set<Seniority>([seniority, ...stated]);
  return { seniority, levels: SENIORITIES.filter((s) => levels.has(s)) };
}

function highest(levels: Seniority[]): Seniority {
  return levels.reduce((a, b) => SENIORITIES.indexOf(a) >= SENIORITIES.indexOf(b) ? a : b);
}
