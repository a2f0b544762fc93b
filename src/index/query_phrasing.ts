/**
 * How people phrase a search around the role ("I want to work as a kitchen manager", "jobs as a
 * life guard", "looking for procurement agent work", "open android developer roles", "python
 * developer vacancies"): the phrasing at the start and the end of the query is not the role, and a
 * sentence encoder that sees it moves every title's cosine by 0.1-0.2 and can swap their order
 * (docs/search.md, "Queries as people say them"). Only the edges are taken off, word by word, so
 * that the same words inside a role ("open source developer", "social work", "help desk") stay.
 *
 * @module
 */
import { ownValue } from "../domain/own_value.ts";
import { LANGUAGE_OF_NAME } from "./language_names.ts";

/**
 * German and Dutch words of asking that are an acronym or a word of the work as often ("ALS
 * paramedic", "ICH GCP specialist", "toon boom animator", "EIN tax": reviewer C56): they open a
 * request only inside one, after its opening or before another of its words (`phrasingSpan`).
 */
const FOREIGN_PARTICLES: ReadonlySet<string> = new Set([
  "ich",
  "wir",
  "bitte",
  "zeig",
  "zeige",
  "mir",
  "ein",
  "eine",
  "einen",
  "als",
  "nach",
  "mochte",
  "gibt",
  "es",
  "ik",
  "wij",
  "een",
  "naar",
  "graag",
  "wil",
  "toon",
  "mij",
  // "vacatures voor verpleegkundige", "Stellenangebote für Krankenpfleger": a job board's heading's
  // "for" (an agent's trial, session 59: "voor verpleegkundige" was searched as the work).
  "voor",
  "fur",
  "für",
  // "..., und suche Arbeit als Koch", "ik woon in Utrecht en zoek werk als kok".
  "und",
  "en",
]);

/**
 * German and Dutch words for a job as such. A job board's heading puts them first ("Stellenangebote
 * Pflegekraft", "vacatures verpleegkundige": a person's trial, session 56), so they open a request
 * before any word, as no English one does ("jobs nurse" is rare, "job coach" a role).
 */
const FOREIGN_JOB_WORDS: ReadonlySet<string> = new Set([
  "stelle",
  "stellen",
  "stellenangebot",
  "stellenangebote",
  "stellenanzeigen",
  "jobangebote",
  "vacature",
  "vacatures",
  "baan",
  "banen",
  "functie",
  "functies",
]);

/** Words that open a request rather than name the role: "I'd like", "can you find me", "as a". */
const ASKING_WORDS = new Set([
  "i",
  "m",
  "d",
  "ve",
  "am",
  "we",
  "please",
  "can",
  "could",
  "would",
  "will",
  "you",
  "me",
  "us",
  "find",
  "show",
  "get",
  "give",
  "list",
  "searching",
  "seeking",
  "looking",
  "look",
  "want",
  "wants",
  "seeks",
  "wanna",
  "like",
  "love",
  "need",
  "are",
  "is",
  "there",
  "what",
  "which",
  "any",
  "some",
  "now",
  "for",
  "a",
  "an",
  "to",
  "as",
  "in",
  "at",
  "currently",
  "also",
  "do",
  "have",
  "got",
  "become",
  // "I want to be a bouncer": seen on the bundled postings, where the whole "be a bouncer" was
  // embedded and nothing, not even a close match, came back.
  "be",
  // Session 17: "is anyone hiring ...", "where can I work as a ...", "how do I become a ...".
  "anyone",
  "anybody",
  "where",
  "how",
  // Session 30: "urgently hiring nurse".
  "urgently",
  "immediately",
  // Session 33: "only remote jobs", "only part time".
  "only",
  // Session 44 (zoo 9): "what can i apply for", "anything going in leeds".
  "apply",
  "applying",
  "anything",
  // Session 56: the same asking in German and Dutch, the postings' other languages ("ich suche
  // eine Stelle als Koch", "ik zoek werk als schilder"): embedded whole, they met DevOps jobs.
  "suche",
  "suchen",
  "sucht",
  "zoek",
  "zoeken",
  ...FOREIGN_PARTICLES,
]);

/** "What kind of jobs", "what types of work": the kind asked about before "of" (`phrasingSpan`). */
const KINDS = new Set(["kind", "kinds", "type", "types", "sort", "sorts"]);

/** Words before "'s" ("what's", "there's") that make it "is": the asking's, not a possessive's. */
const IS_AFTER = new Set(["what", "there", "that", "it", "here"]);

/** Words for a job as such, not for a role: both a request's opening and its close use them. */
export const JOB_WORDS = [
  "job",
  "jobs",
  "career",
  "careers",
  "role",
  "roles",
  "position",
  "positions",
  "vacancy",
  "vacancies",
  "opening",
  "openings",
  "opportunity",
  "opportunities",
  // "seeking employment as a bookkeeper"; followed by the role it is the role's ("employment
  // lawyer"), as the other request nouns are.
  "employment",
  // German and Dutch (session 56): "Stellenangebote München", "vacatures Amsterdam", "Koch Stelle".
  ...FOREIGN_JOB_WORDS,
];

/**
 * Words that open a request only when more of the request follows them ("jobs as a", "hiring for",
 * "a career in", "work as"); followed by the role they are part of it ("career coach", "hiring
 * manager", "job coach", "new business manager", "work experience").
 */
const REQUEST_NOUNS = new Set([
  ...JOB_WORDS,
  "hiring",
  "work",
  "working",
  "new",
  // "ich suche Arbeit als Maler", "werk in Rotterdam".
  "arbeit",
  "werk",
]);

/** Words that close a request rather than name the role: "... positions open", "... near me". */
const TRAILING = new Set([
  ...JOB_WORDS,
  "open",
  "available",
  "wanted",
  "please",
  "now",
  "hiring",
  "near",
  "me",
  "here",
  "there",
  "are",
  "is",
  "any",
  "new",
  "a",
  "an",
  "for",
  "looking",
  "seeking",
  "searching",
  "in",
  "my",
  "area",
  "today",
  "asap",
  // "jobs hiring immediately in Houston", "urgently hiring".
  "immediately",
  "urgently",
  "i",
  "m",
  "am",
  "going",
  "only", // Session 33: "part time only", "remote jobs only" (nothing else is asked for).
  // Session 38: "it guy", "help desk guy": the person, not the work; searched, the stemmer made
  // "guy" the term of "GUI" and listed GUI developers.
  "guy",
  "guys",
  "gal",
  "gals",
  // "Koch gesucht", "schilder gezocht": wanted, in German and Dutch (session 56).
  "gesucht",
  "gezocht",
]);

/**
 * Whom an agent asks for, before what is asked ("my user wants healthcare jobs", "please find my
 * user some jobs": reviewer W, session 43, found no strong match for either where the same words
 * without them had 44). Taken off only where the asking follows them.
 */
const ASKED_FOR: readonly (readonly string[])[] = [
  "my user",
  "the user",
  "a user",
  "our user",
  "this user",
  "my client",
  "the client",
  "my candidate",
  "the candidate",
  "the applicant",
  "the jobseeker",
  "my customer",
  "my friend",
  "my son",
  "my daughter",
  "my wife",
  "my husband",
  "my partner",
].map((phrase) => phrase.split(" ")).sort((a, b) => b.length - a.length);

/** After "needs", words that make it the work's ("needs assessor", "needs analyst"). */
const NEEDS_ROLES = new Set(["assessor", "assessors", "assessment", "analyst", "analysis"]);

/** Words after whom an agent asks for that say the asking goes on ("my user wants ..."). */
const ASKING_AFTER_SUBJECT = new Set(["wants", "needs", "seeks", "is", "would", "some", "a", "an"]);

/** Who hires: after them "hiring" asks ("is anyone hiring bartenders?"), as "hiring for" does. */
const HIRERS = new Set(["anyone", "anybody", "who", "companies", "employers"]);

/** "Help" opens a request only before these ("help me find ..."), never "help desk". */
const HELPED = new Set(["me", "us"]);

/** "Open" opens a request ("open android developer roles") except before these. */
const OPEN_ROLES = new Set(["source", "university", "plan", "space"]);

/** "Work" ends a request ("looking for work") unless one of these makes it the role. */
const WORK_WORDS = new Set(["work", "working", "arbeit", "werk"]);
/** Before "work", these make it part of the role: "social work", "youth work". */
const WORK_ROLES = new Set([
  "social",
  "youth",
  "case",
  "community",
  "charity",
  "care",
  "support",
  "field",
  "shift",
  "detective",
]);
/** A query with one of these asks for work, so a "work" at its end is the asking too. */
const ASKING = new Set([
  "looking",
  "seeking",
  "searching",
  "find",
  "need",
  "want",
  "wanna",
  "suche",
  "zoek",
]);

/**
 * `text` as typed with the phrasing at either end taken off (as {@linkcode roleWords} reads its
 * words): what a hint quotes as the search ("ik woon in Utrecht en zoek werk als kok" offered
 * '"en zoek werk als kok" lists ...': a person's trial, session 56). The text as it is where its
 * words do not split as typed or nothing would be left.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(roleText("en zoek werk als kok"), "kok");
 * assert.equal(roleText("Looking for Nurse jobs"), "Nurse");
 * assert.equal(roleText("social work"), "social work");
 * ```
 */
export function roleText(text: string): string {
  const typed = text.trim().split(/\s+/).filter((word) => word !== "");
  const words = typed.map((word) => word.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ""));
  if (words.some((word) => word === "")) return text.trim();
  const [start, end] = roleSpan(words);
  return start < end ? typed.slice(start, end).join(" ") : text.trim();
}

/**
 * The span of `words` (lower-cased, as `splitWords` gives them) that names the role: the words
 * with the phrasing at either end taken off. The whole query when nothing would be left, so a
 * query of filler alone ("jobs", "work") stays what it was.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const words = (q: string) => q.toLowerCase().split(" ");
 * assert.deepEqual(roleWords(words("i want to work as a kitchen manager")), ["kitchen", "manager"]);
 * assert.deepEqual(roleWords(words("looking for procurement agent work")), ["procurement", "agent"]);
 * assert.deepEqual(roleWords(words("open source developer roles")), ["open", "source", "developer"]);
 * assert.deepEqual(roleWords(words("social work")), ["social", "work"]);
 * ```
 */
export function roleWords(words: readonly string[]): string[] {
  const [start, end] = roleSpan(words);
  return start < end ? words.slice(start, end) : [...words];
}

/**
 * Work named by its doing, last in the role or before a word asking for its work ("driving jobs",
 * "delivery driving work", "welding jobs"), and the one who does it: the titles name the doer ("Delivery Driver"), the stemmer keeps
 * the two apart ("drive", "driver"), and the encoder read "driving" as a field ("Autonomous Driving
 * Engineer", caregivers who "must be able to drive"). Only doings that titles seldom say: not
 * "cleaning", "teaching" or "painting" ("Cleaning Operative", "Teaching Assistant").
 */
const DOERS: ReadonlyMap<string, string> = new Map(Object.entries({
  driving: "driver",
  welding: "welder",
  plumbing: "plumber",
  bartending: "bartender",
  babysitting: "babysitter",
  roofing: "roofer",
  bricklaying: "bricklayer",
  plastering: "plasterer",
  lifeguarding: "lifeguard",
  nannying: "nanny",
  childminding: "childminder",
  waitressing: "waitress",
}));

/**
 * A doing said as a verb and nothing else ("i want to drive", "i like to bake": the asking goes,
 * `roleWords`), and its doer: "drive" alone met caregivers who "must be able to drive", "bake"
 * left the bakers close matches (session 48). Only verbs whose doer titles name plainly, and not
 * a noun as often ("farm jobs" read as "farmer" lost the word "farm": reviewer R48).
 */
const DOERS_OF_VERB: ReadonlyMap<string, string> = new Map(Object.entries({
  drive: "driver",
  bake: "baker",
  weld: "welder",
  teach: "teacher",
  clean: "cleaner",
  paint: "painter",
  write: "writer",
}));

/** Before a doing, these make it a field of its own: "autonomous driving", "self driving". */
const FIELD_OF_DOING = new Set(["autonomous", "automated", "assisted", "self"]);

/** After a doing, these ask for its work: "driving jobs", "driving work", "bartending gigs". */
const ASKED_AFTER_DOING = new Set([...JOB_WORDS, "work", "gig", "gigs"]);

/**
 * `words` (the role's, as {@linkcode roleWords} gives them) with a doing of `DOERS` said as its
 * doer where it names the work: last, or before a word asking for its work, which goes with it
 * ("driving jobs part time": "driver part time"; reviewer W found "driving jobs weekends" read as
 * typed); the same array where there is none.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(doerOfWork(["delivery", "driving"]), ["delivery", "driver"]);
 * assert.deepEqual(doerOfWork(["delivery", "driving", "work"]), ["delivery", "driver"]);
 * assert.deepEqual(doerOfWork(["driving", "jobs", "weekends"]), ["driver", "weekends"]);
 * assert.deepEqual(doerOfWork(["driving", "instructor"]), ["driving", "instructor"]);
 * assert.deepEqual(doerOfWork(["autonomous", "driving"]), ["autonomous", "driving"]);
 * assert.deepEqual(doerOfWork(["drive"]), ["driver"]);
 * assert.deepEqual(doerOfWork(["drive", "trucks"]), ["drive", "trucks"]);
 * ```
 */
export function doerOfWork(words: string[]): string[] {
  if (words.length === 1 && DOERS_OF_VERB.has(words[0])) return [DOERS_OF_VERB.get(words[0])!];
  const at = words.findIndex((word, k) =>
    DOERS.has(word) && !FIELD_OF_DOING.has(words[k - 1] ?? "") &&
    (k === words.length - 1 || ASKED_AFTER_DOING.has(words[k + 1]))
  );
  if (at < 0) return words;
  const asked = at + 1 < words.length ? 1 : 0;
  return [...words.slice(0, at), DOERS.get(words[at])!, ...words.slice(at + 1 + asked)];
}

/**
 * Fields whose worker people name as "the X guy" ("delivery guy", "security man"), and the title
 * the postings give that worker: "delivery" alone is as often a manager's field ("Head of
 * Delivery", first for "delivery guy jobs" in session 39).
 */
const WORKER_OF_FIELD: ReadonlyMap<string, readonly string[]> = new Map(Object.entries({
  delivery: ["delivery", "driver"],
  security: ["security", "guard"],
}));

/**
 * Words after which the field opens the role ("a delivery guy", "pizza delivery guy", "night
 * security man"); after others it is a field of its own ("it security guy", "cyber security guy",
 * "software delivery guy": reviewer W, session 39).
 */
const FIELD_OPENERS = new Set([
  ...JOB_WORDS,
  "a",
  "an",
  "as",
  "the",
  "for",
  "work",
  "looking",
  "seeking",
  "need",
  "want",
  "pizza",
  "food",
  "parcel",
  "parcels",
  "package",
  "grocery",
  "takeaway",
  "night",
]);

/** Words that name a person by the field they work in: "delivery guy", "security man". */
const PERSON_WORDS = new Set(["guy", "guys", "man", "men", "boy", "boys", "person", "people"]);

/**
 * `words` with a field's worker named by a person word said as the postings' title ("delivery
 * guy jobs": "delivery driver jobs"); the same array where there is none.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(workerOfField(["delivery", "guy", "jobs"]), ["delivery", "driver", "jobs"]);
 * assert.deepEqual(workerOfField(["security", "man"]), ["security", "guard"]);
 * assert.deepEqual(workerOfField(["delivery", "manager"]), ["delivery", "manager"]);
 * assert.deepEqual(workerOfField(["cyber", "security", "guy"]), ["cyber", "security", "guy"]);
 * ```
 */
export function workerOfField(words: string[]): string[] {
  const at = words.findIndex((word, k) =>
    WORKER_OF_FIELD.has(word) && PERSON_WORDS.has(words[k + 1] ?? "") &&
    (k === 0 || FIELD_OPENERS.has(words[k - 1]))
  );
  if (at < 0) return words;
  return [...words.slice(0, at), ...WORKER_OF_FIELD.get(words[at])!, ...words.slice(at + 2)];
}

/**
 * Whether `words` are the phrasing around a role and nothing else ("show me jobs", "what jobs are
 * available", "open positions", "hiring now"): they name no job, whatever words they use.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const words = (q: string) => q.toLowerCase().split(" ");
 * assert.equal(asksOnly(words("what jobs are available")), true);
 * assert.equal(asksOnly(words("show me jobs")), true);
 * assert.equal(asksOnly(words("jobs hiring immediately")), true);
 * assert.equal(asksOnly(words("show me nurse jobs")), false);
 * assert.equal(asksOnly(words("social work")), false);
 * ```
 */
export function asksOnly(words: readonly string[]): boolean {
  const [start, end] = roleSpan(words);
  return words.length > 0 && start >= end;
}

/**
 * "No experience needed", "no degree" and their kin, at an end of a query beside the work
 * ("customer service no experience", "no experience warehouse jobs", "data entry jobs without a
 * degree"): what the person does not bring, not the work. Searched, "experience" found every
 * "Customer Experience Engineer" and "Developer Experience" title. Alone beside a place "no
 * experience" is read as a seniority (src/index/query_seniority.ts).
 */
const NO_EXPERIENCE: readonly (readonly string[])[] = [
  "no degree",
  "no degree needed",
  "no degree required",
  "without a degree",
  "without degree",
  // "don't" is the words "don" and "t" here.
  "that don t require a degree",
  "that dont require a degree",
  "that do not require a degree",
  "not requiring a degree",
  "with no degree",
  "no experience",
  "no experience needed",
  "no experience required",
  "no experience necessary",
  "with no experience",
  "with no experience needed",
  "with no experience required",
  "without experience",
  "without any experience",
  "no prior experience",
  "no previous experience",
  "experience not required",
  "experience not needed",
  // "remote jobs that don't require experience" (zoo 8, session 43).
  "that don t require experience",
  "that dont require experience",
  "that do not require experience",
  "not requiring experience",
].map((phrase) => phrase.split(" ")).sort((a, b) => b.length - a.length);

/**
 * When the job starts, said at the end ("I need a job that starts immediately in Houston", "warehouse
 * jobs starting asap"): asking, not the work, even with nothing else named (then every posting at
 * the place is what is asked). Searched, "starts immediately" met every posting that says so.
 * "Immediate start" said as a noun is what the job offers (`OFFERED`), searched by keywords.
 */
const START_SOON: readonly (readonly string[])[] = [
  "",
  "that",
  "which",
  "to",
  "i can",
  "can",
  "that can",
  "who can",
]
  .flatMap((lead) =>
    ["start", "starts", "starting"].flatMap((verb) =>
      ["immediately", "asap", "now", "today", "right away", "straight away"].map((when) =>
        `${lead} ${verb} ${when}`.trim()
      )
    )
  )
  .map((phrase) => phrase.split(" "))
  .sort((a, b) => b.length - a.length);

/** The length of the longest `START_SOON` phrase that ends `words` at `end` after `start`, or 0. */
function startSoonEndingAt(words: readonly string[], start: number, end: number): number {
  return START_SOON.find((phrase) =>
    end - phrase.length >= start &&
    phrase.every((w, k) => words[end - phrase.length + k] === w)
  )?.length ?? 0;
}

/** The length of the longest `NO_EXPERIENCE` phrase at `from` of `words`, or 0. */
function noExperienceAt(words: readonly string[], from: number): number {
  return NO_EXPERIENCE.find((phrase) => phrase.every((w, k) => words[from + k] === w))?.length ?? 0;
}

/**
 * The span of `words` that names the role (`roleWords`), empty where none does: the phrasing at
 * either end taken off, and "no experience needed" where the work is left beside it.
 */
function roleSpan(words: readonly string[]): [number, number] {
  let [start, end] = phrasingSpan(words, 0, words.length);
  // Only where work is named beside it: "no experience needed work" stays as it is.
  const namesWork = ([from, to]: [number, number]) =>
    words.slice(from, to).some((word) => !REQUEST_NOUNS.has(word));
  for (let changed = true; changed && start < end;) {
    changed = false;
    const opening = noExperienceAt(words, start);
    const afterOpening = phrasingSpan(words, start + opening, end);
    if (opening > 0 && start + opening < end && namesWork(afterOpening)) {
      [start, end] = afterOpening;
      changed = true;
      continue;
    }
    const closing = NO_EXPERIENCE.find((phrase) =>
      end - phrase.length > start && phrase.every((w, k) =>
        words[end - phrase.length + k] === w
      )
    )?.length ?? 0;
    const beforeClosing = phrasingSpan(words, start, end - closing);
    if (closing > 0 && namesWork(beforeClosing)) {
      [start, end] = beforeClosing;
      changed = true;
    }
  }
  return [start, end];
}

/** `words[from, to)` with the asking at its start and the closing words at its end taken off. */
function phrasingSpan(words: readonly string[], from: number, to: number): [number, number] {
  let start = from;
  let end = to;
  const asking = words.some((word) => ASKING.has(word));
  /** Whether whom an agent asks for was taken off (after it, "needs" asks). */
  let subjectSeen = false;
  /** Whether the word at `k` opens the request, looking at what follows it. */
  const opens = (k: number): boolean => {
    const word = words[k];
    // "a&e nurse": a letter of an abbreviation, not the article.
    if ((word === "a" || word === "an") && (words[k + 1]?.length ?? 0) < 2) return false;
    // "looking after children", "look after elderly people": the work, not the asking.
    if ((word === "look" || word === "looking") && words[k + 1] === "after") return false;
    // "only english jobs": the language's reading, not the asking (src/index/query_language.ts).
    if (word === "only" && ownValue(LANGUAGE_OF_NAME, words[k + 1] ?? "") !== undefined) {
      return false;
    }
    if (FOREIGN_JOB_WORDS.has(word)) return k + 1 < end;
    if (FOREIGN_PARTICLES.has(word)) {
      return k > from || ASKING_WORDS.has(words[k + 1]) || REQUEST_NOUNS.has(words[k + 1]);
    }
    if (ASKING_WORDS.has(word)) return true;
    // "what kind of jobs are there", "what types of nurse jobs": never "kind" beside the work.
    if (KINDS.has(word)) return k > from && words[k + 1] === "of" && k + 2 < end;
    if (word === "of") return k > from && KINDS.has(words[k - 1]);
    // "show me what's available": the "s" of "what's".
    if (word === "s") return k > from && IS_AFTER.has(words[k - 1]);
    // "search for project manager jobs" (an agent's words): never "search engine optimisation".
    if (word === "search") return words[k + 1] === "for";
    // "my user is interested in nurse jobs"; never "interested party liaison".
    if (word === "interested") return words[k + 1] === "in";
    // "my user needs a nurse job": after whom an agent asks for; else the work's ("needs
    // assessor", "looking for needs assessment officer roles": reviewer R, session 43).
    if (word === "needs") return subjectSeen && k + 1 < end && !NEEDS_ROLES.has(words[k + 1]);
    // "what are the highest paying remote jobs": the article after the asking goes with it.
    if (word === "the") return k > from && k + 1 < end;
    if (word === "open") return k + 1 < end && !OPEN_ROLES.has(words[k + 1]);
    if (word === "help") return k + 1 < end && HELPED.has(words[k + 1]);
    if (!REQUEST_NOUNS.has(word)) return false;
    if (word === "hiring" && k > 0 && HIRERS.has(words[k - 1])) return k + 1 < end;
    const next = words[k + 1];
    return k + 1 < end && (ASKING_WORDS.has(next) || REQUEST_NOUNS.has(next));
  };
  /**
   * The length of whom an agent asks for at `k`, where the asking goes on after it or came
   * before it ("get my user nurse jobs"); else 0.
   */
  const askedFor = (k: number): number => {
    const phrase = ASKED_FOR.find((said) => said.every((word, j) => words[k + j] === word));
    if (!phrase || k + phrase.length >= end) return 0;
    const next = words[k + phrase.length];
    const asking = ASKING_AFTER_SUBJECT.has(next) || ASKING_WORDS.has(next) || k > from;
    return asking ? phrase.length : 0;
  };
  for (;;) {
    if (start >= end) break;
    const subject = askedFor(start);
    if (subject > 0) {
      start += subject;
      subjectSeen = true;
    } else if (opens(start)) start++;
    else break;
  }
  while (end > start) {
    const soon = startSoonEndingAt(words, start, end);
    if (soon > 0) {
      end -= soon;
      continue;
    }
    const word = words[end - 1];
    // "it person", "IT people": the field's person (reviewer W: "person" was searched and met
    // "People & Culture Partner"); elsewhere the word may be the work's ("people manager").
    if ((word === "person" || word === "people") && words[end - 2] === "it") {
      end--;
      continue;
    }
    // "... right now": "now" went first; "right" alone stays ("right of way agent").
    if (word === "right" && words[end] === "now") {
      end--;
      continue;
    }
    if (WORK_WORDS.has(word)) {
      if (asking && end - 1 > start && !WORK_ROLES.has(words[end - 2])) {
        end--;
        continue;
      }
      break;
    }
    // "english only jobs": likewise.
    if (word === "only" && ownValue(LANGUAGE_OF_NAME, words[end - 2] ?? "") !== undefined) break;
    if (!TRAILING.has(word)) break;
    end--;
  }
  return [start, end];
}

/**
 * When, how long and from where the work is done, said beside the work ("someone to look after
 * elderly people at night", "driving a van part time", "help in a kitchen on weekends", "night shift
 * looking after patients"): not the role, and the encoder reads "night" as the role where the rest
 * names no title word ("Night Auditor" for elderly care at night; docs/search.md, "Described work
 * with qualifiers"). Each is a phrase that ends the query, or opens it where more follows.
 */
const QUALIFIERS: readonly (readonly string[])[] = [
  "at night",
  "at nights",
  "on nights",
  "nights",
  "overnight",
  "overnights",
  "night shift",
  "night shifts",
  "nightshift",
  "nightshifts",
  "on the night shift",
  "on night shift",
  "day shift",
  "day shifts",
  "during the day",
  "in the day",
  "days",
  "in the evening",
  "in the evenings",
  "evenings",
  "in the morning",
  "in the mornings",
  "mornings",
  "on weekends",
  "at weekends",
  "on the weekend",
  "on the weekends",
  "at the weekend",
  "at the weekends",
  "weekends",
  "on weekdays",
  "weekdays",
  // Said as people type them (session 46: "care assistant weekday mornings" embedded "weekday").
  // Not "evening hours": "cleaner evening hours only" embedded whole lists the Evening Cleaner
  // first, and the work alone listed it fourth.
  "weekday",
  "in the afternoon",
  "in the afternoons",
  "afternoons",
  "daytime",
  "daytime hours",
  "school hours",
  "days only",
  "nights only",
  "mornings only",
  "afternoons only",
  "weekends only",
  // Office hours (zoo 8, session 43: "9 to 5 office job manchester" searched "9 to 5").
  "9 to 5",
  "9 5",
  "nine to five",
  "monday to friday",
  "mon to fri",
  "mon fri",
  "part time",
  "full time",
  "parttime",
  "fulltime",
  "from home",
  // How the work is done (session 31): "python developer hybrid" embeds "python developer".
  "hybrid",
  "on site",
  "onsite",
].map((phrase) => phrase.split(" "));

/**
 * Qualifiers that open a query only before a request noun ("weekend work", "night job", "remote
 * work doing bookkeeping"): before a role they are the role's own ("night auditor", "night porter",
 * "weekend manager", "remote sensing analyst").
 */
const OPENING_QUALIFIERS = new Set([
  "night",
  "nights",
  "overnight",
  "weekend",
  "weekends",
  "evening",
  "evenings",
  "remote",
  "hybrid",
  "onsite",
  "casual",
  "seasonal",
  "temporary",
]);

/** Words after "hybrid" that make it part of the role: "hybrid cloud architect". */
export const HYBRID_ROLES: ReadonlySet<string> = new Set([
  "cloud",
  "vehicle",
  "vehicles",
  "car",
  "cars",
  "electric",
  "app",
  "apps",
  "mobile",
  "infrastructure",
  "integration",
  "it",
  "network",
  "networks",
  "systems",
  "solutions",
  "energy",
  "power",
  "powertrain",
  "battery",
]);

/**
 * What a qualifier opening the query may qualify before the work is named: "weekend work in a
 * shop", "night job serving coffee" (not "career", "hiring": "part time career coach").
 */
const QUALIFIED_NOUNS = new Set(["work", "job", "jobs", "shift", "shifts", "gig", "gigs"]);

/** The length of the qualifier `words` end with at `end`, or 0. */
function qualifierEndingAt(words: readonly string[], start: number, end: number): number {
  let longest = 0;
  for (const phrase of QUALIFIERS) {
    const from = end - phrase.length;
    if (phrase.length > longest && from > start && phrase.every((w, k) => words[from + k] === w)) {
      longest = phrase.length;
    }
  }
  return longest;
}

/** The length of the qualifier (with its request noun) `words` open with at `start`, or 0. */
function qualifierOpeningAt(words: readonly string[], start: number, end: number): number {
  let longest = 0;
  for (const phrase of QUALIFIERS) {
    // Multi-word ones alone: "night shift looking after patients", "part time receptionist".
    if (phrase.length < 2 || phrase.length <= longest || start + phrase.length >= end) continue;
    if (phrase.every((w, k) => words[start + k] === w)) longest = phrase.length;
  }
  if (longest === 0 && OPENING_QUALIFIERS.has(words[start])) longest = 1;
  else if (longest === 0) return 0;
  // A one-word opener counts only before a request noun ("weekend work", not "weekend manager").
  const next = words[start + longest];
  if (QUALIFIED_NOUNS.has(next) && start + longest + 1 < end) return longest + 1;
  // "Hybrid" names a role with only a few words ("hybrid cloud engineer"); before any other it
  // says how the work is done ("hybrid python developer").
  if (words[start] === "hybrid" && longest === 1 && !HYBRID_ROLES.has(next)) return 1;
  return longest >= 2 ? longest : 0;
}

/**
 * Words that open what a job offers or asks beside the work ("nurse jobs with sign on bonus",
 * "software engineer with visa sponsorship", "warehouse job offering overtime"): not the work, and
 * embedded with it they pulled every cosine under the cut (the nurses were close matches only).
 * After a request noun alone they open the work itself ("work with horses", "jobs working with
 * children"), and stay.
 */
const OFFERED = new Set(["with", "offering", "including"]);

/**
 * What a job offers, said after the work with no word to open it ("software engineer visa
 * sponsorship", "chef jobs accommodation provided", "warehouse jobs immediate start"): as after
 * "with" (`OFFERED`), not the work. Session 35: "software engineer visa sponsorship" had no strong
 * match (its words embedded together sat under the cut, where "software engineer with visa
 * sponsorship" listed the engineers). Only what ends the query and follows the work; words that
 * also end a role's name ("employee benefits", "pension") are left out.
 */
const OFFERS: readonly (readonly string[])[] = [
  "visa sponsorship",
  "visa sponsored",
  "visa sponsor",
  "sponsorship",
  "relocation",
  "relocation support",
  "relocation package",
  "relocation assistance",
  "sign on bonus",
  "signing bonus",
  "company car",
  "accommodation",
  "accommodation provided",
  "housing provided",
  "immediate start",
  "start immediately",
  "weekly pay",
  "paid weekly",
  // How a contract pays (reviewer W, session 43: "ux designer daily rate" had no strong match).
  "daily rate",
  "day rate",
  "hourly rate",
  "paying a daily rate",
  "paying a day rate",
  "on a day rate",
  "daily pay",
  "same day pay",
  "overtime",
  "overtime available",
  "paid training",
  "training provided",
  "flexible hours",
  "4 day week",
  "four day week",
  // Where, said after the work ("machine learning jobs at startups"): a kind of employer, not the
  // work. The language the work is done in is a reading of its own (src/index/query_language.ts).
  "at startups",
  "at a startup",
  "in a startup",
  "in startups",
  "for startups",
  // What the job asks of the person, said after the work ("truck driver cdl", "delivery driver
  // own van", "security officer sia licence"): a licence, a check, a vehicle, not the work. Embedded
  // with the work, "cdl (commercial driver license)" made every truck driver a close match only.
  "cdl",
  "cdl a",
  "cdl b",
  "class a cdl",
  "class b cdl",
  "driving licence",
  "driving license",
  "drivers licence",
  "drivers license",
  "full driving licence",
  "clean driving licence",
  "full uk driving licence",
  "own car",
  "own vehicle",
  "own van",
  "own transport",
  "dbs check",
  "enhanced dbs",
  "sia licence",
  "sia license",
  "cscs card",
  // Who the job suits, said after the work (session 39: "weekend jobs for students" listed
  // teachers first): not the work.
  "for students",
  "for a student",
  "for teenagers",
  "for teens",
  "for graduates",
  "for retirees",
  "for pensioners",
  "for moms",
  "for mums",
  "for parents",
  "for beginners",
  // When a driver is home (session 39: "cdl truck driver home daily" had no strong match).
  "home daily",
  "home weekly",
  "home nightly",
  "home every night",
  "home every weekend",
  "home weekends",
].map((phrase) => phrase.split(" "));

/**
 * Offers that may open the query before the work too ("visa sponsorship software engineer"): no
 * role's name opens with them.
 */
const OPENING_OFFERS: readonly (readonly string[])[] = [
  "visa sponsorship",
  "visa sponsored",
].map((phrase) => phrase.split(" "));

/**
 * The role's words before `at` where they name work ("work with horses" names none before "with":
 * "work" is the asking), else `words` as they are.
 */
function workBefore(words: string[], at: number): string[] {
  const before = roleWords(words.slice(0, at));
  return before.some((word) => !REQUEST_NOUNS.has(word)) ? before : words;
}

/**
 * `words` without what is asked of the job in a clause after the work ("frontend jobs that use
 * vue", "software jobs that don't require german": session 39, the whole clause was searched and
 * embedded), but for what the work is done with, which stays with the work ("frontend vue";
 * reviewer W: the Vue developers had fallen to close matches); what is not wanted or offered does
 * not. The same array where there is no such clause, or no work before it.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const words = (q: string) => q.split(" ");
 * assert.deepEqual(withoutClause(words("frontend jobs that use vue")), ["frontend", "vue"]);
 * assert.deepEqual(withoutClause(words("nurse roles which offer relocation")), ["nurse"]);
 * assert.deepEqual(withoutClause(words("jobs that pay weekly")), words("jobs that pay weekly"));
 * ```
 */
export function withoutClause(words: string[]): string[] {
  // After the work itself too: a place read in the query takes "jobs" with it ("software jobs in
  // germany that require no german" is "software that require no german" by then).
  const clause = words.findIndex((word, at) => at > 0 && RELATIVES.has(word));
  // A short clause ending the query: in a longer text ("... engineering teams that shipped ...",
  // a CV pasted as the query) it is no condition of the job (bench:cv's "CV as q" lost 0.9 → 0.1).
  if (clause < 0 || words.length - clause - 1 > CLAUSE_WORDS) return words;
  const asked = words.slice(clause + 1);
  const tools = TOOL_VERBS.has(asked[0]) && !asked.some((word) => NEGATIONS.has(word))
    ? asked.slice(1)
    : [];
  const before = workBefore(words, clause);
  // "a person that cuts hair": the work is the clause.
  if (before === words || before.every((word) => SOMEONE.has(word))) return words;
  return [...before, ...tools];
}

/** Words for the person who does the work, before what they do: "someone that fixes cars". */
const SOMEONE = new Set(["someone", "somebody", "person", "people", "anyone", "a", "an", "the"]);

/** Words a clause of what the job must be has at most: "that don't require german" has four. */
const CLAUSE_WORDS = 6;

/** A clause's verbs whose objects are what the work is done with: "jobs that use vue". */
const TOOL_VERBS = new Set([
  "speak",
  "speaks",
  "use",
  "uses",
  "using",
  "need",
  "needs",
  "require",
  "requires",
  "involve",
  "involves",
]);

/** Words that turn a clause into what is not wanted: "jobs that don't require german". */
const NEGATIONS = new Set(["not", "no", "don", "dont", "doesn", "doesnt", "never", "without"]);

/**
 * Words that open what a job must be, after the work: "jobs that ...", "roles which ...". Not "who":
 * "someone who fixes cars" is the work described.
 */
const RELATIVES = new Set(["that", "which", "where"]);

/** The length of the offer `words` open with before more words, or 0. */
function offerOpening(words: readonly string[]): number {
  const phrase = OPENING_OFFERS.find((offer) =>
    offer.length < words.length && offer.every((w, k) => words[k] === w)
  );
  return phrase?.length ?? 0;
}

/** The length of the offer `words` end with, or 0. */
function offerEnding(words: readonly string[]): number {
  let longest = 0;
  for (const phrase of OFFERS) {
    const from = words.length - phrase.length;
    if (phrase.length > longest && from > 0 && phrase.every((w, k) => words[from + k] === w)) {
      longest = phrase.length;
    }
  }
  return longest;
}

/**
 * The words that name the work: `roleWords` with the qualifiers of time, hours and place taken off
 * either end as well, and what the job offers after it (`OFFERED`, `OFFERS`): they still reach the keyword
 * side, where "health care assistant nights" finds the night postings by their titles. The role
 * words themselves when nothing would be left ("nights", "part time" alone stay what they were).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const words = (q: string) => q.toLowerCase().split(" ");
 * assert.deepEqual(workWords(words("driving a van part time")), ["driving", "a", "van"]);
 * assert.deepEqual(workWords(words("night auditor")), ["night", "auditor"]);
 * assert.deepEqual(workWords(words("nurse jobs with sign on bonus")), ["nurse"]);
 * assert.deepEqual(workWords(words("work with horses")), ["work", "with", "horses"]);
 * assert.deepEqual(workWords(words("software engineer visa sponsorship")), ["software", "engineer"]);
 * assert.deepEqual(workWords(words("relocation manager")), ["relocation", "manager"]);
 * assert.deepEqual(workWords(words("corporate sponsorship")), ["corporate", "sponsorship"]);
 * assert.deepEqual(workWords(words("visa sponsorship software engineer")), ["software", "engineer"]);
 * ```
 */
export function workWords(words: readonly string[]): string[] {
  let kept = roleWords(words);
  // What the job offers or asks, after the work: the work alone is embedded (the keyword side
  // still searches every word).
  const offered = kept.findIndex((word, at) => at > 0 && at < kept.length - 1 && OFFERED.has(word));
  if (offered > 0) kept = workBefore(kept, offered);
  for (let offer = offerEnding(kept); offer > 0; offer = offerEnding(kept)) {
    const before = roleWords(kept.slice(0, kept.length - offer));
    const work = before.filter((word) => !REQUEST_NOUNS.has(word) && !OFFERED.has(word));
    // "Jobs with relocation": no work before it, and the words stay as they are. One word
    // before a one-word offer may name the work with it ("corporate sponsorship", "student
    // accommodation").
    if (work.length === 0 || (offer === 1 && work.length < 2)) break;
    kept = before;
  }
  kept = withoutClause(kept);
  // Before the work ("visa sponsorship software engineer"), not before a job word, where it says
  // what the jobs are ("english speaking jobs for expats": reviewer W, session 39).
  const opening = offerOpening(kept);
  if (opening > 0 && !REQUEST_NOUNS.has(kept[opening])) kept = roleWords(kept.slice(opening));
  for (;;) {
    let start = 0;
    let end = kept.length;
    for (;;) {
      const trailing = qualifierEndingAt(kept, start, end);
      const opening = trailing > 0 ? 0 : qualifierOpeningAt(kept, start, end);
      if (trailing === 0 && opening === 0) break;
      end -= trailing;
      start += opening;
    }
    if (start === 0 && end === kept.length) return kept;
    const next = roleWords(kept.slice(start, end));
    if (next.length === 0) return kept;
    kept = next;
  }
}

/**
 * A query of more words is a text pasted as the query (a CV, a summary): not read for work named by
 * what follows it, a language or work not wanted (bench:cv's CV-as-q had lost 0.7 → 0.5 on the
 * accountant's CV to a language read in it, session 40).
 */
export const MOST_READ_WORDS = 14;

/** Words that name the work left open ("I want something with animals"). */
const OPEN_WORK = new Set(["something", "anything"]);

/** After `OPEN_WORK`, words that say the field is what follows ("something in marketing"). */
const FIELD_OF_OPEN_WORK: readonly (readonly string[])[] = [
  "in",
  "involving",
  "around",
  "related to",
  "within",
].map((phrase) => phrase.split(" "));

/** After `OPEN_WORK`, words that say the work is done with what follows ("anything with cars"). */
const WITH_OF_OPEN_WORK: readonly (readonly string[])[] = [
  "with",
  "working with",
  "to do with",
  "that involves",
].map((phrase) => phrase.split(" "));

/**
 * `words` with work left open and then named by its field or what it is done with ("something
 * with animals", "i want anything in marketing", "something to do with cars") said as the work:
 * "work with animals", "marketing"; not a place of work ("something in a kitchen"), whose
 * words the encoder reads together. Session 41: embedded as typed, "something with animals" listed
 * cleaners, where "work with animals" lists the veterinary postings. Only where the words before
 * it ask and name no work; the same array where there is none.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const words = (q: string) => q.split(" ");
 * assert.deepEqual(openWorkNamed(words("something with animals")), words("work with animals"));
 * assert.deepEqual(openWorkNamed(words("i want something in marketing")), ["marketing"]);
 * assert.deepEqual(openWorkNamed(words("anything to do with cars")), words("work with cars"));
 * assert.deepEqual(openWorkNamed(words("something in a warehouse")), words("something in a warehouse"));
 * assert.deepEqual(openWorkNamed(words("nurse something")), words("nurse something"));
 * ```
 */
export function openWorkNamed(words: string[]): string[] {
  const at = words.findIndex((word) => OPEN_WORK.has(word));
  if (at < 0 || !words.slice(0, at).every((word) => asksOrNamesJob(word))) return words;
  const after = words.slice(at + 1);
  const opens = (phrases: readonly (readonly string[])[]) =>
    phrases.find((phrase) =>
      phrase.length < after.length && phrase.every((word, k) => after[k] === word)
    )?.length ?? 0;
  const field = opens(FIELD_OF_OPEN_WORK);
  // "Something in a warehouse" is work at a place of work, embedded whole: the place alone
  // ("warehouse") lost the warehouse occupations of the judged "place" set's query.
  if (field > 0 && ARTICLES.has(after[field])) return words;
  if (field > 0) return after.slice(field);
  const withWhat = opens(WITH_OF_OPEN_WORK);
  if (withWhat > 0) return ["work", "with", ...after.slice(withWhat)];
  return words;
}

/**
 * Words that say what a person is like before "with" ("good with numbers", "great with kids"): the
 * person works with what follows. Not what says a condition or a tool as often as the work
 * (reviewer R48: "comfortable with computers" listed computer scientists, "comfortable with
 * travel" travel sales, "patient with elderly" lost its care assistants to close matches), nor
 * "handy": "work with tools" met software tooling first.
 */
const ABLE = new Set(["good", "great", "brilliant", "excellent", "experienced", "skilled"]);

/**
 * Words before `ABLE` that say how much, or whom ("really good with kids", "jobs for someone good
 * with numbers", "i think i'm good with computers").
 */
const BEFORE_ABLE = new Set([
  "really",
  "very",
  "quite",
  "pretty",
  "so",
  "am",
  "m",
  "im",
  "think",
  "for",
  "someone",
  "somebody",
  "people",
  "person",
]);

/**
 * `words` with what a person is good with said as the work done with it ("i'm good with numbers":
 * "work with numbers"), where the words before it only ask; the same array where there is none.
 * Session 48: "good with numbers" was read as "good" and an offer after it ("nurse with visa
 * sponsorship"), and listed nothing; embedded as "working with", "great with kids" meets nannies
 * at 0.55 against 0.37, "comfortable with computers" IT support at 0.48 against 0.32.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const words = (q: string) => q.split(" ");
 * assert.deepEqual(ableWithNamed(words("good with numbers")), words("work with numbers"));
 * assert.deepEqual(ableWithNamed(words("i m really great with kids")), words("work with kids"));
 * assert.deepEqual(ableWithNamed(words("nurse with visa sponsorship")), words("nurse with visa sponsorship"));
 * assert.deepEqual(ableWithNamed(words("good with")), words("good with"));
 * assert.deepEqual(ableWithNamed(words("chef good with pastry")), words("chef good with pastry"));
 * assert.deepEqual(ableWithNamed(words("good nurse jobs")), words("good nurse jobs"));
 * assert.deepEqual(ableWithNamed(words("jobs for someone good with numbers")), words("work with numbers"));
 * ```
 */
export function ableWithNamed(words: string[]): string[] {
  const at = words.findIndex((word, k) => ABLE.has(word) && words[k + 1] === "with");
  if (at < 0 || at + 2 >= words.length) return words;
  const asks = words.slice(0, at).every((word) => asksOrNamesJob(word) || BEFORE_ABLE.has(word));
  return asks ? ["work", ...words.slice(at + 1)] : words;
}

/**
 * What the work done with a thing is, where the thing alone names no job the model can find:
 * "good with numbers" embedded as "work with numbers" met no accounting title within 0.25
 * (session 48). Not cars (reviewer R49: "car mechanic" made a food factory's mechanic strong and
 * left vehicle inspectors and test engineers close).
 */
const WORK_DONE_WITH: Readonly<Record<string, readonly string[]>> = {
  numbers: ["accounting", "and", "finance"],
  figures: ["accounting", "and", "finance"],
};

/**
 * Helping people, said as the wish it is ("i want to help people"): a job helping others, which
 * the model places by support workers (0.59) and social workers (0.52). Session 49: "help people"
 * embedded bare met "Support Worker" at 0.39 and its keyword "people" listed "People & Culture" HR
 * posts first, with nothing strong. ("care and support work" scored one "Care and Support Worker"
 * 1.000 and cut the strong set to 28: reviewer R49b.)
 */
const HELPING = new Set(["help", "helping"]);
const WHOM_HELPED = new Set(["people", "others"]);
const HELPING_WORK = ["job", "helping", "others"];

/**
 * `words` naming the work done with a thing (`WORK_DONE_WITH`: "work with numbers", "working with
 * figures", what `ableWithNamed` makes of "good with numbers") or helping people (`HELPING_WORK`) as
 * that work, where only asking comes before; the same array where they name another thing or more.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const words = (q: string) => q.split(" ");
 * assert.deepEqual(workDoneWithNamed(words("work with numbers")), words("accounting and finance"));
 * assert.deepEqual(workDoneWithNamed(words("working with figures")), words("accounting and finance"));
 * assert.deepEqual(workDoneWithNamed(words("work with kids")), words("work with kids"));
 * assert.deepEqual(workDoneWithNamed(words("numbers")), words("numbers"));
 * assert.deepEqual(workDoneWithNamed(words("i like working with numbers")), words("accounting and finance"));
 * assert.deepEqual(workDoneWithNamed(words("nurse working with numbers")), words("nurse working with numbers"));
 * assert.deepEqual(workDoneWithNamed(words("i want to help people")), words("job helping others"));
 * assert.deepEqual(workDoneWithNamed(words("help people with it problems")), words("help people with it problems"));
 * ```
 */
export function workDoneWithNamed(words: string[]): string[] {
  const asksBefore = (at: number) =>
    words.slice(0, at).every((word) =>
      asksOrNamesJob(word) || BEFORE_ABLE.has(word) || LIKING.has(word)
    );
  const helpAt = words.length - 2;
  if (helpAt >= 0 && HELPING.has(words[helpAt]) && WHOM_HELPED.has(words[helpAt + 1])) {
    return asksBefore(helpAt) ? [...HELPING_WORK] : words;
  }
  const at = words.length - 3;
  if (at < 0 || !WORKING.has(words[at]) || words[at + 1] !== "with") return words;
  const work = Object.hasOwn(WORK_DONE_WITH, words[at + 2])
    ? WORK_DONE_WITH[words[at + 2]]
    : undefined;
  return work && asksBefore(at) ? [...work] : words;
}

const WORKING = new Set(["work", "working"]);

/** What a person says of work they would like before it: "i like working with numbers". */
const LIKING = new Set(["like", "love", "enjoy", "prefer"]);

/** Whether `word` asks for work or names a job as such ("i", "want", "a", "job", "doing"). */
function asksOrNamesJob(word: string): boolean {
  return ASKING_WORDS.has(word) || REQUEST_NOUNS.has(word) || DOING.has(word);
}

/** Verbs of doing before work left open: "a job doing something with computers". */
const DOING = new Set(["doing", "do", "job", "jobs"]);

/** Before a place of work after "something in": "something in a kitchen". */
const ARTICLES = new Set(["a", "an", "the"]);

/** Words for a degree said after its subject: "a psychology degree". */
// "experience" names its field as a degree names its subject: "someone with customer service
// experience", "experience in retail" (reviewer W, session 43: "someone" was searched).
const DEGREES_AFTER = new Set(["degree", "degrees", "diploma", "experience"]);

/**
 * Words for a degree, after which "in" names its subject ("a masters in data science"); before
 * one of them, only `DEGREES_AFTER` name it ("scrum master" is a role).
 */
const DEGREES = new Set([
  ...DEGREES_AFTER,
  "masters",
  "bachelors",
  "phd",
  "majored",
  "msc",
  "bsc",
]);

/** Words that say which degree rather than its subject: "a masters degree", "a 4 year degree". */
const DEGREE_KINDS = new Set([
  ...DEGREES,
  "s", // "master's degree", split at the apostrophe
  "a",
  "an",
  "my",
  "no",
  "any",
  "college",
  "university",
  "uni",
  "undergraduate",
  "graduate",
  "postgraduate",
  "associate",
  "associates",
  "year",
  "4",
  "four",
  "3",
  "three",
  "2",
  "two",
  "good",
  "relevant",
  "recent",
  "new",
  // Which grade or school: "an honours degree", "a first class degree", "a 2:1 degree", "a high
  // school diploma" (reviewer W: "first class" listed HGV Class 2 drivers).
  "honours",
  "honors",
  "first",
  "second",
  "class",
  "upper",
  "lower",
  "1",
  "high",
  "school",
  "secondary",
  "ged",
  // How much experience: "5 years of experience", "some experience".
  "years",
  "of",
  "5",
  "some",
  "previous",
  "prior",
]);

/** Words that end a degree's subject before it ("someone with a", "jobs that require a"). */
const BEFORE_SUBJECT = new Set([
  ...DEGREE_KINDS,
  ...SOMEONE,
  ...ASKING_WORDS,
  ...JOB_WORDS,
  "with",
  "without",
  "having",
  "holding",
  "who",
  "has",
  "that",
  "require",
  "requires",
  "requiring",
  "needs",
  "needing",
  "what",
  "do",
  "and",
  "or",
]);

/**
 * `words` with a degree said for its subject ("jobs for someone with a psychology degree", "what
 * can i do with a degree in biology", "masters in data science jobs") said as the subject:
 * the postings name the work the subject leads to, never the degree (session 41: "jobs for someone
 * with a psychology degree" listed food-service crews, where "psychology" lists mental health
 * work). What names work before it stays ("entry level jobs with a history degree": "entry level
 * history"). The same array where the degree names no subject ("a masters degree", "no degree").
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const words = (q: string) => q.split(" ");
 * assert.deepEqual(subjectOfDegree(words("jobs for someone with a psychology degree")), ["psychology"]);
 * assert.deepEqual(subjectOfDegree(words("what can i do with a degree in biology")), ["biology"]);
 * assert.deepEqual(subjectOfDegree(words("masters in data science jobs")), words("data science jobs"));
 * assert.deepEqual(subjectOfDegree(words("i studied history what jobs are there")), ["history"]);
 * assert.deepEqual(subjectOfDegree(words("a marketing degree no experience")), words("marketing no experience"));
 * assert.deepEqual(subjectOfDegree(words("entry level jobs with a history degree")), words("entry level history"));
 * assert.deepEqual(subjectOfDegree(words("jobs with a masters degree")), words("jobs with a masters degree"));
 * assert.deepEqual(subjectOfDegree(words("degree apprenticeship")), words("degree apprenticeship"));
 * assert.deepEqual(subjectOfDegree(words("scrum master")), words("scrum master"));
 * assert.deepEqual(subjectOfDegree(words("scrum master in fintech")), words("scrum master in fintech"));
 * assert.deepEqual(subjectOfDegree(words("i have a master s in chemistry")), ["chemistry"]);
 * assert.deepEqual(subjectOfDegree(words("first class degree")), words("first class degree"));
 * assert.deepEqual(subjectOfDegree(words("high school diploma jobs")), words("high school diploma jobs"));
 * assert.deepEqual(subjectOfDegree(words("jobs without degree")), words("jobs without degree"));
 * assert.deepEqual(subjectOfDegree(words("spanish degree jobs")), words("spanish degree jobs"));
 * assert.deepEqual(subjectOfDegree(words("jobs for someone with customer service experience")), words("customer service"));
 * assert.deepEqual(subjectOfDegree(words("jobs with experience in retail")), ["retail"]);
 * assert.deepEqual(subjectOfDegree(words("customer experience manager")), words("customer experience manager"));
 * assert.deepEqual(subjectOfDegree(words("nurse no experience")), words("nurse no experience"));
 * assert.deepEqual(subjectOfDegree(words("admin jobs for someone with customer service experience")), ["admin"]);
 * assert.deepEqual(subjectOfDegree(words("jobs with user experience")), words("jobs with user experience"));
 * assert.deepEqual(subjectOfDegree(words("social work degree jobs")), words("social work jobs"));
 * ```
 */
export function subjectOfDegree(typed: string[]): string[] {
  let words = typed;
  for (let at = 0; at < words.length; at++) {
    // "master's degree", "bachelor's in X": the apostrophe's "s" ends the degree's word.
    if (words[at + 1] === "s" && (words[at] === "master" || words[at] === "bachelor")) {
      words = [...words.slice(0, at), `${words[at]}s`, ...words.slice(at + 2)];
    }
    const studied = STUDIED.has(words[at]);
    if (!DEGREES.has(words[at]) && !studied) continue;
    let subject: string[];
    let before: string[];
    let after: string[];
    if (words[at + 1] === "in" || studied) {
      // "a degree in biology", "masters in data science jobs", "i studied history": up to the
      // words that end a request, or a question after it ("... what jobs are there").
      const rest = words.slice(at + (words[at + 1] === "in" ? 2 : 1));
      const end = rest.findIndex((word) => TRAILING.has(word) || AFTER_SUBJECT.has(word));
      subject = end < 0 ? rest : rest.slice(0, end);
      after = end < 0 || QUESTIONS.has(rest[end]) ? [] : rest.slice(end);
      before = words.slice(0, at);
      // "i studied": only after words that ask ("a nurse who studied law" names a nurse).
      if (studied && !before.every((word) => BEFORE_SUBJECT.has(word))) continue;
    } else {
      // "a psychology degree": the degree ends the query, a request ("... degree jobs") or what
      // the person does not bring ("... degree no experience").
      const next = words[at + 1];
      if (!DEGREES_AFTER.has(words[at])) continue;
      if (next !== undefined && !TRAILING.has(next) && noExperienceAt(words, at + 1) === 0) {
        continue;
      }
      let start = at;
      while (start > 0 && at - start < 3 && !BEFORE_SUBJECT.has(words[start - 1])) start--;
      subject = words.slice(start, at);
      before = words.slice(0, start);
      after = words.slice(at + 1);
    }
    if (subject.length === 0 || subject.every((word) => DEGREE_KINDS.has(word))) continue;
    // "user experience", "customer experience": a field's name, not a person's experience.
    if (words[at] === "experience" && EXPERIENCE_FIELDS.has(words[at - 1])) continue;
    // "studied in 2020": a year, not a subject.
    if (subject.some((word) => /\d/.test(word))) continue;
    // "a spanish degree": searched alone, the language's name finds the postings that need it
    // (reviewer W); as typed the encoder reads the words together.
    if (subject.length === 1 && ownValue(LANGUAGE_OF_NAME, subject[0]) !== undefined) continue;
    // What names work before the degree stays; the asking and the degree's own words go; what
    // follows it stays for the other readings ("... degree no experience": a level).
    const kept = before.filter((word) =>
      !BEFORE_SUBJECT.has(word) && !OPENERS_OF_SUBJECT.has(word)
    );
    // Experience beside work already named is the person's, not a second work ("admin jobs for
    // someone with customer service experience": reviewer R, session 43).
    if (words[at] === "experience" && kept.length > 0) return [...kept, ...after];
    return [...kept, ...subject, ...after];
  }
  return typed;
}

/** Words before "experience" that make it a field's name ("user experience", "lived experience"). */
const EXPERIENCE_FIELDS = new Set([
  "user",
  "customer",
  "guest",
  "patient",
  "candidate",
  "employee",
  "developer",
  "client",
  "visitor",
  "member",
  "lived",
]);

/** Words that say what a person studied, before its subject ("i studied history"). */
const STUDIED = new Set(["studied"]);

/** Words that end a subject after "in" ("a degree in law with ..."), besides a request's close. */
const AFTER_SUBJECT = new Set([
  "with",
  "and",
  "but",
  "so",
  "what",
  "which",
  "how",
  "any",
  "anything",
]);

/** Words that open a question after the subject ("what jobs are there"): it goes with them. */
const QUESTIONS = new Set(["what", "which", "how", "any", "anything"]);

/** Words of asking before a degree that `BEFORE_SUBJECT` need not stop at: "can i", "graduates". */
const OPENERS_OF_SUBJECT = new Set(["can", "i", "for", "graduates", "graduate", "people"]);

/** Words beside which a year is the intake's, not the work: "summer 2027 internship". */
const COHORT_WORDS = new Set([
  "internship",
  "internships",
  "intern",
  "interns",
  "graduate",
  "graduates",
  "grad",
  "grads",
  "summer",
  "placement",
  "placements",
  "scheme",
  "programme",
  "program",
  "intake",
  "cohort",
  "apprenticeship",
  "apprenticeships",
  "trainee",
  "praktikum",
  "werkstudent",
]);

/**
 * `words` without a year said for the intake ("internship summer 2027 software", "graduate scheme
 * 2026"): searched, the year was a word few titles have (reviewer W, session 43: one strong match
 * where "software internship" has 36), and it kept the internship from being read as the type. Only
 * where a word of an intake is in the query; the same array where none is or no year is.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * const words = (q: string) => q.split(" ");
 * assert.deepEqual(withoutCohortYear(words("internship summer 2027 software")), words("internship summer software"));
 * assert.deepEqual(withoutCohortYear(words("class of 2026 graduate jobs")), words("graduate jobs"));
 * assert.deepEqual(withoutCohortYear(words("windows server 2022 admin")), words("windows server 2022 admin"));
 * assert.deepEqual(withoutCohortYear(words("revit 2024 trainee")), words("revit 2024 trainee"));
 * assert.deepEqual(withoutCohortYear(words("windows server 2022 summer job")), words("windows server 2022 summer job"));
 * assert.deepEqual(withoutCohortYear(words("summer 2026 internship")), words("summer internship"));
 * ```
 */
export function withoutCohortYear(words: string[]): string[] {
  const year = (word: string) => /^20[2-3]\d$/.test(word);
  // Next to an intake word, and not after a product's name ("revit 2024 trainee", "windows server
  // 2022 summer job": reviewer R, session 43): first, last, or after an intake word or "of".
  const intake = (at: number) =>
    year(words[at]) && (COHORT_WORDS.has(words[at - 1]) || COHORT_WORDS.has(words[at + 1])) &&
    (at === 0 || at === words.length - 1 || COHORT_WORDS.has(words[at - 1]) ||
      YEAR_LEADS.has(words[at - 1]));
  if (!words.some((_, at) => intake(at))) return words;
  const kept: string[] = [];
  for (let k = 0; k < words.length; k++) {
    if (intake(k)) {
      // "class of 2026": the words before the year go with it.
      if (kept.at(-1) === "of" && kept.at(-2) === "class") kept.splice(-2, 2);
      continue;
    }
    kept.push(words[k]);
  }
  return kept;
}

/** Words after which a year is an intake's: "class of 2026", "starting 2027", "for 2026". */
const YEAR_LEADS = new Set(["of", "for", "in", "starting", "from"]);
