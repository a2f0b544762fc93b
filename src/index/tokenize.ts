/**
 * Text → search terms for the keyword side of the index: lower-cased, accents folded, stop words
 * dropped, English words reduced to their stem by Orama's English (Porter) stemmer ("nursing" and
 * "nurses" both become "nurs"), except a few job nouns whose stem would merge different
 * occupations. Postings and queries go through the same function, so they meet on the same terms.
 *
 * @module
 */
import { tokenizer } from "@orama/orama/components";
import { ownValue } from "../domain/own_value.ts";

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
  // "werk in Rotterdam", "Arbeit in Berlin": searched, the word alone was the work, and the
  // place's postings were not listed as "work in Rotterdam" lists them (session 57).
  "werk",
  "arbeit",
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

/**
 * Words whose stem would merge an occupation with a word for something else, found in the judged
 * sets and the title vocabulary (docs/search.md): "accountant" met "Account Executive", "marketing"
 * met companies called "... Market", "mechanic" met "Mechanical Engineer", "recruiter" met
 * "Police Recruit", "internship" met "International Sales". Each maps to a term of its own,
 * shared by the forms of the occupation ("accounting" still finds "Accountant").
 */
const STEM_EXCEPTIONS: Record<string, string> = {
  accountant: "accountant",
  accountants: "accountant",
  accounting: "accountant",
  programmer: "programmer",
  programmers: "programmer",
  programming: "programmer",
  marketing: "marketing",
  marketer: "marketing",
  marketers: "marketing",
  marketeer: "marketing",
  mechanic: "mechanic",
  mechanics: "mechanic",
  recruiter: "recruiter",
  recruiters: "recruiter",
  recruiting: "recruiter",
  recruitment: "recruiter",
  internal: "internal",
  international: "international",
};

/** Orama's English stemmer (Porter's algorithm), as its tokenizer component ships it. */
const englishStemmer = tokenizer.createTokenizer({ language: "english", stemming: true }).stemmer!;

/**
 * The stem of a lower-case word: the exception's term, else Orama's English stem. Words with
 * characters outside a-z (other languages, "c++", numbers) and words of two letters are returned
 * unchanged.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(stem("nursing"), stem("nurses"));
 * assert.equal(stem("engineering"), "engin");
 * assert.notEqual(stem("accountant"), stem("account"));
 * ```
 */
export function stem(word: string): string {
  // Own keys only: "constructor" would otherwise find Object's, and a posting saying it broke
  // every publish (Orama's tree took the function for a word).
  const exception = ownValue(STEM_EXCEPTIONS, word);
  if (exception !== undefined) return exception;
  if (word.length <= 2 || !/^[a-z]+$/.test(word)) return word;
  return englishStemmer(word);
}

/**
 * Each word's term (null: a stop word) as worked out so far: the stemmer's regular expressions
 * cost ~2 µs a word, 0.3 ms of the 150 words of a posting's indexed description, most of the
 * text's share of a publish, where a look-up costs a tenth of that (docs/scaling.md, session 19).
 * Words repeat (a language's vocabulary), so the map stays small; past {@linkcode TERMS_KEPT}
 * words it starts again rather than grow with hostile text.
 */
const termOfWord = new Map<string, string | null>();
const TERMS_KEPT = 200_000;

/** The search terms of a text: words without stop words, stemmed. */
export function tokenize(text: string): string[] {
  const terms: string[] = [];
  for (const word of splitWords(text)) {
    let term = termOfWord.get(word);
    if (term === undefined) {
      if (termOfWord.size >= TERMS_KEPT) termOfWord.clear();
      termOfWord.set(word, term = STOP_WORDS.has(word) ? null : stem(word));
    }
    if (term !== null) terms.push(term);
  }
  return terms;
}
