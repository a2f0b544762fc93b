/**
 * The words a person uses to ask for remote work, read alike wherever a person's own words are
 * read: a query's place (src/index/query_place.ts) and a CV's wishes
 * (src/search/profile/read_wishes.ts). A posting's own text is read otherwise
 * (src/ingest/work_mode.ts): there "remote" must be said as the job's mode and may be denied.
 *
 * @module
 */
import { foldText } from "./fold_text.ts";

/** Folded as `foldText` folds (lower case, no accents, any run of other characters one space). */
export const REMOTE_WISH_PHRASES: readonly string[] = [
  "remote",
  "work from home",
  "working from home",
  // "customer service from home", "data entry from home" (never "away from home": see below).
  "from home",
  "work at home",
  "working at home",
  "wfh",
  "home office",
  "homeoffice",
  "telework",
  "teleworking",
  "fully distributed",
  // "work from anywhere" had listed one posting with "anywhere" in it (session 42); "jobs
  // anywhere" is no wish for home working, so the phrase needs its "from".
  "work from anywhere",
  "working from anywhere",
  "location independent",
  // Dutch and German (a person's trial, session 56: "thuiswerken developer" listed on-site jobs).
  "thuiswerken",
  "thuiswerk",
  "vanuit huis",
  "von zu hause",
  "mobiles arbeiten",
];

/**
 * Words after "remote" that make it a field of work, not home working: "remote sensing analyst",
 * "remote pilot" (of drones). Folded as `foldText` folds.
 */
export const REMOTE_FIELDS: readonly string[] = ["sensing", "sensor", "sensors", "pilot", "pilots"];

/** The most words a phrase of {@linkcode REMOTE_WISH_PHRASES} has. */
const LONGEST_PHRASE = Math.max(...REMOTE_WISH_PHRASES.map((phrase) => phrase.split(" ").length));

/**
 * Whether the folded words `words`, between the words `before` and `after`, ask for remote work:
 * one of the phrases, but not "from home" after "away" ("work away from home" is travelling work),
 * nor "remote" before a field of work (`REMOTE_FIELDS`: "remote sensing").
 *
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(isRemoteWish(["from", "home"], "service"), true);
 * assert.equal(isRemoteWish(["from", "home"], "away"), false);
 * assert.equal(isRemoteWish(["remote"], undefined, "sensing"), false);
 * assert.equal(isRemoteWish(["remote"], undefined, "jobs"), true);
 * ```
 */
export function isRemoteWish(words: readonly string[], before?: string, after?: string): boolean {
  return REMOTE_WISH_PHRASES.includes(words.join(" ")) &&
    !(before === "away" && words[0] === "from") &&
    !(words.join(" ") === "remote" && after !== undefined && REMOTE_FIELDS.includes(after));
}

/**
 * Whether `text` asks for remote work: it holds one of the phrases as whole words
 * (`isRemoteWish`).
 *
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(saysRemoteWish("Open to remote roles"), true);
 * assert.equal(saysRemoteWish("happy with a Home-Office setup"), true);
 * assert.equal(saysRemoteWish("remotely controlled drones"), false);
 * assert.equal(saysRemoteWish("happy to work away from home"), false);
 * assert.equal(saysRemoteWish("Remote sensing analyst, GIS"), false);
 * ```
 */
export function saysRemoteWish(text: string): boolean {
  const words = foldText(text).split(" ").filter(Boolean);
  for (let start = 0; start < words.length; start++) {
    for (let length = 1; length <= LONGEST_PHRASE && start + length <= words.length; length++) {
      const span = words.slice(start, start + length);
      if (isRemoteWish(span, words[start - 1], words[start + length])) return true;
    }
  }
  return false;
}
