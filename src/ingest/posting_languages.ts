/**
 * The languages a person needs to do a posting's work, read once at import: the language the
 * posting is written in, then the languages it asks for ("fluent German", "German & English
 * speaking", "sehr gute Englischkenntnisse", "vloeiend Nederlands"). What the query's language
 * reading tests ("english speaking jobs in berlin", "no dutch required").
 *
 * - **Its own language** is the description's, told by `franc-min` among the languages the
 *   descriptions are written in (`TOLD_APART`), on its opening without Markdown and links (the
 *   first `FIRST_SAMPLE_CHARS` characters, `SAMPLE_CHARS` where those leave it unsure or read as
 *   a language other than English); where franc is not sure, or there is no description (all
 *   the real German postings have none), the title's: German or Dutch words
 *   ("Softwareentwickler*in", "Werkstudent", "für", "medewerker", "(m/v)") make it German or
 *   Dutch, a title of English words ("Senior Software Engineer (m/f/d)") English. "(m/w/d)"
 *   alone decides nothing.
 * - **The languages it asks for**, precision before recall: a language named as a plus, an
 *   advantage, preferred or under a "Nice to have" heading is not asked for, nor one not required
 *   ("French not required", "no Dutch needed"), nor one of a list joined by "or" (one of them is
 *   needed, not each), nor one named for the place or the people ("German-speaking market", "our
 *   Spanish customers": borderline, left out, as the work may well be done in English).
 *
 * Measured on the real postings in docs/import.md, "The languages a posting needs (session 40)".
 *
 * @module
 */
import { francAll } from "franc-min";
import { type Job, type Language, LANGUAGE_NAMES } from "../domain/job.ts";
import { foldText } from "../domain/fold_text.ts";
import { languageOfJobName } from "../index/job_names_abroad.ts";
import { isEnglishWord } from "../index/query_spelling.ts";
import { placesNamed } from "../places/world_places.ts";

/** The description languages franc tells apart (ISO 639-3), as the posting languages they are. */
const TOLD_APART: Record<string, Language> = {
  eng: "en",
  deu: "de",
  nld: "nl",
  fra: "fr",
  spa: "es",
  ita: "it",
  por: "pt",
  pol: "pl",
};
const FRANC_ONLY = Object.keys(TOLD_APART);

/** Letters a description needs for franc to be asked about it. */
const MIN_DESCRIPTION_LETTERS = 100;
/**
 * The characters of a description franc reads first: its opening says which language it is
 * written in, and franc's time grows with the text (about 0.5 µs a character). Where the first
 * two languages it finds are closer than `SURE_MARGIN`, it reads `SAMPLE_CHARS` (docs/import.md,
 * "The languages a posting needs (session 40)").
 */
const FIRST_SAMPLE_CHARS = 120;
const SAMPLE_CHARS = 600;
/** How far ahead of the second language franc's first must score for a reading to stand. */
const SURE_MARGIN = 0.08;
/** After the longer reading, a margin this small is no reading: the title decides. */
const LEAST_MARGIN = 0.02;

/** A description's opening as prose: no links, no Markdown marks, no escapes. */
function proseOf(description: string, chars: number): string {
  return description.slice(0, chars * 2)
    .replace(/\]\([^)]*\)/g, " ")
    .replace(/\b(?:https?:\/\/|www\.)\S+/gi, " ")
    .replace(/\S+@\S+\.\S+/g, " ")
    .replace(/[\\*_#`>|~[\]=]+/g, " ")
    .replace(/\s+/g, " ")
    .slice(0, chars);
}

/** The Latin letters of `text` (those of the languages told apart), counted without a regex. */
function lettersIn(text: string): number {
  let letters = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i) | 32;
    if ((c >= 97 && c <= 122) || (c >= 0xe0 && c <= 0x24f)) letters++;
  }
  return letters;
}

/** Franc's language of `prose` and how far ahead of the next it is. */
function francReading(prose: string): { code: string; margin: number } {
  const [first, second] = francAll(prose, { only: FRANC_ONLY, minLength: 1 });
  return { code: first[0], margin: first[1] - (second?.[1] ?? 0) };
}

/**
 * Words only English writes often: franc's trigrams read the openings of some English
 * descriptions as French ("At Planet Fitness, we pride ourselves in creating a culture..."), and
 * a text where these are {@link ENGLISH_SHARE} of the words is English whatever franc says, but
 * German or Dutch.
 */
const ENGLISH_WORDS =
  /\b(?:the|and|of|to|for|with|our|you|your|are|that|this|will|be|at|by|who|have|has|from)\b/gi;
const ENGLISH_SHARE = 0.15;

/** The languages franc's reading of stands whatever the function words. */
const TOLD_WELL = new Set<Language>(["en", "de", "nl"]);

/** Whether `prose` is English by its function words. */
function readsAsEnglish(prose: string): boolean {
  const words = prose.match(/\p{L}+/gu)?.length ?? 0;
  return words > 0 && (prose.match(ENGLISH_WORDS)?.length ?? 0) >= words * ENGLISH_SHARE;
}

/** Franc's reading of `prose` where it is sure by `margin`, English checked; else undefined. */
function sureLanguage(prose: string, margin: number): Language | undefined {
  const reading = francReading(prose);
  if (reading.margin < margin) return undefined;
  const code = TOLD_APART[reading.code];
  // Franc's trigrams tell German and Dutch from English well; its mistakes are Romance readings,
  // and a Dutch text listing English requirements ("Dutch is nice to have") is no English one.
  return code !== undefined && !TOLD_WELL.has(code) && readsAsEnglish(prose) ? "en" : code;
}

/** The language a description is written in, or undefined when it is short or franc unsure. */
function descriptionLanguage(description: string): Language | undefined {
  const opening = proseOf(description, FIRST_SAMPLE_CHARS);
  if (lettersIn(opening) >= FIRST_SAMPLE_CHARS / 2) {
    // Most descriptions are English: franc sure of it (2,144 of the 2,675 real ones), or unsure
    // and the opening's words English (117). The rest is read again at length (414), as is
    // another language: openings of labels ("Location: Amsterdam Department: Product
    // Development") read as French.
    const first = sureLanguage(opening, SURE_MARGIN);
    if (first === "en" || (first === undefined && readsAsEnglish(opening))) return "en";
  }
  const prose = proseOf(description, SAMPLE_CHARS);
  if (lettersIn(prose) < MIN_DESCRIPTION_LETTERS) return undefined;
  return sureLanguage(prose, LEAST_MARGIN);
}

/**
 * German words of the real titles: function words, and the stems of job names and their
 * compounds ("Softwareentwickler", "Systemingenieur", "Projektleiter").
 */
const GERMAN_WORDS = new Set([
  "für",
  "und",
  "oder",
  "mit",
  "im",
  "der",
  "die",
  "das",
  "den",
  "dem",
  "des",
  "bei",
  "zur",
  "zum",
  "ohne",
  "auch",
  "dein",
  "deine",
  "werde",
  "werden",
  "jetzt",
  "durch",
  "bis",
  "zu",
  "einen",
  "eine",
  "wir",
  "suchen",
  "gesucht",
  "sowie",
  "bzw",
  "vollzeit",
  "teilzeit",
  "befristet",
  "unbefristet",
  "du",
  "dich",
  "unser",
  "unsere",
  "alle",
  "neue",
  "technischer",
  "technische",
  "digitaler",
  "digitale",
  "kommunale",
]);
const GERMAN_STEMS = new RegExp(
  [
    "entwickl|ingenieur|mitarbeiter|sachbearbeit|leiter|leitung|werk?s?student|praktik|informatiker",
    "berater|kaufmann|kauffrau|spezialist|architekt|fachkraft|referentin|assistenz|experte|konstrukt",
    "systemadministrator|netzwerk|schwerpunkt|bereich|quereinsteig|ausbildung|duales|plattform",
    "infrastruktur|fokus|deutschland|karriere|kommunikation|geschlecht|zentral|technologien",
    "betrieb|studium|prozess|produkt|umfeld|standort|kenntnis|vernetz|anwalt|dozent|systeme$",
    String.raw`\p{L}{3}planer$`,
  ].join("|"),
  "u",
);
/** German endings of words English does not have ("Automatisierung", "Sicherheit"). */
const GERMAN_ENDINGS = /\p{L}{4}(?:ung|heit|keit|schaft|ierung|innen)$/u;
/** The German gender ending of a job name: "Entwickler*in", "Developer:in", "Berater_in". */
const GERMAN_GENDER_ENDING = /\p{L}[*:_/]in(?:nen)?\b/u;

/** Dutch words of the real titles. */
const DUTCH_WORDS = new Set([
  "voor",
  "bij",
  "met",
  "het",
  "een",
  "naar",
  "wij",
  "zoeken",
  "gezocht",
  "vacature",
  "stagiair",
  "afstudeeropdracht",
  "afstudeerstage",
  "medewerker",
  "medewerkers",
  "ontwikkelaar",
  "beheerder",
  "adviseur",
  "directeur",
  "klantenservice",
  "onderzoeker",
  "uur",
]);
const DUTCH_STEMS = /medewerker|ontwikkelaar|beheerder|verpleeg|kundige|adviseur|begeleider/;
/** "(m/v)", "(m/v/x)": the Dutch gender mark (man/vrouw); "(m/w/d)" names no language. */
const DUTCH_GENDER = /\(\s*[mv]\s*\/\s*[mv](?:\s*\/\s*[xdi])?\s*\)/i;

/** German and Dutch words of the lists English writes too, capitalised in a title. */
const ENGLISH_TOO = new Set(["met", "die", "den", "des", "bis", "im"]);

/** Technical words English titles hold that no dictionary lists: neither English nor not. */
const NEUTRAL_WORDS =
  /^(?:devops|devsecops|mlops|llmops|finops|gitops|aiops|cloudops|backend|frontend|fullstack|front|back|end|full|stack|sre|qa|it|ai|ml|ui|ux|api|apis|sdk|aws|gcp|sap|abap|php|js|sql|java|javascript|typescript|kotlin|golang|kubernetes|react|vue|node|nodejs|net|saas|iot|genai|llm|llms|erp|crm|sr|jr|ii|iii|iv|emea|dach|eu|us|uk|fintech|medtech|adtech)$/;

/** Umlauts and ß, which English never writes. */
const GERMAN_LETTERS = /[äöüßÄÖÜ]/;

/** A place name with umlauts is a place, not German ("Düsseldorf", "München"): enough people. */
const PLACE_PEOPLE = 20_000;

/** The language of a posting's title: German or Dutch words, or English ones; else undefined. */
function titleLanguage(title: string): Language | undefined {
  if (DUTCH_GENDER.test(title)) return "nl";
  if (GERMAN_GENDER_ENDING.test(title)) return "de";
  // The gender marks named no language and hold letters of no word.
  const text = title.replace(/\([^)]*\/[^)]*\)/g, " ");
  const words = text.match(/\p{L}+/gu) ?? [];
  let english = 0;
  let other = 0;
  for (const word of words) {
    const lower = word.toLowerCase();
    // "IM", "DIE" in capitals are more often initials than German.
    if (word.length <= 3 && word === word.toUpperCase()) continue;
    const folded = foldText(lower);
    const named = languageOfJobName(folded);
    if (named) return named;
    // A word English writes too counts in lower case only: "bij", not "Met Office", "Die Casting".
    const asWord = word === lower || !ENGLISH_TOO.has(lower);
    if ((asWord && DUTCH_WORDS.has(lower)) || DUTCH_STEMS.test(lower)) return "nl";
    if ((asWord && GERMAN_WORDS.has(lower)) || GERMAN_STEMS.test(lower)) return "de";
    if (lower.length < 2 || NEUTRAL_WORDS.test(lower)) continue;
    if (isEnglishWord(lower)) {
      english++;
      continue;
    }
    if (GERMAN_LETTERS.test(word)) {
      if ((placesNamed(word)[0]?.population ?? 0) >= PLACE_PEOPLE) continue;
      return "de";
    }
    if (GERMAN_ENDINGS.test(lower)) return "de";
    if (/ij/.test(lower)) return "nl";
    other++;
  }
  // Words of no dictionary beside English ones are mostly names ("Sagemaker", "Laravel").
  return english > 0 && english * 2 >= other ? "en" : undefined;
}

/** Every name of every language, to the language: lower case, as the patterns capture them. */
const LANGUAGE_OF_NAME = new Map<string, Language>();
for (
  const [code, names] of Object.entries(LANGUAGE_NAMES) as [Language, typeof LANGUAGE_NAMES.en][]
) {
  for (const name of [names.en, names.de, names.nl].flatMap((n) => n.split("|"))) {
    LANGUAGE_OF_NAME.set(name.toLowerCase(), code);
  }
}

/** The names of one tongue's words for the languages, as a pattern. */
function namesIn(tongue: "en" | "de" | "nl"): string {
  return Object.values(LANGUAGE_NAMES).map((names) => names[tongue]).join("|")
    // "polish" is a verb ("polish the UI"); the language is written with a capital.
    .replace(/\bPolish\b/, "(?-i:Polish)");
}

/** The names in each tongue; the German and Dutch ones stems their inflections extend. */
const EN = `(?:${namesIn("en")})`;
const DE = `(?:${namesIn("de")})`;
const NL = `(?:${namesIn("nl")})`;
/**
 * A list of languages: "German & English", "English/Spanish", "Dutch, English, and German"; at most
 * {@link MAX_LISTED}, so that a run of names ("German, German, ...") is read in linear time.
 */
const MAX_LISTED = 8;
const list = (name: string, joins: string) =>
  `(?<list>${name}(?:\\s*(?:,(?:\\s*(?:${joins}))?|/|&|\\+|${joins})\\s*${name}){0,${
    MAX_LISTED - 1
  }})`;
const EN_LIST = list(EN, "\\band\\b|\\bor\\b");
const DE_LIST = list(`${DE}(?:e[nrs]?|-)?`, "\\bund\\b|\\boder\\b");
const NL_LIST = list(`(?:het )?${NL}e?`, "\\ben\\b|\\bof\\b|\\bals\\b");

/** A CEFR level: "C1", "B2+". */
const LEVEL = String.raw`[ABC][12]\+?`;

/** Where a posting asks for languages: each pattern captures them as `list`. */
const ASKING: RegExp[] = [
  // "German speaking", "German-speaking", "German speaker", "(German & English speaking)", not
  // "German-speaking market" (a place) nor "Teaching English to Speakers of Other Languages".
  new RegExp(
    String
      .raw`${EN_LIST}[- ](?i:speaking|speakers?)\b(?![- ](?i:market|region|countr|area|world|part|europe|territor))`,
    "g",
  ),
  // "fluent German", "fluent in German", "fluency in German and English", "business fluent
  // German", "native German", "proficient in German", "excellent German", "strong command of
  // English", "written and spoken English".
  new RegExp(
    String
      .raw`\b(?:(?:business[- ])?fluen(?:t|cy|tly)|native(?:[- ]level)?|proficien(?:t|cy)|mastery|command|bilingual(?:ism)?|knowledge)` +
      String
        .raw`(?: (?:in|of|with))?(?: (?:both|the))?[ :–-]+${EN_LIST}\b(?! (?:customers|clients|market|company|companies|government|universit))`,
    "gi",
  ),
  new RegExp(
    String
      .raw`\b(?:excellent|very good|good|strong|perfect|great|outstanding|exceptional|solid|written|spoken|oral|verbal|written and (?:spoken|oral|verbal)|(?:spoken|oral|verbal) and written)[ ,]+${EN_LIST}(?=\s*(?:[.,;:)\n]|$|language|skills|communication|proficiency|\((?:written|spoken|verbal)))`,
    "gi",
  ),
  // "German (C1)", "German at C1 level", "German: C1", "Dutch (minimum B2 level", "C1 German".
  new RegExp(
    String
      .raw`${EN_LIST}\s*(?:[:(–-]\s*)?(?:(?:min(?:imum|\.)?|at(?: least)?(?: an?)?|level)\s+)?${LEVEL}\b`,
    "g",
  ),
  new RegExp(String.raw`\b${LEVEL}(?:[- ]level)? ${EN_LIST}\b`, "g"),
  // "German language skills", "English skills", "German (fluent)", "English (Required)",
  // "English is a must", "Spanish required"; the heading "Language: English" of Indeed's forms.
  new RegExp(
    String
      .raw`${EN_LIST}(?: language)?(?: (?:skills|proficiency|fluency)| \((?:fluent|native|business fluent|required|mandatory|written and (?:spoken|verbal))\)|:? (?:fluent|native)\b| (?:is |are )?(?:required|a must|mandatory|essential|a requirement)\b| (?:is |are )?must\b)`,
    "gi",
  ),
  // "speak German", "speak, read and write English", "communicate in English", "communication
  // skills in English", "our working language is English".
  new RegExp(
    // The one who speaks is the applicant ("you speak", "must speak", "able to speak"), not "our
    // recruiters speak both English and Dutch".
    String.raw`(?<=\b(?:you|must|to|can|should|who|will|also|candidates?|applicants?) (?:\w+ )?)` +
      String
        .raw`(?:speaks?|speaking|write|writes|read|reads)(?:,? (?:and |or )?(?:speak|write|read)s?){0,3}` +
      String.raw`(?: (?:fluent|fluently|excellent|good))?(?: in)?(?: both)? ${EN_LIST}\b`,
    "gi",
  ),
  new RegExp(
    String
      .raw`\bcommunicat(?:e|ing|ion)(?: skills)? in(?: both)?(?: the)? ${EN_LIST}\b(?! (?:customers|clients|market))`,
    "gi",
  ),
  new RegExp(
    String
      .raw`\b(?:working|company|business|office|corporate) language (?:is |will be )?${EN_LIST}\b`,
    "gi",
  ),
  // "Spanish/English bilingual", "bilingual (English/Spanish)".
  new RegExp(String.raw`${EN_LIST}[- ]bilingual\b`, "g"),
  new RegExp(String.raw`\bbilingual\w*\s*\(\s*${EN_LIST}\s*\)`, "gi"),
  // German: "Deutschkenntnisse", "verhandlungssichere Deutsch- und Englischkenntnisse",
  // "fließend Deutsch", "Deutsch (fließend)", "sehr gutes Deutsch", "der deutschen Sprache".
  new RegExp(String.raw`${DE_LIST}(?:sprach)?kenntnisse?n?\b`, "gi"),
  new RegExp(String.raw`\bKenntnisse(?: der| in)? ${DE_LIST}`, "gi"),
  new RegExp(
    String
      .raw`\b(?:fließend(?:e[mnrs]?)?|verhandlungssicher(?:e[mnrs]?)?|(?:sehr )?gute[mnrs]?|exzellente[mnrs]?|ausgezeichnete[mnrs]?|hervorragende[mnrs]?|Muttersprache)(?: in)? ${DE_LIST}`,
    "gi",
  ),
  new RegExp(
    String
      .raw`${DE_LIST}\s*(?:\(\s*)?(?:fließend|verhandlungssicher|in Wort und Schrift|als Muttersprache|auf ${LEVEL}|${LEVEL})`,
    "gi",
  ),
  new RegExp(String.raw`\b(?:der )?${DE_LIST}(?:e|en)? Sprache`, "gi"),
  // Dutch: "vloeiend Nederlands", "Nederlands (vloeiend)", "beheersing van de Nederlandse taal",
  // "zowel het Nederlands als het Engels", "Nederlandstalig".
  new RegExp(String.raw`\b(?:vloeiend|uitstekend|goed|perfect)e? ${NL_LIST}`, "gi"),
  new RegExp(String.raw`${NL_LIST}\s*(?:\(\s*)?(?:vloeiend|in woord en geschrift|${LEVEL})`, "gi"),
  new RegExp(String.raw`\b(?:beheersing|kennis) van (?:de |het )?${NL_LIST}`, "gi"),
  new RegExp(String.raw`\bzowel ${NL_LIST}`, "gi"),
  new RegExp(String.raw`\bspreek(?:t|je)? (?:vloeiend )?${NL_LIST}`, "gi"),
  new RegExp(String.raw`\b(?:${NL})talige?\b`, "gi"),
];

/**
 * What makes a language named a plus, not a need: said in the same clause after it ("German is a
 * plus", "Dutch (preferred)", "French not required") or before it in the same sentence ("ideally
 * fluent German", "no Dutch required", "Bonus: fluent Spanish").
 */
const NOT_NEEDED_AFTER =
  /\b(?:plus|pluspunkt|nice[- ]to[- ]have|advantage\w*|desir\w*|prefer\w*|beneficial|bonus|asset|welcome|helpful|optional|not (?:required|necessary|needed|a must|mandatory|essential|obligatory|a requirement)|no requirement|would be (?:great|nice|good)|valued|appreciated|considered|encouraged|willing(?:ness)? to learn|motivation to learn|some (?:roles|positions)|\(pre\)|\bpr[eé]\b|von vorteil|vorteilhaft|wünschenswert|ein plus|willkommen|nicht (?:erforderlich|notwendig|nötig|zwingend|vorausgesetzt)|pré|mooi meegenomen|geen vereiste|niet vereist|strekt tot aanbeveling|wenselijk|bij voorkeur)/i;
const NOT_NEEDED_BEFORE =
  /\b(?:ideally|prefer\w*|nice[- ]to[- ]have|bonus|plus|advantage\w*|desirable|optional|idealerweise|wünschenswert|von vorteil|bij voorkeur|pré|willingness to learn|learn(?:ing)?|learn the|courses?|classes|lessons)\b/i;
/** A denial just before the language: "no German", "not fluent in Dutch", "non-English", "keine". */
const DENIED_BEFORE =
  /(?:\b(?:no|not|non|without|never|don'?t need|do not need|no need to|keine?|ohne|geen|zonder)\b[- ](?:\S+ ){0,3}$)|-?\bnon-$/i;
/** A heading that opens what is not needed: "Nice to have:", "Bonus points", "Pluspunkte". */
const OPTIONAL_HEADING =
  /\b(?:nice[- ]to[- ]have|bonus|happy if|great if|plus(?:punkte)?|preferred|desired|desirable|advantage|optional|not required|would be great|wünschenswert|von vorteil|pré|pluspunten)\b/i;

/** Where the sentence holding `at` begins, and where the clause after `end` ends. */
function sentenceBefore(text: string, at: number): string {
  const start = Math.max(
    text.lastIndexOf(".", at - 1),
    text.lastIndexOf(";", at - 1),
    text.lastIndexOf("!", at - 1),
    text.lastIndexOf("?", at - 1),
    text.lastIndexOf("\n", at - 1),
    at - 120,
  );
  return text.slice(start + 1, at);
}
function clauseAfter(text: string, end: number): string {
  const rest = text.slice(end, end + 80);
  const stop = rest.search(/(?<!\betc)[.,;!?\n]|\bbut\b|\baber\b|\bmaar\b/);
  return stop < 0 ? rest : rest.slice(0, stop);
}

/** Whether the line before `at` (skipping bullet lines) is a heading of what is not needed. */
function underOptionalHeading(text: string, at: number): boolean {
  let end = text.lastIndexOf("\n", at - 1);
  // The list the language's line belongs to, back to the line that opens it.
  for (let lines = 0; end > 0 && lines < 12; lines++) {
    const start = text.lastIndexOf("\n", end - 1);
    const line = text.slice(start + 1, end).trim();
    end = start;
    if (line === "") continue;
    if (/^(?:[*\-•·–]|\d+[.)])\s/.test(line)) continue;
    return line.length <= 80 && OPTIONAL_HEADING.test(line);
  }
  return false;
}

/** Any name of a language: where the patterns are tried, around each (a few in most texts). */
const ANY_NAME = new RegExp([EN, DE, NL].join("|").replace(/\(\?-i:(\w+)\)/, "$1"), "g");
/** How far around a name the patterns may reach: the longest asks for "fluency in" ahead. */
const REACH_BEFORE = 160;
const REACH_AFTER = 120;

/** The stretches of `text` around its names of languages, overlapping ones joined. */
function nameStretches(text: string): [number, number][] {
  const stretches: [number, number][] = [];
  // As written, capitalised, without the flag `i`: ten times faster on the real descriptions, at
  // the cost of a language written in lower case ("fluent in german"), which few postings do.
  for (const match of text.matchAll(ANY_NAME)) {
    const start = Math.max(0, match.index - REACH_BEFORE);
    const end = Math.min(text.length, match.index + match[0].length + REACH_AFTER);
    const last = stretches.at(-1);
    if (last && start <= last[1]) last[1] = end;
    else stretches.push([start, end]);
  }
  return stretches;
}

/** The languages a text asks for, in the order it names them. */
function askedLanguages(written: string): Language[] {
  // Scraped Markdown escapes its marks ("non\-native", "English \& Dutch"): read without.
  const unescaped = written.includes("\\") ? written.replace(/\\(?=[^\s\w])/g, "") : written;
  // Bold marks as spaces, which keep the positions ("fluent in **English and Dutch**").
  const text = unescaped.replaceAll("**", "  ");
  const found: { at: number; code: Language }[] = [];
  for (const [start, stop] of nameStretches(text)) {
    const stretch = text.slice(start, stop);
    for (const pattern of ASKING) {
      for (const match of stretch.matchAll(pattern)) {
        const listed = match.groups?.list ?? "";
        if (/\b(?:or|oder|of)\b/i.test(listed)) continue;
        const at = start + match.index;
        const end = at + match[0].length;
        const before = sentenceBefore(text, at);
        if (DENIED_BEFORE.test(before) || NOT_NEEDED_BEFORE.test(before)) continue;
        if (NOT_NEEDED_AFTER.test(clauseAfter(text, end))) continue;
        if (underOptionalHeading(text, at)) continue;
        const listAt = at + match[0].indexOf(listed);
        for (const name of listed.matchAll(/\p{L}+/gu)) {
          const code = languageOfName(name[0]);
          if (code) found.push({ at: listAt + name.index, code });
        }
      }
    }
  }
  const seen = new Set<number>();
  return found.sort((a, b) => a.at - b.at).filter((f) => !seen.has(f.at) && seen.add(f.at))
    .map((f) => f.code);
}

/** The language a captured name names: "Deutsch", "Englisch", "Nederlandse", "English". */
function languageOfName(name: string): Language | undefined {
  const lower = name.toLowerCase();
  return LANGUAGE_OF_NAME.get(lower) ?? LANGUAGE_OF_NAME.get(lower.replace(/(?:e[nrs]?|e)$/, ""));
}

/**
 * The languages the work needs: the posting's own language first, then those it asks for, each
 * once; undefined where nothing is known.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const posting = (job_title: string, job_description = "") => ({ job_title, job_description });
 * // The title alone: German words, English words, or an English title asking for German.
 * assert.deepEqual(postingLanguages(posting("Softwareentwickler*in Backend (m/w/d)")), ["de"]);
 * assert.deepEqual(postingLanguages(posting("Senior Software Engineer (m/f/d)")), ["en"]);
 * assert.deepEqual(
 *   postingLanguages(posting("Cloud Support Engineer (German & English speaking)")),
 *   ["en", "de"],
 * );
 * assert.deepEqual(
 *   postingLanguages(posting("Account Manager", "You will manage accounts across the region and " +
 *     "work with our sales team every day. You are fluent in German and have three years of " +
 *     "experience in sales. Dutch is a plus.")),
 *   ["en", "de"],
 * );
 * assert.deepEqual(postingLanguages(posting("Medewerker klantenservice")), ["nl"]);
 * assert.equal(postingLanguages(posting("(m/w/d)")), undefined);
 * ```
 */
export function postingLanguages(
  job: Pick<Job, "job_title" | "job_description" | "country">,
): Language[] | undefined {
  const own = descriptionLanguage(job.job_description) ?? titleLanguage(job.job_title);
  const asked = [...askedLanguages(job.job_title), ...askedLanguages(job.job_description)];
  const languages = [...new Set([...(own ? [own] : []), ...asked])];
  return languages.length > 0 ? languages : undefined;
}
