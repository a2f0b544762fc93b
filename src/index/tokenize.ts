/**
 * Text → search terms for the keyword side of the index: lower-cased, accents folded, stop words
 * dropped, English words reduced to their Porter stem ("nursing" and "nurses" both become "nurs").
 * Postings and queries go through the same function, so they meet on the same terms.
 *
 * @module
 */

/**
 * Words that carry no meaning for finding a job: English function words, the filler people type
 * around a job title ("jobs near me", "looking for work") and the gender markers of German postings
 * ("(m/w/d)").
 */
const STOP_WORDS = new Set([
  "a",
  "an",
  "and",
  "any",
  "are",
  "as",
  "at",
  "be",
  "by",
  "can",
  "for",
  "from",
  "i",
  "in",
  "into",
  "is",
  "it",
  "me",
  "my",
  "of",
  "on",
  "or",
  "our",
  "the",
  "to",
  "we",
  "with",
  "you",
  "your",
  // Job-search filler.
  "job",
  "jobs",
  "work",
  "position",
  "positions",
  "role",
  "roles",
  "vacancy",
  "vacancies",
  "opening",
  "openings",
  "career",
  "careers",
  "hiring",
  "looking",
  "want",
  "find",
  "near",
  "opportunity",
  // German gender markers: (m/w/d), (f/m/x), (all genders), (gn).
  "m",
  "w",
  "d",
  "f",
  "x",
  "gn",
  "div",
  "all",
  "genders",
  "gender",
  // German function words.
  "und",
  "der",
  "die",
  "das",
  "für",
  "fur",
  "mit",
  "im",
  "zu",
]);

const TOKEN_PATTERN = /[\p{L}\p{N}][\p{L}\p{N}+#]*/gu;

/** Splits text into lower-cased, accent-folded words ("C++" → "c++", "Nürnberg" → "nurnberg"). */
export function splitWords(text: string): string[] {
  const folded = text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  return folded.match(TOKEN_PATTERN) ?? [];
}

/** The search terms of a text: words without stop words, stemmed. */
export function tokenize(text: string): string[] {
  const terms: string[] = [];
  for (const word of splitWords(text)) {
    if (STOP_WORDS.has(word)) continue;
    terms.push(stem(word));
  }
  return terms;
}

// ---- Porter stemmer (M.F. Porter, 1980), for plain a-z words -----------------------------------

function isConsonant(word: string, i: number): boolean {
  const c = word[i];
  if (c === "a" || c === "e" || c === "i" || c === "o" || c === "u") return false;
  if (c === "y") return i === 0 || !isConsonant(word, i - 1);
  return true;
}

/** m(): the number of vowel-consonant sequences in `word[0, end)`. */
function measure(word: string, end: number): number {
  let n = 0;
  let i = 0;
  while (i < end && isConsonant(word, i)) i++;
  while (i < end) {
    while (i < end && !isConsonant(word, i)) i++;
    if (i >= end) break;
    n++;
    while (i < end && isConsonant(word, i)) i++;
  }
  return n;
}

function hasVowel(word: string, end: number): boolean {
  for (let i = 0; i < end; i++) if (!isConsonant(word, i)) return true;
  return false;
}

function endsDoubleConsonant(word: string): boolean {
  const n = word.length;
  return n >= 2 && word[n - 1] === word[n - 2] && isConsonant(word, n - 1);
}

/** *o: the stem ends consonant-vowel-consonant, the last not w, x or y. */
function endsCvc(word: string, end: number): boolean {
  if (end < 3) return false;
  const c = word[end - 1];
  return isConsonant(word, end - 3) && !isConsonant(word, end - 2) && isConsonant(word, end - 1) &&
    c !== "w" && c !== "x" && c !== "y";
}

function replaceSuffix(
  word: string,
  rules: [string, string][],
  minMeasure: number,
): string {
  for (const [suffix, replacement] of rules) {
    if (word.endsWith(suffix)) {
      const stemEnd = word.length - suffix.length;
      return measure(word, stemEnd) > minMeasure ? word.slice(0, stemEnd) + replacement : word;
    }
  }
  return word;
}

const STEP2: [string, string][] = [
  ["ational", "ate"],
  ["tional", "tion"],
  ["enci", "ence"],
  ["anci", "ance"],
  ["izer", "ize"],
  ["bli", "ble"],
  ["alli", "al"],
  ["entli", "ent"],
  ["eli", "e"],
  ["ousli", "ous"],
  ["ization", "ize"],
  ["ation", "ate"],
  ["ator", "ate"],
  ["alism", "al"],
  ["iveness", "ive"],
  ["fulness", "ful"],
  ["ousness", "ous"],
  ["aliti", "al"],
  ["iviti", "ive"],
  ["biliti", "ble"],
  ["logi", "log"],
];
const STEP3: [string, string][] = [
  ["icate", "ic"],
  ["ative", ""],
  ["alize", "al"],
  ["iciti", "ic"],
  ["ical", "ic"],
  ["ful", ""],
  ["ness", ""],
];
const STEP4 = [
  "al",
  "ance",
  "ence",
  "er",
  "ic",
  "able",
  "ible",
  "ant",
  "ement",
  "ment",
  "ent",
  "ion",
  "ou",
  "ism",
  "ate",
  "iti",
  "ous",
  "ive",
  "ize",
];

/**
 * The Porter stem of a lower-case word. Words with characters outside a-z (other languages,
 * "c++", numbers) are returned unchanged.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(stem("nursing"), stem("nurses"));
 * assert.equal(stem("engineering"), "engin");
 * ```
 */
export function stem(word: string): string {
  if (word.length <= 2 || !/^[a-z]+$/.test(word)) return word;
  let w = word;
  // Step 1a
  if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("ies")) w = w.slice(0, -2);
  else if (!w.endsWith("ss") && w.endsWith("s")) w = w.slice(0, -1);
  // Step 1b
  let step1bExtra = false;
  if (w.endsWith("eed")) {
    if (measure(w, w.length - 3) > 0) w = w.slice(0, -1);
  } else if (w.endsWith("ed") && hasVowel(w, w.length - 2)) {
    w = w.slice(0, -2);
    step1bExtra = true;
  } else if (w.endsWith("ing") && hasVowel(w, w.length - 3)) {
    w = w.slice(0, -3);
    step1bExtra = true;
  }
  if (step1bExtra) {
    if (w.endsWith("at") || w.endsWith("bl") || w.endsWith("iz")) w += "e";
    else if (endsDoubleConsonant(w) && !/[lsz]$/.test(w)) w = w.slice(0, -1);
    else if (measure(w, w.length) === 1 && endsCvc(w, w.length)) w += "e";
  }
  // Step 1c
  if (w.endsWith("y") && hasVowel(w, w.length - 1)) w = w.slice(0, -1) + "i";
  // Steps 2-3
  w = replaceSuffix(w, STEP2, 0);
  w = replaceSuffix(w, STEP3, 0);
  // Step 4
  for (const suffix of STEP4) {
    if (!w.endsWith(suffix)) continue;
    const stemEnd = w.length - suffix.length;
    if (measure(w, stemEnd) > 1) {
      if (suffix !== "ion" || /[st]$/.test(w.slice(0, stemEnd))) w = w.slice(0, stemEnd);
    }
    break;
  }
  // Step 5a
  if (w.endsWith("e")) {
    const m = measure(w, w.length - 1);
    if (m > 1 || (m === 1 && !endsCvc(w, w.length - 1))) w = w.slice(0, -1);
  }
  // Step 5b
  if (measure(w, w.length) > 1 && endsDoubleConsonant(w) && w.endsWith("l")) w = w.slice(0, -1);
  return w;
}
