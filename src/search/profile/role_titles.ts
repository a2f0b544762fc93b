/**
 * Job titles as a profile writes them, made into roles to search for: asides and trailing places
 * removed, an abbreviation alone spelled out, and the title a person names themselves by ("I am an
 * experienced staff nurse with ...").
 *
 * @module
 */
import { hasHeadNoun, wordsOf } from "../../index/head_group.ts";
import { ownValue } from "../../domain/own_value.ts";

/** A candidate title cleaned: asides in brackets, trailing "in Berlin", extra spaces. */
export function cleanTitle(text: string): string {
  return text
    .replace(/\([^)]*\)|\[[^\]]*\]/g, " ")
    .replace(/[*_`"“”]/g, " ")
    .replace(/\s+(?:in|at|im|bei)\s+\p{Lu}[\p{L}-]*(?:\s+\p{Lu}[\p{L}-]*)?\s*$/u, "")
    .replace(/^[\s,;:.\-–—]+|[\s,;:.\-–—]+$/g, "")
    .replace(/\s+/g, " ")
    .trim();
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
export function expandAbbreviations(title: string): string {
  return ownValue(TITLE_ABBREVIATIONS, title.trim().toLowerCase()) ?? title;
}

/**
 * A qualifier a person puts before the title they name themselves by: "Experienced nurse",
 * "Ausgebildete Krankenschwester", "Highly motivated Registered Nurse", "Results-driven Senior
 * Software Engineer" (a summary's adjectives: reviewer C58b). Not "registered", "certified", "licensed" or "skilled", which
 * are part of titles ("Registered Nurse", "Certified Nursing Assistant", "Licensed Practical
 * Nurse", "Skilled Worker").
 */
const QUALIFIER =
  /^(?:(?:very\s+|highly\s+|extremely\s+)?(?:experienced|qualified|passionate|dedicated|motivated|hard[- ]working|enthusiastic|compassionate|reliable|dynamic|proactive|organi[sz]ed|ambitious|friendly|caring|confident|versatile|diligent|committed|seasoned|accomplished|talented|self-\p{L}+|\p{L}+-(?:motivated|oriented|driven|focused|minded)|(?:staatlich\s+anerkannte|ausgebildete|examinierte|gelernte|erfahrene|diplomierte)[rn]?|ervaren|gediplomeerde?|gemotiveerde|enthousiaste|zelfstandige|allround)(?:,?\s+and)?,?\s+)+/iu;

/** A title without the qualifiers before it ("Experienced nurse": "nurse"). */
export function withoutQualifiers(title: string): string {
  const rest = title.replace(QUALIFIER, "");
  return rest === "" ? title : rest;
}

/**
 * How a sentence or a clause opens where a person names the work they do or did, up to the title:
 * "I am a", "Ich bin seit 2015 als", "Worked as", "I am employed by Tesco as a", "then as a", "Ich
 * arbeite als". The longest opening first: "I am" alone left "employed by Tesco as a cashier".
 */
const SELF_OPENER =
  /^(?:(?:i\s+am\s+|i['’]m\s+|i\s+)?(?:have\s+)?(?:been\s+)?(?:currently\s+)?(?:work|worked|working|employed)(?:\s+(?:for|at|by)(?:\s+[\p{L}\p{N}&'.-]+){1,5}?)?\s+as|(?:i\s+am|i'm|i’m|ich\s+bin|je\s+suis|ik\s+ben)(?:\s+(?:seit|since|sinds)\s+\d{4})?(?:\s+(?:als|werkzaam\s+als))?|ich\s+arbeite(?:te)?\s+als|(?:ik\s+)?werk(?:te)?\s+als|werkzaam\s+als|(?:then\s+|and\s+(?:also\s+)?)?as|(?:seit\s+\d{4}\s+)?als)\s+(?:an?\s+|ein(?:e|er)?\s+|een\s+|une?\s+)?/iu;

/** Where the title ends in a clause that names it: the employer or place after it, "tätig". */
const AFTER_TITLE = /\s+(?:at|for|bei|bij|im|in|tätig|en|and\s+(?:also\s+)?as)\b/iu;

/**
 * The title a clause names after such an opening ("Worked as Chef de Partie at The Ritz": "Chef de
 * Partie"), or the clause as it is where it has none.
 */
export function titleAfterOpener(clause: string): string {
  const trimmed = clause.trim();
  const opened = trimmed.replace(SELF_OPENER, "");
  return opened === trimmed ? clause : opened.split(AFTER_TITLE)[0];
}

/**
 * "I am an experienced staff nurse with ...", "I have worked for six years as a Staff Nurse at",
 * "Ich bin Krankenpfleger und suche", "Ich arbeite als Koch", "I worked at Tesco as a cashier and
 * as a sales assistant", "Currently employed as a warehouse operative": the role a person names
 * themselves by (session 52: the first "ich" forms; session 54: an employer before "as", a second
 * role after "and as"; session 55: "employed as", of the person only: "staff employed as
 * cashiers" names the staff's; session 56: Dutch, "Ik ben verpleegkundige en ...", "Ik werk als
 * magazijnmedewerker bij ...", "werkzaam als").
 */
const SELF_DESCRIPTION =
  /\b(?:i\s+am|i'm|i’m|ich\s+bin|je\s+suis|ik\s+ben|(?:working|worked|work|(?<=(?:^|[.;:!?,]\s*|\b(?:i\s+am|i\s+was|i'm|i’m|been|currently)\s+))employed)(?:\s+(?:for|at|by)(?:\s+[\p{L}\p{N}&'.-]+){1,5}?)?\s+as|arbeite(?:te)?\s+als|werk(?:te)?\s+als|werkzaam\s+als)\s+(?!(?:currently\s+)?(?:employed|working|werkzaam)\b)(?:an?\s+|ein(?:e)?\s+|een\s+|un(?:e)?\s+)?([\p{L}][\p{L}\s/+#.-]{2,60}?)(?=\s+(?:with|in|at|for|by|who|and|based|from|mit|bei|since|seit|und|im|tätig|en|bij|met|sinds|voor|op|te|uit)\b|[,.;:!?]|$)/giu;

/**
 * A second role right after a self-description's ("... as a cashier and as a sales assistant"):
 * only there, as "and as" elsewhere ("part of a team and as a mentor to juniors") names none.
 */
const SECOND_ROLE =
  /^\s+and\s+(?:also\s+)?as\s+(?:an?\s+)?([\p{L}][\p{L}\s/+#.-]{2,60}?)(?=\s+(?:with|in|at|for|who|and|based|from|since)\b|[,.;:!?]|$)/iu;

/** "seit 2015 als Krankenpfleger tätig": the German way to say what one works as. */
const WORKS_AS = /\bals\s+(?:ein(?:e|er)?\s+)?([\p{L}][\p{L}\s/-]{2,40}?)\s+tätig\b/giu;

/**
 * A sentence that opens with the title and the years in it: "Registered Mental Health Nurse (RMN)
 * with 6 years on acute inpatient wards", "Staff nurse with over ten years in A&E". A profile's
 * usual first line; a person's trial (session 57) found an RMN's CV read as "band nurse", "Staff
 * Nurse" and "Healthcare Assistant", its own title nowhere.
 */
const TITLE_WITH_YEARS =
  /(?:^|[.!?] )(\p{Lu}[\p{L}/&+#'-]*(?: (?:\([^)]{1,20}\)|[\p{L}/&+#'-]+)){0,6}?) (?:with|mit|met)\s+(?:over\s+|more\s+than\s+|nearly\s+|almost\s+|around\s+|some\s+|über\s+|ruim\s+|meer\s+dan\s+)?(?:\d{1,2}\+?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|several|many)\s+(?:years?|yrs?|jahren?|jaar)\b/gmu;

/** The roles a text's self-descriptions name ("I am a product designer with ..."), in order. */
export function selfDescribedRoles(text: string): string[] {
  const roles: string[] = [];
  // One space for every run: a CV of "I worked for" and 20,000 spaces held the regex 13 s
  // (reviewer C52), its whitespace runs matched in many ways.
  const flat = text.replace(/\s+/g, " ");
  const found = [...flat.matchAll(SELF_DESCRIPTION), ...flat.matchAll(WORKS_AS)]
    .sort((a, b) => a.index - b.index);
  /** Adds `title` where it reads as a role; whether it does. */
  const add = (title: string) => {
    const phrase = cleanTitle(title);
    const role = hasHeadNoun(phrase) && wordsOf(phrase).length <= 6;
    if (role && !roles.includes(phrase)) roles.push(phrase);
    return role;
  };
  for (const match of found) {
    if (!add(match[1])) continue;
    const end = match.index + match[0].length;
    const second = flat.slice(end, end + 100).match(SECOND_ROLE);
    if (second) add(second[1]);
  }
  // A line starts a sentence too: a profile's first line follows its heading or the address.
  const lined = text.replace(/[^\S\n]+/g, " ");
  for (const match of lined.matchAll(TITLE_WITH_YEARS)) {
    // "I'm a staff nurse with 8 years": the opener's, read above; a title has no "a" or "I".
    if (!/(?:^|\s)(?:i|i['’]m|a|an|the|am|is|was|my|our|we)(?=\s|$)/i.test(match[1])) {
      add(withoutQualifiers(match[1]));
    }
  }
  return roles;
}
