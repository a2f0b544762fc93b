/**
 * Misspelt query words ("nurce", "acountant", "softwear engineer"): a word no posting has is
 * searched as the word of the postings' titles or tags it is one or two edits from
 * (Damerau-Levenshtein, adjacent transpositions counting one edit), as a search box for people
 * does, and the response says so (`query_corrected`, src/search/query_reading.ts).
 *
 * "A word the postings have" is the index's term dictionary (src/index/term_dictionary.ts): the
 * word's term (its stem, src/index/tokenize.ts) in any text field, the start of descriptions and
 * company names too, so a word some posting uses is not changed, unless it is their typo: a word
 * of titles one edit from a word a hundred times as many titles have ("sofware"), or of three
 * postings' other fields at most, near a word ten times as many titles have. A word of English
 * ({@linkcode isEnglishWord}) is never changed: it is what the person meant. What a word may be
 * corrected to is read from the title and tags fields only (what postings are called), and is a
 * word as written there: the dictionary holds stems ("nurs"), so the written forms of a candidate
 * stem are read from the titles and tags of up to {@linkcode SURFACE_SAMPLE} of its postings.
 *
 * Nothing is built ahead: the look-up runs only for a word not in the dictionary, and scans the
 * title and tags terms (3,365 at 1,000,000 postings of bench:scale's store), about 4 ms a word
 * there (docs/search.md, "Misspelt words"). Answers are kept per index, so a word typed again
 * costs a map look-up.
 *
 * @module
 */
import damerauLevenshtein from "damerau-levenshtein";
import wordListPath from "word-list";
import type { CityCount, Job } from "../domain/job.ts";
import { foldText } from "../domain/fold_text.ts";
import { findWord, type PositionText } from "./term_dictionary.ts";
import { splitWords, tokenize } from "./tokenize.ts";
import { englishOfJobName } from "./job_names_abroad.ts";
import { informalNameOf } from "./informal_names.ts";
import { placesNamed } from "../places/world_places.ts";
import { HEAD_NOUNS, TRADE_TERMS } from "./head_group.ts";

/** One word of a query searched as another. */
export interface SpellingCorrection {
  /** The word as typed (lower-cased, accents folded). */
  from: string;
  /** The word of the postings searched instead. */
  to: string;
}

/** What a correction reads of an index: its terms, and each posting's title and tags. */
export interface SpellingSource {
  text: PositionText;
  jobs: readonly Pick<Job, "job_title" | "job_tags">[];
  /**
   * The cities of the postings, most postings first (`JobIndex.cities`): a word no posting has
   * anywhere may be a misspelt one ("lodnon"), which titles and tags seldom name.
   */
  cities?: () => readonly Pick<CityCount, "city" | "count">[];
}

/** Postings per candidate term whose titles and tags are read for the term's written forms. */
const SURFACE_SAMPLE = 64;
/** Answers kept per index; past this the map starts again rather than grow with hostile input. */
const ANSWERS_KEPT = 10_000;

const answers = new WeakMap<PositionText, Map<string, string | null>>();

/**
 * The edits a word of `length` letters may be from its correction: none under 4 letters (too many
 * words are one edit apart: "cook" and "book"), one up to 7, two from 8.
 */
export function editsAllowed(length: number): number {
  return length < 4 ? 0 : length < 8 ? 1 : 2;
}

/** Damerau-Levenshtein distance (optimal string alignment) of two words. */
export function editDistance(a: string, b: string): number {
  return damerauLevenshtein(a, b).steps;
}

/** Longest word looked up: past it, hostile input rather than a misspelling. */
const LONGEST_WORD = 40;
/** Rows of the prefix distance's table (the one before, the one before that, this one). */
const rows = [0, 1, 2].map(() => new Int32Array(LONGEST_WORD + 3));

/**
 * Whether some prefix of `word` is at most `bound` edits (optimal string alignment) from `term`:
 * one table of `term` against `word` gives the distance to every prefix in its last row, and it
 * stops at the first row whose least entry is past the bound, as most terms' second or third does.
 * Not the library's distance, which is of whole words only.
 */
function prefixWithin(term: string, word: string, bound: number): boolean {
  // A term under half the word is a stem no written form of which is near it ("a", "it").
  if (term.length > word.length + bound || term.length < Math.max(3, word.length / 2)) {
    return false;
  }
  let [before, last, row] = rows;
  for (let j = 0; j <= word.length; j++) last[j] = j;
  for (let i = 1; i <= term.length; i++) {
    row[0] = i;
    let least = i;
    for (let j = 1; j <= word.length; j++) {
      const cost = term[i - 1] === word[j - 1] ? 0 : 1;
      let d = Math.min(last[j] + 1, row[j - 1] + 1, last[j - 1] + cost);
      if (
        i > 1 && j > 1 && term[i - 1] === word[j - 2] && term[i - 2] === word[j - 1]
      ) d = Math.min(d, before[j - 2] + 1);
      row[j] = d;
      if (d < least) least = d;
    }
    if (least > bound) return false;
    [before, last, row] = [last, row, before];
  }
  // `last` holds the final row: the distance of `term` to each prefix of `word`.
  for (let j = Math.max(0, term.length - bound); j <= word.length; j++) {
    if (last[j] <= bound) return true;
  }
  return false;
}

let englishWords: Set<string> | null | undefined;

/**
 * Whether `word` is a word of English (the npm package `word-list`, 274,000 words), read on the
 * first word that needs it. A word of English the postings do not use is what the person meant
 * ("sparky", "shelf stacker", "park ranger", "fixes cars"), not a misspelling of the nearest word
 * they do use ("spark", "stocker", "manger", "care"): no posting is the answer to it.
 */
export function isEnglishWord(word: string): boolean {
  if (CONTRACTIONS_UNMARKED.has(word)) return true;
  // Without the list (a process not allowed to read its packages' files), every word counts as
  // English: a search that corrects nothing, rather than one that fails or guesses.
  return inWordList(word) ?? true;
}

/**
 * Contractions typed without their apostrophe, which the word list lacks: "jobs that dont require
 * a degree" had been searched as "donut".
 */
const CONTRACTIONS_UNMARKED = new Set([
  "dont",
  "doesnt",
  "didnt",
  "cant",
  "couldnt",
  "wont",
  "wouldnt",
  "shouldnt",
  "isnt",
  "arent",
  "wasnt",
  "werent",
  "havent",
  "hasnt",
  "hadnt",
  "youre",
  "theyre",
  "thats",
  "whats",
  "theres",
  "ive",
  "youve",
]);

/** Whether the word list has `word`; undefined where the list cannot be read. */
function inWordList(word: string): boolean | undefined {
  if (englishWords === undefined) {
    try {
      englishWords = new Set(Deno.readTextFileSync(wordListPath).split("\n"));
    } catch {
      englishWords = null;
    }
  }
  return englishWords?.has(word);
}

/** People a place must have for its name never to be taken for a misspelling. */
const CITY_PEOPLE = 100_000;

/**
 * Whether `word` is the name of a city ("salem or nurse" was searched as "sales": reviewer W,
 * session 39): what was meant, though no posting is there.
 */
function namesCity(word: string): boolean {
  return (placesNamed(word)[0]?.population ?? 0) >= CITY_PEOPLE;
}

/**
 * Postings with `term` in a field other than their title or tags, at most: a typo of the
 * descriptions that so few postings have is still a misspelling when typed.
 */
const TYPO_POSTINGS = 3;

/**
 * How many more postings a title word one edit from a word of some titles must have for that word
 * to be taken for its misspelling when typed: "sofware" (2 titles) is "software" (1,926), "sytems"
 * (1) "systems" (237); a word of another language is not ("architekt", 5 titles, beside
 * "architect", 103; "produkt", 2, beside "product", 170).
 */
const TITLE_TYPO_RATIO = 100;

/**
 * How the postings use `term`: `titled` where some title or tags have it (that many postings),
 * else the most postings of another field with it.
 */
function usesOf(text: PositionText, term: string): { titled: boolean; postings: number } {
  let titled = 0;
  let other = 0;
  for (const [name, field] of Object.entries(text.terms)) {
    const t = findWord(field.words, term);
    if (t < 0) continue;
    const postings = field.start[t + 1] - field.start[t];
    if (name === "title" || name === "tags") titled = Math.max(titled, postings);
    else other = Math.max(other, postings);
  }
  return titled > 0 ? { titled: true, postings: titled } : { titled: false, postings: other };
}

/**
 * The word of the postings' titles or tags that `word` (one lower-case, folded word) is searched
 * as, or null: when the word has digits or letters outside a-z, is under 4 letters, is a stop word,
 * or its term is in the dictionary; or when no title or tags word of 4 letters or more is within
 * its edits. The most
 * frequent candidate wins (postings with its term in the title or tags), then the nearer, then the
 * first in code-unit order.
 */
export function correctedWord(
  source: SpellingSource,
  word: string,
  mayScan: () => boolean = () => true,
): string | null {
  const bound = editsAllowed(word.length);
  if (bound === 0 || word.length > LONGEST_WORD || !/^[a-z]+$/.test(word)) return null;
  let kept = answers.get(source.text);
  if (!kept) answers.set(source.text, kept = new Map());
  const known = kept.get(word);
  if (known !== undefined) return known;
  const answer = lookUp(source, word, bound, mayScan);
  // A word left unscanned is not answered: a later query may scan it.
  if (answer === UNSCANNED) return null;
  if (kept.size >= ANSWERS_KEPT) kept.clear();
  kept.set(word, answer);
  return answer;
}

/** What {@linkcode lookUp} returns for a word whose scan `mayScan` refused. */
const UNSCANNED = Symbol("unscanned");

function lookUp(
  source: SpellingSource,
  word: string,
  bound: number,
  mayScan: () => boolean,
): string | null | typeof UNSCANNED {
  if (neverCorrected(word)) return null;
  const terms = tokenize(word);
  // A word the postings use is what the person meant, unless it is their typo: a title's one edit
  // from a word far more titles have, or a word a few descriptions share.
  const used = usesOf(source.text, terms[0]);
  if (!used.titled && used.postings > TYPO_POSTINGS) return null;
  if (!mayScan()) return UNSCANNED;
  return nearest(
    source,
    word,
    used.titled ? 1 : bound,
    (to, count) => to.length >= SHORTEST_CORRECTION && !misspelt(source, to, count),
    Math.max(1, used.postings * (used.titled ? TITLE_TYPO_RATIO : MISSPELT_RATIO)),
  );
}

/**
 * Whether `word` is one no posting has in any field, and none of the words never corrected (of
 * English, a job's name abroad, an informal name, a city's own name): one that may be a misspelt
 * city ({@linkcode nearestCity}).
 */
function noPostingHas(source: SpellingSource, word: string): boolean {
  if (editsAllowed(word.length) === 0 || word.length > LONGEST_WORD || !/^[a-z]+$/.test(word)) {
    return false;
  }
  return !neverCorrected(word) && usesOf(source.text, tokenize(word)[0]).postings === 0;
}

/**
 * Words never taken for a misspelling: a stop word ("looking", not searched at all), a word of
 * English, a job's name abroad, an informal name, a city's own name.
 */
function neverCorrected(word: string): boolean {
  return tokenize(word).length !== 1 || isEnglishWord(word) ||
    englishOfJobName(word) !== undefined || informalNameOf(word) !== undefined ||
    namesCity(word);
}

/** Letters a city's name must have to be taken for what a misspelling meant ("Bath", "Ely": no). */
const SHORTEST_CITY = 5;

/**
 * The city of the postings one edit from `word` (Damerau-Levenshtein), of one word of letters a-z
 * once folded, five letters or more, with the word's first letter, the one with most postings; or
 * null. A surname, a company or a word of another language one or two edits from a town had been
 * made that town and searched there ("sales werner": Werne; "kassierer rewe": Crewe; "friedrich":
 * Riederich; "alexandra palace": Alexandria; reviewer R51b). So the city must be one of 100,000
 * people or more, unless the word follows "in", "near" or "around" (`afterPlaceWord`); and
 * `correctText` asks only for a word after those or at the end of the words, typed in lower case
 * (a capital says a name written on purpose).
 */
function nearestCity(source: SpellingSource, word: string, afterPlaceWord: boolean): string | null {
  let best: { to: string; count: number } | null = null;
  for (const { name, count } of foldedCities(source)) {
    if (
      name[0] !== word[0] || name.length < SHORTEST_CITY || !/^[a-z]+$/.test(name) ||
      Math.abs(name.length - word.length) > 1 || editDistance(name, word) !== 1
    ) continue;
    if (!afterPlaceWord && (placesNamed(name)[0]?.population ?? 0) < CITY_PEOPLE) continue;
    if (!best || count > best.count) best = { to: name, count };
  }
  return best?.to ?? null;
}

/**
 * The city of the postings a place's name one letter off misspells, as the postings write it
 * ("Manchster": "Manchester"); null where none is, or the name is more than one word. What a
 * `near` no map knows is offered (a person's trial, session 57: the page's "Near (city)" said only
 * "no place called 'Manchster' is known", where the same word in the query is corrected).
 */
export function cityMisspeltAs(source: SpellingSource, typed: string): string | null {
  const word = foldText(typed.trim());
  if (!/^[a-z]+$/.test(word)) return null;
  const folded = nearestCity(source, word, true);
  if (folded === null) return null;
  return source.cities?.().find(({ city }) => foldText(city) === folded)?.city ?? null;
}

/** The postings' cities' names folded, per index: read once, not for every word looked up. */
const citiesFolded = new WeakMap<PositionText, { name: string; count: number }[]>();

function foldedCities(source: SpellingSource): { name: string; count: number }[] {
  let folded = citiesFolded.get(source.text);
  if (!folded) {
    folded = (source.cities?.() ?? []).map(({ city, count }) => ({ name: foldText(city), count }));
    citiesFolded.set(source.text, folded);
  }
  return folded;
}

/**
 * The city of the postings a word no posting has, and no title word is near, misspells ("sofware
 * engeneer lodnon" listed German engineers and never said London: reviewer W51): only for a word
 * typed in lower case (a capital says a name written on purpose), at the end of the words or after
 * a word that names a place (`at`: the word's run in the text), within the text's scans.
 */
function misspeltCity(
  source: SpellingSource,
  word: string,
  at: { text: string; run: string; offset: number },
  mayScan: () => boolean,
): string | null {
  if (at.run[0] !== at.run[0].toLowerCase()) return null;
  const afterPlaceWord = PLACE_WORD_BEFORE.test(at.text.slice(0, at.offset));
  const atEnd = !/\p{L}/u.test(at.text.slice(at.offset + at.run.length));
  if (!(afterPlaceWord || atEnd) || !noPostingHas(source, word) || !mayScan()) return null;
  return nearestCity(source, word, afterPlaceWord);
}

/** Words after which a place is named: a misspelt city there is one of any size. */
const PLACE_WORD_BEFORE = /(?:^|[^\p{L}])(?:in|near|around)\s+$/iu;

/**
 * Shortest word a misspelling is searched as. A word of three letters in titles is mostly an
 * abbreviation ("CNA", "HGV", "NHS"), and a longer one a letter from it is another abbreviation
 * the postings do not use ("CCNA", a network certificate, is not a misspelt "CNA", a nursing
 * assistant), as words under 4 letters are never taken for misspellings ({@linkcode editsAllowed}).
 */
const SHORTEST_CORRECTION = 4;

/**
 * How many more postings a word one edit from a candidate must have for the candidate to be taken
 * for its misspelling ("Sales Manger": "ranger" was searched as "manger", 2 postings, where
 * "manager" has 800).
 */
const MISSPELT_RATIO = 10;

/** Whether `written` (in `count` postings) is one edit from a word {@linkcode MISSPELT_RATIO}x more used. */
function misspelt(source: SpellingSource, written: string, count: number): boolean {
  return nearest(source, written, 1, () => true, count * MISSPELT_RATIO) !== null;
}

/**
 * The most used word of titles and tags within `bound` edits of `word` (then the nearer, then the
 * first in code-unit order) that `accept` takes, of a term that `least` postings have at least, or
 * null.
 */
function nearest(
  source: SpellingSource,
  word: string,
  bound: number,
  accept: (to: string, count: number) => boolean,
  least = 1,
): string | null {
  const typedTerm = tokenize(word)[0] ?? word;
  // Candidate terms: a term that a prefix of the typed word is near ("nursng" → "nurs", written
  // "nursing"; "acountant" → "accountant", a whole word), or that the typed word's term is near
  // (the stemmer's own endings: "hapy" → "hapi" → "happi"). Each is then checked by the distance
  // of its written forms to the word as typed.
  const candidates = new Map<string, number>();
  for (const field of [source.text.terms.title, source.text.terms.tags]) {
    for (let t = 0; t < field.words.length; t++) {
      const term = field.words[t];
      const near = prefixWithin(term, word, bound) ||
        (Math.abs(term.length - typedTerm.length) <= bound &&
          editDistance(term, typedTerm) <= bound);
      if (!near) continue;
      candidates.set(term, (candidates.get(term) ?? 0) + field.start[t + 1] - field.start[t]);
    }
  }
  let best: Candidate | null = null;
  // Most used first: reading a term's written forms is the dear part, and a less used one cannot
  // win once a candidate holds, unless one of the two names a trade (`beats`).
  const ordered = [...candidates].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  for (const [term, count] of ordered) {
    if (count < least) break;
    if (
      best && count < best.count && !best.trade && !TRADE_TERMS.has(term) &&
      (best.keepsStart || term[0] !== word[0])
    ) continue;
    for (const written of writtenForms(source, term)) {
      if (written === word) continue;
      const edits = editDistance(written, word);
      if (edits > bound) continue;
      const candidate = {
        to: written,
        count,
        edits,
        trade: HEAD_NOUNS.has(written),
        keepsStart: written[0] === word[0],
      };
      if ((!best || beats(candidate, best)) && accept(written, count)) best = candidate;
    }
  }
  return best?.to ?? null;
}

/** A correction's candidate: the word as written, its postings, its edits, whether a trade. */
interface Candidate {
  to: string;
  count: number;
  edits: number;
  trade: boolean;
  /** Whether it begins with the typed word's first letter. */
  keepsStart: boolean;
}

/**
 * Whether `a` is the better correction than `b`. A misspelt word of a search is more often the
 * trade than a word as near beside it: "electrican" is an electrician (5 postings), not
 * "electrical" (engineers, 60; a person's trial, session 56). Of two trades the nearer: "bartener"
 * is a bartender, not a gardener two edits away. Then the one that keeps the typed first letter,
 * as near or nearer. Else the more used, then the nearer, then the first.
 */
function beats(a: Candidate, b: Candidate): boolean {
  // A trade and a word of another kind: the nearer, then the trade. "marketng" is marketing, one
  // edit away, not a marketer two away (reviewer C56).
  if (a.trade !== b.trade) return a.edits !== b.edits ? a.edits < b.edits : a.trade;
  // A word's first letter is the one people misspell least: "mechnical" is mechanical, not the
  // more used "technical" as near (a person's trial, session 57).
  if (a.keepsStart !== b.keepsStart) {
    const [keeper, other] = a.keepsStart ? [a, b] : [b, a];
    if (keeper.edits <= other.edits) return keeper === a;
  }
  const byUse = a.count - b.count;
  const byEdits = b.edits - a.edits;
  const [first, second] = a.trade ? [byEdits, byUse] : [byUse, byEdits];
  return first > 0 || (first === 0 && (second > 0 || (second === 0 && a.to < b.to)));
}

/**
 * The words of titles and tags whose term is `term`, most used first (then in code-unit order),
 * from up to {@linkcode SURFACE_SAMPLE} postings of each field spread over its list.
 */
function writtenForms(source: SpellingSource, term: string): string[] {
  const uses = new Map<string, number>();
  const fields = [
    { terms: source.text.terms.title, text: (p: number) => source.jobs[p].job_title },
    { terms: source.text.terms.tags, text: (p: number) => source.jobs[p].job_tags.join(" ") },
  ];
  for (const { terms, text } of fields) {
    const t = findWord(terms.words, term);
    if (t < 0) continue;
    const from = terms.start[t];
    const count = terms.start[t + 1] - from;
    const step = Math.max(1, count / SURFACE_SAMPLE);
    for (let k = 0; k < count; k += step) {
      for (const written of splitWords(text(terms.ids[from + Math.floor(k)]))) {
        if (tokenize(written)[0] === term) uses.set(written, (uses.get(written) ?? 0) + 1);
      }
    }
  }
  return [...uses.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([w]) => w);
}

/** Runs of letters as typed; a run next to a digit or a mark of "c++"/"c#" is left alone. */
const LETTER_RUN = /(?<![\p{L}\p{N}+#])\p{L}+(?![\p{L}\p{N}+#])/gu;

/**
 * Words that open no compound a person splits: "care home worker" works in a care home, and is no
 * "homeworker"; "part time server" no "timeserver".
 */
const NO_COMPOUND_FIRST = new Set(["home", "time"]);

/** Letters a compound written apart must have at least: "lifeguard", not "into" or "cannot". */
const COMPOUND_LETTERS = 7;

/**
 * Compounds of titles that no English word list holds, written apart as often: "dev ops engineer"
 * found 12 strong matches where "devops engineer" finds hundreds (a person's trial, session 57).
 */
const TITLE_COMPOUNDS: ReadonlySet<string> = new Set(["devops"]);

/**
 * `words` with each pair written apart that English writes as one word joined ("life guard":
 * "lifeguard", "fork lift", "care giver", "book keeper"); the same array where there is none. Both
 * parts have three letters or more, the word seven or more. Titles write the word whole, which
 * neither part's term finds ("jobs as a life guard" listed security guards first; issue 36).
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.deepEqual(joinedCompounds(["life", "guard", "jobs"]), ["lifeguard", "jobs"]);
 * assert.deepEqual(joinedCompounds(["fork", "lift", "driver"]), ["forklift", "driver"]);
 * assert.deepEqual(joinedCompounds(["dev", "ops", "engineer"]), ["devops", "engineer"]);
 * assert.deepEqual(joinedCompounds(["security", "guard"]), ["security", "guard"]);
 * assert.deepEqual(joinedCompounds(["home", "work"]), ["home", "work"]);
 * assert.deepEqual(joinedCompounds(["part", "time", "work"]), ["part", "time", "work"]);
 * assert.deepEqual(joinedCompounds(["there", "for", "a", "chef"]), ["there", "for", "a", "chef"]);
 * ```
 */
export function joinedCompounds(words: string[]): string[] {
  let joined: string[] | null = null;
  for (let k = 0; k < words.length; k++) {
    const [first, second] = [words[k], words[k + 1]];
    const word = second === undefined ? "" : first + second;
    if (
      TITLE_COMPOUNDS.has(word) ||
      (word.length >= COMPOUND_LETTERS && first.length >= 3 && second.length >= 3 &&
        /^[a-z]+$/.test(word) && !NO_COMPOUND_FIRST.has(first) &&
        // Stop words join no compound: "out there for a chef" is no "therefor", and the asking's
        // words are stop words ("part time work" is no "timework", "home work" no "homework").
        tokenize(first).length > 0 && tokenize(second).length > 0 && inWordList(word) === true)
    ) {
      joined ??= words.slice(0, k);
      joined.push(word);
      k++;
    } else joined?.push(first);
  }
  return joined ?? words;
}

/**
 * Words of one text whose correction may be looked for: each scans every title and tags term
 * (about 6 ms a word at 11,500 postings here), so a query of a thousand characters of made-up words
 * held the server for a second, and eight at once held every other search for several (reviewer
 * W51). A person misspells a few words of a query; past these the rest are searched as typed. A
 * word scanned before costs a map read and is not counted.
 */
const SCANS_PER_TEXT = 8;

/** A query text with its misspelt words replaced, and which. */
export interface CorrectedText {
  text: string;
  corrections: SpellingCorrection[];
}

/**
 * `text` with each misspelt word (`correctedWord`) replaced by its correction, the rest of it as
 * typed; of the words not looked up before, the first {@linkcode SCANS_PER_TEXT} are looked up.
 */
export function correctText(source: SpellingSource, text: string): CorrectedText {
  const corrections: SpellingCorrection[] = [];
  let scans = 0;
  const mayScan = () => scans++ < SCANS_PER_TEXT;
  const corrected = text.replace(LETTER_RUN, (run, offset: number) => {
    const words = splitWords(run);
    if (words.length !== 1) return run;
    const to = correctedWord(source, words[0], mayScan) ??
      misspeltCity(source, words[0], { text, run, offset }, mayScan);
    if (to === null) return run;
    if (!corrections.some((c) => c.from === words[0])) corrections.push({ from: words[0], to });
    return to;
  });
  return { text: corrections.length > 0 ? corrected : text, corrections };
}

/**
 * `text` (the whole query, of which {@linkcode correctText} read a part) with the words of
 * `corrections` replaced as they were there: the query as searched, said back to the person.
 */
export function withCorrections(text: string, corrections: SpellingCorrection[]): string {
  if (corrections.length === 0) return text;
  return text.replace(LETTER_RUN, (run) => {
    const words = splitWords(run);
    return (words.length === 1 && corrections.find((c) => c.from === words[0])?.to) || run;
  });
}
