/**
 * What a profile says the person wants: the roles after "looking for", "seeking", "ich suche" or
 * in a wish section ("Objective", "Wunschposition"), the places named with them or with a wish to
 * relocate, and whether they want remote work. A wish is split into its alternatives ("French or
 * English teaching position": two roles), and its conditions ("nights", "Mumbai preferred") are no
 * roles.
 *
 * @module
 */
import { saysRemoteWish } from "../../domain/remote_words.ts";
import { hasHeadNoun, wordsOf } from "../../index/head_group.ts";
import { analyzeQuery, namesNoWork, typeAlone } from "../../index/analyze_query.ts";
import { type FoundPlace, type PlaceLookup, placesIn } from "./profile_places.ts";
import { SALUTATION } from "./profile_head.ts";
import { cleanTitle, expandAbbreviations } from "./role_titles.ts";
import { flowText, type Line, sentencesOf } from "./section_lines.ts";
import { ownValue } from "../../domain/own_value.ts";

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
    String
      .raw`\bik\s+zoek\b|\bzoek\s+(?:een|werk|naar)\b|\bop\s+zoek\s+naar\b|\bich\s+suche\b|\bsuche\s+(?:eine|einen|ein)\b|\bsucht\s+(?:eine[nr]?|ein|neue[nr]?|nach|arbeit|stelle|job|beschäftigung)\b|\bauf\s+der\s+suche\s+nach\b`,
  "i",
);

/** Words of a wish that say nothing about the role. */
const WISH_FILLER = new Set(
  (
    "a an the my first next new another full time full-time part time part-time permanent " +
    "temporary position positions role roles job jobs post posts opportunity opportunities " +
    "vacancy work employment career challenge as for some any suitable good great " +
    "challenging exciting rewarding eine einen ein neue neuen position stelle als rolle " +
    "gerne gern im in a la een nieuwe nieuw baan functie werk vaste tijdelijke parttime " +
    "fulltime uitdaging"
  ).split(" "),
);

/** Where a wish stops naming the role: conditions, times, purposes. */
const WISH_END =
  /[.!?;:](?:\s|$)|\s+for\s+(?:the|a|an|\d)|\s+(?:where|which|that|so that|to help|to use|with a focus|starting|beginning|later|ideally|preferably|nights?|days?|gerne|wo|but|because|since|waar|maar|omdat|graag|liefst)\b/i;

/**
 * Fields of work a person names by one word before "work" or "jobs" ("warehouse work", "kitchen
 * jobs"): known ones only, so that "well-paid work", "graduate jobs" or "overseas work" name no role
 * (reviewer C59; they have the hint that asks for the work).
 */
const FIELDS = new Set(
  (
    "warehouse forklift factory production manufacturing construction building labouring labour " +
    "labor retail shop hospitality kitchen catering restaurant bar pub cafe hotel care healthcare " +
    "security delivery courier farm farming agricultural garden gardening landscaping office admin " +
    "administration clerical reception sales marketing finance accounts it tech software childcare " +
    "nursery youth social logistics transport packing picking packaging maintenance electrical " +
    "plumbing painting decorating carpentry joinery welding mechanical automotive garage beauty " +
    "hairdressing fitness events food cooking baking laboratory lab research data design media " +
    "legal hr recruitment translation nanny"
  ).split(" "),
);

/** Alternatives of a wish clause: "French or English teaching position" → two roles. */
function wishRoles(clause: string, lookup: PlaceLookup | undefined): string[] {
  // A pay band or grade is no part of the role: "a band 6 nursing role" was read as "band nurse"
  // (a person's trial, session 57).
  let text = clause.replace(/\([^)]*\)/g, " ")
    .replace(/\b(?:band|grade|level)\s+\d+[a-z]?\b/gi, " ").split(WISH_END)[0];
  // Places and settings after the role: "in Berlin", "in the North West", "in a product company".
  const cut = text.search(
    /\s+(?:in|im|at|within|near|around|across|für|fur|bei|bij)\s+(?:the\s+|a\s+|an\s+|der\s+|die\s+|dem\s+|een\s+|de\s+|het\s+)?(?:\p{Lu}|area|region|raum|remote|hybrid|home|office|product|company|companies|startup|team|reputed|leading|large|small|good|industry|europe)/u,
  );
  if (cut >= 0) text = text.slice(0, cut);
  // Dutch names a sector with its article: "teamleider in de logistiek", "kok in het restaurant".
  const sector = text.search(/\s+(?:in|bij)\s+(?:de|het)\s+/i);
  if (sector >= 0) text = text.slice(0, sector);
  const lowerPlace = text.match(/\s+(?:in|near|around)\s+(\S+)/gi)?.find((m) =>
    lookup?.city(m.trim().split(/\s+/)[1]) !== undefined
  );
  if (lowerPlace) text = text.slice(0, text.indexOf(lowerPlace));
  text = text.replace(/\s+(?:,\s*)?(?:remote|hybrid|on-?site)\b.*$/i, "");
  // "warehouse or forklift work": a field's word before "work" or "jobs" names the work, though no
  // title's head noun (an agent's trial, session 59: the CV was read as no role at all).
  const fieldWork = /\s(?:work|jobs?)$/i.test(text.trim());
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
    (hasHeadNoun(tail) || ownValue(GERUNDS, last[last.length - 1]) !== undefined);
  return parts.map((part, i) => {
    let role = i < parts.length - 1 && tailIsHead && !hasHeadNoun(part) &&
        part.split(" ").length <= 2
      ? `${part} ${tail}`
      : part;
    const words = role.split(" ");
    const noun = ownValue(GERUNDS, words[words.length - 1].toLowerCase());
    if (noun && words[words.length - 2]?.toLowerCase() !== "of") {
      role = [...words.slice(0, -1), noun].join(" ");
    }
    if (fieldWork && !noun && words.length === 1 && FIELDS.has(role.toLowerCase())) {
      role = `${role} work`;
    }
    return cleanTitle(expandAbbreviations(role));
  }).filter((role) => role !== "" && wordsOf(role).length <= 8);
}

/**
 * Words that make a piece of a wish a condition rather than a role: "comfortable with night
 * shifts", "to relocate to Pune", "Mumbai preferred", "from home".
 */
const NOT_A_ROLE =
  /^(?:to|from|with|and|or|in|at|on|by|as|of|into|within|near|but|also)\b|\b(?:raum|region|umgebung|nähe|preferred|prefer|relocat\w*|comfortable|willing|able|available|shifts?|hours?|weeks?|offs?|home|salary|visa|permit|sponsorship|notice|period|immediately|asap|days?|nights?|weekends?|time)\b/i;

/** Posts a person's first step is: kept as wished roles though they read as a level alone. */
const FIRST_POSTS =
  /(?<![\p{L}\p{N}])(?:interns?|internships?|apprentices?|apprenticeships?|trainees?|traineeships?|graduate|graduates|werkstudent(?:in)?|praktikum|praktikant(?:in)?|stagiair)(?![\p{L}\p{N}])/iu;

/**
 * Whether a piece of a wish names work: a title with a head noun ("Staff Nurse"), or a field of
 * work of two or three words ("customer service", "machine learning"), never a condition.
 */
function isWishedRole(role: string): boolean {
  if (NOT_A_ROLE.test(role)) return false;
  if (hasHeadNoun(role)) return true;
  // Words with no title's head noun that say only the pay, a level, a type or a language
  // ("well-paid", "entry-level", "english-speaking"), as words beside a CV are read (`typeAlone`):
  // no role (reviewer C59 found "Looking for well-paid work" searched "well-paid" as the work).
  // Read only here, past the head nouns: most wishes name a title, and a CV's search pays for it.
  const read = analyzeQuery(role);
  if (namesNoWork(read)) return false;
  // An intern's, an apprentice's or a trainee's post is the work a student asks for ("a graduate
  // trainee role", "an internship": reviewer C59b found them dropped).
  if (typeAlone(read) !== null && !FIRST_POSTS.test(role)) return false;
  const words = wordsOf(role).length;
  return words >= 2 && words <= 3;
}

/**
 * The wish clauses of a text: what follows "looking for", "seeking", "ich suche", ..., and what
 * came before it in its sentence ("Experienced nurse" of "Experienced nurse looking for work in
 * Leeds"), where the person names what they are.
 */
function wishClauses(text: string): { wish: string; before: string }[] {
  const clauses: { wish: string; before: string }[] = [];
  for (const sentence of sentencesOf(text)) {
    const match = sentence.match(WISH_OPENERS);
    if (!match) continue;
    clauses.push({
      wish: sentence.slice(match.index! + match[0].length).trim(),
      before: sentence.slice(0, match.index!).trim(),
    });
  }
  return clauses;
}

/** "I am an" before what a person says they are. */
const SELF_OPENER = /^(?:i\s+am|i['’]m|im)\s+|^(?:an?)\s+/i;

/** Most words a person names themselves by before a wish: "experienced staff nurse", no more. */
const SELF_NAME_WORDS = 4;

/**
 * The role a person names themselves by before a wish that names none ("Experienced nurse
 * looking for work in Leeds": the CV was read as no role at all, reviewer W51), or none. Only a
 * short title with a head noun: a greeting, a name or a lead-in before the wish ("Dear Sir or
 * Madam", "John Smith", "After years as a teacher") is no role (reviewer C51: "Dear Sir" had led
 * a CV's roles).
 */
function selfNamedRoles(before: string, lookup: PlaceLookup | undefined): string[] {
  // After a salutation or a name: "Dear Sir/Madam, experienced electrician" is an electrician
  // ("Dear Sir/Madam electrician" it read: reviewer R51b).
  const last = before.replace(/[,;:–—-]+\s*$/, "").split(/[,;:]\s*/).at(-1) ?? "";
  const said = last.replace(SELF_OPENER, "").replace(SELF_OPENER, "").trim();
  if (SALUTATION.test(said)) return [];
  if (said === "" || said.split(/\s+/).length > SELF_NAME_WORDS) return [];
  return wishRoles(said, lookup).filter((role) => hasHeadNoun(role) && !NOT_A_ROLE.test(role));
}

const RELOCATION =
  /\b(?:relocat(?:e|ion|ing)|move\s+to|moving\s+to|umzug(?:sbereit)?|umziehen|bundesweit|deutschlandweit)\b/i;

export interface Wishes {
  /** The roles wished for, in the order written. */
  roles: string[];
  /** The places wished for: those of the wishes, then those of a wish to relocate. */
  places: FoundPlace[];
  /** The person wants remote work (or work from home). */
  remote: boolean;
}

/** The wishes of a profile's lines; `lookup` knows the cities a wish may name. */
export function readWishes(lines: Line[], lookup?: PlaceLookup): Wishes {
  const text = flowText(lines);
  // Wishes: a wish section's text, and "looking for ..." anywhere.
  const clauses = wishClauses(text);
  const wishSection = flowText(lines.filter((l) => l.section === "wish"));
  clauses.push(
    ...sentencesOf(wishSection).filter((sentence) => !WISH_OPENERS.test(sentence))
      .map((wish) => ({ wish, before: "" })),
  );
  const wishes: Wishes = { roles: [], places: [], remote: false };
  for (const { wish: clause, before } of clauses) {
    const roles = wishRoles(clause, lookup).filter(isWishedRole);
    wishes.roles.push(...(roles.length > 0 ? roles : selfNamedRoles(before, lookup)));
    const where = clause.search(/\s(?:in|near|around|to|im|raum|relocate)\s/i);
    wishes.places.push(...placesIn(clause, { lookup }));
    if (where >= 0) wishes.places.push(...placesIn(clause.slice(where), { lookup, anyCase: true }));
    if (saysRemoteWish(clause)) wishes.remote = true;
  }
  // "Willing to relocate to ...", "open to relocation within ...": places wished, no role.
  for (const sentence of sentencesOf(text)) {
    const relocate = sentence.match(RELOCATION);
    if (relocate) {
      wishes.places.push(...placesIn(sentence.slice(relocate.index!), { lookup, anyCase: true }));
    }
  }
  return wishes;
}
